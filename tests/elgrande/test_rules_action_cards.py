"""The action cards' special actions, card by card (the 1995 effects; the 2023 deck ships them as
``assumed`` under its known names). Moves go anywhere but never out of the Castillo or into/out of
the King's region; sending back never takes from the Castillo or the King's region."""

import pytest

from boardlab.elgrande import components as C
from boardlab.elgrande.actions import COURT, Action
from boardlab.elgrande.scoring import SPECIAL_CAT
from tests.elgrande.helpers import CAST, R, at_card_step, clear_board, count, put, take


def _special(name, players=4, king="galicia", setup=None, **options):
    st = at_card_step(players=players, name=name, **options)
    clear_board(st)
    st.king = R[king]
    if setup:
        setup(st)
    take(st, name)
    st.apply(Action("order", 1))
    return st


def _scores(st):
    return [row[SPECIAL_CAT] for row in st.sheet]


def test_intrigue_moves_up_to_2_own_and_2_opposing():
    def setup(st):
        put(st, "aragon", 0, 3)
        put(st, "aragon", 1, 3)
    st = _special("Intrigue", setup=setup)
    for colour in (0, 0, 1, 1):
        st.apply(Action("pick", colour, R["aragon"]))
        st.apply(Action("drop", R["toledo"]))
    assert st.step == "place"  # all four moves used: the special action is over
    assert count(st, "toledo", 0) == 2 and count(st, "toledo", 1) == 2


def test_intrigue_counts_own_and_opposing_moves_separately():
    def setup(st):
        put(st, "aragon", 0, 3)
        put(st, "aragon", 1, 3)
    st = _special("Intrigue", setup=setup)
    for _ in range(2):
        st.apply(Action("pick", 0, R["aragon"]))
        st.apply(Action("drop", R["toledo"]))
    assert {a.a for a in st.legal_actions() if a.kind == "pick"} == {1}


def test_move_3_opposing_cannot_move_own_caballeros():
    def setup(st):
        put(st, "aragon", 0, 3)
        put(st, "aragon", 2, 1)
    st = _special("Move 3 opposing", setup=setup)
    assert {a.a for a in st.legal_actions() if a.kind == "pick"} == {2}


def test_move_4_own_moves_only_own_caballeros_and_may_stop():
    def setup(st):
        put(st, "aragon", 0, 3)
        put(st, "aragon", 2, 1)
    st = _special("Move 4 own", setup=setup)
    assert {a.a for a in st.legal_actions() if a.kind == "pick"} == {0}
    st.apply(Action("pick", 0, R["aragon"]))
    st.apply(Action("drop", CAST))
    st.apply(Action("stop", 1))
    assert count(st, CAST, 0) == 1 and st.announce == ((0, 1),) and st.step == "place"


def test_move_5_from_one_region_takes_all_moves_from_the_region_chosen():
    def setup(st):
        put(st, "aragon", 1, 3)
        put(st, "sevilla", 2, 3)
    st = _special("Move 5 from one region", setup=setup)
    assert st.step == "region"
    assert {a.a for a in st.legal_actions()} == {R["aragon"], R["sevilla"]}
    st.apply(Action("region", R["aragon"]))
    assert {a.b for a in st.legal_actions() if a.kind == "pick"} == {R["aragon"]}


def test_the_move_cards_stop_when_nothing_is_left_to_move():
    def setup(st):
        put(st, "aragon", 1, 1)
    st = _special("Move 3 caballeros", setup=setup)
    st.apply(Action("pick", 1, R["aragon"]))
    st.apply(Action("drop", R["valencia"]))
    st.apply(Action("pick", 1, R["valencia"]))
    st.apply(Action("drop", R["cataluna"]))
    st.apply(Action("pick", 1, R["cataluna"]))
    st.apply(Action("drop", R["aragon"]))
    assert st.step == "place" and count(st, "aragon", 1) == 1


def test_place_2_anywhere_ignores_the_kings_neighbours_but_not_the_kings_region():
    st = _special("Place 2 anywhere", king="galicia")
    targets = {a.a for a in st.legal_actions()}
    assert targets == set(range(10)) - {R["galicia"]}
    st.apply(Action("place", R["sevilla"], 2))
    assert st.step == "place" and count(st, "sevilla", 0) == 2
    assert st.place_left == 1  # then the normal placement of the card (stack 1: one)


def test_own_out_or_place_2_offers_both_effects():
    def setup(st):
        put(st, "aragon", 0, 2)
    st = _special("Own out or place 2", setup=setup)
    assert [str(a) for a in st.legal_actions()] == ["choose: own out of one region", "choose: place anywhere"]
    st.apply(Action("mode", 0))
    st.apply(Action("region", R["aragon"]))
    st.apply(Action("drop", R["granada"]))
    st.apply(Action("drop", CAST))
    assert count(st, "aragon", 0) == 0 and count(st, "granada", 0) == 1 and count(st, CAST, 0) == 1


def test_own_out_of_one_region_must_move_all_of_them():
    def setup(st):
        put(st, "aragon", 0, 2)
    st = _special("Own out of one region", setup=setup)
    st.apply(Action("region", R["aragon"]))
    st.apply(Action("drop", R["granada"]))
    assert st.step == "drop"  # no way to stop before the region is empty
    st.apply(Action("drop", R["granada"]))
    assert st.step == "place"


def test_decay_of_authority_sends_opponents_courts_to_the_province():
    st = _special("Decay of Authority (all)")
    assert st.court[0] == 7 and st.court[1] == st.court[2] == st.court[3] == 0
    st = _special("Decay of Authority (3)")
    assert st.court[0] == 7 and st.court[1:] == (4, 4, 4) and st.province[1] == 30 - 4


def test_withdrawal_each_opponent_returns_3_from_regions_or_court_left_neighbour_first():
    def setup(st):
        put(st, "aragon", 2, 2)
    st = _special("Withdrawal", setup=setup)
    me = st.order[st.turn_i]
    assert st.to_move == (me + 1) % 4  # the left neighbour decides first
    c = st.to_move
    expected = {Action("send", c, COURT)} | ({Action("send", c, R["aragon"])} if c == 2 else set())
    assert set(st.legal_actions()) == expected
    while st.step == "send":
        st.apply(st.legal_actions()[0])
    assert all(st.court[c] + sum(st.cab[r * 4 + c] for r in range(9)) == 7 + (2 if c == 2 else 0) - 3
               for c in range(4) if c != me)
    assert st.to_move == me and st.step == "place"


def test_one_of_each_back_the_player_picks_one_caballero_of_each_opponent():
    def setup(st):
        put(st, "aragon", 1, 2)
        put(st, "sevilla", 1, 1)
        put(st, "galicia", 2, 1)  # the King's region: protected
    st = _special("One of each back", setup=setup)
    me = st.to_move
    assert {str(a) for a in st.legal_actions()} == {"send back yellow from Aragon", "send back yellow from Sevilla"}
    st.apply(Action("send", 1, R["sevilla"]))
    assert st.step == "place" and st.to_move == me and count(st, "galicia", 2) == 1


def test_secret_disk_two_back_each_player_with_two_somewhere_sends_two_home():
    def setup(st):
        put(st, "aragon", 0, 3)
        put(st, "sevilla", 1, 2)
        put(st, "toledo", 2, 1)
    st = _special("Secret disk: two back", setup=setup)
    assert st.queue == (0, 1)
    st.apply(Action("disk", R["aragon"]))
    assert st.view(1)["turn"]["disks"][0] == "hidden"
    st.apply(Action("disk", R["sevilla"]))
    assert count(st, "aragon", 0) == 1 and count(st, "sevilla", 1) == 0 and count(st, "toledo", 2) == 1


def test_secret_disk_all_back_sends_every_caballero_of_the_chosen_region():
    def setup(st):
        put(st, "aragon", 0, 3)
    st = _special("Secret disk: all back", setup=setup)
    st.apply(Action("disk", R["aragon"]))
    assert count(st, "aragon", 0) == 0 and st.province[0] == 30 - 7


@pytest.mark.parametrize("name, group", [("Fiesta", 5), ("Score the 4-regions", 4), ("Score the 6- and 7-regions", 67)])
def test_group_scorings_score_the_regions_of_that_first_value(name, group):
    regions = C.region_group(C.REGION_VALUES["standard"], group)
    def setup(st):
        for r in range(9):
            put(st, r, 1, 1)
        st.grande = (R["sevilla"],) * 4
    st = _special(name, setup=setup, king="castilla")
    expected = sum(C.REGION_VALUES["standard"][r][0] for r in regions)
    bonus = 2 * (R["castilla"] in regions) + 2 * (R["sevilla"] in regions)
    assert _scores(st)[1] == expected and st.sheet[1][2] == bonus
    assert {C.REGION_IDS[r] for r in C.region_group(C.REGION_VALUES["standard"], 5)} == {"aragon", "navarra", "valencia"}


def test_score_one_region_may_choose_the_kings_region_or_the_castillo():
    def setup(st):
        put(st, "galicia", 1, 2)
        put(st, CAST, 2, 1)
    st = _special("Score one region", setup=setup)
    assert len(st.legal_actions()) == 10
    st.apply(Action("score", R["galicia"]))
    assert _scores(st)[1] == 4 and st.sheet[1][2] == 2  # the King's bonus


def test_first_places_only_in_every_region_ties_score_nothing():
    def setup(st):
        put(st, "aragon", 1, 2)
        put(st, "aragon", 2, 1)
        put(st, "sevilla", 1, 1)
        put(st, "sevilla", 2, 1)
        put(st, CAST, 3, 3)
    st = _special("First places only", setup=setup)
    assert _scores(st) == [0, 5, 0, 0]


def test_score_the_largest_and_the_smallest_region():
    def setup(st):
        put(st, "aragon", 1, 3)
        put(st, "sevilla", 2, 1)
        put(st, "toledo", 3, 1)
        put(st, CAST, 0, 9)
    st = _special("Score the largest region", setup=setup)
    assert _scores(st) == [0, 5, 0, 0]  # the Castillo is not a region
    st = _special("Score the smallest region", setup=setup)
    assert _scores(st) == [0, 0, 4, 7]  # tied smallest regions both score; empty ones do not


def test_score_tile_replaces_the_regions_values():
    def setup(st):
        put(st, "aragon", 1, 1)
    st = _special("Score tile", setup=setup)
    st.apply(Action("tile", 0, R["aragon"]))
    from boardlab.elgrande.rules import place_values
    assert place_values(st, R["aragon"]) == C.SCORE_TILES["2023"][0] == (8, 4, 0)


def test_power_cards_takes_back_a_played_card_even_this_rounds():
    st = _special("Power cards")
    me = st.to_move
    assert [a.a for a in st.legal_actions()] == [13]
    st.apply(Action("powerback", 13))
    assert st.hand[me] >> 13 & 1 and st.played[me] == 13  # the turn order of this round stays


def test_grande_moves_to_any_region_but_the_kings_and_becomes_the_home_region():
    home = at_card_step(name="Grande").grande[0]  # where the deal put the player's Grande
    king, target = [name for name in ("galicia", "aragon", "sevilla") if R[name] != home][:2]
    st = _special("Grande", king=king)
    me = st.to_move
    assert st.step == "grande" and R[king] not in {a.a for a in st.legal_actions()}
    st.apply(Action("grande", R[target]))
    assert st.grande[me] == R[target]


def test_the_court_takes_two_from_the_province():
    st = _special("The Court")
    assert st.court[st.to_move] == 9


def test_eviction_each_opponent_secretly_chooses_where_all_its_caballeros_go():
    def setup(st):
        put(st, "aragon", 1, 2)
        put(st, "aragon", 3, 1)
        put(st, "aragon", 0, 1)
    st = _special("Eviction", setup=setup)
    st.apply(Action("region", R["aragon"]))
    assert st.queue == (1, 3)
    assert R["aragon"] not in {a.a for a in st.legal_actions()} and R["galicia"] not in {a.a for a in st.legal_actions()}
    st.apply(Action("disk", R["sevilla"]))
    st.apply(Action("disk", R["toledo"]))
    assert count(st, "aragon", 0) == 1 and count(st, "sevilla", 1) == 2 and count(st, "toledo", 3) == 1


def test_secret_disk_scoring_scores_the_regions_chosen_by_exactly_one_player():
    def setup(st):
        put(st, "aragon", 1, 1)
        put(st, "sevilla", 2, 1)
    st = _special("Secret disk scoring", setup=setup)
    for r in ("aragon", "sevilla", "sevilla", "toledo"):
        st.apply(Action("disk", R[r]))
    assert _scores(st) == [0, 5, 0, 0]


def test_court_code_in_send_actions():
    assert str(Action("send", 1, COURT)) == "send back yellow from court"

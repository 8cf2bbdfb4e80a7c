"""Seed: 4-5 players on the standard board side; 3 players on the small side with only two ranks
scoring and the merged action stacks as an option; 2 players with the merged stacks and a neutral
third colour (자동 세력) whose public power card enters the turn order, that removes the remaining card
with the largest placement on its turn, and that grows by region card each round; Big Box: 2
players score first place only; 1995: the 1995 deck."""

import pytest

from boardlab.core import IllegalAction
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action
from tests.elgrande.helpers import card, game, play_powers


def test_4_and_5_players_use_the_standard_side_with_three_ranks():
    for p in (4, 5):
        g = game(p)
        assert g.board_side == "standard" and g.ranks_scoring == 3 and not g.dummy and len(g.stacks()) == 5


def test_3_players_use_the_small_side_and_only_two_ranks_score():
    g = game(3)
    assert g.board_side == "small" and g.ranks_scoring == 2
    assert len(g.stacks()) == 5  # stacks are not merged unless asked


def test_3_players_may_merge_stacks_2_and_3():
    g = game(3, merge_stacks=True)
    s = g.stacks()
    assert len(s) == 4 and sorted(s[1]) == sorted(C.deck("2023")[1] + C.deck("2023")[2])
    st = g.new_game(1)
    assert len(st.offer) == 4


def test_5_players_cannot_merge_stacks_one_action_card_each_needs_five_on_offer():
    """Each player takes one action card a turn; merging stacks 2 and 3 leaves 4 on offer, so a
    5-player game with merged stacks would stall at its fifth seat: it is refused at setup."""
    with pytest.raises(ValueError, match="merge_stacks=True leaves 4 action cards on offer"):
        game(5, merge_stacks=True)
    assert len(game(4, merge_stacks=True).new_game(0).offer) == 4


def test_2_players_merge_the_stacks_and_play_with_a_dummy_colour():
    g = game(2)
    assert g.dummy and g.colours == 3 and len(g.stacks()) == 4 and g.board_side == "small"
    with pytest.raises(ValueError, match="merge_stacks"):
        game(2, merge_stacks=False)


def test_the_dummys_power_card_is_public_before_anyone_plays_and_may_not_be_copied():
    st = game(2).new_game(3)
    d = st.cfg.dummy
    v = st.played[d]
    assert st.step == "power" and 1 <= v <= 13
    assert st.view(0)["played"][d] == v
    assert Action("power", v) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already played"):
        st.apply(Action("power", v))


def test_the_dummys_card_enters_the_turn_order_and_it_removes_the_largest_placement_card():
    st = next(s for s in (game(2).new_game(seed) for seed in range(50)) if s.played[2] >= 3)
    d = st.cfg.dummy
    dv = st.played[d]
    low = [v for v in range(1, 14) if v < dv]
    play_powers(st, cards={0: low[0], 1: low[1]})
    assert st.order[0] == d  # highest card
    # the dummy's turn has run: the King card (5 caballeros) is gone
    assert st.offer[-1] == -1
    assert st.to_move in (0, 1)


def test_the_dummy_grows_by_two_region_cards_of_two_caballeros_each_round_never_in_the_kings_region():
    st = game(2).new_game(8)
    d = st.cfg.dummy
    NC = st.cfg.NC
    on_board = sum(st.cab[r * NC + d] for r in range(9))
    assert on_board in (2, 4)  # a King's-region card places nothing
    assert st.cab[st.king * NC + d] == 0
    assert len(st.region_deck) == 7
    assert st.province[d] == 30 - on_board


def test_the_dummy_never_scores_but_takes_ranks():
    from boardlab.elgrande.rules import score_place
    from tests.elgrande.helpers import R, clear_board, put
    st = game(2).new_game(8)
    clear_board(st)
    st.king = R["galicia"]
    put(st, "aragon", 2, 4)  # dummy first
    put(st, "aragon", 0, 2)
    put(st, "aragon", 1, 1)
    score_place(st, R["aragon"], 1)
    assert st.sheet[0][1] == C.REGION_VALUES["small"][R["aragon"]][1]  # second place, not passed up
    assert st.sheet[1][1] == 0  # third place does not score with two ranks
    assert len(st.sheet) == 2


def test_big_box_2_players_score_first_place_only_and_have_no_dummy():
    g = game(2, edition="bigbox")
    assert g.ranks_scoring == 1 and not g.dummy and g.leftovers_under


def test_1995_uses_the_1995_deck_with_43_cards_without_veto_and_45_with_it():
    g = game(4, edition="1995")
    stacks = g.stacks()
    assert [len(s) for s in stacks] == [11, 9, 11, 11, 1]
    assert card("The King") in stacks[4] and card("Her Majesty") not in [t for s in stacks for t in s]
    with_veto = game(4, edition="1995", veto=True).stacks()
    assert [len(s) for s in with_veto] == [11, 11, 11, 11, 1] and with_veto[1].count(card("Veto")) == 2


def test_the_2023_deck_carries_the_2023_names():
    names = {C.CARD_TYPES[t].name for s in game(4).stacks() for t in s}
    assert {"Intrigue", "Withdrawal", "Fiesta", "Her Majesty"} <= names


@pytest.mark.parametrize("bad, match", [({"players": 6}, "players"), ({"edition": "2016"}, "edition"),
                                        ({"short": 1}, "short"), ({"scoring_ranks": 4}, "scoring_ranks")])
def test_bad_options_are_refused_naming_the_option(bad, match):
    with pytest.raises(ValueError, match=match):
        game(**{"players": 4, **bad})

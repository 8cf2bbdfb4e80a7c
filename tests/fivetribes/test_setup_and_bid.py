"""Setup and the turn-order bid (seed: 준비와 한 라운드의 흐름; 턴 순서 경매)."""

from collections import Counter

import pytest

from boardlab.core import IllegalAction
from boardlab.fivetribes import Game
from boardlab.fivetribes.components import (
    BID_COSTS, CARD_COUNTS, FAKIR, MEEPLE_COUNTS, NTILES, TABLES, TILE_SET, TILE_TYPES, assumed_values, const, table,
)
from tests.fivetribes.helpers import act, fresh, give_cards, give_djinn, texts, thaw


# -- setup ------------------------------------------------------------------------------------

def test_setup_shuffles_the_30_tiles_into_5_rows_of_6():
    a, b = Game(players=3).new_game(1), Game(players=3).new_game(2)
    assert len(a.tiles) == NTILES == 30 and sorted(a.tiles) == sorted(TILE_SET)
    assert a.tiles != b.tiles
    assert sum(TILE_TYPES[k].blue for k in a.tiles) == 12  # 12 blue-valued, 18 red-valued


def test_setup_puts_three_random_meeples_on_every_tile_and_empties_the_bag():
    st = Game(players=2).new_game(5)
    for tile in range(NTILES):
        assert sum(st.tile_meeples(tile)) == 3
    totals = [sum(st.meeples[t * 5 + c] for t in range(NTILES)) for c in range(5)]
    assert totals == list(MEEPLE_COUNTS) == [16, 20, 18, 18, 18]
    assert st.bag == (0, 0, 0, 0, 0)
    assert st.meeples != Game(players=2).new_game(6).meeples


def test_setup_lays_out_9_resource_cards_and_3_djinns_face_up():
    st = Game(players=4).new_game(3)
    assert len(st.res_row) == 9 and len(st.dj_row) == 3
    assert len(st.res_deck) == sum(CARD_COUNTS) - 9 == 45
    assert len(st.dj_deck) == 19


@pytest.mark.parametrize("players, camels, markers", [(2, 11, 2), (3, 8, 1), (4, 8, 1)])
def test_setup_gives_50_gold_and_camels_and_turn_markers_by_player_count(players, camels, markers):
    st = Game(players=players).new_game(0)
    assert st.gold == (50,) * players
    assert st.camels == (camels,) * players
    assert Counter(st.markers) == {p: markers for p in range(players)}


def test_two_players_have_two_turn_markers_each_so_four_markers_bid():
    st = Game(players=2).new_game(0)
    assert len(st.bid_order) == 4
    movers = []
    while st.phase == "bid":
        movers.append(st.to_move)
        st.apply(st.legal_actions()[-1])  # the dearest free spot
    assert Counter(movers) == {0: 2, 1: 2}


def test_first_bid_order_is_random():
    orders = {tuple(Game(players=4).new_game(s).bid_order) for s in range(30)}
    assert len(orders) > 5


def test_game_rejects_five_players_listing_allowed_values():
    with pytest.raises(ValueError, match=r"players must be one of 2, 3, 4; got 5"):
        Game(players=5)
    with pytest.raises(ValueError, match="nekir_per"):
        Game(nekir_per="sometimes")


def test_slave_name_only_renames_the_card():
    a, b = Game(players=2).new_game(4), Game(players=2, slave_name=True).new_game(4)
    assert a.to_json() == b.to_json()
    assert b.card_name(FAKIR) == "Slave" and a.card_name(FAKIR) == "Fakir"
    assert Game(players=2, slave_name=True).parse_action("builders: discard 2 slaves") == \
        Game(players=2).parse_action("builders: discard 2 fakirs")


def test_same_seed_same_setup_and_copies_share_nothing():
    g = Game(players=3)
    a, b = g.new_game(9), g.new_game(9)
    assert a == b
    c = a.copy()
    c.apply(c.legal_actions()[0])
    c.meeples[0] += 1
    assert a == b and a != c


def test_component_tables_have_source_and_status():
    assert TABLES == ("tiles.csv", "meeples.csv", "resources.csv", "set_values.csv", "bid_track.csv", "djinns.csv",
                      "payments.csv", "constants.csv")
    for name in TABLES:
        for row in table(name):
            assert row["source"] and row["status"] in ("confirmed", "assumed")
    assumed = {key for _, key, _ in assumed_values()}
    assert "Hagis" in assumed and "jafaar_vizier_vp" in assumed  # medium-confidence djinn data


def test_tile_and_card_tables_match_the_reference():
    assert sum(const("palms") for _ in [0]) == 12 and const("palaces") == 10
    assert CARD_COUNTS == (2, 2, 2, 4, 4, 4, 6, 6, 6, 18)
    assert sorted({t.value for t in TILE_TYPES}) == [4, 5, 6, 8, 10, 12, 15]


# -- the bid ----------------------------------------------------------------------------------

def bid_state(players=3, seed=0):
    return Game(players=players).new_game(seed)


def test_bid_track_costs_are_0_0_0_1_3_5_8_12_18():
    assert BID_COSTS == (0, 0, 0, 1, 3, 5, 8, 12, 18)


def test_bidder_pays_the_spot_price_at_once():
    st = bid_state()
    p = st.to_move
    act(st, "bid slot 6 (8 gold)")
    assert st.gold[p] == 42


def test_bid_markers_choose_in_bid_order():
    st = bid_state(players=4, seed=3)
    seen = []
    for _ in range(4):
        seen.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert seen == [st.markers[m] for m in Game(players=4).new_game(3).bid_order]


def test_paid_slot_holds_one_marker():
    st = bid_state()
    act(st, "bid slot 4 (3 gold)")
    assert "bid slot 4 (3 gold)" not in texts(st)
    with pytest.raises(IllegalAction, match="already taken"):
        st.apply("bid slot 4 (3 gold)")


def test_zero_bid_pushes_earlier_zero_bidders_back_and_acts_before_them():
    st = bid_state(players=3, seed=0)
    bidders = [st.markers[m] for m in st.bid_order]
    act(st, "bid slot 2 (0 gold)", "bid slot 2 (0 gold)", "bid slot 2 (0 gold)")
    # the last to bid 0 plays first, the first to bid 0 plays last
    assert [st.markers[m] for m in st.play_order] == bidders[::-1]
    assert st.gold == (50, 50, 50)


def test_a_zero_bid_always_takes_the_front_zero_spot():
    st = bid_state()
    with pytest.raises(IllegalAction, match="front zero spot"):
        st.apply("bid slot 0 (0 gold)")


def test_when_the_three_zero_spots_are_full_the_rest_must_pay():
    st = bid_state(players=2, seed=1)
    act(st, "bid slot 2 (0 gold)", "bid slot 2 (0 gold)", "bid slot 2 (0 gold)")
    options = texts(st)
    assert "bid slot 2 (0 gold)" not in options and "bid slot 3 (1 gold)" in options
    with pytest.raises(IllegalAction, match="three 0 spots are full"):
        st.apply("bid slot 2 (0 gold)")
    p = st.to_move
    act(st, "bid slot 3 (1 gold)")
    assert st.gold[p] == 49
    # the payer plays first among them
    assert st.play_order[0] == st.bid_order[3]


def test_turns_go_from_the_highest_occupied_spot_down():
    st = bid_state(players=4, seed=2)
    order = list(st.bid_order)
    act(st, "bid slot 4 (3 gold)", "bid slot 8 (18 gold)", "bid slot 2 (0 gold)", "bid slot 5 (5 gold)")
    assert st.play_order == (order[1], order[3], order[0], order[2])


def test_cannot_bid_more_gold_than_held():
    st = bid_state()
    thaw(st)
    st.gold[st.to_move] = 4
    fresh(st)
    assert "bid slot 5 (5 gold)" not in texts(st) and "bid slot 4 (3 gold)" in texts(st)
    with pytest.raises(IllegalAction, match="has 4 gold"):
        st.apply("bid slot 5 (5 gold)")


def test_broke_bidder_takes_the_cheapest_free_spot_paying_all_its_gold():
    st = bid_state(players=2, seed=1)
    act(st, "bid slot 2 (0 gold)", "bid slot 2 (0 gold)", "bid slot 2 (0 gold)")
    p = st.to_move
    thaw(st)
    st.gold[p] = 0
    fresh(st)
    assert texts(st) == ["bid slot 3 (1 gold)"]
    act(st, "bid slot 3 (1 gold)")
    assert st.gold[p] == 0


def test_marker_moves_to_first_free_bid_order_slot_so_action_order_is_next_bid_order():
    st = bid_state(players=3, seed=4)
    act(st, "bid slot 7 (12 gold)", "bid slot 2 (0 gold)", "bid slot 3 (1 gold)")
    play = list(st.play_order)
    first = st.markers[play[0]]
    assert st.to_move == first and st.next_bid_order == (play[0],)
    while st.round == 1 and not st.is_over:
        st.apply(st.legal_actions()[0])
    if not st.is_over:
        assert list(st.bid_order) == play and st.to_move == first


def test_kumarbi_fakir_pays_the_price_one_step_lower():
    st = bid_state(players=3)
    p = st.to_move
    give_djinn(st, p, "Kumarbi")
    give_cards(st, p, fakir=2)
    fresh(st)
    options = texts(st)
    assert "bid slot 8 (12 gold, Kumarbi: 1 fakir)" in options
    assert "bid slot 8 (8 gold, Kumarbi: 2 fakirs)" in options
    assert "bid slot 3 (0 gold, Kumarbi: 1 fakir)" in options
    act(st, "bid slot 8 (12 gold, Kumarbi: 1 fakir)")
    assert st.gold[p] == 38 and st.cards[p][FAKIR] == 1 and st.track[8] >= 0


def kumarbi_twice(kumarbi_per):
    """2 players; player 0 holds Kumarbi and 2 Fakirs, and its two markers bid first and second."""
    st = Game(players=2, kumarbi_per=kumarbi_per).new_game(0)
    mine = [m for m in range(4) if st.markers[m] == 0]
    st.bid_order = mine + [m for m in range(4) if st.markers[m] == 1]
    st.player = 0
    give_djinn(st, 0, "Kumarbi")
    give_cards(st, 0, fakir=2)
    return fresh(st)


@pytest.mark.parametrize("per, second", [("bid", True), ("round", False)])
def test_kumarbi_with_two_players_on_each_bid_or_once_a_round(per, second):
    """RULES.md 4 (Kumarbi): by default each bid may use Kumarbi (the seed counts paid powers per
    marker turn, 개인 행동 차례마다); kumarbi_per="round" reads the rulebook's "once per turn" as once a round."""
    st = kumarbi_twice(per)
    act(st, "bid slot 8 (12 gold, Kumarbi: 1 fakir)")
    assert st.to_move == 0
    assert ("bid slot 7 (8 gold, Kumarbi: 1 fakir)" in texts(st)) == second
    if not second:
        with pytest.raises(IllegalAction, match="already used this round"):
            st.apply("bid slot 7 (8 gold, Kumarbi: 1 fakir)")

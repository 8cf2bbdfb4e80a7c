"""Tile control, the five tribes, tile actions, sales and refill (seed sections 미플 이동 .. 진열 보충)."""

import pytest

from boardlab.core import IllegalAction
from boardlab.fivetribes import Game
from boardlab.fivetribes.components import BLOCK, BLUE, FAKIR, GREEN, RED, TILE_TYPES, WHITE, YELLOW, CARD_INDEX
from tests.fivetribes.helpers import (
    act, camel, fresh, give_cards, give_pieces, position, set_djinn_row, set_row, set_tile, t, texts, thaw,
)

RED_TILES = {"B3": "Oasis 8", "C3": "Oasis 8", "D3": "Oasis 8", "B4": "Oasis 8", "B5": "Small Market 6",
             "C5": "Small Market 6", "D4": "Small Market 6", "D5": "Small Market 6"}


def with_tiles(st, **tiles):
    for name, label in tiles.items():
        set_tile(st, name, label)
    return fresh(st)


# -- control ----------------------------------------------------------------------------------

def test_emptied_tile_with_no_camel_takes_the_movers_camel():
    st = position(board={"C3": "B", "C4": "B"})
    act(st, "move from C3", "drop blue on C4")
    assert st.camel[t("C4")] == 0 and st.camels[0] == 10
    assert st.camel[t("C3")] == -1  # the emptied start tile is not taken


def test_a_tile_left_with_meeples_is_not_taken():
    st = position(board={"C3": "B", "C4": "BG"})
    act(st, "move from C3", "drop blue on C4")
    assert st.camel[t("C4")] == -1


def test_owned_tile_never_changes_owner_but_still_gives_the_tribe_action():
    st = position(board={"C3": "Y", "C4": "Y"})
    camel(st, "C4", 1)
    fresh(st)
    act(st, "move from C3", "drop yellow on C4")
    assert st.camel[t("C4")] == 1 and st.camels == (11, 10)
    assert st.viziers[0] == 2


def test_no_camel_left_means_no_claim():
    st = position(board={"C3": "B", "C4": "B"})
    for name in ("A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "C2", "D2", "E2"):
        camel(st, name, 0)
    st.end_camel = True  # placing the last camel triggered the end of the game
    fresh(st)
    assert st.camels[0] == 0
    act(st, "move from C3", "drop blue on C4")
    assert st.camel[t("C4")] == -1


# -- the five tribes ----------------------------------------------------------------------------

def test_viziers_are_kept_in_front_of_the_player():
    st = position(board={"C3": "Y", "C4": "YYG"})
    act(st, "move from C3", "drop yellow on C4")
    assert st.viziers == (3, 0) and st.tile_meeples(t("C4")) == [0, 0, 1, 0, 0]


def test_elders_are_kept_in_front_of_the_player():
    st = position(board={"C3": "W", "C4": "WG"})
    act(st, "move from C3", "drop white on C4")
    assert st.elders == (2, 0)


def test_merchants_take_cards_from_the_front_of_the_row_and_go_to_the_bag():
    st = position(board={"C3": "G", "C4": "GB"})
    set_row(st, "Ivory", "Fakir", "Fish", "Silk", "Wheat", "Pottery", "Spice", "Papyrus", "Gold")
    fresh(st)
    bag = st.bag[GREEN]
    act(st, "move from C3", "drop green on C4")
    assert st.cards[0][CARD_INDEX["ivory"]] == 1 and st.cards[0][FAKIR] == 1
    assert [st.card_name(c) for c in st.res_row[:2]] == ["Fish", "Silk"] and len(st.res_row) == 7
    assert st.bag[GREEN] == bag + 2


def test_merchants_take_only_what_is_left_in_the_row():
    st = position(board={"C3": "G", "C4": "GGB"})
    set_row(st, "Fish")
    fresh(st)
    act(st, "move from C3", "drop green on C4")
    assert sum(st.cards[0]) == 1 and st.res_row == ()


def builders_position(**kw):
    st = position(board={"C3": "B", "C4": "B", "D4": "BBB"}, **kw)
    return with_tiles(st, C4="Village 5", B3="Sacred Place 6", D5="Sacred Place 10", **{
        k: v for k, v in RED_TILES.items() if k not in ("B3", "D5")})


def test_builders_gold_is_blue_valued_tiles_around_the_final_tile_times_builders():
    st = builders_position()
    bag = st.bag[BLUE]
    blue = sum(TILE_TYPES[st.tiles[u]].blue for u in BLOCK[t("C4")])
    assert blue == 3  # C4 itself, B3 and D5; the blue meeples on D4 do not count
    act(st, "move from C3", "drop blue on C4")
    assert st.gold[0] == 50 + 3 * 2
    assert st.bag[BLUE] == bag + 2


def test_builders_each_discarded_fakir_adds_one_to_the_multiplier():
    st = builders_position()
    give_cards(st, 0, fakir=2)
    fresh(st)
    act(st, "move from C3", "drop blue on C4")
    assert texts(st) == ["builders: discard 0 fakirs", "builders: discard 1 fakir", "builders: discard 2 fakirs"]
    act(st, "builders: discard 1 fakir")
    assert st.gold[0] == 50 + 3 * 3 and st.cards[0][FAKIR] == 1


def assassin_position(**kw):
    # C3 -> C4 collects 2 assassins (range 2); green stays on C4
    st = position(board={"C3": "R", "C4": "RG", "E4": "Y", "F4": "W", "C2": "B"}, **kw)
    give_pieces(st, 1, viziers=1, elders=1)
    return fresh(st)


def test_assassins_kill_one_meeple_within_orthogonal_range():
    st = assassin_position()
    act(st, "move from C3", "drop red on C4")
    options = texts(st)
    assert "kill green on C4" in options  # distance 0 is in range
    assert "kill yellow on E4" in options  # distance 2
    assert "kill blue on C2" in options  # distance 2 (orthogonal steps)
    assert not any("F4" in o for o in options)  # distance 3 needs a fakir
    act(st, "kill yellow on E4")
    assert st.tile_meeples(t("E4")) == [0] * 5 and st.bag[RED] >= 2


def test_assassin_range_grows_by_one_per_discarded_fakir():
    st = assassin_position()
    give_cards(st, 0, fakir=1)
    fresh(st)
    act(st, "move from C3", "drop red on C4")
    assert "kill white on F4 (discard 1 fakir)" in texts(st)
    act(st, "kill white on F4 (discard 1 fakir)")
    assert st.cards[0][FAKIR] == 0 and st.camel[t("F4")] == 0


def test_assassins_may_kill_an_opponents_vizier_or_elder():
    st = assassin_position()
    act(st, "move from C3", "drop red on C4")
    assert "kill vizier of player 1" in texts(st) and "kill elder of player 1" in texts(st)
    bag = st.bag[YELLOW]
    act(st, "kill vizier of player 1")
    assert st.viziers[1] == 0 and st.bag[YELLOW] == bag + 1


def test_assassins_must_kill_when_a_victim_is_in_reach():
    st = assassin_position()
    act(st, "move from C3", "drop red on C4")
    with pytest.raises(IllegalAction, match="must kill"):
        st.apply("no kill")


def test_destination_is_claimed_before_a_tile_emptied_by_the_kill():
    st = position(board={"C3": "R", "C4": "R", "D4": "G"})
    for name in ("A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "C2", "D2"):
        camel(st, name, 0)
    with_tiles(st, C4="Oasis 8", D4="Village 5")
    assert st.camels[0] == 1
    act(st, "move from C3", "drop red on C4", "kill green on D4")
    assert st.camel[t("C4")] == 0  # the destination took the last camel
    assert st.camel[t("D4")] == -1 and st.end_camel


def test_a_kill_that_empties_an_unowned_tile_takes_it_with_a_camel():
    st = position(board={"C3": "R", "C4": "RB", "D4": "G"})
    with_tiles(st, C4="Oasis 8", D4="Village 5")
    act(st, "move from C3", "drop red on C4", "kill green on D4")
    assert st.camel[t("D4")] == 0 and st.camel[t("C4")] == -1


def test_no_tile_action_for_the_tile_emptied_by_a_kill():
    st = position(board={"C3": "R", "C4": "RB", "D4": "G"})
    with_tiles(st, C4="Oasis 8", D4="Village 5")
    act(st, "move from C3", "drop red on C4", "kill green on D4")
    assert st.palaces[t("D4")] == 0 and st.palms[t("C4")] == 1


# -- tile actions -------------------------------------------------------------------------------

def test_tile_action_happens_on_a_tile_someone_else_owns():
    st = position(board={"C3": "Y", "C4": "Y"})
    camel(st, "C4", 1)
    with_tiles(st, C4="Oasis 8")
    act(st, "move from C3", "drop yellow on C4")
    assert st.palms[t("C4")] == 1 and st.palm_supply == 11


def test_oasis_places_a_palm_tree_while_the_supply_lasts():
    st = position(board={"C3": "Y", "C4": "Y"})
    with_tiles(st, C4="Oasis 8", A1="Oasis 8")
    thaw(st)
    st.palms[t("A1")], st.palm_supply = 12, 0
    fresh(st)
    act(st, "move from C3", "drop yellow on C4")
    assert st.palms[t("C4")] == 0


def test_village_places_a_palace_while_the_supply_lasts():
    st = position(board={"C3": "Y", "C4": "Y"})
    with_tiles(st, C4="Village 5")
    act(st, "move from C3", "drop yellow on C4")
    assert st.palaces[t("C4")] == 1 and st.palace_supply == 9
    st2 = position(board={"C3": "Y", "C4": "Y"})
    with_tiles(st2, C4="Village 5", A1="Village 5")
    thaw(st2)
    st2.palaces[t("A1")], st2.palace_supply = 10, 0
    fresh(st2)
    act(st2, "move from C3", "drop yellow on C4")
    assert st2.palaces[t("C4")] == 0


def test_small_market_sells_one_of_the_first_three_cards_for_3_gold():
    st = position(board={"C3": "Y", "C4": "YG"})
    set_row(st, "Fish", "Silk", "Ivory", "Gold", "Wheat")
    with_tiles(st, C4="Small Market 6")
    act(st, "move from C3", "drop yellow on C4")
    assert texts(st) == ["buy Fish (card 1)", "buy Silk (card 2)", "buy Ivory (card 3)", "skip market"]
    act(st, "buy Ivory (card 3)")
    assert st.gold[0] == 47 and st.cards[0][CARD_INDEX["ivory"]] == 1
    assert [st.card_name(c) for c in st.res_row] == ["Fish", "Silk", "Gold", "Wheat"]


def test_large_market_sells_two_of_the_first_six_cards_for_6_gold():
    st = position(board={"C3": "Y", "C4": "YG"})
    set_row(st, "Fish", "Silk", "Ivory", "Gold", "Wheat", "Pottery", "Spice")
    with_tiles(st, C4="Large Market 4")
    act(st, "move from C3", "drop yellow on C4")
    options = texts(st)
    assert len(options) == 15 + 1 and "buy Fish (card 1) and Pottery (card 6)" in options
    assert not any("Spice" in o for o in options)
    act(st, "buy Silk (card 2) and Gold (card 4)")
    assert st.gold[0] == 44 and [st.card_name(c) for c in st.res_row][:3] == ["Fish", "Ivory", "Wheat"]


def test_market_is_skipped_when_the_player_cannot_pay():
    st = position(board={"C3": "Y", "C4": "YG"}, gold=[2, 50])
    with_tiles(st, C4="Small Market 6")
    act(st, "move from C3", "drop yellow on C4")
    assert st.step != "market"


def test_sacred_place_takes_a_visible_djinn_for_two_elders_or_elder_and_fakir():
    st = position(board={"C3": "Y", "C4": "YG"})
    give_pieces(st, 0, elders=2)
    give_cards(st, 0, fakir=1)
    set_djinn_row(st, "Jafaar", "Enki", "Boaz")
    with_tiles(st, C4="Sacred Place 6")
    act(st, "move from C3", "drop yellow on C4")
    options = texts(st)
    assert "take djinn Jafaar (pay elder+elder)" in options and "take djinn Boaz (pay elder+fakir)" in options
    assert "skip sacred place" in options
    bag = st.bag[WHITE]
    act(st, "take djinn Jafaar (pay elder+fakir)")
    assert st.elders[0] == 1 and st.cards[0][FAKIR] == 0 and st.bag[WHITE] == bag + 1
    assert st.owned_djinns(0) == [st.djinn_owner.index(0)] and len(st.dj_row) == 2


# -- sale and refill ------------------------------------------------------------------------------

def test_optional_sale_of_sets_of_distinct_goods_at_the_end_of_the_turn():
    st = position(board={"C3": "Y", "C4": "YG"})
    with_tiles(st, C4="Oasis 8")
    give_cards(st, 0, fish=2, silk=1, wheat=1)
    fresh(st)
    act(st, "move from C3", "drop yellow on C4")
    assert st.step == "end"
    options = texts(st)
    assert "sell Silk+Fish+Wheat (7 gold)" in options and "end turn" in options
    assert len([o for o in options if o.startswith("sell")]) == 7
    act(st, "sell Silk+Fish+Wheat (7 gold)")
    assert st.gold[0] == 57
    assert texts(st) == ["end turn", "sell Fish (1 gold)"]
    with pytest.raises(ValueError, match="distinct"):
        st.game.parse_action("sell Fish+Fish (3 gold)")


def test_fakirs_are_never_goods_for_a_sale():
    st = position(board={"C3": "Y", "C4": "YG"})
    with_tiles(st, C4="Oasis 8")
    give_cards(st, 0, fakir=3)
    fresh(st)
    act(st, "move from C3", "drop yellow on C4")
    assert st.player != 0 or st.step != "end"  # nothing to sell: the end step is skipped
    with pytest.raises(ValueError, match="never merchandise"):
        st.game.parse_action("sell Fakir (1 gold)")


def test_set_values_are_1_3_7_13_21_30_40_50_60():
    from boardlab.fivetribes.components import SET_VALUES, merchandise_points
    assert SET_VALUES[1:] == (1, 3, 7, 13, 21, 30, 40, 50, 60)
    assert merchandise_points([2, 1, 1, 0, 0, 0, 0, 0, 0]) == 7 + 1


def test_refill_to_9_cards_and_3_djinns_only_after_every_marker_has_acted():
    st = Game(players=3).new_game(8)
    for _ in range(3):
        st.apply("bid slot 2 (0 gold)")
    thaw(st)
    st.res_row = st.res_row[:4]  # as if merchants took five cards
    removed = Game(players=3).new_game(8).res_row[4:]
    st.res_discard.extend(removed)
    st.dj_discard.append(st.dj_row.pop())
    fresh(st)
    while st.round == 1 and not st.is_over:
        assert len(st.res_row) <= 4 and len(st.dj_row) <= 2
        st.apply(st.legal_actions()[0])
    if not st.is_over:
        assert len(st.res_row) == 9 and len(st.dj_row) == 3

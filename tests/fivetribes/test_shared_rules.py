"""Rules stated once: the public helpers that the engine, the bots, the odds and the notebooks
share (set values, Vizier points, Builders' blue tiles, tile tables, prices from the data)."""

import pytest

from boardlab.fivetribes import bots, odds, rules, scoring
from boardlab.fivetribes.components import (
    BLOCK, NTILES, PAYMENTS, SACRED_PAYMENTS, SET_VALUES, TILE_BLUE, TILE_KIND, TILE_TYPES, TILE_VALUE,
    blue_tiles_around, const, merchandise_layers, merchandise_points, table,
)
from boardlab.fivetribes.state import freeze
from tests.fivetribes.helpers import act, give_cards, give_pieces, position, set_djinn_row, set_tile, t, texts, thaw


# -- merchandise: one definition of the layers ------------------------------------------------

def test_merchandise_layers_are_the_best_split_as_positions():
    assert merchandise_layers([2, 0, 1, 3]) == ((0, 2, 3), (0, 3), (3,))
    assert merchandise_layers([0] * 9) == ()
    assert merchandise_points([2, 0, 1, 3]) == SET_VALUES[3] + SET_VALUES[2] + SET_VALUES[1] == 11


def test_odds_split_and_value_are_the_engine_layers():
    hand = [2, 0, 1, 3, 0, 0, 1, 0, 0]
    layers = merchandise_layers(hand)
    assert odds.best_split(hand) == tuple(tuple(odds.GOODS[i] for i in layer) for layer in layers)
    assert odds.layer_sizes(hand) == tuple(len(layer) for layer in layers)
    assert odds.hand_value(hand) == merchandise_points(hand)
    assert not hasattr(odds, "_layers_value")


# -- Viziers ----------------------------------------------------------------------------------

def test_vizier_points_one_each_plus_ten_per_opponent_with_strictly_fewer():
    assert scoring.vizier_points([4, 4, 2, 0]) == [4 + 20, 4 + 20, 2 + 10, 0]
    assert scoring.vizier_points([3, 3]) == [3, 3]
    # Jafaar: 3 VP per Vizier for its owner; the bonus is unchanged
    assert scoring.vizier_points([4, 2, 0], jafaar=1) == [4 + 20, 2 * 3 + 10, 0]
    with pytest.raises(ValueError, match="whole numbers"):
        scoring.vizier_points([1, -1])


def test_score_sheet_vizier_column_is_vizier_points():
    st = position(players=3, board={})
    for p, v in enumerate([1, 3, 2]):
        give_pieces(st, p, viziers=v)
    st.phase = st.step = "over"
    freeze(st)  # is_over follows the phase
    sheet = st.score_sheet()
    assert [sheet[p]["viziers"] for p in range(3)] == scoring.vizier_points([1, 3, 2])


# -- Builders: blue tiles around ----------------------------------------------------------------

def test_blue_tiles_around_counts_the_tile_and_its_eight_neighbours():
    st = position(board={})
    for name in ("A1", "B1", "A2", "B2", "C3"):
        set_tile(st, name, "Oasis 8")  # red-valued
    set_tile(st, "B2", "Village 5")
    set_tile(st, "A1", "Sacred Place 6")
    assert blue_tiles_around(st.tiles, t("A1")) == 2  # A1 (corner block A1 B1 A2 B2): A1 and B2
    for u in range(NTILES):
        assert blue_tiles_around(st.tiles, u) == sum(TILE_TYPES[st.tiles[v]].blue for v in BLOCK[u])


def test_tile_tables_describe_each_tile_type():
    assert TILE_KIND == tuple(tt.kind for tt in TILE_TYPES)
    assert TILE_BLUE == tuple(tt.blue for tt in TILE_TYPES)
    assert TILE_VALUE == tuple(tt.value for tt in TILE_TYPES)
    assert not hasattr(rules, "_blue_around") and not hasattr(bots, "TILE_BLUE")


# -- prices are data -------------------------------------------------------------------------------

def test_sacred_place_price_comes_from_payments_csv():
    rows = [(r["elders"], r["fakirs"]) for r in table("payments.csv") if r["cost"] == "sacred place"]
    assert SACRED_PAYMENTS == tuple((int(e), int(f)) for e, f in rows) == ((2, 0), (1, 1))
    assert PAYMENTS["E+E/F"] == ((2, 0), (1, 1)) and PAYMENTS["E/F"] == ((1, 0), (0, 1))
    assert PAYMENTS["none"] == () and PAYMENTS["Fakir*"] == ()


def test_the_sacred_place_offers_exactly_the_payments_of_the_data(monkeypatch):
    monkeypatch.setattr(rules, "SACRED_PAYMENTS", ((1, 1),))  # a house rule: Elder + Fakir only
    st = position(board={"C3": "Y", "C4": "YG"})
    give_pieces(st, 0, elders=2)
    give_cards(st, 0, fakir=1)
    set_djinn_row(st, "Jafaar", "Enki", "Boaz")
    set_tile(st, "C4", "Sacred Place 6")
    act(st, "move from C3", "drop yellow on C4")
    assert [o for o in texts(st) if o.startswith("take")] == [
        "take djinn Boaz (pay elder+fakir)", "take djinn Enki (pay elder+fakir)", "take djinn Jafaar (pay elder+fakir)"]


def test_greedy_reads_rule_values_from_the_components():
    assert (bots.PALM_VP, bots.PALACE_VP, bots.ELDER_VP) == (const("palm_vp"), const("palace_vp"), const("elder_vp"))
    assert (bots.SM_PRICE, bots.LM_PRICE) == (const("small_market_price"), const("large_market_price"))
    st = position(board={})
    thaw(st)
    st.palms[t("B2")], st.palaces[t("B2")] = 2, 1
    assert bots._tile_worth(st, t("B2")) == TILE_VALUE[st.tiles[t("B2")]] + 2 * const("palm_vp") + const("palace_vp")

"""Lesson 01 (the auction track): the track table, the engine's bids, the exact price of going
first, the turn-value tables, and the auction widget driven by setting ``widget.value``.

Widget callbacks are driven without a kernel by setting ``widget.value`` on the Python objects
(jupyter-recipes.md §2, pattern A).
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from boardlab.fivetribes.lessons import the_auction_track as L
from boardlab.fivetribes.components import BID_COSTS


def _provenance_text(fig: Figure) -> str:
    return " ".join(t.get_text() for t in fig.texts)


def test_bid_track_table_reads_the_engine_costs():
    table = L.bid_track_table()
    assert tuple(table["cost (gold)"]) == BID_COSTS == (0, 0, 0, 1, 3, 5, 8, 12, 18)
    assert list(table["acts (if all spots are taken)"])[-1] == "1st"


def test_spot_for_bid_maps_zero_to_the_front_zero_spot():
    assert L.spot_for_bid(0) == 2 and L.spot_for_bid(1) == 3 and L.spot_for_bid(18) == 8
    with pytest.raises(ValueError, match="spot costs"):
        L.spot_for_bid(2)


def test_auction_widget_two_zero_bids_put_the_later_zero_bidder_first():
    ex = L.AuctionExplorer(players=3, bids=(5, 3, 1, 0))
    assert ex.result is not None and ex.updates == 1
    ex.bids[0].value = 0
    ex.bids[1].value = 0      # two zeros: bid 2 pushed bid 1 back and acts before it
    table = ex.result.table.set_index("bid")
    assert table.loc[2, "turn"] < table.loc[1, "turn"]
    assert table.loc[3, "turn"] == 1                       # the 1-gold bid acts before both zeros
    assert list(table["paid"]) == [0, 0, 1]
    ex.bids[2].value = 0      # three zeros: exactly the reverse of the bid order
    assert list(ex.result.table.sort_values("turn")["bid"]) == [3, 2, 1]
    assert ex.result.state.play_order == (2, 1, 0)
    assert "P2, P1, P0" in ex.summary.value


def test_auction_widget_refuses_a_fourth_zero_with_two_players_naming_the_rule():
    ex = L.AuctionExplorer(players=3, bids=(0, 0, 0, 0))
    ex.players.value = 2
    assert ex.result is None
    assert "three 0 spots are full" in ex.summary.value
    ex.bids[3].value = 1
    assert list(ex.result.table.sort_values("turn")["bid"]) == [4, 3, 2, 1]
    assert [w.description for w in ex.bids] == ["bid 1: P0", "bid 2: P1", "bid 3: P0", "bid 4: P1"]


def test_auction_widget_refuses_a_paid_spot_taken_twice():
    ex = L.AuctionExplorer(players=4, bids=(8, 0, 0, 0))
    ex.bids[2].value = 8
    assert ex.result is None and "already taken" in ex.summary.value


def test_auction_pays_the_spot_price_and_orders_from_the_dearest_spot():
    r = L.auction(4, [3, 18, 0, 5])
    assert list(r.table["paid"]) == [3, 18, 0, 5]
    assert [r.state.gold[p] for p in range(4)] == [47, 32, 50, 45]
    assert list(r.table.sort_values("turn")["bid"]) == [2, 4, 1, 3]
    assert isinstance(r.figure, Figure) and "boardlab" in _provenance_text(r.figure)


def test_auction_needs_one_bid_per_marker():
    with pytest.raises(ValueError, match="4 turn markers"):
        L.auction(2, [0, 0, 0])


def _price_by_rule(earlier):
    """The price of going first for the next bidder, from the rule text (no engine)."""
    paid = [b for b in earlier if b > 0]
    zeros = len(earlier) - len(paid)
    if not paid:
        return 0 if zeros < 3 else 1
    top = max(paid)
    higher = [c for c in L.BID_AMOUNTS if c > top]
    return higher[0] if higher else None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_price_to_act_first_matches_the_rule(players):
    markers = 4 if players in (2, 4) else 3
    for earlier in itertools.product(L.BID_AMOUNTS, repeat=markers - 1):
        paid = [b for b in earlier if b > 0]
        if len(paid) != len(set(paid)) or sum(1 for b in earlier if b == 0) > 3:
            with pytest.raises(ValueError):
                L.price_to_act_first(players, earlier)
            continue
        assert L.price_to_act_first(players, earlier) == _price_by_rule(earlier), earlier


def test_first_price_grid_marks_forbidden_and_hopeless_cells():
    grid = L.first_price_grid(3)
    assert grid.loc[0, 0] == 0 and grid.loc[5, 3] == 8
    assert np.isnan(grid.loc[5, 5]) and np.isinf(grid.loc[18, 0])
    assert isinstance(L.first_price_figure(grid), Figure)


def test_turn_value_tables_on_a_small_frame():
    turns = pd.DataFrame({"players": [3] * 6, "position": [1, 2, 3, 1, 2, 3], "gain": [10, 8, 6, 12, 8, 4],
                          "paid": [5, 1, 0, 8, 0, 0], "slot": [5, 3, 2, 6, 2, 1], "spot_cost": [5, 1, 0, 8, 0, 0]})
    value = L.turn_value_table(turns).set_index("position")
    assert value.loc[1, "gain"] == 11 and value.loc[1, "paid"] == 6.5 and value.loc[3, "net"] == 5
    premium = L.first_mover_premium(L.turn_value_table(turns))
    assert premium.loc[0, "premium"] == 6 and premium.loc[0, "last_position"] == 3
    spots = L.spot_value_table(turns).set_index("spot_cost")
    assert spots.loc[0, "turns"] == 3 and spots.loc[8, "net"] == 4

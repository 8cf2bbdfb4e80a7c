"""Lesson 03 (the five tribes): Builders' exact expectations and distributions (with Monte Carlo
twins on engine boards), Assassins' reach, Vizier points against the score sheet, Merchants'
draw against a brute force over the deck, the tribe widgets.

Widget callbacks are driven without a kernel by setting ``widget.value`` on the Python objects
(jupyter-recipes.md §2, pattern A).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import pandas as pd
import pytest
from matplotlib.figure import Figure

from boardlab.core.policies import play
from boardlab.fivetribes.lessons import the_five_tribes as L
from boardlab.fivetribes.components import (
    BLOCK, CARD_COUNTS, DECK, FAKIR, JAFAAR, MERCH, NTILES, TILE_SET, TILE_TYPES, merchandise_points,
)


def test_blue_expectation_is_block_size_times_twelve_thirtieths():
    assert L.BLUE_TILES == sum(TILE_TYPES[k].blue for k in TILE_SET) == 12
    exact = L.blue_expectation_exact()
    for t in range(NTILES):
        r, c = divmod(t, 6)
        assert exact[r][c] == Fraction(len(BLOCK[t]) * 12, 30)
    for block in (4, 6, 9):
        dist = L.blue_count_distribution(block)
        assert sum(dist.values()) == 1
        assert sum(k * p for k, p in dist.items()) == Fraction(block * 12, 30)


def test_blue_counts_on_boards_count_blue_valued_tiles_of_the_engine_board():
    counts = L.blue_counts_on_boards(3, seed=4)
    from boardlab.core.simulate import game_seeds
    tiles = L.Game(players=3).new_game(game_seeds(4, 2)[0]).tiles
    assert list(counts[2]) == [sum(TILE_TYPES[tiles[u]].blue for u in BLOCK[t]) for t in range(NTILES)]


def test_builders_widget_gives_exact_expected_gold_for_the_tile():
    counts = L.blue_counts_on_boards(50, seed=1)
    ex = L.BuildersExplorer(counts, "prov", builders=1, fakirs=0, tile="C3")
    assert ex.result["expected_blue"] == Fraction(18, 5)
    ex.tile.value = "A1"
    assert ex.result["block"] == 4 and ex.result["expected_blue"] == Fraction(8, 5)
    ex.builders.value = 3
    ex.fakirs.value = 1
    assert ex.result["expected_gold"] == Fraction(8, 5) * 4
    ex.tile.value = "B1"
    dist = ex.result["distribution"]
    assert list(dist["exact"]) == [L.blue_count_distribution(6)[k] for k in range(7)]
    assert abs(dist["simulated"].sum() - 1) < 1e-12


def test_assassins_widget_lists_the_tiles_within_reach():
    ex = L.AssassinsExplorer(assassins=1, fakirs=0, tile="A1")
    assert ex.result["tiles"] == ["A1", "A2", "B1"]
    ex.tile.value = "C3"
    ex.assassins.value = 3
    ex.fakirs.value = 2
    assert ex.result["reach"] == 5 and len(ex.result["tiles"]) == 30
    assert int(L.reach_counts(3)[2, 2]) == 22 and int(L.reach_counts(3)[0, 0]) == 10
    with pytest.raises(ValueError):
        L.reach_counts(-1)


def test_vizier_widget_and_points_follow_the_rule():
    ex = L.VizierExplorer(players=3, viziers=(4, 2, 2, 0))
    assert list(ex.result["points"]) == [24, 2, 2]
    ex.viziers[2].value = 3
    assert list(ex.result["points"]) == [24, 2, 13]
    ex.players.value = 2
    assert list(ex.result["points"]) == [14, 2] and ex.viziers[2].disabled
    ex.viziers[0].value = 2
    assert list(ex.result["points"]) == [2, 2]       # a tie: nobody gets the other's 10
    assert "a tie between P0 and P1" in ex.summary.value        # ties are named as ties
    ex.viziers[0].value = 15
    assert ex.result is None and "16 Viziers" in ex.summary.value
    ex.viziers[0].value = 20                                      # held at the 16 in the box, and said so
    assert "P0: 20 is outside 0..16, so 16 is used" in ex.summary.value
    ex.viziers[0].value = 3
    assert list(ex.result["points"]) == [13, 2] and "most Vizier points (13): P0" in ex.summary.value
    with pytest.raises(ValueError):
        L.vizier_points([1])


def test_vizier_points_agree_with_the_engine_score_sheet():
    game = L.Game(players=4)
    for seed in range(6):
        st = play(game, ["random"] * 4, seed)
        sheet = st.score_sheet()
        points = L.vizier_points(st.viziers)
        for p in range(4):
            extra = 2 * st.viziers[p] if st.djinn_owner[JAFAAR] == p else 0   # Jafaar: 3 per Vizier
            assert sheet[p]["viziers"] == points[p] + extra


def _merchant_draw_brute(n):
    deck = list(DECK)
    out = Counter()
    total = 0
    for hand in itertools.combinations(range(len(deck)), n):
        counts = [0] * 10
        for i in hand:
            counts[deck[i]] += 1
        out[(merchandise_points([counts[c] for c in MERCH]), counts[FAKIR])] += 1
        total += 1
    return {k: Fraction(v, total) for k, v in out.items()}


@pytest.mark.parametrize("n", [1, 2, 3])
def test_merchant_draw_matches_brute_force_over_the_deck(n):
    assert L.merchant_draw(n) == _merchant_draw_brute(n)


def test_merchant_table_and_widget():
    table = L.merchant_table()
    assert list(table["expected fakirs"]) == [Fraction(n, 3) for n in range(1, 10)]
    assert table.loc[0, "expected set value"] == Fraction(36, 54)
    assert sum(CARD_COUNTS) == comb(54, 1) == 54
    sim = L.merchant_simulated(L.fresh_rows(40, seed=1))
    ex = L.MerchantsExplorer(table, sim, "prov", merchants=1)
    assert ex.result["expected_value"] == Fraction(2, 3) and ex.result["expected_fakirs"] == Fraction(1, 3)
    ex.merchants.value = 3
    assert ex.result["expected_value"] == Fraction(6829, 2067) and ex.result["expected_fakirs"] == 1
    assert sum(ex.result["distribution"].values()) == 1
    with pytest.raises(ValueError):
        L.merchant_draw(10)


def test_tribe_payoff_table_groups_turns_by_colour():
    turns = pd.DataFrame({"colour": ["yellow", "yellow", "red", "red", None], "collected": [2, 4, 1, 1, 0],
                          "gain": [10, 20, 3, 5, 0]})
    table = L.tribe_payoff_table(turns).set_index("colour")
    assert table.loc["yellow", "gain"] == 15 and table.loc["red", "share"] == 0.5
    assert table.loc["yellow", "tribe"] == "Viziers"
    assert isinstance(L.tribe_payoff_figure(table.reset_index(), "prov"), Figure)


def test_count_agrees_uses_the_binomial_tail_for_rare_outcomes():
    # common outcomes: within 4 standard errors
    assert L.count_agrees(1000, 2000, Fraction(1, 2)) and not L.count_agrees(1100, 2000, Fraction(1, 2))
    # a 1-in-60,000 outcome seen once in 2000 boards is 6 standard errors out, yet happens in 3 % of runs
    assert L.count_agrees(1, 2000, 1.5e-5) and L.count_agrees(0, 2000, 1.5e-5)
    assert not L.count_agrees(4, 2000, 1.5e-5)
    assert L.count_agrees(6, 2000, 6.2e-4) and not L.count_agrees(9, 2000, 6.2e-4)
    assert L.count_agrees(2000, 2000, 1 - 1e-6) and not L.count_agrees(1990, 2000, 1 - 1e-6)
    assert L.count_agrees(0, 100, 0) and not L.count_agrees(1, 100, 0)
    table = L.blue_distribution_table(L.blue_counts_on_boards(50, seed=3), "C3")
    assert table["agrees"].all()


@pytest.mark.parametrize("tile, block", [(0, 4), (1, 6), (7, 9)])
def test_blue_count_distribution_monte_carlo_twin_on_engine_boards(tile, block):
    # Exact hypergeometric answer against boards set up by the engine (tile 0 is a corner, 1 an
    # edge, 7 an inside tile of the 5x6 board).
    from boardlab.core.stats import assert_frequencies_agree

    counts = L.blue_counts_on_boards(1500, seed=99)[:, tile]
    assert_frequencies_agree(L.blue_count_distribution(block), counts.tolist(), f"tile {tile}")

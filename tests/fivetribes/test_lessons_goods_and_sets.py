"""Notebook 04's widget and figures, driven in plain pytest (no kernel): setting ``widget.value``
reruns the callback, and its results are checked against the rules (sets of different goods,
the seed's table, hypergeometric draws from the unseen cards)."""

from __future__ import annotations

import math
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from boardlab.fivetribes.lessons import goods_and_sets as L  # noqa: E402
from boardlab.fivetribes import odds  # noqa: E402
from boardlab.fivetribes.components import SET_VALUES  # noqa: E402

HAND = {"Fish": 2, "Silk": 1, "Wheat": 1}


@pytest.fixture
def app():
    return L.GoodsExplorer(HAND, k=4, target=5)


def check_split_follows_the_rules(result):
    """Every set holds different goods, the sets use exactly the hand, and their values add up."""
    cards = sorted(g for s in result.split for g in s)
    assert cards == sorted(g for g, n in result.hand.items() for _ in range(n))
    assert all(len(set(s)) == len(s) for s in result.split)
    assert sum(SET_VALUES[len(s)] for s in result.split) == result.value_now


def test_the_callback_runs_once_with_the_defaults(app):
    assert app.updates == 1
    r = app.result
    assert r.hand == HAND and (r.k, r.target) == (4, 5)
    assert r.value_now == 8 and r.split == (("Silk", "Fish", "Wheat"), ("Fish",))
    assert r.p_complete == Fraction(26947, 57575)
    assert "46.8%" in app.summary.value and "26947/57575" in app.summary.value
    assert "7.00" in app.summary.value  # the points a sale gives up
    check_split_follows_the_rules(r)
    assert set(app.counts) == set(odds.GOODS)  # one box per good, none for the Fakir


def test_changing_k_reruns_with_the_new_draw_count(app):
    for k in (0, 1, 6, 9):
        app.k.value = k
        assert app.result.k == k
        assert app.result.p_complete == odds.p_complete_set(HAND, 5, k)
        assert app.result.expected_after == odds.expected_value_after(HAND, k)
        assert app.result.sell.hold_premium == odds.sell_or_hold(HAND, k).hold_premium
    assert app.updates == 5
    app.k.value = 0
    assert app.result.sell.hold_premium == 0  # nothing more to come: selling costs nothing
    app.k.value = 99
    assert app.k.value == L.MAX_K == 9  # the slider stops at the resource row's 9 cards


def test_changing_the_target_set_size(app):
    app.target.value = 3
    assert app.result.p_complete == 1  # the hand already holds three different goods
    app.target.value = 9
    assert app.result.p_complete == 0  # 4 cards cannot bring the 6 missing goods
    app.target.value = 4
    assert app.result.p_complete == odds.p_complete_set(HAND, 4, 4)
    assert "set of 4+" in app.summary.value.lower()


def test_changing_the_hand_follows_the_rules(app):
    app.counts["Ivory"].value = 1
    r = app.result
    assert r.hand == {"Ivory": 1, **HAND}
    assert r.value_now == 13 + 1 == 14  # {Ivory, Silk, Fish, Wheat} + {Fish}
    check_split_follows_the_rules(r)
    assert r.marginal["Ivory"] == 2  # the last Ivory joins the spare Fish: 1 -> 3
    assert r.marginal["Gold"] == 8  # a 5th different good: 13 -> 21
    app.counts["Ivory"].value = 2
    assert app.result.marginal["Ivory"] is None  # both Ivory cards are in the hand
    app.counts["Ivory"].value = 5
    # a count above the copies in the box is held there, and the summary says so
    assert app.hand()["Ivory"] == 2 and app.result.hand["Ivory"] == 2
    assert "Ivory: 5 is outside 0..2, so 2 is used" in app.summary.value
    app.counts["Ivory"].value = 2
    assert "outside" not in app.summary.value
    app.counts["Fish"].value = 0
    app.counts["Silk"].value = 0
    app.counts["Wheat"].value = 0
    app.counts["Ivory"].value = 0
    r = app.result
    assert r.hand == {} and r.value_now == 0 and r.split == () and r.cheapest is None
    assert r.p_complete == odds.p_complete_set({}, 5, 4)
    assert app.hand() == {}


def test_the_cheapest_sale_is_the_spare_duplicate(app):
    r = app.result
    assert r.cheapest.sold == ("Fish",) and r.cheapest.gold_now == 1
    assert r.cheapest.points_lost == odds.sell_options(HAND, 4)[1].points_lost
    assert "{Fish} for 1 gold" in app.summary.value


def test_the_widget_figure_is_titled_labelled_and_stamped(app):
    fig = app.result.figure
    left, right = fig.axes
    assert "set of 5+" in left.get_title() and left.get_xlabel() and left.get_ylabel() == "probability"
    assert "after 4 more cards" in right.get_title() and "gold" in right.get_xlabel()
    assert "worth 8" in fig._suptitle.get_text()
    stamp = " ".join(t.get_text() for t in fig.texts)
    assert "boardlab" in stamp and "Five Tribes" in stamp and "k = 4 more cards" in stamp and "a set of 5+" in stamp
    heights = [p.get_height() for p in right.patches]
    assert math.isclose(sum(heights), 1.0)  # the value distribution sums to one
    app.k.value = 2
    assert "after 2 more cards" in app.result.figure.axes[1].get_title()


def test_explore_goods_rejects_bad_inputs():
    with pytest.raises(ValueError, match="more than the box holds"):
        L.explore_goods({"Gold": 3}, 2, 3)
    with pytest.raises(ValueError, match="1 to 9 different goods"):
        L.explore_goods(HAND, 2, 0)
    with pytest.raises(ValueError, match="at most 9"):
        L.explore_goods(HAND, 12, 5)


def test_simulated_draws_agree_with_the_exact_answers():
    sample = L.simulate_draws(HAND, 4, 4000, 7)
    assert sample.n == 4000 and len(sample.value) == len(sample.distinct) == len(sample.alone) == 4000
    p, se = sample.p_complete(5)
    assert abs(p - float(odds.p_complete_set(HAND, 5, 4))) <= 4 * se
    mean, se = sample.mean_value()
    assert abs(mean - float(odds.expected_value_after(HAND, 4))) <= 4 * se
    premium, se = sample.hold_premium()
    assert abs(premium - float(odds.sell_or_hold(HAND, 4).hold_premium)) <= 4 * se
    assert L.simulate_draws(HAND, 4, 50, 7) == L.simulate_draws(HAND, 4, 50, 7)  # seeded
    with pytest.raises(ValueError, match="n \\(number of simulated draws\\)"):
        L.simulate_draws(HAND, 4, 1, 7)


def test_notebook_figures_are_titled_labelled_and_stamped():
    sample = L.completion_sample(HAND, (4, 5), range(0, 4), 200, 3)
    figs = [L.set_value_figure(), L.completion_figure(HAND, (4, 5), range(0, 4), sample=sample),
            L.sell_hold_figure(HAND, range(0, 4))]
    for fig in figs:
        for ax in fig.axes:
            assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
        stamps = [t.get_text() for t in fig.texts if t.get_text().startswith("boardlab ")]
        assert len(stamps) == 1 and "Five Tribes" in stamps[0]
    assert "200 draws per point" in " ".join(t.get_text() for t in figs[1].texts)
    assert "seed 3" in " ".join(t.get_text() for t in figs[1].texts)


def test_sell_options_table_matches_the_odds():
    table = L.sell_options_table(HAND, 4)
    assert list(table.columns) == ["sell now", "gold now", "expected rest", "expected total", "points lost"]
    assert table.iloc[0]["sell now"] == "(nothing)" and table.iloc[1]["sell now"] == "Fish"
    assert len(table) == 8

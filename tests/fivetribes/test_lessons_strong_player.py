"""Notebook 06 (what would a strong player do here?): the turn-order auction and the first
mancala move of a seeded game, rebuilt from JSON; the advisor's table on them, the widget
driven by its controls, the ladder with tiny budgets, and every label in Korean."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from boardlab.fivetribes.lessons import what_would_a_strong_player_do as L  # noqa: E402
from tests import strong_player_checks as checks  # noqa: E402
from tests.korean_checks import in_korean  # noqa: E402


def test_the_first_bid_offers_the_auction_slots_and_the_first_move_every_tile():
    bids = [str(a) for a in L.first_bid().legal_actions()]
    assert bids and all(b.startswith("bid slot") for b in bids)
    assert "bid slot 2 (0 gold)" in bids          # the 0-gold slots are open at the first bid
    moves = [str(a) for a in L.first_move().legal_actions()]
    assert len(moves) == 30 and all(m.startswith("move from") for m in moves)  # 5 x 6 tiles, 3 meeples each


def test_every_position_of_the_widget_is_a_decision_and_survives_json():
    checks.check_positions(L)


def test_the_advisor_rates_every_bid_and_leaves_the_position_unchanged():
    checks.check_advice(L, L.first_bid())


def test_the_widget_follows_its_position_and_budget():
    app = checks.check_widget(L, next(k for k in L.positions() if "first move" in k))
    assert all(str(a).startswith("move from") for a in app.state.legal_actions())


def test_the_ladder_plays_every_pairing_of_random_greedy_and_mcts():
    checks.check_ladder(L)


@pytest.fixture(scope="module")
def korean():
    yield from in_korean(lambda: checks.korean_build(L, L.first_bid()))


def test_every_label_has_a_korean_entry_and_glyph(korean):
    checks.check_korean(korean, "fivetribes")

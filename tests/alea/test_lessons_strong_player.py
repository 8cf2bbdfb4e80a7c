"""Notebook 06 (what would a strong player do here?): the first roll of a seeded game (which
building, then which dice), rebuilt from JSON; the advisor's table on it, the widget driven by
its controls, the ladder with tiny budgets, and every label in Korean."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from boardlab.alea.lessons import what_would_a_strong_player_do as L  # noqa: E402
from tests import strong_player_checks as checks  # noqa: E402
from tests.korean_checks import in_korean  # noqa: E402


def test_the_first_roll_asks_for_a_building_then_for_dice_of_that_building():
    buildings = [str(a) for a in L.first_roll().legal_actions()]
    assert buildings and all(b.startswith("choose ") for b in buildings)
    placements = [str(a) for a in L.first_placement().legal_actions()]
    assert placements and all(p.startswith("place ") for p in placements)
    chosen = {p.rsplit(" in ", 1)[1] for p in placements}
    assert len(chosen) == 1 and f"choose {chosen.pop()}" in buildings  # every option goes to the one building


def test_every_position_of_the_widget_is_a_decision_and_survives_json():
    checks.check_positions(L)


def test_the_advisor_rates_every_building_and_leaves_the_position_unchanged():
    checks.check_advice(L, L.first_roll())


def test_the_widget_follows_its_position_and_budget():
    app = checks.check_widget(L, next(k for k in L.positions() if "which dice" in k))
    assert all(str(a).startswith("place ") for a in app.state.legal_actions())


def test_the_ladder_plays_every_pairing_of_random_greedy_and_mcts():
    checks.check_ladder(L)


@pytest.fixture(scope="module")
def korean():
    yield from in_korean(lambda: checks.korean_build(L, L.first_roll()))


def test_every_label_has_a_korean_entry_and_glyph(korean):
    checks.check_korean(korean, "alea")

"""Notebook 06 (what would a strong player do here?): the first power card and the first
placement that offers the Castillo in seeded games, rebuilt from JSON; the advisor's table on
them, the widget driven by its controls, the ladder with tiny budgets, and every label in Korean."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from boardlab.elgrande.lessons import what_would_a_strong_player_do as L  # noqa: E402
from tests import strong_player_checks as checks  # noqa: E402
from tests.korean_checks import in_korean  # noqa: E402


def test_the_first_decision_is_a_power_card_and_the_castillo_is_offered_later():
    cards = [str(a) for a in L.first_power_card().legal_actions()]
    assert cards and all(c.startswith("play power card") for c in cards)
    placement = [str(a) for a in L.castillo_placement().legal_actions()]
    assert any(a.endswith("in the Castillo") for a in placement)
    assert any(a.startswith("place") and not a.endswith("in the Castillo") for a in placement)


def test_every_position_of_the_widget_is_a_decision_and_survives_json():
    checks.check_positions(L)


def test_the_advisor_rates_every_power_card_and_leaves_the_position_unchanged():
    checks.check_advice(L, L.first_power_card())


def test_the_widget_follows_its_position_and_budget():
    app = checks.check_widget(L, next(k for k in L.positions() if "Castillo" in k))
    assert any("Castillo" in str(a) for a in app.state.legal_actions())


def test_the_ladder_plays_every_pairing_of_random_greedy_and_mcts():
    checks.check_ladder(L)


@pytest.fixture(scope="module")
def korean():
    yield from in_korean(lambda: checks.korean_build(L, L.first_power_card()))


def test_every_label_has_a_korean_entry_and_glyph(korean):
    checks.check_korean(korean, "elgrande")

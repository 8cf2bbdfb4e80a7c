"""Notebook 07 (what would a strong player do here?): the seed's example (bridge ends 1 and 5, a
space of value 3) as a real position loaded from JSON, the advisor's table on it, the widget
driven by its controls, the ladder with tiny budgets, and every label in Korean."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from boardlab.whitecastle.lessons import what_would_a_strong_player_do as L  # noqa: E402
from tests import strong_player_checks as checks  # noqa: E402
from tests.korean_checks import in_korean  # noqa: E402


def test_the_teaching_position_is_the_seeds_bridge_1_and_5_on_a_space_of_value_3():
    state = L.teaching_state()
    assert list(state.bridges[0]) == [1, 3, 5]  # coral (the first bridge): ends 1 and 5
    assert {L.LOW_TAKE, L.HIGH_TAKE} <= {str(a) for a in state.legal_actions()}
    low, high = L.after_take(L.LOW_TAKE), L.after_take(L.HIGH_TAKE)
    coins = state.players[0].goods["coin"]
    low.apply(L.ROOM_A)
    high.apply(L.ROOM_A)
    # the 1 pays 3 - 1 = 2 coins, then the lantern's coin Decree gives 1 back; the 5 earns 5 - 3 = 2
    assert low.players[0].goods["coin"] == coins - 2 + 1
    assert high.players[0].goods["coin"] == coins + 2


def test_every_position_of_the_widget_is_a_decision_and_survives_json():
    checks.check_positions(L)


def test_the_advisor_rates_every_option_of_the_seeds_example_and_leaves_it_unchanged():
    checks.check_advice(L, L.teaching_state())


def test_the_widget_follows_its_position_and_budget():
    app = checks.check_widget(L, next(k for k in L.positions() if "coral 5 in hand" in k))
    assert all(str(a).startswith("place") for a in app.state.legal_actions())


def test_the_widget_shows_the_board_it_advises_on():
    """Above the advisor's table, the position itself (White Castle's own picture)."""
    from IPython.core.interactiveshell import InteractiveShell

    InteractiveShell.instance()  # display() formats rich output as in a kernel
    try:
        app = L.Explorer(budget=10, seed=1, budgets=(10, 100))
    finally:
        InteractiveShell.clear_instance()
    assert "<svg" in app.output.value and "Coral bridge" in app.output.value
    assert app.output.value.index("<svg") < app.output.value.index("<table")


def test_the_ladder_plays_every_pairing_of_random_greedy_and_mcts():
    checks.check_ladder(L)


@pytest.fixture(scope="module")
def korean():
    yield from in_korean(lambda: checks.korean_build(L, L.teaching_state()))


def test_every_label_has_a_korean_entry_and_glyph(korean):
    checks.check_korean(korean, "whitecastle")

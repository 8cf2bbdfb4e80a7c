"""Experiments (issue 11, point 5): a forcing wrapper and a sensitivity rerun, as tidy tables."""

import random

import pytest

from boardlab.core.experiments import ARM_COLUMNS, Forcing, experiment, sensitivity
from toygame import ROLL, STOP, ToyRace


def stop_at_once(state):
    """Stop as soon as stopping is allowed (after the first roll)."""
    return STOP if STOP in state.legal_actions() else None


def test_forcing_takes_the_choice_with_probability_p_and_otherwise_plays_the_policy():
    state = ToyRace(players=2).new_game(1)
    state.apply("roll")
    while state.turn_points == 0:
        state.apply("roll")
    always = Forcing("cautious", stop_at_once, p=1.0)
    never = Forcing("cautious", stop_at_once, p=0.0)
    rng = random.Random(0)
    assert all(always(state, rng) == STOP for _ in range(20))
    cautious_choice = STOP if state.turn_points >= 8 else ROLL
    assert all(never(state, rng) == cautious_choice for _ in range(20))
    half = [Forcing("random", stop_at_once, p=0.5)(state, rng) for _ in range(2000)]
    # forced half the time, and the random policy stops in half of the rest: 3/4 stops
    assert abs(half.count(STOP) / 2000 - 0.75) < 4 * (0.75 * 0.25 / 2000) ** 0.5


def test_forcing_refuses_an_illegal_choice_and_a_bad_probability():
    state = ToyRace(players=2).new_game(1)
    with pytest.raises(ValueError, match="not a legal option now"):
        Forcing("random", lambda s: "stop")(state, random.Random(0))  # stop before any roll
    with pytest.raises(ValueError, match="p must be a probability"):
        Forcing("random", stop_at_once, p=1.5)


def test_experiment_compares_arms_on_the_same_games_with_the_effect_and_its_error():
    game = ToyRace(players=2)
    df = experiment(game, {"cautious": "cautious", "stop at once": Forcing("cautious", stop_at_once)},
                    opponents="cautious", games=60, seed=2)
    assert list(df.columns) == ARM_COLUMNS and list(df.arm) == ["cautious", "stop at once"]
    base, forced = df.iloc[0], df.iloc[1]
    assert base.effect_win_rate == 0 and base.effect_total_se == 0
    assert forced.effect_total == pytest.approx(forced.total - base.total)
    assert forced.effect_total_se == pytest.approx((forced.total_se ** 2 + base.total_se ** 2) ** 0.5)
    # stopping after one roll banks at most 6 a turn: it scores far less than stopping at 8
    assert forced.effect_total + 4 * forced.effect_total_se < 0
    assert (df.games == 60).all()


def test_sensitivity_reruns_the_comparison_with_one_option_changed():
    df = sensitivity(ToyRace(players=2), "rounds", [1, 4], ["cautious", "random"], games=30, seed=1)
    assert list(df.columns) == ["option", "value", "policy", "games", "total", "total_se", "win_rate",
                                "win_rate_se"]
    assert len(df) == 4 and set(df.value) == {1, 4}
    cautious = df[df.policy == "cautious"].set_index("value").total
    assert cautious[4] > cautious[1]  # four rounds bank more than one
    with pytest.raises(ValueError, match="no option 'turns'"):
        sensitivity(ToyRace(players=2), "turns", [1], ["random", "random"], games=2)

"""Experiments (issue 11, point 5): a forcing wrapper and a sensitivity rerun, as tidy tables."""

import math
import random
import re

import pytest

from boardlab.core.experiments import ARM_COLUMNS, OUTCOME_COLUMNS, Forcing, experiment, sensitivity
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


def test_experiment_pairs_the_arms_on_the_same_deals_and_returns_the_games():
    game = ToyRace(players=2)
    res = experiment(game, {"cautious": "cautious", "stop at once": Forcing("cautious", stop_at_once)},
                     opponents="cautious", games=60, seed=4)  # (stream 2: seeds 2 and 3 each deal a game
    df, games = res.summary, res.outcomes                        # where the forced stop never fires)
    assert list(df.columns) == ARM_COLUMNS and list(df.arm) == ["cautious", "stop at once"]
    assert list(games.columns) == OUTCOME_COLUMNS and len(games) == 2 * 60 * 2
    # every arm plays every deal from every seat: the arm sits at its rotation
    for _, part in games.groupby("arm"):
        assert sorted(zip(part.deal, part.rotation)) == [(d, r) for d in range(60) for r in range(2)]
    assert (games.seat == games.rotation).all()
    base, forced = df.iloc[0], df.iloc[1]
    assert base.effect_win_rate == 0 and base.effect_total_se == 0
    assert forced.effect_total == pytest.approx(forced.total - base.total)
    # the paired error is the spread of the per-deal differences
    per_deal = games.pivot_table(index="deal", columns="arm", values="total", aggfunc="mean")
    diff = per_deal["stop at once"] - per_deal["cautious"]
    assert forced.effect_total_se == pytest.approx(diff.std(ddof=1) / len(diff) ** 0.5)
    assert forced.effect_total_low < forced.effect_total < forced.effect_total_high
    # stopping after one roll banks at most 6 a turn: it scores far less than stopping at 8
    assert forced.effect_total_high < 0
    assert (df.deals == 60).all() and (df.games == 120).all()
    # uptake: the cautious base never stops before 8, so every forced stop fired and changed its choice
    assert forced.fired_games == 1 and forced.changed_games == 1
    assert forced.fired_per_game == pytest.approx(forced.changed_per_game)
    assert math.isnan(base.fired_games)


def test_sensitivity_reruns_the_comparison_with_one_option_changed():
    df = sensitivity(ToyRace(players=2), "rounds", [1, 4], ["cautious", "random"], games=30, seed=1)
    assert list(df.columns) == ["option", "value", "policy", "games", "total", "total_se", "win_rate",
                                "win_rate_se"]
    assert len(df) == 4 and set(df.value) == {1, 4}
    cautious = df[df.policy == "cautious"].set_index("value").total
    assert cautious[4] > cautious[1]  # four rounds bank more than one
    with pytest.raises(ValueError, match="no option 'turns'"):
        sensitivity(ToyRace(players=2), "turns", [1], ["random", "random"], games=2)


def test_effect_view_and_figure_speak_korean_with_the_same_numbers():
    """Issue 27 (tables and figures in Korean): an experiment's view and figure carry no English
    header, word or label when the arms are glossary words; the numbers are those of the English view."""
    from boardlab import alea
    from boardlab.core import glossary
    from boardlab.core.experiments import effect_figure, effect_view
    from tests.core.test_korean_tables import english_words

    res = experiment(alea.Game(players=2), {"random": "random", "greedy": "greedy"}, opponents="random", games=3,
                     seed=1)
    english = effect_view(res.summary)
    glossary.use_language("ko")
    glossary.clear_missing()
    try:
        korean = effect_view(res.summary)
        fig = effect_figure(res)
    finally:
        glossary.use_language("en")
    assert list(korean.columns)[0] == "게임 수" and list(korean.index) == ["무작위", "탐욕"]
    assert korean.iloc[0, 3] == "기준" and english.iloc[0, 3] == "baseline"
    numbers = [re.findall(r"[−+]?\d+(?:\.\d+)?", str(v)) for v in english.to_numpy().ravel()]
    assert numbers == [re.findall(r"[−+]?\d+(?:\.\d+)?", str(v)) for v in korean.to_numpy().ravel()]
    texts = [*map(str, korean.columns), korean.index.name, *map(str, korean.to_numpy().ravel())]
    texts += [t.get_text() for t in fig.findobj(lambda o: hasattr(o, "get_text"))]
    left = {w for t in texts for w in english_words(t)} - {"boardlab", "Alea", "Iacta", "Est"}
    assert not left and not glossary.missing(), (left, glossary.missing())

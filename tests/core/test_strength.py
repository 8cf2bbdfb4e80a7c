"""The strong-player lessons' shared views (boardlab.core.strength): the advisor's table and
plot, the ladder's verdicts, reaching a position, and the widget, on tables of the advisor's
and the tournament's documented shape (api of issue 11) and on the core's toy game."""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from boardlab.core import glossary, strength, tables  # noqa: E402
from boardlab.core.stats import wilson_interval  # noqa: E402
from toygame import ToyRace as ToyGame  # noqa: E402  (tests/core/conftest.py puts it on the path)

T = glossary.terms("whitecastle")


def advice_of(margins, visits=None, ses=None, win_rates=None) -> pd.DataFrame:
    """A table in the advisor's documented shape, best first."""
    n = len(margins)
    visits = visits or [100] * n
    ses = ses or [0.5] * n
    win_rates = win_rates or [0.5] * n
    df = pd.DataFrame({"action": [f"option {i}" for i in range(n)], "visits": visits, "margin": margins,
                       "margin_se": ses, "win_rate": win_rates,
                       "win_rate_se": [math.sqrt(w * (1 - w) / v) for w, v in zip(win_rates, visits)]})
    df.attrs.update(game="whitecastle", player=0, budget=sum(visits), seed=3, rollout="random")
    return df


def pairings_of(rows) -> pd.DataFrame:
    """A tournament pairing table from (a, b, games, wins_a, margin_a)."""
    out = []
    for a, b, games, wins, margin in rows:
        low, high = wilson_interval(wins, games)
        out.append({"a": a, "b": b, "games": games, "wins_a": wins, "win_rate_a": wins / games, "ci_low": low,
                    "ci_high": high, "margin_a": margin, "margin_a_se": 1.0})
    return pd.DataFrame(out)


def test_advice_view_shows_every_option_in_the_table_style():
    shown = strength.advice_view(advice_of([3.25, 1.0, -2.5], win_rates=[0.75, 0.5, 0.25]), T)
    tables.check_article(shown)
    assert list(shown.index) == [1, 2, 3] and shown.index.name == "rank"
    assert list(shown["option"]) == ["option 0", "option 1", "option 2"]
    assert shown.iloc[0]["mean final margin (points)"] == "3.25 ± 0.50"
    assert shown.iloc[2]["mean final margin (points)"] == "−2.50 ± 0.50"
    assert shown.iloc[0]["win rate"] == "75.0 % ± 4.3 %"


def test_advice_view_refuses_a_table_without_the_advisors_columns():
    with pytest.raises(ValueError, match="margin_se"):
        strength.advice_view(advice_of([1.0]).drop(columns=["margin_se"]), T)
    with pytest.raises(ValueError, match="no row"):
        strength.advice_view(advice_of([1.0]).iloc[0:0], T)


def test_close_call_compares_the_best_two_options_within_two_standard_errors():
    assert not strength.close_call(advice_of([3.0, 1.0], ses=[0.5, 0.5]))   # 2.0 > 2 * 0.71
    # the advisor's rule: the win rate counts too (0.75 - 0.5 > 2 * hypot(0.043, 0.05))
    assert not strength.close_call(advice_of([3.0, 2.9], win_rates=[0.75, 0.5]))
    assert strength.close_call(advice_of([3.0, 2.0], ses=[0.5, 0.5]))       # 1.0 <= 1.41
    assert not strength.close_call(advice_of([3.0]))                         # one option: nothing to compare


def test_separation_marks_the_options_more_than_two_standard_errors_below_the_favourite():
    advice = advice_of([3.0, 2.0, 0.0, -1.0], ses=[0.5, 0.5, 0.5, float("nan")])
    sep = strength.separation(advice)
    assert list(sep["margin_gap"]) == [0.0, 1.0, 3.0, 4.0] and list(sep["win_gap"]) == [0.0] * 4
    assert list(sep["clearly_worse"]) == [False, False, True, False]   # 3.0 > 2 * 0.71; no SE: never
    assert list(sep["close"]) == [True, True, False, False]
    # one rule with the advisor's close column: a win rate outside the error separates too
    advice = advice_of([3.0, 2.9, 2.8], win_rates=[0.75, 0.7, 0.4])
    assert list(strength.separation(advice)["clearly_worse"]) == [False, False, True]


def test_advice_figure_draws_the_best_options_with_95_percent_bars():
    advice = advice_of([float(20 - i) for i in range(20)], ses=[1.0] * 20)
    fig = strength.advice_figure(advice, T, "provenance line", top=5)
    margin_axis = fig.axes[0]
    labels = [t.get_text() for t in margin_axis.get_yticklabels()]
    assert labels == ["option 4", "option 3", "option 2", "option 1", "option 0"]  # best at the top
    assert "(best 5 of 20 options)" in fig._suptitle.get_text()
    assert fig.texts[-1].get_text() == "provenance line"
    # the bar of the best option spans 1.96 standard errors either side of its mean
    segments = [c for c in margin_axis.collections if hasattr(c, "get_segments")]
    spans = sorted((round(s[0][0], 6), round(s[1][0], 6)) for c in segments for s in c.get_segments())
    assert (round(20 - 1.96, 6), round(20 + 1.96, 6)) in spans


def test_advice_note_names_budget_seed_and_rollout():
    assert strength.advice_note(advice_of([1.0, 0.0]), T) == "advisor budget 200, seed 3, random rollouts"


def test_rung_and_verdict_read_the_wilson_interval_from_the_stronger_side():
    pairings = pairings_of([("random", "greedy", 40, 4, -12.0), ("random", "mcts", 40, 2, -20.0),
                            ("greedy", "mcts", 40, 18, -1.0)])
    greedy = strength.rung(pairings, "greedy", "random")   # stored as (random, greedy): turned round
    assert greedy["wins"] == 36 and greedy["margin"] == 12.0
    assert (greedy["ci_low"], greedy["ci_high"]) == pytest.approx(wilson_interval(36, 40))
    assert strength.verdict(pairings, "greedy", "random") == "stronger"
    assert strength.verdict(pairings, "random", "greedy") == "weaker"
    assert strength.verdict(pairings, "mcts", "greedy") == "unresolved"   # 22 of 40: the interval holds 1/2
    with pytest.raises(ValueError, match="no pairing"):
        strength.rung(pairings, "mcts", "expert")


def test_a_tie_counts_half_a_win_to_each_side():
    pairings = pairings_of([("random", "greedy", 10, 2.5, -5.0)])
    greedy = strength.rung(pairings, "greedy", "random")
    assert greedy["wins"] == 7.5 and greedy["win_rate"] == 0.75
    assert (greedy["ci_low"], greedy["ci_high"]) == pytest.approx(wilson_interval(7.5, 10))
    assert strength.ladder_view(pairings, T, order=("random", "greedy")).iloc[0]["wins"] == "7.5"


def test_ladder_view_and_figure_list_every_pairing_of_the_ladder():
    pairings = pairings_of([("random", "greedy", 40, 4, -12.0), ("random", "mcts", 40, 2, -20.0),
                            ("greedy", "mcts", 40, 18, -1.0)])
    shown = strength.ladder_view(pairings, T)
    tables.check_article(shown)
    assert list(shown.index) == ["greedy vs random", "mcts vs random", "mcts vs greedy"]
    assert list(shown["verdict"]) == ["first is stronger", "first is stronger", "not resolved"]
    assert shown.loc["mcts vs greedy", "win rate"] == "55.0 %"
    fig = strength.ladder_figure(pairings, T, "note")
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["mcts vs greedy", "mcts vs random",
                                                                     "greedy vs random"]


def test_the_ladder_figure_draws_a_clean_sweep_whose_interval_misses_it_by_a_rounding_error():
    # 6 of 6: the Wilson upper bound of p = 1 can come out as 0.9999999999999999
    pairings = pairings_of([("greedy", "random", 6, 6, 20.0)])
    pairings["ci_high"] = 1 - 1e-16
    assert pairings["ci_high"].iloc[0] < pairings["win_rate_a"].iloc[0]
    fig = strength.ladder_figure(pairings, T, "note", order=("random", "greedy"))
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["greedy vs random"]


def test_reach_plays_on_to_the_decision_asked_for_and_refuses_a_finished_game():
    game = ToyGame(players=2)
    state = strength.reach(game.new_game(5), lambda s: len(s.history) == 3, seed=1)
    assert len(state.history) == 3 and not state.is_over
    with pytest.raises(ValueError, match="ended before"):
        strength.reach(game.new_game(5), lambda s: False, seed=1)


def test_via_json_rebuilds_the_same_position():
    state = strength.reach(ToyGame(players=2).new_game(2), lambda s: len(s.history) == 2, seed=0)
    again = strength.via_json(state)
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()


def test_the_explorer_answers_each_position_and_budget_it_is_set_to():
    game = ToyGame(players=2)
    asked = []

    def fake_advise(state, budget):
        asked.append(budget)
        return advice_of([1.0 * budget, 0.0])

    positions = {"start": lambda: game.new_game(1),
                 "later": lambda: strength.reach(game.new_game(1), lambda s: len(s.history) == 2)}
    app = strength.AdviceExplorer(positions, fake_advise, lambda s, a: "note", T, budget=40, budgets=(10, 100))
    assert app.calls == 1 and asked == [40] and len(app.state.history) == 0
    app.controls["budget"].value = 60
    assert asked[-1] == 60 and app.advice.iloc[0]["margin"] == 60.0
    app.controls["position"].value = "later"
    assert len(app.state.history) == 2 and app.calls == 3
    assert "option 0" in app.output.value and app.summary.value == f"At budget 60, best for player {app.state.to_move}: <b>option 0</b>"
    assert app.figure.axes[0].get_yticklabels()[-1].get_text() == "option 0"
    with pytest.raises(ValueError, match="at least one position"):
        strength.AdviceExplorer({}, fake_advise, lambda s, a: "", T, budget=10)


def test_a_control_changed_while_the_advisor_works_gets_its_own_answer():
    """The picture always answers the values the controls hold when it is shown: a change that
    arrives while an older answer is computed is answered again (the stale picture is dropped)."""
    game = ToyGame(players=2)
    app = None

    def slow_advise(state, budget):
        if app is not None and budget == 60:          # the reader moves the slider again meanwhile
            app.controls["budget"].unobserve_all()    # (this change is only seen, not observed)
            app.controls["budget"].value = 80
        return advice_of([float(budget), 0.0])

    app = strength.AdviceExplorer({"start": lambda: game.new_game(1)}, slow_advise, lambda s, a: "", T,
                                  budget=40, budgets=(10, 100))
    app.controls["budget"].value = 60
    assert app.advice.iloc[0]["margin"] == 80.0 and "At budget 80" in app.summary.value
    assert "80.00" in app.output.value and "60.00" not in app.output.value


def test_the_explorer_shows_a_failing_advisor_in_its_picture():
    game = ToyGame(players=2)

    def failing(state, budget):
        raise ValueError("bad budget")

    app = strength.AdviceExplorer({"start": lambda: game.new_game(1)}, failing, lambda s, a: "", T, budget=10)
    assert "bad budget" in app.output.value and app.summary.value == ""


def test_lesson_ladder_passes_the_mcts_budget_to_the_games_policy(monkeypatch):
    from boardlab.core import tournament

    seen = {}

    class Game:
        name, players = "toy", 2

        def policy(self, name, **params):
            seen["policy"] = (name, params)
            return "the mcts policy"

    def fake_tournament(game, players, games, seed, workers, progress):
        seen["tournament"] = (list(players.items()), games, seed)
        return "result"

    monkeypatch.setattr(tournament, "tournament", fake_tournament)
    lesson = strength.Lesson(Game(), T, dict)
    assert lesson.ladder(games=6, iterations=9, seed=4) == "result"
    assert seen["policy"] == ("mcts", {"iterations": 9, "seed": 4})
    # strongest first: each pairing's first player is the one the ladder expects to win
    assert seen["tournament"] == ([("mcts", "the mcts policy"), ("greedy", "greedy"), ("random", "random")], 6, 4)


def test_lesson_advice_summary_states_the_ranking_rule_and_the_options_within_the_error():
    from boardlab.core.advise import RANKING_RULE

    table = advice_of([2.0, 1.5, -3.0], win_rates=[0.6, 0.55, 0.3])
    table["close"] = [True, True, False]
    table.attrs.update(strength={"player": "plain rollouts", "rating": None})
    text = strength.Lesson(ToyGame(), T, dict).advice_summary(table)
    rule, advice = text.split("\n")
    assert rule == RANKING_RULE["en"]
    assert advice.startswith("Best: option 0 (win rate 60.0 ± 4.9 %, margin +2.0 ± 0.5).")
    assert "Within the error of it: option 1: both good." in advice and "option 2" not in advice

"""boardlab.advise (issues 11 and 28): every option with its value and a calibrated error, ranked
by the estimate it shows, by the game's own search player."""

import json
import math
import random

import numpy as np
import pytest

import boardlab
from boardlab import whitecastle
from boardlab.core import advise as advise_module
from boardlab.core.search import DEFAULT_ITERATIONS
from boardlab.core.advise import COLUMNS, RANKING_RULE, shares, strength, summary
from boardlab.core.game import game_class
from test_search import race_position


def test_advise_lists_every_option_best_first_with_its_errors():
    state = race_position()
    df = boardlab.advise(state, budget=300, seed=1, progress=False)
    assert list(df.columns) == COLUMNS and sorted(df.action) == ["roll", "stop"]
    assert df.action[0] == "stop" and df.visits.sum() == 300
    stop = df.iloc[0]
    assert stop.win_rate == 1.0 and stop.win_rate_se == 0.0  # banking 12 against 10 always wins
    assert stop.margin == 2.0 and stop.margin_se == 0.0
    roll = df.iloc[1]
    assert 0 < roll.win_rate < 1 and roll.win_rate_se > 0
    assert not roll.close  # 1.0 against a gamble: clearly apart
    attrs = dict(df.attrs)
    assert {k: attrs[k] for k in ("game", "player", "budget", "seed", "rollout", "workers", "repeats", "forced")} == {
        "game": "toyrace", "player": 1, "budget": 300, "seed": 1, "rollout": None, "workers": 1, "repeats": 1,
        "forced": False}
    assert attrs["ranking"] == RANKING_RULE["en"] and attrs["stability"] == 1.0


def test_options_are_ranked_by_the_win_rate_they_show_not_by_visits():
    from boardlab import alea

    state = alea.Game(players=2).new_game(5)
    df = boardlab.advise(state, budget=60, seed=0, progress=False)
    rated = df[df.win_rate_se.notna()]
    assert list(rated.win_rate) == sorted(rated.win_rate, reverse=True)
    assert list(df.win_rate_se.isna()) == sorted(df.win_rate_se.isna())  # untried or tried once: last


def test_close_marks_options_within_two_errors_of_the_best():
    df = boardlab.advise(race_position(), budget=300, seed=1, progress=False)
    best = df.iloc[0]
    for _, row in df.iterrows():
        within = all(abs(best[v] - row[v]) <= 2 * math.hypot(best[v + "_se"], row[v + "_se"])
                     for v in ("win_rate", "margin"))
        assert row.close == within


def test_the_default_is_the_games_search_player(monkeypatch):
    from boardlab import elgrande

    game = elgrande.Game(players=2)
    seen = []
    real = advise_module.search

    def spy(state, iterations, rng, settings, **kw):
        seen.append(settings)
        return real(state, iterations, rng, settings, **kw)

    monkeypatch.setattr(advise_module, "search", spy)
    state = game.new_game(1)
    df = boardlab.advise(state, seed=0, progress=False)
    budget = DEFAULT_ITERATIONS["elgrande"]
    assert df.attrs["budget"] == budget and df.visits.sum() == budget  # El Grande's default budget
    assert seen and all(s == game.policy("mcts").settings for s in seen)
    boardlab.advise(state, budget=8, seed=0, rollout="random", progress=False)
    assert seen[-1].rollout is None and seen[-1].evaluate is None  # plain random rollouts when asked


def test_a_forced_decision_is_answered_without_a_search(monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("a forced decision must not be searched")

    monkeypatch.setattr("boardlab.core.advise.search", no_search)
    state = race_position(turn_points=0)  # nothing rolled yet this turn: "roll" is the only option
    df = boardlab.advise(state, budget=300, seed=1, progress=False)
    assert list(df.action) == ["roll"] and df.visits[0] == 0 and df.margin.isna().all()
    assert df.attrs["forced"] is True and df.attrs["budget"] == 0
    assert summary(df) == "Only one option: roll."


def test_rolling_wins_at_most_five_times_in_six_as_a_first_roll_bust_loses():
    df = boardlab.advise(race_position(), budget=400, seed=2, progress=False).set_index("action")
    roll = df.loc["roll"]
    assert roll.win_rate <= 5 / 6 + 4 * roll.win_rate_se


def test_advise_never_changes_the_state_and_works_on_a_position_from_json():
    game = whitecastle.Game(players=2)
    state = game.new_game(3)
    state.apply(state.legal_actions()[0])
    before = state.to_json()
    loaded = game.state_from_json(json.loads(json.dumps(before)))
    a = boardlab.advise(state, budget=30, seed=4, progress=False)
    b = boardlab.advise(loaded, budget=30, seed=4, progress=False)
    assert state.to_json() == before
    assert a.equals(b)  # same seed, same table
    assert set(a.action) == {str(x) for x in state.legal_actions()}


def test_progress_callable_sees_every_iteration_counted():
    seen = []
    boardlab.advise(race_position(), budget=50, seed=0, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (50, 50) and all(t == 50 for _, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_table_is_the_same_whatever_the_number_of_workers():
    state = race_position()
    one = boardlab.advise(state, budget=60, seed=3, progress=False)
    two = boardlab.advise(state, budget=60, seed=3, workers=2, progress=False)
    assert one.equals(two) and two.visits.sum() == 60 and two.attrs["workers"] == 2
    assert shares(61, 2) == [31, 30]


def test_repeats_pool_several_seeds_and_report_how_stable_the_best_is():
    from boardlab import alea

    state = alea.Game(players=2).new_game(5)
    df = boardlab.advise(state, budget=40, seed=0, repeats=3, progress=False)
    assert df.visits.sum() == 120 and df.best_in.sum() == 3
    assert df.attrs["stability"] == df.best_in[0] / 3
    first = boardlab.advise(state, budget=40, seed=0, progress=False)
    assert first.best_in.sum() == 1  # a single run: its own best
    assert "runs." in summary(df) and "번 중" in summary(df, "ko")


def test_strength_comes_from_the_ratings_table_or_says_not_rated():
    from boardlab import alea, fivetribes

    rated = strength(alea.Game(players=2), 100)
    assert rated["player"] == "mcts-100" and rated["ci_low"] < rated["rating"] < rated["ci_high"]
    other = strength(alea.Game(players=2), 77)
    assert other["player"] == "mcts-77" and other["rating"] is None and other["reference"] == rated
    df = boardlab.advise(alea.Game(players=2).new_game(5), seed=0, progress=False)
    assert df.attrs["strength"] == rated
    assert f"rated {rated['rating']:.0f}" in summary(df)
    unrated = boardlab.advise(race_position(), budget=20, seed=0, progress=False)
    assert "(not rated)" in summary(unrated) and "(평점 없음)" in summary(unrated, "ko")
    # plain rollouts are not the rated player: the summary says so and gives the rated one for scale
    plain = boardlab.advise(alea.Game(players=2).new_game(5), budget=8, rollout="random", seed=0, progress=False)
    assert plain.attrs["strength"]["player"] == "plain random rollouts, 8 a decision"
    assert f"(not rated). For scale: this game's search player mcts-100 is rated {rated['rating']:.0f}" in summary(plain)
    assert "무작위 롤아웃 (결정마다 8회)의 조언입니다 (평점 없음). 비교 기준: 이 게임의 탐색 플레이어 mcts-100" in summary(plain, "ko")


def test_summary_names_the_options_within_the_error_of_the_best():
    df = boardlab.advise(race_position(), budget=300, seed=1, progress=False)
    assert summary(df).startswith("Best: stop (win rate 100.0 ± 0.0 %, margin +2.0 ± 0.0).")
    assert "clearly ahead" in summary(df)
    close = df.copy()
    close.attrs = dict(df.attrs)
    close["close"] = True
    assert "Within the error of it: roll: both good." in summary(close)
    assert "오차 범위 안에 있는 선택지: roll" in summary(close, "ko")


# -- calibration: the reported error is the real spread over random seeds --------------------------

#: (game, game seed, most options, budget): a position a few greedy moves in, a small budget
CALIBRATION = [("whitecastle", 6, 6, 100), ("fivetribes", 5, 4, 24), ("alea", 5, 5, 100), ("elgrande", 5, 30, 200)]


def calibration_position(name: str, seed: int, most: int):
    """The first decision with 3 to ``most`` options after at least 4 greedy moves of game ``seed``."""
    game = game_class(name)(players=2)
    state, greedy, rng = game.new_game(seed), game.policy("greedy"), random.Random(1)
    for step in range(1000):
        if step >= 4 and 3 <= len(state.legal_actions()) <= most:
            return state
        state.apply(greedy(state, rng))
    raise AssertionError("no such decision")


@pytest.mark.parametrize("name, seed, most, budget", CALIBRATION)
def test_the_reported_error_matches_the_spread_over_twenty_seeds(name, seed, most, budget):
    state = calibration_position(name, seed, most)
    tables = [boardlab.advise(state, budget=budget, seed=s, progress=False).set_index("action") for s in range(20)]
    best = tables[0].index[0]
    for value in ("win_rate", "margin"):
        spread = np.std([t.loc[best, value] for t in tables], ddof=1)
        reported = np.mean([t.loc[best, value + "_se"] for t in tables])
        assert 0.7 <= spread / reported <= 1.5, (name, value, spread, reported)


def test_greedy_rollouts_are_accepted():
    from boardlab import alea

    state = alea.Game(players=2).new_game(1)
    df = boardlab.advise(state, budget=4 * len(state.legal_actions()), seed=0, rollout="greedy", progress=False)
    assert df.attrs["rollout"] == "greedy" and df.visits.sum() == 4 * len(state.legal_actions())
    assert df.win_rate.dropna().between(0, 1).all()


@pytest.mark.parametrize("kwargs, message", [
    ({"budget": 0}, "budget must be a positive integer"),
    ({"budget": 2.5}, "budget must be a positive integer"),
    ({"seed": "x"}, "seed must be an integer"),
    ({"rollout": "clever"}, "rollout must be None"),
    ({"workers": 0}, "workers must be an integer >= 1"),
    ({"progress": "yes"}, "progress must be None"),
    ({"repeats": 0}, "repeats must be an integer from 1 to 100"),
])
def test_bad_arguments_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        boardlab.advise(race_position(), **kwargs)


def test_a_finished_game_or_a_non_state_is_refused():
    state = race_position()
    state.apply("stop")
    with pytest.raises(ValueError, match="game is over"):
        boardlab.advise(state)
    with pytest.raises(ValueError, match="state must be a game position"):
        boardlab.advise({"round": 1})

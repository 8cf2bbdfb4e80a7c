"""boardlab.advise (issue 11, point 2): one row per legal option with its value and error."""

import json
import pytest

import boardlab
from boardlab import whitecastle
from boardlab.core.advise import COLUMNS, shares
from boardlab.core.stats import agrees_within
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
    assert df.attrs == {"game": "toyrace", "player": 1, "budget": 300, "seed": 1, "rollout": "random",
                        "workers": 1, "forced": False}


def test_a_forced_decision_is_answered_without_a_search(monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("a forced decision must not be searched")

    monkeypatch.setattr("boardlab.core.advise.search", no_search)
    state = race_position(turn_points=0)  # nothing rolled yet this turn: "roll" is the only option
    df = boardlab.advise(state, budget=300, seed=1, progress=False)
    assert list(df.action) == ["roll"] and df.visits[0] == 0 and df.margin.isna().all()
    assert df.attrs["forced"] is True and df.attrs["budget"] == 0


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


def test_several_workers_share_the_budget_and_repeat_for_the_same_seed():
    state = race_position()
    a = boardlab.advise(state, budget=60, seed=3, workers=2, progress=False)
    b = boardlab.advise(state, budget=60, seed=3, workers=2, progress=False)
    assert a.equals(b) and a.visits.sum() == 60 and a.attrs["workers"] == 2
    assert shares(61, 2) == [31, 30]


def test_greedy_rollouts_are_accepted():
    from boardlab import alea

    state = alea.Game(players=2).new_game(1)
    df = boardlab.advise(state, budget=len(state.legal_actions()), seed=0, rollout="greedy", progress=False)
    assert df.attrs["rollout"] == "greedy" and (df.visits == 1).all()  # every option tried once
    assert df.win_rate.between(0, 1).all() and df.win_rate_se.isna().all()  # one try: no error yet


@pytest.mark.parametrize("kwargs, message", [
    ({"budget": 0}, "budget must be a positive integer"),
    ({"budget": 2.5}, "budget must be a positive integer"),
    ({"seed": "x"}, "seed must be an integer"),
    ({"rollout": "clever"}, "rollout must be 'random' or 'greedy'"),
    ({"workers": 0}, "workers must be an integer >= 1"),
    ({"progress": "yes"}, "progress must be None"),
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

"""observe(): the games simulate() plays, watched decision by decision (on the toy dice race)."""

import functools
import threading

import pandas as pd
import pytest

from boardlab.core.observe import GameInfo, observe
from boardlab.core.policies import play
from boardlab.core.simulate import game_seeds, simulate
from toygame import InterruptAt, ToyRace

GAME = ToyRace(players=3)
POLICIES = ["random", "cautious", "random"]


class RollWatcher:
    """Notes every roll (who rolled, with how many turn points, what came up) and each seat's
    policy; with ``rounds`` it stops the game once that many rounds are over."""

    def __init__(self, rounds=None):
        self.rounds = rounds

    def start(self, state, info):
        assert isinstance(info, GameInfo) and len(state.history) == 0
        self.info = info
        self.rolls = []
        self.pending = None

    def _settle(self, state):
        # the position after a roll shows its face (state.last_roll)
        if self.pending is not None:
            self.pending["face"] = state.last_roll
            self.rolls.append(self.pending)
            self.pending = None

    def step(self, state, action):
        self._settle(state)
        assert state.to_move is not None and action in state.legal_actions()
        if action.kind == "roll":
            self.pending = {"round": state.round, "player": state.player, "points before": state.turn_points,
                            "policy": self.info.policies[state.player]}

    def stop(self, state):
        return self.rounds is not None and state.round > self.rounds

    def finish(self, state):
        self._settle(state)
        return {"rolls": self.rolls, "seats": [{"seat": s, "policy": p} for s, p in enumerate(self.info.policies)]}


@pytest.fixture(scope="module")
def watched():
    return observe(GAME, POLICIES, games=30, seed=11, observer=RollWatcher)


def test_scores_are_the_table_simulate_returns(watched):
    table = simulate(GAME, POLICIES, games=30, seed=11)
    pd.testing.assert_frame_equal(watched["scores"], table)
    assert watched["scores"].attrs == table.attrs


def test_the_observer_sees_every_decision_and_the_position_after_it(watched):
    rolls, scores = watched["rolls"], watched["scores"]
    assert list(rolls.columns) == ["game_id", "round", "player", "points before", "policy", "face"]
    assert list(rolls.game_id) == sorted(rolls.game_id) and set(rolls.game_id) == set(range(30))
    # a six scores a "sixes" point that is never lost: the observed faces give the sheet's column
    sixes = (rolls[rolls.face == 6].groupby(["game_id", "player"]).size()
             .reindex(pd.MultiIndex.from_frame(scores[["game_id", "seat"]]), fill_value=0))
    assert list(sixes) == list(scores.sixes)
    # rolls plus stops are the game's decisions
    stops = scores.groupby("game_id").decisions.first() - rolls.groupby("game_id").size()
    busts = rolls[rolls.face == 1].groupby("game_id").size().reindex(stops.index, fill_value=0)
    assert (stops + busts == GAME.rounds * GAME.players).all()  # every turn ends with a stop or a bust
    assert (rolls[rolls.policy == "cautious"].player == 1).all()


def test_same_tables_whatever_the_workers(watched):
    parallel = observe(GAME, POLICIES, games=30, seed=11, observer=RollWatcher, workers=2)
    assert list(parallel) == list(watched) == ["scores", "rolls", "seats"]
    for name in watched:
        pd.testing.assert_frame_equal(parallel[name], watched[name])
        assert parallel[name].attrs == watched[name].attrs


def test_the_deprecated_rotate_still_plays_the_games_of_the_rotated_policy_lists_and_warns():
    with pytest.warns(DeprecationWarning, match="use rotate_seats=True"):
        run = observe(GAME, POLICIES, games=6, seed=4, observer=RollWatcher, rotate=True)
    scores = run["scores"]
    assert list(scores[scores.policy == "cautious"].seat) == [1, 2, 0, 1, 2, 0]
    for game_id in range(6):
        rotated = [POLICIES[(s - game_id) % 3] for s in range(3)]
        state = play(GAME, rotated, *game_seeds(4, game_id))
        mine = scores[scores.game_id == game_id]
        assert list(mine.total) == [state.score_sheet()[s]["total"] for s in range(3)]
        assert list(run["seats"][run["seats"].game_id == game_id].policy) == rotated
    assert run["rolls"].attrs["rotate"] is True


def test_rotate_seats_observes_the_games_simulate_plays_with_rotate_seats():
    run = observe(GAME, POLICIES, games=3, seed=4, observer=RollWatcher, rotate_seats=True)
    expected = simulate(GAME, POLICIES, 3, 4, rotate_seats=True)
    pd.testing.assert_frame_equal(run["scores"], expected, check_like=True)
    assert run["rolls"].attrs["rotate_seats"] is True and run["rolls"].game_id.max() == 8


def test_an_observer_can_stop_each_game_early():
    run = observe(GAME, POLICIES, games=5, seed=2, observer=functools.partial(RollWatcher, rounds=1))
    assert run["scores"].empty  # no game reached its end: no score rows
    assert set(run["rolls"]["round"]) == {1} and set(run["rolls"].game_id) == set(range(5))
    full = observe(GAME, POLICIES, games=5, seed=2, observer=RollWatcher)["rolls"]
    pd.testing.assert_frame_equal(run["rolls"], full[full["round"] == 1].reset_index(drop=True))


def test_ctrl_c_keeps_the_games_finished_so_far(watched):
    stop_seed, _ = game_seeds(11, 20)
    run = observe(GAME, [InterruptAt(stop_seed), "cautious", "random"], games=30, seed=11, observer=RollWatcher)
    for name, df in run.items():
        assert df.attrs["partial"] is True and df.attrs["games_finished"] == 20, name
        assert sorted(df.game_id.unique()) == list(range(20)), name
    # InterruptAt plays like "random" until it interrupts: the same games as before
    done = watched["rolls"][watched["rolls"].game_id < 20].drop(columns="policy")
    pd.testing.assert_frame_equal(run["rolls"].drop(columns="policy"), done.reset_index(drop=True))


def test_ctrl_c_with_workers_keeps_every_game_that_finished(watched):
    stop_seed, _ = game_seeds(11, 25)
    run = observe(GAME, [InterruptAt(stop_seed), "cautious", "random"], games=30, seed=11, observer=RollWatcher,
                  workers=2)
    finished = sorted(run["scores"].game_id.unique())
    assert run["rolls"].attrs["partial"] is True and 25 not in finished
    assert sorted(run["rolls"].game_id.unique()) == finished


class ListFinish(RollWatcher):
    def finish(self, state):
        return []


class ClaimsScores(RollWatcher):
    def finish(self, state):
        return {"scores": []}


def test_bad_observers_are_refused_clearly():
    with pytest.raises(ValueError, match="observer must be a factory"):
        observe(GAME, POLICIES, 2, 1, observer=RollWatcher())
    lock = threading.Lock()
    with pytest.raises(ValueError, match="observer .* cannot be sent to worker processes"):
        observe(GAME, POLICIES, 4, 1, observer=lambda: lock and RollWatcher(), workers=2)
    with pytest.raises(TypeError, match="finish\\(\\) must return"):
        observe(GAME, POLICIES, 2, 1, observer=ListFinish)
    with pytest.raises(ValueError, match="cannot be called 'scores'"):
        observe(GAME, POLICIES, 2, 1, observer=ClaimsScores)
    with pytest.raises(ValueError, match="games must be an integer >= 1"):
        observe(GAME, POLICIES, 0, 1, observer=RollWatcher)


def test_an_observer_that_breaks_says_how_to_replay_the_game():
    class Broken(RollWatcher):
        def step(self, state, action):
            raise RuntimeError("observer bug")

    with pytest.raises(RuntimeError, match="observer bug") as caught:
        observe(GAME, POLICIES, 2, 3, observer=Broken)
    seed, policy_seed = game_seeds(3, 0)
    assert f"play(game, policies, seed={seed}, policy_seed={policy_seed})" in "".join(caught.value.__notes__)

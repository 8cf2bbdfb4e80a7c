"""simulate(): the tidy table, seeds that reproduce whatever the workers, partial runs, refusals."""

import numpy as np
import pandas as pd
import pytest

import boardlab
from boardlab.core.policies import play
from boardlab.core.simulate import game_seeds, simulate
from toygame import InterruptAt, ToyRace

GAME = ToyRace(players=3)
POLICIES = ["random", "cautious", "random"]


@pytest.fixture(scope="module")
def table():
    return simulate(GAME, POLICIES, games=40, seed=11)


def test_one_row_per_player_per_game_with_the_sheet_columns_in_order(table):
    assert list(table.columns) == [
        "game_id", "deal", "rotation", "game_seed", "policy_seed", "players", "seat", "policy",
        "banked", "sixes", "total", "rank", "winner", "win_share", "decisions",
    ]
    assert (table.deal == table.game_id).all() and (table.rotation == 0).all()  # not rotated: a deal per game
    assert len(table) == 40 * 3
    assert list(table.game_id) == [i for i in range(40) for _ in range(3)]
    assert list(table.seat[:3]) == [0, 1, 2] and list(table.policy[:3]) == POLICIES
    assert (table.total == table.banked + table.sixes).all()
    assert (table.winner == (table["rank"] == 1)).all()
    assert table.groupby("game_id").winner.sum().ge(1).all()
    assert table.winner.dtype == bool and table["rank"].dtype == np.int64
    # the tie rule: k tied winners get 1/k each, so every game's shares sum to 1
    assert np.allclose(table.groupby("game_id").win_share.sum(), 1.0)
    ties = table[table.groupby("game_id").winner.transform("sum") == 2]
    assert set(ties.loc[ties.winner, "win_share"]) <= {0.5}


def test_every_row_replays_with_play(table):
    row = table.iloc[7]
    state = play(GAME, POLICIES, int(row.game_seed), int(row.policy_seed))
    assert state.score_sheet()[int(row.seat)]["total"] == row.total
    assert state.ranks()[int(row.seat)] == row["rank"]
    assert len(state.history) == row.decisions


def test_game_seeds_are_spawned_children_of_the_run_seed():
    children = np.random.SeedSequence(11).spawn(3)
    assert [game_seeds(11, i) for i in range(3)] == [tuple(int(x) for x in c.generate_state(2)) for c in children]


def test_provenance_and_completeness_in_attrs(table):
    assert table.attrs == {
        "boardlab_version": boardlab.__version__, "game": "toyrace", "options": {"players": 3, "rounds": 3},
        "policies": POLICIES, "games": 40, "seed": 11, "chance": 2,
        "partial": False, "games_requested": 40, "games_finished": 40,
    }


def test_same_seed_same_table_whatever_the_workers(table):
    again = simulate(GAME, POLICIES, games=40, seed=11, workers=1)
    parallel = simulate(GAME, POLICIES, games=40, seed=11, workers=2)
    pd.testing.assert_frame_equal(table, again)
    pd.testing.assert_frame_equal(table, parallel)
    assert parallel.attrs == table.attrs
    # the first games of a longer run are the same games
    longer = simulate(GAME, POLICIES, games=50, seed=11, workers=2)
    pd.testing.assert_frame_equal(longer.iloc[: len(table)], table)


def test_another_seed_gives_other_games(table):
    other = simulate(GAME, POLICIES, games=40, seed=12)
    assert not other.game_seed.equals(table.game_seed)


def test_the_package_level_simulate_is_this_one(table):
    pd.testing.assert_frame_equal(boardlab.simulate(GAME, POLICIES, games=40, seed=11), table)


def test_ctrl_c_returns_the_games_finished_so_far_one_worker(table):
    stop_seed, _ = game_seeds(11, 25)
    df = simulate(GAME, [InterruptAt(stop_seed), "cautious", "random"], games=40, seed=11, progress=False)
    assert df.attrs["partial"] is True
    assert df.attrs["games_requested"] == 40 and df.attrs["games_finished"] == 25
    assert list(df.game_id.unique()) == list(range(25))
    # InterruptAt plays like "random" until it interrupts, so the finished games are the same games
    pd.testing.assert_frame_equal(df.drop(columns="policy"), table[table.game_id < 25].drop(columns="policy"))


def test_ctrl_c_with_workers_keeps_every_game_that_finished(table):
    stop_seed, _ = game_seeds(11, 30)
    df = simulate(GAME, [InterruptAt(stop_seed), "cautious", "random"], games=40, seed=11, workers=2)
    assert df.attrs["partial"] is True
    finished = sorted(df.game_id.unique())
    assert 30 not in finished and len(finished) == df.attrs["games_finished"] < 40
    assert list(df.game_id) == sorted(df.game_id)  # still in game order
    expected = table[table.game_id.isin(finished)].reset_index(drop=True)
    pd.testing.assert_frame_equal(df.drop(columns="policy"), expected.drop(columns="policy"))


def test_interrupted_before_any_game_gives_an_empty_partial_table():
    stop_seed, _ = game_seeds(5, 0)
    df = simulate(GAME, [InterruptAt(stop_seed), "random", "random"], games=3, seed=5)
    assert df.empty and df.attrs["partial"] is True and df.attrs["games_finished"] == 0
    assert "rank" in df.columns


@pytest.mark.parametrize("kwargs, message", [
    ({"policies": ["random"] * 2}, "needs 3 policies"),
    ({"policies": "random"}, "one policy per seat"),
    ({"policies": ["random", "random", "greedy"]}, "unknown policy 'greedy'"),
    ({"games": 0}, "games must be an integer >= 1, got 0"),
    ({"games": 2.5}, "games must be an integer >= 1"),
    ({"workers": 0}, "workers must be an integer >= 1, got 0"),
    ({"seed": "7"}, "seed must be an integer >= 0, got '7'"),
    ({"seed": -1}, "seed must be an integer >= 0"),
    ({"seed": True}, "seed must be an integer"),
    ({"progress": "yes"}, "progress must be True, False or None"),
    ({"game": "toyrace"}, "game must be a Game"),
])
def test_bad_parameters_are_refused_clearly(kwargs, message):
    arguments = {"game": GAME, "policies": POLICIES, "games": 2, "seed": 1} | kwargs
    with pytest.raises(ValueError, match=message):
        simulate(**arguments)


def test_a_lambda_policy_plays_on_two_workers_as_on_one():
    first = lambda s, r: s.legal_actions()[0]  # noqa: E731
    one = simulate(GAME, [first, "random", "random"], games=4, seed=1)
    two = simulate(GAME, [first, "random", "random"], games=4, seed=1, workers=2)
    pd.testing.assert_frame_equal(one, two)


class HoldsALock:
    def __init__(self):
        import threading

        self.lock = threading.Lock()

    def __call__(self, state, rng):
        return state.legal_actions()[0]


def test_a_policy_that_cannot_reach_the_workers_is_refused_before_starting():
    with pytest.raises(ValueError, match="HoldsALock.* cannot be sent to worker processes .*lock"):
        simulate(GAME, [HoldsALock(), "random", "random"], games=4, seed=1, workers=2)


def test_a_failing_game_says_how_to_replay_it():
    def broken(state, rng):
        raise RuntimeError("bot bug")

    with pytest.raises(RuntimeError, match="bot bug") as caught:
        simulate(GAME, [broken, "random", "random"], games=2, seed=3)
    seed, policy_seed = game_seeds(3, 0)
    assert f"play(game, policies, seed={seed}, policy_seed={policy_seed})" in "".join(caught.value.__notes__)


def test_progress_bar_can_be_forced_on(capsys):
    simulate(GAME, POLICIES, games=3, seed=1, progress=True)
    assert "3/3" in capsys.readouterr().err

# A real Ctrl-C (SIGINT to the process group, once and twice, 1 and 2 workers): test_fuzz.py.


def test_a_policy_defined_in_a_notebook_plays_on_worker_processes():
    # a notebook's (or `python -c`'s) __main__ has no file: the policy class travels by value
    # (tests/notebooks/test_notebook_policies.py does the same in a real notebook kernel)
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parent)
    code = (f"import sys; sys.path.insert(0, {here!r}); import toygame\n"
            "from boardlab.core.simulate import simulate\n"
            "class Mine:\n    def __call__(self, state, rng): return state.legal_actions()[0]\n"
            "game = toygame.ToyRace(players=2)\n"
            "two = simulate(game, [Mine(), 'random'], games=4, seed=1, workers=2)\n"
            "print(two.equals(simulate(game, [Mine(), 'random'], games=4, seed=1)), len(two))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["True", "8"], done.stderr

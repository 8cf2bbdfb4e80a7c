"""The Dask backend: the games as tasks on a dask.distributed cluster (a LocalCluster on
loopback here), with the same table as the local run for the same seed."""

import os
import signal

import dask
import distributed  # the dask extra: make test installs it (the "test" extra lists it too)
import pandas as pd
import pytest

from boardlab.core.playing import DASK_SETTINGS, default_batch
from boardlab.core.runs import load_runs, write_run
from boardlab.core.simulate import simulate
from toygame import ToyRace

GAME = ToyRace(players=3)
POLICIES = ["random", "cautious", "random"]


@pytest.fixture(scope="module")
def client():
    # two worker threads of this process over TCP on loopback: quick to start, the same path as a real
    # cluster's (tasks and results serialized), and nothing listens beyond 127.0.0.1; boardlab's
    # settings, as the bench's cluster has them
    with dask.config.set(DASK_SETTINGS):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                           host="127.0.0.1", scheduler_port=0, dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.mark.parametrize("batch", [None, 1, 7, 100])
def test_the_cluster_plays_the_same_table_as_the_local_run(client, batch):
    local = simulate(GAME, POLICIES, games=30, seed=11)
    df = simulate(GAME, POLICIES, games=30, seed=11, backend="dask", client=client, batch=batch)
    pd.testing.assert_frame_equal(df, local)
    assert df.attrs == local.attrs


def test_rotated_seats_and_parquet_output_on_the_cluster(client, tmp_path):
    local = simulate(GAME, POLICIES, games=5, seed=2, rotate_seats=True)
    pd.testing.assert_frame_equal(
        simulate(GAME, POLICIES, games=5, seed=2, rotate_seats=True, backend="dask", client=client, batch=4), local)
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, 5, 2, path, rotate_seats=True, backend="dask", client=client, batch=2)
    pd.testing.assert_frame_equal(load_runs(path), local)


class Broken:
    name = "broken"

    def __call__(self, state, rng):
        raise RuntimeError("this policy is broken")


def test_a_failing_task_raises_its_error_here(client):
    with pytest.raises(RuntimeError, match="this policy is broken"):
        simulate(GAME, [Broken(), "random", "random"], games=4, seed=1, backend="dask", client=client)


def test_bad_backend_arguments_are_refused_before_any_game(client):
    with pytest.raises(ValueError, match=r'backend="dask" needs client=distributed.Client'):
        simulate(GAME, POLICIES, games=2, seed=1, backend="dask")
    with pytest.raises(ValueError, match=r"backend must be one of \['local', 'dask'\], got 'spark'"):
        simulate(GAME, POLICIES, games=2, seed=1, backend="spark")
    with pytest.raises(ValueError, match='client is for backend="dask"'):
        simulate(GAME, POLICIES, games=2, seed=1, client=client)
    with pytest.raises(ValueError, match="batch must be an integer >= 1"):
        simulate(GAME, POLICIES, games=2, seed=1, backend="dask", client=client, batch=0)


def test_boardlab_settings_name_keys_dask_knows_and_quiet_the_workers(client):
    # dask.config.set takes any key silently: a key renamed by a new Dask would quietly do nothing
    defaults = dask.config.merge(*dask.config.defaults)
    for key in DASK_SETTINGS:
        assert dask.config.get(key, default=None, config=defaults) is not None, key
    polls = client.run(lambda dask_worker: (sorted(dask_worker.periodic_callbacks),
                                            dask_worker.periodic_callbacks["monitor"].callback_time))
    for callbacks, monitor_ms in polls.values():
        assert "profile" not in callbacks and monitor_ms == 5000


def test_default_batches_give_each_thread_several_tasks_of_at_most_200_games():
    assert default_batch(10, 2) == 1
    assert default_batch(1600, 2) == 100
    assert default_batch(10**6, 4) == 200


def test_the_command_line_sends_the_games_to_a_scheduler(client, tmp_path, capsys):
    from boardlab import whitecastle
    from boardlab.cli import main

    path = tmp_path / "wc.parquet"
    code = main(["simulate", "whitecastle", "--players", "2", "--games", "6", "--seed", "4", "--batch", "2",
                 "--scheduler", client.scheduler.address, "--out", str(path), "--no-progress"])
    assert code == 0 and f"saved in {path}" in capsys.readouterr().out
    pd.testing.assert_frame_equal(load_runs(path), simulate(whitecastle.Game(players=2), ["random"] * 2, 6, 4))


class CtrlCAt:
    """Plays random, and presses Ctrl-C (SIGINT to this process, as a terminal does) when the game
    with this seed starts: the client's run must stop, cancel its tasks and keep what finished."""

    name = "random"

    def __init__(self, game_seed):
        self.game_seed = game_seed

    def __call__(self, state, rng):
        if state.seed == self.game_seed and not state.history:
            os.kill(os.getpid(), signal.SIGINT)
        return rng.choice(state.legal_actions())


def test_ctrl_c_cancels_the_tasks_and_keeps_the_finished_games(client):
    from boardlab.core.simulate import game_seeds

    stop_seed, _ = game_seeds(11, 9)
    df = simulate(GAME, [CtrlCAt(stop_seed), "cautious", "random"], games=60, seed=11, backend="dask",
                  client=client, batch=3, progress=False)
    assert df.attrs["partial"] is True and 0 < df.attrs["games_finished"] < 60
    local = simulate(GAME, POLICIES, games=60, seed=11)
    pd.testing.assert_frame_equal(df, local[local.game_id.isin(df.game_id)].reset_index(drop=True))

"""Parquet runs: written as the games finish, read back as simulate's table, resumed after
Ctrl-C or a kill to the same table, mismatched resumes refused."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

import boardlab
from boardlab import whitecastle
from boardlab.core.runs import MetadataMismatch, load_runs, parts_folder, read_run_info, write_run
from boardlab.core.simulate import game_seeds, simulate
from toygame import InterruptAt, ToyRace

GAME = ToyRace(players=3)
POLICIES = ["random", "cautious", "random"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def reference():
    return simulate(GAME, POLICIES, games=40, seed=11)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_file_reads_back_as_simulates_table_with_its_attrs(tmp_path, reference, workers):
    path = tmp_path / "runs" / "toy.parquet"
    info = write_run(GAME, POLICIES, 40, 11, path, workers=workers, flush_games=6)
    df = load_runs(path)
    pd.testing.assert_frame_equal(df, reference)
    assert df.attrs == reference.attrs
    assert info["games_finished"] == 40 and info["partial"] is False
    assert not parts_folder(path).exists(), "the parts are merged into the file and removed"
    pd.testing.assert_frame_equal(boardlab.load_runs(path), reference)


def test_the_run_metadata_is_in_the_parquet_file(tmp_path):
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, 5, 2, path)
    meta = json.loads(pq.read_schema(path).metadata[b"boardlab"])
    assert meta == {
        "boardlab_version": boardlab.__version__, "game": "toyrace", "options": {"players": 3, "rounds": 3},
        "policies": POLICIES, "games": 5, "seed": 2, "chance": 2, "rotate_seats": False,
        "games_requested": 5, "games_finished": 5, "partial": False,
    }


def test_games_are_flushed_to_disk_while_the_run_plays(tmp_path):
    path = tmp_path / "toy.parquet"
    seen = []

    class Watcher:
        """Plays like 'random' and notes how many games are on disk when each game starts."""

        name = "random"

        def __call__(self, state, rng):
            if not state.history:
                seen.append(read_run_info(path)["games_finished"])
            return rng.choice(state.legal_actions())

    write_run(GAME, [Watcher(), "cautious", "random"], 30, 11, path, flush_games=4, flush_seconds=60)
    # the buffer never holds more than 4 games: the count on disk trails the games played by < 4
    assert [n for n in seen if n] and all(i - n < 4 for i, n in enumerate(seen))
    pd.testing.assert_frame_equal(load_runs(path), simulate(GAME, POLICIES, 30, 11))


class NoInterrupt:
    """The interrupter's games without the Ctrl-C (same name, same random choices)."""

    name = "interrupter"

    def __call__(self, state, rng):
        return rng.choice(state.legal_actions())


def test_ctrl_c_keeps_the_finished_games_and_resume_plays_only_the_rest(tmp_path):
    path = tmp_path / "toy.parquet"
    stop_seed, _ = game_seeds(11, 25)
    info = write_run(GAME, [InterruptAt(stop_seed), "cautious", "random"], 40, 11, path, progress=False)
    assert info["partial"] is True and info["games_finished"] == 25
    partial = load_runs(path)
    assert partial.attrs["partial"] is True and sorted(set(partial.game_id)) == list(range(25))

    played = []

    class Counting(NoInterrupt):
        def __call__(self, state, rng):
            if not state.history:
                played.append(state.seed)
            return super().__call__(state, rng)

    info = write_run(GAME, [Counting(), "cautious", "random"], 40, 11, path, resume=True)
    assert info["partial"] is False and info["games_finished"] == 40
    assert played == [game_seeds(11, i)[0] for i in range(25, 40)], "only the missing games are played"
    uninterrupted = simulate(GAME, [NoInterrupt(), "cautious", "random"], 40, 11)
    pd.testing.assert_frame_equal(load_runs(path), uninterrupted)
    assert load_runs(path).attrs == uninterrupted.attrs


#: a greedy seat makes a game take ~0.1 s, so a run of CLI_GAMES lasts several seconds however
#: fast the engine gets: the first part reaches the disk (~1 s) well before the run could end
#: (random seats alone finished 1,500 games before the first flush on an idle machine)
CLI_POLICIES = ["greedy", "random"]
CLI_GAMES = 60


def _cli(*args):
    return [sys.executable, "-m", "boardlab", "simulate", "whitecastle", "--players", "2", "--seed", "5",
            "--policies", ",".join(CLI_POLICIES), "--no-progress", *args]


def _stop_after_first_flush(command, path, signum):
    """Start ``command``, send it ``signum`` once the first games are on disk; its exit status."""
    process = subprocess.Popen(command, cwd=path.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not list(parts_folder(path).glob("part-*.parquet")):
            assert process.poll() is None, f"the run ended before it was stopped: {process.communicate()!r}"
            assert time.monotonic() < deadline, "no games reached the disk in 120 s"
            time.sleep(0.02)
        os.kill(process.pid, signum)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, out, err


def test_ctrl_c_on_the_command_line_merges_the_finished_games_and_says_how_to_resume(tmp_path):
    path = tmp_path / "wc2.parquet"
    code, out, err = _stop_after_first_flush(_cli("--games", str(CLI_GAMES), "--out", str(path)), path, signal.SIGINT)
    assert code == 130 and err == ""
    assert "--resume plays the rest" in out
    df = load_runs(path)
    assert path.is_file() and not parts_folder(path).exists()
    assert df.attrs["partial"] is True and 0 < df.attrs["games_finished"] < CLI_GAMES
    # every kept game is the game of the uninterrupted run, row for row
    ref = simulate(whitecastle.Game(players=2), CLI_POLICIES, int(df.game_id.max()) + 1, 5)
    ref = ref[ref.game_id.isin(df.game_id)].reset_index(drop=True)
    pd.testing.assert_frame_equal(df, ref, check_like=False)


def test_a_killed_command_line_run_resumes_to_the_file_of_an_uninterrupted_run(tmp_path):
    path = tmp_path / "wc2.parquet"
    games = CLI_GAMES  # killed after its first flush (~1 s), seconds before the run could end
    _stop_after_first_flush(_cli("--games", str(games), "--out", str(path)), path, signal.SIGKILL)
    assert not path.exists(), "killed before the merge: only the parts are on disk"
    kept = load_runs(path)
    assert kept.attrs["partial"] is True and 0 < kept.attrs["games_finished"] < games

    resumed = subprocess.run(_cli("--games", str(games), "--out", str(path), "--resume"), cwd=tmp_path,
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stderr == "", "quiet in a pipe"
    df = load_runs(path)
    assert df.attrs["partial"] is False and df.attrs["games_finished"] == games
    pd.testing.assert_frame_equal(df, simulate(whitecastle.Game(players=2), CLI_POLICIES, games, 5))


def test_a_resume_of_another_run_is_refused_naming_what_differs(tmp_path):
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, 10, 11, path)
    before = path.read_bytes()
    with pytest.raises(MetadataMismatch, match=r"seed: the file has 11, this run asks 12"):
        write_run(GAME, POLICIES, 10, 12, path, resume=True)
    with pytest.raises(MetadataMismatch, match=r"options: .*'rounds': 3.*'rounds': 4"):
        write_run(ToyRace(players=3, rounds=4), POLICIES, 10, 11, path, resume=True)
    with pytest.raises(MetadataMismatch, match=r"policies: .*cautious.*random', 'random'"):
        write_run(GAME, ["random"] * 3, 10, 11, path, resume=True)
    with pytest.raises(MetadataMismatch, match=r"games: the file has 10, this run asks 20"):
        write_run(GAME, POLICIES, 20, 11, path, resume=True)
    with pytest.raises(MetadataMismatch, match=r"rotate_seats: the file has False, this run asks True"):
        write_run(GAME, POLICIES, 10, 11, path, resume=True, rotate_seats=True)
    assert path.read_bytes() == before
    with pytest.raises(MetadataMismatch, match=r"chance: the file has 2, this run asks 1"):
        write_run(GAME, POLICIES, 10, 11, path, resume=True, chance=1)
    assert path.read_bytes() == before


def test_a_run_saved_before_the_chance_version_resumes_with_stream_1(tmp_path):
    """A file without ``chance`` in its metadata (written before stream 2) was played with stream
    1: it reads as 1, and a resume plays the missing games with stream 1 too."""
    path = tmp_path / "toy.parquet"
    stop_seed, _ = game_seeds(11, 25)
    write_run(GAME, [InterruptAt(stop_seed), "cautious", "random"], 40, 11, path, progress=False, chance=1)
    table = pq.read_table(path)
    meta = json.loads(table.schema.metadata[b"boardlab"])
    del meta["chance"]
    pq.write_table(table.replace_schema_metadata({b"boardlab": json.dumps(meta).encode()}), path)
    assert "chance" not in read_run_info(path) and load_runs(path).attrs["chance"] == 1
    write_run(GAME, [NoInterrupt(), "cautious", "random"], 40, 11, path, resume=True)
    stream_1 = simulate(GAME, [NoInterrupt(), "cautious", "random"], 40, 11, chance=1)
    pd.testing.assert_frame_equal(load_runs(path), stream_1)
    assert not load_runs(path).equals(simulate(GAME, [NoInterrupt(), "cautious", "random"], 40, 11, chance=2))


def test_an_existing_run_or_foreign_file_is_never_overwritten(tmp_path):
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, 4, 1, path)
    with pytest.raises(FileExistsError, match=r"already holds a run \(4 of 4 games\).*--resume"):
        write_run(GAME, POLICIES, 4, 1, path)
    other = tmp_path / "notes.parquet"
    other.write_text("not parquet at all")
    with pytest.raises(FileExistsError, match="not a boardlab run"):
        write_run(GAME, POLICIES, 4, 1, other)
    assert other.read_text() == "not parquet at all"


def test_resuming_a_finished_run_plays_nothing_and_keeps_the_table(tmp_path, reference):
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, 40, 11, path)
    info = write_run(GAME, POLICIES, 40, 11, path, resume=True)
    assert info["games_finished"] == 40
    pd.testing.assert_frame_equal(load_runs(path), reference)


def test_parts_left_by_a_kill_after_the_merge_are_not_counted_twice(tmp_path, reference):
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, 40, 11, path)
    parts = parts_folder(path)
    parts.mkdir()
    pq.write_table(pq.read_table(path).slice(0, 9), parts / "part-000000.parquet")  # games 0-2 again
    write_run(GAME, POLICIES, 40, 11, path, resume=True)
    pd.testing.assert_frame_equal(load_runs(path), reference)


def test_a_rotated_run_reads_back_as_simulates_rotated_table(tmp_path):
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, 6, 3, path, rotate_seats=True, flush_games=5)
    expected = simulate(GAME, POLICIES, 6, 3, rotate_seats=True)
    df = load_runs(path)
    pd.testing.assert_frame_equal(df, expected)
    assert df.attrs == expected.attrs and df.attrs["rotate_seats"] is True


def test_load_runs_of_nothing_says_where_it_looked(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"no boardlab run at .*missing.parquet"):
        load_runs(tmp_path / "missing.parquet")


def test_the_merge_works_block_by_block_over_parts_and_an_earlier_file(tmp_path, monkeypatch, reference):
    from boardlab.core import runs

    monkeypatch.setattr(runs, "MERGE_BLOCK", 7)  # 40 games: six blocks, each meeting several parts
    path = tmp_path / "toy.parquet"
    stop_seed, _ = game_seeds(11, 23)
    write_run(GAME, [InterruptAt(stop_seed), "cautious", "random"], 40, 11, path, flush_games=3, progress=False)
    assert pq.ParquetFile(path).metadata.num_row_groups == 4  # games 0-22 in blocks of 7
    write_run(GAME, [NoInterrupt(), "cautious", "random"], 40, 11, path, workers=2, flush_games=3, resume=True)
    assert pq.ParquetFile(path).metadata.num_row_groups == 6
    pd.testing.assert_frame_equal(load_runs(path), simulate(GAME, [NoInterrupt(), "cautious", "random"], 40, 11))

"""Runs on disk survive any kill (issue 22): the run is stopped after every step that changes the
disk, and each state left behind reads back (load_runs) and resumes (write_run resume=True) to
the same games, never one twice or one lost; damaged files are named with the repair that keeps
every intact finished game."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from boardlab.core import runs
from boardlab.core.runs import DamagedRun, load_runs, parts_folder, read_run_info, repair_run, write_run
from boardlab.core.simulate import game_seeds, simulate
from toygame import InterruptAt, ToyRace

GAME = ToyRace(players=3)
GAMES, SEED = 12, 11
STOP_AT = 7  # the first (interrupted) run stops in this game, the resume plays the rest


class Plays:
    """The interrupter's games without the Ctrl-C (same name, same random choices)."""

    name = "interrupter"

    def __call__(self, state, rng):
        return rng.choice(state.legal_actions())


POLICIES = [Plays(), "cautious", "random"]


@pytest.fixture(scope="module")
def reference():
    return simulate(GAME, POLICIES, GAMES, SEED)


def _snapshots(tmp_path, monkeypatch) -> list[tuple[str, Path]]:
    """(step, folder): a copy of the run's folder after each write step of an interrupted run and
    of its resume: what a kill -9 right after that step leaves on disk."""
    live = tmp_path / "live"
    live.mkdir()
    taken = []

    def snapshot(step):
        folder = tmp_path / f"kill-{len(taken):03d}"
        shutil.copytree(live, folder)
        taken.append((f"{len(taken)}: {step}", folder))

    monkeypatch.setattr(runs, "_written", snapshot)
    path = live / "toy.parquet"
    stop_seed, _ = game_seeds(SEED, STOP_AT)
    write_run(GAME, [InterruptAt(stop_seed), "cautious", "random"], GAMES, SEED, path, flush_games=3, progress=False)
    write_run(GAME, POLICIES, GAMES, SEED, path, flush_games=2, resume=True, progress=False)
    monkeypatch.setattr(runs, "_written", lambda step: None)
    return taken


def test_a_kill_after_any_write_step_loses_no_game_and_counts_none_twice(tmp_path, monkeypatch, reference):
    snapshots = _snapshots(tmp_path, monkeypatch)
    steps = [step for step, _ in snapshots]
    for kind in ("wrote run.json.tmp", "renamed run.json", "renamed part-", "renamed toy.parquet",
                 "removed part-", "removed run.json", "removed toy.parquet.parts"):
        assert any(kind in s for s in steps), f"no kill simulated after '{kind}': {steps}"
    for step, folder in snapshots:
        path = folder / "toy.parquet"
        try:
            kept = load_runs(path)
        except FileNotFoundError:  # killed before the first file was in place: nothing to keep
            assert not path.exists() and not (parts_folder(path) / "run.json").exists(), step
            kept = None
        if kept is not None and len(kept):
            ids = list(kept.game_id)
            assert not kept.duplicated(["game_id", "seat"]).any(), f"{step}: a game counted twice"
            assert read_run_info(path)["games_finished"] == len(set(ids)) == kept.attrs["games_finished"], step
            expected = reference[reference.game_id.isin(ids)].reset_index(drop=True)
            pd.testing.assert_frame_equal(kept.reset_index(drop=True), expected, obj=step)
        write_run(GAME, POLICIES, GAMES, SEED, path, resume=True, progress=False)
        pd.testing.assert_frame_equal(load_runs(path), reference, obj=f"resumed after a kill at {step}")


def test_the_metadata_is_written_atomically_even_when_a_kill_stops_the_write(tmp_path, monkeypatch):
    """A kill while run.json is written leaves the old run.json or none, never one cut short."""
    seen = []

    def check(step):
        run_json = parts_folder(tmp_path / "toy.parquet") / "run.json"
        if run_json.exists():
            seen.append(step)
            json.loads(run_json.read_text())  # complete at every step

    monkeypatch.setattr(runs, "_written", check)
    write_run(GAME, POLICIES, 4, 1, tmp_path / "toy.parquet", flush_games=1)
    assert seen


def _cut(file: Path) -> None:
    file.write_bytes(file.read_bytes()[: len(file.read_bytes()) // 2])


def _killed_run(tmp_path) -> Path:
    """Parts of an unfinished run on disk, as a kill leaves them (no merge)."""
    path = tmp_path / "toy.parquet"
    stop_seed, _ = game_seeds(SEED, STOP_AT)
    write_run(GAME, [InterruptAt(stop_seed), "cautious", "random"], GAMES, SEED, path, flush_games=3, progress=False)
    # undo the merge: the parts of a kill -9 are games 0-6 in three files
    parts = parts_folder(path)
    parts.mkdir()
    table = pq.read_table(path)
    for k, (lo, hi) in enumerate([(0, 3), (3, 6), (6, 7)]):
        ids = table.column("game_id").to_pylist()
        rows = [i for i, g in enumerate(ids) if lo <= g < hi]
        pq.write_table(table.take(rows), parts / f"part-{k:06d}.parquet")
    (parts / "run.json").write_text(json.dumps(json.loads(table.schema.metadata[b"boardlab"])))
    path.unlink()
    return path


def test_a_cut_run_json_is_read_from_the_parts(tmp_path, reference):
    path = _killed_run(tmp_path)
    (parts_folder(path) / "run.json").write_text("")  # what a plain write killed midway left
    assert sorted(set(load_runs(path).game_id)) == list(range(STOP_AT))
    write_run(GAME, POLICIES, GAMES, SEED, path, resume=True)
    pd.testing.assert_frame_equal(load_runs(path), reference)


def test_a_cut_run_json_with_no_games_names_the_file_and_the_repair(tmp_path, reference):
    path = tmp_path / "toy.parquet"
    parts_folder(path).mkdir()
    (parts_folder(path) / "run.json").write_text('{"game": "toyr')
    for attempt in (lambda: load_runs(path), lambda: write_run(GAME, POLICIES, GAMES, SEED, path, resume=True)):
        with pytest.raises(DamagedRun, match=r"run\.json is damaged \(.*not valid JSON.*--resume --repair"):
            attempt()
    write_run(GAME, POLICIES, GAMES, SEED, path, resume=True, repair=True)
    pd.testing.assert_frame_equal(load_runs(path), reference)
    assert (parts_folder(path).parent / "toy.parquet").is_file()


@pytest.mark.parametrize("damage", ["cut", "empty", "foreign"])
def test_a_damaged_part_is_named_with_the_repair_that_keeps_the_other_games(tmp_path, reference, damage):
    path = _killed_run(tmp_path)
    part = parts_folder(path) / "part-000001.parquet"
    if damage == "cut":
        _cut(part)
    elif damage == "empty":
        part.write_bytes(b"")
    else:  # a Parquet file without the run's metadata
        pq.write_table(pa.table({"x": [1]}), part)
    for attempt in (lambda: load_runs(path), lambda: read_run_info(path),
                    lambda: write_run(GAME, POLICIES, GAMES, SEED, path, resume=True)):
        with pytest.raises(DamagedRun) as refused:
            attempt()
        message = str(refused.value)
        assert "part-000001.parquet is damaged" in message and "--resume --repair" in message
        assert "choose another" not in message
    intact = pq.read_table(parts_folder(path) / "part-000000.parquet")
    write_run(GAME, POLICIES, GAMES, SEED, path, resume=True, repair=True)
    pd.testing.assert_frame_equal(load_runs(path), reference)
    assert (parts_folder(path).parent / "toy.parquet").is_file()
    assert intact.num_rows and not parts_folder(path).exists()


@pytest.mark.parametrize("metadata, field", [
    (b"{not json", "not valid JSON"),
    (b"[]", "not an object"),
    (b'{"game": "toyrace"}', "'boardlab_version'"),
    (None, "'options'"),  # options the game refuses
    (b'{"boardlab_version": "x", "game": "toyrace", "options": {"players": 3}, "policies": [], "seed": 1, '
     b'"games": 1, "games_requested": 100000000000000}', "'games_requested'"),
])
def test_damaged_metadata_in_the_merged_file_is_named_not_a_python_error(tmp_path, reference, metadata, field):
    path = tmp_path / "toy.parquet"
    write_run(GAME, POLICIES, GAMES, SEED, path)
    table = pq.read_table(path)
    if metadata is None:
        info = json.loads(table.schema.metadata[b"boardlab"])
        metadata = json.dumps(dict(info, options={"players": [["x"]]})).encode()
    pq.write_table(table.replace_schema_metadata({b"boardlab": metadata}), path)
    parts_folder(path).mkdir()  # (a run's folder: the file is a damaged run, not a foreign file)
    with pytest.raises(DamagedRun, match=rf"toy\.parquet is damaged \(.*{field}.*--resume --repair"):
        load_runs(path)
    assert repair_run(path) == [tmp_path / "toy.parquet.damaged"]
    write_run(GAME, POLICIES, GAMES, SEED, path, resume=True)
    pd.testing.assert_frame_equal(load_runs(path), reference)


def test_repair_is_only_for_a_resume(tmp_path):
    with pytest.raises(ValueError, match=r"repair=True \(--repair\) .*resume=True"):
        write_run(GAME, POLICIES, 2, 1, tmp_path / "toy.parquet", repair=True)


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "boardlab", "simulate", "alea", "--games", "6", "--seed", "3",
                           "--no-progress", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_the_command_line_names_a_damaged_part_and_repairs_it(tmp_path):
    out = tmp_path / "alea.parquet"
    assert _cli("--out", str(out), cwd=tmp_path).returncode == 0
    whole = load_runs(out)
    parts_folder(out).mkdir()
    pq.write_table(pq.read_table(out).slice(0, 8), parts_folder(out) / "part-000000.parquet")
    _cut(out)
    refused = _cli("--out", str(out), "--resume", cwd=tmp_path)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "alea.parquet is damaged" in refused.stderr and "--resume --repair" in refused.stderr
    repaired = _cli("--out", str(out), "--resume", "--repair", cwd=tmp_path)
    assert repaired.returncode == 0, repaired.stderr
    pd.testing.assert_frame_equal(load_runs(out), whole)
    assert (tmp_path / "alea.parquet.damaged").is_file()

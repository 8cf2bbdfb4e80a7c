"""Runs kept on disk: a Parquet file written as the games finish, resumable, read back by
:func:`load_runs` as the very table :func:`boardlab.simulate` returns.

While ``write_run(..., path="runs/wc3.parquet")`` plays, finished games are flushed every
second or so (and at once on Ctrl-C) into small Parquet files in ``runs/wc3.parquet.parts/``;
each is written under a temporary name and renamed, so a killed run leaves only complete files.
Memory stays flat: only the games since the last flush are held. When the run ends (done, or
stopped by Ctrl-C) the parts are merged in game order into ``runs/wc3.parquet`` and removed.

The run's metadata lives in the file (Parquet key-value metadata under ``boardlab``): boardlab
version, game, options, policies, seed, games asked (``games``, and ``games_requested``: games
to play), ``games_finished``, ``partial`` and ``rotate_seats``. A resume (``resume=True``,
``boardlab simulate ... --resume``) reads what is on disk, refuses a run whose game, options,
policies, seed, games or version differ (naming each difference), plays only the missing games
and merges: the finished file holds the same table as an uninterrupted run with the same seed.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Sequence

import pandas as pd

from boardlab.core.game import Game
from boardlab.core.playing import GameResult, Interrupts
from boardlab.core.progress import progress_bar
from boardlab.core.simulate import plan_run, play_games, table, with_design

__all__ = ["write_run", "load_runs", "read_run_info", "parts_folder", "game_of", "MetadataMismatch"]

METADATA_KEY = b"boardlab"
#: the attrs a resume must find equal
IDENTITY = ("boardlab_version", "game", "options", "policies", "seed", "games", "rotate_seats")
#: games per block when the parts are merged (one Parquet row group each)
MERGE_BLOCK = 20_000
INT_COLUMNS = ["game_id", "game_seed", "policy_seed", "players", "seat", "rank", "decisions"]


class MetadataMismatch(ValueError):
    """A resume asked for another run than the one on disk."""


def parts_folder(path) -> Path:
    """Where a run at ``path`` keeps the games it flushed before it is merged."""
    path = Path(path)
    return path.with_name(path.name + ".parts")


# -- reading -------------------------------------------------------------------------------------


def _pq():
    import pyarrow.parquet as pq

    return pq


def _file_info(file: Path) -> dict:
    try:
        meta = _pq().read_schema(file).metadata or {}
    except (OSError, ValueError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        raise ValueError(f"{file} is not a boardlab run: not a Parquet file ({exc})") from None
    if METADATA_KEY not in meta:
        raise ValueError(f"{file} is not a boardlab run: its Parquet metadata has no {METADATA_KEY.decode()!r} key")
    return json.loads(meta[METADATA_KEY])


def _sources(path: Path) -> list[Path]:
    """The merged file (if any) and the flushed parts (if any) of the run at ``path``."""
    parts = parts_folder(path)
    files = [path] if path.is_file() else []
    if parts.is_dir():
        files += sorted(parts.glob("part-*.parquet"))
    return files


def read_run_info(path) -> dict | None:
    """The metadata of the run at ``path`` (merged file, or the parts of a killed run), with
    ``games_finished`` and ``partial`` counted from what is on disk; None if nothing is there."""
    path = Path(path)
    parts = parts_folder(path)
    if path.is_file():
        info = _file_info(path)
    elif (parts / "run.json").is_file():
        info = json.loads((parts / "run.json").read_text(encoding="utf-8"))
    else:
        return None
    done = len(_finished_ids(path))
    info.update(games_finished=done, partial=done < info["games_requested"])
    return info


def _finished_ids(path: Path) -> set[int]:
    pq = _pq()
    ids: set[int] = set()
    for file in _sources(path):
        ids.update(pq.read_table(file, columns=["game_id"]).column("game_id").to_pylist())
    return ids


def load_runs(path) -> pd.DataFrame:
    """The table of the run saved at ``path`` (``boardlab simulate ... --out PATH``): the same
    DataFrame, attrs included, that :func:`boardlab.simulate` returns for that run. A run that
    was killed before it could merge its parts is read from them (``attrs["partial"]``)."""
    path = Path(path)
    sources = _sources(path)
    if not sources:
        raise FileNotFoundError(f"no boardlab run at {path} (no such file, and no {parts_folder(path)})")
    info = read_run_info(path)
    frames = [_pq().read_table(file).to_pandas() for file in sources]
    frames = [f for f in frames if len(f)]
    if frames:
        df = pd.concat(frames, ignore_index=True).sort_values(["game_id", "seat"], kind="stable")
        df = df.reset_index(drop=True).astype({c: "int64" for c in INT_COLUMNS} | {"winner": "bool"})
    else:
        df = table(game_of(info), [])
    df = with_design(df, bool(info.get("rotate_seats")))  # derived, so runs of every version have them
    df.attrs.update(_attrs(info))
    return df


def _attrs(info: dict) -> dict:
    """simulate's attrs from a file's metadata (``rotate_seats`` only when set, as simulate)."""
    attrs = {k: v for k, v in info.items() if k != "rotate_seats"}
    if info.get("rotate_seats"):
        attrs["rotate_seats"] = True
    return attrs


# -- writing ------------------------------------------------------------------------------------


def write_run(game: Game, policies: Sequence, games: int, seed: int, path, *, workers: int = 1,
              resume: bool = False, rotate_seats: bool = False, backend: str = "local", client=None,
              batch: int | None = None, progress: bool | None = None, flush_seconds: float = 1.0,
              flush_games: int = 5000) -> dict:
    """Play the run (as :func:`boardlab.simulate` with the same arguments) into the Parquet
    file ``path``; return its metadata. ``resume=True`` finishes the run already at ``path``.

    Refused before any game is played: a ``path`` that holds a run when ``resume`` is False
    (FileExistsError), and a resume whose run differs from the one on disk (MetadataMismatch).
    """
    path = Path(path)
    plan, attrs = plan_run(game, policies, games, seed, workers=workers, progress=progress,
                           rotate_seats=rotate_seats, backend=backend, client=client, batch=batch)
    attrs["rotate_seats"] = bool(rotate_seats)
    attrs = json.loads(json.dumps(attrs))  # as the file keeps it (options' tuples become lists)
    parts = parts_folder(path)
    try:
        on_disk = read_run_info(path)
    except ValueError as exc:
        raise FileExistsError(f"{exc}: choose another output file") from None
    if on_disk is not None and not resume:
        raise FileExistsError(f"{path} already holds a run ({on_disk['games_finished']:,} of "
                              f"{on_disk['games_requested']:,} games): add --resume (resume=True) to finish it, "
                              "or choose another output file")
    if on_disk is not None:
        _check_same_run(path, on_disk, attrs)
        _drop_merged_parts(path)
    elif path.exists():
        raise FileExistsError(f"{path} exists and is not a boardlab run (not a file): choose another output file")
    done = _finished_ids(path)
    missing = [i for i in range(attrs["games_requested"]) if i not in done]
    path.parent.mkdir(parents=True, exist_ok=True)
    parts.mkdir(exist_ok=True)
    (parts / "run.json").write_text(json.dumps(attrs), encoding="utf-8")

    writer = _PartWriter(game, parts, attrs, flush_seconds, flush_games)
    bar = progress_bar(len(missing), progress, "simulate")

    def keep(result: GameResult) -> None:
        writer.add(result)
        if bar is not None:
            bar.update(1)

    with Interrupts() as interrupts:  # a Ctrl-C while the parts are merged must not lose them
        try:
            interrupted = play_games(plan, missing, keep, interrupts, workers=int(workers), backend=backend,
                                     client=client, batch=batch)
        finally:
            writer.flush()
            if bar is not None:
                bar.close()
        finished = len(done) + writer.written
        attrs.update(games_finished=finished, partial=interrupted or finished < attrs["games_requested"])
        _merge(path, attrs)
    return attrs


def _check_same_run(path: Path, on_disk: dict, asked: dict) -> None:
    differ = []
    for key in IDENTITY:
        have, want = on_disk.get(key, False if key == "rotate_seats" else None), asked.get(key)
        if have != want:
            differ.append(f"{key}: the file has {have!r}, this run asks {want!r}")
    if differ:
        raise MetadataMismatch(f"cannot resume {path}: it holds another run. " + "; ".join(differ)
                               + ". Run again with the same arguments, or choose another output file")


def _drop_merged_parts(path: Path) -> None:
    """Parts whose games are all in the merged file already (a run killed after its merge was
    written, before its parts were removed) would be counted twice."""
    if not path.is_file():
        return
    pq = _pq()
    merged = set(pq.read_table(path, columns=["game_id"]).column("game_id").to_pylist())
    for part in sorted(parts_folder(path).glob("part-*.parquet")):
        if set(pq.read_table(part, columns=["game_id"]).column("game_id").to_pylist()) <= merged:
            part.unlink()


class _PartWriter:
    """Buffers finished games and writes them as a part every ``seconds`` or ``games``."""

    def __init__(self, game: Game, folder: Path, attrs: dict, seconds: float, games: int):
        self.game, self.folder, self.attrs = game, folder, attrs
        self.seconds, self.games = seconds, games
        self.buffer: list[GameResult] = []
        self.last = time.monotonic()
        self.written = 0
        self.number = 1 + max((int(p.stem.split("-")[1]) for p in folder.glob("part-*.parquet")), default=-1)

    def add(self, result: GameResult) -> None:
        self.buffer.append(result)
        if len(self.buffer) >= self.games or time.monotonic() - self.last >= self.seconds:
            self.flush()

    def flush(self) -> None:
        self.last = time.monotonic()
        if not self.buffer:
            return
        self.buffer.sort(key=lambda r: r.game_id)
        final = self.folder / f"part-{self.number:06d}.parquet"
        _write_atomic(_arrow(table(self.game, self.buffer), self.attrs), final)
        self.number += 1
        self.written += len(self.buffer)
        self.buffer.clear()


def _arrow(df: pd.DataFrame, attrs: dict):
    import pyarrow as pa

    t = pa.Table.from_pandas(df, preserve_index=False)
    return t.replace_schema_metadata({METADATA_KEY: json.dumps(attrs).encode()})


def _write_atomic(arrow_table, final: Path) -> None:
    tmp = final.with_name(final.name + ".tmp")
    _pq().write_table(arrow_table, tmp)
    os.replace(tmp, final)


def _row_groups(file: Path) -> list[tuple[int, int, int]]:
    """(row group, first game_id, last game_id) of each row group of ``file``, from its statistics."""
    meta = _pq().read_metadata(file)
    column = meta.schema.names.index("game_id")
    groups = []
    for rg in range(meta.num_row_groups):
        stats = meta.row_group(rg).column(column).statistics
        if meta.row_group(rg).num_rows:
            groups.append((rg, stats.min, stats.max))
    return groups


def _merge(path: Path, attrs: dict) -> None:
    """Merge the file and the parts of the run into ``path`` in game order, then remove the
    parts. One block of :data:`MERGE_BLOCK` games at a time is read, from the row groups whose
    game_id range (Parquet statistics) meets it, so memory stays flat however long the run."""
    import pyarrow as pa
    import pyarrow.compute as pc

    pq = _pq()
    sources = _sources(path)
    tmp = path.with_name(path.name + ".tmp")
    if not sources:  # nothing finished: an empty table with the id columns
        _write_atomic(_arrow(table(game_of(attrs), []), attrs), path)
    else:
        schema = pa.unify_schemas([pq.read_schema(f).remove_metadata() for f in sources])
        schema = schema.with_metadata({METADATA_KEY: json.dumps(attrs).encode()})
        groups = [(f, rg, low, high) for f in sources for rg, low, high in _row_groups(f)]
        with pq.ParquetWriter(tmp, schema) as out:
            for start in range(0, attrs["games_requested"], MERGE_BLOCK):
                end = start + MERGE_BLOCK
                pieces = []
                for f, rg, low, high in groups:
                    if low < end and high >= start:
                        piece = pq.ParquetFile(f).read_row_group(rg)
                        ids = piece.column("game_id")
                        pieces.append(piece.filter(pc.and_(pc.greater_equal(ids, start), pc.less(ids, end))))
                if pieces:
                    block = pa.concat_tables(pieces, promote_options="default")
                    block = block.select(schema.names).cast(schema)  # columns in one order, as in the schema
                    out.write_table(block.sort_by([("game_id", "ascending"), ("seat", "ascending")]))
        os.replace(tmp, path)
    shutil.rmtree(parts_folder(path), ignore_errors=True)


def game_of(attrs: dict) -> Game:
    """The Game of a run from its metadata (or a table's attrs): JSON keeps a tuple option as a
    list, which becomes a tuple again where the option's default is one."""
    import dataclasses

    cls = Game.by_name(attrs["game"])
    defaults = {f.name: f.default for f in dataclasses.fields(cls)}
    options = {k: tuple(v) if isinstance(v, list) and isinstance(defaults.get(k), tuple) else v
               for k, v in attrs["options"].items()}
    return cls.from_options(options)

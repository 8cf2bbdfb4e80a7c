"""Runs kept on disk: a Parquet file written as the games finish, resumable, read back by
:func:`load_runs` as the very table :func:`boardlab.simulate` returns.

While ``write_run(..., path="runs/wc3.parquet")`` plays, finished games are flushed every
second or so (and at once on Ctrl-C) into small Parquet files in ``runs/wc3.parquet.parts/``;
each is written under a temporary name, flushed to the disk (fsync) and renamed, as is every
other file of the run (``run.json``, the merged file), so a killed run leaves only whole files.
Memory stays flat: only the games since the last flush are held. When the run ends (done, or
stopped by Ctrl-C) the parts are merged in game order into ``runs/wc3.parquet`` and removed.

The run's metadata lives in the file (Parquet key-value metadata under ``boardlab``): boardlab
version, game, options, policies, seed, ``chance`` (the chance stream's version; a run written
before it existed has none and was played with stream 1), games asked (``games``, and
``games_requested``: games to play), ``games_finished``, ``partial`` and ``rotate_seats``. A resume
(``resume=True``, ``boardlab simulate ... --resume``) reads what is on disk, refuses a run whose
game, options, policies, seed, games or version differ (naming each difference), plays only the
missing games with the run's own chance stream and merges: the finished file holds the same table
as an uninterrupted run with the same seed.

A kill at any step (parts only; parts and the merged file; the merged file and parts its merge
had not yet removed) is read the same way by :func:`load_runs` and a resume: the merged file
first, then each part's games not already read, so no game is counted twice or lost. A file
damaged on disk raises :class:`DamagedRun` naming it and the repair (``--resume --repair``,
:func:`repair_run`: set it aside as ``NAME.damaged`` and play its games again).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import time
from pathlib import Path
from typing import Sequence

import pandas as pd

from boardlab.core.errors import RecordError, brief
from boardlab.core.chance import VERSION as CHANCE_VERSION
from boardlab.core.game import Game
from boardlab.core.playing import GameResult, Interrupts
from boardlab.core.progress import progress_bar
from boardlab.core.record import parse_json
from boardlab.core.simulate import plan_run, play_games, table, with_design

__all__ = ["write_run", "load_runs", "read_run_info", "repair_run", "parts_folder", "game_of", "MetadataMismatch",
           "DamagedRun"]

METADATA_KEY = b"boardlab"
#: the attrs a resume must find equal
IDENTITY = ("boardlab_version", "game", "options", "policies", "seed", "games", "rotate_seats", "chance")
#: what a file written before a key existed holds (``chance``: stream 1 played its games)
ABSENT = {"rotate_seats": False, "chance": 1}
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


class DamagedRun(ValueError):
    """A file of a run on disk that cannot be read (cut short, overwritten, its metadata broken).
    The message names the file and the repair that keeps every intact finished game."""

    def __init__(self, path: Path, file: Path, problem: str):
        self.path, self.file = Path(path), Path(file)
        super().__init__(
            f"{file} is damaged ({problem}). The run's other files are intact: to keep their games, run "
            f"the same command with --resume --repair (in Python: write_run(..., resume=True, repair=True)), "
            f"which sets the damaged file aside as {file.name}{DAMAGED} and plays its games again (the same "
            f"seeds give the same games)")


#: the suffix of a damaged file set aside by a repair
DAMAGED = ".damaged"
#: the metadata fields a run needs, and their JSON types
INFO_FIELDS = {"boardlab_version": str, "game": str, "options": dict, "policies": list, "seed": int,
               "games": int, "games_requested": int}
#: more games than this in a run's metadata is damage, not a run (simulate refuses far fewer)
MOST_GAMES = 10**10


def _pq():
    import pyarrow.parquet as pq

    return pq


def _check_info(info, run: Path, file: Path) -> dict:
    """The run metadata ``info`` read from ``file``, checked field by field (DamagedRun names the field)."""
    if type(info) is not dict:
        raise DamagedRun(run, file, f"its boardlab metadata is not an object but {brief(info)}")
    for key, kind in INFO_FIELDS.items():
        if type(info.get(key)) is not kind:
            raise DamagedRun(run, file, f"its boardlab metadata field {key!r} should be a {kind.__name__}, "
                                        f"got {brief(info.get(key))}")
    if not 0 <= info["games_requested"] <= MOST_GAMES:
        raise DamagedRun(run, file, f"its boardlab metadata field 'games_requested' is {brief(info['games_requested'])}")
    if type(info.get("rotate_seats", False)) is not bool:
        raise DamagedRun(run, file, "its boardlab metadata field 'rotate_seats' should be true or false")
    for field, check in (("game", lambda: Game.by_name(info["game"])), ("options", lambda: game_of(info))):
        try:
            check()
        except (ValueError, TypeError) as exc:
            raise DamagedRun(run, file, f"its boardlab metadata field {field!r} is refused: "
                                        f"{brief(str(exc), 160)}") from None
    return info


def _json_info(raw, run: Path, file: Path) -> dict:
    try:
        return _check_info(parse_json(raw), run, file)
    except RecordError as exc:  # the record module's strict JSON reader names what is wrong
        raise DamagedRun(run, file, f"its boardlab metadata is not valid JSON: {str(exc).removeprefix('record: ')}") from None


def _file_info(file: Path, run: Path | None = None) -> dict:
    """The metadata of one Parquet file of the run at ``run`` (the merged file or a part)."""
    run = file if run is None else run
    try:
        meta = _pq().read_schema(file).metadata or {}
    except (OSError, ValueError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        if file == run and not parts_folder(run).is_dir():  # maybe not a run at all: never touch it
            raise ValueError(f"{file} is not a boardlab run: not a Parquet file ({exc})") from None
        raise DamagedRun(run, file, f"not a readable Parquet file: {brief(str(exc), 120)}") from None
    if METADATA_KEY not in meta:
        if file == run and not parts_folder(run).is_dir():
            raise ValueError(f"{file} is not a boardlab run: its Parquet metadata has no "
                             f"{METADATA_KEY.decode()!r} key")
        raise DamagedRun(run, file, f"its Parquet metadata has no {METADATA_KEY.decode()!r} key")
    return _json_info(meta[METADATA_KEY], run, file)


def _sources(path: Path) -> list[Path]:
    """The merged file (if any) and the flushed parts (if any) of the run at ``path``."""
    parts = parts_folder(path)
    files = [path] if path.is_file() else []
    if parts.is_dir():
        files += sorted(parts.glob("part-*.parquet"))
    return files


def _ids(file: Path, run: Path) -> list[int]:
    try:
        return _pq().read_table(file, columns=["game_id"]).column("game_id").to_pylist()
    except (OSError, ValueError, KeyError) as exc:
        raise DamagedRun(run, file, f"its games cannot be read: {brief(str(exc), 120)}") from None


def _games_by_source(path: Path) -> dict[Path, tuple[set[int], set[int]]]:
    """Source file -> (its game ids, the ids of those an earlier source already holds). The merged
    file comes first, so parts left by a kill during the merge's clean-up count once."""
    seen: set[int] = set()
    found = {}
    for file in _sources(path):
        ids = set(_ids(file, path))
        found[file] = (ids, ids & seen)
        seen |= ids
    return found


def read_run_info(path) -> dict | None:
    """The metadata of the run at ``path`` (merged file, or the parts of a killed run), with
    ``games_finished`` and ``partial`` counted from what is on disk; None if nothing is there.
    A ``run.json`` cut short by a kill (written by an earlier version) is read from the parts
    instead; a damaged file that holds games raises DamagedRun."""
    path = Path(path)
    info = _run_info(path)
    if info is None:
        return None
    done = len(_finished_ids(path))
    info.update(games_finished=done, partial=done < info["games_requested"])
    return info


def _run_info(path: Path) -> dict | None:
    parts = parts_folder(path)
    if path.is_file():
        return _file_info(path)
    run_json = parts / "run.json"
    if run_json.is_file():
        try:
            return _json_info(run_json.read_bytes(), path, run_json)
        except DamagedRun:
            parts_on_disk = _sources(path)
            if not parts_on_disk:
                raise
            return _file_info(parts_on_disk[0], path)  # every part carries the run's metadata
    return None


def _finished_ids(path: Path) -> set[int]:
    ids: set[int] = set()
    for found, _ in _games_by_source(path).values():
        ids |= found
    return ids


def load_runs(path) -> pd.DataFrame:
    """The table of the run saved at ``path`` (``boardlab simulate ... --out PATH``): the same
    DataFrame, attrs included, that :func:`boardlab.simulate` returns for that run. A run that
    was killed before it could merge its parts is read from them (``attrs["partial"]``); each
    game once, whatever step of the run a kill stopped. A damaged file: DamagedRun."""
    path = Path(path)
    if not _sources(path) and not (parts_folder(path) / "run.json").is_file():
        raise FileNotFoundError(f"no boardlab run at {path} (no such file, and no {parts_folder(path)})")
    info = read_run_info(path)
    if info is None:
        raise FileNotFoundError(f"no boardlab run at {path} (no such file, and no {parts_folder(path)})")
    frames = []
    for file, (_, earlier) in _games_by_source(path).items():
        try:
            frame = _pq().read_table(file).to_pandas()
        except (OSError, ValueError) as exc:
            raise DamagedRun(path, file, f"its games cannot be read: {brief(str(exc), 120)}") from None
        frames.append(frame[~frame.game_id.isin(earlier)] if earlier else frame)
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
    """simulate's attrs from a file's metadata (``rotate_seats`` only when set, as simulate;
    ``chance`` always)."""
    attrs = {k: v for k, v in info.items() if k != "rotate_seats"}
    attrs.setdefault("chance", ABSENT["chance"])
    if info.get("rotate_seats"):
        attrs["rotate_seats"] = True
    return attrs


def repair_run(path) -> list[Path]:
    """Set aside every damaged file of the run at ``path`` (renamed with ``.damaged``, kept for
    you) so a resume plays their games again; returns the files set aside."""
    path = Path(path)
    moved = []
    while True:
        try:
            _run_info(path)
            _finished_ids(path)
            if path.is_file() or not (parts_folder(path) / "run.json").is_file():
                break
            _json_info((parts_folder(path) / "run.json").read_bytes(), path, parts_folder(path) / "run.json")
            break
        except DamagedRun as damaged:
            aside = _free_name(damaged.file.with_name(damaged.file.name + DAMAGED))
            os.replace(damaged.file, aside)
            _fsync_folder(aside.parent)
            moved.append(aside)
    return moved


def _free_name(path: Path) -> Path:
    n, free = 1, path
    while free.exists() or free.is_symlink():
        n += 1
        free = path.with_name(f"{path.name}.{n}")
    return free


# -- writing ------------------------------------------------------------------------------------


def write_run(game: Game, policies: Sequence, games: int, seed: int, path, *, workers: int = 1,
              resume: bool = False, rotate_seats: bool = False, backend: str = "local", client=None,
              batch: int | None = None, progress: bool | None = None, flush_seconds: float = 1.0,
              flush_games: int = 5000, repair: bool = False, chance: int | None = None) -> dict:
    """Play the run (as :func:`boardlab.simulate` with the same arguments) into the Parquet
    file ``path``; return its metadata. ``resume=True`` finishes the run already at ``path``;
    with ``repair=True`` too, damaged files are first set aside (:func:`repair_run`) and their
    games played again. ``chance``: the chance stream's version; None: the current one, or on a
    resume the run's own.

    Refused before any game is played: a ``path`` that holds a run when ``resume`` is False
    (FileExistsError), a resume whose run differs from the one on disk (MetadataMismatch), a
    run with a damaged file (DamagedRun, naming the repair), a folder that cannot be written
    (OSError naming the path).
    """
    path = Path(path)
    if repair and not resume:
        raise ValueError("repair=True (--repair) mends a run to resume it: add resume=True (--resume)")
    if repair:
        repair_run(path)
    try:
        on_disk = read_run_info(path)
    except DamagedRun:
        raise
    except ValueError as exc:  # a file that is no run: never overwritten
        raise FileExistsError(f"{exc}: choose another output file") from None
    if chance is None:
        chance = on_disk.get("chance", ABSENT["chance"]) if resume and on_disk is not None else CHANCE_VERSION
    plan, attrs = plan_run(game, policies, games, seed, workers=workers, progress=progress,
                           rotate_seats=rotate_seats, backend=backend, client=client, batch=batch, chance=chance)
    attrs["rotate_seats"] = bool(rotate_seats)
    attrs = json.loads(json.dumps(attrs))  # as the file keeps it (options' tuples become lists)
    parts = parts_folder(path)
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
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        parts.mkdir(exist_ok=True)
    except FileExistsError as exc:  # a file where a folder must be: not "exists", which reads as a run
        raise NotADirectoryError(errno.ENOTDIR, "Not a directory (a file is in the way)", exc.filename) from None
    _replace_atomic(lambda tmp: tmp.write_text(json.dumps(attrs), encoding="utf-8"), parts / "run.json")

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
        have, want = on_disk.get(key, ABSENT.get(key)), asked.get(key)
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
    for file, (ids, earlier) in _games_by_source(path).items():
        if file != path and ids <= earlier:
            file.unlink()
            _written(f"removed {file.name}")


class _PartWriter:
    """Buffers finished games and writes them as a part every ``seconds`` or ``games``."""

    def __init__(self, game: Game, folder: Path, attrs: dict, seconds: float, games: int):
        self.game, self.folder, self.attrs = game, folder, attrs
        self.seconds, self.games = seconds, games
        self.buffer: list[GameResult] = []
        self.last = time.monotonic()
        self.written = 0
        numbers = (p.stem.split("-", 1)[1] for p in folder.glob("part-*.parquet"))
        self.number = 1 + max((int(n) for n in numbers if n.isdigit() and len(n) < 10), default=-1)

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
    _replace_atomic(lambda tmp: _pq().write_table(arrow_table, tmp), final)


def _replace_atomic(write, final: Path) -> None:
    """``write(tmp)`` a temporary file, flush it to the disk, then rename it to ``final``: a kill
    at any moment leaves the old ``final`` or the new one, never a file cut short."""
    tmp = final.with_name(final.name + ".tmp")
    write(tmp)
    _fsync(tmp)
    _written(f"wrote {tmp.name}")
    os.replace(tmp, final)
    _fsync_folder(final.parent)
    _written(f"renamed {final.name}")


def _fsync(file: Path) -> None:
    fd = os.open(file, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows a folder to be synced)."""
    try:
        _fsync(folder)
    except OSError:
        pass


def _written(step: str) -> None:
    """Called after each step that changes the run on disk; the tests stop a run here to see
    what a kill at that moment leaves."""


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
    sources = _games_by_source(path)
    if not sources:  # nothing finished: an empty table with the id columns
        _write_atomic(_arrow(table(game_of(attrs), []), attrs), path)
    else:
        schema = pa.unify_schemas([pq.read_schema(f).remove_metadata() for f in sources])
        schema = schema.with_metadata({METADATA_KEY: json.dumps(attrs).encode()})
        groups = [(f, rg, low, high) for f in sources for rg, low, high in _row_groups(f)]

        def write(tmp: Path) -> None:
            with pq.ParquetWriter(tmp, schema) as out:
                for start in range(0, attrs["games_requested"], MERGE_BLOCK):
                    end = start + MERGE_BLOCK
                    pieces = []
                    for f, rg, low, high in groups:
                        if low < end and high >= start:
                            piece = pq.ParquetFile(f).read_row_group(rg)
                            ids = piece.column("game_id")
                            keep = pc.and_(pc.greater_equal(ids, start), pc.less(ids, end))
                            earlier = sources[f][1]  # games an earlier source holds: counted once
                            if earlier:
                                keep = pc.and_(keep, pc.invert(pc.is_in(ids, pa.array(sorted(earlier), ids.type))))
                            pieces.append(piece.filter(keep))
                    if pieces:
                        block = pa.concat_tables(pieces, promote_options="default")
                        block = block.select(schema.names).cast(schema)  # columns in one order, as in the schema
                        out.write_table(block.sort_by([("game_id", "ascending"), ("seat", "ascending")]))

        _replace_atomic(write, path)
    _remove_parts(parts_folder(path))


def _remove_parts(folder: Path) -> None:
    """Remove the merged parts one file at a time (a kill in between leaves parts whose games the
    merged file holds: they are counted once, and dropped by the next resume)."""
    if not folder.is_dir():
        return
    for file in sorted(folder.iterdir()):
        if file.is_file() or file.is_symlink():
            file.unlink()
            _written(f"removed {file.name}")
        else:
            shutil.rmtree(file, ignore_errors=True)
    folder.rmdir()
    _written(f"removed {folder.name}")


def game_of(attrs: dict) -> Game:
    """The Game of a run from its metadata (or a table's attrs): JSON keeps a tuple option as a
    list, which becomes a tuple again where the option's default is one."""
    import dataclasses

    cls = Game.by_name(attrs["game"])
    defaults = {f.name: f.default for f in dataclasses.fields(cls)}
    options = {k: tuple(v) if isinstance(v, list) and isinstance(defaults.get(k), tuple) else v
               for k, v in attrs["options"].items()}
    return cls.from_options(options)

"""simulate(): many seeded games, one tidy table.

Each game ``i`` gets its own seeds from ``numpy.random.SeedSequence(seed).spawn(games)[i]``
(computed directly as ``SeedSequence(seed, spawn_key=(i,))``): one for the game's chance
stream, one for the policies' generator. A game's result therefore depends only on
``(seed, i)``, and the table is the same whatever the number of workers or how the games are
split between them. Only results are kept, never states, so memory stays flat.

Ctrl-C (KeyboardInterrupt) stops the run and returns the games finished so far, marked
``df.attrs["partial"] = True``.

The machinery (seeding, playing, worker processes, Ctrl-C) is shared with
:func:`boardlab.core.observe.observe`, which plays the same games and lets an observer note
what happens in them: :func:`run_games` is that shared core.
"""

from __future__ import annotations

import numbers
import pickle
import signal
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd

from boardlab.core.game import Game
from boardlab.core.policies import play, policy_name, resolve_policies

#: With progress=None a bar is shown from this many games on (in a terminal or notebook).
PROGRESS_THRESHOLD = 200

ID_COLUMNS = ["game_id", "game_seed", "policy_seed", "players", "seat", "policy"]
RESULT_COLUMNS = ["total", "rank", "winner", "decisions"]


def game_seeds(seed: int, game_id: int) -> tuple[int, int]:
    """(game seed, policy seed) of game ``game_id`` in a run started from ``seed``."""
    game_seed, policy_seed = np.random.SeedSequence(seed, spawn_key=(game_id,)).generate_state(2)
    return int(game_seed), int(policy_seed)


def simulate(game: Game, policies: Sequence, games: int, seed: int, workers: int = 1,
             progress: bool | None = None) -> pd.DataFrame:
    """Play ``games`` seeded games and return one row per player per game.

    Columns: game_id, game_seed, policy_seed, players, seat, policy, each score category in
    the order of ``score_sheet()``, total, rank, winner (rank == 1), decisions (the game's
    length). ``policies`` holds one spec per seat: "random", a name ``game.policy`` knows, or
    a callable ``(state, rng) -> action`` (picklable when ``workers > 1``). ``play(game,
    policies, game_seed, policy_seed)`` replays any row's game.

    ``df.attrs`` holds the provenance (boardlab version, game, options, policies, games,
    seed) and ``partial``, ``games_requested``, ``games_finished``.
    """
    return run_games(game, policies, games, seed, workers=workers, progress=progress).scores


# -- the shared core ----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    """What one played game leaves behind: its seeds, its seats' policy names, its length, the
    score sheet and ranks (None for a game its observer stopped early) and what the observer
    noted (None without an observer)."""

    game_id: int
    game_seed: int
    policy_seed: int
    policies: tuple[str, ...]
    decisions: int
    sheet: dict | None
    ranks: dict | None
    observed: dict | None = None


@dataclass
class Run:
    """The games of one run in game order, with the table ``simulate`` returns (``scores``:
    the games that reached their end) and the attrs every table of the run carries."""

    results: list[GameResult]
    scores: pd.DataFrame
    attrs: dict


def run_games(game: Game, policies: Sequence, games: int, seed: int, *, workers: int = 1,
              progress: bool | None = None, observer=None, rotate: bool = False,
              label: str = "simulate") -> Run:
    """Play games ``0 .. games - 1`` of the run started from ``seed`` (the seeds of
    :func:`game_seeds`), here or on ``workers`` processes, and collect them in game order.

    ``observer``: a picklable factory of per-game observers (see :mod:`boardlab.core.observe`).
    ``rotate``: game ``i`` seats ``policies`` rotated by ``i`` places (seat ``s`` plays
    ``policies[(s - i) % players]``), so each policy sits in every seat equally often.
    Ctrl-C stops the run and keeps the games finished so far (``attrs["partial"]``).
    """
    _check_arguments(game, games, seed, workers, progress)
    games, seed, workers = int(games), int(seed), int(workers)
    seats = resolve_policies(game, policies)  # refuses bad specs before any work starts
    names = [policy_name(p) for p in seats]
    if workers > 1:
        _check_picklable(policies, "policy")
        if observer is not None:
            _check_picklable([observer], "observer")
    plan = _Plan(game, list(policies), seed, observer, bool(rotate))
    bar = _progress_bar(games, progress, label)
    results: list[GameResult] = []
    try:
        if workers == 1:
            interrupted = _run_here(plan, seats, games, results, bar)
        else:
            interrupted = _run_in_processes(plan, games, workers, results, bar)
    finally:
        if bar is not None:
            bar.close()
    results.sort(key=lambda r: r.game_id)
    attrs = _provenance(game, names, games, seed)
    attrs.update(partial=interrupted, games_requested=games, games_finished=len(results))
    df = _table(game, [r for r in results if r.sheet is not None])
    df.attrs.update(attrs)
    return Run(results, df, attrs)


def _check_arguments(game, games, seed, workers, progress) -> None:
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game such as whitecastle.Game(players=3), got {game!r}")
    for label, value, low in (("games", games, 1), ("workers", workers, 1), ("seed", seed, 0)):
        if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < low:
            raise ValueError(f"{label} must be an integer >= {low}, got {value!r}")
    if progress not in (None, True, False):
        raise ValueError(f"progress must be True, False or None (automatic), got {progress!r}")


def _check_picklable(specs, what: str) -> None:
    for spec in specs:
        try:
            pickle.dumps(spec)
        except Exception as exc:
            raise ValueError(
                f"{what} {spec!r} cannot be sent to worker processes ({exc}); "
                "define it at module level or use workers=1"
            ) from exc


def _progress_bar(games: int, progress: bool | None, label: str = "simulate"):
    if progress is None:
        progress = games >= PROGRESS_THRESHOLD and (sys.stderr.isatty() or "ipykernel" in sys.modules)
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=games, unit="game", desc=label)


# -- playing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """Everything a worker needs to play any game of the run (picklable)."""

    game: Game
    policies: list
    seed: int
    observer: object = None
    rotate: bool = False


class _Stopped(Exception):
    """Raised inside a game whose observer has seen enough (see observe: ``stop``)."""


def _seated(seats: list, game_id: int, rotate: bool) -> list:
    if not rotate:
        return list(seats)
    n = len(seats)
    return [seats[(s - game_id) % n] for s in range(n)]


def _play_one(plan: _Plan, seats: list, game_id: int) -> GameResult:
    game_seed, policy_seed = game_seeds(plan.seed, game_id)
    seats = _seated(seats, game_id, plan.rotate)
    names = tuple(policy_name(p) for p in seats)
    try:
        if plan.observer is None:
            state = play(plan.game, seats, game_seed, policy_seed)
            return GameResult(game_id, game_seed, policy_seed, names, len(state.history), state.score_sheet(),
                              state.ranks())
        return _play_watched(plan, seats, names, game_id, game_seed, policy_seed)
    except Exception as exc:
        exc.add_note(f"in a run of games: game_id={game_id}, replay with "
                     f"play(game, policies, seed={game_seed}, policy_seed={policy_seed})")
        raise


def _play_watched(plan: _Plan, seats: list, names: tuple, game_id: int, game_seed: int,
                  policy_seed: int) -> GameResult:
    """``play`` the game with every seat's policy wrapped so that the observer sees each
    decision (the state before the action is applied, and the action chosen)."""
    from boardlab.core.observe import GameInfo

    watch = plan.observer()
    info = GameInfo(game_id, game_seed, policy_seed, names)
    stop = getattr(watch, "stop", None)
    live = []  # the game's state, as the policies see it

    def wrap(policy):
        def watched(state, rng):
            if not live:
                live.append(state)
                watch.start(state, info)
            if stop is not None and stop(state):
                raise _Stopped
            action = policy(state, rng)
            watch.step(state, action)
            return action

        return watched

    try:
        state = play(plan.game, [wrap(p) for p in seats], game_seed, policy_seed)
    except _Stopped:
        state = live[0]
        return GameResult(game_id, game_seed, policy_seed, names, len(state.history), None, None,
                          _observed(watch, state))
    if not live:  # a game over before its first decision
        watch.start(state, info)
    return GameResult(game_id, game_seed, policy_seed, names, len(state.history), state.score_sheet(),
                      state.ranks(), _observed(watch, state))


def _observed(watch, state) -> dict:
    tables = watch.finish(state)
    if not isinstance(tables, dict):
        raise TypeError(f"an observer's finish() must return {{table name: list of row dicts}}, got {tables!r}")
    return tables


def _play_chunk(plan: _Plan, first: int, stop: int) -> list[GameResult]:
    seats = resolve_policies(plan.game, plan.policies)  # once per chunk, in the worker
    return [_play_one(plan, seats, i) for i in range(first, stop)]


def _run_here(plan, seats, games, results, bar) -> bool:
    """Play every game in this process; True if interrupted."""
    try:
        for i in range(games):
            results.append(_play_one(plan, seats, i))
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        return True
    return False


def _ignore_sigint() -> None:
    # Ctrl-C reaches the whole process group; only the parent should react to it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    # Several chunks per worker keep them all busy to the end and make an interrupt lose little.
    size = max(1, min(200, -(-games // (workers * 8))))
    return [(lo, min(lo + size, games)) for lo in range(0, games, size)]


def _run_in_processes(plan, games, workers, results, bar) -> bool:
    """Play the games in chunks on ``workers`` processes; True if interrupted."""
    executor = ProcessPoolExecutor(max_workers=min(workers, games), initializer=_ignore_sigint)
    futures, collected = [], set()
    interrupted = False
    try:
        futures = [executor.submit(_play_chunk, plan, lo, hi) for lo, hi in _chunks(games, workers)]
        for future in as_completed(futures):
            chunk = future.result()  # re-raises a worker's exception (and its KeyboardInterrupt)
            collected.add(future)
            results.extend(chunk)
            if bar is not None:
                bar.update(len(chunk))
    except KeyboardInterrupt:
        interrupted = True
        results.extend(_finished_meanwhile(f for f in futures if f not in collected))
    finally:
        if len(collected) < len(futures) or interrupted:
            _stop_workers(executor)
        else:
            executor.shutdown(wait=True)
    return interrupted


def _finished_meanwhile(futures) -> list[GameResult]:
    """Results of chunks that completed but were not read when the interrupt came."""
    rows = []
    for future in futures:
        if future.done() and not future.cancelled() and future.exception() is None:
            rows.extend(future.result())
    return rows


def _stop_workers(executor: ProcessPoolExecutor) -> None:
    # The standard library (before 3.14) cannot stop a running task; end the worker processes
    # so that an interrupted run does not keep computing chunks nobody will read.
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


# -- the table --------------------------------------------------------------------------------


def _categories(results: list[GameResult]) -> list[str]:
    """Score categories in the order of the score sheet (union over games, first seen first)."""
    seen: dict[str, None] = {}
    for r in results:
        for player_sheet in r.sheet.values():
            seen.update(dict.fromkeys(k for k in player_sheet if k != "total"))
    return list(seen)


def _table(game: Game, results: list[GameResult]) -> pd.DataFrame:
    categories = _categories(results)
    rows = []
    for r in results:
        for seat in range(game.players):
            scores = r.sheet[seat]
            row = [r.game_id, r.game_seed, r.policy_seed, game.players, seat, r.policies[seat]]
            row += [scores.get(c) for c in categories]
            total = scores["total"] if "total" in scores else sum(scores.values())
            row += [total, r.ranks[seat], r.ranks[seat] == 1, r.decisions]
            rows.append(row)
    df = pd.DataFrame(rows, columns=ID_COLUMNS + categories + RESULT_COLUMNS)
    int_columns = ["game_id", "game_seed", "policy_seed", "players", "seat", "rank", "decisions"]
    return df.astype({c: "int64" for c in int_columns} | {"winner": "bool"})


def _provenance(game: Game, names: list[str], games: int, seed: int) -> dict:
    from boardlab import __version__

    return {
        "boardlab_version": __version__,
        "game": game.name,
        "options": game.options(),
        "policies": list(names),
        "games": games,
        "seed": int(seed),
    }

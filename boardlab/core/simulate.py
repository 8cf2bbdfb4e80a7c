"""simulate(): many seeded games, one tidy table.

Each game ``i`` gets its own seeds from ``numpy.random.SeedSequence(seed).spawn(games)[i]``
(computed directly as ``SeedSequence(seed, spawn_key=(i,))``): one for the game's chance
stream, one for the policies' generator. A game's result therefore depends only on
``(seed, i)``, and the table is the same whatever the number of workers or how the games are
split between them. Only results are kept, never states, so memory stays flat.

Ctrl-C (KeyboardInterrupt) stops the run and returns the games finished so far, marked
``df.attrs["partial"] = True``.
"""

from __future__ import annotations

import numbers
import pickle
import signal
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
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
    _check_arguments(game, games, seed, workers, progress)
    games, seed, workers = int(games), int(seed), int(workers)
    seats = resolve_policies(game, policies)  # refuses bad specs before any work starts
    names = [policy_name(p) for p in seats]
    if workers > 1:
        _check_picklable(policies)
    bar = _progress_bar(games, progress)
    results: list[tuple] = []
    try:
        if workers == 1:
            interrupted = _run_here(game, seats, seed, games, results, bar)
        else:
            interrupted = _run_in_processes(game, list(policies), seed, games, workers, results, bar)
    finally:
        if bar is not None:
            bar.close()
    results.sort(key=lambda r: r[0])
    df = _table(game, names, results)
    df.attrs.update(_provenance(game, names, games, seed))
    df.attrs.update(partial=interrupted, games_requested=games, games_finished=len(results))
    return df


def _check_arguments(game, games, seed, workers, progress) -> None:
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game such as whitecastle.Game(players=3), got {game!r}")
    for label, value, low in (("games", games, 1), ("workers", workers, 1), ("seed", seed, 0)):
        if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < low:
            raise ValueError(f"{label} must be an integer >= {low}, got {value!r}")
    if progress not in (None, True, False):
        raise ValueError(f"progress must be True, False or None (automatic), got {progress!r}")


def _check_picklable(policies) -> None:
    for spec in policies:
        try:
            pickle.dumps(spec)
        except Exception as exc:
            raise ValueError(
                f"policy {spec!r} cannot be sent to worker processes ({exc}); "
                "define it at module level or use workers=1"
            ) from exc


def _progress_bar(games: int, progress: bool | None):
    if progress is None:
        progress = games >= PROGRESS_THRESHOLD and (sys.stderr.isatty() or "ipykernel" in sys.modules)
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=games, unit="game", desc="simulate")


# -- playing ----------------------------------------------------------------------------------


def _play_one(game: Game, seats: list, seed: int, game_id: int) -> tuple:
    game_seed, policy_seed = game_seeds(seed, game_id)
    try:
        state = play(game, seats, game_seed, policy_seed)
    except Exception as exc:
        exc.add_note(f"in simulate: game_id={game_id}, replay with "
                     f"play(game, policies, seed={game_seed}, policy_seed={policy_seed})")
        raise
    return game_id, game_seed, policy_seed, len(state.history), state.score_sheet(), state.ranks()


def _play_chunk(game: Game, policies: list, seed: int, first: int, stop: int) -> list[tuple]:
    seats = resolve_policies(game, policies)  # once per chunk, in the worker
    return [_play_one(game, seats, seed, i) for i in range(first, stop)]


def _run_here(game, seats, seed, games, results, bar) -> bool:
    """Play every game in this process; True if interrupted."""
    try:
        for i in range(games):
            results.append(_play_one(game, seats, seed, i))
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


def _run_in_processes(game, policies, seed, games, workers, results, bar) -> bool:
    """Play the games in chunks on ``workers`` processes; True if interrupted."""
    executor = ProcessPoolExecutor(max_workers=min(workers, games), initializer=_ignore_sigint)
    futures, collected = [], set()
    interrupted = False
    try:
        futures = [executor.submit(_play_chunk, game, policies, seed, lo, hi) for lo, hi in _chunks(games, workers)]
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


def _finished_meanwhile(futures) -> list[tuple]:
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


def _categories(results) -> list[str]:
    """Score categories in the order of the score sheet (union over games, first seen first)."""
    seen: dict[str, None] = {}
    for _, _, _, _, sheet, _ in results:
        for player_sheet in sheet.values():
            seen.update(dict.fromkeys(k for k in player_sheet if k != "total"))
    return list(seen)


def _table(game: Game, names: list[str], results) -> pd.DataFrame:
    categories = _categories(results)
    rows = []
    for game_id, game_seed, policy_seed, decisions, sheet, ranks in results:
        for seat in range(game.players):
            scores = sheet[seat]
            row = [game_id, game_seed, policy_seed, game.players, seat, names[seat]]
            row += [scores.get(c) for c in categories]
            total = scores["total"] if "total" in scores else sum(scores.values())
            row += [total, ranks[seat], ranks[seat] == 1, decisions]
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

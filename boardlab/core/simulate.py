"""simulate(): many seeded games, one tidy table.

Each game ``i`` gets its own seeds from ``numpy.random.SeedSequence(seed).spawn(games)[i]``
(computed directly as ``SeedSequence(seed, spawn_key=(i,))``): one for the game's chance
stream, one for the policies' generator. A game's result therefore depends only on
``(seed, i)``, and the table is the same whatever the number of workers or how the games are
split between them. Only results are kept, never states, so memory stays flat.

Ctrl-C (once or more, any number of workers) stops the run within about a second and returns
every game finished so far, marked ``df.attrs["partial"] = True``: results come back one
finished game at a time. Worker processes are started from a forkserver (or spawned), never
forked from the caller, so ``workers > 1`` is safe inside a Jupyter kernel. Policies and
observers reach the workers (processes or Dask) serialised by cloudpickle, so one defined in a
notebook cell, a lambda or a closure works there too.

The machinery (seeding, playing, worker processes, Ctrl-C) lives in
:mod:`boardlab.core.playing`, shared with :func:`boardlab.core.observe.observe`, which plays
the same games and lets an observer note what happens in them.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Sequence

import pandas as pd

from boardlab.core.chance import VERSION as CHANCE_VERSION, check_version
from boardlab.core.game import Game
from boardlab.core.playing import (GameResult, Interrupts, Plan, check_sendable, deal_and_rotation, game_seeds, run_here,
                                   run_in_processes, run_on_dask)
from boardlab.core.progress import progress_bar
from boardlab.core.policies import policy_name, resolve_policies

__all__ = ["simulate", "game_seeds", "run_games", "with_design", "GameResult", "Run"]

ID_COLUMNS = ["game_id", "deal", "rotation", "game_seed", "policy_seed", "players", "seat", "policy"]
RESULT_COLUMNS = ["total", "rank", "winner", "win_share", "decisions"]
#: the columns :func:`with_design` derives (Parquet runs do not store them)
DESIGN_COLUMNS = ["deal", "rotation", "win_share"]


def simulate(game: Game, policies: Sequence, games: int, seed: int, workers: int = 1,
             progress: bool | None = None, rotate_seats: bool = False, backend: str = "local",
             client=None, batch: int | None = None, chance: int = CHANCE_VERSION) -> pd.DataFrame:
    """Play ``games`` seeded games and return one row per player per game.

    Columns: game_id, deal, rotation, game_seed, policy_seed, players, seat, policy, each score
    category in the order of ``score_sheet()``, total, rank, winner (rank == 1), win_share,
    decisions (the game's length). ``deal`` names the seeds a game was dealt from and
    ``rotation`` how many places the policy list was turned (see ``rotate_seats``); games of
    one deal are not independent, so a standard error is clustered by deal
    (:func:`boardlab.core.stats.clustered_mean_se`). ``win_share`` is the one tie rule of
    boardlab: a win shared by k tied players counts 1/k for each (a win rate is the mean of
    ``win_share``; ``winner`` marks every tied player). ``policies`` holds one spec per seat:
    "random", a name ``game.policy`` knows, or a callable ``(state, rng) -> action`` (sent by value to
    the workers, see above). ``play(game, policies, game_seed, policy_seed)`` replays any row's game.

    ``rotate_seats=True`` plays each of the ``games`` deals once per seat rotation (``games *
    players`` games; game ``d * players + r`` is deal ``d`` with the policy list turned ``r``
    places, seat ``s`` playing ``policies[(s - r) % players]``), so seat advantage cancels out
    of a comparison of policies: every policy meets the same dice and draws from every seat.

    ``backend="dask"`` plays the games as tasks of ``batch`` games on the cluster of
    ``client`` (a ``distributed.Client``; ``pip install boardlab[dask]``), with the same table
    as the local run. ``progress``: True, False, or None (a bar in a terminal or notebook once
    the run lasts a second).

    ``chance``: the chance stream's version (``boardlab.core.chance``; a run saved with another
    replays with it).

    ``df.attrs`` holds the provenance (boardlab version, game, options, policies, games,
    seed, chance, and ``rotate_seats`` when set) and ``partial``, ``games_requested``, ``games_finished``.
    """
    return run_games(game, policies, games, seed, workers=workers, progress=progress,
                     rotate_seats=rotate_seats, backend=backend, client=client, batch=batch, chance=chance).scores


# -- the shared core ----------------------------------------------------------------------------


@dataclass
class Run:
    """The games of one run in game order, with the table ``simulate`` returns (``scores``:
    the games that reached their end) and the attrs every table of the run carries."""

    results: list[GameResult]
    scores: pd.DataFrame
    attrs: dict


BACKENDS = ("local", "dask")


def plan_run(game: Game, policies: Sequence, games: int, seed: int, *, workers: int = 1,
             progress: bool | None = None, observer=None, rotate: bool = False, rotate_seats: bool = False,
             backend: str = "local", client=None, batch: int | None = None,
             chance: int = CHANCE_VERSION) -> tuple[Plan, dict]:
    """Check the arguments of a run (before any work starts) and return its :class:`Plan` and
    provenance attrs (with ``games_requested``: the number of games it plays)."""
    _check_arguments(game, games, seed, workers, progress)
    games, seed, workers = int(games), int(seed), int(workers)
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {list(BACKENDS)}, got {backend!r}")
    if backend == "dask" and client is None:
        raise ValueError('backend="dask" needs client=distributed.Client(<scheduler address>)')
    if backend == "local" and client is not None:
        raise ValueError('client is for backend="dask"; the local backend uses workers=')
    if batch is not None and (not isinstance(batch, numbers.Integral) or isinstance(batch, bool) or batch < 1):
        raise ValueError(f"batch must be an integer >= 1 (games per Dask task), got {batch!r}")
    if not isinstance(rotate_seats, bool):
        raise ValueError(f"rotate_seats must be True or False, got {rotate_seats!r}")
    check_version(chance, "chance (the chance stream's version)")
    seats = resolve_policies(game, policies)  # refuses bad specs before any work starts
    names = [policy_name(p) for p in seats]
    if workers > 1 or backend == "dask":
        check_sendable(policies, "policy")
        if observer is not None:
            check_sendable([observer], "observer")
    plan = Plan(game, list(policies), seed, observer, bool(rotate), rotate_seats, chance)
    attrs = _provenance(game, names, games, seed) | {"chance": chance}
    if rotate_seats:
        attrs["rotate_seats"] = True
    attrs["games_requested"] = games * game.players if rotate_seats else games
    return plan, attrs


def play_games(plan: Plan, ids: Sequence[int], on_result, interrupts, *, workers: int = 1,
               backend: str = "local", client=None, batch: int | None = None) -> bool:
    """Play the games ``ids`` of ``plan`` here, on ``workers`` processes or on Dask, handing each
    finished game to ``on_result`` (in the order they finish); True if interrupted."""
    if not len(ids):
        return bool(interrupts)
    if backend == "dask":
        return run_on_dask(plan, ids, client, on_result, interrupts, batch)
    if workers == 1:
        return run_here(plan, ids, on_result, interrupts)
    return run_in_processes(plan, ids, workers, on_result, interrupts)


def run_games(game: Game, policies: Sequence, games: int, seed: int, *, workers: int = 1,
              progress: bool | None = None, observer=None, rotate: bool = False, rotate_seats: bool = False,
              backend: str = "local", client=None, batch: int | None = None, label: str = "simulate",
              chance: int = CHANCE_VERSION) -> Run:
    """Play the games of the run started from ``seed`` (the seeds of :func:`game_seeds`) and
    collect them in game order.

    ``observer``: a picklable factory of per-game observers (see :mod:`boardlab.core.observe`).
    ``rotate``: game ``i`` seats ``policies`` rotated by ``i`` places (seat ``s`` plays
    ``policies[(s - i) % players]``), so each policy sits in every seat equally often.
    ``rotate_seats``: each deal is played once per rotation (see :func:`simulate`).
    Ctrl-C stops the run and keeps the games finished so far (``attrs["partial"]``).
    """
    plan, attrs = plan_run(game, policies, games, seed, workers=workers, progress=progress, observer=observer,
                           rotate=rotate, rotate_seats=rotate_seats, backend=backend, client=client, batch=batch,
                           chance=chance)
    total = attrs["games_requested"]
    bar = progress_bar(total, progress, label)
    results: list[GameResult] = []

    def keep(result: GameResult) -> None:
        results.append(result)
        if bar is not None:
            bar.update(1)

    # Ctrl-C only counts from here on, also while the table is built: a second press during the
    # wind-down cannot lose the games already finished
    with Interrupts() as interrupts:
        try:
            interrupted = play_games(plan, range(total), keep, interrupts, workers=int(workers), backend=backend,
                                     client=client, batch=batch)
        finally:
            if bar is not None:
                bar.close()
        results.sort(key=lambda r: r.game_id)
        attrs.update(partial=interrupted, games_finished=len(results))
        df = with_design(table(game, [r for r in results if r.sheet is not None]), rotate_seats, rotate)
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


# -- the table --------------------------------------------------------------------------------


def _categories(results: list[GameResult]) -> list[str]:
    """Score categories in the order of the score sheet (union over games, first seen first)."""
    seen: dict[str, None] = {}
    for r in results:
        for player_sheet in r.sheet.values():
            seen.update(dict.fromkeys(k for k in player_sheet if k != "total"))
    return list(seen)


def with_design(df: pd.DataFrame, rotate_seats: bool = False, rotate: bool = False) -> pd.DataFrame:
    """``df`` (a table of :func:`table`) with the columns the game ids imply: ``deal`` and
    ``rotation`` (:func:`boardlab.core.playing.deal_and_rotation`) and ``win_share`` (1/k for each of
    k tied winners, the tie rule of :func:`boardlab.core.stats.win_shares`). Runs saved by any version get them when loaded: they follow from
    ``game_id``, the ``rotate_seats`` flag and the ranks."""
    players = int(df["players"].iloc[0]) if len(df) else 1
    deal, rotation = deal_and_rotation(df["game_id"].to_numpy(), players, rotate_seats=rotate_seats, rotate=rotate)
    winner = df["winner"].astype(float)
    firsts = winner.groupby(df["game_id"]).transform("sum")
    df = df.drop(columns=[c for c in DESIGN_COLUMNS if c in df.columns])
    df.insert(df.columns.get_loc("game_id") + 1, "deal", pd.Series(deal, index=df.index, dtype="int64"))
    df.insert(df.columns.get_loc("deal") + 1, "rotation", pd.Series(rotation, index=df.index, dtype="int64"))
    share = winner / firsts.where(firsts > 0, 1.0)
    df.insert(df.columns.get_loc("winner") + 1, "win_share", share)
    return df


def table(game: Game, results: list[GameResult]) -> pd.DataFrame:
    """simulate's table of finished games (one row per player per game, in the order given),
    without the columns :func:`with_design` adds."""
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
    stored = [c for c in ID_COLUMNS + categories + RESULT_COLUMNS if c not in DESIGN_COLUMNS]
    df = pd.DataFrame(rows, columns=stored)
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

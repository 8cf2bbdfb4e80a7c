"""observe(): watch the games simulate() plays and note what happens in them.

``simulate`` keeps only each game's final score sheet. Many questions need more: which die was
taken at each pick, what a turn earned, which gardens acted at the end of a round. ``observe``
plays exactly the games ``simulate`` plays (the same :func:`~boardlab.core.simulate.game_seeds`
per game, the same policies, the same play loop, here or on worker processes, the same tables
whatever the number of workers, the games finished so far kept on Ctrl-C) and shows every
decision of every game to an **observer**, which turns what it saw into table rows.

An observer is written for one game at a time. ``observe`` receives a picklable factory (a
class, or ``functools.partial`` of one) and calls it once per game; the object it returns has

* ``start(state, info)``: the game's first position, before the first decision; ``info`` is a
  :class:`GameInfo` (game id, seeds, the policy name of each seat);
* ``step(state, action)``: every decision, with the position as the policy saw it (the action
  not yet applied) and the action chosen. The position passed to the next ``step`` (or to
  ``finish``) is the one after the action. The observer must not change the state: copy it to
  look ahead;
* ``finish(state) -> {table name: [row dict, ...]}``: the final position; the rows this game
  adds to each table;
* optionally ``stop(state) -> bool``, asked before each decision: True ends this game there
  (an observer that needs only the first round says so). A game stopped early has no score row.

The result is a dict of tidy DataFrames: ``"scores"``, the table :func:`simulate` returns
for the same arguments (one row per player per game that reached its end), and each table the
observer filled, with a ``game_id`` column first, in game order. Every table's ``attrs`` holds
the run's provenance (as ``simulate``'s) and ``partial``, ``games_requested``,
``games_finished``.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import pandas as pd

from boardlab.core.game import Game
from boardlab.core.playing import GameInfo, Interrupts
from boardlab.core.simulate import run_games

SCORES = "scores"


def observe(game: Game, policies: Sequence, games: int, seed: int, observer, workers: int = 1,
            progress: bool | None = None, rotate_seats: bool = False, rotate: bool | None = None
            ) -> dict[str, pd.DataFrame]:
    """Play ``games`` seeded games as :func:`boardlab.simulate` does and collect what
    ``observer`` (a factory of per-game observers, see the module text) notes in each.

    ``rotate_seats``: as in :func:`boardlab.simulate`, each deal is played once per seat
    rotation (``games`` counts deals), so a lone policy meets the same dice from every seat.
    ``rotate`` (deprecated: use ``rotate_seats``) keeps the older reading: game ``i`` seats the
    policies rotated by ``i`` places on its own deal.

    Returns ``{"scores": simulate's table, table name: DataFrame, ...}``.
    """
    return observe_run(game, policies, games, seed, observer, workers=workers, progress=progress,
                       rotate_seats=rotate_seats, rotate=bool(deprecated_rotate(rotate)))


def observe_run(game: Game, policies: Sequence, games: int, seed: int, observer, *, workers: int = 1,
                progress: bool | None = None, rotate_seats: bool = False, rotate: bool = False
                ) -> dict[str, pd.DataFrame]:
    """:func:`observe` without the deprecated argument's warning (for functions that warn their own caller)."""
    if not callable(observer):
        raise ValueError(f"observer must be a factory of per-game observers (e.g. a class), got {observer!r}")
    with Interrupts():  # a Ctrl-C while the tables are built must not lose the finished games
        run = run_games(game, policies, games, seed, workers=workers, progress=progress, observer=observer,
                        rotate=rotate, rotate_seats=rotate_seats, label="observe")
        tables: dict[str, list] = {}
        for result in run.results:
            for name, rows in result.observed.items():
                if name == SCORES:
                    raise ValueError(f"an observer's table cannot be called {SCORES!r}: that is simulate's table")
                bucket = tables.setdefault(name, [])
                bucket.extend({"game_id": result.game_id, **{k: v for k, v in row.items() if k != "game_id"}}
                              for row in rows)
        out = {SCORES: run.scores}
        for name, rows in tables.items():
            df = pd.DataFrame.from_records(rows) if rows else pd.DataFrame(columns=["game_id"])
            df.attrs.update(run.attrs)
            out[name] = df
        if rotate:
            for df in out.values():
                df.attrs["rotate"] = True
        return out


def deprecated_rotate(rotate: bool | None, stacklevel: int = 3) -> bool | None:
    """The older ``rotate=`` argument, still honoured, with a DeprecationWarning naming its
    successor (shown at the caller of the function that got it, ``stacklevel`` frames up)."""
    if rotate is None:
        return None
    warnings.warn("rotate= is deprecated: use rotate_seats=True (as simulate: each deal is played once per "
                  "seat rotation, and games counts deals); rotate=True still turns game i by i places",
                  DeprecationWarning, stacklevel=stacklevel)
    return bool(rotate)


__all__ = ["GameInfo", "observe", "observe_run", "deprecated_rotate"]

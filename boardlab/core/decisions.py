"""One recorder shape for every game: one row per decision, with what that decision saw.

A strategy writer asks the same questions of every game (which option was taken, by which seat,
with what in view), so every game's recorder returns the same table::

    from boardlab.core.decisions import record_decisions
    run = record_decisions(game, ["greedy", "random"], games=100, seed=7, facts=whitecastle_facts)
    run["decisions"]      # one row per decision of every game
    run["scores"]         # simulate()'s table for the same games (one row per seat per game)

Columns of ``"decisions"``, in this order: ``game_id``, ``game`` (its registered name),
``step`` (0, 1, ... within the game), ``seat`` (who decided; the same word ``simulate`` uses),
``policy`` (that seat's policy), ``decision`` (what was asked), ``action`` (the option taken, in
the game's text notation), then the game's own facts. ``facts`` is a module-level function
``facts(state, action) -> dict`` (picklable, so it runs on worker processes too) called with
the position the deciding seat saw, before the action; a ``"decision"`` key it returns names
the decision (default: the action's ``kind``, else its type). It must not change the state.

Runs through :func:`boardlab.core.observe.observe` (the same games as ``simulate``; any number
of workers gives the same table; ``attrs`` hold the run's provenance). ``stop(state) -> bool``
(module level too) ends a game early, e.g. after round 1; such a game has no score row.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import pandas as pd

from boardlab.core.observe import deprecated_rotate, observe_run

DECISIONS = "decisions"
#: The leading columns of every game's decision table.
COLUMNS = ("game_id", "game", "step", "seat", "policy", "decision", "action")


def _kind(action) -> str:
    return str(getattr(action, "kind", type(action).__name__))


class DecisionLog:
    """The per-game observer behind :func:`record_decisions` (see the module text)."""

    def __init__(self, facts: Callable | None = None, stop: Callable | None = None):
        self._facts, self._stop = facts, stop

    def start(self, state, info) -> None:
        self.policies = info.policies
        self.rows: list[dict] = []

    def stop(self, state) -> bool:
        return bool(self._stop(state)) if self._stop else False

    def step(self, state, action) -> None:
        seat = state.to_move
        facts = dict(self._facts(state, action)) if self._facts else {}
        decision = facts.pop("decision", None) or _kind(action)
        clash = set(facts) & set(COLUMNS)
        if clash:
            raise ValueError(f"facts cannot use the recorder's own column names {sorted(clash)}")
        self.rows.append({"game": state.game.name, "step": len(self.rows), "seat": seat,
                          "policy": self.policies[seat] if seat is not None else None,
                          "decision": decision, "action": str(action), **facts})

    def finish(self, state) -> dict:
        return {DECISIONS: self.rows}


def record_decisions(game, policies: Sequence, games: int, seed: int, *, facts: Callable | None = None,
                     stop: Callable | None = None, workers: int = 1, progress: bool | None = None,
                     rotate_seats: bool = False, rotate: bool | None = None) -> dict[str, pd.DataFrame]:
    """Play ``games`` seeded games as ``simulate`` does and return ``{"decisions": one row per
    decision, "scores": simulate's table}`` (columns: :data:`COLUMNS`, then ``facts``' keys)."""
    observer = functools.partial(DecisionLog, facts=facts, stop=stop)
    out = observe_run(game, policies, games, seed, observer, workers=workers, progress=progress,
                      rotate_seats=rotate_seats, rotate=bool(deprecated_rotate(rotate)))
    table = out.get(DECISIONS)
    if table is None:
        table = pd.DataFrame(columns=list(COLUMNS))
        table.attrs.update(out["scores"].attrs)
    first = [c for c in COLUMNS if c in table.columns]
    out[DECISIONS] = table[first + [c for c in table.columns if c not in first]]
    out[DECISIONS].attrs.update(table.attrs)
    return out


__all__ = ["DECISIONS", "COLUMNS", "DecisionLog", "record_decisions"]

"""Experiments, not only correlations (issue 11, point 5).

A correlation among greedy players ("seats that take more low dice score more") cannot say
whether the choice causes the score. An intervention can: :class:`Forcing` wraps a seat's policy
so that it makes a named choice with probability ``p`` whenever that choice is offered, and
plays as its policy would otherwise; :func:`experiment` plays the same seeded games with each
arm in turn (the same deals for every arm: common random numbers) and returns one tidy row per
arm with standard errors and the effect against the first arm. :func:`sensitivity` reruns a
comparison with one game option (an assumed value of RULES.md) changed.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Mapping, Sequence

import pandas as pd

from boardlab.core.game import Game
from boardlab.core.policies import policy_name, resolve_policy
from boardlab.core.simulate import run_games

__all__ = ["Forcing", "experiment", "sensitivity", "ARM_COLUMNS"]

ARM_COLUMNS = ["arm", "games", "total", "total_se", "margin", "margin_se", "win_rate", "win_rate_se",
               "effect_win_rate", "effect_win_rate_se", "effect_total", "effect_total_se"]


class Forcing:
    """A policy that takes ``choose(state)`` with probability ``p`` whenever ``choose`` names an
    option (a legal action, or its text), and otherwise plays as ``policy`` would.

    ``choose`` returns None where the decision is not the one studied (or the choice is not
    offered), so the rest of the seat's play is untouched. ``choose`` may be defined in a
    notebook, also for several workers (sent by value). Example (White Castle: take the lowest die offered)::

        def lowest_die(state):
            takes = [a for a in state.legal_actions() if a.kind == "take"]
            return min(takes, key=lambda a: a.n) if takes else None

        Forcing("greedy", lowest_die, p=1.0)
    """

    def __init__(self, policy, choose: Callable, p: float = 1.0, name: str | None = None):
        if not callable(choose):
            raise ValueError(f"choose must be a callable state -> action or None, got {choose!r}")
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise ValueError(f"p must be a probability between 0 and 1, got {p!r}")
        self.policy = policy
        self.choose = choose
        self.p = float(p)
        self._resolved = None
        self.name = name or f"{policy_name(policy) if not isinstance(policy, str) else policy} " \
                            f"forced {getattr(choose, '__name__', 'choice')} p={self.p:g}"

    def __call__(self, state, rng: random.Random):
        forced = self.choose(state)
        if forced is not None:
            if rng.random() < self.p:
                return self._offered(state, forced)
        if self._resolved is None:
            self._resolved = resolve_policy(state.game, self.policy)
        return self._resolved(state, rng)

    @staticmethod
    def _offered(state, forced):
        legal = state.legal_actions()
        if isinstance(forced, str):
            for a in legal:
                if str(a) == forced:
                    return a
        elif forced in legal:
            return forced
        raise ValueError(f"the forced choice {forced!r} is not a legal option now; legal: "
                         f"{', '.join(str(a) for a in legal[:12])}")

    def __getstate__(self):
        return {**self.__dict__, "_resolved": None}

    def __repr__(self):
        return f"Forcing({self.policy!r}, {getattr(self.choose, '__name__', self.choose)!r}, p={self.p:g})"


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _seat_outcomes(game: Game, spec, opponents, games: int, seed: int, workers: int) -> tuple[list, list, list]:
    """(totals, margins, win shares) of the studied seat over ``games`` seat-rotated games."""
    policies = [spec] + [opponents] * (game.players - 1)
    run = run_games(game, policies, games, seed, workers=workers, progress=False, rotate=True, label="experiment")
    totals, margins, wins = [], [], []
    for r in run.results:
        if r.sheet is None:
            continue
        seat = r.game_id % game.players  # game i seats policies[(s - i) % n]: the arm sits at s = i mod n
        scores = {s: r.sheet[s]["total"] for s in r.sheet}
        firsts = [s for s, rank in r.ranks.items() if rank == 1]
        totals.append(float(scores[seat]))
        margins.append(float(scores[seat] - max(v for s, v in scores.items() if s != seat)))
        wins.append(1.0 / len(firsts) if seat in firsts else 0.0)
    return totals, margins, wins


def experiment(game: Game, arms: Mapping, opponents="greedy", games: int = 200, seed: int = 0,
               workers: int = 1) -> pd.DataFrame:
    """One row per arm ({label: policy spec}, e.g. {"greedy": "greedy", "low die": Forcing(...)}):
    the studied seat plays the arm, every other seat ``opponents``, seats rotated; every arm plays
    the same seeded games. Columns ``ARM_COLUMNS``: mean total, margin (own total minus the best
    other) and win share of the studied seat with standard errors, and the effect on the win rate
    and the total against the first arm (difference and its standard error, arms independent)."""
    if not isinstance(arms, Mapping) or not arms:
        raise ValueError(f"arms must be a non-empty dict {{label: policy}}, got {arms!r}")
    if game.players < 2:
        raise ValueError("an experiment needs at least two players (the studied seat and its opponents)")
    rows = []
    for label, spec in arms.items():
        totals, margins, wins = _seat_outcomes(game, spec, opponents, games, seed, workers)
        rows.append([label, len(totals), *_mean_se(totals), *_mean_se(margins), *_mean_se(wins)])
    base = rows[0]
    for row in rows:
        row += [row[6] - base[6], math.hypot(row[7], base[7]) if row is not base else 0.0,
                row[2] - base[2], math.hypot(row[3], base[3]) if row is not base else 0.0]
    df = pd.DataFrame(rows, columns=ARM_COLUMNS).astype({"games": "int64"})
    df.attrs.update(game=game.name, options=game.options(), opponents=policy_name(opponents)
                    if not isinstance(opponents, str) else opponents, games=games, seed=seed)
    return df


def sensitivity(game: Game, option: str, values: Sequence, policies: Sequence, games: int = 200, seed: int = 0,
                workers: int = 1) -> pd.DataFrame:
    """The same comparison rerun with one game option set to each of ``values`` (e.g. an assumed
    value listed in RULES.md): one row per value and seat policy, with the mean total and the win
    rate and their standard errors over seat-rotated games. Columns: ``option``, ``value``,
    ``policy``, ``games``, ``total``, ``total_se``, ``win_rate``, ``win_rate_se``."""
    options = game.options()
    if option not in options:
        raise ValueError(f"{game.name} has no option {option!r}; its options: {', '.join(sorted(options))}")
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise ValueError(f"values must be a non-empty list of values for {option!r}, got {values!r}")
    rows = []
    for value in values:
        changed = type(game).from_options({**options, option: value})
        run = run_games(changed, list(policies), games, seed, workers=workers, progress=False, rotate=True,
                        label="sensitivity")
        df = run.scores
        firsts = df.groupby("game_id")["winner"].transform("sum")
        df = df.assign(share=df["winner"] / firsts)
        for name, part in df.groupby("policy", sort=False):
            rows.append([option, value, name, int(part.game_id.nunique()), *_mean_se(list(part.total.astype(float))),
                         *_mean_se(list(part.share.astype(float)))])
    out = pd.DataFrame(rows, columns=["option", "value", "policy", "games", "total", "total_se", "win_rate",
                                      "win_rate_se"])
    out.attrs.update(game=game.name, options=options, games=games, seed=seed)
    return out

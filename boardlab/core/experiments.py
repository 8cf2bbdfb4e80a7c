"""Experiments, not only correlations (issue 11, point 5; paired design: issue 25).

A correlation among greedy players ("seats that take more low dice score more") cannot say
whether the choice causes the score. An intervention can. Three policy transformers change one
seat's play and leave the rest of it alone:

* :class:`Forcing` makes a named choice (with probability ``p``) whenever it is offered;
* :class:`Forbidding` never makes the choices ``forbid`` names (the policy picks among the rest);
* :class:`Transforming` replaces the policy's choice by ``fn(state, choice)`` ("the same colour,
  other end").

Each notes, per decision, whether it *fired* (forced, forbade or transformed something) and
whether that *changed* the base policy's choice: an intervention that seldom fires cannot
move the outcome much, and :func:`experiment` reports this uptake beside the effect.

:func:`experiment` is paired: every arm plays the same deals with the same seat rotations
(``rotate_seats``: each deal once with the studied seat in every seat), so each arm's effect
against the first arm (the baseline) is a per-deal difference, and its standard error comes
from the spread of those differences over deals (the games of one deal are not independent).
It returns the summary and the per-game outcomes. :func:`sensitivity` reruns a comparison with
one game option (an assumed value of RULES.md) changed.

A win shared by k tied players counts 1/k for each (:func:`boardlab.core.stats.win_shares`).
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

import pandas as pd

from boardlab.core.game import Game
from boardlab.core.playing import deal_and_rotation
from boardlab.core.policies import policy_name, resolve_policy
from boardlab.core.simulate import run_games
from boardlab.core.stats import clustered_mean_se, interval95, win_shares

__all__ = ["Forcing", "Forbidding", "Transforming", "experiment", "Experiment", "effect_view", "effect_figure", "sensitivity", "ARM_COLUMNS",
           "OUTCOME_COLUMNS"]

#: the summary's columns (one row per arm); effects are against the first arm, paired by deal
ARM_COLUMNS = ["arm", "deals", "games", "total", "total_se", "margin", "margin_se", "win_rate", "win_rate_se",
               "effect_win_rate", "effect_win_rate_se", "effect_win_rate_low", "effect_win_rate_high",
               "effect_total", "effect_total_se", "effect_total_low", "effect_total_high",
               "fired_games", "changed_games", "fired_per_game", "changed_per_game"]
#: the per-game table's columns (one row per arm and game, the studied seat's outcome)
OUTCOME_COLUMNS = ["arm", "deal", "rotation", "seat", "total", "margin", "win", "fired", "changed"]


# -- policy transformers -------------------------------------------------------------------------


class _Transformer:
    """What the three transformers share: a base policy resolved lazily (so that the object
    pickles as its spec and is rebuilt on a worker) and ``last``, the uptake of the latest
    decision: None where the transformer had nothing to do, else (fired, changed)."""

    def __init__(self, policy, name: str):
        self.policy = policy
        self.name = name
        self.last: tuple[bool, bool] | None = None
        self._resolved = None

    def base(self, state, rng: random.Random):
        """The base policy's choice."""
        if self._resolved is None:
            self._resolved = resolve_policy(state.game, self.policy)
        return self._resolved(state, rng)

    def __getstate__(self):
        return {**self.__dict__, "_resolved": None, "last": None}

    @staticmethod
    def _legal(state, choice, what: str):
        """``choice`` (an action or its text) as a legal action of ``state``, or a clear error."""
        legal = state.legal_actions()
        if isinstance(choice, str):
            for a in legal:
                if str(a) == choice:
                    return a
        elif choice in legal:
            return choice
        raise ValueError(f"the {what} {choice!r} is not a legal option now; legal: "
                         f"{', '.join(str(a) for a in legal[:12])}")


def _label(policy) -> str:
    return policy if isinstance(policy, str) else policy_name(policy)


class Forcing(_Transformer):
    """A policy that takes ``choose(state)`` with probability ``p`` whenever ``choose`` names an
    option (a legal action, or its text), and otherwise plays as ``policy`` would.

    ``choose`` returns None where the decision is not the one studied (or the choice is not
    offered), so the rest of the seat's play is untouched. Where it names an option, the base
    policy is asked first (so that its random draws stay in step with an unforced seat's) and
    ``last`` notes whether the forced choice fired and whether it differed from the base's.
    ``choose`` may be defined in a notebook, also for several workers (sent by value). Example (White Castle:
    take the lowest die offered)::

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
        super().__init__(policy, name or f"{_label(policy)} forced {getattr(choose, '__name__', 'choice')} p={p:g}")
        self.choose = choose
        self.p = float(p)

    def __call__(self, state, rng: random.Random):
        self.last = None
        forced = self.choose(state)
        if forced is None:
            return self.base(state, rng)
        forced = self._legal(state, forced, "forced choice")
        chosen = self.base(state, rng)
        fired = self.p == 1 or (self.p > 0 and rng.random() < self.p)
        action = forced if fired else chosen
        self.last = (fired, action != chosen)
        return action

    def __repr__(self):
        return f"Forcing({self.policy!r}, {getattr(self.choose, '__name__', self.choose)!r}, p={self.p:g})"


class _Allowed:
    """A state whose ``legal_actions()`` lists only ``allowed`` (everything else is the state's):
    what a base policy sees under :class:`Forbidding`."""

    def __init__(self, state, allowed: list):
        self._state, self._allowed = state, allowed

    def legal_actions(self):
        return list(self._allowed)

    def __getattr__(self, name):
        return getattr(self._state, name)


class Forbidding(_Transformer):
    """A policy that never takes an option ``forbid(state, action)`` is true for: where the base
    policy would, it chooses again among the other legal options (it sees a state whose
    ``legal_actions()`` lacks the forbidden ones); where every option is forbidden it plays as
    the base policy would (a rule can leave no other choice). ``last``: fired when a forbidden
    option was on offer beside an allowed one, changed when the base policy wanted it.

    The base policy must choose from ``state.legal_actions()`` at the decisions concerned (random
    and mcts always do; a greedy bot may value some decisions by its own reckoning, e.g. Alea's
    choice of building: then Forbidding refuses, naming the decision).
    ``forbid`` may be defined anywhere, a notebook cell included: workers and Dask receive it by
    value (cloudpickle). Example (Alea: never reroll)::

        def reroll(state, action):
            return action.kind == "reroll"

        Forbidding("greedy", reroll)
    """

    def __init__(self, policy, forbid: Callable, name: str | None = None):
        if not callable(forbid):
            raise ValueError(f"forbid must be a callable (state, action) -> bool, got {forbid!r}")
        super().__init__(policy, name or f"{_label(policy)} never {getattr(forbid, '__name__', 'forbidden')}")
        self.forbid = forbid

    def __call__(self, state, rng: random.Random):
        self.last = None
        legal = state.legal_actions()
        allowed = [a for a in legal if not self.forbid(state, a)]
        chosen = self.base(state, rng)
        if len(allowed) == len(legal) or not allowed:
            return chosen
        if chosen in allowed:
            self.last = (True, False)
            return chosen
        try:
            action = self.base(_Allowed(state, allowed), rng)
        except Exception as exc:  # e.g. a bot that picks its building by its own reckoning, then looks it up
            action = exc
        if isinstance(action, BaseException) or action not in allowed:
            what = f"failed ({action!r})" if isinstance(action, BaseException) else f"chose {action}"
            raise ValueError(f"Forbidding: {_label(self.policy)!r} {what} when its choice was forbidden: at this "
                             "decision it does not choose from state.legal_actions(), so it cannot be steered; "
                             "forbid another decision's options or use Transforming") from (
                action if isinstance(action, BaseException) else None)
        self.last = (True, True)
        return action

    def __repr__(self):
        return f"Forbidding({self.policy!r}, {getattr(self.forbid, '__name__', self.forbid)!r})"


class Transforming(_Transformer):
    """A policy that plays ``fn(state, choice)`` instead of the base policy's ``choice``, where
    ``fn`` returns an option (a legal action or its text), and the choice itself where it returns
    None. ``last``: fired when ``fn`` returned an option, changed when it differs from the choice.
    ``fn`` may be defined anywhere, a notebook cell included (workers and Dask receive it by
    value). Example (White Castle: the die at the other end of the same bridge)::

        def other_end(state, choice):
            ...  # the take at the other end of choice's bridge, or None

        Transforming("greedy", other_end)
    """

    def __init__(self, policy, fn: Callable, name: str | None = None):
        if not callable(fn):
            raise ValueError(f"fn must be a callable (state, action) -> action or None, got {fn!r}")
        super().__init__(policy, name or f"{_label(policy)} then {getattr(fn, '__name__', 'transformed')}")
        self.fn = fn

    def __call__(self, state, rng: random.Random):
        self.last = None
        chosen = self.base(state, rng)
        other = self.fn(state, chosen)
        if other is None:
            return chosen
        action = self._legal(state, other, "transformed choice")
        self.last = (True, action != chosen)
        return action

    def __repr__(self):
        return f"Transforming({self.policy!r}, {getattr(self.fn, '__name__', self.fn)!r})"


class _Uptake:
    """Observer of one game: counts the decisions where the studied seat's transformer fired and
    where it changed the base policy's choice. It holds the very transformer the seat plays (the
    run's plan pickles both together, so a worker's copy is shared too)."""

    def __init__(self, arm: _Transformer):
        self.arm = arm

    def start(self, state, info):
        # rotate_seats: the arm (listed first) sits at its rotation
        self.seat = deal_and_rotation(info.game_id, state.game.players, rotate_seats=True)[1]
        self.fired = self.changed = 0

    def step(self, state, action):
        if state.to_move == self.seat and self.arm.last is not None:
            fired, changed = self.arm.last
            self.fired += fired
            self.changed += changed

    def finish(self, state):
        return {"uptake": [{"fired": self.fired, "changed": self.changed}]}


# -- the paired experiment ----------------------------------------------------------------------


@dataclass
class Experiment:
    """What :func:`experiment` returns: ``summary`` (one row per arm, columns ``ARM_COLUMNS``) and
    ``outcomes`` (one row per arm and game, columns ``OUTCOME_COLUMNS``); both carry the run's
    provenance in ``attrs``."""

    summary: pd.DataFrame
    outcomes: pd.DataFrame

    def _repr_html_(self):
        return self.summary._repr_html_()


def _arm_outcomes(game: Game, label: str, spec, opponents, games: int, seed: int, run: dict) -> pd.DataFrame:
    """The studied seat's outcomes in every game of the arm: the arm sits first in the policy list,
    so with the seats rotated it plays seat ``r`` in rotation ``r`` of every deal."""
    n = game.players
    observer = functools.partial(_Uptake, spec) if isinstance(spec, _Transformer) else None
    done = run_games(game, [spec] + [opponents] * (n - 1), games, seed, rotate_seats=True, observer=observer,
                     label=f"experiment: {label}", **run)
    rows = []
    for r in done.results:
        if r.sheet is None:
            continue
        deal, rotation = deal_and_rotation(r.game_id, n, rotate_seats=True)
        seat = rotation
        scores = {s: r.sheet[s]["total"] for s in r.sheet}
        uptake = r.observed["uptake"][0] if r.observed else {"fired": math.nan, "changed": math.nan}
        rows.append([label, deal, rotation, seat, float(scores[seat]),
                     float(scores[seat] - max(v for s, v in scores.items() if s != seat)),
                     win_shares(r.ranks)[seat], uptake["fired"], uptake["changed"]])
    return pd.DataFrame(rows, columns=OUTCOME_COLUMNS)


def _paired(arm: pd.DataFrame, base: pd.DataFrame, column: str) -> tuple[float, float, float, float]:
    """Effect of the arm on ``column`` against the baseline: the mean over deals of the per-deal
    difference of the two arms' means (same deals, same rotations), its standard error from the
    spread of those differences, and the 95 % interval (t with deals - 1 degrees of freedom)."""
    diff = (arm.groupby("deal")[column].mean() - base.groupby("deal")[column].mean()).dropna()
    effect, se = clustered_mean_se(diff, diff.index)
    if len(diff) >= 2 and diff.nunique() == 1:
        se = 0.0  # every deal moved alike (identical arms: exactly 0); rounding must not read as noise
    return (effect, se, *interval95(effect, se, len(diff)))


def experiment(game: Game, arms: Mapping, opponents="greedy", games: int = 100, seed: int = 0,
               workers: int = 1, backend: str = "local", client=None) -> Experiment:
    """A paired comparison of ``arms`` ({label: policy spec}, e.g. {"greedy": "greedy", "low
    die": Forcing(...)}): the studied seat plays the arm, every other seat ``opponents``; each
    of ``games`` deals is played once per seat rotation (``games * players`` games per arm, as
    ``simulate(..., rotate_seats=True)``), and every arm plays the same deals and rotations.

    ``summary`` (``ARM_COLUMNS``): per arm the mean total, margin (own total minus the best other)
    and win rate (a tie shares the win, 1/k) of the studied seat with standard errors clustered
    by deal; the effect on the win rate and the total against the first arm, paired by deal,
    with its standard error and 95 % interval (``_low``, ``_high``); and for a transformer arm
    its uptake: the share of games where it fired and where it changed the base policy's choice
    at least once, and the mean number of such decisions per game. ``outcomes``: the per-game
    table (``OUTCOME_COLUMNS``) the summary is computed from. ``workers``, ``backend``,
    ``client``: as :func:`boardlab.simulate` (a transformer's functions travel by value)."""
    if not isinstance(arms, Mapping) or not arms:
        raise ValueError(f"arms must be a non-empty dict {{label: policy}}, got {arms!r}")
    if game.players < 2:
        raise ValueError("an experiment needs at least two players (the studied seat and its opponents)")
    run = dict(workers=workers, backend=backend, client=client, progress=False)
    outcomes = pd.concat([_arm_outcomes(game, str(label), spec, opponents, games, seed, run)
                          for label, spec in arms.items()], ignore_index=True)
    complete = outcomes.groupby("deal")["arm"].size() == len(arms) * game.players  # an interrupted run
    outcomes = outcomes[outcomes["deal"].isin(complete[complete].index)].reset_index(drop=True)
    by_arm = dict(tuple(outcomes.groupby("arm", sort=False)))
    base = by_arm[str(next(iter(arms)))]
    rows = []
    for label in map(str, arms):
        part = by_arm[label]
        transformed = part["fired"].notna().all()
        rows.append([label, part["deal"].nunique(), len(part),
                     *clustered_mean_se(part["total"], part["deal"]), *clustered_mean_se(part["margin"], part["deal"]),
                     *clustered_mean_se(part["win"], part["deal"]),
                     *_paired(part, base, "win"), *_paired(part, base, "total"),
                     *((part["fired"].gt(0).mean(), part["changed"].gt(0).mean(), part["fired"].mean(),
                        part["changed"].mean()) if transformed else (math.nan,) * 4)])
    summary = pd.DataFrame(rows, columns=ARM_COLUMNS).astype({"deals": "int64", "games": "int64"})
    attrs = dict(game=game.name, options=game.options(), opponents=_label(opponents), games=games, seed=seed,
                 rotate_seats=True, baseline=str(next(iter(arms))))
    summary.attrs.update(attrs)
    outcomes.attrs.update(attrs)
    return Experiment(summary, outcomes)


def _points(x, digits: int = 1) -> str:
    from boardlab.core.tables import BLANK, MINUS

    if x is None or x != x:
        return BLANK
    text = f"{abs(x):.{digits}f}"
    return text if float(text) == 0 else ("+" if x > 0 else MINUS) + text


def effect_view(summary: pd.DataFrame) -> pd.DataFrame:
    """:func:`experiment`'s summary as a reader sees it (the core's table style): per arm the games,
    the studied seat's win rate and mean points with their errors, each effect against the
    baseline with its 95 % interval, and how often a transformer changed the base policy's choice.
    Headers and words in the current language (the summary's game glossary); arm labels the
    glossary does not know stay as given."""
    from boardlab.core import glossary
    from boardlab.core.tables import BLANK, article_table, percent, plus_minus

    T = glossary.terms("core")

    def effect(e, lo, hi, pct):
        if e != e:
            return BLANK
        unit = " %" if pct else ""
        scale = 100 if pct else 1
        span = T("{low} to {high}", low=f"{_points(scale * lo)}{unit}", high=f"{_points(scale * hi)}{unit}")
        return f"{_points(scale * e)}{unit} ({span})"

    rows = []
    for i, r in summary.reset_index(drop=True).iterrows():
        base = i == 0
        rows.append({"arm": r["arm"], "games": r["games"],
                     "win rate": f"{percent(r['win_rate'])} ± {percent(r['win_rate_se'])}",
                     "points": plus_minus(r["total"], r["total_se"], 1),
                     "win effect": T("baseline") if base else effect(r["effect_win_rate"], r["effect_win_rate_low"],
                                                                     r["effect_win_rate_high"], True),
                     "points effect": T("baseline") if base else effect(r["effect_total"], r["effect_total_low"],
                                                                        r["effect_total_high"], False),
                     "changed": percent(r["changed_games"], 0)})
    return article_table(pd.DataFrame(rows), index="arm", terms=summary.attrs.get("game", "core"), rename={
        "win effect": "effect on the win rate (95 % interval)", "points effect": "effect on points (95 % interval)",
        "changed": "games it changed a choice in", "win rate": "win rate ± se", "points": "points ± se"})


def _in_language(texts: list, game: str) -> list:
    """Labels (arms, policies) in the current language, as a table would show them."""
    from boardlab.core.tables import in_language

    return in_language(pd.DataFrame({"policy": [str(t) for t in texts]}), game).iloc[:, 0].tolist()


def effect_figure(result: Experiment, title: str | None = None):
    """Each arm's effect on the studied seat's win rate against the baseline, with its 95 %
    interval (percentage points), stamped with the run's provenance."""
    import matplotlib.pyplot as plt

    from boardlab.core import glossary
    from boardlab.core.plotting import PALETTE, provenance, stamp
    from boardlab.core.runs import game_of

    summary = result.summary
    a = summary.attrs
    T = glossary.terms("core")
    game = a.get("game", "core")
    shown = _in_language([*summary["arm"], a.get("opponents")], game)  # arm labels the glossary knows
    labels = dict(zip([*summary["arm"], a.get("opponents")], shown))
    arms = summary.iloc[1:]
    fig, ax = plt.subplots(figsize=(8, 2.8 + 0.5 * len(arms)))
    ys = list(range(len(arms)))[::-1]
    effect = 100 * arms["effect_win_rate"]
    ax.errorbar(effect, ys, xerr=[effect - 100 * arms["effect_win_rate_low"], 100 * arms["effect_win_rate_high"] - effect],
                fmt="o", color=PALETTE[0], capsize=4)
    ax.axvline(0, color="0.4", lw=1)
    ax.set_yticks(ys, [labels[arm] for arm in arms["arm"]])
    ax.set_ylim(-0.7, len(arms) - 0.3)
    ax.set(title=title or T("Effect on the win rate against {baseline}", baseline=labels[summary["arm"].iloc[0]]),
           xlabel=T("change in win rate (percentage points, 95 % interval; paired by deal)"))
    fig.subplots_adjust(left=0.28, bottom=0.3)  # the x label, then the provenance line below it
    stamp(fig, provenance(game_of(a), games=int(arms["games"].iloc[0]) if len(arms) else None, seed=a.get("seed"),
                          policies=[labels[arm] for arm in summary["arm"]],
                          note=T("{deals} deals, each from every seat; opponents {opponents}",
                                 deals=int(summary["deals"].iloc[0]), opponents=labels[a.get("opponents")])))
    plt.close(fig)
    return fig


def sensitivity(game: Game, option: str, values: Sequence, policies: Sequence, games: int = 100, seed: int = 0,
                workers: int = 1) -> pd.DataFrame:
    """The same comparison rerun with one game option set to each of ``values`` (e.g. an assumed
    value listed in RULES.md): one row per value and seat policy, with the mean total and the win
    rate (a tie shares the win) and their standard errors clustered by deal, over ``games``
    deals each played once per seat rotation. Columns: ``option``, ``value``, ``policy``,
    ``games``, ``total``, ``total_se``, ``win_rate``, ``win_rate_se``."""
    options = game.options()
    if option not in options:
        raise ValueError(f"{game.name} has no option {option!r}; its options: {', '.join(sorted(options))}")
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise ValueError(f"values must be a non-empty list of values for {option!r}, got {values!r}")
    rows = []
    for value in values:
        changed = type(game).from_options({**options, option: value})
        df = run_games(changed, list(policies), games, seed, workers=workers, progress=False, rotate_seats=True,
                       label="sensitivity").scores
        for name, part in df.groupby("policy", sort=False):
            rows.append([option, value, name, int(part.game_id.nunique()),
                         *clustered_mean_se(part.total.astype(float), part.deal),
                         *clustered_mean_se(part.win_share, part.deal)])
    out = pd.DataFrame(rows, columns=["option", "value", "policy", "games", "total", "total_se", "win_rate",
                                      "win_rate_se"])
    out.attrs.update(game=game.name, options=options, games=games, seed=seed, rotate_seats=True)
    return out

"""Lesson behind notebooks/alea/02-reroll-or-place.ipynb.

The question: *my roll does not fit: should I spend a Repete chip, and which dice should I keep?*
The odds module gives, for every subset of a roll, the exact chance that rerolling the rest shows
the pattern; the misplay that rerolls every die is compared; a Monte Carlo reroll checks the
numbers; simulated games show what the Latrina's chips are worth.
"""

from __future__ import annotations

import random

import pandas as pd

from boardlab import simulate
from boardlab.alea import Game, odds
from boardlab.alea.lessons.common import T, article, new_figure, parse_roll, provenance, show, stamp
from boardlab.core.stats import mean_se, proportion_se
from boardlab.core.liveview import live_output

KIND_LABELS = {"straight": "straight (Senatus)", "group": "group of equal dice (Castrum)"}


def keep_table(roll, kind: str = "straight", length: int = 4, top: int | None = 8) -> pd.DataFrame:
    """The best subsets of ``roll`` to keep, with the exact chance of the pattern after the reroll.
    The row keeping every die is the chance without a reroll."""
    rows = []
    roll = tuple(sorted(roll))
    for keep, p in odds.best_keeps(roll, kind, length):
        rows.append({"keep": " ".join(map(str, keep)) or "nothing", "rerolled": len(roll) - len(keep),
                     "probability": float(p), "exact": str(p)})
    table = pd.DataFrame(rows)
    return table.head(top) if top else table


def strategies(roll, kind: str, length: int) -> dict:
    """Exact chances: no reroll, the misplay's full reroll, and the best subset kept (seed point 8)."""
    roll = tuple(sorted(roll))
    best_keep, best = odds.best_keeps(roll, kind, length)[0]
    return {"no reroll": odds.reroll_probability(roll, 0, kind, length),
            "reroll all dice (misplay)": odds.reroll_probability((), len(roll), kind, length),
            "keep the best subset": best, "best keep": best_keep}


CASES = (((1, 2, 3, 6, 6), "straight", 4), ((2, 2, 5, 5, 6), "group", 3), ((1, 2, 4, 6, 6, 6), "straight", 4),
         ((3, 3, 3, 1, 5, 6), "group", 4), ((1, 3, 5), "straight", 3))


def strategy_table(cases=CASES) -> pd.DataFrame:
    rows = []
    for roll, kind, length in cases:
        s = strategies(roll, kind, length)
        rows.append({"roll": " ".join(map(str, roll)), "want": f"{kind} of {length}",
                     "no reroll": float(s["no reroll"]), "reroll all (misplay)": float(s["reroll all dice (misplay)"]),
                     "keep best subset": float(s["keep the best subset"]),
                     "best keep": " ".join(map(str, s["best keep"])) or "nothing"})
    return pd.DataFrame(rows)


def _want(text: str) -> str:
    """A table's "straight of 4" in the current language."""
    kind, length = text.rsplit(" of ", 1)
    return T(f"{kind} of {{length}}", length=length)


def strategy_figure(table: pd.DataFrame, game=None):
    fig, ax = new_figure(9, 4.2)
    x = range(len(table))
    w = 0.27
    for i, (col, colour) in enumerate((("no reroll", "#999999"), ("reroll all (misplay)", "#E69F00"),
                                       ("keep best subset", "#0072B2"))):
        ax.bar([v + (i - 1) * w for v in x], table[col], width=w, color=colour, label=T(col))
    ax.set_xticks(list(x), [f"{r}\n{_want(w_)}" for r, w_ in zip(table["roll"], table["want"])], fontsize=9)
    ax.set(title=T("One Repete chip: keep a subset or reroll everything?"), ylabel=T("probability of the pattern"),
           ylim=(0, 1))
    ax.legend(fontsize=9)
    stamp(fig, provenance(game or Game(players=4), players="any", note=T("exact (Fractions over dice multisets)")))
    return fig


def simulated_reroll(keep, rerolled: int, kind: str, length: int, trials: int = 4000, seed: int = 1) -> dict:
    """A Monte Carlo reroll: kept dice plus ``rerolled`` fresh ones, ``trials`` times."""
    rng = random.Random(seed)
    hits = 0
    for _ in range(trials):
        dice = list(keep) + [rng.randint(1, 6) for _ in range(rerolled)]
        hits += odds.holds(kind, tuple(dice.count(f) for f in range(1, 7)), length)
    exact = float(odds.reroll_probability(tuple(keep), rerolled, kind, length))
    return {"exact": exact, "simulated": hits / trials, "se": proportion_se(exact, trials), "trials": trials}


def chip_income(player_counts=(2, 3, 4, 5), games: int = 30, seed: int = 5) -> pd.DataFrame:
    """Greedy games: chip points per player (2 chips = 1 point) and their share of the total."""
    rows = []
    for players in player_counts:
        df = simulate(Game(players=players), ["greedy"] * players, games=games, seed=seed)
        chips, chips_se = mean_se(df["chips"])
        total, total_se = mean_se(df["total"])
        rows.append({"players": players, "games": games, "chip points": chips, "chip points se": chips_se,
                     "total": total, "total se": total_se, "share": chips / total})
    return pd.DataFrame(rows)


def chip_figure(table: pd.DataFrame, seed: int):
    fig, ax = new_figure(7, 4)
    ax.bar(table["players"], table["total"], color="#56B4E9", label=T("mean total"))
    ax.bar(table["players"], table["chip points"], color="#D55E00", label=T("of which Repete chips"))
    ax.errorbar(table["players"], table["chip points"], yerr=2 * table["chip points se"], fmt="none",
                color="#000000", capsize=4)
    ax.set(title=T("Points from the Latrina's chips (greedy players)"), xlabel=T("players"),
           ylabel=T("points per player"), xticks=list(table["players"]))
    ax.legend()
    stamp(fig, provenance(Game(players=4), players=[int(p) for p in table["players"]], games=int(table["games"].iloc[0]), seed=seed, policies=[T("greedy")],
                          note=T("each player count; ±2 standard errors")))
    return fig


class RerollExplorer:
    """Type a roll and pick the pattern you want: the best subsets to keep with their exact chances,
    and the three strategies compared. ``result`` is the latest keep table (None after refused input)."""

    def __init__(self, roll: str = "1 2 3 6 6", kind: str = "straight", length: int = 4):
        import ipywidgets as W

        self.result: pd.DataFrame | None = None
        self.strategies: dict | None = None
        self.updates = 0
        self.roll = W.Text(value=roll, description=T("roll"), continuous_update=False)
        self.kind = W.Dropdown(options=[(T(v), k) for k, v in KIND_LABELS.items()], value=kind, description=T("want"))
        self.length = W.IntSlider(value=length, min=2, max=6, description=T("length"))
        self.summary = W.HTML()
        self.output = live_output(self._update, {"roll": self.roll, "kind": self.kind,
                                                          "length": self.length})
        self.widget = W.VBox([W.HBox([self.roll, self.kind, self.length]), self.summary, self.output])

    def _update(self, roll, kind, length):
        from boardlab.core.widgets import refusal_html

        self.updates += 1
        try:
            dice = parse_roll(roll)
            if kind == "group" and length > len(dice):
                raise ValueError(T("a group of {length} needs at least {length} dice; the roll has {n}", length=length,
                                   n=len(dice)))
            self.result = keep_table(dice, kind, length)
            self.strategies = strategies(dice, kind, length)
        except ValueError as exc:
            self.result = self.strategies = None
            self.summary.value = refusal_html(exc)
            return
        s = self.strategies
        keep = " ".join(map(str, s["best keep"])) or T("nothing")
        self.summary.value = T("Best: keep <b>{keep}</b>, chance {best}; no reroll {none}; reroll all (misplay) {all}.",
                               keep=keep, best=f"{float(s['keep the best subset']):.1%}",
                               none=f"{float(s['no reroll']):.1%}", all=f"{float(s['reroll all dice (misplay)']):.1%}")
        show(article(self.result, percent=["probability"]))

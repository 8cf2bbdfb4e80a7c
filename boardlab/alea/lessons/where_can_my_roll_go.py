"""Lesson behind notebooks/alea/01-where-can-my-roll-go.ipynb.

The question: *I rolled these dice: which buildings can take them, and how likely is each pattern
with fewer dice later in the set?* The engine lists where a roll can go on an empty board; the
odds module gives the exact chance of each building's pattern for 1 to 8 dice; a Monte Carlo
sample of rolls checks the exact distribution.
"""

from __future__ import annotations

import random

import pandas as pd

from boardlab.alea import Game, odds, rules
from boardlab.alea.components import BUILDINGS, LATRINA
from boardlab.alea.lessons.common import T, new_figure, parse_roll, position_with_roll, provenance, show, stamp
from boardlab.core.stats import proportion_se
from boardlab.core.liveview import live_output

PATTERNS = (("straight", 2), ("straight", 3), ("straight", 4), ("straight", 5), ("straight", 6),
            ("group", 2), ("group", 3), ("group", 4), ("sum5_pair", 1))


def column(kind: str, length: int) -> str:
    return {"straight": f"straight >= {length}", "group": f"group >= {length}", "sum5_pair": "sum-5 pair"}[kind]


def pattern_table(max_dice: int = 8) -> pd.DataFrame:
    """Exact probability of each building's pattern in one roll of 1..max_dice dice (floats; the
    Fractions are ``odds.pattern_probability``)."""
    rows = []
    for n in range(1, max_dice + 1):
        row = {"dice": n}
        for kind, length in PATTERNS:
            top = 6 if kind == "straight" else n
            row[column(kind, length)] = (float(odds.pattern_probability(kind, length, n))
                                         if length <= top else 0.0)
        rows.append(row)
    return pd.DataFrame(rows)


def where_can_it_go(roll, players: int = 4) -> pd.DataFrame:
    """Every placement of ``roll`` on an empty board, by building, as the engine lists them."""
    st = position_with_roll(roll, players)
    rows = []
    for b, opts in rules.placements(st).items():
        texts = ["send dice to the Latrina"] if b == LATRINA else [" ".join(map(str, d)) for d in opts]
        rows.append({"building": BUILDINGS[b], "placements": len(texts), "options": " | ".join(texts)})
    return pd.DataFrame(rows)


def pattern_figure(dice: int, game=None):
    """Bars: P(longest straight >= L) and P(largest group >= m) for one roll of ``dice`` dice."""
    fig, (ax1, ax2) = new_figure(9, 4, ncols=2)
    ls = list(range(1, 7))
    ax1.bar(ls, [float(odds.pattern_probability("straight", L, dice)) for L in ls], color="#0072B2")
    ax1.set(title=T("Senatus: straight ({dice} dice)", dice=dice), xlabel=T("straight length at least L"),
            ylabel=T("probability"), ylim=(0, 1.05), xticks=ls)
    ms = list(range(1, dice + 1))
    ax2.bar(ms, [float(odds.pattern_probability("group", m, dice)) for m in ms], color="#E69F00")
    ax2.set(title=T("Castrum: group of equal dice ({dice} dice)", dice=dice), xlabel=T("group size at least m"),
            ylabel=T("probability"), ylim=(0, 1.05), xticks=ms)
    fig.suptitle(T("Exact odds of one roll of {dice} dice", dice=dice))
    stamp(fig, provenance(game or Game(players=4), players="any", note=T("exact (Fractions over dice multisets), {dice} dice", dice=dice)))
    return fig


def simulated_straights(dice: int = 8, rolls: int = 2000, seed: int = 1) -> pd.DataFrame:
    """Longest straight: exact distribution next to a sample of ``rolls`` rolls, with its standard error."""
    rng = random.Random(seed)
    counts = {}
    for _ in range(rolls):
        faces = [rng.randint(1, 6) for _ in range(dice)]
        L = odds.longest_straight(tuple(faces.count(f) for f in range(1, 7)))
        counts[L] = counts.get(L, 0) + 1
    exact = odds.straight_distribution(dice)
    rows = []
    for L, p in exact.items():
        sim = counts.get(L, 0) / rolls
        rows.append({"longest straight": L, "exact": float(p), "simulated": sim,
                     "se": proportion_se(float(p), rolls), "rolls": rolls})
    return pd.DataFrame(rows)


def simulated_figure(table: pd.DataFrame, seed: int, game=None):
    fig, ax = new_figure(7, 4)
    ax.bar(table["longest straight"], table["exact"], color="#56B4E9", label=T("exact"))
    ax.errorbar(table["longest straight"], table["simulated"], yerr=2 * table["se"], fmt="o", color="#000000",
                capsize=4, label=T("simulated (±2 standard errors)"))
    ax.set(title=T("Longest straight in one roll of 8 dice"), xlabel=T("longest straight (dice)"),
           ylabel=T("probability"))
    ax.legend()
    rolls = int(table["rolls"].iloc[0])
    stamp(fig, provenance(game or Game(players=4), players="any", seed=seed, note=T("{rolls} simulated rolls of 8 dice", rolls=rolls)))
    return fig


class RollExplorer:
    """Type a roll: where it can go on an empty board (the engine's list) and the exact odds of
    each pattern for a roll of that many dice. ``result`` is the latest placements table (None
    after input it refuses, whose reason is then in ``summary.value``)."""

    def __init__(self, roll: str = "1 2 3 3 3 5 6 6", players: int = 4):
        import ipywidgets as W

        self.result: pd.DataFrame | None = None
        self.figure = None
        self.updates = 0
        self.roll = W.Text(value=roll, description=T("roll"), continuous_update=False)
        self.players = W.ToggleButtons(options=[2, 3, 4, 5], value=players, description=T("players"),
                                       style={"button_width": "40px"})
        self.summary = W.HTML()
        self.output = live_output(self._update, {"roll": self.roll, "players": self.players})
        self.widget = W.VBox([W.HBox([self.roll, self.players]), self.summary, self.output])

    def _update(self, roll, players):
        from boardlab.core.widgets import refusal_html

        self.updates += 1
        try:
            dice = parse_roll(roll)
        except ValueError as exc:
            self.result, self.figure = None, None
            self.summary.value = refusal_html(exc)
            return
        self.result = where_can_it_go(dice, players)
        self.figure = pattern_figure(len(dice), Game(players=players))
        buildings = ", ".join(self.result["building"])
        self.summary.value = T("<b>{roll}</b> ({n} dice, {players} players) can go to: {buildings}.",
                               roll=" ".join(map(str, dice)), n=len(dice), players=players, buildings=buildings)
        show(self.result, self.figure)

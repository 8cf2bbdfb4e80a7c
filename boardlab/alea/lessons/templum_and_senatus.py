"""Lesson behind notebooks/alea/03-templum-and-senatus.ipynb.

The question: *what is it worth to rank first in the Templum or the Senatus?* In the Templum the
first keeps the best 2 of the fortune tiles it drew, every other participant the best 1 (seed
point 5); in the Senatus the first chooses 1 of 3 senate cards, the second 1 of the 2 left (seed
point 6). Exact: the expected value of the fortune tiles kept, from the tile counts (8 x 1,
14 x 2, 8 x 3), drawn without replacement from a full pile; the chance to see a given senate card.
Simulated: greedy games, with what each rank actually received.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pandas as pd

from boardlab.alea import Game, rules
from boardlab.alea.components import FORTUNE_COUNTS, FORTUNE_VALUES, senate_deck
from boardlab.alea.lessons.common import T, new_figure, provenance, show, stamp
from boardlab.core.observe import observe
from boardlab.core.stats import mean_se
from boardlab.core.liveview import live_output


def kept_distribution(drawn: int, keep: int) -> dict:
    """{points kept: probability}: the best ``keep`` of ``drawn`` fortune tiles from a full pile."""
    if type(drawn) is not int or not 1 <= drawn <= 8:
        raise ValueError(f"drawn must be an integer from 1 to 8, got {drawn!r}")
    if type(keep) is not int or not 1 <= keep <= 2:
        raise ValueError(f"keep must be 1 or 2, got {keep!r}")
    counts = [FORTUNE_COUNTS[v] for v in FORTUNE_VALUES]
    total = comb(sum(counts), drawn)
    out: dict = {}
    for take in product(*(range(min(c, drawn) + 1) for c in counts)):
        if sum(take) != drawn:
            continue
        ways = 1
        for c, t in zip(counts, take):
            ways *= comb(c, t)
        tiles = sorted((v for v, t in zip(FORTUNE_VALUES, take) for _ in range(t)), reverse=True)
        points = sum(tiles[:keep])
        out[points] = out.get(points, 0) + Fraction(ways, total)
    return dict(sorted(out.items()))


def expected_kept(drawn: int, keep: int) -> Fraction:
    return sum((v * p for v, p in kept_distribution(drawn, keep).items()), Fraction(0))


def templum_table(max_drawn: int = 6) -> pd.DataFrame:
    """Expected points kept by the first (best 2) and by another participant (best 1), by tiles drawn."""
    rows = []
    for k in range(1, max_drawn + 1):
        rows.append({"tiles drawn": k, "first keeps (best 2)": float(expected_kept(k, 2)) if k >= 2 else None,
                     "other keeps (best 1)": float(expected_kept(k, 1))})
    return pd.DataFrame(rows)


def lone_participant_value() -> Fraction:
    """Seed point 9: a lone participant keeps its one tile and draws one more: both from a full pile."""
    return expected_kept(2, 2)


def chance_to_see(card_copies: int = 1, shown: int = 3, players: int = 4) -> Fraction:
    """The chance that a card of which the deck holds ``card_copies`` is among ``shown`` cards drawn
    from the full senate deck of a game with ``players``."""
    n = len(senate_deck(Game(players=players).players >= 4))
    return 1 - Fraction(comb(n - card_copies, shown), comb(n, shown))


def templum_figure(first_drawn: int, other_drawn: int, game=None):
    """The distribution of points kept: the first (best 2 of its tiles) against another participant."""
    fig, ax = new_figure(7, 4)
    first = kept_distribution(first_drawn, 2) if first_drawn >= 2 else {}
    other = kept_distribution(other_drawn, 1)
    xs = sorted(set(first) | set(other))
    w = 0.4
    ax.bar([x - w / 2 for x in xs], [float(first.get(x, 0)) for x in xs], width=w, color="#0072B2",
           label=T("first: best 2 of {n} tiles", n=first_drawn))
    ax.bar([x + w / 2 for x in xs], [float(other.get(x, 0)) for x in xs], width=w, color="#E69F00",
           label=T("other: best 1 of {n} tiles", n=other_drawn))
    ax.set(title=T("Templum: fortune points kept at the end of a set"), xlabel=T("points kept"), ylabel=T("probability"),
           xticks=xs)
    ax.legend()
    stamp(fig, provenance(game or Game(players=4), players="any", note=T("exact, tiles drawn from a full pile (8x1, 14x2, 8x3)")))
    return fig


# -- simulated: what each rank received in greedy games -----------------------------------------------
class RankRewards:
    """Observer: at each set's scoring, each Templum and Senatus participant's rank and what it got."""

    def __init__(self):
        self.rows = []
        self.prev = None
        self.pending = None

    def _snap(self, st):
        return {"set": st.set_no, "step": st.step, "leader": st.tem_leader,
                "templum": [bool(d) for d in st.tem], "senatus": rules.senatus_ranking(st) if st.step in ("turn", "dice") else None,
                "fortune": [sum(f) for f in st.fortune], "cards": [len(c) for c in st.cards]}

    def _compare(self, st):
        prev = self.prev
        now = self._snap(st)
        scored = prev["step"] in ("turn", "dice") and (now["step"] not in ("turn", "dice") or now["set"] != prev["set"])
        if scored:
            for p, there in enumerate(prev["templum"]):
                if there:
                    self.rows.append({"building": "Templum", "set": prev["set"], "player": p,
                                      "rank": 1 if p == prev["leader"] else 2,
                                      "points": now["fortune"][p] - prev["fortune"][p]})
            self.pending = (prev["set"], prev["senatus"], prev["cards"])
        if self.pending and (now["set"] != self.pending[0] or st.is_over):
            done_set, ranking, cards = self.pending
            for r, p in enumerate(ranking, 1):
                self.rows.append({"building": "Senatus", "set": done_set, "player": p, "rank": r,
                                  "points": now["cards"][p] - cards[p]})
            self.pending = None
        self.prev = now

    def start(self, state, info):
        self.prev = self._snap(state)

    def step(self, state, action):
        self._compare(state)
        if action.kind == "place":  # the rankings the set is scored with include this placement
            after = state.copy()
            rules._PLACE[action.building](after, state.player, action.dice)
            self.prev = self._snap(after)

    def finish(self, state):
        self._compare(state)
        return {"rewards": self.rows}


def simulated_rank_rewards(players: int = 4, games: int = 30, seed: int = 3) -> pd.DataFrame:
    """Greedy games: mean fortune points (Templum) and senate cards (Senatus) received per rank."""
    tables = observe(Game(players=players), ["greedy"] * players, games, seed, RankRewards)
    df = tables["rewards"]
    rows = []
    for (building, rank), g in df.groupby(["building", "rank"]):
        m, se = mean_se(g["points"]) if len(g) > 1 else (float(g["points"].mean()), 0.0)
        rows.append({"building": building, "rank": int(rank), "n": len(g), "mean received": m, "se": se})
    out = pd.DataFrame(rows)
    out.attrs.update(games=games, seed=seed, players=players)
    return out


def rank_figure(table: pd.DataFrame):
    fig, (ax1, ax2) = new_figure(9, 4, ncols=2)
    for ax, building, unit, colour in ((ax1, "Templum", "fortune points kept", "#0072B2"),
                                       (ax2, "Senatus", "senate cards received", "#009E73")):
        t = table[table["building"] == building]
        labels = [T("first") if r == 1 else (T("other") if building == "Templum" else T("rank {r}", r=r))
                  for r in t["rank"]]
        ax.bar(labels, t["mean received"], yerr=2 * t["se"], color=colour, capsize=4)
        ax.set(title=T(building), ylabel=T(f"mean {unit} per set"), xlabel=T("rank at the set's end"))
    a = table.attrs
    fig.suptitle(T("What each rank received (greedy games, ±2 standard errors)"))
    stamp(fig, provenance(Game(players=a.get("players", 4)), games=a.get("games"), seed=a.get("seed"),
                          policies=[T("greedy")]))
    return fig


class TemplumExplorer:
    """Tiles drawn by the first and by another participant: the exact expected points each keeps
    and their distributions. ``result`` holds the two expectations."""

    def __init__(self, first_drawn: int = 3, other_drawn: int = 2):
        import ipywidgets as W

        self.result: dict | None = None
        self.updates = 0
        self.first = W.IntSlider(value=first_drawn, min=2, max=6, description=T("first drew"))
        self.other = W.IntSlider(value=other_drawn, min=1, max=6, description=T("other drew"))
        self.summary = W.HTML()
        self.output = live_output(self._update, {"first": self.first, "other": self.other})
        self.widget = W.VBox([W.HBox([self.first, self.other]), self.summary, self.output])

    def _update(self, first, other):
        self.updates += 1
        self.result = {"first": expected_kept(first, 2), "other": expected_kept(other, 1)}
        self.figure = templum_figure(first, other)
        self.summary.value = T("First (best 2 of {first}): <b>{a}</b> points on average; other (best 1 of {other}): <b>{b}</b>.",
                               first=first, other=other, a=f"{float(self.result['first']):.2f}",
                               b=f"{float(self.result['other']):.2f}")
        show(self.figure)

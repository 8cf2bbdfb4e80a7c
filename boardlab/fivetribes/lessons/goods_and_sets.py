"""Lesson behind ``notebooks/fivetribes/04-goods-and-sets``: plain functions that return numbers,
tables and matplotlib figures, plus :class:`GoodsExplorer`, the notebook's thin widget.

Every number comes from :mod:`boardlab.fivetribes.odds` (exact fractions) or from draws made here
with a seeded ``random.Random`` and scored with the engine's ``merchandise_points``; this module
only arranges and draws them. Figures are :class:`matplotlib.figure.Figure` objects (not pyplot),
so a widget that redraws on every change never piles figures up.

Rules used (seed, in our words): sets hold different goods only, duplicates go into other sets,
a set of 1..9 goods is worth 1, 3, 7, 13, 21, 30, 40, 50, 60; Fakirs are never goods. The one
modelling choice that is not a rule: "k more cards" are drawn at random from the unseen cards.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from fractions import Fraction

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from boardlab.core import plotting, stats, widgets
from boardlab.core.liveview import live_output
from boardlab.core.widgets import refusal_html
from boardlab.fivetribes import Game, odds
from boardlab.fivetribes.lessons.common import T, article, show, show_progress
from boardlab.fivetribes.components import (
    CARD_NAMES,
    FAKIR,
    merchandise_points,
    set_value,
)

#: The game whose cards these are (the odds do not depend on the player count).
GAME = Game(players=3)
#: The widget's k slider stops at the length of the resource row (9), which is also the limit of
#: the enumerated value distribution.
MAX_K = odds.MAX_ENUMERATED_DRAWS
#: The hand the notebook starts from: two Fish, a Silk and a Wheat.
DEFAULT_HAND = {"Fish": 2, "Silk": 1, "Wheat": 1}
EXACT_NOTE = "exact: hypergeometric over the unseen cards"
MARKERS = ("o", "s", "^", "D", "v", "P")
LINESTYLES = ("-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1)))


def provenance(note: str = EXACT_NOTE, *, draws: str | None = None, seed: int | None = None,
               unseen: int | None = None, k: int | None = None, target: int | None = None) -> str:
    """The provenance line of this notebook's figures (the core's): boardlab version, the game (the
    numbers hold at any player count), the inputs that set them (unseen cards, k, target), the
    sample of any simulation (``draws``) and its seed, and how they were computed (``note``)."""
    inputs = []
    if unseen is not None:
        inputs.append(T("{n} unseen cards", n=unseen))
    if k is not None:
        inputs.append(T("k = {k} more cards", k=k))
    if target is not None:
        inputs.append(T("target: a set of {target}+", target=target))
    return plotting.provenance(GAME, players="any", sample=draws, seed=seed,
                               note=" · ".join(inputs + [T(note)]))


def hand_text(hand) -> str:
    """``{"Fish": 2, "Silk": 1}`` -> ``"2 Fish, 1 Silk"`` (``"no goods"`` for an empty hand)."""
    return ", ".join(f"{n} {T(g)}" for g, n in odds.hand_dict(hand).items()) or T("no goods")


def split_text(hand) -> str:
    """The best split as text: ``"{Silk, Fish, Wheat} 7 + {Fish} 1"``."""
    parts = [f"{{{', '.join(T(g) for g in s)}}} {set_value(len(s))}" for s in odds.best_split(hand)]
    return " + ".join(parts) or T("nothing to sell")


def fmt(x, digits: int = 2) -> str:
    """A Fraction as a short decimal (whole numbers stay whole)."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.{digits}f}"


# ---------------------------------------------------------------------------------------------
# Simulation (the Monte Carlo side of every exact number)


@dataclass(frozen=True)
class DrawSample:
    """``n`` random draws of ``k`` unseen cards added to ``hand``: per draw, the different goods
    held afterwards (``distinct``), the hand's best value (``value``) and the value of the drawn
    cards alone (``alone``)."""

    hand: dict
    k: int
    n: int
    seed: int
    distinct: tuple[int, ...]
    value: tuple[int, ...]
    alone: tuple[int, ...]

    def p_complete(self, target: int) -> tuple[float, float]:
        """Estimated probability of a set of ``target`` or more different goods, and its SE."""
        p = sum(d >= target for d in self.distinct) / self.n
        return p, stats.proportion_se(p, self.n)

    def mean_value(self) -> tuple[float, float]:
        """Mean best value after the draw and its standard error."""
        return stats.mean_se(self.value)

    def hold_premium(self) -> tuple[float, float]:
        """Mean of value(hand + draw) - value(hand) - value(draw alone), and its SE."""
        now = odds.hand_value(self.hand)
        return stats.mean_se([v - now - a for v, a in zip(self.value, self.alone)])


def simulate_draws(hand, k: int, n: int, seed: int, unseen=None) -> DrawSample:
    """Draw ``k`` cards ``n`` times from the unseen cards (default: box minus hand), with a
    ``random.Random(seed)``, and score each result with the engine's ``merchandise_points``."""
    base = list(odds.goods_counts(hand))
    unseen = odds.unseen_counts(hand) if unseen is None else unseen
    pool = [CARD_NAMES.index(name) for name, c in unseen.items() for _ in range(c)]
    odds.p_complete_set(hand, 1, k, unseen)  # checks hand, unseen and k with the exact side's messages
    if not isinstance(n, int) or n < 2:
        raise ValueError(f"n (number of simulated draws) must be a whole number >= 2; got {n!r}")
    rng = random.Random(seed)
    distinct, value, alone = [], [], []
    for _ in range(n):
        after, new = base[:], [0] * odds.NGOODS
        for c in rng.sample(pool, k):
            if c != FAKIR:
                after[c] += 1
                new[c] += 1
        distinct.append(sum(1 for c in after if c))
        value.append(merchandise_points(after))
        alone.append(merchandise_points(new))
    return DrawSample(odds.hand_dict(hand), k, n, seed, tuple(distinct), tuple(value), tuple(alone))


# ---------------------------------------------------------------------------------------------
# Figures


def set_value_figure() -> Figure:
    """The seed's set-value table: value of a set by its size, and what each extra good adds."""
    table = odds.set_value_table()
    fig = Figure(figsize=(9, 4.2))
    left, right = fig.subplots(1, 2)
    bars = left.bar(table["size"], table["value"], color=plotting.PALETTE[0])
    left.bar_label(bars, fontsize=9)
    left.set(title=T("Value of one set"), xlabel=T("different goods in the set"),
             ylabel=T("gold when sold (VP at the end)"), xticks=list(table["size"]))
    steps = right.bar(table["size"], table["step"], color=plotting.PALETTE[1], hatch="//", edgecolor="white")
    right.bar_label(steps, fontsize=9)
    left.set_ylim(0, 66)
    right.set_ylim(0, 11.5)
    right.set(title=T("What the n-th different good adds"), xlabel=T("set size n after adding the good"),
              ylabel=T("extra gold (VP)"), xticks=list(table["size"]))
    fig.suptitle(T("Five Tribes merchandise: bigger sets are worth more per card"))
    fig.subplots_adjust(top=0.82, wspace=0.3)
    return plotting.stamp(fig, provenance(note="the seed's set-value table"))


def completion_figure(hand, targets=(4, 5, 6), ks=range(0, 13), unseen=None,
                      sample: dict | None = None) -> Figure:
    """Exact chance of holding a set of at least t different goods after k more cards, one line per
    target t; ``sample`` maps (t, k) -> (p, se) from simulation, drawn as points with 2-SE bars."""
    fig = Figure(figsize=(8, 4.5))
    ax = fig.subplots()
    ks = list(ks)
    for i, t in enumerate(targets):
        curve = odds.completion_curve(hand, t, ks, unseen)
        ax.plot(ks, [float(p) for p in curve.values()], color=plotting.PALETTE[i], marker=MARKERS[i],
                linestyle=LINESTYLES[i], label=T("set of {t}+ (exact)", t=t))
        if sample:
            pts = [(k, *sample[(t, k)]) for k in ks if (t, k) in sample]
            if pts:
                ax.errorbar([k for k, _, _ in pts], [p for _, p, _ in pts], yerr=[2 * se for _, _, se in pts],
                            fmt="none", ecolor="black", capsize=3, linewidth=1)
    if sample:
        ax.plot([], [], color="black", marker="|", linestyle="none", label=T("simulated ± 2 SE"))
    ax.set(xlabel=T("k more cards drawn from the unseen cards"), ylabel=T("probability"),
           title=T("Chance of a big set after k more cards, holding {v1}", v1=hand_text(hand)), ylim=(-0.02, 1.02))
    ax.legend(loc="lower right")
    unseen_n = sum((odds.unseen_counts(hand) if unseen is None else unseen).values())
    note = EXACT_NOTE + ("; points: simulated draws, bars 2 SE" if sample else "")
    per_point = (sample or {}).get("n")
    return plotting.stamp(fig, provenance(note, unseen=unseen_n, draws=per_point and T("{n} draws per point", n=per_point),
                                          seed=(sample or {}).get("seed")))


def sell_hold_figure(hand, ks=range(0, 10), unseen=None) -> Figure:
    """Final value of selling the hand now (gold now + the new cards' own sets) against holding it
    (the new cards join the hand's sets), for k = 0, 1, ... more cards."""
    ks = list(ks)
    rows = [odds.sell_or_hold(hand, k, unseen) for k in ks]
    fig = Figure(figsize=(8, 4.5))
    ax = fig.subplots()
    hold = [float(r.hold_total) for r in rows]
    sell = [float(r.sell_total) for r in rows]
    ax.plot(ks, hold, color=plotting.PALETTE[2], marker="o", label=T("hold: hand and new cards scored together"))
    ax.plot(ks, sell, color=plotting.PALETTE[5], marker="s", linestyle="--",
            label=T("sell now: gold now + new cards' own sets"))
    ax.fill_between(ks, sell, hold, color=plotting.PALETTE[2], alpha=0.15, label=T("points a sale gives up"))
    ax.set(xlabel=T("k more cards before the end (drawn from the unseen cards)"),
           ylabel=T("expected gold + merchandise VP"),
           title=T("Sell now or hold? Holding {v1}", v1=hand_text(hand)))
    ax.legend(loc="upper left")
    unseen_n = sum((odds.unseen_counts(hand) if unseen is None else unseen).values())
    return plotting.stamp(fig, provenance(unseen=unseen_n))


def explorer_figure(hand, k: int, target: int, unseen=None) -> Figure:
    """The widget's picture: (left) chance of a set of ``target``+ by k, the chosen k marked;
    (right) the distribution of the hand's value after k more cards, with sell-now and hold marked."""
    fig = Figure(figsize=(10, 4.2))
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.3]})
    ks = list(range(0, MAX_K + 1))
    curve = odds.completion_curve(hand, target, ks, unseen)
    left.plot(ks, [float(p) for p in curve.values()], color=plotting.PALETTE[0], marker="o")
    left.plot([k], [float(curve[k])], marker="o", markersize=12, markerfacecolor="none",
              markeredgecolor=plotting.PALETTE[5], markeredgewidth=2, linestyle="none", label=f"k = {k}")
    left.set(xlabel=T("k more cards"), ylabel=T("probability"), ylim=(-0.02, 1.02),
             title=T("Chance of a set of {target}+ different goods", target=target))
    left.legend(loc="best")
    dist = odds.value_distribution(hand, k, unseen)
    right.bar(list(dist), [float(p) for p in dist.values()], color=plotting.PALETTE[4], width=0.8)
    s = odds.sell_or_hold(hand, k, unseen)
    right.axvline(float(s.sell_total), color=plotting.PALETTE[5], linestyle="--",
                  label=T("sell now, mean total {v1}", v1=fmt(s.sell_total, 1)))
    right.axvline(float(s.hold_total), color=plotting.PALETTE[2], linestyle="-",
                  label=T("hold, mean {v1}", v1=fmt(s.hold_total, 1)))
    right.set(xlabel=T("best value of the hand after k more cards (gold / VP)"), ylabel=T("probability"),
              title=T("Value after 1 more card if held") if k == 1 else T("Value after {k} more cards if held", k=k))
    right.xaxis.set_major_locator(MaxNLocator(integer=True))
    right.set_xlim(min(min(dist), float(s.sell_total)) - 2, max(max(dist), float(s.hold_total)) + 2)
    right.legend(loc="upper right", fontsize=8)
    fig.suptitle(T("Holding {v1} (now worth {v2})", v1=hand_text(hand), v2=odds.hand_value(hand)))
    fig.subplots_adjust(top=0.82, wspace=0.28)
    unseen_n = sum((odds.unseen_counts(hand) if unseen is None else unseen).values())
    return plotting.stamp(fig, provenance(unseen=unseen_n, k=k, target=target))


# ---------------------------------------------------------------------------------------------
# One answer for one input: what the widget shows


@dataclass(frozen=True)
class GoodsResult:
    """Everything the widget shows for one hand, k and target set size."""

    hand: dict
    k: int
    target: int
    value_now: int
    split: tuple[tuple[str, ...], ...]
    marginal: dict
    p_complete: Fraction
    expected_after: Fraction
    sell: odds.SellOrHold
    cheapest: odds.SellOption | None
    figure: Figure
    summary: str


def explore_goods(hand, k: int, target: int, unseen=None, *, figure: bool = True) -> GoodsResult:
    """The answers for one hand: its value and best split now, what one more card of each good
    adds, the chance that k more cards give a set of ``target``+ different goods, the expected
    value after them, and sell now versus hold (with the cheapest single sale)."""
    hand = odds.hand_dict(hand)
    p = odds.p_complete_set(hand, target, k, unseen)
    odds.value_distribution(hand, k, unseen)  # k <= MAX_K, with the module's message
    value = odds.hand_value(hand)
    marginal = odds.marginal_values(hand)
    expected = odds.expected_value_after(hand, k, unseen)
    sell = odds.sell_or_hold(hand, k, unseen)
    options = [o for o in odds.sell_options(hand, k, unseen) if o.sold]
    cheapest = options[0] if options else None
    fig = explorer_figure(hand, k, target, unseen) if figure else None
    best_goods = [g for g, v in marginal.items() if v is not None and v == max(x for x in marginal.values() if x)] \
        if any(marginal.values()) else []
    lines = [
        T("<b>Hand:</b> {hand} &mdash; best split {split} = <b>{value}</b> gold now.",
          hand=html.escape(hand_text(hand)), split=html.escape(split_text(hand)), value=value),
        T("<b>One more card</b> adds {adds}; most from {best}.",
          adds=", ".join(f"{T(g)} +{v}" for g, v in marginal.items() if v is not None),
          best=", ".join(T(g) for g in best_goods) or T("nothing")),
        T("<b>Set of {target}+ different goods</b> after {k} more card{s}: <b>{p:.1%}</b> (exactly {exact}).",
          target=target, k=k, s="s" if k != 1 else "", p=float(p), exact=p),
        T("<b>Sell now</b>: {now} gold + {alone} expected from the new cards = {sell}. <b>Hold</b>: {hold} "
          "expected. A sale gives up <b>{premium}</b> points.", now=sell.sell_now, alone=fmt(sell.draws_alone),
          sell=fmt(sell.sell_total), hold=fmt(sell.hold_total), premium=fmt(sell.hold_premium)),
    ]
    if cheapest is not None:
        lines.append(T("<b>Cheapest single sale</b>: {{{sold}}} for {gold} gold, losing {lost} points.",
                       sold=", ".join(T(g) for g in cheapest.sold), gold=cheapest.gold_now,
                       lost=fmt(cheapest.points_lost)))
    return GoodsResult(hand, k, target, value, odds.best_split(hand), marginal, p, expected, sell, cheapest,
                       fig, "<br>".join(lines))


def sell_options_table(hand, k: int, unseen=None):
    """:func:`odds.sell_options` as a DataFrame with decimals, cheapest sale first."""
    import pandas as pd

    rows = [{"sell now": " + ".join(o.sold) or "(nothing)", "gold now": o.gold_now,
             "expected rest": round(float(o.expected_rest), 2), "expected total": round(float(o.total), 2),
             "points lost": round(float(o.points_lost), 2)} for o in odds.sell_options(hand, k, unseen)]
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------------
# The widget


class GoodsExplorer:
    """Notebook 04's widget: a count box per good, a k slider and a target-size slider in; the
    summary and the figure out. ``widget`` is the box to display, ``result`` the latest
    :class:`GoodsResult` (None after an input error, whose message is then in ``summary.value``),
    ``updates`` counts the callback's runs. Setting any control's ``value`` reruns the callback,
    in a notebook or in plain pytest."""

    def __init__(self, hand=None, k: int = 4, target: int = 5):
        import ipywidgets as W

        hand = odds.hand_dict(DEFAULT_HAND if hand is None else hand)
        self.result: GoodsResult | None = None
        self.updates = 0
        # Plain number boxes: a count above the copies in the box is held at that number, and the
        # summary says so (a bounded box would change it without a word).
        self.counts = {g: W.IntText(value=hand.get(g, 0), description=T(g), layout=W.Layout(width="160px"),
                                    style={"description_width": "70px"}) for g in odds.GOODS}
        self.k = widgets.slider(T("k more cards"), k, 0, MAX_K)
        self.target = widgets.slider(T("target set size"), target, 1, odds.MAX_SET)
        self.summary = W.HTML()
        controls = {"k": self.k, "target": self.target, **{f"count_{g}": w for g, w in self.counts.items()}}
        self.output = live_output(self._update, controls)
        goods = list(self.counts.values())
        self.widget = W.VBox([W.HTML(T("<b>Your goods</b> (Fakirs never count)")),
                              W.HBox(goods[:5]), W.HBox(goods[5:]), self.k, self.target,
                              self.summary, self.output])

    def hand(self) -> dict:
        """The hand the widget uses: the count boxes, each held within 0..copies in the box."""
        return {c.name: c.value for c in self._clamped({g: w.value for g, w in self.counts.items()}) if c.value}

    @staticmethod
    def _clamped(counts: dict) -> list:
        return [widgets.clamp(g, counts[g], 0, n) for g, n in zip(odds.GOODS, odds.GOODS_IN_BOX)]

    def _update(self, **kw):
        self.updates += 1
        clamps = self._clamped({g: kw[f"count_{g}"] for g in odds.GOODS})
        hand = {c.name: c.value for c in clamps if c.value}
        try:
            result = explore_goods(hand, kw["k"], kw["target"])
        except ValueError as exc:
            self.result = None
            self.summary.value = refusal_html(exc)
            return
        self.result = result
        note = widgets.clamped_html(clamps)
        self.summary.value = result.summary + (f"<br>{note}" if note else "")
        show(result.figure)


def completion_sample(hand, targets, ks, n: int, seed: int, unseen=None) -> dict:
    """Simulated (p, se) for every (target, k), for :func:`completion_figure`'s error bars."""
    out: dict = {"n": n, "seed": seed}
    for k in ks:
        sample = simulate_draws(hand, k, n, seed + k, unseen)
        for t in targets:
            out[(t, k)] = sample.p_complete(t)
    return out


__all__ = ["article", "show_progress", "DEFAULT_HAND", "MAX_K", "DrawSample", "simulate_draws", "set_value_figure", "completion_figure",
           "sell_hold_figure", "explorer_figure", "GoodsResult", "explore_goods", "sell_options_table",
           "GoodsExplorer", "completion_sample", "hand_text", "split_text", "fmt", "provenance"]

"""Lesson behind ``notebooks/fivetribes/01-the-auction-track``: the turn-order track, the engine
applying typed-in bids (:class:`AuctionExplorer`), the exact price of going first, and the value
of each turn position and spot in simulated games.

Every number comes from the engine (``Bid`` actions applied to a real state, ``record_turns``)
or from ``bid_track.csv``; this module arranges, counts and draws them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import plotting
from boardlab.core.errors import IllegalAction
from boardlab.core.widgets import refusal_html
from boardlab.fivetribes.actions import Bid
from boardlab.fivetribes.components import BID_COSTS, FRONT_ZERO, ZERO_SLOTS, const
from boardlab.fivetribes.lessons.common import (
    PLAYER_COLOURS, Game, T, article, check_players, ci95, mean_se, ordinal, panels_by_players, players_toggle, show, stamp,
    wire,
)
from boardlab.fivetribes.lessons.recording import BidStylePolicy, provenance_of, record_turns

#: The gold amounts a bid can be: the distinct spot costs (a 0 bid takes the front zero spot).
BID_AMOUNTS = tuple(sorted(set(BID_COSTS)))


def bid_track_table() -> pd.DataFrame:
    """The turn-order track as the engine reads it from ``bid_track.csv``: spot, cost, and who
    acts first when every spot is filled (turns go from the most expensive spot down)."""
    n = len(BID_COSTS)
    return pd.DataFrame({
        "spot": range(n),
        "cost (gold)": BID_COSTS,
        "zero spot": [s < ZERO_SLOTS for s in range(n)],
        "acts (if all spots are taken)": [ordinal(n - s) for s in range(n)],
    })


def spot_for_bid(amount: int) -> int:
    """The spot a bid of ``amount`` gold takes: a 0 bid always takes the front zero spot."""
    if isinstance(amount, bool) or amount not in BID_AMOUNTS:
        raise ValueError(f"a bid is one of the spot costs {list(BID_AMOUNTS)} gold; got {amount!r}")
    return FRONT_ZERO if amount == 0 else BID_COSTS.index(amount)


class BidRefused(ValueError):
    """A bid the rules refuse, in the reader's language: which bid (``bid``, counted from 1), whose
    and for how much, and the engine's refusal (``refusal``, an IllegalAction) with its rule."""

    def __init__(self, bid: int, amount: int, refusal: IllegalAction, seat: int | None = None):
        self.bid, self.amount, self.refusal = bid, amount, refusal
        reason = refusal.text()
        text = (T("bid {n} ({gold} gold): {reason}", n=bid, gold=amount, reason=reason) if seat is None else
                T("bid {n} (seat P{seat}, {gold} gold): {reason}", n=bid, seat=seat, gold=amount, reason=reason))
        super().__init__(text)


def auction_start(players: int = 3, seed: int = 0):
    """A fresh game (``seed``) at its first bid, with the markers bidding in the order 0, 1, 2, ...

    (The engine shuffles the first bid order; fixing it makes "bid 1 is player 0" readable. The
    position is rebuilt through the engine's own JSON form, which checks it.) With 2 players the
    markers 0, 1, 2, 3 belong to players 0, 1, 0, 1.
    """
    return _auction_base(check_players(players), seed).copy()


@lru_cache(maxsize=16)
def _auction_base(players: int, seed: int):
    game = Game(players=players)
    data = game.new_game(seed).to_json()
    data["bid_order"] = list(range(len(data["markers"])))
    data["player"] = data["markers"][0]
    return game.state_from_json(data)


@dataclass
class AuctionResult:
    """The outcome of one set of bids: ``table`` (one row per marker in bid order), ``order``
    (markers in turn order), the ``state`` after the bids (its first action turn), and the
    ``figure`` of the track."""

    players: int
    bids: tuple
    table: pd.DataFrame
    order: list
    state: object
    figure: Figure | None = None

    @property
    def summary(self) -> str:
        who = ", ".join(f"P{self.state.markers[m]}" for m in self.order)
        paid = int(self.table["paid"].sum())
        return T("turn order: {who}; gold paid in all: {paid}", who=who, paid=paid)


def auction(players: int, bids, seed: int = 0, *, figure: bool = True) -> AuctionResult:
    """Apply ``bids`` (gold per marker, in bid order) as engine ``Bid`` actions and read the result.

    An illegal bid (a paid spot already taken, a fourth 0 with two players) raises ValueError
    naming the bid and the engine's reason.
    """
    st = auction_start(players, seed)
    n = len(st.markers)
    bids = tuple(bids)
    if len(bids) != n:
        raise ValueError(f"{players} players have {n} turn markers, so {n} bids are needed; got {len(bids)}")
    rows = []
    for i, amount in enumerate(bids):
        m = st.bid_order[st.bid_next]
        p = st.markers[m]
        gold = st.gold[p]
        action = Bid("bid", spot_for_bid(amount), 0)
        try:
            st.apply(action)
        except IllegalAction as exc:
            raise BidRefused(i + 1, amount, exc, seat=p) from None
        rows.append({"bid": i + 1, "marker": m, "seat": f"P{p}", "bid (gold)": amount, "paid": gold - st.gold[p]})
    order = list(st.play_order)
    spot = {m: s for s, m in enumerate(st.track) if m >= 0}
    for row in rows:
        row["spot"] = spot[row["marker"]]
        row["turn"] = order.index(row["marker"]) + 1
    table = pd.DataFrame(rows)[["bid", "marker", "seat", "bid (gold)", "spot", "paid", "turn"]]
    result = AuctionResult(players, bids, table, order, st)
    if figure:
        result.figure = auction_figure(result)
    return result


def auction_figure(result: AuctionResult) -> Figure:
    """The nine turn-order spots, most expensive (acts first) on the left, with each marker."""
    st = result.state
    n = len(BID_COSTS)
    fig = Figure(figsize=(9, 2.9))
    ax = fig.add_subplot()
    ax.set_xlim(-0.6, n - 0.4)
    ax.set_ylim(-1.45, 1.05)
    ax.set_aspect("equal")
    ax.axis("off")
    bid_no = {m: k + 1 for k, m in enumerate(st.bid_order)}
    turn = {m: k + 1 for k, m in enumerate(result.order)}
    for x, s in enumerate(range(n - 1, -1, -1)):
        zero = s < ZERO_SLOTS
        ax.add_patch(_rect(x - 0.45, -0.45, 0.9, 0.9, "#EEEEEE" if zero else "#FBF3DC"))
        ax.text(x, 0.62, T("{v1} gold", v1=BID_COSTS[s]), ha="center", va="bottom", fontsize=10)
        ax.text(x, -0.62, T("spot {s}", s=s), ha="center", va="top", fontsize=8, color="0.35")
        m = st.track[s]
        if m >= 0:
            p = st.markers[m]
            ax.add_patch(_circle(x, 0.02, 0.3, PLAYER_COLOURS[p]))
            ax.text(x, 0.02, f"P{p}", ha="center", va="center", fontsize=10)
            ax.text(x, -0.9, T("acts {v1}", v1=ordinal(turn[m])), ha="center", va="top", fontsize=10)
            ax.text(x, -1.18, T("(bid {v1})", v1=bid_no[m]), ha="center", va="top", fontsize=8, color="0.35")
    ax.annotate("", xy=(n - 0.7, 0.88), xytext=(-0.3, 0.88),
                arrowprops={"arrowstyle": "->", "color": "0.3"})
    ax.text((n - 1) / 2, 0.93, T("turns go this way: from the most expensive spot down"),
            ha="center", va="bottom", fontsize=8, color="0.3")
    bids = ", ".join(str(b) for b in result.bids)
    fig.suptitle(T("Turn order after the bids {bids} ({players} players, bidding in marker order)", bids=bids, players=result.players),
                 fontsize=11)
    fig.subplots_adjust(left=0.02, right=0.98, top=0.86)
    return stamp(fig, plotting.provenance(st.game, note=T("exact: engine bid actions applied")))


def price_to_act_first(players: int, earlier, seed: int = 0) -> int | None:
    """The cheapest bid with which the marker after ``earlier`` bids acts first among them,
    found by trying each amount with the engine; None when no bid can (an 18 is already down).
    ValueError when ``earlier`` itself breaks a rule (a paid spot taken twice).

    For the last marker in the bid order this is the exact price of going first in the round.
    """
    n = len(earlier)
    markers = players * const(f"markers_{players}p")
    if n >= markers:
        raise ValueError(f"{players} players have {markers} markers; give at most {markers - 1} earlier bids")
    for amount in BID_AMOUNTS:
        try:
            order = _partial_auction(players, tuple(earlier) + (amount,), seed)
        except BidRefused as exc:
            if exc.bid == n + 1:
                continue  # this amount is illegal for the new marker (its spot is taken): try the next
            raise  # the earlier bids themselves break a rule
        if order[0] == n:
            return amount
    return None


def _partial_auction(players: int, bids, seed: int = 0) -> list[int]:
    """Apply the first ``len(bids)`` bids and return the bid indices of those markers in the
    order they would act (highest spot first)."""
    st = auction_start(players, seed)
    for i, amount in enumerate(bids):
        try:
            st.apply(Bid("bid", spot_for_bid(amount), 0))
        except IllegalAction as exc:
            raise BidRefused(i + 1, amount, exc) from None
    spots = [s for s in range(len(st.track) - 1, -1, -1) if st.track[s] >= 0]
    return [st.bid_order.index(st.track[s]) for s in spots]


def first_price_grid(players: int = 3) -> pd.DataFrame:
    """For the last marker in the bid order: the exact price of acting first given the bids before
    it. Rows: the first bid; columns: the second (3 players; 4 players fix the third at 0). NaN
    marks bid sequences the rules forbid (a paid spot taken twice), inf those after which no bid
    can go first (someone took the 18 spot)."""
    check_players(players)
    markers = players * const(f"markers_{players}p")
    fill = (0,) * (markers - 3)
    grid = pd.DataFrame(index=pd.Index(BID_AMOUNTS, name="bid 1 (gold)"),
                        columns=pd.Index(BID_AMOUNTS, name="bid 2 (gold)"), dtype=float)
    for a in BID_AMOUNTS:
        for b in BID_AMOUNTS:
            try:
                price = price_to_act_first(players, (a, b) + fill)
            except ValueError:
                grid.loc[a, b] = np.nan
                continue
            grid.loc[a, b] = np.inf if price is None else price
    return grid


def first_price_table(grid: pd.DataFrame) -> pd.DataFrame:
    """:func:`first_price_grid` as a reader sees it: the price in gold, "not allowed" where the rules
    forbid the earlier bids (a paid spot taken twice) and "no bid can" where no bid goes first."""
    def cell(v):
        return "not allowed" if np.isnan(v) else "no bid can" if np.isinf(v) else f"{v:.0f}"

    shown = grid.apply(lambda col: col.map(cell))
    shown.columns = [f"second bid {c}" for c in grid.columns]
    shown.index.name = "first bid (gold)"
    return article(shown)


def first_price_figure(grid: pd.DataFrame, players: int = 3) -> Figure:
    fig = Figure(figsize=(6.4, 5.2))
    ax = fig.add_subplot()
    data = grid.to_numpy(dtype=float)
    im = ax.imshow(np.where(np.isfinite(data), data, np.nan), cmap="cividis", vmin=0, vmax=max(BID_COSTS))
    for i in range(data.shape[0]):
        for j in range(data.shape[1]):
            v = data[i, j]
            if np.isnan(v):
                ax.text(j, i, "—", ha="center", va="center", fontsize=9, color="0.4")
            elif np.isinf(v):
                ax.text(j, i, T("none"), ha="center", va="center", fontsize=8, color="0.2")
            else:
                ax.text(j, i, f"{v:.0f}", ha="center", va="center", fontsize=10,
                        color="black" if v > 0.55 * max(BID_COSTS) else "white")
    ax.set_xticks(range(len(grid.columns)), grid.columns)
    ax.set_yticks(range(len(grid.index)), grid.index)
    ax.grid(False)
    ax.set_xlabel(T("second marker's bid (gold)"))
    ax.set_ylabel(T("first marker's bid (gold)"))
    # below the grid: its label then reads horizontally, clear of the axis label on the left
    fig.colorbar(im, ax=ax, orientation="horizontal", fraction=0.05, pad=0.16,
                 label=T("price for the last bidder to act first (gold)"))
    ax.set_title(T("Price of going first for the last of {players} bidders\n(—: not allowed, spot taken twice; none: an 18 is already down)", players=players),
                 fontsize=11)
    return stamp(fig, plotting.provenance(Game(players=players), note=T("exact: engine bid actions tried in turn")))


def _rect(x, y, w, h, colour):
    from matplotlib.patches import FancyBboxPatch

    return FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02", facecolor=colour, edgecolor="0.4")


def _circle(x, y, r, colour):
    from matplotlib.patches import Circle

    return Circle((x, y), r, facecolor=colour, edgecolor="0.15")


def turn_value_table(turns: pd.DataFrame) -> pd.DataFrame:
    """Per player count and turn position (1 = acts first in the round): turns seen, mean points
    the mover gained during that action turn (score after minus before, so the bid is not in it),
    mean gold paid for the spot, and the net, each with its standard error."""
    rows = []
    for (players, pos), g in turns.groupby(["players", "position"]):
        gain, gain_se = mean_se(g["gain"])
        paid, paid_se = mean_se(g["paid"])
        net, net_se = mean_se(g["gain"] - g["paid"])
        rows.append({"players": players, "position": pos, "turns": len(g), "gain": gain, "gain_se": gain_se,
                     "paid": paid, "paid_se": paid_se, "net": net, "net_se": net_se})
    return pd.DataFrame(rows)


def first_mover_premium(table: pd.DataFrame) -> pd.DataFrame:
    """Per player count: mean gain of the turn acting 1st minus that of the last position, with
    its standard error (independent samples)."""
    rows = []
    for players, g in table.groupby("players"):
        g = g.sort_values("position")
        first, last = g.iloc[0], g.iloc[-1]
        rows.append({"players": players, "first": first["gain"], "last": last["gain"],
                     "premium": first["gain"] - last["gain"],
                     "premium_se": math.hypot(first["gain_se"], last["gain_se"]),
                     "last_position": int(last["position"])})
    return pd.DataFrame(rows)


def spot_value_table(turns: pd.DataFrame) -> pd.DataFrame:
    """Per player count and spot cost: turns seen, mean turn position, mean points gained in the
    turn and mean net (gain minus the gold paid), with standard errors."""
    rows = []
    for (players, cost), g in turns[turns["slot"] >= 0].groupby(["players", "spot_cost"]):
        gain, gain_se = mean_se(g["gain"])
        net, net_se = mean_se(g["gain"] - g["paid"])
        rows.append({"players": players, "spot_cost": cost, "turns": len(g), "position": g["position"].mean(),
                     "gain": gain, "gain_se": gain_se, "net": net, "net_se": net_se})
    return pd.DataFrame(rows)


def turn_value_figure(table: pd.DataFrame, provenance: str) -> Figure:
    """Points gained in the action turn by turn position, next to the gold paid for it."""
    fig, axes, counts = panels_by_players(table, (10, 4.2))
    for ax, players in zip(axes, counts):
        g = table[table["players"] == players].sort_values("position")
        x = g["position"].to_numpy()
        ax.bar(x - 0.2, g["gain"], 0.4, yerr=ci95(g["gain_se"]), capsize=3, color=plotting.PALETTE[0],
               label=T("points gained in the turn"))
        ax.bar(x + 0.2, g["paid"], 0.4, yerr=ci95(g["paid_se"]), capsize=3, color=plotting.PALETTE[1],
               label=T("gold paid for the spot"))
        ax.set_xticks(x, [ordinal(int(k)) for k in x])
        ax.set_title(T("{players} players ({v2} turns a round)", players=players, v2=len(x)), fontsize=10)
        ax.set_xlabel(T("turn position in the round"))
    axes[0].set_ylabel(T("points (VP) or gold per turn, mean"))
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=9, loc="upper center", ncol=2, bbox_to_anchor=(0.5, 0.92), frameon=False)
    fig.suptitle(T("What acting earlier is worth: points gained in the turn vs gold paid (95% CI)"), fontsize=12)
    fig.subplots_adjust(top=0.78, bottom=0.2, wspace=0.08)
    return stamp(fig, provenance)


def spot_value_figure(table: pd.DataFrame, provenance: str) -> Figure:
    """Net points of a turn (gain minus gold paid) by the spot bought, one line per player count."""
    fig = Figure(figsize=(8, 4.2))
    ax = fig.add_subplot()
    for k, players in enumerate(sorted(table["players"].unique())):
        g = table[table["players"] == players].sort_values("spot_cost")
        ax.errorbar(g["spot_cost"], g["net"], yerr=ci95(g["net_se"]), marker="os^"[k], capsize=3,
                    color=plotting.PALETTE[k], label=T("{players} players", players=players))
    ax.axhline(0, color="0.3", lw=0.8)
    ax.set_xticks(BID_AMOUNTS)
    ax.set_xlabel(T("spot bought (cost in gold)"))
    ax.set_ylabel(T("points gained in the turn minus gold paid (VP)"))
    ax.set_title(T("Net value of each turn-order spot (mean, 95% CI)"))
    ax.legend(fontsize=9)
    return stamp(fig, provenance)


class AuctionExplorer:
    """Notebook 01: player count and one bid per marker (in bid order) in; the engine's turn order,
    gold paid and the track drawn out. ``result`` is the latest :class:`AuctionResult` (None after
    an illegal bid, whose reason is then in ``summary.value``)."""

    def __init__(self, players: int = 3, bids=(0, 0, 3, 0), seed: int = 0):
        import ipywidgets as W

        self.seed = seed
        self.result: AuctionResult | None = None
        self.updates = 0
        self.players = players_toggle(players)
        self.bids = [W.Dropdown(options=list(BID_AMOUNTS), value=b, description=T("bid {v1}", v1=i + 1),
                                layout=W.Layout(width="210px"), style={"description_width": "initial"})
                     for i, b in enumerate(bids)]  # the label names the seat: shown in full
        wire(self, {"players": self.players, **{f"b{i}": w for i, w in enumerate(self.bids)}},
              [self.players, W.HBox(self.bids)])

    def _update(self, players, **bids):
        self.updates += 1
        n = players * const(f"markers_{players}p")
        owners = [m % players for m in range(n)]
        for i, w in enumerate(self.bids):
            w.disabled = i >= n
            w.description = T("bid {v1}: P{seat}", v1=i + 1, seat=owners[i]) if i < n else T("bid {v1}: —", v1=i + 1)
        values = [bids[f"b{i}"] for i in range(n)]
        try:
            self.result = auction(players, values, self.seed)
        except ValueError as exc:
            self.result = None
            self.summary.value = refusal_html(exc)
            return
        self.summary.value = f"<b>{self.result.summary}</b>"
        show(article(self.result.table, index="bid"), self.result.figure)


#: the lesson's public names, with the shared ones its notebook uses
__all__ = ["article", "T", "Game", "BidStylePolicy", "record_turns", "provenance_of", "ordinal", "BID_AMOUNTS",
           "bid_track_table", "spot_for_bid", "BidRefused", "auction_start", "AuctionResult", "auction",
           "auction_figure", "price_to_act_first", "first_price_grid", "first_price_table", "first_price_figure",
           "turn_value_table", "first_mover_premium", "spot_value_table", "turn_value_figure",
           "spot_value_figure", "AuctionExplorer"]

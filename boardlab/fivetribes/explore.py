"""The logic behind the Five Tribes notebooks 01 (the auction track), 02 (moving the meeples),
03 (the five tribes) and 05 (outcome distributions): plain functions that return tables and
matplotlib figures, thin widget builders, and a game observer that records what happens turn by
turn.

Every number comes from the engine (``Game``, ``state.apply``, ``complete_moves``,
``score_sheet``, the ``random`` and ``greedy`` policies) or from the component tables of
:mod:`boardlab.fivetribes.components`; this module only arranges, counts and draws them. Exact
answers use :class:`fractions.Fraction`. Figures are :class:`matplotlib.figure.Figure` objects
(not pyplot), so a widget that redraws on every change never piles figures up in pyplot's
registry.

Widgets (``AuctionExplorer``, ``MoveExplorer``, ``BuildersExplorer``, ``AssassinsExplorer``,
``MerchantsExplorer``, ``VizierExplorer``) wire ``ipywidgets.interactive_output`` over the plain
functions; each keeps its latest result in ``.result``, so a test can set ``widget.value`` on the
Python objects and read the answer without a kernel.

Assumptions that change numbers, named wherever they do:

* ``loop_drops_count`` (RULES.md, point 4): whether a meeple dropped earlier in a looping move
  counts for the last-meeple rule. Default False; the move counts of notebook 02 show both.
* The bidding styles of :class:`BidStylePolicy` are experiment designs, not rules.
"""

from __future__ import annotations

import io
import math
import random
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache, partial
from math import comb

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import plotting, stats
from boardlab.core.errors import IllegalAction
from boardlab.core.observe import observe
from boardlab.core.simulate import game_seeds
from boardlab.core.widgets import refusal_html
from boardlab.fivetribes import bots
from boardlab.fivetribes.actions import Bid
from boardlab.fivetribes.components import (
    BID_COSTS,
    BLOCK,
    CARD_NAMES,
    COLOURS,
    COLS,
    FAKIR,
    FRONT_ZERO,
    MERCH,
    NTILES,
    ROWS,
    TILE_INDEX,
    TILE_NAMES,
    TILE_SET,
    TILE_TYPES,
    TRIBES,
    ZERO_SLOTS,
    const,
    distance,
    merchandise_points,
)
from boardlab.fivetribes.game import PLAYER_COUNTS, FiveTribes
from boardlab.fivetribes.movegen import complete_moves, count_moves, legal_starts
from boardlab.fivetribes.odds import value_fakir_distribution
from boardlab.fivetribes.scoring import CATEGORIES

Game = FiveTribes
NCOL = len(COLOURS)

#: The gold amounts a bid can be: the distinct spot costs (a 0 bid takes the front zero spot).
BID_AMOUNTS = tuple(sorted(set(BID_COSTS)))
#: Player colours: the same Okabe-Ito hues as the engine's SVG (render.PLAYER_FILL).
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
#: Meeple colours as figures draw them (the wooden pieces), with a dark edge for the white one.
MEEPLE_FILL = {"yellow": "#F0E442", "white": "#FFFFFF", "green": "#009E73", "blue": "#0072B2", "red": "#D55E00"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
TILE_BLUE = tuple(t.blue for t in TILE_TYPES)
#: blue-valued tiles in the box (villages and sacred places): 12 of 30
BLUE_TILES = sum(TILE_BLUE[k] for k in TILE_SET)


def ordinal(k: int) -> str:
    return ORDINALS.get(k, f"{k}th")


def _check_players(players) -> int:
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError(f"Five Tribes is played by 2, 3 or 4 players; got {players!r}")
    return players


def _tile_index(tile) -> int:
    if isinstance(tile, str):
        name = tile.strip().upper()
        if name not in TILE_INDEX:
            raise ValueError(f"tiles are named A1..F5 (column letter, row number); got {tile!r}")
        return TILE_INDEX[name]
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < NTILES:
        raise ValueError(f"a tile is a name such as 'C3' or an index 0..{NTILES - 1}; got {tile!r}")
    return tile


def _stamp(fig: Figure, text: str) -> Figure:
    """The provenance stamp, wrapped to the figure's width so that no part of it is cut off."""
    width_in, height_in = fig.get_size_inches()
    lines = textwrap.wrap(text, width=int(width_in * 17)) or [""]
    plotting.stamp(fig, "\n".join(lines))
    extra = (len(lines) - 1) * 9 / (72 * height_in)
    fig.subplots_adjust(bottom=max(fig.subplotpars.bottom, 0.16) + extra)
    return fig


def figure_svg(fig: Figure) -> str:
    """The figure as SVG text, its text kept as text (fast to redraw in a widget)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "boardlab"}):
        fig.savefig(buf, format="svg")
    return buf.getvalue()


def _show(*items) -> None:
    """Display tables (DataFrames) and figures as raw MIME bundles inside a widget's Output."""
    from IPython.display import display

    for item in items:
        if isinstance(item, pd.DataFrame):
            display({"text/html": item.to_html(index=False, escape=True)}, raw=True)
        elif isinstance(item, Figure):
            display({"image/svg+xml": figure_svg(item), "text/plain": "<figure>"}, raw=True)
        elif item is not None:
            display({"text/html": str(item)}, raw=True)


def ci95(se: float) -> float:
    """Half-width of a normal 95% interval."""
    return 1.96 * se


def _panels_by_players(df: pd.DataFrame, size: tuple) -> tuple:
    """A figure of ``size`` inches with one panel per player count in ``df`` (a shared y axis):
    (figure, axes, player counts), the axes in the order of the counts."""
    counts = sorted(df["players"].unique())
    fig = Figure(figsize=size)
    return fig, fig.subplots(1, len(counts), sharey=True, squeeze=False)[0], counts


def _mean_se(values) -> tuple[float, float]:
    values = list(values)
    if len(values) < 2:
        return (float(values[0]) if values else float("nan")), float("nan")
    return stats.mean_se(values)


# =============================================================================================
# Watching games turn by turn
# =============================================================================================


class BidStylePolicy:
    """The greedy player's moves with another way of bidding (an experiment design, not a rule).

    ``style``: ``"cheapest"`` bids like ``greedy`` (the cheapest free spot, a 0 whenever one is
    free), ``"random"`` picks uniformly among the spots it can afford, ``"front"`` takes the most
    expensive free spot it can afford (so it usually acts first).
    """

    STYLES = ("cheapest", "random", "front")

    def __init__(self, style: str = "random"):
        if style not in self.STYLES:
            raise ValueError(f"bidding style must be one of {self.STYLES}; got {style!r}")
        self.style = style
        self._greedy = bots.GreedyPolicy()
        self.name = "greedy" if style == "cheapest" else f"greedy ({style} bids)"

    def __call__(self, state, rng: random.Random):
        if state.step == "bid" and self.style != "cheapest":
            legal = state.legal_actions()
            if self.style == "random":
                return rng.choice(legal)
            return max(legal, key=lambda a: (a.slot, a.fakirs))
        return self._greedy(state, rng)

    def __repr__(self):
        return f"BidStylePolicy({self.style!r})"


def _total(st, p: int) -> int:
    return st.score_sheet()[p]["total"]


class TurnRecorder:
    """The observer (see :func:`boardlab.core.observe.observe`) behind :func:`record_turns`, for
    one game: one row per action turn (round, turn position, spot bought and gold paid for it,
    the mover's score before and after, the number of complete legal moves offered -- under
    the game's ``loop_drops_count`` reading and under the other one -- and the colour
    collected) and, per seat, the gold spent on bids, the rounds played, the action turns and
    the mean turn position. Counting the moves is the slow part (mid-game piles offer
    thousands); ``moves=False`` skips it and leaves those columns empty."""

    def __init__(self, moves: bool = True):
        self.moves = moves

    def start(self, state, info) -> None:
        self.policies = info.policies
        self.loop = state.game.loop_drops_count
        self.turns: list[dict] = []
        self.bought: dict[int, tuple[int, int]] = {}
        self.bid_gold = [0] * state.game.players
        self.bid = None  # (marker, player, slot, gold before): settled at the next decision
        self.cur: dict | None = None
        self.cur_key = None

    def _close(self, state) -> None:
        if self.cur is not None:
            self.cur["after"] = _total(state, self.cur["player"])
            self.cur["gain"] = self.cur["after"] - self.cur["before"]
            self.turns.append(self.cur)
            self.cur, self.cur_key = None, None

    def _settle_bid(self, state) -> None:
        if self.bid is not None:
            m, p, slot, gold = self.bid
            self.bought[m] = (slot, gold - state.gold[p])
            self.bid_gold[p] += gold - state.gold[p]
            self.bid = None

    def step(self, st, action) -> None:
        self._settle_bid(st)
        if st.phase == "turn":
            key = (st.round, st.turn_index)
            if key != self.cur_key:
                self._close(st)
                m = st.play_order[st.turn_index]
                p = st.player
                slot, paid = self.bought.get(m, (-1, 0))
                count = self.moves
                self.cur = {"players": st.game.players, "round": st.round, "position": st.turn_index + 1,
                            "markers": len(st.play_order), "marker": m, "player": p, "policy": self.policies[p],
                            "slot": slot, "spot_cost": BID_COSTS[slot] if slot >= 0 else 0, "paid": paid,
                            "before": _total(st, p),
                            "moves": count_moves(st.meeples, self.loop) if count else None,
                            "moves_other_reading": count_moves(st.meeples, not self.loop) if count else None,
                            "starts": len(legal_starts(st.meeples, self.loop)) if count else None,
                            "colour": None, "collected": 0, "end_tile": None, "decisions": 0}
                self.cur_key = key
        else:
            self._close(st)
        if st.phase == "bid":
            m = st.bid_order[st.bid_next]
            p = st.markers[m]
            self.bid = (m, p, action.slot, st.gold[p])
        else:
            if action.kind == "drop" and sum(st.hand) == 1:
                self.cur["colour"] = COLOURS[action.colour]
                self.cur["collected"] = st.meeples[action.tile * NCOL + action.colour] + 1
                self.cur["end_tile"] = TILE_NAMES[action.tile]
            self.cur["decisions"] += 1

    def finish(self, st) -> dict:
        self._settle_bid(st)
        self._close(st)
        seats = []
        for p in range(st.game.players):
            mine = [t["position"] for t in self.turns if t["player"] == p]
            seats.append({"seat": p, "rounds": st.round, "bid_gold": self.bid_gold[p], "turns": len(mine),
                          "mean_position": float(np.mean(mine)) if mine else float("nan")})
        return {"turns": self.turns, "seats": seats}


@dataclass
class Observed:
    """Games watched turn by turn: ``players`` (one row per player per game, the table of
    ``simulate`` plus ``rounds``, ``bid_gold``, ``turns``, ``mean_position``) and ``turns`` (one
    row per action turn). ``attrs`` holds the provenance."""

    players: pd.DataFrame
    turns: pd.DataFrame
    attrs: dict = field(default_factory=dict)

    def provenance(self, note: str | None = None) -> str:
        return provenance_of([self], note)


def record_turns(game, policies, games: int, seed: int, *, rotate: bool = False, moves: bool = True,
                 workers: int = 1) -> Observed:
    """Play ``games`` seeded games with :func:`boardlab.core.observe.observe` (the games
    ``simulate`` plays for the same seed) and keep what :class:`TurnRecorder` noted.

    ``policies`` has one spec per seat ("random", "greedy" or a policy object). With ``rotate``
    the list is rotated by one seat per game, so an unusual policy sits in every seat equally
    often. ``moves=False`` skips counting the legal moves of every turn (much faster).
    ``workers > 1`` plays chunks in processes; the tables do not depend on it.
    """
    _check_players(game.players)
    run = observe(game, list(policies), games, seed, partial(TurnRecorder, moves=moves), workers=workers,
                  rotate=rotate)
    players = run["scores"].merge(run["seats"], on=["game_id", "seat"], how="left", validate="one_to_one")
    attrs = {"game": game, "games": games, "seed": seed, "policies": list(run["scores"].attrs["policies"]),
             "rotate": rotate, "moves": moves}
    return Observed(players, run["turns"], attrs)


def provenance_of(runs, note: str | None = None) -> str:
    """One provenance line for several runs made with the same seed and sample size (e.g. one
    per player count): the player counts and policies are listed together."""
    runs = list(runs.values()) if isinstance(runs, dict) else list(runs)
    first = runs[0].attrs
    opts = dict(first["game"].options())
    opts["players"] = "/".join(str(p) for p in dict.fromkeys(r.attrs["game"].players for r in runs))
    def seats(names):
        if len(set(names)) == 1:
            return f"all {names[0]}"
        return " + ".join(f"{n}× {name}" for name, n in Counter(names).items())

    policies = " | ".join(dict.fromkeys(seats(r.attrs["policies"]) for r in runs))
    games = "/".join(str(g) for g in dict.fromkeys(r.attrs["games"] for r in runs))
    seeds = "/".join(str(s) for s in dict.fromkeys(r.attrs["seed"] for r in runs))
    parts = [f"boardlab {__import__('boardlab').__version__}",
             f"{first['game'].name} ({', '.join(f'{k}={v}' for k, v in opts.items())})",
             f"policies {policies}", f"{games} games per setting", f"seed {seeds}"]
    if any(r.attrs.get("rotate") for r in runs):
        parts.append("seats rotated")
    if note:
        parts.append(note)
    return " · ".join(parts)


# =============================================================================================
# Notebook 01: the auction track
# =============================================================================================


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


def auction_start(players: int = 3, seed: int = 0):
    """A fresh game (``seed``) at its first bid, with the markers bidding in the order 0, 1, 2, ...

    (The engine shuffles the first bid order; fixing it makes "bid 1 is player 0" readable. The
    position is rebuilt through the engine's own JSON form, which checks it.) With 2 players the
    markers 0, 1, 2, 3 belong to players 0, 1, 0, 1.
    """
    return _auction_base(_check_players(players), seed).copy()


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
        return f"turn order: {who}; gold paid in all: {paid}"


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
            raise ValueError(f"bid {i + 1} (player {p}, {amount} gold): {exc}") from None
        rows.append({"bid": i + 1, "marker": m, "player": f"P{p}", "bid (gold)": amount, "paid": gold - st.gold[p]})
    order = list(st.play_order)
    spot = {m: s for s, m in enumerate(st.track) if m >= 0}
    for row in rows:
        row["spot"] = spot[row["marker"]]
        row["turn"] = order.index(row["marker"]) + 1
    table = pd.DataFrame(rows)[["bid", "marker", "player", "bid (gold)", "spot", "paid", "turn"]]
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
        ax.text(x, 0.62, f"{BID_COSTS[s]} gold", ha="center", va="bottom", fontsize=10)
        ax.text(x, -0.62, f"spot {s}", ha="center", va="top", fontsize=8, color="0.35")
        m = st.track[s]
        if m >= 0:
            p = st.markers[m]
            ax.add_patch(_circle(x, 0.02, 0.3, PLAYER_COLOURS[p]))
            ax.text(x, 0.02, f"P{p}", ha="center", va="center", fontsize=10)
            ax.text(x, -0.9, f"acts {ordinal(turn[m])}", ha="center", va="top", fontsize=10)
            ax.text(x, -1.18, f"(bid {bid_no[m]})", ha="center", va="top", fontsize=8, color="0.35")
    ax.annotate("", xy=(n - 0.7, 0.88), xytext=(-0.3, 0.88),
                arrowprops={"arrowstyle": "->", "color": "0.3"})
    ax.text((n - 1) / 2, 0.93, "turns go this way: from the most expensive spot down",
            ha="center", va="bottom", fontsize=8, color="0.3")
    bids = ", ".join(str(b) for b in result.bids)
    fig.suptitle(f"Turn order after the bids {bids} ({result.players} players, bidding in marker order)",
                 fontsize=11)
    fig.subplots_adjust(left=0.02, right=0.98, top=0.86)
    return _stamp(fig, plotting.provenance(st.game, note="exact: engine bid actions applied"))


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
        except ValueError as exc:
            if str(exc).startswith(f"bid {n + 1} "):
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
            raise ValueError(f"bid {i + 1} ({amount} gold): {exc}") from None
    spots = [s for s in range(len(st.track) - 1, -1, -1) if st.track[s] >= 0]
    return [st.bid_order.index(st.track[s]) for s in spots]


def first_price_grid(players: int = 3) -> pd.DataFrame:
    """For the last marker in the bid order: the exact price of acting first given the bids before
    it. Rows: the first bid; columns: the second (3 players; 4 players fix the third at 0). NaN
    marks bid sequences the rules forbid (a paid spot taken twice), inf those after which no bid
    can go first (someone took the 18 spot)."""
    _check_players(players)
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
                ax.text(j, i, "none", ha="center", va="center", fontsize=8, color="0.2")
            else:
                ax.text(j, i, f"{v:.0f}", ha="center", va="center", fontsize=10,
                        color="black" if v > 0.55 * max(BID_COSTS) else "white")
    ax.set_xticks(range(len(grid.columns)), grid.columns)
    ax.set_yticks(range(len(grid.index)), grid.index)
    ax.grid(False)
    ax.set_xlabel("second marker's bid (gold)")
    ax.set_ylabel("first marker's bid (gold)")
    fig.colorbar(im, ax=ax, fraction=0.045, label="price for the last bidder to act first (gold)")
    ax.set_title(f"Price of going first for the last of {players} bidders\n(—: not allowed, spot taken twice; none: an 18 is already down)",
                 fontsize=11)
    return _stamp(fig, plotting.provenance(Game(players=players), note="exact: engine bid actions tried in turn"))


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
        gain, gain_se = _mean_se(g["gain"])
        paid, paid_se = _mean_se(g["paid"])
        net, net_se = _mean_se(g["gain"] - g["paid"])
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
        gain, gain_se = _mean_se(g["gain"])
        net, net_se = _mean_se(g["gain"] - g["paid"])
        rows.append({"players": players, "spot_cost": cost, "turns": len(g), "position": g["position"].mean(),
                     "gain": gain, "gain_se": gain_se, "net": net, "net_se": net_se})
    return pd.DataFrame(rows)


def turn_value_figure(table: pd.DataFrame, provenance: str) -> Figure:
    """Points gained in the action turn by turn position, next to the gold paid for it."""
    fig, axes, counts = _panels_by_players(table, (10, 4.2))
    for ax, players in zip(axes, counts):
        g = table[table["players"] == players].sort_values("position")
        x = g["position"].to_numpy()
        ax.bar(x - 0.2, g["gain"], 0.4, yerr=ci95(g["gain_se"]), capsize=3, color=plotting.PALETTE[0],
               label="points gained in the turn")
        ax.bar(x + 0.2, g["paid"], 0.4, yerr=ci95(g["paid_se"]), capsize=3, color=plotting.PALETTE[1],
               label="gold paid for the spot")
        ax.set_xticks(x, [ordinal(int(k)) for k in x])
        ax.set_title(f"{players} players ({len(x)} turns a round)", fontsize=10)
        ax.set_xlabel("turn position in the round")
    axes[0].set_ylabel("points (VP) or gold per turn, mean")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=9, loc="upper center", ncol=2, bbox_to_anchor=(0.5, 0.92), frameon=False)
    fig.suptitle("What acting earlier is worth: points gained in the turn vs gold paid (95% CI)", fontsize=12)
    fig.subplots_adjust(top=0.78, bottom=0.2, wspace=0.08)
    return _stamp(fig, provenance)


def spot_value_figure(table: pd.DataFrame, provenance: str) -> Figure:
    """Net points of a turn (gain minus gold paid) by the spot bought, one line per player count."""
    fig = Figure(figsize=(8, 4.2))
    ax = fig.add_subplot()
    for k, players in enumerate(sorted(table["players"].unique())):
        g = table[table["players"] == players].sort_values("spot_cost")
        ax.errorbar(g["spot_cost"], g["net"], yerr=ci95(g["net_se"]), marker="os^"[k], capsize=3,
                    color=plotting.PALETTE[k], label=f"{players} players")
    ax.axhline(0, color="0.3", lw=0.8)
    ax.set_xticks(BID_AMOUNTS)
    ax.set_xlabel("spot bought (cost in gold)")
    ax.set_ylabel("points gained in the turn minus gold paid (VP)")
    ax.set_title("Net value of each turn-order spot (mean, 95% CI)")
    ax.legend(fontsize=9)
    return _stamp(fig, provenance)


# =============================================================================================
# Notebook 02: moving the meeples
# =============================================================================================


def board(seed: int = 0, players: int = 3):
    """A fresh game's position (tiles and meeples come from ``seed``; they do not depend on the
    player count)."""
    return Game(players=_check_players(players)).new_game(seed)


def _meeples_of(position):
    return position.meeples if hasattr(position, "meeples") else list(position)


def reachable_ends(position, tile, loop: bool = False) -> pd.DataFrame:
    """Every end of a legal move from ``tile``: one row per (end tile, final colour) with the
    number of distinct paths that end there, from ``complete_moves`` (the engine's generator).

    ``position`` is a state or its flat meeple list. Columns: end, colour, tribe, paths, steps
    (meeples picked up = steps walked), tile (type and printed value of the end tile),
    already_there (meeples of that colour on the end tile before the move; the move collects
    them plus the one dropped last).
    """
    meeples = _meeples_of(position)
    t = _tile_index(tile)
    moves = complete_moves(meeples, loop, [t])
    tiles = getattr(position, "tiles", None)
    count = Counter((path[-1], c) for _, path, c in moves)
    steps = sum(meeples[t * NCOL:t * NCOL + NCOL])
    rows = []
    for (e, c), paths in sorted(count.items(), key=lambda kv: (-kv[1], kv[0])):
        rows.append({"end": TILE_NAMES[e], "colour": COLOURS[c], "tribe": TRIBES[c], "paths": paths,
                     "steps": steps, "tile": TILE_TYPES[tiles[e]].label if tiles else "",
                     "already_there": meeples[e * NCOL + c]})
    cols = ["end", "colour", "tribe", "paths", "steps", "tile", "already_there"]
    return pd.DataFrame(rows, columns=cols)


def meeple_letters(meeples, t: int) -> str:
    return "".join(COLOURS[c][0].upper() * meeples[t * NCOL + c] for c in range(NCOL))


def reach_figure(position, tile, table: pd.DataFrame | None = None, loop: bool = False) -> Figure:
    """The board as a 5x6 grid: the start tile outlined, every reachable end shaded by its number
    of paths, with a dot for each colour the move can end on there."""
    from matplotlib.patches import Circle, Rectangle

    meeples = _meeples_of(position)
    t = _tile_index(tile)
    if table is None:
        table = reachable_ends(position, t, loop)
    paths = Counter()
    colours: dict[str, list] = {}
    for row in table.itertuples():
        paths[row.end] += row.paths
        colours.setdefault(row.end, []).append(row.colour)
    fig = Figure(figsize=(7.6, 5.6))
    ax = fig.add_subplot()
    grid = np.full((ROWS, COLS), np.nan)
    for name, k in paths.items():
        r, c = divmod(TILE_INDEX[name], COLS)
        grid[r, c] = k
    vmax = max(paths.values()) if paths else 1
    # light greys only (vmax is drawn at 60% of the map), so black text and the meeple dots stay legible
    im = ax.imshow(grid, cmap="Greys", vmin=0, vmax=vmax / 0.6, extent=(-0.5, COLS - 0.5, ROWS - 0.5, -0.5))
    tiles = getattr(position, "tiles", None)
    for u in range(NTILES):
        r, c = divmod(u, COLS)
        name = TILE_NAMES[u]
        ax.text(c - 0.44, r - 0.42, name, fontsize=8, va="top", color="0.25")
        if tiles:
            tt = TILE_TYPES[tiles[u]]
            ax.text(c + 0.44, r - 0.42, tt.value, fontsize=9, va="top", ha="right",
                    color=plotting.PALETTE[0] if tt.blue else plotting.PALETTE[5])
        ax.text(c, r - 0.05, meeple_letters(meeples, u) or "·", fontsize=9, ha="center", va="center")
        if name in paths:
            ax.text(c + 0.44, r + 0.44, f"{paths[name]}", fontsize=8, ha="right", va="bottom")
            for k, colour in enumerate(colours[name]):
                ax.add_patch(Circle((c - 0.32 + 0.17 * k, r + 0.27), 0.08, facecolor=MEEPLE_FILL[colour],
                                    edgecolor="0.1", lw=0.8))
    r, c = divmod(t, COLS)
    ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, fill=False, edgecolor=plotting.PALETTE[5], lw=3))
    ax.set_xticks(range(COLS), list("ABCDEF"[:COLS]))
    ax.set_yticks(range(ROWS), [str(k + 1) for k in range(ROWS)])
    ax.set_xticks(np.arange(-0.5, COLS), minor=True)
    ax.set_yticks(np.arange(-0.5, ROWS), minor=True)
    ax.grid(which="minor", color="0.6", lw=0.6)
    ax.grid(which="major", visible=False)
    ax.tick_params(which="both", length=0)
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    bar = fig.colorbar(im, ax=ax, fraction=0.04, label="legal moves ending on the tile (count)")
    bar.ax.set_ylim(0, vmax)
    n = int(table["paths"].sum())
    ax.set_title(f"Every legal move from {TILE_NAMES[t]} ({meeple_letters(meeples, t)}): {n} moves, "
                 f"{len(paths)} end tiles", fontsize=11)
    game = getattr(position, "game", None)
    seed = getattr(position, "seed", None)
    return _stamp(fig, plotting.provenance(game, seed=seed, note="exact: engine complete_moves; letters = "
                                           "meeples (Y W G B R); dots = colours the move can end with; corner "
                                           "number = moves ending there; value colour = tile's value colour"))


def moves_on_fresh_boards(boards: int, seed: int) -> pd.DataFrame:
    """Complete legal moves and legal start tiles of ``boards`` freshly set-up boards (the game
    seeds ``simulate`` would use), under both readings of ``loop_drops_count``."""
    rows = []
    for i in range(boards):
        gs, _ = game_seeds(seed, i)
        st = Game(players=3).new_game(gs)
        m = st.meeples
        rows.append({"board": i, "game_seed": gs, "moves": count_moves(m, False), "starts": len(legal_starts(m, False)),
                     "moves_loop": count_moves(m, True), "starts_loop": len(legal_starts(m, True))})
    return pd.DataFrame(rows)


def moves_histogram(df: pd.DataFrame, provenance: str) -> Figure:
    """Distribution of the number of complete legal moves on a fresh board."""
    fig = Figure(figsize=(8, 4.2))
    ax = fig.add_subplot()
    ax.hist(df["moves"], bins=30, color=plotting.PALETTE[0], alpha=0.9, edgecolor="white")
    m, se = _mean_se(df["moves"])
    ax.axvline(m, color="0.15", ls="--", lw=1)
    ax.text(m, ax.get_ylim()[1] * 0.97, f"  mean {m:.0f} ± {ci95(se):.0f} (95% CI)", va="top", fontsize=9)
    ax.set_xlabel("complete legal moves on the first turn (start tile × path × final colour)")
    ax.set_ylabel("boards (count)")
    ax.set_title(f"How many moves the first turn offers, over {len(df)} random boards")
    return _stamp(fig, provenance)


def moves_by_round(turns: pd.DataFrame) -> pd.DataFrame:
    """Mean complete legal moves offered at the start of an action turn, by round and policy
    (with standard error and the share of turns offering no move at all)."""
    rows = []
    for (policy, rnd), g in turns.groupby(["policy", "round"]):
        m, se = _mean_se(g["moves"])
        rows.append({"policy": policy, "round": rnd, "turns": len(g), "moves": m, "moves_se": se,
                     "moves_other_reading": g["moves_other_reading"].mean(),
                     "starts": g["starts"].mean(), "no_move": float((g["moves"] == 0).mean())})
    return pd.DataFrame(rows)


def moves_by_round_figure(table: pd.DataFrame, provenance: str, min_turns: int = 10) -> Figure:
    """Moves offered at the start of a turn, round by round (mean with 95% band)."""
    fig = Figure(figsize=(8, 4.2))
    ax = fig.add_subplot()
    for k, (policy, g) in enumerate(table.groupby("policy", sort=True)):
        g = g[g["turns"] >= min_turns].sort_values("round")
        lo = g["moves"] - ci95(g["moves_se"].fillna(0))
        hi = g["moves"] + ci95(g["moves_se"].fillna(0))
        ax.plot(g["round"], g["moves"], marker="os^"[k % 3], color=plotting.PALETTE[k], label=f"{policy} play")
        ax.fill_between(g["round"], lo, hi, color=plotting.PALETTE[k], alpha=0.2)
        ax.plot(g["round"], g["moves_other_reading"], ls=":", color=plotting.PALETTE[k],
                label=f"{policy} play, other loop reading (assumed)")
    ax.set_yscale("log")
    ax.set_xlabel("round")
    ax.set_ylim(bottom=1)
    ax.set_ylabel("complete legal moves at the start of a turn (log scale)")
    ax.set_title(f"The board runs dry: moves offered per turn (rounds with ≥ {min_turns} turns)", fontsize=12)
    ax.legend(fontsize=9)
    return _stamp(fig, provenance)


# =============================================================================================
# Notebook 03: the five tribes
# =============================================================================================


def block_sizes() -> np.ndarray:
    """Tiles in each tile's 3x3 block (the tile and its neighbours, diagonals included)."""
    return np.array([len(BLOCK[t]) for t in range(NTILES)]).reshape(ROWS, COLS)


def blue_expectation_exact() -> list[list[Fraction]]:
    """Expected blue-valued tiles in each tile's block over random boards, exactly: every tile of
    the box is equally likely anywhere, so each of the block's tiles is blue with chance 12/30."""
    p = Fraction(BLUE_TILES, NTILES)
    return [[len(BLOCK[r * COLS + c]) * p for c in range(COLS)] for r in range(ROWS)]


def blue_count_distribution(block: int) -> dict[int, Fraction]:
    """Exact chance of k blue-valued tiles in a block of ``block`` tiles (hypergeometric: the
    block's tiles are a random draw without replacement from the 30 tiles of the box)."""
    if block not in (4, 6, 9):
        raise ValueError(f"a block has 4 (corner), 6 (edge) or 9 (inside) tiles; got {block!r}")
    red = NTILES - BLUE_TILES
    total = comb(NTILES, block)
    return {k: Fraction(comb(BLUE_TILES, k) * comb(red, block - k), total) for k in range(block + 1)}


def blue_counts_on_boards(boards: int, seed: int) -> np.ndarray:
    """Array (boards, 30): blue-valued tiles in each tile's block on random boards set up by the
    engine (the game seeds ``simulate`` would use)."""
    out = np.empty((boards, NTILES), dtype=int)
    for i in range(boards):
        tiles = Game(players=3).new_game(game_seeds(seed, i)[0]).tiles
        out[i] = [sum(TILE_BLUE[tiles[u]] for u in BLOCK[t]) for t in range(NTILES)]
    return out


def blue_heatmap_figure(counts: np.ndarray, provenance: str, builders: int = 1, fakirs: int = 0) -> Figure:
    """Left: the exact expectation of blue-valued tiles around each tile (times builders+fakirs =
    expected gold). Right: the simulated mean with its 95% half-width."""
    mult = builders + fakirs
    exact = np.array([[float(x) for x in row] for row in blue_expectation_exact()]) * mult
    sim = counts.mean(axis=0).reshape(ROWS, COLS) * mult
    half = ci95(counts.std(axis=0, ddof=1) / math.sqrt(len(counts))).reshape(ROWS, COLS) * mult
    fig = Figure(figsize=(11, 4.4))
    axes = fig.subplots(1, 2)
    vmax = 9 * BLUE_TILES / NTILES * mult
    what = "blue-valued tiles" if mult == 1 else f"gold ({builders} builder{'s' * (builders != 1)}"\
        + (f" + {fakirs} fakir{'s' * (fakirs != 1)}" if fakirs else "") + ")"
    for ax, data, title, extra in ((axes[0], exact, "exact expectation", None),
                                   (axes[1], sim, f"simulated mean ± 95% CI, {len(counts)} boards", half)):
        im = ax.imshow(data, cmap="cividis", vmin=0, vmax=vmax)
        for r in range(ROWS):
            for c in range(COLS):
                v = data[r, c]
                label = f"{v:.2f}" if extra is None else f"{v:.2f}\n±{extra[r, c]:.2f}"
                ax.text(c, r, label, ha="center", va="center", fontsize=8,
                        color="black" if v > 0.55 * vmax else "white")
        ax.set_xticks(range(COLS), list("ABCDEF"[:COLS]))
        ax.set_yticks(range(ROWS), [str(k + 1) for k in range(ROWS)])
        ax.grid(False)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("column")
    axes[0].set_ylabel("row")
    fig.colorbar(im, ax=axes, fraction=0.03, label=f"expected {what} per Builders action")
    fig.suptitle(f"Builders: expected {what} among a tile and its 8 neighbours", fontsize=12)
    fig.subplots_adjust(left=0.05, right=0.86, top=0.86, bottom=0.18, wspace=0.15)
    return _stamp(fig, provenance)


def blue_distribution_table(counts: np.ndarray, tile) -> pd.DataFrame:
    """For one tile: exact and simulated chance of each number of blue-valued tiles in its block,
    the standard error of the simulated share (at the exact p) and whether the two agree
    (:func:`count_agrees`)."""
    t = _tile_index(tile)
    exact = blue_count_distribution(len(BLOCK[t]))
    col = counts[:, t]
    n = len(col)
    rows = []
    for k, p in exact.items():
        hits = int((col == k).sum())
        rows.append({"blue tiles": k, "exact": p, "exact (float)": float(p), "simulated": hits / n,
                     "se": stats.proportion_se(float(p), n), "agrees": count_agrees(hits, n, p)})
    return pd.DataFrame(rows)


#: Two-sided tail of the normal distribution beyond 4 standard errors: the chance that a true
#: agreement is called a disagreement.
_FOUR_SE_TAIL = math.erfc(4 / math.sqrt(2))


def count_agrees(hits: int, n: int, p) -> bool:
    """Whether ``hits`` successes in ``n`` trials agree with the exact probability ``p``.

    Where both ``n p`` and ``n (1 - p)`` are at least 5 the share must lie within 4 standard
    errors of ``p``. A rarer outcome is judged by the exact binomial tail instead (the normal
    approximation fails there: one board showing a 1-in-60,000 outcome is 6 standard errors
    out): the observed count must not be further out than a 4-standard-error event is likely."""
    p = float(p)
    if n * p >= 5 and n * (1 - p) >= 5:
        return abs(hits / n - p) <= 4 * stats.proportion_se(p, n)
    if n * (1 - p) < 5:  # count the failures instead
        hits, p = n - hits, 1 - p
    if p == 0:
        return hits == 0
    pmf = [math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                    + i * math.log(p) + (n - i) * math.log1p(-p)) for i in range(hits + 1)]
    at_most, at_least = sum(pmf), 1 - sum(pmf[:-1])
    return min(at_most, at_least) >= _FOUR_SE_TAIL / 2


def reach_counts(reach: int) -> np.ndarray:
    """Tiles within orthogonal distance ``reach`` of each tile (the tile itself included): where
    Assassins with that reach (assassins collected + fakirs discarded) can kill on the board."""
    if isinstance(reach, bool) or not isinstance(reach, int) or reach < 0:
        raise ValueError(f"reach must be a whole number >= 0; got {reach!r}")
    return np.array([sum(1 for u in range(NTILES) if distance(t, u) <= reach) for t in range(NTILES)]
                    ).reshape(ROWS, COLS)


def reach_table(max_reach: int = 9) -> pd.DataFrame:
    """Per reach: the fewest, mean and most tiles in reach over the 30 possible end tiles, and the
    reach at which the whole board is covered from every tile."""
    rows = []
    for r in range(max_reach + 1):
        a = reach_counts(r)
        rows.append({"reach": r, "fewest tiles": int(a.min()), "mean tiles": Fraction(int(a.sum()), NTILES),
                     "most tiles": int(a.max()), "whole board from every tile": bool(a.min() == NTILES)})
    return pd.DataFrame(rows)


def reach_figure_assassins(reach: int, tile=None) -> Figure:
    """Heat map: tiles in reach from each end tile; with ``tile``, its reach is outlined."""
    from matplotlib.patches import Rectangle

    a = reach_counts(reach)
    fig = Figure(figsize=(7, 4.6))
    ax = fig.add_subplot()
    im = ax.imshow(a, cmap="cividis", vmin=0, vmax=NTILES)
    for r in range(ROWS):
        for c in range(COLS):
            ax.text(c, r, int(a[r, c]), ha="center", va="center", fontsize=10,
                    color="black" if a[r, c] > 0.55 * NTILES else "white")
    if tile is not None:
        t = _tile_index(tile)
        for u in range(NTILES):
            if distance(t, u) <= reach:
                rr, cc = divmod(u, COLS)
                ax.add_patch(Rectangle((cc - 0.46, rr - 0.46), 0.92, 0.92, fill=False, lw=2.2,
                                       edgecolor=plotting.PALETTE[5]))
    ax.set_xticks(range(COLS), list("ABCDEF"[:COLS]))
    ax.set_yticks(range(ROWS), [str(k + 1) for k in range(ROWS)])
    ax.grid(False)
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    fig.colorbar(im, ax=ax, fraction=0.04, label="tiles in reach (count, of 30)")
    extra = f"\n(outlined: the tiles in reach from {TILE_NAMES[_tile_index(tile)]})" if tile is not None else ""
    ax.set_title(f"Assassins with reach {reach}: tiles in reach from each end tile{extra}", fontsize=11)
    return _stamp(fig, plotting.provenance(Game(players=3), note="exact: board geometry (orthogonal distance)"))


def vizier_points(viziers) -> list[int]:
    """Vizier points per player: 1 per Vizier plus 10 per opponent with strictly fewer Viziers
    (values from ``constants.csv``; Jafaar's 3 per Vizier is not included)."""
    v = list(viziers)
    if not 2 <= len(v) <= 4 or any(isinstance(k, bool) or not isinstance(k, int) or k < 0 for k in v):
        raise ValueError(f"give 2 to 4 whole numbers >= 0 of Viziers, one per player; got {viziers!r}")
    each, bonus = const("vizier_vp"), const("vizier_bonus")
    return [k * each + bonus * sum(1 for j in v if j < k) for k in v]


def vizier_table(players: int, viziers) -> pd.DataFrame:
    """One row per player: Viziers, opponents with strictly fewer, bonus, points."""
    _check_players(players)
    v = list(viziers)[:players]
    if len(v) != players:
        raise ValueError(f"{players} players need {players} Vizier counts; got {len(v)}")
    pts = vizier_points(v)
    return pd.DataFrame({"player": [f"P{p}" for p in range(players)], "viziers": v,
                         "opponents with fewer": [sum(1 for j in v if j < k) for k in v],
                         "bonus": [const("vizier_bonus") * sum(1 for j in v if j < k) for k in v],
                         "points": pts})


def vizier_bonus_table() -> pd.DataFrame:
    """The bonus by how many opponents have strictly fewer Viziers, per player count."""
    rows = []
    for players in PLAYER_COUNTS:
        for beaten in range(players):
            rows.append({"players": players, "opponents with fewer Viziers": beaten,
                         "bonus (VP)": const("vizier_bonus") * beaten})
    return pd.DataFrame(rows)


def merchant_draw(n: int) -> dict[tuple[int, int], Fraction]:
    """Exact distribution of (set value, Fakirs) of the first ``n`` cards of a freshly shuffled
    resource deck: the odds module's multiset enumeration from an empty hand."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= const("resource_row"):
        raise ValueError(f"Merchants take 0 to {const('resource_row')} cards of the row; got {n!r}")
    return dict(value_fakir_distribution({}, n))


def merchant_table(max_n: int = 9) -> pd.DataFrame:
    """Per number of Merchants collected (cards taken from a fresh row): the exact expected set
    value of the goods, expected Fakirs, and the chance of at least one Fakir."""
    rows = []
    for n in range(1, max_n + 1):
        dist = merchant_draw(n)
        ev = sum(p * v for (v, _), p in dist.items())
        ef = sum(p * f for (_, f), p in dist.items())
        p_f = sum(p for (_, f), p in dist.items() if f > 0)
        rows.append({"merchants": n, "expected set value": ev, "expected fakirs": ef, "P(at least 1 fakir)": p_f,
                     "set value (float)": float(ev), "fakirs (float)": float(ef)})
    return pd.DataFrame(rows)


def fresh_rows(boards: int, seed: int) -> list[list[int]]:
    """The face-up resource row of ``boards`` freshly set-up games (card indices, front first)."""
    return [list(Game(players=3).new_game(game_seeds(seed, i)[0]).res_row) for i in range(boards)]


def merchant_simulated(rows: list[list[int]], max_n: int = 9) -> pd.DataFrame:
    """Set value and Fakirs of the first n cards of each fresh row: mean and standard error."""
    out = []
    for n in range(1, max_n + 1):
        values, fakirs = [], []
        for row in rows:
            hand = [0] * len(CARD_NAMES)
            for c in row[:n]:
                hand[c] += 1
            values.append(merchandise_points([hand[c] for c in MERCH]))
            fakirs.append(hand[FAKIR])
        v, vse = _mean_se(values)
        f, fse = _mean_se(fakirs)
        out.append({"merchants": n, "set value": v, "set value se": vse, "fakirs": f, "fakirs se": fse})
    return pd.DataFrame(out)


def merchant_figure(exact: pd.DataFrame, sim: pd.DataFrame, provenance: str, n: int | None = None) -> Figure:
    """Left: expected set value and Fakirs by Merchants collected (exact line, simulated points with
    95% CI). Right (with ``n``): the exact distribution of the set value for n Merchants."""
    fig = Figure(figsize=(11, 4.3))
    axes = fig.subplots(1, 2)
    ax = axes[0]
    ax.plot(exact["merchants"], exact["set value (float)"], color=plotting.PALETTE[0], label="set value, exact")
    ax.errorbar(sim["merchants"], sim["set value"], yerr=ci95(sim["set value se"]), fmt="o", capsize=3,
                color=plotting.PALETTE[0], label="set value, simulated")
    ax.plot(exact["merchants"], exact["fakirs (float)"], color=plotting.PALETTE[1], ls="--", label="fakirs, exact")
    ax.errorbar(sim["merchants"], sim["fakirs"], yerr=ci95(sim["fakirs se"]), fmt="s", capsize=3,
                color=plotting.PALETTE[1], label="fakirs, simulated")
    ax.set_xlabel("Merchants collected (cards taken from the front of the row)")
    ax.set_ylabel("expected set value (gold or VP) / fakirs (cards)")
    ax.set_title("Merchants: what the first n cards of a fresh row are worth", fontsize=10)
    ax.legend(fontsize=8)
    ax = axes[1]
    n = n or 3
    dist = Counter()
    for (v, _), p in merchant_draw(n).items():
        dist[v] += p
    xs = sorted(dist)
    ax.bar([str(x) for x in xs], [float(dist[x]) for x in xs], color=plotting.PALETTE[2])
    ax.set_xlabel(f"set value of the goods among {n} cards (gold or VP)")
    ax.set_ylabel("probability (exact)")
    ax.set_title(f"Exact distribution for {n} Merchants", fontsize=10)
    fig.subplots_adjust(wspace=0.25, top=0.88)
    return _stamp(fig, provenance)


def tribe_payoff_table(turns: pd.DataFrame) -> pd.DataFrame:
    """From watched games: per colour collected, how often movers chose it, meeples collected and
    points gained in that turn (mean and standard error)."""
    rows = []
    done = turns[turns["colour"].notna()]
    for colour in COLOURS:
        g = done[done["colour"] == colour]
        if len(g) < 2:
            continue
        gain, se = _mean_se(g["gain"])
        rows.append({"colour": colour, "tribe": TRIBES[COLOURS.index(colour)], "turns": len(g),
                     "share": len(g) / len(done), "collected": g["collected"].mean(), "gain": gain, "gain_se": se})
    return pd.DataFrame(rows)


def tribe_payoff_figure(table: pd.DataFrame, provenance: str) -> Figure:
    fig = Figure(figsize=(8, 4.2))
    ax = fig.add_subplot()
    x = np.arange(len(table))
    ax.bar(x, table["gain"], yerr=ci95(table["gain_se"]), capsize=4,
           color=[MEEPLE_FILL[c] for c in table["colour"]], edgecolor="0.2")
    labels = [f"{t}\n({c}, {s:.0%} of turns)" for t, c, s in zip(table["tribe"], table["colour"], table["share"])]
    ax.set_xticks(x, labels, fontsize=8)
    ax.set_ylabel("points gained in the turn (VP, mean)")
    ax.set_xlabel("tribe collected at the end of the move")
    ax.set_title("What a turn yielded, by the tribe collected (greedy play, 95% CI)")
    return _stamp(fig, provenance)


# =============================================================================================
# Notebook 05: outcome distributions
# =============================================================================================


def category_means(players: pd.DataFrame, by=("players", "setting")) -> pd.DataFrame:
    """Mean points per score category (and total) with standard errors, per group."""
    rows = []
    for key, g in players.groupby(list(by)):
        row = dict(zip(by, key))
        for c in list(CATEGORIES) + ["total"]:
            m, se = _mean_se(g[c])
            row[c] = m
            row[f"{c}_se"] = se
        row["n"] = len(g)
        rows.append(row)
    return pd.DataFrame(rows)


def category_figure(means: pd.DataFrame, provenance: str) -> Figure:
    """Grouped bars: mean points per category, one panel per player count, one bar per setting."""
    fig, axes, counts = _panels_by_players(means, (11, 4.6))
    settings = list(dict.fromkeys(means["setting"]))
    width = 0.8 / len(settings)
    x = np.arange(len(CATEGORIES))
    for ax, players in zip(axes, counts):
        for k, setting in enumerate(settings):
            row = means[(means["players"] == players) & (means["setting"] == setting)]
            if row.empty:
                continue
            row = row.iloc[0]
            ax.bar(x + (k - (len(settings) - 1) / 2) * width, [row[c] for c in CATEGORIES], width,
                   yerr=[ci95(row[f"{c}_se"]) for c in CATEGORIES], capsize=2, color=plotting.PALETTE[k],
                   label=setting)
        ax.set_xticks(x, CATEGORIES, rotation=45, ha="right", fontsize=8)
        ax.set_title(f"{players} players", fontsize=10)
    axes[0].set_ylabel("points per player (VP, mean, 95% CI)")
    axes[0].legend(fontsize=8)
    fig.suptitle("Where the points come from: final score by category", fontsize=12)
    fig.subplots_adjust(top=0.86, bottom=0.25, wspace=0.06)
    return _stamp(fig, provenance)


def seat_win_rates(players: pd.DataFrame, by=("players", "setting")) -> pd.DataFrame:
    """Wins (shared wins count) per seat with Wilson 95% intervals, per group."""
    rows = []
    for key, g in players.groupby(list(by) + ["seat"]):
        n = len(g)
        wins = int(g["winner"].sum())
        lo, hi = stats.wilson_interval(wins, n)
        rows.append({**dict(zip(list(by) + ["seat"], key)), "games": n, "wins": wins, "rate": wins / n,
                     "lo": lo, "hi": hi})
    return pd.DataFrame(rows)


def seat_figure(rates: pd.DataFrame, provenance: str) -> Figure:
    fig, axes, counts = _panels_by_players(rates, (10, 4.2))
    settings = list(dict.fromkeys(rates["setting"]))
    for ax, players in zip(axes, counts):
        for k, setting in enumerate(settings):
            g = rates[(rates["players"] == players) & (rates["setting"] == setting)].sort_values("seat")
            x = g["seat"].to_numpy() + (k - (len(settings) - 1) / 2) * 0.25
            ax.errorbar(x, g["rate"], yerr=[g["rate"] - g["lo"], g["hi"] - g["rate"]], fmt="os^D"[k % 4],
                        capsize=3, color=plotting.PALETTE[k], label=setting)
        ax.axhline(1 / players, color="0.3", ls="--", lw=1)
        ax.set_xticks(range(players), [f"P{p}" for p in range(players)])
        ax.set_xlabel("seat")
        ax.set_title(f"{players} players (dashed: 1/{players})", fontsize=10)
    axes[0].set_ylabel("win rate (shared wins count; Wilson 95% CI)")
    axes[0].set_ylim(0, 1)
    axes[0].legend(fontsize=8)
    fig.suptitle("Does the seat matter? Win rate by seat", fontsize=12)
    fig.subplots_adjust(top=0.85, wspace=0.06)
    return _stamp(fig, provenance)


def length_table(players: pd.DataFrame, by=("players", "setting")) -> pd.DataFrame:
    """Game length per group: decisions, rounds and action turns per game (mean, standard
    error; min and max rounds)."""
    keys = [k for k in ("setting", "players") if k in players] + ["game_id"]
    games = players.groupby(keys, as_index=False).agg(decisions=("decisions", "first"), rounds=("rounds", "first"),
                                                      turns=("turns", "sum"))
    rows = []
    for key, g in games.groupby(list(by)):
        d, dse = _mean_se(g["decisions"])
        r, rse = _mean_se(g["rounds"])
        t, tse = _mean_se(g["turns"])
        rows.append({**dict(zip(by, key)), "games": len(g), "decisions": d, "decisions_se": dse,
                     "rounds": r, "rounds_se": rse, "turns": t, "turns_se": tse,
                     "min rounds": int(g["rounds"].min()), "max rounds": int(g["rounds"].max())})
    return pd.DataFrame(rows)


def length_figure(table: pd.DataFrame, provenance: str) -> Figure:
    """Distribution of the number of rounds, per player count and setting."""
    games = table.drop_duplicates(["setting", "players", "game_id"])
    fig, axes, counts = _panels_by_players(games, (10, 4.2))
    settings = sorted(games["setting"].unique())  # the same order (and colours) as the other figures
    lo, hi = int(games["rounds"].min()), int(games["rounds"].max())
    bins = np.arange(lo - 0.5, hi + 1.5)
    for ax, players in zip(axes, counts):
        for k, setting in enumerate(settings):
            g = games[(games["players"] == players) & (games["setting"] == setting)]
            if g.empty:
                continue
            ax.hist(g["rounds"], bins=bins, density=True, histtype="step", lw=2, color=plotting.PALETTE[k],
                    label=f"{setting} (mean {g['rounds'].mean():.1f})")
        ax.set_xlabel("rounds until the game ended")
        ax.set_title(f"{players} players", fontsize=10)
        ax.legend(fontsize=7)
    axes[0].set_ylabel("share of games")
    fig.suptitle("Game length in rounds", fontsize=12)
    fig.subplots_adjust(top=0.85, wspace=0.06)
    return _stamp(fig, provenance)


def bidding_effect(players: pd.DataFrame, focus: str, by=("players", "setting")) -> pd.DataFrame:
    """For the seats playing ``focus`` (one per game, seats rotated): games, wins with a Wilson
    interval, mean gold spent on bids, mean turn position, mean final score and mean margin over
    the best opponent."""
    rows = []
    for key, g in players.groupby(list(by)):
        mine = g[g["policy"] == focus]
        best_other = g[g["policy"] != focus].groupby("game_id")["total"].max()
        margin = mine.set_index("game_id")["total"] - best_other
        wins = int(mine["winner"].sum())
        n = len(mine)
        lo, hi = stats.wilson_interval(wins, n)
        mm, mse = _mean_se(margin.dropna())
        rows.append({**dict(zip(by, key)), "games": n, "wins": wins, "rate": wins / n, "lo": lo, "hi": hi,
                     "bid_gold": mine["bid_gold"].mean(), "mean_position": mine["mean_position"].mean(),
                     "total": mine["total"].mean(), "margin": mm, "margin_se": mse})
    return pd.DataFrame(rows)


def bidding_figure(effect: pd.DataFrame, provenance: str) -> Figure:
    """Left: win rate of the focus seat (Wilson 95% CI) against the fair share 1/players. Right:
    gold it spent on bids per game next to its opponents' (columns ``bid_gold`` and
    ``opponents_bid_gold``), per player count."""
    effect = effect.sort_values("players")
    counts = effect["players"].to_numpy()
    fig = Figure(figsize=(10, 4.3))
    axes = fig.subplots(1, 2)
    ax = axes[0]
    ax.errorbar(counts, effect["rate"], yerr=[effect["rate"] - effect["lo"], effect["hi"] - effect["rate"]],
                fmt="o", capsize=4, color=plotting.PALETTE[5], label="focus seat (Wilson 95% CI)")
    for k, c in enumerate(counts):
        ax.hlines(1 / c, c - 0.3, c + 0.3, color="0.2", lw=2, label="fair share 1 / players" if k == 0 else None)
    ax.set_ylim(-0.02, 1)
    ax.set_ylabel("win rate (shared wins count)")
    ax.set_title("How often it wins", fontsize=10)
    ax = axes[1]
    ax.bar(counts - 0.18, effect["bid_gold"], 0.36, color=plotting.PALETTE[5], label="focus seat")
    if "opponents_bid_gold" in effect:
        ax.bar(counts + 0.18, effect["opponents_bid_gold"], 0.36, color=plotting.PALETTE[0],
               label="each greedy opponent")
    ax.set_ylabel("gold spent on bids per game (mean)")
    ax.set_title("What it pays for the auction", fontsize=10)
    for ax in axes:
        ax.set_xticks(counts)
        ax.set_xlabel("players")
        ax.legend(fontsize=8)
    fig.suptitle("The effect of bidding: one seat always buys the dearest spot it can afford", fontsize=12)
    fig.subplots_adjust(top=0.84, wspace=0.25)
    return _stamp(fig, provenance)


def bid_gold_vs_score_figure(players: pd.DataFrame, provenance: str) -> Figure:
    """Random play: final score against gold spent on bids (one point per player per game)."""
    fig, axes, counts = _panels_by_players(players, (10, 4.0))
    for ax, p in zip(axes, counts):
        g = players[players["players"] == p]
        win = g["winner"].to_numpy()
        ax.scatter(g.loc[~win, "bid_gold"], g.loc[~win, "total"], s=9, alpha=0.5, color=plotting.PALETTE[0],
                   label="did not win")
        ax.scatter(g.loc[win, "bid_gold"], g.loc[win, "total"], s=12, alpha=0.7, marker="^",
                   color=plotting.PALETTE[5], label="won")
        ax.set_xlabel("gold spent on bids in the game")
        ax.set_title(f"{p} players (r = {np.corrcoef(g['bid_gold'], g['total'])[0, 1]:+.2f})", fontsize=10)
    axes[0].set_ylabel("final score (VP)")
    axes[0].legend(fontsize=8)
    fig.suptitle("Random play: gold spent on bidding against final score", fontsize=12)
    fig.subplots_adjust(top=0.85, bottom=0.21, wspace=0.06)
    return _stamp(fig, provenance)


def with_setting(obs: dict) -> pd.DataFrame:
    """Stack the ``players`` tables of ``{label: Observed}`` (or ``{(label, players): Observed}``)
    with a ``setting`` column."""
    frames = []
    for key, o in obs.items():
        df = o.players.copy()
        df["setting"] = key[0] if isinstance(key, tuple) else key
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


# =============================================================================================
# Widgets (thin: interactive_output over the functions above)
# =============================================================================================


class AuctionExplorer:
    """Notebook 01: player count and one bid per marker (in bid order) in; the engine's turn order,
    gold paid and the track drawn out. ``result`` is the latest :class:`AuctionResult` (None after
    an illegal bid, whose reason is then in ``summary.value``)."""

    def __init__(self, players: int = 3, bids=(0, 0, 3, 0), seed: int = 0):
        import ipywidgets as W

        self.seed = seed
        self.result: AuctionResult | None = None
        self.updates = 0
        self.players = _players_toggle(players)
        self.bids = [W.Dropdown(options=list(BID_AMOUNTS), value=b, description=f"bid {i + 1}",
                                layout=W.Layout(width="150px")) for i, b in enumerate(bids)]
        _wire(self, {"players": self.players, **{f"b{i}": w for i, w in enumerate(self.bids)}},
              [self.players, W.HBox(self.bids)])

    def _update(self, players, **bids):
        self.updates += 1
        n = players * const(f"markers_{players}p")
        owners = [m % players for m in range(n)]
        for i, w in enumerate(self.bids):
            w.disabled = i >= n
            w.description = f"bid {i + 1}: P{owners[i]}" if i < n else f"bid {i + 1}: —"
        values = [bids[f"b{i}"] for i in range(n)]
        try:
            self.result = auction(players, values, self.seed)
        except ValueError as exc:
            self.result = None
            self.summary.value = refusal_html(exc)
            return
        self.summary.value = f"<b>{self.result.summary}</b>"
        _show(self.result.table, self.result.figure)


class MoveExplorer:
    """Notebook 02: a board (seed) and a start tile in; every reachable end and colour out, from
    ``complete_moves``. ``result`` holds the latest table."""

    def __init__(self, seed: int = 0, tile: str = "C3", loop: bool = False):
        import ipywidgets as W

        self.result: pd.DataFrame | None = None
        self.figure: Figure | None = None
        self.updates = 0
        self.seed = W.BoundedIntText(value=seed, min=0, max=10**9, description="board seed",
                                     layout=W.Layout(width="200px"))
        self.tile = W.Dropdown(options=list(TILE_NAMES), value=tile, description="start tile",
                               layout=W.Layout(width="170px"))
        self.loop = W.Checkbox(value=loop, description="loop drops count (assumed other reading)",
                               layout=W.Layout(width="330px"))
        _wire(self, {"seed": self.seed, "tile": self.tile, "loop": self.loop}, [W.HBox([self.seed, self.tile, self.loop])])

    def _update(self, seed, tile, loop):
        self.updates += 1
        st = board(seed)
        self.state = st
        table = reachable_ends(st, tile, loop)
        self.result = table
        n = int(table["paths"].sum())
        if n == 0:
            self.figure = None
            self.summary.value = (f"<b>No legal move from {tile}</b> ({meeple_letters(st.meeples, TILE_INDEX[tile]) or 'empty'}): "
                                  "no path ends on a tile holding a colour in hand.")
            return
        self.figure = reach_figure(st, tile, table, loop)
        self.summary.value = (f"<b>{n} legal moves from {tile}</b>: {table['end'].nunique()} end tiles, "
                              f"{len(table)} (end, colour) choices; the board has {count_moves(st.meeples, loop)} "
                              "moves in all.")
        _show(table, self.figure)


class BuildersExplorer:
    """Notebook 03: builders collected, fakirs added and a tile in; the expected gold map and the
    tile's exact vs simulated distribution of blue-valued tiles out."""

    def __init__(self, counts: np.ndarray, provenance: str, builders: int = 1, fakirs: int = 0, tile: str = "C3"):
        self.counts = counts
        self.provenance = provenance
        self.result: dict | None = None
        self.updates = 0
        _tribe_controls(self, "builders", builders, fakirs, tile)

    def _update(self, builders, fakirs, tile):
        self.updates += 1
        t = TILE_INDEX[tile]
        r, c = divmod(t, COLS)
        exact_blue = blue_expectation_exact()[r][c]
        gold = exact_blue * (builders + fakirs)
        dist = blue_distribution_table(self.counts, tile)
        self.result = {"tile": tile, "block": len(BLOCK[t]), "expected_blue": exact_blue, "expected_gold": gold,
                       "distribution": dist}
        self.summary.value = (f"<b>{tile}</b>: {len(BLOCK[t])} tiles in its block; expected blue-valued tiles "
                              f"{exact_blue} = {float(exact_blue):.2f}; expected gold with {builders} builders + "
                              f"{fakirs} fakirs: {gold} = {float(gold):.2f}")
        fig = blue_heatmap_figure(self.counts, self.provenance, builders, fakirs)
        _show(dist.drop(columns=["exact"]).round(4), fig)


def _tribe_controls(owner, tribe: str, count: int, fakirs: int, tile: str) -> None:
    """Give a tribe widget its controls: ``owner.<tribe>`` (meeples of that tribe collected),
    ``owner.fakirs`` (Fakirs added), ``owner.tile`` (the end tile), ``owner.summary``, and
    ``owner.output`` running ``owner._update(<tribe>, fakirs, tile)``; ``owner.widget`` shows them."""
    import ipywidgets as W

    controls = {tribe: W.IntSlider(value=count, min=1, max=6, description=tribe),
                "fakirs": W.IntSlider(value=fakirs, min=0, max=4, description="fakirs"),
                "tile": W.Dropdown(options=list(TILE_NAMES), value=tile, description="end tile",
                                   layout=W.Layout(width="170px"))}
    for name, control in controls.items():
        setattr(owner, name, control)
    _wire(owner, controls, [W.HBox(list(controls.values()))])


def _players_toggle(players: int):
    import ipywidgets as W

    return W.ToggleButtons(options=list(PLAYER_COUNTS), value=players, description="players",
                           style={"button_width": "48px"})


def _wire(owner, controls: dict, rows: list) -> None:
    """Finish a widget: ``owner.summary`` (an HTML line), ``owner.output`` running
    ``owner._update(**values)`` on every change of ``controls`` (and once now), and
    ``owner.widget`` showing ``rows``, the summary and the output."""
    import ipywidgets as W

    owner.summary = W.HTML()
    owner.output = W.interactive_output(owner._update, controls)
    owner.widget = W.VBox([*rows, owner.summary, owner.output])


class AssassinsExplorer:
    """Notebook 03: assassins collected, fakirs added and an end tile in; the reach map out."""

    def __init__(self, assassins: int = 1, fakirs: int = 0, tile: str = "C3"):
        self.result: dict | None = None
        self.updates = 0
        _tribe_controls(self, "assassins", assassins, fakirs, tile)

    def _update(self, assassins, fakirs, tile):
        self.updates += 1
        reach = assassins + fakirs
        t = TILE_INDEX[tile]
        tiles = sorted(TILE_NAMES[u] for u in range(NTILES) if distance(t, u) <= reach)
        self.result = {"reach": reach, "tile": tile, "tiles": tiles}
        self.summary.value = (f"<b>reach {reach}</b> ({assassins} assassins + {fakirs} fakirs): from {tile} the "
                              f"Assassins can strike a meeple on {len(tiles)} of {NTILES} tiles, or a Vizier/Elder "
                              "held by any opponent (range does not matter for those)")
        _show(reach_figure_assassins(reach, tile))


class MerchantsExplorer:
    """Notebook 03: Merchants collected in; the exact distribution of what the cards are worth."""

    def __init__(self, exact: pd.DataFrame, sim: pd.DataFrame, provenance: str, merchants: int = 3):
        import ipywidgets as W

        self.exact, self.sim, self.provenance = exact, sim, provenance
        self.result: dict | None = None
        self.updates = 0
        self.merchants = W.IntSlider(value=merchants, min=1, max=9, description="merchants")
        _wire(self, {"n": self.merchants}, [self.merchants])

    def _update(self, n):
        self.updates += 1
        dist = merchant_draw(n)
        ev = sum(p * v for (v, _), p in dist.items())
        ef = sum(p * f for (_, f), p in dist.items())
        self.result = {"merchants": n, "expected_value": ev, "expected_fakirs": ef, "distribution": dist}
        self.summary.value = (f"<b>{n} merchants</b>: expected set value {float(ev):.3f} (exactly {ev}); "
                              f"expected fakirs {float(ef):.3f} (exactly {ef})")
        _show(merchant_figure(self.exact, self.sim, self.provenance, n))


class VizierExplorer:
    """Notebook 03: Viziers per player in; each player's Vizier points out (1 each + 10 per
    opponent with strictly fewer)."""

    def __init__(self, players: int = 3, viziers=(4, 2, 2, 0)):
        import ipywidgets as W

        self.result: pd.DataFrame | None = None
        self.updates = 0
        self.players = _players_toggle(players)
        self.viziers = [W.BoundedIntText(value=v, min=0, max=16, description=f"P{p} viziers",
                                         layout=W.Layout(width="150px")) for p, v in enumerate(viziers)]
        _wire(self, {"players": self.players, **{f"v{p}": w for p, w in enumerate(self.viziers)}},
              [self.players, W.HBox(self.viziers)])

    def _update(self, players, **v):
        self.updates += 1
        for p, w in enumerate(self.viziers):
            w.disabled = p >= players
        counts = [v[f"v{p}"] for p in range(players)]
        if sum(counts) > 16:
            self.result = None
            self.summary.value = refusal_html(f"the box has 16 Viziers; got {sum(counts)}")
            return
        self.result = vizier_table(players, counts)
        best = self.result.loc[self.result["points"].idxmax()]
        self.summary.value = f"most Vizier points: {best['player']} with {best['points']}"
        _show(self.result)


def outcome_view(table: pd.DataFrame, setting: str, players: int, provenance: str):
    """Notebook 05 widget: one setting at one player count -> (category means per policy,
    figure of the final-score distribution per policy)."""
    group = table[(table["setting"] == setting) & (table["players"] == players)]
    if group.empty:
        raise ValueError(f"no simulated games for setting {setting!r} at {players} players")
    means = category_means(group, by=("policy",))
    fig = Figure(figsize=(8, 4.2))
    ax = fig.subplots()
    policies = list(dict.fromkeys(group["policy"]))
    bins = np.linspace(group["total"].min() - 0.5, group["total"].max() + 0.5, 25)
    for k, policy in enumerate(policies):
        totals = group.loc[group["policy"] == policy, "total"]
        ax.hist(totals, bins=bins, alpha=0.6, color=plotting.PALETTE[k],
                label=f"{policy} (mean {totals.mean():.0f}, n = {len(totals)})")
    ax.set_xlabel("final score (VP)")
    ax.set_ylabel("players (count)")
    ax.set_title(f"Final scores: {setting}, {players} players")
    ax.legend(fontsize=8)
    return means, _stamp(fig, provenance)


class OutcomeExplorer:
    """Notebook 05: choose a setting and a player count among the simulated games; the category
    means per policy and the score distribution follow. ``result`` holds the latest means."""

    def __init__(self, table: pd.DataFrame, provenance: str, setting: str | None = None, players: int = 3):
        import ipywidgets as W

        self.table = table
        self.provenance = provenance
        self.result: pd.DataFrame | None = None
        self.figure: Figure | None = None
        self.updates = 0
        settings = list(dict.fromkeys(table["setting"]))
        self.setting = W.Dropdown(options=settings, value=setting or settings[0], description="setting",
                                  layout=W.Layout(width="320px"))
        self.players = W.ToggleButtons(options=sorted(table["players"].unique().tolist()), value=players,
                                       description="players", style={"button_width": "48px"})
        self.summary = W.HTML()
        self.output = W.interactive_output(self._update, {"setting": self.setting, "players": self.players})
        self.widget = W.VBox([W.HBox([self.setting, self.players]), self.summary, self.output])

    def _update(self, setting, players):
        self.updates += 1
        self.result, self.figure = outcome_view(self.table, setting, players, self.provenance)
        best = self.result.sort_values("total", ascending=False).iloc[0]
        self.summary.value = (f"<b>{setting}, {players} players</b>: highest mean total {best['total']:.0f} VP "
                              f"({best['policy']}), from {int(self.result['n'].sum())} player results.")
        _show(self.result[["policy", "n", *CATEGORIES, "total"]], self.figure)

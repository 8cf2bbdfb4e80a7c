"""Notebook 01, *dice cost versus lantern*: one position, every legal pick, its coins and
its lantern; the exact odds over freshly rolled bridges and their Monte Carlo twins.

The rules used (seed, in our words):

* each colour's bridge holds players + 1 dice, laid low (left) to high (right); only an end die
  can be taken, and the die beside it becomes the new end;
* a placed die below the space's value pays the difference in coins, above earns it; at 3-4
  players a second die on a main-board space compares with the die already there;
* taking the left die also gives the lantern rewards (every icon in your lantern area, once),
  after the coins are settled; a die you cannot pay for cannot be placed.

Assumptions (not rules), named wherever they change a number: what a lantern icon is worth in
coins (:data:`~boardlab.whitecastle.lessons.common.DEFAULT_ICON_WORTH`, adjustable); a bridge's
last die counts as its left end (the engine's ``lone_die_is_left=True``).

Widget: :class:`PickExplorer` (``live_output`` (core: ``interactive_output`` without an Output widget) over :func:`explore_picks`); its
callback can be driven in plain pytest by setting ``widget.value``.
"""

from __future__ import annotations

import contextlib
import io
import math
import random
import re
import statistics
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core.liveview import live_output
from boardlab.core import glossary, plotting, stats, tables
from boardlab.core.widgets import refusal_html
from boardlab.whitecastle import odds
from boardlab.whitecastle.dice import COLOURS, coin_change, dice_per_bridge, roll_bridge
from boardlab.whitecastle.odds import ENDS, PLAYER_COUNTS
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.positions import load, take_actions
from boardlab.whitecastle.rules import lantern_icon
from boardlab.whitecastle.lessons.common import T, LANTERN_ICONS, ICON_NAMES, DEFAULT_ICON_WORTH, DEFAULT_LANTERN, LEFT_COLOUR, RIGHT_COLOUR, TIE_COLOUR, widget_rc, signed, check_players, stamp_figure, game_provenance, exact_note, svg_img_html, figure_svg, mc_row

LANTERN_FILL = "#F7D9A0"  # a light tint of the left-end orange: the lantern part of a left pick


COINS_COLOUR = plotting.PALETTE[4]  # sky blue: the coins part of a pick


# Space values a die is compared with (seed): printed value -> short label for sliders.
SLIDER_SPACES = {1: "1 · Well", 3: "3 · floor 1", 4: "4 · floor 2", 5: "5 · outside", 6: "6 · domain"}


_DICE_TEXT = re.compile(r"^[\s,;]*([1-6][\s,;]*)*$")


def parse_bridge(text: str, *, max_dice: int = odds.MAX_BRIDGE) -> tuple[int, ...]:
    """Dice of one bridge from text such as ``"1 3 5"``, ``"1,3,5"`` or ``"135"``, laid low to
    high (seed: a bridge is always sorted). An empty text is an empty bridge."""
    if not isinstance(text, str):
        raise ValueError(T("a bridge is written as text such as '1 3 5'; got {text}", text=repr(text)))
    if not _DICE_TEXT.match(text):
        raise ValueError(T("a bridge is written as pips 1 to 6, e.g. '1 3 5'; got {text}", text=repr(text)))
    dice = tuple(sorted(int(ch) for ch in text if ch.isdigit()))
    if len(dice) > max_dice:
        raise ValueError(T("a bridge holds at most {n} dice here (players + 1); got {got} in {text}",
                           n=max_dice, got=len(dice), text=repr(text)))
    return dice


def bridge_text(dice) -> str:
    return " ".join(str(d) for d in dice)


def roll_fresh_bridges(players: int, seed: int) -> dict[str, tuple[int, ...]]:
    """Three bridges of players + 1 dice each, rolled with the engine's own ``roll_bridge``."""
    check_players(players)
    rng = random.Random(seed)
    return {colour: tuple(roll_bridge(rng, dice_per_bridge(players))) for colour in COLOURS}


def icon_list(counts: dict) -> list[str]:
    """``{"pearl": 1, "coin": 2}`` -> ``["pearl", "coin", "coin"]`` (icons in widget order)."""
    unknown = set(counts) - set(LANTERN_ICONS)
    if unknown:
        raise ValueError(f"unknown lantern icon(s) {sorted(unknown)}; expected some of {list(LANTERN_ICONS)}")
    icons = []
    for icon in LANTERN_ICONS:
        k = counts.get(icon, 0)
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise ValueError(f"the number of {icon} icons must be a whole number >= 0; got {k!r}")
        icons += [icon] * k
    return icons


def lantern_text(icons) -> str:
    """``["pearl", "coin"]`` -> ``"1 mother-of-pearl, 1 coin"`` (empty lantern: ``"nothing"``)."""
    counts = {icon: list(icons).count(icon) for icon in LANTERN_ICONS if icon in icons}
    return ", ".join(f"{k} {ICON_NAMES[icon]}" for icon, k in counts.items()) or "nothing"


def pick_table(bridges: dict, space: int, *, stacked_on: int | None = None, lantern=(),
               icon_worth: dict | None = None, coins: int | None = None,
               lone_die_is_left: bool = True) -> pd.DataFrame:
    """Every pick the bridges offer (left and right end of each bridge) placed on ``space``.

    ``bridges`` maps colour -> dice (any order; a bridge is laid low to high). ``space`` is the
    printed value (1 Well, 3 floor 1, 4 floor 2, 5 outside the walls, 6 personal domain) and
    ``stacked_on`` the die already there (3-4 players). ``lantern`` lists the icons in the lantern
    area, valued with ``icon_worth`` (default :data:`DEFAULT_ICON_WORTH`, an assumption). With
    ``coins`` given, a pick you cannot pay for is marked not placeable (seed: coins are paid first).

    One row per pick: ``pick`` (engine notation), ``bridge``, ``end``, ``die``, ``coins`` (coin
    change: + earned, - paid), ``lantern`` (what the lantern gives, text), ``lantern_worth``,
    ``value`` (coins + lantern worth), ``placeable`` and ``best``. The picks are the engine's legal
    take actions for these bridges (:func:`~boardlab.whitecastle.positions.take_actions`): a
    bridge's last die is one pick, at the end the engine's option ``lone_die_is_left`` says (left
    by default, an assumption).
    """
    worth = odds.lantern_contents_worth(list(lantern), icon_worth)
    reference = odds.reference_value(space, stacked_on)
    if coins is not None and (not isinstance(coins, int) or isinstance(coins, bool) or coins < 0):
        raise ValueError(f"coins must be a whole number >= 0 (or None for no limit); got {coins!r}")
    if set(bridges) - set(COLOURS):
        raise ValueError(f"bridges are named {list(COLOURS)}; got {sorted(bridges)}")
    takes = take_actions(bridges, lone_die_is_left=lone_die_is_left) if any(bridges.values()) else ()
    rows = []
    for action in sorted(takes, key=lambda a: (COLOURS.index(a.x), a.m)):  # bridge by bridge, left first
        end = "left" if action.m == 0 else "right"
        change = coin_change(action.n, reference)
        gets_lantern = end == "left"
        rows.append({
            "pick": str(action), "bridge": action.x, "end": end, "die": action.n, "coins": change,
            "lantern": lantern_text(lantern) if gets_lantern else "",
            "lantern_worth": float(worth) if gets_lantern else 0.0,
            "value": float(change + (worth if gets_lantern else 0)),
            "placeable": coins is None or change >= -coins,
        })
    table = pd.DataFrame(rows, columns=["pick", "bridge", "end", "die", "coins", "lantern", "lantern_worth",
                                        "value", "placeable"])
    placeable = table[table["placeable"]]
    best = placeable["value"].max() if len(placeable) else None
    table["best"] = table["placeable"] & (table["value"] == best)
    table.attrs.update(reference=reference, lantern_worth=worth, space=space, stacked_on=stacked_on)
    return table


def display_table(table: pd.DataFrame) -> pd.DataFrame:
    """The pick table as a reader sees it, in the current language: signed coins, yes/no, the
    best pick starred."""
    shown = tables.in_language(pd.DataFrame({
        "pick": table["pick"],
        "coins": [signed(c) for c in table["coins"]],
        "lantern gives": [t or "—" for t in table["lantern"]],
        "lantern worth": [signed(Fraction(w).limit_denominator(100)) if e == "left" else "—"
                          for w, e in zip(table["lantern_worth"], table["end"])],
        "value (coins)": [signed(Fraction(v).limit_denominator(100)) for v in table["value"]],
        "can place": ["yes" if p else "no: too few coins" for p in table["placeable"]],
    }), "whitecastle")
    shown.iloc[:, 0] = [("★ " if b else "") + p for p, b in zip(shown.iloc[:, 0], table["best"])]
    return shown


@lru_cache(maxsize=512)
def _better_curve(n: int, space: int, stacked_on, coins, max_worth: int) -> tuple:
    rows = []
    for w in range(max_worth + 1):
        d = odds.better_pick_distribution(n, space, stacked_on=stacked_on, lantern_worth=w, coins=coins)
        rows.append((w, d["left"], d["equal"], d["right"], d["neither"]))
    return tuple(rows)


def better_by_worth(players: int, space: int = 3, *, stacked_on: int | None = None,
                    coins: int | None = None, max_worth: int = 7) -> pd.DataFrame:
    """How often each end of a freshly rolled bridge is the better pick, for lantern worths
    0..``max_worth`` coins (exact; seed: left = coins + lantern, right = coins; a die you cannot
    pay for cannot be placed). Columns: lantern_worth, left, equal, right, neither (floats),
    plus the same as exact fractions in ``*_exact``."""
    n = dice_per_bridge(check_players(players))
    odds.reference_value(space, stacked_on)  # a clear error before anything else
    rows = []
    for w, left, equal, right, neither in _better_curve(n, space, stacked_on, coins, max_worth):
        rows.append({"lantern_worth": w, "left": float(left), "equal": float(equal), "right": float(right),
                     "neither": float(neither), "left_exact": left, "equal_exact": equal,
                     "right_exact": right, "neither_exact": neither})
    return pd.DataFrame(rows)


MAX_PICKS = 2 * len(COLOURS)


class PickFigure:
    """Notebook 01's figure. Left: this position, each pick's coins and lantern worth and their
    sum. Right: over freshly rolled bridges at this player count and space, how often each end is
    the better pick, by lantern worth, with this lantern's worth marked.

    The figure is built once and :meth:`update` redraws it in place: a widget then only moves
    artists instead of rebuilding axes (half the time of an update). ``pick_figure`` is the
    one-shot form.
    """

    def __init__(self):
        import matplotlib

        with matplotlib.rc_context(widget_rc()):
            self._build()
        self.table: pd.DataFrame | None = None
        self.curve: pd.DataFrame | None = None

    def _build(self):
        fig = self.figure = Figure(figsize=(10, 5.0))
        ax, ax2 = self.ax, self.ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.15, 1]})
        fig.subplots_adjust(left=0.17, right=0.98, top=0.9, bottom=0.3, wspace=0.3)
        slots = list(range(MAX_PICKS))[::-1]  # slot 0 at the top
        self._y = slots
        self.coins_bars = ax.barh([y + 0.18 for y in slots], [0] * MAX_PICKS, height=0.34, color=COINS_COLOUR,
                                  edgecolor="black", linewidth=0.6, label=T("coins paid (−) or earned (+)"))
        self.lantern_bars = ax.barh([y - 0.18 for y in slots], [0] * MAX_PICKS, height=0.34, color=LANTERN_FILL,
                                    edgecolor=LEFT_COLOUR, linewidth=1.0, label=T("lantern rewards (assumed worth)"))
        self.values = ax.scatter([0] * MAX_PICKS, slots, marker="D", color="black", zorder=3, s=24,
                                 label=T("value = coins + lantern"))
        ax.axvline(0, color="black", linewidth=0.8)
        ax.grid(axis="y", visible=False)  # one row per pick: the tick labels are enough
        ax.set_yticks(slots, [""] * MAX_PICKS)
        ax.set_xlabel(T("coins (− paid, + earned)"))
        ax.legend(loc="upper center", bbox_to_anchor=(0.45, -0.14), fontsize=8.5, ncols=2, frameon=False)

        self.layers = {}
        for key, colour, label in (("left", LEFT_COLOUR, T("left (low) die better")), ("equal", TIE_COLOUR, T("equal")),
                                   ("right", RIGHT_COLOUR, T("right (high) die better")),
                                   ("neither", "white", T("neither affordable (coins)"))):
            # one stacked step patch per outcome: a few artists instead of dozens of bars
            fill = ax2.stairs([0], [0, 1], baseline=[0], fill=True, color=colour, label=label,
                              hatch="xx" if key == "neither" else None)
            edge = ax2.stairs([0], [0, 1], baseline=None, color="black", linewidth=0.6)
            self.layers[key] = (fill, edge)
        self.worth_line = ax2.axvline(0, color="black", linestyle="--", linewidth=1.5, label=T("your lantern"))
        ax2.grid(False)  # the stacked shares fill the panel: grid lines would only cost drawing time
        ax2.set_ylim(0, 1)
        ax2.set_xticks(range(0, 8))
        ax2.set_xlabel(T("lantern worth (coins)"))
        ax2.set_ylabel(T("share of fresh bridges"))
        self.legend2 = ax2.legend(loc="upper center", bbox_to_anchor=(0.42, -0.14), fontsize=8.5, ncols=2,
                                  frameon=False)
        # the provenance line (as plotting.stamp, a little higher: widget images are not cropped)
        self.stamp = fig.text(0.01, 0.012, "", fontsize=plotting.STAMP_SIZE - 0.5, color=plotting.STAMP_COLOUR,
                              ha="left", va="bottom", linespacing=1.2,
                              fontfamily=widget_rc()["font.family"])

    def update(self, table: pd.DataFrame, players: int, *, coins: int | None = None,
               icon_worth: dict | None = None) -> Figure:
        """Redraw for a :func:`pick_table` result at ``players`` players (``coins`` held)."""
        if len(table) > MAX_PICKS:
            raise ValueError(f"at most {MAX_PICKS} picks (two per bridge); got {len(table)}")
        self.table = table
        space, stacked_on = table.attrs["space"], table.attrs["stacked_on"]
        worth = float(table.attrs["lantern_worth"])
        ax, ax2 = self.ax, self.ax2
        rows = table.to_dict("records")
        labels = []
        for i, y in enumerate(self._y):
            coin_bar, lantern_bar = self.coins_bars[i], self.lantern_bars[i]
            if i < len(rows):
                r = rows[i]
                coin_bar.set_width(r["coins"])
                lantern_bar.set_width(r["lantern_worth"])
                labels.append(("★ " if r["best"] else "") + f"{T(r['bridge'])} {T(r['end'])} {r['die']}"
                              + ("" if r["placeable"] else "\n" + T("(cannot pay)")))
            else:
                coin_bar.set_width(0)
                lantern_bar.set_width(0)
                labels.append("")
        self.values.set_offsets([(r["value"], y) for r, y in zip(rows, self._y)] or [(math.nan, math.nan)])
        ax.set_yticks(self._y, labels)
        ax.set_ylim(self._y[0] - len(rows) + 0.5, self._y[0] + 0.5)
        xs = [0.0] + [r["coins"] for r in rows] + [r["value"] for r in rows] + \
             [r["lantern_worth"] for r in rows]
        ax.set_xlim(min(xs) - 0.5, max(xs) + 0.5)
        ref = T("on a {k} already there", k=stacked_on) if stacked_on else T("on a space of value {space}", space=space)
        ax.set_title(T("This position: each pick {ref}", ref=ref), fontsize=11)

        curve = self.curve = better_by_worth(players, space, stacked_on=stacked_on, coins=coins)
        w = list(curve["lantern_worth"])
        edges = [x - 0.5 for x in w] + [w[-1] + 0.5]
        base = [0.0] * len(w)
        for key, (fill, edge) in self.layers.items():
            top = [b + v for b, v in zip(base, curve[key])]
            shown = key != "neither" or (coins is not None and max(curve[key]) > 0)
            fill.set_data(top, edges, base)
            edge.set_data(top, edges, None)
            fill.set_visible(shown)
            edge.set_visible(shown)
            base = top
        self.worth_line.set_xdata([worth, worth])
        self.legend2.texts[-1].set_text(T("your lantern: {worth} coins", worth=f"{worth:g}"))
        ax2.set_xlim(edges[0], max(edges[-1], worth + 0.5))
        n = dice_per_bridge(players)
        ax2.set_title(T("Fresh bridge, {players} players ({n} dice): the better pick", players=players, n=n), fontsize=11)
        worths = icon_worth or DEFAULT_ICON_WORTH
        self.stamp.set_text("\n".join(plotting.wrap_provenance(exact_note(
            players, coins=coins if coins is not None else T("any"),
            icon_worths=T("assumed {worths}", worths=",".join(f"{T(ICON_NAMES[k])} {float(v):g}" for k, v in worths.items()))),
            10 * 0.98, plotting.STAMP_SIZE - 0.5)))
        if glossary.language() == "ko":  # after the titles, which set_title puts back in place
            plotting.horizontal_y_labels(self.figure)
        return self.figure


def pick_figure(table: pd.DataFrame, players: int, *, coins: int | None = None,
                icon_worth: dict | None = None) -> Figure:
    """:class:`PickFigure` for one :func:`pick_table` result (a new figure)."""
    return PickFigure().update(table, players, coins=coins, icon_worth=icon_worth)


@dataclass
class PickResult:
    """What :func:`explore_picks` returns: the table, the figure and a one-paragraph summary."""

    table: pd.DataFrame
    figure: Figure
    summary: str  # HTML


def explore_picks(bridges: dict, space: int = 3, *, players: int = 3, stacked_on: int | None = None,
                  lantern=(), icon_worth: dict | None = None, coins: int | None = None,
                  redraw: PickFigure | None = None) -> PickResult:
    """Everything notebook 01's widget shows for one position (see :func:`pick_table`).

    ``redraw``: a :class:`PickFigure` to update in place instead of building a new figure."""
    check_players(players)
    if stacked_on is not None and players not in odds.STACKING_PLAYER_COUNTS:
        raise ValueError(T("dice are never stacked at {players} players (the rules: only at 3-4 players)", players=players))
    n = dice_per_bridge(players)
    for colour, dice in bridges.items():
        if len(dice) > n:
            raise ValueError(T("the {colour} bridge holds {got} dice; at {players} players a bridge starts with {n} (players + 1)",
                               colour=T(colour), got=len(dice), players=players, n=n))
    table = pick_table(bridges, space, stacked_on=stacked_on, lantern=lantern, icon_worth=icon_worth,
                       coins=coins)
    if table.empty:
        raise ValueError(T("every bridge is empty: enter some dice, e.g. '1 3 5'"))
    fig = (redraw or PickFigure()).update(table, players, coins=coins, icon_worth=icon_worth)
    return PickResult(table, fig, _pick_summary(table))


def _pick_summary(table: pd.DataFrame) -> str:
    worth = table.attrs["lantern_worth"]
    rows = table.to_dict("records")
    best = [r for r in rows if r["best"]]
    if not best:
        return T("<b>No pick can be placed here</b>: every die costs more coins than you hold.")
    picks = T(" or ").join(f"<b>{glossary.action_text('whitecastle', r['pick'])}</b>" for r in best)
    value = signed(Fraction(best[0]["value"]).limit_denominator(100))
    parts = [T("Best pick: {picks}, worth {value} coins (lantern valued at {worth} coins).", picks=picks,
               value=value, worth=signed(worth))]
    for colour in COLOURS:
        pair = [r for r in rows if r["bridge"] == colour]
        if len(pair) == 2:
            left, right = pair
            parts.append(T("{colour}: the low {low} beats the high {high} only if the lantern is worth more "
                           "than {gap} coins.", colour=T(colour), low=left["die"], high=right["die"],
                           gap=right["die"] - left["die"]))
    return " ".join(parts)


def seed_example(lantern=("pearl", "coin"), icon_worth: dict | None = None) -> odds.PickComparison:
    """The seed's example: one bridge with ends 1 and 5, a space of value 3."""
    return odds.compare_picks((1, 5), 3, lantern=list(lantern), icon_worth=icon_worth)


#: Castle floor 1 room A in the engine example: steward 12 (top block: +2 mother-of-pearl) with
#: die tiles coral / white / black, so a coral die fires only the top block.
EXAMPLE_ROOM = ("steward:12", ["coral", "white", "black"])


def example_position(players: int = 3, *, bridges: dict, coins: int = 5, lantern_cards=(), seed: int = 1) -> dict:
    """The seed's example as a real position (JSON form), built from what it is about
    (``Game.build_position``; the rest is game ``seed``'s teaching position): player 0 holding
    ``coins`` coins and ``lantern_cards`` (card ids such as ``"resource:1"``, ``"decree:coin"``)
    in the lantern area, the given ``bridges`` (a colour left out is empty), and
    :data:`EXAMPLE_ROOM` in castle floor 1 room A."""
    card, tiles = EXAMPLE_ROOM
    built = Game(players=players).build_position(
        {"goods": {0: {"coin": coins}}, "lantern": {0: list(lantern_cards)}, "rooms": {0: {"card": card, "tiles": tiles}},
         "bridges": {c: list(bridges.get(c, ())) for c in COLOURS}}, seed=seed)
    return built.position


def example_state(players: int = 3, coins: int = 5, lantern_cards=("resource:1", "decree:coin")):
    """The position :func:`engine_seed_example` plays, as a state (for its board picture)."""
    return load(example_position(players, bridges=ENGINE_EXAMPLE_BRIDGES, coins=coins, lantern_cards=lantern_cards))


#: The bridges of the engine example: the seed's coral 1 3 5, and two more.
ENGINE_EXAMPLE_BRIDGES = {"coral": (1, 3, 5), "black": (2, 4, 6), "white": (2, 3, 4)}


def engine_seed_example(players: int = 3, coins: int = 5,
                        lantern_cards=("resource:1", "decree:coin")) -> pd.DataFrame:
    """Play the seed's example in the engine: a coral bridge 1 3 5, castle floor 1 room A (value 3).

    For each end: take the die, place it in room A, and report what the engine changed. The
    default lantern holds starting resource card 1 (back: 1 mother-of-pearl) and the coin Decree.
    Columns: pick, coins_before, coins_after, coin_change (all of it), pearl_change, and the
    odds module's split: placement (die - 3), lantern_coins, room_pearls (the room's block: +2).
    """
    position = example_position(players, bridges=ENGINE_EXAMPLE_BRIDGES, coins=coins, lantern_cards=lantern_cards)
    rows = []
    for end, pips in (("left", 1), ("right", 5)):
        state = load(position)
        before = dict(state.players[0].goods)
        take = f"take coral {pips} ({end} end)"
        state.apply(take)
        state.apply("place on castle floor 1 room A")
        after = state.players[0].goods
        lantern = [lantern_icon(c) for c in lantern_cards] if end == "left" else []
        rows.append({
            "pick": take, "coins_before": before["coin"], "coins_after": after["coin"],
            "coin_change": after["coin"] - before["coin"], "pearl_change": after["pearl"] - before["pearl"],
            "placement": odds.pick_coin_change((1, 3, 5), end, 3),
            "lantern_coins": sum(n for effects in lantern for kind, n in effects if kind == "coin"),
            "lantern_pearls": sum(n for effects in lantern for kind, n in effects if kind == "pearl"),
            "room_pearls": 2,
        })
    return pd.DataFrame(rows)


def _fresh_coin_changes(space: int, stacked_on: int | None):
    """(players, dice per bridge, end, exact coin-change distribution) of the left and the right
    die of a freshly rolled full bridge placed on ``space``, for every player count at which
    the placement can happen (stacking only at 3-4 players)."""
    for players in PLAYER_COUNTS:
        if stacked_on is not None and players not in odds.STACKING_PLAYER_COUNTS:
            continue
        n = dice_per_bridge(players)
        for end in ENDS:
            yield players, n, end, odds.coin_change_distribution(n, end, space, stacked_on=stacked_on)


def coin_change_by_players(space: int = 3, *, stacked_on: int | None = None) -> pd.DataFrame:
    """Exact coin change of the left and the right die of a freshly rolled full bridge
    (players + 1 dice) placed on ``space``, at 2, 3 and 4 players. Tidy: players, n, end,
    coin_change, probability (Fraction), p (float)."""
    rows = [{"players": players, "n": n, "end": end, "coin_change": change, "probability": p, "p": float(p)}
            for players, n, end, dist in _fresh_coin_changes(space, stacked_on) for change, p in dist.items()]
    return pd.DataFrame(rows)


def coin_change_summary(space: int = 3, *, stacked_on: int | None = None) -> pd.DataFrame:
    """Per player count and end: expected coin change, P(pay), P(earn), P(nothing), exact."""
    rows = [{"players": players, "dice": n, "end": end, "expected": odds.mean(dist),
             "p_pay": sum((p for c, p in dist.items() if c < 0), Fraction(0)),
             "p_nothing": dist.get(0, Fraction(0)),
             "p_earn": sum((p for c, p in dist.items() if c > 0), Fraction(0))}
            for players, n, end, dist in _fresh_coin_changes(space, stacked_on)]
    return pd.DataFrame(rows)


def coin_change_figure(space: int = 3) -> Figure:
    """Exact coin change, left die versus right die, one panel per player count."""
    data = coin_change_by_players(space)
    fig = Figure(figsize=(11, 4))
    axes = fig.subplots(1, 3, sharey=True)
    changes = sorted(data["coin_change"].unique())
    for ax, players in zip(axes, PLAYER_COUNTS):
        part = data[data["players"] == players]
        for k, (end, colour, hatch) in enumerate((("left", LEFT_COLOUR, "///"), ("right", RIGHT_COLOUR, ""))):
            sub = part[part["end"] == end].set_index("coin_change")["p"].reindex(changes, fill_value=0)
            ax.bar([c + (k - 0.5) * 0.4 for c in changes], sub.values, width=0.4, color=colour,
                   edgecolor="black", linewidth=0.5, hatch=hatch, label=T("left die (+ lantern)") if end == "left" else T("right die"))
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xticks(changes, [signed(c) for c in changes])
        ax.set_title(T("{players} players ({n} dice per bridge)", players=players, n=dice_per_bridge(players)), fontsize=11)
        ax.set_xlabel(T("coins (− paid, + earned)"))
    axes[0].set_ylabel(T("probability"))
    axes[0].legend(loc="upper center", fontsize=8)
    fig.suptitle(T("Coins for the end dice of a fresh bridge placed on a space of value {space}", space=space), fontsize=13)
    fig.subplots_adjust(top=0.8, wspace=0.08)
    return stamp_figure(fig, exact_note(PLAYER_COUNTS, space=space))


def break_even_summary() -> pd.DataFrame:
    """Break-even lantern worth (right die - left die) of a fresh full bridge: its distribution,
    per player count, with the chance that the left die is strictly better for integer worths.
    Columns: players, n, worth, p_break_even (P(break-even = worth): the two ends tie at that
    lantern worth), p_left_better (P(break-even < worth)), plus exact Fractions in ``*_exact``."""
    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        dist = odds.break_even_distribution(n)
        for worth in range(0, 7):
            below = sum((p for k, p in dist.items() if k < worth), Fraction(0))
            rows.append({"players": players, "n": n, "worth": worth,
                         "p_break_even": float(dist.get(worth, 0)), "p_left_better": float(below),
                         "p_break_even_exact": dist.get(worth, Fraction(0)), "p_left_better_exact": below})
    return pd.DataFrame(rows)


def break_even_figure(lantern_worth=2) -> Figure:
    """Left: distribution of the break-even lantern worth of a fresh bridge (2/3/4 players).
    Right: chance the left die is strictly the better pick, as a function of the lantern's worth."""
    table = break_even_summary()
    fig = Figure(figsize=(11, 4.3))
    ax, ax2 = fig.subplots(1, 2)
    markers = {2: "o", 3: "s", 4: "^"}
    styles = {2: ":", 3: "--", 4: "-"}
    for k, players in enumerate(PLAYER_COUNTS):
        part = table[table["players"] == players]
        colour = plotting.PALETTE[[2, 3, 5][k]]
        ax.bar(part["worth"] + (k - 1) * 0.27, part["p_break_even"], width=0.27, color=colour,
               edgecolor="black", linewidth=0.5, hatch=["", "//", ".."][k],
               label=T("{players} players ({n} dice)", players=players, n=dice_per_bridge(players)))
        # P(left better) is a step function of the worth: it jumps just above each integer
        xs, ys = [0.0], [0.0]
        for worth, p in zip(part["worth"], part["p_left_better"]):
            xs += [worth, worth]
            ys += [ys[-1], p]
        xs.append(7.0)
        ys.append(1.0 if xs[-2] >= 6 else ys[-1])
        ax2.plot(xs, ys, color=colour, linestyle=styles[players], linewidth=2,
                 label=T("{players} players", players=players))
        ax2.plot(part["worth"], part["p_left_better"], linestyle="none", marker=markers[players],
                 color=colour, markersize=4)
    ax.set_xticks(range(7))
    ax.set_xlabel(T("break-even lantern worth = high die − low die (coins)"))
    ax.set_ylabel(T("probability"))
    ax.set_title(T("Break-even lantern worth of a fresh bridge"), fontsize=11)
    ax.legend(fontsize=8)
    ax2.axvline(float(lantern_worth), color="black", linestyle="--", linewidth=1)
    ax2.annotate(T("lantern worth {worth}", worth=f"{float(lantern_worth):g}"), (float(lantern_worth), 0.98), xytext=(4, 0),
                 textcoords="offset points", va="top", fontsize=8)
    ax2.set_ylim(0, 1.02)
    ax2.set_xlim(0, 7)
    ax2.set_xlabel(T("lantern worth (coins)"))
    ax2.set_ylabel(T("P(left die strictly better)"))
    ax2.set_title(T("How often the low die is the better pick"), fontsize=11)
    ax2.legend(fontsize=8, loc="lower right")
    fig.subplots_adjust(wspace=0.28, top=0.88)
    return stamp_figure(fig, exact_note(PLAYER_COUNTS, "any space, no coin limit"))


def monte_carlo_check(space: int = 3, lantern_worth=2, rolls: int = 20_000, seed: int = 1) -> pd.DataFrame:
    """Roll ``rolls`` fresh bridges per player count with the engine's ``roll_bridge`` and set
    the simulated answer next to the exact one: mean coin change of each end, and how often the
    left die is better / equal / worse at ``lantern_worth``. Columns: players, quantity, exact,
    simulated, se (standard error: of the sample mean, or of a share at the exact p), z
    ((simulated - exact) / se), n."""
    worth = Fraction(lantern_worth)
    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        rng = random.Random(f"{seed}-{players}")
        lefts, rights, outcome = [], [], {"left": 0, "equal": 0, "right": 0}
        for _ in range(rolls):
            dice = roll_bridge(rng, n)
            left, right = coin_change(dice[0], space), coin_change(dice[-1], space)
            lefts.append(left)
            rights.append(right)
            value_left = left + worth
            outcome["left" if value_left > right else "right" if value_left < right else "equal"] += 1
        for end, values in (("left", lefts), ("right", rights)):
            m, se = stats.mean_se(values)
            exact = odds.expected_coin_change(n, end, space)
            rows.append(mc_row(players, f"mean coins, {end} die", exact, m, se, rolls))
        better = odds.better_pick_distribution(n, space, lantern_worth=worth)
        for key in ("left", "equal", "right"):
            share = outcome[key] / rolls
            se = stats.proportion_se(float(better[key]), rolls)  # at the exact p, as the odds tests do
            rows.append(mc_row(players, f"P({key} better)" if key != "equal" else "P(equal)", better[key], share,
                                se, rolls))
    return pd.DataFrame(rows)


def break_even_monte_carlo(rolls: int = 20_000, seed: int = 1) -> pd.DataFrame:
    """The break-even lantern worth (high die - low die) of ``rolls`` bridges per player count
    rolled with the engine's ``roll_bridge``, next to the exact distribution. Columns: players,
    worth, exact, simulated (share of rolls), se (standard error of that share), z, n."""
    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        rng = random.Random(f"break-even-{seed}-{players}")
        counts = [0] * 6
        for _ in range(rolls):
            dice = roll_bridge(rng, n)
            counts[dice[-1] - dice[0]] += 1
        exact = odds.break_even_distribution(n)
        for worth in range(6):
            share = counts[worth] / rolls
            p = exact.get(worth, Fraction(0))
            # the standard error of a share, taken at the exact p (defined even for a share of 0)
            row = mc_row(players, f"break-even {worth}", p, share, stats.proportion_se(float(p), rolls), rolls)
            rows.append({"worth": worth, **row})
    return pd.DataFrame(rows)[["players", "worth", "exact", "exact_fraction", "simulated", "se", "z", "n"]]


def break_even_mc_figure(check: pd.DataFrame, *, seed: int) -> Figure:
    """Exact break-even distribution (bars) against the simulated one (points, ±2 standard
    errors), one panel per player count."""
    fig = Figure(figsize=(11, 3.9))
    axes = fig.subplots(1, 3, sharey=True)
    for ax, players in zip(axes, PLAYER_COUNTS):
        part = check[check["players"] == players]
        ax.bar(part["worth"], part["exact"], color=plotting.PALETTE[4], edgecolor="black", linewidth=0.5,
               label=T("exact"))
        ax.errorbar(part["worth"], part["simulated"], yerr=2 * part["se"], fmt="o", color="black", markersize=4,
                    capsize=3, label=T("simulated ±2 SE"))
        ax.set_xticks(range(6))
        ax.set_xlabel(T("high die − low die (coins)"))
        ax.set_title(T("{players} players ({n} dice)", players=players, n=dice_per_bridge(players)), fontsize=11)
    axes[0].set_ylabel(T("probability"))
    axes[0].legend(fontsize=8, loc="upper left")
    rolls = int(check["n"].iloc[0])
    fig.suptitle(T("Break-even lantern worth: exact against bridges rolled with the engine's dice"), fontsize=12.5)
    fig.subplots_adjust(top=0.8, wspace=0.08, bottom=0.2)
    return stamp_figure(fig, game_provenance(PLAYER_COUNTS, seed=seed, note=T("engine's roll_bridge; {rolls} bridges per "
                                                                       "player count; bars exact", rolls=rolls)))


class PickExplorer:
    """Notebook 01's widget: bridges, space, coins and lantern in; the pick table, the figure and
    a summary out. ``widget`` is the box to display; ``result`` the latest :class:`PickResult`
    (or None after an input error, whose message is then in ``summary.value``); ``svg`` the
    picture last shown; ``updates`` counts the callback's runs."""

    def __init__(self, players: int = 3, bridges: dict | None = None, space: int = 3,
                 lantern: dict | None = None, icon_worth: dict | None = None, coins: int = 5,
                 seed: int = 1):
        import ipywidgets as W

        bridges = bridges or {"coral": (1, 3, 5), "black": (2, 2, 6), "white": (1, 4, 4)}
        lantern = DEFAULT_LANTERN if lantern is None else lantern
        worths = {**DEFAULT_ICON_WORTH, **(icon_worth or {})}
        self._seed = seed
        self.result: PickResult | None = None
        self.svg: str = ""
        self.updates = 0
        self.picture = PickFigure()
        narrow = W.Layout(width="150px")
        self.players = W.ToggleButtons(options=list(PLAYER_COUNTS), value=players, description=T("players"),
                                       style={"button_width": "48px"})
        self.bridges = {c: W.Text(value=bridge_text(bridges.get(c, ())), description=T(c), placeholder=T("e.g. 1 3 5"),
                                  continuous_update=False, layout=narrow, style={"description_width": "40px"})
                        for c in COLOURS}
        self.roll = W.Button(description=T("roll fresh bridges"), icon="refresh",
                             tooltip=T("roll players + 1 dice per colour with the engine's dice"))
        self.roll.on_click(self._roll)
        self.space = W.SelectionSlider(options=[(T(label), v) for v, label in SLIDER_SPACES.items()], value=space,
                                       description=T("space value"), continuous_update=False,
                                       layout=W.Layout(width="360px"), style={"description_width": "initial"})
        self.stacked = W.Dropdown(options=[(T("no (printed value)"), 0)] + [(T("yes, on a {k}", k=k), k) for k in range(1, 7)],
                                  value=0, description=T("stacked?"), layout=W.Layout(width="220px"))
        self.coins = W.BoundedIntText(value=coins, min=0, max=99, description=T("coins held"),
                                      layout=W.Layout(width="160px"))
        self.counts = {i: W.BoundedIntText(value=lantern.get(i, 0), min=0, max=9, layout=W.Layout(width="64px"))
                       for i in LANTERN_ICONS}
        self.worths = {i: W.BoundedFloatText(value=worths[i], min=0, max=20, step=0.5,
                                             layout=W.Layout(width="64px")) for i in LANTERN_ICONS}
        self.summary = W.HTML()
        controls = {"players": self.players, "space": self.space, "stacked": self.stacked, "coins": self.coins,
                    **{f"bridge_{c}": w for c, w in self.bridges.items()},
                    **{f"count_{i}": w for i, w in self.counts.items()},
                    **{f"worth_{i}": w for i, w in self.worths.items()}}
        self.output = live_output(self._update, controls)
        self.output.add_class("boardlab-live")  # the picture: an HTML widget, never an Output (see liveview)
        lantern_grid = W.GridBox(
            [W.HTML(f"<b>{T('lantern')}</b>")] + [W.HTML(T(ICON_NAMES[i])) for i in LANTERN_ICONS]
            + [W.HTML(T("icons"))] + list(self.counts.values())
            + [W.HTML(T("worth (coins, assumed)"))] + list(self.worths.values()),
            layout=W.Layout(grid_template_columns="170px " + "90px " * len(LANTERN_ICONS), grid_gap="2px 4px"))
        self.widget = W.VBox([
            W.HBox([self.players, self.roll]),
            W.HBox([W.HTML(T("<b>bridges</b> (dice, any order):"), layout=W.Layout(width="190px"))]
                   + list(self.bridges.values())),
            W.HBox([self.space, self.stacked, self.coins]),
            lantern_grid, self.summary, self.output])

    def _roll(self, _button=None):
        self._seed += 1
        fresh = roll_fresh_bridges(self.players.value, self._seed)
        for colour, w in self.bridges.items():
            w.value = bridge_text(fresh[colour])

    def inputs(self, **kw) -> dict:
        """The keyword arguments of :func:`explore_picks` for the widgets' values ``kw``."""
        players = kw["players"]
        bridges = {c: parse_bridge(kw[f"bridge_{c}"]) for c in COLOURS}
        counts = {i: kw[f"count_{i}"] for i in LANTERN_ICONS}
        worth = {i: Fraction(str(kw[f"worth_{i}"])) for i in LANTERN_ICONS}
        return {"bridges": bridges, "space": kw["space"], "players": players,
                "stacked_on": kw["stacked"] or None, "lantern": icon_list(counts), "icon_worth": worth,
                "coins": kw["coins"]}

    def _update(self, **kw):
        from IPython.display import display

        self.updates += 1
        try:
            result = explore_picks(**self.inputs(**kw), redraw=self.picture)
        except ValueError as exc:
            self.result = None
            self.summary.value = refusal_html(exc)
            return
        self.result = result
        self.summary.value = result.summary
        self.svg = figure_svg(result.figure)
        table_html = display_table(result.table).to_html(index=False, escape=True)
        # Raw MIME bundles: IPython's SVG() would parse the whole document again (~25 ms). The
        # picture goes in an <img> that shrinks to the output's width (a bare SVG output would not).
        display({"text/html": table_html}, raw=True)
        alt = T("picks of this position and fresh-bridge odds")
        display({"text/html": svg_img_html(self.svg, alt), "text/plain": f"<figure: {alt}>"}, raw=True)


def bench_widget_update(updates: int = 20) -> float:
    """Median milliseconds of one update of notebook 01's widget (exact computation, table,
    figure drawn to PNG), driven by setting widget values as the browser does (Agg backend)."""
    import matplotlib

    if matplotlib.get_backend().lower() != "agg":
        matplotlib.use("Agg")
    plotting.use_style()
    with contextlib.redirect_stdout(io.StringIO()):  # no kernel: display() would print
        app = PickExplorer()
        spaces = [1, 3, 4, 5, 6]
        times = []
        for k in range(updates):
            start = time.perf_counter()
            if k % 2:
                app.counts["food"].value = (app.counts["food"].value + 1) % 4
            else:
                app.space.value = spaces[k % len(spaces)] if app.space.value != spaces[k % len(spaces)] \
                    else spaces[(k + 1) % len(spaces)]
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


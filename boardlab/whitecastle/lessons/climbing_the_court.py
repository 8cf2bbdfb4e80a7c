"""Notebook 03, *climbing the court*: every route a courtier (궁정 관리) can take from the gate
to floor 3 with its coins, mother-of-pearl and points (:func:`route_table`), the same route
played through the engine (:func:`climb_route`), what each card swap adds to the lantern
(:func:`lantern_growth`), the warriors-times-courtiers score (:func:`warrior_table`) and where
courtiers end in simulated games (:func:`court_table`). Widgets: :func:`warrior_explorer`,
:func:`lantern_explorer`.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import widgets as core_widgets
from boardlab.core import plotting, stats
from boardlab.whitecastle import components as C
from boardlab.whitecastle import scoring
from boardlab.whitecastle.actions import Action
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.lessons.common import T, readable, LANTERN_ICONS, ICON_NAMES, BOARD, LEVELS, game_provenance, new_figure, settle, level_points, climb_cost, lantern_cards, lantern_reward, icons_text, Explorer, slider
from boardlab.whitecastle.lessons.records import HOLDING_COLUMNS, provenance_many, clipped, scores_of, series_label, series_colour

def courtier_routes() -> list[tuple[int, ...]]:
    """Every route from the gate upward in climbs of one or two floors, as level sequences
    starting at 0 (the gate): (0,), (0, 1), (0, 1, 2), ... (0, 2, 3)."""
    found = []

    def extend(path):
        found.append(path)
        for floors in (1, 2):
            if path[-1] + floors <= 3:
                extend(path + (path[-1] + floors,))

    extend((0,))
    return sorted(found, key=lambda r: (r[-1], len(r), r))


def route_name(route, arrow: str = " → ", translate: bool = False) -> str:
    """'gate → floor 1 → floor 3' (figures use arrow=" -> ": the Hangul font draws → badly);
    ``translate``: in the current language (a table's English names are translated when shown)."""
    return arrow.join(T(LEVELS[level]) if translate else LEVELS[level] for level in route)


def route_table() -> pd.DataFrame:
    """One row per route from the gate: coins, mother-of-pearl, courtier actions needed, the
    courtier's end-game points and the pearls paid per point gained above the gate.

    ``courtier actions`` counts the actions needed at least: one Courtier action may send a
    courtier to the gate and climb once, so the gate entry shares an action with the first climb.
    ``card swaps`` counts the stops on floors 1 and 2 (each one takes that room's card while the
    floor's deck lasts); ``Daimyo`` says whether the route ends on floor 3."""
    rows = []
    gate = level_points(0)
    for route in courtier_routes():
        steps = [b - a for a, b in zip(route, route[1:])]
        pearls = sum(climb_cost(f) for f in steps)
        points = level_points(route[-1])
        gained = points - gate
        rows.append({
            "route": route_name(route),
            "ends on": LEVELS[route[-1]],
            "climbs": len(steps),
            "courtier actions": max(1, len(steps)),
            "coins": BOARD["gate_cost_coins"],
            "pearls": pearls,
            "courtier points": points,
            "points above the gate": gained,
            "pearls per point": Fraction(pearls, gained) if gained else None,
            "card swaps": sum(1 for level in route[1:] if level in (1, 2)),
            "Daimyo": route[-1] == 3,
            "counts for warriors": route[-1] >= 1,
        })
    return pd.DataFrame(rows)


def route_figure(table: pd.DataFrame | None = None) -> Figure:
    """Pearls against points gained for every route, labelled; lines of equal pearls per point."""
    table = route_table() if table is None else table
    fig = new_figure(8, 5)
    ax = fig.add_subplot()
    climbs = table[table["climbs"] > 0]
    for rate, style in ((Fraction(1), "-"), (Fraction(4, 5), "-."), (Fraction(7, 9), "--"), (Fraction(2, 3), ":")):
        xs = np.array([0, 10])
        ax.plot(xs, xs * float(rate), style, color="0.6", lw=1, label=T("{rate} pearl per point", rate=rate))
    markers = {1: "o", 2: "s", 3: "D"}
    levels = {route_name(r): r for r in courtier_routes()}
    for (x, y), same in climbs.groupby(["points above the gate", "pearls"], sort=False):
        row = same.iloc[0]
        ax.scatter(x, y, s=70, marker=markers[row["climbs"]], color=plotting.PALETTE[row["climbs"] - 1], zorder=3)
        names = ("\n" + T("or") + " ").join(route_name(levels[r][1:], " -> ", translate=True)
                                                 for r in same["route"])
        actions = row["courtier actions"]
        ax.annotate(names + "\n" + T("({n} actions)" if actions > 1 else "({n} action)", n=actions), (x, y),
                    textcoords="offset points", xytext=(7, -4), fontsize=8, va="top")
    for n, m in markers.items():
        ax.scatter([], [], marker=m, color=plotting.PALETTE[n - 1], label=T("{n} climbs" if n > 1 else "{n} climb", n=n))
    ax.set_xlim(0, 12.5)
    ax.set_ylim(0, 8.5)
    ax.set_xlabel(T("courtier points gained above the gate (clan points)"))
    ax.set_ylabel(T("mother-of-pearl paid (pearls)"))
    ax.set_title(T("Routes from the gate: pearls paid against points gained"))
    ax.legend(loc="upper left", fontsize=8)
    plotting.stamp(fig, game_provenance(note=T("exact: board values and scoring code")))
    return fig


def lantern_icon_table() -> pd.DataFrame:
    """What each kind of card shows in the lantern area (read from the engine's ``lantern_icon``
    for every card of the kind; a kind whose cards differ is listed card by card)."""
    kinds = [("starting action card", [f"start:{d}" for d in C.START_DESIGNS]),
             ("steward (floor 1)", C.deck("steward", 4)),
             ("diplomat (floor 2)", C.deck("diplomat", 4))]
    by_icon: dict = {}
    for k in sorted(C.starting_resources()):
        by_icon.setdefault(icons_text(lantern_reward([f"resource:{k}"])), []).append(k)
    kinds += [(f"starting resource cards {', '.join(map(str, ks))}", [f"resource:{k}" for k in ks])
              for ks in by_icon.values()]
    kinds += [(f"Decree ({name})", [f"decree:{name}"]) for name in sorted(C.decrees())]
    rows = []
    for name, cards in kinds:
        icons = {icons_text(lantern_reward([c])) for c in cards}
        if len(icons) != 1:
            raise AssertionError(f"cards of kind {name} show different lantern icons: {icons}")
        rows.append({"card": name, "cards": len(cards), "icon": icons.pop(),
                     "gets there": "setup" if name.startswith(("starting resource", "Decree"))
                     else "swapped out when a courtier takes a new card"})
    return pd.DataFrame(rows)


def climb_route(route=(0, 1, 2, 3), *, resource_card: int = 9, players: int = 2, seed: int = 1,
                rooms: tuple[int, int] = (0, 3)) -> pd.DataFrame:
    """Play ``route`` through the engine for player 0 and report every step.

    The position (:func:`route_position`, built with ``Game.build_position``) gives player 0 the starting resource card
    ``resource_card`` in the lantern area (with its Decree card, if any), 2 coins and 7
    mother-of-pearl before every Courtier action, and the starting Courtier action card. The
    gate entry and the first climb share one Courtier action; each later climb is a new action.
    On floors 1 and 2 the courtier enters room ``rooms[floor - 1]`` (0-2 floor 1, 3-4 floor 2)
    and performs the new card's first light block; on floor 3 it takes the first free Daimyo
    slot. Coins and pearls paid are the change in holdings across the gate entry / climb, net of
    the lantern reward that arriving on floor 3 pays at once (room and slot rewards come later).
    """
    return pd.DataFrame(_play_route(route, resource_card, players, seed, rooms)[0])


def climbed_state(route=(0, 1, 2, 3), *, resource_card: int = 9, players: int = 2, seed: int = 1,
                  rooms: tuple[int, int] = (0, 3)):
    """The position after :func:`climb_route` has played ``route`` (for its board picture)."""
    return _play_route(route, resource_card, players, seed, rooms)[1]


def route_position(resource_card: int = 9, players: int = 2, seed: int = 1) -> dict:
    """The position a route starts from (JSON form), built by ``Game.build_position`` from what
    the route is about: player 0 with ``resource_card`` (and its Decree) in the lantern area, the
    gate's 2 coins and the 7 mother-of-pearl of the resource cap; the rest is game ``seed``'s own
    teaching position (the builder fills or moves nothing else: its report is empty)."""
    return Game(players=players).build_position(_route_description(resource_card), seed=seed).position


def _route_description(resource_card: int) -> dict:
    return {"lantern": {0: lantern_cards(resource_card)},
            "goods": {0: {"coin": BOARD["gate_cost_coins"], "pearl": BOARD["resource_cap"]}}}


def _play_route(route, resource_card, players, seed, rooms):
    route = tuple(route)
    if route not in courtier_routes():
        raise ValueError(f"route must start at the gate (0) and climb 1 or 2 floors at a time to at most 3; got {route}")
    game = Game(players=players)
    state = game.build_position(_route_description(resource_card), seed=seed).state
    rows = [_route_row("start", None, 0, 0, state.players[0])]
    for step, level in enumerate(route):
        if step == 0:  # a new Courtier action: the gate entry (and, below, the first climb)
            state = game.build_position({**_route_description(resource_card), "pending": "courtier"}, seed=seed).state
        elif step > 1:  # every later climb is a Courtier action of its own, built on the position reached
            state = game.build_position({"goods": {0: {"pearl": BOARD["resource_cap"]}}, "pending": "courtier"},
                                        start=state).state
        before = dict(state.players[0].goods)
        if step == 0:
            state.apply(Action("gate"))
            label = "send a courtier to the gate"
        else:
            frm = route[step - 1]
            state.apply(Action("climb", "", frm, level - frm))
            label = f"climb {LEVELS[frm]} → {LEVELS[level]}"
        after = state.players[0].goods
        spent_coins, spent_pearls = before["coin"] - after["coin"], before["pearl"] - after["pearl"]
        if level == 3:  # floor 3 pays the lantern reward at once; count only what the climb cost
            reward = lantern_reward(state.players[0].lantern)
            spent_coins += reward["coin"]
            spent_pearls += reward["pearl"]
        if not (step == 0 and len(route) > 1):  # else the same action goes on with the first climb
            settle(state, 0, rooms[level - 1] if level in (1, 2) else None)
        rows.append(_route_row(label, level, spent_coins, spent_pearls, state.players[0], rows[-1]))
    return rows, state


def _route_row(label, level, coins, pearls, p, previous=None) -> dict:
    lantern = list(p.lantern)
    added = lantern[len(previous["lantern cards"]):] if previous else []
    return {
        "step": label,
        "courtier on": "home" if level is None else LEVELS[level],
        "coins paid": coins,
        "pearls paid": pearls,
        "action card": p.card,
        "to the lantern": ", ".join(added) if added else "",
        "icon added": icons_text(lantern_reward(added)) if added else "",
        "lantern reward": icons_text(lantern_reward(lantern)),
        "lantern icons": sum(lantern_reward(lantern).values()),
        "courtier points": scoring.courtier_points(p.court),
        "lantern cards": lantern,
    }


def lantern_growth(route=(0, 1, 2, 3), resource_card: int = 9, **kwargs) -> pd.DataFrame:
    """The lantern area after each step of ``route`` (played by the engine): the card each swap
    moves into the lantern, the icon it adds and the whole lantern reward."""
    table = climb_route(route, resource_card=resource_card, **kwargs)
    return table[["step", "courtier on", "action card", "to the lantern", "icon added", "lantern reward",
                  "lantern icons"]]


def lantern_figure(route=(0, 1, 2, 3), resource_card: int = 9, table: pd.DataFrame | None = None) -> Figure:
    """Stacked bars: the icons of the lantern reward after each step of the route."""
    table = climb_route(route, resource_card=resource_card) if table is None else table
    kinds = LANTERN_ICONS
    counts = [lantern_reward(cards) for cards in table["lantern cards"]]
    fig = new_figure(8, 4.5)
    ax = fig.add_subplot()
    x = np.arange(len(table))
    bottom = np.zeros(len(table))
    for i, kind in enumerate(kinds):
        values = np.array([c.get(kind, 0) for c in counts], dtype=float)
        if values.any():
            ax.bar(x, values, bottom=bottom, color=plotting.PALETTE[i % len(plotting.PALETTE)],
                   edgecolor="0.25", linewidth=0.6, label=T(ICON_NAMES[kind]))
            bottom += values
    ax.set_xticks(x, [_step_tick(s) for s in table["step"]], rotation=0, fontsize=8)
    ax.set_ylabel(T("icons in the lantern reward (count)"))
    ax.set_xlabel(T("step of the route"))
    ax.set_ylim(0, max(bottom.max() + 1, 4))
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(T("Lantern reward after each step\n({route}; starting resource card {card})",
                 route=" -> ".join(T(LEVELS[level]) for level in route), card=resource_card))
    ax.legend(fontsize=8, loc="upper left")
    plotting.stamp(fig, game_provenance(
        note=T("engine: 2-player teaching position, seed 1; a card kind shows the same icon at any player count")))
    return fig


def _step_tick(step: str) -> str:
    """A route step as a short tick label in the current language: 'to the gate', 'floor 1 ->\nfloor 2'."""
    if step == "send a courtier to the gate":
        return T("to the gate")
    if step.startswith("climb "):
        return " ->\n".join(T(level) for level in step.removeprefix("climb ").split(" → "))
    return T(step)


def _resource_card_label(card: int) -> str:
    """'1: back +1 mother-of-pearl + Decree (coin)': a starting resource card as the route widget lists it."""
    back = T("{card}: back {icons}", card=card, icons=icons_text(lantern_reward(lantern_cards(card)[:1]), translate=True))
    decree = C.starting_resources()[card][1]
    return back + (" + " + T(f"Decree ({decree})") if decree else "")


YARD_LABELS = tuple(f"{iron}-iron yard (warrior value {value})" for iron, value, _ in C.yards())


@dataclass
class WarriorScore:
    """The score table for one set of warriors and courtiers."""

    table: pd.DataFrame  # one row per yard
    options: pd.DataFrame  # what one more warrior / courtier would add
    warriors: list[int]
    court: list[int]
    warrior_points: int
    courtier_points: int
    note: str

    @property
    def total(self) -> int:
        return self.warrior_points + self.courtier_points

    def html(self) -> str:
        def pts(n):
            return T("{n} point" if n == 1 else "{n} points", n=n)

        inside = sum(self.court[1:])
        value = sum(n * v for n, (_, v, _) in zip(self.warriors, C.yards()))
        head = (f"<b>{T('Warriors: {points}', points=pts(self.warrior_points))}</b> "
                + T("(warrior value {value} × {n} courtier inside the castle)" if inside == 1 else
                    "(warrior value {value} × {n} courtiers inside the castle)", value=value, n=inside)
                + f" &nbsp; <b>{T('Courtiers: {points}', points=pts(self.courtier_points))}</b> &nbsp; "
                  f"<b>{T('together: {points}', points=pts(self.total))}</b>")
        note = f"<p style='color:#D55E00'>{html.escape(self.note)}</p>" if self.note else ""
        return (head + note + readable(self.table, index="yard").to_html()
                + f"<p>{T('What one more worker would add:')}</p>" + readable(self.options, index="one more").to_html())


#: Warriors, and courtiers, a clan has (seed setup: 5 of each).
CLAN_WORKERS = 5


def within_supply(kind: str, counts, labels, supply: int = CLAN_WORKERS) -> tuple[list[int], list[str]]:
    """``counts`` held to a clan's ``supply`` in order (the first places filled first), and a
    note for every count that had to be clamped ("a clan has only 5 warriors")."""
    kept, notes, left = [], [], supply
    for n, label in zip(counts, labels):
        c = core_widgets.clamp(f"{kind}, {label}", n, 0, left)
        kept.append(c.value)
        left -= c.value
        if c.clamped:
            notes.append(f"{c.note}: a clan has only {supply} {kind}")
    return kept, notes


def warrior_table(warriors=(0, 0, 0), court=(0, 0, 0, 0)) -> WarriorScore:
    """Warriors and courtiers scored with the engine's scoring functions.

    ``warriors``: warriors in the 5-iron, 3-iron and 1-iron yards; ``court``: courtiers at the
    gate and on floors 1, 2, 3. The ``options`` table lists what one more warrior in each yard, or
    one courtier more at each level (sent from home, or moved up from the level below), would add."""
    warriors, warrior_notes = within_supply("warriors", [int(w) for w in warriors], YARD_LABELS)
    court, court_notes = within_supply("courtiers", [int(c) for c in court], LEVELS)
    yards = C.yards()
    inside = sum(court[1:])
    rows = []
    for y, (iron, value, _) in enumerate(yards):
        alone = [0] * len(yards)
        alone[y] = warriors[y]
        rows.append({"yard": YARD_LABELS[y], "warriors": warriors[y], "warrior value": warriors[y] * value,
                     "× courtiers inside": inside, "points": scoring.warrior_points(alone, court)})
    wp, cp = scoring.warrior_points(warriors, court), scoring.courtier_points(court)
    base = wp + cp
    options = []
    if sum(warriors) < CLAN_WORKERS:
        for y, (iron, value, _) in enumerate(yards):
            more = list(warriors)
            more[y] += 1
            options.append({"one more": f"warrior in the {iron}-iron yard (costs {iron} iron)",
                            "adds points": scoring.warrior_points(more, court) + cp - base})
    if sum(court) < CLAN_WORKERS:
        more = list(court)
        more[0] += 1
        options.append({"one more": "courtier sent to the gate (2 coins)",
                        "adds points": scoring.warrior_points(warriors, more) + scoring.courtier_points(more) - base})
    for level in (1, 2, 3):
        for frm in (level - 1, level - 2):
            if frm >= 0 and court[frm] > 0:
                moved = list(court)
                moved[frm] -= 1
                moved[level] += 1
                options.append({"one more": f"courtier moved {LEVELS[frm]} → {LEVELS[level]} "
                                            f"({climb_cost(level - frm)} pearls)",
                                "adds points": scoring.warrior_points(warriors, moved)
                                + scoring.courtier_points(moved) - base})
    notes = warrior_notes + court_notes
    return WarriorScore(pd.DataFrame(rows), pd.DataFrame(options, columns=["one more", "adds points"]),
                        warriors, court, wp, cp, "; ".join(notes))


def multiplier_figure(score: WarriorScore | None = None) -> Figure:
    """Warrior points for every total warrior value (0-10) and courtiers inside (0-5), with the
    current position marked."""
    score = warrior_table() if score is None else score
    values = range(0, 11)
    inside = range(0, 6)
    grid = np.array([[scoring.warrior_points([0, v, 0], [0, c, 0, 0]) for v in values] for c in inside])
    fig = new_figure(8, 4.8)
    ax = fig.add_subplot()
    ax.grid(False)
    im = ax.imshow(grid, origin="lower", cmap="cividis", aspect="auto")
    for c in inside:
        for v in values:
            ax.text(v, c, str(grid[c, v]), ha="center", va="center", fontsize=8,
                    color="white" if grid[c, v] < grid.max() * 0.6 else "black")
    v_now = sum(n * value for n, (_, value, _) in zip(score.warriors, C.yards()))
    c_now = sum(score.court[1:])
    if v_now <= 10 and c_now <= 5:
        ax.add_patch(_rectangle(v_now, c_now))
    ax.set_xticks(list(values))
    ax.set_yticks(list(inside))
    ax.set_xlabel(T("total warrior value (5-iron yard warriors count 2, others 1)"))
    ax.set_ylabel(T("courtiers inside the castle (floors 1-3)"))
    ax.set_title(T("Warrior points = warrior value × courtiers inside (your position outlined)"))
    fig.colorbar(im, ax=ax, label=T("warrior points (clan points)"))
    plotting.stamp(fig, game_provenance(note=T("exact: scoring.warrior_points")))
    return fig


def _rectangle(x, y):
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor=plotting.PALETTE[5], lw=3)


def warrior_explorer(warriors=(2, 0, 0), court=(1, 0, 0, 0)) -> Explorer:
    """Sliders for warriors per yard and courtiers per level; the score table recomputed with
    the engine's scoring functions, and the multiplier grid."""
    controls = {f"yard{y}": slider("warriors in the {iron}-iron yard", warriors[y], 0, CLAN_WORKERS, iron=iron)
                for y, (iron, _, _) in enumerate(C.yards())}
    controls.update({f"level{lvl}": slider("courtiers: {level}", court[lvl], 0, CLAN_WORKERS, level=T(LEVELS[lvl]))
                     for lvl in range(4)})

    def compute(**v):
        return warrior_table([v[f"yard{y}"] for y in range(len(C.yards()))], [v[f"level{lvl}"] for lvl in range(4)])

    return Explorer(controls, compute, WarriorScore.html, multiplier_figure,
                    title="Warriors × courtiers: set your workers")


def lantern_explorer(route=(0, 1, 2, 3), resource_card: int = 9) -> Explorer:
    """Choose a route and a starting resource card; the engine plays the route and shows the
    lantern area growing with every card swap."""
    import ipywidgets as widgets

    routes = [r for r in courtier_routes() if len(r) > 1]
    controls = {
        "route": widgets.Dropdown(options=[(route_name(r, translate=True), r) for r in routes], value=tuple(route),
                                  description=T("route"), layout=widgets.Layout(width="600px")),
        "resource_card": widgets.Dropdown(
            options=[(_resource_card_label(k), k) for k in sorted(C.starting_resources())],
            value=resource_card, description=T("starting resource card"), style={"description_width": "initial"},
            layout=widgets.Layout(width="600px")),
    }

    def compute(route, resource_card):
        return {"route": route, "resource_card": resource_card,
                "table": climb_route(route, resource_card=resource_card)}

    def describe(r):
        t = r["table"]
        return readable(t.drop(columns=["lantern cards"])).to_html()

    def draw(r):
        return lantern_figure(r["route"], r["resource_card"], table=r["table"])

    return Explorer(controls, compute, describe, draw, title="Card swaps and the lantern")


def court_table(records: dict, players: int = 2) -> pd.DataFrame:
    """Courtiers per level at game end (mean per seat with standard error), plus the mean
    warrior points, for each kind of seat at ``players`` players."""
    df = scores_of({k: v for k, v in records.items() if k[0] == players})
    columns = [c for c in HOLDING_COLUMNS if c.startswith("courtiers")]
    rows = []
    for (label, policy), g in df.groupby(["table", "policy"], sort=False):
        for level, col in zip(LEVELS, columns):
            mean, se = stats.mean_se(g[col]) if len(g) > 1 else (float(g[col].mean()), float("nan"))
            rows.append({"players": players, "table": label, "policy": policy, "level": level,
                         "seats": len(g), "mean": mean, "se": se})
        inside = g[columns[1:]].sum(axis=1)
        mean, se = stats.mean_se(inside) if len(g) > 1 else (float(inside.mean()), float("nan"))
        rows.append({"players": players, "table": label, "policy": policy, "level": "inside (floors 1-3)",
                     "seats": len(g), "mean": mean, "se": se})
    return pd.DataFrame(rows)


def court_figure(records: dict, players: int = 2) -> Figure:
    """Where the courtiers stand when the game ends, per kind of seat (error bars: 95 % CI)."""
    t = court_table(records, players)
    series = list(dict.fromkeys(zip(t["table"], t["policy"])))
    fig = new_figure(8, 4.5)
    ax = fig.add_subplot()
    levels = list(LEVELS) + ["inside (floors 1-3)"]
    x = np.arange(len(levels))
    width = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        s = t[(t["table"] == label) & (t["policy"] == policy)].set_index("level").loc[levels]
        ax.bar(x + (j - (len(series) - 1) / 2) * width, s["mean"], width * 0.9, yerr=clipped(s["mean"], s["se"]),
               capsize=3, color=series_colour(label, policy), label=series_label(label, policy))
    ax.set_xticks(x, [T(level) for level in levels])
    ax.set_ylabel(T("courtiers per player at game end (mean)"))
    ax.set_xlabel(T("where the courtier stands"))
    ax.set_title(T("How high courtiers get in simulated games, {players} players (error bars: 95 % CI)", players=players))
    ax.legend(fontsize=8)
    plotting.stamp(fig, provenance_many({k: v for k, v in records.items() if k[0] == players}))
    return fig


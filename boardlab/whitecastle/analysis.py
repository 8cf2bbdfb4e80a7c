"""The logic behind the White Castle notebooks 03-05: plain functions that return tables
(pandas DataFrames) and matplotlib figures, thin widget builders over them, and a game
recorder that notes what happens in simulated games.

* **Climbing the court** (notebook 03): every route a courtier (궁정 관리) can take from the gate
  to floor 3 with its coins, mother-of-pearl and points (:func:`route_table`), the same route
  played through the engine (:func:`climb_route`), what each card swap adds to the lantern
  (:func:`lantern_growth`), and the warriors-times-courtiers score table (:func:`warrior_table`).
* **Round end and gardens** (notebook 04): how often a bridge still holds a die when the round
  ends (exact for uniformly random picks: :func:`bridge_exact`; simulated for any policy:
  :func:`bridge_table`), what that means for the gardens, the Passage of Time (시간의 흐름)
  track (:func:`time_track_table`, :func:`move_marker`) and the next turn order
  (:func:`next_turn_order`).
* **Outcome distributions** (notebook 05): scores, categories, win rates by starting turn
  position and pick frequencies by end, by action space and by kind of space
  (:func:`record_games`, the ``*_figure`` functions and the widget :func:`outcome_explorer`).

Every number comes from the engine: positions are built from the documented JSON form
(:func:`~boardlab.whitecastle.positions.teaching_position`), the picks a player is offered are
the engine's legal actions, simulated games are watched with :func:`boardlab.core.observe.observe`
(round ends as the engine makes them), scores come from :mod:`boardlab.whitecastle.scoring`,
values from :mod:`boardlab.whitecastle.components`. Nothing here is a rule of its own.
"""

from __future__ import annotations

import html
import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import plotting, stats
from boardlab.core.observe import observe
from boardlab.whitecastle import Game, scoring
from boardlab.whitecastle import components as C
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, ROWS, SPACE_NAMES, WELL, Action, room_floor
from boardlab.whitecastle.dice import COLOURS, dice_per_bridge
from boardlab.whitecastle.explore import ICON_NAMES, LANTERN_ICONS, game_provenance
from boardlab.whitecastle.odds import PLAYER_COUNTS
from boardlab.whitecastle.positions import load, take_options, teaching_position
from boardlab.whitecastle.rules import DICE_PER_PLAYER_ROUND, lantern_icon

BOARD = C.board()
LEVELS = C.LEVELS  # gate, floor 1, floor 2, floor 3

# Colours of the three bridges in figures (Okabe-Ito, distinguishable with colour-vision deficiencies).
BRIDGE_COLOURS = {"coral": plotting.PALETTE[5], "black": plotting.PALETTE[7], "white": plotting.PALETTE[4]}
POLICY_COLOURS = {"random": plotting.PALETTE[0], "greedy": plotting.PALETTE[1]}

SPACE_GROUPS = {
    **{r: f"castle floor {room_floor(i)}" for i, r in enumerate(ROOMS)},
    **dict.fromkeys(OUTSIDE, "outside the walls"),
    WELL: "the Well",
    **{r: f"own {COLOURS[i]} domain row" for i, r in enumerate(ROWS)},
}
SPACE_GROUP_ORDER = ("castle floor 1", "castle floor 2", "outside the walls", "the Well",
                     "own coral domain row", "own black domain row", "own white domain row")
#: Every action space a die can go to, in board order, and how figures name it.
SPACE_ORDER = ROOMS + OUTSIDE + (WELL,) + ROWS
SPACE_LABELS = {s: f"{SPACE_NAMES[s].replace('my ', 'own ')} ({s})" for s in SPACE_ORDER}

_STYLED = False


def _figure(width: float = 8, height: float = 4.5) -> Figure:
    """A new figure in the house style (not registered with pyplot: nothing to close)."""
    global _STYLED
    if not _STYLED:
        plotting.use_style()
        _STYLED = True
    return Figure(figsize=(width, height), dpi=100)


# ================================================================== small helpers


def _decision(state) -> str | None:
    return None if state.decision is None else state.decision[0]


def _settle(state, player: int, room: int | None = None) -> None:
    """Answer the follow-up decisions of ``player``'s current effect with the plainest choice
    (the given room, the first new-card block, decline / finish when offered, else the first
    option) until the turn passes on."""
    while not state.is_over and state.to_move == player and _decision(state) not in (None, "take"):
        legal = state.legal_actions()
        kind = _decision(state)
        if kind == "room" and room is not None and Action("room", "", room) in legal:
            state.apply(Action("room", "", room))
            continue
        plain = [a for a in legal if a.kind in ("decline", "finish", "timestop")]
        choice = plain[0] if plain else next((a for a in legal if a.kind != "exchange"), legal[0])
        state.apply(choice)


def readable(df: pd.DataFrame, digits: int = 3) -> pd.DataFrame:
    """A copy for display: every Fraction written as its decimal, with the fraction itself when
    it is short ('0.731 (4931/6750)')."""
    def fmt(v):
        if isinstance(v, Fraction):
            text = f"{float(v):.{digits}f}"
            return text if v.denominator == 1 or v.denominator >= 10 ** 6 else f"{text} ({v})"
        return "–" if v is None else v

    return df.apply(lambda column: column.map(fmt))


# ================================================================== notebook 03: climbing the court


def level_points(level: int) -> int:
    """End-game points of one courtier at ``level`` (0 gate .. 3 floor 3), from the scoring code."""
    court = [0, 0, 0, 0]
    court[level] = 1
    return scoring.courtier_points(court)


def climb_cost(floors: int) -> int:
    """Mother-of-pearl for one climb of 1 or 2 floors."""
    return BOARD["climb_one_floor_pearls"] if floors == 1 else BOARD["climb_two_floors_pearls"]


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


def route_name(route, arrow: str = " → ") -> str:
    """'gate → floor 1 → floor 3' (figures use arrow=" -> ": the Hangul font draws → badly)."""
    return arrow.join(LEVELS[level] for level in route)


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
    fig = _figure(8, 5)
    ax = fig.add_subplot()
    climbs = table[table["climbs"] > 0]
    for rate, style in ((Fraction(1), "-"), (Fraction(4, 5), "-."), (Fraction(7, 9), "--"), (Fraction(2, 3), ":")):
        xs = np.array([0, 10])
        ax.plot(xs, xs * float(rate), style, color="0.6", lw=1, label=f"{rate} pearl per point")
    markers = {1: "o", 2: "s", 3: "D"}
    for (x, y), same in climbs.groupby(["points above the gate", "pearls"], sort=False):
        row = same.iloc[0]
        ax.scatter(x, y, s=70, marker=markers[row["climbs"]], color=plotting.PALETTE[row["climbs"] - 1], zorder=3)
        names = "\nor ".join(r.replace("gate → ", "").replace(" → ", " -> ") for r in same["route"])
        actions = row["courtier actions"]
        ax.annotate(f"{names}\n({actions} action{'s' if actions > 1 else ''})", (x, y), textcoords="offset points",
                    xytext=(7, -4), fontsize=8, va="top")
    for n, m in markers.items():
        ax.scatter([], [], marker=m, color=plotting.PALETTE[n - 1], label=f"{n} climb{'s' if n > 1 else ''}")
    ax.set_xlim(0, 12.5)
    ax.set_ylim(0, 8.5)
    ax.set_xlabel("courtier points gained above the gate (clan points)")
    ax.set_ylabel("mother-of-pearl paid (pearls)")
    ax.set_title("Routes from the gate: pearls paid against points gained")
    ax.legend(loc="upper left", fontsize=8)
    plotting.stamp(fig, game_provenance(note="exact: board values and scoring code"))
    return fig


def _lantern_cards(resource_card: int) -> list[str]:
    gains, decree, _ = C.starting_resources()[resource_card]
    return [f"resource:{resource_card}"] + ([f"decree:{decree}"] if decree else [])


def lantern_reward(cards) -> Counter:
    """The lantern reward of a lantern area: every icon showing, added up ({'coin': 1, ...})."""
    total = Counter()
    for card in cards:
        for effect in lantern_icon(card):
            total[effect[0]] += effect[1] if len(effect) > 1 else 1
    return total


def icons_text(icons: Counter) -> str:
    if not icons:
        return "nothing"
    return ", ".join(f"+{n} {ICON_NAMES.get(k, k)}" for k, n in sorted(icons.items()))


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

    The position (see :func:`teaching_position`) gives player 0 the starting resource card
    ``resource_card`` in the lantern area (with its Decree card, if any), 2 coins and 7
    mother-of-pearl before every Courtier action, and the starting Courtier action card. The
    gate entry and the first climb share one Courtier action; each later climb is a new action.
    On floors 1 and 2 the courtier enters room ``rooms[floor - 1]`` (0-2 floor 1, 3-4 floor 2)
    and performs the new card's first light block; on floor 3 it takes the first free Daimyo
    slot. Coins and pearls paid are the change in holdings across the gate entry / climb, net of
    the lantern reward that arriving on floor 3 pays at once (room and slot rewards come later).
    """
    route = tuple(route)
    if route not in courtier_routes():
        raise ValueError(f"route must start at the gate (0) and climb 1 or 2 floors at a time to at most 3; got {route}")
    d = teaching_position(players, seed)
    d["players"][0]["lantern"] = _lantern_cards(resource_card)
    state = load(d)
    rows = [_route_row("start", None, 0, 0, state.players[0])]
    for step, level in enumerate(route):
        if step <= 1:
            if step == 0:  # a new Courtier action: the gate entry (and, below, the first climb)
                d["players"][0]["goods"].update(coin=BOARD["gate_cost_coins"], pearl=BOARD["resource_cap"])
                d.update(actor=0, turn=0, queue=[], held=None, decision=["courtier", False, False])
                state = load(d)
        else:  # every later climb is a Courtier action of its own
            d = state.to_json()
            d["players"][0]["goods"]["pearl"] = BOARD["resource_cap"]
            d.update(actor=0, turn=0, queue=[], held=None, decision=["courtier", False, False])
            state = load(d)
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
            _settle(state, 0, rooms[level - 1] if level in (1, 2) else None)
        rows.append(_route_row(label, level, spent_coins, spent_pearls, state.players[0], rows[-1]))
    return pd.DataFrame(rows)


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
    fig = _figure(8, 4.5)
    ax = fig.add_subplot()
    x = np.arange(len(table))
    bottom = np.zeros(len(table))
    for i, kind in enumerate(kinds):
        values = np.array([c.get(kind, 0) for c in counts], dtype=float)
        if values.any():
            ax.bar(x, values, bottom=bottom, color=plotting.PALETTE[i % len(plotting.PALETTE)],
                   edgecolor="0.25", linewidth=0.6, label=ICON_NAMES[kind])
            bottom += values
    ax.set_xticks(x, [s.replace("send a courtier to the gate", "to the gate").replace("climb ", "")
                      .replace(" → ", " ->\n") for s in table["step"]], rotation=0, fontsize=8)
    ax.set_ylabel("icons in the lantern reward (count)")
    ax.set_xlabel("step of the route")
    ax.set_ylim(0, max(bottom.max() + 1, 4))
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(f"Lantern reward after each step\n({route_name(route, ' -> ')}; starting resource card {resource_card})")
    ax.legend(fontsize=8, loc="upper left")
    plotting.stamp(fig, game_provenance(
        note="engine: 2-player teaching position, seed 1; a card kind shows the same icon at any player count"))
    return fig


# ------------------------------------------------------------------ warriors x courtiers


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
            return f"{n} point{'' if n == 1 else 's'}"

        inside = sum(self.court[1:])
        head = (f"<b>Warriors: {pts(self.warrior_points)}</b> "
                f"(warrior value {sum(n * v for n, (_, v, _) in zip(self.warriors, C.yards()))} "
                f"× {inside} courtier{'' if inside == 1 else 's'} inside the castle) &nbsp; "
                f"<b>Courtiers: {pts(self.courtier_points)}</b> &nbsp; <b>together: {pts(self.total)}</b>")
        note = f"<p style='color:#D55E00'>{html.escape(self.note)}</p>" if self.note else ""
        return (head + note + self.table.to_html(index=False) + "<p>What one more worker would add:</p>"
                + self.options.to_html(index=False))


def warrior_table(warriors=(0, 0, 0), court=(0, 0, 0, 0)) -> WarriorScore:
    """Warriors and courtiers scored with the engine's scoring functions.

    ``warriors``: warriors in the 5-iron, 3-iron and 1-iron yards; ``court``: courtiers at the
    gate and on floors 1, 2, 3. The ``options`` table lists what one more warrior in each yard, or
    one courtier more at each level (sent from home, or moved up from the level below), would add."""
    warriors, court = [int(w) for w in warriors], [int(c) for c in court]
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
    if sum(warriors) < 5:
        for y, (iron, value, _) in enumerate(yards):
            more = list(warriors)
            more[y] += 1
            options.append({"one more": f"warrior in the {iron}-iron yard (costs {iron} iron)",
                            "adds points": scoring.warrior_points(more, court) + cp - base})
    if sum(court) < 5:
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
    notes = []
    if sum(warriors) > 5:
        notes.append(f"a clan has only 5 warriors; {sum(warriors)} are set")
    if sum(court) > 5:
        notes.append(f"a clan has only 5 courtiers; {sum(court)} are set")
    return WarriorScore(pd.DataFrame(rows), pd.DataFrame(options, columns=["one more", "adds points"]),
                        warriors, court, wp, cp, "; ".join(notes))


def multiplier_figure(score: WarriorScore | None = None) -> Figure:
    """Warrior points for every total warrior value (0-10) and courtiers inside (0-5), with the
    current position marked."""
    score = warrior_table() if score is None else score
    values = range(0, 11)
    inside = range(0, 6)
    grid = np.array([[scoring.warrior_points([0, v, 0], [0, c, 0, 0]) for v in values] for c in inside])
    fig = _figure(8, 4.8)
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
    ax.set_xlabel("total warrior value (5-iron yard warriors count 2, others 1)")
    ax.set_ylabel("courtiers inside the castle (floors 1-3)")
    ax.set_title("Warrior points = warrior value × courtiers inside (your position outlined)")
    fig.colorbar(im, ax=ax, label="warrior points (clan points)")
    plotting.stamp(fig, game_provenance(note="exact: scoring.warrior_points"))
    return fig


def _rectangle(x, y):
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor=plotting.PALETTE[5], lw=3)


# ================================================================== widgets


class Explorer:
    """A thin widget: controls, ``interactive_output`` over a plain function, an HTML summary.

    ``compute(**values)`` returns the data; ``describe(data)`` its HTML; ``draw(data)`` a
    figure or None. The last data and figure are kept (``.result``, ``.figure``) so a test can
    set ``controls[name].value`` and check them without a kernel."""

    def __init__(self, controls: dict, compute, describe, draw=None, title: str = ""):
        import ipywidgets as widgets

        self.controls = controls
        self.result = None
        self.figure = None
        self.calls = 0
        self.html = widgets.HTML()
        self._compute, self._describe, self._draw = compute, describe, draw

        def update(**values):
            from IPython.display import display

            self.calls += 1
            self.result = compute(**values)
            self.html.value = describe(self.result)
            if draw is not None:
                self.figure = draw(self.result)
                display(self.figure)

        self.output = widgets.interactive_output(update, controls)
        rows = [widgets.HTML(f"<b>{html.escape(title)}</b>")] if title else []
        rows += [widgets.HBox(list(controls.values()), layout=widgets.Layout(flex_flow="row wrap")),
                 self.html, self.output]
        self.widget = widgets.VBox(rows)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def _slider(description, value, lo, hi, width="230px"):
    import ipywidgets as widgets

    return widgets.IntSlider(value=value, min=lo, max=hi, description=description,
                             style={"description_width": "initial"}, layout=widgets.Layout(width=width))


def warrior_explorer(warriors=(2, 0, 0), court=(1, 0, 0, 0)) -> Explorer:
    """Sliders for warriors per yard and courtiers per level; the score table recomputed with
    the engine's scoring functions, and the multiplier grid."""
    controls = {f"yard{y}": _slider(f"warriors, {iron}-iron yard", warriors[y], 0, 5)
                for y, (iron, _, _) in enumerate(C.yards())}
    controls.update({f"level{lvl}": _slider(f"courtiers, {LEVELS[lvl]}", court[lvl], 0, 5) for lvl in range(4)})

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
        "route": widgets.Dropdown(options=[(route_name(r), r) for r in routes], value=tuple(route),
                                  description="route", layout=widgets.Layout(width="380px")),
        "resource_card": widgets.Dropdown(
            options=[(f"{k}: back {icons_text(lantern_reward(_lantern_cards(k)[:1]))}"
                      + (f" + Decree ({C.starting_resources()[k][1]})" if C.starting_resources()[k][1] else ""), k)
                     for k in sorted(C.starting_resources())],
            value=resource_card, description="starting resource card", style={"description_width": "initial"},
            layout=widgets.Layout(width="420px")),
    }

    def compute(route, resource_card):
        return {"route": route, "resource_card": resource_card,
                "table": climb_route(route, resource_card=resource_card)}

    def describe(r):
        t = r["table"]
        return t.drop(columns=["lantern cards"]).to_html(index=False)

    def draw(r):
        return lantern_figure(r["route"], r["resource_card"], table=r["table"])

    return Explorer(controls, compute, describe, draw, title="Card swaps and the lantern")


# ================================================================== notebook 04: Passage of Time


def time_track_table() -> pd.DataFrame:
    """Every space of the Passage of Time: its end-game points, the seals paid to enter it and
    the seals paid in all to get there from space 0."""
    gates = C.time_gates()
    points = C.time_points()
    paid = 0
    rows = []
    for space, pts in enumerate(points):
        cost = gates.get(space, 0)
        paid += cost
        rows.append({"space": space, "points": pts, "seals to enter": cost, "seals from space 0": paid})
    return pd.DataFrame(rows)


def time_track_figure() -> Figure:
    t = time_track_table()
    fig = _figure(8, 4.5)
    ax = fig.add_subplot()
    ax.step(t["space"], t["points"], where="mid", color=plotting.PALETTE[0], lw=2)
    ax.scatter(t["space"], t["points"], color=plotting.PALETTE[0], s=18, zorder=3)
    for space, cost in C.time_gates().items():
        ax.axvline(space - 0.5, color=plotting.PALETTE[5], ls="--", lw=1)
        ax.annotate(f"enter {space}:\n{cost} seal{'s' if cost > 1 else ''}", (space - 0.5, t["points"].max() + 0.4),
                    ha="center", fontsize=8, color=plotting.PALETTE[5], backgroundcolor="white")
    ax.set_xticks(range(0, len(t)))
    ax.set_ylim(0, t["points"].max() + 3)
    ax.set_xlabel("Passage of Time space")
    ax.set_ylabel("end-game points (clan points)")
    ax.set_title("Passage of Time: end-game points per space, seals per gate")
    plotting.stamp(fig, game_provenance(note="exact: components time_track.csv, board.csv"))
    return fig


def move_marker(start: int, steps: int, seals: int, pay: bool = True, seed: int = 1) -> dict:
    """Move player 0's marker ``steps`` spaces from ``start`` with ``seals`` in hand, through the
    engine. At a gate the player pays when ``pay`` and the seals allow, else the marker stops.
    Returns the end space, seals left and the engine's decisions in text notation."""
    d = teaching_position(2, seed)
    me = d["players"][0]
    me["time"], me["goods"]["seal"] = start, seals
    d["decision"], d["queue"] = None, [["time", steps]]
    state = load(d)
    decisions = []
    while state.to_move == 0 and _decision(state) == "timegate":
        legal = state.legal_actions()
        choice = next(a for a in legal if a.kind == ("timepay" if pay else "timestop"))
        decisions.append(str(choice))
        state.apply(choice)
    p = state.players[0]
    return {"start": start, "steps": steps, "seals": seals, "end": p.time, "seals left": p.goods["seal"],
            "decisions": "; ".join(decisions) or "none asked"}


def next_turn_order(spaces, arrival=None, seed: int = 1) -> pd.DataFrame:
    """The next round's turn order from the Passage of Time, by the engine.

    ``spaces``: each player's marker space; ``arrival``: the players in the order their markers
    arrived (the last one is on top of any shared space). The position is built from JSON and the
    order read from ``turn_order_from_time``."""
    n = len(spaces)
    arrival = list(range(n)) if arrival is None else list(arrival)
    if sorted(arrival) != list(range(n)):
        raise ValueError(f"arrival must list each of the {n} players once, got {arrival}")
    d = teaching_position(n, seed)
    for i, p in enumerate(d["players"]):
        p["time"] = int(spaces[i])
        p["time_stamp"] = arrival.index(i)
    order = load(d).turn_order_from_time()
    shared = Counter(int(s) for s in spaces)
    rows = [{"player": f"P{i}", "space": int(spaces[i]), "arrived": arrival.index(i) + 1,
             "on top of a shared space": shared[int(spaces[i])] > 1
             and all(arrival.index(j) < arrival.index(i) for j in range(n) if j != i and spaces[j] == spaces[i]),
             "points now": C.time_points()[int(spaces[i])], "next turn": order.index(i) + 1}
            for i in range(n)]
    return pd.DataFrame(rows).sort_values("next turn").reset_index(drop=True)


def turn_order_figure(table: pd.DataFrame) -> Figure:
    """The track with the markers, stacked in arrival order (last arrival on top)."""
    fig = _figure(8, 3.6)
    ax = fig.add_subplot()
    ax.grid(False)
    heights = Counter()
    for _, row in table.sort_values("arrived").iterrows():
        space = row["space"]
        i = int(row["player"][1:])
        ax.scatter(space, heights[space], s=420, color=plotting.PALETTE[i], edgecolor="black", zorder=3)
        ax.text(space, heights[space], row["player"], ha="center", va="center", fontsize=8,
                color="white" if i in (0, 3) else "black", zorder=4)
        heights[space] += 1
    for space, cost in C.time_gates().items():
        ax.axvline(space - 0.5, color=plotting.PALETTE[5], ls="--", lw=1)
        ax.text(space - 0.5, 3.7, f"{cost} seal{'s' if cost > 1 else ''}", ha="center", fontsize=8,
                color=plotting.PALETTE[5])
    ax.set_xlim(-0.7, 20.7)
    ax.set_ylim(-0.7, 4.2)
    ax.set_xticks(range(21))
    ax.set_yticks(range(4), ["1st (bottom)", "2nd", "3rd", "4th"])
    ax.set_xlabel("Passage of Time space")
    ax.set_ylabel("place in the stack on its space")
    order = ", ".join(table.sort_values("next turn")["player"])
    ax.set_title(f"Markers on the Passage of Time; next turn order: {order}")
    plotting.stamp(fig, game_provenance(len(table), note="engine: turn_order_from_time on a JSON position"))
    return fig


def turn_order_explorer(spaces=(7, 7, 4, 11), arrival=(0, 1, 2, 3)) -> Explorer:
    """Sliders for each marker and a menu for the order the markers arrived in; the engine
    gives the next turn order."""
    import ipywidgets as widgets

    n = len(spaces)
    controls = {f"p{i}": _slider(f"P{i} space", spaces[i], 0, 20, "260px") for i in range(n)}
    perms = list(itertools.permutations(range(n)))
    controls["arrival"] = widgets.Dropdown(
        options=[(" then ".join(f"P{i}" for i in p) + " (last on top)", p) for p in perms],
        value=tuple(arrival), description="markers arrived", style={"description_width": "initial"},
        layout=widgets.Layout(width="420px"))

    def compute(arrival, **v):
        return next_turn_order([v[f"p{i}"] for i in range(n)], arrival)

    def describe(t):
        return f"<b>Next turn order: {', '.join(t['player'])}</b>" + t.to_html(index=False)

    return Explorer(controls, compute, describe, turn_order_figure, title="Passage of Time → next turn order")


# ================================================================== bridges at round end: exact


@cache
def bridge_exact(players: int, lone_die_is_left: bool = True) -> dict:
    """Exact round-end odds when every die is taken uniformly at random among the legal take
    actions (what the random policy does: seal exchanges do not change the bridges).

    Each bridge starts with players + 1 dice and the round ends after 3 × players dice are taken.
    Returns ``p_holds`` (a given bridge still holds a die), ``empty`` ({number of empty bridges:
    probability}), ``dist`` ({dice left per bridge: probability}) and ``left_share`` (expected
    share of picks that take a left end), all as Fractions."""
    start = (dice_per_bridge(players),) * len(COLOURS)
    dist = {start: Fraction(1)}
    left = Fraction(0)
    for _ in range(DICE_PER_PLAYER_ROUND * players):
        nxt: dict = {}
        for bridges, p in dist.items():
            opts = take_options(bridges, players, lone_die_is_left)
            share = p / len(opts)
            for c, end in opts:
                after = list(bridges)
                after[c] -= 1
                after = tuple(after)
                nxt[after] = nxt.get(after, 0) + share
                if end == "left":
                    left += share
        dist = nxt
    picks = DICE_PER_PLAYER_ROUND * players
    p_holds = sum((p for b, p in dist.items() if b[0] > 0), Fraction(0))
    empty: dict = {}
    for b, p in dist.items():
        k = sum(1 for x in b if x == 0)
        empty[k] = empty.get(k, 0) + p
    return {"p_holds": p_holds, "empty": dict(sorted(empty.items())), "dist": dist,
            "left_share": left / picks}


def bridge_exact_table(lone_die_is_left: bool = True) -> pd.DataFrame:
    """The exact odds of :func:`bridge_exact` for 2, 3 and 4 players, one row per count."""
    rows = []
    for n in PLAYER_COUNTS:
        e = bridge_exact(n, lone_die_is_left)
        rows.append({"players": n, "dice per bridge": dice_per_bridge(n), "dice taken": DICE_PER_PLAYER_ROUND * n,
                     "P(a bridge holds a die)": e["p_holds"],
                     **{f"P({k} bridges empty)": e["empty"].get(k, Fraction(0)) for k in (0, 1, 2)},
                     "expected gardens firing (of 6)": 6 * e["p_holds"],
                     "left share of picks": e["left_share"]})
    return pd.DataFrame(rows)


# ================================================================== the game recorder


@dataclass
class GameRecords:
    """What happened in a batch of simulated games.

    ``scores``: one row per player per game, the columns of :func:`boardlab.simulate` plus
    ``start_position`` (1 = first in the initial turn order) and the final holdings (courtiers
    per level, warriors per yard, cards in the lantern area); ``picks``: one row per die taken
    (round, turn, player, policy, colour, pips, end, lone die, space it went to); ``rounds``: one
    row per game, round and bridge (dice left at round end, whether it still holds a die, the
    gardeners on its two gardens then, and the garden actions they get)."""

    game: Game
    policies: list[str]
    games: int
    seed: int
    scores: pd.DataFrame
    picks: pd.DataFrame
    rounds: pd.DataFrame

    @property
    def label(self) -> str:
        names = sorted(set(self.policies))
        if len(names) == 1:
            return names[0]
        return " vs ".join(f"{n} × {self.policies.count(n)}" if self.policies.count(n) > 1 else n for n in names)

    def provenance(self) -> str:
        return plotting.provenance(self.game, games=self.games, seed=self.seed, policies=self.policies)


class GameRecorder:
    """The observer (see :func:`boardlab.core.observe.observe`) behind :func:`record_games`,
    for one game: it notes every die taken and where it went, and what the engine does when
    each round ends.

    Round ends are read from the engine itself: before each decision of a round's last turn
    the recorder replays the decision on a copy of the position and reads, at the moment the
    engine ends the round, the dice left on each bridge, the gardeners standing on each garden
    card and the engine's own list of round-end garden activations (``state.activations``). The
    engine starts the first activation in the same step, so the list is read on the copy as the
    engine makes it; the game itself is never touched."""

    def start(self, state, info) -> None:
        self.policies = info.policies
        self.start_order = list(state.order)
        self.last_turn = DICE_PER_PLAYER_ROUND * state.game.players - 1
        self.picks: list[dict] = []
        self.rounds: list[dict] = []

    def step(self, state, action) -> None:
        if action.kind == "take":
            bridge = state.bridges[COLOURS.index(action.x)]
            self.picks.append({"round": state.round, "turn": state.turn, "player": state.to_move,
                               "policy": self.policies[state.to_move], "colour": action.x, "pips": action.n,
                               "end": "left" if action.m == 0 else "right", "lone die": len(bridge) == 1,
                               "space": None})
        elif action.kind == "place":
            self.picks[-1]["space"] = action.x
        if state.phase == "turn" and state.turn == self.last_turn:
            self._watch_round_end(state, action)

    def _watch_round_end(self, state, action) -> None:
        probe = state.copy()
        engine_end_round = type(probe)._end_round

        def end_round():
            engine_end_round(probe)
            garden_step = probe.phase == "roundend"
            acting = list(probe.activations) if garden_step else []
            for c, colour in enumerate(COLOURS):
                left = len(probe.bridges[c])
                self.rounds.append({
                    "round": probe.round, "colour": colour, "dice left": left, "holds a die": left > 0,
                    "gardeners under": sum(len(probe.gardeners[slot]) for slot in (2 * c, 2 * c + 1)),
                    "garden actions": sum(1 for _, slot in acting if slot // 2 == c),
                    "garden step": garden_step})

        probe._end_round = end_round  # on the copy only: the real game is not touched
        probe.apply(action)

    def finish(self, state) -> dict:
        seats = [{"seat": i, "start_position": self.start_order.index(i) + 1,
                  **dict(zip(HOLDING_COLUMNS, list(p.court) + list(p.warriors) + [len(p.lantern)]))}
                 for i, p in enumerate(state.players)]
        return {"picks": self.picks, "rounds": self.rounds, "seats": seats}


HOLDING_COLUMNS = [f"courtiers {level}" for level in ("at the gate", "on floor 1", "on floor 2", "on floor 3")] + [
    f"warriors {iron}-iron yard" for iron, _, _ in C.yards()] + ["lantern cards"]
PICK_COLUMNS = ["game_id", "round", "turn", "player", "policy", "colour", "pips", "end", "lone die", "space"]
ROUND_COLUMNS = ["game_id", "round", "colour", "dice left", "holds a die", "gardeners under", "garden actions",
                 "garden step"]


def record_games(game: Game, policies, games: int, seed: int, workers: int = 1) -> GameRecords:
    """Play ``games`` seeded games with :func:`boardlab.core.observe.observe` (the games
    :func:`boardlab.simulate` plays for the same ``seed``, whatever ``workers``) and keep what
    :class:`GameRecorder` noted in them."""
    run = observe(game, list(policies), games, seed, GameRecorder, workers=workers)
    scores = run["scores"].merge(run["seats"], on=["game_id", "seat"], how="left", validate="one_to_one")
    scores.attrs.update(run["scores"].attrs)
    picks, rounds = run["picks"][PICK_COLUMNS], run["rounds"][ROUND_COLUMNS]
    names = list(run["scores"].attrs["policies"])
    return GameRecords(game, names, games, seed, scores, picks, rounds)


def record_many(player_counts=PLAYER_COUNTS, tables=None, games=200, seed: int = 2026, workers: int = 1,
                **options) -> dict:
    """:func:`record_games` for every player count and table make-up.

    ``tables``: {label: policy for seat 0, policy for the other seats}, default
    ``{"random": ("random", "random")}``. Returns {(players, label): GameRecords}."""
    tables = tables or {"random": ("random", "random")}
    games = games if isinstance(games, dict) else dict.fromkeys(tables, games)
    out = {}
    for n in player_counts:
        for label, (first, rest) in tables.items():
            out[(n, label)] = record_games(Game(players=n, **options), [first] + [rest] * (n - 1),
                                           games[label], seed, workers)
    return out


# ================================================================== round end: tables and figures


def _proportion_row(successes: int, n: int) -> dict:
    """A share of independent trials with its Wilson 95 % interval."""
    lo, hi = stats.wilson_interval(successes, n)
    return {"count": successes, "n": n, "share": successes / n, "ci_low": lo, "ci_high": hi}


def clustered_share(x, m) -> dict:
    """The share sum(x) / sum(m) of events counted game by game (``x[g]`` events out of ``m[g]``
    in game ``g``), with a 95 % interval that allows for dependence inside a game (the dice of
    one round, the picks of one player are not independent trials): the wider of the Wilson
    interval and the ratio estimator's between-games interval (share ± 1.96 × se,
    se = sqrt(sum((x - share·m)²) / (G(G-1))) / mean(m) over the G games)."""
    x, m = np.asarray(x, dtype=float), np.asarray(m, dtype=float)
    count, n, games = int(x.sum()), int(m.sum()), len(x)
    share = count / n
    lo, hi = stats.wilson_interval(count, n)
    se = math.sqrt(((x - share * m) ** 2).sum() / (games * (games - 1))) / m.mean() if games > 1 else float("nan")
    if se == se:  # not NaN
        lo, hi = min(lo, max(0.0, share - 1.96 * se)), max(hi, min(1.0, share + 1.96 * se))
    return {"count": count, "n": n, "games": games, "share": share, "se": se, "ci_low": lo, "ci_high": hi}


def bridge_table(records: dict, rounds=None) -> pd.DataFrame:
    """Simulated share of bridges still holding a die at the end of the given rounds (default:
    the rounds whose end has a garden step in the engine, rounds 1-2), by player count and
    table (95 % intervals from :func:`clustered_share`), next to the exact value for uniformly
    random takes."""
    rows = []
    for (n, label), rec in records.items():
        r = rec.rounds[rec.rounds["garden step"] if rounds is None else rec.rounds["round"].isin(rounds)]
        per_game = r.groupby("game_id")["holds a die"].agg(["sum", "size"])
        row = {"players": n, "table": label, **clustered_share(per_game["sum"], per_game["size"])}
        row["exact (random takes)"] = float(bridge_exact(n, rec.game.lone_die_is_left)["p_holds"])
        rows.append(row)
    return pd.DataFrame(rows)


def bridge_by_round_colour(records: dict) -> pd.DataFrame:
    """Share of bridges holding a die at round end by round and colour (all rounds)."""
    rows = []
    for (n, label), rec in records.items():
        for (rnd, colour), g in rec.rounds.groupby(["round", "colour"], sort=True):
            rows.append({"players": n, "table": label, "round": rnd, "colour": colour,
                         **_proportion_row(int(g["holds a die"].sum()), len(g))})  # one bridge per game
    return pd.DataFrame(rows)


def garden_action_table(records: dict, pool_players: bool = False) -> pd.DataFrame:
    """Per player count and table (or per table over all player counts, ``pool_players``): the
    gardeners standing on garden cards at the round ends with a garden step (rounds 1-2) and the
    garden actions the engine gave them, each per player per game (mean and standard error over
    games), and the share of those gardeners that acted."""
    frames = []
    for (n, label), rec in records.items():
        r = rec.rounds[rec.rounds["garden step"]]
        per_game = r.groupby("game_id")[["gardeners under", "garden actions"]].sum()
        frames.append(per_game.assign(players=n, table=label, **{"per player": 1 / n}))
    games = pd.concat(frames)
    rows = []
    for key, g in games.groupby(["table"] if pool_players else ["players", "table"], sort=False):
        row = dict(zip(["table"] if pool_players else ["players", "table"], key))
        row["games"] = len(g)
        for column, name in (("garden actions", "garden actions"), ("gardeners under", "gardeners in place")):
            values = g[column] * g["per player"]
            mean, se = stats.mean_se(values) if len(values) > 1 else (float(values.mean()), float("nan"))
            row[f"{name} per player per game"], row[f"{name} se"] = mean, se
        under, acted = int(g["gardeners under"].sum()), int(g["garden actions"].sum())
        row["gardeners in place (rounds 1-2)"] = under
        row["share that acted"] = acted / under if under else float("nan")
        rows.append(row)
    return pd.DataFrame(rows)


def _provenance_many(records: dict, note: str = "") -> str:
    counts = sorted({n for n, _ in records})
    first = next(iter(records.values()))
    games = sorted({(label, rec.games) for (_, label), rec in records.items()})
    sample = "; ".join(f"{label}: {g} games per count" for label, g in games)
    return game_provenance(counts, options=first.game.options(), seed=first.seed,
                           note=f"{sample}; {note}" if note else sample)


def _table_policy(label: str) -> str:
    return "greedy" if "greedy" in label else "random"


def bridge_figure(records: dict) -> Figure:
    """Share of bridges holding a die at the end of rounds 1-2, by player count and table, with
    95 % intervals (:func:`clustered_share`); the exact value for uniformly random takes as a tick."""
    t = bridge_table(records)
    labels = list(dict.fromkeys(t["table"]))
    fig = _figure(8, 4.6)
    ax = fig.add_subplot()
    width = 0.8 / len(labels)
    for j, label in enumerate(labels):
        sub = t[t["table"] == label]
        x = np.array([PLAYER_COUNTS.index(n) for n in sub["players"]]) + (j - (len(labels) - 1) / 2) * width
        err = np.vstack([sub["share"] - sub["ci_low"], sub["ci_high"] - sub["share"]])
        ax.bar(x, sub["share"], width * 0.9, yerr=err, capsize=4, color=POLICY_COLOURS[_table_policy(label)],
               label=f"{label} table (simulated, 95 % CI)", alpha=0.9)
    for n in PLAYER_COUNTS:
        e = float(bridge_exact(n)["p_holds"])
        i = PLAYER_COUNTS.index(n)
        ax.hlines(e, i - 0.45, i + 0.45, color="black", lw=2,
                  label="exact, uniformly random takes" if n == PLAYER_COUNTS[0] else None)
    ax.set_xticks(range(len(PLAYER_COUNTS)), [f"{n} players\n({n + 1} dice per bridge)" for n in PLAYER_COUNTS])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("bridges holding ≥1 die at round end (share)")
    ax.set_title("How often a bridge still holds a die when rounds 1-2 end\n(= how often the gardens under it act)")
    ax.legend(fontsize=8, loc="upper right")
    plotting.stamp(fig, _provenance_many(records))
    return fig


def empty_bridges_figure(records: dict) -> Figure:
    """Distribution of the number of empty bridges at round end: exact (random takes) and simulated."""
    fig = _figure(10, 4.4)
    axes = fig.subplots(1, len(PLAYER_COUNTS), sharey=True)
    labels = list(dict.fromkeys(label for _, label in records))
    for ax, n in zip(axes, PLAYER_COUNTS):
        width = 0.8 / (len(labels) + 1)
        exact = bridge_exact(n)["empty"]
        ks = [0, 1, 2]
        ax.bar(np.array(ks) - 0.4 + width / 2, [float(exact.get(k, 0)) for k in ks], width, color="0.3",
               label="exact, random takes")
        for j, label in enumerate(labels):
            rec = records.get((n, label))
            if rec is None:
                continue
            per = rec.rounds.groupby(["game_id", "round"])["holds a die"].apply(lambda s: int((~s).sum()))
            shares = [clustered_share((per == k).groupby(level=0).sum(), per.groupby(level=0).size()) for k in ks]
            y = np.array([s["share"] for s in shares])
            err = np.vstack([y - [s["ci_low"] for s in shares], np.array([s["ci_high"] for s in shares]) - y])
            ax.bar(np.array(ks) - 0.4 + width * (j + 1.5), y, width, yerr=err, capsize=3,
                   color=POLICY_COLOURS[_table_policy(label)], label=f"{label} (simulated, 95 % CI)")
        ax.set_xticks(ks)
        ax.set_title(f"{n} players")
        ax.set_xlabel("empty bridges (count)")
    axes[0].set_ylabel("share of round ends")
    axes[0].set_ylim(0, 1.05)
    axes[0].legend(fontsize=7, loc="upper left")
    fig.suptitle("Three dice stay on the bridges: how many bridges end the round empty?")
    plotting.stamp(fig, _provenance_many(records, "all three rounds"))
    return fig


def _clipped(mean, se):
    """Error bars of a 95 % interval (mean ± 1.96 se) for a quantity that cannot go below 0."""
    mean, half = np.asarray(mean, dtype=float), 1.96 * np.nan_to_num(np.asarray(se, dtype=float))
    return np.vstack([np.minimum(half, mean), half])


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
    fig = _figure(8, 4.5)
    ax = fig.add_subplot()
    levels = list(LEVELS) + ["inside (floors 1-3)"]
    x = np.arange(len(levels))
    width = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        s = t[(t["table"] == label) & (t["policy"] == policy)].set_index("level").loc[levels]
        ax.bar(x + (j - (len(series) - 1) / 2) * width, s["mean"], width * 0.9, yerr=_clipped(s["mean"], s["se"]),
               capsize=3, color=_series_colour(label, policy), label=_series_label(label, policy))
    ax.set_xticks(x, levels)
    ax.set_ylabel("courtiers per player at game end (mean)")
    ax.set_xlabel("where the courtier stands")
    ax.set_title(f"How high courtiers get in simulated games, {players} players (error bars: 95 % CI)")
    ax.legend(fontsize=8)
    plotting.stamp(fig, _provenance_many({k: v for k, v in records.items() if k[0] == players}))
    return fig


# ================================================================== notebook 05: outcomes


def scores_of(records: dict) -> pd.DataFrame:
    """All score rows of several batches, with ``table`` and ``policy`` columns."""
    frames = []
    for (n, label), rec in records.items():
        df = rec.scores.copy()
        df["table"] = label
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def picks_of(records: dict) -> pd.DataFrame:
    frames = []
    for (n, label), rec in records.items():
        df = rec.picks.copy()
        df["players"] = n
        df["table"] = label
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def _group_label(row) -> str:
    return row["policy"] if row["table"] == "random" else f"{row['policy']} (vs {_others(row['table'])})"


def _others(label: str) -> str:
    return "random" if "greedy" in label else "greedy"


def score_summary(records: dict) -> pd.DataFrame:
    """Mean total score with its standard error and 95 % interval, by player count, table and
    policy of the seat."""
    df = scores_of(records)
    rows = []
    for (n, label, policy), g in df.groupby(["players", "table", "policy"], sort=False):
        mean, se = stats.mean_se(g["total"])
        rows.append({"players": n, "table": label, "policy": policy, "seats": len(g), "mean total": mean,
                     "se": se, "ci_low": mean - 1.96 * se, "ci_high": mean + 1.96 * se,
                     "median": float(g["total"].median())})
    return pd.DataFrame(rows)


def _series_label(label: str, policy: str) -> str:
    return f"{policy} seats ({label} table)"


def _series_colour(label: str, policy: str) -> str:
    if label == "random":
        return POLICY_COLOURS["random"]
    return POLICY_COLOURS["greedy"] if policy == "greedy" else plotting.PALETTE[2]


def total_score_figure(records: dict) -> Figure:
    """Histograms of final totals, one panel per player count in ``records``, one outline per
    kind of seat, with the mean and its 95 % interval drawn above each."""
    df = scores_of(records)
    counts = sorted({n for n, _ in records})
    fig = _figure(10 if len(counts) > 1 else 6, 4.4)
    axes = fig.subplots(1, len(counts), sharey=True, squeeze=False)[0]
    bins = np.arange(0, df["total"].max() + 6, 5)
    for ax, n in zip(axes, counts):
        sub = df[df["players"] == n]
        top = 0
        series = list(sub.groupby(["table", "policy"], sort=False))
        for k, ((label, policy), g) in enumerate(series):
            colour = _series_colour(label, policy)
            w = np.full(len(g), 1 / len(g))
            heights, _, _ = ax.hist(g["total"], bins=bins, weights=w, histtype="step", lw=2, color=colour,
                                    label=_series_label(label, policy))
            top = max(top, heights.max())
        for k, ((label, policy), g) in enumerate(series):
            mean, se = stats.mean_se(g["total"])
            y = top * (1.08 + 0.09 * k)
            ax.errorbar(mean, y, xerr=1.96 * se, fmt="o", color=_series_colour(label, policy), capsize=3, ms=4)
        ax.set_title(f"{n} players")
        ax.set_xlabel("final total (clan points)")
    axes[0].set_ylabel("share of seats per 5-point bin")
    axes[-1].legend(fontsize=7, loc="center right")
    fig.suptitle("Final totals (dots: mean ± 95 % CI)")
    plotting.stamp(fig, _provenance_many(records))
    return fig


def category_table(records: dict) -> pd.DataFrame:
    """Mean points per score category with standard errors, by player count and kind of seat."""
    df = scores_of(records)
    rows = []
    for (n, label, policy), g in df.groupby(["players", "table", "policy"], sort=False):
        for cat in scoring.CATEGORIES:
            mean, se = stats.mean_se(g[cat])
            rows.append({"players": n, "table": label, "policy": policy, "category": cat, "mean": mean, "se": se})
    return pd.DataFrame(rows)


def category_figure(records: dict, players: int = 2, table: pd.DataFrame | None = None) -> Figure:
    """Mean points per category for each kind of seat at ``players`` players (error bars: 95 % CI).
    ``table``: :func:`category_table` already computed."""
    t = category_table(records) if table is None else table
    t = t[t["players"] == players]
    series = list(dict.fromkeys(zip(t["table"], t["policy"])))
    fig = _figure(9, 4.6)
    ax = fig.add_subplot()
    x = np.arange(len(scoring.CATEGORIES))
    width = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        s = t[(t["table"] == label) & (t["policy"] == policy)].set_index("category").loc[list(scoring.CATEGORIES)]
        ax.bar(x + (j - (len(series) - 1) / 2) * width, s["mean"], width * 0.9, yerr=_clipped(s["mean"], s["se"]),
               capsize=3, color=_series_colour(label, policy), label=_series_label(label, policy))
    ax.set_xticks(x, [c.replace(" and ", " &\n").replace("passage of time", "Passage\nof Time")
                      .replace("in-game points", "in-game\npoints") for c in scoring.CATEGORIES], fontsize=9)
    ax.set_ylabel("mean points per seat (clan points)")
    ax.set_title(f"Where the points come from, {players} players (error bars: 95 % CI)")
    ax.legend(fontsize=8)
    plotting.stamp(fig, _provenance_many({k: v for k, v in records.items() if k[0] == players}))
    return fig


def win_rate_table(records: dict, by: str = "start_position") -> pd.DataFrame:
    """Win rate by ``by`` (``start_position``: place in the initial turn order; ``seat``: player
    index; ``policy``) for each player count and table, with Wilson 95 % intervals."""
    df = scores_of(records)
    rows = []
    for (n, label, key), g in df.groupby(["players", "table", by], sort=True):
        rows.append({"players": n, "table": label, by: key, "fair share": 1 / n,
                     **_proportion_row(int(g["winner"].sum()), len(g))})
    return pd.DataFrame(rows)


def win_rate_figure(records: dict, table: str = "random") -> Figure:
    """Win rate by place in the initial turn order (all seats playing ``table``), with Wilson
    95 % intervals and the fair share 1/players."""
    t = win_rate_table({k: v for k, v in records.items() if k[1] == table}, "start_position")
    fig = _figure(8, 4.5)
    ax = fig.add_subplot()
    width = 0.2
    for j, pos in enumerate(range(1, max(PLAYER_COUNTS) + 1)):
        sub = t[t["start_position"] == pos]
        if sub.empty:
            continue
        x = np.array([PLAYER_COUNTS.index(n) for n in sub["players"]]) + (j - 1.5) * width
        err = np.vstack([sub["share"] - sub["ci_low"], sub["ci_high"] - sub["share"]])
        ax.bar(x, sub["share"], width * 0.9, yerr=err, capsize=3, color=plotting.PALETTE[j],
               label=f"starts {['1st', '2nd', '3rd', '4th'][j]} in turn order")
    for i, n in enumerate(PLAYER_COUNTS):
        ax.hlines(1 / n, i - 0.45, i + 0.45, color="black", ls="--", lw=1.5,
                  label="fair share 1/players" if i == 0 else None)
    ax.set_xticks(range(len(PLAYER_COUNTS)), [f"{n} players" for n in PLAYER_COUNTS])
    ax.set_ylabel("games won (share, Wilson 95 % CI)")
    ax.set_ylim(0, 0.85)
    ax.set_title(f"Win rate by place in the first round's turn order ({table} players)")
    ax.legend(fontsize=8, loc="upper right", ncol=2)
    plotting.stamp(fig, _provenance_many({k: v for k, v in records.items() if k[1] == table}))
    return fig


def greedy_win_figure(records: dict, table: str) -> Figure:
    """Win rate of the single greedy seat at each player count (Wilson 95 % CI) against 1/players."""
    t = win_rate_table({k: v for k, v in records.items() if k[1] == table}, "policy")
    t = t[t["policy"] == "greedy"]
    fig = _figure(7, 4.2)
    ax = fig.add_subplot()
    x = np.arange(len(t))
    err = np.vstack([t["share"] - t["ci_low"], t["ci_high"] - t["share"]])
    ax.bar(x, t["share"], 0.6, yerr=err, capsize=4, color=POLICY_COLOURS["greedy"], label="greedy seat (95 % CI)")
    for i, n in enumerate(t["players"]):
        ax.hlines(1 / n, i - 0.35, i + 0.35, color="black", ls="--", lw=1.5,
                  label="fair share 1/players" if i == 0 else None)
    ax.set_xticks(x, [f"{n} players\n(1 greedy, {n - 1} random)" for n in t["players"]])
    ax.set_ylim(0, 1.3)
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.set_ylabel("games won by the greedy seat (share)")
    ax.set_title("One greedy player against random players")
    ax.legend(fontsize=8, loc="upper center", ncol=2)
    plotting.stamp(fig, _provenance_many({k: v for k, v in records.items() if k[1] == table}))
    return fig


def pick_shares(records: dict, column: str = "end", by=("players", "table", "policy")) -> pd.DataFrame:
    """Share of picks by ``column`` ("end": left / right; "space group": kind of space; "space":
    each action space, F1A ... ROW2) for each group of ``by`` (default: each player count and
    kind of seat; leave "players" out to pool the player counts), with 95 % intervals that allow
    for the picks of one game being related (:func:`clustered_share`)."""
    p = picks_of(records)
    p["space group"] = p["space"].map(SPACE_GROUPS)
    p["cluster"] = p["players"].astype(str) + ":" + p["game_id"].astype(str)  # one game of one batch
    keys = {"space group": SPACE_GROUP_ORDER, "space": SPACE_ORDER}.get(column) or sorted(p[column].dropna().unique())
    rows = []
    for group, g in p.groupby(list(by), sort=False):
        per_game = g.groupby("cluster").size()
        for key in keys:
            hits = (g[column] == key).groupby(g["cluster"]).sum().reindex(per_game.index, fill_value=0)
            rows.append({**dict(zip(by, group)), column: key, **clustered_share(hits, per_game)})
    return pd.DataFrame(rows)


def left_right_figure(records: dict) -> Figure:
    """Share of picks taking a left end (lantern) by player count and kind of seat; the exact share
    for uniformly random takes as a tick."""
    t = pick_shares(records, "end")
    t = t[t["end"] == "left"]
    series = list(dict.fromkeys(zip(t["table"], t["policy"])))
    fig = _figure(8, 4.5)
    ax = fig.add_subplot()
    width = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        sub = t[(t["table"] == label) & (t["policy"] == policy)]
        x = np.array([PLAYER_COUNTS.index(n) for n in sub["players"]]) + (j - (len(series) - 1) / 2) * width
        err = np.vstack([sub["share"] - sub["ci_low"], sub["ci_high"] - sub["share"]])
        ax.bar(x, sub["share"], width * 0.9, yerr=err, capsize=3, color=_series_colour(label, policy),
               label=_series_label(label, policy))
    for i, n in enumerate(PLAYER_COUNTS):
        ax.hlines(float(bridge_exact(n)["left_share"]), i - 0.45, i + 0.45, color="black", lw=2,
                  label="exact, uniformly random takes" if i == 0 else None)
    ax.axhline(0.5, color="0.5", ls=":", lw=1)
    ax.set_xticks(range(len(PLAYER_COUNTS)), [f"{n} players" for n in PLAYER_COUNTS])
    ax.set_ylim(0, 1)
    ax.set_ylabel("picks taking the left (low) end (share)")
    ax.set_title("Left end (lantern) or right end? Share of dice taken from the left\n"
                 "(a bridge's lone last die counts as left: assumed)")
    ax.legend(fontsize=8, loc="upper right")
    plotting.stamp(fig, _provenance_many(records))
    return fig


def space_figure(records: dict, players: int = 3, by: str = "space group", table: pd.DataFrame | None = None) -> Figure:
    """Where the dice go: share of placements per kind of space (``by="space group"``) or per
    action space (``by="space"``) at ``players`` players, per kind of seat, with 95 % intervals
    (:func:`clustered_share`). ``table``: :func:`pick_shares` already computed for ``by``."""
    if by not in ("space group", "space"):
        raise ValueError(f"by must be 'space group' or 'space', got {by!r}")
    chosen = {k: v for k, v in records.items() if k[0] == players}
    t = pick_shares(chosen, by) if table is None else table
    t = t[t["players"] == players]
    order = list(SPACE_GROUP_ORDER if by == "space group" else SPACE_ORDER)
    labels = order if by == "space group" else [SPACE_LABELS[s] for s in order]
    series = list(dict.fromkeys(zip(t["table"], t["policy"])))
    fig = _figure(9, 4.6 if by == "space group" else 6.4)
    ax = fig.add_subplot()
    y = np.arange(len(order))
    height = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        sub = t[(t["table"] == label) & (t["policy"] == policy)].set_index(by).loc[order]
        share = sub["share"].to_numpy()
        err = np.vstack([share - sub["ci_low"], sub["ci_high"] - share])
        ax.barh(y + (j - (len(series) - 1) / 2) * height, share, height * 0.9, xerr=err, capsize=3,
                color=_series_colour(label, policy), label=_series_label(label, policy))
    ax.set_yticks(y, labels, fontsize=9 if by == "space" else None)
    ax.invert_yaxis()
    fig.subplots_adjust(left=0.3)
    ax.set_xlabel("share of dice placed there")
    ax.set_ylabel("kind of space" if by == "space group" else "action space")
    ax.set_title(f"Where the dice go, {players} players (error bars: 95 % CI)")
    ax.legend(fontsize=8, loc="lower right")
    plotting.stamp(fig, _provenance_many(chosen))
    return fig


#: What the outcome widget of notebook 05 can show: label -> view.
OUTCOME_VIEWS = {"where the dice go: each space": "space", "where the dice go: kinds of space": "space group",
                 "points by category": "category", "mean total score": "total"}


def outcome_tables(records: dict) -> dict:
    """The tables the outcome widget shows, computed once for every player count: per action
    space, per kind of space, per score category, and the mean totals."""
    return {"space": pick_shares(records, "space"), "space group": pick_shares(records, "space group"),
            "category": category_table(records), "total": score_summary(records)}


def outcome_view(records: dict, tables: dict, players: int, view: str) -> dict:
    """One view of the outcome widget: the rows of ``tables[view]`` for ``players`` players
    (as displayed: shares and means with their 95 % intervals) and the view's figure."""
    if view not in tables:
        raise ValueError(f"view must be one of {sorted(tables)}, got {view!r}")
    t = tables[view]
    t = t[t["players"] == players]
    if view in ("space", "space group"):
        shown = t[["table", "policy", view, "share", "ci_low", "ci_high", "games"]]
        if view == "space":
            shown = shown.assign(space=shown["space"].map(SPACE_LABELS))
        figure = space_figure(records, players, view, table=tables[view])
    elif view == "category":
        shown = t.assign(ci_low=t["mean"] - 1.96 * t["se"], ci_high=t["mean"] + 1.96 * t["se"])
        shown = shown[["table", "policy", "category", "mean", "ci_low", "ci_high"]]
        figure = category_figure(records, players, table=tables["category"])
    elif view == "total":
        shown = t[["table", "policy", "seats", "mean total", "ci_low", "ci_high", "median"]]
        figure = total_score_figure({k: v for k, v in records.items() if k[0] == players})
    return {"players": players, "view": view, "table": shown.reset_index(drop=True), "figure": figure}


def outcome_explorer(records: dict, players: int = 3, view: str = "space") -> Explorer:
    """Notebook 05's widget: choose a player count and what to show (each action space, kinds of
    space, score categories, mean totals); the table and figure come from the simulated games
    in ``records``, summarised once (:func:`outcome_tables`)."""
    import ipywidgets as widgets

    tables = outcome_tables(records)
    counts = sorted({n for n, _ in records})
    controls = {
        "players": widgets.ToggleButtons(options=counts, value=players, description="players",
                                         style={"button_width": "48px"}),
        "view": widgets.Dropdown(options=list(OUTCOME_VIEWS.items()), value=view, description="show",
                                 layout=widgets.Layout(width="360px")),
    }

    def describe(r):
        return readable(r["table"].round(3)).to_html(index=False)

    return Explorer(controls, lambda players, view: outcome_view(records, tables, players, view), describe,
                    lambda r: r["figure"], title="Simulated outcomes: choose a player count and a view")


__all__ = [
    "readable", "level_points", "climb_cost", "courtier_routes", "route_name", "route_table",
    "route_figure", "climb_route", "lantern_growth", "lantern_figure", "lantern_reward", "warrior_table",
    "multiplier_figure", "WarriorScore", "lantern_icon_table", "court_table", "court_figure", "clustered_share", "Explorer", "warrior_explorer", "lantern_explorer", "time_track_table",
    "time_track_figure", "move_marker", "next_turn_order", "turn_order_figure", "turn_order_explorer",
    "bridge_exact", "bridge_exact_table", "GameRecords", "record_games", "record_many", "bridge_table",
    "bridge_by_round_colour", "garden_action_table", "bridge_figure", "empty_bridges_figure", "scores_of",
    "picks_of", "score_summary", "total_score_figure", "category_table", "category_figure", "win_rate_table",
    "win_rate_figure", "greedy_win_figure", "pick_shares", "left_right_figure", "space_figure", "outcome_tables",
    "outcome_view", "outcome_explorer",
]

"""Notebook 04, *round end and gardens*: how often a bridge still holds a die when the round
ends (exact for uniformly random picks: :func:`~boardlab.whitecastle.lessons.common.bridge_exact`;
simulated for any policy: :func:`bridge_table`), what that means for the gardens, the Passage of
Time (시간의 흐름) track (:func:`time_track_table`, :func:`move_marker`) and the next turn order
(:func:`next_turn_order`, widget :func:`turn_order_explorer`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import plotting, stats
from boardlab.whitecastle import components as C
from boardlab.whitecastle.dice import dice_per_bridge
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.odds import PLAYER_COUNTS
from boardlab.whitecastle.rules import DICE_PER_PLAYER_ROUND
from boardlab.whitecastle.lessons.common import T, readable, POLICY_COLOURS, game_provenance, new_figure, decision_of, Explorer, slider, bridge_exact, proportion_row, clustered_share
from boardlab.whitecastle.lessons.records import provenance_many, table_policy

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
    fig = new_figure(8, 4.5)
    ax = fig.add_subplot()
    ax.step(t["space"], t["points"], where="mid", color=plotting.PALETTE[0], lw=2)
    ax.scatter(t["space"], t["points"], color=plotting.PALETTE[0], s=18, zorder=3)
    for space, cost in C.time_gates().items():
        ax.axvline(space - 0.5, color=plotting.PALETTE[5], ls="--", lw=1)
        ax.annotate(T("enter {space}:\n{n} seals" if cost > 1 else "enter {space}:\n{n} seal", space=space, n=cost),
                    (space - 0.5, t["points"].max() + 0.4),
                    ha="center", fontsize=8, color=plotting.PALETTE[5], backgroundcolor="white")
    ax.set_xticks(range(0, len(t)))
    ax.set_ylim(0, t["points"].max() + 3)
    ax.set_xlabel(T("Passage of Time space"))
    ax.set_ylabel(T("end-game points (clan points)"))
    ax.set_title(T("Passage of Time: end-game points per space, seals per gate"))
    plotting.stamp(fig, game_provenance(note=T("exact: components time_track.csv, board.csv")))
    return fig


def move_marker(start: int, steps: int, seals: int, pay: bool = True, seed: int = 1) -> dict:
    """Move player 0's marker ``steps`` spaces from ``start`` with ``seals`` in hand, through the
    engine. At a gate the player pays when ``pay`` and the seals allow, else the marker stops.
    Returns the end space, seals left and the engine's decisions in text notation."""
    state = Game(players=2).build_position(
        {"goods": {0: {"seal": seals}}, "time": {0: start}, "pending": {"time": steps}}, seed=seed).state
    decisions = []
    while state.to_move == 0 and decision_of(state) == "timegate":
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
    arrived (the last one is on top of any shared space). The position is built by
    ``Game.build_position`` and the order read from ``turn_order_from_time``."""
    n = len(spaces)
    arrival = list(range(n)) if arrival is None else list(arrival)
    if sorted(arrival) != list(range(n)):
        raise ValueError(f"arrival must list each of the {n} players once, got {arrival}")
    state = Game(players=n).build_position(
        {"time": {i: int(space) for i, space in enumerate(spaces)}, "time_arrival": arrival}, seed=seed).state
    order = state.turn_order_from_time()
    shared = Counter(int(s) for s in spaces)
    rows = [{"player": f"P{i}", "space": int(spaces[i]), "arrived": arrival.index(i) + 1,
             "on top of a shared space": shared[int(spaces[i])] > 1
             and all(arrival.index(j) < arrival.index(i) for j in range(n) if j != i and spaces[j] == spaces[i]),
             "points now": C.time_points()[int(spaces[i])], "next turn": order.index(i) + 1}
            for i in range(n)]
    return pd.DataFrame(rows).sort_values("next turn").reset_index(drop=True)


def turn_order_figure(table: pd.DataFrame) -> Figure:
    """The track with the markers, stacked in arrival order (last arrival on top)."""
    fig = new_figure(8, 3.6)
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
        ax.text(space - 0.5, 3.7, T("{n} seals" if cost > 1 else "{n} seal", n=cost), ha="center", fontsize=8,
                color=plotting.PALETTE[5])
    ax.set_xlim(-0.7, 20.7)
    ax.set_ylim(-0.7, 4.2)
    ax.set_xticks(range(21))
    ax.set_yticks(range(4), [T("1st (bottom)"), T("2nd"), T("3rd"), T("4th")])
    fig.subplots_adjust(left=0.14)  # room for the stack places and the axis label
    ax.set_xlabel(T("Passage of Time space"))
    ax.set_ylabel(T("place in the stack on its space"))
    order = ", ".join(table.sort_values("next turn")["player"])
    ax.set_title(T("Markers on the Passage of Time; next turn order: {order}", order=order))
    plotting.stamp(fig, game_provenance(len(table), note=T("engine: turn_order_from_time on a JSON position")))
    return fig


def turn_order_explorer(spaces=(7, 7, 4, 11), arrival=(0, 1, 2, 3)) -> Explorer:
    """Sliders for each marker and a menu for the order the markers arrived in; the engine
    gives the next turn order."""
    import ipywidgets as widgets

    n = len(spaces)
    controls = {f"p{i}": slider("Passage of Time space of P{i}", spaces[i], 0, 20, i=i) for i in range(n)}
    perms = list(itertools.permutations(range(n)))
    controls["arrival"] = widgets.Dropdown(
        options=[(T("{order} (last on top)", order=T(" then ").join(f"P{i}" for i in p)), p) for p in perms],
        value=tuple(arrival), description=T("markers arrived"), style={"description_width": "initial"},
        layout=widgets.Layout(width="600px"))

    def compute(arrival, **v):
        return next_turn_order([v[f"p{i}"] for i in range(n)], arrival)

    def describe(t):
        return f"<b>{T('Next turn order: {order}', order=', '.join(t['player']))}</b>" + readable(t, index="player").to_html()

    return Explorer(controls, compute, describe, turn_order_figure, title="Passage of Time → next turn order")


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
                         **proportion_row(int(g["holds a die"].sum()), len(g))})  # one bridge per game
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


def bridge_figure(records: dict) -> Figure:
    """Share of bridges holding a die at the end of rounds 1-2, by player count and table, with
    95 % intervals (:func:`clustered_share`); the exact value for uniformly random takes as a tick."""
    t = bridge_table(records)
    labels = list(dict.fromkeys(t["table"]))
    fig = new_figure(8, 4.6)
    ax = fig.add_subplot()
    width = 0.8 / len(labels)
    for j, label in enumerate(labels):
        sub = t[t["table"] == label]
        x = np.array([PLAYER_COUNTS.index(n) for n in sub["players"]]) + (j - (len(labels) - 1) / 2) * width
        err = np.vstack([sub["share"] - sub["ci_low"], sub["ci_high"] - sub["share"]])
        ax.bar(x, sub["share"], width * 0.9, yerr=err, capsize=4, color=POLICY_COLOURS[table_policy(label)],
               label=T("{table} table (simulated, 95 % CI)", table=T(label)), alpha=0.9)
    for n in PLAYER_COUNTS:
        e = float(bridge_exact(n)["p_holds"])
        i = PLAYER_COUNTS.index(n)
        ax.hlines(e, i - 0.45, i + 0.45, color="black", lw=2,
                  label=T("exact, uniformly random takes") if n == PLAYER_COUNTS[0] else None)
    ax.set_xticks(range(len(PLAYER_COUNTS)), [T("{players} players\n({n} dice per bridge)", players=n, n=n + 1) for n in PLAYER_COUNTS])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel(T("bridges holding ≥1 die at round end (share)"))
    ax.set_title(T("How often a bridge still holds a die when rounds 1-2 end\n(= how often the gardens under it act)"))
    ax.legend(fontsize=8, loc="upper right")
    plotting.stamp(fig, provenance_many(records))
    return fig


def empty_bridges_figure(records: dict) -> Figure:
    """Distribution of the number of empty bridges at round end: exact (random takes) and simulated."""
    fig = new_figure(10, 4.4)
    axes = fig.subplots(1, len(PLAYER_COUNTS), sharey=True)
    labels = list(dict.fromkeys(label for _, label in records))
    for ax, n in zip(axes, PLAYER_COUNTS):
        width = 0.8 / (len(labels) + 1)
        exact = bridge_exact(n)["empty"]
        ks = [0, 1, 2]
        ax.bar(np.array(ks) - 0.4 + width / 2, [float(exact.get(k, 0)) for k in ks], width, color="0.3",
               label=T("exact, random takes"))
        for j, label in enumerate(labels):
            rec = records.get((n, label))
            if rec is None:
                continue
            per = rec.rounds.groupby(["game_id", "round"])["holds a die"].apply(lambda s: int((~s).sum()))
            shares = [clustered_share((per == k).groupby(level=0).sum(), per.groupby(level=0).size()) for k in ks]
            y = np.array([s["share"] for s in shares])
            err = np.vstack([y - [s["ci_low"] for s in shares], np.array([s["ci_high"] for s in shares]) - y])
            ax.bar(np.array(ks) - 0.4 + width * (j + 1.5), y, width, yerr=err, capsize=3,
                   color=POLICY_COLOURS[table_policy(label)], label=T("{table} (simulated, 95 % CI)", table=T(label)))
        ax.set_xticks(ks)
        ax.set_title(T("{players} players", players=n))
        ax.set_xlabel(T("empty bridges (count)"))
    axes[0].set_ylabel(T("share of round ends"))
    axes[0].set_ylim(0, 1.05)
    axes[0].legend(fontsize=7, loc="upper left")
    fig.suptitle(T("Three dice stay on the bridges: how many bridges end the round empty?"))
    plotting.stamp(fig, provenance_many(records, "all three rounds"))
    return fig


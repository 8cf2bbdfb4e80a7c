"""Lesson behind ``notebooks/fivetribes/02-moving-the-meeples``: every legal end of a move from
one tile (the engine's ``complete_moves``), a widget over boards and tiles
(:class:`MoveExplorer`), and the number of moves a turn offers on fresh boards and over games.

Assumption that changes numbers: ``loop_drops_count`` (RULES.md, point 4), whether a meeple
dropped earlier in a looping move counts for the last-meeple rule. Default False; the counts
show both readings.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import plotting, widgets
from boardlab.core.simulate import game_seeds
from boardlab.fivetribes.components import COLOURS, COLS, NTILES, ROWS, TILE_INDEX, TILE_NAMES, TILE_TYPES, TRIBES
from boardlab.fivetribes.lessons.common import (
    MEEPLE_FILL, NCOL, Game, T, check_players, show_progress, article, ci95, mean_se, show, stamp, tile_index, wire,
)
from boardlab.fivetribes.lessons.recording import provenance_of, record_turns
from boardlab.fivetribes.movegen import complete_moves, count_moves, legal_starts


def board(seed: int = 0, players: int = 3):
    """A fresh game's position (tiles and meeples come from ``seed``; they do not depend on the
    player count)."""
    return Game(players=check_players(players)).new_game(seed)


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
    t = tile_index(tile)
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
    t = tile_index(tile)
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
    ax.set_xlabel(T("column"))
    ax.set_ylabel(T("row"))
    bar = fig.colorbar(im, ax=ax, fraction=0.04, label=T("legal moves ending on the tile (count)"))
    bar.ax.set_ylim(0, vmax)
    n = int(table["paths"].sum())
    ax.set_title(T("Every legal move from {v1} ({v2}): {n} moves, {v4} end tiles", v1=TILE_NAMES[t], v2=meeple_letters(meeples, t), n=n, v4=len(paths)), fontsize=11)
    game = getattr(position, "game", None)
    if game is not None and game.loop_drops_count != loop:
        game = dataclasses.replace(game, loop_drops_count=loop)  # the stamp names the reading drawn
    seed = getattr(position, "seed", None)
    return stamp(fig, plotting.provenance(game, players="any", seed=seed, note=T("exact: engine complete_moves; letters = meeples (Y W G B R); dots = colours the "
                                                  "move can end with; corner number = moves ending there; value "
                                                  "colour = tile's value colour")))


def moves_on_fresh_boards(boards: int, seed: int, *, progress: bool = True) -> pd.DataFrame:
    """Complete legal moves and legal start tiles of ``boards`` freshly set-up boards (the game
    seeds ``simulate`` would use), under both readings of ``loop_drops_count``."""
    rows = []
    for i in show_progress(range(boards), desc="fresh boards", enabled=progress):
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
    m, se = mean_se(df["moves"])
    ax.axvline(m, color="0.15", ls="--", lw=1)
    ax.text(m, ax.get_ylim()[1] * 0.97, T("  mean {m:.0f} ± {v2:.0f} (95% CI)", m=m, v2=ci95(se)), va="top", fontsize=9)
    ax.set_xlabel(T("complete legal moves on the first turn (start tile × path × final colour)"))
    ax.set_ylabel(T("boards (count)"))
    ax.set_title(T("How many moves the first turn offers, over {v1} random boards", v1=len(df)))
    return stamp(fig, provenance)


def moves_by_round(turns: pd.DataFrame) -> pd.DataFrame:
    """Mean complete legal moves offered at the start of an action turn, by round and policy
    (with standard error and the share of turns offering no move at all)."""
    rows = []
    for (policy, rnd), g in turns.groupby(["policy", "round"]):
        m, se = mean_se(g["moves"])
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
        ax.plot(g["round"], g["moves"], marker="os^"[k % 3], color=plotting.PALETTE[k], label=T("{policy} play", policy=T(policy)))
        ax.fill_between(g["round"], lo, hi, color=plotting.PALETTE[k], alpha=0.2)
        ax.plot(g["round"], g["moves_other_reading"], ls=":", color=plotting.PALETTE[k],
                label=T("{policy} play, other loop reading (assumed)", policy=T(policy)))
    ax.set_yscale("log")
    ax.set_xlabel(T("round"))
    ax.set_ylim(bottom=1)
    ax.set_ylabel(T("complete legal moves at the start of a turn (log scale)"))
    ax.set_title(T("The board runs dry: moves offered per turn (rounds with ≥ {min_turns} turns)", min_turns=min_turns), fontsize=12)
    ax.legend(fontsize=9)
    return stamp(fig, provenance)


#: The widget's board seeds: any whole number in 0..MAX_SEED.
MAX_SEED = 10**9


def _note(held) -> str:
    note = widgets.clamped_html([held])
    return f"<br>{note}" if note else ""


class MoveExplorer:
    """Notebook 02: a board (seed) and a start tile in; every reachable end and colour out, from
    ``complete_moves``. ``result`` holds the latest table."""

    def __init__(self, seed: int = 0, tile: str = "C3", loop: bool = False):
        import ipywidgets as W

        self.result: pd.DataFrame | None = None
        self.figure: Figure | None = None
        self.updates = 0
        self.seed = W.IntText(value=seed, description=T("random seed of the board"), layout=W.Layout(width="260px"),
                              style={"description_width": "initial"})
        self.tile = W.Dropdown(options=list(TILE_NAMES), value=tile, description=T("start tile"),
                               layout=W.Layout(width="190px"), style={"description_width": "initial"})
        self.loop = widgets.checkbox(T("loop drops count (assumed other reading)"), loop)
        wire(self, {"seed": self.seed, "tile": self.tile, "loop": self.loop}, [W.HBox([self.seed, self.tile, self.loop])])

    def _update(self, seed, tile, loop):
        self.updates += 1
        held = widgets.clamp(T("random seed of the board"), seed, 0, MAX_SEED)
        seed = held.value
        st = board(seed)
        self.state = st
        table = reachable_ends(st, tile, loop)
        self.result = table
        n = int(table["paths"].sum())
        if n == 0:
            self.figure = None
            self.summary.value = T("<b>No legal move from {tile}</b> ({meeples}): no path ends on a tile "
                                   "holding a colour in hand.", tile=tile,
                                   meeples=meeple_letters(st.meeples, TILE_INDEX[tile]) or T("empty"))
            self.summary.value += _note(held)
            return
        self.figure = reach_figure(st, tile, table, loop)
        self.summary.value = T("<b>{n} legal moves from {tile}</b>: {ends} end tiles, {choices} (end, colour) "
                               "choices; the board has {all} moves in all.", n=n, tile=tile,
                               ends=table["end"].nunique(), choices=len(table),
                               all=count_moves(st.meeples, loop)) + _note(held)
        show(article(table, index="end"), self.figure)


#: the lesson's public names, with the shared ones its notebook uses
__all__ = ["article", "T", "Game", "record_turns", "provenance_of", "board", "reachable_ends", "meeple_letters",
           "reach_figure", "moves_on_fresh_boards", "moves_histogram", "moves_by_round",
           "moves_by_round_figure", "MoveExplorer"]

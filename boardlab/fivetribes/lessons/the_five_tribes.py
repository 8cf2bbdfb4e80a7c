"""Lesson behind ``notebooks/fivetribes/03-the-five-tribes``: what each tribe pays and where --
Builders (blue-valued tiles around the end tile), Assassins (reach), Viziers (the rank bonus),
Merchants (the first cards of a fresh row) -- exactly, with simulated checks and one widget per
tribe, and what collecting each colour earned in simulated games.

Exact answers use :class:`fractions.Fraction`; boards come from the engine's own setup.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import plotting, stats, widgets
from boardlab.core.widgets import refusal_html
from boardlab.fivetribes import scoring
from boardlab.fivetribes.components import (
    BLOCK, CARD_NAMES, COLOURS, MEEPLE_COUNTS, COLS, FAKIR, MERCH, NTILES, ROWS, TILE_INDEX, TILE_NAMES, TILE_SET, TILE_TYPES,
    TRIBES, const, distance, merchandise_points,
)
from boardlab.fivetribes.game import PLAYER_COUNTS
from boardlab.fivetribes.lessons.common import (
    MEEPLE_FILL, Game, T, check_players, fresh_board, show_progress, article, ci95, mean_se, players_toggle, show, stamp, tile_index, wire,
)
from boardlab.fivetribes.lessons.recording import record_turns
from boardlab.fivetribes.odds import value_fakir_distribution


TILE_BLUE = tuple(t.blue for t in TILE_TYPES)


#: blue-valued tiles in the box (villages and sacred places): 12 of 30
BLUE_TILES = sum(TILE_BLUE[k] for k in TILE_SET)


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


def blue_counts_on_boards(boards: int, seed: int, *, progress: bool = True) -> np.ndarray:
    """Array (boards, 30): blue-valued tiles in each tile's block on random boards set up by the
    engine (the game seeds ``simulate`` would use)."""
    out = np.empty((boards, NTILES), dtype=int)
    for i in show_progress(range(boards), desc="fresh boards", enabled=progress):
        tiles = fresh_board(seed, i).tiles
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
    if mult == 1:
        what = T("blue-valued tiles")
    elif fakirs:
        what = T("gold ({builders} Builders + {fakirs} Fakirs)", builders=builders, fakirs=fakirs)
    else:
        what = T("gold ({builders} Builders)", builders=builders)
    for ax, data, title, extra in ((axes[0], exact, T("exact expectation"), None),
                                   (axes[1], sim, T("simulated mean ± 95% CI, {n} boards", n=len(counts)), half)):
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
        ax.set_xlabel(T("column"))
    axes[0].set_ylabel(T("row"))
    fig.colorbar(im, ax=axes, fraction=0.03, label=T("expected {what} per Builders action", what=what))
    fig.suptitle(T("Builders: expected {what} among a tile and its 8 neighbours", what=what), fontsize=12)
    fig.subplots_adjust(left=0.05, right=0.86, top=0.86, bottom=0.18, wspace=0.15)
    return stamp(fig, provenance)


def blue_distribution_table(counts: np.ndarray, tile) -> pd.DataFrame:
    """For one tile: exact and simulated chance of each number of blue-valued tiles in its block,
    the standard error of the simulated share (at the exact p) and whether the two agree
    (:func:`count_agrees`)."""
    t = tile_index(tile)
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
        t = tile_index(tile)
        for u in range(NTILES):
            if distance(t, u) <= reach:
                rr, cc = divmod(u, COLS)
                ax.add_patch(Rectangle((cc - 0.46, rr - 0.46), 0.92, 0.92, fill=False, lw=2.2,
                                       edgecolor=plotting.PALETTE[5]))
    ax.set_xticks(range(COLS), list("ABCDEF"[:COLS]))
    ax.set_yticks(range(ROWS), [str(k + 1) for k in range(ROWS)])
    ax.grid(False)
    ax.set_xlabel(T("column"))
    ax.set_ylabel(T("row"))
    fig.colorbar(im, ax=ax, fraction=0.04, label=T("tiles in reach (count, of 30)"))
    extra = "\n" + T("(outlined: the tiles in reach from {tile})", tile=TILE_NAMES[tile_index(tile)]) \
        if tile is not None else ""
    ax.set_title(T("Assassins with reach {reach}: tiles in reach from each end tile{extra}", reach=reach, extra=extra), fontsize=11)
    return stamp(fig, plotting.provenance(Game(players=3), players="any", note=T("exact: board geometry (orthogonal distance)")))


def vizier_points(viziers) -> list[int]:
    """Vizier points per player: the engine's ``scoring.vizier_points`` (1 per Vizier plus 10 per
    opponent with strictly fewer) for 2 to 4 players, without Jafaar's 3 per Vizier."""
    v = list(viziers)
    if not 2 <= len(v) <= 4:
        raise ValueError(f"give 2 to 4 whole numbers >= 0 of Viziers, one per player; got {viziers!r}")
    return scoring.vizier_points(v)


def vizier_table(players: int, viziers) -> pd.DataFrame:
    """One row per seat: Viziers, opponents with strictly fewer, bonus, points."""
    check_players(players)
    v = list(viziers)[:players]
    if len(v) != players:
        raise ValueError(f"{players} players need {players} Vizier counts; got {len(v)}")
    pts = vizier_points(v)
    return pd.DataFrame({"seat": [f"P{p}" for p in range(players)], "viziers": v,
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


def vizier_bonus_grid() -> pd.DataFrame:
    """:func:`vizier_bonus_table` as a reader sees it: one row per number of opponents beaten, one
    column per player count, headers in the current language."""
    grid = vizier_bonus_table().pivot(index="opponents with fewer Viziers", columns="players", values="bonus (VP)")
    grid.columns = [T("{p} players: bonus (VP)", p=p) for p in grid.columns]
    grid.index.name = T("opponents with fewer Viziers")
    return grid


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


def fresh_rows(boards: int, seed: int, *, progress: bool = True) -> list[list[int]]:
    """The face-up resource row of ``boards`` freshly set-up games (card indices, front first)."""
    return [list(fresh_board(seed, i).res_row) for i in show_progress(range(boards), desc="fresh rows", enabled=progress)]


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
        v, vse = mean_se(values)
        f, fse = mean_se(fakirs)
        out.append({"merchants": n, "set value": v, "set value se": vse, "fakirs": f, "fakirs se": fse})
    return pd.DataFrame(out)


def merchant_figure(exact: pd.DataFrame, sim: pd.DataFrame, provenance: str, n: int | None = None) -> Figure:
    """Left: expected set value and Fakirs by Merchants collected (exact line, simulated points with
    95% CI). Right (with ``n``): the exact distribution of the set value for n Merchants."""
    fig = Figure(figsize=(11, 4.3))
    axes = fig.subplots(1, 2)
    ax = axes[0]
    ax.plot(exact["merchants"], exact["set value (float)"], color=plotting.PALETTE[0], label=T("set value, exact"))
    ax.errorbar(sim["merchants"], sim["set value"], yerr=ci95(sim["set value se"]), fmt="o", capsize=3,
                color=plotting.PALETTE[0], label=T("set value, simulated"))
    ax.plot(exact["merchants"], exact["fakirs (float)"], color=plotting.PALETTE[1], ls="--", label=T("fakirs, exact"))
    ax.errorbar(sim["merchants"], sim["fakirs"], yerr=ci95(sim["fakirs se"]), fmt="s", capsize=3,
                color=plotting.PALETTE[1], label=T("fakirs, simulated"))
    ax.set_xlabel(T("Merchants collected (cards taken from the front of the row)"))
    ax.set_ylabel(T("expected set value (gold or VP) / fakirs (cards)"))
    ax.set_title(T("Merchants: what the first n cards of a fresh row are worth"), fontsize=10)
    ax.legend(fontsize=8)
    ax = axes[1]
    n = n or 3
    dist = Counter()
    for (v, _), p in merchant_draw(n).items():
        dist[v] += p
    xs = sorted(dist)
    ax.bar([str(x) for x in xs], [float(dist[x]) for x in xs], color=plotting.PALETTE[2])
    ax.set_xlabel(T("set value of the goods among {n} cards (gold or VP)", n=n))
    ax.set_ylabel(T("probability (exact)"))
    ax.set_title(T("Exact distribution for {n} Merchants", n=n), fontsize=10)
    fig.subplots_adjust(wspace=0.25, top=0.88)
    return stamp(fig, provenance)


def tribe_payoff_table(turns: pd.DataFrame) -> pd.DataFrame:
    """From watched games: per colour collected, how often movers chose it, meeples collected and
    points gained in that turn (mean and standard error)."""
    rows = []
    done = turns[turns["colour"].notna()]
    for colour in COLOURS:
        g = done[done["colour"] == colour]
        if len(g) < 2:
            continue
        gain, se = mean_se(g["gain"])
        rows.append({"colour": colour, "tribe": TRIBES[COLOURS.index(colour)], "turns": len(g),
                     "share": len(g) / len(done), "collected": g["collected"].mean(), "gain": gain, "gain_se": se})
    return pd.DataFrame(rows)


def tribe_payoff_figure(table: pd.DataFrame, provenance: str) -> Figure:
    fig = Figure(figsize=(10, 4.4))   # five two-line tick labels side by side
    ax = fig.add_subplot()
    x = np.arange(len(table))
    ax.bar(x, table["gain"], yerr=ci95(table["gain_se"]), capsize=4,
           color=[MEEPLE_FILL[c] for c in table["colour"]], edgecolor="0.2")
    labels = [T("{tribe}\n({colour}, {share:.0%} of turns)", tribe=T(t), colour=T(c), share=s)
              for t, c, s in zip(table["tribe"], table["colour"], table["share"])]
    ax.set_xticks(x, labels, fontsize=8)
    ax.set_ylabel(T("points gained in the turn (VP, mean)"))
    ax.set_xlabel(T("tribe collected at the end of the move"))
    ax.set_title(T("What a turn yielded, by the tribe collected (greedy play, 95% CI)"))
    return stamp(fig, provenance)


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
        self.summary.value = T("<b>{tile}</b>: {block} tiles in its block; expected blue-valued tiles {blue} = "
                               "{blue_f:.2f}; expected gold with {builders} builders + {fakirs} fakirs: {gold} = "
                               "{gold_f:.2f}", tile=tile, block=len(BLOCK[t]), blue=exact_blue,
                               blue_f=float(exact_blue), builders=builders, fakirs=fakirs, gold=gold,
                               gold_f=float(gold))
        fig = blue_heatmap_figure(self.counts, self.provenance, builders, fakirs)
        show(article(dist, index="blue tiles", columns=["exact", "simulated", "se", "agrees"],
                         formats={"exact": "fraction", "se": 4}), fig)


def _tribe_controls(owner, tribe: str, count: int, fakirs: int, tile: str) -> None:
    """Give a tribe widget its controls: ``owner.<tribe>`` (meeples of that tribe collected),
    ``owner.fakirs`` (Fakirs added), ``owner.tile`` (the end tile), ``owner.summary``, and
    ``owner.output`` running ``owner._update(<tribe>, fakirs, tile)``; ``owner.widget`` shows them."""
    import ipywidgets as W

    controls = {tribe: widgets.slider(T(tribe), count, 1, 6), "fakirs": widgets.slider(T("fakirs"), fakirs, 0, 4),
                "tile": W.Dropdown(options=list(TILE_NAMES), value=tile, description=T("end tile"),
                                   layout=W.Layout(width="200px"), style={"description_width": "initial"})}
    for name, control in controls.items():
        setattr(owner, name, control)
    wire(owner, controls, list(controls.values()))


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
        self.summary.value = T("<b>reach {reach}</b> ({assassins} assassins + {fakirs} fakirs): from {tile} the "
                               "Assassins can strike a meeple on {n} of {all} tiles, or a Vizier/Elder held by any "
                               "opponent (range does not matter for those)", reach=reach, assassins=assassins,
                               fakirs=fakirs, tile=tile, n=len(tiles), all=NTILES)
        show(reach_figure_assassins(reach, tile))


class MerchantsExplorer:
    """Notebook 03: Merchants collected in; the exact distribution of what the cards are worth."""

    def __init__(self, exact: pd.DataFrame, sim: pd.DataFrame, provenance: str, merchants: int = 3):
        self.exact, self.sim, self.provenance = exact, sim, provenance
        self.result: dict | None = None
        self.updates = 0
        self.merchants = widgets.slider(T("merchants"), merchants, 1, 9)
        wire(self, {"n": self.merchants}, [self.merchants])

    def _update(self, n):
        self.updates += 1
        dist = merchant_draw(n)
        ev = sum(p * v for (v, _), p in dist.items())
        ef = sum(p * f for (_, f), p in dist.items())
        self.result = {"merchants": n, "expected_value": ev, "expected_fakirs": ef, "distribution": dist}
        self.summary.value = T("<b>{n} merchants</b>: expected set value {ev_f:.3f} (exactly {ev}); expected "
                               "fakirs {ef_f:.3f} (exactly {ef})", n=n, ev_f=float(ev), ev=ev, ef_f=float(ef), ef=ef)
        show(merchant_figure(self.exact, self.sim, self.provenance, n))


#: Yellow meeples (Viziers) in the box, from meeples.csv.
VIZIERS_IN_BOX = MEEPLE_COUNTS[COLOURS.index("yellow")]


class VizierExplorer:
    """Notebook 03: Viziers per player in; each player's Vizier points out (1 each + 10 per
    opponent with strictly fewer)."""

    def __init__(self, players: int = 3, viziers=(4, 2, 2, 0)):
        import ipywidgets as W

        self.result: pd.DataFrame | None = None
        self.updates = 0
        self.players = players_toggle(players)
        # Plain number boxes: a count outside 0..16 is held there and the summary says so.
        self.viziers = [W.IntText(value=v, description=T("P{p} viziers", p=p), layout=W.Layout(width="170px"),
                                  style={"description_width": "initial"}) for p, v in enumerate(viziers)]
        wire(self, {"players": self.players, **{f"v{p}": w for p, w in enumerate(self.viziers)}},
              [self.players, W.HBox(self.viziers)])

    def _update(self, players, **v):
        self.updates += 1
        for p, w in enumerate(self.viziers):
            w.disabled = p >= players
        clamps = [widgets.clamp(f"P{p}", v[f"v{p}"], 0, VIZIERS_IN_BOX) for p in range(players)]
        counts = [c.value for c in clamps]
        note = widgets.clamped_html(clamps)
        note = f"<br>{note}" if note else ""
        if sum(counts) > VIZIERS_IN_BOX:
            self.result = None
            self.summary.value = refusal_html(T("the box has {n} Viziers; got {m}", n=VIZIERS_IN_BOX, m=sum(counts))) + note
            return
        self.result = vizier_table(players, counts)
        points = dict(zip(self.result["seat"], self.result["points"]))
        best = max(points.values())
        self.summary.value = T("most Vizier points ({best}): {who}", best=best, who=widgets.ties_text(points)) + note
        show(article(self.result, index="seat"))


#: the lesson's public names, with the shared ones its notebook uses
__all__ = ["article", "T", "Game", "record_turns", "TILE_BLUE", "BLUE_TILES", "block_sizes", "blue_expectation_exact",
           "blue_count_distribution", "blue_counts_on_boards", "blue_heatmap_figure",
           "blue_distribution_table", "count_agrees", "reach_counts", "reach_table",
           "reach_figure_assassins", "vizier_points", "vizier_table", "vizier_bonus_table", "vizier_bonus_grid",
           "merchant_draw", "merchant_table", "fresh_rows", "merchant_simulated", "merchant_figure",
           "tribe_payoff_table", "tribe_payoff_figure", "BuildersExplorer", "AssassinsExplorer",
           "MerchantsExplorer", "VizierExplorer"]

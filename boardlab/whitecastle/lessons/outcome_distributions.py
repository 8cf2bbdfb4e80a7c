"""Notebook 05, *outcome distributions*: scores, categories, win rates by starting turn position
and pick frequencies by end, by action space and by kind of space, over simulated games
(:func:`~boardlab.whitecastle.lessons.records.record_many`); widget :func:`outcome_explorer`.
"""

from __future__ import annotations


import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import datasets
from boardlab.whitecastle.game import Game
from boardlab.core import plotting, stats
from boardlab.whitecastle import scoring
from boardlab.whitecastle.odds import PLAYER_COUNTS
from boardlab.whitecastle.lessons.common import T, POLICY_COLOURS, SPACE_GROUPS, SPACE_GROUP_ORDER, SPACE_ORDER, SPACE_LABELS, new_figure, readable, Explorer, bridge_exact, proportion_row, clustered_share
from boardlab.whitecastle.lessons.records import provenance_many, clipped, scores_of, picks_of, series_label, series_colour

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


def total_score_figure(records: dict) -> Figure:
    """Histograms of final totals, one panel per player count in ``records``, one outline per
    kind of seat, with the mean and its 95 % interval drawn above each."""
    df = scores_of(records)
    counts = sorted({n for n, _ in records})
    fig = new_figure(10 if len(counts) > 1 else 6, 4.4)
    axes = fig.subplots(1, len(counts), sharey=True, squeeze=False)[0]
    bins = np.arange(0, df["total"].max() + 6, 5)
    for ax, n in zip(axes, counts):
        sub = df[df["players"] == n]
        top = 0
        series = list(sub.groupby(["table", "policy"], sort=False))
        for k, ((label, policy), g) in enumerate(series):
            colour = series_colour(label, policy)
            w = np.full(len(g), 1 / len(g))
            heights, _, _ = ax.hist(g["total"], bins=bins, weights=w, histtype="step", lw=2, color=colour,
                                    label=series_label(label, policy))
            top = max(top, heights.max())
        for k, ((label, policy), g) in enumerate(series):
            mean, se = stats.mean_se(g["total"])
            y = top * (1.08 + 0.09 * k)
            ax.errorbar(mean, y, xerr=1.96 * se, fmt="o", color=series_colour(label, policy), capsize=3, ms=4)
        ax.set_title(T("{players} players", players=n))
        ax.set_xlabel(T("final total (clan points)"))
    axes[0].set_ylabel(T("share of seats per 5-point bin"))
    axes[-1].legend(fontsize=7, loc="center right")
    fig.suptitle(T("Final totals (dots: mean ± 95 % CI)"))
    plotting.stamp(fig, provenance_many(records))
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
    fig = new_figure(9, 4.6)
    ax = fig.add_subplot()
    x = np.arange(len(scoring.CATEGORIES))
    width = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        s = t[(t["table"] == label) & (t["policy"] == policy)].set_index("category").loc[list(scoring.CATEGORIES)]
        ax.bar(x + (j - (len(series) - 1) / 2) * width, s["mean"], width * 0.9, yerr=clipped(s["mean"], s["se"]),
               capsize=3, color=series_colour(label, policy), label=series_label(label, policy))
    ax.set_xticks(x, [T(c).replace(" and ", " &\n").replace("passage of time", "Passage\nof Time")
                      .replace("in-game points", "in-game\npoints") for c in scoring.CATEGORIES], fontsize=9)
    ax.set_ylabel(T("mean points per seat (clan points)"))
    ax.set_title(T("Where the points come from, {players} players (error bars: 95 % CI)", players=players))
    ax.legend(fontsize=8)
    plotting.stamp(fig, provenance_many({k: v for k, v in records.items() if k[0] == players}))
    return fig


def win_rate_table(records: dict, by: str = "start_position") -> pd.DataFrame:
    """Win rate by ``by`` (``start_position``: place in the initial turn order; ``seat``: player
    index; ``policy``) for each player count and table, with Wilson 95 % intervals. Wins are
    counted by the one tie rule of every boardlab table (``win_share``, from
    :func:`boardlab.core.stats.win_shares`: k tied winners get 1/k each)."""
    df = scores_of(records)
    rows = []
    for (n, label, key), g in df.groupby(["players", "table", by], sort=True):
        rows.append({"players": n, "table": label, by: key, "fair share": 1 / n,
                     **proportion_row(float(g["win_share"].sum()), len(g))})
    return pd.DataFrame(rows)


def win_rate_figure(records: dict, table: str = "random") -> Figure:
    """Win rate by place in the initial turn order (all seats playing ``table``), with Wilson
    95 % intervals and the fair share 1/players."""
    t = win_rate_table({k: v for k, v in records.items() if k[1] == table}, "start_position")
    fig = new_figure(8, 4.5)
    ax = fig.add_subplot()
    width = 0.2
    for j, pos in enumerate(range(1, max(PLAYER_COUNTS) + 1)):
        sub = t[t["start_position"] == pos]
        if sub.empty:
            continue
        x = np.array([PLAYER_COUNTS.index(n) for n in sub["players"]]) + (j - 1.5) * width
        err = np.vstack([sub["share"] - sub["ci_low"], sub["ci_high"] - sub["share"]])
        ax.bar(x, sub["share"], width * 0.9, yerr=err, capsize=3, color=plotting.PALETTE[j],
               label=T("starts {place} in turn order", place=T(['1st', '2nd', '3rd', '4th'][j])))
    for i, n in enumerate(PLAYER_COUNTS):
        ax.hlines(1 / n, i - 0.45, i + 0.45, color="black", ls="--", lw=1.5,
                  label=T("fair share 1/players") if i == 0 else None)
    ax.set_xticks(range(len(PLAYER_COUNTS)), [T("{players} players", players=n) for n in PLAYER_COUNTS])
    ax.set_ylabel(T("games won (share, Wilson 95 % CI)"))
    ax.set_ylim(0, 0.85)
    ax.set_title(T("Win rate by place in the first round's turn order ({policy} players)", policy=T(table)))
    ax.legend(fontsize=8, loc="upper right", ncol=2)
    plotting.stamp(fig, provenance_many({k: v for k, v in records.items() if k[1] == table}))
    return fig


def greedy_win_figure(records: dict, table: str) -> Figure:
    """Win rate of the single greedy seat at each player count (Wilson 95 % CI) against 1/players."""
    t = win_rate_table({k: v for k, v in records.items() if k[1] == table}, "policy")
    t = t[t["policy"] == "greedy"]
    fig = new_figure(7, 4.2)
    ax = fig.add_subplot()
    x = np.arange(len(t))
    err = np.vstack([t["share"] - t["ci_low"], t["ci_high"] - t["share"]])
    ax.bar(x, t["share"], 0.6, yerr=err, capsize=4, color=POLICY_COLOURS["greedy"], label=T("greedy seat (95 % CI)"))
    for i, n in enumerate(t["players"]):
        ax.hlines(1 / n, i - 0.35, i + 0.35, color="black", ls="--", lw=1.5,
                  label=T("fair share 1/players") if i == 0 else None)
    ax.set_xticks(x, [T("{players} players\n(1 greedy, {k} random)", players=n, k=n - 1) for n in t["players"]])
    ax.set_ylim(0, 1.3)
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.set_ylabel(T("games won by the greedy seat (share)"))
    ax.set_title(T("One greedy player against random players"))
    ax.legend(fontsize=8, loc="upper center", ncol=2)
    plotting.stamp(fig, provenance_many({k: v for k, v in records.items() if k[1] == table}))
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
    fig = new_figure(8, 4.5)
    ax = fig.add_subplot()
    width = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        sub = t[(t["table"] == label) & (t["policy"] == policy)]
        x = np.array([PLAYER_COUNTS.index(n) for n in sub["players"]]) + (j - (len(series) - 1) / 2) * width
        err = np.vstack([sub["share"] - sub["ci_low"], sub["ci_high"] - sub["share"]])
        ax.bar(x, sub["share"], width * 0.9, yerr=err, capsize=3, color=series_colour(label, policy),
               label=series_label(label, policy))
    for i, n in enumerate(PLAYER_COUNTS):
        ax.hlines(float(bridge_exact(n)["left_share"]), i - 0.45, i + 0.45, color="black", lw=2,
                  label=T("exact, uniformly random takes") if i == 0 else None)
    ax.axhline(0.5, color="0.5", ls=":", lw=1)
    ax.set_xticks(range(len(PLAYER_COUNTS)), [T("{players} players", players=n) for n in PLAYER_COUNTS])
    ax.set_ylim(0, 1)
    ax.set_ylabel(T("picks taking the left (low) end (share)"))
    ax.set_title(T("Left end (lantern) or right end? Share of dice taken from the left\n"
                   "(a bridge's lone last die counts as left: assumed)"))
    ax.legend(fontsize=8, loc="upper right")
    plotting.stamp(fig, provenance_many(records))
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
    labels = [T(group) for group in order] if by == "space group" else [T(SPACE_LABELS[s]) for s in order]
    series = list(dict.fromkeys(zip(t["table"], t["policy"])))
    fig = new_figure(9, 4.6 if by == "space group" else 6.4)
    ax = fig.add_subplot()
    y = np.arange(len(order))
    height = 0.8 / len(series)
    for j, (label, policy) in enumerate(series):
        sub = t[(t["table"] == label) & (t["policy"] == policy)].set_index(by).loc[order]
        share = sub["share"].to_numpy()
        err = np.vstack([share - sub["ci_low"], sub["ci_high"] - share])
        ax.barh(y + (j - (len(series) - 1) / 2) * height, share, height * 0.9, xerr=err, capsize=3,
                color=series_colour(label, policy), label=series_label(label, policy))
    ax.set_yticks(y, labels, fontsize=9 if by == "space" else None)
    ax.invert_yaxis()
    fig.subplots_adjust(left=0.3)
    ax.set_xlabel(T("share of dice placed there"))
    ax.set_ylabel(T("kind of space") if by == "space group" else T("action space"))
    ax.set_title(T("Where the dice go, {players} players (error bars: 95 % CI)", players=players))
    ax.legend(fontsize=8, loc="lower right")
    plotting.stamp(fig, provenance_many(chosen))
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
        "players": widgets.ToggleButtons(options=counts, value=players, description=T("players"),
                                         style={"button_width": "48px"}),
        "view": widgets.Dropdown(options=[(T(label), v) for label, v in OUTCOME_VIEWS.items()], value=view,
                                 description=T("show"),
                                 layout=widgets.Layout(width="600px")),
    }

    def describe(r):
        return readable(r["table"]).to_html()

    return Explorer(controls, lambda players, view: outcome_view(records, tables, players, view), describe,
                    lambda r: r["figure"], title="Simulated outcomes: choose a player count and a view")


# -- a larger run, seat by seat: the shipped dataset, or a small live run (boardlab.core.datasets) --

#: the seats of the shipped run data/whitecastle/seats-greedy-random-random.parquet (3 players, seed 2026)
SEAT_POLICIES = ('greedy', 'random', 'random')
SEAT_SEED = 2026


def seat_run(policies=SEAT_POLICIES, seed: int = SEAT_SEED, live_games: int = 4, workers: int = 1,
             progress: bool | None = None, path=None):
    """The games behind :func:`seat_run_figure`: the shipped run of these seats (``boardlab simulate
    ... --rotate-seats``, see data/README.md) when it is this run, else a live run of
    ``live_games`` deals, each played once per seat rotation (``attrs["source"]``: "dataset" or
    "live"). ``policies``: one name per seat ("random", "greedy", or any name the game knows)."""
    return datasets.seat_run(Game(players=len(policies)), list(policies), seed, live_games, workers=workers,
                             progress=progress, path=path)


def seat_run_source(run) -> str:
    """'600 games, from the dataset': how many games the seat run holds and where they come from."""
    return T("{n} games, from the {source}", n=f"{run.attrs['games_finished']:,}", source=T(run.attrs["source"]))


def seat_run_table(run) -> pd.DataFrame:
    """Win rate (Wilson 95 % interval) and mean total of each policy in each seat and over all seats."""
    return datasets.seat_summary(run)


def seat_run_view(run) -> pd.DataFrame:
    """:func:`seat_run_table` in the house table style, for display."""
    return datasets.seat_view(datasets.seat_summary(run), T)


def seat_run_figure(run):
    return datasets.seat_figure(datasets.seat_summary(run), datasets.seat_provenance(run, T), T)

"""Lesson behind ``notebooks/fivetribes/05-outcome-distributions``: where the points come from
(category means), seat win rates, game length, the effect of bidding, and a widget over one
setting and player count (:class:`OutcomeExplorer`), all from games watched with
:func:`record_turns`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import datasets
from boardlab.core import plotting
from boardlab.core.liveview import live_output
from boardlab.core.widgets import refusal_html
from boardlab.fivetribes.lessons.common import Game, T, article, ci95, mean_se, panels_by_players, show, stamp
from boardlab.fivetribes.lessons.recording import BidStylePolicy, provenance_of, record_turns
from boardlab.fivetribes.scoring import CATEGORIES


def category_means(players: pd.DataFrame, by=("players", "setting")) -> pd.DataFrame:
    """Mean points per score category (and total) with standard errors, per group."""
    rows = []
    for key, g in players.groupby(list(by)):
        row = dict(zip(by, key))
        for c in list(CATEGORIES) + ["total"]:
            m, se = mean_se(g[c])
            row[c] = m
            row[f"{c}_se"] = se
        row["n"] = len(g)
        rows.append(row)
    return pd.DataFrame(rows)


def category_figure(means: pd.DataFrame, provenance: str) -> Figure:
    """Grouped bars: mean points per category, one panel per player count, one bar per setting."""
    fig, axes, counts = panels_by_players(means, (11, 4.6))
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
                   label=T(setting))
        ax.set_xticks(x, [T(c) for c in CATEGORIES], rotation=45, ha="right", fontsize=8)
        ax.set_title(T("{players} players", players=players), fontsize=10)
    axes[0].set_ylabel(T("points per player (VP, mean, 95% CI)"))
    axes[0].legend(fontsize=8)
    fig.suptitle(T("Where the points come from: final score by category"), fontsize=12)
    fig.subplots_adjust(top=0.86, bottom=0.25, wspace=0.06)
    return stamp(fig, provenance)


def _win_summary(games: pd.DataFrame) -> pd.DataFrame:
    """datasets.seat_summary of one setting and player count, with the lesson's column names: a tie
    shares the win (1/k each, the one tie rule of every boardlab table), errors clustered by deal."""
    return datasets.seat_summary(games).rename(columns={"win rate": "rate", "win rate se": "rate_se"})


def seat_win_rates(players: pd.DataFrame, by=("players", "setting")) -> pd.DataFrame:
    """Win rate per seat (a tie shares the win: 1/k each) with its Wilson 95% interval, per group."""
    rows = []
    for key, g in players.groupby(list(by)):
        seats = _win_summary(g)
        seats = seats[seats["seat"] != "all"].astype({"seat": int})
        rows.append(seats[["seat", "games", "wins", "rate", "lo", "hi"]].assign(**dict(zip(by, key))))
    return pd.concat(rows, ignore_index=True)[[*by, "seat", "games", "wins", "rate", "lo", "hi"]]


def seat_figure(rates: pd.DataFrame, provenance: str) -> Figure:
    fig, axes, counts = panels_by_players(rates, (10, 4.2))
    settings = list(dict.fromkeys(rates["setting"]))
    for ax, players in zip(axes, counts):
        for k, setting in enumerate(settings):
            g = rates[(rates["players"] == players) & (rates["setting"] == setting)].sort_values("seat")
            x = g["seat"].to_numpy() + (k - (len(settings) - 1) / 2) * 0.25
            ax.errorbar(x, g["rate"], yerr=[g["rate"] - g["lo"], g["hi"] - g["rate"]], fmt="os^D"[k % 4],
                        capsize=3, color=plotting.PALETTE[k], label=T(setting))
        ax.axhline(1 / players, color="0.3", ls="--", lw=1)
        ax.set_xticks(range(players), [f"P{p}" for p in range(players)])
        ax.set_xlabel(T("seat"))
        ax.set_title(T("{players} players (dashed: 1/{players})", players=players), fontsize=10)
    axes[0].set_ylabel(T("win rate (a tie shares the win; Wilson 95% CI)"))
    axes[0].set_ylim(0, 1)
    axes[0].legend(fontsize=8)
    fig.suptitle(T("Does the seat matter? Win rate by seat"), fontsize=12)
    fig.subplots_adjust(top=0.85, wspace=0.06)
    return stamp(fig, provenance)


def length_table(players: pd.DataFrame, by=("players", "setting")) -> pd.DataFrame:
    """Game length per group: decisions, rounds and action turns per game (mean, standard
    error; min and max rounds)."""
    keys = [k for k in ("setting", "players") if k in players] + ["game_id"]
    games = players.groupby(keys, as_index=False).agg(decisions=("decisions", "first"), rounds=("rounds", "first"),
                                                      turns=("turns", "sum"))
    rows = []
    for key, g in games.groupby(list(by)):
        d, dse = mean_se(g["decisions"])
        r, rse = mean_se(g["rounds"])
        t, tse = mean_se(g["turns"])
        rows.append({**dict(zip(by, key)), "games": len(g), "decisions": d, "decisions_se": dse,
                     "rounds": r, "rounds_se": rse, "turns": t, "turns_se": tse,
                     "min rounds": int(g["rounds"].min()), "max rounds": int(g["rounds"].max())})
    return pd.DataFrame(rows)


def length_figure(table: pd.DataFrame, provenance: str) -> Figure:
    """Distribution of the number of rounds, per player count and setting."""
    games = table.drop_duplicates(["setting", "players", "game_id"])
    fig, axes, counts = panels_by_players(games, (10, 4.2))
    settings = sorted(games["setting"].unique())  # the same order (and colours) as the other figures
    lo, hi = int(games["rounds"].min()), int(games["rounds"].max())
    bins = np.arange(lo - 0.5, hi + 1.5)
    for ax, players in zip(axes, counts):
        for k, setting in enumerate(settings):
            g = games[(games["players"] == players) & (games["setting"] == setting)]
            if g.empty:
                continue
            ax.hist(g["rounds"], bins=bins, density=True, histtype="step", lw=2, color=plotting.PALETTE[k],
                    label=T("{setting} (mean {v2:.1f})", setting=T(setting), v2=g['rounds'].mean()))
        ax.set_xlabel(T("rounds until the game ended"))
        ax.set_title(T("{players} players", players=players), fontsize=10)
        ax.legend(fontsize=7)
    axes[0].set_ylabel(T("share of games"))
    fig.suptitle(T("Game length in rounds"), fontsize=12)
    fig.subplots_adjust(top=0.85, wspace=0.06)
    return stamp(fig, provenance)


def bidding_effect(players: pd.DataFrame, focus: str, by=("players", "setting")) -> pd.DataFrame:
    """For the seats playing ``focus`` (one per game, seats rotated): games, wins (a tie shares the
    win: 1/k) with a Wilson interval clustered by deal, mean gold spent on bids, mean turn
    position, mean final score and mean margin over the best opponent."""
    rows = []
    for key, g in players.groupby(list(by)):
        mine = g[g["policy"] == focus]
        best_other = g[g["policy"] != focus].groupby("game_id")["total"].max()
        margin = mine.set_index("game_id")["total"] - best_other
        summary = _win_summary(g)
        win = summary[(summary["policy"] == focus) & (summary["seat"] == "all")].iloc[0]
        mm, mse = mean_se(margin.dropna())
        rows.append({**dict(zip(by, key)), "games": len(mine), "wins": win["wins"], "rate": win["rate"],
                     "lo": win["lo"], "hi": win["hi"],
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
                fmt="o", capsize=4, color=plotting.PALETTE[5], label=T("focus seat (Wilson 95% CI)"))
    for k, c in enumerate(counts):
        ax.hlines(1 / c, c - 0.3, c + 0.3, color="0.2", lw=2, label=T("fair share 1 / players") if k == 0 else None)
    ax.set_ylim(-0.02, 1)
    ax.set_ylabel(T("win rate (a tie shares the win)"))
    ax.set_title(T("How often it wins"), fontsize=10)
    ax = axes[1]
    ax.bar(counts - 0.18, effect["bid_gold"], 0.36, color=plotting.PALETTE[5], label=T("focus seat"))
    if "opponents_bid_gold" in effect:
        ax.bar(counts + 0.18, effect["opponents_bid_gold"], 0.36, color=plotting.PALETTE[0],
               label=T("each greedy opponent"))
    ax.set_ylabel(T("gold spent on bids per game (mean)"))
    ax.set_title(T("What it pays for the auction"), fontsize=10)
    for ax in axes:
        ax.set_xticks(counts)
        ax.set_xlabel(T("players"))
        ax.legend(fontsize=8)
    fig.suptitle(T("The effect of bidding: one seat always buys the dearest spot it can afford"), fontsize=12)
    fig.subplots_adjust(top=0.84, wspace=0.25)
    return stamp(fig, provenance)


def bid_gold_vs_score_figure(players: pd.DataFrame, provenance: str) -> Figure:
    """Random play: final score against gold spent on bids (one point per player per game)."""
    fig, axes, counts = panels_by_players(players, (10, 4.0))
    for ax, p in zip(axes, counts):
        g = players[players["players"] == p]
        win = g["winner"].to_numpy()
        ax.scatter(g.loc[~win, "bid_gold"], g.loc[~win, "total"], s=9, alpha=0.5, color=plotting.PALETTE[0],
                   label=T("did not win"))
        ax.scatter(g.loc[win, "bid_gold"], g.loc[win, "total"], s=12, alpha=0.7, marker="^",
                   color=plotting.PALETTE[5], label=T("won"))
        ax.set_xlabel(T("gold spent on bids in the game"))
        ax.set_title(T("{p} players (r = {v2:+.2f})", p=p, v2=np.corrcoef(g['bid_gold'], g['total'])[0, 1]), fontsize=10)
    axes[0].set_ylabel(T("final score (VP)"))
    axes[0].legend(fontsize=8)
    fig.suptitle(T("Random play: gold spent on bidding against final score"), fontsize=12)
    fig.subplots_adjust(top=0.85, bottom=0.21, wspace=0.06)
    return stamp(fig, provenance)


def with_setting(obs: dict) -> pd.DataFrame:
    """Stack the ``players`` tables of ``{label: Observed}`` (or ``{(label, players): Observed}``)
    with a ``setting`` column."""
    frames = []
    for key, o in obs.items():
        df = o.seats.copy()
        df["setting"] = key[0] if isinstance(key, tuple) else key
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


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
                label=T("{policy} (mean {v2:.0f}, n = {v3})", policy=T(policy), v2=totals.mean(), v3=len(totals)))
    ax.set_xlabel(T("final score (VP)"))
    ax.set_ylabel(T("players (count)"))
    ax.set_title(T("Final scores: {setting}, {players} players", setting=T(setting), players=players))
    ax.legend(fontsize=8)
    return means, stamp(fig, provenance)


class OutcomeExplorer:
    """Notebook 05: choose a setting and a player count among the simulated games; the category
    means per policy and the score distribution follow. ``result`` holds the latest means.
    ``provenance`` is one line for every figure, or the runs ``{(setting, players): Observed}``
    behind ``table``, so that each figure is stamped with the run it shows."""

    def __init__(self, table: pd.DataFrame, provenance, setting: str | None = None, players: int = 3):
        import ipywidgets as W

        self.table = table
        self.provenance = provenance
        self.result: pd.DataFrame | None = None
        self.figure: Figure | None = None
        self.updates = 0
        settings = list(dict.fromkeys(table["setting"]))
        self.setting = W.Dropdown(options=[(T(s), s) for s in settings], value=setting or settings[0],
                                  description=T("setting"), style={"description_width": "initial"},
                                  layout=W.Layout(width="320px"))
        self.players = W.ToggleButtons(options=sorted(table["players"].unique().tolist()), value=players,
                                       description=T("players"), style={"button_width": "48px"})
        self.summary = W.HTML()
        self.output = live_output(self._update, {"setting": self.setting, "players": self.players})
        self.widget = W.VBox([W.HBox([self.setting, self.players]), self.summary, self.output])

    def _update(self, setting, players):
        self.updates += 1
        if not isinstance(self.provenance, str) and (setting, players) not in self.provenance:
            self.result, self.figure = None, None
            self.summary.value = refusal_html(T("no simulated games for setting {setting} at {players} players", setting=repr(T(setting)),
                                                 players=players))
            return
        stamp_text = self.provenance if isinstance(self.provenance, str) else \
            provenance_of([self.provenance[setting, players]])
        self.result, self.figure = outcome_view(self.table, setting, players, stamp_text)
        best = self.result.sort_values("total", ascending=False).iloc[0]
        self.summary.value = T("<b>{setting}, {players} players</b>: highest mean total {total:.0f} VP ({policy}), "
                               "from {n} seat results.", setting=T(setting), players=players, total=best["total"],
                               policy=T(best["policy"]), n=int(self.result["n"].sum()))
        show(article(self.result, index="policy", columns=["n", *CATEGORIES, "total"]), self.figure)


# -- a larger run, seat by seat: the shipped dataset, or a small live run (boardlab.core.datasets) --

#: the seats of the shipped run data/fivetribes/seats-greedy-random-random.parquet (3 players, seed 2014)
SEAT_POLICIES = ('greedy', 'random', 'random')
SEAT_SEED = 2014


def seat_run(policies=SEAT_POLICIES, seed: int = SEAT_SEED, live_games: int = 3, workers: int = 1,
             progress: bool | None = None, path=None):
    """The games behind :func:`seat_run_figure`: the shipped run of these seats (``boardlab simulate
    ... --rotate-seats``, see data/README.md) when it is this run, else a live run of
    ``live_games`` deals, each played once per seat rotation (``attrs["source"]``: "dataset" or
    "live"). ``policies``: one name per seat ("random", "greedy", or any name the game knows)."""
    return datasets.seat_run(Game(players=len(policies)), list(policies), seed, live_games, workers=workers,
                             progress=progress, path=path)


def seat_run_table(run) -> pd.DataFrame:
    """Win rate (Wilson 95 % interval) and mean total of each policy in each seat and over all seats."""
    return datasets.seat_summary(run)


def seat_run_view(run) -> pd.DataFrame:
    """:func:`seat_run_table` in the house table style, for display."""
    return datasets.seat_view(datasets.seat_summary(run), T)


def seat_run_figure(run):
    return datasets.seat_figure(datasets.seat_summary(run), datasets.seat_provenance(run, T), T)


#: the lesson's public names, with the shared ones its notebook uses
__all__ = ["SEAT_POLICIES", "SEAT_SEED", "seat_run", "seat_run_table", "seat_run_view", "seat_run_figure", "article", "Game", "BidStylePolicy", "record_turns", "provenance_of", "CATEGORIES", "category_means",
           "category_figure", "seat_win_rates", "seat_figure", "length_table", "length_figure",
           "bidding_effect", "bidding_figure", "bid_gold_vs_score_figure", "with_setting",
           "outcome_view", "OutcomeExplorer"]

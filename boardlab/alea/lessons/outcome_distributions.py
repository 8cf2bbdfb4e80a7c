"""Lesson behind notebooks/alea/05-outcome-distributions.ipynb.

The question: *what does a winning score look like at 2, 3, 4 and 5 players, where do the points
come from, how long are the sets, and does the seat matter?* Simulated games of the greedy bot and
of random play at every player count, each estimate with its uncertainty.
"""

from __future__ import annotations

import pandas as pd

from boardlab.alea import Game
from boardlab.alea.lessons.common import T, TurnCounter, new_figure, provenance, show, stamp
from boardlab.alea.scoring import CATEGORIES
from boardlab.core import datasets
from boardlab.core.observe import observe
from boardlab.core.plotting import PALETTE
from boardlab.core.stats import mean_se, wilson_interval
from boardlab.core.liveview import live_output

PLAYER_COUNTS = (2, 3, 4, 5)


def run(greedy_games: int = 16, random_games: int = 40, seed: int = 11, player_counts=PLAYER_COUNTS) -> pd.DataFrame:
    """One row per player per game: setting (policy), players, seat, categories, total, rank, turns per set."""
    parts = []
    for policy, games in (("greedy", greedy_games), ("random", random_games)):
        for players in player_counts:
            out = observe(Game(players=players), [policy] * players, games, seed, TurnCounter)
            facts = out["facts"].rename(columns={"player": "seat"})
            df = out["scores"].merge(facts, on=["game_id", "seat"])
            df["setting"] = policy
            parts.append(df)
    table = pd.concat(parts, ignore_index=True)
    table.attrs.update(greedy_games=greedy_games, random_games=random_games, seed=seed)
    return table


def _prov(table, policies=("greedy", "random")):
    a = table.attrs
    games = "/".join(str(a.get(f"{p}_games")) for p in policies)
    return provenance(Game(players=4), players=PLAYER_COUNTS, seed=a.get("seed"), policies=[T(p) for p in policies],
                      note=T("{games} games per player count", games=games))


def category_means(table: pd.DataFrame) -> pd.DataFrame:
    """Mean points per category and total (with its standard error) by setting and player count."""
    rows = []
    for (setting, players), g in table.groupby(["setting", "players"]):
        total, se = mean_se(g["total"])
        rows.append({"setting": setting, "players": players, "n": len(g),
                     **{c: g[c].mean() for c in CATEGORIES}, "total": total, "total se": se})
    return pd.DataFrame(rows)


def winners(table: pd.DataFrame) -> pd.DataFrame:
    """The winning score of each game (the best total) by setting and player count."""
    best = table.groupby(["setting", "players", "game_id"])["total"].max().reset_index()
    rows = []
    for (setting, players), g in best.groupby(["setting", "players"]):
        m, se = mean_se(g["total"])
        rows.append({"setting": setting, "players": players, "games": len(g), "winning score": m, "se": se,
                     "lowest": g["total"].min(), "highest": g["total"].max()})
    return pd.DataFrame(rows)


def lengths(table: pd.DataFrame) -> pd.DataFrame:
    """Turns per player per set and decisions per game, by setting and player count."""
    per_game = table.groupby(["setting", "players", "game_id"]).agg(turns=("turns per set", "first"),
                                                                      decisions=("decisions", "first")).reset_index()
    rows = []
    for (setting, players), g in per_game.groupby(["setting", "players"]):
        t, t_se = mean_se(g["turns"])
        rows.append({"setting": setting, "players": players, "turns per set": t, "se": t_se,
                     "decisions per game": g["decisions"].mean()})
    return pd.DataFrame(rows)


def seat_win_rates(table: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """Each seat's win rate with its Wilson interval. A tie shares the win, as in every boardlab table
    (``win_share``: 1/k each for k tied winners, :func:`boardlab.core.stats.win_shares`), so the
    seats' rates of a setting sum to 1 and compare with the fair share 1/players."""
    rows = []
    for (setting, players, seat), g in table.groupby(["setting", "players", "seat"]):
        wins, games = float(g["win_share"].sum()), len(g)
        lo, hi = wilson_interval(wins, games, z)
        rows.append({"setting": setting, "players": players, "seat": seat, "games": games, "wins": wins,
                     "rate": wins / games, "lo": lo, "hi": hi})
    return pd.DataFrame(rows)


def category_figure(means: pd.DataFrame, provenance_line: str):
    fig, axes = new_figure(10, 4.2, ncols=2)
    for ax, setting in zip(axes, ("greedy", "random")):
        m = means[means["setting"] == setting]
        bottom = [0.0] * len(m)
        for cat, colour in zip(CATEGORIES, PALETTE):
            ax.bar(m["players"], m[cat], bottom=bottom, color=colour, label=T(cat))
            bottom = [b + v for b, v in zip(bottom, m[cat])]
        ax.errorbar(m["players"], m["total"], yerr=2 * m["total se"], fmt="none", color="#000000", capsize=4)
        ax.set(title=T(f"{setting} players"), xlabel=T("players"), ylabel=T("mean points per player"),
               xticks=list(m["players"]))
    axes[1].legend(fontsize=8, loc="upper right")
    fig.suptitle(T("Where the points come from (±2 standard errors on the total)"))
    stamp(fig, provenance_line)
    return fig


def winner_figure(table: pd.DataFrame, provenance_line: str):
    best = table.groupby(["setting", "players", "game_id"])["total"].max().reset_index()
    fig, ax = new_figure(8, 4)
    for k, (setting, colour) in enumerate((("greedy", "#0072B2"), ("random", "#E69F00"))):
        data = [best[(best["setting"] == setting) & (best["players"] == p)]["total"] for p in PLAYER_COUNTS]
        pos = [p + (-0.18 if k == 0 else 0.18) for p in PLAYER_COUNTS]
        parts = ax.boxplot(data, positions=pos, widths=0.3, patch_artist=True)
        for box in parts["boxes"]:
            box.set_facecolor(colour)
        ax.plot([], [], color=colour, lw=8, label=T(setting))
    ax.set(title=T("Winning score by player count"), xlabel=T("players"), ylabel=T("winner's points"),
           xticks=list(PLAYER_COUNTS))
    ax.set_xticklabels([str(p) for p in PLAYER_COUNTS])
    ax.legend()
    stamp(fig, provenance_line)
    return fig


def seat_figure(seats: pd.DataFrame, provenance_line: str):
    fig, ax = new_figure(9, 4)
    g = seats[seats["setting"] == "greedy"].reset_index(drop=True)
    xs = range(len(g))
    ax.errorbar(list(xs), g["rate"], yerr=[g["rate"] - g["lo"], g["hi"] - g["rate"]], fmt="o", color="#0072B2",
                capsize=3)
    ax.scatter(list(xs), 1 / g["players"], marker="_", s=300, color="#D55E00", label=T("fair share 1/players"))
    ax.set_xticks(list(xs), [T("{p}p s{s}", p=p, s=s) for p, s in zip(g["players"], g["seat"])], fontsize=8)
    ax.set(title=T("Greedy games: win rate by seat (Wilson 95% intervals)"), ylabel=T("win rate"), ylim=(0, 1))
    ax.legend()
    stamp(fig, provenance_line)
    return fig


class OutcomeExplorer:
    """Pick a setting and a player count: the score histogram and the category means."""

    def __init__(self, table: pd.DataFrame, setting: str = "greedy", players: int = 4):
        import ipywidgets as W

        self.table = table
        self.result: pd.DataFrame | None = None
        self.updates = 0
        self.setting = W.ToggleButtons(options=[(T(s), s) for s in ("greedy", "random")], value=setting,
                                       description=T("players play"))
        self.players = W.ToggleButtons(options=list(PLAYER_COUNTS), value=players, description=T("players"),
                                       style={"button_width": "40px"})
        self.summary = W.HTML()
        self.output = live_output(self._update, {"setting": self.setting, "players": self.players})
        self.widget = W.VBox([W.HBox([self.setting, self.players]), self.summary, self.output])

    def _update(self, setting, players):
        self.updates += 1
        g = self.table[(self.table["setting"] == setting) & (self.table["players"] == players)]
        self.result = category_means(g)
        fig, ax = new_figure(7, 3.8)
        ax.hist(g["total"], bins=15, color="#56B4E9")
        ax.set(title=T("Final scores, {players} players, {setting}", players=players, setting=T(setting)),
               xlabel=T("points per player"), ylabel=T("players"))
        stamp(fig, provenance(Game(players=players), games=int(g["game_id"].nunique()),
                              seed=self.table.attrs.get("seed"), policies=[T(setting)]))
        self.figure = fig
        m = self.result.iloc[0]
        self.summary.value = T("{n} player results: mean total <b>{mean}</b> &plusmn; {se} (1 standard error).",
                               n=int(m["n"]), mean=f"{m['total']:.1f}", se=f"{m['total se']:.1f}")
        show(self.result, fig)


# -- a larger run, seat by seat: the shipped dataset, or a small live run (boardlab.core.datasets) --

#: the seats of the shipped run data/alea/seats-greedy-random-random-random.parquet (4 players, seed 11)
SEAT_POLICIES = ('greedy', 'random', 'random', 'random')
SEAT_SEED = 11


def seat_run(policies=SEAT_POLICIES, seed: int = SEAT_SEED, live_games: int = 4, workers: int = 1,
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

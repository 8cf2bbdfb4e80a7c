"""Lesson behind notebooks/alea/04-misplayed-rules.ipynb.

The question: *our group played one of the rules wrong: how much did it change the game?*
Each misplay (``alea.MISPLAYS``) is played on the same deals as the correct rules (game
``i`` of both runs starts from the same seeds: a paired design) and compared on outcomes a reader
understands: the points per player and per seat, the winner's score and the turns per set, each
with its standard error over deals; and how often the winner changed, beside the rate at which
two *unrelated* deals have different winners (a misplay that reaches that rate reshuffles the
game: who wins is then as if another game had been dealt). Misplays that only change scoring
(senate cards) are measured exactly on the same games: the finished games are scored both ways,
so a changed winner is the misplay's doing alone.
"""

from __future__ import annotations

import html

import pandas as pd

from boardlab.alea import MISPLAYS, Game
from boardlab.alea.lessons.common import T, TurnCounter, article, new_figure, provenance, show, stamp
from boardlab.alea.scoring import CATEGORIES, player_sheet
from boardlab.core.observe import observe
from boardlab.core.stats import mean_se
from boardlab.core.liveview import live_output

#: misplays that change only the final scoring: measured on the same games, scored both ways
SCORING_ONLY = ("unassigned_patricians_count", "card_iii_without_itself", "card_vii_border_one_colour",
                "card_xii_half_couple")
#: misplays about the 2-3 player game are played at 3 players, the others at 4
SMALL_GAME = ("five_sets_always", "templum_small_games", "full_forum_always")


def players_for(misplay: str) -> int:
    return 3 if misplay in SMALL_GAME else 4


class GameFacts(TurnCounter):
    """Observer: turns per set, and the final totals under each scoring-only misplay."""

    def extra(self, state, p) -> dict:
        return {m: player_sheet(Game(players=state.nplayers, misplays=[m]), state.provs[p], state.pats[p],
                                state.cards[p], state.fortune[p], state.chips[p])["total"] for m in SCORING_ONLY}


def play(game: Game, games: int, seed: int, policy: str = "greedy") -> pd.DataFrame:
    """Seeded games: one row per player with the score categories, rank and the observer's facts."""
    out = observe(game, [policy] * game.players, games, seed, GameFacts)
    facts = out["facts"].rename(columns={"player": "seat"})
    return out["scores"].merge(facts, on=["game_id", "seat"])


#: the mean each unpaired standard-error column belongs to (for the displayed table)
SE_OF = {"turns se": "turns per set change"}


def paired_change(df: pd.DataFrame, base: pd.DataFrame, column: str, how: str = "mean",
                  base_column: str | None = None) -> tuple:
    """Mean and standard error of the per-game change of ``column`` (the same game seeds in both
    runs, so each game is compared with its twin; identical games give exactly 0)."""
    a = df.groupby("game_id")[column].agg(how)
    b = base.groupby("game_id")[base_column or column].agg(how)
    d = (a - b).dropna()
    if d.nunique() <= 1:
        return float(d.mean()), 0.0
    return mean_se(d)


def _winners(df: pd.DataFrame) -> pd.Series:
    """Per game, the seats ranked first (a tuple: ties share the first rank)."""
    return df[df["rank"] == 1].groupby("game_id")["seat"].apply(lambda s: tuple(sorted(s)))


def winner_changed(df: pd.DataFrame, base: pd.DataFrame) -> tuple[float, float]:
    """Share of games whose winner(s) differ from their twin's under the correct rules, with its
    standard error (one game per deal: independent)."""
    changed = (_winners(df) != _winners(base)).astype(float)
    p = float(changed.mean())
    return p, (p * (1 - p) / len(changed)) ** 0.5 if len(changed) > 1 else float("nan")


def unrelated_winner_change(base: pd.DataFrame) -> float:
    """The reference for :func:`winner_changed`: the share of pairs of *different* deals (game
    ``i`` and ``i + 1``) under the correct rules whose winners differ: what a misplay that makes the
    rest of the game unfold differently reads."""
    w = _winners(base).to_numpy()
    return float((w[1:] != w[:-1]).mean()) if len(w) > 1 else float("nan")


def seat_change(tables: dict, misplay: str) -> pd.DataFrame:
    """Points per seat: the correct rules against one misplay on the same deals (paired by game,
    standard error over games): who a misplay costs, seat by seat."""
    players = players_for(misplay)
    base = tables[f"correct rules, {players} players"]
    df = tables[misplay]
    column = misplay if misplay in SCORING_ONLY else "total"
    pair = base[["game_id", "seat", "total"]].merge(df[["game_id", "seat", column]].rename(columns={column: "x"}),
                                                      on=["game_id", "seat"])
    rows = []
    for seat, g in pair.groupby("seat"):
        d = g["x"] - g["total"]
        se = mean_se(d)[1] if d.nunique() > 1 else 0.0
        rows.append({"seat": int(seat), "correct rules": g["total"].mean(), "misplay": g["x"].mean(),
                     "change": float(d.mean()), "se": se})
    return pd.DataFrame(rows)


#: games per setting: enough for a paired change of a point per player to stand clear of its error
GAMES = 60


def measure(games: int = GAMES, seed: int = 7, policy: str = "greedy") -> tuple[pd.DataFrame, dict]:
    """Every misplay against the correct rules: (summary table, {name: per-player table}).

    Game ``i`` of every run starts from the same seeds, so each misplayed game is compared with its
    twin under the correct rules (a paired difference). Scoring-only misplays rescore the very same
    finished games, so their change is exact for these games."""
    runs = {p: play(Game(players=p), games, seed, policy) for p in (3, 4)}
    tables = {f"correct rules, {p} players": df for p, df in runs.items()}
    rows = []
    for name, (point, text) in MISPLAYS.items():
        players = players_for(name)
        base = runs[players]
        if name in SCORING_ONLY:
            df = base.copy()
            df["total"] = df[name]
            how = "same games, rescored"
        else:
            df = play(Game(players=players, misplays=[name]), games, seed, policy)
            how = "played"
        tables[name] = df
        d_total, se_total = paired_change(df, base, "total")
        d_win, se_win = paired_change(df, base, "total", "max")
        d_turns, se_turns = paired_change(df, base, "turns per set")
        changed = (df.groupby("game_id")["total"].apply(tuple) != base.groupby("game_id")["total"].apply(tuple)).mean()
        other, other_se = winner_changed(df, base)
        rows.append({"misplay": name, "rule point": point, "policy": policy, "players": players, "games": games,
                     "how": how, "games changed": float(changed), "winner changed": other,
                     "winner changed se": other_se, "unrelated games": unrelated_winner_change(base),
                     "mean total": df["total"].mean(),
                     "change": d_total, "change se": se_total, "winner change": d_win, "winner change se": se_win,
                     "turns per set change": d_turns, "turns se": se_turns, "what it plays": text})
    summary = pd.DataFrame(rows)
    summary.attrs.update(games=games, seed=seed, policy=policy)
    return summary, tables


def significant(row, k: float = 2.0) -> bool:
    """Whether a change is more than ``k`` standard errors from zero (exact changes: nonzero)."""
    se = row["change se"]
    return abs(row["change"]) > k * se if se > 0 else row["change"] != 0


def misplay_figure(summaries: list):
    """Each misplay's change in mean score and in turns per set, one marker per policy."""
    fig, (ax1, ax2) = new_figure(11, 6.5, ncols=2)
    first = summaries[0]
    n = len(first)
    for k, (summary, colour, marker) in enumerate(zip(summaries, ("#0072B2", "#D55E00"), ("o", "s"))):
        ys = [n - 1 - i + (0.15 if k == 0 else -0.15) for i in range(n)]
        label = T("{policy} ({games} games)", policy=T(str(summary.attrs.get("policy"))), games=summary.attrs.get("games"))
        ax1.errorbar(summary["change"], ys, xerr=2 * summary["change se"], fmt=marker, color=colour, capsize=3,
                     label=label)
        ax2.errorbar(summary["turns per set change"], ys, xerr=2 * summary["turns se"], fmt=marker, color=colour,
                     capsize=3)
    ticks = list(range(n))[::-1]
    for ax in (ax1, ax2):
        ax.axvline(0, color="0.4", lw=1)
    ax1.set_yticks(ticks, [f"{T(m)} ({p})" for m, p in zip(first["misplay"], first["rule point"])], fontsize=8)
    ax2.set_yticks(ticks, [""] * n)
    ax1.set(title=T("Mean score per player"), xlabel=T("change in points (misplay - correct rules)"))
    ax2.set(title=T("Turns per player per set"), xlabel=T("change in turns"))
    ax1.legend(fontsize=8, loc="lower left")
    fig.suptitle(T("What each misplay changes (paired games, ±2 standard errors)"))
    fig.subplots_adjust(left=0.3, wspace=0.08)
    seeds = sorted({s.attrs.get("seed") for s in summaries})
    stamp(fig, provenance(Game(players=4), players=sorted({int(p) for s in summaries for p in s["players"]}), seed=seeds[0] if len(seeds) == 1 else None,
                          policies=[T(str(s.attrs.get("policy"))) for s in summaries],
                          note=T("3 players for points 1, 2, 4, else 4; scoring misplays rescored")))
    return fig


def category_change(tables: dict, misplay: str) -> pd.DataFrame:
    """Mean points per category: the correct rules against one misplay (same player count)."""
    players = players_for(misplay)
    base = tables[f"correct rules, {players} players"]
    df = tables[misplay]
    rows = []
    for cat in (*CATEGORIES, "total"):
        column = misplay if (misplay in SCORING_ONLY and cat == "total") else cat
        if misplay in SCORING_ONLY and cat == "senate":
            changed = base["senate"] + base[misplay] - base["total"]
        else:
            changed = df[column]
        pair = pd.DataFrame({"game_id": df["game_id"], "x": changed.to_numpy()})
        ref = pd.DataFrame({"game_id": base["game_id"], "x": base[cat].to_numpy()})
        d, se = paired_change(pair, ref, "x")
        rows.append({"category": cat, "correct rules": base[cat].mean(), "misplay": changed.mean(),
                     "change": d, "se": se})
    return pd.DataFrame(rows)


def histogram_figure(tables: dict, misplay: str, seed: int):
    players = players_for(misplay)
    base = tables[f"correct rules, {players} players"]["total"]
    df = tables[misplay]
    other = df[misplay] if misplay in SCORING_ONLY else df["total"]
    fig, ax = new_figure(7, 4)
    lo, hi = int(min(base.min(), other.min())), int(max(base.max(), other.max())) + 1
    bins = range(lo, hi + 2, max(1, (hi - lo) // 15 or 1))
    ax.hist(base, bins=bins, alpha=0.6, color="#56B4E9", label=T("correct rules"))
    ax.hist(other, bins=bins, alpha=0.6, color="#E69F00", label=T(misplay))
    ax.set(title=T("Final scores: {misplay}", misplay=T(misplay)), xlabel=T("points per player"), ylabel=T("players"))
    ax.legend()
    games = int(df["game_id"].nunique())
    stamp(fig, provenance(Game(players=players, misplays=[misplay]), games=games, seed=seed, policies=[T("greedy")]))
    return fig


class MisplayExplorer:
    """Pick a misplay: its change per score category and per seat, and the two score histograms."""

    def __init__(self, tables: dict, seed: int, misplay: str = "set_ends_at_once"):
        import ipywidgets as W

        self.tables, self.seed = tables, seed
        self.result: pd.DataFrame | None = None
        self.updates = 0
        # the reader picks by the misplay's name in the current language; the value stays the option name
        self.misplay = W.Dropdown(options=[(T(m), m) for m in MISPLAYS], value=misplay, description=T("misplay"),
                                  layout=W.Layout(width="380px"))
        self.summary = W.HTML()
        self.output = live_output(self._update, {"misplay": self.misplay})
        self.widget = W.VBox([self.misplay, self.summary, self.output])

    def _update(self, misplay):
        self.updates += 1
        self.result = category_change(self.tables, misplay)
        self.seats = seat_change(self.tables, misplay)
        self.figure = histogram_figure(self.tables, misplay, self.seed)
        point, text = MISPLAYS[misplay]
        total = self.result.set_index("category").loc["total"]
        before, after = total["correct rules"], total["misplay"]
        self.summary.value = T("<b>rule point {point}</b>: {text}. Mean total per player {before} &rarr; {after} points.",
                               point=point, text=html.escape(T(text)), before=f"{before:.1f}", after=f"{after:.1f}")
        show(article(self.result), article(self.seats), self.figure)

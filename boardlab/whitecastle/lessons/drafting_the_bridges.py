"""Notebook 02, *drafting the bridges*: what a pick leaves the next player (exact), and how
the ends offered drift during round 1 when random or greedy players draft (simulated with
:func:`boardlab.core.observe.observe`). Widget: :class:`AfterPickExplorer`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core.liveview import live_output
from boardlab.core import widgets as core_widgets
from boardlab.core import plotting, stats
from boardlab.core.observe import observe
from boardlab.whitecastle import odds
from boardlab.whitecastle.dice import COLOURS, dice_per_bridge, roll_bridge
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.odds import ENDS, PLAYER_COUNTS
from boardlab.whitecastle.rules import DICE_PER_PLAYER_ROUND
from boardlab.whitecastle.lessons.common import T, LEFT_COLOUR, RIGHT_COLOUR, POLICY_STYLE, check_players, stamp_figure, game_provenance, exact_note, figure_png, mc_row

def after_pick_summary() -> pd.DataFrame:
    """Exact expected ends of a fresh full bridge, and of what is left after its left or right
    die is taken, at 2, 3 and 4 players. Columns: players, n, taken (none/left/right),
    left, right, spread (right - left = the next break-even lantern worth), as Fractions, plus
    ``*_float``."""
    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        fresh = odds.ends_distribution(n)
        cases = [("nothing yet", fresh)] + [(end, odds.after_pick_distribution(n, end)) for end in ENDS]
        for taken, dist in cases:
            left = sum((Fraction(a) * p for (a, b), p in dist.items()), Fraction(0))
            right = sum((Fraction(b) * p for (a, b), p in dist.items()), Fraction(0))
            rows.append({"players": players, "n": n, "taken": taken, "left": left, "right": right,
                         "spread": right - left, "left_float": float(left), "right_float": float(right),
                         "spread_float": float(right - left)})
    return pd.DataFrame(rows)


def after_pick_matrix(players: int, end: str) -> pd.DataFrame:
    """Exact joint distribution of (new left, new right) after the ``end`` die of a fresh full
    bridge is taken: a 6x6 DataFrame, rows = new left pips, columns = new right pips (floats)."""
    n = dice_per_bridge(check_players(players))
    dist = odds.after_pick_distribution(n, end)
    grid = pd.DataFrame(0.0, index=range(1, 7), columns=range(1, 7))
    grid.index.name, grid.columns.name = "new left", "new right"
    for (left, right), p in dist.items():
        grid.loc[left, right] += float(p)
    return grid


def after_pick_figure(players: int, end: str) -> Figure:
    """Left: heat map of the exact (new left, new right) after taking ``end``. Right: the new
    ends' distributions against a fresh bridge's ends."""
    n = dice_per_bridge(check_players(players))
    grid = after_pick_matrix(players, end)
    fig = Figure(figsize=(10.5, 4.3))
    ax, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.25]})
    image = ax.imshow(grid.values, origin="lower", cmap="cividis", extent=(0.5, 6.5, 0.5, 6.5), vmin=0)
    for i in range(6):
        for j in range(6):
            p = grid.values[i, j]
            if p >= 0.005:
                ax.text(j + 1, i + 1, f"{100 * p:.0f}", ha="center", va="center", fontsize=7.5,
                        color="white" if p < 0.6 * grid.values.max() else "black")
    ax.set_xticks(range(1, 7))
    ax.set_yticks(range(1, 7))
    ax.grid(False)
    ax.set_xlabel(T("new right end (pips)"))
    ax.set_ylabel(T("new left end (pips)"))
    ax.set_title(T("After the {end} die: {n} dice become {k} (% of rolls)", end=T(end), n=n, k=n - 1), fontsize=11)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label=T("probability"))

    fresh_left, fresh_right = odds.left_end_distribution(n), odds.right_end_distribution(n)
    new_left, new_right = grid.sum(axis=1), grid.sum(axis=0)
    pips = range(1, 7)
    width = 0.2
    series = [
        ("fresh left end", [float(fresh_left.get(k, 0)) for k in pips], LEFT_COLOUR, "", -1.5),
        ("new left end", list(new_left.values), LEFT_COLOUR, "///", -0.5),
        ("fresh right end", [float(fresh_right.get(k, 0)) for k in pips], RIGHT_COLOUR, "", 0.5),
        ("new right end", list(new_right.values), RIGHT_COLOUR, "///", 1.5),
    ]
    for label, values, colour, hatch, offset in series:
        ax2.bar([k + offset * width for k in pips], values, width=width, label=T(label),
                color=colour if not hatch else "white", edgecolor=colour if hatch else "black",
                hatch=hatch, linewidth=0.8)
    ax2.set_xticks(list(pips))
    ax2.set_xlabel(T("pips"))
    ax2.set_ylabel(T("probability"))
    ax2.set_title(T("{players} players: the ends the next player is offered", players=players), fontsize=11)
    ax2.legend(fontsize=8, loc="upper center", ncols=2)
    fig.subplots_adjust(wspace=0.42, top=0.88, left=0.07, right=0.98)
    return stamp_figure(fig, exact_note(players, taken=T(end)))


@dataclass
class AfterPickResult:
    matrix: pd.DataFrame
    figure: Figure
    summary: str  # HTML


def explore_after_pick(players: int = 3, end: str = "left") -> AfterPickResult:
    """Everything notebook 02's widget shows: the joint matrix, the figure and a summary."""
    if end not in ENDS:
        raise ValueError(f"end must be 'left' or 'right'; got {end!r}")
    table = after_pick_summary()
    part = table[table["players"] == players].set_index("taken")
    fresh, after = part.loc["nothing yet"], part.loc[end]
    other = "right" if end == "left" else "left"
    summary = T(
        "{players} players, a fresh bridge of {n} dice: taking the <b>{end}</b> die moves the next player's "
        "{end} end from {before:.2f} to <b>{after:.2f}</b> pips on average; the {other} end stays at {stays:.2f}. "
        "The gap between the ends (the next break-even lantern worth) shrinks from {gap:.2f} to "
        "<b>{gap_after:.2f}</b> coins.", players=players, n=dice_per_bridge(players), end=T(end), other=T(other),
        before=fresh[end + "_float"], after=after[end + "_float"], stays=after[other + "_float"],
        gap=fresh["spread_float"], gap_after=after["spread_float"])
    return AfterPickResult(after_pick_matrix(players, end), after_pick_figure(players, end), summary)


def monte_carlo_after_pick(players: int, end: str, rolls: int = 20_000, seed: int = 1) -> pd.DataFrame:
    """Simulated twin of :func:`after_pick_summary`: roll bridges with the engine's
    ``roll_bridge``, take the ``end`` die, average the new ends. Columns: quantity, exact,
    simulated, se, z, n."""
    n = dice_per_bridge(check_players(players))
    rng = random.Random(f"after-{seed}-{players}-{end}")
    lefts, rights = [], []
    for _ in range(rolls):
        dice = roll_bridge(rng, n)
        rest = dice[1:] if end == "left" else dice[:-1]
        lefts.append(rest[0])
        rights.append(rest[-1])
    exact = after_pick_summary()
    row = exact[(exact["players"] == players) & (exact["taken"] == end)].iloc[0]
    out = []
    for name, values, key in (("new left end", lefts, "left"), ("new right end", rights, "right")):
        m, se = stats.mean_se(values)
        out.append(mc_row(players, name, row[key], m, se, rolls))
    return pd.DataFrame(out)


class FirstRoundEnds:
    """The observer (see :func:`boardlab.core.observe.observe`) behind
    :func:`exposed_ends_by_pick`: before each pick of round 1 it notes both ends of every
    bridge, and which end the pick takes; the game stops when round 1 is over."""

    def start(self, state, info) -> None:
        self.policy = info.policies[0]
        self.rows: list[dict] = []
        self.offered: dict[str, dict] = {}
        self.pick = None

    def stop(self, state) -> bool:
        return state.round > 1 or state.phase not in ("draft", "turn")

    def step(self, state, action) -> None:
        if state.phase == "turn" and state.decision[0] == "take" and self.pick != state.turn:
            self.pick = state.turn
            self.offered = {}
            for colour, bridge in zip(COLOURS, state.bridges):
                self.offered[colour] = {"policy": self.policy, "players": state.game.players, "pick": state.turn + 1,
                                        "bridge": colour, "dice": len(bridge),
                                        "left": bridge[0] if bridge else math.nan,
                                        "right": bridge[-1] if bridge else math.nan, "taken": ""}
            self.rows += self.offered.values()
        if action.kind == "take":
            self.offered[action.x]["taken"] = "left" if action.m == 0 else "right"

    def finish(self, state) -> dict:
        return {"ends": self.rows}


def exposed_ends_by_pick(players: int, policy: str, rounds: int, seed: int = 1, workers: int = 1,
                         **options) -> pd.DataFrame:
    """Play round 1 of ``rounds`` seeded games (starting draft included) with every seat on
    ``policy`` ("random" or "greedy"), and record the bridges before each pick.

    The games are those :func:`boardlab.simulate` plays from ``seed`` (watched with
    :func:`boardlab.core.observe.observe`, stopped when round 1 ends). One row per (round,
    pick, bridge): policy, players, round_id (the game number), pick (1 = first die of the
    round), bridge, dice (left on that bridge), left, right (its end pips, NaN when empty),
    taken (the end taken from that bridge at this pick, or ""). ``options``: other ``Game``
    options (e.g. ``lone_die_is_left=False``)."""
    game = Game(players=check_players(players), **options)
    ends = observe(game, [policy] * players, rounds, seed, FirstRoundEnds, workers=workers)["ends"]
    ends = ends.rename(columns={"game_id": "round_id"})
    return ends[["policy", "players", "round_id", "pick", "bridge", "dice", "left", "right", "taken"]]


def drift_summary(ends: pd.DataFrame) -> pd.DataFrame:
    """Mean exposed left and right end per pick, with standard errors over rounds.

    Each round contributes one number per pick: the average over its non-empty bridges (the
    three bridges of one round are not independent, the rounds are). Columns: policy, players,
    pick, rounds, left, left_se, right, right_se, spread, spread_se, p_left_taken (share of
    picks that took a left end), p_left_taken_lo/hi (95 % Wilson interval)."""
    rows = []
    per_round = (ends.dropna(subset=["left"])
                 .assign(spread=lambda d: d["right"] - d["left"])
                 .groupby(["policy", "players", "pick", "round_id"])[["left", "right", "spread"]].mean()
                 .reset_index())
    taken = ends[ends["taken"] != ""].groupby(["policy", "players", "pick"])["taken"]
    for (policy, players, pick), part in per_round.groupby(["policy", "players", "pick"]):
        row = {"policy": policy, "players": players, "pick": pick, "rounds": len(part)}
        for col in ("left", "right", "spread"):
            values = list(part[col])
            if len(values) >= 2:
                row[col], row[col + "_se"] = stats.mean_se(values)
            else:
                row[col], row[col + "_se"] = float(values[0]), math.nan
        picks = taken.get_group((policy, players, pick))
        k = int((picks == "left").sum())
        row["p_left_taken"] = share = k / len(picks)
        lo, hi = stats.wilson_interval(k, len(picks))
        row["p_left_taken_lo"], row["p_left_taken_hi"] = min(lo, share), max(hi, share)  # float round-off at 0/1
        rows.append(row)
    return pd.DataFrame(rows)


def fresh_ends() -> pd.DataFrame:
    """Exact expected left end, right end and spread of a freshly rolled full bridge."""
    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        left = odds.mean(odds.left_end_distribution(n))
        right = odds.mean(odds.right_end_distribution(n))
        rows.append({"players": players, "n": n, "left": left, "right": right, "spread": right - left})
    return pd.DataFrame(rows)


def drift_figure(summary: pd.DataFrame, *, seed: int, rounds: dict, options: dict | None = None) -> Figure:
    """Mean exposed left and right end vs pick number (error bars: ±1 standard error), one panel
    per player count, one line style per policy; the exact fresh-bridge means as dotted lines.
    ``options``: the ``Game`` options the rounds were played with (default: the engine's)."""
    fig = Figure(figsize=(12, 4.6))
    axes = fig.subplots(1, 3, sharey=True)
    fresh = fresh_ends().set_index("players")
    for ax, players in zip(axes, PLAYER_COUNTS):
        part = summary[summary["players"] == players]
        for policy, sub in part.groupby("policy"):
            marker, line = POLICY_STYLE.get(policy, ("^", ":"))
            shift = -0.12 if policy == "random" else 0.12
            for end, colour in (("left", LEFT_COLOUR), ("right", RIGHT_COLOUR)):
                ax.errorbar(sub["pick"] + shift, sub[end], yerr=sub[end + "_se"], color=colour, marker=marker,
                            linestyle=line, markersize=4, capsize=2, linewidth=1.3,
                            label=T("{end} end, {policy}", end=T(end), policy=T(policy)))
        for end, colour in (("left", LEFT_COLOUR), ("right", RIGHT_COLOUR)):
            ax.axhline(float(fresh.loc[players, end]), color=colour, linestyle=":", linewidth=1)
        ax.set_xticks(range(1, DICE_PER_PLAYER_ROUND * players + 1))
        ax.set_ylim(1, 6)
        ax.set_xlabel(T("pick number in the round"))
        ax.set_title(T("{players} players: {picks} picks, {n} dice per bridge", players=players,
                       picks=DICE_PER_PLAYER_ROUND * players, n=dice_per_bridge(players)), fontsize=11)
    axes[0].set_ylabel(T("mean exposed end (pips)"))
    handles, labels = axes[0].get_legend_handles_labels()
    for ax in axes[1:]:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    fig.legend(handles, labels, loc="lower center", ncols=4, fontsize=8.5, frameon=False, bbox_to_anchor=(0.5, 0.03))
    fig.suptitle(T("How the dice offered drift during round 1 (±1 standard error; dotted: exact fresh bridge)"),
                 fontsize=12.5)
    fig.subplots_adjust(wspace=0.08, top=0.84, left=0.06, right=0.99, bottom=0.25)
    sample = ", ".join(T("{policy} {k} rounds", policy=T(p), k=k) for p, k in rounds.items())
    return stamp_figure(fig, _rounds_provenance(summary, seed, sample, options))


def gap_figure(summary: pd.DataFrame, *, seed: int, rounds: dict, options: dict | None = None) -> Figure:
    """The gap between a bridge's ends (high - low = the break-even lantern worth) before each pick,
    one panel per policy, one line per player count (±1 standard error); stars: the exact gap of
    a fresh bridge. ``options``: as for :func:`drift_figure`."""
    policies = [p for p in ("random", "greedy") if p in set(summary["policy"])]
    fig = Figure(figsize=(11, 4.4))
    axes = fig.subplots(1, len(policies), sharey=True, squeeze=False)[0]
    fresh = fresh_ends().set_index("players")
    styles = {2: ("o", ":", plotting.PALETTE[2]), 3: ("s", "--", plotting.PALETTE[3]),
              4: ("^", "-", plotting.PALETTE[5])}
    for ax, policy in zip(axes, policies):
        for players, sub in summary[summary["policy"] == policy].groupby("players"):
            marker, line, colour = styles[players]
            ax.errorbar(sub["pick"], sub["spread"], yerr=sub["spread_se"], marker=marker, linestyle=line,
                        color=colour, markersize=4, capsize=2, linewidth=1.4,
                        label=T("{players} players ({n} dice per bridge)", players=players, n=dice_per_bridge(players)))
            ax.plot([1], [float(fresh.loc[players, "spread"])], marker="*", markersize=12, color=colour,
                    markeredgecolor="black", linestyle="none")
        ax.set_xticks(range(1, DICE_PER_PLAYER_ROUND * max(PLAYER_COUNTS) + 1))
        ax.set_ylim(0, 4.2)
        ax.set_xlabel(T("pick number in the round"))
        ax.set_title(T("{policy} players", policy=T(policy)), fontsize=11)
    axes[0].set_ylabel(T("mean gap, high − low end (pips = coins)"))
    axes[0].legend(fontsize=8, loc="upper right")
    fig.suptitle(T("The gap between the ends closes as a round is drafted (★ exact fresh bridge, ±1 SE)"),
                 fontsize=12.5)
    fig.subplots_adjust(top=0.83, wspace=0.06, bottom=0.2)
    sample = ", ".join(T("{policy} {k} rounds", policy=T(p), k=k) for p, k in rounds.items())
    return stamp_figure(fig, _rounds_provenance(summary, seed, sample, options))


def _rounds_provenance(summary, seed, sample, options) -> str:
    players = sorted(int(p) for p in set(summary["players"]))
    return game_provenance(players, options=options, seed=seed, note=T("round 1; {sample} per player count", sample=sample))


class AfterPickExplorer:
    """Notebook 02's widget: player count and the end taken in; the exact after-pick heat map,
    the new ends' distributions and a summary out (``result``, ``png``, ``summary.value``)."""

    def __init__(self, players: int = 3, end: str = "left"):
        import ipywidgets as W

        self.result: AfterPickResult | None = None
        self.png: bytes = b""
        self.players = W.ToggleButtons(options=list(PLAYER_COUNTS), value=players, description=T("players"),
                                       style={"button_width": "48px"})
        self.end = W.ToggleButtons(options=[(T("take the left die"), "left"), (T("take the right die"), "right")],
                                   value=end, description=T("your pick"), style={"button_width": "140px"})
        self.summary = W.HTML()
        self.output = live_output(self._update, {"players": self.players, "end": self.end})
        self.output.add_class("boardlab-live")  # the picture: an HTML widget, never an Output (see liveview)
        self.widget = W.VBox([W.HBox([self.players, self.end]), self.summary, self.output])

    def _update(self, players, end):
        from IPython.display import Image, display

        self.result = explore_after_pick(players, end)
        self.summary.value = self.result.summary
        self.png = figure_png(self.result.figure, dpi=100)
        display(Image(data=self.png, format="png"))


def exposed_ends_many(player_counts=PLAYER_COUNTS, rounds: dict | None = None, seed: int = 1, workers: int = 1,
                      progress: bool = True, **options) -> pd.DataFrame:
    """:func:`exposed_ends_by_pick` for every player count and policy (``rounds``: {policy:
    round-1 plays}, default 400 random and 24 greedy), one table, with a progress bar."""
    rounds = rounds or {"random": 400, "greedy": 24}
    runs = [(players, policy) for players in player_counts for policy in rounds]
    bar = core_widgets.progress(runs, desc=T("playing round 1"), unit=T("table"), disable=not progress)
    parts = []
    for players, policy in bar:
        bar.set_postfix_str(T("{players} players, {policy}: {k} rounds", players=players, policy=T(policy),
                              k=rounds[policy]))
        parts.append(exposed_ends_by_pick(players, policy, rounds[policy], seed=seed, workers=workers, **options))
    return pd.concat(parts, ignore_index=True)

"""Notebook 06, the solo rival (도쿠가와 가문의 방문): how the Tokugawa rival picks its dice, how
often it takes a space or misses a die, the scores per difficulty, and playing with your own cards.

Exact: the rival's first die of the game when it moves first (medium and hard): every bridge
still holds its 3 dice, so the card that names the die is a uniformly random card of the deck
(the top card dealt at setup is turned over first; by symmetry the next one is uniform too), and
the die is the lowest (left end) or highest (right end) of three fair dice. Simulated: the same
die from many new games (its Monte Carlo twin), then whole games per difficulty.
"""

from __future__ import annotations

import csv
import itertools
import random
from fractions import Fraction

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import plotting, stats
from boardlab.core.playing import game_seeds
from boardlab.core.policies import resolve_policy
from boardlab.whitecastle import solo
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.lessons.common import POLICY_COLOURS, Explorer, T, new_figure, stamp_figure

DIFFICULTIES = solo.DIFFICULTIES
DICE_PER_BRIDGE = 3  # solo: as at 2 players
DIFFICULTY_COLOURS = {"easy": plotting.PALETTE[2], "medium": plotting.PALETTE[0], "hard": plotting.PALETTE[5]}
RIVAL_COLOUR = plotting.PALETTE[3]  # reddish purple: apart from both policies


# ---------------------------------------------------------------------------- the deck
def card_table(game: Game | None = None) -> pd.DataFrame:
    """The solo deck of ``game`` (default: the shipped cards) as a table, one row per card."""
    game = game or Game(players=1)
    return pd.DataFrame([{"card": c.number, "bridge": c.bridge, "end": c.end, "space": c.space,
                          "action 1": c.actions[0], "action 2": c.actions[1], "status": c.status,
                          "source": c.source} for c in solo.cards_of(game).values()]).set_index("card")


def assumed_cards(game: Game | None = None) -> list[int]:
    """The card numbers shipped as assumed (invented faces)."""
    return [n for n, c in solo.cards_of(game or Game(players=1)).items() if c.status == "assumed"]


def write_card_template(path, game: Game | None = None) -> str:
    """Write ``game``'s cards (default: the shipped ones) as a CSV a reader can edit, then load
    with ``Game(players=1, solo_cards=path)``."""
    rows = solo.card_rows(solo.cards_of(game or Game(players=1)).values())
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(solo.CARD_COLUMNS))
        writer.writeheader()
        writer.writerows(rows)
    return str(path)


# ---------------------------------------------------------------------------- exact: its first die
def end_die_pmf(end: str, dice: int = DICE_PER_BRIDGE) -> dict[int, Fraction]:
    """Exact distribution of a bridge's left-end (lowest) or right-end (highest) die among
    ``dice`` fair dice, over all 6**dice rolls (216 for three: small enough to list)."""
    pick = min if end == "left" else max
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=dice):
        counts[pick(roll)] = counts.get(pick(roll), 0) + 1
    total = 6 ** dice
    return {pips: Fraction(k, total) for pips, k in sorted(counts.items())}


def first_die_exact(game: Game | None = None) -> dict:
    """The rival's first die of the game when it moves first: the exact distribution of its pips,
    the chance of a right-end die and of each bridge, and the coins the die earns (a die above the
    space's value earns the difference; the rival never pays)."""
    cards = list(solo.cards_of(game or Game(players=1)).values())
    share = Fraction(1, len(cards))
    pips: dict[int, Fraction] = {}
    coins = Fraction(0)
    for c in cards:
        for value, p in end_die_pmf(c.end).items():
            pips[value] = pips.get(value, 0) + share * p
            coins += share * p * max(0, value - solo.SPACE_VALUE[c.space])
    return {"pips": dict(sorted(pips.items())), "mean pips": sum(v * p for v, p in pips.items()),
            "right end": share * sum(c.end == "right" for c in cards),
            "bridge": {b: share * sum(c.bridge == b for c in cards) for b in ("coral", "black", "white")},
            "coins": coins}


def first_die_sample(games: int, seed: int, game: Game | None = None) -> pd.DataFrame:
    """The rival's first die in ``games`` new games (its Monte Carlo twin): the human takes the
    pair dealt (first options), then the rival's first turn resolves by itself."""
    game = game or Game(players=1, difficulty="medium")
    if solo.difficulty_table()[game.difficulty]["turn_order"] != 1:
        raise ValueError(f"the rival moves first only at medium and hard; got difficulty={game.difficulty!r}")
    rows = []
    for i in range(games):
        state = game.new_game(seed + i)
        while state.rival_last is None:
            state.apply(state.legal_actions()[0])
        colour, pips, end, space, named, turned = state.rival_last
        rows.append({"bridge": colour, "pips": pips, "end": end, "space": space,
                     "coins": max(0, pips - solo.SPACE_VALUE[space])})
    return pd.DataFrame(rows)


def first_die_check(exact: dict, sample: pd.DataFrame) -> pd.DataFrame:
    """Exact against simulated, with the standard error and z (agreement within 4 SE)."""
    n = len(sample)
    rows = []
    for quantity, value, draws in (("mean pips", exact["mean pips"], sample["pips"]),
                                   ("mean coins", exact["coins"], sample["coins"]),
                                   ("share right end", exact["right end"], (sample["end"] == "right").astype(float))):
        mean, se = stats.mean_se(draws)
        rows.append({"quantity": quantity, "exact": float(value), "exact fraction": str(value),
                     "simulated": mean, "se": se, "z": (mean - float(value)) / se if se else 0.0, "n": n})
    return pd.DataFrame(rows)


def first_die_figure(exact: dict, sample: pd.DataFrame, seed: int) -> Figure:
    """Bars: the exact distribution of the rival's first die; dots: the simulated shares (95 %)."""
    fig = new_figure(8, 4.6)
    ax = fig.add_subplot(1, 1, 1)
    values = list(range(1, 7))
    ax.bar(values, [float(exact["pips"].get(v, 0)) for v in values], color=plotting.PALETTE[0], alpha=0.55,
           label=T("exact"))
    n = len(sample)
    shares = [(sample["pips"] == v).mean() for v in values]
    errors = [1.96 * stats.proportion_se(p, n) for p in shares]
    ax.errorbar(values, shares, yerr=errors, fmt="o", color=plotting.PALETTE[1], capsize=3,
                label=T("simulated (95 % interval)"))
    ax.set_xticks(values)
    ax.set_xlabel(T("pips of the rival's first die"))
    ax.set_ylabel(T("probability"))
    ax.set_title(T("The rival's first die: a bridge end named by a random card"))
    ax.legend(loc="upper center")
    stamp_figure(fig, plotting.provenance(Game(players=1, difficulty="medium"), games=n, seed=seed,
                                          note=T("exact: every roll of 3 dice, every card")))
    return fig


# ---------------------------------------------------------------------------- whole games
def play_games(games: int, seed: int, policy: str = "greedy", difficulties=DIFFICULTIES,
               game_options: dict | None = None) -> dict[str, pd.DataFrame]:
    """Whole solo games per difficulty: {"games": one row per game (both score sheets, who won),
    "turns": one row per rival turn (its die, the space named and used, cards turned)}. Game
    ``i`` of every difficulty uses the seeds ``core.playing.game_seeds(seed, i)``."""
    game_rows, turn_rows = [], []
    for level in difficulties:
        game = Game(players=1, difficulty=level, **(game_options or {}))
        chooser = resolve_policy(game, policy)
        for i in range(games):
            game_seed, policy_seed = game_seeds(seed, i)
            state = game.new_game(game_seed)
            rng = random.Random(policy_seed)
            while not state.is_over:
                state.apply(chooser(state, rng))
            for k, (colour, pips, end, space, named, turned) in enumerate(state.rival_log):
                turn_rows.append({"difficulty": level, "game": i, "round": 1 + k // 3, "bridge": colour,
                                  "pips": pips, "end": end, "space": space, "named": named, "turned": turned,
                                  "takes a space": space != solo.WELL, "space was taken": named != space,
                                  "die missing": turned > 1})
            human, rival = state.score_sheet()[0], solo.rival_sheet(state)
            game_rows.append({"difficulty": level, "game": i, "human total": human["total"],
                              "rival total": rival["total"], "human wins": solo.human_wins(state),
                              **{f"rival {k}": v for k, v in rival.items() if k != "total"},
                              **{f"human {k}": v for k, v in human.items() if k != "total"}})
    return {"games": pd.DataFrame(game_rows), "turns": pd.DataFrame(turn_rows)}


def score_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Per difficulty: mean totals with standard errors, and the human's win rate (Wilson 95 %)."""
    rows = []
    for level, g in games.groupby("difficulty", sort=False):
        human, human_se = stats.mean_se(g["human total"])
        rival, rival_se = stats.mean_se(g["rival total"])
        wins = int(g["human wins"].sum())
        low, high = stats.wilson_interval(wins, len(g))
        rows.append({"difficulty": level, "games": len(g), "human mean": human, "human se": human_se,
                     "rival mean": rival, "rival se": rival_se, "human win rate": wins / len(g),
                     "win rate, 95 % low": low, "win rate, 95 % high": high})
    return pd.DataFrame(rows)


def score_figure(games: pd.DataFrame, seed: int, policy: str = "greedy") -> Figure:
    """Final totals per difficulty: every game as a dot, the mean with its 95 % interval."""
    fig = new_figure(9, 4.8)
    ax = fig.add_subplot(1, 1, 1)
    fig.subplots_adjust(right=0.74)
    levels = list(dict.fromkeys(games["difficulty"]))
    for k, level in enumerate(levels):
        g = games[games["difficulty"] == level]
        for offset, column, colour, label in ((-0.17, "rival total", RIVAL_COLOUR, T("rival")),
                                              (0.17, "human total", POLICY_COLOURS.get(policy, "#555555"), T(policy))):
            x = [k + offset + 0.05 * ((j % 5) - 2) for j in range(len(g))]
            ax.scatter(x, g[column], s=14, color=colour, alpha=0.6, label=label if k == 0 else None)
            mean, se = stats.mean_se(g[column])
            ax.errorbar([k + offset], [mean], yerr=[1.96 * se], fmt="D", color="#000000", capsize=4, ms=5,
                        label=T("mean and 95 % interval") if k == 0 and column == "rival total" else None)
    ax.set_xticks(range(len(levels)), [T(level) for level in levels])
    ax.set_xlabel(T("difficulty"))
    ax.set_ylabel(T("final total (clan points)"))
    ax.set_title(T("Final totals per difficulty: the rival and a {policy} player", policy=T(policy)))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    stamp_figure(fig, _provenance(len(games) // max(1, len(levels)), seed, policy, levels))
    return fig


def _provenance(games: int, seed: int, policy: str, levels) -> str:
    """The provenance line of a figure over several difficulties (other options as default)."""
    line = plotting.provenance(None, players=1, games=games, seed=seed, policies=[policy],
                               note=T("solo, difficulties: {levels}", levels=", ".join(T(x) for x in levels)))
    version, rest = line.split(plotting.SEPARATOR, 1)
    return plotting.SEPARATOR.join([version, T("The White Castle"), rest])


def turn_shares(turns: pd.DataFrame, by: str = "difficulty") -> pd.DataFrame:
    """Shares of rival turns (with standard errors) that take a die from the right end, put the
    die on an action space (closing it: no stacking in the solo game), find the named space
    taken (the die goes to the Well), or find the named bridge empty (a card is turned over)."""
    rows = []
    for key, t in turns.groupby(by, sort=False):
        n = len(t)
        for what, hits in (("right end", (t["end"] == "right").sum()), ("takes a space", t["takes a space"].sum()),
                           ("space was taken", t["space was taken"].sum()), ("die missing", t["die missing"].sum())):
            p = hits / n
            rows.append({by: key, "what": what, "share": p, "se": stats.proportion_se(p, n), "turns": n})
    return pd.DataFrame(rows)


def block_figure(turns: pd.DataFrame, seed: int, policy: str = "greedy") -> Figure:
    """How the rival gets in the way, per round: shares of its turns with 95 % intervals."""
    shares = turn_shares(turns, by="round")
    fig = new_figure(8.5, 4.6)
    ax = fig.add_subplot(1, 1, 1)
    whats = list(dict.fromkeys(shares["what"]))
    rounds = sorted(shares["round"].unique())
    width = 0.8 / len(rounds)
    for k, rnd in enumerate(rounds):
        s = shares[shares["round"] == rnd].set_index("what").loc[whats]
        x = [i + (k - (len(rounds) - 1) / 2) * width for i in range(len(whats))]
        ax.bar(x, s["share"], width, yerr=1.96 * s["se"], capsize=3, color=plotting.PALETTE[k],
               label=T("round {n}", n=int(rnd)))
    ax.set_xticks(range(len(whats)), [T(w) for w in whats])
    ax.set_ylim(0, 1)
    ax.set_ylabel(T("share of the rival's turns"))
    ax.set_title(T("How the rival gets in your way"))
    ax.legend()
    levels = list(dict.fromkeys(turns["difficulty"]))
    stamp_figure(fig, _provenance(turns["game"].nunique(), seed, policy, levels)
                 + plotting.SEPARATOR + T("{n} rival turns", n=len(turns)))
    return fig


# ---------------------------------------------------------------------------- the widget
def difficulty_explorer(games: pd.DataFrame, difficulty: str = "medium") -> Explorer:
    """Choose a difficulty: the rival's points by category and the human's win rate."""
    import ipywidgets as widgets

    control = widgets.ToggleButtons(options=[(T(d), d) for d in dict.fromkeys(games["difficulty"])],
                                    value=difficulty, description=T("difficulty"))

    def compute(difficulty):
        g = games[games["difficulty"] == difficulty]
        categories = [c for c in games.columns if c.startswith("rival ") and c != "rival total"]
        table = pd.DataFrame({"category": [c.removeprefix("rival ") for c in categories],
                              "rival": [g[c].mean() for c in categories],
                              "human": [g[c.replace("rival ", "human ", 1)].mean() for c in categories]})
        return {"difficulty": difficulty, "table": table, "games": len(g), "wins": int(g["human wins"].sum())}

    def describe(result):
        low, high = stats.wilson_interval(result["wins"], result["games"])
        return (f"<p>{T('{d}: the human won {w} of {n} games (95 % interval {lo:.0%} to {hi:.0%})', d=T(result['difficulty']), w=result['wins'], n=result['games'], lo=low, hi=high)}</p>")

    def draw(result):
        fig = new_figure(8, 4.2)
        ax = fig.add_subplot(1, 1, 1)
        fig.subplots_adjust(left=0.2)  # room for the category names
        t = result["table"]
        y = range(len(t))
        ax.barh([v + 0.2 for v in y], t["rival"], 0.4, color=DIFFICULTY_COLOURS[result["difficulty"]], label=T("rival"))
        ax.barh([v - 0.2 for v in y], t["human"], 0.4, color=POLICY_COLOURS["greedy"], label=T("greedy"))
        ax.set_yticks(list(y), [T(c) for c in t["category"]])
        ax.set_xlabel(T("mean points per game"))
        ax.set_title(T("Where the points come from ({d})", d=T(result["difficulty"])))
        ax.legend()
        stamp_figure(fig, plotting.provenance(Game(players=1, difficulty=result["difficulty"]), games=result["games"]))
        return fig

    return Explorer({"difficulty": control}, compute, describe, draw)


__all__ = ["card_table", "assumed_cards", "write_card_template", "end_die_pmf", "first_die_exact",
           "first_die_sample", "first_die_check", "first_die_figure", "play_games", "score_summary",
           "score_figure", "turn_shares", "block_figure", "difficulty_explorer"]

"""Notebook 01, power cards: turn order against caballeros.

The exact chance that a power card acts first comes from ``elgrande.odds``; the simulated twin
plays random games on the engine and reads who acted first in round 1.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from boardlab.core.stats import proportion_se
from boardlab.core.widgets import refusal_html
from boardlab.elgrande import Game, components as C, odds
from boardlab.elgrande.lessons.common import T, article, new_figure, play_games, share_bars, show, stamp, wire


def power_table() -> pd.DataFrame:
    """Each power card with the caballeros it brings to the court and the data status."""
    status = {int(r["value"]): r["status"] for r in C._read("power_cards.csv")}
    return pd.DataFrame({"card": list(C.POWER_VALUES),
                         "caballeros to court": [C.POWER_CABALLEROS[v] for v in C.POWER_VALUES],
                         "status": [status[v] for v in C.POWER_VALUES]})


def first_chance(card: int, players: int) -> Fraction:
    """Round 1, playing first: the chance ``card`` acts first when every later player holds 1..13
    and plays uniformly at random."""
    return odds.p_moves_first(card, (), [C.POWER_VALUES] * (players - 1))


def first_chance_table(player_counts=(3, 4, 5)) -> pd.DataFrame:
    rows = []
    for v in C.POWER_VALUES:
        row = {"card": v, "caballeros": C.POWER_CABALLEROS[v]}
        for n in player_counts:
            row[f"P(first), {n} players"] = float(first_chance(v, n))
        rows.append(row)
    return pd.DataFrame(rows)


def simulated_first_table(players: int, games: int, seed: int) -> pd.DataFrame:
    """Per card: how often the round-1 first player acted first in random games, beside the exact chance."""
    game = Game(players=players)
    data = {}

    def on_step(st, a, i):
        # the first decision of round 1 after the power cards: the turn order is known
        if i not in data and st.round == 1 and st.step != "power":
            data[i] = (st.played[st.first], st.order[0] == st.first)

    play_games(game, ["random"] * players, games, seed, on_step=on_step)
    data = [(i, card, first) for i, (card, first) in data.items()]
    df = pd.DataFrame(data, columns=["game", "card", "first"])
    rows = []
    for v, g in df.groupby("card"):
        p = float(first_chance(v, players))
        hits = int(g["first"].sum())
        rows.append({"card": v, "games": len(g), "hits": hits, "acted first": hits / len(g), "se": proportion_se(p, len(g)),
                     "exact": p})
    return pd.DataFrame(rows)


def tradeoff_figure(table: pd.DataFrame, sim: pd.DataFrame | None = None, players: int = 4, games=None, seed=None):
    """P(first) per card (exact lines, simulated points with 95% bars) against the caballeros it brings."""
    fig = new_figure(8.5, 4.8)
    ax = fig.subplots()
    for col in [c for c in table.columns if c.startswith("P(first)")]:
        ax.plot(table["card"], table[col], marker="o", label=T("exact, {players} players", players=col.split(", ")[1].split()[0]))
    if sim is not None:
        ax.errorbar(sim["card"], sim["acted first"], yerr=share_bars(sim["hits"], sim["games"]), fmt="s", color="black",
                    capsize=3, label=T("simulated, {players} players (95%)", players=players))
    ax.set_xlabel(T("power card played first in the round"))
    ax.set_ylabel(T("chance to act first"))
    ax.set_xticks(list(C.POWER_VALUES))
    ax2 = ax.twinx()
    ax2.bar(table["card"], table["caballeros"], alpha=0.18, color="grey", label=T("caballeros to court"))
    ax2.set_ylabel(T("caballeros to court (bars)"))
    ax2.grid(False)
    ax.set_zorder(ax2.get_zorder() + 1)  # the lines in front of the bars
    ax.patch.set_visible(False)
    ax.legend(loc="upper left", fontsize=9)
    ax.set_title(T("Power cards: acting first against caballeros (round 1, playing first)"))
    exact_counts = [int(c.split(", ")[1].split()[0]) for c in table.columns if c.startswith("P(first)")]
    stamp(fig, Game(players=players), players=sorted({*exact_counts, players}), games=games, seed=seed,
          policies=["random"] if sim is not None else None)
    return fig


def parse_cards(text: str) -> tuple[int, ...]:
    """Comma-separated power card values (refused with a message naming what is wrong)."""
    out = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= 13:
            raise ValueError(T("power cards are 1..13, got {part}", part=repr(part)))
        out.append(int(part))
    if len(set(out)) != len(out):
        raise ValueError(T("a number already played this round cannot be played again"))
    return tuple(out)


def power_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`power_table` as a reader sees it."""
    return article(table, index="card")


def first_chance_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`first_chance_table` as a reader sees it: chances as percentages."""
    return article(table, index="card")


def simulated_first_view(sim: pd.DataFrame) -> pd.DataFrame:
    """:func:`simulated_first_table` as a reader sees it: shares, errors and chances as percentages."""
    return article(sim, index="card", formats={"se": "percent", "exact": "percent"},
                   rename={"hits": "acted first (games)", "acted first": "acted first (share)",
                           "exact": "exact chance"})


class PowerCardExplorer:
    """Notebook 01: player count, the cards already played this round and your card in; the exact
    distribution of your place in the turn order out (later players play uniformly at random)."""

    def __init__(self, players: int = 4, card: int = 9, played: str = "11"):
        import ipywidgets as W

        self.result: dict | None = None
        self.updates = 0
        self.players = W.ToggleButtons(options=[3, 4, 5], value=players, description=T("players"),
                                       style={"button_width": "48px"})
        self.card = W.IntSlider(value=card, min=1, max=13, description=T("your card"))
        self.played = W.Text(value=played, description=T("played before"), placeholder=T("e.g. 11, 4"))
        wire(self, {"players": self.players, "card": self.card, "played": self.played},
             [W.HBox([self.players, self.card]), self.played])

    def _update(self, players, card, played):
        self.updates += 1
        try:
            before = parse_cards(played)
            if len(before) >= players:
                raise ValueError(T("with {players} players at most {k} cards come before yours", players=players,
                                   k=players - 1))
            after = [C.POWER_VALUES] * (players - 1 - len(before))
            dist = odds.turn_position_distribution(card, before, after)
        except ValueError as exc:
            self.result = None
            self.summary.value = refusal_html(exc)
            return
        self.result = {"distribution": dist, "first": dist.get(1, Fraction(0))}
        self.summary.value = T("<b>card {card}</b> acts first with chance {chance} and brings {n} caballeros to court",
                               card=card, chance=f"{float(self.result['first']):.3f}", n=C.POWER_CABALLEROS[card])
        fig = new_figure(6, 3.2)
        ax = fig.subplots()
        ax.bar(list(dist), [float(p) for p in dist.values()])
        ax.set_xlabel(T("place in the turn order (1 = acts first)"))
        ax.set_ylabel(T("exact probability"))
        ax.set_xticks(range(1, players + 1))
        ax.set_title(T("Card {card} after {before}", card=card, before=", ".join(map(str, before)) or T("nothing")))
        stamp(fig, Game(players=players), note="later players uniform over 1..13")
        self.figure = fig
        show(fig)

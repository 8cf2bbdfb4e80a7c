"""Notebook 02, the King and where you may place.

Placement targets are read from the engine's legal ``place`` actions of a real position; the exact
answers are counts on the adjacency graph of ``regions.csv``.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from boardlab.elgrande import Game, components as C
from boardlab.elgrande.actions import Action
from boardlab.elgrande.lessons.common import T, article, new_figure, play_games, share_bars, show, stamp, wire
from boardlab.elgrande.render import board_svg
from boardlab.elgrande.rules import place_targets

KING_CARD = "Her Majesty"


def neighbour_table(edition: str = "2023") -> pd.DataFrame:
    rows = [{"region": C.region_name(r, edition), "first-place value": C.REGION_VALUES["standard"][r][0],
             "neighbours": len(C.NEIGHBOURS[r]),
             "neighbour names": ", ".join(C.region_name(n, edition) for n in C.NEIGHBOURS[r])}
            for r in range(C.NREGIONS)]
    return pd.DataFrame(rows).sort_values(["neighbours", "region"], ascending=[False, True], ignore_index=True)


def king_turn(king: int, seed: int = 1):
    """A 4-player position where the first player holds the King card with 7 in court, King in ``king``."""
    st = Game(players=4).new_game(seed)
    while st.step == "power":
        p = st.to_move
        st.apply(Action("power", 13 if p == st.first else min(a.a for a in st.legal_actions())))
    st.king = king
    t = C.CARD_INDEX[KING_CARD]
    st.offer = st.offer[:-1] + (t,)
    st._legal = None
    st.apply(Action("card", len(st.offer) - 1, t))
    return st


def targets_after(king: int, move_to: int | None, place_first: bool) -> list[int]:
    """The regions the engine offers for placement (the Castillo left out) when the King card's
    holder places first (old neighbours) or moves the King to ``move_to`` first."""
    st = king_turn(king)
    if place_first or move_to is None:
        st.apply(Action("order", 0))
    else:
        st.apply(Action("order", 1))
        st.apply(Action("king", move_to))
    return sorted({a.a for a in st.legal_actions() if a.kind == "place" and a.a != C.CASTILLO})


def mean_targets_exact() -> Fraction:
    """Regions open for placement when the King stands in a uniformly random region (the setup draw)."""
    return Fraction(sum(len(n) for n in C.NEIGHBOURS), C.NREGIONS)


def open_chance_exact() -> dict[int, Fraction]:
    """For each region, the chance it is open for placement under a uniformly random King."""
    return {r: Fraction(len(C.NEIGHBOURS[r]), C.NREGIONS) for r in range(C.NREGIONS)}


def setup_targets_sample(games: int, seed: int) -> list[int]:
    """Placement regions (Castillo excluded) at the start of seeded 4-player games (engine setup)."""
    from boardlab.core.simulate import game_seeds

    g = Game(players=4)
    out = []
    for i in range(games):
        st = g.new_game(game_seeds(seed, i)[0])
        out.append(len([r for r in place_targets(st) if r != C.CASTILLO]))
    return out


def king_at_scoring(games: int, seed: int, players: int = 4) -> pd.DataFrame:
    """Greedy games: where the King stands at each general scoring and who holds its region alone."""
    rows = {}
    game = Game(players=players)

    def on_step(st, a, i):
        # nothing moves the King between a scoring and the next round's first decision
        if st.round in (4, 7) and (i, st.round - 1) not in rows:
            rows[(i, st.round - 1)] = st.king

    def on_end(st, i):
        rows[(i, 9)] = st.king

    play_games(game, ["greedy"] * players, games, seed, on_step=on_step, on_end=on_end)
    return pd.DataFrame([{"game": g, "round": r, "king": k} for (g, r), k in sorted(rows.items())])


def king_frequency_table(df: pd.DataFrame) -> pd.DataFrame:
    n = len(df)
    rows = []
    for r in range(C.NREGIONS):
        hits = int((df["king"] == r).sum())
        p = hits / n
        rows.append({"region": C.region_name(r), "neighbours": len(C.NEIGHBOURS[r]), "hits": hits, "share": p,
                     "se": (p * (1 - p) / n) ** 0.5, "scorings": n})
    return pd.DataFrame(rows)


def king_frequency_figure(table: pd.DataFrame, games: int, seed: int):
    fig = new_figure(8.5, 4.2)
    ax = fig.subplots()
    t = table.sort_values("neighbours")
    ax.bar([T(r) for r in t["region"]], t["share"], yerr=share_bars(t["hits"], t["scorings"]), capsize=3,
           label=T("greedy games (95%)"))
    ax.axhline(1 / 9, color="grey", ls="--", label=T("uniform: 1/9"))
    ax.set_ylabel(T("share of general scorings"))
    ax.set_xlabel(T("the King's region at a general scoring (sorted by number of neighbours)"))
    ax.set_title(T("Where greedy players leave the King when the regions score"))
    ax.legend()
    fig.autofmt_xdate(rotation=30)
    fig.subplots_adjust(bottom=0.3)
    stamp(fig, Game(players=4), games=games, seed=seed, policies=["greedy"])
    return fig


def neighbour_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`neighbour_table` as a reader sees it."""
    return article(table, index="region")


def king_frequency_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`king_frequency_table` as a reader sees it: shares and their errors as percentages."""
    return article(table, index="region", columns=["neighbours", "share", "se", "scorings"], formats={"se": "percent"})


class KingExplorer:
    """Notebook 02: the King's region, the order of the King card's two parts and the King's new
    region in; the engine's placement regions and the map out."""

    def __init__(self, king: str = "castilla", order: str = "move the King first", move_to: str = "sevilla"):
        import ipywidgets as W

        self.result: dict | None = None
        self.updates = 0
        regions = [(T(C.NAMES_2023[r]), rid) for r, rid in enumerate(C.REGION_IDS)]
        self.king = W.Dropdown(options=regions, value=king, description=T("King in"))
        self.order = W.ToggleButtons(options=[(T(o), o) for o in ("place first", "move the King first")], value=order,
                                     description=T("order"))
        self.move_to = W.Dropdown(options=regions, value=move_to, description=T("move to"))
        wire(self, {"king": self.king, "order": self.order, "move_to": self.move_to},
             [W.HBox([self.king, self.move_to]), self.order])

    def _update(self, king, order, move_to):
        from boardlab.core.widgets import refusal_html

        self.updates += 1
        k, m = C.REGION_INDEX[king], C.REGION_INDEX[move_to]
        first = order == "place first"
        if not first and k == m:
            self.result = None
            self.summary.value = refusal_html(T("the King card moves the King to another region"))
            return
        targets = targets_after(k, m, first)
        self.result = {"targets": targets, "king_after_placement": k if first else m}
        st = king_turn(k)
        if not first:
            st.king = m
        names = ", ".join(T(C.NAMES_2023[r]) for r in targets)
        self.summary.value = T("<b>{n} regions</b> open for placement: {names} (and the Castillo); never {king} itself",
                               n=len(targets), names=names, king=T(C.NAMES_2023[st.king]))
        show(board_svg(st, highlight=targets))

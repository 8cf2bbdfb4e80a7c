"""Notebook 04, majorities and ties: who takes what in a region.

The points of a region come from the engine (a real position scored by ``rules.score_place``);
the exact expectations from ``odds.expected_region_points``; the simulated part reads the board at
the general scorings of greedy games.
"""

from __future__ import annotations

import random

import pandas as pd

from boardlab.core.widgets import refusal_html
from boardlab.elgrande import Game, components as C, odds
from boardlab.elgrande.lessons.common import T, article, ci95, new_figure, play_games, show, stamp, wire
from boardlab.core.tuples import added
from boardlab.elgrande.rules import score_place
from boardlab.elgrande.scoring import rank_positions, sole_first

R = C.REGION_INDEX


def engine_points(counts, region: str = "toledo", king: str = "galicia", grande_of: int | None = None,
                  players: int | None = None) -> list[int]:
    """Score one region of a real position holding ``counts`` (one per player) and return each
    player's points (rank points and bonuses); ``grande_of``: the player whose Grande stands there."""
    players = players or len(counts)
    st = Game(players=players).new_game(1)
    NC = st.cfg.NC
    for r in range(C.NPLACES):
        for c in range(NC):
            st.province = added(st.province, c, st.cab[r * NC + c])
            st.cab[r * NC + c] = 0
    st.announce = ()
    st.king = R[king]
    elsewhere = next(r for r in range(C.NREGIONS) if r not in (R[region], R[king]))
    st.grande = tuple(R[region] if p == grande_of else elsewhere for p in range(players))
    for p, n in enumerate(counts):
        st.cab[R[region] * NC + p] = n
        st.province = added(st.province, p, -n)
    score_place(st, R[region], 1)
    return [sum(row) for row in st.sheet]


def tie_examples() -> pd.DataFrame:
    """The rulebook's two worked examples and three more, scored by the engine."""
    cases = [("rulebook 1: three tied for first", (4, 4, 4, 3), "navarra"),
             ("rulebook 2: a pair tied for third", (4, 3, 2, 2), "castilla"),
             ("two tied for first", (3, 3, 1, 0), "toledo"),
             ("tie for second", (4, 2, 2, 1), "toledo"),
             ("alone", (1, 0, 0, 0), "toledo")]
    rows = []
    for name, counts, region in cases:
        rows.append({"case": name, "region": C.NAMES_2023[R[region]],
                     "values": "/".join(map(str, C.REGION_VALUES["standard"][R[region]])),
                     "caballeros": " ".join(map(str, counts)),
                     "positions": " ".join(str(p) for p in rank_positions(counts)),
                     "points": " ".join(map(str, engine_points(counts, region)))})
    return pd.DataFrame(rows)


def need_table(region: str = "toledo", max_mine: int = 7, rival=range(0, 5), rivals: int = 2) -> pd.DataFrame:
    """Exact expected points for k caballeros of yours against ``rivals`` players holding a uniform
    number in ``rival`` each (4 players, three ranks, no bonus)."""
    values = C.REGION_VALUES["standard"][R[region]]
    dist = odds.uniform(rival)
    rows = []
    for k in range(max_mine + 1):
        counts = [k] + [0] * 3
        uncertain = {c: dist for c in range(1, 1 + rivals)}
        e = odds.expected_region_points(counts, values, 3, uncertain)[0]
        rows.append({"your caballeros": k, "expected points": float(e), "exact": e})
    return pd.DataFrame(rows)


def need_sample(k: int, region: str = "toledo", rival=range(0, 5), rivals: int = 2, samples: int = 300,
                seed: int = 0) -> list[int]:
    """The engine's scoring of random rival counts (the Monte Carlo twin of ``need_table``)."""
    rng = random.Random(seed)
    rival = list(rival)
    return [engine_points([k] + [rng.choice(rival) for _ in range(rivals)] + [0] * (3 - rivals), region)[0]
            for _ in range(samples)]


def need_figure(table: pd.DataFrame, sims: dict | None = None, samples=None, seed=None):
    fig = new_figure(8, 4.3)
    ax = fig.subplots()
    ax.plot(table["your caballeros"], table["expected points"], marker="o", label=T("exact"))
    if sims:
        from boardlab.core.stats import mean_se
        for k, values in sims.items():
            m, se = mean_se(values)
            ax.errorbar([k], [m], yerr=[ci95(se)], fmt="s", color="black", capsize=3)
        ax.plot([], [], "s", color="black", label=T("engine, {samples} scorings each (95%)", samples=samples))
    ax.set_xlabel(T("your caballeros in Toledo (7/4/2)"))
    ax.set_ylabel(T("expected points"))
    ax.set_title(T("How many caballeros a region needs: two rivals with 0-4 each, uniformly"))
    ax.legend()
    stamp(fig, Game(players=4), sample=T("{n} engine scorings per point", n=samples) if samples else None, seed=seed,
          note="rivals uniform on 0..4")
    return fig


def tie_shares(games: int, seed: int, players: int = 4) -> pd.DataFrame:
    """Greedy games: at each general scoring, every occupied region; is first place tied?"""
    rows = []
    game = Game(players=players)
    seen = set()

    def record(st, i, rnd):
        NC = st.cfg.NC
        for r in range(C.NREGIONS):
            counts = st.cab[r * NC:(r + 1) * NC]
            if any(counts):
                rows.append({"game": i, "round": rnd, "region": r, "tied first": sole_first(counts) < 0,
                             "colours present": sum(1 for n in counts if n)})

    def on_step(st, a, i):
        if st.round in (4, 7) and (i, st.round) not in seen:  # the board as the last scoring left it
            seen.add((i, st.round))
            record(st, i, st.round - 1)

    play_games(game, ["greedy"] * players, games, seed, on_step=on_step, on_end=lambda st, i: record(st, i, 9))
    return pd.DataFrame(rows)


def tie_by_round(ties: pd.DataFrame) -> pd.DataFrame:
    """:func:`tie_shares` per general scoring: the share of region scorings with first place tied."""
    per = ties.groupby("round")["tied first"]
    return pd.DataFrame({"round": per.mean().index, "share tied first": per.mean().to_numpy(),
                         "region scorings": per.count().to_numpy()})


def tie_examples_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`tie_examples` as a reader sees it."""
    return article(table, index="case")


def need_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`need_table` as a reader sees it: the exact value as a fraction."""
    return article(table, index="your caballeros", formats={"exact": "fraction"},
                   rename={"exact": "exact (fraction)"})


def tie_by_round_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`tie_by_round` as a reader sees it."""
    return article(table, index="round")


class RegionExplorer:
    """Notebook 04: caballeros per player, the region, the King's and the Grande's position in; the
    engine's points for each player out."""

    def __init__(self, counts=(3, 3, 1, 0, 0), region: str = "toledo", king_here: bool = False,
                 grande_of: int = -1, players: int = 4):
        import ipywidgets as W

        self.result: list | None = None
        self.updates = 0
        self.counts = [W.IntSlider(value=n, min=0, max=10, description=T("player {p}", p=p)) for p, n in enumerate(counts)]
        self.players = W.ToggleButtons(options=[3, 4, 5], value=players, description=T("players"),
                                       style={"button_width": "48px"})
        self.region = W.Dropdown(options=[(T(C.NAMES_2023[r]), rid) for r, rid in enumerate(C.REGION_IDS)],
                                 value=region, description=T("region"))
        self.king_here = W.Checkbox(value=king_here, description=T("the King stands here"))
        self.grande_of = W.Dropdown(options=[(T("nobody"), -1)] + [(T("player {p}", p=p), p) for p in range(5)],
                                    value=grande_of, description=T("Grande of"))
        controls = {f"c{p}": w for p, w in enumerate(self.counts)}
        controls.update(players=self.players, region=self.region, king_here=self.king_here, grande_of=self.grande_of)
        wire(self, controls, [self.players, W.HBox(self.counts[:3]), W.HBox(self.counts[3:]),
                              W.HBox([self.region, self.grande_of, self.king_here])])

    def _update(self, players, region, king_here, grande_of, **counts):
        self.updates += 1
        values = [counts[f"c{p}"] for p in range(players)]
        if grande_of >= players:
            self.result = None
            self.summary.value = refusal_html(T("there is no player {p} with {players} players", p=grande_of, players=players))
            return
        king = region if king_here else next(rid for rid in C.REGION_IDS if rid != region)
        pts = engine_points(values, region, king, grande_of if grande_of >= 0 else None, players)
        self.result = pts
        ranks = Game(players=players).ranks_scoring
        values_text = "/".join(map(str, C.REGION_VALUES[Game(players=players).board_side][R[region]]))
        self.summary.value = T("{region} ({values}, {ranks} ranks score): points {points}",
                               region=T(C.NAMES_2023[R[region]]), values=values_text, ranks=ranks,
                               points=", ".join(T("player {p} <b>{v}</b>", p=p, v=v) for p, v in enumerate(pts)))
        fig = new_figure(6, 3)
        ax = fig.subplots()
        ax.bar([T("player {p}\n({n})", p=p, n=n) for p, n in enumerate(values)], pts)
        ax.set_ylabel(T("points"))
        ax.set_title(T("{region}: caballeros (in brackets) and points", region=T(C.NAMES_2023[R[region]])))
        stamp(fig, Game(players=players))
        show(fig)

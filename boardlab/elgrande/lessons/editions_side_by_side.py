"""Notebook 05, editions side by side: 2023 against Big Box and 1995 at 2 and 3 players.

The rule differences are read from the engine (``Game`` properties built on ``rank_rules.csv``);
the exact part scores count patterns with each edition's ranks; the simulated part plays greedy
games of each configuration with ``boardlab.simulate``.
"""

from __future__ import annotations

import pandas as pd

from boardlab import simulate
from boardlab.core import datasets
from boardlab.core.stats import mean_se
from boardlab.core.tables import plus_minus
from boardlab.core.widgets import refusal_html
from boardlab.elgrande import Game, components as C
from boardlab.elgrande.lessons.common import T, article, ci95, new_figure, show, stamp, wire
from boardlab.core.tuples import added
from boardlab.elgrande.rules import score_place

CONFIGS = (
    ("2023", {"players": 2}), ("bigbox", {"players": 2, "edition": "bigbox"}), ("1995", {"players": 2, "edition": "1995"}),
    ("2023", {"players": 3}), ("2023 merged", {"players": 3, "merge_stacks": True}),
    ("bigbox", {"players": 3, "edition": "bigbox"}), ("1995", {"players": 3, "edition": "1995"}),
)


def rules_table(configs=CONFIGS) -> pd.DataFrame:
    rows = []
    for label, opts in configs:
        g = Game(**opts)
        rows.append({"players": g.players, "edition": label, "board side": g.board_side, "ranks that score": g.ranks_scoring,
                     "dummy": g.dummy, "action offers": len(g.stacks()),
                     "leftover cards": "under their stack" if g.leftovers_under else "discarded"})
    return pd.DataFrame(rows)


def region_points(game, counts, region: str = "toledo") -> list[int]:
    """One region of a real position of ``game`` holding ``counts`` (players, then the dummy), scored."""
    st = game.new_game(1)
    NC = st.cfg.NC
    if len(counts) != NC:
        raise ValueError(T("give one count per colour ({n}: the players and the dummy)" if game.dummy else
                           "give one count per colour ({n}: the players)", n=NC))
    for r in range(C.NPLACES):
        for c in range(NC):
            st.province = added(st.province, c, st.cab[r * NC + c])
            st.cab[r * NC + c] = 0
    st.announce = ()
    r = C.REGION_INDEX[region]
    st.king = (r + 1) % C.NREGIONS
    st.grande = ((r + 2) % C.NREGIONS,) * game.players
    for c, n in enumerate(counts):
        st.cab[r * NC + c] = n
        st.province = added(st.province, c, -n)
    score_place(st, r, 1)
    return [sum(row) for row in st.sheet]


def exact_patterns() -> pd.DataFrame:
    """Toledo (7/4/2) under each 2-player rule: the dummy's caballeros take a rank but no points."""
    rows = []
    for pattern in ((3, 2, 0), (3, 2, 4), (2, 2, 0), (1, 3, 2)):
        rows.append({"caballeros (you, rival, dummy)": " ".join(map(str, pattern)),
                     "2023 (two ranks, dummy)": " ".join(map(str, region_points(Game(players=2), pattern))),
                     "bigbox (first only)": " ".join(map(str, region_points(Game(players=2, edition="bigbox"),
                                                                            pattern[:2]))),
                     "1995 (three ranks)": " ".join(map(str, region_points(Game(players=2, edition="1995"),
                                                                           pattern[:2])))})
    return pd.DataFrame(rows)


def compare(games: int, seed: int, configs=CONFIGS, policy: str = "greedy") -> pd.DataFrame:
    """Greedy self-play of each configuration: per game the winner's total, the margin over the
    runner-up and whether the win was shared; per configuration the means with standard errors."""
    rows = []
    for label, opts in configs:
        g = Game(**opts)
        df = simulate(g, [policy] * g.players, games=games, seed=seed, progress=False)
        per_game = df.groupby("game_id")
        top = per_game["total"].max()
        second = per_game["total"].apply(lambda s: sorted(s)[-2])
        shared = per_game["winner"].sum() > 1
        margin = top - second
        m_tot, se_tot = mean_se(df["total"])
        m_mar, se_mar = mean_se(margin)
        cats = {c: df[c].sum() / df["total"].sum() for c in ("castillo", "regions", "bonuses", "special")}
        rows.append({"players": g.players, "edition": label, "games": games, "mean total": m_tot, "total se": se_tot,
                     "mean margin": m_mar, "margin se": se_mar, "shared wins": shared.mean(),
                     **{f"share {c}": v for c, v in cats.items()}})
    return pd.DataFrame(rows)


def compare_figure(table: pd.DataFrame, games: int, seed: int):
    fig = new_figure(10, 4.8)
    axes = fig.subplots(1, 2)
    labels = [T("{edition}\n{players}p", edition=T(e).replace(" ", "\n"), players=p)
              for e, p in zip(table["edition"], table["players"])]
    colours = ["#0072B2" if p == 2 else "#E69F00" for p in table["players"]]
    for ax, col, se, title in ((axes[0], "mean total", "total se", "mean final score per player"),
                               (axes[1], "mean margin", "margin se", "winner's margin over the runner-up")):
        ax.bar(labels, table[col], yerr=[ci95(s) for s in table[se]], color=colours, capsize=3)
        ax.set_title(T(title))
        ax.set_ylabel(T("points (95% interval)"))
        ax.tick_params(axis="x", labelsize=8)
    fig.suptitle(T("Editions side by side: greedy self-play at 2 (blue) and 3 (orange) players"))
    fig.subplots_adjust(top=0.84, wspace=0.3)
    stamp(fig, None, players=sorted(set(table["players"])), games=games, seed=seed, policies=["greedy"], note="elgrande, each configuration as labelled")
    return fig


def rules_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`rules_table` as a reader sees it."""
    return article(table, index=["players", "edition"])


def patterns_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`exact_patterns` as a reader sees it."""
    return article(table, index="caballeros (you, rival, dummy)")


def compare_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`compare` as a reader sees it: each mean with its standard error, shares as percentages."""
    t = table.copy()
    t["mean total"] = [plus_minus(m, s) for m, s in zip(t["mean total"], t["total se"])]
    t["mean margin"] = [plus_minus(m, s) for m, s in zip(t["mean margin"], t["margin se"])]
    return article(t.drop(columns=["total se", "margin se"]), index=["players", "edition"],
                   rename={"mean total": "mean total ± standard error",
                           "mean margin": "mean margin ± standard error"})


class EditionExplorer:
    """Notebook 05: player count, edition and a count pattern in Toledo in; the edition's rules and
    the engine's points for the pattern out."""

    def __init__(self, players: int = 2, edition: str = "2023", counts: str = "3, 2, 4"):
        import ipywidgets as W

        self.result: dict | None = None
        self.updates = 0
        self.players = W.ToggleButtons(options=[2, 3, 4, 5], value=players, description=T("players"),
                                       style={"button_width": "48px"})
        self.edition = W.ToggleButtons(options=[(T(e), e) for e in ("2023", "bigbox", "1995")], value=edition,
                                       description=T("edition"))
        self.counts = W.Text(value=counts, description=T("Toledo"), placeholder=T("players' counts (then the dummy)"))
        wire(self, {"players": self.players, "edition": self.edition, "counts": self.counts},
             [self.players, self.edition, self.counts])

    def _update(self, players, edition, counts):
        self.updates += 1
        g = Game(players=players, edition=edition)
        try:
            parts = [x for x in counts.replace(" ", "").split(",") if x]
            if not all(x.isdigit() and 0 <= int(x) <= 30 for x in parts):
                raise ValueError(T("counts are whole numbers 0..30, separated by commas"))
            values = [int(x) for x in parts]
            points = region_points(g, values)
        except ValueError as exc:
            self.result = None
            self.summary.value = refusal_html(exc)
            return
        rules = rules_table(((edition, {"players": players, "edition": edition}),)).iloc[0].to_dict()
        self.result = {"points": points, "rules": rules}
        pays = ", ".join(T("player {p} <b>{v}</b>", p=p, v=v) for p, v in enumerate(points))
        self.summary.value = T("{edition}, {players} players: {ranks} ranks score, {dummy}{side}; Toledo pays {pays}",
                               edition=T(edition), players=players, ranks=rules["ranks that score"],
                               dummy=T("a dummy colour, ") if rules["dummy"] else "",
                               side=T(f"{rules['board side']} board side"), pays=pays)
        show(rules_view(pd.DataFrame([rules])))


# -- a larger run, seat by seat: the shipped dataset, or a small live run (boardlab.core.datasets) --

#: the seats of the shipped run data/elgrande/seats-greedy-greedy-random-random.parquet (4 players, seed 2023)
SEAT_POLICIES = ('greedy', 'greedy', 'random', 'random')
SEAT_SEED = 2023


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

"""Notebook 03, the Castillo: announced counts, secret destinations, the expected points of a choice.

A teaching position is a real 4-player game brought to the general scoring after round 3 (every
player passes their turns); the exact values come from ``odds.castillo_destination_value`` and the
simulated twin plays the engine's own general scoring on copies of the position.
"""

from __future__ import annotations

import random

import pandas as pd

from boardlab.core.stats import mean_se
from boardlab.core.widgets import refusal_html
from boardlab.elgrande import Game, components as C, odds
from boardlab.elgrande.actions import Action
from boardlab.elgrande.lessons.common import T, article, ci95, new_figure, show, stamp, wire
from boardlab.elgrande.scoring import rank_points

R = C.REGION_INDEX
CAST = C.CASTILLO
#: the teaching board: (region, player, caballeros); the King stands in Toledo
BOARD = (("aragon", 0, 2), ("aragon", 1, 3), ("valencia", 2, 2), ("castilla", 1, 1), ("granada", 0, 1),
         ("granada", 3, 2), ("navarra", 3, 1), ("sevilla", 2, 1))
KING = "toledo"
GRANDES = ("granada", "aragon", "valencia", "navarra")  # each player's Grande (home region)
PASSIVE = {"court": "take 0 to court", "order": "placement first", "place": "stop placing",
           "special": "decline the special action"}


def _passive(st):
    want = PASSIVE.get(st.step)
    for a in st.legal_actions():
        if str(a) == want:
            return a
    return st.legal_actions()[0]


def teaching_description(castillo=(3, 2, 1, 0), board=BOARD, king: str = KING) -> dict:
    """The teaching position as a description for ``Game.build_position``: every region's caballeros
    (none where ``board`` names none), the Castillo's announced counts, the King, the Grandes, round 3."""
    if len(castillo) != 4 or any(type(n) is not int or not 0 <= n <= 10 for n in castillo):
        raise ValueError(f"castillo must give 0..10 caballeros for each of 4 players, got {castillo!r}")
    if not any(castillo):
        raise ValueError("put at least one caballero into the Castillo")
    caballeros = {region: {p: 0 for p in range(4)} for region in C.REGION_IDS}
    for region, p, n in board:
        caballeros[region][p] += n
    caballeros["castillo"] = dict(enumerate(castillo))
    return {"caballeros": caballeros, "king": king, "grandes": dict(enumerate(GRANDES)), "round": 3}


def teaching_build(castillo=(3, 2, 1, 0), board=BOARD, king: str = KING, seed: int = 3):
    """The teaching position at the start of round 3, built from game ``seed``'s own deal; ``.report``
    says what the builder filled or moved."""
    return Game(players=4).build_position(teaching_description(castillo, board, king), seed=seed)


def to_castillo_disks(st):
    """``st`` played on with every player passing (no caballero moves) to the secret disks of the
    general scoring that ends its round; a copy, ``st`` is unchanged."""
    st = st.copy()
    while st.step != "cdisk":
        st.apply(_passive(st))
    return st


def teaching_position(castillo=(3, 2, 1, 0), board=BOARD, king: str = KING, seed: int = 3):
    """A 4-player game at the secret-destination step of the first general scoring, with the
    Castillo holding ``castillo[p]`` caballeros of player p (announced) and ``board`` in the regions."""
    return to_castillo_disks(teaching_build(castillo, board, king, seed).state)


def destination_table(st, player: int) -> pd.DataFrame:
    """Exact expected general-scoring points of ``player`` for each destination (others uniform)."""
    rows = []
    for r in range(C.NREGIONS):
        v = odds.castillo_destination_value(st, player, r)
        rows.append({"destination": C.NAMES_2023[r], "expected points": float(v), "exact": v,
                     "King's region": r == st.king})
    return pd.DataFrame(rows).sort_values("expected points", ascending=False, ignore_index=True)


def castillo_points(st) -> list[int]:
    """The points each player takes when the Castillo itself is scored (5/3/1, ties)."""
    NC = st.cfg.NC
    return rank_points(st.cab[CAST * NC:(CAST + 1) * NC], C.REGION_VALUES["standard"][CAST], st.cfg.ranks)[:4]


def simulate_destination(st, player: int, dest: int, samples: int, seed: int) -> list[int]:
    """The engine's general scoring on copies: ``player`` sends to ``dest``, the others at random."""
    rng = random.Random(seed)
    out = []
    for i in range(samples):
        c = st.copy()
        c.reseed(seed + i)
        before = sum(c.sheet[player])
        while c.step == "cdisk":
            c.apply(Action("disk", dest if c.to_move == player else rng.randrange(C.NREGIONS)))
        out.append(sum(c.sheet[player]) - before)
    return out


def destination_figure(table: pd.DataFrame, sim_dest: str | None = None, sim=None, samples=None, seed=None):
    fig = new_figure(8.5, 4.3)
    ax = fig.subplots()
    colours = ["#E69F00" if k else "#0072B2" for k in table["King's region"]]
    ax.bar([T(d) for d in table["destination"]], table["expected points"], color=colours,
           label=T("exact (others at random)"))
    if sim is not None:
        m, se = mean_se(sim)
        x = list(table["destination"]).index(sim_dest)
        ax.errorbar([x], [m], yerr=[ci95(se)], fmt="s", color="black", capsize=4,
                    label=T("engine, {samples} scorings (95%)", samples=samples))
    ax.set_ylabel(T("expected points at this general scoring"))
    ax.set_xlabel(T("secret destination of your Castillo caballeros (gold: the King's region = back to court)"))
    ax.set_title(T("Where to send the Castillo: expected points of each destination"))
    ax.legend(fontsize=9)
    fig.autofmt_xdate(rotation=30)
    fig.subplots_adjust(bottom=0.3)
    stamp(fig, Game(players=4), sample=T("{n} general scorings on copies of the position", n=samples) if samples else None,
          seed=seed, note="teaching position, others uniform")
    return fig


def destination_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`destination_table` as a reader sees it: the exact value as a fraction."""
    return article(table, index="destination", formats={"exact": "fraction"},
                   rename={"exact": "exact (fraction)"})


class CastilloExplorer:
    """Notebook 03: the announced Castillo counts and player 0's destination in; the exact expected
    points of every destination out (the others choose uniformly at random)."""

    def __init__(self, counts=(3, 2, 1, 0), destination: str = "aragon"):
        import ipywidgets as W

        self.result: dict | None = None
        self.updates = 0
        self.counts = [W.IntSlider(value=n, min=0, max=8, description=T("player {p}", p=p)) for p, n in enumerate(counts)]
        self.destination = W.Dropdown(options=[(T(C.NAMES_2023[r]), rid) for r, rid in enumerate(C.REGION_IDS)],
                                      value=destination, description=T("player 0 to"))
        controls = {f"c{p}": w for p, w in enumerate(self.counts)}
        controls["destination"] = self.destination
        wire(self, controls, [W.HBox(self.counts[:2]), W.HBox(self.counts[2:]), self.destination])

    def _update(self, destination, **counts):
        self.updates += 1
        castillo = tuple(counts[f"c{p}"] for p in range(4))
        if castillo[0] == 0:
            self.result = None
            self.summary.value = refusal_html("player 0 has no caballero in the Castillo: no destination to choose")
            return
        st = teaching_position(castillo)
        table = destination_table(st, 0)
        value = odds.castillo_destination_value(st, 0, R[destination])
        self.result = {"table": table, "value": value, "castillo": castillo_points(st)[0]}
        best = table.iloc[0]
        self.summary.value = T("Castillo: <b>{castillo}</b> points; sending to {to}: <b>{value}</b> expected points "
                               "in all (best: {best}, {best_value})", castillo=self.result["castillo"],
                               to=T(C.NAMES_2023[R[destination]]), value=f"{float(value):.2f}",
                               best=T(best["destination"]), best_value=f"{best['expected points']:.2f}")
        show(destination_figure(table))

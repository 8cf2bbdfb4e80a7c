"""What the Alea lessons share: figure provenance, showing results inside a widget, a roll parser."""

from __future__ import annotations

import io

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import glossary
from boardlab.core.plotting import provenance, stamp

#: the translator of every Alea label (English in the code; ``plotting.use_language("ko")`` for Korean)
T = glossary.terms("alea")

__all__ = ["T", "provenance", "stamp", "figure_svg", "show", "parse_roll", "new_figure", "position_with_roll",
           "TurnCounter"]


def new_figure(width=8.0, height=4.5, ncols=1):
    """A figure not registered with pyplot (widgets redraw often; nothing leaks)."""
    from boardlab.core.plotting import use_style

    use_style()
    fig = Figure(figsize=(width, height))
    axes = fig.subplots(1, ncols) if ncols > 1 else fig.subplots()
    return fig, axes


def figure_svg(fig: Figure) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    return buf.getvalue()


def show(*items) -> None:
    """Display tables and figures as raw MIME bundles (inside a widget's Output)."""
    from IPython.display import display

    for item in items:
        if isinstance(item, pd.DataFrame):
            display({"text/html": item.to_html(index=False, escape=True)}, raw=True)
        elif isinstance(item, Figure):
            display({"image/svg+xml": figure_svg(item), "text/plain": "<figure>"}, raw=True)
        elif item is not None:
            display({"text/html": str(item)}, raw=True)


def parse_roll(text: str, most: int = 8) -> tuple:
    """A roll typed as ``"1 2 3 3 6"`` (or ``"12336"``): ascending dice, or ValueError saying why."""
    if not isinstance(text, str):
        raise ValueError(f"a roll is text such as '1 2 3 3 6', got {text!r}")
    chars = [c for c in text if not c.isspace() and c != ","]
    if not chars:
        raise ValueError("type at least one die, e.g. '1 2 3 3 6'")
    bad = [c for c in chars if c not in "123456"]
    if bad:
        raise ValueError(f"dice show 1 to 6; {''.join(bad)!r} is not a die")
    if len(chars) > most:
        raise ValueError(f"a player has {most} dice; {len(chars)} were typed")
    return tuple(sorted(int(c) for c in chars))


def position_with_roll(roll, players: int = 4, chips: int = 0, seed: int = 0):
    """A new game in which player 0 has just rolled ``roll`` and holds ``chips`` Repete chips (the
    dice not rolled wait in the Latrina, so every die is somewhere)."""
    from boardlab.alea import Game

    st = Game(players=players).new_game(seed)
    roll = tuple(sorted(roll))
    st.free[0], st.lat[0], st.hand, st.chips[0] = len(roll), 8 - len(roll), roll, chips
    st._legal = st._places = st._open = None
    return st


class TurnCounter:
    """Observer for ``boardlab.core.observe``: each player's turns per set (placements and Latrina
    sends), one row per player; subclasses add columns in ``extra``."""

    def start(self, state, info):
        self.turns = 0

    def step(self, state, action):
        if state.step == "dice":
            self.turns += 1

    def extra(self, state, p) -> dict:
        return {}

    def finish(self, state):
        rows = [{"player": p, "turns per set": self.turns / state.nplayers / state.nsets, **self.extra(state, p)}
                for p in range(state.nplayers)]
        return {"facts": rows}

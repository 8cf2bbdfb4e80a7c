"""What the Alea lessons share: figure provenance, showing results inside a widget, a roll parser."""

from __future__ import annotations

import io

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import glossary
from boardlab.core.plotting import provenance, stamp
from boardlab.core import tables
from boardlab.core.tables import article_table, plus_minus

#: the translator of every Alea label (English in the code; ``plotting.use_language("ko")`` for Korean)
T = glossary.terms("alea")

__all__ = ["T", "provenance", "stamp", "article", "figure_svg", "show", "parse_roll", "new_figure", "position_with_roll",
           "TurnCounter"]


def new_figure(width=8.0, height=4.5, ncols=1):
    """A figure not registered with pyplot (widgets redraw often; nothing leaks)."""
    from boardlab.core.plotting import use_style

    use_style()
    fig = Figure(figsize=(width, height))
    axes = fig.subplots(1, ncols) if ncols > 1 else fig.subplots()
    return fig, axes


def article(df: pd.DataFrame, index=None, *, percent=(), se_of: dict | None = None, rename: dict | None = None,
            formats: dict | None = None, digits: int = 2) -> pd.DataFrame:
    """``df`` in the house table style (:func:`boardlab.core.tables.article_table`) for display; the
    lessons keep returning the raw numbers that the check cells assert on.

    ``percent``: the columns that are shares or probabilities (``True``: every float column).
    A column ``"x se"`` next to ``"x"`` is shown as one column ``"x ± se"`` (``se_of`` pairs a
    standard-error column whose name does not say its mean, e.g. ``{"turns se": "turns per set
    change"}``); a bare ``"se"`` reads "standard error"; ``lo`` and ``hi`` become one 95 % interval.
    ``index``: the column(s) naming a row (default: the leading text or integer columns that
    together name every row once, else rows 1, 2, ...). Other headers lose their underscores.
    """
    out = df.copy() if isinstance(df.index, pd.RangeIndex) else df.reset_index()
    floats = [c for c in out.columns if pd.api.types.is_float_dtype(out[c])]
    shares = set(floats if percent is True else percent)
    formats = dict(formats or {})
    formats.update({c: "percent" for c in shares if c not in formats})
    pairs = dict(se_of or {})
    pairs.update({c: str(c)[:-3] for c in out.columns
                  if str(c).endswith(" se") and str(c)[:-3] in out.columns and c not in pairs})
    for se, mean in pairs.items():
        fmt = (lambda m, s: f"{tables.percent(m)} ± {tables.percent(s)}") if mean in shares else \
            (lambda m, s: plus_minus(m, s, digits))
        out[mean] = [fmt(m, s) for m, s in zip(out[mean], out[se])]
        out = out.drop(columns=[se]).rename(columns={mean: f"{mean} ± se"})
        formats.pop(mean, None)
    if "lo" in out.columns and "hi" in out.columns:
        out.insert(list(out.columns).index("lo"), "95 % interval",
                   [tables.interval(lo, hi) for lo, hi in zip(out["lo"], out["hi"])])
        out = out.drop(columns=["lo", "hi"])
    if index is None:
        index = _naming_columns(out)
    names = {"se": "standard error", **dict(rename or {})}
    for col in out.columns:
        names.setdefault(col, str(col).replace("_", " "))
    formats = {k: v for k, v in formats.items() if k in out.columns}
    return article_table(out, index=index or None, rename=names, formats=formats, digits=digits, terms=T)


def _is_article(df: pd.DataFrame) -> bool:
    try:
        tables.check_article(df)
    except ValueError:
        return False
    return all(df[c].map(lambda v: isinstance(v, str)).all() for c in df.columns)


def _naming_columns(df: pd.DataFrame, most: int = 3) -> list:
    keys = []
    for col in list(df.columns)[: min(most, len(df.columns) - 1)]:
        if pd.api.types.is_float_dtype(df[col]):
            break
        keys.append(col)
        if not df[keys].astype(str).duplicated().any():
            return keys
    return []


def figure_svg(fig: Figure) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    return buf.getvalue()


def show(*items) -> None:
    """Display tables and figures as raw MIME bundles (inside a widget's Output)."""
    from IPython.display import display

    for item in items:
        if isinstance(item, pd.DataFrame):
            shown = item if _is_article(item) else article(item)
            display({"text/html": shown.to_html(escape=True)}, raw=True)
        elif isinstance(item, Figure):
            display({"image/svg+xml": figure_svg(item), "text/plain": "<figure>"}, raw=True)
        elif item is not None:
            display({"text/html": str(item)}, raw=True)


def parse_roll(text: str, most: int = 8) -> tuple:
    """A roll typed as ``"1 2 3 3 6"`` (or ``"12336"``): ascending dice, or ValueError saying why."""
    if not isinstance(text, str):
        raise ValueError(T("a roll is text such as '1 2 3 3 6', got {text}", text=repr(text)))
    chars = [c for c in text if not c.isspace() and c != ","]
    if not chars:
        raise ValueError(T("type at least one die, e.g. '1 2 3 3 6'"))
    bad = [c for c in chars if c not in "123456"]
    if bad:
        raise ValueError(T("dice show 1 to 6; {bad} is not a die", bad=repr(''.join(bad))))
    if len(chars) > most:
        raise ValueError(T("a player has {most} dice; {n} were typed", most=most, n=len(chars)))
    return tuple(sorted(int(c) for c in chars))


def position_with_roll(roll, players: int = 4, chips: int = 0, seed: int = 0):
    """A new game in which player 0 has just rolled ``roll`` and holds ``chips`` Repete chips (the
    dice not rolled wait in the Latrina, so every die is somewhere)."""
    from boardlab.alea import Game

    st = Game(players=players).new_game(seed)
    roll = tuple(sorted(roll))
    st.free = (len(roll),) + st.free[1:]  # the state's rows are tuples (see AleaState.copy)
    st.lat = (8 - len(roll),) + st.lat[1:]
    st.chips = (chips,) + st.chips[1:]
    st.hand = roll
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

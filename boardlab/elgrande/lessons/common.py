"""What the El Grande lessons share: figure output for widgets, widget wiring, provenance, the table
style, play loops."""

from __future__ import annotations

import io
import random

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import glossary, plotting, tables
from boardlab.core.policies import resolve_policies
from boardlab.core.simulate import game_seeds
from boardlab.core.stats import wilson_interval
from boardlab.core.liveview import live_output

#: El Grande's labels in the current language (boardlab/elgrande/glossary.py KO)
T = glossary.terms("elgrande")


def figure_svg(fig: Figure) -> str:
    """The figure as SVG text, its text kept as text (fast to redraw in a widget)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "boardlab"}):
        fig.savefig(buf, format="svg")
    return buf.getvalue()


def show(*items) -> None:
    """Display tables, figures and HTML/SVG text as raw MIME bundles inside a widget's Output. A
    DataFrame is shown as it is: give it through :func:`article` first."""
    from IPython.display import display

    for item in items:
        if isinstance(item, pd.DataFrame):
            display({"text/html": item.to_html(escape=True)}, raw=True)
        elif isinstance(item, Figure):
            display({"image/svg+xml": figure_svg(item), "text/plain": "<figure>"}, raw=True)
        elif isinstance(item, str) and item.lstrip().startswith("<svg"):
            display({"image/svg+xml": item, "text/plain": "<board>"}, raw=True)
        elif item is not None:
            display({"text/html": str(item)}, raw=True)


def wire(owner, controls: dict, rows: list) -> None:
    """Finish a widget: ``owner.summary`` (HTML), ``owner.output`` running ``owner._update(**values)``
    on every change of ``controls`` (and once now), and ``owner.widget`` showing it all."""
    import ipywidgets as W

    owner.summary = W.HTML()
    owner.output = live_output(owner._update, controls)
    owner.widget = W.VBox([*rows, owner.summary, owner.output])


#: Plain words for the machine column names of the lessons' tables (the core table style refuses a
#: header with an underscore or a bare abbreviation).
HEADERS = {"se": "standard error", "total se": "total, standard error", "margin se": "margin, standard error"}
#: Shares and probabilities, written as percentages wherever they appear.
PERCENT = ("share", "acted first", "shared wins", "share tied first", "share castillo", "share regions",
           "share bonuses", "share special")


def article(df: pd.DataFrame, *, index=None, columns=None, formats: dict | None = None,
            rename: dict | None = None, digits: int = 2) -> pd.DataFrame:
    """``df`` as a reader sees it: the core's one table style (:func:`boardlab.core.tables.article_table`)
    with the lessons' plain-word headers, shares as percentages and a standard error as one
    decimal more than its mean. The lessons return raw tables (the notebooks' checks assert on
    those); only what is displayed goes through here."""
    shown = list(columns) if columns is not None else list(df.columns)
    fmt = {c: "percent" for c in shown if c in PERCENT or c.startswith("P(first)")}
    fmt.update(formats or {})
    return tables.article_table(df, index=index, columns=columns, formats=fmt, digits=digits,
                                rename={**HEADERS, **(rename or {})}, terms=T)


def ci95(se: float) -> float:
    return 1.96 * se


def share_bars(hits, n) -> list[list[float]]:
    """Error bars (below, above) of observed shares ``hits / n``: their 95% Wilson intervals, which stay
    within 0 and 1 and keep a width at a share of 0 or 1 (a normal interval would give 0 +- 0 there)."""
    below, above = [], []
    for h, m in zip(hits, n):
        low, high = wilson_interval(int(h), int(m))
        below.append(max(0.0, h / m - low))  # max: rounding at a share of 0 or 1
        above.append(max(0.0, high - h / m))
    return [below, above]


def new_figure(width=8.0, height=4.5) -> Figure:
    plotting.use_style()
    return Figure(figsize=(width, height))


def stamp(fig: Figure, game=None, **provenance) -> Figure:
    """Put the provenance line (version, game and options, sample, seed) on a figure."""
    if provenance.get("note"):
        provenance["note"] = T(provenance["note"])
    if provenance.get("policies"):
        provenance["policies"] = [T(p) if isinstance(p, str) else p for p in provenance["policies"]]
    return plotting.stamp(fig, plotting.provenance(game, **provenance))


def play_games(game, policies, games: int, seed: int, on_step=None, on_end=None):
    """Play ``games`` seeded games (the seeds of ``simulate``), calling ``on_step(state, action, i)``
    before every action and ``on_end(state, i)`` at the end; nothing is kept here."""
    seats = resolve_policies(game, policies)
    for i in range(games):
        game_seed, policy_seed = game_seeds(seed, i)
        rng = random.Random(policy_seed)
        st = game.new_game(game_seed)
        while not st.is_over:
            a = seats[st.to_move](st, rng)
            if on_step is not None:
                on_step(st, a, i)
            st.apply(a)
        if on_end is not None:
            on_end(st, i)

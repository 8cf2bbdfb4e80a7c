"""What several Five Tribes lessons share: the labels' translator ``T`` (the game's glossary),
figure scaffolding (provenance stamp, panels per player count), the table style with the
lessons' plain-word headers (:func:`article`), progress bars, fresh boards, uncertainty helpers,
input checks, and widget wiring.

Figures are :class:`matplotlib.figure.Figure` objects (not pyplot), so a widget that redraws on
every change never piles figures up in pyplot's registry. Widgets wire
the core's ``live_output`` (``interactive_output`` without an Output widget, so a notebook run
by nbclient cannot hang) over a plain function; each keeps its latest answer in
``.result``, so a test can set ``widget.value`` on the Python objects and read it without a kernel.
"""

from __future__ import annotations

import io

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import glossary, plotting, stats, tables, widgets
from boardlab.core.liveview import live_output
from boardlab.core.simulate import game_seeds
from boardlab.fivetribes.components import COLOURS, NTILES, TILE_INDEX
from boardlab.fivetribes.game import PLAYER_COUNTS, FiveTribes
from boardlab.fivetribes.render import PLAYER_FILL

Game = FiveTribes
#: Five Tribes labels in the current language (``plotting.use_language``); the words are in
#: ``boardlab/fivetribes/glossary.py``.
T = glossary.terms("fivetribes")
NCOL = len(COLOURS)
#: Player colours: the Okabe-Ito hues of the engine's SVG.
PLAYER_COLOURS = PLAYER_FILL
#: Meeple colours as figures draw them (the wooden pieces), with a dark edge for the white one.
MEEPLE_FILL = {"yellow": "#F0E442", "white": "#FFFFFF", "green": "#009E73", "blue": "#0072B2", "red": "#D55E00"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(k: int) -> str:
    """1 -> "1st", 2 -> "2nd", ... in the current language."""
    return T(ORDINALS.get(k, "{k}th"), k=k)


def check_players(players) -> int:
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError(f"Five Tribes is played by 2, 3 or 4 players; got {players!r}")
    return players


def tile_index(tile) -> int:
    if isinstance(tile, str):
        name = tile.strip().upper()
        if name not in TILE_INDEX:
            raise ValueError(f"tiles are named A1..F5 (column letter, row number); got {tile!r}")
        return TILE_INDEX[name]
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < NTILES:
        raise ValueError(f"a tile is a name such as 'C3' or an index 0..{NTILES - 1}; got {tile!r}")
    return tile


def stamp(fig: Figure, text: str) -> Figure:
    """The provenance line along the bottom of the figure (the core's one stamp)."""
    return plotting.stamp(fig, text)


def figure_svg(fig: Figure) -> str:
    """The figure as SVG text, its text kept as text (fast to redraw in a widget)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "boardlab"}):
        fig.savefig(buf, format="svg")
    return buf.getvalue()


def show(*items) -> None:
    """Display tables and figures as raw MIME bundles inside a widget's live view. A DataFrame is
    shown as it is: give it through :func:`boardlab.core.tables.article_table` first."""
    from IPython.display import display

    for item in items:
        if isinstance(item, pd.DataFrame):
            display({"text/html": item.to_html(escape=True, border=0)},
                    raw=True)
        elif isinstance(item, Figure):
            display({"image/svg+xml": figure_svg(item), "text/plain": "<figure>"}, raw=True)
        elif item is not None:
            display({"text/html": str(item)}, raw=True)


#: Plain words for the machine column names of the lessons' tables (the core table style refuses a
#: header with an underscore).
HEADERS = {
    "gain": "points gained", "gain_se": "gain, standard error", "paid": "gold paid",
    "paid_se": "paid, standard error", "net": "net points", "net_se": "net, standard error",
    "premium": "premium (points)", "premium_se": "premium, standard error", "first": "gain acting 1st",
    "last": "gain acting last", "last_position": "last position", "spot_cost": "spot cost (gold)",
    "already_there": "already there", "moves_se": "moves, standard error",
    "moves_other_reading": "moves, other loop reading", "no_move": "turns with no move",
    "margin": "margin over the best opponent", "margin_se": "margin, standard error",
    "bid_gold": "gold spent on bids", "opponents_bid_gold": "each opponent's gold on bids",
    "mean_position": "mean turn position", "opponents_mean_position": "opponents' mean turn position",
    "decisions_se": "decisions, standard error", "rounds_se": "rounds, standard error",
    "turns_se": "turns, standard error", "rate": "win rate", "n": "seat results", "se": "standard error",
    "game_id": "game", "game_seed": "game seed", "policy_seed": "policy seed",
}
#: Shares and probabilities, written as percentages wherever they appear.
PERCENT = ("share", "rate", "no_move", "simulated", "P(at least 1 fakir)", "probability")


def article(df: pd.DataFrame, *, index=None, columns=None, formats: dict | None = None,
          rename: dict | None = None, digits: int = 2) -> pd.DataFrame:
    """``df`` in the core's one table style (:func:`boardlab.core.tables.article_table`) with the
    lessons' plain-word headers; a ``lo``/``hi`` pair becomes one "95 % interval" column."""
    df = df.copy()
    if "lo" in df.columns and "hi" in df.columns:
        df["95 % interval"] = [tables.interval(a, b) for a, b in zip(df["lo"], df["hi"])]
        df = df.drop(columns=["lo", "hi"])
        if columns is not None:
            columns = [c for c in columns if c not in ("lo", "hi")] + ["95 % interval"]
    shown = list(columns) if columns is not None else list(df.columns)
    fmt = {c: "percent" for c in PERCENT if c in shown}
    fmt.update(formats or {})
    return tables.article_table(df, index=index, columns=columns, formats=fmt, digits=digits,
                                rename={**HEADERS, **(rename or {})}, terms=T)


def ci95(se: float) -> float:
    """Half-width of a normal 95% interval."""
    return 1.96 * se


def panels_by_players(df: pd.DataFrame, size: tuple) -> tuple:
    """A figure of ``size`` inches with one panel per player count in ``df`` (a shared y axis):
    (figure, axes, player counts), the axes in the order of the counts."""
    counts = sorted(df["players"].unique())
    fig = Figure(figsize=size)
    return fig, fig.subplots(1, len(counts), sharey=True, squeeze=False)[0], counts


def mean_se(values) -> tuple[float, float]:
    values = list(values)
    if len(values) < 2:
        return (float(values[0]) if values else float("nan")), float("nan")
    return stats.mean_se(values)


def players_toggle(players: int):
    """The player-count buttons every lesson widget uses."""
    import ipywidgets as W

    return W.ToggleButtons(options=list(PLAYER_COUNTS), value=players, description=T("players"),
                           style={"button_width": "48px", "description_width": "initial"})


def show_progress(iterable, total: int | None = None, desc: str = "", enabled: bool = True):
    """``iterable`` with a ``tqdm.auto`` progress bar (the core's), or as it is when not ``enabled``."""
    return widgets.progress(iterable, total=total, desc=T(desc)) if enabled else iterable


def fresh_board(seed: int, i: int, players: int = 3):
    """Game ``i`` of a run with ``seed`` at its start: the board ``simulate`` would play."""
    return Game(players=players).new_game(game_seeds(seed, i)[0])


def wire(owner, controls: dict, rows: list) -> None:
    """Finish a widget: ``owner.summary`` (an HTML line), ``owner.output`` running
    ``owner._update(**values)`` on every change of ``controls`` (and once now), and
    ``owner.widget`` showing ``rows``, the summary and the output."""
    import ipywidgets as W

    owner.summary = W.HTML()
    owner.output = live_output(owner._update, controls)
    owner.widget = W.VBox([*rows, owner.summary, owner.output])


__all__ = ["Game", "NCOL", "PLAYER_COLOURS", "MEEPLE_FILL", "ORDINALS", "ordinal", "check_players",
           "tile_index", "stamp", "figure_svg", "show", "ci95", "panels_by_players", "mean_se",
           "players_toggle", "wire", "show_progress", "fresh_board", "T", "HEADERS", "PERCENT", "article"]

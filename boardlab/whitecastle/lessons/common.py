"""What the White Castle lessons share: icon names and assumed worths, figure colours, the
provenance line, number formats, the thin widget :class:`Explorer`, the board picture, and the
two computations more than one notebook uses (:func:`bridge_exact`, :func:`clustered_share`).

Every label a figure or widget shows passes through :data:`T` (the game's translator, see
:mod:`boardlab.core.glossary`), so ``plotting.use_language("ko")`` switches it to the seed's
Korean terms (:mod:`boardlab.whitecastle.glossary`).
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from boardlab.core.liveview import live_output
from boardlab.core import glossary, plotting, stats, tables
from boardlab.core import widgets as core_widgets
from boardlab.whitecastle import components as C
from boardlab.whitecastle import odds, render, scoring
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, ROWS, SPACE_NAMES, WELL, Action, room_floor
from boardlab.whitecastle.dice import COLOURS, dice_per_bridge
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.odds import PLAYER_COUNTS
from boardlab.whitecastle.positions import take_options
from boardlab.whitecastle.rules import DICE_PER_PLAYER_ROUND, lantern_icon

T = glossary.terms("whitecastle")

#: Lantern icons, in the order the widgets and figures list them, and how text names them.
LANTERN_ICONS = ("food", "iron", "pearl", "coin", "seal", "cp", "time")


ICON_NAMES = {"food": "food", "iron": "iron", "pearl": "mother-of-pearl", "coin": "coin",
              "seal": "Daimyo seal", "cp": "clan point", "time": "Passage of Time step"}


#: Coin worth of each icon: an ASSUMPTION for exploring (the odds module's default), not a rule.
DEFAULT_ICON_WORTH = dict(odds.DEFAULT_ICON_WORTH)


#: A lantern area at the start of a game: starting resource card 1 (its back shows 1
#: mother-of-pearl) and the coin Decree that card brings.
DEFAULT_LANTERN = {"pearl": 1, "coin": 1}


#: Bridge colours as the figures draw them: Okabe-Ito, with the left end orange, right end blue.
LEFT_COLOUR, RIGHT_COLOUR, TIE_COLOUR = plotting.PALETTE[1], plotting.PALETTE[0], "0.75"


STAMP_FONT = "DejaVu Sans"


def widget_rc() -> dict:
    """Fonts of widget pictures (SVG with live text, set by the browser): a plain Latin family
    first (the Hangul-first family of ``use_style`` made the browser draw its narrow full stops
    like commas), then a Hangul one when the labels are Korean."""
    korean = plotting.korean_font() if glossary.language() == "ko" else None
    return {"font.family": [STAMP_FONT] + ([korean] if korean else [])}


POLICY_STYLE = {"random": ("o", "-"), "greedy": ("s", "--")}


BOARD = C.board()


LEVELS = C.LEVELS  # gate, floor 1, floor 2, floor 3


# Colours of the three bridges in figures (Okabe-Ito, distinguishable with colour-vision deficiencies).
BRIDGE_COLOURS = {"coral": plotting.PALETTE[5], "black": plotting.PALETTE[7], "white": plotting.PALETTE[4]}


POLICY_COLOURS = {"random": plotting.PALETTE[0], "greedy": plotting.PALETTE[1]}


SPACE_GROUPS = {
    **{r: f"castle floor {room_floor(i)}" for i, r in enumerate(ROOMS)},
    **dict.fromkeys(OUTSIDE, "outside the walls"),
    WELL: "the Well",
    **{r: f"own {COLOURS[i]} domain row" for i, r in enumerate(ROWS)},
}


SPACE_GROUP_ORDER = ("castle floor 1", "castle floor 2", "outside the walls", "the Well",
                     "own coral domain row", "own black domain row", "own white domain row")


#: Every action space a die can go to, in board order, and how figures name it.
SPACE_ORDER = ROOMS + OUTSIDE + (WELL,) + ROWS


SPACE_LABELS = {s: f"{SPACE_NAMES[s].replace('my ', 'own ')} ({s})" for s in SPACE_ORDER}


_STYLED = False


def signed(x) -> str:
    """Coins with their sign as a player reads them: +2 earned, −2 paid (a true minus sign)."""
    x = Fraction(x)
    text = str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
    return ("+" + text) if x > 0 else text.replace("-", "−")


def check_players(players) -> int:
    if players not in PLAYER_COUNTS or isinstance(players, bool):
        raise ValueError(f"The White Castle is played by 2, 3 or 4 players here; got {players!r}")
    return players


def stamp_figure(fig, text: str) -> Figure:
    """The provenance line on a figure (:func:`boardlab.core.plotting.stamp`: wrapped, legible)."""
    return plotting.stamp(fig, text)


def game_provenance(players=None, *, options: dict | None = None, seed: int | None = None,
                    note: str | None = None, pooled: bool = False, **extra) -> str:
    """A figure's provenance line (:func:`boardlab.core.plotting.provenance`, the one helper):
    ``players`` is one player count, several (a panel per count, or ``pooled`` over them), or
    None for a figure that holds at any player count; ``options`` the other ``Game`` options the
    numbers were made with (only those that differ from the defaults are named)."""
    counts = [players] if isinstance(players, int) else list(players or [])
    game = Game(**{**(options or {}), "players": counts[0] if counts else 2})
    return plotting.provenance(game, players=players if players is not None else "any", pooled=pooled,
                               seed=seed, note=note, **{T(name): value for name, value in extra.items()})


def exact_note(players, extra_note: str | None = None, **extra) -> str:
    note = T("exact: fractions over every roll") + (f"; {T(extra_note)}" if extra_note else "")
    return game_provenance(players, note=note, **extra)


def figure_png(fig, dpi: int = 80) -> bytes:
    """The figure as PNG bytes (no tight bounding box, light compression: fast to redraw)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, pil_kwargs={"compress_level": 1})
    return buf.getvalue()


def svg_img_html(svg: str, alt: str) -> str:
    """An SVG document as an HTML <img> that scales down to the width it is given."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img alt="{html.escape(alt)}" style="max-width:100%;height:auto" '
            f'src="data:image/svg+xml;base64,{data}">')


def figure_svg(fig) -> str:
    """The figure as SVG text with its text kept as text (the browser sets it): about twice as
    fast to produce as a PNG, which is what keeps a widget update of notebook 01 under 100 ms."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "boardlab", **widget_rc()}):
        fig.savefig(buf, format="svg")
    return buf.getvalue()


def mc_row(players, quantity, exact, simulated, se, n) -> dict:
    z = (simulated - float(exact)) / se if se > 0 else (0.0 if simulated == float(exact) else math.inf)
    return {"players": players, "quantity": quantity, "exact": float(exact), "exact_fraction": str(exact),
            "simulated": simulated, "se": se, "z": z, "n": n}


def new_figure(width: float = 8, height: float = 4.5) -> Figure:
    """A new figure in the house style (not registered with pyplot: nothing to close)."""
    global _STYLED
    if not _STYLED:
        plotting.use_style()
        _STYLED = True
    return Figure(figsize=(width, height), dpi=100)


def decision_of(state) -> str | None:
    return None if state.decision is None else state.decision[0]


def settle(state, player: int, room: int | None = None) -> None:
    """Answer the follow-up decisions of ``player``'s current effect with the plainest choice
    (the given room, the first new-card block, decline / finish when offered, else the first
    option) until the turn passes on."""
    while not state.is_over and state.to_move == player and decision_of(state) not in (None, "take"):
        legal = state.legal_actions()
        kind = decision_of(state)
        if kind == "room" and room is not None and Action("room", "", room) in legal:
            state.apply(Action("room", "", room))
            continue
        plain = [a for a in legal if a.kind in ("decline", "finish", "timestop")]
        choice = plain[0] if plain else next((a for a in legal if a.kind != "exchange"), legal[0])
        state.apply(choice)


#: Plain-word headers for the machine names lesson tables use (the one table style, :mod:`boardlab.core.tables`).
PLAIN_HEADERS = {
    "se": "standard error", "z": "z (standard errors off)", "n": "sample size", "ci_low": "95 % interval from",
    "ci_high": "95 % interval to", "p": "probability", "exact_fraction": "exact (fraction)",
    "coins_before": "coins before", "coins_after": "coins after", "coin_change": "coin change",
    "pearl_change": "mother-of-pearl change", "lantern_coins": "lantern coins", "lantern_pearls": "lantern mother-of-pearl",
    "room_pearls": "room mother-of-pearl", "left_picks": "left picks", "start_position": "starting position",
    "p_left_taken": "share of left picks", "spread_se": "gap standard error",
}


def exact_text(value, digits: int = 3) -> str:
    """An exact value as a reader sees it: its decimal, with the fraction when it is short
    ('0.731 (4931/6750)'); other values as :mod:`boardlab.core.tables` writes them."""
    if isinstance(value, Fraction):
        text = tables.number(float(value), digits)
        return text if value.denominator == 1 or value.denominator >= 10 ** 6 else f"{text} ({tables.fraction(value)})"
    return tables._text(value) if not isinstance(value, float) else tables.number(value, digits)


def readable(df: pd.DataFrame, digits: int = 3, *, index=None, rename: dict | None = None) -> pd.DataFrame:
    """``df`` in the one table style (:func:`boardlab.core.tables.article_table`): Fractions as
    :func:`exact_text`, other numbers with ``digits`` decimals, machine headers in plain words
    (:data:`PLAIN_HEADERS`, then ``rename``), ``index`` (column names) as the named index."""
    formats = {c: (lambda v, d=digits: exact_text(v, d)) for c in df.columns
               if c != index and not (isinstance(index, (list, tuple)) and c in index)}
    return tables.article_table(df, index=index, formats=formats, rename={**PLAIN_HEADERS, **(rename or {})},
                                terms=T)


def level_points(level: int) -> int:
    """End-game points of one courtier at ``level`` (0 gate .. 3 floor 3), from the scoring code."""
    court = [0, 0, 0, 0]
    court[level] = 1
    return scoring.courtier_points(court)


def climb_cost(floors: int) -> int:
    """Mother-of-pearl for one climb of 1 or 2 floors."""
    return BOARD["climb_one_floor_pearls"] if floors == 1 else BOARD["climb_two_floors_pearls"]


def lantern_cards(resource_card: int) -> list[str]:
    gains, decree, _ = C.starting_resources()[resource_card]
    return [f"resource:{resource_card}"] + ([f"decree:{decree}"] if decree else [])


def lantern_reward(cards) -> Counter:
    """The lantern reward of a lantern area: every icon showing, added up ({'coin': 1, ...})."""
    total = Counter()
    for card in cards:
        for effect in lantern_icon(card):
            total[effect[0]] += effect[1] if len(effect) > 1 else 1
    return total


def icons_text(icons: Counter, translate: bool = False) -> str:
    """'+1 coin, +1 mother-of-pearl'; ``translate``: in the current language (a table's English
    cells are translated when shown)."""
    word = T if translate else str
    if not icons:
        return word("nothing")
    return ", ".join(word("+{n} {good}").format(n=n, good=word(ICON_NAMES.get(k, k))) for k, n in sorted(icons.items()))


class Explorer:
    """A thin widget: controls, ``live_output`` (core: ``interactive_output`` without an Output widget) over a plain function, an HTML summary.

    ``compute(**values)`` returns the data; ``describe(data)`` its HTML; ``draw(data)`` a
    figure or None. The last data and figure are kept (``.result``, ``.figure``) so a test can
    set ``controls[name].value`` and check them without a kernel."""

    def __init__(self, controls: dict, compute, describe, draw=None, title: str = ""):
        import ipywidgets as widgets

        self.controls = controls
        self.result = None
        self.figure = None
        self.calls = 0
        self.html = widgets.HTML()
        self._compute, self._describe, self._draw = compute, describe, draw

        def update(**values):
            from IPython.display import display

            self.calls += 1
            self.result = compute(**values)
            self.html.value = describe(self.result)
            if draw is not None:
                self.figure = draw(self.result)
                display(self.figure)

        self.output = live_output(update, controls)
        self.output.add_class("boardlab-live")  # the picture: an HTML widget, never an Output (see liveview)
        rows = [widgets.HTML(f"<b>{html.escape(T(title))}</b>")] if title else []
        rows += [widgets.HBox(list(controls.values()), layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px 16px")),
                 self.html, self.output]
        self.widget = widgets.VBox(rows)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def slider(description, value, lo, hi, **fields):
    """A slider a reader can drag by hand, with its full label (:func:`boardlab.core.widgets.slider`),
    in the current language (``fields`` fill the label's ``{placeholders}``)."""
    return core_widgets.slider(T(description, **fields), value, lo, hi)


def board_picture(state):
    """The board as :mod:`~boardlab.whitecastle.render` draws it, for ``display()`` where a lesson
    discusses a position (HTML: the SVG scales down to the notebook's width)."""
    from IPython.display import HTML

    return HTML(render.state_html(state))


@cache
def bridge_exact(players: int, lone_die_is_left: bool = True) -> dict:
    """Exact round-end odds when every die is taken uniformly at random among the legal take
    actions (what the random policy does: seal exchanges do not change the bridges).

    Each bridge starts with players + 1 dice and the round ends after 3 × players dice are taken.
    Returns ``p_holds`` (a given bridge still holds a die), ``empty`` ({number of empty bridges:
    probability}), ``dist`` ({dice left per bridge: probability}) and ``left_share`` (expected
    share of picks that take a left end), all as Fractions."""
    start = (dice_per_bridge(players),) * len(COLOURS)
    dist = {start: Fraction(1)}
    left = Fraction(0)
    for _ in range(DICE_PER_PLAYER_ROUND * players):
        nxt: dict = {}
        for bridges, p in dist.items():
            opts = take_options(bridges, players, lone_die_is_left)
            share = p / len(opts)
            for c, end in opts:
                after = list(bridges)
                after[c] -= 1
                after = tuple(after)
                nxt[after] = nxt.get(after, 0) + share
                if end == "left":
                    left += share
        dist = nxt
    picks = DICE_PER_PLAYER_ROUND * players
    p_holds = sum((p for b, p in dist.items() if b[0] > 0), Fraction(0))
    empty: dict = {}
    for b, p in dist.items():
        k = sum(1 for x in b if x == 0)
        empty[k] = empty.get(k, 0) + p
    return {"p_holds": p_holds, "empty": dict(sorted(empty.items())), "dist": dist,
            "left_share": left / picks}


def proportion_row(successes: int, n: int) -> dict:
    """A share of independent trials with its Wilson 95 % interval."""
    lo, hi = stats.wilson_interval(successes, n)
    return {"count": successes, "n": n, "share": successes / n, "ci_low": lo, "ci_high": hi}


def clustered_share(x, m) -> dict:
    """The share sum(x) / sum(m) of events counted game by game (``x[g]`` events out of ``m[g]``
    in game ``g``), with a 95 % interval that allows for dependence inside a game (the dice of
    one round, the picks of one player are not independent trials): the wider of the Wilson
    interval and the ratio estimator's between-games interval (share ± 1.96 × se,
    se = sqrt(sum((x - share·m)²) / (G(G-1))) / mean(m) over the G games)."""
    x, m = np.asarray(x, dtype=float), np.asarray(m, dtype=float)
    count, n, games = int(x.sum()), int(m.sum()), len(x)
    share = count / n
    lo, hi = stats.wilson_interval(count, n)
    se = math.sqrt(((x - share * m) ** 2).sum() / (games * (games - 1))) / m.mean() if games > 1 else float("nan")
    if se == se:  # not NaN
        lo, hi = min(lo, max(0.0, share - 1.96 * se)), max(hi, min(1.0, share + 1.96 * se))
    return {"count": count, "n": n, "games": games, "share": share, "se": se, "ci_low": lo, "ci_high": hi}


"""Plot style, the language switch and the provenance stamp every boardlab figure carries
(GUIDE section 5).

* :func:`use_style`: article-ready matplotlib defaults (sizes, grid, Okabe-Ito colours, a font
  with Hangul);
* :func:`use_language` ``("ko")``: figures and widget labels made from now on use the Korean
  terms of each game's glossary (:mod:`boardlab.core.glossary`) and a Hangul font;
* :func:`provenance` ``(game, *, players, games, seed, policies, sample, note, **extra) -> str``:
  one plain-words line saying what a reader needs to reproduce a figure: boardlab version, game,
  players (one count, several shown side by side, or several pooled), the options that differ
  from the game's defaults, sample size, seed, policies;
* :func:`stamp` ``(fig, text)``: writes that line along the bottom of a figure, wrapped to the
  figure's width when drawn (a long line never widens a saved image; ``get_text()`` is still
  ``text``), legible at 100 % zoom, below room for the x-axis labels; :func:`wrap_provenance`
  cuts a line the same way by hand; in Korean it also sets the y-axis labels horizontally
  above their axes (:func:`horizontal_y_labels`), as Hangul turned sideways reads badly.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import textwrap
from collections.abc import Sequence
from pathlib import Path

import matplotlib
from matplotlib import font_manager

import boardlab
from boardlab.core import glossary

# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
KOREAN_FONT = "NanumGothic"
KOREAN_FONTS = (KOREAN_FONT,)
#: The provenance line: size (points) and grey, legible at 100 % zoom.
STAMP_SIZE = 8.5
STAMP_COLOUR = "0.3"
SEPARATOR = " · "
_C = glossary.terms("core")


def korean_font_files() -> list[str]:
    """The NanumGothic files (regular and bold) that the pip package koreanize-matplotlib ships.

    Found without importing the package, whose import would change matplotlib's settings. Bold
    is needed too: without it bold text (titles, <b> in labels) warns "findfont: Failed to find
    font weight bold" and falls back to another family."""
    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return []
    fonts = Path(next(iter(spec.submodule_search_locations))) / "fonts"
    return [str(fonts / name) for name in ("NanumGothic.ttf", "NanumGothicBold.ttf") if (fonts / name).is_file()]


def korean_font() -> str | None:
    """The font family boardlab draws Hangul with: NanumGothic from a Python package
    (koreanize-matplotlib, a dependency), registered with matplotlib here, so no system font is
    needed on any OS. None only if that package is missing."""
    manager = font_manager.fontManager
    files = korean_font_files()
    known = {f.fname for f in manager.ttflist}
    for path in files:
        if path not in known:
            manager.addfont(path)
    # NanumGothicBold.ttf declares weight 600 although it is the family's bold face: file it as
    # bold (700), or asking for bold text still warns and falls back.
    bold = [i for i, f in enumerate(manager.ttflist)
            if f.fname in files and f.fname.endswith("Bold.ttf") and f.weight == 600]
    for i in bold:
        manager.ttflist[i] = dataclasses.replace(manager.ttflist[i], weight=700)
    if bold:
        manager._findfont_cached.cache_clear()
    return KOREAN_FONT if files else None


def use_style() -> None:
    """Article-ready defaults: readable sizes, light grid, colour-blind-safe cycle, Hangul if possible."""
    rc = matplotlib.rcParams
    rc["figure.figsize"] = (8, 4.5)
    rc["figure.dpi"] = 100
    rc["axes.titlesize"] = 13
    rc["axes.labelsize"] = 11
    rc["axes.grid"] = True
    rc["grid.alpha"] = 0.3
    rc["axes.spines.top"] = False
    rc["axes.spines.right"] = False
    rc["axes.prop_cycle"] = matplotlib.cycler(color=PALETTE)
    font = korean_font()
    if font:
        rc["font.family"] = [font, "DejaVu Sans"]
    rc["axes.unicode_minus"] = False


def use_language(language: str = "en") -> str:
    """Make figures and widget labels from now on in ``language``: "en" (default) or "ko" (the
    seeds' Korean terms, from each game's glossary, with a Hangul font). Rebuild a figure or
    widget after switching: those already drawn keep their words."""
    if language == "ko":
        font = korean_font()
        if font is None:
            raise RuntimeError("the Korean font comes with the Python package koreanize-matplotlib, which "
                               "is missing: reinstall boardlab (make lab does) and restart the kernel")
        use_style()
        matplotlib.rcParams["font.family"] = [font, "DejaVu Sans"]
    return glossary.use_language(language)


def _count_text(counts: Sequence[int]) -> str:
    counts = [str(c) for c in counts]
    if len(counts) == 1:
        return counts[0]
    return ", ".join(counts[:-1]) + f" {_C('and')} " + counts[-1]


def _players_text(players, pooled: bool) -> str:
    if players == "any":
        return _C("any player count")
    if isinstance(players, int):
        return _C("{n} players", n=players)
    counts = sorted(int(p) for p in players)
    if len(counts) == 1:
        return _C("{n} players", n=counts[0])
    return _C("{counts} players, pooled" if pooled else "{counts} players", counts=_count_text(counts))


def changed_options(game) -> dict:
    """The options of ``game`` that differ from its defaults (players aside)."""
    changed = {}
    for field in dataclasses.fields(game):
        if field.name == "players" or not field.init:
            continue
        value = getattr(game, field.name)
        default = field.default if field.default is not dataclasses.MISSING else None
        if value != default:
            changed[field.name] = value
    return changed


def _number(n) -> str:
    return f"{n:,}" if isinstance(n, int) and not isinstance(n, bool) else str(n)


def provenance(game=None, *, games: int | None = None, seed: int | None = None, policies=None,
               note: str | None = None, players=None, pooled: bool = False, sample: str | None = None,
               **extra) -> str:
    """One plain-words line saying where a figure's numbers come from, the same way in every
    figure: boardlab version, game, players, options that differ from the defaults, sample size,
    seed, policies, then ``sample`` (a sample that is not "N games", e.g. "20,000 bridges per
    player count"), ``extra`` (``name=value`` pairs) and ``note``.

    ``players``: the player count(s) the figure shows, when not the ``game``'s own: an int, a
    sequence (one panel per count: "2, 3 and 4 players"; with ``pooled=True`` the numbers are
    pooled over them: "2, 3 and 4 players, pooled") or "any" (holds at every count).
    """
    parts = [f"boardlab {boardlab.__version__}"]
    if game is not None:
        parts.append(glossary.term(game.name, game.title) if _has_glossary(game.name) else game.title)
        parts.append(_players_text(game.players if players is None else players, pooled))
        changed = changed_options(game)
        parts.append(_C("options: {changed}", changed=", ".join(f"{k}={v}" for k, v in changed.items()))
                     if changed else _C("options as default"))
    elif players is not None:
        parts.append(_players_text(players, pooled))
    if games is not None:
        parts.append(_C("{n} games", n=_number(games)))
    if sample:
        parts.append(sample)
    if seed is not None:
        parts.append(_C("seed {seed}", seed=seed))
    if policies is not None:
        parts.append(_C("policies {names}", names="/".join(str(getattr(p, "name", p)) for p in policies)))
    parts += [f"{k}={_number(v)}" for k, v in extra.items()]
    if note:
        parts.append(note)
    return SEPARATOR.join(parts)


def _has_glossary(name: str) -> bool:
    try:
        glossary.glossary(name)
    except ValueError:
        return False
    return True


def wrap_provenance(text: str, width_inches: float, size: float = STAMP_SIZE) -> list[str]:
    """``text`` cut into lines that fit ``width_inches`` at ``size`` points, breaking at the
    " · " separators where it can (a Hangul glyph counts as two Latin ones)."""
    chars = max(20, int(width_inches * 72 / (size * 0.55)))
    lines: list[str] = []
    for part in text.split(SEPARATOR):
        candidate = part if not lines else lines[-1] + SEPARATOR + part
        if lines and _width(candidate) <= chars:
            lines[-1] = candidate
        elif _width(part) <= chars:
            lines.append(part)
        else:
            lines += textwrap.wrap(part, width=chars // (2 if _width(part) > len(part) else 1))
    return lines


def _width(text: str) -> int:
    return sum(2 if ord(ch) >= 0x1100 else 1 for ch in text)


#: Points below the axes that tick labels and an x-axis label take (10 pt ticks, an 11 pt label,
#: their pads), above the provenance line.
X_LABELS_HEIGHT = 44


def stamp(fig, text: str):
    """Write the provenance line along the bottom of a figure, wrapped to its width when drawn
    (the text itself is kept as given: ``fig.texts[-1].get_text() == text``), and keep it inside
    the saved image and clear of the x-axis labels (the bottom margin, in points, grows with the
    number of lines it needs, whatever the figure's height). In Korean, y-axis labels are turned
    to read horizontally (:func:`horizontal_y_labels`)."""
    width, height = fig.get_size_inches()
    lines = wrap_provenance(text, width * 0.98)
    font = korean_font() if glossary.language() == "ko" else None
    family = [font, "DejaVu Sans"] if font else ["DejaVu Sans"]  # DejaVu: keeps underscores legible
    fig.text(0.01, 0.005, text, fontsize=STAMP_SIZE, color=STAMP_COLOUR, ha="left", va="bottom",
             fontfamily=family, linespacing=1.25, wrap=True)
    stamp_points = len(lines) * STAMP_SIZE * 1.25 + 0.005 * height * 72
    fig.subplots_adjust(bottom=max(fig.subplotpars.bottom, (X_LABELS_HEIGHT + stamp_points) / 72 / height))
    _lift_legends_below(fig, stamp_points / 72 / height + 0.01)
    if glossary.language() == "ko":
        horizontal_y_labels(fig)
    return fig


def _lift_legends_below(fig, line_top: float) -> None:
    """Raise the axes until every axes legend placed below them (``bbox_to_anchor`` under the
    axes) ends above the provenance line (``line_top``, a fraction of the figure's height)."""
    legends = [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    if not legends:
        return
    renderer = fig._get_renderer()  # also for a Figure made without pyplot (its canvas has no renderer)
    for _ in range(4):  # the axes shrink as they rise, so the legend moves a little less: repeat
        low = min(leg.get_window_extent(renderer).transformed(fig.transFigure.inverted()).y0 for leg in legends)
        if low >= line_top:
            return
        fig.subplots_adjust(bottom=min(fig.subplotpars.bottom + (line_top - low) * 1.05, 0.8))


#: Points between the top of an axes and a y-axis label set above it.
Y_LABEL_GAP = 7


def horizontal_y_labels(fig) -> None:
    """Set each y-axis label of ``fig`` horizontally above its axis (left-aligned over a left
    axis, right-aligned over a right one) instead of sideways, as Korean reads, and raise the
    axes' titles over it. Calling it again changes nothing."""
    from matplotlib.transforms import ScaledTranslation

    above = 0.0  # points the highest raised text needs above its axes
    for ax in fig.axes:
        label = ax.yaxis.label
        if not ax.get_visible() or not label.get_visible() or not label.get_text().strip():
            continue
        right = ax.yaxis.get_label_position() == "right"
        lift = ScaledTranslation(0, Y_LABEL_GAP / 72, fig.dpi_scale_trans)
        ax.yaxis.set_label_coords(1.0 if right else 0.0, 1.0, transform=ax.transAxes + lift)
        label.set(rotation=0, rotation_mode="anchor", ha="right" if right else "left", va="bottom")
        raised = label.get_size() * 1.3 + Y_LABEL_GAP
        above = max(above, raised + _raise_titles(ax, raised))
    if above:
        if fig._suptitle is not None and fig._suptitle.get_text():
            above += fig._suptitle.get_size() * 1.5
        height = fig.get_size_inches()[1]
        fig.subplots_adjust(top=min(fig.subplotpars.top, 1 - above / 72 / height))


def _raise_titles(ax, points: float) -> float:
    """Lift ``ax``'s titles ``points`` above their usual place, keeping their font; the points
    the highest title then takes over the axes' own place."""
    pad = matplotlib.rcParams["axes.titlepad"] + points
    needed = 0.0
    for loc, title in (("center", ax.title), ("left", ax._left_title), ("right", ax._right_title)):
        if title.get_text():
            ax.set_title(title.get_text(), loc=loc, pad=pad, fontsize=title.get_fontsize(),
                         fontweight=title.get_fontweight(), color=title.get_color())
            lines = title.get_text().count("\n") + 1
            needed = max(needed, matplotlib.rcParams["axes.titlepad"] + title.get_fontsize() * 1.25 * lines)
    return needed


__all__ = ["PALETTE", "KOREAN_FONTS", "korean_font", "use_style", "use_language", "provenance", "changed_options",
           "wrap_provenance", "stamp", "horizontal_y_labels"]

"""Small pieces every game's notebook widgets share: controls a reader can use by hand, the way
refused and clamped input is shown, ties named as ties, and progress bars.

Controls (ipywidgets is imported only when one is built):

* :func:`slider` ``(description, value, min, max, step=1)``: an IntSlider (FloatSlider for a
  float step) :data:`CONTROL_WIDTH` wide with a :data:`LABEL_WIDTH` label, so the track can be
  dragged and the full label shows; it never shrinks in a row of controls (flex "0 0 auto");
* :func:`usable` ``(widget, width=CONTROL_WIDTH)``: give any existing control that width and a
  label that is never cut (checkboxes: no indent, width "auto");
* :func:`checkbox` ``(description, value)``: a checkbox whose label shows in full.

Messages (HTML strings for an ``ipywidgets.HTML``; their text is always escaped):

* :func:`refusal_html` ``(reason)``: input the widget refuses, in red;
* :func:`clamp` ``(name, value, lo, hi) -> Clamped``: ``value`` held within ``lo..hi``, with a
  note when it had to be changed; :func:`clamped_html` ``(clamps)``: those notes, in amber;
* :func:`ties_text` ``(scores, names=None) -> str``: who is ahead, naming every tied leader
  ("a tie between A and B"), never just the first of them.

Progress: :func:`progress` ``(iterable, total=None, desc="")`` wraps a loop in a ``tqdm.auto``
bar (a widget bar in a notebook, text on stderr in a terminal).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from boardlab.core.glossary import terms

_T = terms("core")  # a note a widget shows speaks the reader's language

#: Width of one control, and of its description label, in CSS units: wide enough to drag a
#: slider handle by hand and to read labels such as "warriors in the 5-iron yard".
CONTROL_WIDTH = "600px"
LABEL_WIDTH = "240px"


def refusal_html(reason) -> str:
    """How a widget shows input it refuses: the reason in red, escaped (it may quote the input)."""
    return f"<span style='color:#b00'>&#9888; {html.escape(str(reason))}</span>"


def slider(description: str, value, lo, hi, step=1, *, width: str = CONTROL_WIDTH,
           continuous_update: bool = False, **kwargs):
    """A slider a reader can drag: ``width`` wide with the full ``description`` beside it."""
    import ipywidgets as W

    cls = W.FloatSlider if isinstance(step, float) else W.IntSlider
    return cls(value=value, min=lo, max=hi, step=step, description=description,
               continuous_update=continuous_update, layout=W.Layout(width=width, flex="0 0 auto"),
               style={"description_width": LABEL_WIDTH}, **kwargs)


def usable(widget, width: str = CONTROL_WIDTH):
    """Give ``widget`` a usable width and a label that shows in full; returns it."""
    import ipywidgets as W

    if isinstance(widget, W.Checkbox):
        widget.indent = False
        widget.layout.width = "auto"
        return widget
    widget.layout.width = width
    widget.layout.flex = "0 0 auto"  # in a row of controls, never squeezed below its width
    if hasattr(widget.style, "description_width"):
        widget.style.description_width = LABEL_WIDTH if widget.description else ""
    return widget


def checkbox(description: str, value: bool = False, **kwargs):
    """A checkbox whose whole label shows (no indent, as wide as its label)."""
    import ipywidgets as W

    return W.Checkbox(value=value, description=description, indent=False, layout=W.Layout(width="auto"),
                      **kwargs)


@dataclass(frozen=True)
class Clamped:
    """A value held within its bounds: ``value`` is what is used, ``asked`` what was given."""

    name: str
    asked: object
    value: object
    lo: object
    hi: object

    @property
    def clamped(self) -> bool:
        return self.asked != self.value

    @property
    def note(self) -> str:
        if not self.clamped:
            return ""
        return _T("{name}: {asked} is outside {lo}..{hi}, so {value} is used", name=self.name, asked=self.asked,
                  lo=self.lo, hi=self.hi, value=self.value)


def clamp(name: str, value, lo, hi) -> Clamped:
    """``value`` held within ``lo..hi``; the result says whether (and how) it was changed."""
    if lo > hi:
        raise ValueError(f"{name}: the range {lo}..{hi} is empty")
    return Clamped(name, value, min(max(value, lo), hi), lo, hi)


def clamped_html(clamps) -> str:
    """The notes of the clamped values among ``clamps``, in amber; "" when none was clamped."""
    notes = [c.note for c in clamps if c.clamped]
    if not notes:
        return ""
    return "<span style='color:#8a5a00'>&#9888; " + "; ".join(html.escape(n) for n in notes) + "</span>"


def ties_text(scores: dict, names: dict | None = None) -> str:
    """Who has the most: ``"Alice"``, or ``"a tie between Alice and Bob"`` when several share it."""
    if not scores:
        raise ValueError("ties_text needs at least one score")
    best = max(scores.values())
    leaders = [names.get(k, k) if names else k for k, v in scores.items() if v == best]
    if len(leaders) == 1:
        return str(leaders[0])
    leaders = [str(x) for x in leaders]
    return _T("a tie between {some} and {last}", some=", ".join(leaders[:-1]), last=leaders[-1])


def progress(iterable, total: int | None = None, desc: str = "", **kwargs):
    """``iterable`` with a progress bar (``tqdm.auto``: a widget in a notebook). The bar starts
    no monitor thread: redrawing a notebook bar from a background thread can stall the kernel.
    In Korean it counts in 회 (tqdm's own unit is "it", as in "103.46it/s")."""
    from tqdm.auto import tqdm

    from boardlab.core.progress import language

    class Bar(tqdm):
        monitor_interval = 0

    if language() == "ko":
        kwargs.setdefault("unit", "회")
    return Bar(iterable, total=total, desc=desc, **kwargs)


__all__ = ["CONTROL_WIDTH", "LABEL_WIDTH", "refusal_html", "slider", "usable", "checkbox", "Clamped", "clamp",
           "clamped_html", "ties_text", "progress"]

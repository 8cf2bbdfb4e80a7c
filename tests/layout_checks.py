"""Whether a figure's words fit: the window extents of every drawn Text artist (titles, axis
labels, tick labels, legends, annotations, the provenance line) compared pairwise, and the
provenance line clear of everything and inside the figure."""

from __future__ import annotations

import contextlib
import itertools

import matplotlib.text
from matplotlib.backends.backend_agg import FigureCanvasAgg

#: pixels two boxes may share (anti-aliasing, a glyph's overhang) before they count as overlapping
SLACK = 1.5


def _drawn_texts(fig):
    """The Text artists ``fig`` really draws (a tick label outside the view, a hidden legend's
    text are not), each with its window extent, recorded while drawing."""
    drawn = []
    original = matplotlib.text.Text.draw

    def draw(self, renderer):
        original(self, renderer)
        if self.get_visible() and self.get_text().strip():
            # a wrapped text (the provenance line) is drawn, and measured, as its wrapped lines
            with self._cm_set(text=self._get_wrapped_text()) if self.get_wrap() else contextlib.nullcontext():
                drawn.append((self, self.get_window_extent(renderer)))

    matplotlib.text.Text.draw = draw
    try:
        fig.canvas.draw()
    finally:
        matplotlib.text.Text.draw = original
    return drawn


def _overlap(a, b) -> bool:
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > SLACK) and (min(a.y1, b.y1) - max(a.y0, b.y0) > SLACK)


def _name(t) -> str:
    return repr(t.get_text()[:50])


def _edges(box, width, height) -> str:
    sides = {"left": -box.x0, "bottom": -box.y0, "right": box.x1 - width, "top": box.y1 - height}
    return ", ".join(f"{side} by {over:.0f} px" for side, over in sides.items() if over > SLACK)


def layout_problems(fig, stamp=None) -> list[str]:
    """What does not fit in ``fig`` (drawn here with its own canvas): overlapping texts, texts cut
    by the figure's edge, and a provenance line (``stamp``: default the figure's last text) that
    overlaps an axes."""
    if not hasattr(fig.canvas, "get_renderer"):  # a bare Figure(): draw it as Agg would
        FigureCanvasAgg(fig)
    texts = _drawn_texts(fig)
    stamp = stamp if stamp is not None else (fig.texts[-1] if fig.texts else None)
    problems = []
    for (a, ba), (b, bb) in itertools.combinations(texts, 2):
        if _overlap(ba, bb):
            problems.append(f"{_name(a)} overlaps {_name(b)}")
    width, height = fig.bbox.width, fig.bbox.height
    for t, box in texts:
        if box.x0 < -SLACK or box.y0 < -SLACK or box.x1 > width + SLACK or box.y1 > height + SLACK:
            problems.append(f"{_name(t)} is cut by the figure's edge ({_edges(box, width, height)})")
    boxes = {id(t): box for t, box in texts}
    if stamp is not None and id(stamp) in boxes:
        box = boxes[id(stamp)]
        for ax in fig.axes:
            if ax.get_visible() and _overlap(box, ax.get_window_extent()):
                problems.append(f"the provenance line {_name(stamp)} overlaps an axes")
    return problems

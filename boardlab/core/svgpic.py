"""Small pieces the games' board pictures share: text at a readable size, and a key (legend).

Every mark a picture draws that needs explaining (a colour, a shape, a number's meaning) carries
``data-key="..."``; the key draws one entry per key with ``data-legend="..."``. A test reads both
from the SVG and checks that every key used is explained (tests/test_board_pictures.py).
"""

from __future__ import annotations

from html import escape

#: the smallest text a picture draws, in px at its natural size
MIN_FONT = 11
INK = "#222222"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
#: room for a legend entry's symbol (up to 36 px wide) before its words
SYMBOL_W = 42


def text(x, y, words, size: int = 12, fill: str = INK, anchor: str = "start", weight: str = "normal",
         key: str | None = None) -> str:
    """One line of text; ``key``: the legend entry that explains it."""
    mark = f' data-key="{escape(key)}"' if key else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" font-family="{FONT}"{mark}>{escape(str(words))}</text>')


def wrap(words: str, chars: int, sep: str = ", ") -> list[str]:
    """``words`` split at ``sep`` into lines of at most about ``chars`` characters."""
    lines, line = [], ""
    for part in words.split(sep):
        if line and len(line) + len(sep) + len(part) > chars:
            lines.append(line + sep.rstrip())
            line = part
        else:
            line = f"{line}{sep}{part}" if line else part
    lines.append(line)
    return lines


def keyed(key: str) -> str:
    """The attribute that ties a mark to its legend entry."""
    return f'data-key="{escape(key)}"'


def legend(x, y, width, title: str, entries, column: int = 250, row: int = 24) -> tuple[list[str], int]:
    """The key: ``entries`` are ``(key, symbol, label)``, ``symbol`` SVG drawn in a box of up to 36 x 20
    px at the origin; laid out in columns of ``column`` px. Returns (SVG parts, height used)."""
    per_row = max(1, int(width // column))
    out = [text(x, y + 13, title, 13, weight="bold")]
    top = y + 22
    for i, (key, symbol, label) in enumerate(entries):
        r, c = divmod(i, per_row)
        ex, ey = x + c * column, top + r * row
        out.append(f'<g data-legend="{escape(key)}"><g transform="translate({ex:g},{ey:g})">{symbol}</g>'
                   + text(ex + SYMBOL_W, ey + 15, label, 12) + "</g>")
    rows = (len(entries) + per_row - 1) // per_row
    return out, 22 + rows * row + 4


def swatch(fill: str, stroke: str = "#333", label: str = "", label_fill: str = "#000", shape: str = "rect") -> str:
    """A 20 x 20 legend symbol: a square (or circle) in ``fill`` with an optional short label."""
    body = (f'<circle cx="10" cy="10" r="9" fill="{fill}" stroke="{stroke}"/>' if shape == "circle" else
            f'<rect x="1" y="1" width="18" height="18" rx="3" fill="{fill}" stroke="{stroke}"/>')
    if label:
        body += text(10, 14.5, label, 11, label_fill, "middle", "bold")
    return body


__all__ = ["MIN_FONT", "INK", "FONT", "text", "wrap", "keyed", "legend", "swatch"]

"""An SVG picture of an El Grande position: the nine regions as a schematic map with their borders,
the caballeros per colour, the Grandes, the King, the score tiles and the Castillo.

``board_svg(state)`` shows everything; ``board_svg(state, viewer=p)`` shows what player p may see
(the Castillo's total as announced, not its colours). States display themselves in Jupyter.
"""

from __future__ import annotations

from html import escape

from boardlab.core import glossary
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import COLOUR_NAMES

# schematic positions (x, y) of the region boxes, roughly where they lie on the map of Spain
POSITIONS = {
    "galicia": (20, 30), "navarra": (250, 20), "cataluna": (480, 40), "castilla": (150, 130),
    "aragon": (380, 130), "toledo": (200, 240), "valencia": (420, 250), "sevilla": (40, 350),
    "granada": (260, 360),
}
CASTILLO_POS = (520, 360)
BOX_W, BOX_H = 170, 80
#: the picture's words in the current language (boardlab/elgrande/glossary.py KO)
T = glossary.terms("elgrande")
#: colour-blind-safe fills for the five colours (Okabe-Ito); names follow the notation
FILLS = {"red": "#D55E00", "yellow": "#F0E442", "blue": "#0072B2", "green": "#009E73", "black": "#000000"}


def _centre(x, y):
    return x + BOX_W / 2, y + BOX_H / 2


def board_svg(st, viewer: int | None = None, highlight=()) -> str:
    """The position as an SVG string; ``highlight``: region indices drawn with a thick outline."""
    cfg = st.cfg
    NC, P = cfg.NC, cfg.P
    ed = cfg.edition
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="720" height="460" viewBox="0 0 720 460" '
           'font-family="sans-serif" font-size="12">',
           '<rect width="720" height="460" fill="#fbf7ee"/>']
    for a in range(C.NREGIONS):
        for b in C.NEIGHBOURS[a]:
            if a < b:
                (x1, y1), (x2, y2) = (_centre(*POSITIONS[C.REGION_IDS[r]]) for r in (a, b))
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#b9a98a" stroke-width="3"/>')
    neighbours = set(C.NEIGHBOURS[st.king])
    for r, rid in enumerate(C.REGION_IDS):
        x, y = POSITIONS[rid]
        fill = "#f3d98b" if r == st.king else ("#e6f0e0" if r in neighbours else "#ffffff")
        width = 4 if r in highlight else 1.5
        values = "/".join(map(str, _values(st, r)))
        out.append(f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="10" fill="{fill}" '
                   f'stroke="#5a4a2a" stroke-width="{width}"><title>{escape(T(C.region_name(r, ed)))}</title></rect>')
        out.append(f'<text x="{x + 8}" y="{y + 16}" font-weight="bold">{escape(T(C.region_name(r, ed)))}</text>')
        out.append(f'<text x="{x + BOX_W - 8}" y="{y + 16}" text-anchor="end" fill="#5a4a2a">{values}</text>')
        if r == st.king:
            out.append(f'<text x="{x + BOX_W - 8}" y="{y + 34}" text-anchor="end" font-size="18">♚ {escape(T("King"))}</text>')
        for t, where in enumerate(st.tiles):
            if where == r:
                out.append(f'<text x="{x + 8}" y="{y + BOX_H - 6}" fill="#7a3">{escape(T("tile {n}", n=t + 1))}</text>')
        _pieces(out, st, r, x + 8, y + 28, NC, P)
    _castillo(out, st, viewer, NC)
    out.append(f'<text x="10" y="452" fill="#555">{escape(_caption(st))}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _values(st, r):
    from boardlab.elgrande.rules import place_values
    return place_values(st, r)


def _pieces(out, st, r, x, y, NC, P):
    for c in range(NC):
        n = st.cab[r * NC + c]
        grande = c < P and st.grande[c] == r
        if not n and not grande:
            continue
        colour = COLOUR_NAMES[c]
        out.append(f'<rect x="{x}" y="{y}" width="18" height="18" fill="{FILLS[colour]}" stroke="#333">'
                   f'<title>{escape(T("{colour}: {n} caballeros" + (" and the Grande" if grande else ""), colour=T(colour), n=n))}'
                   '</title></rect>')
        label = f"{n}" + (" " + T("G") if grande else "")
        out.append(f'<text x="{x + 22}" y="{y + 14}">{label}</text>')
        x += 50 if grande else 36
        if x > POSITIONS_MAX_X(r):
            x, y = x - 4 * 36, y + 22


def POSITIONS_MAX_X(r):  # noqa: N802 - a tiny layout helper
    return POSITIONS[C.REGION_IDS[r]][0] + BOX_W - 40


def _castillo(out, st, viewer, NC):
    x, y = CASTILLO_POS
    out.append(f'<rect x="{x}" y="{y}" width="180" height="80" rx="4" fill="#d9cbb0" stroke="#5a4a2a">'
               f'<title>{escape(T("Castillo"))}</title></rect>')
    out.append(f'<text x="{x + 8}" y="{y + 16}" font-weight="bold">{escape(T("Castillo"))}</text>')
    counts = st.cab[C.CASTILLO * NC:(C.CASTILLO + 1) * NC]
    if viewer is not None:
        out.append(f'<text x="{x + 8}" y="{y + 40}">{escape(T("{n} inside (announced)", n=sum(counts)))}</text>')
        return
    cx = x + 8
    for c, n in enumerate(counts):
        if n:
            colour = COLOUR_NAMES[c]
            out.append(f'<rect x="{cx}" y="{y + 28}" width="18" height="18" fill="{FILLS[colour]}" stroke="#333"/>')
            out.append(f'<text x="{cx + 22}" y="{y + 42}">{n}</text>')
            cx += 34


def _caption(st) -> str:
    g = st.game
    scores = ", ".join(f"{T(COLOUR_NAMES[p])} {sum(st.sheet[p])}" for p in range(st.cfg.P))
    rnd = T("round {n}", n=st.round) if st.round else T("game over")
    return T("El Grande {edition}, {players} players, {round}; scores: {scores}", edition=g.edition,
             players=g.players, round=rnd, scores=scores)

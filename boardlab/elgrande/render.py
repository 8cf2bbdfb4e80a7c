"""An SVG picture of an El Grande position: everything a player at the table sees.

Top: the nine regions as a schematic map with their borders, the points each scores (most,
second, third most caballeros), the caballeros per colour, the Grandes, the King, the score
tiles and the Castillo. Below: the action cards on display, one row per player (court,
province, power cards left, the card played this round, the score so far) and a key for every
colour and mark. Colours are named as the notation names them (red, yellow, blue, green, black)
and drawn in those colours; each square also carries its number, so colour is never the only cue.

``board_svg(state)`` shows everything; ``board_svg(state, viewer=p)`` shows what player p may see
(the Castillo's total as announced, not its colours). States display themselves in Jupyter.
"""

from __future__ import annotations

from html import escape

from boardlab.core import glossary
from boardlab.core.svgpic import keyed, legend, swatch, text
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
WIDTH = 780
MAP_H = 450
#: the picture's words in the current language (boardlab/elgrande/glossary.py KO)
T = glossary.terms("elgrande")
#: the five colours, drawn as the notation names them (red is red, not orange)
FILLS = {"red": "#C62828", "yellow": "#F2D21B", "blue": "#1565C0", "green": "#2E7D32", "black": "#111111"}
#: the number written on a colour's square, readable on it
INK_ON = {"red": "#ffffff", "yellow": "#000000", "blue": "#ffffff", "green": "#ffffff", "black": "#ffffff"}
KING_FILL, NEIGHBOUR_FILL, PLAIN_FILL = "#f3d98b", "#e6f0e0", "#ffffff"


def _centre(x, y):
    return x + BOX_W / 2, y + BOX_H / 2


def board_svg(st, viewer: int | None = None, highlight=()) -> str:
    """The position as an SVG string; ``highlight``: region indices drawn with a thick outline."""
    cfg = st.cfg
    NC, P = cfg.NC, cfg.P
    out = ['<rect x="0" y="0" width="100%" height="100%" fill="#fbf7ee"/>']
    out += _map(st, highlight)
    out.append('<g data-part="castillo">')
    _castillo(out, st, viewer, NC)
    out.append("</g>")
    y = MAP_H + 4
    out.append(text(10, y + 12, _caption(st), 13, weight="bold"))
    y += 24
    part, h = _offer(st, y)
    out += part
    y += h
    part, h = _players(st, y, NC, P)
    out += part
    y += h + 6
    part, h = legend(10, y, WIDTH - 20, T("Key"), _legend_entries(st, NC, viewer, bool(highlight)), column=380)
    out += part
    height = y + h + 6
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">')
    return "\n".join([head, *out, "</svg>"])


def _map(st, highlight) -> list:
    NC, P, ed = st.cfg.NC, st.cfg.P, st.cfg.edition
    out = []
    for a in range(C.NREGIONS):
        for b in C.NEIGHBOURS[a]:
            if a < b:
                (x1, y1), (x2, y2) = (_centre(*POSITIONS[C.REGION_IDS[r]]) for r in (a, b))
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#b9a98a" stroke-width="3" '
                           f'{keyed("border")}/>')
    neighbours = set(C.NEIGHBOURS[st.king])
    for r, rid in enumerate(C.REGION_IDS):
        x, y = POSITIONS[rid]
        if r == st.king:
            fill, key = KING_FILL, "king-region"
        elif r in neighbours:
            fill, key = NEIGHBOUR_FILL, "king-neighbour"
        else:
            fill, key = PLAIN_FILL, "region"
        out.append(f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="10" fill="{fill}" '
                   f'stroke="#5a4a2a" stroke-width="1.5" {keyed(key)}><title>{escape(T(C.region_name(r, ed)))}</title></rect>')
        if r in highlight:
            out.append(f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="10" fill="none" '
                       f'stroke="#5a4a2a" stroke-width="4" {keyed("highlight")}/>')
        out.append(text(x + 8, y + 16, T(C.region_name(r, ed)), 12, weight="bold"))
        out.append(text(x + BOX_W - 8, y + 16, _values_text(st, r), 12, "#5a4a2a", "end", key="values"))
        if r == st.king:
            out.append(text(x + BOX_W - 8, y + BOX_H - 8, "♚ " + T("King"), 15, anchor="end", key="king"))
        for t, where in enumerate(st.tiles):
            if where == r:
                out.append(f'<rect x="{x + BOX_W - 62}" y="{y + BOX_H - 24}" width="28" height="17" rx="3" '
                           f'fill="#d7ecc4" stroke="#4a7a2a" {keyed("tile")}/>')
                out.append(text(x + BOX_W - 48, y + BOX_H - 11, t + 1, 11, anchor="middle", weight="bold"))
        _pieces(out, st, r, x + 8, y + 26, NC, P)
    return out


def _values_text(st, r) -> str:
    from boardlab.elgrande.rules import place_values
    return "/".join(map(str, place_values(st, r)))


def _square(x, y, colour: int, n) -> str:
    name = COLOUR_NAMES[colour]
    return (f'<rect x="{x}" y="{y}" width="20" height="20" rx="2" fill="{FILLS[name]}" stroke="#333" '
            f'{keyed("colour-" + name)}/>' + text(x + 10, y + 14.5, n, 11, INK_ON[name], "middle", "bold"))


def _grande(x, y, colour: int) -> str:
    name = COLOUR_NAMES[colour]
    return (f'<circle cx="{x + 10}" cy="{y + 10}" r="10" fill="{FILLS[name]}" stroke="#000" stroke-width="2" '
            f'{keyed("grande")}/>' + text(x + 10, y + 14.5, T("G"), 11, INK_ON[name], "middle", "bold"))


def _pieces(out, st, r, x, y, NC, P):
    x0 = x
    for c in range(NC):
        n = st.cab[r * NC + c]
        grande = c < P and st.grande[c] == r
        if not n and not grande:
            continue
        need = (24 if n else 0) + (24 if grande else 0) + 4
        if x + need > x0 + BOX_W - 12:
            x, y = x0, y + 24
        name = COLOUR_NAMES[c]
        tip = T("{colour}: {n} caballeros" + (" and the Grande" if grande else ""), colour=T(name), n=n)
        out.append(f"<g><title>{escape(tip)}</title>")
        if n:
            out.append(_square(x, y, c, n))
            x += 24
        if grande:
            out.append(_grande(x, y, c))
            x += 24
        out.append("</g>")
        x += 4


def _castillo(out, st, viewer, NC):
    x, y = CASTILLO_POS
    out.append(f'<rect x="{x}" y="{y}" width="{BOX_W + 10}" height="{BOX_H}" rx="4" fill="#d9cbb0" stroke="#5a4a2a" '
               f'{keyed("castillo")}><title>{escape(T("Castillo"))}</title></rect>')
    out.append(text(x + 8, y + 16, T("Castillo"), 12, weight="bold"))
    out.append(text(x + BOX_W + 2, y + 16, _values_text(st, C.CASTILLO), 12, "#5a4a2a", "end", key="values"))
    counts = st.cab[C.CASTILLO * NC:(C.CASTILLO + 1) * NC]
    if viewer is not None:
        out.append(text(x + 8, y + 44, T("{n} inside (announced)", n=sum(counts)), 12, key="castillo-hidden"))
        return
    cx = x + 8
    for c, n in enumerate(counts):
        if n:
            out.append(_square(cx, y + 28, c, n))
            cx += 26


def _card_name(i: int) -> str:
    return T(C.CARD_TYPES[i].name) if i >= 0 else "-"


def _offer(st, y) -> tuple[list, int]:
    """The action cards on display this round, stack by stack (a taken card shows as "-")."""
    out = [text(10, y + 12, T("Action cards on display (stack: card; - taken):"), 12, weight="bold")]
    items = [f"{i + 1}: {_card_name(card)}" for i, card in enumerate(st.offer)]
    line, lines = "", []
    for item in items:
        if len(line) + len(item) > 100:
            lines.append(line)
            line = ""
        line = f"{line}   {item}" if line else item
    lines.append(line)
    for k, words in enumerate(lines):
        out.append(text(10, y + 28 + 15 * k, words, 12))
    return out, 22 + 15 * len(lines) + 6


def _power_left(st, p) -> str:
    return " ".join(str(v) for v in C.POWER_VALUES if st.hand[p] >> v & 1) or "-"


#: the players' table: (header, x)
COLUMNS = (("player", 10), ("score", 180), ("court", 235), ("province", 290), ("played", 360),
           ("power cards left", 420))


def _players(st, y, NC, P) -> tuple[list, int]:
    """One row per colour: court and province caballeros, power cards left, the card played this
    round and the score (the 2-player dummy: caballeros and its card only)."""
    out = [text(x, y + 12, T(h), 12, "#555", weight="bold") for h, x in COLUMNS]
    for c in range(NC):
        ry = y + 20 + 24 * c
        name = COLOUR_NAMES[c]
        turn = not st.is_over and c == st.player
        who = T("player {p}, {colour}", p=c, colour=T(name)) if c < P else T("dummy, {colour}", colour=T(name))
        out.append(f'<rect x="10" y="{ry}" width="20" height="20" rx="2" fill="{FILLS[name]}" stroke="#333" '
                   f'{keyed("colour-" + name)}/>')
        out.append(text(36, ry + 15, who + (" ◀" if turn else ""), 12, weight="bold" if turn else "normal",
                        key="to-move" if turn else None))
        score = str(sum(st.sheet[c])) if c < P else "-"
        played = str(st.played[c]) if st.played[c] else "-"
        cells = (score, str(st.court[c]), str(st.province[c]), played, _power_left(st, c) if c < P else "-")
        for (_, x), value in zip(COLUMNS[1:], cells):
            out.append(text(x, ry + 15, value, 12))
    return out, 20 + 24 * NC


def _legend_entries(st, NC, viewer, highlight: bool = False) -> list:
    entries = [("colour-" + COLOUR_NAMES[c], swatch(FILLS[COLOUR_NAMES[c]], label="3",
                                                   label_fill=INK_ON[COLOUR_NAMES[c]]),
                T("{colour}: that colour's caballeros (the number)", colour=T(COLOUR_NAMES[c])))
               for c in range(NC)]
    entries += [
        ("grande", swatch("#999", "#000", T("G"), shape="circle"), T("a player's Grande (its colour)")),
        ("king", text(10, 17, "♚", 18, anchor="middle"), T("the King")),
        ("king-region", swatch(KING_FILL), T("the King's region: no caballero may enter")),
        ("king-neighbour", swatch(NEIGHBOUR_FILL), T("next to the King: where caballeros are placed")),
        ("region", swatch(PLAIN_FILL), T("any other region")),
        ("border", '<line x1="0" y1="10" x2="20" y2="10" stroke="#b9a98a" stroke-width="3"/>',
         T("regions that border each other")),
        ("values", text(0, 15, "4/2/1", 11, "#5a4a2a"),
         T("points for the most / 2nd / 3rd most caballeros")),
        ("tile", swatch("#d7ecc4", "#4a7a2a", "1"), T("score tile 1 or 2: replaces the region's points")),
        ("castillo", swatch("#d9cbb0", "#5a4a2a"), T("the Castillo: scored, then its caballeros move out")),
    ]
    if viewer is not None:
        entries.append(("castillo-hidden", text(10, 15, "n", 12, anchor="middle"),
                        T("how many are inside the Castillo (colours secret)")))
    entries.append(("to-move", text(10, 15, "◀", 12, anchor="middle"), T("the player to decide")))
    if highlight:
        entries.append(("highlight", '<rect x="1" y="1" width="18" height="18" rx="4" fill="none" stroke="#5a4a2a" '
                        'stroke-width="4"/>', T("thick outline: the regions in question")))
    return entries


def _caption(st) -> str:
    g = st.game
    if st.is_over:
        rnd = T("game over")
    else:
        rnd = T("round {n} of {last} (scoring after rounds {scoring})", n=st.round, last=st.cfg.rounds[-1],
                scoring=", ".join(map(str, st.cfg.scoring_rounds)))
    return T("El Grande {edition}, {players} players, {round}", edition=g.edition, players=g.players, round=rnd)

"""SVG picture of a Five Tribes state, shown by Jupyter through ``state._repr_svg_()``.

Left: the 5x6 board (tile type and printed value in the value's colour, meeples as counted
discs by colour, the owner's camel, palm trees and palaces). Right: the bid and turn-order
tracks, the face-up resource cards and djinns, and each player's holdings. Player colours use
the Okabe-Ito palette (colour-blind safe); every mark also carries a number or letter.
``state_svg(state, viewer=p)`` draws what player p may see (``state.view(p)``): the others' gold as "?".
"""

from __future__ import annotations

from html import escape

from boardlab.core import glossary
from boardlab.fivetribes.components import (
    BID_COSTS, COLS, DJINNS, MERCH, NTILES, ROWS, TILE_NAMES, TILE_TYPES, FAKIR,
)

CELL = 92
PAD = 10
PANEL = 430
MEEPLE_FILL = ("#f2c200", "#ffffff", "#2e9b3a", "#2f6fd0", "#d03a2f")
MEEPLE_TEXT = ("#000000", "#000000", "#ffffff", "#ffffff", "#ffffff")
TILE_FILL = {"palace": "#efe3c8", "djinn": "#e2dcef", "palm": "#d9efd2", "small market": "#f6e0cc",
             "large market": "#f1d2b8"}
PLAYER_FILL = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
#: The picture's words in the current language (``plotting.use_language``; boardlab/fivetribes/glossary.py).
T = glossary.terms("fivetribes")


def _t(x, y, text, size=11, fill="#222", anchor="start", weight="normal"):
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" font-family="sans-serif">{escape(str(text))}</text>')


def state_svg(st, viewer: int | None = None) -> str:
    """The picture; ``viewer=p``: what player p may see (``st.view(p)``: the other players' gold is
    face down until the end), else everything."""
    width = PAD * 3 + COLS * CELL + PANEL
    height = max(PAD * 2 + ROWS * CELL + 30, 120 + 95 * st.nplayers + 150)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">', f'<rect width="{width}" height="{height}" fill="#fbfaf7"/>']
    for tile in range(NTILES):
        out.extend(_tile(st, tile))
    status = T("game over") if st.is_over else T("round {round}, {step}: player {seat} to decide", round=st.round,
                                                  step=T(st.step), seat=st.player)
    out.append(_t(PAD, PAD + ROWS * CELL + 20, status, 13, weight="bold"))
    out.extend(_panel(st, PAD * 2 + COLS * CELL, viewer))
    out.append("</svg>")
    return "\n".join(out)


def _gold(st, p, viewer):
    """Player p's gold as ``viewer`` may know it: "?" for another player's until the game ends."""
    return st.gold[p] if viewer is None or viewer == p or st.is_over else "?"


def _tile(st, tile):
    r, c = divmod(tile, COLS)
    x, y = PAD + c * CELL, PAD + r * CELL
    tt = TILE_TYPES[st.tiles[tile]]
    parts = [f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="6" '
             f'fill="{TILE_FILL[tt.kind]}" stroke="#8a8070"/>',
             _t(x + 5, y + 13, TILE_NAMES[tile], 10, "#666"),
             _t(x + CELL - 5, y + 14, tt.value, 13, "#1f4fb0" if tt.blue else "#b02a1f", "end", "bold"),
             _t(x + CELL / 2, y + CELL - 6, T(tt.name), 9, "#444", "middle")]
    m = st.tile_meeples(tile)
    k = 0
    for colour in range(5):
        if m[colour]:
            cx, cy = x + 14 + (k % 3) * 24, y + 32 + (k // 3) * 24
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="{MEEPLE_FILL[colour]}" stroke="#333"/>')
            parts.append(_t(cx, cy + 4, m[colour], 11, MEEPLE_TEXT[colour], "middle", "bold"))
            k += 1
    owner = st.camel[tile]
    if owner >= 0:
        parts.append(f'<rect x="{x + CELL - 30}" y="{y + 40}" width="24" height="18" rx="4" '
                     f'fill="{PLAYER_FILL[owner]}" stroke="#222"/>')
        parts.append(_t(x + CELL - 18, y + 53, f"P{owner}", 10, "#000", "middle", "bold"))
    extras = []
    if st.palms[tile]:
        extras.append(T("palm x{n}", n=st.palms[tile]))
    if st.palaces[tile]:
        extras.append(T("palace x{n}", n=st.palaces[tile]))
    if extras:
        parts.append(_t(x + 5, y + CELL - 18, ", ".join(extras), 9, "#205020"))
    return parts


def _panel(st, x0, viewer=None):
    out = []
    y = PAD + 14
    out.append(_t(x0, y, T("Turn order (spot: cost, marker/player)"), 12, weight="bold"))
    y += 16
    spots = []
    for s in range(len(BID_COSTS) - 1, -1, -1):
        m = st.track[s]
        spots.append(f"{BID_COSTS[s]}:" + (f"P{st.markers[m]}" if m >= 0 else "-"))
    out.append(_t(x0, y, "  ".join(spots), 11))
    y += 16
    bid = st.next_bid_order if st.phase == "turn" else st.bid_order
    out.append(_t(x0, y, T("Bid order: {order}", order=" ".join(f"P{st.markers[m]}" for m in bid)), 11))
    y += 22
    out.append(_t(x0, y, T("Resource row (front first)"), 12, weight="bold"))
    y += 15
    names = [T(st.card_name(c)) for c in st.res_row]
    out.append(_t(x0, y, ", ".join(names[:5]), 11))
    y += 14
    out.append(_t(x0, y, ", ".join(names[5:]), 11))
    y += 20
    out.append(_t(x0, y, T("Djinns: {djinns}", djinns=", ".join(f"{DJINNS[d].name} ({DJINNS[d].vp})" for d in st.dj_row)),
                  11))
    y += 14
    out.append(_t(x0, y, T("Supply: {palms} palm trees, {palaces} palaces; bag {bag} meeples", palms=st.palm_supply,
                           palaces=st.palace_supply, bag=sum(st.bag)), 11))
    y += 22
    for p in range(st.nplayers):
        fill = PLAYER_FILL[p]
        out.append(f'<rect x="{x0}" y="{y - 11}" width="{PANEL - 10}" height="88" rx="5" fill="{fill}" '
                   f'fill-opacity="0.18" stroke="{fill}"/>')
        title = T("Player {seat} (to decide)" if p == st.to_move else "Player {seat}", seat=p)
        out.append(_t(x0 + 6, y + 3, title, 12, weight="bold"))
        out.append(_t(x0 + 6, y + 19, T("gold {gold}   viziers {viziers}   elders {elders}   camels left {camels}",
                                        gold=_gold(st, p, viewer), viziers=st.viziers[p], elders=st.elders[p],
                                        camels=st.camels[p]), 11))
        goods = ", ".join(f"{T(st.card_name(c))} {st.cards[p][c]}" for c in MERCH if st.cards[p][c])
        out.append(_t(x0 + 6, y + 35, T("goods: {goods}", goods=goods or "-"), 11 if len(goods) < 55 else 9))
        out.append(_t(x0 + 6, y + 51, T("{fakir}s: {n}", fakir=T(st.card_name(FAKIR)), n=st.cards[p][FAKIR]), 11))
        dj = ", ".join(DJINNS[d].name for d in st.owned_djinns(p))
        out.append(_t(x0 + 6, y + 67, T("djinns: {djinns}", djinns=dj or "-"), 11))
        y += 95
    return out

"""SVG picture of a Five Tribes state, shown by Jupyter through ``state._repr_svg_()``.

Left: the 5x6 board (each tile's name, printed value in blue or red, type, meeples as counted
discs in their tribe's colour, the owner's camel, palm trees and palaces). Right: the turn-order
track with each spot's bid and the player on it, the bid order, the face-up resource cards and
djinns, the supply, and each player's gold, viziers, elders, camels, goods, fakirs and djinns.
Below: a key for every colour and mark. Player colours come from the Okabe-Ito palette and are
named in the key; every mark also carries a number or letter.
``state_svg(state, viewer=p)`` draws what player p may see (``state.view(p)``): the others' gold as "?".
"""

from __future__ import annotations

from boardlab.core import glossary
from boardlab.core.svgpic import keyed, legend, swatch, text, wrap
from boardlab.fivetribes.components import (
    BID_COSTS, COLS, DJINNS, FAKIR, MERCH, NTILES, ROWS, TILE_NAMES, TILE_TYPES,
)

CELL = 84
PAD = 10
PANEL = 350
WIDTH = PAD * 3 + COLS * CELL + PANEL
#: the five tribes by meeple colour index: fill, number colour, the colour's name, the tribe
MEEPLES = (("#f2c200", "#000000", "yellow", "Viziers"), ("#ffffff", "#000000", "white", "Elders"),
           ("#2e9b3a", "#ffffff", "green", "Merchants"), ("#2f6fd0", "#ffffff", "blue", "Builders"),
           ("#d03a2f", "#ffffff", "red", "Assassins"))
TILE_FILL = {"palace": "#efe3c8", "djinn": "#e2dcef", "palm": "#d9efd2", "small market": "#f6e0cc",
             "large market": "#f1d2b8"}
#: the players' colours (camels and panels), apart from the meeples' colours, and their names
PLAYER_FILL = ("#E69F00", "#56B4E9", "#CC79A7", "#7f7f7f")
PLAYER_TEXT = ("#000000", "#000000", "#000000", "#ffffff")
PLAYER_COLOUR_NAMES = ("orange", "sky blue", "purple", "grey")
VALUE_BLUE, VALUE_RED = "#1f4fb0", "#b02a1f"
#: The picture's words in the current language (``plotting.use_language``; boardlab/fivetribes/glossary.py).
T = glossary.terms("fivetribes")


def state_svg(st, viewer: int | None = None) -> str:
    """The picture; ``viewer=p``: what player p may see (``st.view(p)``: the other players' gold is
    face down until the end), else everything."""
    out = []
    for tile in range(NTILES):
        out.extend(_tile(st, tile))
    status = T("game over") if st.is_over else T("round {round}, {step}: player {seat} to decide", round=st.round,
                                                  step=T(st.step), seat=st.player)
    board_bottom = PAD + ROWS * CELL
    out.append(text(PAD, board_bottom + 20, status, 13, weight="bold"))
    panel, panel_bottom = _panel(st, PAD * 2 + COLS * CELL, viewer)
    out.extend(panel)
    top = max(board_bottom + 34, panel_bottom) + 8
    part, h = legend(PAD, top, WIDTH - 2 * PAD, T("Key"), _legend_entries(st), column=425)
    out.extend(part)
    height = top + h + PAD
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
                      f'viewBox="0 0 {WIDTH} {height}">', f'<rect width="{WIDTH}" height="{height}" fill="#fbfaf7"/>',
                      *out, "</svg>"])


def _gold(st, p, viewer):
    """Player p's gold as ``viewer`` may know it: "?" for another player's until the game ends."""
    return st.gold[p] if viewer is None or viewer == p or st.is_over else "?"


def _camel(x, y, p) -> str:
    return (f'<rect x="{x}" y="{y}" width="26" height="17" rx="4" fill="{PLAYER_FILL[p]}" stroke="#222" '
            f'{keyed(f"player-{p}")}/>' + text(x + 13, y + 13, f"P{p}", 11, PLAYER_TEXT[p], "middle", "bold"))


def _tile(st, tile):
    r, c = divmod(tile, COLS)
    x, y = PAD + c * CELL, PAD + r * CELL
    tt = TILE_TYPES[st.tiles[tile]]
    parts = [f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="6" '
             f'fill="{TILE_FILL[tt.kind]}" stroke="#8a8070" {keyed("tile-" + tt.kind)}/>',
             text(x + 5, y + 15, TILE_NAMES[tile], 11, "#555", key="tile-name"),
             text(x + CELL - 5, y + 16, tt.value, 14, VALUE_BLUE if tt.blue else VALUE_RED, "end", "bold",
                  key="value-blue" if tt.blue else "value-red"),
             text(x + CELL / 2, y + CELL - 6, T(tt.name), 11, "#444", "middle")]
    owner = st.camel[tile]
    if owner >= 0:
        parts.append(_camel(x + 26, y + 4, owner))
    m = st.tile_meeples(tile)
    k = 0
    for colour in range(5):
        if m[colour]:
            fill, ink, _, _ = MEEPLES[colour]
            cx, cy = x + 14 + (k % 3) * 24, y + 34 + (k // 3) * 23
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="{fill}" stroke="#333" {keyed(f"meeple-{colour}")}/>')
            parts.append(text(cx, cy + 4, m[colour], 11, ink, "middle", "bold"))
            k += 1
    extras = []
    if st.palms[tile]:
        extras.append(text(0, 0, f"♣{st.palms[tile]}", 12, "#205020", key="palm"))
    if st.palaces[tile]:
        extras.append(text(0, 0, f"♜{st.palaces[tile]}", 12, "#6a3d00", key="palace"))
    for i, mark in enumerate(reversed(extras)):
        parts.append(f'<g transform="translate({x + CELL - 22 - 22 * i},{y + CELL - 22})">{mark}</g>')
    return parts


def _track(st, x0, y) -> tuple[list, int]:
    """The turn-order track: each spot's bid in gold, and the player whose marker is on it."""
    out = [text(x0, y + 12, T("Turn-order track: bid in gold, player on the spot"), 12, weight="bold")]
    w = PANEL // len(BID_COSTS)
    for i, s in enumerate(range(len(BID_COSTS) - 1, -1, -1)):
        bx = x0 + i * w
        out.append(f'<rect x="{bx}" y="{y + 18}" width="{w - 3}" height="40" rx="3" fill="#f1ede4" stroke="#b5ab98"/>')
        out.append(text(bx + (w - 3) / 2, y + 32, BID_COSTS[s], 11, "#6a5a30", "middle", "bold"))
        m = st.track[s]
        if m >= 0:
            out.append(_camel(bx + (w - 29) / 2, y + 37, st.markers[m]))
    bid = st.next_bid_order if st.phase == "turn" else st.bid_order
    order = " → ".join(f"P{st.markers[m]}" for m in bid)
    out.append(text(x0, y + 76, T("Next bids, in this order: {order}", order=order), 12))
    return out, 86


def _wrapped(x, y, words: str, width_chars: int, size: int = 12) -> tuple[list, int]:
    lines = wrap(words, width_chars)
    return [text(x, y + 15 * i, ln, size) for i, ln in enumerate(lines)], 15 * len(lines)


def _panel(st, x0, viewer=None) -> tuple[list, int]:
    out = []
    y = PAD
    part, h = _track(st, x0, y)
    out += part
    y += h
    out.append(text(x0, y + 12, T("Resource row (front first)"), 12, weight="bold"))
    part, h = _wrapped(x0, y + 28, ", ".join(T(st.card_name(c)) for c in st.res_row), 52)
    out += part
    y += 20 + h
    out.append(text(x0, y + 12, T("Djinns on display (points)"), 12, weight="bold"))
    part, h = _wrapped(x0, y + 28, ", ".join(f"{DJINNS[d].name} ({DJINNS[d].vp})" for d in st.dj_row) or "-", 52)
    out += part
    y += 20 + h
    out.append(text(x0, y + 12, T("Supply: {palms} palm trees, {palaces} palaces; bag {bag} meeples", palms=st.palm_supply,
                                  palaces=st.palace_supply, bag=sum(st.bag)), 12))
    y += 24
    for p in range(st.nplayers):
        dj = ", ".join(DJINNS[d].name for d in st.owned_djinns(p)) or "-"
        goods = ", ".join(f"{T(st.card_name(c))} {st.cards[p][c]}" for c in MERCH if st.cards[p][c]) or "-"
        fakirs = T("{fakir}s: {n}", fakir=T(st.card_name(FAKIR)), n=st.cards[p][FAKIR])
        held, h_held = _wrapped(x0 + 6, y + 47, T("goods: {goods}", goods=goods) + ", " + fakirs, 50)
        djinns, h_dj = _wrapped(x0 + 6, y + 47 + h_held, T("djinns: {djinns}", djinns=dj), 50)
        h = 38 + h_held + h_dj
        fill = PLAYER_FILL[p]
        out.append(f'<rect x="{x0}" y="{y}" width="{PANEL}" height="{h}" rx="5" fill="{fill}" '
                   f'fill-opacity="0.18" stroke="{fill}" {keyed(f"player-{p}")}/>')
        title = T("Player {seat}, {colour} (to decide)" if p == st.to_move else "Player {seat}, {colour}", seat=p,
                  colour=T(PLAYER_COLOUR_NAMES[p]))
        out.append(text(x0 + 6, y + 15, title, 12, weight="bold"))
        gold = _gold(st, p, viewer)
        out.append(text(x0 + 6, y + 31, T("gold {gold} · viziers {viziers} · elders {elders} · camels left {camels}",
                                          gold=gold, viziers=st.viziers[p], elders=st.elders[p], camels=st.camels[p]),
                        12, key="gold-hidden" if gold == "?" else None))
        out += held + djinns
        y += h + 6
    return out, y


def _legend_entries(st) -> list:
    entries = [(f"meeple-{c}", swatch(fill, label="2", label_fill=ink, shape="circle"),
                T("{colour} meeple: {tribe} (the number on the tile)", colour=T(name), tribe=T(tribe)))
               for c, (fill, ink, name, tribe) in enumerate(MEEPLES)]
    entries += [(f"player-{p}", swatch(PLAYER_FILL[p], label=f"P{p}", label_fill=PLAYER_TEXT[p]),
                 T("player {seat} ({colour}): camel, marker and panel", seat=p, colour=T(PLAYER_COLOUR_NAMES[p])))
                for p in range(st.nplayers)]
    entries += [
        ("value-blue", text(10, 15, "6", 14, VALUE_BLUE, "middle", "bold"), T("blue value: a blue tile (Builders count them)")),
        ("value-red", text(10, 15, "8", 14, VALUE_RED, "middle", "bold"), T("red value: a red tile")),
        ("tile-name", text(0, 15, "A1", 11, "#555"), T("tile name: column A-F, row 1-5")),
        ("palm", text(0, 15, "♣2", 12, "#205020"), T("palm trees on the tile")),
        ("palace", text(0, 15, "♜1", 12, "#6a3d00"), T("palaces on the tile")),
    ]
    names = {t.kind: t.name for t in TILE_TYPES}
    entries += [(f"tile-{kind}", swatch(fill), T("{tile} tile (its action: {kind})", tile=T(names[kind]), kind=T(kind)))
                for kind, fill in TILE_FILL.items()]
    entries.append(("gold-hidden", text(10, 15, "?", 12, anchor="middle"), T("another player's gold: hidden until the end")))
    return entries

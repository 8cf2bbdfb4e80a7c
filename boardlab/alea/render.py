"""SVG picture of an Alea Iacta Est state: the five buildings with the dice on them, and the players.

Top: Templum, Senatus, Castrum, Forum Romanum and Latrina side by side, each with a line on what
it asks for and what it gives, each die a square in its owner's colour with its value written on
it (so the picture also reads without colour); the Castrum's groups as "die x count", the shown
provinces under the Castrum and the shown patricians beside the Forum's columns. Bottom: each
player's free dice (the roll of the player to move), Repete chips, fortune tiles, senate cards,
provinces and patricians. Last, a key for every colour and mark. Player colours use the
Okabe-Ito palette (colour-blind safe) and are named in the key. Jupyter shows it through
``state._repr_svg_()``. Its words go through the glossary (``plotting.use_language("ko")``: the
seed's Korean terms); the buildings keep their Latin names and the tiles their printed labels, as
in the seed. ``state_svg(st)`` names every player's senate cards and kept fortune tiles;
``state_svg(st, viewer=p)`` only p's (``st.view(p)``: the others' are counts) until the game ends.
"""

from __future__ import annotations

from html import escape

from boardlab.alea.components import BUILDINGS, COLOURS, PAT_COLOUR, PAT_SEX, PAT_VALUE, PROV_LABELS, ROMAN, SENATE, SEXES
from boardlab.core import glossary
from boardlab.core.svgpic import keyed, legend, swatch, text, wrap

T = glossary.terms("alea")


def patrician_label(tile: int) -> str:
    """A patrician tile as the rules name it ("red man I"), its colour and sex in the reader's
    language ("빨강 남자 귀족 I", as the Korean action notation writes it)."""
    return f"{T(COLOURS[PAT_COLOUR[tile]])} {T(SEXES[PAT_SEX[tile]])} {ROMAN[PAT_VALUE[tile]]}"


PLAYER_FILL = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00")
PLAYER_COLOUR_NAMES = ("orange", "sky blue", "green", "pink", "vermilion")
BOX_W, PAD, DIE = 162, 10, 22
WIDTH = PAD + 5 * (BOX_W + PAD)
#: what each building asks for and gives, in two short lines
ABOUT = (("top the leader: a die more,", "higher sum · fortune tiles"),
         ("a straight · the longest", "draws senate cards"),
         ("equal dice, most first ·", "one shown province each"),
         ("1 die, or 2 that sum to 5 ·", "the patrician beside it"),
         ("dice that fit nowhere ·", "1 Repete chip per die"))


def die_svg(x, y, value, player) -> str:
    fill = PLAYER_FILL[player % len(PLAYER_FILL)] if player >= 0 else "#ffffff"
    key = f"player-{player}" if player >= 0 else "roll"
    return (f'<rect x="{x}" y="{y}" width="{DIE}" height="{DIE}" rx="4" fill="{fill}" stroke="#333" {keyed(key)}/>'
            + text(x + DIE / 2, y + DIE * 0.72, value, 13, "#000", "middle", "bold"))


def _dice_rows(x, y, dice, player, label=None, per_row: int = 5, label_key=None) -> tuple[list, int]:
    """Dice in rows of ``per_row`` after a label; returns (parts, height)."""
    out = [text(x, y + 16, label, 12, weight="bold", key=label_key)] if label else []
    dx = x + (30 if label else 0)
    for i, v in enumerate(dice):
        r, c = divmod(i, per_row)
        out.append(die_svg(dx + c * (DIE + 3), y + r * (DIE + 3), v, player))
    rows = max(1, (len(dice) + per_row - 1) // per_row)
    return out, rows * (DIE + 3) + 3


def _building(st, b, x, y0) -> tuple[list, int]:
    """One building's content from ``y0``; returns (parts, bottom y)."""
    out = []
    y = y0
    if b == 0:
        if not st.templum:
            out.append(text(x + 8, y + 14, T("out of the game"), 12, "#666"))
            out.append(text(x + 8, y + 29, T("at 2-3 players"), 12, "#666"))
            y += 34
        for p, dice in enumerate(st.tem):
            if dice:
                label = f"P{p}" + ("★" if p == st.tem_leader else "")
                part, h = _dice_rows(x + 8, y, dice, p, label, per_row=4,
                                     label_key="leader" if p == st.tem_leader else None)
                out += part
                y += h
    elif b == 1:
        for p, dice in enumerate(st.sen):
            if dice:
                part, h = _dice_rows(x + 8, y, dice, p, f"P{p}", per_row=4)
                out += part
                y += h
    elif b == 2:
        for q, v, c, _ in sorted(st.cas, key=lambda g: (-g[2], -g[1])):
            out.append(text(x + 8, y + 16, f"P{q}", 12, weight="bold"))
            out.append(die_svg(x + 38, y, v, q))
            out.append(text(x + 66, y + 16, f"× {c}", 13, weight="bold", key="count"))
            y += DIE + 4
        y += 6
        out.append(text(x + 8, y + 12, T("provinces shown:"), 12, "#444", weight="bold"))
        for i, t in enumerate(st.prov_shown):
            out.append(text(x + 8, y + 27 + 15 * i, PROV_LABELS[t], 12))
        y += 18 + 15 * len(st.prov_shown)
    elif b == 3:
        for i in range(st.slots):
            out.append(text(x + 8, y + 15, f"{i + 1}.", 12))
            if i < len(st.forum):
                v, q = st.forum[i]
                out.append(die_svg(x + 26, y, v, q))
            if i < len(st.pat_shown):
                out.append(text(x + 54, y + 15, patrician_label(st.pat_shown[i]), 12))
            y += DIE + 4
    else:
        for p, n in enumerate(st.lat):
            out.append(text(x + 8, y + 14, T("P{p}: {n} die" if n == 1 else "P{p}: {n} dice", p=p, n=n), 12))
            y += 17
    return out, y


def buildings_svg(st) -> tuple[list, int]:
    """The five buildings side by side, all as tall as the fullest; returns (parts, height)."""
    contents, bottom = [], PAD + 70
    for b in range(len(BUILDINGS)):
        part, end = _building(st, b, PAD + b * (BOX_W + PAD), PAD + 62)
        contents.append(part)
        bottom = max(bottom, end)
    height = max(bottom + 8 - PAD, 230)
    out = []
    for b, name in enumerate(BUILDINGS):
        x = PAD + b * (BOX_W + PAD)
        active = (not st.is_over and st.step == "dice" and st.chosen == b)
        out.append(f'<rect x="{x}" y="{PAD}" width="{BOX_W}" height="{height}" rx="8" fill="#f4efe6" '
                   f'stroke="{"#000" if active else "#999"}" stroke-width="{3 if active else 1}"'
                   + (f' {keyed("chosen")}' if active else "") + "/>")
        title = name if b != 3 else "Forum Romanum"
        out.append(text(x + BOX_W / 2, PAD + 19, title, 14, anchor="middle", weight="bold"))
        for k, line in enumerate(ABOUT[b]):
            out.append(text(x + 8, PAD + 37 + 14 * k, T(line), 11, "#555"))
        out += contents[b]
    return out, height


def _private_line(st, p) -> str:
    """Player p's senate cards and kept fortune tiles by name (what only p may see mid-game)."""
    cards = ", ".join(SENATE[c].name for c in st.cards[p]) or "-"
    fortune = ", ".join(map(str, st.fortune[p])) or "-"
    return T("senate cards: {cards} · fortune tiles: {fortune}", cards=cards, fortune=fortune)


def players_svg(st, top, viewer=None) -> tuple[list, int]:
    """Each player's row; the senate card names and fortune tile values only where ``viewer``
    (None: everyone) may see them, as ``state.view(viewer)`` does: a player's own, or all at the end.
    Returns (parts, height)."""
    out = []
    y = top
    for p in range(st.nplayers):
        out.append(f'<rect x="{PAD}" y="{y + 1}" width="16" height="16" fill="{PLAYER_FILL[p]}" stroke="#333" '
                   f'{keyed(f"player-{p}")}/>')
        start = p == st.caesar and not st.is_over
        head = T("player {p}, {colour}", p=p, colour=T(PLAYER_COLOUR_NAMES[p])) + (" ⚑" if start else "")
        out.append(text(PAD + 22, y + 14, head, 12, weight="bold", key="start" if start else None))
        facts = T("free dice {free} · Repete chips {chips} · fortune tiles {fortune} · senate cards {cards}",
                  free=st.free[p], chips=st.chips[p], fortune=len(st.fortune[p]), cards=len(st.cards[p]))
        out.append(text(PAD + 250, y + 14, facts, 12))
        y += 20
        held = [T("provinces: {provs}", provs=", ".join(PROV_LABELS[t] for t in st.provs[p]) or "-"),
                T("patricians: {pats}", pats=", ".join(patrician_label(t) for t in st.pats[p]) or "-")]
        for line in (ln for words in held for ln in wrap(words, 120)):
            out.append(text(PAD + 22, y + 13, line, 12))
            y += 16
        y += 2
        if viewer is None or viewer == p or st.is_over:
            out.append(text(PAD + 22, y + 13, _private_line(st, p), 12, "#444"))
            y += 18
        if p == st.player and st.step in ("turn", "dice") and not st.is_over:
            part, h = _dice_rows(PAD + 22, y, st.hand, -1, None, per_row=8)
            out += part
            out.append(text(PAD + 32 + len(st.hand) * (DIE + 3), y + 16, T("roll to place"), 12, "#444"))
            y += h
        y += 8
    return out, y - top


def state_svg(st, viewer: int | None = None) -> str:
    """The picture; ``viewer=p``: what player p may see (``st.view(p)``), else everything."""
    if st.is_over:
        status = T("game over")
    else:
        status = T("set {set} of {sets} (세트) · {step}: player {p} to decide", set=st.set_no, sets=st.nsets,
                   step=T(st.step), p=st.player)
    out, box_h = buildings_svg(st)
    y = PAD + box_h
    out.append(text(PAD, y + 20, status, 13, weight="bold"))
    part, h = players_svg(st, y + 32, viewer)
    out += part
    y += 32 + h
    part, h = legend(PAD, y, WIDTH - 2 * PAD, T("Key"), _legend_entries(st), column=425)
    out += part
    height = y + h + PAD
    return "".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
                    f'viewBox="0 0 {WIDTH} {height}">', f'<rect width="{WIDTH}" height="{height}" fill="#fbfaf7"/>',
                    *out, "</svg>"])


def _legend_entries(st) -> list:
    entries = [(f"player-{p}", swatch(PLAYER_FILL[p], label="4"),
                T("player {p} ({colour}): that player's die, its value", p=p, colour=T(PLAYER_COLOUR_NAMES[p])))
               for p in range(st.nplayers)]
    return entries + [
        ("roll", swatch("#ffffff", label="4"), T("a die just rolled, not yet placed")),
        ("leader", text(10, 15, "★", 13, anchor="middle"), T("leads the Templum")),
        ("count", text(0, 15, "× 3", 13, weight="bold"), T("how many equal dice in the Castrum group")),
        ("start", text(10, 15, "⚑", 13, anchor="middle"), T("starts this set (the Caesar marker)")),
        ("chosen", '<rect x="1" y="1" width="18" height="18" rx="3" fill="#f4efe6" stroke="#000" stroke-width="3"/>',
         T("the building chosen for the roll")),
    ]


def state_html(st) -> str:
    """The picture plus the senate cards and fortune tiles nobody sees in it (for the game's end)."""
    cards = "; ".join(f"p{p}: {', '.join(SENATE[c].name for c in st.cards[p]) or '-'}" for p in range(st.nplayers))
    return f"<div>{state_svg(st)}<div style='font:12px sans-serif'>{escape(T('senate cards'))}: {escape(cards)}</div></div>"

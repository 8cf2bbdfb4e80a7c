"""SVG picture of an Alea Iacta Est state: the five buildings with the dice on them.

Top: Templum, Senatus, Castrum, Forum Romanum and Latrina side by side, each die a square in its
owner's colour with its value written on it (so the picture also reads without colour), the
shown provinces under the Castrum and the shown patricians under the Forum's columns. Bottom:
each player's free dice (the roll of the player to move), chips, tiles and cards. Player colours
use the Okabe-Ito palette (colour-blind safe). Jupyter shows it through ``state._repr_svg_()``.
Its words go through the glossary (``plotting.use_language("ko")``: the seed's Korean terms); the
buildings keep their Latin names and the tiles their printed labels, as in the seed.
``state_svg(st)`` names every player's senate cards and kept fortune tiles; ``state_svg(st, viewer=p)``
only p's (``st.view(p)``: the others' are counts) until the game ends.
"""

from __future__ import annotations

from html import escape

from boardlab.alea.components import BUILDINGS, PAT_LABELS, PROV_LABELS, SENATE
from boardlab.core import glossary

T = glossary.terms("alea")

PLAYER_FILL = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00")
BOX_W, BOX_H, PAD, DIE = 190, 250, 10, 22


def _t(x, y, text, size=11, fill="#222", anchor="start", weight="normal"):
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" font-family="sans-serif">{escape(str(text))}</text>')


def die_svg(x, y, value, player) -> str:
    fill = PLAYER_FILL[player % len(PLAYER_FILL)] if player >= 0 else "#ffffff"
    return (f'<rect x="{x}" y="{y}" width="{DIE}" height="{DIE}" rx="4" fill="{fill}" stroke="#333"/>'
            + _t(x + DIE / 2, y + DIE * 0.72, value, 13, "#000", "middle", "bold"))


def _dice_row(x, y, dice, player, label=None) -> list:
    out = [_t(x, y + DIE * 0.7, label, 10)] if label else []
    dx = x + (28 if label else 0)
    for i, v in enumerate(dice):
        out.append(die_svg(dx + i * (DIE + 3), y, v, player))
    return out


def buildings_svg(st) -> list:
    out = []
    for b, name in enumerate(BUILDINGS):
        x = PAD + b * (BOX_W + PAD)
        active = (not st.is_over and st.step == "dice" and st.chosen == b)
        out.append(f'<rect x="{x}" y="{PAD}" width="{BOX_W}" height="{BOX_H}" rx="8" fill="#f4efe6" '
                   f'stroke="{"#000" if active else "#999"}" stroke-width="{3 if active else 1}"/>')
        title = name if b != 3 else "Forum Romanum"
        out.append(_t(x + BOX_W / 2, PAD + 18, title, 14, anchor="middle", weight="bold"))
        y = PAD + 34
        if b == 0:
            if not st.templum:
                out.append(_t(x + 8, y + 14, T("out of the game at 2-3 players"), 10, "#666"))
            for p, dice in enumerate(st.tem):
                if dice:
                    lead = " *" if p == st.tem_leader else ""
                    out += _dice_row(x + 8, y, dice, p, f"p{p}{lead}")
                    y += DIE + 6
        elif b == 1:
            for p, dice in enumerate(st.sen):
                if dice:
                    out += _dice_row(x + 8, y, dice, p, f"p{p}")
                    y += DIE + 6
        elif b == 2:
            for q, v, c, _ in sorted(st.cas, key=lambda g: (-g[2], -g[1])):
                out += _dice_row(x + 8, y, [v] * min(c, 5), q, f"p{q}")
                if c > 5:
                    out.append(_t(x + 8 + 28 + 5 * (DIE + 3), y + 16, f"+{c - 5}", 10))
                y += DIE + 6
            out.append(_t(x + 8, PAD + BOX_H - 8 - 13 * len(st.prov_shown), T("provinces shown:"), 10, "#444"))
            for i, t in enumerate(st.prov_shown):
                out.append(_t(x + 8, PAD + BOX_H - 8 - 13 * (len(st.prov_shown) - 1 - i), PROV_LABELS[t], 10))
        elif b == 3:
            for i in range(st.slots):
                yy = y + i * (DIE + 4)
                out.append(_t(x + 8, yy + 15, f"{i + 1}.", 10))
                if i < len(st.forum):
                    v, q = st.forum[i]
                    out.append(die_svg(x + 26, yy, v, q))
                if i < len(st.pat_shown):
                    out.append(_t(x + 54, yy + 15, PAT_LABELS[st.pat_shown[i]], 10))
        else:
            for p, n in enumerate(st.lat):
                out.append(_t(x + 8, y + 14 + 16 * p, T("p{p}: {n} die" if n == 1 else "p{p}: {n} dice", p=p, n=n), 11))
    return out


def _private_line(st, p) -> str:
    """Player p's senate cards and kept fortune tiles by name (what only p may see mid-game)."""
    cards = ", ".join(SENATE[c].name for c in st.cards[p]) or "-"
    fortune = ", ".join(map(str, st.fortune[p])) or "-"
    return T("senate cards: {cards} · fortune tiles: {fortune}", cards=cards, fortune=fortune)


def players_svg(st, top, viewer=None) -> list:
    """Each player's row; the senate card names and fortune tile values only where ``viewer``
    (None: everyone) may see them, as ``state.view(viewer)`` does: a player's own, or all at the end."""
    out = []
    for p in range(st.nplayers):
        y = top + p * 46
        out.append(f'<rect x="{PAD}" y="{y}" width="14" height="14" fill="{PLAYER_FILL[p]}" stroke="#333"/>')
        head = T("player {p} (start)" if p == st.caesar and not st.is_over else "player {p}", p=p)
        out.append(_t(PAD + 20, y + 12, head, 12, weight="bold"))
        facts = T("free dice {free} · Repete chips {chips} · fortune tiles {fortune} · senate cards {cards}"
                  " · provinces {provs} · patricians {pats}", free=st.free[p], chips=st.chips[p],
                  fortune=len(st.fortune[p]), cards=len(st.cards[p]), provs=len(st.provs[p]), pats=len(st.pats[p]))
        out.append(_t(PAD + 130, y + 12, facts, 11))
        if p == st.player and st.step in ("turn", "dice"):
            out += _dice_row(PAD + 20, y + 18, st.hand, -1, None)
            out.append(_t(PAD + 30 + len(st.hand) * (DIE + 3), y + 34, T("roll to place"), 10, "#444"))
        if viewer is None or viewer == p or st.is_over:
            out.append(_t(PAD + 380, y + 32, _private_line(st, p), 10, "#444"))
    return out


def state_svg(st, viewer: int | None = None) -> str:
    """The picture; ``viewer=p``: what player p may see (``st.view(p)``), else everything."""
    width = PAD + 5 * (BOX_W + PAD)
    top = PAD * 2 + BOX_H + 24
    height = top + st.nplayers * 46 + PAD
    if st.is_over:
        status = T("game over")
    else:
        status = T("set {set} of {sets} (세트) · {step}: player {p} to decide", set=st.set_no, sets=st.nsets,
                   step=T(st.step), p=st.player)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">', f'<rect width="{width}" height="{height}" fill="#fbfaf7"/>']
    out += buildings_svg(st)
    out.append(_t(PAD, PAD + BOX_H + 18, status, 13, weight="bold"))
    out += players_svg(st, top, viewer)
    out.append("</svg>")
    return "".join(out)


def state_html(st) -> str:
    """The picture plus the senate cards and fortune tiles nobody sees in it (for the game's end)."""
    cards = "; ".join(f"p{p}: {', '.join(SENATE[c].name for c in st.cards[p]) or '-'}" for p in range(st.nplayers))
    return f"<div>{state_svg(st)}<div style='font:12px sans-serif'>{escape(T('senate cards'))}: {escape(cards)}</div></div>"

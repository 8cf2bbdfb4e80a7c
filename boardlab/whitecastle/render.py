"""Pictures of a White Castle state: one self-contained SVG (no scripts, no external assets).

``state_svg(state)`` draws the whole table: header (round, phase, turn order, whose decision),
the three bridges with the gardens under them, the castle (floor-1 and floor-2 rooms with their
cards, die tiles and dice; the Daimyo card on floor 3; outside the walls; the Well), the training
yards, and each clan's domain. ``state_html`` wraps it for Jupyter (``_repr_html_``),
``save_svg`` writes it for articles, and ``action_table`` lists the legal options as a DataFrame.

Colour is never the only cue: clans use the Okabe-Ito palette *and* their labels P0..P3; dice
and die tiles carry their pips or their colour's initial; light and dark card blocks differ
strongly in lightness. Its words go through the glossary (``glossary.use_language("ko")``: the
seed's Korean, boardlab/whitecastle/glossary.py), the action notation and card ids too.
The game hides nothing from any player, so the picture has no ``viewer``.
"""

from __future__ import annotations

import html
import textwrap
import unicodedata
from pathlib import Path

from boardlab.core import glossary

from boardlab.whitecastle import components as C
from boardlab.whitecastle import rules as R
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, ROWS, WELL, room_floor
from boardlab.whitecastle.dice import COLOURS
from boardlab.whitecastle.explain import decision_phrase, effect_phrase

WIDTH = 1080
MARGIN = 15
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# Okabe-Ito colours for the clans, each with the text colour that reads best on it.
CLAN_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
CLAN_TEXT = ("#ffffff", "#000000", "#000000", "#000000")
CLAN_NAMES = ("blue", "orange", "green", "pink")
#: the smallest text drawn (px at the picture's natural size)
MIN_FONT = 11
# Dice and die tiles: fill, text colour, border.
DIE_STYLE = {
    "coral": ("#F4846E", "#000000", "#8a3a2c"),
    "black": ("#1d1d1d", "#ffffff", "#000000"),
    "white": ("#ffffff", "#000000", "#555555"),
    None: ("#d9d4c7", "#000000", "#6b6557"),  # a placed die whose colour the state does not record
}
LIGHT_BLOCK = ("#fbf3df", "#1a1a1a")  # background, text
DARK_BLOCK = ("#4b4b5c", "#ffffff")
INK = "#1a1a1a"
MUTED = "#5c5c5c"
PANEL = "#faf8f3"
RULE = "#b9b1a0"

#: the picture's words in the current language (boardlab/whitecastle/glossary.py KO)
T = glossary.terms("whitecastle")

PHASES = {"draft": "starting draft", "turn": "turns", "roundend": "end of round: garden actions",
          "over": "game over"}


# ---------------------------------------------------------------------- public API
def state_svg(state) -> str:
    """The state as one standalone SVG document (a string)."""
    return _Picture(state).draw()


def state_html(state) -> str:
    """The state as HTML for Jupyter: the SVG inline in a scrollable box, no scripts."""
    return (f'<div class="boardlab-whitecastle" style="max-width:{WIDTH}px;overflow-x:auto">'
            f"{state_svg(state)}</div>")


def save_svg(state, path) -> Path:
    """Write the picture to ``path`` (an .svg file) and return the path."""
    path = Path(path)
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + state_svg(state), encoding="utf-8")
    return path


def action_table(state):
    """The legal options of the decision asked now, as a DataFrame: notation, kind, player."""
    import pandas as pd

    actions = state.legal_actions()
    table = pd.DataFrame({
        "notation": [str(a) for a in actions],
        "kind": [a.kind for a in actions],
        "player": [f"P{state.to_move}" for _ in actions],
    })
    table.index.name = "option"
    table.attrs["decision"] = _decision_text(state)
    return table


# ---------------------------------------------------------------------- small helpers
def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _wide(text: str) -> int:
    """How many full-width characters (Hangul) ``text`` holds: each is about twice a Latin one."""
    return sum(unicodedata.east_asian_width(ch) in "WF" for ch in text)


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of rendered width (DejaVu Sans is among the widest common fonts)."""
    return (len(text) + _wide(text) * 0.9) * size * (0.66 if bold else 0.55)


def _room(label: str, size: float, english: float, bold: bool = True) -> float:
    """The room a label takes before what follows it: the English layout's fixed ``english``,
    more for a Korean label that needs it."""
    return max(english, _text_width(label, size, bold) + 8) if _wide(label) else english


def _wrap(text: str, width: float, size: float) -> list[str]:
    chars = max(4, int(width / (size * (1.1 if _wide(text) else 0.58))))
    return textwrap.wrap(text, chars, break_on_hyphens=False) or [""]


def _effect(effect) -> str:
    """One effect in the current language; in English exactly ``components.describe_effect``."""
    if glossary.language() == "en":
        return C.describe_effect(effect)
    return effect_phrase(effect).text("whitecastle")


def _effects(effects) -> str:
    return ", ".join(_effect(e) for e in effects) or T("nothing")


def _ordinal(n: int) -> str:
    return T({1: "1st", 2: "2nd", 3: "3rd"}.get(n, "{n}th"), n=n)


def _decision_text(state) -> str:
    if state.is_over:
        return T("nothing: the game is over")
    try:
        return decision_phrase(state).text("whitecastle")
    except Exception:  # a picture must not fail because a description does
        return state.decision[0] if state.decision else "?"


def _placed_colours(state) -> dict[str, list]:
    """Colours of the dice on each action space, recovered from the action history (the state
    records only pips). Where the history cannot tell (a state loaded from JSON), None."""
    placements: dict[str, list] = {s: [] for s in state.space_dice}
    held = None
    for a in getattr(state, "history", ()):
        if a.kind == "take":
            held = (a.x, a.n)
        elif a.kind == "place" and a.x in placements and held is not None:
            placements[a.x].append(held)
    out = {}
    for space, dice in state.space_dice.items():
        recent = placements[space][-len(dice):] if dice else []
        recent = [None] * (len(dice) - len(recent)) + recent
        out[space] = [r[0] if r is not None and r[1] == pips else None for r, pips in zip(recent, dice)]
    return out


# ---------------------------------------------------------------------- the drawing
class _Picture:
    def __init__(self, state):
        self.s = state
        self.n = state.game.players
        self.parts: list[str] = []
        self.colours = _placed_colours(state)

    # -- primitives ------------------------------------------------------------------
    def rect(self, x, y, w, h, fill="none", stroke="none", sw=1.0, rx=0, dash=None, title=None, key=None):
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        extra += f' data-key="{key}"' if key else ""
        body = f"<title>{_esc(title)}</title>" if title else ""
        end = f">{body}</rect>" if body else "/>"
        self.parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" '
                          f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"{extra}{end}')

    def line(self, x1, y1, x2, y2, stroke=RULE, sw=1.0, dash=None):
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                          f'stroke="{stroke}" stroke-width="{sw}"{extra}/>')

    def text(self, x, y, s, size=12, bold=False, fill=INK, anchor="start", italic=False):
        attrs = f' font-size="{size}" fill="{fill}"'
        if bold:
            attrs += ' font-weight="bold"'
        if italic:
            attrs += ' font-style="italic"'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        self.parts.append(f'<text x="{x:.1f}" y="{y:.1f}"{attrs}>{_esc(s)}</text>')

    def lines(self, x, y, lines, size=11, lh=None, **kw) -> float:
        """Draw lines with baseline of the first at ``y``; returns the baseline after the last."""
        lh = lh or size + 3
        for i, s in enumerate(lines):
            self.text(x, y + i * lh, s, size=size, **kw)
        return y + len(lines) * lh

    def chip(self, x, y, player, h=18, suffix="") -> float:
        """A clan marker: Okabe-Ito fill with the label P<n> (never colour alone). Returns width."""
        label = f"P{player}{suffix}"
        w = _text_width(label, 11, True) + 10
        self.rect(x, y, w, h, fill=CLAN_COLOURS[player], stroke="#000", sw=0.8, rx=4,
                  title=T("clan P{p}", p=player), key=f"clan-{player}")
        self.text(x + w / 2, y + h / 2 + 4, label, size=11, bold=True, fill=CLAN_TEXT[player], anchor="middle")
        return w

    def chips(self, x, y, players, h=18, none="none") -> float:
        """Chips for a list of players (repeats counted as xN). Returns the x after the last."""
        none = T(none)
        if not players:
            self.text(x, y + h / 2 + 4, none, size=11, fill=MUTED, italic=True)
            return x + _text_width(none, 11)
        counts: dict[int, int] = {}
        for p in players:
            counts[p] = counts.get(p, 0) + 1
        for p in sorted(counts):
            x += self.chip(x, y, p, h, suffix=f" ×{counts[p]}" if counts[p] > 1 else "") + 4
        return x

    def die(self, x, y, colour, pips, size=30, title=None):
        fill, ink, border = DIE_STYLE[colour]
        name = _die_name(colour, pips) if colour else T("die {pips} (colour not recorded)", pips=pips)
        self.rect(x, y, size, size, fill=fill, stroke=border, sw=1.5, rx=size * 0.18, title=title or name,
                  key=f"colour-{colour}" if colour else "die-unknown")
        self.text(x + size / 2, y + size * 0.70, str(pips), size=max(MIN_FONT, round(size * 0.55)), bold=True, fill=ink,
                  anchor="middle")

    def tile(self, x, y, colour, size=20):
        """A die tile: its colour with the colour's initial, so the tile reads without colour."""
        fill, ink, border = DIE_STYLE[colour]
        self.rect(x, y, size, size, fill=fill, stroke=border, sw=1.2, rx=2,
                  title=T("{colour} die tile", colour=T(colour)), key=f"colour-{colour}")
        self.text(x + size / 2, y + size * 0.72, colour[0].upper(), size=max(MIN_FONT, round(size * 0.6)), bold=True,
                  fill=ink, anchor="middle")

    def empty_slot(self, x, y, value, size=30, label=None):
        self.rect(x, y, size, size, fill="#ffffff", stroke="#8c8c8c", sw=1, rx=size * 0.18, dash="3,2",
                  title=label or T("space value {value}", value=value), key="empty")
        self.text(x + size / 2, y + size * 0.68, str(value), size=max(MIN_FONT, round(size * 0.45)), fill="#8c8c8c",
                  anchor="middle")

    def group(self, cls: str, **data):
        """Open a <g> naming what it draws (class and data-* attributes), for tests and styling."""
        attrs = "".join(f' data-{k.replace("_", "-")}="{_esc(v)}"' for k, v in data.items())
        self.parts.append(f'<g class="{cls}"{attrs}>')

    def end(self):
        self.parts.append("</g>")

    def box(self, x, y, w, h, fill=PANEL, stroke=RULE, sw=1.0):
        self.rect(x, y, w, h, fill=fill, stroke=stroke, sw=sw, rx=6)

    def section(self, y, title, note="", **fields) -> float:
        """A section heading (``title`` and ``note`` in English, translated here; ``fields`` fill the note)."""
        title, note = T(title), T(note, **fields) if note else note
        self.text(MARGIN, y + 15, title, size=15, bold=True)
        if note:
            self.text(MARGIN + _text_width(title, 15, True) + 12, y + 15, note, size=11, fill=MUTED)
        self.line(MARGIN, y + 21, WIDTH - MARGIN, y + 21, stroke="#8a8070", sw=1)
        return y + 30

    # -- the whole picture -----------------------------------------------------------
    def draw(self) -> str:
        y = self.header(8)
        y = self.bridges(y + 6)
        y = self.castle(y + 10)
        y = self.yards(y + 10)
        y = self.domains(y + 10)
        if self.s.game.rival_seat is not None:
            y = self.rival(y + 10)
        y = self.extras(y + 6)
        y = self.footer(y + 4)
        height = int(y + 8)
        title = T("The White Castle, {n} players, round {round}, {phase}", n=self.n, round=self.s.round,
                  phase=T(PHASES.get(self.s.phase, self.s.phase)))
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
                f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}" role="img" aria-label="{_esc(title)}">'
                f"<title>{_esc(title)}</title>"
                f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>')
        return head + "".join(self.parts) + "</svg>"

    # -- header ------------------------------------------------------------------------
    def header(self, y) -> float:
        s, n = self.s, self.n
        self.text(MARGIN, y + 20, T("The White Castle"), size=20, bold=True)
        if s.phase == "draft":
            phase = T("starting draft, pick {k} of {n}", k=s.drafted + 1, n=n)
        elif s.phase == "turn":
            phase = T("turns: die {k} of {n} (each clan places 3)", k=s.turn + 1,
                      n=R.DICE_PER_PLAYER_ROUND * s.game.seats)
        else:
            phase = T(PHASES.get(s.phase, s.phase))
        table = (T("{n} players", n=n) if s.game.rival_seat is None
                 else T("solo vs the Tokugawa rival ({difficulty})", difficulty=T(s.game.difficulty)))
        self.text(MARGIN + 200, y + 20, T("{table} · round {round} of {rounds} · {phase}", table=table,
                                          round=s.round, rounds=R.ROUNDS, phase=phase), size=14)
        y += 32
        self.text(MARGIN, y + 13, T("Turn order:"), size=12, bold=True)
        x = MARGIN + _room(T("Turn order:"), 12, 84)
        for k, p in enumerate(s.order):
            if k:
                self.text(x + 1, y + 13, "→", size=12, fill=MUTED)
                x += 16
            x += self.chip(x, y, p) + 4
        x = max(x + 24, 340)
        if s.is_over and s.game.rival_seat is not None:
            from boardlab.whitecastle import solo

            won = T("you beat the rival" if solo.human_wins(s) else "the rival wins")
            self.text(x, y + 13, T("Game over: {won} ({you} to {rival}; the rival is drawn below)", won=won,
                                   you=s.score_sheet()[0]["total"], rival=solo.rival_sheet(s)["total"]),
                      size=12, bold=True)
        elif s.is_over:
            ranks = s.ranks()
            winners = [p for p, r in ranks.items() if r == 1]
            totals = s.score_sheet()
            label = T("Game over. Winner:" if len(winners) == 1 else "Game over. Winners (tied):")
            self.text(x, y + 13, label, size=12, bold=True)
            x += _text_width(label, 12, True) + 8
            x = self.chips(x, y, winners)
            self.text(x + 4, y + 13, T("with {n} points (final scores below)", n=totals[winners[0]]["total"]), size=12)
        else:
            self.text(x, y + 13, T("Deciding:"), size=12, bold=True)
            x += _room(T("Deciding:"), 12, 66)
            x += self.chip(x, y, s.to_move) + 6
            self.text(x, y + 13, _decision_text(s), size=12)
        y += 24
        if s.held is not None:
            c, pips, end = s.held
            self.text(MARGIN, y + 16, T("Die in hand:"), size=12, bold=True)
            self.die(MARGIN + 84, y, COLOURS[c], pips, size=24)
            side = T("left end: lantern rewards follow the placement" if end == 0 else "right end")
            self.text(MARGIN + 116, y + 16, T("{die}, taken from the {side}", die=_die_name(COLOURS[c], pips),
                                              side=side), size=12)
            y += 28
        return y

    # -- bridges and gardens -----------------------------------------------------------
    def bridges(self, y) -> float:
        y = self.section(y, "Bridges and gardens",
                         "dice lie low to high, left to right; a die is taken from either end; "
                         "the left end also pays the lantern")
        col_w, gap = 340, 15
        gardens = C.gardens()
        bottom = y
        garden_w = (col_w - 10) / 2
        garden_h = 56 + 24 + 14 * max(len(_wrap(_effects(gardens[n].effects), garden_w - 14, 11))
                                      for n in self.s.garden_cards)
        for c, colour in enumerate(COLOURS):
            x = MARGIN + c * (col_w + gap)
            self.group("bridge", colour=colour, dice=" ".join(map(str, self.s.bridges[c])))
            self.tile(x, y, colour, size=18)
            self.text(x + 25, y + 14, T(f"{colour.capitalize()} bridge"), size=13, bold=True)
            bridge = self.s.bridges[c]
            self.text(x + col_w, y + 14, T("{k} of {n} dice left", k=len(bridge), n=self.n + 1), size=11,
                      fill=MUTED, anchor="end")
            py = y + 24
            self.rect(x, py, col_w, 52, fill="#efe6d2", stroke="#b8a98a", sw=1, rx=8)
            self.text(x + 8, py + 30, T("left"), size=11, fill=MUTED)
            self.text(x + col_w - 8, py + 30, T("right"), size=11, fill=MUTED, anchor="end")
            size, step = 32, 44
            x0 = x + col_w / 2 - (len(bridge) * step - (step - size)) / 2
            for i, pips in enumerate(bridge):
                self.die(x0 + i * step, py + 6, colour, pips, size=size,
                         title=_die_name(colour, pips) + (T(" (left end)") if i == 0 else "")
                         + (T(" (right end)") if i == len(bridge) - 1 and i else ""))
            if not bridge:
                self.text(x + col_w / 2, py + 30, T("empty"), size=12, fill=MUTED, italic=True, anchor="middle")
            elif len(bridge) == 1:
                side = "left" if self.s.game.lone_die_is_left else "right"
                self.text(x0 + size / 2, py + 49, T(f"last die = {side} end"), size=11, bold=True, anchor="middle")
            else:
                # each label hangs outward from its die, so neighbouring ends never collide
                self.text(x0 + size + 2, py + 49, T("left end"), size=11, bold=True, anchor="end")
                xr = x0 + (len(bridge) - 1) * step
                self.text(xr - 2, py + 49, T("right end"), size=11, bold=True)
            self.end()
            gy = py + 60
            gw = (col_w - 10) / 2
            for k in range(2):
                slot = 2 * c + k
                g = gardens[self.s.garden_cards[slot]]
                gx = x + k * (gw + 10)
                self.group("garden", slot=slot, card=g.number, gardeners=" ".join(map(str, self.s.gardeners[slot])))
                effect = _wrap(_effects(g.effects), gw - 14, 11)
                h = garden_h
                self.box(gx, gy, gw, h, fill="#eef5ea", stroke="#7f9a73")
                self.text(gx + 7, gy + 16, T(f"{g.kind.capitalize()} garden #{{n}}", n=g.number), size=12, bold=True)
                self.text(gx + 7, gy + 32, T("costs {food} food · {points} points", food=g.food, points=g.points),
                          size=11)
                self.lines(gx + 7, gy + 48, effect, size=11)
                self.text(gx + 7, gy + h - 12, T("gardeners:"), size=11, fill=MUTED)
                self.chips(gx + 12 + _text_width(T("gardeners:"), 11), gy + h - 25, self.s.gardeners[slot])
                self.end()
                bottom = max(bottom, gy + h)
        return bottom

    # -- the castle ---------------------------------------------------------------------
    def castle(self, y) -> float:
        s = self.s
        y = self.section(y, "The castle", "a die goes only to a room showing a die tile of its colour; "
                         "each matching block then acts, top to bottom")
        top = y
        side_w = 142
        cx0, cx1 = MARGIN + side_w + 12, WIDTH - MARGIN - side_w - 12
        room_w, gap = (cx1 - cx0 - 2 * 12) / 3, 12
        court = [[p for p, pl in enumerate(s.players) for _ in range(pl.court[lvl])] for lvl in range(4)]

        # floor 3: the Daimyo card
        y = self.floor_label(cx0, y, T("Floor 3 · Daimyo's Favor card"), f"#{s.daimyo}", court[3])
        slots = C.daimyo_cards()[s.daimyo]
        dw = 3 * 150 + 2 * 10
        dx = (cx0 + cx1) / 2 - dw / 2
        texts = [_wrap(_effects(e), 136, 11) for e in slots]
        dh = 26 + 14 * max(len(t) for t in texts) + 24
        for k in range(3):
            x = dx + k * 160
            owner = s.daimyo_slots[k]
            self.group("daimyo-slot", slot="ABC"[k], owner="" if owner is None else owner)
            self.box(x, y, 150, dh, fill="#f3ecf7", stroke="#8a7a99")
            self.text(x + 7, y + 16, T("slot {letter}", letter="ABC"[k]), size=12, bold=True)
            self.lines(x + 7, y + 32, texts[k], size=11)
            owner = s.daimyo_slots[k]
            self.text(x + 7, y + dh - 9, T("taken by:"), size=11, fill=MUTED)
            if owner is None:
                self.text(x + 12 + _text_width(T("taken by:"), 11), y + dh - 9, T("free"), size=11, fill=MUTED, italic=True)
            else:
                self.chip(x + 58, y + dh - 22, owner)
            self.end()
        y += dh + 10

        # floors 2 and 1
        for floor, rooms in ((2, (3, 4)), (1, (0, 1, 2))):
            deck = "diplomat" if floor == 2 else "steward"
            value = R.SPACE_VALUE[ROOMS[rooms[0]]]
            y = self.floor_label(cx0, y, T("Floor {floor} · {deck} cards · die value {value}", floor=floor,
                                           deck=T(deck), value=value),
                                 T("{n} left in the deck", n=len(s.decks[deck])), court[floor])
            layouts = [self.room_layout(r, room_w) for r in rooms]
            rh = max(sum(h for h, _ in lay) for lay in layouts) + 30
            x = (cx0 + cx1) / 2 - (len(rooms) * room_w + (len(rooms) - 1) * gap) / 2
            for r, lay in zip(rooms, layouts):
                self.room(x, y, room_w, rh, r, lay)
                x += room_w + gap
            y += rh + 10
        # the gate
        self.rect(cx0, y, cx1 - cx0, 26, fill="#e9e4da", stroke=RULE, rx=4)
        gate = T("Castle gate (entry costs {n} coins) · courtiers here:", n=R.BOARD["gate_cost_coins"])
        self.text(cx0 + 8, y + 17, gate, size=12, bold=True)
        self.chips(cx0 + 16 + _text_width(gate, 12, True), y + 4, court[0])
        y += 26

        # the sides: outside the walls and the Well; the legend
        ly = self.outside_box(MARGIN, top, side_w, "OUTL", T("Outside the walls (left)"))
        ly = self.well_box(MARGIN, ly + 10, side_w)
        ry = self.outside_box(WIDTH - MARGIN - side_w, top, side_w, "OUTR", T("Outside the walls (right)"))
        ry = self.legend(WIDTH - MARGIN - side_w, ry + 10, side_w)
        return max(y, ly, ry)

    def floor_label(self, x, y, text, note, courtiers) -> float:
        self.text(x, y + 13, text, size=12, bold=True)
        nx = x + _text_width(text, 12, True) + 8
        self.text(nx, y + 13, f"({note})", size=11, fill=MUTED)
        nx += _text_width(f"({note})", 11) + 14
        self.text(nx, y + 13, T("courtiers:"), size=11, fill=MUTED)
        self.chips(nx + _room(T("courtiers:"), 11, 58, bold=False), y, courtiers)
        return y + 22

    def room_layout(self, room: int, w: float):
        """Per block: (height, wrapped text lines)."""
        card = C.action_cards()[self.s.room_cards[room]]
        text_w = w - 32 - 58 - 8
        out = []
        for b in card.blocks:
            lines = _wrap(_effects(b.effects), text_w - 10, 11)
            out.append((max(32, 14 * len(lines) + 10), lines))
        return out

    def room(self, x, y, w, h, room, layout):
        s = self.s
        card = C.action_cards()[s.room_cards[room]]
        letter = "ABC"[room if room < 3 else room - 3]
        self.group("room", space=ROOMS[room], card=card.id, tiles=" ".join(s.room_tiles[room]),
                   dice=" ".join(map(str, s.space_dice[ROOMS[room]])))
        self.box(x, y, w, h, fill="#f4f1ea", stroke="#7d7466", sw=1.2)
        self.text(x + 7, y + 17, T("Room {letter}", letter=letter), size=12, bold=True)
        self.text(x + 62, y + 17, T("card {id}", id=_card_name(card.id)), size=12)
        dice_x = x + w - 58
        self.text(dice_x + 26, y + 17, T("dice"), size=11, fill=MUTED, anchor="middle")
        by = y + 24
        tiles = s.room_tiles[room]
        for b, (bh, lines) in enumerate(layout):
            block = card.blocks[b]
            bg, ink = LIGHT_BLOCK if block.light else DARK_BLOCK
            self.rect(x + 32, by, dice_x - x - 40, bh - 3, fill=bg, stroke="#7d7466", sw=0.8, rx=3,
                      title=T("block {k} ({shade} background)", k=b + 1, shade=T("light" if block.light else "dark")),
                      key="block-light" if block.light else "block-dark")
            self.lines(x + 38, by + 14, lines, size=11, fill=ink)
            if b < len(tiles):
                self.tile(x + 7, by + (bh - 3) / 2 - 10, tiles[b])
            by += bh
        dice = s.space_dice[ROOMS[room]]
        self.space_dice(dice_x + 11, y + 26, ROOMS[room], dice, R.SPACE_VALUE[ROOMS[room]], vertical=True)
        self.end()

    def space_dice(self, x, y, space, dice, value, vertical=False, per_row=4, size=30) -> float:
        """Dice on an action space (an empty dashed slot showing the printed value if none).
        Returns the y below them."""
        colours = self.colours.get(space, [None] * len(dice))
        if not dice:
            self.empty_slot(x, y, value, size=size, label=T("empty; printed value {value}", value=value))
            return y + size
        for i, (pips, colour) in enumerate(zip(dice, colours)):
            if vertical:
                dx, dy = 0, i * (size + 6)
            else:
                dx, dy = (i % per_row) * (size + 5), (i // per_row) * (size + 5)
            top = T(" (on top)") if i == len(dice) - 1 and len(dice) > 1 and space != WELL else ""
            self.die(x + dx, y + dy, colour, pips, size=size,
                     title=(_die_name(colour, pips) if colour else T("die {pips}", pips=pips)) + top)
        if vertical:
            return y + len(dice) * (size + 6)
        return y + ((len(dice) - 1) // per_row + 1) * (size + 5)

    def outside_box(self, x, y, w, space, title) -> float:
        choices = T(" or ").join(T(c) for c in R.OUTSIDE_CHOICES[space])
        head = _wrap(title, w - 14, 12)
        body = _wrap(T("value {value} · one {choices} action", value=R.SPACE_VALUE[space], choices=choices),
                     w - 14, 11)
        h = 10 + 15 * len(head) + 14 * len(body) + 44
        self.group("space", space=space, dice=" ".join(map(str, self.s.space_dice[space])))
        self.box(x, y, w, h, fill="#eef0f4", stroke="#7a8296")
        yy = self.lines(x + 7, y + 17, head, size=12, bold=True, lh=15)
        yy = self.lines(x + 7, yy, body, size=11)
        self.space_dice(x + 7, yy - 6, space, self.s.space_dice[space], R.SPACE_VALUE[space])
        self.end()
        return y + h

    def well_box(self, x, y, w) -> float:
        dice = self.s.space_dice[WELL]
        rows = max(1, (len(dice) - 1) // 4 + 1)
        rewards = [_wrap(_effects(r), w - 40, 11) for _, r in self.s.well_tiles]
        h = 58 + sum(6 + 14 * len(t) for t in rewards) + 6 + rows * 30 + 12
        self.group("space", space=WELL, dice=" ".join(map(str, dice)))
        self.box(x, y, w, h, fill="#eaf2f7", stroke="#6b8aa0")
        self.text(x + 7, y + 17, T("The Well"), size=12, bold=True)
        self.text(x + 7, y + 32, T("value 1 · any number"), size=11)
        self.text(x + 7, y + 46, T("gives 1 seal, then:"), size=11)
        yy = y + 54
        for (colour, _), lines in zip(self.s.well_tiles, rewards):
            self.tile(x + 7, yy, colour, size=18)
            self.lines(x + 31, yy + 13, lines, size=11)
            yy += 6 + 14 * len(lines) + 4
        self.space_dice(x + 7, yy + 2, WELL, dice, R.SPACE_VALUE[WELL], size=26, per_row=4)
        self.end()
        return y + h

    def legend(self, x, y, w) -> float:
        """The key: every colour and mark the picture uses, each entry tied to its marks (data-key)."""
        clans = range(2 if self.n == 1 else self.n)  # alone: the rival's chip too
        words = {"block-light": T("light block"), "block-dark": T("dark block"),
                 **{f"colour-{c}": T("{colour}: die tile, die", colour=T(c)) for c in COLOURS},
                 "die-unknown": T("placed die, colour unknown"), "empty": T("empty: printed value"),
                 **{f"clan-{p}": T("clan P{p} ({colour})", p=p, colour=T(CLAN_NAMES[p])) for p in clans}}
        lines = {key: _wrap(text, w - 50, 11) for key, text in words.items()}
        h = 28 + sum(max(22, 13 * len(ls) + 9) for ls in lines.values()) + 4
        self.box(x, y, w, h, fill="#ffffff", stroke=RULE)
        self.text(x + 7, y + 16, T("Key"), size=12, bold=True)
        yy = y + 26
        for key, ls in lines.items():
            if key.startswith("block-"):
                self.rect(x + 7, yy + 2, 20, 14, fill=(LIGHT_BLOCK if key == "block-light" else DARK_BLOCK)[0],
                          stroke="#7d7466", sw=0.8, rx=2)
            elif key.startswith("colour-"):
                self.tile(x + 4, yy, key[7:], size=18)
                self.die(x + 24, yy, key[7:], 4, size=18)
            elif key == "die-unknown":
                self.die(x + 7, yy, None, 4, size=18)
            elif key == "empty":
                self.empty_slot(x + 7, yy, 3, size=18)
            else:
                self.chip(x + 4, yy, int(key[5:]))
            self.parts.append(f'<g data-legend="{key}">')
            self.lines(x + 46, yy + 13, ls, size=11, lh=13)
            self.parts.append("</g>")
            yy += max(22, 13 * len(ls) + 9)
        return y + h

    # -- training yards ---------------------------------------------------------------
    def yards(self, y) -> float:
        y = self.section(y, "Training yards", "a warrior costs iron and performs every tile of its yard")
        col_w, gap = 340, 15
        tiles = C.yard_tiles()
        layouts = []
        for k in range(len(self.s.yard_tiles)):
            layouts.append([(t, f, _wrap(T("tile #{t} ({face}): {effects}", t=t, face=T(f),
                                           effects=_effects(tiles[(t, f)])), col_w - 16, 11))
                            for t, f in self.s.yard_tiles[k]])
        h = 24 + max(sum(14 * len(w) for _, _, w in lay) for lay in layouts) + 32
        for k, ((iron, value, _), lay) in enumerate(zip(C.yards(), layouts)):
            x = MARGIN + k * (col_w + gap)
            self.group("yard", yard=k, warriors=" ".join(str(pl.warriors[k]) for pl in self.s.players))
            self.box(x, y, col_w, h, fill="#f7efe6", stroke="#a0826b")
            self.text(x + 8, y + 17, T("Yard {k}: {iron} iron · warrior value {value}", k=k + 1, iron=iron,
                                       value=value), size=12, bold=True)
            yy = y + 33
            for _, face, lines in lay:
                yy = self.lines(x + 8, yy, lines, size=11)
            warriors = [p for p, pl in enumerate(self.s.players) for _ in range(pl.warriors[k])]
            self.text(x + 8, y + h - 10, T("warriors:"), size=11, fill=MUTED)
            self.chips(x + 13 + _text_width(T("warriors:"), 11), y + h - 23, warriors)
            self.end()
        return y + h

    # -- the clans' domains -------------------------------------------------------------
    def domains(self, y) -> float:
        y = self.section(y, "Domains", "goods, Passage of Time, workers at home, action card and lantern area")
        col_w, gap = (WIDTH - 2 * MARGIN - 16) / 2, 16
        layouts = [self.domain_layout(i, col_w) for i in range(self.n)]
        for row in range(0, self.n, 2):
            h = max(lay["height"] for lay in layouts[row:row + 2])
            for k, i in enumerate(range(row, min(row + 2, self.n))):
                self.group("domain", player=i, clan_colour=CLAN_COLOURS[i])
                self.domain(MARGIN + k * (col_w + gap), y, col_w, h, i, layouts[i])
                self.end()
            y += h + 12
        return y - 12

    def domain_layout(self, i: int, w: float) -> dict:
        p = self.s.players[i]
        card = C.action_cards().get(p.card)
        cw = 118
        blocks = []
        if card is not None:
            for b in card.blocks:
                blocks.append(_wrap(_effects(b.effects), cw - 10, 11))
        lantern = []
        for c in p.lantern:
            lantern.append(f"{_card_name(c)}: {_effects(R.lantern_icon(c))}")
        # lantern items flow left to right
        flow, x, line = [], 0.0, []
        for item in lantern:
            iw = _text_width(item, 11) + 16
            if line and x + iw > w - 20:
                flow.append(line)
                line, x = [], 0.0
            line.append((item, iw))
            x += iw + 6
        if line:
            flow.append(line)
        total = _wrap(T("lantern rewards: {total}", total=_lantern_total(p.lantern)), w - 106, 11)
        height = 347 + 14 * len(total) + max(1, len(flow)) * 22
        return {"blocks": blocks, "flow": flow, "height": height, "card": card, "total": total}

    def domain(self, x, y, w, h, i, lay):
        s, p = self.s, self.s.players[i]
        colour = CLAN_COLOURS[i]
        self.rect(x, y, w, h, fill=PANEL, stroke=colour, sw=3, rx=8)
        # header
        self.rect(x, y, w, 28, fill=colour, stroke=colour, sw=3, rx=8)
        self.rect(x + 1.5, y + 18, w - 3, 10, fill=colour)
        self.text(x + 10, y + 19, f"P{i}", size=14, bold=True, fill=CLAN_TEXT[i])
        bits = []
        if i in s.order:
            bits.append(T("{nth} in turn order", nth=_ordinal(s.order.index(i) + 1)))
        if s.to_move == i:
            bits.append(T("deciding now"))
        if s.is_over:
            sheet = s.score_sheet()[i]
            bits.append(T("final score {total} · rank {rank}", total=sheet["total"], rank=s.ranks()[i]))
        self.text(x + 44, y + 19, " · ".join(bits), size=12, bold=s.to_move == i, fill=CLAN_TEXT[i])
        # goods
        yy = y + 36
        g = p.goods
        cells = (("food", "food", R.CAP["food"], 62), ("iron", "iron", R.CAP["iron"], 62),
                 ("mother-of-pearl", "pearl", R.CAP["pearl"], 112), ("coins", "coin", None, 70),
                 ("seals", "seal", R.CAP["seal"], 70), ("CP", "cp", None, 62))
        cx = x + 10
        for label, key, cap, cw in cells:
            self.rect(cx, yy, cw - 6, 38, fill="#ffffff", stroke=RULE, rx=4)
            self.text(cx + 6, yy + 13, T(label), size=11, fill=MUTED)
            value = f"{g[key]}" + (f" / {cap}" if cap is not None else "")
            self.text(cx + 6, yy + 32, value, size=15, bold=True)
            cx += cw
        # Passage of Time
        yy += 46
        points = C.time_points()
        label = T("Passage of Time: space {k} · {n} points", k=p.time, n=points[p.time])
        self.text(x + 10, yy + 11, label, size=11, bold=True)
        cells_n = R.TIME_LAST + 1
        tw = min(21.0, (w - 20) / cells_n)
        ty = yy + 17
        for k in range(cells_n):
            tx = x + 10 + k * tw
            here = k == p.time
            self.rect(tx, ty, tw - 1, 18, fill=colour if here else "#ffffff", stroke="#000" if here else RULE,
                      sw=1.2 if here else 0.8, rx=2)
            self.text(tx + (tw - 1) / 2, ty + 13, str(k), size=11, bold=here,
                      fill=CLAN_TEXT[i] if here else MUTED, anchor="middle")
            if k in R.GATES:
                self.line(tx - 1, ty - 3, tx - 1, ty + 21, stroke="#000", sw=2)
        gates = sorted(R.GATES.items())
        gate_note = T("gates: entering {spaces} costs {seals} seals", spaces="/".join(str(k) for k, _ in gates),
                      seals="/".join(str(c) for _, c in gates))
        self.text(x + w - 10, yy + 11, gate_note, size=11, fill=MUTED, anchor="end")
        # domain rows
        yy = ty + 28
        col_label, cell_w = 104, 42
        cells_x = x + 10 + col_label
        used_x = cells_x + 5 * cell_w + 4
        card_x = used_x + 42
        card_w = x + w - 10 - card_x
        card = lay["card"]
        self.text(x + 10, yy + 10, T("Domain rows (workers at home)"), size=11, fill=MUTED)
        self.text(used_x + 18, yy + 10, T("die?"), size=11, fill=MUTED, anchor="middle")
        self.text(card_x, yy + 10, T("card {id}", id=_card_name(card.id)) if card else T("card (none yet)"), size=11, bold=True)
        yy += 14
        for row in range(3):
            ry = yy + row * 42
            base, spaces = C.domain_rows()[row]
            self.tile(x + 10, ry + 2, COLOURS[row], size=16)
            self.text(x + 31, ry + 14, T(f"{C.WORKERS[row]}s"), size=11, bold=True)
            self.text(x + 10, ry + 32, T("base {effects}", effects=_short(_effects(base))), size=11, fill=MUTED)
            departed = 5 - p.home[row]
            for k in range(5):
                cx = cells_x + k * cell_w
                self.rect(cx, ry, cell_w - 3, 38, fill="#ffffff" if k < departed else "#f0ede6", stroke=RULE,
                          rx=3, title=T("space {k}: {effects}", k=k + 1, effects=_effects(spaces[k])))
                if k < departed:
                    self.lines(cx + 3, ry + 15, _wrap(_short(_effects(spaces[k])), cell_w - 4, 11)[:2], size=11,
                               lh=12)
                else:
                    self.rect(cx + 9, ry + 8, cell_w - 21, 22, fill=colour, stroke="#000", sw=0.8, rx=11,
                              title=T("P{i} {worker} at home", i=i, worker=T(C.WORKERS[row])))
                    self.text(cx + (cell_w - 3) / 2, ry + 23, C.WORKERS[row][0].upper(), size=11, bold=True,
                              fill=CLAN_TEXT[i], anchor="middle")
            used = p.rows_used[row]
            self.rect(used_x, ry, 36, 38, fill="#ffffff", stroke=RULE, rx=3,
                      title=T("a die was placed on this row this round" if used else "row free this round"))
            self.text(used_x + 18, ry + 24, T("used" if used else "free"), size=11, bold=used,
                      fill=INK if used else MUTED, anchor="middle")
        if card is not None:
            for b, lines in zip(card.blocks, lay["blocks"]):
                r0, r1 = min(b.rows), max(b.rows)
                by, bh = yy + r0 * 42, (r1 - r0) * 42 + 38
                bg, ink = LIGHT_BLOCK if b.light else DARK_BLOCK
                rows = "/".join(T(C.ROW_NAMES[r]) for r in b.rows)
                self.rect(card_x, by, card_w, bh, fill=bg, stroke="#7d7466", sw=0.8, rx=3,
                          title=T("{shade} block for the {rows} row", shade=T("light" if b.light else "dark"),
                                  rows=rows), key="block-light" if b.light else "block-dark")
                self.lines(card_x + 5, by + 14, lines, size=11, lh=13, fill=ink)
        else:
            self.rect(card_x, yy, card_w, 122, fill="#ffffff", stroke=RULE, rx=3, dash="3,2")
        yy += 3 * 42 + 4
        # workers away from home
        court = p.court
        self.text(x + 10, yy + 12, T("Courtiers:"), size=11, bold=True)
        self.text(x + 86, yy + 12, T("gate {g} · floor 1: {f1} · floor 2: {f2} · floor 3: {f3}", g=court[0],
                                     f1=court[1], f2=court[2], f3=court[3]), size=11)
        names = _garden_names()
        gardens = [T("{garden} #{n}", garden=T(names[k]), n=s.garden_cards[k]).replace(" garden", "")
                   for k in range(6) if i in s.gardeners[k]]
        self.text(x + 10, yy + 28, T("Gardeners:"), size=11, bold=True)
        self.text(x + 86, yy + 28, ", ".join(gardens) or T("none"), size=11, fill=INK if gardens else MUTED)
        self.text(x + 10, yy + 44, T("Warriors:"), size=11, bold=True)
        self.text(x + 86, yy + 44, " · ".join(T("yard {k}: {n}", k=k + 1, n=n) for k, n in enumerate(p.warriors)),
                  size=11)
        yy += 52
        # lantern area
        self.text(x + 10, yy + 12, T("Lantern area"), size=11, bold=True)
        yy = self.lines(x + 10 + _room(T("Lantern area"), 11, 86), yy + 12, lay["total"], size=11) + 2
        for line in lay["flow"]:
            lx = x + 10
            for item, iw in line:
                self.rect(lx, yy, iw, 19, fill="#fff6d6", stroke="#b09a4a", sw=0.8, rx=9)
                self.text(lx + 8, yy + 14, item, size=11)
                lx += iw + 6
            yy += 22

    # -- the solo rival ----------------------------------------------------------------
    def rival(self, y) -> float:
        """The Tokugawa rival: its holdings, the die its top card names, its recent cards."""
        from boardlab.whitecastle import solo

        s, r = self.s, self.s.players[solo.RIVAL]
        cards = solo.cards_of(s.game)
        y = self.section(y, "The Tokugawa rival (solo)", "difficulty {d}; its deck lies face up",
                         d=T(s.game.difficulty))
        lines = [T("CP {cp} · coins {coins} · Passage of Time {time} · pool: {c} courtiers, {g} gardeners, "
                   "{w} warriors", cp=r.goods["cp"], coins=r.goods["coin"], time=r.time, c=r.home[0], g=r.home[1],
                   w=r.home[2]),
                 T("next die (top card #{n}): {face}", n=s.rival_top, face=cards[s.rival_top].die_face()),
                 T("actions of its last turn: {cards}", cards="; ".join(
                     f"#{n} {', '.join(cards[n].actions)}" for n in solo.acting_cards(s)) or T("none turned yet"))]
        if s.rival_last is not None:
            colour, pips, end = s.rival_last[:3]
            lines.append(T("its last die: {colour} {pips} ({end} end) on {space}", colour=T(colour), pips=pips,
                           end=T(end), space=T(solo.SPACE_WORDS[s.rival_last[3]])))
        if s.is_over:
            won = T("you beat the rival" if solo.human_wins(s) else "the rival wins")
            lines.append(T("final score: rival {rival}, you {you}: {won}", rival=solo.rival_sheet(s)["total"],
                           you=s.score_sheet()[0]["total"], won=won))
        self.group("rival", top=s.rival_top, row=" ".join(map(str, s.rival_row)))
        self.chip(MARGIN, y, solo.RIVAL)
        y = self.lines(MARGIN + 40, y + 13, lines, size=12, lh=17)
        self.end()
        return y

    # -- phase extras and footer --------------------------------------------------------
    def extras(self, y) -> float:
        s = self.s
        if s.phase == "draft" and s.offer:
            y = self.section(y, "Starting pairs on offer", "picked in reverse turn order")
            for res, design in s.offer:
                gains, decree, icon = C.starting_resources()[res]
                text = (T("resource card {res}: {effects}", res=res, effects=_effects(gains))
                        + (T(", decree: {decree}", decree=T(decree)) if decree else "")
                        + T("; lantern {effects}  +  {design} action card", effects=_effects(icon), design=T(design)))
                for line in _wrap(text, WIDTH - 2 * MARGIN, 12):
                    self.text(MARGIN, y + 13, line, size=12)
                    y += 17
            return y
        if s.phase == "roundend":
            y = self.section(y, "Garden actions still to come this round",
                             "after the one being decided now; clan by clan in the new turn order")
            names = _garden_names()
            x = MARGIN
            if not s.activations:
                self.text(x, y + 13, T("none"), size=12, fill=MUTED, italic=True)
            for player, slot in s.activations:
                x += self.chip(x, y, player) + 4
                label = T("{garden} #{n}", garden=T(names[slot]), n=s.garden_cards[slot])
                self.text(x, y + 13, label, size=12)
                x += _text_width(label, 12) + 14
                if x > WIDTH - 200:
                    x, y = MARGIN, y + 22
            return y + 24
        if s.is_over:
            y = self.section(y, "Final scores", "as on the scoring pad")
            sheet = s.score_sheet()
            ranks = s.ranks()
            cats = list(next(iter(sheet.values())))
            x0, cw = MARGIN + 170, 90
            for i in range(self.n):
                self.chip(x0 + i * cw + 20, y, i)
            y += 22
            for k, cat in enumerate(cats + ["rank"]):
                if k % 2 == 0:
                    self.rect(MARGIN, y, 170 + self.n * cw, 18, fill="#f3f0e8")
                bold = cat in ("total", "rank")
                self.text(MARGIN + 6, y + 13, T(cat), size=12, bold=bold)
                for i in range(self.n):
                    v = ranks[i] if cat == "rank" else sheet[i][cat]
                    self.text(x0 + i * cw + 40, y + 13, str(v), size=12, bold=bold, anchor="end")
                y += 18
            return y + 4
        return y

    def footer(self, y) -> float:
        from boardlab import __version__

        s = self.s
        seed = T("seed {seed}", seed=s.seed) if s.seed is not None else T("position loaded from JSON")
        options = T("lone die counts as left end" if s.game.lone_die_is_left else "lone die counts as right end")
        table = (T("{n} players", n=self.n) if s.game.rival_seat is None
                 else T("solo ({difficulty})", difficulty=T(s.game.difficulty)))
        text = T("boardlab {version} · The White Castle · {table} · {options} · {seed} · {n} decisions played",
                 version=__version__, table=table, options=options, seed=seed, n=len(s.history))
        self.line(MARGIN, y + 2, WIDTH - MARGIN, y + 2, stroke=RULE)
        self.text(MARGIN, y + 16, text, size=11, fill=MUTED)
        return y + 20


def _garden_names() -> list[str]:
    from boardlab.whitecastle.actions import garden_name

    return [garden_name(g) for g in range(6)]


def _short(text: str) -> str:
    """Effect text for the smallest cells (the full text is in the cell's tooltip)."""
    for long, short in (("mother-of-pearl", "pearl"), ("lantern rewards", "lantern"),
                        ("Passage of Time", "Time"), ("any resource", "any")):
        text = text.replace(long, short)
    return text


def _die_name(colour: str, pips: int) -> str:
    """A die in words, e.g. "coral 4"."""
    return T("{colour} {pips}", colour=T(colour), pips=pips)


def _card_name(card: str) -> str:
    """A card as a reader sees it: its id in English ('steward:12', as records write it), the
    seed's words in Korean ('집사 카드 12')."""
    kind, _, key = card.partition(":")
    if kind == "resource":
        return T("resource #{key}", key=key)
    if kind == "decree":
        return T("decree ({key})", key=T(key))
    return T(card)


def _lantern_total(cards) -> str:
    """Every icon of the lantern area added up, e.g. '+2 coin, +1 food'."""
    if not cards:
        return T("nothing yet")
    totals: dict[tuple, int] = {}
    others: list[tuple] = []
    for card in cards:
        for e in R.lantern_icon(card):
            if len(e) == 2 and isinstance(e[1], int):
                totals[e[0]] = totals.get(e[0], 0) + e[1]
            else:
                others.append(e)
    effects = tuple((k, v) for k, v in totals.items()) + tuple(others)
    return _effects(effects)


__all__ = ["state_svg", "state_html", "save_svg", "action_table", "CLAN_COLOURS"]

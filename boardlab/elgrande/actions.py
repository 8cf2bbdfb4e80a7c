"""El Grande actions: one small immutable value type with a text notation that parses back.

An action is ``Action(kind, a, b)``: ``kind`` names the decision, ``a`` and ``b`` are ints
(a region, a count, a colour, a card type). Actions of different kinds never compare equal and
a mixed list sorts by kind first. ``str(action)`` is the notation of records and golden files;
``parse_action(str(a)) == a``.

Regions are written with their 2023 names without accents (``Aragon``, ``Toledo``; the 1995
names ``Old Castile`` etc. are accepted when parsing); ``the Castillo``; colours are
``red yellow blue green black`` for seats 0-4 (in the 2-player 2023 game ``blue`` is the dummy).

=================================================  =====================================================
notation                                           decision
=================================================  =====================================================
``play power card 13``                             the power card for this round
``take 3 to court``                                caballeros from the province to the court
``recall from Aragon``                             the province is empty: one caballero back to court
``take card Fiesta (stack 3)``                     the action card
``placement first`` / ``special action first``     the order of the two parts of the turn
``place 3 in Aragon`` / ``place 1 in the Castillo``  placement (a group of caballeros)
``stop placing`` / ``stop moving``                 end an "up to" part early
``do the special action`` / ``decline the special action``  after placing first
``choose: own out of one region`` / ``choose: place anywhere``  a card with two effects
``choose Aragon``                                  a card's region (source, or the region named)
``pick up red from Aragon`` / ``move it to Galicia``  moving one caballero (two decisions)
``send back red from Aragon`` / ``... from court``   a caballero back to the province
``set disk to Aragon``                             a secret disk (hidden from the others)
``score Aragon``                                   a special scoring of one region
``put score tile 1 in Aragon``                     place or move a score tile
``take back power card 7``                         recover a played power card
``move the Grande to Aragon``                      the Grande card
``move the King to Aragon``                        the King card, the Royal Adviser
``veto the special action`` / ``allow ...``        a Veto holder, when another player begins one
=================================================  =====================================================
"""

from __future__ import annotations

import re
from typing import NamedTuple

from boardlab.core import glossary
from boardlab.elgrande.components import (
    CARD_INDEX_LOWER, CARD_TYPES, CASTILLO, NAMES_1995, NAMES_2023, POWER_VALUES, REGION_KOREAN,
)

COLOUR_NAMES = ("red", "yellow", "blue", "green", "black")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOUR_NAMES)}
COURT = CASTILLO + 1  # the "place" code of a court in send-back actions

_PLACE_TEXT = tuple(NAMES_2023) + ("the Castillo",)
_PLACE_PARSE = {n.lower(): i for i, n in enumerate(NAMES_2023)}
_PLACE_PARSE.update({n.lower(): i for i, n in enumerate(NAMES_1995)})
_PLACE_PARSE["the castillo"] = CASTILLO
_PLACE_PARSE["castillo"] = CASTILLO


def place_text(r: int) -> str:
    return _PLACE_TEXT[r]


class Action(NamedTuple):
    kind: str
    a: int = 0
    b: int = 0

    def __str__(self):
        return _FORMAT[self.kind](self.a, self.b)


def _colour(c: int) -> str:
    return COLOUR_NAMES[c]


_FORMAT = {
    "power": lambda a, b: f"play power card {a}",
    "court": lambda a, b: f"take {a} to court",
    "recall": lambda a, b: f"recall from {place_text(a)}",
    "card": lambda a, b: f"take card {CARD_TYPES[b].name} (stack {a + 1})",
    "order": lambda a, b: ("placement first", "special action first")[a],
    "place": lambda a, b: f"place {b} in {place_text(a)}",
    "stop": lambda a, b: ("stop placing", "stop moving")[a],
    "special": lambda a, b: ("decline the special action", "do the special action")[a],
    "mode": lambda a, b: ("choose: own out of one region", "choose: place anywhere")[a],
    "region": lambda a, b: f"choose {place_text(a)}",
    "pick": lambda a, b: f"pick up {_colour(a)} from {place_text(b)}",
    "drop": lambda a, b: f"move it to {place_text(a)}",
    "send": lambda a, b: f"send back {_colour(a)} from " + ("court" if b == COURT else place_text(b)),
    "disk": lambda a, b: f"set disk to {place_text(a)}",
    "score": lambda a, b: f"score {place_text(a)}",
    "tile": lambda a, b: f"put score tile {a + 1} in {place_text(b)}",
    "powerback": lambda a, b: f"take back power card {a}",
    "grande": lambda a, b: f"move the Grande to {place_text(a)}",
    "king": lambda a, b: f"move the King to {place_text(a)}",
    "veto": lambda a, b: ("allow the special action", "veto the special action")[a],
}
#: The Korean notation beside the English one, in the seed's terms (카바예로, 궁정, 파워 카드,
#: 카스티요, 비밀 디스크, 점수 타일, 그란데, 왕); region and card names from the data tables. The
#: first template to read a text is used, so "from court" comes before "from {place}".
KOREAN = glossary.Notation("elgrande", [
    ("play power card {n}", "파워 카드 {n} 내기"),
    ("take {n} to court", "카바예로 {n}명 궁정으로 가져오기"),
    ("recall from {place}", "{place}에서 카바예로 1명 궁정으로 되돌리기"),
    ("take card {card} (stack {n})", "액션 카드 {card} 가져오기 ({n}번 더미)"),
    ("placement first", "배치 먼저"),
    ("special action first", "특수 행동 먼저"),
    ("place {n} in {place}", "{place}에 카바예로 {n}명 배치"),
    ("stop placing", "배치 그만하기"),
    ("stop moving", "이동 그만하기"),
    ("decline the special action", "특수 행동 하지 않기"),
    ("do the special action", "특수 행동 하기"),
    ("choose: own out of one region", "고르기: 한 지역에서 자기 병력 철수"),
    ("choose: place anywhere", "고르기: 어디에나 배치"),
    ("choose {place}", "{place} 고르기"),
    ("pick up {colour} from {place}", "{place}에서 {colour} 카바예로 집기"),
    ("move it to {place}", "{place}에 옮겨 놓기"),
    ("send back {colour} from court", "궁정에서 {colour} 카바예로 지방으로 돌려보내기"),
    ("send back {colour} from {place}", "{place}에서 {colour} 카바예로 지방으로 돌려보내기"),
    ("set disk to {place}", "비밀 디스크를 {place}에 맞추기"),
    ("score {place}", "{place} 점수 계산"),
    ("put score tile {n} in {place}", "{place}에 점수 타일 {n} 놓기"),
    ("take back power card {n}", "파워 카드 {n} 되찾기"),
    ("move the Grande to {place}", "그란데를 {place}에 옮겨 놓기"),
    ("move the King to {place}", "왕을 {place}에 옮겨 놓기"),
    ("allow the special action", "특수 행동 허용"),
    ("veto the special action", "특수 행동 거부"),
], words={
    "red": "빨강", "yellow": "노랑", "blue": "파랑", "green": "초록", "black": "검정",
    "the Castillo": "카스티요", **dict(zip(NAMES_2023, REGION_KOREAN)),
    # two cards share the Korean 점수 타일 in the data: the first edition's is named for its board
    **{t.name: t.korean for t in CARD_TYPES}, "Mobile scoreboard": "이동식 점수판",
}, slots={"n": r"\d+", "colour": r"\S+"})


_FIXED = {
    "placement first": Action("order", 0), "special action first": Action("order", 1),
    "stop placing": Action("stop", 0), "stop moving": Action("stop", 1),
    "decline the special action": Action("special", 0), "do the special action": Action("special", 1),
    "choose: own out of one region": Action("mode", 0), "choose: place anywhere": Action("mode", 1),
    "allow the special action": Action("veto", 0), "veto the special action": Action("veto", 1),
}

_PLACE = r"(?P<place>[A-Za-z][A-Za-z ]*?)"
_COL = r"(?P<colour>[a-z]+)"
_PATTERNS = (
    (re.compile(r"play power card (?P<n>\d+)", re.I), "power"),
    (re.compile(r"take (?P<n>\d+) to court", re.I), "court"),
    (re.compile(rf"recall from {_PLACE}", re.I), "recall"),
    (re.compile(r"take card (?P<card>.+) \(stack (?P<n>\d)\)", re.I), "card"),
    (re.compile(rf"place (?P<n>\d+) in {_PLACE}", re.I), "place"),
    (re.compile(rf"choose {_PLACE}", re.I), "region"),
    (re.compile(rf"pick up {_COL} from {_PLACE}", re.I), "pick"),
    (re.compile(rf"move it to {_PLACE}", re.I), "drop"),
    (re.compile(rf"send back {_COL} from {_PLACE}", re.I), "send"),
    (re.compile(rf"set disk to {_PLACE}", re.I), "disk"),
    (re.compile(rf"score {_PLACE}", re.I), "score"),
    (re.compile(rf"put score tile (?P<n>\d) in {_PLACE}", re.I), "tile"),
    (re.compile(r"take back power card (?P<n>\d+)", re.I), "powerback"),
    (re.compile(rf"move the Grande to {_PLACE}", re.I), "grande"),
    (re.compile(rf"move the King to {_PLACE}", re.I), "king"),
)


def _place(text: str, court_ok: bool = False, castillo_ok: bool = True) -> int:
    key = text.strip().lower()
    if court_ok and key == "court":
        return COURT
    r = _PLACE_PARSE.get(key)
    if r is None or (r == CASTILLO and not castillo_ok):
        names = ", ".join(NAMES_2023) + (", the Castillo" if castillo_ok else "")
        raise ValueError(f"expected a region ({names}), got {text!r}")
    return r


def _colour_index(text: str) -> int:
    if text.lower() not in COLOUR_INDEX:
        raise ValueError(f"expected a colour ({', '.join(COLOUR_NAMES)}), got {text!r}")
    return COLOUR_INDEX[text.lower()]


def parse_action(text: str) -> Action:
    """The action a text names, in English or Korean (:data:`KOREAN`); ValueError saying what was
    expected otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"an action text must be a string, got {text!r}")
    t = " ".join(glossary.english_notation("elgrande", text).split())
    if t.lower() in _FIXED:  # typed options are case-insensitive
        return _FIXED[t.lower()]
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(t)
        if not m:
            continue
        g = m.groupdict()
        if kind == "power" or kind == "powerback":
            n = int(g["n"])
            if n not in POWER_VALUES:
                raise ValueError(f"expected a power card 1..{POWER_VALUES[-1]}, got {n}")
            return Action(kind, n)
        if kind == "court":
            return Action(kind, int(g["n"]))
        if kind == "card":
            name = g["card"].lower()
            if name not in CARD_INDEX_LOWER:
                raise ValueError(f"expected an action card name, got {g['card']!r}")
            stack = int(g["n"])
            if not 1 <= stack <= 5:
                raise ValueError(f"expected stack 1..5, got {stack}")
            return Action(kind, stack - 1, CARD_INDEX_LOWER[name])
        if kind == "place":
            n = int(g["n"])
            if not 1 <= n <= 5:
                raise ValueError(f"expected to place 1..5 caballeros, got {n}")
            return Action(kind, _place(g["place"]), n)
        if kind in ("pick", "send"):
            c = _colour_index(g["colour"])
            return Action(kind, c, _place(g["place"], court_ok=kind == "send", castillo_ok=False))
        if kind == "tile":
            n = int(g["n"])
            if n not in (1, 2):
                raise ValueError(f"expected score tile 1 or 2, got {n}")
            return Action(kind, n - 1, _place(g["place"], castillo_ok=False))
        castillo_ok = kind in ("drop", "score", "region")
        return Action(kind, _place(g["place"], castillo_ok=castillo_ok))
    raise ValueError(f"unknown action {text!r}; see boardlab.elgrande.actions for the notation")


"""Actions of The White Castle and their text notation.

An action is a small immutable tuple ``Action(kind, x, n, m)``; ``str(action)`` is its text
notation ("take coral 2 (left end)", "place on castle floor 1 room B") and ``parse`` reads it
back. Every action the game can ever offer is enumerated once (``universe``), so parsing is a
dictionary look-up and ``parse(str(a)) == a`` holds by construction.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from boardlab.core import glossary
from boardlab.whitecastle import components as C
from boardlab.whitecastle.dice import COLOURS

# Action spaces a die can go to. Rooms 0-2 are on castle floor 1, rooms 3-4 on floor 2.
ROOMS = ("F1A", "F1B", "F1C", "F2A", "F2B")
OUTSIDE = ("OUTL", "OUTR")
WELL = "WELL"
ROWS = ("ROW0", "ROW1", "ROW2")  # personal domain rows: coral, black, white
SPACES = ROOMS + OUTSIDE + (WELL,) + ROWS


def room_floor(room: int) -> int:
    return 1 if room < 3 else 2


def room_name(room: int) -> str:
    letter = C.ROOM_LETTERS[room if room < 3 else room - 3]
    return f"castle floor {room_floor(room)} room {letter}"


SPACE_NAMES = {
    **{ROOMS[i]: room_name(i) for i in range(5)},
    "OUTL": "outside the walls (left)",
    "OUTR": "outside the walls (right)",
    WELL: "the Well",
    **{ROWS[i]: f"my {COLOURS[i]} domain row" for i in range(3)},
}


def garden_name(slot: int) -> str:
    """Gardens: two cards under each bridge, the plant card first."""
    return f"{COLOURS[slot // 2]} {'plant' if slot % 2 == 0 else 'stone'} garden"


def effect_key(effect: tuple) -> str:
    """The text form of an effect (inverse of components.parse_effect)."""
    if effect[0] == "paid":
        return f"{effect[1]}:{effect[2]}>{effect_key(effect[3])}"
    if len(effect) == 1:
        return effect[0]
    return f"{effect[0]}:{effect[1]}"


class Action(NamedTuple):
    kind: str
    x: str = ""
    n: int = 0
    m: int = 0

    def __str__(self) -> str:
        if malformed(self) is not None:  # a hand-built action no rule knows: show its fields
            return f"Action{tuple.__repr__(self)}"
        return _FORMAT[self.kind](self)

    def __repr__(self) -> str:
        return f"<{self}>"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _format_pay(effect: tuple) -> str:
    _, unit, amount, inner = effect
    return f"pay {_plural(amount, unit)} for {C.describe_effect(inner)}"


_RESOURCE_TEXT = {"food": "food", "iron": "iron", "pearl": "mother-of-pearl"}

_FORMAT = {
    "pair": lambda a: f"take starting pair: resource card {a.n} + {a.x} action card",
    "take": lambda a: f"take {a.x} {a.n} ({'left' if a.m == 0 else 'right'} end)",
    "place": lambda a: f"place on {SPACE_NAMES[a.x]}",
    "choose": lambda a: f"choose 1 {_RESOURCE_TEXT[a.x]}",
    "exchange": lambda a: ("exchange 1 seal for 1 coin" if a.x == "coin"
                           else f"exchange 2 seals for 1 {_RESOURCE_TEXT[a.x]}"),
    "pay": lambda a: _format_pay(C.parse_effect(a.x)),
    "decline": lambda a: "decline",
    "finish": lambda a: "finish the courtier action",
    "gate": lambda a: "send a courtier to the gate",
    "climb": lambda a: f"climb a courtier from the {C.LEVELS[a.n]} to {C.LEVELS[a.n + a.m]}",
    "room": lambda a: f"enter {room_name(a.n)}",
    "newblock": lambda a: f"perform block {a.n + 1} of the new card",
    "slot": lambda a: f"take Daimyo slot {'ABC'[a.n]}",
    "garden": lambda a: f"place a gardener in the {garden_name(a.n)}",
    "yard": lambda a: f"place a warrior in the {C.yards()[a.n][0]}-iron yard",
    "castleblock": lambda a: f"perform {room_name(a.n)} block {a.m + 1}",
    "row": lambda a: f"perform my {COLOURS[a.n]} domain row",
    "worker": lambda a: f"perform a {a.x} action",
    "timepay": lambda a: f"pay {_plural(a.n, 'seal')} to pass the Passage of Time gate",
    "timestop": lambda a: f"stop on Passage of Time space {a.n}",
}

#: The Korean notation (the seed's terms): each English template of ``_FORMAT`` beside its Korean
#: form; the more specific come first (the Passage of Time's seals before other payments, "1 seal"
#: before "{n} seals"), as the first template to read a text is used.
KOREAN = glossary.Notation("whitecastle", [
    ("take starting pair: resource card {n} + {design} action card",
     "시작 카드 짝 가져오기: 자원 카드 {n} + {design} 행동 카드"),
    ("take {colour} {n} ({end} end)", "다리 {colour} {n} 가져오기 ({end} 끝)"),
    ("place on {space}", "{space}에 놓기"),
    ("choose 1 {resource}", "{resource} 1개 고르기"),
    ("exchange 1 seal for 1 coin", "인장 1개를 동전 1개로 바꾸기"),
    ("exchange 2 seals for 1 {resource}", "인장 2개를 {resource} 1개로 바꾸기"),
    ("pay 1 seal to pass the Passage of Time gate", "인장 1개 내고 시간의 흐름 경계 넘기"),
    ("pay {n} seals to pass the Passage of Time gate", "인장 {n}개 내고 시간의 흐름 경계 넘기"),
    ("pay 1 coin for {effect}", "동전 1개 내고 {effect}"),
    ("pay {n} coins for {effect}", "동전 {n}개 내고 {effect}"),
    ("pay 1 seal for {effect}", "인장 1개 내고 {effect}"),
    ("pay {n} seals for {effect}", "인장 {n}개 내고 {effect}"),
    ("decline", "하지 않기"),
    ("finish the courtier action", "궁정 관리 행동 마치기"),
    ("send a courtier to the gate", "궁정 관리를 성문으로 보내기"),
    ("climb a courtier from the {level} to {higher}", "궁정 관리를 {level}에서 {higher}까지 올리기"),
    ("enter {room}", "{room}에 들어가기"),
    ("perform block {k} of the new card", "새 카드의 {k}번 칸 수행하기"),
    ("take Daimyo slot {slot}", "다이묘 카드 칸 {slot} 가져오기"),
    ("place a gardener in the {garden}", "{garden}에 정원사 놓기"),
    ("place a warrior in the {iron}-iron yard", "철 {iron} 훈련장에 무사 놓기"),
    ("perform {room} block {k}", "{room} {k}번 칸 수행하기"),
    ("perform my {colour} domain row", "내 개인 영토 {colour} 줄 수행하기"),
    ("perform a {worker} action", "{worker} 행동 수행하기"),
    ("stop on Passage of Time space {n}", "시간의 흐름 {n}칸에 멈추기"),
], words={
    "coral": "산호색", "black": "검정", "white": "흰색", "left": "왼쪽", "right": "오른쪽",
    "food": "식량", "iron": "철", "mother-of-pearl": "자개",
    "courtier": "궁정 관리", "gardener": "정원사", "warrior": "무사",
    "gate": "성문", "floor 1": "1층", "floor 2": "2층", "floor 3": "3층",
    **{room_name(i): "성 " + room_name(i).replace("castle floor ", "").replace(" room ", "층 방 ") for i in range(5)},
    "outside the walls (left)": "성벽 밖 (왼쪽)", "outside the walls (right)": "성벽 밖 (오른쪽)", "the Well": "우물",
    "my coral domain row": "내 개인 영토 산호색 줄", "my black domain row": "내 개인 영토 검정 줄",
    "my white domain row": "내 개인 영토 흰색 줄",
    "coral plant garden": "산호색 식물 정원", "coral stone garden": "산호색 돌 정원",
    "black plant garden": "검정 식물 정원", "black stone garden": "검정 돌 정원",
    "white plant garden": "흰색 식물 정원", "white stone garden": "흰색 돌 정원",
    "courtier action": "궁정 관리 행동", "gardener action": "정원사 행동", "warrior action": "무사 행동",
    "Personal Domain action": "개인 영토 행동", "any die-tile action": "아무 주사위 타일 행동",
    "Courtier, Gardener or Warrior action": "궁정 관리·정원사·무사 행동",
}, slots={"n": r"\d+", "k": r"\d+", "iron": r"\d+"})


def _paid_effects() -> set[str]:
    found = set()

    def visit(effects):
        for e in effects:
            if e[0] == "paid":
                found.add(effect_key(e))

    for card in C.action_cards().values():
        for b in card.blocks:
            visit(b.effects)
    for g in [g for p in C.PRINTINGS for g in C.gardens(p).values()]:
        visit(g.effects)
    return found


@cache
def universe() -> tuple[Action, ...]:
    """Every action the game can offer, in any position and player count."""
    acts = [Action("decline"), Action("finish"), Action("gate")]
    acts += [Action("pair", d, r) for d in C.START_DESIGNS for r in C.starting_resources()]
    acts += [Action("take", c, p, end) for c in COLOURS for p in range(1, 7) for end in (0, 1)]
    acts += [Action("place", s) for s in SPACES]
    acts += [Action("choose", r) for r in C.RESOURCES]
    acts += [Action("exchange", t) for t in ("coin",) + C.RESOURCES]
    acts += [Action("pay", k) for k in sorted(_paid_effects())]
    acts += [Action("climb", "", lvl, f) for lvl in range(3) for f in (1, 2) if lvl + f <= 3]
    acts += [Action("room", "", r) for r in range(5)]
    acts += [Action("newblock", "", b) for b in range(3)]
    acts += [Action("slot", "", s) for s in range(3)]
    acts += [Action("garden", "", g) for g in range(6)]
    acts += [Action("yard", "", y) for y in range(len(C.yards()))]
    acts += [Action("castleblock", "", r, b) for r in range(5) for b in range(3 if r < 3 else 2)]
    acts += [Action("row", "", r) for r in range(3)]
    acts += [Action("worker", w) for w in C.WORKERS]
    acts += [Action("timepay", "", c) for c in sorted(set(C.time_gates().values()))]
    acts += [Action("timestop", "", s) for s in sorted(g - 1 for g in C.time_gates())]
    return tuple(acts)


@cache
def _by_text() -> dict[str, Action]:
    table = {str(a): a for a in universe()}
    assert len(table) == len(universe()), "two actions share a text notation"
    return table


FIELD_TYPES = (str, str, int, int)


def malformed(action) -> str | None:
    """None for an action of this game (exact field types, fields the game can offer); else what
    was expected. Never fails, whatever ``action`` is, so a refusal can always be explained."""
    if type(action) is not Action:
        return f"expected a White Castle Action or its text notation, got {type(action).__name__}"
    if any(type(v) is not t for v, t in zip(action, FIELD_TYPES)):
        got = ", ".join(type(v).__name__ for v in action)
        return f"expected Action fields (kind: str, x: str, n: int, m: int), got ({got})"
    if action not in _universe_set():
        kinds = sorted({a.kind for a in universe()})
        if action.kind not in kinds:
            return f"expected an action kind among {', '.join(kinds)}; got {action.kind!r}"
        same = [str(a) for a in universe() if a.kind == action.kind]
        listed = "; ".join(same[:8]) + ("; ..." if len(same) > 8 else "")
        return f"expected one of the {action.kind!r} actions ({listed}); got the fields {tuple.__repr__(action)}"
    return None


@cache
def _universe_set() -> frozenset:
    return frozenset(universe())


#: longest text shown back in a parse error
_SHOWN = 80


def _shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "...")


@cache
def _by_folded_text() -> dict[str, Action]:
    """Notation looked up without regard to case or spacing ("Take coral 1 (left end)")."""
    table = {" ".join(t.casefold().split()): a for t, a in _by_text().items()}
    assert len(table) == len(_by_text()), "two actions differ only in case"
    return table


def parse(text: str) -> Action:
    """The action written ``text``, in English or Korean (:data:`KOREAN`; case and spacing do not
    matter); ValueError saying which word could not be read, what may stand there, and the closest
    notation, if there is none."""
    if not isinstance(text, str):
        raise ValueError(f"an action in text notation must be a string, got {type(text).__name__}")
    text = glossary.english_notation("whitecastle", text)
    key = " ".join(text.casefold().split())
    action = _by_folded_text().get(key)
    if action is None:
        raise ValueError(f"unknown White Castle action {_shown(text)}: {_unread_part(key)}"
                         + _closest(key))
    return action


def _unread_part(key: str) -> str:
    """Which word of the text matches no notation, and the words that could stand there."""
    words = key.split()
    known = [t.split() for t in _by_folded_text()]
    for i, word in enumerate(words):
        fits = [t for t in known if t[:i] == words[:i] and len(t) > i]
        nexts = sorted({t[i] for t in fits})
        if word not in nexts:
            after = f" after {_shown(' '.join(words[:i]))}" if i else ""
            shown_next = ", ".join(repr(w) for w in nexts[:12]) + (", ..." if len(nexts) > 12 else "")
            return f"could not read word {i + 1}, {_shown(word)}{after}; expected one of {shown_next}"
    return f"the text ends early after {_shown(key)}" if words else "the text is empty"


def _closest(key: str) -> str:
    import difflib

    if len(key) > 2 * _SHOWN:  # too far from any notation to compare
        return ""
    close = difflib.get_close_matches(key, list(_by_folded_text()), n=1, cutoff=0.6)
    return f". Did you mean {str(_by_folded_text()[close[0]])!r}?" if close else ""

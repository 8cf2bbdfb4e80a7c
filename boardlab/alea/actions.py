"""Alea Iacta Est actions: small immutable values with a text notation that parses back.

Every action is a NamedTuple whose first field is a ``kind`` string, so actions of different
kinds never compare equal and a mixed list sorts by kind first. ``str(action)`` is the notation
used in records and golden files; ``parse_action(str(a)) == a``.

=====================================  ===================================================
notation                               meaning
=====================================  ===================================================
``reroll keeping 3 3 5``               spend a Repete chip, keep these dice, reroll the rest
``reroll keeping nothing``             spend a Repete chip and reroll every rolled die
``choose Senatus``                     the building for this turn's placement
``place 3 4 5 in Senatus``             the dice placed there (values, ascending)
``send 2 dice to the Latrina``         dice that cannot be rewarded anywhere else
``keep senate card VII``               the Senatus reward: the card kept
``take province Germania III``         the Castrum reward (``take province joker``)
``take patrician red woman II``        the Forum reward
=====================================  ===================================================
"""

from __future__ import annotations

import re
from typing import NamedTuple

from boardlab.core import glossary
from boardlab.alea.components import (
    BUILDING_INDEX, BUILDINGS, LATRINA, PAT_INDEX, PAT_LABELS, PROV_INDEX, PROV_LABELS, SENATE, SENATE_INDEX,
)


def _dice_text(dice) -> str:
    return " ".join(map(str, dice))


class Reroll(NamedTuple):
    kind: str
    keep: tuple  # dice kept, ascending

    def __str__(self):
        return f"reroll keeping {_dice_text(self.keep) or 'nothing'}"


class Choose(NamedTuple):
    kind: str
    building: int

    def __str__(self):
        return f"choose {BUILDINGS[self.building]}"


class Place(NamedTuple):
    kind: str
    building: int
    dice: tuple  # ascending

    def __str__(self):
        return f"place {_dice_text(self.dice)} in {BUILDINGS[self.building]}"


class Latrina(NamedTuple):
    kind: str
    count: int

    def __str__(self):
        return f"send {self.count} {'die' if self.count == 1 else 'dice'} to the Latrina"


class KeepCard(NamedTuple):
    kind: str
    card: int

    def __str__(self):
        return f"keep senate card {SENATE[self.card].name}"


class TakeProvince(NamedTuple):
    kind: str
    tile: int

    def __str__(self):
        return f"take province {PROV_LABELS[self.tile]}"


class TakePatrician(NamedTuple):
    kind: str
    tile: int

    def __str__(self):
        return f"take patrician {PAT_LABELS[self.tile]}"


# constructors the engine uses (one place for each kind string)
def reroll(keep) -> Reroll:
    return Reroll("reroll", tuple(keep))


def choose(building: int) -> Choose:
    return Choose("choose", building)


def place(building: int, dice) -> Place:
    return Place("place", building, tuple(dice))


def latrina(count: int) -> Latrina:
    return Latrina("latrina", count)


def keep_card(card: int) -> KeepCard:
    return KeepCard("keep", card)


def take_province(tile: int) -> TakeProvince:
    return TakeProvince("province", tile)


def take_patrician(tile: int) -> TakePatrician:
    return TakePatrician("patrician", tile)


_DICE = r"([1-6](?: [1-6])*)"
_PATTERNS = (
    (re.compile(r"reroll keeping (nothing|" + _DICE + ")", re.I), "reroll"),
    (re.compile(r"choose (\w+(?: Romanum)?)", re.I), "choose"),
    (re.compile(r"place " + _DICE + r" in (\w+(?: Romanum)?)", re.I), "place"),
    (re.compile(r"send ([1-8]) (?:die|dice) to the Latrina", re.I), "latrina"),
    (re.compile(r"keep senate card ([IVX]+)", re.I), "keep"),
    (re.compile(r"take province (.+)", re.I), "province"),
    (re.compile(r"take patrician (.+)", re.I), "patrician"),
)

#: The Korean notation beside the English one (the buildings keep their Latin names, as in the
#: seed; provinces too); the first template to read a text is used, so "1 die" comes first.
KOREAN = glossary.Notation("alea", [
    ("reroll keeping nothing", "다시 굴림 타일 쓰기: 모두 다시 굴리기"),
    ("reroll keeping {dice}", "다시 굴림 타일 쓰기: {dice} 남기고 다시 굴리기"),
    ("choose {building}", "{building} 고르기"),
    ("place {dice} in {building}", "{building}에 주사위 {dice} 놓기"),
    ("send 1 die to the Latrina", "Latrina에 주사위 1개 보내기"),
    ("send {n} dice to the Latrina", "Latrina에 주사위 {n}개 보내기"),
    ("keep senate card {card}", "원로원 카드 {card} 갖기"),
    ("take province {tile}", "지방 타일 가져오기: {tile}"),
    ("take patrician {colour} {sex} {number}", "귀족 타일 가져오기: {colour} {sex} 귀족 {number}"),
], words={
    "joker": "조커", "man": "남자", "woman": "여자",
    "red": "빨강", "green": "초록", "yellow": "노랑", "blue": "파랑", "purple": "보라", "orange": "주황",
}, slots={"dice": _DICE, "n": r"\d+", "colour": r"\S+", "sex": r"\S+"})


def _dice(text: str) -> tuple:
    dice = tuple(int(x) for x in text.split())
    if list(dice) != sorted(dice):
        raise ValueError(f"dice must be listed in ascending order, got {text!r}")
    return dice


def _building(name: str) -> int:
    b = BUILDING_INDEX.get(name.lower())
    if b is None:
        raise ValueError(f"expected a building ({', '.join(BUILDINGS)}), got {name!r}")
    return b


def parse_action(text: str):
    """The action written as ``text`` (see the table above, or its Korean form :data:`KOREAN`);
    ValueError saying what was expected."""
    if not isinstance(text, str):
        raise ValueError(f"an action's text must be a string, got {text!r}")
    text = glossary.english_notation("alea", text.strip())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(text)
        if not m:
            continue
        if kind == "reroll":
            return reroll(() if m.group(1).lower() == "nothing" else _dice(m.group(1)))
        if kind == "choose":
            return choose(_building(m.group(1)))
        if kind == "place":
            b = _building(m.group(2))
            if b == LATRINA:
                raise ValueError("dice go to the Latrina as 'send N dice to the Latrina'")
            return place(b, _dice(m.group(1)))
        if kind == "latrina":
            n = int(m.group(1))
            if text.lower() != str(latrina(n)).lower():
                raise ValueError(f"write {str(latrina(n))!r}")
            return latrina(n)
        if kind == "keep":
            if m.group(1).upper() not in SENATE_INDEX:
                raise ValueError(f"expected a senate card I..XIII, got {m.group(1)!r}")
            return keep_card(SENATE_INDEX[m.group(1).upper()])
        if kind == "province":
            t = PROV_INDEX.get(m.group(1).lower())
            if t is None:
                raise ValueError(f"expected a province tile such as 'Germania III' or 'joker', got {m.group(1)!r}")
            return take_province(t)
        t = PAT_INDEX.get(m.group(1).lower())
        if t is None:
            raise ValueError(f"expected a patrician such as 'red woman II', got {m.group(1)!r}")
        return take_patrician(t)
    raise ValueError(f"unknown action {text!r}; expected e.g. 'reroll keeping 3 5', 'choose Senatus', "
                     f"'place 3 4 5 in Senatus', 'send 1 die to the Latrina', 'keep senate card VII', "
                     f"'take province Germania III', 'take patrician red woman II'")

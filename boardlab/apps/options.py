"""The setup choices of any game, read from its ``Game`` class: every option with the values the
game's own validation accepts, so the app never keeps a second copy of a rule.

A game's options are the fields of its frozen dataclass ``Game``. For each one the values offered
are the candidates the game accepts (with every other option at its default): True/False, None
(the edition's or game's own rule), small integers, and the words its refusal of a nonsense value
quotes ("printing must be one of 'bga', 'first'"). An option holding a list of names (Alea's
``misplays``) offers each name that is accepted alone.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

#: integers tried as values of a whole-number option (player counts, ranks, dice)
SMALL_INTS = tuple(range(0, 9))


class _Nonsense:
    """A value no game accepts: its refusal lists what is accepted."""

    def __repr__(self):
        return "<nonsense>"


@dataclasses.dataclass(frozen=True)
class Option:
    """One setup option: its name, default, and the values offered (``many``: pick several)."""

    name: str
    default: object
    choices: tuple
    many: bool = False

    @property
    def is_flag(self) -> bool:
        return not self.many and set(self.choices) == {True, False} and all(type(c) is bool for c in self.choices)


def _accepts(game_cls, name: str, value, players=None) -> bool:
    try:
        game_cls(**{name: value}) if players is None or name == "players" else game_cls(players=players, **{name: value})
    except (ValueError, TypeError):
        return False
    return True


def _quoted(game_cls, name: str, nonsense, players=None) -> list[str]:
    """The words quoted in the game's refusal of a nonsense value for ``name``."""
    try:
        game_cls(**{name: nonsense}) if players is None else game_cls(players=players, **{name: nonsense})
    except (ValueError, TypeError) as exc:
        return re.findall(r"'([^']+)'", str(exc))
    return []


def _player_counts(game_cls) -> tuple:
    return tuple(n for n in SMALL_INTS if _accepts(game_cls, "players", n))


@lru_cache(maxsize=None)
def options(game_cls) -> tuple[Option, ...]:
    """Every option of ``game_cls`` with the values it accepts, in the class's field order. An option
    that only some player counts have (White Castle's solo options) offers what any count accepts;
    an option with a single value (nothing to choose, or values no list can hold) is left out."""
    counts = _player_counts(game_cls)
    found = []
    for field in dataclasses.fields(game_cls):
        default = field.default
        tried = (None,) if field.name == "players" else counts
        if isinstance(default, (tuple, list)):
            names = [n for p in tried for n in _quoted(game_cls, field.name, (_Nonsense(),), p)
                     + _quoted(game_cls, field.name, _Nonsense(), p)]
            choices = tuple(dict.fromkeys(n for n in names if any(_accepts(game_cls, field.name, (n,), p) for p in tried)))
            found.append(Option(field.name, tuple(default), choices, many=True))
            continue
        candidates = [default, True, False, None, *SMALL_INTS,
                      *(w for p in tried for w in _quoted(game_cls, field.name, _Nonsense(), p))]
        choices = []
        for value in candidates:
            if any(type(value) is type(c) and value == c for c in choices):
                continue
            if any(_accepts(game_cls, field.name, value, p) for p in tried):
                choices.append(value)
        if all(type(c) is bool for c in choices):
            choices.sort(key=lambda v: v is not True)  # yes before no
        elif all(c is None or type(c) is int for c in choices):
            choices.sort(key=lambda v: (v is not None, v or 0))  # the game's own rule, then 1, 2, 3
        if len(choices) > 1 or field.name == "players":
            found.append(Option(field.name, default, tuple(choices)))
    return tuple(found)


def explanation(game_cls, name: str) -> str:
    """What option ``name`` means, in the words of the game class's docstring (``name``: text)."""
    doc = game_cls.__doc__ or ""
    found = re.search(rf"``{re.escape(name)}``:?\s*(.+?)(?=\n\s*\*|\n\s*\n|;?\s*``\w+``[: ]|$)", doc, re.DOTALL)
    return " ".join(found.group(1).replace("``", "").split()).rstrip(";,.") if found else ""


def label(value) -> str:
    """How a choice reads in a setup list."""
    if value is None:
        return "the game's own rule"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


__all__ = ["Option", "options", "explanation", "label"]

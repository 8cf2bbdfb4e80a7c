"""Teaching positions built from a partial description: what a teacher cares about (dice on
bridges, a room's tiles, meeples on a tile, caballeros in a region, a roll), the rest filled in.

    built = game.build_position({"roll": [1, 2, 3]}, seed=7)
    built.state          # the engine state (validated by ``Game.state_from_json``)
    built.report         # plain sentences: every field the builder filled or moved (in the
                         # glossary's language when built; built.report_in("ko") in Korean)

Every game supplies a hook, its ``positions`` module, with:

* ``FIELDS``: {field name: what it holds}, the description's vocabulary;
* ``base(game, seed)``: the JSON form of a real position of game ``seed`` (the position's own seed:
  every filled field comes from it, nothing from another deal);
* ``fill(game, position, description, report)``: writes the description into ``position``, makes
  the rest consistent around it (taking components from supplies, putting leftovers back) and
  appends one sentence to ``report`` per field it filled or moved. It never changes a described
  value: when the description cannot hold, it raises :class:`PositionRefused` naming the field
  and what to change.

Each sentence, of a report or of a refusal, is written once with its English and Korean templates
side by side (:func:`said`); ``str`` of it is the English. A refusal reads in Korean through
``exc.explain("ko")`` / ``exc.text("ko")``, like ``IllegalAction``.

The caller's description is never changed. A position the game then refuses is refused here too,
with the game's message and the described fields it may concern.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field

from boardlab.core import glossary
from boardlab.core.errors import InvalidPosition, brief
from boardlab.core.record import private_copy


class Said(str):
    """One sentence in English (its ``str``) and in Korean: ``text(language)`` (None: the
    glossary's current language)."""

    korean: str

    def __new__(cls, english: str, korean: str):
        self = super().__new__(cls, english)
        self.korean = korean
        return self

    def __getnewargs__(self):  # copied and pickled whole (a refusal sent back by a worker)
        return str(self), self.korean

    def text(self, language: str | None = None) -> str:
        return self.korean if (language or glossary.language()) == "ko" else str(self)


def said(game: str, english: str, korean: str, /, words: dict | None = None, **fields) -> Said:
    """The sentence ``english`` / ``korean`` (templates with ``{field}`` slots) filled in. In Korean a
    text field is written through ``words`` (English -> Korean), else the game's glossary and
    notation words (colours, goods, places); a number, a list or a quoted input as it is. Without
    fields the templates are the texts (braces and all)."""
    if not fields:
        return Said(english, korean)
    words = words or {}

    def korean_of(value):
        if isinstance(value, Said):
            return value.korean
        if isinstance(value, str) and value in words:
            return words[value]
        return glossary.field_text(game, value, "ko") if isinstance(value, str) else str(value)

    return Said(english.format(**fields), glossary.particles(korean.format(**{k: korean_of(v) for k, v in fields.items()})))


def choices(game: str, names, words: dict | None = None) -> Said:
    """The names a description may use, joined by commas; in Korean each followed by its Korean
    (``words``, else the game's glossary) in brackets: the name is still what to type."""
    words = words or {}
    korean = (words.get(n) or glossary.field_text(game, n, "ko") for n in names)
    return Said(", ".join(names), ", ".join(n if k == n else f"{n}({k})" for n, k in zip(names, korean)))


def text_in(sentence, language: str | None = None) -> str:
    """A sentence in ``language``: a :class:`Said` in that language, a plain text as it is."""
    return sentence.text(language) if isinstance(sentence, Said) else str(sentence)


class PositionRefused(InvalidPosition):
    """A description no position can hold: ``field`` is where, the message says what to change
    (English in ``str``; ``explain(language) -> (field, message)`` and ``text(language)``)."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")

    def __reduce__(self):
        return type(self), (self.field, self.message)

    def explain(self, language: str | None = None) -> tuple[str, str]:
        return self.field, text_in(self.message, language)

    def text(self, language: str | None = None) -> str:
        return "{}: {}".format(*self.explain(language))


@dataclass(frozen=True)
class Built:
    """A built position: the state, its JSON form and what the builder filled or moved
    (``report``: in the language current when it was built; :meth:`report_in` any language)."""

    state: object
    position: dict
    report: tuple[str, ...]
    sentences: tuple = dataclass_field(default=(), compare=False, repr=False)

    def report_in(self, language: str | None = None) -> tuple[str, ...]:
        """The report in ``language`` ("en" or "ko"; None: the glossary's current language)."""
        return tuple(text_in(s, language) for s in self.sentences)

    def __repr__(self):
        return f"Built({self.state!r}, {len(self.report)} sentences in the report)"


def build(game, description, seed: int, hook, start=None) -> Built:
    """The position ``description`` asks for in game ``seed``, built by the game's ``hook``; with
    ``start`` (a state), built on that position instead (a lesson going on from a position it played)."""
    if not isinstance(description, dict):
        raise PositionRefused("description", _said("a dict of fields among {fields}, got {got}",
                                                   "필드 이름을 키로 하는 dict여야 합니다 (필드: {fields}). 받은 값: {got}",
                                                   fields=str(sorted(hook.FIELDS)), got=brief(description)))
    unknown = sorted(str(k) for k in description if k not in hook.FIELDS)
    if unknown:
        known = Said("; ".join(f"{k}: {v}" for k, v in hook.FIELDS.items()),
                     "; ".join(f"{k}: {text_in(v, 'ko')}" for k, v in hook.FIELDS.items()))
        raise PositionRefused(str(unknown[0]), _said("not a field of a {game} description; the fields are {known}",
                                                     "{game} 설명의 필드가 아닙니다. 필드는 다음과 같습니다: {known}",
                                                     game=game.name, known=known))
    description = private_copy(description, InvalidPosition, "the description")
    position = hook.base(game, seed) if start is None else start.to_json()
    report: list[str] = []
    hook.fill(game, position, description, report)
    try:
        state = game.state_from_json(position)
    except InvalidPosition as exc:
        described = ", ".join(sorted(description))
        raise PositionRefused("description", _said(
            "the position it gives is refused ({exc}); change the described {fields} so that it holds",
            "이 설명으로 만든 배치를 게임이 받아들이지 않습니다 (게임의 메시지: '{exc}'). 배치가 성립하도록 설명한 "
            "필드({fields_ko})를 바꾸세요", exc=str(exc), fields=described or "fields", fields_ko=described)) from None
    return Built(state, state.to_json(), tuple(text_in(s) for s in report), tuple(report))


def _said(english: str, korean: str, **fields) -> Said:
    return said("core", english, korean, **fields)


def seat(key, players: int, field: str) -> int:
    """A seat number given as an int or a string of digits ("0"), checked against the player count."""
    if isinstance(key, str) and key.isdigit():
        key = int(key)
    if type(key) is not int or not 0 <= key < players:
        raise PositionRefused(field, _said("seats are 0 to {last}, got {got}", "자리는 0부터 {last}까지입니다. 받은 값: {got}",
                                           last=players - 1, got=brief(key)))
    return key


def as_dict(value, field: str, what) -> dict:
    """``value`` if it is a dict, else a refusal saying ``what`` (a :class:`Said`) was expected."""
    if not isinstance(value, dict):
        raise PositionRefused(field, _said("expected {what}, got {got}", "{what} 형태여야 합니다. 받은 값: {got}",
                                           what=what, got=brief(value)))
    return value


def as_list(value, field: str, what) -> list:
    """``value`` as a list if it is a list or tuple, else a refusal saying ``what`` was expected."""
    if not isinstance(value, (list, tuple)):
        raise PositionRefused(field, _said("expected {what}, got {got}", "{what} 형태여야 합니다. 받은 값: {got}",
                                           what=what, got=brief(value)))
    return list(value)

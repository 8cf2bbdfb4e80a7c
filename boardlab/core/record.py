"""Game records: game, options, seed (or a start position) and the actions in text notation.

JSON form (``FORMAT``)::

    {"format": "boardlab-record", "version": 2, "game": "whitecastle",
     "options": {"players": 3}, "seed": 1, "chance": 2, "start": null,
     "actions": ["take coral 2 (left end)", ...]}

``chance`` is the version of the chance stream the game was played with (``boardlab.core.chance``).
Version 1 of the format has no ``chance``: its games were played with stream 1, and a record of
a stream-1 game is still written in it (the same bytes as before); an earlier boardlab refuses a
version-2 record instead of replaying it with the wrong stream. A record from a start position
names the stream its position names (``start.chance.version``); ``replay`` refuses one that does not.

``replay`` rebuilds the state and refuses a malformed or tampered record with a RecordError
naming the step and the reason: bytes that are not UTF-8, text that is not JSON, absurd
numbers, nesting too deep, a wrong type anywhere. A record never shares data with its
caller: ``options`` and ``start`` are private copies.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from boardlab.core.chance import VERSION as CHANCE_VERSION, VERSIONS as CHANCE_VERSIONS
from boardlab.core.errors import IllegalAction, InvalidPosition, RecordError, brief
from boardlab.core.registry import game_class

FORMAT = "boardlab-record"
#: the format written for a game of chance stream 2 or later; stream-1 games are written as version 1
VERSION = 2
VERSIONS = (1, 2)
#: a seed is a 64-bit integer at most (simulate's game seeds are 32-bit)
SEED_LIMIT = 2**64
#: a number literal longer than this in a record file is refused before Python converts it
LONGEST_NUMBER = 30


def private_copy(data, error: type[Exception] = RecordError, what: str = "a position"):
    """A deep copy of JSON data through its text form (so nothing is shared with the caller).
    ``error`` (InvalidPosition, RecordError) refuses data that is not JSON, naming where."""
    if data is None:
        return None
    try:
        return json.loads(json.dumps(data, allow_nan=False))
    except RecursionError:
        raise error(f"{what} is nested too deeply (more than a few hundred levels)") from None
    except (TypeError, ValueError):
        path, problem = _not_json(data)
        raise error(f"{path or what}: {problem}") from None


def _not_json(value, path: str = "", depth: int = 0) -> tuple[str, str]:
    """(path, problem) of the first value below ``value`` that JSON cannot hold."""
    if depth > 200:
        return path, "nested too deeply"
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return path, f"expected an object with string keys, got the key {brief(key)}"
            found = _not_json(item, f"{path}.{key}" if path else key, depth + 1)
            if found[1]:
                return found
        return path, ""
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = _not_json(item, f"{path}[{i}]", depth + 1)
            if found[1]:
                return found
        return path, ""
    if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
        return path, f"expected a finite number, got {value!r}"
    if type(value) is int and abs(value).bit_length() > 14_000:
        return path, "expected a number of sensible size, got one of thousands of digits"
    if value is None or isinstance(value, (str, int, float, bool)):
        return path, ""
    return path, f"expected JSON data (object, list, string, number, true, false, null), got {type(value).__name__}"


@dataclasses.dataclass(frozen=True)
class Record:
    game: str
    options: dict
    seed: int | None
    actions: tuple[str, ...]
    start: dict | None = None
    #: the chance stream's version (a start position names its own, which this repeats)
    chance: int = CHANCE_VERSION

    def __post_init__(self):
        object.__setattr__(self, "options", private_copy(self.options, RecordError, "options"))
        object.__setattr__(self, "start", private_copy(self.start, RecordError, "field 'start'"))
        object.__setattr__(self, "actions", tuple(self.actions))

    def to_json(self) -> dict:
        data = {"format": FORMAT, "version": 1 if self.chance == 1 else VERSION, "game": self.game,
                "options": private_copy(self.options), "seed": self.seed}
        if self.chance != 1:
            data["chance"] = self.chance
        data.update(start=private_copy(self.start), actions=list(self.actions))
        return data

    @classmethod
    def from_json(cls, data) -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"expected a JSON object, got {brief(data)} ({type(data).__name__})")
        if data.get("format") != FORMAT or type(data.get("format")) is not str:
            raise RecordError(f"expected format {FORMAT!r}, got {brief(data.get('format'))}")
        version = data.get("version")
        if type(version) is not int or version not in VERSIONS:
            raise RecordError(f"expected version {' or '.join(map(str, VERSIONS))}, got {brief(version)}"
                              + (" (written by a newer boardlab: update it to replay this record)"
                                 if type(version) is int and version > VERSION else ""))
        chance = 1 if version == 1 else data.get("chance")
        if version == 1 and "chance" in data:
            raise RecordError("field 'chance' is not part of a version-1 record (its games use chance stream 1)")
        if type(chance) is not int or chance not in CHANCE_VERSIONS:
            raise RecordError(f"field 'chance' (the chance stream's version) must be one of "
                              f"{', '.join(map(str, CHANCE_VERSIONS))}, got {brief(chance)}")
        for key, kind in (("game", str), ("options", dict), ("actions", list)):
            if type(data.get(key)) is not kind:
                raise RecordError(f"field {key!r} must be a {kind.__name__}, got {brief(data.get(key))}")
        seed, start = data.get("seed"), data.get("start")
        if seed is not None or start is None:
            if type(seed) is not int:
                raise RecordError(f"field 'seed' must be an integer when there is no 'start', got {brief(seed)}")
            if not -SEED_LIMIT < seed < SEED_LIMIT:
                raise RecordError(f"field 'seed' must be an integer of at most 64 bits, got one of "
                                  f"{len(str(abs(seed))) if abs(seed) < 10**4000 else 'thousands of'} digits")
        if start is not None and type(start) is not dict:
            raise RecordError(f"field 'start' must be a position object or null, got {brief(start)}")
        for i, a in enumerate(data["actions"], 1):
            if type(a) is not str:
                raise RecordError(f"action must be a string in text notation, got {brief(a)}", step=i)
        return cls(data["game"], data["options"], seed, tuple(data["actions"]), start, chance)

    def to_text(self) -> str:
        """The record's file text (JSON, one field a line)."""
        return json.dumps(self.to_json(), indent=1) + "\n"

    def save(self, path) -> None:
        Path(path).write_text(self.to_text(), encoding="utf-8")

    @classmethod
    def load(cls, path) -> Record:
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise RecordError(f"cannot read {str(path)!r} ({exc.strerror or exc})") from exc
        return cls.from_json(parse_json(raw))


def parse_json(raw: bytes | str):
    """The JSON value of a record's text, refusing what is not strict JSON of sane size."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"not UTF-8 text: byte {raw[exc.start]:#04x} at offset {exc.start} "
                              "cannot be decoded") from None
    try:
        return json.loads(raw, parse_int=_bounded_int, parse_constant=_no_constant)
    except RecursionError:
        raise RecordError("not a record: its JSON is nested too deeply") from None
    except RecordError:
        raise
    except ValueError as exc:  # json.JSONDecodeError is a ValueError
        raise RecordError(f"not valid JSON ({exc})") from None


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > LONGEST_NUMBER:
        raise RecordError(f"not a record: it holds a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _no_constant(name: str):
    raise RecordError(f"not valid JSON: {name} is not a JSON number")


def replay(record, expected_game: str | None = None):
    """Rebuild the state a record describes. ``record`` is a Record, a dict or a path."""
    if isinstance(record, (str, Path)):
        record = Record.load(record)
    elif isinstance(record, dict):
        record = Record.from_json(record)
    elif isinstance(record, Record):
        record = Record.from_json(record.to_json())  # a Record built in code is checked the same way
    else:
        raise RecordError(f"expected a Record, a record's JSON object or a file path, got {brief(record)} "
                          f"({type(record).__name__})")
    if expected_game is not None and record.game != expected_game:
        raise RecordError(f"this record is for game {record.game!r}, not {expected_game!r}")
    try:
        game = game_class(record.game).from_options(record.options)
    except ValueError as exc:
        raise RecordError(str(exc)) from exc
    except TypeError as exc:  # options that are not keyword names
        raise RecordError(f"options: {exc}") from exc
    try:
        state = start_state(game, record)
    except InvalidPosition as exc:
        raise RecordError(f"start position refused: {exc}") from exc
    if record.start is not None:
        state.seed = record.seed
    for step, text in enumerate(record.actions, 1):
        try:
            state.apply(text)
        except IllegalAction as exc:
            what = "unknown action" if exc.rule == "notation" else "illegal action"
            raise RecordError(f"{what} {brief(text, 200)}: {exc}", step=step) from exc
    return state


def start_state(game, record: Record):
    """The position ``record`` starts from: its start position, or a new game of ``game`` from its
    seed, drawn by its chance stream."""
    if record.start is None:
        return game.new_game(record.seed, chance=record.chance)
    state = game.state_from_json(record.start)
    stream = state.chance.version
    if stream != record.chance:  # one of the two was edited: replaying with either could deal a wrong game
        named = "field 'chance' is" if record.chance != 1 else "a version-1 record (no field 'chance') means"
        raise RecordError(f"{named} chance stream {record.chance}, but its start position's stream "
                          f"(start.chance.version) is {stream}: the two must agree")
    return state

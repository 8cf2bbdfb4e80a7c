"""Game records: game, options, seed (or a start position) and the actions in text notation.

JSON form (``FORMAT``)::

    {"format": "boardlab-record", "version": 1, "game": "whitecastle",
     "options": {"players": 3}, "seed": 1, "start": null,
     "actions": ["take coral 2 (left end)", ...]}

``replay`` rebuilds the state and refuses a malformed or tampered record with a message
naming the step and the reason.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from boardlab.core.errors import IllegalAction, InvalidPosition, RecordError
from boardlab.core.game import Game

FORMAT = "boardlab-record"
VERSION = 1


@dataclasses.dataclass(frozen=True)
class Record:
    game: str
    options: dict
    seed: int | None
    actions: tuple[str, ...]
    start: dict | None = None

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "start": self.start,
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data) -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"expected format {FORMAT!r}, got {data.get('format')!r}")
        if data.get("version") != VERSION:
            raise RecordError(f"expected version {VERSION}, got {data.get('version')!r}")
        for key, kind in (("game", str), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"field {key!r} must be a {kind.__name__}, got {data.get(key)!r}")
        seed, start = data.get("seed"), data.get("start")
        if start is None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(f"field 'seed' must be an integer when there is no 'start', got {seed!r}")
        if start is not None and not isinstance(start, dict):
            raise RecordError(f"field 'start' must be a position object or null, got {start!r}")
        for i, a in enumerate(data["actions"], 1):
            if not isinstance(a, str):
                raise RecordError(f"action must be a string in text notation, got {a!r}", step=i)
        return cls(data["game"], data["options"], seed, tuple(data["actions"]), start)

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON ({exc})") from exc
        return cls.from_json(data)


def replay(record, expected_game: str | None = None):
    """Rebuild the state a record describes. ``record`` is a Record, a dict or a path."""
    if isinstance(record, (str, Path)):
        record = Record.load(record)
    elif isinstance(record, dict):
        record = Record.from_json(record)
    if expected_game is not None and record.game != expected_game:
        raise RecordError(f"this record is for game {record.game!r}, not {expected_game!r}")
    try:
        game = Game.by_name(record.game).from_options(record.options)
    except ValueError as exc:
        raise RecordError(str(exc)) from exc
    try:
        state = game.state_from_json(record.start) if record.start is not None else game.new_game(record.seed)
    except InvalidPosition as exc:
        raise RecordError(f"start position refused: {exc}") from exc
    if record.start is not None:
        state.seed = record.seed
    for step, text in enumerate(record.actions, 1):
        try:
            action = game.parse_action(text)
        except ValueError as exc:
            raise RecordError(f"unknown action {text!r} ({exc})", step=step) from exc
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"illegal action {text!r}: {exc}", step=step) from exc
    return state

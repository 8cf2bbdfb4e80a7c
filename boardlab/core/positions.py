"""Teaching positions built from a partial description: what a teacher cares about (dice on
bridges, a room's tiles, meeples on a tile, caballeros in a region, a roll), the rest filled in.

    built = game.build_position({"roll": [1, 2, 3]}, seed=7)
    built.state          # the engine state (validated by ``Game.state_from_json``)
    built.report         # plain sentences: every field the builder filled or moved

Every game supplies a hook, its ``positions`` module, with:

* ``FIELDS``: {field name: what it holds}, the description's vocabulary;
* ``base(game, seed)``: the JSON form of a real position of game ``seed`` (the position's own seed:
  every filled field comes from it, nothing from another deal);
* ``fill(game, position, description, report)``: writes the description into ``position``, makes
  the rest consistent around it (taking components from supplies, putting leftovers back) and
  appends one sentence to ``report`` per field it filled or moved. It never changes a described
  value: when the description cannot hold, it raises :class:`PositionRefused` naming the field
  and what to change.

The caller's description is never changed. A position the game then refuses is refused here too,
with the game's message and the described fields it may concern.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.core.errors import InvalidPosition, brief
from boardlab.core.record import private_copy


class PositionRefused(InvalidPosition):
    """A description no position can hold: ``field`` is where, the message says what to change."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"{field}: {message}")


@dataclass(frozen=True)
class Built:
    """A built position: the state, its JSON form and what the builder filled or moved."""

    state: object
    position: dict
    report: tuple[str, ...]

    def __repr__(self):
        return f"Built({self.state!r}, {len(self.report)} sentences in the report)"


def build(game, description, seed: int, hook, start=None) -> Built:
    """The position ``description`` asks for in game ``seed``, built by the game's ``hook``; with
    ``start`` (a state), built on that position instead (a lesson going on from a position it played)."""
    if not isinstance(description, dict):
        raise PositionRefused("description", f"a dict of fields among {sorted(hook.FIELDS)}, got {brief(description)}")
    unknown = sorted(str(k) for k in description if k not in hook.FIELDS)
    if unknown:
        known = "; ".join(f"{k}: {v}" for k, v in hook.FIELDS.items())
        raise PositionRefused(str(unknown[0]), f"not a field of a {game.name} description; the fields are {known}")
    description = private_copy(description, InvalidPosition, "the description")
    position = hook.base(game, seed) if start is None else start.to_json()
    report: list[str] = []
    hook.fill(game, position, description, report)
    try:
        state = game.state_from_json(position)
    except InvalidPosition as exc:
        raise PositionRefused("description", f"the position it gives is refused ({exc}); change the described "
                              f"{', '.join(sorted(description)) or 'fields'} so that it holds") from None
    return Built(state, state.to_json(), tuple(report))


def seat(key, players: int, field: str) -> int:
    """A seat number given as an int or a string of digits ("0"), checked against the player count."""
    if isinstance(key, str) and key.isdigit():
        key = int(key)
    if type(key) is not int or not 0 <= key < players:
        raise PositionRefused(field, f"seats are 0 to {players - 1}, got {brief(key)}")
    return key


def as_dict(value, field: str, what: str) -> dict:
    if not isinstance(value, dict):
        raise PositionRefused(field, f"expected {what}, got {brief(value)}")
    return value


def as_list(value, field: str, what: str) -> list:
    if not isinstance(value, (list, tuple)):
        raise PositionRefused(field, f"expected {what}, got {brief(value)}")
    return list(value)

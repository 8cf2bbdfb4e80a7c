"""Game-agnostic core: the engine contract, records, policies, simulation, conformance."""

from boardlab.core.chance import ChanceStream
from boardlab.core.errors import IllegalAction, InvalidPosition, NotAnAction, RecordError
from boardlab.core.game import Game, State, check_choice, register, require
from boardlab.core.record import Record, replay

__all__ = [
    "ChanceStream", "IllegalAction", "InvalidPosition", "NotAnAction", "RecordError",
    "Game", "State", "check_choice", "register", "require", "Record", "replay",
]

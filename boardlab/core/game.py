"""The engine contract every game follows (GUIDE section 2).

A game is an immutable, validated set of options (``Game``); a position is a ``State``.
A turn is a sequence of small decisions: ``legal_actions()`` lists the options for the one
decision asked now and ``apply`` advances. Subclasses provide the ``_underscored`` hooks;
this base class owns what every game shares: the legal-action cache, refusing an illegal
action with the rule it breaks (leaving the state unchanged), the record, equality.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from boardlab.core.errors import IllegalAction, InvalidPosition

_REGISTRY: dict[str, type[Game]] = {}


def register(game_cls: type[Game]) -> type[Game]:
    """Class decorator: make a game known to ``replay`` and ``Game.by_name``."""
    _REGISTRY[game_cls.name] = game_cls
    return game_cls


def check_choice(option: str, value: Any, allowed) -> None:
    """Refuse an option value outside ``allowed`` with a message listing what is allowed."""
    if isinstance(value, bool) and not any(isinstance(a, bool) for a in allowed):
        ok = False
    else:
        ok = value in allowed
    if not ok:
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"{option} must be one of {shown}; got {value!r}")


@dataclasses.dataclass(frozen=True)
class Game(ABC):
    """Rules and options of one game. Immutable; validated on construction."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    players: int = 2

    def __post_init__(self):
        self._validate()

    @abstractmethod
    def _validate(self) -> None:
        """Raise ValueError naming the option and the allowed values."""

    @abstractmethod
    def new_game(self, seed: int) -> State:
        """A new game set up from ``seed`` (all randomness flows from it)."""

    @abstractmethod
    def parse_action(self, text: str):
        """Parse the text notation of an action; ``parse_action(str(a)) == a``."""

    @abstractmethod
    def state_from_json(self, data: dict) -> State:
        """Rebuild a position from its JSON form, refusing an inconsistent one (InvalidPosition)."""

    def policy(self, name: str):
        """A heuristic policy of this game by name (the core knows 'random')."""
        raise ValueError(f"{self.name} has no policy named {name!r}")

    def options(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_options(cls, options: dict) -> Game:
        if not isinstance(options, dict):
            raise ValueError(f"options must be an object, got {type(options).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)} for {cls.name}; known: {sorted(known)}")
        return cls(**options)

    @staticmethod
    def by_name(name: str) -> type[Game]:
        """The game class registered under ``name``, importing ``boardlab.<name>`` on first use."""
        if name not in _REGISTRY and isinstance(name, str) and name.isidentifier():
            import importlib

            try:
                importlib.import_module(f"boardlab.{name}")
            except ModuleNotFoundError as exc:
                if exc.name != f"boardlab.{name}":
                    raise  # a real error inside the game package must not read as "unknown game"
        if name not in _REGISTRY:
            raise ValueError(f"unknown game {name!r}; known games: {sorted(_REGISTRY)}")
        return _REGISTRY[name]


class State(ABC):
    """A position plus how it was reached. Subclasses keep their data in plain attributes."""

    game: Game

    def __init__(self, game: Game, seed: int | None, start: dict | None = None):
        self.game = game
        self.seed = seed
        self.start = start  # JSON form this state was set up from, when not from a seed
        self.history: list = []
        self._legal: tuple | None = None

    # -- hooks for subclasses -------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The player whose decision is asked now; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _generate_legal(self) -> list:
        """Every legal action for the decision asked now (any order)."""

    @abstractmethod
    def _apply(self, action) -> None:
        """Advance by a legal action."""

    @abstractmethod
    def _why_illegal(self, action) -> tuple[str, str]:
        """(rule, detail) explaining why ``action`` is not legal now."""

    @abstractmethod
    def _copy_position(self) -> State:
        """A deep copy of the position (the base class copies history)."""

    @abstractmethod
    def score_sheet(self) -> dict[int, dict[str, int]]:
        """{player: {category: points, ..., 'total': points}} as on the scoring pad."""

    @abstractmethod
    def ranks(self) -> dict[int, int]:
        """{player: rank}, 1 = winner, after the game's tie-break. Competition ranks: players
        still tied after the tie-break share a rank and the next rank is skipped (1, 1, 3);
        a higher total never ranks worse."""

    @abstractmethod
    def to_json(self) -> dict:
        """The documented JSON form of the position (no history)."""

    @abstractmethod
    def summary(self) -> str:
        """A short text summary used by golden playthroughs."""

    # -- shared behaviour ----------------------------------------------------------------
    def legal_actions(self) -> tuple:
        """The options for the decision asked now, sorted; empty only when the game is over."""
        if self._legal is None:
            self._legal = tuple(sorted(self._generate_legal())) if not self.is_over else ()
        return self._legal

    def apply(self, action) -> None:
        """Advance by ``action`` (an action or its text). Illegal: IllegalAction, state unchanged."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if self.is_over:
            raise IllegalAction("game over", f"the game has ended; {action} cannot be played")
        if action not in self.legal_actions():
            rule, detail = self._why_illegal(action)
            raise IllegalAction(rule, detail)
        self._legal = None
        self._apply(action)
        self.history.append(action)

    def copy(self) -> State:
        other = self._copy_position()
        other.seed = self.seed
        other.start = self.start
        other.history = list(self.history)
        return other

    @property
    def record(self):
        from boardlab.core.record import Record

        return Record(
            game=self.game.name,
            options=self.game.options(),
            seed=self.seed,
            actions=tuple(str(a) for a in self.history),
            start=self.start,
        )

    def reseed(self, seed: int) -> None:
        """Give this state (a lookahead copy) a different future of chance events.

        Every state keeps its randomness in ``self.chance`` (a ChanceStream)."""
        self.chance.reseed(seed)

    def __eq__(self, other):
        return type(other) is type(self) and self.game == other.game and self.to_json() == other.to_json()

    __hash__ = None

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=True)


def require(condition: bool, message: str) -> None:
    """Refuse an inconsistent position in ``state_from_json``."""
    if not condition:
        raise InvalidPosition(message)

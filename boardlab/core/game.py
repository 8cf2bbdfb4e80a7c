"""The engine contract every game follows (GUIDE section 2).

A game is an immutable, validated set of options (``Game``); a position is a ``State``.
A turn is a sequence of small decisions: ``legal_actions()`` lists the options for the one
decision asked now and ``apply`` advances. Subclasses provide the ``_underscored`` hooks;
this base class owns what every game shares: the legal-action cache, refusing an illegal
action with the rule it breaks (leaving the state unchanged), the record, equality.

Every game's ``Game()`` seats :data:`DEFAULT_PLAYERS` (4) players: a count every game supports
and at which none of them plays a small-game variant (Alea's 2-3 player rules, Five Tribes' two
bids a round at 2, El Grande's 2-player dummy colour, White Castle's 2-player setup and solo
rival); ``players=`` chooses another count.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import re
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from boardlab.core.chance import SEED_DIGITS, VERSION as CHANCE_VERSION
from boardlab.core.errors import IllegalAction, InvalidPosition, NotAnAction, brief
from boardlab.core.glossary import Phrase
from boardlab.core.record import Record, private_copy, start_state
from boardlab.core.registry import game_class, register

__all__ = ["DEFAULT_PLAYERS", "Game", "State", "check_choice", "register", "require"]

#: a run of this many digits in an action's text is refused before any parser sees it (an int
#: of thousands of digits would otherwise end in Python's integer-limit message)
LONGEST_NUMBER = 30
#: legal options listed in a refusal message before "... and N more"
OPTIONS_SHOWN = 12


def check_choice(option: str, value: Any, allowed) -> None:
    """Refuse an option value outside ``allowed`` with a message listing what is allowed.

    Compared with exact types: ``3.0`` is not the player count 3 and ``True`` is not 1."""
    allowed = tuple(allowed)
    if not any(type(value) is type(a) and value == a for a in allowed):
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"{option} must be one of {shown}; got {brief(value)}")



def check_seed(seed) -> int:
    """Refuse a seed that is not an exact integer (bool and float are not) of fewer than 30 digits."""
    if type(seed) is not int or not -10 ** SEED_DIGITS < seed < 10 ** SEED_DIGITS:
        what = type(seed).__name__ if type(seed) is not int else f"an int of {SEED_DIGITS} digits or more"
        raise ValueError(f"seed must be an integer of fewer than {SEED_DIGITS} digits, got {what}")
    return seed


#: the player count of ``Game()`` in every game (see the module text)
DEFAULT_PLAYERS = 4


@dataclasses.dataclass(frozen=True)
class Game(ABC):
    """Rules and options of one game. Immutable; validated on construction."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: the game's action classes; ``State.apply`` refuses anything of another type before any
    #: comparison. None: the types offered now, or a type the game's notation reads back.
    action_types: ClassVar[tuple[type, ...] | None] = None
    players: int = DEFAULT_PLAYERS

    def __post_init__(self):
        self._validate()

    @abstractmethod
    def _validate(self) -> None:
        """Raise ValueError naming the option and the allowed values."""

    @abstractmethod
    def new_game(self, seed: int, chance: int = CHANCE_VERSION) -> State:
        """A new game set up from ``seed`` (all randomness flows from it), its chance events drawn
        by stream version ``chance`` (see ``boardlab.core.chance``; a saved game names its own)."""

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
        return game_class(name)


class State(ABC):
    """A position plus how it was reached. Subclasses keep their data in plain attributes."""

    game: Game
    #: The rules' function per action kind, for games whose actions carry their kind as their first
    #: field: when set, ``apply`` calls ``RULES_BY_KIND[action[0]](state, action)`` itself instead
    #: of ``_apply`` (one call less on every decision of a playout); ``_apply`` must do the same.
    RULES_BY_KIND: ClassVar[dict | None] = None

    def __init__(self, game: Game, seed: int | None, start: dict | None = None):
        self.game = game
        self.seed = seed
        # the JSON form this state was set up from, when not from a seed: a private copy, so
        # that editing the caller's dict afterwards changes neither the state nor its record
        self.start = private_copy(start, InvalidPosition)
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
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(sorted(self._generate_legal())) if not self.is_over else ()
        return legal

    def apply(self, action) -> None:
        """Advance by ``action`` (an action or its text). Illegal: IllegalAction, state unchanged.

        Anything that is not one of this game's actions (None, a number, a plain tuple that
        equals an action) is refused as NotAnAction before any comparison. Only the listed
        legal action itself ever reaches the rules (``_apply`` or ``RULES_BY_KIND``), so a
        hand-built action with out-of-range fields cannot get in; a refusal whose explanation
        fails still refuses."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for chosen in legal:  # the usual case: a policy returns one of the listed actions
            if chosen is action:
                break
        else:
            chosen = self._check_offered(action)
        self._legal = None
        by_kind = self.RULES_BY_KIND
        try:
            if by_kind is None:
                self._apply(chosen)
            else:
                by_kind[chosen[0]](self, chosen)
        except BaseException as exc:
            # the history is appended to only below, so its length is still the one _restore needs
            self._restore(len(self.history), exc)
            raise
        self.history.append(chosen)

    # -- refusing, safely ---------------------------------------------------------------
    def _check_offered(self, action):
        """The listed legal action ``action`` stands for, or the refusal saying why there is none."""
        if isinstance(action, str):
            action = self._parse_text(action)
        if not self._is_action_type(action):
            raise NotAnAction("not an action of this game",
                              "expected a {game} action or its text, got {value} ({kind}); {legal}",
                              dict(game=self.game.name, value=brief(action), kind=type(action).__name__,
                                   legal=self._options_now()), self.game.name)
        if self.is_over:
            raise IllegalAction("game over", "the game has ended; '{action}' cannot be played", dict(action=action),
                                self.game.name)
        chosen = self._listed(action)
        if chosen is None:
            raise self._explain_refusal(action)
        return chosen

    def _parse_text(self, text: str):
        digits = max((len(m) for m in re.findall(r"\d[\d_]*", text)), default=0)
        if digits > LONGEST_NUMBER:
            raise IllegalAction("notation", "{text} holds a number of {digits} digits, far beyond any option of this "
                                "game; {legal}", dict(text=brief(text), digits=digits, legal=self._options_now()),
                                self.game.name)
        try:
            return self.game.parse_action(text)
        except Exception as exc:  # the parser's ValueError, or a parser bug: either way unreadable
            reason = str(exc) if isinstance(exc, ValueError) else f"{brief(text)} cannot be read"
            raise IllegalAction("notation", "{reason}{closest}; {legal}",
                                dict(reason=reason, text=brief(text), closest=self._closest(text),
                                     legal=self._options_now()),
                                self.game.name) from exc

    def _is_action_type(self, action) -> bool:
        """True for an action of this game (a type the game declares in ``action_types``, a type
        offered now, or a type whose text the game's own notation reads back as that type)."""
        kind = type(action)
        declared = getattr(self.game, "action_types", None)
        if declared is not None:
            return kind in declared
        if action is None or kind in (bool, int, float, tuple, list, dict, bytes, str):
            return False
        if any(type(a) is kind for a in self.legal_actions()):
            return True
        try:
            return type(self.game.parse_action(str(action))) is kind
        except Exception:
            return False

    def _listed(self, action):
        """The legal action equal to ``action`` with the same types all through, or None."""
        legal = self.legal_actions()
        for a in legal:
            if a is action:
                return a
        for a in legal:
            try:
                if a == action and _same(a, action):
                    return a
            except Exception:  # a hand-built action whose comparison fails is simply not listed
                continue
        return None

    def _explain_refusal(self, action) -> IllegalAction:
        """The refusal of ``action``: the game's (rule, detail[, fields]) from ``_why_illegal`` (its
        templates and their fields, translated through the game's glossary), or a generic
        refusal if explaining fails."""
        try:
            rule, detail, *fields = self._why_illegal(action)
            if isinstance(rule, str) and rule and isinstance(detail, str):
                return IllegalAction(rule, detail, *fields, game=self.game.name)
        except Exception:  # an out-of-range field broke the explanation: refuse all the same
            pass
        return IllegalAction("not a legal option now", "'{action}' is not a legal option now; {legal}",
                             dict(action=action, legal=self._options_now()), self.game.name)

    def _options_now(self) -> Phrase:
        if self.is_over:
            return Phrase("no options: the game is over", {})
        legal = self.legal_actions()
        if len(legal) > OPTIONS_SHOWN:
            return Phrase("legal now: {options}; ... and {more} more",
                          dict(options=list(legal[:OPTIONS_SHOWN]), more=len(legal) - OPTIONS_SHOWN))
        return Phrase("legal now: {options}", dict(options=list(legal)))

    def _closest(self, text: str) -> str:
        if self.is_over:
            return ""
        wanted = " ".join(text.split())[:200].lower()
        lowered = {_text(a).lower(): a for a in self.legal_actions()}
        close = difflib.get_close_matches(wanted, list(lowered), n=1, cutoff=0.5)
        return Phrase("; did you mean '{action}'?", dict(action=lowered[close[0]])) if close else ""

    def _restore(self, steps: int, exc: BaseException) -> None:
        """The rules failed on a listed legal action (an engine bug or a Ctrl-C in the middle):
        rebuild the position from its record (its first ``steps`` actions), so the state is the
        one before the call. A reseeded state (a lookahead copy) cannot be rebuilt: its stream's
        seed, which no action changes, differs from the one its record replays with."""
        chance = getattr(self, "chance", None)
        try:
            if self.start is None and self.seed is None:
                raise ValueError("no seed or start position to rebuild from")
            again = start_state(self.game, self.record)
            for done in self.history[:steps]:
                again.apply(done)
            again_chance = getattr(again, "chance", None)
            if chance is not None and (again_chance is None or again_chance.seed != chance.seed):
                raise ValueError("its chance stream was reseeded")
        except Exception as failed:
            exc.add_note(f"the state could not be restored ({failed}); discard it")
            return
        history, seed, start = self.history[:steps], self.seed, self.start
        _take_attributes(self, again)
        self.history, self.seed, self.start = history, seed, start
        exc.add_note("the state was restored to the position before this action")

    def margins(self) -> dict[int, float]:
        """{player: own total minus the best other total} on the score sheet as it stands (a lone
        seat: its total). A game against an automatic rival (a solo mode) counts the rival's total.
        Search and the advisor judge positions by this."""
        totals = {p: row["total"] for p, row in self.score_sheet().items()}
        return {p: float(t - max((u for q, u in totals.items() if q != p), default=0)) for p, t in totals.items()}

    def win_shares(self) -> dict[int, float]:
        """{player: share of the win} of a finished game, by the one tie rule of every boardlab table
        (:func:`boardlab.core.stats.win_shares`: k players tied first get 1/k each). A solo mode
        judges the player against its rival."""
        from boardlab.core.stats import win_shares  # stats imports numpy: load it only when asked

        return win_shares(self.ranks())

    def copy(self) -> State:
        other = self._copy_position()
        other.seed = self.seed
        other.start = self.start
        other.history = list(self.history)
        return other

    @property
    def record(self) -> Record:
        return Record(
            game=self.game.name,
            options=self.game.options(),
            seed=self.seed,
            actions=tuple(str(a) for a in self.history),
            start=self.start,
            chance=self.chance.version,
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


def _take_attributes(state: State, other: State) -> None:
    """Give ``state`` every attribute of ``other`` (of the same class): its ``__dict__`` and its
    ``__slots__`` (Alea's state keeps its position in slots)."""
    state.__dict__.update(other.__dict__)
    for cls in type(other).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(other, name):
                setattr(state, name, getattr(other, name))


def _text(action) -> str:
    """An action's text for a message, never failing (a hand-built action may not format)."""
    try:
        text = str(action)
    except Exception:
        return brief(action)
    return text if len(text) <= 200 else text[:197] + "..."


def _same(a, b) -> bool:
    """Equal with the same types all through (``Move("move", 3.0)`` is not ``Move("move", 3)``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a):
        return all(_same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return a == b


def require(condition: bool, message: str) -> None:
    """Refuse an inconsistent position in ``state_from_json``."""
    if not condition:
        raise InvalidPosition(message)

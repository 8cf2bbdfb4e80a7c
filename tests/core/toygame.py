"""A tiny dice race built on the engine contract, used only by the core tests.

Rules: 2-4 players take turns for ``rounds`` rounds. On your turn you decide, again and again,
to ``roll`` a die or to ``stop``. A 1 busts: the turn's points are lost and the turn ends. Any
other face adds to the turn's points; a 6 also scores a ``sixes`` point that is never lost.
``stop`` (allowed once you have rolled) banks the turn's points. Total = banked + sixes;
ties are broken by fewer busts, then shared.

The module also holds deliberately broken variants so the tests can show that the
conformance harness catches each kind of bug.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from boardlab.core import validate as V
from boardlab.core.chance import FIELDS as CHANCE_FIELDS, OPTIONAL_FIELDS as CHANCE_OPTIONAL, VERSION as CHANCE_VERSION
from boardlab.core.chance import ChanceStream
from boardlab.core.game import Game, State, check_choice, register, require


@dataclasses.dataclass(frozen=True, order=True)
class Act:
    kind: str  # "roll" or "stop"

    def __str__(self):
        return self.kind


ROLL, STOP = Act("roll"), Act("stop")


class RaceState(State):
    def __init__(self, game: ToyRace, seed: int | None, start: dict | None = None, chance: int = CHANCE_VERSION):
        super().__init__(game, seed, start)
        n = game.players
        self.chance = ChanceStream(seed if seed is not None else 0, version=chance)
        self.round = 1
        self.player = 0
        self.turn_points = 0
        self.last_roll: int | None = None
        self.banked = [0] * n
        self.sixes = [0] * n
        self.busts = [0] * n

    @property
    def to_move(self):
        return None if self.is_over else self.player

    @property
    def is_over(self):
        return self.round > self.game.rounds

    def _generate_legal(self):
        return [ROLL, STOP] if self.turn_points > 0 else [ROLL]

    def _why_illegal(self, action):
        if action == STOP:
            return "roll first", "you must roll at least once before you stop"
        return "unknown action", f"{action!r} is not an action of this game"

    def _apply(self, action):
        if action == STOP:
            self.banked[self.player] += self.turn_points
            self._end_turn()
            return
        face = self.chance.next_rng().randint(1, 6)
        self.last_roll = face
        if face == 1:
            self.busts[self.player] += 1
            self._end_turn()
            return
        self.turn_points += face
        if face == 6:
            self.sixes[self.player] += 1

    def _end_turn(self):
        self.turn_points = 0
        self.player += 1
        if self.player == self.game.players:
            self.player = 0
            self.round += 1

    def _blank(self) -> RaceState:
        return type(self)(self.game, self.seed, self.start)

    def _copy_position(self):
        other = self._blank()
        other.chance = self.chance.copy()
        other.round, other.player = self.round, self.player
        other.turn_points, other.last_roll = self.turn_points, self.last_roll
        other.banked, other.sixes, other.busts = list(self.banked), list(self.sixes), list(self.busts)
        return other

    def score_sheet(self):
        return {
            p: {"banked": self.banked[p], "sixes": self.sixes[p], "total": self.banked[p] + self.sixes[p]}
            for p in range(self.game.players)
        }

    def ranks(self):
        sheet = self.score_sheet()
        key = {p: (-sheet[p]["total"], self.busts[p]) for p in sheet}
        return {p: 1 + sum(key[q] < key[p] for q in sheet) for p in sheet}

    def to_json(self):
        return {
            "round": self.round,
            "player": self.player,
            "turn_points": self.turn_points,
            "last_roll": self.last_roll,
            "banked": list(self.banked),
            "sixes": list(self.sixes),
            "busts": list(self.busts),
            "chance": self.chance.to_json(),
        }

    def summary(self):
        who = "game over" if self.is_over else f"round {self.round}, player {self.player} has {self.turn_points}"
        return (f"{who} | last roll {self.last_roll} | banked {self.banked} | "
                f"sixes {self.sixes} | busts {self.busts}")


@register
@dataclasses.dataclass(frozen=True)
class ToyRace(Game):
    name = "toyrace"
    title = "Toy dice race"
    STATE: ClassVar[type] = RaceState
    players: int = 2
    rounds: int = 3

    def _validate(self):
        check_choice("players", self.players, (2, 3, 4))
        check_choice("rounds", self.rounds, tuple(range(1, 11)))

    def new_game(self, seed, chance=CHANCE_VERSION):
        return self.STATE(self, seed, chance=chance)

    def parse_action(self, text):
        word = text.strip()
        if word == "roll":
            return ROLL
        if word == "stop":
            return STOP
        raise ValueError(f"unknown action {text!r}; expected 'roll' or 'stop'")

    def state_from_json(self, data):
        n = self.players
        V.expect_dict(data, "position", ("round", "player", "turn_points", "last_roll", "banked", "sixes",
                                         "busts", "chance"))
        for key in ("banked", "sixes", "busts"):
            for i, v in enumerate(V.expect_list(data[key], key, n)):
                V.expect_int(v, f"{key}[{i}]", 0, 10**6)
        V.expect_int(data["round"], "round", 1, self.rounds + 1)
        V.expect_int(data["player"], "player", 0, n - 1)
        V.expect_int(data["turn_points"], "turn_points", 0, 10**6)
        V.expect_choice(data["last_roll"], "last_roll", (None, 1, 2, 3, 4, 5, 6))
        V.require(data["turn_points"] == 0 or data["last_roll"] not in (None, 1), "turn_points",
                  "0 unless the last roll scored (not none, not a 1)")
        chance = V.expect_dict(data["chance"], "chance", CHANCE_FIELDS, CHANCE_OPTIONAL)
        V.expect_int(chance["seed"], "chance.seed", -(2**63), 2**63)
        V.expect_int(chance["draws"], "chance.draws", 0, 10**9)
        state = self.STATE(self, None, start=data)
        state.chance = ChanceStream.from_json(data["chance"])
        state.round, state.player = data["round"], data["player"]
        state.turn_points, state.last_roll = data["turn_points"], data["last_roll"]
        state.banked, state.sixes, state.busts = list(data["banked"]), list(data["sixes"]), list(data["busts"])
        return state

    def policy(self, name):
        if name == "cautious":
            return CautiousPolicy()
        raise ValueError(f"{self.name} has policies 'random' and 'cautious', not {name!r}")


class CautiousPolicy:
    """Stop as soon as the turn is worth 8 points."""

    name = "cautious"

    def __call__(self, state, rng):
        return STOP if state.turn_points >= 8 else ROLL


def race_invariants(state: RaceState) -> None:
    """What must hold in every position of the toy race."""
    assert all(v >= 0 for v in state.banked + state.sixes + state.busts), "negative counter"
    assert state.turn_points == 0 or state.last_roll not in (None, 1), "turn points without a scoring roll"


class InterruptAt:
    """A policy that presses Ctrl-C (raises KeyboardInterrupt) in the game with this seed."""

    name = "interrupter"

    def __init__(self, game_seed: int):
        self.game_seed = game_seed

    def __call__(self, state, rng):
        if state.seed == self.game_seed:
            raise KeyboardInterrupt
        return rng.choice(state.legal_actions())


# -- broken variants: each breaks one promise of the contract ------------------------------


class SharedListState(RaceState):
    def _copy_position(self):
        other = super()._copy_position()
        other.banked = self.banked  # bug: the copy shares the banked list
        return other


@register
@dataclasses.dataclass(frozen=True)
class SharedCopyRace(ToyRace):
    name = "shared-copy-race"
    STATE = SharedListState


@register
@dataclasses.dataclass(frozen=True)
class LossyJsonRace(ToyRace):
    name = "lossy-json-race"

    def state_from_json(self, data):
        state = super().state_from_json(data)
        state.sixes = [0] * self.players  # bug: sixes are not read back
        return state


@register
@dataclasses.dataclass(frozen=True)
class LooseJsonRace(ToyRace):
    name = "loose-json-race"

    def state_from_json(self, data):
        state = self.STATE(self, None, start=data)  # bug: trusts the position without checking it
        state.chance = ChanceStream(data["chance"]["seed"], data["chance"]["draws"], data["chance"].get("version", 1))
        state.round, state.player = data["round"], data["player"]
        state.turn_points, state.last_roll = data["turn_points"], data["last_roll"]
        state.banked, state.sixes, state.busts = list(data["banked"]), list(data["sixes"]), list(data["busts"])
        return state


class ForgetChanceState(RaceState):
    def to_json(self):
        data = super().to_json()
        del data["chance"]  # bug: the future dice are not part of the JSON form
        return data


@register
@dataclasses.dataclass(frozen=True)
class ForgetChanceRace(ToyRace):
    name = "forget-chance-race"
    STATE = ForgetChanceState

    def state_from_json(self, data):
        return super().state_from_json({**data, "chance": {"seed": 0, "draws": 0}})


@register
@dataclasses.dataclass(frozen=True)
class BadNotationRace(ToyRace):
    name = "bad-notation-race"

    def parse_action(self, text):
        if text.strip() == "stop":
            raise ValueError("this variant forgot how to read 'stop'")
        return super().parse_action(text)


class EndlessState(RaceState):
    def _end_turn(self):
        self.turn_points = 0  # bug: the turn never passes, so the game never ends


@register
@dataclasses.dataclass(frozen=True)
class EndlessRace(ToyRace):
    name = "endless-race"
    STATE = EndlessState


def _roll_many():
    rng = ChanceStream(1)
    return [rng.next_rng().randint(1, 6) for _ in range(100)]


#: Hot kernels for ``python -m boardlab.bench`` (a real game package exports the same name).
BENCH_KERNELS = {"roll 100 dice": _roll_many}

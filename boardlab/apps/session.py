"""What an app remembers about one game, without any widget: a testable model of play and replay.

``Session`` is a game being played: who sits in each seat (a human or a bot policy), the state,
the decisions made so far (with who made them), undo back to the last human decision, and the
record to save. ``Replay`` steps forwards and backwards through a saved record. Both work on any
game through the engine contract (``State.apply`` / ``legal_actions`` / ``copy`` / ``record``).
"""

from __future__ import annotations

import dataclasses
import os
import random
import time
from pathlib import Path
from typing import Callable

from boardlab.core.errors import IllegalAction, RecordError
from boardlab.core.game import Game, check_seed
from boardlab.core.policies import policy_name, resolve_policy
from boardlab.core.record import Record, parse_json, replay, start_state

#: the seat kind of a person at the table; any other seat kind names a bot policy
HUMAN = "human"
#: who made a decision that came from a loaded record
FROM_RECORD = "record"
#: names tried by ``Session.save`` before it gives up
SAVE_ATTEMPTS = 1000
#: never open a link in place of the file (O_EXCL already refuses any existing name)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


@dataclasses.dataclass(frozen=True)
class Refusal:
    """Why an entry was not played: the rule it breaks and the engine's explanation."""

    rule: str
    detail: str


@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision made in a session: whose it was, by whom (human or a policy's name), what."""

    player: int
    by: str
    action: str


class Session:
    """One game in play: ``seats`` holds ``"human"`` or a policy spec per player."""

    def __init__(self, game: Game, seed: int, seats, bot_seed: int | None = None):
        check_seed(seed)
        self._set_up(game, seed, seats, bot_seed)
        self.state = game.new_game(seed)

    @classmethod
    def resume(cls, replay: Replay, step: int, seats, bot_seed: int | None = None) -> Session:
        """Play on from position ``step`` of a replayed record (its decisions cannot be undone)."""
        position = replay.state(step)
        session = cls.__new__(cls)
        session._set_up(replay.game, position.seed if position.seed is not None else 0, seats, bot_seed)
        session.state = position.copy()
        session._before = [s.copy() for s in replay.states[:step]]
        session.decisions = [Decision(p, FROM_RECORD, a) for p, a in zip(replay.players[:step], replay.actions[:step])]
        return session

    def _set_up(self, game: Game, seed: int, seats, bot_seed: int | None) -> None:
        seats = list(seats)
        if len(seats) != game.players:
            raise ValueError(f"seats: {game.name} with {game.players} players needs {game.players} seats; "
                             f"got {len(seats)}")
        self.game = game
        self.seed = seed
        self.seats = seats
        self.bots = {p: resolve_policy(game, spec) for p, spec in enumerate(seats) if spec != HUMAN}
        self.rng = random.Random(seed if bot_seed is None else bot_seed)
        self.decisions: list[Decision] = []
        self._before: list = []  # the state before each decision, for undo

    # -- who decides ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.seats[player] == HUMAN

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.is_human(self.state.to_move)

    # -- deciding ------------------------------------------------------------------------------
    def play(self, entry) -> Refusal | None:
        """Play a human's entry (an action or its text) for the player to move; a refused entry
        returns the Refusal and leaves the game unchanged."""
        if self.is_over:
            return Refusal("game over", "the game has ended; start a new one or undo")
        if not self.is_human(self.state.to_move):
            return Refusal("not your turn", f"player {self.state.to_move} is a bot ({self.seats[self.state.to_move]})")
        if isinstance(entry, str):
            entry = entry.strip()
            if not entry:
                return Refusal("notation", "type an option in the game's notation, e.g. "
                                           f"'{self.state.legal_actions()[0]}'")
        return self._decide(entry, HUMAN)

    def _decide(self, action, by: str) -> Refusal | None:
        player, before = self.state.to_move, self.state.copy()
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            return Refusal(*exc.explain())  # in the page's language (glossary.use_language)
        self._before.append(before)
        self.decisions.append(Decision(player, by, str(self.state.history[-1])))
        return None

    def run_bots(self, on_step: Callable[[int, Decision], None] | None = None, *, until_over: bool = False,
                 max_steps: int | None = None, one_turn: bool = False) -> int:
        """Let the bots decide until a human is to move (``until_over``: every seat is played by its
        bot, a human seat by the greedy or random policy, until the game ends; ``one_turn``: only
        until the first bot to decide has finished its turn, i.e. another player is to move).
        ``on_step(done, decision)`` is called after each decision. Returns the number of decisions made."""
        done = 0
        while not self.is_over and (max_steps is None or done < max_steps):
            player = self.state.to_move
            if one_turn and done and player != self.decisions[-1].player:
                break
            policy = self.bots.get(player)
            if policy is None:
                if not until_over:
                    break
                policy = self._stand_in()
            action = policy(self.state, self.rng)
            refused = self._decide(action, policy_name(policy))
            if refused is not None:  # a policy returned an illegal action: a bug worth seeing
                raise RuntimeError(f"bot {policy_name(policy)} chose an illegal action: {refused}")
            done += 1
            if on_step is not None:
                on_step(done, self.decisions[-1])
        return done

    def _stand_in(self):
        """The policy that finishes a human's seat when the bots finish the game."""
        try:
            return resolve_policy(self.game, "greedy")
        except ValueError:
            return resolve_policy(self.game, "random")

    def undo(self) -> int:
        """Take back the last human decision and the bot decisions made after it, so that human is
        to decide again; nothing when no human has decided yet. Returns how many were taken back."""
        for i in range(len(self.decisions) - 1, -1, -1):
            if self.decisions[i].by == HUMAN:
                undone = len(self.decisions) - i
                self.state = self._before[i]
                del self._before[i:], self.decisions[i:]
                return undone
        return 0

    @property
    def can_undo(self) -> bool:
        return any(d.by == HUMAN for d in self.decisions)

    # -- the record ----------------------------------------------------------------------------
    @property
    def record(self) -> Record:
        return self.state.record

    def save(self, folder, now: float | None = None) -> Path:
        """Write the record to a new file in ``folder`` (made if missing); returns its path.

        The file is created, never reused: a name already taken (a file, or a link, even a
        dangling one pointing out of the folder) is skipped for the next free one."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
        base = f"{self.game.name}-seed{self.seed}-{len(self.decisions)}decisions-{stamp}"
        text = self.record.to_text().encode("utf-8")
        for n in range(1, SAVE_ATTEMPTS + 1):
            path = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o644)
            except FileExistsError:
                continue
            with os.fdopen(fd, "wb") as out:
                out.write(text)
            return path
        raise FileExistsError(f"{folder}: {SAVE_ATTEMPTS} files named {base}*.json already; save in another folder")


class Replay:
    """A saved record, to step through: position ``step`` is the state after ``step`` decisions."""

    def __init__(self, record, expected_game: str | None = None):
        if isinstance(record, (bytes, bytearray, memoryview)):
            record = Record.from_json(parse_json(bytes(record)))
        final = replay(record, expected_game)  # refuses a malformed record, naming the step
        self.record = final.record
        self.game = final.game
        start = start_state(final.game, self.record)
        self.states = [start.copy()]
        self.players: list[int] = []
        for action in final.history:
            self.players.append(start.to_move)
            start.apply(action)
            self.states.append(start.copy())
        self.actions = [str(a) for a in final.history]

    @property
    def steps(self) -> int:
        return len(self.actions)

    def state(self, step: int):
        if not 0 <= step <= self.steps:
            raise ValueError(f"step must be 0..{self.steps}; got {step}")
        return self.states[step]

    def describe(self, step: int) -> str:
        """What led to position ``step``: the decision just made, in text notation."""
        if step == 0:
            return "the start of the game"
        return f"player {self.players[step - 1]} chose '{self.actions[step - 1]}'"


def load_record(path_or_bytes, expected_game: str | None = None) -> Replay:
    """A Replay of a record file (path) or of its bytes (an upload); RecordError if malformed."""
    if isinstance(path_or_bytes, (str, Path)):
        return Replay(Record.load(path_or_bytes), expected_game)
    return Replay(path_or_bytes, expected_game)


__all__ = ["HUMAN", "FROM_RECORD", "Refusal", "Decision", "Session", "Replay", "load_record", "RecordError"]

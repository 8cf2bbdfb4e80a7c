"""Conformance harness: does a game keep the engine contract? (GUIDE section 6.2)

``check_game`` plays seeded random games and checks the contract as it goes. A game's test is::

    from boardlab import whitecastle
    from boardlab.core.conformance import conformance_test

    test_conformance = conformance_test(lambda p: whitecastle.Game(players=p), [2, 3, 4],
                                        games=300, invariants=whitecastle.rules.invariants)

Schedule (what is checked when), chosen so 300 games stay fast:

* every decision: ``to_move`` is a seat, ``legal_actions()`` is non-empty and sorted, the chosen
  action's text parses back to it, ``invariants(state)`` holds, the game ends within
  ``max_decisions``;
* deep decisions (all decisions of the first ``deep_games`` games, then about one in
  ``check_every``): every legal action's text parses back and the texts are distinct; an action
  legal one decision ago but not now is refused with IllegalAction and leaves the state unchanged;
  the JSON form is JSON, rebuilds an equal state (through ``json.dumps``) and that state plays on
  identically; a copy equals the original and stays independent when either one is advanced
  (and when the copy is reseeded);
* record replay (through the record's JSON form) at steps 1, 2, 4, 8, ... of the deep games, and
  at the end of every game;
* end of game: ``to_move`` is None, no legal actions, every seat has a score sheet with a total
  and a rank; ranks are competition ranks (1, 1, 3) and a higher total never ranks worse.

Game ``i`` is played from seed ``seed + i`` and its moves depend only on that seed, so a failure
message ends with the call that replays just that game with every check.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from typing import Callable

from boardlab.core.errors import IllegalAction
from boardlab.core.game import Game, State
from boardlab.core.record import Record, replay


class ConformanceError(AssertionError):
    """A broken contract promise, with the game seed, step and action that show it."""


@dataclasses.dataclass(frozen=True)
class ConformanceReport:
    game: str
    options: dict
    games: int
    decisions: int
    deep_checks: int
    replays: int
    seconds: float

    def __str__(self):
        return (f"{self.game} {self.options}: {self.games} games, {self.decisions} decisions "
                f"({self.deep_checks} deep checks, {self.replays} replays) in {self.seconds:.2f} s")


def check_game(game: Game, games: int = 100, seed: int = 0, invariants: Callable[[State], None] | None = None,
               check_every: int = 10, deep_games: int = 3, max_decisions: int = 100_000) -> ConformanceReport:
    """Play ``games`` random games of ``game`` checking the engine contract; raise ConformanceError.

    ``invariants(state)`` is the game's own check (raise AssertionError with a message).
    ``check_every=1`` makes every decision of every game a deep one.
    """
    for label, value, low in (("games", games, 1), ("check_every", check_every, 1),
                              ("max_decisions", max_decisions, 1), ("deep_games", deep_games, 0)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{label} must be an integer >= {low}, got {value!r}")
    started = time.perf_counter()
    totals = {"decisions": 0, "deep_checks": 0, "replays": 0}
    for i in range(games):
        checker = _GameChecker(game, seed + i, invariants, max_decisions,
                               every=1 if i < deep_games else check_every, replay_midgame=i < deep_games)
        checker.run()
        for key in totals:
            totals[key] += getattr(checker, key)
    return ConformanceReport(game.name, game.options(), games, seconds=time.perf_counter() - started, **totals)


def conformance_test(make_game: Callable[[int], Game], player_counts, games: int = 100, seed: int = 0,
                     **check_options):
    """A pytest test function running ``check_game`` once per player count.

    Assign it to a module-level name starting with ``test_`` so pytest collects it;
    ``check_options`` (invariants, check_every, ...) go to ``check_game``.
    """
    import pytest

    @pytest.mark.parametrize("players", list(player_counts))
    def test_conformance(players):
        check_game(make_game(players), games=games, seed=seed, **check_options)

    return test_conformance


class _GameChecker:
    """Plays one game and checks it; counts what it checked."""

    def __init__(self, game, game_seed, invariants, max_decisions, every, replay_midgame):
        self.game = game
        self.game_seed = game_seed
        self.invariants = invariants
        self.max_decisions = max_decisions
        self.every = every
        self.replay_midgame = replay_midgame
        self.moves = random.Random(f"moves:{game_seed}")    # the game's trajectory
        self.checks = random.Random(f"checks:{game_seed}")  # where and how to probe: never the trajectory
        self.decisions = self.deep_checks = self.replays = 0
        self.where = "at setup"

    def fail(self, problem: str, cause: BaseException | None = None):
        options = ", ".join(f"{k}={v!r}" for k, v in self.game.options().items())
        raise ConformanceError(
            f"{self.game.name}({options}), game seed {self.game_seed}, {self.where}: {problem}\n"
            f"  reproduce: check_game(game, games=1, seed={self.game_seed}, deep_games=1)"
        ) from cause

    def run(self):
        try:
            self.play_and_check()
        except ConformanceError:
            raise
        except Exception as exc:  # a crash inside the game's code: report where it happened
            self.fail(f"{type(exc).__name__}: {exc}", exc)

    def play_and_check(self):
        state = self.game.new_game(self.game_seed)
        previous: tuple = ()
        while not state.is_over:
            if self.decisions >= self.max_decisions:
                self.where = f"after step {len(state.history)}"
                self.fail(f"the game did not end within {self.max_decisions} decisions")
            step = len(state.history) + 1
            self.where = f"step {step} (player {state.to_move!r})"
            legal = self.check_decision(state)
            action = self.moves.choice(legal)
            self.where = f"step {step} (player {state.to_move!r}, action {str(action)!r})"
            self.check_text(action)
            if self.every == 1 or self.checks.randrange(self.every) == 0:
                self.deep_step(state, legal, previous, action)
            else:
                self.apply(state, action)
            self.decisions += 1
            if self.replay_midgame and step & (step - 1) == 0:
                self.check_replay(state)
            previous = legal
        self.where = f"at the end (after step {len(state.history)})"
        self.check_end(state)

    # -- every decision --------------------------------------------------------------------
    def check_decision(self, state) -> tuple:
        players = self.game.players
        if state.to_move not in range(players):
            self.fail(f"to_move is {state.to_move!r} while the game is not over; expected a seat 0..{players - 1}")
        legal = state.legal_actions()
        if len(legal) == 0:
            self.fail("legal_actions() is empty but the game is not over")
        if list(legal) != sorted(legal):
            self.fail(f"legal_actions() is not sorted: {[str(a) for a in legal]}")
        self.check_invariants(state)
        return legal

    def check_text(self, action):
        text = str(action)
        try:
            parsed = self.game.parse_action(text)
        except Exception as exc:
            self.fail(f"parse_action({text!r}) raised {type(exc).__name__}: {exc}", exc)
        if parsed != action:
            self.fail(f"parse_action({text!r}) gives {parsed!r}, not the action {action!r}")

    def check_invariants(self, state):
        if self.invariants is None:
            return
        try:
            self.invariants(state)
        except AssertionError as exc:
            self.fail(f"invariant broken: {exc or 'assertion failed'}\n  position: {state.summary()}", exc)

    def apply(self, state, action):
        try:
            state.apply(action)
        except Exception as exc:
            self.fail(f"applying a listed legal action raised {type(exc).__name__}: {exc}", exc)

    # -- deep decisions --------------------------------------------------------------------
    def deep_step(self, state, legal, previous, action):
        self.deep_checks += 1
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts):
            self.fail(f"two legal actions share a text: {sorted(t for t in texts if texts.count(t) > 1)}")
        for other in legal:
            self.check_text(other)
        before = self.snapshot(state, "to_json()")
        if not isinstance(state.summary(), str):
            self.fail("summary() must return a str")
        self.check_refuses_stale(state, legal, previous, before)
        rebuilt = self.check_json(state, before, legal)
        self.check_copy_advanced(state, before, legal)
        untouched = state.copy()
        self.apply(state, action)
        if untouched.to_json() != before:
            self.fail("copy is not independent: advancing the original changed its copy at "
                      + _first_difference(before, untouched.to_json()))
        try:
            rebuilt.apply(action)
        except Exception as exc:
            self.fail(f"the state rebuilt from JSON refused the action ({type(exc).__name__}: {exc})", exc)
        if rebuilt.to_json() != state.to_json():
            self.fail("the JSON form misses something the future depends on: after the same action the rebuilt "
                      "state differs at " + _first_difference(state.to_json(), rebuilt.to_json()))

    def snapshot(self, state, what: str) -> dict:
        try:
            data = state.to_json()
            json.dumps(data)
        except Exception as exc:
            self.fail(f"{what} is not JSON: {type(exc).__name__}: {exc}", exc)
        return data

    def check_refuses_stale(self, state, legal, previous, before):
        """An action legal one decision ago but not now must be refused, leaving the state as it was."""
        stale = [a for a in previous if a not in legal]
        if not stale:
            return
        probe = self.checks.choice(stale)
        try:
            state.apply(probe)
        except IllegalAction as exc:
            if not exc.rule:
                self.fail(f"IllegalAction for {str(probe)!r} names no rule")
        except Exception as exc:
            self.fail(f"the illegal action {str(probe)!r} raised {type(exc).__name__} instead of IllegalAction", exc)
        else:
            self.fail(f"the illegal action {str(probe)!r} (not in legal_actions) was accepted")
        if state.to_json() != before or state.legal_actions() != legal:
            self.fail(f"refusing {str(probe)!r} changed the state")

    def check_json(self, state, before, legal) -> State:
        try:
            rebuilt = self.game.state_from_json(json.loads(json.dumps(before)))
        except Exception as exc:
            self.fail(f"state_from_json refused the state's own JSON form: {type(exc).__name__}: {exc}", exc)
        if rebuilt != state:
            self.fail("JSON round trip changed the state at " + _first_difference(before, rebuilt.to_json()))
        if rebuilt.legal_actions() != legal:
            self.fail("the state rebuilt from JSON has other legal actions")
        return rebuilt

    def check_copy_advanced(self, state, before, legal):
        copy = state.copy()
        if copy is state or copy != state:
            self.fail("copy() is not an equal, separate state")
        if list(copy.history) != list(state.history) or copy.record != state.record:
            self.fail("copy() lost the history or the record")
        if copy.legal_actions() != legal:
            self.fail("copy() has other legal actions")
        copy.reseed(self.checks.randrange(2**31))
        copy.apply(self.checks.choice(legal))
        if state.to_json() != before:
            self.fail("copy is not independent: advancing the copy changed the original at "
                      + _first_difference(before, state.to_json()))
        if state.legal_actions() != legal:
            self.fail("copy is not independent: advancing the copy changed the original's legal actions")

    # -- replays and the end ---------------------------------------------------------------
    def check_replay(self, state):
        self.replays += 1
        data = state.record.to_json()
        try:
            again = replay(Record.from_json(json.loads(json.dumps(data))))
        except Exception as exc:
            self.fail(f"the record does not replay: {type(exc).__name__}: {exc}", exc)
        if again != state:
            self.fail("replaying the record gives another state, differing at "
                      + _first_difference(state.to_json(), again.to_json()))

    def check_end(self, state):
        players = self.game.players
        if state.to_move is not None:
            self.fail(f"to_move is {state.to_move!r} after the game is over; expected None")
        if state.legal_actions() != ():
            self.fail(f"legal_actions() is {state.legal_actions()!r} after the game is over; expected ()")
        self.check_invariants(state)
        self.check_replay(state)
        before = self.snapshot(state, "to_json()")
        self.check_json(state, before, ())
        sheet, ranks = state.score_sheet(), state.ranks()
        seats = set(range(players))
        if set(sheet) != seats or any("total" not in sheet[p] for p in seats):
            self.fail(f"score_sheet() must give every seat 0..{players - 1} a sheet with a 'total': {sheet!r}")
        if set(ranks) != seats or not all(isinstance(r, int) and 1 <= r <= players for r in ranks.values()):
            self.fail(f"ranks() must give every seat a rank 1..{players}: {ranks!r}")
        if any(ranks[p] != 1 + sum(ranks[q] < ranks[p] for q in seats) for p in seats):
            self.fail(f"ranks {ranks!r} are not competition ranks (a shared rank skips the next: 1, 1, 3)")
        for p in seats:
            for q in seats:
                if sheet[p]["total"] > sheet[q]["total"] and ranks[p] >= ranks[q]:
                    self.fail(f"player {p} scored more than player {q} but does not rank better: "
                              f"totals {[sheet[s]['total'] for s in sorted(seats)]}, ranks {ranks!r}")


def _first_difference(a, b, path: str = "") -> str:
    """Where two JSON values first differ, e.g. ``banked[0]: 5 != 0``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip(".") + (" (missing after)" if key not in b else " (new)")
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path.lstrip('.') or 'top level'}: length {len(a)} != {len(b)}"
    return f"{path.lstrip('.') or 'top level'}: {a!r} != {b!r}"

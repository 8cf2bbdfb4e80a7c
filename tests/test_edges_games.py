"""Bad input and faults, for every game (issue 7): the core's harness (boardlab/core/fuzz.py)
run against each game's real positions, records and actions.

Adding a game is one line in GAMES. ``KNOWN`` marks the checks a game still fails, as xfail
(not strict), each with the branch that fixes it; remove the entry once that branch is merged.
Counts for a report: ``python -m pytest -p no:xdist -s -q tests/test_edges_games.py | grep '^FUZZ'``.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

import pytest

from boardlab import fivetribes, whitecastle
from boardlab.core import fuzz
from boardlab.fivetribes.state import invariants as fivetribes_invariants
from boardlab.whitecastle.validate import invariants as whitecastle_invariants


@dataclasses.dataclass(frozen=True)
class EdgeGame:
    name: str
    make: Callable[[int], object]  # players -> Game
    invariants: Callable
    players: int = 3


GAMES = [
    EdgeGame("whitecastle", lambda p: whitecastle.Game(players=p), whitecastle_invariants),
    EdgeGame("fivetribes", lambda p: fivetribes.Game(players=p), fivetribes_invariants),
]

#: (game, check) -> why it fails today; the branch named fixes it
KNOWN = {
}

EXAMPLES = {"positions": 300, "records": 200, "actions": 300}


def _cases(checks):
    for game in GAMES:
        for check in checks:
            marks = [pytest.mark.xfail(strict=False, reason=KNOWN[game.name, check])] if (game.name, check) in KNOWN else []
            yield pytest.param(game, check, id=f"{game.name}-{check}", marks=marks)


@pytest.fixture(scope="module")
def material():
    """Real positions of each game (seeded random play at several depths), built once."""
    return {g.name: fuzz.real_states(g.make(g.players)) for g in GAMES}


@pytest.mark.parametrize("edge, check", list(_cases(["positions", "records", "actions"])))
def test_bad_input_is_refused_clearly_and_changes_nothing(edge, check, material):
    game = edge.make(edge.players)
    states = material[edge.name]
    if check == "actions":
        tally = fuzz.fuzz_actions(game, EXAMPLES[check], states=states)
    else:
        run = fuzz.fuzz_positions if check == "positions" else fuzz.fuzz_records
        tally = run(game, edge.invariants, EXAMPLES[check], states=states)
    print(tally.line())
    assert sum(tally.tried.values()) >= EXAMPLES[check]
    tally.check()


@pytest.mark.parametrize("edge", GAMES, ids=[g.name for g in GAMES])
def test_ctrl_c_twice_with_two_workers_keeps_every_finished_game(edge):
    report = fuzz.interrupted_run(edge.make(edge.players), workers=2, presses=2, after=3.0)
    print(report.line(edge.name))
    assert report.partial and report.returned > 0
    assert report.lost == () and report.workers_left == ()
    assert report.seconds < 4

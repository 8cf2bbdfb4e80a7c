"""Bad input and faults for Alea Iacta Est, through the core's harness (boardlab/core/fuzz.py): mutated
positions and records are refused naming a field or load into sound states; wrong-typed and
hand-built actions are refused and change nothing; Ctrl-C keeps every finished game."""

import pytest

from boardlab.alea import Game
from boardlab.alea.state import invariants
from boardlab.core import fuzz

EXAMPLES = {"positions": 300, "records": 200, "actions": 300}


@pytest.fixture(scope="module")
def states():
    return fuzz.real_states(Game(players=4))


@pytest.mark.parametrize("check", ["positions", "records", "actions"])
def test_bad_input_is_refused_clearly_and_changes_nothing(check, states):
    game = Game(players=4)
    if check == "actions":
        tally = fuzz.fuzz_actions(game, EXAMPLES[check], states=states)
    else:
        run = fuzz.fuzz_positions if check == "positions" else fuzz.fuzz_records
        tally = run(game, invariants, EXAMPLES[check], states=states)
    print(tally.line())
    assert sum(tally.tried.values()) >= EXAMPLES[check]
    tally.check()


def test_ctrl_c_twice_with_two_workers_keeps_every_finished_game():
    report = fuzz.interrupted_run(Game(players=4), workers=2, presses=2, after=3.0)
    assert report.partial and report.returned > 0
    assert report.lost == () and report.workers_left == ()

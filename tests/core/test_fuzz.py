"""The bad-input harness (boardlab/core/fuzz.py): a sound game passes, a careless one is caught,
and a real Ctrl-C keeps every finished game (on the toy dice race)."""

from pathlib import Path

import pytest

from boardlab.core import fuzz
from toygame import LooseJsonRace, ToyRace, race_invariants

HERE = str(Path(__file__).resolve().parent)

GAME = ToyRace(players=3)


@pytest.mark.parametrize("check", ["positions", "records", "actions"])
def test_a_sound_game_passes_every_bad_input_check(check):
    if check == "actions":
        tally = fuzz.fuzz_actions(GAME, max_examples=150)
    else:
        tally = getattr(fuzz, f"fuzz_{check}")(GAME, race_invariants, max_examples=150)
    print(tally.line())
    tally.check()
    assert sum(tally.tried.values()) >= 150 and sum(tally.refused.values()) > 100
    assert len(tally.tried) >= 3  # several kinds of bad input


def test_a_position_loader_that_trusts_its_input_is_caught():
    tally = fuzz.fuzz_positions(LooseJsonRace(players=3), race_invariants, max_examples=150)
    with pytest.raises(fuzz.FuzzError, match=r"FUZZ loose-json-race positions: .*failed [1-9]") as caught:
        tally.check()
    assert "instead of InvalidPosition" in str(caught.value) or "loaded, but" in str(caught.value)


def test_the_same_inputs_on_every_run():
    first = fuzz.fuzz_positions(GAME, race_invariants, max_examples=60)
    again = fuzz.fuzz_positions(GAME, race_invariants, max_examples=60)
    assert first.tried == again.tried and first.refused == again.refused


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_keeps_every_finished_game_and_stops_quickly(workers, presses):
    report = fuzz.interrupted_run(ToyRace(players=4, rounds=10), workers=workers, presses=presses,
                                  after=2.0, paths=[HERE], imports=["toygame"])
    print(report.line("toyrace"))
    assert report.partial and report.returned > 0
    assert report.lost == ()  # every game a process finished came back
    assert report.workers_left == ()
    assert report.seconds < 4  # the run winds down within a second; the child then prints and exits

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


# -- issue 22: each new check catches the defect it was written for ------------------------------


def test_a_record_option_that_opens_its_path_is_caught(monkeypatch):
    """Before issue 22 a White Castle record's solo_cards path was opened on replay."""
    from boardlab import whitecastle
    from boardlab.core.game import Game

    monkeypatch.setattr(whitecastle.Game, "from_options", classmethod(Game.from_options.__func__))
    tally = fuzz.fuzz_options(whitecastle.Game(players=1))
    assert tally.failed["path"] > 0
    assert any("replaying the record opened" in f for f in tally.failures)


def test_a_position_loaded_without_the_playable_check_is_caught(monkeypatch):
    """Before issue 22 El Grande loaded an empty turn order (legal actions raised IndexError)."""
    from boardlab import elgrande
    import boardlab.elgrande.game as game_module
    import boardlab.elgrande.state as state_module
    from boardlab.elgrande.rules import invariants

    monkeypatch.setattr(game_module, "check_playable", lambda state, *args: state)
    monkeypatch.setattr(state_module, "_check_turn_order", lambda st: None)
    tally = fuzz.fuzz_transplants(elgrande.Game(players=4), invariants)
    assert tally.failed["transplant"] > 0
    assert any("IndexError" in f for f in tally.failures)


def test_a_parser_that_converts_huge_numbers_is_caught(monkeypatch):
    """Before issue 22 El Grande's parse_action leaked Python's integer-limit text."""
    from boardlab import elgrande
    from boardlab.elgrande.actions import parse_action

    monkeypatch.setattr(elgrande.Game, "parse_action", lambda self, text: parse_action(text))
    tally = fuzz.fuzz_notation(elgrande.Game())
    assert any("integer-limit" in f for f in tally.failures)


def test_a_run_reader_that_trusts_its_metadata_is_caught(monkeypatch):
    """Before issue 22 load_runs raised KeyError or JSONDecodeError on damaged metadata."""
    from boardlab.core import runs

    monkeypatch.setattr(runs, "_check_info", lambda info, run, file: info)
    tally = fuzz.fuzz_run_metadata(ToyRace(players=2), 60)
    assert tally.failed and any("instead of DamagedRun" in f for f in tally.failures)

"""Golden playthroughs: the committed toy game file matches, and a rule change is caught."""

import shutil
from pathlib import Path

import pytest

from boardlab.core import RecordError, replay
from boardlab.core.golden import UPDATE_ENV, check_golden, golden_text, main, read_record, write_golden
from boardlab.core.policies import play
from toygame import RaceState, ToyRace

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(autouse=True)
def no_update(monkeypatch):
    monkeypatch.delenv(UPDATE_ENV, raising=False)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.name)
def test_golden(path):
    check_golden(path)


@pytest.fixture
def golden_copy(tmp_path):
    path = tmp_path / "toy.txt"
    shutil.copy(GOLDEN / "toyrace-3p-seed7.txt", path)
    return path


@pytest.fixture
def changed_rules(monkeypatch):
    """A 'rule change': the summary is written differently."""
    monkeypatch.setattr(RaceState, "summary", lambda self: f"changed {self.to_json()['banked']}")


def test_the_file_holds_header_steps_scores_and_a_replayable_record(golden_copy):
    text = golden_copy.read_text()
    record = read_record(golden_copy)
    assert text.startswith("# boardlab golden playthrough: toyrace\n# options: {\"players\": 3, \"rounds\": 2}\n# seed: 7\n")
    assert "step 1, player 0 (choice of 1): roll\n  round 1, player 0 has " in text
    assert "\nend\n  player 0: banked " in text and "; rank " in text
    assert len(record.actions) == text.count("\nstep ")
    assert golden_text(replay(record)) == golden_text(record) == text


def test_a_rule_change_fails_with_a_diff_and_the_update_command(golden_copy, changed_rules):
    with pytest.raises(AssertionError, match="no longer matches the engine") as caught:
        check_golden(golden_copy)
    message = str(caught.value)
    assert "+  changed [0, 0, 0]" in message and "-  round 1, player 0 has 0" in message
    assert f"python -m boardlab.core.golden --update {golden_copy}" in message


def test_the_update_variable_rewrites_the_file(golden_copy, changed_rules, monkeypatch):
    monkeypatch.setenv(UPDATE_ENV, "1")
    check_golden(golden_copy)
    monkeypatch.delenv(UPDATE_ENV)
    check_golden(golden_copy)
    assert "  changed [0, 0, 0]" in golden_copy.read_text()


def test_the_command_line_checks_and_updates(golden_copy, changed_rules, capsys):
    assert main(["--check", str(golden_copy)]) == 1
    assert main(["--update", str(golden_copy)]) == 0
    assert main(["--check", str(golden_copy)]) == 0
    assert "ok " in capsys.readouterr().out


def test_the_command_line_writes_a_new_game(tmp_path):
    path = tmp_path / "new" / "toy.txt"
    assert main(["--new", str(path), "--game", "toyrace", "--options", '{"players": 4}', "--seed", "3",
                 "--policies", "random,cautious,random,cautious"]) == 0
    expected = play(ToyRace(players=4), ["random", "cautious", "random", "cautious"], seed=3)
    assert replay(read_record(path)) == expected


def test_a_test_may_pass_the_record_it_expects(tmp_path):
    state = play(ToyRace(), ["random", "random"], seed=5)
    path = tmp_path / "fresh.txt"
    with pytest.raises(AssertionError, match="no longer matches"):
        check_golden(path, state)  # no file yet
    write_golden(path, state)
    check_golden(path, state.record)


def test_missing_and_tampered_files_are_refused_clearly(tmp_path, golden_copy, capsys):
    with pytest.raises(AssertionError, match="does not exist; create it with python -m boardlab.core.golden --new"):
        check_golden(tmp_path / "absent.txt")
    golden_copy.write_text(golden_copy.read_text().replace('  "stop"', '  "jump"', 1))
    with pytest.raises(RecordError, match=r"record step \d+: unknown action 'jump'"):
        check_golden(golden_copy)
    assert main(["--update", str(golden_copy)]) == 2
    assert "play a new game with --new" in capsys.readouterr().err
    (tmp_path / "plain.txt").write_text("hello\n")
    with pytest.raises(RecordError, match="is not a golden file"):
        read_record(tmp_path / "plain.txt")

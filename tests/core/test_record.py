"""Game records: save, load, replay, and clear refusals of malformed or tampered records."""

import json

import pytest

from boardlab.core import Record, RecordError, replay
from boardlab.core.policies import play
from toygame import ToyRace


@pytest.fixture(scope="module")
def finished():
    return play(ToyRace(players=3), ["random"] * 3, seed=21)


def test_a_record_saves_loads_and_replays_to_the_same_state(finished, tmp_path):
    path = tmp_path / "game.json"
    finished.record.save(path)
    loaded = Record.load(path)
    assert loaded == finished.record
    assert json.loads(path.read_text())["format"] == "boardlab-record"
    again = replay(path)
    assert again == finished and again.history == finished.history and again.seed == 21
    assert replay(finished.record.to_json()) == finished


def test_a_record_from_a_start_position_replays(finished):
    partway = ToyRace(players=3).new_game(21)
    for action in finished.history[:10]:
        partway.apply(action)
    start = ToyRace(players=3).state_from_json(partway.to_json())
    for action in finished.history[10:]:
        start.apply(action)
    assert start == finished
    record = start.record
    assert record.start == partway.to_json() and len(record.actions) == len(finished.history) - 10
    assert replay(Record.from_json(json.loads(json.dumps(record.to_json())))) == finished


def tampered(record, **changes):
    return {**record.to_json(), **changes}


def test_an_unknown_action_is_refused_naming_the_step(finished):
    actions = list(finished.record.actions)
    actions[4] = "jump"
    with pytest.raises(RecordError, match=r"record step 5: unknown action 'jump'") as caught:
        replay(tampered(finished.record, actions=actions))
    assert caught.value.step == 5


def test_an_illegal_action_is_refused_naming_the_step_and_the_rule(finished):
    # Replace a roll that opens a later turn by "stop", which needs a roll first.
    state = ToyRace(players=3).new_game(21)
    for step, action in enumerate(finished.history, 1):
        if step > 5 and state.turn_points == 0:
            break
        state.apply(action)
    actions = list(finished.record.actions)
    actions[step - 1] = "stop"
    with pytest.raises(RecordError, match=rf"record step {step}: illegal action 'stop': .*\(roll first\)") as caught:
        replay(tampered(finished.record, actions=actions))
    assert caught.value.step == step


def test_a_record_of_another_game_is_refused(finished):
    with pytest.raises(RecordError, match="this record is for game 'toyrace', not 'whitecastle'"):
        replay(finished.record, expected_game="whitecastle")
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay(tampered(finished.record, game="chess"))


def test_bad_options_are_refused(finished):
    with pytest.raises(RecordError, match=r"unknown option\(s\) \['colour'\]"):
        replay(tampered(finished.record, options={"players": 3, "colour": "red"}))
    with pytest.raises(RecordError, match="players must be one of 2, 3, 4; got 9"):
        replay(tampered(finished.record, options={"players": 9}))


@pytest.mark.parametrize("change, message", [
    ({"format": "chess-pgn"}, "expected format 'boardlab-record'"),
    ({"version": 99}, "expected version 1"),
    ({"actions": "roll"}, "field 'actions' must be a list"),
    ({"actions": ["roll", 3]}, "record step 2: action must be a string"),
    ({"seed": "x"}, "field 'seed' must be an integer"),
    ({"start": [1]}, "field 'start' must be a position object"),
    ({"start": {"round": 1}}, "start position refused"),
])
def test_malformed_records_are_refused(finished, change, message):
    with pytest.raises(RecordError, match=message):
        replay(tampered(finished.record, **change))


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        replay(path)

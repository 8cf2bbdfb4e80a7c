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


# -- malformed input of every kind is a RecordError saying what is wrong (issue 7) -----------------


@pytest.mark.parametrize("raw, message", [
    (b'{"format": "boardlab-record", "game": "toy\xff"}', r"not UTF-8 text: byte 0xff at offset \d+"),
    ("{}".encode("utf-16"), "not UTF-8 text"),
    (b'{"seed": ' + b"9" * 5000 + b"}", "a number of 5000 digits"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"seed": NaN}', "NaN is not a JSON number"),
    (b"[1, 2]", "expected a JSON object, got \\[1, 2\\] \\(list\\)"),
    (b"", "not valid JSON"),
])
def test_a_malformed_file_is_refused_saying_what_is_wrong(tmp_path, raw, message):
    path = tmp_path / "record.json"
    path.write_bytes(raw)
    with pytest.raises(RecordError, match=message) as caught:
        replay(path)
    assert "Exceeds the limit" not in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize("thing", [None, 42, [], b"{}", object()])
def test_replay_of_something_that_is_no_record_is_refused(thing):
    with pytest.raises(RecordError, match="expected a Record, a record's JSON object or a file path"):
        replay(thing)


def test_absurd_numbers_and_deep_nesting_in_a_record_object_are_refused(finished):
    with pytest.raises(RecordError, match="field 'seed' must be an integer of at most 64 bits"):
        replay(tampered(finished.record, seed=10**5000))
    deep = 0
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(RecordError, match="options is nested too deeply"):
        replay(tampered(finished.record, options={"players": 3, "x": deep}))
    with pytest.raises(RecordError, match="record: players must be one of 2, 3, 4; got 3.0"):
        replay(tampered(finished.record, options={"players": 3.0}))


def test_a_record_never_shares_data_with_its_caller(finished):
    data = finished.record.to_json()
    record = Record.from_json(data)
    data["options"]["players"] = 4
    assert record.options == {"players": 3, "rounds": 3}
    out = record.to_json()
    out["options"]["players"] = 2
    assert record.options["players"] == 3


def test_a_record_started_from_a_json_position_replays_after_the_caller_edits_the_position(finished):
    start = ToyRace(players=3).new_game(21)
    for action in finished.history[:6]:
        start.apply(action)
    data = start.to_json()
    state = ToyRace(players=3).state_from_json(data)
    for action in finished.history[6:]:
        state.apply(action)
    data["banked"] = [99, 99, 99]  # the README's "edit and load" workflow edits its own dict
    assert replay(json.loads(json.dumps(state.record.to_json()))) == finished

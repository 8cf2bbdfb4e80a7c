"""Game options, action notation, and the JSON form of The White Castle."""

import json

import pytest

from boardlab import whitecastle
from boardlab.core import InvalidPosition
from boardlab.whitecastle import actions, components


def test_players_must_be_one_to_four():
    with pytest.raises(ValueError, match=r"players must be one of 1, 2, 3, 4; got 5"):
        whitecastle.Game(players=5)


def test_game_options_are_immutable():
    game = whitecastle.Game(players=3)
    with pytest.raises(AttributeError):
        game.players = 4


def test_every_action_text_parses_back():
    for action in actions.universe():
        assert whitecastle.parse(str(action)) == action


def test_unknown_action_text_is_refused_naming_the_word_it_could_not_read():
    with pytest.raises(ValueError, match="could not read word 2, 'purple' after 'take'; expected one of 'black', 'coral'"):
        whitecastle.parse("take purple 7 (middle)")


def test_seed_must_be_an_integer():
    with pytest.raises(ValueError, match="seed must be an integer"):
        whitecastle.Game(players=2).new_game(seed="one")


def test_json_form_round_trips_through_text():
    state = whitecastle.Game(players=4).new_game(seed=11)
    for action in state.legal_actions()[:1]:
        state.apply(action)
    again = whitecastle.Game(players=4).state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.legal_actions() == state.legal_actions()


def test_position_for_another_game_is_refused():
    data = whitecastle.Game(players=2).new_game(seed=1).to_json()
    data["game"] = "fivetribes"
    with pytest.raises(InvalidPosition, match="game: expected one of 'whitecastle'"):
        whitecastle.Game(players=2).state_from_json(data)


def test_component_tables_carry_source_and_status():
    for name in components.TABLES:
        table = components.table(name)
        assert {"source", "status"} <= set(table.columns), name
        assert set(table["status"]) <= {"confirmed", "assumed"}, name


def test_assumed_values_are_listed_in_rules_doc():
    doc = (components.resources.files("boardlab.whitecastle") / "RULES.md").read_text(encoding="utf-8")
    for row in components.assumed_values():
        key = row.get("key") or row.get("number") or row.get("tile") or row.get("position")
        assert f"`{row['table']}`" in doc, row
    assert "lone_die_is_left" in doc


def _played_record(seed=4, steps=40):
    import random

    state = whitecastle.Game(players=3).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_record_saves_loads_and_replays_to_an_equal_state(tmp_path):
    from boardlab.core import Record, replay

    state = _played_record()
    path = tmp_path / "game.json"
    state.record.save(path)
    again = replay(Record.load(path))
    assert again == state and again.record == state.record


@pytest.mark.parametrize("tamper, words", [
    (lambda d: d["actions"].__setitem__(5, "take purple 9 (middle)"), ["step 6", "unknown action"]),
    (lambda d: d.__setitem__("game", "chess"), ["unknown game"]),
    (lambda d: d["actions"].__setitem__(0, "decline"), ["step 1", "illegal"]),
    (lambda d: d.__setitem__("seed", "x"), ["seed"]),
])
def test_tampered_record_is_refused_naming_step_and_reason(tamper, words):
    from boardlab.core import RecordError, replay

    data = _played_record().record.to_json()
    tamper(data)
    with pytest.raises(RecordError) as info:
        replay(data)
    for w in words:
        assert w in str(info.value)


def test_record_of_another_game_is_refused_when_a_game_is_expected():
    from boardlab.core import RecordError, replay

    with pytest.raises(RecordError, match="not 'fivetribes'"):
        replay(_played_record().record, expected_game="fivetribes")

"""Action notation (format and parse), the JSON position form and its refusals, the per-player view."""

import json

import pytest

from boardlab.alea import Game
from boardlab.alea import actions as A
from boardlab.alea.components import CASTRUM, FORUM, SENATUS, TEMPLUM
from boardlab.core.errors import InvalidPosition, RecordError
from boardlab.core.record import Record, replay
from boardlab.core.policies import play
from tests.alea.helpers import card, do, new, pat, prov, set_roll

EXAMPLES = [
    (A.reroll((3, 3, 5)), "reroll keeping 3 3 5"),
    (A.reroll(()), "reroll keeping nothing"),
    (A.choose(SENATUS), "choose Senatus"),
    (A.place(TEMPLUM, (6,)), "place 6 in Templum"),
    (A.place(SENATUS, (3, 4, 5)), "place 3 4 5 in Senatus"),
    (A.place(CASTRUM, (2, 2, 2)), "place 2 2 2 in Castrum"),
    (A.place(FORUM, (1, 4)), "place 1 4 in Forum"),
    (A.latrina(1), "send 1 die to the Latrina"),
    (A.latrina(3), "send 3 dice to the Latrina"),
    (A.keep_card(card("VII")), "keep senate card VII"),
    (A.take_province(prov("Germania III")), "take province Germania III"),
    (A.take_province(prov("joker")), "take province joker"),
    (A.take_patrician(pat("red woman II")), "take patrician red woman II"),
]


@pytest.mark.parametrize("action, text", EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_action_text_round_trips(action, text):
    assert str(action) == text
    assert A.parse_action(text) == action


@pytest.mark.parametrize("text, message", [
    ("place 5 3 in Senatus", "ascending"),
    ("place 3 in Colosseum", "expected a building"),
    ("place 3 in Latrina", "send N dice to the Latrina"),
    ("send 2 die to the Latrina", "write 'send 2 dice to the Latrina'"),
    ("keep senate card XIV", "expected a senate card"),
    ("take province Roma IV", "expected a province tile"),
    ("take patrician red child I", "expected a patrician"),
    ("roll the dice", "unknown action"),
])
def test_bad_action_text_is_refused_saying_what_was_expected(text, message):
    with pytest.raises(ValueError, match=message):
        A.parse_action(text)


def test_json_form_round_trips_and_plays_on_identically():
    st = new(5, seed=8)
    for _ in range(40):
        st.apply(st.legal_actions()[-1])
    data = json.loads(json.dumps(st.to_json()))
    again = Game(players=5).state_from_json(data)
    assert again == st and again.legal_actions() == st.legal_actions()


def _position():
    st = new(4, seed=2)
    set_roll(st, [1, 2, 3, 3, 3, 4, 5, 6])
    do(st, "choose Castrum", "place 3 3 3 in Castrum")
    return st.to_json()


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(set=True), "set: expected an integer, got True"),
    (lambda d: d.update(set=6), "set: expected an integer from 1 to 5"),
    (lambda d: d.update(step="auction"), "step: expected one of"),
    (lambda d: d.update(colour=1), r"unknown field\(s\) colour"),
    (lambda d: d.pop("forum"), r"the field\(s\) forum"),
    (lambda d: d["players"][0].update(chips=-1), r"players\[0\].chips: expected an integer from 0 to 1000000"),
    (lambda d: d["players"][0].update(chips=1.0), r"players\[0\].chips: expected an integer, got 1.0"),
    (lambda d: d["players"][1].update(free=7), r"players\[1\]: expected 8 dice in all"),
    (lambda d: d["castrum"][0].update(value=7), r"castrum\[0\].value: expected an integer from 1 to 6"),
    (lambda d: d["castrum"][0].update(count=4), r"players\[0\]: expected 8 dice in all"),
    (lambda d: d["players"][2].update(senatus=[2, 4]), r"players\[2\].senatus: expected a straight"),
    (lambda d: d["provinces_shown"].append("joker"), r"province tiles: expected each in exactly one place; extra"),
    (lambda d: d["province_supply"].pop(), r"province tiles: expected each in exactly one place; missing"),
    (lambda d: d["patrician_supply"].append("pink man I"), r"patrician_supply\[\d+\]: expected one of"),
    (lambda d: d["senate_deck"].pop(), r"senate cards: expected each in exactly one place; missing"),
    (lambda d: d.update(fortune_pile=[8, 14, 9]), "fortune tiles: expected each in exactly one place; extra 3"),
    (lambda d: d["players"][3].update(fortune=[3, 1]), r"players\[3\].fortune: expected values in ascending order"),
    (lambda d: d.update(hand=[1, 2]), "hand: expected the 8 free dice of player 1"),
    (lambda d: d.update(chosen="Senatus"), "chosen: expected a building exactly when step is 'dice'"),
    (lambda d: d.update(patricians_removed=[]), "patricians_removed: expected 6 tiles at 4 players"),
    (lambda d: d.update(forum=[[3, 0], [1, 0]]), "forum: expected dice ordered by value"),
    (lambda d: d.update(chance={"seed": 1}), r"chance: expected an object with the field\(s\) draws"),
    (lambda d: d.update(senate_under=99), "senate_under: expected an integer from 0 to"),
])
def test_malformed_or_inconsistent_positions_are_refused_naming_the_field(edit, message):
    data = _position()
    edit(data)
    with pytest.raises(InvalidPosition, match=message):
        Game(players=4).state_from_json(data)


def test_a_position_that_is_not_an_object_is_refused():
    with pytest.raises(InvalidPosition, match="position: expected an object"):
        Game(players=4).state_from_json([1, 2])


def test_view_hides_senate_cards_fortune_tiles_and_draw_piles_of_others():
    st = play(Game(players=4), ["greedy"] * 4, seed=2)
    assert st.is_over
    st = new(4, seed=2)
    while not (any(st.cards[p] for p in range(4)) and any(st.fortune[p] for p in range(4))):
        st.apply(st.legal_actions()[0])
    owner = next(p for p in range(4) if st.cards[p])
    other = (owner + 1) % 4
    mine, theirs = st.view(owner), st.view(other)
    assert mine["players"][owner]["senate_cards"] == [c for c in st.to_json()["players"][owner]["senate_cards"]]
    assert theirs["players"][owner]["senate_cards"] == len(st.cards[owner])
    holder = next(p for p in range(4) if st.fortune[p])
    assert st.view((holder + 1) % 4)["players"][holder]["fortune"] == len(st.fortune[holder])
    for v in (mine, theirs):
        assert v["senate_deck"] == len(st.deck) and v["chance"] is None
        assert v["fortune_pile"] == sum(st.fpile) and v["patricians_removed"] == len(st.pat_removed)
    json.dumps(theirs)


def test_records_replay_and_refuse_tampering():
    st = play(Game(players=3), ["random"] * 3, seed=4)
    data = st.record.to_json()
    assert replay(Record.from_json(json.loads(json.dumps(data)))) == st
    data["actions"][3] = "place 6 6 6 6 6 6 6 6 in Castrum"
    with pytest.raises(RecordError, match="record step 4"):
        replay(data)


def _start(players):
    st = new(players, seed=players)
    for _ in range(2):  # one placement made: a building, then its dice
        st.apply(st.legal_actions()[0])
    return st


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edit, message", [
    (lambda d: d["players"].pop(), r"players: expected a list of \d items"),
    (lambda d: d["players"][0].update(latrina=d["players"][0]["latrina"] + 1), r"players\[0\]: expected 8 dice in all"),
    (lambda d: d["provinces_aside"].append(d["province_supply"][0]), r"province tiles: expected each in exactly one place"),
    (lambda d: d["patricians_removed"].pop(), "patricians_removed: expected"),
    (lambda d: d["senate_out"].append("VII"), r"senate cards: expected each in exactly one place; extra VII"),
    (lambda d: d.update(start=d["start"] + 5), "start: expected an integer from 0 to"),
    (lambda d: d.update(player=None), "player: expected an integer"),
])
def test_inconsistent_positions_are_refused_at_every_player_count(players, edit, message):
    data = _start(players).to_json()
    edit(data)
    with pytest.raises(InvalidPosition, match=message):
        Game(players=players).state_from_json(data)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_illegal_actions_are_refused_naming_the_rule_and_leave_the_state_unchanged(players):
    from boardlab.core.errors import IllegalAction

    st = new(players, seed=1)
    set_roll(st, [6, 6, 6, 6, 6, 6, 6, 6])
    before = st.to_json()
    for text, rule in (("place 6 in Castrum", "choose a building first"), ("choose Latrina", "Latrina never by choice"),
                       ("reroll keeping 6", "Repete chips"), ("keep senate card VII", "rewards come at the end of a set")):
        with pytest.raises(IllegalAction, match=rule) as err:
            st.apply(text)
        assert err.value.rule and st.to_json() == before
    do(st, "choose Castrum")
    with pytest.raises(IllegalAction, match="one building per turn"):
        st.apply("place 6 in Forum")
    with pytest.raises(IllegalAction, match="Castrum: a group of equal dice"):
        st.apply("place 5 5 in Castrum")


def test_a_position_loaded_from_json_records_its_start_and_replays():
    st = new(3, seed=5)
    for _ in range(20):
        st.apply(st.legal_actions()[0])
    loaded = Game(players=3).state_from_json(st.to_json())
    for _ in range(10):
        loaded.apply(loaded.legal_actions()[-1])
    record = loaded.record
    assert record.start == st.to_json() and record.seed is None
    assert replay(json.loads(json.dumps(record.to_json()))) == loaded

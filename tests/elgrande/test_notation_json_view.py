"""Text notation (format and parse), the JSON position form with its checks, the per-player view,
records and replay, and the refusal of bad input (illegal actions, malformed positions/records)."""

import json
import pickle
import random

import pytest

from boardlab.core import IllegalAction, InvalidPosition
from boardlab.core.errors import RecordError
from boardlab.core.record import Record, replay
from boardlab.elgrande import Game
from boardlab.elgrande.actions import COURT, Action, parse_action
from boardlab.elgrande.components import CARD_INDEX, CASTILLO, REGION_INDEX as R
from tests.elgrande.helpers import at_card_step

EXAMPLES = [
    (Action("power", 13), "play power card 13"),
    (Action("court", 3), "take 3 to court"),
    (Action("recall", R["aragon"]), "recall from Aragon"),
    (Action("card", 2, CARD_INDEX["Fiesta"]), "take card Fiesta (stack 3)"),
    (Action("order", 0), "placement first"),
    (Action("order", 1), "special action first"),
    (Action("place", R["toledo"], 3), "place 3 in Toledo"),
    (Action("place", CASTILLO, 1), "place 1 in the Castillo"),
    (Action("stop", 0), "stop placing"),
    (Action("stop", 1), "stop moving"),
    (Action("special", 1), "do the special action"),
    (Action("special", 0), "decline the special action"),
    (Action("mode", 0), "choose: own out of one region"),
    (Action("region", R["valencia"]), "choose Valencia"),
    (Action("pick", 1, R["sevilla"]), "pick up yellow from Sevilla"),
    (Action("drop", CASTILLO), "move it to the Castillo"),
    (Action("send", 2, R["granada"]), "send back blue from Granada"),
    (Action("send", 2, COURT), "send back blue from court"),
    (Action("disk", R["galicia"]), "set disk to Galicia"),
    (Action("score", CASTILLO), "score the Castillo"),
    (Action("tile", 1, R["navarra"]), "put score tile 2 in Navarra"),
    (Action("powerback", 7), "take back power card 7"),
    (Action("grande", R["cataluna"]), "move the Grande to Cataluna"),
    (Action("king", R["castilla"]), "move the King to Castilla"),
]


@pytest.mark.parametrize("action, text", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_action_text_notation_round_trips(action, text):
    assert str(action) == text
    assert parse_action(text) == action


def test_1995_region_names_are_accepted_when_parsing():
    assert parse_action("place 2 in New Castile") == Action("place", R["toledo"], 2)
    assert parse_action("move the King to Basque Country") == Action("king", R["navarra"])


@pytest.mark.parametrize("text, expected", [
    ("play power card 14", "power card 1..13"),
    ("place 2 in Portugal", "expected a region"),
    ("pick up purple from Aragon", "expected a colour"),
    ("take card Nothing (stack 2)", "action card name"),
    ("pick up red from the Castillo", "expected a region"),
    ("dance", "unknown action"),
])
def test_parse_errors_say_what_was_expected(text, expected):
    with pytest.raises(ValueError, match=expected):
        parse_action(text)


def test_illegal_action_names_the_rule_and_leaves_the_state_unchanged():
    st = at_card_step()
    before = st.to_json()
    with pytest.raises(IllegalAction) as err:
        st.apply("play power card 3")
    assert err.value.rule == "decision asked now" and st.to_json() == before


def _midgame(players=3, steps=150, seed=4, **options):
    st = Game(players=players, **options).new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        st.apply(rng.choice(st.legal_actions()))
    return st


def test_json_form_round_trips_through_text():
    st = _midgame()
    again = st.game.state_from_json(json.loads(json.dumps(st.to_json())))
    assert again == st and again.legal_actions() == st.legal_actions()


@pytest.mark.parametrize("path, value, message", [
    (("court", 0), 31, "court\\[0\\]: expected an integer from 0 to 30"),
    (("court", 0), 3.0, "court\\[0\\]: expected an integer"),
    (("court", 0), True, "court\\[0\\]: expected an integer"),
    (("king",), "portugal", "king: expected one of"),
    (("caballeros", "aragon", 1), -1, "caballeros.aragon\\[1\\]"),
    (("turn", "placed"), 1, "turn.placed: expected true or false"),
    (("step",), "dance", "step: expected one of"),
    (("hands", 0, 0), 14, "hands\\[0\\]\\[0\\]"),
    (("offer", 0), "Mystery card", "offer\\[0\\]"),
    (("offer", 0), "Veto", "stacks\\[0\\]: expected only cards of stack 1"),
])
def test_malformed_positions_are_refused_naming_the_field(path, value, message):
    data = _midgame().to_json()
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(InvalidPosition, match=message):
        Game(players=3).state_from_json(data)


def test_positions_must_conserve_caballeros_and_announcements():
    data = _midgame().to_json()
    data["province"][0] += 1
    with pytest.raises(InvalidPosition, match="30 caballeros of each colour"):
        Game(players=3).state_from_json(data)
    data = _midgame().to_json()
    data["caballeros"]["castillo"][1] += 1
    data["province"][1] -= 1
    with pytest.raises(InvalidPosition, match="announce"):
        Game(players=3).state_from_json(data)


def test_positions_must_conserve_action_cards():
    data = _midgame().to_json()
    data["discard"].append("Fiesta")
    with pytest.raises(InvalidPosition, match="action cards"):
        Game(players=3).state_from_json(data)


def test_unknown_or_missing_fields_are_refused():
    data = _midgame().to_json()
    data["extra"] = 1
    with pytest.raises(InvalidPosition, match="unknown field"):
        Game(players=3).state_from_json(data)
    del data["extra"], data["king"]
    with pytest.raises(InvalidPosition, match="king"):
        Game(players=3).state_from_json(data)
    with pytest.raises(InvalidPosition):
        Game(players=3).state_from_json([])


def test_view_hides_castillo_colours_other_disks_piles_and_chance_but_not_hands():
    st = _midgame(players=4, steps=90)
    v = st.view(1)
    assert v["caballeros"]["castillo"] is None and v["castillo_total"] == sum(st.cab[CASTILLO * 4:])
    assert v["chance"] is None and all(isinstance(n, int) for n in v["stacks"])
    assert v["hands"] == st.to_json()["hands"]  # other hands are public as sets
    with pytest.raises(ValueError, match="seat"):
        st.view(4)


def test_the_dummy_decks_are_hidden_in_the_view():
    st = Game(players=2).new_game(1)
    v = st.view(0)
    assert v["dummy_deck"] == 12 and v["region_deck"] == 7


def test_record_replays_and_tampered_records_are_refused():
    st = _midgame(players=2, steps=60)
    assert replay(st.record) == st
    data = st.record.to_json()
    data["actions"][3] = "play power card 99"
    with pytest.raises(RecordError, match="step 4"):
        replay(data)
    data = st.record.to_json()
    data["options"]["edition"] = "2016"
    with pytest.raises(RecordError, match="edition"):
        replay(Record.from_json(data))


def test_a_copy_is_independent_and_reseeding_changes_only_the_future():
    st = _midgame(players=4, steps=40)
    c = st.copy()
    c.reseed(12345)
    while c.round == st.round:
        c.apply(c.legal_actions()[0])
    assert st.to_json() != c.to_json() and st.history != c.history


def test_a_copy_shares_only_parts_that_refuse_change_and_a_state_pickles():
    """copy() copies the board list and shares the rest: tuples, the turn order (a list that
    refuses changes) and the chance stream (which refuses to draw or reseed in place)."""
    st = _midgame(players=4, steps=40)
    c = st.copy()
    assert c.cab == st.cab and c.cab is not st.cab
    mutable = [k for k, v in vars(st).items() if isinstance(v, (list, dict, set)) and vars(c)[k] is v]
    assert mutable == ["order"] and type(st.order).__name__ == "TurnOrder" and st.order == list(st.order)
    with pytest.raises(TypeError, match="replace it"):
        c.order.append(0)
    with pytest.raises(TypeError, match="replace it"):
        c.order[0] = 1
    with pytest.raises(TypeError, match="shared"):
        c.chance.next_rng()
    with pytest.raises(TypeError, match="shared"):
        c.chance.reseed(1)
    c.reseed(99)
    assert c.chance.seed == 99 and st.chance.seed != 99
    again = pickle.loads(pickle.dumps(st))
    assert again == st and again.order == st.order and again.legal_actions() == st.legal_actions()


def test_a_reseeded_lookahead_copy_cannot_see_the_next_rounds_cards():
    """The stacks hold no order: the next offer is drawn when it is revealed, so a copy reseeded
    before the round ends reveals other cards, and an unreseeded copy reveals the same ones."""
    differs = 0
    for seed in range(6):
        st = Game(players=3).new_game(seed)
        rng = random.Random(seed)
        while True:
            a = rng.choice(st.legal_actions())
            probe = st.copy()
            probe.apply(a)
            if probe.round != st.round:
                break
            st.apply(a)
        same, other = st.copy(), st.copy()
        other.reseed(10_000 + seed)
        st.apply(a)
        same.apply(a)
        other.apply(a)
        assert same.offer == st.offer
        differs += other.offer != st.offer
    assert differs >= 3

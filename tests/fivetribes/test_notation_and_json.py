"""Action notation (format and parse) and the JSON form with its consistency checks."""

import json
import random

import pytest

from boardlab.core import IllegalAction, InvalidPosition
from boardlab.core.errors import NotAnAction
from boardlab.fivetribes import Game
from boardlab.fivetribes.actions import (
    Bid, Builders, Buy, Drop, Keep, Kill, Move, Pass, Place, Power, Sell, TakeDjinn, parse_action,
)
from boardlab.fivetribes.components import BLUE, DJINN_INDEX, RED, WHITE, YELLOW

EXAMPLES = [
    (Bid("bid", 4, 0), "bid slot 4 (3 gold)"),
    (Bid("bid", 8, 1), "bid slot 8 (12 gold, Kumarbi: 1 fakir)"),
    (Move("move", 14), "move from C3"),
    (Drop("drop", BLUE, 20), "drop blue on C4"),
    (Builders("builders", 1), "builders: discard 1 fakir"),
    (Kill("kill", 20, (RED,), -1, 0), "kill red on C4"),
    (Kill("kill", 20, (RED, BLUE), -1, 2), "kill red+blue on C4 (discard 2 fakirs)"),
    (Kill("kill", -1, (YELLOW,), 1, 0), "kill vizier of player 1"),
    (Kill("kill", -1, (YELLOW, WHITE), 2, 0), "kill vizier+elder of player 2"),
    (Place("place", "palm", 14, ""), "place palm on C3"),
    (Place("place", "palace", 21, "elder"), "place palace on D4 (Hagis, pay elder)"),
    (Buy("buy", (2,), (6,)), "buy Fish (card 2)"),
    (Buy("buy", (2, 5), (6, 4)), "buy Fish (card 2) and Silk (card 5)"),
    (TakeDjinn("take", DJINN_INDEX["enki"], "elder+fakir"), "take djinn Enki (pay elder+fakir)"),
    (Power("use", DJINN_INDEX["enki"], 7, "fakir"), "use Enki on B2 (pay fakir)"),
    (Power("use", DJINN_INDEX["ba'al"], -1, "elder"), "use Ba'al (pay elder)"),
    (Keep("keep", DJINN_INDEX["anun-nak"]), "keep djinn Anun-Nak"),
    (Sell("sell", (4, 6)), "sell Silk+Fish (3 gold)"),
    (Pass("pass", "end turn"), "end turn"),
    (Pass("pass", "no legal move"), "no legal move"),
]


@pytest.mark.parametrize("action, text", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_action_text_notation_round_trips(action, text):
    assert str(action) == text
    assert parse_action(text) == action
    assert hash(action) == hash(parse_action(text))


def test_actions_of_different_kinds_never_compare_equal():
    assert Move("move", 3) != Builders("builders", 3)
    assert len({Move("move", 3), Builders("builders", 3)}) == 2


@pytest.mark.parametrize("text, expected", [
    ("bid slot 4 (5 gold)", "costs 3 gold"),
    ("bid slot 12 (0 gold)", "slots 0..8"),
    ("move from Z9", "expected a tile"),
    ("drop purple on C4", "expected a meeple colour"),
    ("drop blue to C4", "drop <colour> on <tile>"),
    ("sell Fish (3 gold)", "sells for 1 gold"),
    ("take djinn Nobody (pay elder+elder)", "expected a djinn name"),
    ("fly away", "unknown action"),
])
def test_parse_errors_say_what_was_expected(text, expected):
    with pytest.raises(ValueError, match=expected):
        parse_action(text)


def test_every_legal_action_of_random_games_parses_back():
    game = Game(players=3)
    for seed in range(5):
        st = game.new_game(seed)
        rng = random.Random(seed)
        while not st.is_over:
            for a in st.legal_actions():
                assert game.parse_action(str(a)) == a
            st.apply(rng.choice(st.legal_actions()))


def test_illegal_action_names_the_rule_and_leaves_the_state_unchanged():
    st = Game(players=2).new_game(0)
    before = st.to_json()
    with pytest.raises(IllegalAction) as err:
        st.apply("move from C3")
    assert err.value.rule == "decision order" and st.to_json() == before


def test_json_form_round_trips_through_text():
    st = Game(players=4).new_game(3)
    rng = random.Random(1)
    for _ in range(60):
        st.apply(rng.choice(st.legal_actions()))
    again = st.game.state_from_json(json.loads(json.dumps(st.to_json())))
    assert again == st and again.legal_actions() == st.legal_actions()


def bad(mutate, players=3, seed=2, moves=0):
    st = Game(players=players).new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        st.apply(rng.choice(st.legal_actions()))
    data = json.loads(json.dumps(st.to_json()))
    mutate(data)
    with pytest.raises(InvalidPosition) as err:
        st.game.state_from_json(data)
    return str(err.value)


def setter(path, value):
    """A mutation setting ``data[path...] = value`` (path items are keys or indices)."""
    def mutate(d):
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value
    return mutate


INF, NAN = json.loads("Infinity"), json.loads("NaN")
#: (mutation, the start of the refusal): every refusal names the field path and what was expected
MALFORMED = [
    (setter(["round"], 2.5), "round: expected an integer, got 2.5 (float)"),
    (setter(["round"], "3"), "round: expected an integer, got '3' (str)"),
    (setter(["round"], True), "round: expected an integer, got True (bool)"),
    (setter(["round"], INF), "round: expected an integer, got inf (float)"),
    (setter(["round"], 0), "round: expected an integer from 1 to 10000, got 0"),
    (setter(["players", 1, "gold"], True), "players[1].gold: expected an integer, got True"),
    (setter(["players", 1, "gold"], NAN), "players[1].gold: expected an integer, got nan"),
    (setter(["players", 1, "gold"], -3), "players[1].gold: expected an integer from 0 to 1000000, got -3"),
    (setter(["players", 0, "viziers"], 1.0), "players[0].viziers: expected an integer, got 1.0"),
    (setter(["end_camel"], "no"), "end_camel: expected true or false, got 'no'"),
    (setter(["end_no_move"], 0), "end_no_move: expected true or false, got 0 (int)"),
    (setter(["pending", "echidna"], 1), "pending.echidna: expected true or false"),
    (setter(["bid_next"], 99), "bid_next: expected an integer from 0 to 2, got 99"),
    (setter(["bid_order", 1], 99), "bid_order[1]: expected an integer from 0 to 2, got 99"),
    (setter(["bid_order", 1], "1"), "bid_order[1]: expected an integer, got '1' (str)"),
    (setter(["bid_order", 2], 0), "bid_order: expected an ordering of [0, 1, 2]"),
    (setter(["meeples", 3, 2], 10**5000), "meeples[3][2] (green): expected an integer from 0 to 18, got <unprintable>"),
    (setter(["players", 0, "gold"], 10**400), "players[0].gold: expected an integer from 0 to 1000000"),
    (setter(["chance", "seed"], 10**40), "chance.seed: expected an integer of at most 30 digits"),
    (setter(["markers", 0], 7), "markers[0]: expected an integer from 0 to 2, got 7"),
    (setter(["track", 8], 5), "track[8]: expected an integer from -1 to 2, got 5"),
    (setter(["track", 8], 0), "track: expected exactly the markers that have bid"),
    (setter(["play_order"], [0]), "play_order: expected [] while bidding"),
    (setter(["player"], 2.0), "player: expected an integer"),
    (setter(["phase"], "Bid"), "phase: expected one of 'bid', 'turn', 'over'"),
    (setter(["step"], "end"), "step: expected step 'bid' exactly in phase 'bid'"),
    (setter(["tiles", 0], "Oasis 9"), "tiles[0]: expected one of"),
    (setter(["tiles", 0], "Village 5"), "tiles: expected each in exactly one place"),
    (setter(["meeples"], [[0] * 5] * 29), "meeples: expected a list of 30 items"),
    (setter(["meeples", 3, 2], -1), "meeples[3][2] (green): expected an integer from 0 to 18, got -1"),
    (setter(["camels", 4], 3), "camels[4]: expected an integer from -1 to 2, got 3"),
    (setter(["camels", 4], 0), "players[0].camels: expected 8 camels for player 0 in all"),
    (setter(["palms", 0], 1), "palm_supply: expected 12 palms in all"),
    (setter(["palace_supply"], 11), "palace_supply: expected an integer from 0 to 10"),
    (setter(["players", 0, "cards"], {"fish": 1}), "players[0].cards (a card name): expected one of"),
    (setter(["players", 0, "cards"], {"Fish": 1}), "resource cards: expected each in exactly one place; extra Fish x1"),
    (setter(["players", 0, "djinns"], ["Nobody"]), "players[0].djinns[0]: expected one of"),
    (setter(["players", 0, "powers_used"], ["Enki"]), "players[0].powers_used[0]: expected one of"),
    (setter(["players", 0, "colour"], "red"), "players[0]: expected only the fields"),
    (setter(["resource_row"], ["Fish"] * 10), "resource_row: expected a list of at least 0 and at most 9 items"),
    (setter(["djinn_row"], []), "djinns: expected each in exactly one place; missing"),
    (setter(["move"], {"start": 0}), "move: expected null outside the drop step"),
    (setter(["pending", "drawn"], ["Enki"]), "djinns: expected each in exactly one place; extra Enki x1"),
    (setter(["pending", "tile"], 40), "pending.tile: expected an integer from -1 to 29"),
    (setter(["pending", "item"], "camel"), "pending.item: expected one of"),
    (setter(["chance", "seed"], "1"), "chance.seed: expected an integer"),
    (setter(["chance", "draws"], -1), "chance.draws: expected an integer from 0 to"),
    (lambda d: d.pop("chance"), "position: expected an object with the field(s) chance"),
    (lambda d: d.update(extra=1), "position: expected only the fields"),
]


@pytest.mark.parametrize("mutate, message", MALFORMED, ids=[m for _, m in MALFORMED])
def test_state_from_json_refuses_a_malformed_position_naming_the_field(mutate, message):
    assert bad(mutate).startswith(message)


def test_state_from_json_refuses_what_is_not_a_position_object():
    for data in (None, [], "position", 3):
        with pytest.raises(InvalidPosition, match="position: expected an object"):
            Game(players=2).state_from_json(data)


def test_state_from_json_refuses_a_meeple_count_that_does_not_add_up():
    def more(d):
        d["meeples"][0][BLUE] += 1
    assert "expected 18 blue meeples in all" in bad(more)


def test_state_from_json_refuses_a_djinn_in_two_places():
    def twice(d):
        d["players"][0]["djinns"] = [d["djinn_row"][0]]
    assert "djinns: expected each in exactly one place" in bad(twice)


def in_turn(players=3, seed=2, step="end"):
    """The JSON of a random game at its first decision of the given step."""
    st = Game(players=players).new_game(seed)
    rng = random.Random(seed)
    while st.step != step:
        st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("field, value, message", [
    ("turn_index", 7, "turn_index: expected an integer from 0 to 2"),
    ("next_bid_order", [], "next_bid_order: expected the markers that have begun their action turn"),
    ("player", None, "player: expected an integer"),
    ("bid_next", 0, "bid_next: expected an integer from 3 to 3"),
])
def test_turn_order_fields_must_agree_with_each_other(field, value, message):
    data = json.loads(json.dumps(in_turn().to_json()))
    data[field] = value
    with pytest.raises(InvalidPosition, match=message.replace("(", r"\(").replace(")", r"\)")):
        Game(players=3).state_from_json(data)


def test_a_move_in_progress_must_match_the_board_and_be_finishable():
    st = in_turn(step="drop")
    game = st.game
    data = json.loads(json.dumps(st.to_json()))
    data["move"]["pos"] = (data["move"]["pos"] + 7) % 30
    with pytest.raises(InvalidPosition, match="move.pos: expected the last tile of the walk"):
        game.state_from_json(data)
    data = json.loads(json.dumps(st.to_json()))
    data["move"]["live"][0] ^= 1 << 29
    with pytest.raises(InvalidPosition, match=r"move.live\[0\]: expected the tiles now holding yellow"):
        game.state_from_json(data)


def test_every_position_of_random_games_loads_and_those_loaded_satisfy_the_invariants():
    from boardlab.fivetribes.state import invariants
    for players in (2, 3, 4):
        st = Game(players=players).new_game(players)
        rng = random.Random(players)
        while not st.is_over:
            again = st.game.state_from_json(json.loads(json.dumps(st.to_json())))
            invariants(again)
            assert again.legal_actions() == st.legal_actions()
            st.apply(rng.choice(st.legal_actions()))


def test_a_position_loaded_from_json_keeps_its_seed_and_a_copy_of_its_start_so_its_record_replays():
    from boardlab.core import replay
    st = in_turn(players=2, seed=5, step="start")
    data = json.loads(json.dumps(st.to_json()))
    loaded = st.game.state_from_json(data)
    data["round"] = 99  # editing the caller's dict afterwards changes neither the state nor its record
    rng = random.Random(0)
    for _ in range(12):
        loaded.apply(rng.choice(loaded.legal_actions()))
    record = loaded.record
    assert record.seed == 5 and record.start["round"] == st.round
    again = replay(json.loads(json.dumps(record.to_json())))
    assert again == loaded and again.history == loaded.history


def test_player_view_hides_other_players_gold_and_the_decks():
    st = Game(players=3).new_game(2)
    view = st.view(1)
    assert view["players"][0]["gold"] is None and view["players"][1]["gold"] == 50
    assert view["resource_deck"] == 45 and view["chance"] is None


def test_summary_is_short_text():
    text = Game(players=2).new_game(0).summary()
    assert text.startswith("round 1 bid: player") and "A1:" in text and len(text.splitlines()) == 6


# -- refusals never crash while the message is built ---------------------------------------------

MALFORMED_ACTIONS = [
    (Move("move", 99), "Move.tile: expected a tile 0..29, got 99"),
    (Bid("bid", 99), "Bid.slot: expected a turn-order spot 0..8, got 99"),
    (Bid("bid", "3"), "Bid.slot: expected a turn-order spot 0..8, got '3' (str)"),
    (Drop("drop", 7, 3), "Drop.colour: expected a colour 0..4, got 7"),
    (Kill("kill", 3, (9,), -1, 0), "Kill.colours: expected a tuple of 1 or 2 colours"),
    (Kill("kill", 3, (RED,), 1, 0), "Kill: expected a tile (player -1) or a player (tile -1)"),
    (Place("place", "camel", 3, ""), "Place.item: expected 'palm' or 'palace'"),
    (Buy("buy", (1, 2), (6,)), "Buy: expected as many cards as positions"),
    (Power("use", 99, -1, "fakir"), "Power.djinn: expected a djinn 0..21, got 99"),
    (Power("use", 3, -1, None), "Power.pay: expected a payment"),
    (Keep("keep", -1), "Keep.djinn: expected a djinn 0..21, got -1"),
    (Sell("sell", (6, 4)), "Sell.cards: expected a sorted tuple of distinct merchandise"),
    (Pass("pass", "bogus"), "Pass.what: expected one of"),
    (Move("bid", 3), "a Move has kind 'move', got 'bid'"),
]


@pytest.mark.parametrize("action, message", MALFORMED_ACTIONS, ids=[m for _, m in MALFORMED_ACTIONS])
def test_malformed_actions_are_refused_saying_what_was_expected_and_the_state_is_unchanged(action, message):
    for st in (Game(players=2).new_game(0), in_turn(players=2, seed=0, step="start")):
        before, legal = st.to_json(), st.legal_actions()
        with pytest.raises(IllegalAction) as err:
            st.apply(action)
        assert err.value.rule == "action form" and message in err.value.detail
        assert st.to_json() == before and st.legal_actions() == legal


@pytest.mark.parametrize("thing", [None, 7, object(), ("move", 14), ["pass", "end turn"]],
                         ids=["None", "int", "object", "tuple", "list"])
def test_what_is_not_a_five_tribes_action_is_refused_as_not_an_action(thing):
    st = in_turn(players=2, seed=0, step="start")
    before = st.to_json()
    with pytest.raises(NotAnAction, match="expected a fivetribes action"):
        st.apply(thing)
    assert st.to_json() == before


def test_an_action_equal_to_a_legal_one_but_with_other_field_types_is_refused():
    st = in_turn(players=2, seed=0, step="start")
    legal = next(a for a in st.legal_actions() if a.kind == "move")
    before = st.to_json()
    for twin in (Move("move", float(legal.tile)), Keep("move", legal.tile)):
        assert twin == legal  # a NamedTuple compares as a plain tuple ...
        with pytest.raises(IllegalAction, match="action form"):  # ... but is refused by its form
            st.apply(twin)
    assert st.to_json() == before


def test_parse_errors_refuse_absurd_numbers_without_pythons_int_limit_text():
    for text in ("bid slot " + "9" * 5000 + " (3 gold)", "builders: discard " + "1" * 4500 + " fakirs",
                 "kill vizier of player " + "2" * 9999):
        with pytest.raises(ValueError) as err:
            parse_action(text)
        message = str(err.value)
        assert "far too large" in message and "limit" not in message and len(message) < 300


def test_parse_errors_name_the_word_that_could_not_be_read():
    with pytest.raises(ValueError, match="could not read 'fly' as the first word"):
        parse_action("fly away")


def test_parsing_is_case_insensitive():
    assert parse_action("MOVE FROM c3") == Move("move", 14)
    assert parse_action("Kill RED on c4 (Discard 2 FAKIRS)") == Kill("kill", 20, (RED,), -1, 2)
    assert parse_action("End Turn") == Pass("pass", "end turn")
    assert parse_action("use ENKI on b2 (pay Fakir)") == Power("use", DJINN_INDEX["enki"], 7, "fakir")


@pytest.mark.parametrize("options, name", [
    ({"players": 3.0}, "players"), ({"players": True}, "players"), ({"players": "3"}, "players"),
    ({"slave_name": 1}, "slave_name"), ({"loop_drops_count": "yes"}, "loop_drops_count"),
    ({"nekir_per": "Meeple"}, "nekir_per"), ({"power_timing": "any"}, "power_timing"),
    ({"kumarbi_per": None}, "kumarbi_per"), ({"power_reset": ["round"]}, "power_reset"),
])
def test_game_options_are_checked_with_their_exact_type(options, name):
    with pytest.raises(ValueError, match=f"option {name} must be one of"):
        Game(**options)


def test_new_game_refuses_a_seed_that_is_not_an_integer():
    for seed in (1.0, True, "1", None, 10**5000):
        with pytest.raises(ValueError, match="seed must be an integer"):
            Game(players=2).new_game(seed)


@pytest.mark.parametrize("text, part", [
    ("move to C3", "could not read 'to' (word 2)"),
    ("bid slot x (3 gold)", "could not read 'x' (word 3)"),
    ("take djinn Enki", "the text ends after word 3, before '(pay <word>)'"),
    ("kill red on C4 at once", "could not read 'at once' after word 4"),
])
def test_parse_errors_name_the_part_that_could_not_be_read(text, part):
    with pytest.raises(ValueError) as err:
        parse_action(text)
    assert str(err.value).startswith(part)

"""Action notation (format and parse) and the JSON form with its consistency checks."""

import json
import random

import pytest

from boardlab.core import IllegalAction, InvalidPosition
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


def bad(mutate):
    st = Game(players=3).new_game(2)
    data = st.to_json()
    mutate(data)
    with pytest.raises(InvalidPosition) as err:
        st.game.state_from_json(data)
    return str(err.value)


def test_state_from_json_refuses_a_meeple_count_that_does_not_add_up():
    def more(d):
        d["meeples"][0][BLUE] += 1
    assert "blue meeples don't add up" in bad(more)


def test_state_from_json_refuses_negative_gold():
    def neg(d):
        d["players"][1]["gold"] = -3
    assert "gold" in bad(neg)


def test_state_from_json_refuses_too_many_camels():
    def extra(d):
        d["camels"][0] = 1
        d["camels"][1] = 1
    assert "camels" in bad(extra)


def test_state_from_json_refuses_a_djinn_in_two_places():
    def twice(d):
        d["players"][0]["djinns"] = [d["djinn_row"][0]]
    assert "exactly one place" in bad(twice)


def test_player_view_hides_other_players_gold_and_the_decks():
    st = Game(players=3).new_game(2)
    view = st.view(1)
    assert view["players"][0]["gold"] is None and view["players"][1]["gold"] == 50
    assert view["resource_deck"] == 45 and view["chance"] is None


def test_summary_is_short_text():
    text = Game(players=2).new_game(0).summary()
    assert text.startswith("round 1 bid: player") and "A1:" in text and len(text.splitlines()) == 6

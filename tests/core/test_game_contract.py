"""The base classes' shared behaviour (boardlab/core/game.py, chance.py), seen through the toy game."""

import pytest

from boardlab.core import ChanceStream, Game, IllegalAction, InvalidPosition, check_choice
from toygame import ROLL, STOP, ToyRace


def test_from_options_builds_the_game_and_refuses_unknown_options():
    assert ToyRace.from_options({"players": 3, "rounds": 2}) == ToyRace(players=3, rounds=2)
    assert ToyRace.from_options(ToyRace(players=4).options()) == ToyRace(players=4)
    with pytest.raises(ValueError, match=r"unknown option\(s\) \['colour'\] for toyrace; known: \['players', 'rounds'\]"):
        ToyRace.from_options({"players": 2, "colour": "red"})
    with pytest.raises(ValueError, match="options must be an object"):
        ToyRace.from_options([("players", 2)])


def test_check_choice_lists_what_is_allowed():
    with pytest.raises(ValueError, match=r"players must be one of 2, 3, 4; got 5"):
        ToyRace(players=5)
    with pytest.raises(ValueError, match=r"rounds must be one of 1, 2, .*, 10; got '3'"):
        ToyRace(rounds="3")
    with pytest.raises(ValueError, match="got True"):  # a bool is not the number 1
        check_choice("players", True, (1, 2))
    check_choice("variant", True, (True, False))


def test_by_name_finds_registered_games_and_names_the_known_ones():
    assert Game.by_name("toyrace") is ToyRace
    with pytest.raises(ValueError, match="unknown game 'no-such-game'; known games: .*'toyrace'"):
        Game.by_name("no-such-game")


def test_an_illegal_action_names_its_rule_and_leaves_the_state_unchanged():
    state = ToyRace().new_game(3)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"\(roll first\)") as caught:
        state.apply(STOP)
    assert caught.value.rule == "roll first"
    assert state.to_json() == before and state.history == []
    with pytest.raises(ValueError, match="unknown action 'jump'"):
        state.apply("jump")


def test_a_finished_game_refuses_any_action():
    state = ToyRace(rounds=1).new_game(3)
    while not state.is_over:
        state.apply(ROLL if state.turn_points < 6 else STOP)
    assert state.to_move is None and state.legal_actions() == ()
    with pytest.raises(IllegalAction, match="game over"):
        state.apply(ROLL)


def test_state_from_json_refuses_an_inconsistent_position():
    data = ToyRace().new_game(1).to_json()
    with pytest.raises(InvalidPosition, match="banked must list 2 non-negative integers"):
        ToyRace().state_from_json({**data, "banked": [1, -2]})


def test_reseed_changes_the_future_but_not_the_past():
    state = ToyRace().new_game(5)
    state.apply(ROLL)
    a, b = state.copy(), state.copy()
    b.reseed(999)
    assert b.chance.draws == a.chance.draws  # the past is kept
    futures = set()
    for copy in (a, b):
        for _ in range(5):
            if copy.is_over:
                break
            copy.apply(ROLL)
        futures.add(str(copy.to_json()))
    assert len(futures) == 2


def test_chance_stream_validates_and_round_trips():
    stream = ChanceStream(7)
    first = stream.next_rng().random()
    assert ChanceStream(7).next_rng().random() == first
    assert ChanceStream.from_json(stream.to_json()) == stream
    with pytest.raises(ValueError, match="seed must be an integer"):
        ChanceStream("7")
    with pytest.raises(ValueError, match="chance must be an object"):
        ChanceStream.from_json({"seed": 1})

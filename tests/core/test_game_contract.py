"""The base classes' shared behaviour (boardlab/core/game.py, chance.py), seen through the toy game."""

import random

import pytest

from boardlab.core import ChanceStream, Game, IllegalAction, InvalidPosition, NotAnAction, check_choice
from toygame import ROLL, STOP, Act, ToyRace


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
    with pytest.raises(InvalidPosition, match=r"banked\[1\]: expected an integer from 0 to 1000000, got -2"):
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
    with pytest.raises(InvalidPosition, match="chance: expected an object with the field\\(s\\) draws"):
        ChanceStream.from_json({"seed": 1})
    with pytest.raises(InvalidPosition, match=r"chance.draws: expected an integer, got 3.5"):
        ChanceStream.from_json({"seed": 1, "draws": 3.5})


@pytest.mark.parametrize("seed", [0, 7, -3, 2**63 - 1, 12345678901234567890])
def test_chance_events_are_the_string_seeded_generators_the_golden_games_were_played_with(seed):
    """Stream 1's next_rng seeds in C directly; the generators must stay random.Random(f"{seed}:{draws}")."""
    stream = ChanceStream(seed, version=1)
    for draws in range(40):
        rng, same = stream.next_rng(), random.Random(f"{seed}:{draws}")
        assert [rng.random(), rng.randrange(1000), rng.gauss(0, 1)] == [same.random(), same.randrange(1000), same.gauss(0, 1)]
        deck = list(range(30))
        rng.shuffle(deck)
        assert rng.getstate() == (same.shuffle(list(range(30))) or same.getstate())
    assert stream.draws == 40


# -- apply refuses what is not this game's action, safely (issue 7) -------------------------


class Quirky(ToyRace.STATE):
    def _why_illegal(self, action):
        raise IndexError("the explanation itself breaks")


@pytest.mark.parametrize("thing", [None, 0, 1, 2.5, True, ("roll",), ["roll"], object(), b"roll", 10**5000],
                         ids=["None", "0", "1", "2.5", "True", "tuple", "list", "object", "bytes", "huge-int"])
def test_apply_refuses_what_is_not_an_action_before_comparing_it(thing):
    state = ToyRace().new_game(3)
    before, legal = state.to_json(), state.legal_actions()
    with pytest.raises(NotAnAction, match=r"not an action of this game.*legal now: roll") as caught:
        state.apply(thing)
    assert isinstance(caught.value, IllegalAction) and isinstance(caught.value, TypeError)
    assert state.to_json() == before and state.legal_actions() == legal and state.history == []


def test_an_action_of_the_right_class_with_fields_of_another_type_is_not_listed():
    state = ToyRace().new_game(3)
    with pytest.raises(IllegalAction):
        state.apply(Act(kind=["roll"]))  # equal neither in value nor in type


def test_a_refusal_whose_explanation_breaks_still_refuses_listing_the_options(monkeypatch):
    monkeypatch.setattr(ToyRace, "STATE", Quirky)
    state = ToyRace().new_game(3)
    with pytest.raises(IllegalAction, match=r"not a legal option now.*'stop' is not a legal option now; legal now: roll"):
        state.apply(STOP)
    assert state.history == [] and state.legal_actions() == (ROLL,)


def test_unreadable_text_lists_the_options_and_suggests_the_closest():
    state = ToyRace().new_game(3)
    state.apply(ROLL)
    with pytest.raises(IllegalAction, match=r"unknown action 'rol'.*did you mean 'roll'\?.*legal now: roll; stop"):
        state.apply("rol")
    with pytest.raises(IllegalAction, match="a number of 5000 digits") as caught:
        state.apply("roll " + "7" * 5000)
    assert "Exceeds the limit" not in str(caught.value) and len(str(caught.value)) < 400


class FailsMidway(ToyRace.STATE):
    def _apply(self, action):
        self.banked[0] += 100  # half done, then a bug
        raise RuntimeError("engine bug")


def test_a_failing_apply_restores_the_position_from_the_record(monkeypatch):
    state = ToyRace().new_game(3)
    state.apply(ROLL)
    before, legal = state.to_json(), state.legal_actions()
    monkeypatch.setattr(state, "_apply", FailsMidway._apply.__get__(state))
    with pytest.raises(RuntimeError, match="engine bug") as caught:
        state.apply(ROLL)
    assert "restored" in "".join(caught.value.__notes__)
    assert state.to_json() == before and state.legal_actions() == legal and len(state.history) == 1


def test_a_failing_apply_on_a_reseeded_copy_says_it_cannot_be_restored(monkeypatch):
    """A reseeded lookahead copy has another future than its record replays: rebuilding it would
    give a different position, so the failure says so (discard it) instead of restoring."""
    state = ToyRace().new_game(3).copy()
    state.reseed(99)
    monkeypatch.setattr(state, "_apply", FailsMidway._apply.__get__(state))
    with pytest.raises(RuntimeError, match="engine bug") as caught:
        state.apply(ROLL)
    assert "could not be restored (its chance stream was reseeded)" in "".join(caught.value.__notes__)


def test_the_applied_action_is_the_listed_one():
    state = ToyRace().new_game(3)
    state.apply(Act("roll"))  # an equal copy: the listed object is what goes into the history
    assert state.history[0] is ROLL


# -- options compare exact types (issue 7) --------------------------------------------------


@pytest.mark.parametrize("players", [3.0, True, "3", None, [3]])
def test_options_of_another_type_are_refused(players):
    with pytest.raises(ValueError, match="players must be one of 2, 3, 4"):
        ToyRace(players=players)


# -- positions are private copies (issue 7) --------------------------------------------------


def test_editing_the_callers_dict_after_loading_changes_nothing():
    data = ToyRace().new_game(4).to_json()
    state = ToyRace().state_from_json(data)
    record = state.record
    data["banked"][0] = 99
    data["round"] = 3
    assert state.start["banked"][0] == 0 and record.start["banked"][0] == 0
    record.to_json()["start"]["banked"][0] = 77
    assert record.start["banked"][0] == 0


def test_a_position_that_is_not_json_data_names_where():
    data = ToyRace().new_game(4).to_json()
    data["chance"] = {"seed": 1, "draws": float("nan")}
    with pytest.raises(InvalidPosition, match="chance.draws"):
        ToyRace().state_from_json(data)


@pytest.mark.parametrize("game", ["whitecastle", "fivetribes", "alea", "elgrande"])
@pytest.mark.parametrize("seed", [True, 1.0, "1", None, 10 ** 30, -(10 ** 5000)],
                         ids=["bool", "float", "str", "None", "30 digits", "5001 digits"])
def test_every_game_refuses_a_seed_that_is_not_a_modest_integer(game, seed):
    from boardlab.core.game import Game as CoreGame

    with pytest.raises(ValueError, match="seed must be an integer of fewer than 30 digits") as info:
        CoreGame.by_name(game)().new_game(seed)
    assert "limit" not in str(info.value)

"""Rule tests: illegal actions, bad options and inconsistent positions.

GUIDE §6.6 and the engine contract: an illegal action raises ``IllegalAction`` whose message
names the rule it breaks, and leaves the position exactly as it was (compared through
``to_json``); a bad option raises ``ValueError`` listing the allowed values; a position that no
game could reach is refused with ``InvalidPosition`` saying what is wrong.

Also the documented edge-case choices: a paid action whose action cannot be performed is not
offered, and an optional action with no possible option is skipped (nothing is asked).
"""

from __future__ import annotations

import pytest

from boardlab import whitecastle
from boardlab.core import IllegalAction, InvalidPosition
from tests.whitecastle.helpers import (ask, blank, bridges, effects, garden, give, goods, hold, lantern, load,
                                       refused, room, texts)

# --------------------------------------------------------------------------- illegal actions


def _placing(players=3, colour="coral", pips=1, **goods_):
    d = blank(players)
    room(d, "F1A", "steward:12", ("coral", "white", "black"))
    room(d, "F2A", "diplomat:2", ("black", "white"))
    give(d, 0, **goods_)
    return hold(d, colour, pips, "right")


def _courtier(court=(0, 0, 0, 0), **goods_):
    d = give(blank(3), 0, **goods_)
    d["players"][0]["court"] = list(court)
    d["players"][0]["home"]["courtier"] = 5 - sum(court)
    return ask(d, ["courtier", False, False])


CASES = [
    # (position builder, action, words the message must contain)
    ("middle die", lambda: bridges(blank(3), coral=[1, 3, 4, 6]), "take coral 3 (left end)",
     "only a bridge end can be taken"),
    ("placing before taking", lambda: blank(3), "place on the Well", "decision order"),
    ("taking while holding a die", lambda: _placing(coin=5), "take coral 1 (left end)", "decision order"),
    ("colour not in the room", lambda: _placing(coin=5, colour="coral"), "place on castle floor 2 room A",
     "castle colour rule"),
    ("cannot pay the difference", lambda: _placing(coin=1), "place on castle floor 1 room A", "pay the difference"),
    ("third die on a space", lambda: _stack(_placing(coin=9, pips=3), "F1A", [2, 4]), "place on castle floor 1 room A",
     "at most two dice"),
    ("stacking at two players", lambda: _stack(_placing(2, coin=9, pips=3), "F1A", [2]),
     "place on castle floor 1 room A", "no stacking at 2 players"),
    ("wrong domain row", lambda: _placing(colour="black", pips=6), "place on my coral domain row", "domain row colour"),
    ("used domain row", lambda: _used(_placing(pips=6)), "place on my coral domain row", "one die per domain row"),
    ("gate without coins", lambda: _courtier(court=(1, 0, 0, 0), coin=1, pearl=2), "send a courtier to the gate",
     "gate costs 2 coins"),
    ("climb without pearls", lambda: _courtier(court=(1, 0, 0, 0), coin=2, pearl=1),
     "climb a courtier from the gate to floor 1", "mother-of-pearl"),
    ("climb with no courtier there", lambda: _courtier(court=(1, 0, 0, 0), pearl=5),
     "climb a courtier from the floor 1 to floor 2", "no courtier"),
    ("own gardener already there", lambda: _own_garden(), "place a gardener in the coral plant garden",
     "one of your gardeners per garden card"),
    ("warrior without iron", lambda: ask(give(blank(3), 0, iron=3), ["warrior"]), "place a warrior in the 5-iron yard",
     "warrior costs iron"),
    ("exchange without seals", lambda: give(blank(3), 0, seal=1), "exchange 2 seals for 1 food", "seal exchange"),
    ("taken Daimyo slot", lambda: _slot_taken(), "take Daimyo slot A", "one courtier per Daimyo slot"),
]


def _stack(d, space, dice):
    d["space_dice"][space] = dice
    return d


def _used(d):
    d["players"][0]["rows_used"] = [True, False, False]
    return d


def _own_garden():
    d = give(blank(3), 0, food=7)
    d["gardens"][0]["gardeners"] = [0]
    d["players"][0]["home"]["gardener"] = 4
    return ask(d, ["gardener"])


def _slot_taken():
    d = blank(3)
    d["players"][1]["court"] = [0, 0, 0, 1]
    d["players"][1]["home"]["courtier"] = 4
    d["daimyo"]["slots"] = [1, None, None]
    return ask(d, ["slot"])


@pytest.mark.parametrize("name, build, action, words", CASES, ids=[c[0] for c in CASES])
def test_illegal_action_names_the_rule_and_leaves_the_state_unchanged(name, build, action, words):
    state = load(build())
    assert action not in texts(state)
    refused(state, action, words)


def test_illegal_action_given_as_an_action_object_is_refused_too():
    state = load(bridges(blank(3), coral=[1, 3, 4, 6]))
    refused(state, whitecastle.parse("take coral 4 (right end)"), "only a bridge end can be taken")


def test_unknown_action_text_is_a_value_error_naming_examples():
    state = load(blank(3))
    before = state.to_json()
    with pytest.raises(ValueError, match="unknown White Castle action"):
        state.apply("fly to the moon")
    assert state.to_json() == before


def test_non_action_is_refused():
    state = load(blank(3))
    refused(state, 42, "action")


def test_no_action_after_the_game_is_over():
    d = blank(3)
    d.update(round=3, phase="over", actor=None, decision=None, queue=[])
    state = load(d)
    assert state.is_over and state.legal_actions() == ()
    refused(state, "take coral 1 (left end)", "game over")


def test_illegal_action_does_not_disturb_the_following_legal_play():
    state = load(_placing(coin=1))
    with pytest.raises(IllegalAction):
        state.apply("place on castle floor 1 room A")
    state.apply("place on the Well")
    assert goods(state)["seal"] == 1


# Refusals that name the rule they break.

def test_choosing_a_capped_resource_names_the_cap():
    state = load(effects(give(blank(3), 0, food=7), ["any", 1]))
    refused(state, "choose 1 food", "cap")


def test_new_card_dark_block_refusal_names_the_light_background_rule():
    d = give(blank(3), 0, pearl=2)
    d["players"][0]["court"] = [1, 0, 0, 0]
    d["players"][0]["home"]["courtier"] = 4
    room(d, "F1A", "steward:12", ("coral", "white", "black"))  # block 3 is dark
    state = load(ask(d, ["courtier", False, False]))
    state.apply("climb a courtier from the gate to floor 1")
    state.apply("enter castle floor 1 room A")
    refused(state, "perform block 3 of the new card", "light")


def test_outside_left_warrior_refusal_names_the_space_rule():
    state = load(hold(give(blank(3), 0, coin=5, iron=5), "coral", 5, "right"))
    state.apply("place on outside the walls (left)")
    refused(state, "perform a warrior action", "gardener or courtier")


def test_tile_action_of_the_wrong_colour_names_the_tile_colour():
    d = blank(3)
    room(d, "F1A", "steward:12", ("coral", "white", "black"))
    state = load(ask(d, ["tile", "white"]))
    refused(state, "perform castle floor 1 room A block 1", "white")


# --------------------------------------------------------------------------- bad options

@pytest.mark.parametrize("players", [0, 5, "3", 2.5, True, 1.0])
def test_game_with_an_unsupported_player_count_lists_the_allowed_values(players):
    with pytest.raises(ValueError) as info:
        whitecastle.Game(players=players)
    message = str(info.value)
    assert "players" in message and "1, 2, 3, 4" in message


def test_bad_lone_die_option_is_refused():
    with pytest.raises(ValueError, match="lone_die_is_left"):
        whitecastle.Game(players=3, lone_die_is_left="yes")


def test_bad_seed_is_refused():
    with pytest.raises(ValueError, match="seed"):
        whitecastle.Game(players=3).new_game(seed="one")


# --------------------------------------------------------------------------- inconsistent positions

def _courtiers(n):
    def edit(d):
        d["players"][0]["court"] = [n - 5, 0, 0, 0]
    return edit


BAD_POSITIONS = [
    ("food above its cap", lambda d: give(d, 0, food=8), ["players[0].goods.food", "from 0 to 7"]),
    ("mother-of-pearl above its cap", lambda d: give(d, 0, pearl=9), ["players[0].goods.pearl", "from 0 to 7"]),
    ("seals above their cap", lambda d: give(d, 0, seal=6), ["players[0].goods.seal", "from 0 to 5"]),
    ("negative coins", lambda d: give(d, 0, coin=-1), ["coin"]),
    ("resource not a number", lambda d: give(d, 0, iron="3"), ["iron", "integer"]),
    ("six courtiers", _courtiers(6), ["6 courtiers"]),
    ("six gardeners", lambda d: d["gardens"][0]["gardeners"].append(0), ["6 gardeners"]),
    ("six warriors", lambda d: d["players"][0].__setitem__("warriors", [1, 0, 0]), ["6 warriors"]),
    ("a bridge of a colour that does not exist", lambda d: d["bridges"].__setitem__("green", [2]), ["bridges", "unknown field(s) green"]),
    ("a held die of a colour that does not exist", lambda d: hold(d, "green", 3), ["colour", "green"]),
    ("a bridge not sorted", lambda d: d["bridges"].__setitem__("coral", [5, 2, 3, 6]), ["low to high"]),
    ("a die showing 7", lambda d: d["bridges"].__setitem__("white", [1, 7]), ["bridges.white[1]", "from 1 to 6"]),
    ("a placed die showing 0", lambda d: d["space_dice"].__setitem__("F1A", [0]), ["space_dice.F1A[0]", "from 1 to 6"]),
    ("too many dice on a bridge", lambda d: d["bridges"].__setitem__("coral", [1, 2, 3, 4, 5]), ["bridges.coral", "at most 4 items"]),
    ("three dice on one space", lambda d: d["space_dice"].__setitem__("OUTL", [1, 2, 3]), ["at most 2"]),
    ("a tile of a colour that does not exist", lambda d: room(d, "F1A", "steward:2", ("green", "coral", "white")),
     ["tiles"]),
    ("a diplomat on floor 1", lambda d: room(d, "F1A", "diplomat:2", ("black", "coral", "white")), ["steward"]),
    ("a Daimyo card that does not exist", lambda d: d["daimyo"].__setitem__("card", 10), ["Daimyo"]),
    ("an action card that does not exist", lambda d: d["players"][0].__setitem__("card", "steward:99"),
     ["steward:99"]),
    ("a lantern card that does not exist", lambda d: lantern(d, 0, "decree:gold"), ["decree:gold"]),
    ("Passage of Time beyond 20", lambda d: d["players"][0].__setitem__("time", 21), ["players[0].time", "from 0 to 20"]),
    ("turn order not a permutation", lambda d: d.__setitem__("order", [0, 0, 1]), ["order"]),
    ("a fourth round", lambda d: d.__setitem__("round", 4), ["round"]),
    ("an unknown decision", lambda d: d.__setitem__("decision", ["fly"]), ["decision"]),
    ("a missing field", lambda d: d.pop("bridges"), ["bridges"]),
    ("two gardeners of one clan on a card",
     lambda d: (d["gardens"][0]["gardeners"].extend([0, 0]), d["players"][0]["home"].__setitem__("gardener", 3)),
     ["gardener"]),
    # progress fields, the draft offer and queued effects
    ("an actor who is not a player", lambda d: d.__setitem__("actor", 9), ["actor"]),
    ("a courtier decision missing its fields", lambda d: d.__setitem__("decision", ["courtier"]), ["decision", "2 field(s)"]),
    ("a queued effect missing its amount", lambda d: d.__setitem__("queue", [["time"]]), ["queue[0]", "1 or 2 field(s)"]),
    ("a Well tile with an unknown reward", lambda d: d["well_tiles"][0].__setitem__("reward", "gold:1"), ["well_tiles[0].reward", "'food:1'"]),
    ("a bogus starting pair", lambda d: d.__setitem__("offer", [{"resource_card": 12, "action_card": "x"}]),
     ["offer[0].resource_card", "one of 1, 2"]),
    ("a bogus garden activation", lambda d: d.__setitem__("activations", [[0, 9]]), ["activation"]),
    ("a gardener of a player who does not exist",
     lambda d: (d["gardens"][0]["gardeners"].append(7)), ["gardens[0].gardeners[0]", "from 0 to 2"]),
    ("a finished game in round 1", lambda d: d.update(phase="over", actor=None, decision=None),
     ["round", "3 in a finished game"]),
    ("a turn beyond the round", lambda d: d.__setitem__("turn", 99), ["turn"]),
    ("a time clock that is not a number", lambda d: d.__setitem__("time_clock", "a"), ["time_clock"]),
    # exact types: a bool is not an int, a float is never an int, nothing is coerced
    ("coins given as true", lambda d: give(d, 0, coin=True), ["players[0].goods.coin", "integer", "bool"]),
    ("a round given as 1.0", lambda d: d.__setitem__("round", 1.0), ["round", "integer", "float"]),
    ("a die given as text", lambda d: d["bridges"]["black"].__setitem__(0, "1"), ["bridges.black[0]", "str"]),
    ("rows_used given as 0/1", lambda d: d["players"][1].__setitem__("rows_used", [0, 0, 0]),
     ["players[1].rows_used[0]", "true or false"]),
    ("an unknown field (a typo)", lambda d: d.__setitem__("turns", 0), ["position", "unknown field(s) turns"]),
    # conservation: every die, card, tile and worker in exactly one place
    ("a bridge missing a die", lambda d: d["bridges"]["coral"].pop(), ["bridges", "12 dice in play", "got 11"]),
    ("an extra die on a space", lambda d: d["space_dice"]["WELL"].append(3), ["bridges", "12 dice in play", "got 13"]),
    ("a flipped rows_used", lambda d: d["players"][2]["rows_used"].__setitem__(1, True),
     ["bridges.black", "at most 4 black dice", "got 5"]),
    ("a coral die both in a row and on a full bridge", lambda d: (d["players"][2]["rows_used"].__setitem__(0, True),
                                                                 d["bridges"]["black"].pop()),
     ["bridges.coral", "at most 4 coral dice"]),
    ("a castle card missing from every place", lambda d: d["decks"]["steward"].pop(), ["castle cards", "missing steward:"]),
    ("a castle card in two places", lambda d: d["decks"]["diplomat"].append(d["rooms"][3]["card"]),
     ["castle cards", "extra diplomat:"]),
    ("a die tile of a changed colour", lambda d: d["rooms"][0]["tiles"].__setitem__(
        0, next(c for c in ("coral", "black", "white") if c != d["rooms"][0]["tiles"][0])), ["die tiles by colour"]),
    ("a deleted Well-tile colour", lambda d: d["well_tiles"][0].pop("colour"), ["well_tiles[0]", "colour"]),
    ("the same Well tile twice", lambda d: d.__setitem__("well_tiles", [d["well_tiles"][0]] * 2), ["well_tiles"]),
    ("a yard tile in two yards", lambda d: d["yards"][2].__setitem__(0, {**d["yards"][1][0], "face": "yellow"}),
     ["yards", "one yard"]),
    ("a starting resource card in the offer and a lantern",
     lambda d: d["players"][0]["lantern"].append(f"resource:{d['offer'][0]['resource_card']}"), ["offer", "twice"]),
    ("a bad chance", lambda d: d.__setitem__("chance", {"seed": "x", "draws": 0}), ["chance.seed", "integer"]),
    ("chance draws negative", lambda d: d.__setitem__("chance", {"seed": 1, "draws": -1}), ["chance.draws"]),
    ("chance missing", lambda d: d.__setitem__("chance", None), ["chance", "an object"]),
    ("a seed of 5000 digits", lambda d: d.__setitem__("chance", {"seed": 10**4999, "draws": 0}),
     ["chance.seed", "at most 30 digits"]),
    # references between fields
    ("a Daimyo slot without a courtier on floor 3", lambda d: d["daimyo"]["slots"].__setitem__(0, 1),
     ["daimyo.slots", "player 1"]),
    ("a time stamp at the clock", lambda d: d["players"][1].__setitem__("time_stamp", d["time_clock"]), ["time_clock"]),
    ("two markers with one stamp", lambda d: d["players"][1].__setitem__("time_stamp", d["players"][0]["time_stamp"]),
     ["distinct time_stamp"]),
    ("a stone card in a plant slot", lambda d: garden(d, 0, 6), ["gardens[0].card", "plant"]),
    ("a time gate asked away from a gate", lambda d: d.__setitem__("decision", ["timegate", 2, 1, False]),
     ["decision[1]", "no gate there"]),
    ("a paid effect no card prints", lambda d: d.__setitem__("queue", [["paid", "coin", 1, ["well"]]]),
     ["queue[0]", "a paid effect printed on a card"]),
    ("a block of a card that does not exist", lambda d: d.__setitem__("queue", [["block", "steward:99", 0]]),
     ["queue[0][1]", "steward:99"]),
    ("a block beyond the card", lambda d: d.__setitem__("queue", [["block", "diplomat:2", 2]]),
     ["queue[0][2]", "from 0 to 1"]),
    ("a take decision during the draft", lambda d: (d.__setitem__("phase", "draft")), ["decision", "phase 'turn'"]),
]


@pytest.mark.parametrize("name, edit, words", BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS])
def test_inconsistent_position_is_refused_saying_what_is_wrong(name, edit, words):
    d = blank(3)
    edit(d)
    with pytest.raises(InvalidPosition) as info:
        whitecastle.Game(players=3).state_from_json(d)
    for w in words:
        assert w.lower() in str(info.value).lower(), str(info.value)


def test_two_dice_on_one_space_refused_at_two_players():
    d = blank(2)
    d["space_dice"]["F1A"] = [1, 2]
    with pytest.raises(InvalidPosition, match="at most 1"):
        whitecastle.Game(players=2).state_from_json(d)


def test_position_for_another_player_count_is_refused():
    with pytest.raises(InvalidPosition, match="2 players"):
        whitecastle.Game(players=2).state_from_json(blank(3))


def test_position_that_is_not_an_object_is_refused():
    with pytest.raises(InvalidPosition):
        whitecastle.Game(players=3).state_from_json(["not", "a", "position"])


def test_a_valid_edited_position_round_trips_through_json():
    d = give(blank(3), 0, food=7, seal=5, coin=30)
    state = load(d)
    again = whitecastle.Game(players=3).state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_card_for_three_plus_players_refused_in_a_two_player_position():
    d = blank(2)
    room(d, "F1A", "steward:1", ("black", "coral", "white"))
    with pytest.raises(InvalidPosition, match="steward:1"):
        whitecastle.Game(players=2).state_from_json(d)


def test_castle_card_present_twice_is_refused():
    d = blank(3)
    d["decks"]["steward"].append(d["rooms"][0]["card"])
    with pytest.raises(InvalidPosition):
        whitecastle.Game(players=3).state_from_json(d)


def test_garden_card_present_twice_is_refused():
    d = blank(3)
    d["gardens"][1]["card"] = d["gardens"][0]["card"]
    with pytest.raises(InvalidPosition):
        whitecastle.Game(players=3).state_from_json(d)


def test_place_decision_without_a_held_die_is_refused():
    d = blank(3)
    d["decision"] = ["place"]
    with pytest.raises(InvalidPosition):
        whitecastle.Game(players=3).state_from_json(d)


def test_more_dice_than_the_game_has_is_refused():
    d = blank(3)
    d["space_dice"]["WELL"] = [1] * 20  # 3 players: 12 dice in all
    with pytest.raises(InvalidPosition, match="dice"):
        whitecastle.Game(players=3).state_from_json(d)


def test_daimyo_slot_without_a_courtier_on_floor_three_is_refused():
    d = blank(3)
    d["daimyo"]["slots"] = [0, None, None]  # player 0 has no courtier on floor 3
    with pytest.raises(InvalidPosition):
        whitecastle.Game(players=3).state_from_json(d)


# --------------------------------------------------------------------------- documented edge cases

def test_paid_action_that_cannot_be_performed_is_not_offered():
    # steward 1's top block: pay 1 seal -> Courtier action. The seal is there, but no coins for
    # the gate and no courtier to climb: the payment is not offered.
    d = _placing(coin=0, seal=1, pips=3)
    room(d, "F1A", "steward:1", ("coral", "white", "black"))
    state = load(d)
    state.apply("place on castle floor 1 room A")
    offered = {t for t in texts(state) if not t.startswith("exchange")}
    assert "pay 1 seal for courtier action" not in offered
    # Reading: the player still holds a seal, and seals may be exchanged at any time in one's
    # turn, so the engine may stop here with only "decline" besides the exchanges.
    assert offered <= {"decline"}
    refused(state, "pay 1 seal for courtier action", "nothing to pay for")
    state.apply("decline")
    assert state.to_move == 1
    assert goods(state)["seal"] == 1  # the seal was not spent


def test_paid_action_that_cannot_be_paid_is_skipped_without_asking():
    # No seal at all for steward 1's "pay 1 seal -> Courtier action": nothing is asked.
    d = _placing(coin=4, seal=0, pips=3)
    room(d, "F1A", "steward:1", ("coral", "white", "black"))
    state = load(d)
    state.apply("place on castle floor 1 room A")
    assert state.to_move == 1
    assert goods(state)["coin"] == 4


def test_paid_action_that_can_be_performed_is_offered():
    d = _placing(coin=2, seal=1, pips=3)
    room(d, "F1A", "steward:1", ("coral", "white", "black"))
    state = load(d)
    state.apply("place on castle floor 1 room A")
    assert texts(state) >= {"pay 1 seal for courtier action", "decline"}


def test_plant_garden_coin_action_not_offered_when_its_action_is_impossible():
    # plant 4: pay 3 coins -> Warrior action; coins enough but no iron for any yard.
    d = garden(give(blank(3), 0, food=4, coin=5), 0, 4)
    state = load(ask(d, ["gardener"]))
    state.apply("place a gardener in the coral plant garden")
    assert state.to_move == 1
    assert goods(state)["coin"] == 5


def test_optional_action_with_no_possible_option_is_skipped():
    # A Gardener action without food for any garden, a Warrior action without iron,
    # a Courtier action without coins or courtiers to climb: nothing is asked.
    for decision in (["gardener"], ["warrior"], ["courtier", False, False]):
        state = load(ask(blank(3), decision))
        assert state.to_move == 1, decision


def test_optional_action_is_asked_when_something_is_possible():
    state = load(ask(give(blank(3), 0, iron=1), ["warrior"]))
    assert state.to_move == 0
    assert texts(state) == {"place a warrior in the 1-iron yard", "decline"}


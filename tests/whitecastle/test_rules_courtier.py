"""Rule tests: the Courtier action.

Seed: pay 2 coins to send a new courtier to the gate, or move one courtier already at the gate or
in the castle up with mother-of-pearl: 2 for one floor, 5 for two floors; one climb cannot be
split between courtiers or stopped half-way. A gate entry and a climb may each be done once in
the same action, so a courtier just sent to the gate may climb at once. Floors: 1 stewards,
2 diplomats, 3 the Daimyo.

Ending a climb on floor 1 or 2: take the card of the room arrived in as the new personal action
card, turn the old one face down into the lantern area, perform one light-background action of
the new card, and refill the room from that floor's deck. If there is no card to refill with,
only one light-background action of the room's card is performed: the card is not taken, the
action card is not replaced, nothing goes to the lantern.

Two floors at once resolves only the floor where the courtier stops (1 -> 3 skips floor 2's
card). Floor 3: lantern rewards, then the bonus of a Daimyo slot still free, if any; floor 3
stays open when the slots are full.

Reading: "the room arrived in" is chosen by the player among that floor's rooms (no limit of
courtiers per room is known).
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import ask, blank, give, goods, lantern, load, refused, room, texts

GATE = "send a courtier to the gate"
FINISH = "finish the courtier action"


def _courtier(court=(0, 0, 0, 0), **goods_):
    d = blank(3)
    p = d["players"][0]
    p["court"] = list(court)
    p["home"]["courtier"] = 5 - sum(court)
    give(d, 0, **goods_)
    # steward 12: top +2 pearl | middle +1 seal +1 CP | bottom (dark) pay 1 seal -> Gardener
    room(d, "F1A", "steward:12", ("coral", "white", "black"))
    # diplomat 10: top+middle (light) +2 coins, lantern rewards | bottom (dark) Warrior action
    room(d, "F2A", "diplomat:10", ("coral", "white"))
    room(d, "F1B", "steward:2", ("coral", "white", "black"))
    room(d, "F1C", "steward:4", ("coral", "white", "black"))
    room(d, "F2B", "diplomat:3", ("coral", "white"))
    d["decks"] = {"steward": ["steward:5"], "diplomat": ["diplomat:2"]}
    d["daimyo"] = {"card": 3, "slots": [None, None, None]}  # A Well | B +2 CP | C +2 seals
    return ask(d, ["courtier", False, False])


def test_gate_costs_two_coins():
    state = load(_courtier(coin=2))
    state.apply(GATE)
    assert goods(state)["coin"] == 0
    assert state.players[0].court == [1, 0, 0, 0]
    assert state.players[0].home[0] == 4


def test_gate_refused_without_two_coins():
    state = load(_courtier(court=(1, 0, 0, 0), coin=1, pearl=2))
    assert GATE not in texts(state)
    refused(state, GATE, "gate costs 2 coins")


def test_gate_refused_with_no_courtier_left_at_home():
    state = load(_courtier(court=(2, 1, 1, 1), coin=5, pearl=2))
    assert GATE not in texts(state)
    refused(state, GATE, "courtier")


@pytest.mark.parametrize("start, text, after", [
    ((1, 0, 0, 0), "climb a courtier from the gate to floor 1", [0, 1, 0, 0]),
    ((0, 1, 0, 0), "climb a courtier from the floor 1 to floor 2", [0, 0, 1, 0]),
    ((0, 0, 1, 0), "climb a courtier from the floor 2 to floor 3", [0, 0, 0, 1]),
])
def test_climb_one_floor_costs_two_mother_of_pearl_from_any_floor(start, text, after):
    state = load(_courtier(court=start, pearl=3))
    assert text in texts(state)
    state.apply(text)
    assert goods(state)["pearl"] == 1
    assert state.players[0].court == after


@pytest.mark.parametrize("start, text, after", [
    ((1, 0, 0, 0), "climb a courtier from the gate to floor 2", [0, 0, 1, 0]),
    ((0, 1, 0, 0), "climb a courtier from the floor 1 to floor 3", [0, 0, 0, 1]),
])
def test_climb_two_floors_costs_five_mother_of_pearl(start, text, after):
    state = load(_courtier(court=start, pearl=4))
    assert text not in texts(state)
    refused(state, text, "mother-of-pearl")
    state = load(_courtier(court=start, pearl=6))
    state.apply(text)
    assert goods(state)["pearl"] == 1
    assert state.players[0].court == after


def test_no_climb_beyond_floor_three():
    state = load(_courtier(court=(0, 0, 0, 1), pearl=7, coin=0))
    assert not any(t.startswith("climb") for t in texts(state))


def test_gate_then_climb_in_the_same_action():
    state = load(_courtier(coin=2, pearl=2))
    state.apply(GATE)
    assert "climb a courtier from the gate to floor 1" in texts(state)
    state.apply("climb a courtier from the gate to floor 1")
    assert state.players[0].court == [0, 1, 0, 0]


def test_climb_then_gate_in_the_same_action():
    state = load(_courtier(court=(1, 0, 0, 0), coin=2, pearl=2))
    state.apply("climb a courtier from the gate to floor 1")
    state.apply("enter castle floor 1 room A")
    state.apply("perform block 1 of the new card")
    assert GATE in texts(state)
    state.apply(GATE)
    assert state.players[0].court == [1, 1, 0, 0]


def test_at_most_one_gate_entry_per_courtier_action():
    state = load(_courtier(coin=4, pearl=2))  # pearls keep a climb open, so the action goes on
    state.apply(GATE)
    assert GATE not in texts(state)
    refused(state, GATE, "one gate entry per courtier action")
    state.apply(FINISH)
    assert state.players[0].court == [1, 0, 0, 0]


def test_at_most_one_climb_per_courtier_action():
    state = load(_courtier(court=(2, 0, 0, 0), pearl=4, coin=2))  # coins keep a gate entry open
    state.apply("climb a courtier from the gate to floor 1")
    state.apply("enter castle floor 1 room A")
    state.apply("perform block 1 of the new card")  # +2 pearl
    # Pearls remain (4), another courtier waits at the gate, yet no second climb is offered.
    assert not any(t.startswith("climb") for t in texts(state))
    refused(state, "climb a courtier from the gate to floor 1", "one climb per courtier action")


def test_a_climb_moves_one_courtier_and_cannot_be_split():
    # Five pearls buy two floors for ONE courtier, never one floor each for two courtiers.
    state = load(_courtier(court=(2, 0, 0, 0), pearl=5))
    state.apply("climb a courtier from the gate to floor 2")
    assert state.players[0].court == [1, 0, 1, 0]
    assert state.decision[0] == "room"
    assert texts(state) == {"enter castle floor 2 room A", "enter castle floor 2 room B"}


def test_arriving_on_floor_one_takes_the_room_card_old_card_to_lantern_one_light_block_refill():
    state = load(_courtier(court=(1, 0, 0, 0), pearl=2))
    state.apply("climb a courtier from the gate to floor 1")
    assert texts(state) == {"enter castle floor 1 room A", "enter castle floor 1 room B",
                            "enter castle floor 1 room C"}
    state.apply("enter castle floor 1 room A")
    p = state.players[0]
    assert p.card == "steward:12"
    assert p.lantern == ["start:courtier"]  # the old card, face down in the lantern area
    assert state.room_cards[0] == "steward:5"  # refilled from the steward deck
    assert state.decks["steward"] == ()
    assert state.to_json()["rooms"][0]["tiles"] == ["coral", "white", "black"]  # tiles stay
    # One light block of the new card (the dark bottom block is not offered).
    assert texts(state) == {"perform block 1 of the new card", "perform block 2 of the new card"}
    state.apply("perform block 2 of the new card")
    g = goods(state)
    assert (g["seal"], g["cp"], g["pearl"]) == (1, 1, 0)


def test_arriving_on_floor_two_takes_the_diplomat_card():
    d = _courtier(court=(0, 1, 0, 0), pearl=2)
    d["players"][0]["card"] = "steward:7"
    lantern(d, 0, "decree:cp")
    state = load(d)
    state.apply("climb a courtier from the floor 1 to floor 2")
    state.apply("enter castle floor 2 room A")
    p = state.players[0]
    assert p.card == "diplomat:10"
    assert p.lantern == ["decree:cp", "steward:7"]
    assert state.room_cards[3] == "diplomat:2"
    assert texts(state) == {"perform block 1 of the new card"}  # block 2 is dark
    state.apply("perform block 1 of the new card")  # +2 coins, lantern rewards
    g = goods(state)
    # lantern now shows the CP Decree and the steward's +1 coin
    assert (g["coin"], g["cp"]) == (3, 1)


def test_empty_deck_no_card_taken_only_one_light_block_of_the_room_card():
    d = _courtier(court=(1, 0, 0, 0), pearl=2)
    d["decks"]["steward"] = []
    state = load(d)
    state.apply("climb a courtier from the gate to floor 1")
    state.apply("enter castle floor 1 room A")
    p = state.players[0]
    assert p.card == "start:courtier"  # not replaced
    assert p.lantern == []  # nothing added
    assert state.room_cards[0] == "steward:12"  # the card stays in the room
    assert texts(state) == {"perform block 1 of the new card", "perform block 2 of the new card"}
    state.apply("perform block 1 of the new card")
    assert goods(state)["pearl"] == 2  # steward 12's top block, performed once


def test_two_floors_at_once_from_the_gate_resolves_only_floor_two():
    state = load(_courtier(court=(1, 0, 0, 0), pearl=5))
    state.apply("climb a courtier from the gate to floor 2")
    # No floor-1 room is asked for: the courtier passes floor 1 without taking a card there.
    assert texts(state) == {"enter castle floor 2 room A", "enter castle floor 2 room B"}
    state.apply("enter castle floor 2 room A")
    assert state.players[0].card == "diplomat:10"
    assert state.players[0].lantern == ["start:courtier"]


def test_two_floors_at_once_from_floor_one_to_floor_three_skips_floor_two_card():
    d = _courtier(court=(0, 1, 0, 0), pearl=5)
    lantern(d, 0, "decree:cp")
    state = load(d)
    state.apply("climb a courtier from the floor 1 to floor 3")
    p = state.players[0]
    assert p.card == "start:courtier"  # no diplomat card taken on the way
    assert state.room_cards[3] == "diplomat:10"
    assert goods(state)["cp"] == 1  # floor 3: lantern rewards
    assert texts(state) == {"take Daimyo slot A", "take Daimyo slot B", "take Daimyo slot C"}


def test_floor_three_lantern_rewards_then_a_free_daimyo_slot():
    d = _courtier(court=(0, 0, 1, 0), pearl=2)
    lantern(d, 0, "decree:cp")
    d["daimyo"]["slots"] = [1, None, None]
    d["players"][1]["court"], d["players"][1]["home"]["courtier"] = [0, 0, 0, 1], 4
    state = load(d)
    state.apply("climb a courtier from the floor 2 to floor 3")
    assert goods(state)["cp"] == 1  # the lantern came first
    assert texts(state) == {"take Daimyo slot B", "take Daimyo slot C"}  # A is taken
    refused(state, "take Daimyo slot A", "one courtier per Daimyo slot")
    state.apply("take Daimyo slot C")
    assert goods(state)["seal"] == 2
    assert state.daimyo_slots == (1, None, 0)


def test_floor_three_allowed_when_every_daimyo_slot_is_taken():
    d = _courtier(court=(0, 0, 1, 0), pearl=2)
    lantern(d, 0, "decree:cp")
    d["daimyo"]["slots"] = [1, 2, 1]
    d["players"][1]["court"], d["players"][1]["home"]["courtier"] = [0, 0, 0, 2], 3
    d["players"][2]["court"], d["players"][2]["home"]["courtier"] = [0, 0, 0, 1], 4
    state = load(d)
    assert "climb a courtier from the floor 2 to floor 3" in texts(state)
    state.apply("climb a courtier from the floor 2 to floor 3")
    assert state.players[0].court == [0, 0, 0, 1]
    assert goods(state)["cp"] == 1  # still the lantern rewards
    assert not any(t.startswith("take Daimyo slot") for t in texts(state))


def test_arrival_room_must_be_on_the_arrival_floor():
    state = load(_courtier(court=(1, 0, 0, 0), pearl=2))
    state.apply("climb a courtier from the gate to floor 1")
    refused(state, "enter castle floor 2 room A", "climb destination")


def test_courtier_action_may_be_declined():
    state = load(_courtier(coin=2, pearl=2))
    assert "decline" in texts(state)
    state.apply("decline")
    assert state.players[0].court == [0, 0, 0, 0]
    assert goods(state)["coin"] == 2


def test_gate_entry_with_no_climb_possible_ends_the_action_without_asking():
    state = load(_courtier(coin=2))
    state.apply(GATE)
    assert state.to_move == 1


def test_climb_with_no_gate_entry_possible_ends_the_action_without_asking():
    state = load(_courtier(court=(1, 0, 0, 0), pearl=2))
    state.apply("climb a courtier from the gate to floor 1")
    state.apply("enter castle floor 1 room A")
    state.apply("perform block 1 of the new card")
    assert state.to_move == 1

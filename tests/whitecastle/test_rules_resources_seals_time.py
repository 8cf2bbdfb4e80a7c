"""Rule tests: resources, Daimyo seals, the seal exchange and the Passage of Time.

Seed: food, iron and mother-of-pearl are the core resources; coins pay placement differences and
the gate; Daimyo seals pay some actions and the boundaries of the Passage of Time, and can be
exchanged for resources or coins.

Reference facts (§4, §5): resources are capped at 7 and seals at 5 (gains above a cap are lost;
coins have no cap); the exchange is 2 seals -> 1 resource of your choice or 1 seal -> 1 coin, at
any time in your turn; entering Passage of Time space 6, 11 or 15 costs 1, 2 or 3 seals; a player
who cannot or will not pay stops in front of the gate and the rest of that move is lost; the
track ends at 20.

Reading: the engine offers the exchange during one's own turn while a payment may be due (taking
a die, placing it, a paid or worker action), not in the middle of another choice.
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import blank, effects, give, goods, hold, load, refused, room, texts

GATE_PAY = {1: "pay 1 seal to pass the Passage of Time gate", 2: "pay 2 seals to pass the Passage of Time gate",
            3: "pay 3 seals to pass the Passage of Time gate"}


def _timed(time, steps, seals):
    d = blank(3)
    d["players"][0]["time"] = time
    give(d, 0, seal=seals)
    return effects(d, ["time", steps])


@pytest.mark.parametrize("resource", ["food", "iron", "pearl"])
def test_resources_are_capped_at_seven(resource):
    d = give(blank(3), 0, **{resource: 6})
    state = load(effects(d, [resource, 3]))
    assert goods(state)[resource] == 7


def test_seals_are_capped_at_five():
    d = give(blank(3), 0, seal=4)
    state = load(effects(d, ["seal", 2]))
    assert goods(state)["seal"] == 5


def test_well_seal_above_the_cap_is_lost():
    d = give(blank(3), 0, seal=5, food=7)
    state = load(hold(d, "coral", 1, "right"))
    state.apply("place on the Well")  # +1 seal, +1 food, +1 iron
    g = goods(state)
    assert (g["seal"], g["food"], g["iron"]) == (5, 7, 1)


def test_coins_have_no_cap():
    d = give(blank(3), 0, coin=40)
    state = load(effects(d, ["coin", 5]))
    assert goods(state)["coin"] == 45


def test_resource_of_your_choice_cannot_be_a_capped_resource():
    d = give(blank(3), 0, food=7, pearl=7)
    state = load(effects(d, ["any", 1]))
    assert {t for t in texts(state) if t.startswith("choose")} == {"choose 1 iron"}
    refused(state, "choose 1 food", "cap")


def test_resource_of_your_choice_with_every_resource_capped_is_skipped():
    d = give(blank(3), 0, food=7, iron=7, pearl=7)
    state = load(effects(d, ["any", 2]))
    assert state.to_move == 1  # nothing to choose: the turn has passed


def test_two_seals_exchange_for_one_resource_of_your_choice():
    d = give(blank(3), 0, seal=2)
    state = load(d)
    assert texts(state) >= {"exchange 2 seals for 1 food", "exchange 2 seals for 1 iron",
                            "exchange 2 seals for 1 mother-of-pearl", "exchange 1 seal for 1 coin"}
    state.apply("exchange 2 seals for 1 mother-of-pearl")
    g = goods(state)
    assert (g["seal"], g["pearl"]) == (0, 1)
    assert state.decision == ("take",)  # the same decision is asked again


def test_one_seal_exchanges_for_one_coin():
    d = give(blank(3), 0, seal=1)
    state = load(d)
    state.apply("exchange 1 seal for 1 coin")
    g = goods(state)
    assert (g["seal"], g["coin"]) == (0, 1)


def test_one_seal_does_not_buy_a_resource():
    state = load(give(blank(3), 0, seal=1))
    assert "exchange 2 seals for 1 food" not in texts(state)
    refused(state, "exchange 2 seals for 1 food", "seal exchange")


def test_seal_exchange_not_offered_for_a_resource_at_its_cap():
    state = load(give(blank(3), 0, seal=4, iron=7))
    assert "exchange 2 seals for 1 iron" not in texts(state)
    refused(state, "exchange 2 seals for 1 iron", "cap")


def test_seal_exchange_in_your_turn_can_pay_a_placement():
    d = give(blank(3), 0, coin=1, seal=1)
    room(d, "F1A", "steward:12", ("coral", "white", "black"))
    state = load(hold(d, "coral", 1, "right"))
    assert "place on castle floor 1 room A" not in texts(state)  # costs 2, holds 1
    state.apply("exchange 1 seal for 1 coin")
    assert "place on castle floor 1 room A" in texts(state)
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 0


def test_seal_exchange_only_in_your_own_turn():
    state = load(give(blank(3), 1, seal=3))
    refused(state, "exchange 1 seal for 1 coin", "exchange")  # player 0 is to move; player 1 holds the seals


def test_no_reverse_exchange_into_seals():
    state = load(give(blank(3), 0, food=7, iron=7, pearl=7, coin=20))
    assert not any(t.startswith("exchange") for t in texts(state))


def test_passage_of_time_moves_freely_between_gates():
    state = load(_timed(time=6, steps=4, seals=0))
    assert state.players[0].time == 10


@pytest.mark.parametrize("space, cost", [(6, 1), (11, 2), (15, 3)])
def test_entering_passage_of_time_space_6_11_15_costs_1_2_3_seals(space, cost):
    state = load(_timed(time=space - 1, steps=1, seals=5))
    assert texts(state) == {GATE_PAY[cost], f"stop on Passage of Time space {space - 1}"}
    state.apply(GATE_PAY[cost])
    assert state.players[0].time == space
    assert goods(state)["seal"] == 5 - cost


def test_passage_of_time_gate_paid_then_the_move_goes_on():
    state = load(_timed(time=4, steps=4, seals=1))
    assert state.players[0].time == 5  # stopped in front of the gate, asked whether to pay
    state.apply(GATE_PAY[1])
    assert state.players[0].time == 8
    assert goods(state)["seal"] == 0


@pytest.mark.parametrize("space, seals", [(6, 0), (11, 1), (15, 2)])
def test_passage_of_time_cannot_pay_stops_and_the_rest_of_the_move_is_lost(space, seals):
    state = load(_timed(time=space - 3, steps=5, seals=seals))
    assert state.players[0].time == space - 1
    assert goods(state)["seal"] == seals
    assert state.to_move == 1  # no question asked: the turn is over


def test_passage_of_time_will_not_pay_stops_and_the_rest_of_the_move_is_lost():
    state = load(_timed(time=4, steps=4, seals=3))
    state.apply("stop on Passage of Time space 5")
    assert state.players[0].time == 5
    assert goods(state)["seal"] == 3
    assert state.to_move == 1


def test_passage_of_time_two_gates_in_one_move():
    state = load(_timed(time=9, steps=3, seals=3))
    state.apply(GATE_PAY[2])  # into 11
    assert state.players[0].time == 12
    assert goods(state)["seal"] == 1


def test_passage_of_time_track_ends_at_20():
    state = load(_timed(time=18, steps=5, seals=0))
    assert state.players[0].time == 20


def test_steward_dark_block_costs_one_seal():
    # steward 1 top block: pay 1 seal -> Courtier action (optional).
    d = give(blank(3), 0, seal=1, coin=4)
    room(d, "F1A", "steward:1", ("coral", "white", "black"))
    state = load(hold(d, "coral", 3, "right"))
    state.apply("place on castle floor 1 room A")
    assert texts(state) >= {"pay 1 seal for courtier action", "decline"}
    state.apply("pay 1 seal for courtier action")
    assert goods(state)["seal"] == 0
    assert state.decision[0] == "courtier"

"""Rule tests: placement coins and the lantern.

Seed: a die placed below the space's value pays the difference in coins, above it receives the
difference, equal moves no coins. The difference is settled first; then, if the left die was
taken, the lantern rewards (every icon visible in the lantern area); then the space's action.
Coins the lantern would bring cannot be used to pay the placement. Seed example: ends 1 and 5
of one bridge, an action space of value 3: the left 1 pays 2 coins first and then gives the
lantern rewards; the right 5 receives 2 coins and does the space's action.

Space values used (reference §2.1): castle floor 1 = 3, floor 2 = 4, outside the walls = 5,
the Well = 1, personal domain rows = 6.
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import ask, blank, bridges, give, goods, hold, lantern, load, refused, room, texts

# steward 12: top +2 mother-of-pearl | middle +1 seal +1 CP | bottom pay 1 seal -> Gardener.
# With tiles coral / white / black, a coral die fires only the top block (+2 pearl).
PEARL_ROOM = ("F1A", "steward:12", ("coral", "white", "black"))


def _room_position(pips: int, end: str, coins: int = 5, players: int = 3):
    d = blank(players)
    room(d, *PEARL_ROOM)
    give(d, 0, coin=coins)
    return hold(d, "coral", pips, end)


def test_die_lower_than_space_value_pays_the_difference():
    state = load(_room_position(pips=1, end="right", coins=5))
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 5 - (3 - 1)
    assert goods(state)["pearl"] == 2  # the room's block still happens


def test_die_higher_than_space_value_receives_the_difference():
    state = load(_room_position(pips=6, end="right", coins=0))
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 6 - 3


def test_die_equal_to_space_value_moves_no_coins():
    state = load(_room_position(pips=3, end="right", coins=4))
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 4


@pytest.mark.parametrize("space, text, value", [
    ("F1A", "place on castle floor 1 room A", 3),
    ("F2A", "place on castle floor 2 room A", 4),
    ("OUTL", "place on outside the walls (left)", 5),
    ("OUTR", "place on outside the walls (right)", 5),
    ("WELL", "place on the Well", 1),
    ("ROW0", "place on my coral domain row", 6),
])
def test_space_values_floor1_3_floor2_4_outside_5_well_1_domain_6(space, text, value):
    d = blank(3)
    room(d, *PEARL_ROOM)
    # diplomat 2: top Courtier action | middle+bottom +2 Passage of Time; coral tile on the top row.
    room(d, "F2A", "diplomat:2", ("coral", "white"))
    state = load(hold(d, "coral", 6, "right"))
    assert text in texts(state)
    before = state.to_json()["players"][0]["goods"]["coin"]
    state.apply(text)
    # Whatever the space then asks, the coins were settled on placement; no space here adds
    # coins of its own (the Well's tiles are food and iron in these positions).
    assert state.players[0].goods["coin"] - before == 6 - value


def test_stacked_space_lower_die_pays_difference_to_the_die_already_there():
    d = _room_position(pips=2, end="right", coins=5)
    d["space_dice"]["F1A"] = [5]
    state = load(d)
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 5 - (5 - 2)  # compared with the 5, not the printed 3


def test_stacked_space_higher_die_receives_difference_to_the_die_already_there():
    d = _room_position(pips=4, end="right", coins=0)
    d["space_dice"]["F1A"] = [1]
    state = load(d)
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 4 - 1  # compared with the 1, not the printed 3


def test_stacked_space_equal_to_die_already_there_moves_no_coins():
    d = _room_position(pips=5, end="right", coins=2)
    d["space_dice"]["F1A"] = [5]
    state = load(d)
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 2  # 5 on 5: nothing, although 5 beats the printed 3


def test_die_you_cannot_pay_for_cannot_be_placed():
    state = load(_room_position(pips=1, end="right", coins=1))
    assert "place on castle floor 1 room A" not in texts(state)
    refused(state, "place on castle floor 1 room A", "pay the difference")


def test_coins_settled_before_lantern_so_lantern_income_cannot_pay_the_placement():
    # The lantern would give +1 coin (a coin Decree), enough to make 2 coins, but the 1 on a
    # space of value 3 must be paid first, out of the 1 coin held.
    d = _room_position(pips=1, end="left", coins=1)
    lantern(d, 0, "decree:coin")
    state = load(d)
    assert "place on castle floor 1 room A" not in texts(state)
    refused(state, "place on castle floor 1 room A", "pay the difference")
    assert "place on the Well" in texts(state)  # the Well (value 1) costs nothing


def test_lantern_income_arrives_after_the_payment():
    # Paying exactly all coins held, then the lantern gives one back.
    d = _room_position(pips=1, end="left", coins=2)
    lantern(d, 0, "decree:coin")
    state = load(d)
    state.apply("place on castle floor 1 room A")
    assert goods(state)["coin"] == 2 - 2 + 1


def test_lantern_rewards_only_when_the_left_end_was_taken():
    for end, expected_cp in (("left", 1), ("right", 0)):
        d = _room_position(pips=3, end=end, coins=0)
        lantern(d, 0, "decree:cp")
        state = load(d)
        state.apply("place on castle floor 1 room A")
        assert goods(state)["cp"] == expected_cp, end


def test_lantern_rewards_every_visible_icon_once():
    d = _room_position(pips=3, end="left", coins=0)
    # starting resource card 1 (+1 pearl), coin Decree (+1 coin), a steward (+1 coin),
    # a diplomat (+1 CP), a starting action card (+1 Passage of Time)
    lantern(d, 0, "resource:1", "decree:coin", "steward:2", "diplomat:2", "start:gardener")
    state = load(d)
    state.apply("place on castle floor 1 room A")
    g = goods(state)
    assert (g["pearl"], g["coin"], g["cp"]) == (1 + 2, 2, 1)  # +2 pearl from the room's block
    assert state.players[0].time == 1


def test_lantern_rewards_come_before_the_space_action():
    # steward 1's top block: pay 1 seal -> Courtier action. The only seal comes from the lantern
    # (a seal Decree): with the left die the payment is offered, with the right die it is not.
    for end, offered in (("left", True), ("right", False)):
        d = blank(3)
        room(d, "F1A", "steward:1", ("coral", "white", "black"))
        give(d, 0, coin=5)
        lantern(d, 0, "decree:seal")
        state = load(hold(d, "coral", 3, end))
        state.apply("place on castle floor 1 room A")
        if offered:
            assert state.to_move == 0
            assert "pay 1 seal for courtier action" in texts(state)
        else:
            assert state.to_move == 1  # nothing to decide: the turn is over
            assert goods(state)["seal"] == 0


def test_seed_example_left_die_pays_difference_then_lantern():
    # Ends 1 and 5 of the coral bridge; floor-1 room of value 3.
    d = bridges(blank(3), coral=[1, 4, 5], black=[2, 3], white=[2, 6])
    room(d, *PEARL_ROOM)
    give(d, 0, coin=4)
    lantern(d, 0, "decree:cp")
    state = load(d)
    state.apply("take coral 1 (left end)")
    state.apply("place on castle floor 1 room A")
    g = goods(state)
    assert g["coin"] == 4 - 2  # paid 2 coins first
    assert g["cp"] == 1  # then the lantern rewards
    assert g["pearl"] == 2  # then the room's action


def test_seed_example_right_die_receives_difference_no_lantern():
    d = bridges(blank(3), coral=[1, 4, 5], black=[2, 3], white=[2, 6])
    room(d, *PEARL_ROOM)
    give(d, 0, coin=4)
    lantern(d, 0, "decree:cp")
    state = load(d)
    state.apply("take coral 5 (right end)")
    state.apply("place on castle floor 1 room A")
    g = goods(state)
    assert g["coin"] == 4 + 2
    assert g["cp"] == 0
    assert g["pearl"] == 2


def test_seed_example_left_1_needs_two_coins():
    # Without the 2 coins, the 1 cannot go to the value-3 room (but the 5 can).
    d = bridges(blank(3), coral=[1, 4, 5], black=[], white=[])
    room(d, *PEARL_ROOM)
    give(d, 0, coin=1)
    lantern(d, 0, "decree:coin", "steward:2")
    state = load(d)
    state.apply("take coral 1 (left end)")
    assert "place on castle floor 1 room A" not in texts(state)


def test_lantern_is_not_paid_for_a_die_the_player_did_not_take_from_a_bridge():
    # The lantern belongs to taking the left die; a castle block granted without a die
    # (here: nothing) gives no lantern. Asking a block decision directly never pays it.
    d = blank(3)
    room(d, *PEARL_ROOM)
    lantern(d, 0, "decree:cp")
    state = load(ask(d, ["tile", "coral"]))
    state.apply("perform castle floor 1 room A block 1")
    assert goods(state)["cp"] == 0
    assert goods(state)["pearl"] == 2

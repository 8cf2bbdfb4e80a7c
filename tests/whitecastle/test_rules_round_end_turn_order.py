"""Rule tests: the end of a round and turn order.

Seed: when every player has acted three times, three dice remain on the bridges and the round
ends. First the turn order is set again from the positions on the Passage of Time. At the end of
rounds 1 and 2, the gardeners under each bridge that still holds at least one die each perform
their garden card's action once (this is not something that happens when a die is taken during
a turn). Then all dice are rerolled and laid on the bridges in order, and the next round starts.
In the last round only the turn order is updated, and final scoring follows with no gardener
actions.

Reference facts (§5, §7): furthest along the Passage of Time goes first; on a tie the marker on
top of the stack, the one that arrived last, goes first. Gardeners act clan by clan in the new
turn order.
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import blank, bridges, give, goods, load, room, texts

# Garden slots: 0 coral plant, 1 coral stone, 2 black plant, 3 black stone, 4 white plant, 5 white stone.
# Cards: 3 plant (pay 3 coins -> Courtier), 7 stone (+3 coins), 4 plant (pay 3 coins -> Warrior),
# 8 stone (+2 seals), 1 plant, 6 stone (+2 any resource).
GARDEN_CARDS = [3, 7, 4, 8, 1, 6]


def _last_turn(round_=1, order=(0, 1, 2), gardeners=None, coral=(2, 5, 6), black=(3,), white=()):
    """The round's last turn at 3 players: the last player in turn order is to take a die; the
    black 3 (a lone die) is there to be taken, leaving the coral bridge's three dice."""
    d = blank(3)
    d["round"] = round_
    d["order"] = list(order)
    d["turn"] = 8
    d["actor"] = order[2]
    bridges(d, coral=coral, black=black, white=white)
    for slot, card in enumerate(GARDEN_CARDS):
        d["gardens"][slot] = {"card": card, "gardeners": []}
    for slot, owners in (gardeners or {}).items():
        d["gardens"][slot]["gardeners"] = sorted(owners)
        for o in owners:
            d["players"][o]["home"]["gardener"] -= 1
    return d


def _finish_turn(state, take="take black 3 (left end)", place="place on the Well"):
    state.apply(take)
    state.apply(place)
    return state


def _times(d, *pairs):
    """Set (time, time_stamp) per player; the clock, which stamps the next arrival, runs ahead of them."""
    for p, (time, stamp) in zip(d["players"], pairs):
        p["time"], p["time_stamp"] = time, stamp
    d["time_clock"] = max(d["time_clock"], 1 + max(stamp for _, stamp in pairs))
    return d


def test_turn_order_furthest_along_the_passage_of_time_first():
    d = _times(_last_turn(), (2, 1), (7, 2), (4, 3))
    state = _finish_turn(load(d))
    assert state.order == (1, 2, 0)
    assert state.round == 2
    assert state.to_move == 1


def test_turn_order_tie_marker_on_top_arrived_last_goes_first():
    # Players 0 and 2 share space 5; player 0's marker arrived later (higher stamp), so it is on top.
    d = _times(_last_turn(), (5, 9), (1, 1), (5, 4))
    state = _finish_turn(load(d))
    assert state.order == (0, 2, 1)


def test_marker_arriving_on_an_occupied_space_goes_on_top():
    # Player 2 plays last and moves onto space 1, where player 0 already stands: player 2 goes first.
    d = _times(_last_turn(order=(0, 1, 2)), (1, 5), (0, 0), (0, 1))
    d["time_clock"] = 10
    # steward 2: middle block +1 Passage of Time; coral tile on the middle row only
    room(d, "F1A", "steward:2", ("white", "coral", "black"))
    state = _finish_turn(load(d), take="take coral 6 (right end)", place="place on castle floor 1 room A")
    assert [p.time for p in state.players] == [1, 0, 1]
    assert state.order == (2, 0, 1)


def test_marker_stopped_at_a_gate_does_not_move_onto_the_top_of_its_stack():
    # Players 0 and 1 share space 5, player 1 on top. Player 0 gains +1 Passage of Time with no
    # seal for the gate: the marker does not move, so it stays under player 1's.
    d = _times(_last_turn(order=(2, 0, 1)), (5, 1), (5, 2), (0, 0))
    d["time_clock"] = 10
    d["turn"] = 7  # player 0's last turn of the round; player 1 plays the very last one
    d["queue"] = [["time", 1]]
    d["decision"] = None
    d["actor"] = 0
    state = load(d)
    assert state.to_move == 1
    assert state.players[0].time == 5
    state = _finish_turn(state)  # player 1 plays the round's last die
    assert state.order == (1, 0, 2)


def test_turn_order_unchanged_when_nobody_moves_on_the_passage_of_time():
    # All markers on space 0 stacked in the current turn order (first player on top).
    d = _times(_last_turn(order=(2, 0, 1)), (0, -1), (0, -2), (0, 0))
    state = _finish_turn(load(d))
    assert state.order == (2, 0, 1)


def test_round_end_gardeners_under_a_bridge_with_a_die_act_once():
    d = _last_turn(gardeners={1: [0], 3: [0]})
    state = _finish_turn(load(d))
    # Coral bridge still holds dice: the coral stone garden (+3 coins) acts. The black bridge was
    # emptied by the last die: its stone garden (+2 seals) does not act.
    g = goods(state)
    assert g["coin"] == 3
    assert g["seal"] == 0
    assert state.round == 2


def test_round_end_gardeners_under_an_empty_bridge_do_not_act():
    d = _last_turn(gardeners={5: [1]})  # white stone garden; the white bridge is empty
    state = _finish_turn(load(d))
    assert goods(state, 1)["food"] == 0 and goods(state, 1)["iron"] == 0
    assert state.round == 2
    assert state.phase == "turn"


def test_round_end_gardener_actions_happen_clan_by_clan_in_the_new_turn_order():
    # New order: 2 (time 3), 1 (time 1, on top), 0 (time 1).
    d = _times(_last_turn(gardeners={1: [0, 2], 0: [1]}), (1, 2), (1, 5), (3, 1))
    give(d, 1, coin=5)
    state = _finish_turn(load(d))
    assert state.order == (2, 1, 0)
    # Player 2 has already had the coral stone garden's +3 coins; player 1's plant garden asks
    # whether to pay 3 coins for a Courtier action; player 0 waits for their turn.
    assert state.phase == "roundend"
    assert state.to_move == 1
    assert goods(state, 2)["coin"] == 2 + 3  # the black 3 on the Well, then the garden
    assert goods(state, 0)["coin"] == 0
    assert texts(state) >= {"pay 3 coins for courtier action", "decline"}
    state.apply("decline")
    assert goods(state, 0)["coin"] == 3
    assert state.round == 2
    assert state.to_move == 2


def test_round_end_gardener_action_is_not_paid_during_turns():
    # Taking a die from a bridge gives no garden action: only the round end does.
    d = blank(3)
    bridges(d, coral=[2, 5, 6, 6], black=[1, 2, 3, 4], white=[3, 3, 4, 5])
    for slot, card in enumerate(GARDEN_CARDS):
        d["gardens"][slot] = {"card": card, "gardeners": []}
    d["gardens"][1]["gardeners"] = [0]
    d["players"][0]["home"]["gardener"] = 4
    state = load(d)
    state.apply("take coral 6 (right end)")
    state.apply("place on the Well")
    assert goods(state)["coin"] == 5  # 6 on the Well (value 1), no +3 from the garden


def test_round_end_rerolls_and_sorts_the_dice():
    state = _finish_turn(load(_last_turn()))
    assert state.round == 2
    for bridge in state.bridges:
        assert len(bridge) == 4
        assert list(bridge) == sorted(bridge)


def test_round_end_clears_placed_dice_and_reopens_domain_rows():
    d = _last_turn()
    d["space_dice"]["F1A"] = [3, 4]
    d["space_dice"]["WELL"] = [1, 2]
    d["players"][0]["rows_used"] = [True, True, True]
    state = _finish_turn(load(d))
    assert all(v == () for v in state.space_dice.values())
    assert all(p.rows_used == [False, False, False] for p in state.players)


def test_round_two_end_still_has_gardener_actions():
    d = _last_turn(round_=2, gardeners={1: [0]})
    state = _finish_turn(load(d))
    assert goods(state)["coin"] == 3
    assert state.round == 3


def test_round_three_updates_turn_order_then_goes_straight_to_final_scoring():
    d = _times(_last_turn(round_=3, gardeners={1: [0]}), (0, 0), (6, 2), (2, 3))
    give(d, 1, seal=0)
    state = _finish_turn(load(d))
    assert state.is_over
    assert state.to_move is None
    assert state.order == (1, 2, 0)
    assert goods(state)["coin"] == 0  # no gardener action after the last round
    assert state.legal_actions() == ()
    assert set(state.score_sheet()) == {0, 1, 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_ends_after_three_dice_per_player(players):
    # From a fresh round, every player takes three dice (all to the Well), then round 2 begins.
    d = blank(players)
    n = players + 1
    bridges(d, coral=[1] * n, black=[2] * n, white=[3] * n)
    state = load(d)
    for _ in range(3 * players):
        assert state.round == 1
        take = next(t for t in texts(state) if t.startswith("take"))
        state.apply(take)
        state.apply("place on the Well")
    assert state.round == 2

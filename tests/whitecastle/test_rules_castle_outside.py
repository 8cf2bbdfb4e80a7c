"""Rule tests: the castle colour rule and the spaces outside the walls.

Seed: the die's colour decides which castle-card actions may be used. Reference §2.1: a die
may enter a castle room only if one of the room's die tiles shows its colour, and every row
whose tile matches fires (a colour shown twice fires two rows). The spaces outside the walls
take a die of any colour: the left one leads to a Gardener or Courtier action, the right one to
a Warrior or Courtier action; the worker action's own cost is still paid.
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import blank, give, goods, hold, load, refused, room, texts

F1A = "place on castle floor 1 room A"
F2A = "place on castle floor 2 room A"
OUTL = "place on outside the walls (left)"
OUTR = "place on outside the walls (right)"


def _position(colour, pips=3, end="right", tiles=("coral", "coral", "white"), card="steward:12", **goods_):
    d = blank(3)
    # steward 12: top +2 mother-of-pearl | middle +1 seal +1 CP | bottom pay 1 seal -> Gardener
    room(d, "F1A", card, tiles)
    give(d, 0, **goods_)
    return hold(d, colour, pips, end)


def test_die_enters_a_room_only_if_one_of_its_tiles_shows_the_die_colour():
    state = load(_position("black", coin=5))
    assert F1A not in texts(state)
    refused(state, F1A, "castle colour rule")
    for colour in ("coral", "white"):
        assert F1A in texts(load(_position(colour, coin=5)))


def test_castle_colour_rule_on_floor_two():
    d = _position("black", coin=5)
    room(d, "F2A", "diplomat:2", ("coral", "white"))
    state = load(d)
    assert F2A not in texts(state)
    refused(state, F2A, "castle colour rule")


def test_every_row_whose_tile_matches_fires():
    # Coral shown on the top and middle rows: both blocks, top first.
    state = load(_position("coral"))
    state.apply(F1A)
    g = goods(state)
    assert (g["pearl"], g["seal"], g["cp"]) == (2, 1, 1)


def test_a_row_whose_tile_does_not_match_does_not_fire():
    # White shown only on the bottom row: pay 1 seal -> Gardener, nothing else.
    state = load(_position("white", seal=1, food=5))
    state.apply(F1A)
    g = goods(state)
    assert (g["pearl"], g["cp"]) == (0, 0)
    assert texts(state) >= {"pay 1 seal for gardener action", "decline"}


def test_all_three_rows_fire_when_all_tiles_share_the_colour():
    # Not possible at setup (a room never shows one colour only), but the rule is per row.
    state = load(_position("coral", tiles=("coral", "coral", "coral"), seal=1, food=5))
    state.apply(F1A)
    g = goods(state)
    assert (g["pearl"], g["seal"], g["cp"]) == (2, 2, 1)
    assert "pay 1 seal for gardener action" in texts(state)


def test_floor_two_tiles_line_up_with_the_diplomat_blocks():
    # diplomat 2: block 1 (top) Courtier action | block 2 (middle+bottom) +2 Passage of Time.
    d = _position("white", pips=4)
    room(d, "F2A", "diplomat:2", ("coral", "white"))
    state = load(d)
    state.apply(F2A)
    assert state.players[0].time == 2


def test_setup_rooms_show_at_least_two_colours():
    from boardlab import whitecastle

    for seed in range(30):
        rooms = whitecastle.Game(players=3).new_game(seed=seed).to_json()["rooms"]
        assert [len(r["tiles"]) for r in rooms] == [3, 3, 3, 2, 2]
        for r in rooms:
            assert len(set(r["tiles"])) >= 2, r


@pytest.mark.parametrize("colour", ["coral", "black", "white"])
@pytest.mark.parametrize("text", [OUTL, OUTR])
def test_outside_the_walls_takes_a_die_of_any_colour(colour, text):
    state = load(_position(colour, pips=5))
    assert text in texts(state)


def test_outside_left_offers_a_gardener_or_a_courtier_action():
    state = load(_position("black", pips=5, coin=2, food=5, iron=5))
    state.apply(OUTL)
    assert texts(state) == {"perform a gardener action", "perform a courtier action", "decline"}


def test_outside_right_offers_a_warrior_or_a_courtier_action():
    state = load(_position("black", pips=5, coin=2, food=5, iron=5))
    state.apply(OUTR)
    assert texts(state) == {"perform a warrior action", "perform a courtier action", "decline"}


def test_outside_worker_action_still_pays_its_own_cost():
    d = _position("white", pips=5, coin=2, iron=1)
    d["yards"][2] = [{"tile": 3, "face": "yellow"}]  # +3 food
    state = load(d)
    state.apply(OUTR)
    state.apply("perform a warrior action")
    state.apply("place a warrior in the 1-iron yard")
    assert (goods(state)["iron"], goods(state)["food"]) == (0, 3)
    state = load(_position("white", pips=5, coin=2))
    state.apply(OUTL)
    state.apply("perform a courtier action")
    state.apply("send a courtier to the gate")
    assert goods(state)["coin"] == 0
    assert state.players[0].court[0] == 1


def test_outside_offers_only_the_worker_actions_that_can_be_performed():
    # No coins left for the gate, no iron: the right space offers nothing, so nothing is asked.
    state = load(_position("white", pips=5, coin=0))
    state.apply(OUTR)
    assert state.to_move == 1
    # Food for a gardener but no coins: the left space offers only the gardener action.
    d = _position("white", pips=5, coin=0, food=5)
    state = load(d)
    state.apply(OUTL)
    assert texts(state) == {"perform a gardener action", "decline"}


def test_seals_can_be_exchanged_when_choosing_the_worker_action_outside_the_walls():
    # A 5 on the left space outside the walls (value 5, nothing paid); 1 coin and 2 seals: no
    # worker action is affordable yet, but exchanging a seal for a coin makes the gate possible.
    state = load(hold(give(blank(3), 0, coin=1, seal=2), "coral", 5, "right"))
    state.apply("place on outside the walls (left)")
    assert "exchange 1 seal for 1 coin" in texts(state)
    state.apply("exchange 1 seal for 1 coin")
    state.apply("perform a courtier action")
    state.apply("send a courtier to the gate")
    assert state.players[0].court[0] == 1 and goods(state)["seal"] == 1

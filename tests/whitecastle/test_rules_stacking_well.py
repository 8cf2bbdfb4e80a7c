"""Rule tests: stacking dice, and the Well.

Seed: at 3-4 players up to two dice may be stacked on an ordinary action space of the main
board, the second compared with the die already there; never on the personal domain; at 1-2
players not even on the main board (a space once used is closed). The Well is the exception:
any number of dice, and its value is always 1.

Readings: "never stacked on the personal domain" = each domain row takes one die per round (the
dice are cleared at round end, so the row opens again next round). The seed calls the Well "an
alternative when the other main spaces cannot be used"; this is read as a description, not a
restriction: the Well may be chosen even when other spaces are open.
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import blank, bridges, give, goods, hold, load, refused, room, texts

F1A = "place on castle floor 1 room A"
OUTL = "place on outside the walls (left)"
WELL = "place on the Well"
CORAL_ROW = "place on my coral domain row"


def _holding(players, pips=5, coins=10, end="right", colour="coral"):
    d = blank(players)
    # steward 12 with a coral tile on its top row: +2 mother-of-pearl.
    room(d, "F1A", "steward:12", ("coral", "white", "black"))
    give(d, 0, coin=coins)
    return hold(d, colour, pips, end)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("space, text", [("F1A", F1A), ("OUTL", OUTL)])
def test_second_die_may_stack_on_a_main_board_space_at_three_and_four_players(players, space, text):
    d = _holding(players)
    d["space_dice"][space] = [4]
    state = load(d)
    assert text in texts(state)
    state.apply(text)
    assert state.space_dice[space] == (4, 5)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("space, text", [("F1A", F1A), ("OUTL", OUTL)])
def test_no_third_die_on_a_main_board_space(players, space, text):
    d = _holding(players)
    d["space_dice"][space] = [4, 2]
    state = load(d)
    assert text not in texts(state)
    refused(state, text, "at most two dice")


@pytest.mark.parametrize("space, text", [("F1A", F1A), ("F2A", "place on castle floor 2 room A"),
                                         ("OUTL", OUTL), ("OUTR", "place on outside the walls (right)")])
def test_no_stacking_at_two_players(space, text):
    d = _holding(2)
    room(d, "F2A", "diplomat:2", ("coral", "white"))
    d["space_dice"][space] = [6]
    state = load(d)
    assert text not in texts(state)
    refused(state, text, "no stacking at 2 players")


def test_at_two_players_a_used_space_is_closed_to_everyone():
    d = bridges(blank(2), coral=[2, 5, 6], black=[1, 4, 6], white=[3, 3, 4])
    give(d, 0, coin=5)
    give(d, 1, coin=5)
    state = load(d)
    state.apply("take coral 6 (right end)")
    state.apply(OUTL)
    while state.to_move == 0:  # the outside action's choice, if any
        state.apply("decline")
    assert state.to_move == 1
    state.apply("take black 6 (right end)")
    assert OUTL not in texts(state)
    assert "place on outside the walls (right)" in texts(state)


def test_at_three_players_the_second_player_may_stack_and_compares_with_the_first_die():
    d = bridges(blank(3), coral=[2, 5, 6], black=[1, 2, 4], white=[3, 3, 4])
    give(d, 0, coin=5)
    give(d, 1, coin=5)
    state = load(d)
    state.apply("take coral 6 (right end)")
    state.apply(OUTL)
    while state.to_move == 0:
        state.apply("decline")
    state.apply("take black 4 (right end)")  # 4 on the 6: pays 2
    state.apply(OUTL)
    assert state.players[1].goods["coin"] == 5 - 2
    assert state.space_dice["OUTL"] == (6, 4)


def test_never_two_dice_in_one_personal_domain_row():
    d = _holding(3, pips=6)
    d["players"][0]["rows_used"] = [True, False, False]
    state = load(d)
    assert CORAL_ROW not in texts(state)
    refused(state, CORAL_ROW, "one die per domain row")


def test_domain_row_closed_after_its_die_for_the_rest_of_the_round():
    # Player 0 puts a coral die in the coral row; on their next turn another coral die cannot go there.
    d = bridges(blank(2), coral=[1, 6, 6], black=[], white=[])
    state = load(d)
    state.apply("take coral 6 (right end)")
    state.apply(CORAL_ROW)
    while state.to_move == 0:
        state.apply("decline")
    state.apply("take coral 6 (right end)")  # player 1
    state.apply(WELL)
    state.apply("take coral 1 (left end)")  # player 0 again
    assert CORAL_ROW not in texts(state)


def test_personal_domain_rows_are_per_player():
    # Another clan's coral row being used does not close mine.
    d = _holding(3, pips=6)
    d["players"][1]["rows_used"] = [True, True, True]
    state = load(d)
    assert CORAL_ROW in texts(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_well_takes_any_number_of_dice(players):
    d = _holding(players, pips=2)
    already = [1, 3, 6, 6, 2, 5, 4, 1][: 3 * players - 1]  # every other die of the round
    d["space_dice"]["WELL"] = list(already)
    state = load(d)
    assert WELL in texts(state)
    state.apply(WELL)
    assert state.space_dice["WELL"] == (*already, 2)


@pytest.mark.parametrize("pips, coins", [(1, 0), (2, 1), (6, 5)])
def test_well_always_compares_with_1(pips, coins):
    d = _holding(3, pips=pips, coins=0)
    d["space_dice"]["WELL"] = [6, 4]  # dice already there do not change the reference
    state = load(d)
    state.apply(WELL)
    assert goods(state)["coin"] == coins


def test_well_action_gives_one_seal_and_the_rewards_of_both_well_tiles():
    d = _holding(3, pips=1, coins=0)
    d["well_tiles"] = [{"colour": "white", "reward": "pearl:1"}, {"colour": "black", "reward": "coin:1"}]
    state = load(d)
    state.apply(WELL)
    g = goods(state)
    assert (g["seal"], g["pearl"], g["coin"]) == (1, 1, 1)


def test_well_tile_of_choice_asks_which_resource():
    d = _holding(3, pips=1, coins=0)
    d["well_tiles"] = [{"colour": "white", "reward": "any:1"}, {"colour": "black", "reward": "any:1"}]
    state = load(d)
    state.apply(WELL)
    assert texts(state) >= {"choose 1 food", "choose 1 iron", "choose 1 mother-of-pearl"}
    state.apply("choose 1 iron")
    state.apply("choose 1 food")
    g = goods(state)
    assert (g["seal"], g["iron"], g["food"]) == (1, 1, 1)


def test_well_may_be_chosen_while_other_spaces_are_open():
    state = load(_holding(3, pips=3, coins=5))
    assert {WELL, F1A, OUTL} <= texts(state)


def test_well_is_open_when_every_other_space_is_closed():
    # A 1 with no coins cannot pay for any printed space (3, 4, 5 or 6), the rows are used,
    # and at two players every space may hold one die: the Well (compared with 1) stays open.
    d = _holding(2, pips=1, coins=0)
    d["space_dice"]["OUTL"] = [3]
    d["players"][0]["rows_used"] = [True, True, True]
    state = load(d)
    assert {t for t in texts(state) if t.startswith("place")} == {WELL}

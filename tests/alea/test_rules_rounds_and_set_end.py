"""Seed point 3: every turn a player rolls all their unplaced dice; the set ends only when the turn
cycle in which someone placed their last die is complete, so everyone has had the same number of
turns. Unplaced dice at the end of a set go to the Latrina."""

import random
from collections import Counter

import pytest

from boardlab.alea import Game
from tests.alea.helpers import do, new, set_roll


def test_seed_3_each_turn_rolls_all_unplaced_dice():
    st = new(3, seed=4)
    rng = random.Random(0)
    checked = 0
    while not st.is_over and checked < 200:
        if st.step == "turn":
            assert len(st.hand) == st.free[st.player] > 0
            checked += 1
        st.apply(rng.choice(st.legal_actions()))
    assert checked > 100


def test_seed_3_after_placing_3_dice_the_next_turn_rolls_5():
    st = new(2, seed=2)
    set_roll(st, [1, 2, 3, 3, 3, 4, 4, 6])
    do(st, "choose Castrum", "place 3 3 3 in Castrum")
    assert st.player == 1
    do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    assert st.player == 0 and len(st.hand) == 5 and st.free[0] == 5


def test_seed_3_set_does_not_end_when_one_player_has_placed_all_dice():
    st = new(3, seed=1)
    set_roll(st, [3] * 8)
    do(st, "choose Castrum", "place 3 3 3 3 3 3 3 3 in Castrum")  # player 0 has no dice left
    assert st.free[0] == 0 and st.ending
    assert st.step == "turn" and st.player == 1 and st.set_no == 1  # the cycle goes on
    do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    assert st.step == "turn" and st.player == 2 and st.set_no == 1
    do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    assert st.set_no == 2 or st.step in ("castrum", "forum", "senate")  # now the set is scored
    while st.set_no == 1:
        st.apply(st.legal_actions()[0])
    # each player had exactly one turn; players 1 and 2 sent their 7 unplaced dice to the Latrina
    assert st.chips[1] == st.chips[2] == 7


def test_seed_3_everyone_has_the_same_number_of_turns_in_a_set():
    for seed in range(12):
        st = new(4, seed=seed)
        rng = random.Random(seed)
        turns, ran_out, sets = Counter(), set(), st.set_no
        while not st.is_over:
            p, step = st.player, st.step
            a = rng.choice(st.legal_actions())
            st.apply(a)
            if step == "dice":
                turns[p] += 1
                if st.free[p] == 0 or st.set_no != sets:
                    ran_out.add(p)
            if st.set_no != sets or st.is_over:
                full = [turns[q] for q in range(4) if q not in ran_out]
                assert len(set(full)) <= 1, f"seed {seed} set {sets}: turns {dict(turns)}"
                assert max(turns.values()) == max(full or [0]) or full == []
                turns, ran_out, sets = Counter(), set(), st.set_no


def test_seed_3_when_the_last_seat_of_the_cycle_runs_out_the_set_ends_at_once():
    st = new(3, seed=3)
    set_roll(st, [2, 2, 2, 2, 2, 2, 2, 5])
    do(st, "choose Castrum", "place 2 2 2 2 2 2 2 in Castrum")  # player 0 keeps one die
    do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    set_roll(st, [6] * st.free[2])
    do(st, "choose Castrum", f"place {' '.join(['6'] * st.free[2])} in Castrum")  # player 2: none left
    assert st.step != "turn" or st.set_no == 2  # the cycle is complete: no turn for player 0 in set 1


def test_misplay_set_ends_at_once_scores_the_set_when_one_player_runs_out():
    st = new(3, seed=1, misplays=["set_ends_at_once"])
    set_roll(st, [3] * 8)
    do(st, "choose Castrum", "place 3 3 3 3 3 3 3 3 in Castrum")
    while st.set_no == 1:
        assert st.step != "turn", "no further turn in the set"
        st.apply(st.legal_actions()[0])
    assert st.chips[1] == st.chips[2] == 8  # their dice never placed: all to the Latrina


@pytest.mark.parametrize("players", [2, 5])
def test_unplaced_dice_at_set_end_go_to_the_latrina_for_chips(players):
    st = new(players, seed=6)
    set_roll(st, [4] * 8)
    do(st, "choose Castrum", "place 4 4 4 4 4 4 4 4 in Castrum")
    while st.set_no == 1:
        st.apply(st.legal_actions()[0])
    assert all(st.chips[p] >= 1 for p in range(1, players))
    assert Game(players=players).players == players

"""Seed point 8 (Latrina and Repete chips): the Latrina never by choice while a die can go
elsewhere, but compulsory for dice that could only go where they cannot reach a rewarded rank; a
reroll keeps any subset. One chip per die in the Latrina at set end; 2 chips score 1 point."""

import math
from collections import Counter

import pytest

from boardlab.alea import Game
from boardlab.alea.scoring import player_sheet
from boardlab.core.errors import IllegalAction
from tests.alea.helpers import do, finish_set, invariants, new, put, set_roll, texts


def crowded(**options):
    """4 players; player 0 to move with one die left. The other buildings are crowded: two longer
    straights in the Senatus, four groups of two in the Castrum (4 provinces), a full Forum of 1s-3s,
    a Templum led with 3 dice."""
    st = new(4, **options)
    st.sen = ((), (1, 2, 3), (4, 5, 6), ())
    st.sen_stamp = (0, 1, 2, 0)
    st.cas = ((1, 5, 2, 3), (2, 4, 2, 4), (3, 3, 2, 5), (3, 2, 2, 6))
    st.forum = ((1, 3), (1, 3), (2, 3), (2, 3), (3, 1), (3, 1))
    put(st, "tem", 2, (6, 6, 6))
    st.tem_leader = 2
    put(st, "fpile", 1, st.fpile[1] - 3)
    put(st, "drawn", 2, (2, 2, 2))
    st.stamp = 6
    st.free = (8, 1, 0, 0)
    put(st, "lat", 1, 0)
    set_roll(st, [6])
    invariants(st)
    return st


def test_seed_8_latrina_is_compulsory_when_no_building_can_reward_the_dice():
    st = crowded()
    assert texts(st) == ["choose Latrina"]
    do(st, "choose Latrina", "send 1 die to the Latrina")
    assert st.lat[0] == 8 and st.free[0] == 0


def test_seed_8_latrina_never_by_choice_while_a_die_can_go_elsewhere():
    st = new(4)
    set_roll(st, [1, 2, 3, 4, 5, 6, 6, 6])
    assert "choose Latrina" not in texts(st)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="Latrina never by choice"):
        st.apply("choose Latrina")
    assert st.to_json() == before


def test_seed_8_a_placement_that_cannot_reach_a_rewarded_rank_does_not_count_senatus_and_castrum():
    st = crowded()
    st.hand = (1,)  # a lone 1: too short a straight, too small a group, but leftmost in the Forum
    st._legal = st._open = st._places = None
    assert texts(st) == ["choose Forum"]


def test_misplay_latrina_by_choice_offers_the_latrina_always():
    st = new(4, misplays=["latrina_by_choice"])
    set_roll(st, [1, 2, 3, 4, 5, 6, 6, 6])
    assert "choose Latrina" in texts(st)
    do(st, "choose Latrina", "send 3 dice to the Latrina")
    assert st.lat[0] == 3


def test_misplay_unrewarded_placements_lets_dice_go_where_they_earn_nothing():
    st = crowded(misplays=["unrewarded_placements"])
    assert set(texts(st)) >= {"choose Castrum", "choose Forum", "choose Senatus"} and "choose Latrina" not in texts(st)
    do(st, "choose Forum", "place 6 in Forum")  # lands right of the last column: straight to the Latrina
    assert len(st.forum) == 6 and st.lat[0] == 8


@pytest.mark.parametrize("option, counts", [("choice", [1, 2]), ("one", [1]), ("all", [2])])
def test_option_latrina_dice_sets_how_many_dice_go_when_forced(option, counts):
    st = crowded(latrina_dice=option)
    put(st, "free", 0, 2)
    put(st, "lat", 0, 6)
    set_roll(st, [4, 6])  # no straight of two, no group to beat the pairs, both fall out of the Forum
    assert texts(st) == ["choose Latrina"]
    do(st, "choose Latrina")
    assert [a.count for a in st.legal_actions()] == counts


def test_seed_8_a_reroll_keeps_any_subset_of_the_dice():
    st = new(4)
    put(st, "chips", 0, 1)
    set_roll(st, [2, 2, 3, 5, 6, 6, 6, 6])
    rerolls = [a for a in st.legal_actions() if a.kind == "reroll"]
    counts = Counter(st.hand).values()
    assert len(rerolls) == math.prod(c + 1 for c in counts) - 1  # every sub-multiset but the whole roll
    assert "reroll keeping 3 5" in texts(st) and "reroll keeping nothing" in texts(st)
    do(st, "reroll keeping 3 5")
    assert st.chips[0] == 0 and len(st.hand) == 8
    rest = list(st.hand)
    rest.remove(3), rest.remove(5)
    assert len(rest) == 6
    assert not any(a.kind == "reroll" for a in st.legal_actions())  # no chip left


def test_rerolls_cost_one_chip_each_and_a_player_without_chips_cannot_reroll():
    st = new(4)
    set_roll(st, [1, 1, 1, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalAction, match="Repete chips"):
        st.apply("reroll keeping nothing")


def test_misplay_reroll_all_dice_allows_only_a_full_reroll():
    st = new(4, misplays=["reroll_all_dice"])
    put(st, "chips", 0, 2)
    set_roll(st, [2, 2, 3, 5, 6, 6, 6, 6])
    assert [str(a) for a in st.legal_actions() if a.kind == "reroll"] == ["reroll keeping nothing"]


def test_one_chip_per_die_in_the_latrina_at_set_end():
    st = crowded()
    do(st, "choose Latrina", "send 1 die to the Latrina")
    chips_before = st.chips[0]
    finish_set(st)
    assert st.chips[0] == chips_before + 8


def test_two_chips_score_one_point():
    game = Game(players=4)
    assert player_sheet(game, [], [], [], [], 5)["chips"] == 2
    assert player_sheet(game, [], [], [], [], 6)["chips"] == 3

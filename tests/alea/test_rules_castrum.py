"""Seed points 6 (Castrum) and 9: a player may hold several groups and so take several provinces;
groups rank by count, then value; groups beyond the shown provinces get nothing (their dice go to
the Latrina); unclaimed provinces are set aside face up."""

import pytest

from boardlab.core.errors import IllegalAction
from tests.alea.helpers import do, finish_set, new, prov, set_roll, texts


def test_castrum_takes_a_group_of_equal_dice():
    st = new(4)
    set_roll(st, [2, 2, 3, 5, 5, 5, 6, 6])
    do(st, "choose Castrum")
    assert set(texts(st)) == {"place 2 in Castrum", "place 2 2 in Castrum", "place 3 in Castrum",
                              "place 5 in Castrum", "place 5 5 in Castrum", "place 5 5 5 in Castrum",
                              "place 6 in Castrum", "place 6 6 in Castrum"}


def test_seed_6_a_player_may_hold_several_groups_and_take_several_provinces():
    st = new(2, seed=3)
    st.prov_shown = tuple(sorted(st.prov_shown))
    set_roll(st, [4, 4, 4, 1, 1, 1, 1, 1])
    do(st, "choose Castrum", "place 4 4 4 in Castrum")
    do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    set_roll(st, [6, 6, 1, 1, 1])
    do(st, "choose Castrum", "place 6 6 in Castrum")  # a second group of player 0
    assert sorted((q, v, c) for q, v, c, _ in st.cas) == [(0, 4, 3), (0, 6, 2)]
    finish_set(st, avoid=("Templum", "Castrum"), until_rewards=True)
    while st.step in ("senate", "castrum"):
        do(st, str(st.legal_actions()[0]))
    assert len(st.provs[0]) == 2 and st.provs[1] == ()


def test_castrum_ranks_by_count_then_value_and_the_rewarded_take_provinces_in_that_order():
    st = new(4)
    shown = sorted(st.prov_shown)
    set_roll(st, [5, 5, 5, 1, 2, 2, 2, 2])
    do(st, "choose Castrum", "place 5 5 5 in Castrum")  # second: 3 fives
    set_roll(st, [3, 3, 3, 3, 1, 1, 1, 1])
    do(st, "choose Castrum", "place 3 3 3 3 in Castrum")  # first: 4 threes beat 3 fives
    set_roll(st, [2, 2, 2, 6, 6, 6, 6, 6])
    do(st, "choose Castrum", "place 2 2 2 in Castrum")  # third: 3 twos lose to 3 fives
    finish_set(st, avoid=("Templum", "Castrum", "Senatus"), until_rewards=True)
    order = []
    while st.step in ("senate", "castrum"):
        if st.step == "castrum":
            order.append(st.player)
        do(st, str(st.legal_actions()[-1]))
    assert order[:3] == [1, 0, 2]
    assert sorted(t for p in range(4) for t in st.provs[p]) == sorted(shown)[len(shown) - len(order):]


def test_castrum_groups_that_cannot_be_rewarded_are_no_placement():
    st = new(2)  # 2 provinces shown: the third-best group could never take one
    set_roll(st, [6, 6, 6, 1, 1, 1, 1, 1])
    do(st, "choose Castrum", "place 6 6 6 in Castrum")
    set_roll(st, [5, 5, 5, 1, 1, 1, 1, 1])
    do(st, "choose Castrum", "place 5 5 5 in Castrum")
    set_roll(st, [4, 4, 4, 3, 3])
    assert "choose Castrum" not in texts(st)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="no rewarded placement"):
        st.apply("choose Castrum")
    assert st.to_json() == before


def test_seed_9_unclaimed_provinces_are_set_aside_face_up():
    st = new(4, seed=2)  # a deal where the set leaves shown provinces unclaimed (chance stream 2)
    shown = list(st.prov_shown)
    set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Castrum", "place 6 in Castrum")
    finish_set(st, avoid=("Templum", "Castrum"))
    taken = [t for p in range(4) for t in st.provs[p]]
    assert len(st.provs[0]) == 1 and len(taken) < len(shown)
    assert sorted(st.aside_prov) == sorted(t for t in shown if t not in taken)
    assert not set(shown) & set(st.prov_supply)


def test_misplay_castrum_one_group_refuses_a_second_value():
    st = new(2, misplays=["castrum_one_group"])
    set_roll(st, [4, 4, 4, 1, 1, 1, 1, 1])
    do(st, "choose Castrum", "place 4 4 4 in Castrum")
    do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    set_roll(st, [4, 6, 6, 1, 1])
    do(st, "choose Castrum")
    assert texts(st) == ["place 4 in Castrum"]  # only the own group grows


def test_misplay_leftover_tiles_reused_returns_unclaimed_tiles_to_the_supply():
    st = new(4, misplays=["leftover_tiles_reused"])
    shown = list(st.prov_shown)
    set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Castrum", "place 6 in Castrum")
    finish_set(st, avoid=("Templum", "Castrum"))
    assert st.aside_prov == () and st.aside_pat == ()
    back = [t for t in shown if all(t not in st.provs[p] for p in range(4))]
    assert back
    assert all(t in st.prov_supply or t in st.prov_shown for t in back)
    assert prov("joker") >= 0

"""Seed points 5 and 9 (Templum): one fortune tile per die *added*; at scoring the first keeps 2 of
the tiles drawn this set, every other participant 1; a lone participant keeps its tile and draws
one more; discards lie face up and are reshuffled when the pile runs out."""

import pytest

from boardlab.alea import rules
from tests.alea.helpers import do, finish_set, new, set_roll, texts


def test_templum_first_placement_is_exactly_one_die_of_any_value():
    st = new(4)
    set_roll(st, [1, 2, 2, 6, 6, 6, 6, 6])
    do(st, "choose Templum")
    assert texts(st) == ["place 1 in Templum", "place 2 in Templum", "place 6 in Templum"]


def test_templum_later_placement_needs_one_die_more_than_the_leader_and_a_higher_sum():
    st = new(4)
    set_roll(st, [5, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 5 in Templum")
    set_roll(st, [1, 2, 3, 4])
    do(st, "choose Templum")
    assert texts(st) == ["place 2 4 in Templum", "place 3 4 in Templum"]  # two dice summing more than 5
    with pytest.raises(Exception, match="Templum: one more die than the leader"):
        st.apply("place 1 4 in Templum")


def test_seed_5_fortune_tiles_drawn_equal_the_dice_added_the_seeds_example():
    st = new(4)
    set_roll(st, [1, 3, 3, 4, 4, 5, 5, 6])
    do(st, "choose Templum", "place 6 in Templum")  # 1 die placed: 1 tile
    assert len(st.drawn[0]) == 1
    set_roll(st, [5, 6, 1, 1, 2, 2, 3, 3])
    do(st, "choose Templum", "place 5 6 in Templum")  # player 1 leads with 2 dice: 2 tiles
    assert len(st.drawn[1]) == 2
    for _ in range(2):  # players 2 and 3 go elsewhere
        do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    set_roll(st, [5, 6, 1, 1])
    do(st, "choose Templum", "place 5 6 in Templum")  # player 0 adds 2 dice: 2 more tiles
    assert st.tem[0] == (5, 6, 6) and len(st.drawn[0]) == 3 and st.tem_leader == 0


def test_seed_5_first_keeps_2_every_other_participant_1_and_the_rest_is_discarded_face_up():
    st = new(4)
    set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 6 in Templum")
    set_roll(st, [5, 6, 1, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 5 6 in Templum")
    set_roll(st, [4, 5, 6, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 4 5 6 in Templum")
    drawn = [list(st.drawn[p]) for p in range(4)]
    assert [len(d) for d in drawn] == [1, 2, 3, 0]
    finish_set(st)
    assert st.fortune[2] == tuple(sorted(drawn[2])[1:])  # the first keeps its 2 best
    assert st.fortune[1] == (max(drawn[1]),) and st.fortune[0] == tuple(drawn[0]) and st.fortune[3] == ()
    assert sum(st.fdisc) == 6 - 4  # 1 of player 1's, 1 of player 2's


def test_seed_9_a_lone_templum_participant_keeps_its_tile_and_draws_one_more():
    st = new(4)
    set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 6 in Templum")
    finish_set(st)
    assert len(st.fortune[0]) == 2 and all(not f for f in st.fortune[1:])


def test_seed_5_discards_are_reshuffled_when_the_pile_runs_out():
    st = new(4)
    st.fpile, st.fdisc = (0, 0, 1), (29, 0, 0)  # one 3 left face down, the rest discarded
    drawn = rules._draw_fortune(st, 2)
    assert drawn == [3, 1] and st.fpile == (28, 0, 0) and st.fdisc == (0, 0, 0)


def test_misplay_templum_draw_all_dice_draws_for_the_dice_already_there_too():
    st = new(4, misplays=["templum_draw_all_dice"])
    set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 6 in Templum")
    set_roll(st, [5, 6, 1, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 5 6 in Templum")
    for _ in range(2):
        do(st, "choose Forum", f"place {st.hand[0]} in Forum")
    set_roll(st, [5, 6, 1, 1])
    do(st, "choose Templum", "place 5 6 in Templum")
    assert len(st.drawn[0]) == 1 + 3  # 3 dice there now: 3 more tiles, not 2


def test_misplay_lone_templum_no_extra_keeps_a_single_tile():
    st = new(4, misplays=["lone_templum_no_extra"])
    set_roll(st, [6, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Templum", "place 6 in Templum")
    finish_set(st)
    assert len(st.fortune[0]) == 1

"""Seed point 7 (Forum Romanum): one die of any value (a lone 6 too) or two dice summing to 5; low
values lie left, the latest of equal values first; dice pushed past the last column go to the
Latrina; each die takes one patrician, left to right; unclaimed patricians are set aside (point 9)."""

from tests.alea.helpers import do, finish_set, new, put, set_roll, texts


def test_seed_7_one_die_of_any_value_a_lone_6_included_or_two_dice_summing_to_5():
    st = new(4)
    set_roll(st, [1, 2, 3, 4, 6, 6, 6, 6])
    do(st, "choose Forum")
    assert texts(st) == ["place 1 in Forum", "place 1 4 in Forum", "place 2 in Forum", "place 2 3 in Forum",
                         "place 3 in Forum", "place 4 in Forum", "place 6 in Forum"]


def test_forum_refuses_two_dice_not_summing_to_5():
    st = new(4)
    set_roll(st, [1, 2, 6, 6, 6, 6, 6, 6])
    do(st, "choose Forum")
    assert "place 1 2 in Forum" not in texts(st)


def test_forum_orders_low_values_left_and_the_latest_equal_value_first():
    st = new(2)
    set_roll(st, [3, 1, 1, 1, 1, 1, 1, 1])
    do(st, "choose Forum", "place 3 in Forum")
    set_roll(st, [3, 5, 5, 5, 5, 5, 5, 5])
    do(st, "choose Forum", "place 3 in Forum")
    set_roll(st, [1, 4, 6, 6, 6, 6, 6])
    do(st, "choose Forum", "place 1 4 in Forum")
    assert st.forum == ((1, 0), (3, 1), (3, 0), (4, 0))


def test_forum_pushes_the_rightmost_die_out_to_the_latrina():
    st = new(2)  # 4 columns
    for p_dice in ([5, 1, 1, 1, 1, 1, 1, 1], [4, 6, 6, 6, 6, 6, 6, 6], [1, 4, 2, 2, 2, 2, 2]):
        set_roll(st, p_dice)
        do(st, "choose Forum", "place 1 4 in Forum" if 1 in p_dice and 4 in p_dice else f"place {p_dice[0]} in Forum")
    assert st.forum == ((1, 0), (4, 0), (4, 1), (5, 0))
    latrina = st.lat[0]
    set_roll(st, [2, 6, 6, 6, 6, 6, 6])
    do(st, "choose Forum", "place 2 in Forum")  # player 1's 2 pushes player 0's 5 out
    assert st.forum == ((1, 0), (2, 1), (4, 0), (4, 1)) and st.lat[0] == latrina + 1


def test_a_die_that_would_fall_out_of_a_full_forum_is_no_placement():
    st = new(2)
    st.forum = ((1, 1), (1, 1), (2, 1), (2, 1))
    put(st, "free", 1, st.free[1] - 4)
    set_roll(st, [3, 3, 6, 6, 6, 6, 6, 6])
    assert "choose Forum" not in texts(st)


def test_each_forum_die_takes_one_patrician_left_to_right_and_the_rest_is_set_aside():
    st = new(2)
    shown = list(st.pat_shown)
    set_roll(st, [1, 4, 6, 6, 6, 6, 6, 6])
    do(st, "choose Forum", "place 1 4 in Forum")  # a pair fills two columns: two patricians
    set_roll(st, [2, 5, 5, 5, 5, 5, 5, 5])
    do(st, "choose Forum", "place 2 in Forum")
    finish_set(st, avoid=("Templum", "Forum"), until_rewards=True)
    picks = []
    while st.set_no == 1:
        if st.step == "forum":
            picks.append(st.player)
        do(st, str(st.legal_actions()[0]))
    assert picks == [0, 1, 0]  # columns: 1 (player 0), 2 (player 1), 4 (player 0)
    assert len(st.pats[0]) == 2 and len(st.pats[1]) == 1
    assert sorted(st.aside_pat) == sorted(t for t in shown if t not in st.pats[0] + st.pats[1])


def test_misplay_forum_refuses_six_takes_away_the_lone_6():
    st = new(4, misplays=["forum_refuses_six"])
    set_roll(st, [6, 6, 6, 6, 6, 6, 6, 5])
    do(st, "choose Forum")
    assert texts(st) == ["place 5 in Forum"]

"""Seed: the Castillo (카스티요): additions are announced by count, its contents are never inspected
or removed by normal moves; at a general scoring everyone sets a secret destination (비밀 디스크),
never split, the King's region sends them back to the court; the Castillo is scored, then emptied;
at a special Castillo scoring the caballeros stay inside."""

import pytest

from boardlab.core import IllegalAction
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action
from boardlab.elgrande.scoring import CASTILLO_CAT, SPECIAL_CAT
from tests.elgrande.helpers import CAST, R, at_card_step, clear_board, count, finish_round, put, take


def test_throwing_caballeros_into_the_castillo_announces_the_count():
    st = at_card_step(name="Her Majesty")
    p = st.to_move
    take(st, "Her Majesty")
    st.apply(Action("order", 0))
    st.apply(Action("place", CAST, 2))
    st.apply(Action("place", CAST, 1))
    assert st.announce[-1] == (p, 3)  # one announcement per throw-in
    view = st.view((p + 1) % 4)
    assert view["caballeros"]["castillo"] is None
    assert view["castillo_total"] == sum(k for _, k in view["announcements"]) == count(st, CAST, p)


def test_moves_never_take_caballeros_out_of_the_castillo():
    st = at_card_step(name="Move 4 caballeros")
    clear_board(st)
    put(st, CAST, 1, 4)
    put(st, "galicia", 1, 1)
    st.king = R["toledo"]
    take(st, "Move 4 caballeros")
    st.apply(Action("order", 1))
    assert all(a.b != CAST for a in st.legal_actions() if a.kind == "pick")
    with pytest.raises(IllegalAction, match="Castillo closed"):
        st.apply(Action("pick", 1, CAST))


def test_moving_a_caballero_into_the_castillo_is_announced():
    st = at_card_step(name="Move 4 caballeros")
    clear_board(st)
    st.king = R["toledo"]
    put(st, "galicia", 2, 1)
    take(st, "Move 4 caballeros")
    st.apply(Action("order", 1))
    st.apply(Action("pick", 2, R["galicia"]))
    st.apply(Action("drop", CAST))
    assert st.announce == ((2, 1),) and count(st, CAST, 2) == 1


def _before_general_scoring(players=3, seed=2):
    st = at_card_step(players=players, seed=seed)
    st.round_i = 2  # round 3: a general scoring follows
    clear_board(st)
    st.king = R["toledo"]
    st.grande = (R["galicia"], R["galicia"], R["sevilla"])[:players]
    put(st, CAST, 0, 3)
    put(st, CAST, 1, 2)
    put(st, "aragon", 2, 2)
    finish_round(st)
    assert st.step == "cdisk"
    return st


def test_general_scoring_secret_destinations_then_castillo_scored_then_emptied():
    st = _before_general_scoring()
    assert set(st.queue) == {0, 1}  # only players with caballeros inside set a disk
    first = st.to_move
    st.apply(Action("disk", R["aragon"]))
    other = st.to_move
    assert other != first
    view = st.view(other)
    assert view["turn"]["disks"][first] == "hidden"  # secret until revealed
    st.apply(Action("disk", R["toledo"] if other == 1 else R["aragon"]))
    # 3-player game: two ranks score; Castillo 5/3/1 -> 5 and 3
    assert st.sheet[0][CASTILLO_CAT] == 5 and st.sheet[1][CASTILLO_CAT] == 3
    assert count(st, CAST, 0) == count(st, CAST, 1) == 0 and st.announce == ()
    assert count(st, "aragon", 0) == 3  # all of them to the one region chosen: never split


def test_the_kings_region_as_destination_sends_them_back_to_the_court():
    st = _before_general_scoring()
    court1 = st.court[1]
    while st.step == "cdisk":
        st.apply(Action("disk", R["toledo"]))  # the King's region
    assert count(st, "toledo", 1) == 0 and count(st, "toledo", 0) == 0
    assert st.court[1] == court1 + 2


def test_the_regions_score_after_the_castillo_caballeros_moved():
    st = _before_general_scoring()
    while st.step == "cdisk":
        st.apply(Action("disk", R["aragon"]))
    # Aragon: player 0 has 3, player 2 has 2, player 1 has 2 -> 0 first (5), 1 and 2 tie for second -> third (0)
    assert st.sheet[0][1] == 5 and st.sheet[1][1] == 0 and st.sheet[2][1] == 0


def test_a_special_castillo_scoring_leaves_the_caballeros_inside():
    st = at_card_step(name="Score the Castillo")
    clear_board(st)
    put(st, CAST, 0, 2)
    put(st, CAST, 1, 2)
    put(st, CAST, 2, 1)
    take(st, "Score the Castillo")
    st.apply(Action("order", 1))
    # 0 and 1 tie for first -> both take second (3); 2 takes third (1)
    assert [st.sheet[p][SPECIAL_CAT] for p in range(4)] == [3, 3, 1, 0]
    assert [count(st, CAST, p) for p in range(3)] == [2, 2, 1]


def test_the_castillo_pays_no_bonus():
    st = at_card_step(name="Score the Castillo")
    clear_board(st)
    put(st, CAST, 0, 2)
    st.king = R["toledo"]
    take(st, "Score the Castillo")
    st.apply(Action("order", 1))
    assert st.sheet[0] == (0, 0, 0, 5)


def test_castillo_values_are_5_3_1_on_both_board_sides():
    assert C.REGION_VALUES["standard"][C.CASTILLO] == C.REGION_VALUES["small"][C.CASTILLO] == (5, 3, 1)

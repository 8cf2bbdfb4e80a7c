"""Seed: at the start of a turn caballeros move from the province (지방) to the court (궁정) as the
power card allows; the action card's number is the most that may go from the court to the board;
a short court limits the placement."""

import pytest

from boardlab.core import IllegalAction
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action
from boardlab.core.tuples import replaced
from tests.elgrande.helpers import at_card_step, clear_board, count, game, play_powers, take


def _court_step(power=1, seed=5):
    st = game(4).new_game(seed)
    p = st.first
    play_powers(st, cards={p: power, (p + 1) % 4: 13, (p + 2) % 4: 12, (p + 3) % 4: 11})
    while not (st.to_move == p and st.step == "court"):
        st.apply(st.legal_actions()[0])
    return st, p


def test_setup_court_7_grande_and_2_caballeros_in_the_start_region_rest_in_the_province():
    st = game(5).new_game(9)
    assert st.court == (C.COURT_START,) * 5 == (7,) * 5
    assert st.province == (21,) * 5
    for p in range(5):
        assert count(st, st.grande[p], p) == 2
    assert len({st.king, *st.grande}) == 6  # King and start regions from distinct region cards


def test_court_step_moves_caballeros_from_province_to_court():
    st, p = _court_step(power=1)
    court, province = st.court[p], st.province[p]
    st.apply(Action("court", 6))
    assert st.court[p] == court + 6 and st.province[p] == province - 6
    assert st.step == "card"


def test_a_player_may_take_fewer_caballeros_than_the_card_allows():
    st, p = _court_step(power=1)
    st.apply(Action("court", 2))
    assert st.province[p] == 19


def test_an_empty_province_lets_caballeros_come_back_from_regions_but_not_castillo_or_kings_region():
    st, p = _court_step(power=1)
    clear_board(st)
    st.province = replaced(st.province, p, 0)
    st.court = replaced(st.court, p, 30 - 3 - 1 - 2)
    NC = st.cfg.NC
    free = [r for r in range(9) if r != st.king]
    st.cab[free[0] * NC + p] = 3
    st.cab[st.king * NC + p] = 1
    st.cab[C.CASTILLO * NC + p] = 2
    st.announce = ((p, 2),)
    st._legal = None
    assert max(a.a for a in st.legal_actions()) == 3  # 3 recallable, not the King's region or Castillo
    st.apply(Action("court", 2))
    assert st.step == "recall"
    assert [a.a for a in st.legal_actions()] == [free[0]]
    st.apply(Action("recall", free[0]))
    st.apply(Action("recall", free[0]))
    assert st.step == "card" and st.cab[free[0] * NC + p] == 1


def test_the_action_cards_number_is_the_most_that_goes_from_court_to_board():
    st = at_card_step(name="Score the Castillo")  # stack 3: place up to 3
    take(st, "Score the Castillo")
    st.apply(Action("order", 0))
    assert max(a.b for a in st.legal_actions() if a.kind == "place") == 3
    st.apply(st.legal_actions()[0])
    with pytest.raises(IllegalAction, match="placement allowance"):
        r = C.NEIGHBOURS[st.king][0]
        st.apply(Action("place", r, 3))


def test_a_short_court_limits_the_placement():
    st = at_card_step(name="Her Majesty")
    p = st.to_move
    st.court = replaced(st.court, p, 2)
    take(st, "Her Majesty")
    st.apply(Action("order", 0))
    assert max(a.b for a in st.legal_actions() if a.kind == "place") == 2
    r = C.NEIGHBOURS[st.king][0]
    st.apply(Action("place", r, 2))
    assert st.step == "special"  # the court is empty: placement is over


def test_placement_may_split_over_regions_and_stop_early():
    st = at_card_step(name="Her Majesty")
    p = st.to_move
    take(st, "Her Majesty")
    st.apply(Action("order", 0))
    a, b = C.NEIGHBOURS[st.king][:2]
    st.apply(Action("place", a, 2))
    st.apply(Action("place", b, 1))
    st.apply(Action("stop", 0))
    assert st.step == "special" and st.court[p] == 7 - 3

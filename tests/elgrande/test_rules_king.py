"""Seed: new caballeros only in regions adjacent to the King (왕), never in the King's region; the
King's region is protected from every change of caballeros, Grandes and score tiles, yet it scores
and its sole first place earns the King bonus; placing before or after moving the King uses the
King's old or new neighbours."""

import pytest

from boardlab.core import IllegalAction
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action
from boardlab.core.tuples import replaced
from boardlab.elgrande.rules import score_place
from boardlab.elgrande.scoring import BONUS_CAT, REGIONS_CAT
from tests.elgrande.helpers import R, at_card_step, clear_board, put, take


def test_adjacency_matches_the_rulebook_examples():
    """Castilla -> Galicia, Navarra, Aragon, Toledo (D-PLACE); Galicia -> Castilla, Navarra (RG4);
    New Castile (Toledo) -> Castilla, Sevilla, Granada, Valencia, Aragon (RG4); 15 borders, symmetric."""
    names = lambda r: {C.REGION_IDS[n] for n in C.NEIGHBOURS[R[r]]}
    assert names("castilla") == {"galicia", "navarra", "aragon", "toledo"}
    assert names("galicia") == {"castilla", "navarra"}
    assert names("toledo") == {"castilla", "sevilla", "granada", "valencia", "aragon"}
    assert all(a in C.NEIGHBOURS[b] for a in range(9) for b in C.NEIGHBOURS[a])
    assert sum(len(n) for n in C.NEIGHBOURS) == 30


def _placing(name="Her Majesty", king="castilla"):
    st = at_card_step(name=name)
    st.king = R[king]
    take(st, name)
    return st


def test_new_caballeros_only_next_to_the_king_and_never_in_the_kings_region():
    st = _placing()
    st.apply(Action("order", 0))
    targets = {a.a for a in st.legal_actions() if a.kind == "place"}
    assert targets == set(C.NEIGHBOURS[R["castilla"]]) | {C.CASTILLO}
    with pytest.raises(IllegalAction, match="King's region protected"):
        st.apply(Action("place", R["castilla"], 1))
    with pytest.raises(IllegalAction, match="adjacent to the King"):
        st.apply(Action("place", R["sevilla"], 1))


def test_placing_before_moving_the_king_uses_the_old_neighbours():
    st = _placing()
    st.apply(Action("order", 0))
    st.apply(Action("place", R["galicia"], 2))
    st.apply(Action("stop", 0))
    st.apply(Action("special", 1))
    st.apply(Action("king", R["galicia"]))  # move the King onto one's own fresh lead to protect it
    assert st.king == R["galicia"]


def test_moving_the_king_first_uses_the_new_neighbours():
    st = _placing()
    st.apply(Action("order", 1))
    st.apply(Action("king", R["sevilla"]))
    targets = {a.a for a in st.legal_actions() if a.kind == "place"}
    assert targets == set(C.NEIGHBOURS[R["sevilla"]]) | {C.CASTILLO} == {R["toledo"], R["granada"], C.CASTILLO}


def test_moves_never_touch_the_kings_region():
    st = _placing(name="Move 4 caballeros", king="aragon")
    clear_board(st)
    put(st, "aragon", 1, 3)
    put(st, "galicia", 1, 2)
    st.apply(Action("order", 1))
    picks = [a for a in st.legal_actions() if a.kind == "pick"]
    assert {a.b for a in picks} == {R["galicia"]}
    st.apply(Action("pick", 1, R["galicia"]))
    assert R["aragon"] not in {a.a for a in st.legal_actions()}
    with pytest.raises(IllegalAction, match="King's region protected"):
        st.apply(Action("drop", R["aragon"]))


def test_the_grande_cannot_enter_or_leave_the_kings_region():
    st = _placing(name="Grande", king="aragon")
    p = st.to_move
    st.apply(Action("order", 1))
    assert R["aragon"] not in {a.a for a in st.legal_actions()}
    st2 = _placing(name="Grande", king="aragon")
    st2.grande = replaced(st2.grande, st2.to_move, R["aragon"])
    st2.apply(Action("order", 1))
    assert st2.step == "place" and st2.grande[p] == R["aragon"]  # nothing to do: the Grande stays


def test_score_tiles_never_enter_or_leave_the_kings_region():
    st = _placing(name="Score tile", king="aragon")
    st.tiles = (R["galicia"], -1)
    st.apply(Action("order", 1))
    options = st.legal_actions()
    assert all(a.b != R["aragon"] for a in options)
    st2 = _placing(name="Score tile", king="aragon")
    st2.tiles = (R["aragon"], -1)
    st2.apply(Action("order", 1))
    assert all(a.a == 1 for a in st2.legal_actions())  # only the other tile may move


def test_the_kings_region_scores_and_its_sole_first_gets_the_king_bonus():
    st = at_card_step()
    clear_board(st)
    st.king = R["toledo"]
    put(st, "toledo", 0, 3)
    put(st, "toledo", 1, 1)
    st.grande = (R["galicia"],) * 4
    score_place(st, R["toledo"], REGIONS_CAT)
    assert st.sheet[0][REGIONS_CAT] == 7 and st.sheet[1][REGIONS_CAT] == 4
    assert st.sheet[0][BONUS_CAT] == 2 and st.sheet[1][BONUS_CAT] == 0


def test_the_royal_adviser_moves_the_king_to_an_adjacent_region_only():
    st = _placing(name="Royal Adviser", king="galicia")
    st.apply(Action("order", 1))
    assert {a.a for a in st.legal_actions()} == {R["castilla"], R["navarra"]}
    before = st.to_json()
    with pytest.raises(IllegalAction, match="Royal Adviser"):
        st.apply(Action("king", R["sevilla"]))
    assert st.to_json() == before

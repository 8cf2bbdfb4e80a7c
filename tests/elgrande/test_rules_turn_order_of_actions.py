"""Seed: placement and the special action in either order, each finished before the other starts
(no interleaving); the special action may be declined but, once begun, is done as fully as the card
allows; a chosen card is unavailable to the others that round."""

import pytest

from boardlab.core import IllegalAction
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action
from tests.elgrande.helpers import at_card_step, card, take


def test_placement_first_then_the_special_action_may_be_done_or_declined():
    st = at_card_step(name="Score the Castillo")
    take(st, "Score the Castillo")
    assert [str(a) for a in st.legal_actions()] == ["placement first", "special action first"]
    st.apply(Action("order", 0))
    st.apply(Action("stop", 0))
    assert {str(a) for a in st.legal_actions()} == {"do the special action", "decline the special action"}


def test_no_interleaving_the_king_cannot_move_between_two_placements():
    st = at_card_step(name="Her Majesty")
    take(st, "Her Majesty")
    st.apply(Action("order", 0))
    r = C.NEIGHBOURS[st.king][0]
    st.apply(Action("place", r, 1))
    assert all(a.kind in ("place", "stop") for a in st.legal_actions())
    with pytest.raises(IllegalAction, match="decision asked now"):
        st.apply(Action("king", (st.king + 1) % 9))


def test_special_action_first_then_placement_without_a_way_back():
    st = at_card_step(name="Her Majesty")
    take(st, "Her Majesty")
    st.apply(Action("order", 1))
    assert st.step == "king"
    target = next(r for r in range(9) if r != st.king)
    st.apply(Action("king", target))
    assert st.step == "place" and st.king == target
    assert Action("special", 1) not in st.legal_actions()


def test_declining_the_special_action_ends_the_turn():
    st = at_card_step(name="Score the Castillo")
    p = st.to_move
    take(st, "Score the Castillo")
    st.apply(Action("order", 0))
    st.apply(Action("stop", 0))
    before = st.sheet  # tuples, replaced when they change
    st.apply(Action("special", 0))
    assert st.sheet == before and st.to_move != p


def test_once_begun_the_special_action_is_done_fully_even_when_it_helps_an_opponent():
    """Place 2 anywhere: after it begins, no early stop; Castillo scoring pays every colour in it."""
    st = at_card_step(name="Place 2 anywhere")
    take(st, "Place 2 anywhere")
    st.apply(Action("order", 1))
    assert Action("stop", 0) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="done fully"):
        st.apply(Action("stop", 0))


def test_a_chosen_card_is_unavailable_to_the_others_that_round():
    st = at_card_step(name="Score the Castillo")
    p = st.to_move
    take(st, "Score the Castillo")
    st.apply(Action("order", 0))
    st.apply(Action("stop", 0))
    st.apply(Action("special", 0))
    while st.to_move == p:
        st.apply(st.legal_actions()[0])
    while st.step != "card":
        st.apply(st.legal_actions()[0])
    t = card("Score the Castillo")
    assert all(a.b != t for a in st.legal_actions())
    assert t in st.discard

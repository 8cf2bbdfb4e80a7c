"""The Veto cards (1995 stack 2, optional: ``Game(veto=True)``; RG9): the taker keeps the card; once,
during this round or the next, it cancels another player's special action (never a placement);
the card is discarded after use or at the end of the next round."""

import pytest

from boardlab.core import IllegalAction
from boardlab.elgrande.actions import Action
from tests.elgrande.helpers import at_card_step, card, finish_round, put_on_offer, take


def _holder_and_next(edition="1995"):
    """Player A keeps a Veto; then the next player in turn order begins a special action."""
    st = at_card_step(players=3, name="Veto", edition=edition, veto=True)
    holder = st.to_move
    take(st, "Veto")
    st.apply(Action("order", 1))  # keep the Veto
    assert st.vetoes == ((holder, st.round_i + 1),)
    st.apply(Action("stop", 0))
    while st.step != "card":
        st.apply(st.legal_actions()[0])
    return st, holder


def test_keeping_the_veto_keeps_the_card_out_of_the_discard_pile():
    st, holder = _holder_and_next()
    assert card("Veto") not in st.discard and st.to_move != holder


def test_a_veto_holder_is_asked_when_another_player_begins_a_special_action():
    st, holder = _holder_and_next()
    actor = st.to_move
    name = "Score the Castillo"
    put_on_offer(st, name)
    take(st, name)
    st.apply(Action("order", 1))
    assert st.step == "veto" and st.to_move == holder
    assert [str(a) for a in st.legal_actions()] == ["allow the special action", "veto the special action"]
    before = st.sheet  # tuples, replaced when they change
    st.apply(Action("veto", 1))
    assert st.sheet == before and st.vetoes == () and card("Veto") in st.discard
    assert st.to_move == actor and st.step == "place"  # the placement is never stopped


def test_allowing_lets_the_special_action_run():
    st, holder = _holder_and_next()
    put_on_offer(st, "The Court")
    actor = st.to_move
    court = st.court[actor]
    take(st, "The Court")
    st.apply(Action("order", 1))
    st.apply(Action("veto", 0))
    assert st.court[actor] == court + 2 and st.vetoes == ((holder, st.round_i + 1),)


def test_an_unused_veto_is_discarded_at_the_end_of_the_next_round():
    st, holder = _holder_and_next()
    finish_round(st)
    assert st.vetoes  # still held during the next round
    finish_round(st)
    assert st.vetoes == () and card("Veto") in st.discard


def test_veto_decisions_refuse_other_actions():
    st, holder = _holder_and_next()
    put_on_offer(st, "The Court")
    take(st, "The Court")
    st.apply(Action("order", 1))
    with pytest.raises(IllegalAction, match="decision asked now"):
        st.apply(Action("stop", 0))


def test_the_2023_deck_may_add_the_veto_too():
    st, holder = _holder_and_next(edition="2023")
    assert st.vetoes[0][0] == holder

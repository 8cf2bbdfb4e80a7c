"""Seed: power cards (파워 카드) 1-13 per player, played in turn from the start player; a number
already played this round cannot be played; turns go from the highest number; the lowest becomes
the next start player; played cards are discarded; higher cards bring fewer caballeros."""

import pytest

from boardlab.core import IllegalAction
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action
from tests.elgrande.helpers import at_card_step, game, play_powers


def test_each_player_starts_with_power_cards_1_to_13():
    st = game(4).new_game(3)
    assert all(st.to_json()["hands"][p] == list(range(1, 14)) for p in range(4))


def test_power_cards_are_played_in_turn_from_the_start_player_clockwise():
    st = game(4).new_game(3)
    first = st.first
    seen = []
    while st.step == "power":
        seen.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert seen == [(first + i) % 4 for i in range(4)]


def test_a_number_already_played_this_round_cannot_be_played():
    st = game(3).new_game(1)
    st.apply(Action("power", 7))
    assert Action("power", 7) not in st.legal_actions()
    before = st.to_json()
    with pytest.raises(IllegalAction, match="already played this round"):
        st.apply(Action("power", 7))
    assert st.to_json() == before


def test_turns_go_from_the_highest_number_down():
    st = game(4).new_game(2)
    order = [st.first, (st.first + 1) % 4, (st.first + 2) % 4, (st.first + 3) % 4]
    for p, v in zip(order, (3, 11, 6, 9)):
        st.apply(Action("power", v))
    assert st.order == [order[1], order[3], order[2], order[0]]
    assert st.to_move == order[1]


def test_the_lowest_card_becomes_the_next_start_player_and_played_cards_are_discarded():
    st = game(3).new_game(4)
    cards = {0: 5, 1: 2, 2: 12}
    play_powers(st, cards=cards)
    while st.round == 1:
        st.apply(st.legal_actions()[0])
    assert st.first == 1
    hands = st.to_json()["hands"]
    for p, v in cards.items():
        assert v not in hands[p] and len(hands[p]) == 12
    assert st.played == (0, 0, 0)


def test_the_start_marker_only_sets_who_plays_the_first_power_card():
    """The next round's turn order is fixed again by the new cards, not by the start marker."""
    st = game(3).new_game(4)
    play_powers(st, cards={0: 5, 1: 2, 2: 12})
    while st.round == 1:
        st.apply(st.legal_actions()[0])
    assert st.to_move == 1  # the start player plays the first power card ...
    play_powers(st, cards={1: 1, 2: 3, 0: 13})
    assert st.order == [0, 2, 1]  # ... but the highest card acts first


def test_higher_cards_bring_fewer_caballeros_to_court():
    values = [C.POWER_CABALLEROS[v] for v in C.POWER_VALUES]
    assert values == sorted(values, reverse=True)
    assert values[0] == 6 and C.POWER_CABALLEROS[9] == 2 and values[-2:] == [0, 0]


def test_power_card_allowance_caps_the_court_step():
    st = game(4).new_game(5)
    play_powers(st, first=st.first, cards={st.first: 1})
    # card 1 acts last; walk the others' turns away
    while st.to_move != st.first or st.step != "court":
        st.apply(st.legal_actions()[0])
    assert [a.a for a in st.legal_actions()] == list(range(0, 7))


def test_cards_12_and_13_bring_no_caballeros_so_the_court_step_is_skipped():
    st = at_card_step(players=4, power=13)
    assert st.step == "card"

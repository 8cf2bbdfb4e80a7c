"""Seed: 2023 round end: remaining action cards are discarded and the King card returns for next
round; Big Box: unused action cards go under their stack; general scorings after rounds 3, 6, 9;
the 6-round short game skips the printed round spaces rather than cutting the last rounds."""

import random

from boardlab.elgrande import components as C
from tests.elgrande.helpers import at_card_step, card, finish_round, game


def test_2023_round_end_discards_the_remaining_action_cards_and_the_king_card_returns():
    st = at_card_step(players=2)
    offer = [t for t in st.offer if t >= 0 and t not in C.KING_CARD_TYPES]
    finish_round(st)
    assert st.round == 2
    for t in offer:
        assert t in st.discard
    king = card("Her Majesty")
    assert king not in st.discard and st.offer[-1] == king and st.stacks[-1] == (king,)


def test_big_box_round_end_puts_unused_cards_under_their_stack():
    st = at_card_step(players=2, edition="bigbox", name="The King")
    offer = list(st.offer[:-1])
    finish_round(st)
    taken = sorted(st.discard)
    assert len(taken) <= 2  # two players took at most two of the four stack cards (maybe the King)
    unused = [(i, t) for i, t in enumerate(offer) if t not in taken]
    assert len(unused) >= 2
    for i, t in unused:
        assert st.under[i] == (t,)


def test_1995_round_end_discards_like_2023():
    st = at_card_step(players=4, edition="1995", name="The King")
    finish_round(st)
    assert st.under == ((),) * 5


def _scoring_rounds(game_):
    st = game_.new_game(1)
    rng = random.Random(1)
    scored = []
    last = st.round
    while not st.is_over:
        before = [row[1] for row in st.sheet]
        castillo = [row[0] for row in st.sheet]
        st.apply(rng.choice(st.legal_actions()))
        if st.round != last:
            if [row[1] for row in st.sheet] != before or [row[0] for row in st.sheet] != castillo:
                scored.append(last)
            last = st.round
    return scored


def test_general_scorings_come_after_rounds_3_6_and_9():
    assert C.SCORING_ROUNDS == (3, 6, 9)
    assert _scoring_rounds(game(4)) == [3, 6, 9]


def test_the_game_has_nine_rounds_and_ends_after_the_third_general_scoring():
    st = game(3).new_game(2)
    rounds = set()
    rng = random.Random(2)
    while not st.is_over:
        rounds.add(st.round)
        st.apply(rng.choice(st.legal_actions()))
    assert rounds == set(range(1, 10)) and st.to_move is None


def test_the_short_game_skips_rounds_1_4_and_7_and_still_scores_after_3_6_9():
    g = game(4, short=True)
    assert g.rounds == (2, 3, 5, 6, 8, 9)
    st = g.new_game(4)
    assert st.round == 2
    assert _scoring_rounds(g) == [3, 6, 9]

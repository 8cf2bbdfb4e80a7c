"""Exact answers of elgrande.odds, each checked against its Monte Carlo twin played on the engine."""

import random
from fractions import Fraction

import pytest

from boardlab.core.stats import assert_frequencies_agree, assert_mean_agrees
from boardlab.elgrande import components as C, odds
from boardlab.elgrande.actions import Action
from boardlab.elgrande.rules import score_place
from tests.elgrande.helpers import R, at_card_step, clear_board, game, put
from tests.elgrande.test_rules_castillo import _before_general_scoring


def test_region_points_follow_the_tie_rule_and_bonuses():
    assert odds.region_points([4, 4, 4, 3], (5, 3, 1)) == [3, 3, 3, 1]
    assert odds.region_points([3, 1], (7, 4, 2), grande=[True, False], king=True) == [11, 4]
    assert odds.region_points([3, 1, 5], (7, 4, 2), ranks=2, scoring={0, 1}) == [4, 0, 0]


def test_expected_region_points_exact_values():
    # player 1 holds 0..3 caballeros with equal chance against player 0's 2 (values 5/3/1)
    exp = odds.expected_region_points([2, 0], (5, 3, 1), uncertain={1: odds.uniform(range(4))})
    # n=0: 5/0; n=1: 5/3; n=2: tie -> 3/3; n=3: 3/5
    assert exp == [Fraction(5 + 5 + 3 + 3, 4), Fraction(0 + 3 + 3 + 5, 4)]
    with pytest.raises(ValueError, match="sum to 1"):
        odds.expected_region_points([1, 1], (5, 3, 1), uncertain={0: {1: 0.5}})


def test_expected_region_points_monte_carlo_twin_on_the_engine():
    """Random counts played into a real region and scored by the engine's general scoring path."""
    values = C.REGION_VALUES["standard"][R["aragon"]]
    uncertain = {1: odds.uniform(range(5)), 2: {0: Fraction(1, 2), 3: Fraction(1, 2)}}
    exact = odds.expected_region_points([2, 0, 0, 1], values, 3, uncertain, grande=[True, False, False, False])
    rng = random.Random(7)
    base = at_card_step()
    samples = []
    for _ in range(1500):
        st = base.copy()
        clear_board(st)
        st.king = R["galicia"]
        st.grande = (R["aragon"], R["sevilla"], R["sevilla"], R["sevilla"])
        counts = [2, rng.randrange(5), rng.choice((0, 3)), 1]
        for c, n in enumerate(counts):
            if n:
                put(st, "aragon", c, n)
        score_place(st, R["aragon"], 1)
        samples.append(sum(st.sheet[0]))
    assert_mean_agrees(exact[0], samples, "player 0 in Aragon")


def test_castillo_destination_value_monte_carlo_twin_on_the_engine():
    st = _before_general_scoring()
    me = st.to_move
    dest = R["aragon"]
    exact = odds.castillo_destination_value(st, me, dest)
    rng = random.Random(3)
    samples = []
    for i in range(600):
        c = st.copy()
        c.reseed(i)
        before = sum(c.sheet[me])
        while c.step == "cdisk":
            c.apply(Action("disk", dest if c.to_move == me else rng.randrange(9)))
        samples.append(sum(c.sheet[me]) - before)
    assert_mean_agrees(exact, samples, "Castillo destination")


def test_castillo_destination_value_prefers_the_better_region():
    st = _before_general_scoring()
    me = st.to_move
    values = {r: odds.castillo_destination_value(st, me, r) for r in range(9)}
    assert values[st.king] == min(values.values())  # back to the court scores nothing more
    certain = odds.castillo_destination_value(st, me, R["aragon"], others={1 - me: {R["aragon"]: 1}})
    assert isinstance(certain, Fraction)


def test_turn_position_exact_small_case():
    # I play 7; one player follows holding {6, 8}; another {1, 13}: P(first) = 1/2 * 1/2
    assert odds.p_moves_first(7, (), [(6, 8), (1, 13)]) == Fraction(1, 4)
    assert odds.turn_position_distribution(7, (9,), [(8, 6)]) == {2: Fraction(1, 2), 3: Fraction(1, 2)}
    with pytest.raises(ValueError, match="already played"):
        odds.p_moves_first(9, (9,), [])


@pytest.mark.parametrize("players", [2, 4])
def test_turn_position_monte_carlo_twin_on_the_engine(players):
    """Players after me play uniformly at random (the engine's random policy)."""
    st = game(players).new_game(5)
    while st.step == "power" and len([v for v in st.played if v]) < (1 if players == 2 else 2):
        st.apply(Action("power", [a.a for a in st.legal_actions()][-1]))  # first players play high
    me = st.to_move
    card = 9 if Action("power", 9) in st.legal_actions() else st.legal_actions()[0].a
    played = tuple(v for v in st.played if v)
    after = []
    q = (me + 1) % players
    while q != st.first:
        after.append([v for v in C.POWER_VALUES if st.hand[q] >> v & 1])
        q = (q + 1) % players
    exact = odds.turn_position_distribution(card, played, after)
    rng = random.Random(1)
    positions = []
    for _ in range(800):
        c = st.copy()
        c.apply(Action("power", card))
        while c.step == "power":
            c.apply(rng.choice(c.legal_actions()))
        positions.append(c.order.index(me) + 1)
    assert_frequencies_agree(exact, positions, f"{players}p turn position")

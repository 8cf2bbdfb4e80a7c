"""Exact dice odds (alea.odds): the reference's independent enumeration, sanity identities, and a
Monte Carlo twin for every function (agreement within 4 standard errors, core.stats)."""

import csv
import random
from fractions import Fraction
from importlib import resources

import pytest

from boardlab.alea import odds
from boardlab.core.stats import assert_frequencies_agree, assert_probability_agrees

N = 20_000


def _fixtures():
    with resources.files("boardlab.alea").joinpath("data/odds_fixtures.csv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("row", _fixtures(), ids=lambda r: f"{r['dice']}d-{r['statistic']}-{r['threshold']}")
def test_exact_odds_match_the_references_enumeration(row):
    n, k = int(row["dice"]), int(row["threshold"])
    stat = row["statistic"]
    if stat == "longest_straight_exactly":
        got = odds.straight_distribution(n)[k] * 6 ** n
    elif stat == "largest_group_exactly":
        got = odds.group_distribution(n)[k] * 6 ** n
    elif stat == "straight_at_least":
        got = odds.pattern_probability("straight", length=k, dice=n)
    elif stat == "group_at_least":
        got = odds.pattern_probability("group", length=k, dice=n)
    else:
        got = odds.pattern_probability(stat, length=k, dice=n) * 6 ** n
    if row["count"]:
        assert got == int(row["count"])
    else:
        assert abs(float(got) - float(row["probability"])) < 5e-7


def test_the_issues_example_is_an_exact_fraction():
    p = odds.pattern_probability("straight", length=4, dice=6)
    assert isinstance(p, Fraction) and p == Fraction(175, 648)


@pytest.mark.parametrize("dice", range(1, 9))
def test_distributions_sum_to_one_and_identities_hold(dice):
    for dist in (odds.straight_distribution(dice), odds.group_distribution(dice),
                 odds.best_castrum_group_distribution(dice)):
        assert sum(dist.values()) == 1
    assert odds.pattern_probability("die_at_most", 1, dice) == 1 - Fraction(5, 6) ** dice
    assert odds.pattern_probability("forum", 1, dice) == 1  # seed point 7: any one die goes
    assert odds.pattern_probability("forum", 1, dice, allow_six=False) == 1 - Fraction(1, 6) ** dice
    assert odds.pattern_probability("straight", 1, dice) == 1 == odds.pattern_probability("group", 1, dice)


def _rolls(dice, seed):
    rng = random.Random(f"odds:{dice}:{seed}")
    return [[rng.randint(1, 6) for _ in range(dice)] for _ in range(N)]


def _counts(roll):
    return tuple(roll.count(f) for f in range(1, 7))


@pytest.mark.parametrize("dice", range(1, 9))
def test_monte_carlo_twin_of_every_pattern(dice):
    rolls = [_counts(r) for r in _rolls(dice, 1)]
    for kind, lengths in (("straight", range(2, min(dice, 6) + 1)), ("group", range(2, dice + 1)),
                          ("sum5_pair", [1]), ("die_at_most", [1, 2, 3])):
        for length in lengths:
            exact = odds.pattern_probability(kind, length, dice)
            hits = sum(odds.holds(kind, c, length) for c in rolls)
            assert_probability_agrees(exact, hits, N, f"{dice} dice {kind} {length}")
    exact = odds.pattern_probability("forum", 1, dice, allow_six=False)
    assert_probability_agrees(exact, sum(odds.can_place_in_forum(c, False) for c in rolls), N, "forum no six")


@pytest.mark.parametrize("dice", [1, 3, 5, 8])
def test_monte_carlo_twin_of_the_distributions(dice):
    rolls = [_counts(r) for r in _rolls(dice, 2)]
    assert_frequencies_agree(odds.straight_distribution(dice), [odds.longest_straight(c) for c in rolls], "straight")
    assert_frequencies_agree(odds.group_distribution(dice), [odds.largest_group(c) for c in rolls], "group")
    assert_frequencies_agree(odds.best_castrum_group_distribution(dice), [odds.best_group(c) for c in rolls],
                             "best Castrum group")


@pytest.mark.parametrize("keep, rerolled, kind, length", [
    ((1, 2, 3), 2, "straight", 4), ((3, 4), 4, "straight", 5), ((5, 5), 3, "group", 3),
    ((), 6, "group", 3), ((6,), 1, "sum5_pair", 1), ((2,), 3, "straight", 3),
])
def test_monte_carlo_twin_of_a_reroll_keeping_a_subset(keep, rerolled, kind, length):
    exact = odds.reroll_probability(keep, rerolled, kind, length)
    rng = random.Random(f"reroll:{keep}:{rerolled}")
    hits = 0
    for _ in range(N):
        roll = list(keep) + [rng.randint(1, 6) for _ in range(rerolled)]
        hits += odds.holds(kind, _counts(roll), length)
    assert_probability_agrees(exact, hits, N, f"keep {keep} reroll {rerolled}")


def test_best_keeps_puts_the_most_helpful_subset_first():
    rows = odds.best_keeps((1, 2, 3, 6, 6), "straight", 4)
    assert rows[0] == ((1, 2, 3), Fraction(11, 36))
    assert dict(rows)[(1, 2, 3, 6, 6)] == 0  # keeping everything: no straight of 4
    assert len(rows) == 2 * 2 * 2 * 3  # every distinct subset once


@pytest.mark.parametrize("call, message", [
    (lambda: odds.pattern_probability("pyramid", 2, 5), "kind must be one of"),
    (lambda: odds.pattern_probability("straight", 7, 8), "length must be an integer from 1 to 6"),
    (lambda: odds.pattern_probability("group", 2, 9), "dice must be an integer from 1 to 8"),
    (lambda: odds.pattern_probability("group", 2, True), "dice must be an integer"),
    (lambda: odds.reroll_probability((7,), 2, "group", 2), "dice values must be integers 1..6"),
    (lambda: odds.reroll_probability((1, 2), 7, "group", 2), "1..8 dice in all"),
])
def test_bad_parameters_are_refused_with_a_clear_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()

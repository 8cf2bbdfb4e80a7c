"""Exact bridge odds of The White Castle: hand-checked cases, seed rules, and Monte Carlo twins.

Every exact function is checked against a simulation that rolls bridges with the engine's own
``roll_bridge`` and computes the outcome straight from the dice and ``coin_change``; each
probability must agree within 4 standard errors sqrt(p(1-p)/N) of the exact p, each expectation
within 4 standard errors from the sample's standard deviation.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache

import pytest

from boardlab.whitecastle import odds
from boardlab.whitecastle.dice import coin_change, roll_bridge
from boardlab.core.stats import assert_frequencies_agree, assert_mean_agrees

N = 20_000
SIZES = range(1, 6)
SPACES = (1, 3, 4, 5, 6)
STACKED = (2, 5)  # dice already on a stacked space, for the twins


@lru_cache(maxsize=None)
def bridges(n: int) -> tuple[tuple[int, ...], ...]:
    """N freshly rolled bridges of n dice (seeded, shared by the twins)."""
    rng = random.Random(f"whitecastle-odds-{n}")
    return tuple(tuple(roll_bridge(rng, n)) for _ in range(N))






def all_space_choices():
    """(space, stacked_on) for every printed value and every stacked reference."""
    return [(v, None) for v in SPACES] + [(5, below) for below in range(1, 7)]


# ------------------------------------------------------------------------------------------
# Hand-checked cases and seed rules


def test_single_die_bridge_has_equal_uniform_ends():
    uniform = {pips: Fraction(1, 6) for pips in range(1, 7)}
    assert odds.left_end_distribution(1) == uniform
    assert odds.right_end_distribution(1) == uniform
    assert odds.ends_distribution(1) == {(p, p): Fraction(1, 6) for p in range(1, 7)}


def test_two_dice_left_end_is_one_eleven_times_in_36():
    assert odds.left_end_distribution(2)[1] == Fraction(11, 36)
    assert odds.right_end_distribution(2)[6] == Fraction(11, 36)
    assert odds.ends_distribution(2)[(3, 5)] == Fraction(2, 36)
    assert odds.ends_distribution(2)[(4, 4)] == Fraction(1, 36)


@pytest.mark.parametrize("n", SIZES)
def test_ends_match_closed_forms(n):
    """Laid low to high: left = minimum, right = maximum, so P(left >= k) = ((7-k)/6)^n."""
    left, right = odds.left_end_distribution(n), odds.right_end_distribution(n)
    for k in range(1, 7):
        assert sum(p for v, p in left.items() if v >= k) == Fraction(7 - k, 6) ** n
        assert sum(p for v, p in right.items() if v <= k) == Fraction(k, 6) ** n


@pytest.mark.parametrize("n", SIZES)
def test_bridge_rolls_are_multisets_with_multinomial_weights(n):
    rolls = odds.bridge_rolls(n)
    assert len(rolls) == math.comb(n + 5, 5)
    assert all(list(dice) == sorted(dice) for dice, _ in rolls)
    assert sum(p for _, p in rolls) == 1


@pytest.mark.parametrize("n", SIZES)
def test_every_distribution_sums_to_one(n):
    dists = [odds.left_end_distribution(n), odds.right_end_distribution(n), odds.ends_distribution(n),
             odds.break_even_distribution(n)]
    for end in odds.ENDS:
        dists.append(odds.after_pick_distribution(n, end))
        for space, below in all_space_choices():
            dists.append(odds.coin_change_distribution(n, end, space, stacked_on=below))
            dists.append(odds.pick_value_distribution(n, end, space, stacked_on=below, lantern_worth=3))
    for dist in dists:
        assert sum(dist.values()) == 1
        assert all(p > 0 for p in dist.values())  # only possible outcomes are listed
    for space, below in all_space_choices():
        better = odds.better_pick_distribution(n, space, stacked_on=below, lantern_worth=2, coins=1)
        assert set(better) == {"left", "right", "equal", "neither"}
        assert sum(better.values()) == 1


def test_left_die_pays_difference_then_lantern_seed_example():
    """Seed: ends 1 and 5, space value 3: the left 1 pays 2 coins, then the lantern; the right 5 earns 2."""
    assert odds.pick_coin_change((1, 5), "left", 3) == -2
    assert odds.pick_coin_change((1, 5), "right", 3) == 2
    assert odds.pick_value((1, 5), "left", 3, lantern_worth=3) == 1
    assert odds.pick_value((1, 5), "right", 3, lantern_worth=3) == 2
    cmp = odds.compare_picks([5, 1], 3, lantern=["food", "iron", "cp"])
    assert (cmp.left_change, cmp.right_change, cmp.lantern_worth) == (-2, 2, 4)
    assert (cmp.left_value, cmp.right_value, cmp.break_even, cmp.better) == (2, 2, 4, "equal")
    # Paying comes first and lantern coins cannot cover it: with 1 coin the left 1 cannot go there.
    poor = odds.compare_picks((1, 5), 3, lantern=["coin"] * 5, coins=1)
    assert (poor.left_affordable, poor.right_affordable, poor.better) == (False, True, "right")
    assert odds.pick_affordable((1, 5), "left", 3, 2) and not odds.pick_affordable((1, 5), "left", 3, 1)


def test_equal_pips_move_no_coins_and_the_well_is_always_one():
    assert odds.pick_coin_change((3, 6), "left", 3) == 0
    assert odds.coin_change_distribution(4, "left", 1) == {
        pips - 1: p for pips, p in odds.left_end_distribution(4).items()}
    assert all(c >= 0 for c in odds.coin_change_distribution(5, "left", 1))  # the Well never costs
    assert all(c <= 0 for c in odds.coin_change_distribution(5, "right", 6))  # the domain never pays


def test_stacked_die_replaces_the_printed_value():
    assert odds.pick_coin_change((2, 6), "right", 3, stacked_on=6) == 0
    assert odds.pick_coin_change((2, 6), "left", 5, stacked_on=1) == 1
    assert odds.coin_change_distribution(4, "left", 3, stacked_on=4) == odds.coin_change_distribution(4, "left", 4)


@pytest.mark.parametrize("n", SIZES)
def test_break_even_is_the_spread_whatever_the_space(n):
    """Break-even = right change - left change = right pips - left pips, for every space, stacked or not."""
    for dice, _ in odds.bridge_rolls(n):
        for space, below in all_space_choices():
            assert odds.break_even_lantern_worth(dice, space, stacked_on=below) == dice[-1] - dice[0]
    for space, below in all_space_choices():
        spread: dict = {}
        for dice, p in odds.bridge_rolls(n):
            key = (odds.pick_coin_change(dice, "right", space, stacked_on=below)
                   - odds.pick_coin_change(dice, "left", space, stacked_on=below))
            spread[key] = spread.get(key, 0) + p
        assert spread == odds.break_even_distribution(n)


def test_break_even_marks_where_left_becomes_better():
    dice = (2, 3, 6)
    edge = odds.break_even_lantern_worth(dice, 4)
    assert edge == 4
    assert odds.compare_picks(dice, 4, lantern=["cp", "food"]).better == "right"  # worth 3
    assert odds.compare_picks(dice, 4, lantern=["cp", "cp"]).better == "equal"  # worth 4
    assert odds.compare_picks(dice, 4, lantern=["cp", "cp", "seal"]).better == "left"  # worth 5
    # Break-even in the distribution: left better exactly when the lantern beats the spread.
    for worth in (0, Fraction(1, 2), 2, 5, Fraction(11, 2)):
        better = odds.better_pick_distribution(4, 4, lantern_worth=worth)
        spread = odds.break_even_distribution(4)
        assert better["left"] == sum(p for s, p in spread.items() if s < worth)
        assert better["equal"] == sum(p for s, p in spread.items() if s == worth)
        assert better["neither"] == 0


def test_lantern_worth_accepts_int_fraction_float():
    assert odds.pick_value((2, 4), "left", 3, lantern_worth=0.5) == Fraction(-1, 2)
    assert odds.expected_pick_value(1, "left", 3, lantern_worth=Fraction(1, 3)) == Fraction(1, 2) + Fraction(1, 3)
    assert odds.expected_pick_value(3, "right", 3, lantern_worth=7) == odds.expected_coin_change(3, "right", 3)
    # Values straight from numpy (a slider, an array) work too.
    np = pytest.importorskip("numpy")
    assert odds.pick_value((2, 4), "left", np.int64(3), lantern_worth=np.float64(0.5)) == Fraction(-1, 2)
    assert odds.left_end_distribution(np.int64(2))[1] == Fraction(11, 36)


def test_lantern_contents_worth_uses_adjustable_icon_worth():
    assert odds.lantern_contents_worth([]) == 0
    assert odds.lantern_contents_worth(["food", "cp", "time"]) == 4
    assert odds.lantern_contents_worth(["cp"], {"cp": 3.5}) == Fraction(7, 2)


def test_what_the_next_player_sees():
    assert odds.after_pick((1, 3, 5), "left") == (3, 5)
    assert odds.after_pick((5, 3, 1), "right") == (1, 3)
    assert odds.after_pick((2, 6), "right") == (2, 2)
    assert odds.after_pick((4,), "left") == (None, None)
    assert odds.after_pick_distribution(1, "right") == {(None, None): 1}
    assert odds.after_pick_distribution(2, "left") == {
        (p, p): q for p, q in odds.right_end_distribution(2).items()}


def test_expectations_hand_checked():
    assert odds.expected_coin_change(1, "left", 3) == Fraction(1, 2)  # mean pip 3.5 - 3
    assert odds.expected_coin_change(2, "right", 5) == Fraction(161, 36) - 5
    assert odds.affordable_probability(2, "left", 3, 0) == Fraction(16, 36)  # both dice >= 3
    assert odds.affordable_probability(3, "right", 6, 5) == 1


@pytest.mark.parametrize("call", [
    lambda: odds.left_end_distribution(0),
    lambda: odds.right_end_distribution(6),
    lambda: odds.ends_distribution(2.0),
    lambda: odds.ends_distribution(True),
    lambda: odds.coin_change_distribution(3, "left", 2),
    lambda: odds.coin_change_distribution(3, "middle", 3),
    lambda: odds.coin_change_distribution(3, "left", 1, stacked_on=3),  # the Well is never stacked
    lambda: odds.coin_change_distribution(3, "left", 6, stacked_on=3),  # nor the personal domain
    lambda: odds.coin_change_distribution(3, "left", 3, stacked_on=7),
    lambda: odds.pick_coin_change((0, 3), "left", 3),
    lambda: odds.pick_coin_change((1, 2, 3, 4, 5, 6), "left", 3),
    lambda: odds.pick_coin_change((), "left", 3),
    lambda: odds.pick_coin_change(5, "left", 3),
    lambda: odds.affordable_probability(3, "left", 3, -1),
    lambda: odds.affordable_probability(3, "left", 3, None),
    lambda: odds.better_pick_distribution(3, 3, coins=1.5),
    lambda: odds.pick_value((1, 2), "left", 3, lantern_worth="2"),
    lambda: odds.pick_value((1, 2), "left", 3, lantern_worth=float("nan")),
    lambda: odds.lantern_contents_worth(["gold"]),
    lambda: odds.lantern_contents_worth("food"),
    lambda: odds.after_pick((1, 7), "left"),
])
def test_bad_parameters_raise_value_error(call):
    with pytest.raises(ValueError, match=r"got|expected|never stacked"):
        call()


def test_a_widget_moving_the_lantern_worth_never_enumerates_the_rolls_again():
    """What keeps a slider quick, checked by counting work rather than timing it (timed tests fail
    on a loaded machine): the bridge's rolls are enumerated once per bridge size, and a new lantern
    worth only re-weighs the cached end values."""
    odds.pick_value_distribution(5, "left", 4, stacked_on=2, lantern_worth=Fraction(1))   # warm the cache
    odds.better_pick_distribution(5, 4, stacked_on=2, lantern_worth=Fraction(1), coins=2)
    enumerations = odds._rolls.cache_info().misses
    for worth in (Fraction(13, 7), Fraction(17, 7)):  # values nothing else uses: no cache hits
        odds.pick_value_distribution(5, "left", 4, stacked_on=2, lantern_worth=worth)
        odds.better_pick_distribution(5, 4, stacked_on=2, lantern_worth=worth, coins=2)
    assert odds._rolls.cache_info().misses == enumerations


# ------------------------------------------------------------------------------------------
# Monte Carlo twins (roll_bridge + coin_change, nothing from the odds module)


@pytest.mark.parametrize("n", SIZES)
def test_twin_bridge_rolls(n):
    assert_frequencies_agree(dict(odds.bridge_rolls(n)), bridges(n))


@pytest.mark.parametrize("n", SIZES)
def test_twin_bridge_ends(n):
    sample = bridges(n)
    assert_frequencies_agree(odds.left_end_distribution(n), (b[0] for b in sample))
    assert_frequencies_agree(odds.right_end_distribution(n), (b[-1] for b in sample))
    assert_frequencies_agree(odds.ends_distribution(n), ((b[0], b[-1]) for b in sample))


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("end", odds.ENDS)
def test_twin_coin_change(n, end):
    sample = bridges(n)
    i = 0 if end == "left" else -1
    for space, below in [(v, None) for v in SPACES] + [(3, b) for b in STACKED]:
        reference = space if below is None else below
        changes = [coin_change(b[i], reference) for b in sample]
        assert_frequencies_agree(odds.coin_change_distribution(n, end, space, stacked_on=below), changes)
        assert_mean_agrees(odds.expected_coin_change(n, end, space, stacked_on=below), changes)
        for coins in (0, 2):
            assert_frequencies_agree(
                {True: (p := odds.affordable_probability(n, end, space, coins, stacked_on=below)), False: 1 - p},
                (c >= -coins for c in changes))


@pytest.mark.parametrize("n", SIZES)
def test_twin_pick_value(n):
    sample = bridges(n)
    worth = Fraction(5, 2)
    for space, below in ((3, None), (6, None), (4, 5)):
        reference = space if below is None else below
        for end, i, bonus in (("left", 0, worth), ("right", -1, 0)):
            values = [coin_change(b[i], reference) + bonus for b in sample]
            kwargs = dict(stacked_on=below, lantern_worth=worth)
            assert_frequencies_agree(odds.pick_value_distribution(n, end, space, **kwargs), values)
            assert_mean_agrees(odds.expected_pick_value(n, end, space, **kwargs), values)


@pytest.mark.parametrize("n", SIZES)
def test_twin_break_even(n):
    assert_frequencies_agree(odds.break_even_distribution(n),
                             (coin_change(b[-1], 4) - coin_change(b[0], 4) for b in bridges(n)))


def simulated_better(bridge, reference, worth, coins):
    left, right = coin_change(bridge[0], reference), coin_change(bridge[-1], reference)
    options = {}
    if coins is None or left >= -coins:
        options["left"] = left + worth
    if coins is None or right >= -coins:
        options["right"] = right
    if not options:
        return "neither"
    if len(options) == 2 and options["left"] == options["right"]:
        return "equal"
    return max(options, key=options.get)


@pytest.mark.parametrize("n", SIZES)
def test_twin_better_pick(n):
    sample = bridges(n)
    for space, below, worth, coins in ((3, None, 2, None), (5, None, Fraction(3, 2), 1), (3, 6, 3, 0)):
        reference = space if below is None else below
        exact = odds.better_pick_distribution(n, space, stacked_on=below, lantern_worth=worth, coins=coins)
        assert_frequencies_agree(exact, (simulated_better(b, reference, worth, coins) for b in sample))


@pytest.mark.parametrize("n", SIZES)
def test_twin_after_pick(n):
    sample = bridges(n)
    for end in odds.ENDS:
        rests = [b[1:] if end == "left" else b[:-1] for b in sample]
        assert_frequencies_agree(odds.after_pick_distribution(n, end),
                                 ((r[0], r[-1]) if r else (None, None) for r in rests))

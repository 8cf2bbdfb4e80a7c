"""Exact dice odds of Alea Iacta Est, as Fractions.

Every placement is a pattern in one roll of 1..8 dice: a straight for the Senatus, a group of equal
dice for the Castrum, one die or a sum-5 pair for the Forum Romanum. A roll of ``n`` dice is
enumerated as a multiset (how many 1s, 2s, ... 6s) with its multinomial weight
``n! / (c1! ... c6!) / 6**n``: 1,287 multisets for 8 dice instead of 1,679,616 sequences. A small
enumerator of our own is used rather than icepool: the patterns here are predicates on the counts
(longest run of present faces, largest count, a 1 and a 4 both present), which are one line each
over a counts tuple, and the whole 8-dice table takes a few milliseconds with no dependency.

>>> pattern_probability("straight", length=4, dice=6)
Fraction(35, 162)
>>> pattern_probability("group", length=3, dice=3)
Fraction(1, 36)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

FACES = 6
MAX_DICE = 8
KINDS = ("straight", "group", "sum5_pair", "forum", "die_at_most")


def _check_dice(dice, low=1) -> int:
    if type(dice) is not int or not low <= dice <= MAX_DICE:
        raise ValueError(f"dice must be an integer from {low} to {MAX_DICE}, got {dice!r}")
    return dice


@lru_cache(maxsize=None)
def roll_distribution(dice: int) -> tuple:
    """((counts of faces 1..6), probability) for every multiset a roll of ``dice`` dice can show."""
    _check_dice(dice, 0)
    out = []
    total = FACES ** dice
    for combo in combinations_with_replacement(range(FACES), dice):
        counts = [0] * FACES
        for face in combo:
            counts[face] += 1
        ways = factorial(dice)
        for c in counts:
            ways //= factorial(c)
        out.append((tuple(counts), Fraction(ways, total)))
    return tuple(out)


# -- the patterns, as predicates on a counts tuple -----------------------------------------------
def longest_straight(counts) -> int:
    """The longest run of consecutive faces present (the longest Senatus straight the roll allows)."""
    best = run = 0
    for c in counts:
        run = run + 1 if c else 0
        best = max(best, run)
    return best


def largest_group(counts) -> int:
    """The most dice showing one face (the largest Castrum group)."""
    return max(counts)


def best_group(counts) -> tuple:
    """The best Castrum group the roll allows: (count, face), more dice first, then the higher face."""
    return max((c, face + 1) for face, c in enumerate(counts) if c) if any(counts) else (0, 0)


def has_sum5_pair(counts) -> bool:
    """A 1 and a 4, or a 2 and a 3: two dice the Forum takes together."""
    return bool((counts[0] and counts[3]) or (counts[1] and counts[2]))


def can_place_in_forum(counts, allow_six: bool = True) -> bool:
    """Seed point 7: any one die (a lone 6 too) or a sum-5 pair; ``allow_six=False`` plays the misplay."""
    return any(counts[:5]) or (allow_six and counts[5] > 0) or has_sum5_pair(counts)


def holds(kind: str, counts, length: int = 1, allow_six: bool = True) -> bool:
    """Whether a roll (its counts) shows the pattern ``kind`` of size ``length``."""
    if kind == "straight":
        return longest_straight(counts) >= length
    if kind == "group":
        return largest_group(counts) >= length
    if kind == "sum5_pair":
        return has_sum5_pair(counts)
    if kind == "forum":
        return can_place_in_forum(counts, allow_six)
    if kind == "die_at_most":
        return any(counts[:length])
    raise ValueError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")


def _check_pattern(kind, length, dice):
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")
    top = {"straight": FACES, "group": MAX_DICE, "die_at_most": FACES}.get(kind, 1)
    if type(length) is not int or not 1 <= length <= top:
        raise ValueError(f"length must be an integer from 1 to {top} for {kind!r}, got {length!r}")
    _check_dice(dice)


def pattern_probability(kind: str, length: int = 1, dice: int = MAX_DICE, allow_six: bool = True) -> Fraction:
    """Exact probability that one roll of ``dice`` dice shows the pattern.

    ``kind``: ``"straight"`` (a run of at least ``length`` consecutive faces), ``"group"`` (at least
    ``length`` equal dice), ``"sum5_pair"`` (1+4 or 2+3), ``"forum"`` (any Forum placement; with
    ``allow_six=False`` a lone 6 does not count), ``"die_at_most"`` (a die of ``length`` or less:
    a die that goes left of every higher one in the Forum)."""
    _check_pattern(kind, length, dice)
    return _pattern_probability(kind, length, dice, allow_six)


@lru_cache(maxsize=None)
def _pattern_probability(kind, length, dice, allow_six) -> Fraction:
    return sum((p for counts, p in roll_distribution(dice) if holds(kind, counts, length, allow_six)), Fraction(0))


def pattern_count(kind: str, length: int = 1, dice: int = MAX_DICE) -> int:
    """How many of the 6**dice ordered rolls show the pattern (an integer: the exact count)."""
    p = pattern_probability(kind, length, dice)
    return int(p * FACES ** dice)


def straight_distribution(dice: int = MAX_DICE) -> dict:
    """{L: P(the longest straight is exactly L)}."""
    _check_dice(dice)
    out: dict = {}
    for counts, p in roll_distribution(dice):
        out[longest_straight(counts)] = out.get(longest_straight(counts), 0) + p
    return dict(sorted(out.items()))


def group_distribution(dice: int = MAX_DICE) -> dict:
    """{m: P(the largest group of equal dice is exactly m)}."""
    _check_dice(dice)
    out: dict = {}
    for counts, p in roll_distribution(dice):
        out[largest_group(counts)] = out.get(largest_group(counts), 0) + p
    return dict(sorted(out.items()))


def best_castrum_group_distribution(dice: int = MAX_DICE) -> dict:
    """{(count, face): P(the best Castrum group of the roll is count x face)}."""
    _check_dice(dice)
    out: dict = {}
    for counts, p in roll_distribution(dice):
        key = best_group(counts)
        out[key] = out.get(key, 0) + p
    return dict(sorted(out.items()))


# -- rerolls (seed point 8: keep any subset, reroll the rest) ----------------------------------------
def _counts_of(dice) -> tuple:
    counts = [0] * FACES
    for d in dice:
        if type(d) is not int or not 1 <= d <= FACES:
            raise ValueError(f"dice values must be integers 1..6, got {d!r}")
        counts[d - 1] += 1
    return tuple(counts)


def reroll_probability(keep, rerolled: int, kind: str, length: int = 1, allow_six: bool = True) -> Fraction:
    """Exact probability that the kept dice plus ``rerolled`` fresh dice show the pattern."""
    kept = _counts_of(keep)
    if type(rerolled) is not int or rerolled < 0 or len(keep) + rerolled > MAX_DICE or len(keep) + rerolled == 0:
        raise ValueError(f"rerolled must be an integer >= 0 with 1..{MAX_DICE} dice in all, got {rerolled!r}")
    _check_pattern(kind, length, len(keep) + rerolled)
    return _reroll_probability(kept, rerolled, kind, length, allow_six)


@lru_cache(maxsize=None)
def _reroll_probability(kept, rerolled, kind, length, allow_six) -> Fraction:
    total = Fraction(0)
    for counts, p in roll_distribution(rerolled):
        if holds(kind, tuple(a + b for a, b in zip(kept, counts)), length, allow_six):
            total += p
    return total


def best_keeps(roll, kind: str, length: int = 1) -> list:
    """Every distinct subset of ``roll`` to keep, with the exact chance that rerolling the rest shows
    the pattern, best first: [(kept dice, probability)]. Keeping everything means not rerolling."""
    roll = tuple(sorted(roll))
    _counts_of(roll)
    _check_pattern(kind, length, len(roll))
    from boardlab.alea.rules import submultisets

    rows = [(keep, reroll_probability(keep, len(roll) - len(keep), kind, length)) for keep in submultisets(roll)]
    return sorted(rows, key=lambda r: (-r[1], len(r[0]), r[0]))

"""The bridges' dice: the one place the engine rolls them (odds tests reuse it)."""

from __future__ import annotations

import random

from boardlab.core.chance import Draws

COLOURS = ("coral", "black", "white")


def dice_per_bridge(players: int) -> int:
    """Seed: one more die of each colour than there are players."""
    return players + 1


def roll_bridge(rng: random.Random | Draws, n: int) -> list[int]:
    """Roll ``n`` dice and lay them low to high, left to right (the seed's setup rule). ``rng``: a
    chance event of stream 2 (``Draws``: its own dice) or a ``random.Random`` (stream 1's events,
    the lessons' generators)."""
    if type(rng) is Draws:
        return sorted(rng.dice(n))
    bits = rng.getrandbits
    dice = []
    for _ in range(n):
        # rng.randint(1, 6) as CPython draws it (3 random bits, redrawn while above 5), without
        # its call layers: the same dice from the same generator (the identity check pins it)
        face = bits(3)
        while face >= 6:
            face = bits(3)
        dice.append(face + 1)
    dice.sort()
    return dice


def coin_change(pips: int, reference: int) -> int:
    """Coins a placement gains (positive) or costs (negative).

    Seed: a die below the space's value pays the difference, above it earns the difference,
    equal moves nothing. ``reference`` is the printed value, the top die on a stacked space,
    or 1 at the Well.
    """
    return pips - reference

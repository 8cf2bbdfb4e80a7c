"""Notebook 06, *what would a strong player do here?*: placing a roll, the seed's central
decision (which building to choose for the dice just rolled, then which of them to place),
at the first roll and at a later one of seeded 2-player games rebuilt from their JSON form; the advisor's answer
(:func:`boardlab.advise`) as a table and a plot with error bars, a widget over those positions
(:func:`Explorer`), and the strength ladder random < greedy < mcts measured in a tournament
(:func:`boardlab.tournament`).

The shared views live in :mod:`boardlab.core.strength`; this module holds Alea Iacta Est's positions.
"""

from __future__ import annotations

from boardlab.alea.game import AleaIactaEst
from boardlab.alea.lessons.common import T
from boardlab.core import strength

#: The ladder and the advisor play 2-player games (the issue's strength test is 2-player).
PLAYERS = 2
#: The seeded game the notebook teaches with.
SEED = 1
#: The seeded game of the later roll (its fifth roll: player 1 holds the Castrum with a 6, player 0
#: three of the Forum's four places).
LATER_SEED = 2


def game() -> AleaIactaEst:
    return AleaIactaEst(players=PLAYERS)


def first_roll(seed: int = SEED):
    """Game ``seed`` at its first decision: the first roll lies before player 0, who chooses the
    building to place dice in; rebuilt from its JSON form."""
    return strength.via_json(strength.reach(game().new_game(seed), strength.asks("choose"), seed=seed))


def first_placement(seed: int = SEED):
    """The first roll after the building is chosen (the random choice of game ``seed``): which
    of the dice to place there; rebuilt from its JSON form."""
    return strength.via_json(strength.reach(game().new_game(seed), strength.asks("place"), seed=seed))


def later_roll(seed: int = SEED, roll: int = 5):
    """Game ``seed`` played by greedy players up to its ``roll``-th roll (counted from 1): which
    building to choose for it; rebuilt from its JSON form."""
    if type(roll) is not int or roll < 1:
        raise ValueError(f"roll counts the rolls of the game from 1; got {roll!r}")
    return strength.via_json(strength.reach(game().new_game(seed), strength.asks("choose"), policy="greedy", seed=seed,
                                            skip=roll - 1))


def positions() -> dict:
    """The widget's positions: {label: function returning a fresh state}."""
    return {
        **{T("game seed {seed}: the first roll, which building", seed=s): (lambda s=s: first_roll(s))
           for s in (1, 2, 3)},
        **{T("game seed {seed}: the first roll, which dice to place", seed=s): (lambda s=s: first_placement(s))
           for s in (1, 2)},
        **{T("game seed {seed}: roll {k} (greedy play so far), which building", seed=LATER_SEED, k=k):
           (lambda k=k: later_roll(LATER_SEED, k)) for k in (5, 9)},
    }


LESSON = strength.Lesson(game(), T, positions)
advice, advice_table, advice_figure = LESSON.advice, LESSON.advice_table, LESSON.advice_figure
ladder, ladder_table, ladder_figure = LESSON.ladder, LESSON.ladder_table, LESSON.ladder_figure
Explorer = LESSON.explorer

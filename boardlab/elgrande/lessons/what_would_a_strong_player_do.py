"""Notebook 06, *what would a strong player do here?*: the seed's two choices that shape a round,
the power card (a high number acts early but brings few caballeros to court) and a placement
that may send caballeros into the Castillo, in seeded 2-player games rebuilt from their JSON
form; the advisor's answer (:func:`boardlab.advise`) as a table and a plot with error bars, a
widget over those positions (:func:`Explorer`), and the strength ladder random < greedy < mcts
measured in a tournament (:func:`boardlab.tournament`).

The shared views live in :mod:`boardlab.core.strength`; this module holds El Grande's positions.
"""

from __future__ import annotations

from boardlab.core import strength
from boardlab.elgrande.game import ElGrande
from boardlab.elgrande.lessons.common import T

#: The ladder and the advisor play 2-player games (the issue's strength test is 2-player).
PLAYERS = 2
#: The seeded game the notebook teaches with.
SEED = 1


def game() -> ElGrande:
    return ElGrande(players=PLAYERS)


def _offers_placement(where: str):
    """A test of a state: is it a placement of caballeros that offers ``where``?"""
    return lambda state: any(str(a).startswith("place ") and str(a).endswith(f" in {where}")
                             for a in state.legal_actions())


def first_power_card(seed: int = SEED):
    """Game ``seed`` at its first decision: player 0 chooses a power card; rebuilt from its JSON form."""
    return strength.via_json(game().new_game(seed))


def castillo_placement(seed: int = SEED):
    """Game ``seed`` played on by greedy players to the first placement that offers the Castillo:
    how many caballeros to place, and where; rebuilt from its JSON form."""
    return strength.via_json(strength.reach(game().new_game(seed), _offers_placement("the Castillo"), policy="greedy",
                                            seed=seed))


def positions() -> dict:
    """The widget's positions: {label: function returning a fresh state}."""
    return {
        **{T("game seed {seed}: the first power card", seed=s): (lambda s=s: first_power_card(s)) for s in (1, 2)},
        **{T("game seed {seed}: the first placement offering the Castillo", seed=s):
           (lambda s=s: castillo_placement(s)) for s in (1, 2, 3)},
    }


LESSON = strength.Lesson(game(), T, positions)
advice, advice_table, advice_figure = LESSON.advice, LESSON.advice_table, LESSON.advice_figure
ladder, ladder_table, ladder_figure = LESSON.ladder, LESSON.ladder_table, LESSON.ladder_figure
Explorer = LESSON.explorer

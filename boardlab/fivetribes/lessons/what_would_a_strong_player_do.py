"""Notebook 06, *what would a strong player do here?*: the seed's two decisions of a turn, the
turn-order auction (which slot to pay for) and the mancala move (which tile's meeples to pick
up), in seeded 2-player games rebuilt from their JSON form; the advisor's answer
(:func:`boardlab.advise`) as a table and a plot with error bars, a widget over those positions
(:func:`Explorer`), and the strength ladder random < greedy < mcts measured in a tournament
(:func:`boardlab.tournament`).

The shared views live in :mod:`boardlab.core.strength`; this module holds Five Tribes' positions.
"""

from __future__ import annotations

from boardlab.core import strength
from boardlab.fivetribes.game import FiveTribes
from boardlab.fivetribes.lessons.common import T

#: The ladder and the advisor play 2-player games (the issue's strength test is 2-player).
PLAYERS = 2
#: The seeded game the notebook teaches with.
SEED = 1


def game() -> FiveTribes:
    return FiveTribes(players=PLAYERS)


def first_bid(seed: int = SEED):
    """Game ``seed`` at its first decision: the first turn-order bid, rebuilt from its JSON form."""
    return strength.via_json(game().new_game(seed))


def first_move(seed: int = SEED):
    """Game ``seed`` after the first auction (random bids): the first player to act chooses the
    tile whose meeples to pick up; rebuilt from its JSON form."""
    return strength.via_json(strength.reach(game().new_game(seed), strength.asks("move from"), seed=seed))


def positions() -> dict:
    """The widget's positions: {label: function returning a fresh state}."""
    return {
        **{T("game seed {seed}: the first bid for turn order", seed=s): (lambda s=s: first_bid(s)) for s in (1, 2)},
        **{T("game seed {seed}: the first move (which tile to pick up)", seed=s): (lambda s=s: first_move(s))
           for s in (1, 2, 3)},
    }


LESSON = strength.Lesson(game(), T, positions)
advice, advice_table, advice_figure = LESSON.advice, LESSON.advice_table, LESSON.advice_figure
advice_summary = LESSON.advice_summary
ladder, ladder_table, ladder_figure = LESSON.ladder, LESSON.ladder_table, LESSON.ladder_figure
Explorer = LESSON.explorer

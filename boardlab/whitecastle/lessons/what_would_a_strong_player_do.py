"""Notebook 07, *what would a strong player do here?*: the seed's own example (a coral bridge
with ends 1 and 5, castle floor 1 room A of value 3) as a real 2-player position loaded from
its JSON form, the advisor's answer (:func:`boardlab.advise`) as a table and a plot with error
bars, a widget over that position and a few others (:class:`Explorer`), and the strength ladder
random < greedy < mcts measured in a tournament (:func:`boardlab.tournament`).

The shared views live in :mod:`boardlab.core.strength`; this module holds White Castle's positions.
"""

from __future__ import annotations

from boardlab.core import strength
from boardlab.whitecastle import render
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.lessons.common import T
from boardlab.whitecastle.lessons.dice_cost_vs_lantern import ENGINE_EXAMPLE_BRIDGES, example_position
from boardlab.whitecastle.positions import load

#: The ladder and the advisor play 2-player games (the issue's strength test is 2-player).
PLAYERS = 2
#: The seed's example: the left die 1 pays 3 - 1 = 2 coins and fires the lantern, the right die
#: 5 earns 5 - 3 = 2 coins; the lantern holds starting resource card 1 and the coin Decree.
COINS = 5
LANTERN_CARDS = ("resource:1", "decree:coin")
LOW_TAKE, HIGH_TAKE = "take coral 1 (left end)", "take coral 5 (right end)"
ROOM_A = "place on castle floor 1 room A"


def game() -> Game:
    return Game(players=PLAYERS)


def teaching_position() -> dict:
    """The seed's example in its JSON form (notebook 01's engine example at 2 players): player 0
    to take a die from coral 1 3 5, black 2 4 6, white 2 3 4, with 5 coins and a lantern of
    starting resource card 1 and the coin Decree."""
    return example_position(PLAYERS, bridges=ENGINE_EXAMPLE_BRIDGES, coins=COINS, lantern_cards=LANTERN_CARDS)


def teaching_state():
    """The teaching position loaded from its JSON form (:func:`~boardlab.whitecastle.positions.load`)."""
    return load(teaching_position())


def after_take(take: str):
    """The teaching position after ``take``: where to place the die now in hand."""
    state = teaching_state()
    state.apply(take)
    return state


def first_take_of_game(seed: int):
    """Game ``seed`` (2 players) after its starting draft (random picks), at the first die of round 1."""
    state = game().new_game(seed)
    return strength.via_json(strength.reach(state, lambda s: s.phase == "turn", seed=seed))


def positions() -> dict:
    """The widget's positions: {label: function returning a fresh state}."""
    return {
        T("the seed's example: which die to take"): teaching_state,
        T("the seed's example: the coral 1 in hand, where to place it"): lambda: after_take(LOW_TAKE),
        T("the seed's example: the coral 5 in hand, where to place it"): lambda: after_take(HIGH_TAKE),
        **{T("game seed {seed}: the first die of round 1", seed=s): (lambda s=s: first_take_of_game(s))
           for s in (1, 2, 3)},
    }


LESSON = strength.Lesson(game(), T, positions, picture=render.state_html)
advice, advice_table, advice_figure = LESSON.advice, LESSON.advice_table, LESSON.advice_figure
advice_summary = LESSON.advice_summary
ladder, ladder_table, ladder_figure = LESSON.ladder, LESSON.ladder_table, LESSON.ladder_figure
Explorer = LESSON.explorer

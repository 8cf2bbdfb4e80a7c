"""Five Tribes's greedy policy: every documented parameter changes play (issue 24, point 6): with one
other value of it, greedy against itself chooses differently somewhere in the same seeded game."""

import pytest

from boardlab.fivetribes import Game
from tests.greedy_checks import first_difference

CHANGED = [dict(vizier_worth=0.0), dict(kill_worth=0.0), dict(fakir_worth=5.0), dict(palm_to_opponent=5.0), dict(palace_to_opponent=5.0)]


@pytest.mark.parametrize("params", CHANGED, ids=lambda p: str(p))
def test_each_greedy_parameter_changes_play(params):
    game = Game(players=2)
    assert first_difference(game, game.policy("greedy"), game.policy("greedy", **params)) is not None

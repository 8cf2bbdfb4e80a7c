"""El Grande's greedy policy: every documented parameter changes play (issue 24, point 6): with one
other value of it, greedy against itself chooses differently somewhere in the same seeded game."""

import pytest

from boardlab.elgrande import Game
from tests.greedy_checks import first_difference

CHANGED = [dict(board_weight=1.5), dict(court_weight=2.0), dict(power_caballero=0.0), dict(power_tempo=2.0), dict(place_first=False)]


@pytest.mark.parametrize("params", CHANGED, ids=lambda p: str(p))
def test_each_greedy_parameter_changes_play(params):
    game = Game(players=2)
    assert first_difference(game, game.policy("greedy"), game.policy("greedy", **params)) is not None

"""The White Castle's greedy policy: every documented parameter changes play (issue 24, point 6): with one
other value of it, greedy against itself chooses differently somewhere in the same seeded game."""

import pytest

from boardlab.whitecastle import Game
from tests.greedy_checks import first_difference

CHANGED = [dict(depth=1), dict(holding_worth={'food': 2.0}), dict(holding_worth={'iron': 2.0}), dict(holding_worth={'pearl': 2.0}), dict(holding_worth={'coin': 2.0}), dict(holding_worth={'seal': 2.0}), dict(lantern_card_worth=3.0), dict(workers_away_worth=3.0)]


@pytest.mark.parametrize("params", CHANGED, ids=lambda p: str(p))
def test_each_greedy_parameter_changes_play(params):
    game = Game(players=2)
    assert first_difference(game, game.policy("greedy"), game.policy("greedy", **params)) is not None


def test_greedy_takes_the_left_end_when_both_ends_show_the_same_number():
    """The left die is the same die and brings the lantern's rewards: the right end is never taken."""
    import random

    from boardlab.whitecastle.bots import without_dominated_takes

    game, seen = Game(players=2), 0
    greedy = game.policy("greedy")
    for seed in range(3):
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            action = greedy(state, rng)
            if len(without_dominated_takes(legal)) < len(legal):
                seen += 1
                assert not (action.kind == "take" and action.m == 1
                            and any(a.kind == "take" and a.m == 0 and (a.x, a.n) == (action.x, action.n) for a in legal))
            state.apply(action)
    assert seen > 0

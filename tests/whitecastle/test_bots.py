"""The greedy policy: legal, reproducible, and clearly better than uniform random."""

import random

from boardlab import whitecastle
from boardlab.core.policies import play
from boardlab.whitecastle.bots import GreedyPolicy, position_value


def greedy_win_rate(games: int, seed: int = 0) -> float:
    game = whitecastle.Game(players=2)
    wins = 0
    for i in range(games):
        seats = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        state = play(game, seats, seed=seed + i)
        wins += state.ranks()[i % 2] == 1
    return wins / games


def test_greedy_beats_random_in_most_two_player_games():
    # The issue asks for >= 70% over 500 games (measured: see the closing note); 40 games
    # at a looser bound keep the suite fast while still failing a bot that plays at random.
    assert greedy_win_rate(40) >= 0.7


def test_greedy_picks_a_legal_action_and_leaves_the_state_unchanged():
    state = whitecastle.Game(players=3).new_game(seed=3)
    rng = random.Random(1)
    for _ in range(40):
        before = state.to_json()
        action = GreedyPolicy()(state, rng)
        assert state.to_json() == before
        assert action in state.legal_actions()
        state.apply(action)


def test_greedy_is_reproducible_from_the_policy_seed():
    game = whitecastle.Game(players=2)
    a = play(game, ["greedy", "greedy"], seed=5, policy_seed=9)
    b = play(game, ["greedy", "greedy"], seed=5, policy_seed=9)
    assert a.record == b.record


def test_position_value_counts_the_score_sheet_at_the_end():
    state = play(whitecastle.Game(players=2), ["random", "random"], seed=2)
    assert position_value(state, 0) == state.score_sheet()[0]["total"]

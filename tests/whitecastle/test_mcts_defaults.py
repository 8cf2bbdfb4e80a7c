"""The White Castle's search player at its defaults (issue 11, point 6): what they are, that the
tree branches only on the die draft and the placement, that a leaf is judged once its turn is
finished, and that a seeded search repeats its choice."""

from __future__ import annotations

import random

import pytest

from boardlab import whitecastle
from boardlab.core.policies import play
from boardlab.core.search import DEFAULT_ITERATIONS, lookahead_copy
from boardlab.whitecastle import bots


def game(players=2):
    return whitecastle.Game(players=players)


def greedy_game_states(seed=4, players=2):
    """Every decision of one greedy game, as copies (the position before each action)."""
    g = game(players)
    state, rng, greedy = g.new_game(seed), random.Random(seed), g.policy("greedy")
    states = []
    while not state.is_over:
        states.append(state.copy())
        state.apply(greedy(state, rng))
    return states, state


def test_the_defaults_are_a_turn_by_turn_search_judged_by_greedys_position_value():
    mcts = game().policy("mcts")
    assert mcts.iterations == DEFAULT_ITERATIONS["whitecastle"] == 150
    assert isinstance(mcts.settings.rollout, bots.SearchRollout)
    assert mcts.settings.horizon == 0
    assert mcts.settings.evaluate is bots.turn_margins and mcts.settings.branch is bots.searched
    assert bots.MCTS_DEFAULTS["rollout"].follow_up.depth == bots.FOLLOW_UP_DEPTH == 2
    # a parameter given wins over the game's default
    assert game().policy("mcts", horizon=None, rollout="random").settings.horizon is None


def test_the_tree_branches_on_taking_and_placing_a_die_only():
    states, _ = greedy_game_states()
    kinds = {s.decision[0]: bots.searched(s) for s in states}
    assert kinds["take"] and kinds["place"]
    follow_ups = [k for k, branched in kinds.items() if not branched]
    assert follow_ups and {k for k, branched in kinds.items() if branched} == {"take", "place"}


def test_a_follow_up_decision_of_the_game_is_played_by_the_default_greedy_without_a_search():
    states, _ = greedy_game_states()
    state = next(s for s in states if not bots.searched(s) and len(s.legal_actions()) > 1)
    mcts = game().policy("mcts", seed=1)
    rng = random.Random(3)
    draw = random.Random(3).getrandbits(64)  # the search generator the policy derives
    expected = bots.GreedyPolicy()(state, random.Random(f"1:{draw}"))
    assert mcts(state, rng) == expected


def test_along_the_trees_path_the_follow_ups_are_the_default_greedys_and_a_leaf_is_finished_at_depth_2():
    states, _ = greedy_game_states()
    real = [s for s in states if not bots.searched(s) and len(s.legal_actions()) > 1 and s.phase != "draft"]
    copies = [lookahead_copy(s) for s in real]
    rollout, default, depth_2 = bots.MCTS_DEFAULTS["rollout"], bots.GreedyPolicy(), bots.GreedyPolicy(depth=2)
    assert all(rollout(c, random.Random(k)) == default(c, random.Random(k)) for k, c in enumerate(copies))
    assert rollout.follow_up.depth == 2 and default.depth == 4
    # the two depths differ somewhere in this game, so the test tells them apart
    assert any(default(c, random.Random(k)) != depth_2(c, random.Random(k)) for k, c in enumerate(copies))


def test_a_leaf_is_judged_after_its_turn_is_finished_and_the_state_is_left_alone():
    states, final = greedy_game_states()
    holding = next(s for s in states if s.decision[0] == "place")  # a die in hand, not yet placed
    before = holding.to_json()
    margins = bots.turn_margins(holding)
    assert holding.to_json() == before
    assert set(margins) == {0, 1} and margins[0] == pytest.approx(-margins[1])
    # judged past this turn: the depth-2 greedy places the die and plays the turn's follow-ups
    done, rng, follow_up = holding.copy(), random.Random(0), bots.GreedyPolicy(depth=2)
    while done.turn == holding.turn and done.phase == holding.phase:
        done.apply(follow_up(done, rng))
    assert done.held is None and margins == bots.value_margins(done) != bots.value_margins(holding)
    # at the end the position value is the score: the margins are the score sheet's
    assert bots.turn_margins(final) == bots.value_margins(final) == final.margins()


def test_the_solo_game_is_judged_against_the_rival():
    states, final = greedy_game_states(seed=2, players=1)
    assert bots.value_margins(final) == final.margins()
    state = next(s for s in states if bots.searched(s) and len(s.legal_actions()) > 1)
    choice = game(1).policy("mcts", iterations=6, seed=2)(state, random.Random(1))
    assert choice in state.legal_actions()


def test_same_seed_same_choice_at_a_small_budget_and_the_position_is_unchanged():
    states, _ = greedy_game_states(seed=6)
    state = next(s for s in states[20:] if s.decision[0] == "take" and len(s.legal_actions()) > 2)
    before, legal = state.to_json(), state.legal_actions()
    mcts = game().policy("mcts", iterations=10, seed=4)
    first = mcts(state, random.Random(8))
    assert first in legal and mcts(state, random.Random(8)) == first
    assert state.to_json() == before


def test_a_whole_game_at_a_tiny_budget_replays_from_its_seed():
    g = game()
    seats = [g.policy("mcts", iterations=2), "greedy"]
    a, b = play(g, seats, seed=3, policy_seed=5), play(g, seats, seed=3, policy_seed=5)
    assert a.is_over and a.record == b.record

"""Policies and play(): resolving specs, reproducibility, clear refusals."""

import random

import pytest

from boardlab.core.policies import RandomPolicy, play, policy_name, resolve_policies, resolve_policy
from toygame import CautiousPolicy, ToyRace


def test_random_policy_picks_a_legal_action_uniformly():
    state = ToyRace().new_game(1)
    state.apply("roll")
    while state.turn_points == 0:  # reach a decision with two options
        state.apply("roll")
    rng = random.Random(0)
    picks = [RandomPolicy()(state, rng) for _ in range(2000)]
    assert set(picks) == set(state.legal_actions())
    share = picks.count(state.legal_actions()[0]) / len(picks)
    assert abs(share - 0.5) < 0.05


def test_resolve_policy_knows_random_game_policies_and_callables():
    game = ToyRace()
    assert isinstance(resolve_policy(game, "random"), RandomPolicy)
    assert isinstance(resolve_policy(game, "cautious"), CautiousPolicy)

    def always_roll(state, rng):
        return state.legal_actions()[0]

    assert resolve_policy(game, always_roll) is always_roll
    assert [policy_name(p) for p in (RandomPolicy(), CautiousPolicy(), always_roll)] == [
        "random", "cautious", "always_roll"]


def test_resolve_policy_refuses_unknown_names_and_non_policies():
    with pytest.raises(ValueError, match="unknown policy 'greedy' for toyrace"):
        resolve_policy(ToyRace(), "greedy")
    with pytest.raises(ValueError, match="a policy must be a name"):
        resolve_policy(ToyRace(), 3)


def test_resolve_policies_wants_one_policy_per_seat():
    with pytest.raises(ValueError, match="needs 3 policies .one per seat.; got 2"):
        resolve_policies(ToyRace(players=3), ["random", "random"])
    with pytest.raises(ValueError, match="one policy per seat"):
        resolve_policies(ToyRace(players=2), "random")


def test_play_finishes_and_is_reproducible():
    game = ToyRace(players=3)
    a = play(game, ["random", "cautious", "random"], seed=4, policy_seed=9)
    b = play(game, ["random", "cautious", "random"], seed=4, policy_seed=9)
    c = play(game, ["random", "cautious", "random"], seed=4, policy_seed=10)
    assert a.is_over and a == b and a.history == b.history
    assert a.history != c.history  # another policy seed, other choices
    assert a.seed == 4


def test_play_stops_a_game_that_never_ends():
    from toygame import EndlessRace

    with pytest.raises(RuntimeError, match="did not end within 50 decisions"):
        play(EndlessRace(), ["random", "random"], seed=1, max_decisions=50)

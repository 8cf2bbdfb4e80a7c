"""What every game's greedy-parameter tests share (issue 24, point 6): a documented parameter of a
greedy policy must change play, so two values of it must lead to different games."""

import random


def first_difference(game, policy_a, policy_b, seeds=range(4), max_decisions: int = 400):
    """(seed, decision index) where two policies, each playing every seat of the same seeded game
    with the same policy generator, first choose differently; None if they never do."""
    for seed in seeds:
        a, b = game.new_game(seed), game.new_game(seed)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for i in range(max_decisions):
            if a.is_over:
                break
            choice_a, choice_b = policy_a(a, rng_a), policy_b(b, rng_b)
            if choice_a != choice_b:
                return seed, i
            a.apply(choice_a)
            b.apply(choice_b)
    return None

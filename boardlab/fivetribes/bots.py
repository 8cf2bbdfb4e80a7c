"""Heuristic policies for Five Tribes (filled in below)."""

from __future__ import annotations

import random


class RandomPolicy:
    name = "random"

    def __call__(self, state, rng: random.Random):
        return rng.choice(state.legal_actions())


def policy(name: str):
    if name == "random":
        return RandomPolicy()
    raise ValueError(f"fivetribes has no policy named {name!r}; known: random, greedy")

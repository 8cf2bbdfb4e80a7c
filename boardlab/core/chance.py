"""A chance stream: the only source of randomness inside a game state.

It is two integers (a seed and how many draws were made), so it copies for free and fits
in the JSON form. Each chance event (a shuffle, a reroll) gets its own ``random.Random``
seeded from ``(seed, counter)``; seeding from a string is deterministic across processes.
``reseed`` gives a lookahead copy a different future without touching the past.
"""

from __future__ import annotations

import random
from hashlib import sha512

_seed_generator = random.Random.__mro__[1].seed  # the C-level Mersenne Twister seeding (_random.Random.seed)
_new_generator = random.Random.__new__


class ChanceStream:
    __slots__ = ("seed", "draws")

    def __init__(self, seed: int, draws: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        if type(draws) is not int or draws < 0:
            raise ValueError(f"draws must be a non-negative integer, got {draws!r}")
        self.seed = seed
        self.draws = draws

    def next_rng(self) -> random.Random:
        """A generator for the next chance event: exactly ``random.Random(f"{seed}:{draws}")``.

        Built here the way ``random.Random.seed`` turns a string into its integer key (version 2:
        the text and its SHA-512 digest), then seeded in C directly: the same generator, without
        the Python-level seeding wrapper (a playout seeds about one generator every two decisions)."""
        text = f"{self.seed}:{self.draws}".encode()
        rng = _new_generator(random.Random)
        _seed_generator(rng, int.from_bytes(text + sha512(text).digest()))
        rng.gauss_next = None
        self.draws += 1
        return rng

    def reseed(self, seed: int) -> None:
        """Change every future chance event (for search on copies); the past is unchanged."""
        self.seed = seed

    def copy(self) -> ChanceStream:
        other = _new_stream(ChanceStream)  # already checked: skip __init__ (copies are on the hot path)
        other.seed = self.seed
        other.draws = self.draws
        return other

    def to_json(self) -> dict:
        return {"seed": self.seed, "draws": self.draws}

    @classmethod
    def from_json(cls, data: dict, path: str = "chance") -> ChanceStream:
        """The stream of a position's JSON form; InvalidPosition naming ``path`` if malformed."""
        from boardlab.core import validate as V

        V.expect_dict(data, path, ("seed", "draws"))
        seed = V.expect_int(data["seed"], f"{path}.seed", -(2**63), 2**64)
        draws = V.expect_int(data["draws"], f"{path}.draws", 0, 2**63)
        return cls(seed, draws)

    def __eq__(self, other):
        return isinstance(other, ChanceStream) and (self.seed, self.draws) == (other.seed, other.draws)

    def __repr__(self):
        return f"ChanceStream(seed={self.seed}, draws={self.draws})"


_new_stream = object.__new__

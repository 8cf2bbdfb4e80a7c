"""A chance stream: the only source of randomness inside a game state.

It is a few integers (a seed, how many draws were made, the stream's version), so it copies for
free and fits in the JSON form. Each chance event (a shuffle, a roll) gets its own generator,
worked out from ``(seed, draws)`` alone; ``reseed`` gives a lookahead copy a different future
without touching the past.

Two versions, both kept forever (a saved game replays with the stream it was played with):

* **v1** (games saved before the version existed; a record or position without one is v1): each
  event is ``random.Random(f"{seed}:{draws}")``, a Mersenne Twister seeded from a string. Seeding
  it costs about 3.6 µs, most of what an Alea decision's chance costs.
* **v2** (``LATEST``): counter-based. The seed's 64-bit key (BLAKE2b of its bytes)
  and the event's number pick a SplitMix64 generator (Steele, Lea & Flood 2014): event ``k``
  starts from ``mix(key + k·γ)`` and its words are ``mix(start + i·γ)``, i = 1, 2, ... Making one
  costs a multiply and a mix in pure Python, and an event needs only the few words it uses:
  :class:`Draws` offers the ``random.Random`` methods the games call, one word per number, and
  :meth:`Draws.dice` rolls eleven six-sided dice from one word (``ChanceStream.dice``: a roll
  without the generator object). Measured per event, one loaded machine, one run: v1 12.8 µs,
  ``random.Random(int)`` 8.9 µs, numpy's Philox ``Generator`` 27.6 µs, v2 1.0 µs.
"""

from __future__ import annotations

import random
from hashlib import blake2b, sha512

VERSIONS = (1, 2)
LATEST = 2
#: the stream new games use; a saved game names its own (none named: 1, so everything saved
#: before stream 2 existed replays exactly as it was played)
VERSION = 2
#: the fields of the JSON form (``version`` is written only when it is not 1, so a v1 position
#: reads as it always did)
FIELDS, OPTIONAL_FIELDS = ("seed", "draws"), ("version",)

_seed_generator = random.Random.__mro__[1].seed  # the C-level Mersenne Twister seeding (_random.Random.seed)
_new_generator = random.Random.__new__

_M64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment (the golden ratio in 64 bits)
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
#: six-sided dice taken from one 64-bit word (its lowest base-6 digits): the chance of any roll
#: drawn from one word is off by at most 6**11 / 2**64 (2e-11)
DICE_PER_WORD = 11
_TO_FLOAT = 2.0 ** -53
#: a seed has fewer digits than this bound (a new game's, ``core.game.check_seed``, and a
#: position's): a number of thousands of digits is a mistake, and refusing it here keeps Python's
#: integer-limit text out of every message further on
SEED_DIGITS = 30


def check_version(version, what: str = "chance stream version") -> int:
    """``version`` if it is a stream's version; else ValueError naming ``what`` and the versions."""
    if type(version) is not int or version not in VERSIONS:
        raise ValueError(f"{what} must be one of {', '.join(map(str, VERSIONS))}, got {version!r}")
    return version


def stream_key(seed: int) -> int:
    """The 64-bit key of a v2 stream: BLAKE2b of the seed's signed little-endian bytes (any size)."""
    data = seed.to_bytes(seed.bit_length() // 8 + 1, "little", signed=True)
    return int.from_bytes(blake2b(data, digest_size=8).digest(), "little")


class ChanceStream:
    __slots__ = ("seed", "draws", "version", "_key")

    def __init__(self, seed: int, draws: int = 0, version: int = VERSION):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        if type(draws) is not int or draws < 0:
            raise ValueError(f"draws must be a non-negative integer, got {draws!r}")
        self.version = check_version(version)
        self.draws = draws
        ChanceStream.reseed(self, seed)  # (a subclass may refuse reseeding)

    def next_rng(self):
        """A generator for the next chance event: v2 a :class:`Draws`, v1 exactly
        ``random.Random(f"{seed}:{draws}")``."""
        draws = self.draws
        self.draws = draws + 1
        if self.version != 1:
            z = (self._key + draws * _GAMMA) & _M64
            z = (z ^ z >> 30) * _MIX1 & _M64
            z = (z ^ z >> 27) * _MIX2 & _M64
            rng = _new_draws(Draws)
            rng._s = z ^ z >> 31
            return rng
        # v1, built the way ``random.Random.seed`` turns a string into its integer key (the text
        # and its SHA-512 digest), then seeded in C directly, without the Python-level wrapper
        text = f"{self.seed}:{draws}".encode()
        rng = _new_generator(random.Random)
        _seed_generator(rng, int.from_bytes(text + sha512(text).digest()))
        rng.gauss_next = None
        return rng

    def dice(self, n: int) -> tuple[int, ...]:
        """A chance event of stream 2 that rolls ``n`` six-sided dice: ``next_rng().dice(n)``
        without the generator object (Alea rolls at almost every other decision)."""
        if self.version == 1:
            raise TypeError("stream 1 has no dice event: roll with next_rng() as its games did")
        draws = self.draws
        self.draws = draws + 1
        z = (self._key + draws * _GAMMA) & _M64
        z = (z ^ z >> 30) * _MIX1 & _M64
        z = (z ^ z >> 27) * _MIX2 & _M64
        start = z ^ z >> 31
        if n > 8:
            rng = _new_draws(Draws)
            rng._s = start
            return rng.dice(n)
        z = (start + _GAMMA) & _M64  # Draws.dice's first word, inline
        z = (z ^ z >> 30) * _MIX1 & _M64
        z = (z ^ z >> 27) * _MIX2 & _M64
        w = z ^ z >> 31
        if n <= 4:
            return _FEW_DICE[n][w % _SIX_TO[n]]
        w, r = divmod(w, 1296)
        return _FOUR_DICE[r] + _FEW_DICE[n - 4][w % _SIX_TO[n - 4]]

    def roll_number(self, n: int) -> int:
        """A chance event of stream 2 that rolls ``n`` six-sided dice (at most ``DICE_PER_WORD``), as
        a number below ``6**n``: its base-6 digits, lowest first, are ``dice(n)`` minus one. A game
        that sorts its dice can read the roll from a table by this number (Alea) instead of building
        the tuple and sorting it."""
        if self.version == 1:
            raise TypeError("stream 1 has no dice event: roll with next_rng() as its games did")
        if not 0 <= n <= DICE_PER_WORD:
            raise ValueError(f"roll_number rolls 0 to {DICE_PER_WORD} dice, got {n}")
        draws = self.draws
        self.draws = draws + 1
        z = (self._key + draws * _GAMMA) & _M64
        z = (z ^ z >> 30) * _MIX1 & _M64
        z = (z ^ z >> 27) * _MIX2 & _M64
        z = ((z ^ z >> 31) + _GAMMA) & _M64  # the event's first word, as in dice()
        z = (z ^ z >> 30) * _MIX1 & _M64
        z = (z ^ z >> 27) * _MIX2 & _M64
        return (z ^ z >> 31) % _SIX_POWERS[n]

    def reseed(self, seed: int) -> None:
        """Change every future chance event (for search on copies); the past is unchanged."""
        self.seed = seed
        self._key = stream_key(seed) if self.version != 1 else None

    def copy(self) -> ChanceStream:
        other = _new_stream(self.__class__)  # already checked: skip __init__ (copies are on the hot path)
        other.seed = self.seed
        other.draws = self.draws
        other.version = self.version
        other._key = self._key
        return other

    def to_json(self) -> dict:
        data = {"seed": self.seed, "draws": self.draws}
        if self.version != 1:
            data["version"] = self.version
        return data

    @classmethod
    def from_json(cls, data: dict, path: str = "chance") -> ChanceStream:
        """The stream of a position's JSON form (no ``version``: 1); InvalidPosition naming
        ``path`` if malformed."""
        from boardlab.core import validate as V

        V.expect_dict(data, path, FIELDS, OPTIONAL_FIELDS)
        seed = V.expect_int(data["seed"], f"{path}.seed")
        V.require(abs(seed) < 10**SEED_DIGITS, f"{path}.seed", f"an integer of at most {SEED_DIGITS} digits")
        draws = V.expect_int(data["draws"], f"{path}.draws", 0, 2**63)
        version = V.expect_choice(data.get("version", 1), f"{path}.version", VERSIONS)
        return cls(seed, draws, version)

    def __eq__(self, other):
        return isinstance(other, ChanceStream) and (self.seed, self.draws, self.version) == (
            other.seed, other.draws, other.version)

    def __repr__(self):
        return f"ChanceStream(seed={self.seed}, draws={self.draws}, version={self.version})"


_new_stream = object.__new__


class Draws:
    """One chance event's numbers in stream v2: SplitMix64 words, each drawn when asked for.

    The methods the games call, named as in ``random.Random``. A number below ``n`` is the top of
    ``word * n`` (Lemire's multiply-shift, without the rejection step): each value's chance is off
    by at most ``n / 2**64``, far below anything a game of boardlab could show."""

    __slots__ = ("_s",)

    def _word(self) -> int:
        z = self._s = (self._s + _GAMMA) & _M64
        z = (z ^ z >> 30) * _MIX1 & _M64
        z = (z ^ z >> 27) * _MIX2 & _M64
        return z ^ z >> 31

    def getrandbits(self, k: int) -> int:
        if not 0 <= k <= 64:
            raise ValueError(f"getrandbits takes 0 to 64 bits here, got {k}")
        return self._word() >> (64 - k)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self._word() >> 11) * _TO_FLOAT

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        n = stop - start
        if n <= 0:
            raise ValueError(f"empty range for randrange({start}, {stop})")
        return start + (self._word() * n >> 64)

    def randint(self, a: int, b: int) -> int:
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._word() * len(seq) >> 64]

    def shuffle(self, x: list) -> None:
        """Fisher-Yates in place, one word a swap."""
        word = self._word
        for i in range(len(x) - 1, 0, -1):
            j = word() * (i + 1) >> 64
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k: int) -> list:
        """``k`` distinct items of a sequence in random order (a partial Fisher-Yates)."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("sample larger than population or is negative")
        word = self._word
        for i in range(k):
            j = i + (word() * (n - i) >> 64)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def dice(self, n: int) -> tuple[int, ...]:
        """``n`` six-sided dice in the order rolled: the base-6 digits of words, lowest first,
        eleven a word (``DICE_PER_WORD``), four at a time through a table."""
        out = ()
        while n > 0:
            z = self._s = (self._s + _GAMMA) & _M64
            z = (z ^ z >> 30) * _MIX1 & _M64
            z = (z ^ z >> 27) * _MIX2 & _M64
            w = z ^ z >> 31
            k = n if n < DICE_PER_WORD else DICE_PER_WORD
            n -= k
            while k >= 4:
                w, r = divmod(w, 1296)
                out += _FOUR_DICE[r]
                k -= 4
            if k:
                out += _FEW_DICE[k][w % _SIX_TO[k]]
        return out


_new_draws = object.__new__
_SIX_TO = (1, 6, 36, 216, 1296)
_SIX_POWERS = tuple(6**k for k in range(DICE_PER_WORD + 1))
#: every roll of k dice (k = 1..4) by its number in base 6, lowest digit first
_FEW_DICE = [((),)] + [tuple(tuple(r // 6**i % 6 + 1 for i in range(k)) for r in range(6**k)) for k in range(1, 5)]
_FOUR_DICE = _FEW_DICE[4]

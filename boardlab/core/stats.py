"""Small statistics helpers for simulated answers: every estimate comes with its uncertainty."""

from __future__ import annotations

import math


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (sound near 0 and 1, unlike the normal one)."""
    if n <= 0:
        raise ValueError(f"n must be positive, got {n}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be within 0..{n}, got {successes}")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def proportion_se(p: float, n: int) -> float:
    """Standard error of a proportion p estimated from n samples."""
    if n <= 0:
        raise ValueError(f"n must be positive, got {n}")
    return math.sqrt(p * (1 - p) / n)


def mean_se(values) -> tuple[float, float]:
    """Sample mean and its standard error."""
    values = list(values)
    n = len(values)
    if n < 2:
        raise ValueError("need at least two values for a standard error")
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, math.sqrt(var / n)

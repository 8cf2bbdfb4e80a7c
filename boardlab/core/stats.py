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


def agrees_within(estimate: float, exact: float, se: float, k: float = 4.0) -> bool:
    """Whether a simulated estimate agrees with an exact value within k standard errors
    (exact equality is required when the standard error is zero)."""
    return estimate == exact if se == 0 else abs(estimate - exact) <= k * se


def assert_probability_agrees(exact_p, hits: int, n: int, label: str = "") -> None:
    """Monte Carlo twin check of an exact probability: hits/n within 4 standard errors of p,
    the standard error taken from the exact p."""
    p = float(exact_p)
    se = proportion_se(p, n)
    assert agrees_within(hits / n, p, se), f"{label}: simulated {hits / n:.5f}, exact {p:.5f}, se {se:.5f}"


def assert_mean_agrees(exact_mean, values, label: str = "") -> None:
    """Monte Carlo twin check of an exact expectation: the sample mean within 4 standard errors."""
    values = [float(v) for v in values]
    mean = sum(values) / len(values)
    se = mean_se(values)[1] if len(set(values)) > 1 else 0.0
    assert agrees_within(mean, float(exact_mean), se), (
        f"{label}: simulated mean {mean:.5f}, exact {float(exact_mean):.5f}, se {se:.5f}")


def assert_frequencies_agree(exact: dict, outcomes, label: str = "") -> None:
    """Monte Carlo twin check of an exact distribution {outcome: p}: no impossible outcome
    appears and every outcome's frequency is within 4 standard errors of its p."""
    outcomes = list(outcomes)
    counts: dict = {}
    for o in outcomes:
        counts[o] = counts.get(o, 0) + 1
    impossible = set(counts) - set(exact)
    assert not impossible, f"{label}: simulation produced outcomes the exact answer calls impossible: {impossible}"
    for key, p in exact.items():
        assert_probability_agrees(p, counts.get(key, 0), len(outcomes), f"{label} {key}")

"""Small statistics helpers for simulated answers: every estimate comes with its uncertainty."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np


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


def clustered_mean_se(values, clusters) -> tuple[float, float]:
    """Mean of ``values`` and its standard error when the observations come in ``clusters``
    (one label per value: the deal a game was played from). Games that share a deal share its
    dice and draws, and with seats rotated identical players replay the same game, so they are
    not independent: the error is the cluster-robust (sandwich) one, from the spread of the
    clusters' summed deviations, with the small-sample factor G/(G-1) for G clusters. With one
    value per cluster it is the usual standard error of a mean."""
    x = np.asarray(values, dtype=float)
    labels = np.asarray(clusters)
    if x.shape != labels.shape:
        raise ValueError(f"values and clusters must have the same length, got {x.shape} and {labels.shape}")
    if len(x) == 0:
        return math.nan, math.nan
    mean = float(x.mean())
    _, groups = np.unique(labels, return_inverse=True)
    g = int(groups.max()) + 1
    if g < 2:
        return mean, math.nan
    sums = np.bincount(groups, weights=x - mean, minlength=g)
    return mean, float(math.sqrt((sums ** 2).sum() * g / (g - 1)) / len(x))


def t_quantile(df: float, p: float = 0.975) -> float:
    """Student's t quantile (Cornish-Fisher expansion around the normal one; within 0.5 % of the
    exact value from 5 degrees of freedom): the interval half-width factor for ``df`` degrees of freedom."""
    z = NormalDist().inv_cdf(p)
    if not df or df == math.inf:
        return z
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def interval95(mean: float, se: float, clusters: int | None = None) -> tuple[float, float]:
    """The 95 % interval mean ± t·se, with t for ``clusters - 1`` degrees of freedom (the normal
    1.96 when ``clusters`` is None); (nan, nan) without a standard error."""
    if se is None or math.isnan(se):
        return math.nan, math.nan
    t = t_quantile(clusters - 1) if clusters else t_quantile(math.inf)
    return mean - t * se, mean + t * se


def win_shares(ranks: dict) -> dict:
    """{player: share of the win}: the tie rule of every boardlab table. The players ranked first
    share the win equally (1/k each for k tied winners), everyone else gets 0, so the shares of
    a game sum to 1 and a policy's win rate over seats is comparable with the fair share 1/players."""
    firsts = [p for p, rank in ranks.items() if rank == 1]
    return {p: (1.0 / len(firsts) if p in firsts else 0.0) for p in ranks}

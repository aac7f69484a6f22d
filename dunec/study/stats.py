"""Intervals for study figures, 95% by default.

Win rates use the Wilson score interval: unlike the plain normal interval it stays
inside [0, 1] and behaves for rates near 0 or 1 and for cards owned in few games.
A tied win counts as a share, so `wins` may be fractional; the formula takes the
observed rate as it is. Paired differences (the same seeds with and without a
card file) use the normal interval of the mean difference."""
from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired(diffs, z: float = Z95) -> dict:
    """Mean of per-seed differences with its interval (sample standard deviation)."""
    n = len(diffs)
    if n == 0:
        return {"n": 0, "mean": 0.0, "low": 0.0, "high": 0.0}
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "low": mean - half, "high": mean + half}

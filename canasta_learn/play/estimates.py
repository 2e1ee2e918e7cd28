"""How sure an estimate from simulated endings is: means, standard errors and 95% margins with
the small-sample multiplier (Student's t), and when two moves are "about equal".

The coach plays every candidate on the same deals, so two candidates are compared by the mean
and standard error of their *paired* differences. A 95% margin is ``t * stderr`` where ``t`` is
Student's t quantile for ``n - 1`` degrees of freedom (12.7 for 2 endings, 2.26 for 10, 1.98
for 120, 1.96 in the limit), not 1.96 whatever ``n``: with few endings a "1.96 × SE" margin
claims far more certainty than the numbers hold. Below `MIN_ENDINGS_FOR_MARGIN` endings no
margin is stated at all.

>>> round(t95(1), 2), round(t95(9), 3), round(t95(10_000), 3)
(12.71, 2.262, 1.96)
>>> mean_and_stderr([10, 20, 30])
(20.0, 5.773502691896258)
>>> clearly_better(gap=50.0, stderr=10.0, n=30), clearly_better(gap=15.0, stderr=10.0, n=30)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["MIN_ENDINGS_FOR_MARGIN", "clearly_better", "margin95", "mean_and_stderr", "paired_gap", "t95", "wilson95"]

#: Student's t quantile 0.975 by degrees of freedom (1-30, then 40, 60, 120), from the tables.
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
        10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
        18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060,
        26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}
#: Fewer simulated endings than this and an estimate states no margin (it would mean little).
MIN_ENDINGS_FOR_MARGIN = 5


def t95(df: int) -> float:
    """Student's t 97.5% quantile for ``df`` degrees of freedom (a 95% two-sided margin):
    exact from the table up to 30, 40, 60 and 120, interpolated in ``1/df`` between, 1.96 beyond."""
    if df < 1:
        return math.inf
    if df in _T95:
        return _T95[df]
    if df > 120:
        return 1.96 + (_T95[120] - 1.96) * 120 / df
    lower = max(k for k in _T95 if k < df)
    upper = min(k for k in _T95 if k > df)
    w = (1 / df - 1 / upper) / (1 / lower - 1 / upper)
    return _T95[upper] + w * (_T95[lower] - _T95[upper])


def mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (infinite below two values)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def paired_gap(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the deals both were played on."""
    n = min(len(a), len(b))
    return mean_and_stderr([a[i] - b[i] for i in range(n)])


def margin95(stderr: float, n: int) -> float:
    """The 95% margin of a mean of ``n`` values with standard error ``stderr`` (t-multiplier);
    infinite when ``n`` is below `MIN_ENDINGS_FOR_MARGIN` or the error is unknown."""
    if n < MIN_ENDINGS_FOR_MARGIN or math.isinf(stderr):
        return math.inf
    return t95(n - 1) * stderr


def clearly_better(gap: float, stderr: float, n: int, margins: float = 1.0) -> bool:
    """True when a paired gap of ``gap`` (standard error ``stderr``, ``n`` shared deals) is
    above zero beyond ``margins`` times its 95% margin: one move is better, not just luckier."""
    margin = margin95(stderr, n)
    return not math.isinf(margin) and gap - margins * margin > 0


def wilson95(hits: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a share, ``hits`` of ``n`` (a win rate, an agreement rate):
    unlike "p ± 1.96 SE" it stays within 0-1 and is honest at small ``n`` and at 0 or ``n`` hits;
    (0, 1) when nothing was counted. The benchmarks report shares with it.

    >>> [round(x, 3) for x in wilson95(16, 20)]
    [0.584, 0.919]
    >>> wilson95(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half

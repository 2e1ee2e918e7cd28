"""The cut play-outs benchmark (benchmarks/bench_cut_playouts.py) fits the weights that made its
targets."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_cut_playouts import fit  # noqa: E402


def test_the_fit_finds_the_weights_that_made_the_targets() -> None:
    rng = random.Random(3)
    true = [3.0, -2.0, 0.5, 10.0]  # three features, then the constant
    rows = []
    for _ in range(2_000):
        x = [rng.gauss(0, 1) for _ in range(3)]
        rows.append((x, sum(w * v for w, v in zip(true, [*x, 1.0], strict=True)) + rng.gauss(0, 0.5)))
    assert all(abs(w - t) < 0.1 for w, t in zip(fit(rows, ridge=1.0), true, strict=True))

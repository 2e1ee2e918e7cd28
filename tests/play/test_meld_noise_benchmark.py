"""The meld-noise benchmark's estimates (benchmarks/bench_meld_noise.py) on outcomes whose answer
is known: the luck every move shares cancels, noise is not mistaken for spread, and a hint's
agreement grows with its deals as far as the moves' spread allows."""

from __future__ import annotations

import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_hint_agreement import true_values  # noqa: E402
from bench_meld_noise import agreement, cut_early  # noqa: E402


def test_the_luck_every_move_shares_is_no_noise() -> None:
    """Three moves 50 points apart on every deal, whatever the deal's luck: no noise, and the
    true values are the means."""
    rng = random.Random(3)
    luck = [rng.randint(-800, 800) for _ in range(100)]
    true, noise, _spread2 = true_values([[x + 50 * k for x in luck] for k in range(3)])
    assert noise == [0.0, 0.0, 0.0]
    means = [statistics.fmean(luck) + 50 * k for k in range(3)]
    assert all(math.isclose(t, m) for t, m in zip(true, means, strict=True))


def test_moves_of_one_worth_are_not_told_apart_by_their_noise() -> None:
    """Ten moves of the same worth, each with 300 points of its own noise over 40 deals: their
    means spread by about 300 / sqrt(40), and the true values shrink most of that away."""
    rng = random.Random(4)
    outcomes = [[round(rng.gauss(0, 300)) for _ in range(40)] for _ in range(10)]
    true, noise, _spread2 = true_values(outcomes)
    raw_spread = statistics.pstdev(statistics.fmean(o) for o in outcomes)
    assert 200 < statistics.median(noise) < 400
    assert statistics.pstdev(true) < raw_spread / 2


def test_agreement_grows_with_the_hints_deals_and_is_certain_for_moves_far_apart() -> None:
    rng = random.Random(5)
    positions = [([rng.gauss(0, 40) for _ in range(12)], [300.0] * 12) for _ in range(20)]
    named = [agreement(positions, deals, draws=60)[0] for deals in (8, 64, 512)]
    assert named[0] < named[1] < named[2]
    assert agreement([([0.0, 400.0, 800.0, 1200.0, 1600.0], [50.0] * 5)], 8) == (1.0, 1.0)


def test_moves_of_one_worth_agree_as_often_as_chance_allows() -> None:
    """Eight equal moves: the reference's best is any of them, so four named hold it half the
    time, the top move one time in eight, however many deals the hint plays."""
    named, top = agreement([([0.0] * 8, [300.0] * 8)], 352, draws=3000)
    assert abs(named - 0.5) < 0.04 and abs(top - 0.125) < 0.03


def test_cutting_early_keeps_the_moves_it_says_and_never_drops_a_clear_best() -> None:
    rng = random.Random(6)
    true = [0.0] * 9 + [2000.0]
    noise = [300.0] * 10
    uniform = cut_early(true, noise, 44, (), rng)
    assert all(math.isfinite(v) for v in uniform)
    kept = cut_early(true, noise, 44, ((8, 6),), rng)
    assert sum(math.isfinite(v) for v in kept) == 6 and math.isfinite(kept[9])
    half = cut_early(true, noise, 44, ((16, 0.5),), rng)
    assert sum(math.isfinite(v) for v in half) == 5
    never_below_named = cut_early(true, noise, 44, ((8, 2),), rng)
    assert sum(math.isfinite(v) for v in never_below_named) == 4  # NAMED_EQUAL
    assert max(range(10), key=kept.__getitem__) == 9

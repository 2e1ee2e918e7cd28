"""The draw-luck benchmark (benchmarks/bench_draw_luck.py) measures the coach's own play-outs, and
its noise estimate takes out the spread of a few endings' mean and nothing else."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_draw_luck import endings, explained, paired_noise  # noqa: E402
from bench_hint_agreement import pick_positions  # noqa: E402
from bench_meld_noise import meld_position  # noqa: E402

from canasta_learn.play.coach import play_out  # noqa: E402


def test_the_benchmarks_play_out_is_the_coachs_even_when_it_stops_on_the_way() -> None:
    """Stopping after 4, 8 and 16 actions to look at the position (and finishing copies of it)
    does not change the play-out: it ends as `coach.play_out` ends with the same deal and seed."""
    checked = 0
    for _kind, seed, step in pick_positions(31_001, 2, ("meld",)):
        _rnd, team, moves, memory, dealt = meld_position(seed, step, 2)
        for sample, bot_seed in dealt:
            log = list(sample.log)
            for move in moves[:3]:
                found = endings(sample, move, team, bot_seed, memory, (4, 8, 16), 2, random.Random(bot_seed))
                assert found["value"] == play_out(sample, move, team, bot_seed, memory)
                assert list(sample.log) == log  # the deal itself is not played on
                assert [found["before"][k] for k in ("4", "8", "16")] == sorted(found["before"].values())
                assert all(len(values) == 2 for values in found["endings"].values())
                assert found["before"]["16"] <= found["actions"]
                checked += 1
    assert checked == 12


def test_the_noise_of_a_few_endings_mean_is_taken_out_and_the_rest_is_kept() -> None:
    """Five moves on 4,000 deals: a luck every move shares, a per-move noise of 50 points, and a
    mean of six endings adding 200 / sqrt(6). The paired noise is 50² x (1 - 1/5) = 2,000 once
    the endings' spread is given, and about 7,300 without it."""
    rng = random.Random(8)
    deals, moves, ending_var = 4_000, 5, 200.0**2 / 6
    luck = [rng.gauss(0, 500) for _ in range(deals)]
    values = [[luck[d] + rng.gauss(0, 50) + rng.gauss(0, ending_var**0.5) for d in range(deals)]
              for _ in range(moves)]
    spread = [[ending_var] * deals for _ in range(moves)]
    assert 1_800 < paired_noise(values, spread) < 2_200
    assert 6_800 < paired_noise(values) < 7_900


def test_explained_is_the_share_of_an_endings_variance_the_evaluation_predicts() -> None:
    """Endings = a value the evaluation knows (sd 100) + luck it cannot (sd 100): it explains half
    of their variance, whatever the spread of its own reshuffled endings (sd 50 each here)."""
    rng = random.Random(9)
    plays = []
    for _move in range(2):
        move = []
        for _deal in range(1_000):
            known = rng.gauss(0, 100)
            value = known + rng.gauss(0, 100)
            reshuffled = [known + rng.gauss(0, 50) for _ in range(5)]
            move.append({"value": value, "endings": {"4": [value, *reshuffled]}})
        plays.append(move)
    assert 0.45 < explained([{"plays": plays}], "4") < 0.55

"""How much GreedyBot's play depends on each of its weights: prints figures.

    python benchmarks/bench_greedy_weights.py [--rounds 1000] [--first-seed 1] [--processes 2]
    python benchmarks/bench_greedy_weights.py --set take_at=0.75 --set danger=2

Every weight of `GreedyWeights` is set, one at a time, to zero, half and double its default
(a weight of 0 by default to -1, 1 and 3). Partners playing with the changed weight meet
partners playing GreedyBot's own weights on ``--rounds`` seeded deals, each played twice with
the teams' seats swapped, so a deal's luck cancels in the pair. For each change it prints the
share of rounds the changed team won (ties count half) and its mean margin per round, best
first. ``--set name=value`` (repeatable) measures that one combination instead.

Measured (classic, seeds 1-1000, 2,000 rounds per line, 2-core machine): no single change won
more than 51.7% of the rounds (``take_match`` doubled; Wilson 95% CI about +-2.2 points), and
many lost badly (``canasta_mixed_first`` at zero: 33.4%, margin -268; ``meld_above`` at -1:
41.0%; ``danger`` at zero: 45.2%). Several raise the margin without winning more rounds
(``take_at`` at zero: 46.9% of rounds but +121 points a round): points and rounds pull apart,
since the team that goes out wins the round almost always. GreedyBot's weights sit at a local
optimum of rounds won, which is why the coach (``bench_coach.py``) must out-think GreedyBot
decision by decision rather than by re-weighting it.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import GREEDY_WEIGHTS, GreedyBot, GreedyWeights, run_round  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_coach import wilson  # noqa: E402


def measure(task: tuple[dict[str, float], int, int, str]) -> tuple[dict[str, float], float, float, float, int]:
    """Play the changed weights against the defaults: (change, win share, mean margin, its
    standard error over the seat-swapped pairs, rounds)."""
    change, first_seed, rounds, profile = task
    weights = dataclasses.replace(GREEDY_WEIGHTS, **change)
    wins = 0.0
    pair_means: list[float] = []
    for seed in range(first_seed, first_seed + rounds):
        pair = []
        for team in (0, 1):
            rnd = Round(profile, seed=seed, dealer=seed % 4)
            bots = [GreedyBot(seed * 10 + s, weights) if s % 2 == team else GreedyBot(seed * 10 + s)
                    for s in range(rnd.player_count)]
            run_round(rnd, bots)
            scores = [rnd.score_team(t).total for t in (0, 1)]
            margin = scores[team] - scores[1 - team]
            wins += 1.0 if margin > 0 else (0.5 if margin == 0 else 0.0)
            pair.append(margin)
        pair_means.append(sum(pair) / 2)
    se = statistics.stdev(pair_means) / math.sqrt(len(pair_means)) if len(pair_means) > 1 else math.inf
    return change, wins / (2 * rounds), statistics.fmean(pair_means), se, 2 * rounds


def changes() -> list[dict[str, float]]:
    """Each weight at zero, half and double its default (-1, 1 and 3 for a default of 0)."""
    out: list[dict[str, float]] = []
    for field in dataclasses.fields(GreedyWeights):
        value = float(getattr(GREEDY_WEIGHTS, field.name))
        if field.name.startswith("keep_points_"):  # divisors: zero would divide by zero
            options = [value * 0.5, value * 2, value * 4]
        elif value == 0:
            options = [-1.0, 1.0, 3.0]
        else:
            options = [0.0, value * 0.5, value * 2]
        out.extend({field.name: option} for option in options)
    return out


def parse_set(items: list[str]) -> dict[str, float]:
    """``name=value`` pairs, checked against the fields of `GreedyWeights`."""
    names = {f.name for f in dataclasses.fields(GreedyWeights)}
    change: dict[str, float] = {}
    for item in items:
        name, _, value = item.partition("=")
        if name not in names or not value:
            raise SystemExit(f"--set {item!r}: give name=value with a name among {', '.join(sorted(names))}")
        change[name] = float(value)
    return change


def main() -> None:
    """Parse the arguments and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000, help="seeds, each played twice (default 1000)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--profile", default="classic")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="measure this combination only (repeatable)")
    args = parser.parse_args()
    tasks = [(c, args.first_seed, args.rounds, args.profile)
             for c in ([parse_set(args.set)] if args.set else changes())]
    start = time.perf_counter()
    with Pool(max(1, args.processes)) as pool:
        results = pool.map(measure, tasks)
    results.sort(key=lambda r: (-r[1], -r[2]))
    print(f"GreedyBot with one weight changed vs GreedyBot, {args.profile}, seeds {args.first_seed}-"
          f"{args.first_seed + args.rounds - 1} x 2 seatings, {len(results)} settings in "
          f"{time.perf_counter() - start:.0f} s")
    for change, share, mean, se, n in results:
        low, high = wilson(share * n, n)
        label = ", ".join(f"{k}={v:g} (default {getattr(GREEDY_WEIGHTS, k):g})" for k, v in change.items())
        print(f"  {100 * share:5.1f}% of {n} rounds (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
              f"margin {mean:+6.0f} (95% CI {mean - 1.96 * se:+.0f} to {mean + 1.96 * se:+.0f})  {label}")


if __name__ == "__main__":
    main()

"""How much of a meld hint's noise is the luck of the cards drawn after the move, and how much
could an evaluation of the position, instead of playing to the end, remove? Prints figures; run
`python benchmarks/bench_draw_luck.py`.

At each meld position (bench_hint_agreement.py's positions) every move the coach simulates
(`coach._candidates`) is played on the same deals, as `advise` plays them: one `Determinizer`
sample per deal, seeded bots. Each play-out is the coach's own (`coach.play_out`: the same
ending, checked by tests/play/test_draw_luck_benchmark.py); on the way, after ``k`` more actions
(``--after``, default 4, 8 and 16), the round is also finished ``--endings`` times from there
with fresh bots, the stock as dealt the first time, then with the rest of the stock reshuffled.

Reshuffling is an exact draw of what the stock could hold: nobody has seen its order, and
nothing played so far depended on it. So the mean of those endings estimates the position's
value ``k`` actions on *without the luck of the cards still to be drawn*: what a perfect
evaluation of the position would say (one that reads every hand and the table, as a learned
evaluation of a dealt sample could, but not the stock's order, which nothing can predict).

Printed, over the positions:

- the **paired noise** a deal of the plain ending: the standard deviation of a move's outcome
  minus the deal's mean over the moves (the luck every move shares cancels, as in
  bench_meld_noise.py), mean of the variances;
- the same for the **perfect evaluation** ``k`` actions on, corrected for the spread of its own
  few endings (`paired_noise`), and its ratio to the plain ending's;
- the **share** of a play-out's actions played before ``k``: what a play-out cut there costs;
- how much of a single ending's variance that evaluation explains (`explained`);
- the **gain**: deals per CPU second times the variance removed, for a hint that stopped at ``k``
  and evaluated perfectly at no cost. An upper bound: a real evaluation costs time, misses
  part of what the perfect one knows, and errs by move (a bias no number of deals removes).

Measured (2 cores, the follower's games beside on both, under nice; 16 meld positions, seeds
31001-31016, 24 deals each, 6 endings; two runs of 8 positions, ``--first-seed 31001`` and
``31009``, pooled with ``--report-only``; 10 CPU s a position, median):

    plain ending: paired noise 395 points a deal
    after  4 actions: perfect evaluation 105 points (variance x0.07), 16% of a play-out, gain x91, explains 24%
    after  8 actions: perfect evaluation 131 points (variance x0.11), 30% of a play-out, gain x30, explains 29%
    after 16 actions: perfect evaluation 181 points (variance x0.21), 49% of a play-out, gain x10, explains 39%

So most of the noise that keeps meld hints from their bar (bench_meld_noise.py: about 4x the deals
needed) is the luck of the cards drawn after the first few actions, not the hidden hands: the
candidates' play-outs part because the same later cards fall on different hands. An evaluation of
the position a few actions on could in principle give more than the 4x. Yet the perfect one
explains only 24%, 29% and 39% of a single ending's variance (`explained`: within positions, its
own endings' spread taken out, the deal's own stock left out of its mean): a
learned evaluation is not to be judged by how much of the final score it predicts (the linear value
of 31 features tried, bench_meld_noise.py's docstring, explained 29% across positions, and its
cut play-outs agreed no better than full ones) but by its paired noise and its bias between moves
against this perfect one, which this script's results hold (``--results``) for a learned one to be
measured against.

Tried against that luck directly and not kept: each seat drawing its own share of the stock
(dealt in turn order), so a pile taken in one line and not in the other no longer hands every
later card to another player. It removed 19% of the paired variance on 16 meld positions (seeds
31001-31016, 48 deals) for 6% more CPU a play-out, but on the 300 meld positions of
bench_hint_agreement.py (its kept references, ``--reference-from``, paired with ``--compare``) the
hint changed by -3.3 ± 5.6 points of agreement and +0.8 ± 4.7 points lost: nothing measurable, and
every seeded figure of the coach would have moved. The same later cards land on the same seat, but
on hands that the two moves made different.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hint_agreement import true_values  # noqa: E402
from bench_meld_noise import meld_position, run_positions  # noqa: E402

from canasta_learn.core.actions import Action  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import GreedyBot, _Memory  # noqa: E402
from canasta_learn.play.coach import _play_on, _rollout_bots, _value  # noqa: E402

#: Actions after the move at which the position is evaluated (by its endings).
AFTER = (4, 8, 16)
#: Endings from each of those positions: the stock as dealt, then reshuffled.
ENDINGS = 6


def paired_noise(values: Sequence[Sequence[float]], spread: Sequence[Sequence[float]] | None = None) -> float:
    """The paired noise variance a deal of moves played on the same deals: the mean over the moves
    of the variance of a move's value minus the deal's mean over the moves. ``spread``: the
    variance of each value's own estimate (a mean of a few endings), taken out as the part of the
    noise those few endings add (a move's share: 1 - 1/moves, the rest is in the deal's mean).

    >>> paired_noise([[100, 300, -50], [0, 200, -150]])  # one move 100 better on every deal
    0.0
    >>> round(paired_noise([[10.0, -10.0], [-10.0, 10.0]]), 6)
    200.0
    >>> round(paired_noise([[10.0, -10.0], [-10.0, 10.0]], spread=[[100.0, 100.0], [100.0, 100.0]]), 6)
    150.0
    """
    noise = true_values(values)[1]
    total = statistics.fmean(n * n for n in noise)
    if spread is not None:
        total -= statistics.fmean(v for row in spread for v in row) * (1 - 1 / len(values))
    return total


def endings(sample: Round, action: Action, team: int, seed: int, memory: _Memory | None,
            after: Sequence[int], count: int, rng: random.Random) -> dict[str, Any]:
    """One play-out of ``action`` on the deal ``sample``, as `coach.play_out` plays it: its value
    ("value") and actions ("actions"), and for each ``k`` in ``after`` the values of ``count``
    endings from the position ``k`` actions on, the stock as dealt then reshuffled ("endings":
    {k: [values]}), with the actions played before it ("before": {k: actions})."""
    rnd = sample.copy()
    rnd.apply(action)
    bots = _rollout_bots(sample, rnd, seed, memory)
    played = 0
    ends: dict[str, list[int]] = {}
    before: dict[str, int] = {}
    for k in sorted(after):
        if not rnd.is_over and played < k:
            rnd, more = _play_on(rnd, bots, k - played)
            played += more
        before[str(k)] = played
        values = []
        for j in range(count):
            state = rnd.copy()
            if j:
                rng.shuffle(state.stock)
            fresh = [GreedyBot(seed=seed + 1_000 * (j + 1) + s) for s in range(state.player_count)]
            values.append(_value(_play_on(state, fresh)[0], team))
        ends[str(k)] = values
    rnd, more = _play_on(rnd, bots)
    return {"value": _value(rnd, team), "actions": played + more, "endings": ends, "before": before}


def measure(seed: int, step: int, deals: int, after: Sequence[int], count: int) -> dict[str, Any]:
    """Every candidate move at the position, on the same ``deals`` deals (seeded from ``seed``)."""
    rnd, team, moves, memory, dealt = meld_position(seed, step, deals)
    start = time.process_time()
    plays: list[list[dict[str, Any]]] = [[] for _ in moves]
    for sample, bot_seed in dealt:
        for i, move in enumerate(moves):
            plays[i].append(endings(sample, move, team, bot_seed, memory, after, count, random.Random(bot_seed + i)))
    return {"seed": seed, "step": step, "moves": [rnd.action_text(m) for m in moves], "plays": plays,
            "cpu": time.process_time() - start}


def figures(row: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """A position's paired noise: "plain" (the play-outs' values) and, for each ``k``, the
    perfect evaluation's, each with the share of a play-out's actions played before it (1 for
    the plain ending)."""
    plays = row["plays"]
    out = {"plain": (paired_noise([[p["value"] for p in move] for move in plays]), 1.0)}
    for k in plays[0][0]["endings"]:
        means = [[statistics.fmean(p["endings"][k]) for p in move] for move in plays]
        spread = [[statistics.variance(p["endings"][k]) / len(p["endings"][k]) for p in move] for move in plays]
        share = statistics.fmean(p["before"][k] / max(1, p["actions"]) for move in plays for p in move)
        out[k] = (paired_noise(means, spread), share)
    return out


def explained(rows: Sequence[dict[str, Any]], k: str) -> float:
    """The share of a single ending's variance (within positions) the perfect evaluation ``k``
    actions on explains: 1 - E[(ending - evaluation)²] / Var(ending), the evaluation being the
    mean of the reshuffled endings only (the first one's stock is the ending's own), their own
    spread taken out."""
    missed = total = 0.0
    for row in rows:
        values = [p["value"] for move in row["plays"] for p in move]
        mean = statistics.fmean(values)
        total += sum((v - mean) ** 2 for v in values)
        for move in row["plays"]:
            for p in move:
                others = p["endings"][k][1:]
                missed += (p["value"] - statistics.fmean(others)) ** 2 - statistics.variance(others) / len(others)
    return 1 - missed / total if total > 0 else 0.0


def report(rows: Sequence[dict[str, Any]]) -> None:
    """Print the figures of measured positions."""
    stats = [figures(r) for r in rows if len(r["moves"]) > 1]
    if not stats:
        print("no position with two moves or more")
        return
    plain = statistics.fmean(s["plain"][0] for s in stats)
    deals = statistics.median(len(r["plays"][0]) for r in rows)
    print(f"{len(stats)} meld positions, {deals:g} deals each (median), "
          f"{statistics.median(r['cpu'] for r in rows):.0f} CPU s a position (median)")
    print(f"plain ending: paired noise {math.sqrt(plain):.0f} points a deal")
    for k in sorted((k for k in stats[0] if k != "plain"), key=int):
        noise = statistics.fmean(s[k][0] for s in stats)
        share = statistics.fmean(s[k][1] for s in stats)
        gain = plain / (noise * share) if noise > 0 else math.inf
        print(f"after {int(k):2d} actions: perfect evaluation {math.sqrt(max(noise, 0.0)):.0f} points "
              f"(variance x{noise / plain:.2f}), {100 * share:.0f}% of a play-out, gain x{gain:.0f}, "
              f"explains {100 * explained(rows, k):.0f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=16, help="meld positions (default 16)")
    parser.add_argument("--first-seed", type=int, default=31_001)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--after", default=",".join(map(str, AFTER)), help="actions after the move, comma-separated")
    parser.add_argument("--endings", type=int, default=ENDINGS, help="endings from each of those positions")
    parser.add_argument("--results", type=Path, help="JSONL file: one line per position (resumable)")
    parser.add_argument("--report-only", action="store_true", help="print the figures of --results")
    parser.add_argument("--max-seconds", type=float, default=math.inf, help="stop starting positions after this")
    args = parser.parse_args()
    after = tuple(int(k) for k in args.after.split(","))
    rows = run_positions(args.results, args.first_seed, args.positions,
                         lambda seed, step: measure(seed, step, args.deals, after, args.endings),
                         args.report_only, args.max_seconds)
    report(rows)


if __name__ == "__main__":
    main()

"""How many deals does a meld hint need? Prints figures; run `python benchmarks/bench_meld_noise.py`.

At a meld position (a play-phase turn where a meld is legal: bench_hint_agreement.py's "meld"
kind) the coach compares a dozen moves whose true values differ by a few dozen points, while one
deal's outcome varies by hundreds. This script measures both and what follows for a hint.

For ``--positions`` meld positions of seeded GreedyBot rounds from ``--first-seed``, every move
the coach simulates (GreedyBot's move among them) is played on the same ``--deals`` deals by
`advise` itself (``rollouts=``, seeded, with `coach.PRUNE_Z` so high that no move is dropped), as
a hint plays them: one deal of the unseen cards and one set of bot seeds a deal, shared by every
move. Then, per position:

- **noise**: each move's outcome minus the deal's mean over the moves (the luck every move shares
  removed), its standard deviation over the deals;
- **spread**: the standard deviation of the moves' true values, by empirical Bayes (the variance
  of the moves' means minus their noise variance);
- **correlation**: of two moves' outcomes on the same deal (GreedyBot's move with each other).

And, from those true values and noises (a parametric bootstrap: a hint's mean is a move's true
value plus its noise over the square root of its deals):

- **agreement by deals**: how often the best of a reference with ten times a hint's deals is among
  the hint's best `NAMED_EQUAL` (what bench_hint_agreement.py counts as agreement when the hint
  says "about equal") and is the hint's best, for hints of 24 to 352 deals;
- **cutting early**: the same agreement at the play-outs of a 44-deal hint, spent uniformly or with
  the weakest moves dropped early (so the rest get more deals).

``--results FILE`` keeps one JSON line per position (resumable); ``--report-only`` prints its
figures. The bootstrap is seeded, so a report is reproducible.

Measured (2-core machine with 3-4 other jobs, under nice; ``--first-seed 31001 --positions 300
--deals 160``, stopped at 124 positions for time; seeds never used by bench_hint_agreement.py's
measured runs):

    124 meld positions, 10 moves and 160 deals each (median), 3.4 CPU s a position
    noise a deal (median): 330 points; the moves' true spread (sd, median): 45
    correlation of two moves on one deal (median): 0.52
    agreement with a reference of 10x the deals (best 4 named / the top move):
        24 deals:  69% /  30%
        44 deals:  75% /  35%
        88 deals:  80% /  42%
       176 deals:  84% /  49%
       352 deals:  88% /  56%
    the play-outs of a 44-deal hint, spent (agreement, best 4 named):
      uniform                   74%
      keep half at 16 deals     73%
      keep 6 at 12 deals        73%
      keep 6 at 8 deals         71%
      keep 8 at 8, 5 at 16      71%

The model reproduces what bench_hint_agreement.py measured with real hints: 75% (66-82%) on 100
fresh meld positions at the Hint's 0.9 s, about 44 deals. Two moves' outcomes on the same deal
are only half correlated: a different meld or discard changes what the next players draw, take
and meld, so the round's course diverges (tie-breaks keyed to the position instead of a random
stream, tried, left the correlation at 0.45 on 20 positions). Reaching 85% takes about 180
deals, four times the Hint's (3.6 s of CPU at today's play-out speed), and dropping weak moves
early does not buy it: at 8-16 deals a move's noise (330 / sqrt(8)) hides even large
differences, so the cut drops good moves as often as it saves play-outs.

Tried to lower the noise or go round it, measured, not kept (experiments of 2026-12-05, on seeds
not used by the measured runs above unless said):

- **The luck of the draw as a control variate.** Each card drawn from the stock, minus the mean
  of the stock it came from (zero on average whatever the play), counted for the drawer's team
  and against the other: wild cards, red threes, ranks the team has melded, pairs and singles in
  hand, black threes. Fitted to the paired differences of 30 positions (seeds 30001-30030, 120
  deals), it removed 15% of their variance on the half it was fitted on and 6% on the other:
  after the move, both lines draw the same cards, so the luck they share already cancels.
- **A learned prior over moves.** A ridge regression from 31 features of a move (its kind, cards,
  wild cards and points, canastas it completes, GreedyBot's own score of it, the risk of a
  discard) to its value at 300 positions of seeds 31001 (160 deals each) explained 24% of the
  moves' true spread (cross-validated); alone, it named the reference's best among four 64-71% of
  the time. Shrinking the hint's estimates towards it (empirical Bayes, the prior's residual
  spread of 63 points) changed agreement by 0 and -1 points against the kept references of seeds
  44001 and 47001/48001, and the held-out loss of the best estimate by -3.0 and +2.0 points.
- **Play-outs cut short.** Stopped 16 moves after the move and scored by a learned linear value of
  the position (fitted on 37,000 states of seeds 33001; it explains 29% of the final score's
  variance), at 49 positions of seeds 47001 with their 10x references: 80 deals, 0.65 s of CPU,
  named the reference's best among four 76% of the time, as the Hint does at 0.91 s (20 deals:
  65%, 40: 71%). Cheaper, not better: what the cut removes in noise it adds in bias. How far such
  an evaluation could go, bench_draw_luck.py measures with a perfect one (the round finished
  again from the cut with the stock reshuffled): after 16 actions it leaves 21% of the paired
  variance, yet explains only 39% of a single ending's variance, so the 29% above says little of
  how close the linear value came; its paired noise and bias against the perfect one would.

Figures depend on the machine only through time; the outcomes are seeded.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hint_agreement import NO_PRUNING, pick_positions, position, true_values  # noqa: E402

import canasta_learn.play.coach as coach_module  # noqa: E402
from canasta_learn.core.actions import Action  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import _Memory, acting_seat  # noqa: E402
from canasta_learn.play.coach import Determinizer, _candidates, advise  # noqa: E402
from canasta_learn.play.coach_words import NAMED_EQUAL  # noqa: E402

#: Hint sizes of the agreement table (deals); the reference has ten times as many.
HINT_DEALS = (24, 44, 88, 176, 352)
#: The hint size the cutting-early table spends (play-outs: this many deals for every move).
BUDGET_DEALS = 44
#: Bootstrap draws per position.
DRAWS = 40
#: (name, [(deals played by every move still in, moves kept: a count, or a share when below 1)]).
CUTS: tuple[tuple[str, tuple[tuple[int, float], ...]], ...] = (
    ("uniform", ()),
    ("keep half at 16 deals", ((16, 0.5),)),
    ("keep 6 at 12 deals", ((12, 6),)),
    ("keep 6 at 8 deals", ((8, 6),)),
    ("keep 8 at 8, 5 at 16", ((8, 8), (16, 5))),
)


def measure(seed: int, step: int, deals: int) -> dict[str, Any]:
    """Every move the coach simulates at the position, played on the same ``deals`` deals."""
    rnd = position(seed, step)
    seat = acting_seat(rnd)
    saved = coach_module.PRUNE_Z
    coach_module.PRUNE_Z = NO_PRUNING
    try:
        start = time.process_time()
        advice = advise(rnd, seat, rollouts=deals, seed=seed)
        cpu = time.process_time() - start
    finally:
        coach_module.PRUNE_Z = saved
    greedy = advice.find(advice.greedy) if advice.greedy is not None else None
    return {"seed": seed, "step": step, "moves": [c.text for c in advice.candidates],
            "greedy": greedy.text if greedy is not None else None,
            "outcomes": [list(c.outcomes) for c in advice.candidates], "cpu": cpu}


def _estimate(true: Sequence[float], noise: Sequence[float], deals: float, rng: random.Random) -> list[float]:
    return [t + rng.gauss(0.0, n / math.sqrt(deals)) for t, n in zip(true, noise, strict=True)]


def _best(values: Sequence[float]) -> int:
    return max(range(len(values)), key=values.__getitem__)


def _named(values: Sequence[float], count: int = NAMED_EQUAL) -> list[int]:
    return sorted(range(len(values)), key=values.__getitem__, reverse=True)[:count]


def agreement(positions: Sequence[tuple[Sequence[float], Sequence[float]]], deals: int, factor: int = 10,
              draws: int = DRAWS, seed: int = 1) -> tuple[float, float]:
    """(named agreement, top-move agreement) of a ``deals``-deal hint with a reference of
    ``factor`` times its deals, over ``positions`` of (true values, noises), by bootstrap.

    Moves far apart agree always; moves of one value agree as often as chance allows:

    >>> agreement([([0.0, 500.0, 1000.0], [100.0] * 3)], 24)
    (1.0, 1.0)
    >>> named, top = agreement([([0.0] * 8, [300.0] * 8)], 24, draws=2000)
    >>> abs(named - 4 / 8) < 0.05, abs(top - 1 / 8) < 0.03
    (True, True)
    """
    rng = random.Random(seed)
    named = top = tries = 0
    for true, noise in positions:
        for _ in range(draws):
            hint = _estimate(true, noise, deals, rng)
            ref = _best(_estimate(true, noise, deals * factor, rng))
            named += ref in _named(hint)
            top += ref == _best(hint)
            tries += 1
    return named / tries, top / tries


def cut_early(true: Sequence[float], noise: Sequence[float], budget_deals: int,
              cuts: Sequence[tuple[int, float]], rng: random.Random) -> list[float]:
    """A hint's estimates when the play-outs of ``budget_deals`` deals for every move are spent
    in stages: at each (deals, keep) of ``cuts`` the moves still in have played that many deals
    and all but the best ``keep`` (a share of the moves when below 1; never fewer than
    `NAMED_EQUAL`) are dropped; the moves left share what remains. Dropped moves keep their
    estimate minus infinity (never named)."""
    k = len(true)
    sums = [0.0] * k
    counts = [0.0] * k
    alive = list(range(k))
    spent = 0.0

    def play(more: float) -> None:
        for i in alive:
            sums[i] += true[i] * more + rng.gauss(0.0, noise[i] * math.sqrt(more))
            counts[i] += more

    for at, keep in cuts:
        more = at - counts[alive[0]]
        if more > 0:
            play(more)
            spent += more * len(alive)
        kept = math.ceil(k * keep) if keep < 1 else int(keep)
        alive = sorted(sorted(alive, key=lambda i: sums[i] / counts[i], reverse=True)[:max(kept, NAMED_EQUAL)])
    rest = (budget_deals * k - spent) / len(alive)
    if rest > 0:
        play(rest)
    return [sums[i] / counts[i] if i in alive else -math.inf for i in range(k)]


def full_moves(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` with only the moves played on every deal (GreedyBot's move None if it was not)."""
    deals = max(len(o) for o in row["outcomes"])
    keep = [i for i, o in enumerate(row["outcomes"]) if len(o) == deals]
    moves = [row["moves"][i] for i in keep]
    return {**row, "moves": moves, "outcomes": [row["outcomes"][i] for i in keep],
            "greedy": row["greedy"] if row["greedy"] in moves else None}


def report(rows: Sequence[dict[str, Any]]) -> None:
    """Print the noise, the spread and the agreement tables of measured positions (the moves
    played on every deal: a move worse than the best by the same points on every deal has no
    noise, so even `NO_PRUNING` standard errors drop it)."""
    rows = [full_moves(r) for r in rows]
    stats = [true_values(r["outcomes"])[:2] for r in rows]
    noises = [statistics.median(n) for _t, n in stats]
    spreads = [statistics.pstdev(t) for t, _n in stats]
    corr = []
    for r in rows:
        if r["greedy"] is None:
            continue
        g = r["moves"].index(r["greedy"])
        for i, o in enumerate(r["outcomes"]):
            if i != g and statistics.pstdev(o) > 0 and statistics.pstdev(r["outcomes"][g]) > 0:
                corr.append(statistics.correlation(o, r["outcomes"][g]))
    deals = statistics.median(len(r["outcomes"][0]) for r in rows)
    moves = statistics.median(len(r["moves"]) for r in rows)
    cpu = statistics.median(r["cpu"] for r in rows)
    print(f"{len(rows)} meld positions, {moves:g} moves and {deals:g} deals each (median), {cpu:.1f} CPU s a position")
    print(f"noise a deal (median): {statistics.median(noises):.0f} points; the moves' true spread (sd, median): "
          f"{statistics.median(spreads):.0f}")
    print(f"correlation of two moves on one deal (median): {statistics.median(corr):.2f}")
    print(f"agreement with a reference of 10x the deals (best {NAMED_EQUAL} named / the top move):")
    for n in HINT_DEALS:
        named, top = agreement(stats, n)
        print(f"  {n:4d} deals: {100 * named:3.0f}% / {100 * top:3.0f}%")
    print(f"the play-outs of a {BUDGET_DEALS}-deal hint, spent (agreement, best {NAMED_EQUAL} named):")
    rng = random.Random(2)
    for name, cuts in CUTS:
        found = tries = 0
        for true, noise in stats:
            for _ in range(DRAWS):
                hint = cut_early(true, noise, BUDGET_DEALS, cuts, rng)
                ref = _best(_estimate(true, noise, BUDGET_DEALS * 10, rng))
                found += ref in _named(hint)
                tries += 1
        print(f"  {name:24s} {100 * found / tries:3.0f}%")


def meld_position(seed: int, step: int,
                  deals: int) -> tuple[Round, int, list[Action], _Memory, Iterator[tuple[Round, int]]]:
    """The meld position (``seed``, ``step``), its acting team, the moves the coach simulates
    there (`coach._candidates`), the bots' memory of its history, and its ``deals`` deals, each a
    `Determinizer` sample with the bots' seed, seeded from ``seed`` (as `advise` plays them: every
    move on each deal)."""
    rnd = position(seed, step)
    seat = acting_seat(rnd)
    moves = [a for a, _ in _candidates(rnd, seat)]
    deal = Determinizer(rnd, seat)
    rng = random.Random(seed * 3 + 2)
    memory = _Memory(rnd)
    memory.update()

    def dealt() -> Iterator[tuple[Round, int]]:
        for _ in range(deals):
            sample = deal.sample(rng)
            yield sample, rng.getrandbits(30)

    return rnd, rnd.team_of(seat), moves, memory, dealt()


def run_positions(results: Path | None, first_seed: int, positions: int, measure: Callable[[int, int], dict[str, Any]],
                  report_only: bool = False, max_seconds: float = math.inf) -> list[dict[str, Any]]:
    """The rows of ``results`` (JSONL, one per position), then unless ``report_only`` the meld
    positions from ``first_seed`` not yet in it measured by ``measure(seed, step)`` (appended
    to ``results`` one by one, so a stopped run resumes), until ``positions`` or ``max_seconds``."""
    rows: list[dict[str, Any]] = []
    if results is not None and results.exists():
        rows = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines() if line]
    if report_only:
        return rows
    done = {(r["seed"], r["step"]) for r in rows}
    started = time.monotonic()
    for _kind, seed, step in pick_positions(first_seed, positions, ("meld",)):
        if (seed, step) in done:
            continue
        if time.monotonic() - started > max_seconds:
            break
        row = measure(seed, step)
        rows.append(row)
        if results is not None:
            with results.open("a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
        print(f"seed {seed} step {step}: {len(row['moves'])} moves, {row['cpu']:.1f} CPU s", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-seed", type=int, default=31_001)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--deals", type=int, default=160)
    parser.add_argument("--results", type=Path, help="JSONL file: one line per position (resumable)")
    parser.add_argument("--report-only", action="store_true", help="print the figures of --results")
    args = parser.parse_args()
    rows = run_positions(args.results, args.first_seed, args.positions,
                         lambda seed, step: measure(seed, step, args.deals), args.report_only)
    if rows:
        report(rows)


if __name__ == "__main__":
    main()

"""How honest and how steady the Hint is: prints figures; run `python benchmarks/bench_hint_honesty.py`.

On ``--positions`` mid-round classic positions (North to act with a choice, after a few
GreedyBot moves), the coach's advice at the Hint's defaults (deal-count based: at least
`MIN_DEALS` deals, more while the top moves are not told apart, up to `MAX_DEALS` or the time
budget) is asked ``--seeds`` times with different seeds. It prints, per decision kind (draw or
take, meld, discard, other):

- CPU seconds per hint (median, p90: ``time.process_time``, so a loaded machine shows the work,
  not the wait) and the deals played (median);
- how often the hint says "about equal" (more than one move it cannot tell apart);
- steadiness: the share of positions where every seed's hint agrees, i.e. all seeds put the same
  move first, or each seed's first move is among the moves every other seed called about equal
  (the issue's bar: ≥ 90%);
- and the old rule for comparison: the share where the top estimate (`Advice.best`) is the same
  move for every seed.

Measured (2-core machine shared with other jobs, under nice; 10 positions of seeds 501-510, 5
seeds each, defaults MIN_DEALS 24, MAX_DEALS 200, time budget 0.7 s):

    kind       positions cpu median  cpu p90  deals says equal  steady old top steady
    discard            6      0.58s    0.87s     24       100%    100%             0%
    draw/take          4      0.29s    0.56s     81        70%     75%            25%

9 of the 10 positions give the same advice on every seed (90%), against 2 of 10 for the top
estimate alone (the old "Best by about N"); every discard position has 4-14 discards the
estimates cannot tell apart, and the hint now says so. The one unsteady position (seed 503:
"take the pile with 5♣ Jk" or draw) is a close call whose sign changes with the deals.
Re-measured after the hint named a floor-kept GreedyBot move with the best it cannot be told
from (`Advice.named_equal`) and the candidate cut kept the wild-card adds closest to a canasta
(same machine, loaded by four other jobs, under nice; the same 10 positions):

    kind       positions cpu median  cpu p90  deals says equal  steady old top steady
    discard            6      0.84s    1.30s     24       100%    100%             0%
    draw/take          4      0.45s    0.51s     68        75%     75%            25%

Again 9 of 10 steady (the same position, seed 503, unsteady); the CPU per hint is higher than
before, on a busier machine (the deals are the same 24 at discard positions).
Ten positions are a small sample: the issue's bar asks for 100 per decision kind.

Measured on 200 positions (``--positions 200 --first-seed 60000``: seeds 60001-60205, five seeds
each; the same 2-core machine, alone, under nice), each position by its decision kind as
bench_hint_agreement.py decides it:

    kind       positions cpu median  cpu p90  deals says equal  steady old top steady
    ask/answer         1      0.44s    0.64s    121       100%    100%           100%
    discard           38      0.71s    0.92s     32        97%     95%             3%
    draw/take         48      0.70s    0.71s     64        72%     90%            42%
    meld             113      1.02s    1.46s     24        99%     88%             4%
    all              200      0.73s    1.35s     24        92%     90%            13%
    steady: 179 of 200 positions (95% CI 84-93%)

The bar (90%) is at the edge: 179 of 200, an interval of 84-93%. With the floor's check on fresh
deals (``advise(check=True)``) the same positions gave about 79% steady (75% at meld positions):
a close call checked on 48 more deals goes one way or the other with the deals, so the check is
off by default.

Then the floor moved to one standard error (`coach.FLOOR_STDERRS`: the hint's first move is
better, bench_hint_agreement.py) and its first move became the highest estimate more often, which
changes with the seed: on the same 200 positions 90 of 200 steady (45%). ``--results`` records
every seed's candidates with their outcomes, so other rules can be replayed on the same hints;
replayed there, "about equal" at one 95% margin 45%, at 1.5 margins 86%, at 1.75 margins when more
than three moves are compared and 1.5 otherwise (`coach.equal_margins`) 96% (192 of 200), and
the earlier rule (floor at 1.5 margins, one margin for "about equal") 88%. The rule was chosen
there, so measured on fresh seeds with it (``--positions 200 --first-seed 61000 --results FILE``:
seeds 61001-61207; the same machine, 2-3 jobs, under nice):

    kind       positions cpu median  cpu p90  deals says equal  steady old top steady
    ask/answer         1      0.14s    0.22s     41         0%    100%           100%
    discard           53      0.71s    0.77s     47       100%     98%             0%
    draw/take         40      0.70s    0.71s     90        84%     90%            38%
    meld             106      0.85s    1.25s     24       100%     92%             3%
    all              200      0.71s    1.11s     30        96%     93%            10%
    steady: 186 of 200 positions (95% CI 89-96%)

Replayed on those fresh hints: the earlier rule 176 of 200 (88%), one margin 82 (41%), 1.5
margins 171 (86%). The bar (90%) is met, 93% (89-96%): the hint names the same moves when
pressed again, and its first move loses less (bench_hint_agreement.py). The price is a hint that
says "about equal" more often (96% of hints here; 84% at draw-or-take positions): with 24-90
deals the moves usually cannot be told apart, and the hint says so.

The Hint's budget then rose to 0.9 s CPU (`widgets.play.HINT_BUDGET`; this script used advise's
default, 0.7 s, until then, and now the Hint's own budget, ``--budget``) and the play-outs became
1.24x faster. On fresh seeds (``--positions 200 --first-seed 62000``: seeds 62001-62205; 2 cores,
2-3 jobs, under nice):

    kind       positions cpu median  cpu p90  deals says equal  steady old top steady
    ask/answer         4      0.32s    0.90s     30       100%    100%            75%
    discard           34      0.91s    0.92s     58        99%    100%             3%
    draw/take         55      0.85s    0.91s    141        65%     85%            45%
    meld             107      0.91s    1.04s     34       100%     95%             0%
    all              200      0.91s    0.94s     47        90%     94%            14%
    steady: 187 of 200 positions (95% CI 89-96%)

The bar (90%) holds at 94% (89-96%), and the CPU median of a hint (0.91 s) stays under a second.

Play-outs cut 32 actions after the move and scored by the coach's learned estimate (``--cut 32``,
``advise(cut=32)``; bench_cut_playouts.py: meld hints right more often and losing half the points)
make hints less steady. On fresh seeds, each measured both ways (``--positions 100 --first-seed
63000`` and ``64000``, with ``--cut 32`` and ``--cut 0``; 2 cores, 2-3 jobs, under nice):

    hint          steady (63000)  steady (64000)  both             meld    deals (meld, median)
    no cut        97 of 100       92 of 100       189 of 200 (94.5%)  97%, 94%    39, 44
    cut after 32  88 of 100       90 of 100       178 of 200 (89.0%)  88%, 90%    79, 85

With twice the deals and less noise the cut hint's "about equal" sets are smaller, and the moves
at their edge change with the seed; its margins do not count the learned estimate's own error.
Below the bar of 90%, so the Hint did not cut its play-outs then.

Then "about equal" and the margins between moves counted the estimate's own error
(`position_value.GAP_ERROR`, 30 points between two moves, measured against 10x references on 400
meld positions; the floor still counts the deals' luck only, `coach.FLOOR_STDERRS`). Replayed on
the cut hints recorded at seeds 63000 and 64000 (``--results``: every seed's outcomes), 197 of
200 steady (98.5%; the replay with no error gives back the recorded 178). On fresh seeds
(``--cut 32 --positions 100 --first-seed 65000`` and ``66000``; 2 cores, both runs, under nice):

    seeds   ask/answer  discard  draw/take  meld      all
    65000   3 of 3      15 of 15 31 of 31   51 of 51  100 of 100
    66000   1 of 1      18 of 18 21 of 21   58 of 60  98 of 100

198 of 200 steady (99.0%, 95% CI 96.4-99.7%), at 0.90 s CPU a hint (median), 79 and 90 deals at
meld positions. The Hint now cuts its play-outs in the classic game (`widgets.play.HINT_CUT`), so
this script's default is ``--cut 32``. The price: 97-98% of hints say "about equal" (a meld
position has 7-14 moves within the deals' luck and the estimate's error); the agreement with the
reference is measured by bench_hint_agreement.py.

Since then a move the search dropped after a few deals is listed after the moves played on every
deal (`Advice.dropped`), so it can no longer lead a hint. The search is unchanged, so the
recorded hints replay exactly: 199 of 200 steady on these seeds (was 198), 198 of 200 on seeds
63000/64000 (was 197).

2026-12-06: the play-outs share their draws between the moves compared on a deal
(`draw_orders.DrawOrders`), the bots' memory is read in order and play-outs are 5-8% faster.
Again at seeds 65000 and 66000 (``--cut 32``; 2 cores, one other job, under nice): 100 of 100
and 100 of 100 steady (200 of 200, 95% CI 98-100%), 0.90 s CPU a hint (median), 82 and 89 deals
at meld positions; 96% and 98% of hints say "about equal".

Then the classic Hint kept up to 12 melds instead of the coach's 6
(`widgets.play.HINT_MELD_CANDIDATES`, passed by this script as by the play view). On fresh seeds
(``--positions 100 --first-seed 67000``: seeds 67001-67104; 2 cores, one other job, under nice): 99
of 100 steady (95% CI 95-100%), the meld positions 59 of 59, discard 15 of 16; 0.90 s CPU a hint
(median, p90 0.91 s), 92 deals at meld positions; 98% of hints say "about equal".

Figures depend on the machine and its load: run under `nice` on a shared machine and say so.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play import position_value  # noqa: E402
from canasta_learn.play.bots import acting_seat, make_bots  # noqa: E402
from canasta_learn.play.coach import Advice, advise  # noqa: E402
from canasta_learn.play.estimates import wilson95  # noqa: E402
from canasta_learn.widgets.play import HINT_BUDGET, HINT_CUT, hint_meld_candidates  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hint_agreement import LABELS  # noqa: E402
from bench_hint_agreement import kind_of as decision_kind  # noqa: E402


def mid_round(seed: int, moves: int) -> Round | None:
    """A classic round after about ``moves`` greedy moves, when North acts with a choice."""
    rnd = Round(seed=seed)
    bots = make_bots("greedy", rnd.player_count, seed=seed)
    count = 0
    while not rnd.is_over:
        seat = acting_seat(rnd)
        if count >= moves and seat == 0 and len(rnd.legal_actions()) > 1:
            return rnd
        rnd.apply(bots[seat].choose(rnd))
        count += 1
    return None


def kind_of(rnd: Round) -> str:
    """The position's decision kind, as `bench_hint_agreement.kind_of` decides it (draw/take,
    meld, discard, ask/answer; "other" for a choice of none of those)."""
    kind = decision_kind(rnd)
    return "other" if kind is None else LABELS[kind]


def agree(advices: list[Advice]) -> bool:
    """Every seed's first move is the same, or among the moves every other seed's hint calls
    about equal (`Advice.named_equal`)."""
    firsts = [a.recommended for a in advices]
    for a in advices:
        for first in firsts:
            if a.find(first.action) not in a.named_equal:
                return False
    return True


def position_row(rnd: Round, seed: int, kind: str, advices: list[Advice], cpu: list[float]) -> dict[str, object]:
    """One position's hints as a JSON-ready row (``--results``)."""
    return {"seed": seed, "kind": kind, "hints": [{
        "cpu": seconds, "deals": a.samples, "recommended": a.recommended.text,
        "greedy": None if a.greedy is None else rnd.action_text(a.greedy),
        "candidates": [{"text": c.text, "same": [rnd.action_text(x) for x in c.equivalent],
                        "outcomes": list(c.outcomes)} for c in a.candidates],
    } for a, seconds in zip(advices, cpu, strict=True)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=500)
    parser.add_argument("--budget", type=float, default=HINT_BUDGET,
                        help="the hint's CPU budget in seconds (default: the play view's HINT_BUDGET; the "
                             "figures above before 2026-12-05 were measured at advise's default, 0.7 s)")
    parser.add_argument("--cut", type=int, default=HINT_CUT or 0,
                        help="the hint's play-outs stop this many actions after the move and are scored by the "
                             "coach's learned estimate (advise(cut=...), in the classic profile); default: the play "
                             "view's HINT_CUT, 0 (None): every play-out played to the end")
    parser.add_argument("--results", type=Path,
                        help="append one JSON line per position: each seed's candidates with their outcomes "
                             "and GreedyBot's move, enough to replay another floor or about-equal rule")
    args = parser.parse_args()
    rows: dict[str, list[tuple[list[float], list[int], list[bool], bool, bool]]] = defaultdict(list)
    seed = args.first_seed
    found = 0
    while found < args.positions:
        seed += 1
        rnd = mid_round(seed, 8 + 6 * (seed % 5))
        if rnd is None:
            continue
        found += 1
        advices, cpu = [], []
        for k in range(args.seeds):
            start = time.process_time()
            cut = position_value.cut_for(rnd.profile, args.cut or None)  # as the play view's Hint
            advices.append(advise(rnd, seed=1000 * seed + k, time_budget=args.budget, cut=cut,
                                  meld_candidates=hint_meld_candidates(cut)))
            cpu.append(time.process_time() - start)
        kind = kind_of(rnd)
        if args.results is not None:
            with args.results.open("a") as out:
                out.write(json.dumps(position_row(rnd, seed, kind, advices, cpu)) + "\n")
        rows[kind].append((cpu, [a.samples for a in advices], [len(a.named_equal) > 1 for a in advices],
                           agree(advices), len({a.best.action for a in advices}) == 1))
        print(f"position seed {seed}: {kind:9} deals {[a.samples for a in advices]} "
              f"first {[a.recommended.text for a in advices]} "
              f"about-equal sizes {[len(a.named_equal) for a in advices]}", flush=True)
    print()
    print(f"{'kind':10} {'positions':>9} {'cpu median':>10} {'cpu p90':>8} {'deals':>6} {'says equal':>10} "
          f"{'steady':>7} {'old top steady':>14}")
    rows["all"] = [item for kind in sorted(rows) for item in rows[kind]]
    for kind, items in sorted(rows.items(), key=lambda pair: (pair[0] == "all", pair[0])):
        cpus = sorted(c for item in items for c in item[0])
        deals = [d for item in items for d in item[1]]
        equal = [e for item in items for e in item[2]]
        p90 = cpus[min(len(cpus) - 1, int(0.9 * len(cpus)))]
        print(f"{kind:10} {len(items):9d} {statistics.median(cpus):9.2f}s {p90:7.2f}s "
              f"{statistics.median(deals):6.0f} {100 * sum(equal) / len(equal):9.0f}% "
              f"{100 * sum(i[3] for i in items) / len(items):6.0f}% "
              f"{100 * sum(i[4] for i in items) / len(items):13.0f}%")
    steady = sum(i[3] for i in rows["all"])
    low, high = wilson95(steady, len(rows["all"]))
    print(f"steady: {steady} of {len(rows['all'])} positions (95% CI {100 * low:.0f}-{100 * high:.0f}%)")


if __name__ == "__main__":
    main()

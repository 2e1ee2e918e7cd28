"""How much CPU a Hint takes in each game: prints figures; run
`python benchmarks/bench_hint_games.py [--positions N] [--first-seed S]`.

The play view's Hint (`widgets.play.PlayWidget`) calls ``advise(rnd, seat,
time_budget=HINT_BUDGET, seed=..., cut=cut_for(profile, HINT_CUT))``: at least `coach.MIN_DEALS`
deals of the unseen cards whatever the time, then more while its top moves are unsettled, within
its CPU budget. In the classic game each play-out is cut 32 actions after the move and scored by
the learned estimate; in the other games every play-out is played to the end of the round, so
the fewest deals a hint plays can take much longer than the budget where rounds are long. This
script measures that, per rule profile: ``--positions`` positions with a choice (more than one
legal move), one per seeded GreedyBot round from ``--first-seed``, at a move picked at random
(seeded) from the fourth on; CPU time with ``time.process_time``.

Measured 2026-12-05 (2 cores, two benchmark runs beside, under nice; 8 positions a profile,
seeds from 91001; CPU seconds a hint, deals the median):

    profile                  n  cut deals med  CPU med  CPU p90  CPU max
    classic                  8   32        90    0.62s    0.91s    0.91s
    cardgames_io             8    -        72    0.90s    0.91s    0.91s
    traditional              8    -        57    0.91s    0.94s    0.98s
    italian                  8    -        26    0.91s    1.56s    1.66s
    pennies_from_heaven      8    -        52    0.91s    1.81s    2.86s
    canastra_br              8    -        24    4.15s    8.76s    9.78s
    tranca                   8    -        24    1.52s    3.94s    4.49s

In the Brazilian games the fewest deals (24) take several seconds: the play view says how many
deals it has played while a hint works (`widgets.play.HINT_PROGRESS_AFTER`). Cutting their
play-outs would need a learned estimate fitted on their positions (`position_value` holds for the
classic game only).

Figures depend on the machine and its load: run under `nice` on a shared machine and say so.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play import position_value  # noqa: E402
from canasta_learn.play.bots import acting_seat, make_bots  # noqa: E402
from canasta_learn.play.coach import advise  # noqa: E402
from canasta_learn.profiles import profile_names  # noqa: E402
from canasta_learn.widgets.play import HINT_BUDGET, HINT_CUT, hint_meld_candidates  # noqa: E402

#: Positions before this move of the round are not used (the first turns have little to decide).
FIRST_MOVE = 4


def choice_position(profile: str, seed: int) -> Round | None:
    """The seeded GreedyBot round of ``profile`` at a move picked at random (seeded) among those
    from `FIRST_MOVE` on where the seat to act has more than one legal move; None if there is none."""
    rnd = Round(seed=seed, profile=profile)
    bots = make_bots("greedy", rnd.player_count, seed=seed)
    steps = []
    probe = rnd.copy()
    step = 0
    while not probe.is_over:
        if step >= FIRST_MOVE and len(probe.legal_actions()) > 1:
            steps.append(step)
        probe.apply(bots[acting_seat(probe)].choose(probe))
        step += 1
    if not steps:
        return None
    target = random.Random(seed).choice(steps)
    bots = make_bots("greedy", rnd.player_count, seed=seed)
    for _ in range(target):
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    return rnd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8, help="positions per profile (default 8)")
    parser.add_argument("--first-seed", type=int, default=91_001)
    parser.add_argument("--profiles", default=",".join(profile_names()), help="comma-separated (default: all)")
    args = parser.parse_args()
    print(f"{'profile':22s} {'n':>3s} {'cut':>4s} {'deals med':>9s} {'CPU med':>8s} {'CPU p90':>8s} {'CPU max':>8s}")
    for profile in args.profiles.split(","):
        cpus: list[float] = []
        deals: list[int] = []
        seed = args.first_seed
        cut = None
        while len(cpus) < args.positions:
            rnd = choice_position(profile, seed)
            seed += 1
            if rnd is None:
                continue
            cut = position_value.cut_for(rnd.profile, HINT_CUT)
            start = time.process_time()
            advice = advise(rnd, acting_seat(rnd), time_budget=HINT_BUDGET, seed=seed, cut=cut,
                            meld_candidates=hint_meld_candidates(cut))
            cpus.append(time.process_time() - start)
            deals.append(advice.samples)
        cpus.sort()
        p90 = cpus[min(len(cpus) - 1, round(0.9 * (len(cpus) - 1)))]
        print(f"{profile:22s} {len(cpus):3d} {cut if cut is not None else '-':>4} {statistics.median(deals):9.0f} "
              f"{statistics.median(cpus):7.2f}s {p90:7.2f}s {cpus[-1]:7.2f}s", flush=True)


if __name__ == "__main__":
    main()

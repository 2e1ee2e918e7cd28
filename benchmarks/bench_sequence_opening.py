"""The Brazilian partial-opening search: prints figures; run
`python benchmarks/bench_sequence_opening.py [--rounds N]`.

In Canastra the opening may go down over several meld actions of a turn
(docs/variants.md#variants-canastra-br-opening); a partial opening is accepted only when the rest
of the hand can complete it, which `rules.meld_groups.sequence_completion` searches. This plays
greedy-bot rounds and, at every turn of a team that has not opened, checks each new run or set
of aces alone as a partial opening: how many checks ran the search, the time per check (mean and
slowest), and how many searches gave up (their budget spent: the refusal then says "lay all your
opening melds in one action").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.core.actions import Meld, MeldGroup  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import make_bots  # noqa: E402
from canasta_learn.rules import meld_groups  # noqa: E402
from canasta_learn.variants.sequences import candidate_groups  # noqa: E402


def main() -> None:
    """Play the rounds and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    searches = gave_up = found = 0
    original = meld_groups.sequence_completion

    def counted(*a: object, **k: object) -> bool | None:
        nonlocal searches, gave_up, found
        result = original(*a, **k)  # type: ignore[arg-type]
        searches += 1
        gave_up += result is None
        found += result is True
        return result

    meld_groups.sequence_completion = counted  # type: ignore[assignment]
    times: list[float] = []
    for seed in range(args.rounds):
        rnd = Round("canastra_br", seed=seed)
        bots = make_bots("greedy", 4, seed)
        for _ in range(3000):
            if rnd.is_over:
                break
            seat = rnd.to_move
            team = rnd.team_of(seat)
            if rnd.phase == "play" and not rnd.opened[team] and not rnd.turn_locked:
                for group in candidate_groups(rnd.hands[seat]):
                    start = time.perf_counter()
                    rnd.check(Meld(seat, (MeldGroup(group),)))
                    times.append(time.perf_counter() - start)
            rnd.apply(bots[seat].choose(rnd))
    times.sort()
    print(f"rounds: {args.rounds}; partial openings checked: {len(times)}; searches run: {searches} "
          f"(completable: {found}, gave up: {gave_up}, budget {meld_groups.SEQUENCE_COMPLETION_BUDGET})")
    if times:
        print(f"time per check: mean {1000 * sum(times) / len(times):.2f} ms, median "
              f"{1000 * times[len(times) // 2]:.2f} ms, slowest {1000 * times[-1]:.1f} ms")


if __name__ == "__main__":
    main()

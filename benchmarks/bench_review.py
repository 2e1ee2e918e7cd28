"""Game review: how fast the first marks arrive, the whole review, and whether planted
blunders are found; prints figures; run `python benchmarks/bench_review.py`.

- Timing: seconds from calling `review_game` (default rollouts, seed 0) on the example game
  ``frozen_pile_fight`` (45 actions, 46 steps in the viewer) to the first progress call that
  carries a mark, and to the end; the number of progress calls and of moves marked.
- Planted blunders: GreedyBot hands where the first "may I go out?" GreedyBot asks is replaced
  by a discard (tests/planted_blunders.py); the review of the planted move alone marks it or
  not, with the share marked and its 95% (Wilson) interval.

Figures depend on the machine and its load: run under `nice` on a shared machine and say so.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from planted_blunders import planted_refusal  # noqa: E402

from canasta_learn.play.review import review_game, review_round  # noqa: E402
from canasta_learn.records.examples import load_example  # noqa: E402


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson interval of a share of ``k`` in ``n``."""
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def timing(name: str) -> None:
    record = load_example(name)
    start = time.perf_counter()
    first: list[float] = []
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int, marks: dict[int, dict[int, dict[str, object]]]) -> None:
        calls.append((done, total))
        if not first and any(marks.values()):
            first.append(time.perf_counter() - start)

    count = review_game(record, seed=0, progress=progress)
    whole = time.perf_counter() - start
    print(f"{name}: whole review {whole:.1f} s, first progress call {calls[0] if calls else None}, "
          f"{len(calls)} progress calls, {count} moves marked, first mark at "
          f"{f'{first[0]:.1f} s' if first else 'none'}")


def planted(count: int) -> None:
    found = marked = 0
    seed = 0
    while found < count:
        got = planted_refusal(seed)
        seed += 1
        if got is None:
            continue
        record, at = got
        found += 1
        marks = review_round(record, 0, seed=0, moves=[at])
        marked += at in marks
        mark = marks.get(at)
        print(f"  hand seed {seed - 1}: {record.rounds[0].actions[at]} at {at}: "
              + (f"marked, loss {mark['loss']} ± {mark['stderr']} SE" if mark else "not marked"))
    low, high = wilson(marked, found)
    print(f"planted refusals marked: {marked} of {found} ({marked / found:.0%}, 95% interval "
          f"{low:.0%}-{high:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--planted", type=int, default=20, help="planted blunders to review")
    args = parser.parse_args()
    timing("frozen_pile_fight")
    planted(args.planted)


if __name__ == "__main__":
    main()

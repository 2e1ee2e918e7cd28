"""Practice benchmarks: prints figures; run `python benchmarks/bench_practice.py`.

For every skill of `canasta_learn.practice`, the classic ones and the variants' (`variant_skills`,
each with its game): the time to generate one drill (mean and max over 200 seeds, at each
difficulty), and the time to grade the engine's own answer. The goal is
under 50 ms for any drill, so practice never waits; the figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.practice import DIFFICULTIES, SKILLS, generate, grade, skill_ids  # noqa: E402

GOAL_MS = 50.0


def main() -> None:
    """Time every generator over ``--seeds`` seeds and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="seeds per skill and difficulty (default 200)")
    args = parser.parse_args()
    print(f"{'skill':<24}{'game':<21}{'mean ms':>9}{'max ms':>9}{'grade ms':>10}  goal < {GOAL_MS:.0f} ms")
    worst, slowest = 0.0, ""
    for skill in skill_ids():
        times: list[float] = []
        grading: list[float] = []
        for difficulty in DIFFICULTIES:
            for seed in range(args.seeds):
                start = time.perf_counter()
                drill = generate(skill, seed, difficulty)
                middle = time.perf_counter()
                grade(drill, drill.answer)
                grading.append(time.perf_counter() - middle)
                times.append(middle - start)
        mean, most = 1000 * sum(times) / len(times), 1000 * max(times)
        if most > worst:
            worst, slowest = most, skill
        grading_ms = 1000 * sum(grading) / len(grading)
        print(f"{skill:<24}{SKILLS[skill].profile:<21}{mean:>9.2f}{most:>9.2f}{grading_ms:>10.2f}"
              f"  {'ok' if most < GOAL_MS else 'OVER'}")
    verdict = "within" if worst < GOAL_MS else "over"
    print(f"slowest drill: {worst:.2f} ms, {slowest} ({verdict} the {GOAL_MS:.0f} ms goal)")


if __name__ == "__main__":
    main()

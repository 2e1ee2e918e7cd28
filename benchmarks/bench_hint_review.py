"""Hint and game-review timings (the widgets): prints figures; run
`python benchmarks/bench_hint_review.py`.

- Hint: seconds from pressing Hint in a `PlayWidget` to the advice shown (median and worst),
  at the widget's default budget, on the student's turn in mid-round classic positions where
  there is a choice;
- Review game: seconds for `ReplayViewer.review()` on each shipped single-round example, at
  the viewer's default rollouts, and the moves it marks.

Figures depend on the machine and its load: run under `nice` on a shared machine and say so.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import acting_seat, make_bots  # noqa: E402
from canasta_learn.records.examples import example_names, load_example  # noqa: E402
from canasta_learn.widgets import PlayWidget, ReplayViewer  # noqa: E402


def mid_round(seed: int, moves: int) -> Round:
    """A classic round after about ``moves`` greedy moves, stopped when North is to act with a
    choice to make (more than one legal action: a forced move is answered at once)."""
    rnd = Round(seed=seed)
    bots = make_bots("greedy", 4, seed)
    while not rnd.is_over and (len(rnd.log) < moves or acting_seat(rnd) != 0 or len(rnd.legal_actions()) < 2):
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    return rnd


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10, help="Hint positions (default 10)")
    args = parser.parse_args()
    times = []
    for seed in range(args.positions):
        rnd = mid_round(seed, 24)
        if rnd.is_over:
            continue
        play = PlayWidget(round=rnd, seat=0, autoplay=False)
        start = time.perf_counter()
        play.click("hint")
        times.append(time.perf_counter() - start)
    print(f"Hint at the default budget ({play.hint_budget} s of rollouts): median {statistics.median(times):.2f} s, "
          f"worst {max(times):.2f} s over {len(times)} mid-round classic positions with a choice")
    for name in example_names():
        record = load_example(name)
        if len(record.rounds) != 1:
            continue
        viewer = ReplayViewer(record)
        start = time.perf_counter()
        marked = viewer.review()
        seconds = time.perf_counter() - start
        print(f"Review game of {name} ({len(record.rounds[0].actions)} moves, {viewer.review_rollouts} "
              f"rollouts per decision): {seconds:.1f} s, {marked} move(s) marked")


if __name__ == "__main__":
    main()

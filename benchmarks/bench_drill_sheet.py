"""Drill sheet benchmark: prints figures; run `python benchmarks/bench_drill_sheet.py`.

The time to build `canasta_learn.render.drill_sheet` (generate the drills, draw them, write the
key) for 12, 50 and 200 drills of every skill in each language, and the size of the HTML. The
figures are printed, never asserted. Pages printed on A4: tests/browser/test_drill_sheet_browser.py.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.render import drill_sheet  # noqa: E402


def main() -> None:
    """Time sheets of several sizes in both languages and print a table."""
    print(f"{'drills':>7}{'lang':>7}{'median ms':>11}{'max ms':>9}{'KB':>8}")
    for count in (12, 50, 200):
        for language in ("en", "pt_BR"):
            times: list[float] = []
            size = 0
            for seed in range(5):
                started = time.perf_counter()
                size = len(drill_sheet(None, seed=seed, count=count, language=language).encode("utf-8"))
                times.append(1000 * (time.perf_counter() - started))
            print(f"{count:>7}{language:>7}{statistics.median(times):>11.1f}{max(times):>9.1f}{size / 1024:>8.0f}")


if __name__ == "__main__":
    main()

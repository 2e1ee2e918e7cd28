"""Lesson run times: prints them; run `python benchmarks/bench_lessons.py [NAME ...]`.

Each lesson notebook (``notebooks/*.ipynb``, or the Portuguese edition with ``--lang pt_BR``)
runs top to bottom in a fresh kernel, as ``tests/lessons/test_lessons.py`` runs them. For each:
the seconds its cells took inside the kernel (summed from the cells' execution timestamps, kernel
start-up excluded) and the wall-clock seconds including the kernel's start. Then the totals.
The tests check that the lessons run without errors; how long they take is measured here only
(a loaded machine would turn a timed assertion red for nothing).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def kernel_seconds(nb: Any) -> float:
    """The seconds the cells of an executed notebook spent in the kernel."""
    total = 0.0
    for cell in nb.cells:
        timing = cell.get("metadata", {}).get("execution", {})
        if "iopub.execute_input" in timing and "shell.execute_reply" in timing:
            begin = datetime.fromisoformat(timing["iopub.execute_input"].rstrip("Z"))
            end = datetime.fromisoformat(timing["shell.execute_reply"].rstrip("Z"))
            total += (end - begin).total_seconds()
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="lesson file names or number prefixes (default: all)")
    parser.add_argument("--lang", default="en", choices=("en", "pt_BR"))
    args = parser.parse_args()

    import nbformat
    from nbclient import NotebookClient

    folder = ROOT / "notebooks" if args.lang == "en" else ROOT / "notebooks" / "pt_BR"
    lessons = sorted(folder.glob("*.ipynb"))
    if args.names:
        lessons = [p for p in lessons if any(p.name.startswith(n) for n in args.names)]
    print(f"{'lesson':<42} {'cells s':>8} {'wall s':>8}")
    cells_total = wall_total = 0.0
    for path in lessons:
        nb = nbformat.read(str(path), as_version=4)
        with tempfile.TemporaryDirectory(prefix="canasta-bench-") as workdir:
            start = time.perf_counter()
            NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                           resources={"metadata": {"path": workdir}}).execute()
            wall = time.perf_counter() - start
        cells = kernel_seconds(nb)
        errors = sum(1 for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error")
        note = f"  ({errors} error outputs)" if errors else ""
        print(f"{path.name:<42} {cells:8.1f} {wall:8.1f}{note}", flush=True)
        cells_total += cells
        wall_total += wall
    print(f"{'all ' + str(len(lessons)) + ' lessons':<42} {cells_total:8.1f} {wall_total:8.1f}")


if __name__ == "__main__":
    main()

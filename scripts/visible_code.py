"""Print how many lines of code a learner sees in each lesson, and how many are hidden.

A code cell's input is hidden when ``scripts/build_lessons.py`` collapsed it
(``jupyter.source_hidden``: cells tagged ``setup``, ``hide-input`` or ``quiz``). With
``--before REV`` the same figures for the lessons at git revision REV are printed beside::

    python scripts/visible_code.py                 # the lessons as they are
    python scripts/visible_code.py --before main   # before / after, lesson by lesson
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = "canasta_learn/lessons"


def figures(notebook: str) -> tuple[int, int]:
    """(visible code lines, hidden code lines) of the notebook text ``notebook``."""
    visible = hidden = 0
    for cell in json.loads(notebook)["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        lines = len(source.splitlines())
        if cell["metadata"].get("jupyter", {}).get("source_hidden"):
            hidden += lines
        else:
            visible += lines
    return visible, hidden


def _at(revision: str, path: str) -> str:
    return subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


def main(argv: list[str] | None = None) -> int:
    """Command line: print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="also show the lessons at this git revision")
    parser.add_argument("--lang", default="en", help="the edition: en (default) or pt_BR")
    args = parser.parse_args(argv)
    folder = FOLDER if args.lang == "en" else f"{FOLDER}/{args.lang}"
    names = sorted(p.name for p in (ROOT / folder).glob("[0-9][0-9]_*.ipynb"))
    header = "lesson                                   visible  hidden"
    print(header + ("   visible before  hidden before" if args.before else ""))
    for name in names:
        visible, hidden = figures((ROOT / folder / name).read_text(encoding="utf-8"))
        row = f"{name[:-6]:40} {visible:7d} {hidden:7d}"
        if args.before:
            then_visible, then_hidden = figures(_at(args.before, f"{folder}/{name}"))
            row += f"   {then_visible:14d} {then_hidden:14d}"
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())

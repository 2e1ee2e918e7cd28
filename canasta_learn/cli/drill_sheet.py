"""``canasta-learn drill-sheet OUT.html``: a printable drill sheet with its answer key, for a teacher.

It writes `canasta_learn.render.drill_sheet` to OUT.html, whole or not at all
(`core.files.replace_file`): ``--count`` drills (default 12) of the skills ``--skills a,b``
(default: every skill, in turn) made from ``--seed`` (the same seed makes the same sheet) at
``--difficulty`` 1-3, in the language ``--lang`` chooses. Open the file in a browser and print
it (A4): each drill in a box that never splits across pages, the answer key from a new page.
An unknown skill, a count outside 1-200 or a folder that cannot be written fails with one line
and status 2, before anything is written (see `canasta_learn.cli`).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from ..core.files import check_replaceable, replace_file
from ..core.i18n import gettext, ngettext

__all__ = ["register"]


def _run(args: argparse.Namespace) -> int:
    from ..render import drill_sheet

    check_replaceable(args.out)
    skills = [s.strip() for s in args.skills.split(",") if s.strip()] if args.skills else None
    started = time.perf_counter()
    page = drill_sheet(skills, seed=args.seed, count=args.count, difficulty=args.difficulty)
    replace_file(args.out, page)
    print(ngettext("Drill sheet written to {path}: {count} drill and its answer key ({ms:.0f} ms).",
                   "Drill sheet written to {path}: {count} drills and their answer key ({ms:.0f} ms).",
                   args.count).format(path=args.out, count=args.count, ms=1000 * (time.perf_counter() - started)))
    print(gettext("Open it in a browser and print it on A4; the answer key starts on a new page."))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``drill-sheet`` subcommand."""
    from ..practice.skills import DIFFICULTIES

    parser = subparsers.add_parser(
        "drill-sheet", help=gettext("write a printable drill sheet with its answer key"),
        description=gettext("Write a printable HTML sheet of drills the engine made and checked, one box per "
                            "drill, with the answer key and the engine's explanations on a new page (see "
                            "docs/classroom.md)."))
    parser.add_argument("out", metavar="OUT.html", help=gettext("the HTML file to write"))
    parser.add_argument("--skills", metavar="SKILL,SKILL",
                        help=gettext("the skills to drill, separated by commas (default: every skill)"))
    parser.add_argument("--count", type=int, default=12, metavar="N",
                        help=gettext("how many drills (default: 12)"))
    parser.add_argument("--seed", type=int, default=0, metavar="N",
                        help=gettext("the seed: the same seed makes the same sheet (default: 0)"))
    parser.add_argument("--difficulty", type=int, choices=DIFFICULTIES, default=2,
                        help=gettext("1: plain cases, 2: mixed, 3: near misses (default: 2)"))
    parser.set_defaults(handler=_run)

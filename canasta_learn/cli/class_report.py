"""``canasta-learn class-report FILES…``: what a class got right and wrong, from the results files
the learners handed in (`canasta_learn.practice.report`).

It prints the summary per skill (weakest first) and the table per learner and skill, headed in
the language spoken (``--lang pt_BR``); ``--csv OUT`` writes the table per learner and skill,
``--plot OUT.png`` the chart of the weakest skills, each whole or not at all
(`core.files.replace_file`). A file that cannot be read is left out and named on stderr, with
the fix, after the report (a teacher still sees the rest of the class); when no file can be
read, the command fails with status 2.
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import Any

from ..core.files import check_replaceable, replace_file
from ..core.i18n import gettext, ngettext

__all__ = ["register", "render_table"]


def render_table(frame: Any) -> str:
    """``frame`` as plain text with headers in the language spoken now (accuracy as a percent)."""
    from ..practice.report import column_headers

    shown = frame.copy()
    if "accuracy" in shown:
        shown["accuracy"] = [f"{100 * value:.0f}%" for value in shown["accuracy"]]
    shown = shown.rename(columns=column_headers())
    return str(shown.to_string(index=False))


def _run(args: argparse.Namespace) -> int:
    from ..practice.report import class_report, column_headers, plot_weakest_skills, skill_summary

    for output in (args.csv, args.plot):  # fail before reading, not after
        if output:
            check_replaceable(output)
    skipped: list[str] = []
    frame = class_report(args.files, skipped=skipped)
    if len(skipped) == len(args.files):
        raise ValueError(skipped[0] if len(skipped) == 1 else
                         gettext("none of the {count} files is a results file; the first: {error}").format(
                             count=len(skipped), error=skipped[0]))
    learners = len(args.files) - len(skipped)
    print(ngettext("Class report: {count} learner", "Class report: {count} learners", learners).format(
        count=learners))
    if frame.empty:
        print(gettext("No answers yet: these learners have not practised any skill."))
    else:
        print()
        print(gettext("Per skill, weakest first:"))
        print(render_table(skill_summary(frame)))
        print()
        print(gettext("Per learner and skill:"))
        print(render_table(frame))
    if args.csv:
        replace_file(args.csv, frame.rename(columns=column_headers()).to_csv(index=False))
        print(gettext("Table written to {path}").format(path=args.csv))
    if args.plot:
        from matplotlib.figure import Figure

        figure = Figure(figsize=(8, 4), layout="constrained")
        plot_weakest_skills(frame, figure.add_subplot())
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
        replace_file(args.plot, buffer.getvalue())
        print(gettext("Plot written to {path}").format(path=args.plot))
    for error in skipped:
        print(gettext("canasta-learn: warning: left out: {error}").format(error=error), file=sys.stderr)
    return 0


def register(subparsers: Any) -> None:
    """Add the ``class-report`` subcommand."""
    parser = subparsers.add_parser(
        "class-report", help=gettext("show what a class got right and wrong, from the learners' results files"),
        description=gettext("Read the results files your learners exported from their practice and show, per "
                            "skill and per learner, the answers right and wrong, with the class's weakest "
                            "skills first (see docs/classroom.md)."))
    parser.add_argument("files", nargs="+", metavar="FILE", help=gettext("a results file a learner handed in"))
    parser.add_argument("--csv", metavar="OUT", help=gettext("also write the table per learner and skill as CSV"))
    parser.add_argument("--plot", metavar="OUT.png",
                        help=gettext("also draw the class's weakest skills as a PNG chart"))
    parser.set_defaults(handler=_run)

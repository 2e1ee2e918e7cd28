"""``canasta-learn replay FILE``: print a recorded game step by step, annotated by the engine.

``--round R`` shows one round (numbered from 1, as printed); ``--step K`` starts in that round
after K actions (0: just after the deal), showing the table first. ``--lenient`` reads a
damaged record as far as it is valid and lists the problems. A missing file, a corrupt record
or an unknown profile prints one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.i18n import gettext, ngettext

__all__ = ["register", "run_replay"]


def run_replay(args: argparse.Namespace) -> int:
    """Handle ``canasta-learn replay``; errors are raised as ValueError / RecordError."""
    from ..records.annotate import replay_text
    from ..records.record import GameRecord, RecordError

    try:  # one round asked for: the engine re-checks only that round (lazy loading)
        record = GameRecord.load(args.file if str(args.file).strip() else "",
                                 strict=not args.lenient, lazy=args.round is not None)
    except OSError as problem:
        raise RecordError(gettext("cannot read record file {file}: {problem}").format(
            file=repr(args.file), problem=problem.strerror or problem)) from None
    except RecordError as problem:
        if str(problem).startswith(f"{args.file}: "):
            raise
        raise RecordError(f"{args.file}: {problem}") from None
    round_index = None
    if args.round is not None:
        if not 1 <= args.round <= len(record.rounds):
            # English said "1 rounds" before translation and stays byte-identical
            raise RecordError(ngettext("{file} has {count} rounds; --round takes 1-{count}, not {round}",
                                       "{file} has {count} rounds; --round takes 1-{count}, not {round}",
                                       len(record.rounds)).format(file=args.file, count=len(record.rounds),
                                                                  round=args.round))
        round_index = args.round - 1
    elif args.step is not None:
        raise RecordError(gettext("--step needs --round (the round to start in)"))
    try:
        text = replay_text(record, round_index, args.step)
    except RecordError as problem:  # found when the round was first replayed
        raise RecordError(f"{args.file}: {problem}") from None
    sys.stdout.write(text)
    for error in record.errors:
        print(gettext("canasta-learn: warning: {error}").format(error=error), file=sys.stderr)
    return 0


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay", help=gettext("print a recorded game step by step with the engine's teaching notes"),
        description=gettext("Print a game record (JSON) step by step, each action followed by the "
                            "engine's notes: pile state and why, whether the pile could be taken, "
                            "openings, canastas, going out, scores."))
    parser.add_argument("file", help=gettext("the record file (canasta-learn-record JSON)"))
    parser.add_argument("--round", type=int, metavar="R", help=gettext("show only round R (from 1)"))
    parser.add_argument("--step", type=int, metavar="K",
                        help=gettext("with --round: start after K actions of that round (0: the deal)"))
    parser.add_argument("--lenient", action="store_true",
                        help=gettext("read a damaged record as far as it is valid, listing the problems"))
    parser.set_defaults(handler=run_replay)

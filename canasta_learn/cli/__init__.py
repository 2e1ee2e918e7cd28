"""The ``canasta-learn`` command line.

It owns the argument parser and the exit statuses. Each subcommand is one module named after
it (``demo``, ``replay``, ``simulate``, ``record``, ``lessons``, ``export``, ``classroom``
for ``classroom-link``, ``class_report`` for ``class-report``, ``drill_sheet`` for
``drill-sheet``, ``play``, ``practice``, ``site``),
exposing ``register(subparsers)``; this module only assembles them, in `COMMAND_MODULES` order
(the order ``--help`` lists them). Errors print one clear line and exit with status 2 (a missing
optional extra too: the line names the extra and the ``pip install`` command, see
`canasta_learn.core.extras`); an interrupt exits with 130; a closed pipe ends quietly.

Every subcommand speaks the language chosen with ``--lang`` (``en`` or ``pt_BR``), given before
the subcommand (``canasta-learn --lang pt_BR lessons``) or after it (``canasta-learn lessons
--lang pt_BR``); without it, ``CANASTA_LEARN_LANG``, else the system locale, else English
(`canasta_learn.core.i18n.default_language`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from ..core.extras import MissingExtraError
from ..core.i18n import gettext
from ._argparse_words import argparse_speaking

__all__ = ["main"]

#: Modules that add subcommands (each has ``register(subparsers)``); missing ones are skipped.
COMMAND_MODULES = (
    "canasta_learn.cli.demo",
    "canasta_learn.cli.replay",
    "canasta_learn.cli.simulate",
    "canasta_learn.cli.record",
    "canasta_learn.cli.lessons",
    "canasta_learn.cli.export",
    "canasta_learn.cli.classroom",
    "canasta_learn.cli.class_report",
    "canasta_learn.cli.drill_sheet",
    "canasta_learn.cli.play",
    "canasta_learn.cli.practice",
    "canasta_learn.cli.site",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="canasta-learn",
        description=gettext("Learn Canasta: a rules engine that explains every verdict, with lessons."),
    )
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"canasta-learn {__version__}",
                        help=gettext("show program's version number and exit"))
    parser.add_argument("--lang", type=_language, metavar="LANGUAGE", default=None, help=lang_help())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name == name:
                continue
            raise
        module.register(subparsers)
    for subparser in subparsers.choices.values():  # the same option after the subcommand's name
        subparser.add_argument("--lang", dest="subcommand_lang", type=_language, metavar="LANGUAGE",
                               default=None, help=lang_help())
    return parser


#: The help of ``--lang`` (the main parser and every subcommand have it).
LANG_HELP = ("the language of the output: en or pt_BR (default: CANASTA_LEARN_LANG, "
             "else the system locale, else English)")


def lang_help() -> str:
    """`LANG_HELP` in the language spoken now."""
    return gettext("the language of the output: en or pt_BR (default: CANASTA_LEARN_LANG, "
                   "else the system locale, else English)")


def _language(text: str) -> str:
    """``--lang``'s value as the toolkit names the language; argparse's error otherwise."""
    from ..core.i18n import normalize_language

    try:
        return normalize_language(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def chosen_language(args: argparse.Namespace) -> str | None:
    """The language ``--lang`` chose (after the subcommand's name wins), or None."""
    language: str | None = getattr(args, "subcommand_lang", None) or getattr(args, "lang", None)
    return language


def _silence_stdout() -> None:
    """Point stdout at the null device, so that nothing more is written to a closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout without a file descriptor (e.g. captured in tests)
        pass


def _language_asked(argv: Sequence[str]) -> str | None:
    """The language a readable ``--lang X`` / ``--lang=X`` before ``--`` asks for, or None (an
    unreadable one is left to the parser, which refuses it): the help texts are made in it."""
    from ..core.i18n import normalize_language

    items = list(argv)
    items = items[:items.index("--")] if "--" in items else items
    asked: str | None = None
    for position, item in enumerate(items):
        value = (item.split("=", 1)[1] if item.startswith("--lang=") else
                 items[position + 1] if item == "--lang" and position + 1 < len(items) else None)
        if value is not None:
            try:
                asked = normalize_language(value)
            except ValueError:
                pass
    return asked


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from ..core import i18n

    items = list(sys.argv[1:] if argv is None else argv)
    # --lang, else the kernel's set_language, else the environment as it is now
    with (i18n.speaking(_language_asked(items) or i18n.chosen_language() or i18n.default_language()),
          argparse_speaking()):  # argparse's own words ("usage:", "error:") in that language too
        parser = build_parser()  # the help texts in the language asked for
        args = parser.parse_args(items)
        if not getattr(args, "handler", None):
            parser.print_help()
            return 0
        language = chosen_language(args) or i18n.get_language()
        with i18n.speaking(language):
            return _run(args)


def _run(args: argparse.Namespace) -> int:
    """Run the subcommand's handler; its errors as one line on stderr (in the language spoken)."""
    try:
        result = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handling below
    except KeyboardInterrupt:
        print(gettext("canasta-learn: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`canasta-learn simulate ... | head -4`): end quietly, as
        # Unix tools do, and keep Python's final flush of stdout from failing again.
        _silence_stdout()
        return 0
    except (ValueError, OSError, MissingExtraError) as error:
        print(gettext("canasta-learn: error: {error}").format(error=error), file=sys.stderr)
        return 2
    return int(result or 0)


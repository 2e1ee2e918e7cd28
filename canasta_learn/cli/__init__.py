"""The ``canasta-learn`` command line.

It owns the argument parser and the exit statuses. Each subcommand is one module named after
it (``demo``, ``replay``, ``simulate``, ``record``, ``lessons``, ``export``, ``classroom``
for ``classroom-link``, ``play``, ``site``), exposing ``register(subparsers)``; this module
only assembles them, in `COMMAND_MODULES` order (the order ``--help`` lists them). Errors
print one clear line and exit with status 2; an interrupt exits with 130; a closed pipe
ends quietly.

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
    "canasta_learn.cli.play",
    "canasta_learn.cli.site",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="canasta-learn",
        description="Learn Canasta: a rules engine that explains every verdict, with lessons.",
    )
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"canasta-learn {__version__}")
    parser.add_argument("--lang", type=_language, metavar="LANGUAGE", default=None, help=LANG_HELP)
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
                               default=None, help=LANG_HELP)
    return parser


#: The help of ``--lang`` (the main parser and every subcommand have it).
LANG_HELP = ("the language of the output: en or pt_BR (default: CANASTA_LEARN_LANG, "
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from ..core import i18n

    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    try:
        # --lang, else the kernel's set_language, else the environment as it is now
        language = chosen_language(args) or i18n.chosen_language() or i18n.default_language()
        with i18n.speaking(language):
            result = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handling below
    except KeyboardInterrupt:
        print("canasta-learn: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`canasta-learn simulate ... | head -4`): end quietly, as
        # Unix tools do, and keep Python's final flush of stdout from failing again.
        _silence_stdout()
        return 0
    except (ValueError, OSError) as error:
        print(f"canasta-learn: error: {error}", file=sys.stderr)
        return 2
    return int(result or 0)


"""argparse's own words (``usage:``, ``options``, ``error:``, "the following arguments are
required", "invalid choice"...) in the language the command line speaks.

argparse translates its messages with the module-level ``_`` and ``ngettext`` names of the
``argparse`` module (the standard library's gettext, which finds no catalogue for argparse). For
the duration of a ``canasta-learn`` run in another language than English, `argparse_speaking`
points those two names at our catalogue: argparse's English messages are its msgids, kept in
``canasta_learn.po`` under the context ``argparse`` (`argparse_words` lists them, so that Babel
extracts them). In English nothing changes.

>>> from canasta_learn.core.i18n import speaking
>>> with speaking("pt_BR"), argparse_speaking():
...     argparse.ArgumentParser(prog="x").format_usage()
'uso: x [-h]\\n'
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from ..core.i18n import get_language, ngettext, pgettext

__all__ = ["ARGPARSE_CONTEXT", "argparse_speaking", "argparse_words"]

#: The catalogue context of argparse's messages.
ARGPARSE_CONTEXT = "argparse"


def argparse_words() -> dict[str, str]:
    """argparse's messages (its English msgids, those a user of the command line can meet) ->
    their translation in the language spoken now."""
    return {
        "usage: ": pgettext("argparse", "usage: "),
        "positional arguments": pgettext("argparse", "positional arguments"),
        "options": pgettext("argparse", "options"),
        "show this help message and exit": pgettext("argparse", "show this help message and exit"),
        "%(prog)s: error: %(message)s\n": pgettext("argparse", "%(prog)s: error: %(message)s\n"),
        "argument %(argument_name)s: %(message)s": pgettext("argparse", "argument %(argument_name)s: %(message)s"),
        "the following arguments are required: %s": pgettext("argparse",
                                                             "the following arguments are required: %s"),
        "one of the arguments %s is required": pgettext("argparse", "one of the arguments %s is required"),
        "unrecognized arguments: %s": pgettext("argparse", "unrecognized arguments: %s"),
        "invalid choice: %(value)r (choose from %(choices)s)": pgettext(
            "argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
        "invalid %(type)s value: %(value)r": pgettext("argparse", "invalid %(type)s value: %(value)r"),
        "expected one argument": pgettext("argparse", "expected one argument"),
        "expected at most one argument": pgettext("argparse", "expected at most one argument"),
        "expected at least one argument": pgettext("argparse", "expected at least one argument"),
        "ambiguous option: %(option)s could match %(matches)s": pgettext(
            "argparse", "ambiguous option: %(option)s could match %(matches)s"),
        "not allowed with argument %s": pgettext("argparse", "not allowed with argument %s"),
        "ignored explicit argument %r": pgettext("argparse", "ignored explicit argument %r"),
        "unexpected option string: %s": pgettext("argparse", "unexpected option string: %s"),
        "can't open '%(filename)s': %(error)s": pgettext("argparse", "can't open '%(filename)s': %(error)s"),
        "unknown parser %(parser_name)r (choices: %(choices)s)": pgettext(
            "argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"),
    }


def _counted(singular: str, plural: str, count: int) -> str:
    """argparse's counted messages ("expected %s arguments") in the language spoken now, with its
    plural rule."""
    if singular == "expected %s argument":
        return ngettext("expected %s argument", "expected %s arguments", count)
    return singular if count == 1 else plural


@contextmanager
def argparse_speaking() -> Iterator[None]:
    """Inside the block argparse says its own words in the language spoken now (nothing
    changes in English); afterwards its ``_`` and ``ngettext`` are what they were."""
    if get_language() == "en":
        yield
        return
    words = argparse_words()
    module = vars(argparse)  # its globals: typeshed does not declare argparse's "_" and "ngettext"
    before = module["_"], module["ngettext"]
    module["_"] = lambda message: words.get(message, message)
    module["ngettext"] = _counted
    try:
        yield
    finally:
        module["_"], module["ngettext"] = before

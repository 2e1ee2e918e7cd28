"""Languages: the words a learner reads, in English (the source language) or Brazilian
Portuguese (``pt_BR``), from gettext catalogues managed with Babel.

The running kernel speaks one language at a time: `set_language` chooses it, and until then it
is the default: ``CANASTA_LEARN_LANG``, else the system locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``: ``pt_BR.UTF-8`` gives ``pt_BR``), else English. Messages are written in English as
templates with named placeholders and passed through `gettext` / `ngettext` (real plural forms);
verdict codes, action texts and records never are: they stay language-neutral. `speaking`
switches the language for a block (a teacher comparing both editions of a message).

The catalogues: ``canasta_learn/locale/<language>/LC_MESSAGES/canasta_learn.po`` (sources) and
``.mo`` (compiled, shipped in the wheel); ``scripts/catalogs.py`` extracts, updates, compiles
and checks them (``pybabel`` underneath).

>>> set_language("en")
'en'
>>> ngettext("{count} card", "{count} cards", 2).format(count=2)
'2 cards'
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "chosen_language", "default_language", "get_language", "gettext",
           "ngettext", "normalize_language", "pgettext", "set_language", "speaking", "spoken"]

#: The languages the toolkit speaks: English (the source) and Brazilian Portuguese.
LANGUAGES = ("en", "pt_BR")
#: The gettext domain of the package's messages (the lessons' prose has its own, ``lessons``).
DOMAIN = "canasta_learn"
#: Where the catalogues are: ``LOCALE_DIR/<language>/LC_MESSAGES/<domain>.mo``.
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

_current: list[str] = []  # the language chosen by set_language (empty: the default)
_default: list[str] = []  # the default language, read from the environment once (set_language(None) reads it again)
_spoken: list[str] = []  # the language spoken now, the one gettext asks (made on the engine's hot paths)


def normalize_language(language: str) -> str:
    """The language of ``language`` as the toolkit names it (``"pt_BR"``, ``"en"``), from the
    forms users and locales give (``pt-BR``, ``pt_br``, ``pt``, ``pt_BR.UTF-8``, ``en_US``,
    ``C``); a ValueError naming the accepted languages for any other.

    >>> normalize_language("pt-BR"), normalize_language("pt_BR.UTF-8"), normalize_language("en_GB")
    ('pt_BR', 'pt_BR', 'en')
    """
    if not isinstance(language, str):
        raise TypeError(gettext("language must be a string such as 'pt_BR' or 'en', not {kind}.").format(
            kind=type(language).__name__))
    known = _known_language(language)
    if known is not None:
        return known
    raise ValueError(gettext("unknown language {language}: the toolkit speaks {languages} (English and Brazilian "
                             "Portuguese).").format(language=repr(language), languages=", ".join(LANGUAGES)))


def _known_language(language: str) -> str | None:
    """The toolkit's name of ``language`` (a text), or None: `normalize_language` without the
    error, so that reading the environment never needs a translated message."""
    lower = language.split(".")[0].split("@")[0].replace("-", "_").strip().lower()
    if lower in ("", "c", "posix") or lower == "en" or lower.startswith("en_"):
        return "en"
    if lower == "pt" or lower.startswith("pt_"):
        return "pt_BR"
    return None


def default_language() -> str:
    """The language before any `set_language`: ``CANASTA_LEARN_LANG``, else the system locale,
    else English. An unknown language in the environment falls back to English."""
    for variable in ("CANASTA_LEARN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            known = _known_language(value)
            if known is not None:
                return known
            if variable != "CANASTA_LEARN_LANG":
                return "en"
    return "en"


def set_language(language: str | None) -> str:
    """Speak ``language`` (``"pt_BR"`` or ``"en"``; None: back to the default) from now on in
    this kernel; returns the language now spoken.

    >>> set_language("pt-BR"), set_language(None) == default_language()
    ('pt_BR', True)
    """
    chosen = None if language is None else normalize_language(language)  # refused: nothing changes
    _current.clear()
    if chosen is not None:
        _current.append(chosen)
    else:
        _default.clear()  # the environment may have changed: read it again
    _spoken.clear()
    return get_language()


def spoken() -> list[str]:
    """The one-item list holding the language spoken now once it is known (empty before): hot
    paths keep it (``SPOKEN = spoken()``) and read ``SPOKEN[0] if SPOKEN else get_language()`` instead of calling
    `get_language` for every word (it is the list `set_language` and `speaking` change)."""
    return _spoken


def chosen_language() -> str | None:
    """The language chosen with `set_language` (or `speaking`), or None while the default is
    spoken."""
    return _current[0] if _current else None


def get_language() -> str:
    """The language spoken now (the default is read from the environment once, and again at
    ``set_language(None)``)."""
    if _spoken:
        return _spoken[0]
    if not _current and not _default:
        _default.append(default_language())
    _spoken.append(_current[0] if _current else _default[0])
    return _spoken[0]


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak ``language`` inside a ``with`` block, then go back to the language before.

    >>> with speaking("pt_BR"):
    ...     get_language()
    'pt_BR'
    """
    before = list(_current)
    try:
        yield set_language(language)
    finally:
        _current[:] = before
        _spoken.clear()


@cache
def _translations(language: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    if language == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(domain, localedir=str(LOCALE_DIR), languages=[language], fallback=True)


def N_(message: str) -> str:
    """``message`` unchanged: marks a text kept as data (a profile's description, an example
    game's summary) for the catalogue, so that Babel extracts it; it is translated where it is
    shown, with ``gettext(text)``.

    >>> N_("Classic partnership Canasta, the precise profile with its table rules.")
    'Classic partnership Canasta, the precise profile with its table rules.'
    """
    return message


def gettext(message: str) -> str:
    """``message`` (English) in the language spoken now."""
    language = _spoken[0] if _spoken else get_language()
    if language == "en":  # the source language: no look-up (messages are made on the engine's hot paths)
        return message
    return _translations(language).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (English singular and plural), in the language spoken
    now, with that language's plural rule."""
    language = _spoken[0] if _spoken else get_language()
    if language == "en":
        return singular if count == 1 else plural
    return _translations(language).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language spoken now, where ``context`` tells apart two uses of the same
    English words (a button's "Draw" and a verdict's)."""
    return _translations(get_language()).pgettext(context, message)

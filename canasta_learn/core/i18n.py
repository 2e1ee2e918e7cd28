"""Languages: the words a learner reads, in English (the source language) or Brazilian
Portuguese (``pt_BR``), from gettext catalogues managed with Babel.

The running kernel speaks one language (`set_language` chooses it for every thread and
asyncio task), and until then it is the default: ``CANASTA_LEARN_LANG``, else the system
locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``pt_BR.UTF-8`` gives ``pt_BR``), else English.
Messages are written in English as templates with named placeholders and passed through
`gettext` / `ngettext` (real plural forms); verdict codes, action texts and records never
are: they stay language-neutral. `speaking` switches the language for a block (a teacher
comparing both editions of a message) in the current thread or asyncio task only: the language
spoken is a `contextvars.ContextVar` over the kernel's, so overlapping blocks in two threads
each speak their own and leave the kernel's as it was.

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
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "chosen_language", "default_language", "get_language", "gettext",
           "kernel_language", "ngettext", "normalize_language", "pgettext", "set_language", "speaking"]

#: The languages the toolkit speaks: English (the source) and Brazilian Portuguese.
LANGUAGES = ("en", "pt_BR")
#: The gettext domain of the package's messages (the lessons' prose has its own, ``lessons``).
DOMAIN = "canasta_learn"
#: Where the catalogues are: ``LOCALE_DIR/<language>/LC_MESSAGES/<domain>.mo``.
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

#: The language a thread or asyncio task speaks inside `speaking` (None: the kernel's language).
#: A ContextVar, so that overlapping ``with speaking(...)`` blocks in two threads never see
#: each other's language, and leaving a block restores exactly the language before it.
_override: ContextVar[str | None] = ContextVar("canasta_learn_language", default=None)
_chosen: list[str] = []  # the kernel-wide language chosen by set_language (empty: the default)
_default: list[str] = []  # the default language, read from the environment once (set_language(None) reads it again)
_warned: set[str] = set()  # the unknown CANASTA_LEARN_LANG values already warned about (once each)


def normalize_language(language: str) -> str:
    """The language of ``language`` as the toolkit names it (``"pt_BR"``, ``"en"``), from the
    forms users and locales give (``pt-BR``, ``pt_br``, ``pt``, ``pt_BR.UTF-8``, ``en_US``,
    ``C``); a ValueError naming the accepted languages for any other.

    >>> normalize_language("pt-BR"), normalize_language("pt_BR.UTF-8"), normalize_language("en_GB")
    ('pt_BR', 'pt_BR', 'en')
    """
    if not isinstance(language, str):
        raise TypeError(gettext("{name} must be {accepted}, not {kind} {value}.").format(
            name="language", accepted=gettext("a language name such as 'pt_BR' or 'en'"),
            kind=type(language).__name__, value=repr(language)[:80]))
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
    else English. An unknown language in the environment falls back to the next source (the
    system locale, else English); an unknown ``CANASTA_LEARN_LANG`` is warned about once
    (a `UserWarning`, which a notebook shows), saying which language is spoken instead."""
    unknown = None
    language = "en"
    for variable in ("CANASTA_LEARN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            known = _known_language(value)
            if known is not None:
                language = known
                break
            if variable != "CANASTA_LEARN_LANG":
                break  # an unknown system locale: English
            unknown = value
    if unknown is not None and unknown not in _warned:
        _warned.add(unknown)
        # said in the language used instead (asked directly: gettext would read the default again)
        warnings.warn(_translations(language).gettext(N_(
            "CANASTA_LEARN_LANG={value} is not a language the toolkit speaks ({languages}): speaking "
            "{language} instead. Set CANASTA_LEARN_LANG to en or pt_BR, or call set_language().")).format(
            value=repr(unknown), languages=", ".join(LANGUAGES), language=language), UserWarning, stacklevel=2)
    return language


def set_language(language: str | None) -> str:
    """Speak ``language`` (``"pt_BR"`` or ``"en"``; None: back to the default) from now on in
    this kernel, in every thread and task not inside a `speaking` block; returns the language
    now spoken here. Inside a `speaking` block it changes that block's language only, until the
    block ends (as it always did), never the other threads'.

    >>> set_language("pt-BR"), set_language(None) == default_language()
    ('pt_BR', True)
    """
    chosen = None if language is None else normalize_language(language)  # refused: nothing changes
    if _override.get() is not None:  # inside a speaking block: the block's language, undone as it ends
        if chosen is None:
            _default[:] = [default_language()]  # the environment may have changed: read it again
        _override.set(chosen if chosen is not None else _default[0])
        return get_language()
    if chosen is not None:
        _chosen[:] = [chosen]
    else:
        _chosen.clear()
        _default.clear()  # the environment may have changed: read it again
    return get_language()


def chosen_language() -> str | None:
    """The language chosen here with `speaking`, else the kernel's chosen with `set_language`,
    or None while the default is spoken."""
    override = _override.get()
    if override is not None:
        return override
    return _chosen[0] if _chosen else None


def kernel_language() -> str:
    """The kernel-wide language: the one `set_language` chose, else the default (what a thread
    or task speaks outside any `speaking` block)."""
    if _chosen:
        return _chosen[0]
    if not _default:
        _default.append(default_language())
    return _default[0]


def get_language() -> str:
    """The language spoken now in this thread or task: the innermost `speaking` block's, else
    the kernel's (`set_language`, else the default, read from the environment once and again at
    ``set_language(None)``)."""
    override = _override.get()
    if override is not None:
        return override
    if _chosen:
        return _chosen[0]
    if not _default:
        _default.append(default_language())
    return _default[0]


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak ``language`` inside a ``with`` block, in this thread or asyncio task only, then go
    back to the language before (other threads and tasks, and the kernel's language, are
    untouched; a `set_language` inside the block changes the kernel's language, not the block's).

    >>> with speaking("pt_BR"):
    ...     get_language()
    'pt_BR'
    """
    token = _override.set(normalize_language(language))  # refused: nothing changes
    try:
        yield _override.get() or language
    finally:
        _override.reset(token)


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
    # get_language, inlined (every message of the engine asks)
    language = _override.get() or (_chosen[0] if _chosen else _default[0] if _default else get_language())
    if language == "en":  # the source language: no look-up (messages are made on the engine's hot paths)
        return message
    return _translations(language).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (English singular and plural), in the language spoken
    now, with that language's plural rule."""
    # get_language, inlined (every message of the engine asks)
    language = _override.get() or (_chosen[0] if _chosen else _default[0] if _default else get_language())
    if language == "en":
        return singular if count == 1 else plural
    return _translations(language).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language spoken now, where ``context`` tells apart two uses of the same
    English words (a button's "Draw" and a verdict's)."""
    # get_language, inlined (the engine's messages name seats through here)
    language = _override.get() or (_chosen[0] if _chosen else _default[0] if _default else get_language())
    if language == "en":  # the source language: no look-up
        return message
    return _translations(language).pgettext(context, message)

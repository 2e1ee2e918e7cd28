"""One question asked under several profiles, tabulated: where the rules disagree, the engine's
messages say why.

``compare_profiles(question)`` calls ``question(profile_name)`` for each profile; the question
returns a `Verdict` (``check_meld``, ``Position.check_take_pile``, ...). The result is a pandas
DataFrame indexed by profile, with the columns ``legal`` (True/False), ``code`` and ``why`` (the
engine's message). It needs pandas (the ``tables`` extra, see `canasta_learn.core.extras`).

>>> from canasta_learn import check_meld
>>> table = compare_profiles(lambda p: check_meld("h5 h5 d2 d2", p), ["classic", "cardgames_io"])
>>> table["legal"].to_dict()
{'classic': True, 'cardgames_io': False}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..core.i18n import pgettext
from ..core.verdicts import Verdict
from ..profiles import get_profile, profile_names

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["compare_profiles", "table_in_words"]


def compare_profiles(question: Callable[[str], Verdict],
                     profiles: Sequence[str] | None = None) -> pd.DataFrame:
    """Ask ``question(profile_name)`` under each of ``profiles`` (default: every registered
    profile, `profile_names`) and tabulate the verdicts: one row per profile, columns
    ``legal``, ``code``, ``why``.

    Raises `ProfileError` for an unknown profile name, TypeError when ``question`` is not
    callable or does not return a Verdict, and `MissingExtraError` (an ImportError saying how to
    get it) without pandas.
    """
    if not callable(question):
        raise TypeError(f"question must be a function of a profile name returning a Verdict, "
                        f"not {type(question).__name__}.")
    if isinstance(profiles, str):
        raise TypeError("profiles must be a list of profile names, not one string "
                        f"(did you mean [{profiles!r}]?).")
    names = list(profile_names() if profiles is None else profiles)
    for name in names:
        get_profile(name)  # an unknown name fails here, before any question is asked
    from ..core.extras import import_pandas

    pandas = import_pandas("compare_profiles()")
    rows = []
    for name in names:
        verdict = question(name)
        if not isinstance(verdict, Verdict):
            raise TypeError(f"question({name!r}) returned {type(verdict).__name__}; it must "
                            "return a Verdict (check_meld, Position.check_take_pile, ...).")
        rows.append({"profile": name, "legal": verdict.ok, "code": verdict.code,
                     "why": verdict.message})
    table: pd.DataFrame = pandas.DataFrame(rows, columns=["profile", "legal", "code", "why"]
                                           ).set_index("profile")
    return table


def _heading_words() -> dict[str, str]:
    """The engine's column names (language-neutral: code reads them) as a learner reads them."""
    return {
        "profile": pgettext("table heading", "profile"), "legal": pgettext("table heading", "legal"),
        "code": pgettext("table heading", "code"), "why": pgettext("table heading", "why"),
        "item": pgettext("table heading", "item"), "points": pgettext("table heading", "points"),
        "meld": pgettext("table heading", "meld"), "round": pgettext("table heading", "round"),
        "team": pgettext("table heading", "team"), "melds": pgettext("table heading", "melds"),
        "canasta_bonuses": pgettext("table heading", "canasta_bonuses"),
        "red_threes": pgettext("table heading", "red_threes"),
        "going_out": pgettext("table heading", "going_out"),
        "cards_left": pgettext("table heading", "cards_left"),
        "round_total": pgettext("table heading", "round_total"),
        "running_total": pgettext("table heading", "running_total"),
    }


def table_in_words(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of an engine's table (`compare_profiles`, ``ScoreBreakdown.to_frame()``,
    ``Game.score_sheet()``, ``Profile.differences``) to show a learner: its column and index names and its True / False
    values said in the language spoken now. The table itself keeps the language-neutral names
    the code reads (``table["legal"]``); in English the copy reads the same.

    >>> from canasta_learn import check_meld
    >>> from canasta_learn.core.i18n import speaking
    >>> table = compare_profiles(lambda p: check_meld("h5 h5 d2 d2", p), ["classic", "cardgames_io"])
    >>> with speaking("pt_BR"):
    ...     shown = table_in_words(table)
    >>> list(shown.columns), shown.index.name, shown.iloc[0, 0]
    (['permitido', 'código', 'por quê'], 'perfil', 'sim')
    """
    words = _heading_words()
    yes, no = pgettext("table value", "True"), pgettext("table value", "False")
    shown: pd.DataFrame = frame.rename(columns=lambda name: words.get(name, name) if isinstance(name, str) else name)
    if (yes, no) != ("True", "False"):
        for column in shown.columns:
            if shown[column].dtype in (bool, object):  # a column of flags, or of mixed settings
                shown[column] = shown[column].map(
                    lambda value: (yes if value else no) if isinstance(value, bool) else value)
    if isinstance(shown.index.name, str):
        shown.index = shown.index.rename(words.get(shown.index.name, shown.index.name))
    return shown

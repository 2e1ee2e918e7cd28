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

from ..core.verdicts import Verdict
from ..profiles import get_profile, profile_names

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["compare_profiles"]


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

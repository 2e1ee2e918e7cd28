"""A teacher's class report: what a class got right and wrong, per skill and per learner, from
the results files the learners handed in (`store.export_results`; progress files are read too).

* `class_report(files)`: a pandas DataFrame, one row per learner and skill practised, with the
  columns ``file``, ``learner``, ``skill``, ``title`` (the skill's title in the language spoken
  now), ``right``, ``wrong``, ``accuracy`` (right / (right + wrong)) and ``box`` (Leitner, 1-5);
* `skill_summary(frame)`: one row per skill, weakest first: ``learners`` who practised it,
  ``right``, ``wrong``, the class ``accuracy`` (all right answers over all answers) and
  ``struggling``, the learners below `STRUGGLING_ACCURACY` on it;
* `plot_weakest_skills(frame)`: a matplotlib bar chart of the class accuracy of the weakest
  skills, titled in the language spoken now.

A file that is not a results file (not JSON, another format, a newer version, missing) raises
`ResultsFileError` naming the file and the fix; pass a list as ``skipped`` to leave such files
out instead, each one's error appended to the list (the command line does this and lists them,
so one unreadable file does not hide the rest of the class). pandas and matplotlib are imported
inside the functions (the ``tables`` and ``lessons`` extras).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.extras import import_pandas, require_extra
from ..core.i18n import gettext
from .skills import SKILLS
from .store import ProgressFileError, load_results

__all__ = ["COLUMNS", "STRUGGLING_ACCURACY", "SUMMARY_COLUMNS", "ResultsFileError", "class_report",
           "column_headers", "plot_weakest_skills", "skill_summary"]

#: The columns of `class_report`'s frame.
COLUMNS = ("file", "learner", "skill", "title", "right", "wrong", "accuracy", "box")
#: The columns of `skill_summary`'s frame.
SUMMARY_COLUMNS = ("skill", "title", "learners", "right", "wrong", "accuracy", "struggling")
#: A learner is struggling with a skill when under this share of their answers to it were right.
STRUGGLING_ACCURACY = 0.5


class ResultsFileError(ProgressFileError):
    """A file handed in that cannot be read as a learner's results (the message names the file
    and the fix)."""


def column_headers() -> dict[str, str]:
    """The columns' headers in the language spoken now (for a printed table or a CSV file)."""
    return {"file": gettext("file"), "learner": gettext("learner"), "skill": gettext("skill"),
            "title": gettext("skill title"), "right": gettext("right"), "wrong": gettext("wrong"),
            "accuracy": gettext("accuracy"), "box": gettext("box"), "learners": gettext("learners"),
            "struggling": gettext("struggling")}


def _read(path: Path) -> Any:
    try:
        return load_results(path)
    except (ProgressFileError, OSError) as error:
        raise ResultsFileError(str(error)) from None


def class_report(files: Iterable[str | os.PathLike[str]], *, skipped: list[str] | None = None) -> Any:
    """A pandas DataFrame of the results in ``files``: one row per learner and skill practised
    (`COLUMNS`), in file order, then skills in teaching order. A learner who left their name
    empty is named after their file (its whole path when several files share a name). Raises
    `ResultsFileError` for an unreadable file, unless ``skipped`` is a list: the file is then
    left out and its error appended. Raises ValueError when no file is given."""
    pandas = import_pandas("class_report()")
    paths = [Path(f) for f in files]
    if not paths:
        raise ValueError(gettext("no results files given: name the files your learners handed in"))
    order = {skill: position for position, skill in enumerate(SKILLS)}
    stems = [path.stem for path in paths]
    rows: list[dict[str, Any]] = []
    for path in paths:
        try:
            results = _read(path)
        except ResultsFileError as error:
            if skipped is None:
                raise
            skipped.append(str(error))
            continue
        # a nameless learner: their file's name, or its whole path when names repeat (nbgrader's
        # submitted/<student>/<assignment>/results.json)
        learner = results.learner.strip() or (path.stem if stems.count(path.stem) == 1 else str(path))
        for skill in sorted(results.skills, key=order.__getitem__):
            record = results.skills[skill]
            if not record.seen:
                continue
            rows.append({"file": str(path), "learner": learner, "skill": skill, "title": SKILLS[skill].title_words,
                         "right": record.right, "wrong": record.wrong, "accuracy": record.right / record.seen,
                         "box": record.box})
    return pandas.DataFrame(rows, columns=list(COLUMNS))


def skill_summary(frame: Any) -> Any:
    """One row per skill of a `class_report` frame (`SUMMARY_COLUMNS`), weakest first (lowest
    class accuracy, then most struggling): the class accuracy is every right answer over every
    answer; ``struggling`` counts the learners under `STRUGGLING_ACCURACY` on the skill."""
    pandas = import_pandas("skill_summary()")
    rows = []
    for skill, group in frame.groupby("skill", sort=False):
        right, wrong = int(group["right"].sum()), int(group["wrong"].sum())
        rows.append({"skill": skill, "title": SKILLS[skill].title_words if skill in SKILLS else skill,
                     "learners": int(group["learner"].count()), "right": right, "wrong": wrong,
                     "accuracy": right / (right + wrong) if right + wrong else 0.0,
                     "struggling": int((group["accuracy"] < STRUGGLING_ACCURACY).sum())})
    summary = pandas.DataFrame(rows, columns=list(SUMMARY_COLUMNS))
    return summary.sort_values(["accuracy", "struggling", "skill"], ascending=[True, False, True],
                               kind="stable").reset_index(drop=True)


def plot_weakest_skills(frame: Any, ax: Any = None, *, count: int = 5) -> Any:
    """A horizontal bar chart of the class accuracy (in %) of the ``count`` weakest skills of a
    `class_report` frame, weakest on top, labelled with the skills' titles in the language spoken
    now; drawn on ``ax`` (a new figure's Axes when None), which is returned."""
    require_extra("lessons", "plot_weakest_skills()", modules=("matplotlib",))
    summary = skill_summary(frame).head(count)
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(8, 1 + 0.5 * max(len(summary), 1)), layout="constrained")
    titles = list(summary["title"])[::-1]
    percent = [100 * value for value in summary["accuracy"]][::-1]
    ax.barh(titles, percent, color="#c0392b")
    ax.set_xlim(0, 100)
    ax.set_xlabel(gettext("answers right (%)"))
    ax.set_title(gettext("The class's weakest skills"))
    return ax

"""The progress file: a learner's practice kept between sessions, written whole or not at all.

Where: `default_path` is ``practice.json`` in platformdirs' user data folder for
``canasta-learn`` when platformdirs can be imported, else ``~/.local/share/canasta-learn``;
`load_progress` and `save_progress` take any other path. In the JupyterLite site (Pyodide,
``sys.platform == "emscripten"``) the kernel's home folder lives in memory and is gone when the
page reloads, so the default there is `LITE_PROGRESS` (``canasta-learn-practice.json``) at the
top of the site's drive, ``/drive``: the folder the kernel mounts over the site's contents,
which JupyterLite keeps in the browser's storage (IndexedDB), where the file browser lists it
and the learner can download it.

The format (JSON, UTF-8) holds the learner's practice and nothing else::

    {
      "format": "canasta-learn-practice",
      "version": 1,
      "learner": "Ana",
      "skills": {
        "meld_validity": {"box": 3, "right": 5, "wrong": 1, "streak": 2, "best_streak": 4,
                          "last_seen": "2026-12-04T04:20:00+00:00"}
      }
    }

``learner`` is the name the learner typed (may be empty); ``skills`` maps a skill id to its
Leitner record (`mastery.SkillMastery`): ``box`` 1-5, whole non-negative counts, ``last_seen``
an ISO 8601 time with its offset or null. Skills this version does not know are kept as they are
(a newer version's skills survive a round trip through an older one).

Saving goes through `core.files.replace_file` (a temporary file beside it, then a rename), so a
crash or Ctrl-C leaves the old file or the new one. A missing file is an empty progress; a file
that is not this format (not JSON, another format, a newer version, a wrong field) raises
`ProgressFileError` naming the file, the problem and the fix, and changes nothing.

**The results file** is what a learner hands in to a teacher (`export_results`, read back by
`load_results`): derived from the progress, it keeps only what a class report needs, the name
the learner typed and, per skill practised, the answers right and wrong, the box and when the
skill was last practised::

    {
      "format": "canasta-learn-results",
      "version": 1,
      "learner": "Ana",
      "skills": {
        "meld_validity": {"right": 5, "wrong": 1, "box": 3, "last_practised": "2026-12-04T04:20:00+00:00"}
      }
    }

A teacher's report (`canasta_learn.practice.report`) reads results files and progress files
alike (a progress file holds the same facts and nothing more personal).
"""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core.files import replace_file
from ..core.i18n import gettext
from .mastery import BOXES, Progress, SkillMastery

__all__ = ["FORMAT", "LITE_DRIVE", "LITE_PROGRESS", "RESULTS_FORMAT", "VERSION", "ProgressFileError", "default_path",
           "export_results", "load_progress", "load_results", "progress_from_json", "progress_to_json",
           "results_from_json", "results_to_json", "save_progress"]

FORMAT = "canasta-learn-practice"
#: The ``format`` marker of a results file (`export_results`).
RESULTS_FORMAT = "canasta-learn-results"
VERSION = 1
#: The JupyterLite site's persistent drive, as the Pyodide kernel mounts it: the site's contents,
#: kept in the browser's storage (IndexedDB) across reloads, unlike the kernel's home folder.
LITE_DRIVE = Path("/drive")
#: The progress file's name at the top of `LITE_DRIVE` (the default under Pyodide).
LITE_PROGRESS = "canasta-learn-practice.json"
_COUNTS = ("right", "wrong", "streak", "best_streak")


class ProgressFileError(ValueError):
    """A progress file that cannot be read as a learner's practice (the message names the file,
    the problem and the fix)."""


def default_path() -> Path:
    """Where the progress is kept by default: ``practice.json`` in the user data folder; in the
    JupyterLite site (Pyodide with the site's drive mounted), `LITE_PROGRESS` at the top of
    `LITE_DRIVE`, which outlives a reload of the page."""
    if sys.platform == "emscripten" and LITE_DRIVE.is_dir():
        return LITE_DRIVE / LITE_PROGRESS
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - platformdirs is a dependency of Jupyter
        return Path.home() / ".local" / "share" / "canasta-learn" / "practice.json"
    return Path(platformdirs.user_data_dir("canasta-learn", appauthor=False)) / "practice.json"


def progress_to_json(progress: Progress) -> dict[str, Any]:
    """The progress as the documented JSON object."""
    skills: dict[str, Any] = dict(progress.other_skills)
    for skill, record in sorted(progress.skills.items()):
        skills[skill] = {"box": record.box, "right": record.right, "wrong": record.wrong, "streak": record.streak,
                         "best_streak": record.best_streak,
                         "last_seen": record.last_seen.isoformat() if record.last_seen else None}
    return {"format": FORMAT, "version": VERSION, "learner": progress.learner, "skills": skills}


def results_to_json(progress: Progress) -> dict[str, Any]:
    """The results file's JSON object for ``progress``: the learner's name and, per skill
    practised, right, wrong, box and last_practised (nothing else)."""
    skills = {skill: {"right": record.right, "wrong": record.wrong, "box": record.box,
                      "last_practised": record.last_seen.isoformat() if record.last_seen else None}
              for skill, record in sorted(progress.skills.items()) if record.seen}
    return {"format": RESULTS_FORMAT, "version": VERSION, "learner": progress.learner, "skills": skills}


def _problem(where: str, problem: str, handed_in: bool = False) -> ProgressFileError:
    if handed_in:  # a teacher reading the results a learner handed in
        return ProgressFileError(gettext("{file} is not a canasta-learn results file: {problem}. Leave it out, or "
                                         "ask its learner to export their results again.").format(
                                             file=where, problem=problem))
    return ProgressFileError(gettext("{file} is not a canasta-learn practice file: {problem}. Choose another "
                                     "file, or move this one away to start afresh.").format(file=where,
                                                                                           problem=problem))


def progress_from_json(data: Any, where: str = "the progress") -> Progress:
    """The progress a JSON object describes; a `ProgressFileError` naming ``where`` when it is
    not the documented format."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _problem(where, gettext("it does not say \"format\": \"{format}\"").format(format=FORMAT))
    return _read(data, where, "last_seen", False)


def results_from_json(data: Any, where: str = "the results") -> Progress:
    """The results (as a `Progress`: streaks unknown, so 0) a results file's JSON object
    describes, or those of a progress file's; a `ProgressFileError` naming ``where`` when it is
    neither."""
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return _read(data, where, "last_seen", True)
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        raise _problem(where, gettext("it does not say \"format\": \"{format}\"").format(format=RESULTS_FORMAT),
                       True)
    return _read(data, where, "last_practised", True)


def _read(data: dict[str, Any], where: str, seen_key: str, handed_in: bool) -> Progress:
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _problem(where, gettext("its version is missing or not a whole number"), handed_in)
    if version > VERSION:
        raise ProgressFileError(gettext("{file} was written by a newer canasta-learn (format version {version}); "
                                        "update canasta-learn to read it.").format(file=where, version=version))
    learner = data.get("learner", "")
    skills = data.get("skills", {})
    if not isinstance(learner, str):
        raise _problem(where, gettext("\"learner\" is not a text"), handed_in)
    if not isinstance(skills, dict):
        raise _problem(where, gettext("\"skills\" is not an object"), handed_in)
    from .skills import SKILLS

    progress = Progress(learner)
    for skill, entry in skills.items():
        if skill in SKILLS:
            progress.skills[skill] = _record(entry, where, skill, seen_key, handed_in)
        else:
            progress.other_skills[skill] = entry
    return progress


def _record(entry: Any, where: str, skill: str, seen_key: str, handed_in: bool) -> SkillMastery:
    if not isinstance(entry, dict):
        raise _problem(where, gettext("the entry of {skill} is not an object").format(skill=skill), handed_in)
    box = entry.get("box")
    if box not in BOXES or isinstance(box, bool):
        raise _problem(where, gettext("the box of {skill} is not 1 to 5").format(skill=skill), handed_in)
    counts = {}
    for name in _COUNTS:
        value = entry.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _problem(where, gettext("{name} of {skill} is not a whole number of 0 or more").format(
                name=name, skill=skill), handed_in)
        counts[name] = value
    seen = entry.get(seen_key)
    last_seen = None
    if seen is not None:
        try:
            last_seen = datetime.fromisoformat(seen) if isinstance(seen, str) else None
        except ValueError:
            last_seen = None
        if last_seen is None or last_seen.tzinfo is None:
            raise _problem(where, gettext("{name} of {skill} is not a time with its offset").format(
                name=seen_key, skill=skill), handed_in)
    return SkillMastery(box=box, last_seen=last_seen, **counts)


def load_progress(path: str | os.PathLike[str] | None = None) -> Progress:
    """The progress kept at ``path`` (default: `default_path`); an empty progress when there is
    no file yet. A file that is not a practice file raises `ProgressFileError`; one that cannot
    be read, `OSError`."""
    target = Path(path) if path is not None else default_path()
    try:
        data = _json_of(target)
    except FileNotFoundError:
        return Progress()
    return progress_from_json(data, str(target))


def _json_of(target: Path, handed_in: bool = False) -> Any:
    try:
        text = target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise _problem(str(target), gettext("it is not UTF-8 text"), handed_in) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise _problem(str(target), gettext("it is not JSON (line {line})").format(line=error.lineno),
                       handed_in) from None


def load_results(path: str | os.PathLike[str]) -> Progress:
    """The results a learner handed in at ``path`` (a results file or a progress file), as a
    `Progress`. A missing file raises `OSError` naming it; a file of neither format,
    `ProgressFileError` naming the file, the problem and the fix."""
    target = Path(path)
    try:
        data = _json_of(target, True)
    except FileNotFoundError:
        raise OSError(gettext("cannot read {path}: there is no such file").format(path=target)) from None
    except IsADirectoryError:
        raise OSError(gettext("cannot read {path}: it is a folder; give a file name").format(path=target)) from None
    return results_from_json(data, str(target))


def export_results(progress: Progress, path: str | os.PathLike[str]) -> Path:
    """Write the results file a learner hands in to a teacher (the documented format above:
    the name they typed and their answers per skill, nothing else) to ``path``, whole or not at
    all (`replace_file`); returns the path written. Raises `OSError` (one sentence) when it
    cannot be written."""
    target = Path(path)
    replace_file(target, json.dumps(results_to_json(progress), ensure_ascii=False, indent=1) + "\n")
    return target


def save_progress(progress: Progress, path: str | os.PathLike[str] | None = None) -> Path:
    """Write ``progress`` to ``path`` (default: `default_path`, whose folder is made if needed),
    whole or not at all (`replace_file`); returns the path written. Raises `OSError` (one
    sentence) when it cannot be written; the old file is then unchanged."""
    target = Path(path) if path is not None else default_path()
    if target == default_path():
        target.parent.mkdir(parents=True, exist_ok=True)
    replace_file(target, json.dumps(progress_to_json(progress), ensure_ascii=False, indent=1) + "\n")
    return target

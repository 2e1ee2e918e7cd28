"""``canasta-learn lessons --student``: the lessons as a course without code, served by Voila.

A learner reads a lesson, looks at its cards and answers its quizzes; the code that makes them
is for the teacher. ``canasta-learn lessons --student [DIR]`` copies the course edition of the
lessons into DIR (default ``./canasta-course``, ``./canasta-course-pt_BR`` for ``--lang pt_BR``)
and serves DIR with Voila, which runs each lesson and shows its text and outputs (cards,
verdicts, widgets, quizzes) but never a line of its code (``--strip_sources=True``), on the
first free port from 8866. The command prints the URL of the course index.

The course edition (`course_files`) is the shipped lessons (`canasta_learn.cli.lessons`) with
a navigation cell (tagged ``course-nav``) at the top and at the bottom of each lesson: the
previous lesson, the course index and the next lesson, by title; and one more notebook,
``course.ipynb``, the index: every lesson's number and title, in order, each a link. Titles and
links speak the chosen language. Files are copied as ``canasta-learn lessons`` copies them
(`write_new_files`): each written whole (a temporary file, then renamed), and a file already
there (a learner's or teacher's copy, perhaps edited) is never overwritten. ``--no-lab`` only
copies; arguments after ``--`` go to Voila.

The teacher's edition, ``canasta-learn lessons`` without ``--student``, opens the same lessons
in JupyterLab with their code (setup cells collapsed, one click opens them).
"""

from __future__ import annotations

import argparse
import copy
import html
import json
from pathlib import Path
from typing import Any

from ..core.files import replace_file
from ..core.i18n import get_language, gettext, normalize_language

__all__ = ["COURSE_INDEX", "DEFAULT_COURSE_DIR", "NAV_TAG", "copy_course", "course_dir", "course_files",
           "lesson_title", "serve_course", "write_new_files"]

#: The course index's file name (beside the lessons).
COURSE_INDEX = "course.ipynb"
#: Where ``lessons --student`` copies the course when no folder is given.
DEFAULT_COURSE_DIR = "canasta-course"
#: The tag of the navigation cells the course edition adds to each lesson.
NAV_TAG = "course-nav"


def course_dir(language: str | None = None) -> str:
    """The default course folder for ``language``: `DEFAULT_COURSE_DIR`, and
    ``DEFAULT_COURSE_DIR-pt_BR`` for the Portuguese edition.

    >>> course_dir("en"), course_dir("pt-BR")
    ('canasta-course', 'canasta-course-pt_BR')
    """
    chosen = get_language() if language is None else normalize_language(language)
    return DEFAULT_COURSE_DIR if chosen == "en" else f"{DEFAULT_COURSE_DIR}-{chosen}"


def lesson_title(name: str, notebook: dict[str, Any]) -> str:
    """``"01 · Cards and melds"``: the lesson's number (from its file ``name``) and the title in
    its ``canasta_learn`` metadata (the file name's words without one)."""
    stem = Path(name).stem
    number, _, words = stem.partition("_")
    title = str(notebook.get("metadata", {}).get("canasta_learn", {}).get("title") or words.replace("_", " "))
    return f"{number} · {title}"


def _link(text: str, target: str) -> str:
    """A Markdown link whose text is HTML-escaped (and its brackets, which Markdown reads)."""
    shown = html.escape(text).replace("[", "&#91;").replace("]", "&#93;")
    return f"[{shown}]({target})"


def _markdown_cell(cell_id: str, text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {"tags": [NAV_TAG]}, "source": text}


def _nav(previous: tuple[str, str] | None, following: tuple[str, str] | None) -> str:
    """The navigation line: previous lesson, the index, next lesson (each a link)."""
    parts = []
    if previous is not None:
        parts.append(_link(gettext("‹ Previous: {lesson}").format(lesson=previous[1]), previous[0]))
    parts.append(_link(gettext("Course index"), COURSE_INDEX))
    if following is not None:
        parts.append(_link(gettext("Next: {lesson} ›").format(lesson=following[1]), following[0]))
    return " · ".join(parts)


def course_files(language: str | None = None) -> dict[str, bytes]:
    """The course edition in ``language`` (default: the language spoken now): file name ->
    content, the index `COURSE_INDEX` first, then every lesson with its navigation cells."""
    from .lessons import lesson_names, lessons_dir

    folder = lessons_dir(language)
    names = lesson_names(language)
    notebooks = {name: json.loads((folder / name).read_text(encoding="utf-8")) for name in names}
    titles = [(name, lesson_title(name, notebooks[name])) for name in names]
    heading = gettext("Canasta: the course")
    note = gettext("Read each lesson from the top: its cards, tables and quizzes are ready, and the "
                   "code that makes them stays out of the way. To change the code and run your own, "
                   "open the lessons in JupyterLab: canasta-learn lessons.")
    items = "\n".join(f"- {_link(title, name)}" for name, title in titles)
    index = {
        "cells": [_markdown_cell("course-index", f"# {html.escape(heading)}\n\n{html.escape(note)}\n\n{items}\n")],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                    "language": "python"},
                     "language_info": {"name": "python"},
                     "canasta_learn": {"course": True, "language": get_language() if language is None
                                       else normalize_language(language)}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    files = {COURSE_INDEX: (json.dumps(index, indent=1, ensure_ascii=False) + "\n").encode("utf-8")}
    edition_note = "*" + html.escape(gettext("The course edition: the code runs for you and is not shown.")) + "*"
    for position, name in enumerate(names):
        previous = titles[position - 1] if position > 0 else None
        following = titles[position + 1] if position + 1 < len(titles) else None
        notebook = copy.deepcopy(notebooks[name])
        navigation = _nav(previous, following)
        notebook["cells"] = [_markdown_cell("course-top", f"{navigation}\n\n{edition_note}"),
                             *notebook["cells"], _markdown_cell("course-bottom", navigation)]
        notebook.setdefault("metadata", {}).setdefault("canasta_learn", {})["course"] = True
        files[name] = (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    return files


def write_new_files(dest: Path, files: dict[str, bytes]) -> tuple[list[Path], list[Path]]:
    """Write each of ``files`` (name -> content) into ``dest`` unless a file of that name is
    already there, each whole (`replace_file`: never a cut-short file).

    Returns ``(written, kept)``: nothing already there is overwritten.
    """
    if dest.exists() and not dest.is_dir():
        raise NotADirectoryError(gettext("{path} exists and is not a folder").format(path=dest))
    dest.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    kept: list[Path] = []
    for name, content in files.items():
        target = dest / name
        if target.exists() or target.is_symlink():
            kept.append(target)
        else:
            replace_file(target, content)
            written.append(target)
    return written, kept


def copy_course(dest: Path, language: str | None = None) -> tuple[list[Path], list[Path]]:
    """Copy the course edition (`course_files`) in ``language`` into ``dest``, never
    overwriting a file already there; returns ``(copied, kept)``."""
    return write_new_files(dest, course_files(language))


def serve_course(folder: Path, extra: list[str]) -> int:
    """Serve the course in ``folder`` with Voila (no code shown) until it stops; print the
    index's URL."""
    from .play import serve_with_voila

    arguments = argparse.Namespace(voila_args=extra)
    return serve_with_voila(folder, arguments,
                            gettext("Serving the course at {url} with Voila (Ctrl+C to stop)."),
                            page=f"voila/render/{COURSE_INDEX}")

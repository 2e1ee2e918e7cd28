"""The course without code in a real browser (issue 25): ``canasta-learn lessons --student``.

The real command copies the course and serves it with Voila; the browser opens the index, then
lesson 01 through its link: the page shows the lesson's text, its navigation and a working quiz,
and not one line of the lesson's code. In English and in Brazilian Portuguese.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from harness import ConsoleLog, free_port, isolated_env, log_tail, stop_group, wait_for_port
from playwright.sync_api import Page, expect

import canasta_learn

PACKAGE_ROOT = Path(canasta_learn.__file__).resolve().parents[1]
LESSON = "01_cards_and_melds.ipynb"
NEXT = "02_frozen_and_blocked_piles.ipynb"
WAIT_MS = 120_000  # Voila runs the whole lesson before the page is complete


@dataclass
class Course:
    """A course served by ``canasta-learn lessons --student``."""

    base_url: str
    folder: Path
    language: str


@pytest.fixture(scope="module", params=["en", "pt_BR"])
def course(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Course]:
    import subprocess

    language: str = request.param
    home = tmp_path_factory.mktemp(f"course-{language}")
    folder = home / "course"
    port = free_port()
    log = home / "course.log"
    env = isolated_env(home)
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    env["CANASTA_LEARN_LANG"] = "en"  # the language comes from --lang
    command = [sys.executable, "-m", "canasta_learn.cli", "lessons", "--student", "--lang", language, str(folder),
               "--", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, cwd=home, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_port(port, proc, log)
        printed = log.read_text(errors="replace")
        assert f"http://127.0.0.1:{port}/voila/render/course.ipynb" in printed, log_tail(log)
        yield Course(f"http://127.0.0.1:{port}", folder, language)
    finally:
        stop_group(proc)


def _code_lines(path: Path) -> list[str]:
    """The lines of the lesson's code cells that could be told from output: statements with a
    call, an assignment or an import (quoted card lists alone could be output too)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for line in source.splitlines():
            line = line.strip()
            if len(line) >= 12 and (line.startswith(("from ", "import ", "def ", "#")) or "(" in line
                                    or " = " in line):
                lines.append(line)
    return lines


def test_student_course_page_shows_the_lesson_and_a_quiz_but_no_code(course: Course, page: Page,
                                                                     page_console: ConsoleLog) -> None:
    # leaving a page (the index, for a lesson) makes Voila ask to shut the old page's kernel
    # down, which it refuses (403) once the page is gone: not an error of the page
    page_console.ignore(r"403 \(Forbidden\) \(http://127\.0\.0\.1:\d+/voila/api/shutdown/")
    portuguese = course.language == "pt_BR"
    page.goto(f"{course.base_url}/voila/render/course.ipynb")
    expect(page.locator("h1").first).to_contain_text("Canastra: o curso" if portuguese else "Canasta: the course")
    title = "01 · Cartas e combinações" if portuguese else "01 · Cards and melds"
    page.get_by_role("link", name=title).click()
    page.wait_for_url(f"**/voila/render/{LESSON}", timeout=WAIT_MS)
    quiz_set = page.locator(".cl-quiz-set")
    expect(quiz_set).to_be_visible(timeout=WAIT_MS)
    # the lesson's text: its title heading and a sentence of its first section
    lesson = json.loads((course.folder / LESSON).read_text(encoding="utf-8"))
    heading = next(c for c in lesson["cells"] if c["cell_type"] == "markdown"
                   and "".join(c["source"]).startswith("# "))
    first_line = "".join(heading["source"]).splitlines()[0][2:]
    expect(page.locator("h1", has_text=first_line)).to_have_count(1)
    # a quiz that answers: the first question's first choice, then its feedback
    quiz = quiz_set.locator(".cl-quiz").first
    quiz.locator(".cl-quiz-choice").first.click()
    expect(quiz.locator(".cl-quiz-banner")).to_be_visible()
    expect(quiz.get_by_role("button", name="Sim" if portuguese else "Yes", exact=True)).to_be_visible()
    # no code: no input area of a code cell, and no line of the lesson's code in the page's text
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)
    expect(page.locator(".jp-CodeMirrorEditor, .cm-editor")).to_have_count(0)
    text = page.locator("body").inner_text()
    code = _code_lines(course.folder / LESSON)
    assert len(code) > 20  # the lesson has code to hide
    shown = [line for line in code if line in text]
    assert shown == [], shown
    # the navigation: the course index and the next lesson, by title, in the lesson's language
    expect(page.get_by_role("link", name="Índice do curso" if portuguese else "Course index").first).to_be_visible()
    following = "Próxima: 02 · " if portuguese else "Next: 02 · "
    link = page.get_by_role("link", name=following).first
    expect(link).to_have_attribute("href", NEXT)

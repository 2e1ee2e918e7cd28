"""``canasta-learn lessons --student``: the lessons as a course without code in Voila (issue 25).

The command copies the course edition (an index and every lesson with next / previous links)
as ``lessons`` copies the lessons, never over a file already there, and serves the folder with
Voila, sources stripped. Serving is checked in a real browser in
tests/browser/test_course_browser.py; here the copy, the links and the command line.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import pytest

from canasta_learn.cli import main
from canasta_learn.cli import play as cli_play
from canasta_learn.cli.course import COURSE_INDEX, NAV_TAG, course_files, lesson_title
from canasta_learn.cli.lessons import lesson_names, lessons_dir, pop_student

LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")


def _read(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def _links(cell: dict[str, Any]) -> list[tuple[str, str]]:
    return [(text, target) for text, target in LINK.findall(cell["source"])]


@pytest.mark.parametrize(("argv", "language", "first_title"), [
    (["lessons", "--student", "--no-lab"], "en", "00 · Start here"),
    (["--lang", "pt_BR", "lessons", "--student", "--no-lab"], "pt_BR", "00 · Comece aqui"),
    (["lessons", "--no-lab", "--student", "--lang", "pt-BR"], "pt_BR", "00 · Comece aqui"),
])
def test_the_course_index_lists_every_lesson_in_order_in_the_chosen_language(
        argv: list[str], language: str, first_title: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "course"
    assert main([*argv, str(folder)]) == 0
    names = lesson_names(language)
    assert sorted(p.name for p in folder.iterdir()) == sorted([COURSE_INDEX, *names])
    (index,) = _read(folder / COURSE_INDEX)["cells"]
    links = _links(index)
    assert [target for _, target in links] == names
    shipped = lessons_dir(language)
    assert [text for text, _ in links] == [lesson_title(n, _read(shipped / n)) for n in names]
    assert links[0][0] == first_title
    heading = index["source"].splitlines()[0]
    assert heading == ("# Canastra: o curso" if language == "pt_BR" else "# Canasta: the course")
    out = capsys.readouterr().out
    assert re.search(rf"\b{len(names) + 1}\b", out) and str(folder) in out
    assert out.startswith("Curso em" if language == "pt_BR" else "Course in")


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_each_course_lesson_links_its_neighbours_and_keeps_every_cell(language: str) -> None:
    files = course_files(language)
    names = lesson_names(language)
    assert list(files) == [COURSE_INDEX, *names]
    shipped = {name: _read(lessons_dir(language) / name) for name in names}
    titles = {name: lesson_title(name, shipped[name]) for name in names}
    for position, name in enumerate(names):
        notebook = json.loads(files[name])
        top, *cells, bottom = notebook["cells"]
        assert cells == shipped[name]["cells"]  # the lesson itself, untouched
        assert NAV_TAG in top["metadata"]["tags"] and NAV_TAG in bottom["metadata"]["tags"]
        expected = []
        if position > 0:
            expected.append(names[position - 1])
        expected.append(COURSE_INDEX)
        if position + 1 < len(names):
            expected.append(names[position + 1])
        for nav in (top, bottom):
            links = _links(nav)
            assert [target for _, target in links] == expected, name
            if position + 1 < len(names):
                assert titles[names[position + 1]] in links[-1][0]
        assert notebook["metadata"]["canasta_learn"]["course"] is True


def test_course_copy_never_overwrites_a_file_already_there(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    mine = folder / "01_cards_and_melds.ipynb"
    mine.write_text('{"cells": [], "my notes": 1}', encoding="utf-8")
    (folder / COURSE_INDEX).write_text("my own index", encoding="utf-8")
    assert main(["lessons", "--student", "--no-lab", str(folder)]) == 0
    assert mine.read_text(encoding="utf-8") == '{"cells": [], "my notes": 1}'
    assert (folder / COURSE_INDEX).read_text(encoding="utf-8") == "my own index"
    assert "2 already there" in capsys.readouterr().out
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert main(["lessons", "--student", "--no-lab", str(folder)]) == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert "0 files copied" in capsys.readouterr().out
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_course_into_a_file_fails_in_one_line_and_changes_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("mine", encoding="utf-8")
    assert main(["lessons", "--student", "--no-lab", str(target)]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "mine"


def test_student_serves_the_course_folder_with_voila_sources_stripped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --no-lab the command serves the folder with Voila (--strip_sources=True), passes
    the arguments after -- to Voila, and prints the index's URL."""
    pytest.importorskip("voila")
    started: list[list[str]] = []

    class Finished:
        def __init__(self, command: list[str]) -> None:
            started.append(command)

        def wait(self) -> int:
            return 0

    monkeypatch.setattr(cli_play.subprocess, "Popen", Finished)
    folder = tmp_path / "course"
    assert main(["lessons", "--student", str(folder), "--", "--port", "8899", "--student"]) == 0
    (command,) = started
    assert command[1:4] == ["-m", "voila", str(folder.resolve())]
    assert "--strip_sources=True" in command
    assert command[-4:] == ["--port", "8899", "--student", "--Voila.port_retries=0"]  # after --: Voila's
    assert "http://localhost:8899/voila/render/course.ipynb" in capsys.readouterr().out


def test_without_student_the_teachers_edition_is_copied_with_its_code(tmp_path: Path) -> None:
    assert main(["lessons", "--no-lab", str(tmp_path / "teacher")]) == 0
    copied = sorted(p.name for p in (tmp_path / "teacher").iterdir())
    assert copied == lesson_names("en")  # no course index, no navigation cells
    first = _read(tmp_path / "teacher" / copied[1])
    assert first == _read(lessons_dir("en") / copied[1])


def test_pop_student_leaves_voilas_arguments_alone() -> None:
    assert pop_student(["--student", "DIR", "--", "--student"]) == (True, ["DIR", "--", "--student"])
    assert pop_student(["DIR"]) == (False, ["DIR"])


def test_serve_with_voila_prints_the_page_it_serves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    class Finished:
        def __init__(self, command: list[str]) -> None:
            self.command = command

        def wait(self) -> int:
            return 0

    monkeypatch.setattr(cli_play.subprocess, "Popen", Finished)
    args = argparse.Namespace(voila_args=["--", "--port=8898"])
    assert cli_play.serve_with_voila(tmp_path, args, "at {url}", page="voila/render/x.ipynb") == 0
    assert capsys.readouterr().out.strip() == "at http://localhost:8898/voila/render/x.ipynb"

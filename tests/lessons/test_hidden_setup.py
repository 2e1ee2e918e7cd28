"""No wall of code on a learner's screen (issue 25): the lessons hide the code a learner need not read.

A teacher tags the cells (``setup``, ``hide-input``; ``quiz`` cells are hidden too, ``show-input``
keeps one visible) in the MyST sources; ``scripts/build_lessons.py`` writes for each the
metadata JupyterLab honours (``jupyter.source_hidden``: the input collapsed) and the
``hide-input`` tag of Jupyter Book and nbconvert. These tests read the stored notebooks of both
editions and build small sources of their own.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = {"en": ROOT / "canasta_learn" / "lessons", "pt_BR": ROOT / "canasta_learn" / "lessons" / "pt_BR"}
LESSONS = sorted(p.name for p in EDITIONS["en"].glob("[0-9][0-9]_*.ipynb"))
#: The lesson for teachers: its code is what it teaches.
TEACHERS_LESSON = "08_for_teachers.ipynb"
#: The longest code cell a learner meets outside the teachers' lesson, in lines.
LONGEST_VISIBLE_CELL = 10


def _build_lessons() -> Any:
    spec = importlib.util.spec_from_file_location("build_lessons", ROOT / "scripts" / "build_lessons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _code_cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "code"]


def _hidden(cell: dict[str, Any]) -> bool:
    return bool(cell["metadata"].get("jupyter", {}).get("source_hidden"))


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell["metadata"].get("tags", []))


def _lines(cell: dict[str, Any]) -> int:
    source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    return len(source.splitlines())


def visible_code_lines(path: Path) -> tuple[int, int]:
    """(code lines a learner sees, code lines hidden) in the notebook at ``path``."""
    cells = _code_cells(path)
    return (sum(_lines(c) for c in cells if not _hidden(c)), sum(_lines(c) for c in cells if _hidden(c)))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", LESSONS)
def test_every_setup_helper_and_quiz_cell_is_collapsed_and_tagged_hide_input(edition: str, name: str) -> None:
    cells = _code_cells(EDITIONS[edition] / name)
    for cell in cells:
        tags = _tags(cell)
        should_hide = "show-input" not in tags and bool({"setup", "hide-input", "quiz"} & set(tags))
        assert _hidden(cell) == should_hide, (name, cell["id"], tags)
        if should_hide:
            assert "hide-input" in tags, (name, cell["id"], tags)
            assert cell["metadata"]["jupyter"] == {"source_hidden": True}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_hides_its_setup_and_shows_its_answers_and_sandbox(edition: str, name: str) -> None:
    """Every lesson hides code (its setup at least); the answer cells and the last cell (the
    "Try it yourself" sandbox) stay readable: they teach by their code."""
    cells = _code_cells(EDITIONS[edition] / name)
    assert any(_hidden(c) and "setup" in _tags(c) for c in cells), name
    assert not any(_hidden(c) for c in cells if "solution" in _tags(c)), name
    assert not _hidden(cells[-1]), name


@pytest.mark.parametrize("name", [n for n in LESSONS if n != TEACHERS_LESSON])
def test_a_learner_meets_no_long_code_cell_and_less_than_two_thirds_of_the_code(name: str) -> None:
    """Outside the teachers' lesson, no visible code cell is longer than ten lines, and most of
    a lesson's code lines are hidden or it shows little code at all."""
    cells = _code_cells(EDITIONS["en"] / name)
    longest = max(_lines(c) for c in cells if not _hidden(c))
    assert longest <= LONGEST_VISIBLE_CELL, (name, longest)
    visible, hidden = visible_code_lines(EDITIONS["en"] / name)
    assert visible < 2 * (visible + hidden) / 3, (name, visible, hidden)


def test_the_editions_hide_the_same_cells() -> None:
    """The Portuguese edition hides the English edition's cells, plus its own language cell."""
    for name in LESSONS:
        english = {c["id"] for c in _code_cells(EDITIONS["en"] / name) if _hidden(c)}
        portuguese = {c["id"] for c in _code_cells(EDITIONS["pt_BR"] / name) if _hidden(c)}
        assert portuguese == english | {f"{name[:2]}-pt-BR"}, name


def test_the_teachers_lesson_shows_how_a_quiz_is_written() -> None:
    cells = _code_cells(EDITIONS["en"] / TEACHERS_LESSON)
    quiz = [c for c in cells if "quiz" in _tags(c)]
    assert quiz and all("show-input" in _tags(c) and not _hidden(c) for c in quiz)


def test_build_hides_tagged_cells_from_a_source_and_keeps_others(tmp_path: Path) -> None:
    pytest.importorskip("jupytext")
    source = tmp_path / "99_demo.md"
    fence = "`" * 3
    source.write_text(
        "---\ncanasta_learn:\n  title: Demo\nkernelspec:\n  display_name: Python 3 (ipykernel)\n"
        "  language: python\n  name: python3\n---\n\n# Demo\n\n"
        f"{fence}{{code-cell}} ipython3\n:tags: [setup]\n\nimport canasta_learn\n{fence}\n\n"
        f"{fence}{{code-cell}} ipython3\n:tags: [check-x, hide-input]\n\nx = 1\n{fence}\n\n"
        f"{fence}{{code-cell}} ipython3\n:tags: [quiz]\n\nq = 2\n{fence}\n\n"
        f"{fence}{{code-cell}} ipython3\n:tags: [quiz, show-input]\n\nq = 3\n{fence}\n\n"
        f"{fence}{{code-cell}} ipython3\nx + 1\n{fence}\n", encoding="utf-8")
    nb = _build_lessons().to_notebook(source)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.metadata.get("jupyter", {}).get("source_hidden", False) for c in code] == [
        True, True, True, False, False]
    assert [c.metadata.get("tags", []) for c in code] == [
        ["setup", "hide-input"], ["check-x", "hide-input"], ["quiz", "hide-input"], ["quiz", "show-input"], []]
    assert [c.source for c in code] == ["import canasta_learn", "x = 1", "q = 2", "q = 3", "x + 1"]


def test_a_cell_collapsed_in_jupyterlab_stays_hidden_through_its_lesson_source(tmp_path: Path) -> None:
    """notebook_to_lesson writes ``hide-input`` for a code cell a teacher collapsed in JupyterLab,
    so the lesson built from that source hides it too."""
    pytest.importorskip("jupytext")
    import nbformat

    spec = importlib.util.spec_from_file_location("notebook_to_lesson", ROOT / "scripts" / "notebook_to_lesson.py")
    assert spec is not None and spec.loader is not None
    to_lesson = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(to_lesson)
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["canasta_learn"] = {"title": "Demo"}
    collapsed = nbformat.v4.new_code_cell("helper = 1")
    collapsed.metadata["jupyter"] = {"source_hidden": True}
    notebook.cells = [nbformat.v4.new_markdown_cell("# Demo"), collapsed, nbformat.v4.new_code_cell("helper")]
    source = tmp_path / "99_demo.md"
    source.write_text(to_lesson.to_myst(notebook), encoding="utf-8")
    built = [c for c in _build_lessons().to_notebook(source).cells if c.cell_type == "code"]
    assert [c.metadata.get("jupyter", {}).get("source_hidden", False) for c in built] == [True, False]


def _cell_segments(page: str) -> dict[str, str]:
    """The HTML of each cell of an nbconvert page, by cell id."""
    import re

    starts = [(m.start(), m.group(1)) for m in re.finditer(r'id="cell-id=([^"]+)"', page)]
    return {cell_id: page[start:(starts[n + 1][0] if n + 1 < len(starts) else len(page))]
            for n, (start, cell_id) in enumerate(starts)}


@pytest.mark.parametrize("student", [True, False])
def test_export_student_pages_leave_out_hidden_inputs_and_keep_their_outputs(student: bool) -> None:
    """``export --student`` writes a hidden cell's output without its code; the teacher's export
    (no --student) keeps every input."""
    pytest.importorskip("nbconvert")
    import nbformat

    from canasta_learn.cli import export as cli_export

    nb = nbformat.v4.new_notebook()
    setup = nbformat.v4.new_code_cell("import secret_helper", metadata={"tags": ["setup", "hide-input"]})
    setup.outputs = [nbformat.v4.new_output("stream", text="setup output shown\n")]
    shown = nbformat.v4.new_code_cell("visible_call()")
    shown.outputs = [nbformat.v4.new_output("stream", text="visible output\n")]
    setup.id, shown.id = "setup-cell", "shown-cell"
    nb.cells = [setup, shown]
    page_nb = cli_export.static_notebook(nb, student=student)
    body, _ = cli_export._exporter("html").from_notebook_node(page_nb, resources={"metadata": {"name": "t"}})
    cells = _cell_segments(body)
    assert "setup output shown" in cells["setup-cell"] and "visible output" in cells["shown-cell"]
    assert ("jp-InputArea" in cells["setup-cell"]) == (not student)
    assert ("secret_helper" in cells["setup-cell"]) == (not student)
    assert "jp-InputArea" in cells["shown-cell"] and "visible_call" in cells["shown-cell"]
    assert "transient" not in nb.cells[0].metadata  # the original is untouched

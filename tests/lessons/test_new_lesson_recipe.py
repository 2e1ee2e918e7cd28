"""Lesson 08's recipe for a new lesson, followed literally on a fresh copy of the repository:
run the lesson's cell that writes the example lesson, run its shell blocks (the path it printed
in place of the placeholder), translate the new messages as the recipe says, add the README row
and the test list entry; then the lesson builds in both editions, passes the lessons' structure
checks, and runs top to bottom in English and in Portuguese."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "lessons" / "08_for_teachers.md"
NEW = "13_taking_the_pile"


def fresh_copy(target: Path) -> Path:
    """The repository's tracked files as they are now (what a clone of this state holds)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def recipe_parts() -> tuple[str, list[str]]:
    """The code of the cell that writes the new lesson, and the recipe's bash blocks, in order."""
    notebook = jupytext.read(RECIPE, fmt="md:myst")
    (cell,) = [c for c in notebook.cells if "check-new-lesson" in c.metadata.get("tags", [])]
    blocks = re.findall(r"^```bash\n(.*?)^```", RECIPE.read_text(encoding="utf-8"), re.M | re.S)
    return cell.source, [b for b in blocks if "canasta-learn export" not in b]


def run_block(block: str, cwd: Path, env: dict[str, str]) -> None:
    result = subprocess.run(["bash", "-e", "-c", block], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, f"{block}\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"


def translate_the_new_messages(po: Path) -> int:
    """What the recipe asks of the teacher: fill every empty msgstr (here with the English text
    marked, as a stand-in for a translation). Returns how many were filled."""
    from babel.messages.pofile import read_po, write_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    filled = 0
    for message in catalog:
        if message.id and not message.string:
            message.string = f"(pt) {message.id}" if not message.context else message.id
            filled += 1
    with po.open("wb") as handle:
        write_po(handle, catalog, width=0, sort_output=False, ignore_obsolete=True)
    return filled


@pytest.mark.slow
def test_lesson_08s_recipe_adds_a_lesson_end_to_end(tmp_path: Path) -> None:
    repo = fresh_copy(tmp_path / "clone")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(repo)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["TMPDIR"] = str(tmp_path)  # where the cell's temporary folder goes
    code, blocks = recipe_parts()
    assert len(blocks) == 2, blocks
    elsewhere = tmp_path / "notebook-folder"
    elsewhere.mkdir()
    written = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True,
                             text=True, timeout=120)
    assert written.returncode == 0, written.stderr
    assert list(elsewhere.iterdir()) == []  # nothing beside the notebook
    path = re.findall(r"^Written to (.+)$", written.stdout, re.M)[-1]

    first = blocks[0].replace("/tmp/canasta-new-lesson-XXXXXXXX/13_taking_the_pile.md", path)
    assert path in first
    run_block(first, repo, env)
    assert (repo / "lessons" / f"{NEW}.md").is_file()
    po = repo / "canasta_learn" / "locale" / "pt_BR" / "LC_MESSAGES" / "lessons.po"
    assert translate_the_new_messages(po) > 0
    run_block(blocks[1], repo, env)

    readme = repo / "README.md"
    rows = [line for line in readme.read_text(encoding="utf-8").splitlines()
            if line.startswith("| [12_strategy](notebooks/12_strategy.ipynb)")]
    (row,) = rows
    readme.write_text(readme.read_text(encoding="utf-8").replace(
        row, row + "\n" + row.replace("12_strategy", NEW)), encoding="utf-8")
    tests = repo / "tests" / "lessons" / "test_lessons.py"
    tests.write_text(tests.read_text(encoding="utf-8").replace(
        '    "12_strategy.ipynb",\n]', f'    "12_strategy.ipynb",\n    "{NEW}.ipynb",\n]', 1), encoding="utf-8")

    for built in (repo / "notebooks" / f"{NEW}.ipynb", repo / "notebooks" / "pt_BR" / f"{NEW}.ipynb",
                  repo / "canasta_learn" / "lessons" / f"{NEW}.ipynb"):
        assert built.is_file(), built
    checks = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/lessons/test_lessons.py",
         "-m", "not slow", "-k",
         f"thirteen_lessons_exist or up_to_date or readme_lists or {NEW} or packaged_lessons_are_identical"],
        cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert checks.returncode == 0 and " passed" in checks.stdout, checks.stdout[-3000:] + checks.stderr[-2000:]
    # the list, the build, the README row, the round trip and the structure of the new lesson, the package copy
    assert "6 passed" in checks.stdout, checks.stdout

    from nbclient import NotebookClient

    for notebook in (repo / "notebooks" / f"{NEW}.ipynb", repo / "notebooks" / "pt_BR" / f"{NEW}.ipynb"):
        nb = nbformat.read(str(notebook), as_version=4)
        old = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = str(repo)  # the kernel imports the copy
        try:
            NotebookClient(nb, timeout=180, kernel_name="python3",
                           resources={"metadata": {"path": str(tmp_path)}}).execute()
        finally:
            if old is None:
                os.environ.pop("PYTHONPATH")
            else:
                os.environ["PYTHONPATH"] = old
        errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
        assert errors == [], notebook

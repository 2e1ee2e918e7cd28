"""The repository's address lives in one place (pyproject.toml's ``Source``), every link to the
project agrees with it, and publishing is one command, ``scripts/set_repository.py owner/name``,
tried here on a copy of the project's files."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "set_repository.py"


def load_script() -> Any:
    spec = importlib.util.spec_from_file_location("set_repository", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["set_repository"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


sr = load_script()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def copy_of_the_project(target: Path) -> Path:
    """The files that hold links to the project, and pyproject.toml, as they are now."""
    for path in [*sr.project_files(ROOT), ROOT / "pyproject.toml"]:
        rel = path.relative_to(ROOT)
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / rel)
    return target


def snapshot(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8") for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_every_link_to_the_project_names_the_address_in_pyproject() -> None:
    result = run("--check")
    assert result.returncode == 0, result.stderr
    owner, name = sr.current_address()
    assert f"all to {owner}/{name}" in result.stdout


def test_the_links_are_found_in_every_form_the_project_uses() -> None:
    """The README's clone line, its Binder links (one per lesson and the badges), the Pages
    addresses (docs/jupyterlite.md), the classroom guide's nbgitpuller link and install lines, the package's URLs
    and the changelog's link are all seen (so none can be missed by the check)."""
    links = sr.links()
    by_file: dict[str, set[str]] = {}
    for link in links:
        by_file.setdefault(link.path, set()).add(link.kind)
    assert by_file["README.md"] == {"github", "binder"}
    assert by_file["docs/jupyterlite.md"] == {"pages"}
    assert by_file["README.pt-BR.md"] == {"github", "binder"}
    assert by_file["docs/classroom.md"] == {"github", "encoded", "nbgitpuller folder"}
    assert by_file["pyproject.toml"] == {"github", "pages"}
    assert by_file["CHANGELOG.md"] == {"github"}
    binder = [link for link in links if link.path == "README.md" and link.kind == "binder"]
    lessons = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.md"))
    assert len(binder) == len(lessons) + 2  # a launch link per lesson, the two badges


def test_a_link_to_another_address_is_named_by_the_check(tmp_path: Path) -> None:
    copy = copy_of_the_project(tmp_path / "copy")
    guide = copy / "docs" / "classroom.md"
    guide.write_text(guide.read_text(encoding="utf-8") + "\nSee https://github.com/OWNER/REPO2/issues.\n",
                     encoding="utf-8")
    result = run("--check", "--root", str(copy))
    assert result.returncode == 1
    assert "docs/classroom.md:" in result.stderr and "github link to OWNER/REPO2" in result.stderr


def test_publishing_is_one_command_that_rewrites_every_link(tmp_path: Path) -> None:
    from canasta_learn.cli.classroom import classroom_link

    copy = copy_of_the_project(tmp_path / "copy")
    before = sr.links(copy)
    result = run("Someone/canasta_learn", "--root", str(copy))
    assert result.returncode == 0, result.stderr
    assert sr.current_address(copy) == ("Someone", "canasta_learn")
    assert sr.disagreements(copy) == []
    after = sr.links(copy)
    assert [(a.path, a.kind) for a in after] == [(b.path, b.kind) for b in before]
    assert {(a.owner, a.name) for a in after if a.kind not in ("pages", "nbgitpuller folder")} == {
        ("Someone", "canasta_learn")}
    readme = (copy / "README.md").read_text(encoding="utf-8")
    # the placeholder and the notes that held only until now are gone; the rest is as it was
    assert "OWNER" not in readme and "REPO" not in readme and "unpublished" not in readme
    assert "Not published yet" not in readme and "Ainda não publicado" not in (copy / "README.pt-BR.md").read_text(
        encoding="utf-8")
    assert readme.startswith("# canasta_learn\n\nLearn **Classic partnership Canasta**")
    assert "git clone https://github.com/Someone/canasta_learn.git canasta_learn" in readme
    assert ("https://mybinder.org/v2/gh/Someone/canasta_learn/HEAD?urlpath=lab/tree/notebooks/"
            "02_frozen_and_blocked_piles.ipynb") in readme
    assert "https://someone.github.io/canasta_learn/lab/" in (copy / "docs" / "jupyterlite.md").read_text(
        encoding="utf-8")
    guide = (copy / "docs" / "classroom.md").read_text(encoding="utf-8")
    assert "OWNER" not in guide and "unpublished" not in guide
    link = classroom_link("https://hub.example.edu", "02_frozen_and_blocked_piles",
                          repo="https://github.com/Someone/canasta_learn", branch="main")
    assert f"```text\n{link}\n```" in guide  # what the command prints for the new address
    pyproject = (copy / "pyproject.toml").read_text(encoding="utf-8")
    assert 'Source = "https://github.com/Someone/canasta_learn"' in pyproject
    assert 'Lessons = "https://someone.github.io/canasta_learn/lab/"' in pyproject
    # the files outside the links are byte for byte what they were
    original = snapshot(copy_of_the_project(tmp_path / "again"))
    changed = {path for path, text in snapshot(copy).items() if original[path] != text}
    assert changed == {"README.md", "README.pt-BR.md", "docs/classroom.md", "docs/jupyterlite.md", "docs/lessons.md",
                       "pyproject.toml", "CHANGELOG.md"}

    # a second move, to another repository, works the same from the published address
    assert run("someone-else/canasta-learn", "--root", str(copy)).returncode == 0
    assert sr.disagreements(copy) == [] and sr.current_address(copy) == ("someone-else", "canasta-learn")
    assert "Someone" not in "".join(snapshot(copy).values())


@pytest.mark.parametrize("address", ["canasta_learn", "git@github.com:o/r.git", "https://gitlab.com/o/r", "o/r/x"])
def test_a_wrong_address_is_refused_and_nothing_changes(address: str, tmp_path: Path) -> None:
    copy = copy_of_the_project(tmp_path / "copy")
    before = snapshot(copy)
    result = run(address, "--root", str(copy))
    assert result.returncode == 2
    assert "not a GitHub repository" in result.stderr and "owner/name" in result.stderr
    assert snapshot(copy) == before


def test_a_link_that_already_disagrees_stops_the_rewrite(tmp_path: Path) -> None:
    """It would be left behind: the command names it and changes nothing."""
    copy = copy_of_the_project(tmp_path / "copy")
    readme = copy / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace(
        "mybinder.org/v2/gh/OWNER/REPO/HEAD?urlpath=lab/tree/notebooks/04_scoring",
        "mybinder.org/v2/gh/OWNER/REPOS/HEAD?urlpath=lab/tree/notebooks/04_scoring"), encoding="utf-8")
    before = snapshot(copy)
    result = run("someone/canasta_learn", "--root", str(copy))
    assert result.returncode == 2
    assert "README.md:" in result.stderr and "binder link to OWNER/REPOS" in result.stderr
    assert snapshot(copy) == before


def test_until_published_the_readme_opens_with_how_to_run_everything_locally() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    if sr.current_address() != tuple(sr.PLACEHOLDER.split("/")):
        assert "<!-- unpublished -->" not in readme
        return
    top = readme[:readme.index("\n## ")]
    note = re.search(r"<!-- unpublished -->\n(.*?)<!-- /unpublished -->", top, re.S)
    assert note is not None
    text = note.group(1)
    for command in ("bash scripts/lessons.sh", "bash scripts/test.sh", "canasta-learn site OUT/",
                    "canasta-learn export --to html OUT/", "python scripts/set_repository.py"):
        assert command in re.sub(r"\s*\n>\s*", " ", text), command
    for path in ("scripts/lessons.sh", "scripts/test.sh", "scripts/set_repository.py"):
        assert (ROOT / path).is_file()


def test_the_script_examples_run() -> None:
    import doctest

    assert doctest.testmod(sr).failed == 0

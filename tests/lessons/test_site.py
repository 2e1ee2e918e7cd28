"""``canasta-learn site``: the parts that need no network, npm or browser.

The build itself and the site in a browser, offline, are tested in
tests/browser/test_site_browser.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import zipfile
from pathlib import Path

import nbformat
import pytest

from canasta_learn import cli
from canasta_learn.cli.lessons import lesson_names, lessons_dir
from canasta_learn.cli.site import (
    PYODIDE_VERSION,
    REMOTE_PACKAGES,
    SiteError,
    build_own_wheel,
    build_site,
    default_source,
    find_pyodide,
    pyodide_cdn,
    pyodide_environment,
    remote_packages,
    site_contents,
    wheel_name,
    wheel_requirements,
)
from canasta_learn.core.i18n import gettext, speaking

ROOT = Path(__file__).resolve().parents[2]


def make_wheel(path: Path, requires: list[str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("demo/__init__.py", "")
        metadata = "Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n" + "".join(
            f"Requires-Dist: {r}\n" for r in requires)
        archive.writestr("demo-1.0.dist-info/METADATA", metadata)
    return path


def test_wheel_requirements_are_those_of_pyodide_python_314_without_extras(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path / "demo-1.0-py3-none-any.whl", [
        "Traitlets>=5",
        'pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"',
        'typing_extensions>=4.6; python_version < "3.12"',
        'exceptiongroup; python_version < "3.11"',
        'pytest; extra == "test"',
        "prompt_toolkit[extra]<3.1,>=3.0.41",
    ])
    assert wheel_requirements(wheel, pyodide_environment("3.14.2")) == ["traitlets", "prompt-toolkit"]


def test_wheel_name_rejects_a_file_that_is_not_a_wheel() -> None:
    assert wheel_name("ipython-9.12.0-py3-none-any.whl") == ("ipython", "9.12.0")
    with pytest.raises(SiteError, match="not a wheel file name"):
        wheel_name("ipython-9.12.0.tar.gz")


def test_site_refuses_a_folder_that_holds_something_else(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "thesis.txt").write_text("keep me")
    with pytest.raises(SiteError, match="not empty and is not a JupyterLite site"):
        build_site(out, lessons=ROOT / "notebooks")
    assert (out / "thesis.txt").read_text() == "keep me"


def test_site_command_reports_a_bad_out_folder_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.md").write_text("mine")
    assert cli.main(["site", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("canasta-learn: error: ") and "give a new or empty folder" in err
    assert len(err.strip().splitlines()) == 1


def test_site_needs_notebooks(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match=r"no notebooks \(\*\.ipynb\)"):
        build_site(tmp_path / "out", lessons=tmp_path)


def test_pyodide_folder_must_hold_the_kernel_s_version(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="no pyodide.mjs there"):
        find_pyodide(tmp_path, tmp_path)
    (tmp_path / "pyodide.mjs").write_text("")
    (tmp_path / "package.json").write_text(json.dumps({"name": "pyodide", "version": "0.27.0"}))
    with pytest.raises(SiteError, match=f"holds pyodide 0.27.0; the kernel needs {PYODIDE_VERSION}"):
        find_pyodide(tmp_path, tmp_path)


def test_site_wheel_source_must_be_the_package_s_tree(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "something-else"\n')
    with pytest.raises(SiteError, match="not the package's source tree"):
        build_own_wheel(tmp_path, tmp_path / "wheels")
    assert default_source() == ROOT  # the checkout these tests run from


def _npm_pyodide() -> Path | None:
    """npm's pyodide package (scripts/test.sh installs it in .cache/pyodide), if there."""
    given = os.environ.get("CANASTA_PYODIDE_DIR")
    folder = Path(given) if given else ROOT / ".cache" / "pyodide" / "node_modules" / "pyodide"
    return folder if (folder / "pyodide.mjs").is_file() else None


def test_remote_packages_follow_dependencies_but_not_into_served_wheels() -> None:
    lock = {"packages": {
        "pandas": {"name": "pandas", "file_name": "pandas-3.whl", "sha256": "aa", "depends": ["numpy", "Six"]},
        "numpy": {"name": "numpy", "file_name": "numpy-2.whl", "sha256": "bb", "depends": ["libblas"]},
        "libblas": {"name": "libblas", "file_name": "libblas.zip", "sha256": "cc", "depends": []},
        "six": {"name": "six", "file_name": "six.whl", "sha256": "dd", "depends": ["unrelated"]},
        "unrelated": {"name": "unrelated", "file_name": "u.whl", "sha256": "ee", "depends": []},
    }}
    entries = remote_packages(lock, {"six"}, "https://cdn.example/v1/full/", ["pandas"])
    assert sorted(entries) == ["libblas", "numpy", "pandas"]
    assert entries["numpy"] == {"name": "numpy", "file_name": "https://cdn.example/v1/full/numpy-2.whl",
                                "sha256": "bb", "depends": ["libblas"]}
    assert lock["packages"]["numpy"]["file_name"] == "numpy-2.whl"  # the upstream lock is left alone
    with pytest.raises(SiteError, match="lists no 'matplotlib'"):
        remote_packages(lock, set(), "https://cdn.example/", ["matplotlib"])


def test_pyodide_cdn_is_the_default_index_url_of_npm_s_package() -> None:
    core = _npm_pyodide()
    if core is None:
        pytest.skip("npm's pyodide package is not in .cache/pyodide (scripts/test.sh installs it)")
    assert pyodide_cdn(core) == f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
    upstream = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    entries = remote_packages(upstream, {"packaging"}, pyodide_cdn(core))
    assert set(REMOTE_PACKAGES) | {"numpy", "python-dateutil", "pytz"} <= set(entries)
    assert "packaging" not in entries


def test_pyodide_cdn_must_be_found_in_pyodide_mjs(tmp_path: Path) -> None:
    (tmp_path / "pyodide.mjs").write_text("export const nothing = 1;")
    (tmp_path / "package.json").write_text(json.dumps({"version": PYODIDE_VERSION}))
    with pytest.raises(SiteError, match="build with --offline-only"):
        pyodide_cdn(tmp_path)


def test_site_command_takes_offline_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.md").write_text("mine")
    assert cli.main(["site", "--offline-only", str(out)]) == 2
    assert "give a new or empty folder" in capsys.readouterr().err


# --------------------------------------------------------------------------- both editions
def _cells(notebook: Path) -> list[dict[str, object]]:
    return [dict(cell) for cell in nbformat.read(notebook, as_version=4).cells]


def test_site_holds_all_13_pt_BR_lessons_valid_and_identical_in_cells_to_the_packaged_ones(tmp_path: Path) -> None:
    """Issue 24 §5: a Portuguese-speaking class finds the Portuguese edition in the site."""
    packaged = lessons_dir("pt_BR")
    contents = tmp_path / "contents"
    written = site_contents(lessons_dir("en"), contents)
    names = sorted(p.name for p in packaged.glob("*.ipynb"))
    assert len(names) == 13
    assert sorted(p.name for p in (contents / "pt_BR").glob("*.ipynb")) == names
    assert written["pt_BR"] == [f"pt_BR/{name}" for name in names]
    assert sorted(p.name for p in contents.glob("*.ipynb")) == lesson_names("en")  # English: the top level
    for name in names:
        notebook = nbformat.read(contents / "pt_BR" / name, as_version=4)
        nbformat.validate(notebook)
        assert notebook.metadata["canasta_learn"]["language"] == "pt_BR", name
        assert _cells(contents / "pt_BR" / name) == _cells(packaged / name), name
        # what makes the browser's kernel (no CANASTA_LEARN_LANG there) speak Portuguese
        first = next(cell for cell in notebook.cells if cell.cell_type == "code")
        assert 'canasta_learn.set_language("pt_BR")' in first.source, name


def test_site_index_links_every_lesson_of_both_editions_in_their_language(tmp_path: Path) -> None:
    contents = tmp_path / "contents"
    site_contents(lessons_dir("en"), contents)
    index = (contents / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"^- \[(.+)\]\((\S+)\)$", index, re.MULTILINE)
    assert [target for _title, target in links] == (
        lesson_names("en") + [f"pt_BR/{name}" for name in lesson_names("pt_BR")])
    for _title, target in links:
        assert (contents / target).is_file(), target
    titles = dict((target, title) for title, target in links)
    assert titles["02_frozen_and_blocked_piles.ipynb"] == "02 · Frozen and blocked piles"
    assert titles["pt_BR/02_frozen_and_blocked_piles.ipynb"] == "02 · Pilhas congeladas e bloqueadas"
    english, portuguese = index.split("\n## Português do Brasil\n")
    assert "## English" in english
    with speaking("pt_BR"):
        sentence = gettext("Run its cells from top to bottom with Shift+Enter: Python runs in this browser tab.")
    assert sentence != "Run its cells from top to bottom with Shift+Enter: Python runs in this browser tab."
    assert sentence in portuguese and sentence not in english


def test_site_of_a_folder_without_pt_BR_holds_only_english(tmp_path: Path) -> None:
    lessons = tmp_path / "mine"
    lessons.mkdir()
    shutil.copy2(ROOT / "notebooks" / "02_frozen_and_blocked_piles.ipynb", lessons)
    written = site_contents(lessons, tmp_path / "contents")
    assert written == {"en": ["02_frozen_and_blocked_piles.ipynb"]}
    assert not (tmp_path / "contents" / "pt_BR").exists()
    assert "Português" not in (tmp_path / "contents" / "README.md").read_text(encoding="utf-8")

"""``canasta-learn site``: the parts that need no network, npm or browser.

The build itself and the site in a browser, offline, are tested in
tests/browser/test_site_browser.py.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from canasta_learn import cli
from canasta_learn.cli_site import (
    PYODIDE_VERSION,
    SiteError,
    build_own_wheel,
    build_site,
    default_source,
    find_pyodide,
    pyodide_environment,
    wheel_name,
    wheel_requirements,
)

ROOT = Path(__file__).resolve().parents[1]


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

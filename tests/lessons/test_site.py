"""``canasta-learn site``: the parts that need no network, npm or browser.

The build itself and the site in a browser, offline, are tested in
tests/browser/test_site_browser.py.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from canasta_learn import cli
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
    wheel_name,
    wheel_requirements,
)

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

"""The package as PyPI would ship it: the sdist and the wheel built as release.yml builds them
(``python -m build``: the wheel from the sdist), checked as it checks them (``twine check
--strict``), holding every file the package needs, and working once installed into a clean
virtual environment: ``canasta-learn --help``, the engine, the Portuguese catalogues, and a
lesson of each edition copied by ``canasta-learn lessons`` and run by a kernel that imports the
installed package, not this checkout.

The clean environment gets the wheel alone (``pip install --no-index --no-deps``: the package
has no runtime dependency, and nothing is downloaded). To run a lesson it also needs the
notebook tools, which it borrows from the environment running the tests through a ``.pth``
line placed after its own site-packages, so that ``canasta_learn`` can only come from the
wheel (checked in the kernel itself). Building needs setuptools>=77 in build's isolated
environment, which pip takes from PyPI or its cache.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from collections.abc import Iterator
from email.parser import Parser
from pathlib import Path

import pytest

pytest.importorskip("build")
ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def tracked(prefix: str) -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z", prefix], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    return sorted(n for n in listed.stdout.split("\0") if n)


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without anything that would import this checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``python -m build`` of a copy of the files the package is built from (setuptools writes
    its egg-info beside the sources: not into this checkout)."""
    work = tmp_path_factory.mktemp("build")
    source = work / "source"
    for name in ["pyproject.toml", "README.md", "LICENSE", *tracked("canasta_learn")]:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    out = work / "dist"
    result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                            capture_output=True, text=True, timeout=600, env=clean_env())
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return out


def only(folder: Path, pattern: str) -> Path:
    (found,) = folder.glob(pattern)
    return found


def version() -> str:
    match = re.search(r'^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert match is not None
    return match.group(1)


def test_twine_accepts_the_sdist_and_the_wheel(dist: Path) -> None:
    pytest.importorskip("twine")
    files = sorted(str(p) for p in dist.iterdir())
    assert [Path(f).name for f in files] == [f"canasta_learn-{version()}-py3-none-any.whl",
                                             f"canasta_learn-{version()}.tar.gz"]
    result = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *files], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2, result.stdout


def test_the_wheel_holds_every_file_of_the_package(dist: Path) -> None:
    """Every tracked file under canasta_learn/ is in the wheel, by name and byte for byte:
    the catalogues (.po and compiled .mo), both editions of the lessons, the export templates,
    the record schema, the example games, py.typed; and nothing else but the package's
    metadata (no tests, no caches)."""
    wheel = zipfile.ZipFile(only(dist, "*.whl"))
    names = set(wheel.namelist())
    sources = tracked("canasta_learn")
    assert set(sources) <= names, set(sources) - names
    for name in sources:
        assert wheel.read(name) == (ROOT / name).read_bytes(), name
    info = f"canasta_learn-{version()}.dist-info/"
    assert {n for n in names - set(sources) if not n.startswith(info)} == set()
    for needed in ["canasta_learn/py.typed", "canasta_learn/data/record.schema.json",
                   "canasta_learn/locale/pt_BR/LC_MESSAGES/canasta_learn.mo",
                   "canasta_learn/locale/pt_BR/LC_MESSAGES/lessons.mo",
                   "canasta_learn/data/export_templates/canasta_lab/index.html.j2",
                   "canasta_learn/data/export_templates/canasta_reveal/index.html.j2"]:
        assert needed in names, needed
    lessons = sorted(p.name for p in (ROOT / "lessons").glob("[0-9][0-9]_*.md"))
    for edition in ("canasta_learn/lessons/", "canasta_learn/lessons/pt_BR/"):
        pattern = re.escape(edition) + r"\d\d_\w+\.ipynb"
        shipped = sorted(n.removeprefix(edition) for n in names if re.fullmatch(pattern, n))
        assert shipped == [name.replace(".md", ".ipynb") for name in lessons], edition
    games = [n for n in names if re.fullmatch(r"canasta_learn/data/games/\w+\.json", n)]
    assert len(games) == 3


def test_the_wheel_metadata_is_what_pyproject_says(dist: Path) -> None:
    wheel = zipfile.ZipFile(only(dist, "*.whl"))
    meta = Parser().parsestr(wheel.read(f"canasta_learn-{version()}.dist-info/METADATA").decode())
    assert meta["Name"] == "canasta-learn" and meta["Version"] == version()
    assert meta["Requires-Python"] == ">=3.10"
    assert meta["License-Expression"] == "MIT"
    assert meta.get("Author-email") is None  # no placeholder address
    assert "Programming Language :: Python :: 3.13" in meta.get_all("Classifier")
    assert any(url.startswith("Source, https://github.com/") for url in meta.get_all("Project-URL"))
    assert meta.get_all("Requires-Dist") is not None  # the extras' requirements
    assert not [r for r in meta.get_all("Requires-Dist") if "extra ==" not in r]  # no runtime dependency
    entry_points = wheel.read(f"canasta_learn-{version()}.dist-info/entry_points.txt").decode()
    assert "canasta-learn = canasta_learn.cli:main" in entry_points


def test_the_sdist_builds_the_same_package(dist: Path) -> None:
    """The sdist carries the sources the wheel was built from (build makes the wheel from it)."""
    with tarfile.open(only(dist, "*.tar.gz")) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "LICENSE"} <= names
    assert set(tracked("canasta_learn")) <= names


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A clean virtual environment with the wheel installed, offline."""
    folder = tmp_path_factory.mktemp("venv") / "clean"
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, timeout=300, env=clean_env())
    python = folder / "bin" / "python"
    result = subprocess.run([str(python), "-m", "pip", "install", "--no-index", "--no-deps", "--quiet",
                             str(only(dist, "*.whl"))], capture_output=True, text=True, timeout=300, env=clean_env())
    assert result.returncode == 0, result.stderr
    yield folder


def in_venv(venv: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, cwd=venv,
                          env=clean_env(PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}", **env))


def test_the_installed_command_answers_help_and_version(venv: Path) -> None:
    shown = in_venv(venv, str(venv / "bin" / "canasta-learn"), "--help")
    assert shown.returncode == 0, shown.stderr
    for command in ("lessons", "export", "site", "play", "practice", "demo", "replay"):
        assert command in shown.stdout
    assert in_venv(venv, "canasta-learn", "--version").stdout.split()[-1] == version()


def test_the_installed_engine_judges_and_explains(venv: Path) -> None:
    """The engine from the wheel, with no dependency installed, gives the checkout's verdict,
    in English and, from the wheel's compiled catalogue, in Portuguese."""
    code = ("import canasta_learn, json\n"
            "from canasta_learn import Position\n"
            "v = Position('c6 c6 h7', discard_pile='s9 d6', team_melds=['h13 s13 s13']).check_take_pile()\n"
            "print(json.dumps([canasta_learn.__file__, bool(v), v.code, v.message, v.message_in('pt_BR')]))\n")
    result = in_venv(venv, str(venv / "bin" / "python"), "-c", code)
    assert result.returncode == 0, result.stderr
    where, legal, verdict_code, english, portuguese = json.loads(result.stdout)
    assert Path(where).is_relative_to(venv)
    from canasta_learn import Position

    here = Position("c6 c6 h7", discard_pile="s9 d6", team_melds=["h13 s13 s13"]).check_take_pile()
    assert (legal, verdict_code, english, portuguese) == (bool(here), here.code, here.message,
                                                          here.message_in("pt_BR"))
    assert portuguese != english
    demo = in_venv(venv, "canasta-learn", "--lang", "pt_BR", "demo", "--seed", "3")
    checkout = subprocess.run([sys.executable, "-m", "canasta_learn.cli", "--lang", "pt_BR", "demo", "--seed", "3"],
                              capture_output=True, text=True, timeout=300, cwd=ROOT,
                              env=clean_env(PYTHONPATH=str(ROOT)))
    assert demo.returncode == 0 and demo.stdout == checkout.stdout, demo.stderr


def test_a_lesson_of_each_edition_runs_from_the_installed_package(venv: Path, tmp_path: Path) -> None:
    pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("ipywidgets")
    site = Path(sysconfig.get_paths()["purelib"])
    (own,) = (venv / "lib").glob("python3.*/site-packages")
    (own / "zz_borrowed_notebook_tools.pth").write_text(f"{site}\n", encoding="utf-8")
    run_lesson = """
import sys, nbformat
from nbclient import NotebookClient
from pathlib import Path
path = Path(sys.argv[1])
nb = nbformat.read(path, as_version=4)
nb.cells.append(nbformat.v4.new_code_cell("import canasta_learn; print(canasta_learn.__file__)"))
NotebookClient(nb, timeout=240, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
print(nb.cells[-1].outputs[0]["text"].strip())
"""
    for language, folder, lesson in (("en", tmp_path / "en", "02_frozen_and_blocked_piles"),
                                     ("pt_BR", tmp_path / "pt", "00_start_here")):
        copied = in_venv(venv, "canasta-learn", "--lang", language, "lessons", str(folder), "--no-lab")
        assert copied.returncode == 0, copied.stderr
        assert len(list(folder.glob("[0-9][0-9]_*.ipynb"))) == len(list((ROOT / "lessons").glob("[0-9][0-9]_*.md")))
        ran = in_venv(venv, str(venv / "bin" / "python"), "-c", run_lesson, str(folder / f"{lesson}.ipynb"),
                      JUPYTER_PLATFORM_DIRS="1")
        assert ran.returncode == 0, ran.stderr[-3000:]
        assert Path(ran.stdout.strip().splitlines()[-1]).is_relative_to(own), ran.stdout

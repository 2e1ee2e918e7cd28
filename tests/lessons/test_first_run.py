"""A newcomer's first run: the lessons start (as root too), the command line ends quietly
in a pipe, names its version, and a missing extra says which one to install."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from canasta_learn import __version__, get_profile, profile_names, score_round
from canasta_learn.cli import main as cli_main
from canasta_learn.core.extras import MissingExtraError, missing_modules, require_extra

ROOT = Path(__file__).resolve().parents[2]
CANASTA_LEARN = [sys.executable, "-m", "canasta_learn.cli"]
BIG_GAME = ROOT / "canasta_learn" / "data" / "games" / "game_to_5000.json"


def cli_env() -> dict[str, str]:
    """This checkout importable and this interpreter first on PATH."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


# --------------------------------------------------------------------------- lessons as root
def test_lessons_as_root_adds_allow_root_once() -> None:
    from canasta_learn.cli import lessons as cli_lessons

    args, note = cli_lessons.lab_arguments(["--port", "9000"], as_root=True)
    assert args == ["--port", "9000", "--allow-root"]
    assert note is not None and "--allow-root" in note and "\n" not in note
    assert cli_lessons.lab_arguments(["--allow-root"], as_root=True) == (["--allow-root"], None)
    assert cli_lessons.lab_arguments(["--port", "9000"], as_root=False) == (["--port", "9000"], None)


def test_lessons_command_as_root_passes_allow_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("jupyterlab")
    from canasta_learn.cli import lessons as cli_lessons

    calls: list[list[str]] = []
    monkeypatch.setattr(cli_lessons.subprocess, "call", lambda cmd, **_kwargs: calls.append(cmd) or 0)
    monkeypatch.setattr(cli_lessons, "running_as_root", lambda: True)
    assert cli_main(["lessons", str(tmp_path / "l"), "--", "--no-browser"]) == 0
    (command,) = calls
    assert command[-4:] == ["--no-browser", "--allow-root", command[-2], "--ServerApp.port_retries=0"]
    out = capsys.readouterr().out
    assert "Running as root (as in a container): starting JupyterLab with --allow-root." in out


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def stop_group(process: subprocess.Popen[str]) -> None:
    """End the process group the lessons command leads (JupyterLab and its children)."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


NOBODY = 65534


def readme_setup_as(as_user: list[str], home: Path, env: dict[str, str], why: str) -> list[str]:
    """The README's set-up as that user, on a fresh copy of the repository: the files git
    tracks copied into ``home``, then ``bash scripts/lessons.sh --no-lab`` with the system's
    Python (a fresh ``.venv``, ``pip install -e ".[lessons]"``). Used where the user cannot run
    the tests' own interpreter (one under /root); returns the copy's ``canasta-learn``."""
    python = Path("/usr/bin/python3")
    if not python.exists() or subprocess.run([str(python), "-c", "import venv, ensurepip"],
                                             capture_output=True).returncode != 0:
        last = (why.strip().splitlines() or ["?"])[-1]
        pytest.skip(f"a normal user cannot run {sys.executable} ({last}) and /usr/bin/python3 "
                    "cannot make a virtual environment")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    copy = home / "canasta_learn"
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    for folder, _dirs, files in os.walk(home):
        os.chown(folder, NOBODY, NOBODY)
        for file in files:
            os.chown(os.path.join(folder, file), NOBODY, NOBODY)
    setup_env = {**env, "PYTHON": str(python), "SKIP_APT": "1"}
    setup_env.pop("PYTHONPATH", None)
    result = subprocess.run([*as_user, "bash", "scripts/lessons.sh", "--no-lab"], cwd=copy,
                            capture_output=True, text=True, env=setup_env, timeout=900)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    env.pop("PYTHONPATH", None)  # the launch runs the copy's own installation
    return [str(copy / ".venv" / "bin" / "canasta-learn")]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")
@pytest.mark.parametrize("user", ["this user", "a normal user"])
def test_lessons_command_starts_a_jupyterlab_that_answers(user: str, tmp_path: Path) -> None:
    """`canasta-learn lessons` really starts JupyterLab, as the user running the tests (root
    in CI and containers: then only thanks to --allow-root) and, when that is root, also as
    a normal user (nobody, through setpriv; where nobody cannot run the tests' interpreter, as
    in CI, on a fresh copy set up by the README's `bash scripts/lessons.sh`): its API answers on
    the port given, the lessons are in its folder, and it stops with its process group."""
    pytest.importorskip("jupyterlab")
    port, token = free_port(), "canasta-first-run-test"
    env = cli_env()
    as_user: list[str] = []
    command = CANASTA_LEARN
    if user == "a normal user":
        if os.geteuid() != 0:
            pytest.skip("the tests already run as a normal user (the other case)")
        if shutil.which("setpriv") is None:
            pytest.skip("setpriv (util-linux) is needed to run as another user")
        as_user = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
        probe = subprocess.run([*as_user, sys.executable, "-c", "import sys, subprocess; "
                                "sys.exit(subprocess.call([sys.executable, '-c', 'import jupyterlab']))"],
                               capture_output=True, text=True, env=env, cwd="/")
        tmp_path = Path(tempfile.mkdtemp(prefix="canasta-lab-"))  # pytest's is root's only
        os.chown(tmp_path, NOBODY, NOBODY)
        env["HOME"] = str(tmp_path)
        if probe.returncode != 0:  # e.g. a venv made from a Python under /root (as in CI)
            command = readme_setup_as(as_user, tmp_path, env, probe.stderr)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTER_DATA_DIR", "data")):
        env[var] = str(tmp_path / sub)
    log = tmp_path / "lab.log"
    with log.open("w") as sink:
        lab = subprocess.Popen(
            [*as_user, *command, "lessons", str(tmp_path / "lessons"), "--", "--no-browser",
             "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
             f"--IdentityProvider.token={token}"],
            stdout=sink, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True)
    try:
        status = None
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/status",
                                         headers={"Authorization": f"token {token}"})
        deadline = time.monotonic() + 180
        while status is None and lab.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(request, timeout=5) as response:
                    status = json.loads(response.read())
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.5)
        output = log.read_text()
        assert status is not None, f"JupyterLab did not answer (exit {lab.poll()}):\n{output[-3000:]}"
        assert "started" in status and "kernels" in status
        assert "Running as root is not recommended" not in output
        if os.geteuid() == 0 and not as_user:
            assert "starting JupyterLab with --allow-root" in output
        else:
            assert "--allow-root" not in output
        listing = urllib.request.Request(f"http://127.0.0.1:{port}/api/contents",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(listing, timeout=10) as response:
            names = {item["name"] for item in json.loads(response.read())["content"]}
        assert "00_start_here.ipynb" in names
    finally:
        stop_group(lab)
        if as_user:
            shutil.rmtree(tmp_path, ignore_errors=True)
    assert lab.returncode is not None


# --------------------------------------------------------------------------- command line
def test_version_option_prints_the_package_version() -> None:
    result = subprocess.run([*CANASTA_LEARN, "--version"], capture_output=True, text=True,
                            env=cli_env())
    assert result.returncode == 0
    assert result.stdout.strip() == f"canasta-learn {__version__}"


def test_simulate_into_head_ends_quietly() -> None:
    """`canasta-learn simulate ... | head -4`: four lines, nothing on stderr, exit 0."""
    script = ('set -o pipefail; "$@" simulate --rounds 30 --bots greedy,random --no-progress '
              '| head -4')
    result = subprocess.run(["bash", "-c", script, "bash", *CANASTA_LEARN],
                            capture_output=True, text=True, env=cli_env(), timeout=300)
    assert result.stderr == ""
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == "30 rounds, profile classic, seed 0"
    assert len(result.stdout.splitlines()) == 4


def test_reader_closing_the_pipe_early_is_not_an_error() -> None:
    """The replay of the long example game (over 100 KB) cannot fit in a pipe's buffer, so
    closing the read end after a few bytes always breaks the pipe under the writer."""
    assert BIG_GAME.stat().st_size > 0
    reader = subprocess.Popen([*CANASTA_LEARN, "replay", str(BIG_GAME)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=cli_env())
    assert reader.stdout is not None and reader.stderr is not None
    first = os.read(reader.stdout.fileno(), 40)
    reader.stdout.close()
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=120) == 0, err
    assert first.startswith(b"Canasta game record")
    assert err == ""


def test_demo_unknown_profile_is_one_line() -> None:
    result = subprocess.run([*CANASTA_LEARN, "demo", "--profile", "nope"], capture_output=True,
                            text=True, env=cli_env())
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "Unknown profile 'nope'; known profiles: classic, cardgames_io" in result.stderr


def test_profile_names_ignore_case_like_bot_names() -> None:
    assert get_profile("Classic") is get_profile("classic")
    assert get_profile(" CANASTRA_BR ") is get_profile("canastra_br")


@pytest.mark.parametrize("name", profile_names())
def test_demo_runs_in_every_profile_named_in_any_case(name: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Every profile the demo's help lists works, typed in capitals too (the Brazilian games
    cannot hold seed 000's set of kings: the demo says so instead of stopping)."""
    assert cli_main(["demo", "--profile", name.upper(), "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith(f"canasta-learn demo - profile {name}, seed 3")


# --------------------------------------------------------------------------- missing extras
def run_without(module: str, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where ``module`` cannot be imported."""
    prelude = f"import sys; sys.modules[{module!r}] = None\n"
    return subprocess.run([sys.executable, "-c", prelude + code], capture_output=True,
                          text=True, env=cli_env())


@pytest.mark.parametrize("code", [
    "from canasta_learn.widgets import HandWidget",
    "import canasta_learn.widgets.quiz",
])
def test_widgets_without_the_extra_name_the_extra(code: str) -> None:
    result = run_without("anywidget", code)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last == ("canasta_learn.core.extras.MissingExtraError: canasta_learn.widgets needs the "
                    "widgets extra (missing: anywidget); install it with: "
                    'pip install "canasta-learn[widgets]"')


RECORD_OF_A_DEAL = ("from canasta_learn import Round; from canasta_learn.records.record import GameRecord; "
                    "GameRecord.from_round(Round(seed=1))")


@pytest.mark.parametrize(("code", "what"), [
    ("from canasta_learn import score_round; score_round(['h1 c1 s1']).to_frame()",
     "ScoreBreakdown.to_frame()"),
    ("from canasta_learn import Game; Game(seed=1).score_sheet()", "Game.score_sheet()"),
    ("from canasta_learn.play.simulate import simulate; simulate(1, ['random', 'random'], seed=1)", "simulate()"),
    (RECORD_OF_A_DEAL + ".score_sheet()",
     "GameRecord.score_sheet()"),
    (RECORD_OF_A_DEAL + ".actions_frame()",
     "GameRecord.actions_frame()"),
])
def test_tables_without_pandas_name_the_extra(code: str, what: str) -> None:
    result = run_without("pandas", code)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1].endswith(
        f'{what} needs the tables extra (missing: pandas); install it with: '
        'pip install "canasta-learn[tables]"')


def test_the_engine_needs_no_extra() -> None:
    result = run_without("pandas", "import sys; sys.modules['ipywidgets'] = None\n"
                                   "from canasta_learn import check_meld; print(check_meld('h5 h5 jk').ok)")
    assert result.returncode == 0 and result.stdout == "True\n", result.stderr


def test_require_extra_passes_when_installed_and_is_a_module_not_found_error() -> None:
    pytest.importorskip("pandas")
    require_extra("tables", "x")
    assert missing_modules(["json", "surely_not_a_module_xyz"]) == ["surely_not_a_module_xyz"]
    assert issubclass(MissingExtraError, ModuleNotFoundError)
    with pytest.raises(ValueError, match="unknown extra 'nope'; the extras are: widgets, tables, lessons, site"):
        require_extra("nope", "x")
    assert score_round(["h1 c1 s1"]).to_frame()["points"].tolist() == [60, 60]


# --------------------------------------------------------------------------- packaging
@pytest.mark.slow
def test_wheel_declares_the_mit_license_and_ships_the_file(tmp_path: Path) -> None:
    """PEP 639 metadata (an SPDX expression, not the deprecated license table) and LICENSE."""
    import zipfile

    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    (wheel,) = tmp_path.glob("canasta_learn-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        fields = zf.read(metadata).decode().split("\n\n", 1)[0].splitlines()
        (license_file,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert zf.read(license_file).startswith(b"MIT License")
        # what `export` needs to write self-contained pages from an installed wheel
        for shipped in ("data/export_templates/canasta_lab/index.html.j2",
                        "data/export_templates/canasta_reveal/conf.json",
                        "data/reveal.js/reveal.js", "data/reveal.js/LICENSE"):
            assert f"canasta_learn/{shipped}" in names, shipped
    assert "License-Expression: MIT" in fields
    assert "License-File: LICENSE" in fields
    assert not any(f.startswith("License: ") for f in fields)
    assert any(f.startswith("Author-email: canasta_learn developers") for f in fields)
    assert any(f.startswith("Project-URL: Source, ") for f in fields)


# --------------------------------------------------------------------------- export scan
def test_network_scan_finds_every_kind_of_resource_and_only_those() -> None:
    """tests/export_scan.py, which the export tests use, on pages built to show each case."""
    import export_scan

    loads = ('<script src="https://cdn.example/require.js"></script>'
             '<link rel="stylesheet" href="http://cdn.example/reveal.css">'
             '<img srcset="https://cdn.example/a.png 2x">'
             '<svg><image xlink:href="https://cdn.example/card.png"/></svg>'
             '<div style="background: url(\'https://cdn.example/bg.png\')"></div>'
             '<style>/* https://in.a/comment */ @import "https://fonts.example/a.css";'
             ' b { background: url(https://cdn.example/b.png) }</style>'
             '<script>// https://in.a/comment\nrequire(["https://unpkg.example/reveal.js"]);'
             "import('https://cdn.example/mermaid.mjs')</script>")
    found = export_scan.network_resources(loads)
    assert [f.split("> ", 1)[1] for f in found] == [
        "https://cdn.example/require.js", "http://cdn.example/reveal.css",
        "https://cdn.example/a.png 2x", "https://cdn.example/card.png",
        "https://cdn.example/bg.png", "https://cdn.example/b.png",
        "https://fonts.example/a.css", "https://unpkg.example/reveal.js",
        "https://cdn.example/mermaid.mjs"]
    fine = ('<p>See <a href="https://www.pagat.com/rummy/canasta.html">pagat</a>: '
            'https://example.org in prose</p><!-- https://in.a/comment -->'
            '<svg xmlns="http://www.w3.org/2000/svg"><title>Ace</title></svg>'
            '<style>/*! theme | https://hakim.se */ a { color: red }</style>'
            '<script>/*! reveal.js | https://revealjs.com */ var a = "x";</script>'
            '<link rel="stylesheet" href="local.css"><script src="reveal.js"></script>')
    assert export_scan.network_resources(fine) == []


def test_lessons_have_no_tex_math() -> None:
    """The exported pages carry no MathJax (it would come from a CDN): the lessons' text has
    no $...$, \\(...\\) or \\[...\\] math for it to typeset."""
    import re

    nbformat = pytest.importorskip("nbformat")
    for path in sorted((ROOT / "canasta_learn" / "lessons").glob("*.ipynb")):
        for cell in nbformat.read(str(path), as_version=4).cells:
            if cell.cell_type == "markdown":
                text = re.sub(r"`[^`]*`", "", cell.source)  # code spans are not math
                assert not re.search(r"\$[^$\s][^$]*\$|\\\(|\\\[", text), (path.name, text[:200])


# --------------------------------------------------------------------------- classroom
def test_classroom_link_is_nbgitpullers_exact_encoding(capsys: pytest.CaptureFixture[str]) -> None:
    """The link nbgitpuller's link generator makes: /hub/user-redirect/git-pull with repo,
    branch and urlpath percent-encoded as encodeURIComponent does (/, :, space, &)."""
    assert cli_main(["classroom-link", "--hub", "https://jupyter.example.edu/school/",
                     "--lesson", "04_scoring", "--repo", "https://git.example.edu/t/canasta_learn.git",
                     "--branch", "term 2/a&b"]) == 0
    assert capsys.readouterr().out == (
        "https://jupyter.example.edu/school/hub/user-redirect/git-pull"
        "?repo=https%3A%2F%2Fgit.example.edu%2Ft%2Fcanasta_learn.git"
        "&branch=term%202%2Fa%26b"
        "&urlpath=lab%2Ftree%2Fcanasta_learn%2Fnotebooks%2F04_scoring.ipynb\n")


def test_classroom_link_defaults_to_the_first_lesson_and_the_default_branch() -> None:
    from canasta_learn.cli.classroom import classroom_link

    link = classroom_link("http://127.0.0.1:8000", repo="https://github.com/o/lessons")
    assert link == ("http://127.0.0.1:8000/hub/user-redirect/git-pull"
                    "?repo=https%3A%2F%2Fgithub.com%2Fo%2Flessons"
                    "&urlpath=lab%2Ftree%2Flessons%2Fnotebooks%2F00_start_here.ipynb")
    assert classroom_link("http://h", "09_italian_and_pennies.ipynb", repo="https://g/o/r").endswith(
        "urlpath=lab%2Ftree%2Fr%2Fnotebooks%2F09_italian_and_pennies.ipynb")


@pytest.mark.parametrize(("args", "message"), [
    (["--hub", "hub.example.edu", "--repo", "https://g/o/r"],
     "--hub must be an http(s):// address, e.g. https://hub.example.edu; got 'hub.example.edu'"),
    (["--hub", "https://h", "--repo", "git@github.com:o/r.git"],
     "--repo must be an http(s):// address"),
    (["--hub", "https://h", "--repo", "https://g/o/r", "--lesson", "10_nope"],
     "no lesson '10_nope'; the lessons are: 00_start_here, 01_cards_and_melds"),
])
def test_classroom_link_bad_input_is_one_line(args: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["classroom-link", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_classroom_guide_shows_the_commands_real_output() -> None:
    """docs/classroom.md shows the link the command prints for the repository that
    pyproject.toml names (the one place of the address; scripts/set_repository.py)."""
    import re

    from canasta_learn.cli.classroom import classroom_link

    guide = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    source = re.search(r'^Source = "(https://github\.com/[^"]+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert source is not None
    assert f"--repo {source.group(1)} --lesson 02_frozen_and_blocked_piles" in guide
    link = classroom_link("https://hub.example.edu", "02_frozen_and_blocked_piles",
                          repo=source.group(1), branch="main")
    assert f"```text\n{link}\n```" in guide

"""No command destroys a user's work (issue 24 §1).

Each command that writes files replaces them whole or not at all, and only when its work has
succeeded: ``record`` (a temporary file, renamed once the bots have finished; Ctrl-C keeps the
rounds played), ``site`` (built beside OUT and swapped in; the files a user added survive a
rebuild; a read-only folder fails before anything changes), ``export`` (the index merges the
pages already there) and ``GameRecord.save`` (never writes what ``load`` refuses). The faults
are real: a SIGINT sent to a child process, a build that fails, a folder the command may not
write (as root, the command runs without the capabilities that let root ignore permissions,
so the kernel refuses it as it refuses a user). The last test is the property over every file-writing command:
none leaves a user's file changed unless it says so, and a failing one changes nothing.

The commands run from the package these tests import (``PYTHONPATH``), so the same tests run
against another checkout show what it does.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import pytest
from site_extra import need_site_extra

import canasta_learn
from canasta_learn import cli
from canasta_learn.records.record import MAX_ACTIONS, MAX_ROUNDS, GameRecord, RecordError

#: The checkout whose package these tests import: the commands run from it too.
PACKAGE_ROOT = Path(canasta_learn.__file__).resolve().parents[1]
ROOT = Path(__file__).resolve().parents[2]
CANASTA_LEARN = [sys.executable, "-m", "canasta_learn.cli"]
POSIX = pytest.mark.skipif(os.name != "posix", reason="signals, permissions and /proc are POSIX")


def command_env(**extra: str) -> dict[str, str]:
    """The environment of a command: this package, this interpreter first on PATH, English."""
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT), CANASTA_LEARN_LANG="en", **extra)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("JUPYTER_PATH", None)
    return env


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``folder``, by relative path."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        found[relative] = None if path.is_dir() and not path.is_symlink() else path.read_bytes()
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process ``pid`` has used so far (from /proc)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until(condition: Callable[[], bool], child: subprocess.Popen[bytes], what: str,
               limit: float = 180.0) -> None:
    """Poll ``condition`` until it holds; fail if the child ends first (or after ``limit`` s)."""
    deadline = time.monotonic() + limit
    while not condition():
        if child.poll() is not None:
            pytest.fail(f"the command ended (status {child.returncode}) before {what}")
        if time.monotonic() > deadline:  # pragma: no cover - a stuck machine
            child.kill()
            pytest.fail(f"no {what} within {limit} s")
        time.sleep(0.02)


class Reader:
    """Collects a child's stream in a thread, so that the test can poll what it has written."""

    def __init__(self, stream: IO[bytes] | None) -> None:
        assert stream is not None
        self.data = bytearray()
        self._fd = stream.fileno()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while chunk := os.read(self._fd, 4096):
            self.data.extend(chunk)

    def text(self) -> str:
        """What was read so far."""
        return self.data.decode("utf-8", "replace")

    def finish(self) -> str:
        """All the stream held, once the child has ended."""
        self._thread.join(timeout=60)
        return self.text()


@dataclass
class Run:
    """A command's exit status and output (stdout and stderr together)."""

    status: int
    output: str = field(repr=False)


def interrupted_run(args: list[str], cwd: Path, ready: Callable[[subprocess.Popen[bytes], Reader], bool]) -> Run:
    """Run a command, send it a real SIGINT once ``ready`` holds, and wait for it to end."""
    child = subprocess.Popen([*CANASTA_LEARN, *args], cwd=cwd, env=command_env(),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = Reader(child.stdout), Reader(child.stderr)
    try:
        wait_until(lambda: ready(child, err), child, "the moment to interrupt it")
        child.send_signal(signal.SIGINT)
        child.wait(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return Run(child.returncode, out.finish() + err.finish())


def run(args: list[str], cwd: Path) -> Run:
    """Run a command to its end."""
    result = subprocess.run([*CANASTA_LEARN, *args], cwd=cwd, env=command_env(), capture_output=True,
                            text=True, timeout=900)
    return Run(result.returncode, result.stdout + result.stderr)


def busy(seconds: float) -> Callable[[subprocess.Popen[bytes], Reader], bool]:
    """Ready once the child has used ``seconds`` of CPU: past its imports (about 0.2 s), playing."""
    return lambda child, _err: cpu_seconds(child.pid) >= seconds


# ---------------------------------------------------------------------- record
@POSIX
def test_record_ctrl_c_keeps_the_rounds_played_and_never_empties_the_file(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    earlier = _a_small_record()  # a record the user made before
    out.write_text(earlier, encoding="utf-8")
    seen: list[str] = []

    def first_round_played(child: subprocess.Popen[bytes], err: Reader) -> bool:
        if "1 round played" not in err.text():
            return False
        seen.append(out.read_text(encoding="utf-8"))  # the bots are playing: the file as it was
        return True

    result = interrupted_run(["record", "--game", "--bots", "coach", "--seed", "0", "--progress",
                              "-o", str(out)], tmp_path, first_round_played)
    assert seen == [earlier]
    assert result.status == 130, result.output
    record = GameRecord.load(str(out))
    played = len(record.rounds)
    assert played >= 1
    assert re.search(rf"interrupted after {played} rounds?; {re.escape(str(out))} holds the rounds? played",
                     result.output), result.output
    assert f"wrote {out}: {played} round(s)" in result.output
    assert "Traceback" not in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def _a_small_record() -> str:
    from canasta_learn.play.bots import play_round

    return play_round("greedy", seed=5).dump()


@pytest.mark.parametrize("option", ["--max-rounds", "--rounds"])
def test_record_round_counts_are_bounded_by_what_a_record_holds(
        option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.json"
    out.write_text("my notes", encoding="utf-8")
    args = ["record", "-o", str(out), option, str(MAX_ROUNDS + 1)]
    if option == "--max-rounds":
        args.append("--game")
    with pytest.raises(SystemExit) as exit_info:
        cli.main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}: give 1 to {MAX_ROUNDS} rounds (a game record holds at most {MAX_ROUNDS})" in err
    assert out.read_text(encoding="utf-8") == "my notes"


def test_save_refuses_a_record_load_would_refuse_and_leaves_the_file(tmp_path: Path) -> None:
    base = GameRecord.load(_a_small_record())
    target = tmp_path / "game.json"
    target.write_text("my earlier record", encoding="utf-8")
    too_many_rounds = GameRecord(base.profile, base.players, rounds=base.rounds * (MAX_ROUNDS + 1))
    long_round = GameRecord.load(_a_small_record())
    long_round.rounds[0].actions = long_round.rounds[0].actions * (MAX_ACTIONS // len(long_round.rounds[0].actions)
                                                                   + 1)
    for record in (too_many_rounds, long_round):
        with pytest.raises(RecordError) as refused_load:
            GameRecord.load(record.dump(), lazy=True)
        with pytest.raises(RecordError) as refused_save:
            record.save(target)
        assert str(refused_save.value) == str(refused_load.value)  # one limit, one message
        assert target.read_text(encoding="utf-8") == "my earlier record"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    base.save(target)  # a record within the limits replaces the file
    assert GameRecord.load(str(target)).dump() == base.dump()


# ---------------------------------------------------------------------- site
def fake_site(out: Path) -> None:
    """An earlier site as far as ``site`` can tell (it holds jupyter-lite.json), with a
    teacher's own notebook and nested folders."""
    (out / "files").mkdir(parents=True)
    (out / "static" / "pyodide").mkdir(parents=True)
    (out / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}\n', encoding="utf-8")
    (out / "index.html").write_text("<!DOCTYPE html><title>site</title>\n", encoding="utf-8")
    (out / "files" / "00_start_here.ipynb").write_text('{"cells": []}\n', encoding="utf-8")
    (out / "files" / "my_class.ipynb").write_text('{"cells": [], "metadata": {"teacher": 1}}\n',
                                                  encoding="utf-8")
    (out / "static" / "pyodide" / "pyodide-lock.json").write_text("{}\n", encoding="utf-8")


def test_site_a_failing_build_leaves_the_earlier_site_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "site"
    fake_site(out)
    before = snapshot(out)
    result = run(["site", str(out), "--pyodide", str(tmp_path / "no-pyodide-here"), "--source", str(ROOT)], tmp_path)
    assert result.status == 2, result.output
    assert "no pyodide.mjs there" in result.output
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # the half-built folder is gone


#: Linux's prctl option and the capabilities that let root ignore file permissions.
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


def _without_root_s_override() -> None:  # pragma: no cover - runs in the child, before exec
    """In the child, as root: drop the capabilities that override file permissions from the
    bounding set, so that the command, still root, is bound by permissions as a user is."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def run_bound_by_permissions(args: list[str], cwd: Path) -> Run:
    """Run a command that permissions bind: as this user, or as root without the capabilities
    that let root write anywhere (a real refusal by the kernel, as a user would meet it)."""
    setup = _without_root_s_override if os.geteuid() == 0 else None
    result = subprocess.run([*CANASTA_LEARN, *args], cwd=cwd, env=command_env(), capture_output=True,
                            text=True, timeout=600, preexec_fn=setup)
    return Run(result.returncode, result.stdout + result.stderr)


@POSIX
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="drops capabilities with Linux's prctl")
def test_site_in_a_read_only_folder_fails_before_anything_changes(tmp_path: Path) -> None:
    out = tmp_path / "site"
    fake_site(out)
    out.chmod(0o555)  # the site's folder is read-only; its subfolders are not
    before = snapshot(out)
    try:
        result = run_bound_by_permissions(["site", str(out), "--source", str(ROOT)], tmp_path)
        after = snapshot(out)
    finally:
        out.chmod(0o755)
    assert result.status == 2, result.output
    assert after == before
    assert result.output.startswith("canasta-learn: error: ") and len(result.output.strip().splitlines()) == 1
    assert f"{out} is read-only" in result.output and "chmod -R u+w" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_site_whose_folder_cannot_be_made_fails_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the site's parent folder would be", encoding="utf-8")
    result = run(["site", str(blocker / "site"), "--source", str(ROOT)], tmp_path)
    assert result.status == 2, result.output
    assert f"cannot write in {blocker}" in result.output and "give a folder elsewhere" in result.output
    assert blocker.read_text(encoding="utf-8") == "a file where the site's parent folder would be"


def _pyodide_package(work: Path) -> Path:
    """npm's pyodide package (scripts/test.sh installs it in .cache), else packed with npm."""
    from canasta_learn.cli.site import find_pyodide

    given = os.environ.get("CANASTA_PYODIDE_DIR")
    folder = Path(given) if given else ROOT / ".cache" / "pyodide" / "node_modules" / "pyodide"
    return folder if (folder / "pyodide.mjs").is_file() else find_pyodide(None, work)


@pytest.fixture(scope="module")
def pyodide_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need_site_extra()
    return _pyodide_package(tmp_path_factory.mktemp("npm"))


@pytest.mark.slow
def test_site_rebuild_keeps_what_the_teacher_added_and_says_so(tmp_path: Path, pyodide_package: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    fake_site(out)  # a site built before sites listed their files: all this build does not write is kept
    teacher = (out / "files" / "my_class.ipynb").read_bytes()
    build = ["site", str(out), "--pyodide", str(pyodide_package), "--source", str(ROOT), "--offline-only"]

    assert cli.main(build) == 0
    said = capsys.readouterr().out
    assert f"Replaced the earlier site in {out} with the new build" in said
    assert ("Kept 1 file this build does not write, as it was (the earlier site did not list its own files, "
            "so it may be yours): files/my_class.ipynb.") in said
    assert (out / "files" / "my_class.ipynb").read_bytes() == teacher
    assert (out / "static" / "pyodide" / "pyodide-lock.json").stat().st_size > 1000  # the new build's
    # both editions, and where the Portuguese one is (issue 24 §5)
    assert (out / "files" / "pt_BR" / "00_start_here.ipynb").is_file()
    assert ("The Brazilian Portuguese lessons are in the site's folder pt_BR: open "
            "/lab/index.html?path=pt_BR/00_start_here.ipynb") in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]

    # The teacher changes the site's settings and adds a page; the site now lists its own files.
    settings = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings["jupyter-config-data"]["appName"] = "Our class"
    changed = json.dumps(settings)
    (out / "jupyter-lite.json").write_text(changed, encoding="utf-8")
    (out / "notes.md").write_text("Thursday: lesson 02", encoding="utf-8")
    assert cli.main(build) == 0
    said = capsys.readouterr().out
    assert "Kept 2 files you added, as they were: files/my_class.ipynb, notes.md." in said
    assert ("Your changed jupyter-lite.json is kept as jupyter-lite.yours.json; "
            "the new build wrote jupyter-lite.json.") in said
    assert (out / "jupyter-lite.yours.json").read_text(encoding="utf-8") == changed
    assert "Our class" not in (out / "jupyter-lite.json").read_text(encoding="utf-8")
    assert (out / "files" / "my_class.ipynb").read_bytes() == teacher

    assert cli.main([*build, "--clean"]) == 0
    said = capsys.readouterr().out
    assert ("Removed 3 files you had added or changed (--clean): files/my_class.ipynb, "
            "jupyter-lite.yours.json, notes.md.") in said
    assert not (out / "notes.md").exists() and not (out / "files" / "my_class.ipynb").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


# ---------------------------------------------------------------------- export
#: An index.html as ``export`` wrote it before it marked its indexes (two pages).
EARLIER_INDEX = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>canasta_learn lessons</title>'
                 '</head><body><h1>canasta_learn lessons</h1><ul>\n'
                 '<li><a href="01_cards_and_melds.html">01 cards and melds</a></li>\n'
                 '<li><a href="02_frozen_and_blocked_piles.html">02 frozen and blocked piles</a></li>\n'
                 '</ul></body></html>\n')


def earlier_export(out: Path) -> None:
    out.mkdir()
    (out / "index.html").write_text(EARLIER_INDEX, encoding="utf-8")
    for name in ("01_cards_and_melds.html", "02_frozen_and_blocked_piles.html"):
        (out / name).write_text(f"<html>the page {name} exported last week</html>", encoding="utf-8")
    (out / "notes.txt").write_text("the teacher's notes", encoding="utf-8")


@pytest.mark.slow
def test_export_into_a_folder_of_pages_links_them_all(tmp_path: Path) -> None:
    pytest.importorskip("nbconvert")
    out = tmp_path / "pages"
    earlier_export(out)
    result = run(["export", "--lesson", "00_start_here", str(out)], tmp_path)
    assert result.status == 0, result.output
    links = re.findall(r'<a href="([^"]+)">', (out / "index.html").read_text(encoding="utf-8"))
    assert links == ["00_start_here.html", "01_cards_and_melds.html", "02_frozen_and_blocked_piles.html"]
    texts = re.findall(r'<a href="[^"]+">([^<]+)</a>', (out / "index.html").read_text(encoding="utf-8"))
    assert texts[0] == "00 · Start here"  # the lesson's number and title, not its file name
    assert f"{out / 'index.html'} also links 2 pages an earlier export wrote there." in result.output
    assert (out / "notes.txt").read_text(encoding="utf-8") == "the teacher's notes"
    assert sorted(p.name for p in out.iterdir()) == ["00_start_here.html", "01_cards_and_melds.html",
                                                     "02_frozen_and_blocked_piles.html", "index.html", "notes.txt"]


def test_export_refuses_an_index_it_did_not_write_before_running_a_lesson(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("nbconvert")
    out = tmp_path / "pages"
    out.mkdir()
    (out / "index.html").write_text("<html><body>Our class's home page</body></html>", encoding="utf-8")
    before = snapshot(out)
    assert cli.main(["export", "--lesson", "00_start_here", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{out / 'index.html'} was not written by canasta-learn export" in err
    assert snapshot(out) == before


# ---------------------------------------------------------------------- the property
@dataclass
class Case:
    """A file-writing command run against a user's existing files, with a failure or an interrupt."""

    args: Callable[[Path], list[str]]
    files: dict[str, str]  # the user's files before, by path relative to the run's folder
    interrupt: Callable[[subprocess.Popen[bytes], Reader], bool] | None = None
    slow: bool = False


LESSON = "00_start_here.ipynb"
CASES = {
    "record, a bad --max-rounds": Case(
        lambda d: ["record", "--game", "--max-rounds", "0", "-o", "game.json"],
        {"game.json": "my record of last week's game " * 20}),
    "record, interrupted": Case(
        lambda d: ["record", "--game", "--bots", "coach", "-o", "game.json"],
        {"game.json": "my record of last week's game " * 2000}, interrupt=busy(0.6)),
    "record, to a folder": Case(
        lambda d: ["record", "-o", "games"], {"games/keep.json": "a record in my folder"}),
    "simulate, interrupted": Case(
        lambda d: ["simulate", "--rounds", "100000000", "--bots", "random", "--csv", "rounds.csv"],
        {"rounds.csv": "round,score\n" * 5000}, interrupt=busy(0.8)),
    "site, a failing build": Case(
        lambda d: ["site", "site", "--pyodide", "nowhere", "--source", str(ROOT)],
        {"site/jupyter-lite.json": "{}", "site/files/my_class.ipynb": '{"cells": []}',
         "site/static/pyodide/pyodide-lock.json": "{}"}),
    "site, into a folder that is not a site": Case(
        lambda d: ["site", "thesis", "--source", str(ROOT)], {"thesis/chapter1.md": "my thesis"}),
    "export, a lesson that does not exist": Case(
        lambda d: ["export", "--lesson", "99_nothing", "pages"],
        {"pages/index.html": EARLIER_INDEX, "pages/notes.txt": "mine"}),
    "export, into a folder of pages": Case(
        lambda d: ["export", "--lesson", "00_start_here", "pages"],
        {"pages/index.html": EARLIER_INDEX, "pages/01_cards_and_melds.html": "<html>1</html>",
         "pages/02_frozen_and_blocked_piles.html": "<html>2</html>"}, slow=True),
    "lessons, over a learner's edited copy": Case(
        lambda d: ["lessons", "--no-lab", "mine"], {f"mine/{LESSON}": '{"cells": [], "mine": 1}'}),
    "lessons --student, over a learner's edited course": Case(
        lambda d: ["lessons", "--student", "--no-lab", "course"],
        {f"course/{LESSON}": '{"cells": [], "mine": 1}', "course/course.ipynb": "my own index"}),
    "play, over an edited play notebook": Case(
        lambda d: ["play", "--no-voila", "--dir", "class", "--seed", "5"],
        {"class/canasta-play.ipynb": '{"cells": [], "my edits": 1}'}),
    "classroom-link": Case(
        lambda d: ["classroom-link", "--hub", "https://hub.example.edu", "--repo", "https://example.org/r"],
        {"notes.txt": "mine"}),
}


@POSIX
@pytest.mark.parametrize("name", [pytest.param(n, marks=[pytest.mark.slow] if c.slow else [])
                                  for n, c in CASES.items()])
def test_no_command_changes_a_user_file_unless_it_says_so(name: str, tmp_path: Path) -> None:
    """A command that fails (status 2) changes no file of the user's; one that ends (done or
    interrupted) leaves a user's file shorter or changed only if its output names that file."""
    case = CASES[name]
    for relative, text in case.files.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(text, encoding="utf-8")
    args = case.args(tmp_path)
    result = (interrupted_run(args, tmp_path, case.interrupt) if case.interrupt
              else run(args, tmp_path))
    assert result.status in (0, 2, 130), result.output
    assert "Traceback" not in result.output, result.output
    for relative, text in case.files.items():
        path = tmp_path / relative
        after = path.read_text(encoding="utf-8") if path.is_file() else None
        if after == text:
            continue
        assert result.status != 2, f"{relative} changed by a command that failed: {result.output}"
        assert relative in result.output, f"{relative} changed without a word: {result.output}"


def test_play_keeps_an_earlier_play_notebook_it_would_replace(tmp_path: Path) -> None:
    """``play --dir`` writes its notebook there; a different one already there (a teacher's
    edited page) is kept under the next free name and the command says so."""
    folder = tmp_path / "class"
    folder.mkdir()
    edited = '{"cells": [], "my edits": 1}'
    (folder / "canasta-play.ipynb").write_text(edited, encoding="utf-8")
    (folder / "canasta-play-1.ipynb").write_text("an older copy", encoding="utf-8")
    result = run(["play", "--no-voila", "--dir", "class", "--seed", "5"], tmp_path)
    assert result.status == 0, result.output
    assert (folder / "canasta-play-2.ipynb").read_text(encoding="utf-8") == edited
    assert (folder / "canasta-play-1.ipynb").read_text(encoding="utf-8") == "an older copy"
    assert "canasta-play-2.ipynb" in result.output
    assert "seed=5" in (folder / "canasta-play.ipynb").read_text(encoding="utf-8")
    again = run(["play", "--no-voila", "--dir", "class", "--seed", "5"], tmp_path)  # the same page: nothing kept
    assert again.status == 0 and "Kept" not in again.output
    assert sorted(p.name for p in folder.iterdir()) == ["canasta-play-1.ipynb", "canasta-play-2.ipynb",
                                                       "canasta-play.ipynb"]

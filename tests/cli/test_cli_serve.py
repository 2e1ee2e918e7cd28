"""``canasta-learn lessons`` and ``canasta-learn play`` print the URL their server really serves
(their usual port taken by a real socket), and ``play`` leaves no temporary folder behind when
stopped with Ctrl+C (a real SIGINT to its process group, as a terminal sends it)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CANASTA_LEARN = [sys.executable, "-m", "canasta_learn.cli"]


def cli_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["CANASTA_LEARN_LANG"] = "en"
    env["TMPDIR"] = str(tmp_path)  # where play's temporary folder goes
    env.pop("JUPYTER_TOKEN", None)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTER_DATA_DIR", "data")):
        env[var] = str(tmp_path / "jupyter" / sub)
    return env


@contextmanager
def occupied(port: int) -> Iterator[None]:
    """``port`` taken by a listening socket (if something else holds it already, it is taken)."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        try:
            holder.bind(("127.0.0.1", port))
            holder.listen()
        except OSError:
            pass
        yield
    finally:
        holder.close()


def wait_for_line(log: Path, pattern: str, process: subprocess.Popen[str], patience: float) -> re.Match[str]:
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        found = re.search(pattern, log.read_text())
        if found:
            return found
        if process.poll() is not None:
            break
        time.sleep(0.2)
    raise AssertionError(f"no line matching {pattern!r} (exit {process.poll()}):\n{log.read_text()[-3000:]}")


def answer(url: str, process: subprocess.Popen[str], patience: float = 180) -> tuple[int, str]:
    deadline = time.monotonic() + patience
    while process.poll() is None and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    raise AssertionError(f"nothing answered at {url} (exit {process.poll()})")


def stop_group(process: subprocess.Popen[str], sig: int = signal.SIGTERM) -> None:
    if process.poll() is None:
        os.killpg(process.pid, sig)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_lessons_on_a_taken_port_print_the_url_jupyterlab_serves(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlab")
    log = tmp_path / "out.log"
    with occupied(8888), log.open("w") as sink:
        lab = subprocess.Popen([*CANASTA_LEARN, "lessons", str(tmp_path / "lessons"), "--", "--no-browser"],
                               stdout=sink, stderr=subprocess.STDOUT, text=True, env=cli_env(tmp_path),
                               start_new_session=True)
        try:
            found = wait_for_line(log, r"Starting JupyterLab at (http://localhost:(\d+)/lab\?token=(\w+)) ", lab, 60)
            url, port, token = found.group(1), int(found.group(2)), found.group(3)
            assert port != 8888
            status, body = answer(f"http://localhost:{port}/api/status?token={token}", lab)
            assert status == 200 and "started" in json.loads(body)
            status, body = answer(url, lab)
            assert status == 200 and "JupyterLab" in body
        finally:
            stop_group(lab)


def test_play_on_a_taken_port_prints_its_url_and_ctrl_c_removes_its_folder(tmp_path: Path) -> None:
    pytest.importorskip("voila")
    log = tmp_path / "out.log"
    with occupied(8866), log.open("w") as sink:
        play = subprocess.Popen([*CANASTA_LEARN, "play", "--speed", "instant", "--seed", "3", "--", "--no-browser"],
                                stdout=sink, stderr=subprocess.STDOUT, text=True, env=cli_env(tmp_path),
                                start_new_session=True)
        try:
            found = wait_for_line(log, r"Serving the play view at (http://localhost:(\d+)/) ", play, 60)
            assert int(found.group(2)) != 8866
            assert len(list(tmp_path.glob("canasta-play-*"))) == 1
            status, body = answer(found.group(1), play)
            assert status == 200 and "canasta" in body.lower()
            os.killpg(play.pid, signal.SIGINT)  # Ctrl+C in the terminal: the whole foreground group
            # Voila stops its kernel before the command exits: late in a full run that has taken
            # over a minute (CI), alone a few seconds
            assert play.wait(timeout=180) == 130
        finally:
            stop_group(play)
    assert "interrupted" in log.read_text()
    assert list(tmp_path.glob("canasta-play-*")) == []
    with pytest.raises(ProcessLookupError):  # Voila and its kernel are gone too
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            os.killpg(play.pid, 0)
            time.sleep(0.5)

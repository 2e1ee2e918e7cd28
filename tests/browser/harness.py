"""Helpers for the browser tests: JupyterLab / Voila servers and Playwright page actions.

The pytest fixtures built on these live in ``conftest.py`` beside this file; tests import the
plain helpers from here (``from harness import open_notebook, run_all, write_notebook``).

Follows the recipe in the shared notes ("widget tests in a real browser"):

* Chromium is Debian's ``/usr/bin/chromium`` (``apt-get install chromium``), launched by
  Playwright with ``executable_path``; ``playwright install`` is never used.
* JupyterLab serves a *temporary copy* of the notebooks (Lab autosaves outputs into what it
  serves), on 127.0.0.1, a free port and a random token, with its own config/runtime/data/
  IPython folders and settings overrides (no news toast, every cell rendered).
* Servers run in their own process group and are stopped with ``os.killpg`` (server and
  kernels), by their own pid only.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from canasta_learn.cli.play import VOILA_EXTENSION_DENYLIST

if TYPE_CHECKING:  # pragma: no cover - types only
    from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root
    "--disable-gpu",
    "--disable-background-networking",  # the machine's network is closed: no Google look-ups
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

#: Timeouts in milliseconds for Playwright waits (generous: CI machines have 2 cores).
OPEN_TIMEOUT_MS = 60_000
RUN_TIMEOUT_MS = 60_000
#: Seconds to wait for a server to answer.
SERVER_TIMEOUT_S = 60.0

#: An error thrown in JupyterLite's Pyodide kernel extension (see IGNORED_CONSOLE_ERRORS).
LITE_KERNEL_EXTENSION_ERROR = r"extensions/@jupyterlite/pyodide-kernel-extension/static/"

#: Browser console errors that are known to be harmless; each is a regular expression matched
#: (re.search) against the recorded message. Keep this list short and say why for each entry.
#: A single test can allow more with ``page_console.ignore(pattern)``.
IGNORED_CONSOLE_ERRORS: list[str] = [
    # The site extra (in the test extra) installs jupyterlite-pyodide-kernel, whose JupyterLab
    # extension is for JupyterLite only: JupyterLab and Voila find it in the environment, fail
    # to load it (JupyterLite's services are not in their shared scope; the error's stack is
    # in the extension's own files) and carry on without it. The JupyterLite site's test
    # (test_site_browser.py) removes this entry: there the extension is the kernel.
    LITE_KERNEL_EXTENSION_ERROR,
]

#: Requests answered locally with an empty body instead of going to the network (the test
#: machine is offline). Voila's "lab" template links Font Awesome's CSS from a public CDN
#: (share/jupyter/voila/templates/lab/index.html.j2); offline that logs two console errors
#: "net::ERR_NAME_NOT_RESOLVED", which say nothing about our widgets. Only icons are lost.
OFFLINE_STUBS: dict[str, str] = {
    r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^/]+/css/[\w.-]+\.css$": (
        "text/css"
    ),
}

#: JupyterLab settings for the test server (written to <app_settings_dir>/overrides.json).
LAB_OVERRIDES: dict[str, Any] = {
    # No "news" / "check for updates" toast drawn over the widgets (and no network call).
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Render every cell, not only those in view, so selectors find all outputs.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # Widget state saved with the notebook, as in binder/postBuild.
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
}


# --------------------------------------------------------------------------- availability
def browser_unavailable_reason() -> str | None:
    """Why browser tests cannot run here, or None when they can."""
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} not found (Debian: apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install -e '.[test]')"
    return None


# --------------------------------------------------------------------------- small helpers
def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    """Write a notebook of code cells with python3 kernelspec metadata.

    Without ``kernelspec`` metadata JupyterLab opens a kernel picker and nothing runs.
    """
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


def isolated_env(home: Path) -> dict[str, str]:
    """Environment for a Jupyter process with its own config, runtime, data and IPython dirs."""
    env = dict(os.environ)
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTER_DATA_DIR", "data"),
        ("IPYTHONDIR", "ipython"),
    ]:
        d = home / sub
        d.mkdir(parents=True, exist_ok=True)
        env[var] = str(d)
    env.pop("JUPYTER_PATH", None)
    # Kernels ("python -m ipykernel_launcher") run in this interpreter's environment.
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def stop_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop a process started with start_new_session=True, with its children (kernels)."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # the group id is the leader's own pid
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)


def log_tail(path: Path, n: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no log)"


def _spawn(cmd: list[str], cwd: Path, home: Path, log: Path) -> subprocess.Popen[bytes]:
    with open(log, "wb") as out:
        return subprocess.Popen(
            cmd,
            cwd=cwd,
            env=isolated_env(home),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: stop_group() ends server + kernels
        )


def wait_for_port(
    port: int, proc: subprocess.Popen[bytes], log: Path, timeout: float = SERVER_TIMEOUT_S
) -> None:
    """Wait until 127.0.0.1:*port* accepts connections; fail early if *proc* died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log_tail(log)}")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(1)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"port {port} not open after {timeout}s:\n{log_tail(log)}")


# --------------------------------------------------------------------------- JupyterLab
@dataclass
class LabServer:
    """A running JupyterLab server serving a temporary copy of a notebook folder."""

    base_url: str
    token: str
    root: Path
    log: Path
    proc: subprocess.Popen[bytes] = field(repr=False)

    def stop(self) -> None:
        stop_group(self.proc)


def wait_for_lab(server: LabServer, timeout: float = SERVER_TIMEOUT_S) -> None:
    """Poll /api/status until 200, checking the process is still alive.

    (As root without --allow-root the server exits and says why only in its log.)
    """
    deadline = time.monotonic() + timeout
    req = urllib.request.Request(
        f"{server.base_url}/api/status", headers={"Authorization": f"token {server.token}"}
    )
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with {server.proc.returncode}:\n{log_tail(server.log)}"
            )
        try:
            with urllib.request.urlopen(req, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise TimeoutError(f"JupyterLab not ready after {timeout}s:\n{log_tail(server.log)}")


def start_lab(folder: Path, home: Path) -> LabServer:
    """Copy *folder* to *home*/notebooks and serve it with JupyterLab; wait until ready."""
    root = home / "notebooks"
    shutil.copytree(folder, root)
    settings = home / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(json.dumps(LAB_OVERRIDES, indent=2))
    port = free_port()
    token = secrets.token_hex(16)
    log = home / "jupyterlab.log"
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--allow-root",  # CI runs as root
        f"--LabApp.app_settings_dir={settings}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp, used by run_all()
    ]  # fmt: skip
    server = LabServer(f"http://127.0.0.1:{port}", token, root, log, _spawn(cmd, root, home, log))
    try:
        wait_for_lab(server)
    except BaseException:
        server.stop()
        raise
    return server


def open_notebook(page: Page, base_url: str, token: str, name: str) -> None:
    """Open notebook *name* (relative to the server root) and wait until its kernel is idle."""
    from playwright.sync_api import expect

    page.goto(f"{base_url}/lab/tree/{name}?token={token}&reset")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=OPEN_TIMEOUT_MS)
    # The toolbar's execution indicator says idle too early; the status bar names the kernel.
    expect(page.locator("#jp-main-statusbar")).to_contain_text(
        "(ipykernel) | Idle", timeout=OPEN_TIMEOUT_MS
    )


def run_all(page: Page) -> None:
    """Run every cell of the current notebook (no menus or focus involved)."""
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


# --------------------------------------------------------------------------- Voila
@dataclass
class VoilaServer:
    """A running Voila server rendering one notebook at ``base_url``."""

    base_url: str
    log: Path
    proc: subprocess.Popen[bytes] = field(repr=False)

    def stop(self) -> None:
        stop_group(self.proc)


def start_voila(notebook: Path, home: Path) -> VoilaServer:
    """Copy *notebook* to *home*/notebooks and serve it with Voila; wait for the port."""
    nb_copy = home / "notebooks" / notebook.name
    nb_copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(notebook, nb_copy)
    port = free_port()
    log = home / "voila.log"
    cmd = [
        sys.executable, "-m", "voila", str(nb_copy),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        # as `canasta-learn play` serves its page: without the JupyterLab extensions that are
        # not for Voila (jupytext's fails to load there: a console error)
        *(f"--VoilaConfiguration.extension_denylist={name}" for name in VOILA_EXTENSION_DENYLIST),
    ]  # fmt: skip
    server = VoilaServer(f"http://127.0.0.1:{port}", log, _spawn(cmd, nb_copy.parent, home, log))
    try:
        wait_for_port(port, server.proc, log)
    except BaseException:
        server.stop()
        raise
    return server


# --------------------------------------------------------------------------- page set-up
def stub_offline_requests(context: BrowserContext) -> None:
    """Answer the OFFLINE_STUBS requests with an empty body of their content type."""
    for pattern, content_type in OFFLINE_STUBS.items():

        def fulfill(route: Route, content_type: str = content_type) -> None:
            route.fulfill(status=200, content_type=content_type, body="")

        context.route(re.compile(pattern), fulfill)


# --------------------------------------------------------------------------- console errors
class ConsoleLog:
    """Errors a page reported: console messages of type "error" and uncaught exceptions."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.ignored_patterns: list[str] = list(IGNORED_CONSOLE_ERRORS)

    def ignore(self, pattern: str) -> None:
        """Allow console errors matching *pattern* (re.search), for this test only."""
        self.ignored_patterns.append(pattern)

    def on_console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            loc = msg.location
            where = f" ({loc.get('url')}:{loc.get('lineNumber')})" if loc else ""
            self.errors.append(f"console.error: {msg.text}{where}")

    def on_page_error(self, exc: Exception) -> None:
        self.errors.append(f"uncaught: {exc}")

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(re.search(p, e) for p in self.ignored_patterns)]

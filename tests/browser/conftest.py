"""Fixtures for the browser tests (JupyterLab / Voila + Playwright + Debian Chromium).

The plain helpers (open_notebook, run_all, write_notebook, ...) are in ``harness.py``.

* Every test in this folder is marked ``browser``. It is skipped, with the reason, where
  ``/usr/bin/chromium`` or the playwright package is missing; ``scripts/test.sh`` sets
  ``CANASTA_REQUIRE_BROWSER=1``, which turns that skip into a failure, since that script
  installs both.
* ``page`` fails the test at teardown if the browser console reported an error (see
  ``harness.IGNORED_CONSOLE_ERRORS`` for the short list of known-harmless messages, and
  ``page_console.ignore(pattern)`` to allow one in a single test).

Typical use::

    @pytest.fixture(scope="module")
    def lab(lab_server_factory, tmp_path_factory):
        folder = tmp_path_factory.mktemp("nbs")
        write_notebook(folder / "demo.ipynb", ["print('hi')"])
        return lab_server_factory(folder)

    def test_demo(lab, page):
        open_notebook(page, lab.base_url, lab.token, "demo.ipynb")
        run_all(page)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ConsoleLog,
    LabServer,
    VoilaServer,
    browser_unavailable_reason,
    start_lab,
    start_voila,
    stub_offline_requests,
)

if TYPE_CHECKING:  # pragma: no cover - types only
    from playwright.sync_api import Browser, Page

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder with ``browser``."""
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def _require_browser() -> None:
    """Skip (or, with CANASTA_REQUIRE_BROWSER=1, fail) when no browser is usable.

    Session-scoped so that it runs before the other session fixtures (browser, servers);
    pytest caches the skip and repeats it for every test here.
    """
    reason = browser_unavailable_reason()
    if reason is None:
        return
    if os.environ.get("CANASTA_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests are required (CANASTA_REQUIRE_BROWSER=1) but {reason}")
    pytest.skip(reason)


# --------------------------------------------------------------------------- servers
@pytest.fixture(scope="session")
def lab_server_factory(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[Path], LabServer]]:
    """``start(folder) -> LabServer``: serve a temporary copy of *folder* in JupyterLab.

    One server per folder per session (a second call with the same folder reuses it); all
    are stopped (os.killpg on each server's own process group) at the end of the session.
    """
    servers: dict[Path, LabServer] = {}

    def start(folder: Path) -> LabServer:
        key = Path(folder).resolve()
        if key not in servers:
            servers[key] = start_lab(key, tmp_path_factory.mktemp("jupyterlab"))
        return servers[key]

    try:
        yield start
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture
def voila_factory(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[Path], VoilaServer]]:
    """``start(notebook) -> VoilaServer``: render a temporary copy of *notebook* with Voila.

    Servers are stopped at the end of the test.
    """
    started: list[VoilaServer] = []

    def start(notebook: Path) -> VoilaServer:
        server = start_voila(Path(notebook), tmp_path_factory.mktemp("voila"))
        started.append(server)
        return server

    try:
        yield start
    finally:
        for server in started:
            server.stop()


# --------------------------------------------------------------------------- Playwright
@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, launched through Playwright (no `playwright install`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page_console() -> ConsoleLog:
    """The console log of this test's ``page`` (``.ignore(pattern)`` allows a message)."""
    return ConsoleLog()


@pytest.fixture
def page(browser: Browser, page_console: ConsoleLog) -> Iterator[Page]:
    """A fresh page in a new browser context; fails the test at teardown on console errors."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    stub_offline_requests(context)
    pg = context.new_page()
    pg.on("console", page_console.on_console)
    pg.on("pageerror", page_console.on_page_error)
    try:
        yield pg
    finally:
        context.close()
    bad = page_console.unexpected()
    if bad:
        pytest.fail("browser console reported errors:\n  " + "\n  ".join(bad), pytrace=False)

"""Smoke tests of the browser harness itself (they do not import canasta_learn).

A tiny notebook with an ipywidgets Button and Label: clicking the button in the browser runs a
Python callback in the kernel, which changes the label. Once in JupyterLab, once in Voila.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import ConsoleLog, LabServer, VoilaServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Page, expect

SMOKE_CELLS = [
    "import ipywidgets as w\n"
    "clicks = 0\n"
    "button = w.Button(description='Draw a card')\n"
    "button.add_class('smoke-button')\n"
    "label = w.Label('not clicked')\n"
    "label.add_class('smoke-label')\n"
    "def on_click(_):\n"
    "    global clicks\n"
    "    clicks += 1\n"
    "    label.value = f'clicked {clicks}'\n"
    "button.on_click(on_click)\n"
    "w.VBox([button, label])",
]


@pytest.fixture(scope="module")
def smoke_lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("smoke_notebooks")
    write_notebook(folder / "smoke.ipynb", SMOKE_CELLS)
    return lab_server_factory(folder)


def test_jupyterlab_button_runs_python_callback(smoke_lab: LabServer, page: Page) -> None:
    open_notebook(page, smoke_lab.base_url, smoke_lab.token, "smoke.ipynb")
    run_all(page)

    button = page.locator("button.smoke-button")
    label = page.locator(".smoke-label")
    expect(label).to_have_text("not clicked", timeout=60_000)

    button.click()
    expect(label).to_have_text("clicked 1")
    button.click()
    expect(label).to_have_text("clicked 2")


def test_voila_button_runs_python_callback(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    notebook = write_notebook(tmp_path / "smoke_voila.ipynb", SMOKE_CELLS)
    server = voila_factory(notebook)

    page.goto(server.base_url)
    button = page.locator("button.smoke-button")
    label = page.locator(".smoke-label")
    expect(label).to_have_text("not clicked", timeout=60_000)

    button.click()
    expect(label).to_have_text("clicked 1")


def test_console_errors_are_recorded(page: Page, page_console: ConsoleLog) -> None:
    """The `page` fixture sees console errors (and would fail a test on them at teardown)."""
    page.set_content("<script>console.error('canasta-harness-probe')</script>")
    expect(page.locator("script")).to_have_count(1)
    page.wait_for_function("true")
    assert any("canasta-harness-probe" in e for e in page_console.errors)
    assert page_console.unexpected(), "an unexpected error is reported until ignored"
    page_console.ignore("canasta-harness-probe")  # allowed, so this test passes
    assert page_console.unexpected() == []

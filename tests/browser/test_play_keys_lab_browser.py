"""The play view's and the replay viewer's keys in JupyterLab (issue 27), in a real browser.

In a notebook in command mode, single keys are JupyterLab's: D D deletes the cell, M makes it
Markdown, X cuts it, B adds one below, the arrow keys move to another cell (←/→ to the
previous / next heading, scrolling the notebook). While the play view has focus (a click on
it, or Tab into it) its keys are its own: D draws, M melds, X discards, the arrows move in
the hand and Space selects, and JupyterLab does nothing with them (cells, their types, the
active cell and the notebook's saved state unchanged). Once the focus leaves the play view
(Escape, or a click on another cell), JupyterLab's keys work again. The replay viewer, once
clicked, takes ←/→ the same way, without scrolling the notebook.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import LabServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Page, expect

WAIT_MS = 60_000

PLAY = ("from canasta_learn.widgets import PlayWidget\n"
        "PlayWidget(seed=3, speed='instant', hint_rollouts=4, player_names=['You', 'Ebba', 'Sam', 'Wen'])")
REPLAY = ("from canasta_learn.play.bots import play_round\n"
          "from canasta_learn.widgets import ReplayViewer\n"
          "ReplayViewer(play_round('greedy', seed=5, names=['Ann', 'Ebba', 'Sam', 'Wen']))")
#: A tall output, so that the notebook scrolls (and a scroll would show).
TALL = ("from IPython.display import HTML\n"
        "HTML('<div style=\"height:900px\">A tall output.</div>')")

#: What JupyterLab's commands would change: the cells and their types, the active cell, the
#: command / edit mode, whether the notebook has unsaved changes, and the notebook's scroll.
NOTEBOOK_STATE = """() => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const scroller = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer') || notebook.node;
  return {cells: notebook.widgets.map((cell) => [cell.model.type, cell.model.sharedModel.getSource()]),
          active: notebook.activeCellIndex, mode: notebook.mode, dirty: notebook.model.dirty,
          scroll: scroller.scrollTop};
}"""
FOCUS_IN = "(selector) => !!document.activeElement && !!document.activeElement.closest(selector)"
FOCUSED_CARD = "() => !!document.activeElement && document.activeElement.classList.contains('cl-hand-card')"
FOCUSED_ID = "() => document.activeElement.dataset.id"
LAST_SAVED = "() => window.jupyterapp.shell.currentWidget.context.contentsModel.last_modified"


@pytest.fixture(scope="module")
def lab(lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory) -> LabServer:
    folder = tmp_path_factory.mktemp("play_keys_lab")
    write_notebook(folder / "keys.ipynb", ["first = 1", PLAY, "last = 2"])
    write_notebook(folder / "leave.ipynb", ["first = 1", PLAY, "last = 2"])
    write_notebook(folder / "replay.ipynb", [TALL, REPLAY, TALL])
    return lab_server_factory(folder)


def state(page: Page, scroll: bool = False) -> dict[str, Any]:
    """The notebook's cells, active cell, mode and unsaved changes (and with *scroll*, its scroll;
    the play view leaves the browser's own scrolling by arrow keys on a button alone)."""
    value: dict[str, Any] = page.evaluate(NOTEBOOK_STATE)
    if not scroll:
        del value["scroll"]
    return value


def open_and_run(page: Page, lab: LabServer, name: str) -> None:
    """Open *name* and run all its cells."""
    open_notebook(page, lab.base_url, lab.token, name)
    run_all(page)


def save(page: Page) -> None:
    """Save the notebook: from here on, only a change to it marks it changed."""
    page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.content.model.dirty", timeout=WAIT_MS)


def open_play_view(page: Page, lab: LabServer, name: str) -> None:
    open_and_run(page, lab, name)
    expect(page.locator(".cl-play-widget .cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-play-status")).to_contain_text("Your turn: draw", timeout=WAIT_MS)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("(ipykernel) | Idle", timeout=WAIT_MS)
    save(page)


def test_keys_in_the_play_view_play_the_game_and_never_reach_jupyterlab(lab: LabServer, page: Page) -> None:
    open_play_view(page, lab, "keys.ipynb")
    cards = page.locator(".cl-play-widget .cl-hand-card")
    message = page.locator(".cl-play-widget .cl-play-message")
    narration = page.locator(".cl-play-widget .cl-play-narration")
    # A click on the hand: the card is selected and has the focus; the notebook is in command
    # mode, its single-key shortcuts armed.
    cards.first.click()
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(FOCUSED_CARD)
    before = state(page)
    assert before["mode"] == "command" and not before["dirty"]
    assert before["cells"][1][0] == "code" and len(before["cells"]) == 3

    page.keyboard.press(" ")  # Space: the focused card is deselected
    expect(cards.first).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".cl-play-selection")).to_have_count(0)  # the kernel has no selection
    page.keyboard.press("m")  # JupyterLab: the cell to Markdown; here: Meld, refused
    expect(message).to_contain_text("Select the cards to meld first")
    page.keyboard.press("x")  # JupyterLab: cut the cell; here: Discard, refused
    expect(message).to_contain_text("Select exactly one card to discard")
    dealt = cards.count()
    page.keyboard.press("d")  # JupyterLab: the first D of D D (delete the cell); here: Draw
    expect(narration).to_contain_text("You drew")
    expect(cards).to_have_count(dealt + 1, timeout=WAIT_MS)  # a red three drawn is replaced
    page.keyboard.press("d")  # the second D: refused, and no cell is deleted
    expect(message).to_contain_text("You have already drawn this turn")
    page.keyboard.press("t")
    expect(message).to_contain_text("You have already drawn this turn")
    assert state(page) == before

    # The arrow keys move in the hand (JupyterLab: to another cell), Space selects.
    page.wait_for_function(FOCUSED_CARD, timeout=WAIT_MS)
    first = page.evaluate(FOCUSED_ID)
    page.keyboard.press("ArrowRight")
    second = page.evaluate(FOCUSED_ID)
    assert second != first and page.evaluate(FOCUSED_CARD)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED_ID) == second
    page.keyboard.press(" ")
    chosen = page.locator(f".cl-play-widget .cl-hand-card[data-id='{second}']")
    expect(chosen).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".cl-play-selection")).to_contain_text("Selected:")
    # Keys the play view has no use for stop there too (JupyterLab: B, A add a cell).
    page.keyboard.press("b")
    page.keyboard.press("a")
    page.keyboard.press("Shift+M")
    assert state(page) == before, "JupyterLab acted on a key meant for the play view"
    # Tab leaves the hand (one Tab stop) for the buttons; the arrows there stay in the view.
    page.keyboard.press("Tab")
    assert not page.evaluate(FOCUSED_CARD)
    assert page.evaluate(FOCUS_IN, ".cl-play-widget")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("b")
    assert state(page) == before
    page.keyboard.press("x")  # Discard the selected card; the bots (instant) reply
    expect(narration).to_contain_text("You discarded")
    expect(page.locator(".cl-play-status")).to_contain_text("Your turn: draw", timeout=WAIT_MS)
    after = state(page)
    assert after == before, "JupyterLab acted on a key meant for the play view"


def test_jupyterlab_keeps_its_keys_once_the_focus_leaves_the_play_view(lab: LabServer, page: Page) -> None:
    open_play_view(page, lab, "leave.ipynb")
    cards = page.locator(".cl-play-widget .cl-hand-card")
    cards.first.click()
    page.keyboard.press(" ")
    expect(cards.first).to_have_attribute("aria-pressed", "false")
    before = state(page)
    # Escape: the focus goes back to the play view's cell, and B adds a cell below it.
    page.keyboard.press("Escape")
    page.wait_for_function(FOCUS_IN, arg=".jp-Cell", timeout=WAIT_MS)
    assert not page.evaluate(FOCUS_IN, ".cl-play-widget")
    page.keyboard.press("b")
    page.wait_for_function("(n) => window.jupyterapp.shell.currentWidget.content.widgets.length === n",
                           arg=len(before["cells"]) + 1, timeout=WAIT_MS)
    assert state(page)["active"] == before["active"] + 1
    # A click on another cell's prompt, then M: that cell becomes Markdown.
    page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPrompt").click()
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex === 0",
                           timeout=WAIT_MS)
    page.keyboard.press("m")
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.content.widgets[0].model.type === 'markdown'", timeout=WAIT_MS)
    # A click anywhere in the play view (its status line here) gives it the keys back: D draws.
    changed = state(page)
    page.locator(".cl-play-widget .cl-play-status").click()
    assert page.evaluate(FOCUS_IN, ".cl-play-widget")
    page.keyboard.press("d")
    expect(page.locator(".cl-play-widget .cl-play-narration")).to_contain_text("You drew")
    page.keyboard.press("d")
    expect(page.locator(".cl-play-widget .cl-play-message")).to_contain_text("You have already drawn this turn")
    now = state(page)
    assert now["cells"] == changed["cells"] and now["active"] == 1
    # Ctrl+S, with the play view focused, still saves the notebook (Ctrl / Alt / Meta keys pass).
    assert page.evaluate(FOCUS_IN, ".cl-play-widget")
    saved = page.evaluate(LAST_SAVED)
    page.keyboard.press("Control+s")
    page.wait_for_function(f"(before) => ({LAST_SAVED})() !== before", arg=saved, timeout=WAIT_MS)
    assert not state(page)["dirty"]


def test_replay_arrow_keys_step_a_clicked_viewer_in_jupyterlab_without_scrolling_the_notebook(
    lab: LabServer, page: Page
) -> None:
    open_and_run(page, lab, "replay.ipynb")
    step = page.locator(".cl-replay-viewer .cl-slider-input")
    expect(step).to_be_visible(timeout=WAIT_MS)
    start = int(step.get_attribute("min") or "")
    expect(step).to_have_value(str(start))  # the first round's deal
    expect(page.locator("#jp-main-statusbar")).to_contain_text("(ipykernel) | Idle", timeout=WAIT_MS)
    save(page)
    # A click on the viewer's text (nothing there takes focus of its own) gives it the keys.
    page.locator(".cl-replay-viewer .cl-replay-where").click()
    assert page.evaluate(FOCUS_IN, ".cl-replay-viewer")
    before = state(page, scroll=True)
    assert before["mode"] == "command" and before["scroll"] > 0  # the viewer is below a tall output
    page.keyboard.press("ArrowRight")
    expect(step).to_have_value(str(start + 1))
    page.keyboard.press("ArrowRight")
    expect(step).to_have_value(str(start + 2))
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_value(str(start + 1))
    assert state(page, scroll=True) == before, "JupyterLab moved or scrolled the notebook on ←/→"
    assert page.evaluate(FOCUS_IN, ".cl-replay-viewer")

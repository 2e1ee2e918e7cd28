"""The play view by keyboard in a real browser (issue 27): the hand is one Tab stop (arrow
keys move within it, Space selects) and single letters press the buttons they are shown on
("Draw (D)", "Discard selected (X)", "Hint (H)"); the replay viewer's ←/→ work as soon as the
viewer is on screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from harness import VoilaServer, write_notebook
from playwright.sync_api import Page, expect

WAIT_MS = 60_000

CELL = ("from canasta_learn.widgets import PlayWidget\n"
        "PlayWidget(seed=3, speed='instant', hint_rollouts=4, player_names=['You', 'Ebba', 'Sam', 'Wen'])")

FOCUSED_CARD = "document.activeElement && document.activeElement.classList.contains('cl-hand-card')"


def test_a_turn_by_keyboard_only(voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page) -> None:
    server = voila_factory(write_notebook(tmp_path / "keys.ipynb", [CELL]))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url)
    cards = page.locator(".cl-play-widget .cl-hand-card")
    expect(cards.first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("button.cl-button-draw")).to_have_text("Draw (D)")
    expect(page.locator("button.cl-button-discard")).to_have_text("Discard selected (X)")
    expect(page.locator(".cl-play-status")).to_contain_text("Your turn: draw")
    # Nothing has focus on a fresh Voila page: D still draws.
    dealt = cards.count()
    page.keyboard.press("d")
    expect(page.locator(".cl-play-narration")).to_contain_text("You drew")
    # the drawn card is in the hand before the keys move in it (a red three drawn is laid down
    # and replaced: one card more either way); on a loaded machine it can come a moment later
    expect(cards).to_have_count(dealt + 1, timeout=WAIT_MS)
    # One Tab stop for the hand: exactly one card is reachable by Tab.
    expect(page.locator(".cl-play-widget .cl-hand-card[tabindex='0']")).to_have_count(1)
    cards.first.focus()
    page.keyboard.press("End")
    last = cards.count() - 1
    assert page.evaluate("document.activeElement.dataset.id") == cards.nth(last).get_attribute("data-id")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.id") == cards.nth(last).get_attribute("data-id")
    page.keyboard.press("Tab")
    assert not page.evaluate(FOCUSED_CARD), "Tab stays in the hand"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.id") == cards.nth(last).get_attribute("data-id")
    page.keyboard.press(" ")
    expect(cards.nth(last)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".cl-play-selection")).to_be_visible()  # the kernel has the selection
    page.keyboard.press("x")
    expect(page.locator(".cl-play-narration")).to_contain_text("You discarded")
    expect(page.locator(".cl-play-status")).to_contain_text("Your turn: draw", timeout=WAIT_MS)
    page.keyboard.press("h")
    expect(page.locator(".cl-play-coach .cl-coach-move").first).to_be_visible(timeout=WAIT_MS)


REPLAY = ("from canasta_learn.play.bots import play_round\n"
          "from canasta_learn.widgets import ReplayViewer\n"
          "ReplayViewer(play_round('greedy', seed=5, names=['Ann', 'Ebba', 'Sam', 'Wen']))")


def test_replay_arrow_keys_work_as_soon_as_the_viewer_is_on_screen(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    """Nothing clicked or focused first: ←/→ step the replay viewer on screen."""
    server = voila_factory(write_notebook(tmp_path / "replay.ipynb", [REPLAY]))
    page.goto(server.base_url)
    current = page.locator(".cl-replay-moves [aria-current='step']")
    expect(current).to_contain_text("Deal", timeout=WAIT_MS)
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("ArrowRight")
    expect(current).to_contain_text("1. East: Draw from the stock")
    page.keyboard.press("ArrowRight")
    expect(current).to_contain_text("2.")
    page.keyboard.press("ArrowLeft")
    expect(current).to_contain_text("1. East: Draw from the stock")

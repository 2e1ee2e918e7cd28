"""HandWidget, PlayWidget, TableWidget and ReplayViewer in a real browser.

JupyterLab (and once Voila) on 127.0.0.1 with notebooks written here; Debian's Chromium
driven by Playwright (see ``harness.py``). Cards are found by their accessible names
("King of hearts"), controls by their CSS classes. The ``page`` fixture fails a test on any
browser console error.

Set ``CANASTA_SCREENSHOTS=/some/dir`` to also save PNG screenshots of each component there
(``docs/images`` holds the ones in the README).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, VoilaServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Locator, Page, expect

WAIT_MS = 60_000

#: North has drawn and holds three kings and a joker; the team has not opened.
KINGS_ROUND = """\
from canasta_learn.engine.round import Round
rnd = Round.from_state(
    hands=["h13 s13 d13 c7 h7 s4 h9 d10 c12 jk h5", "c4 c5 c6 c8 c9 c10 d4 d5 d6 d8 d9",
           "s5 s6 s8 s9 s10 h4 h6 h8 h10 c11 d11", "s11 h11 h12 s12 d12 c13 c1 d1 h1 s1 d7"],
    stock="s7 d2 c2 h2 c3 s3 d5 d6 c8 c9 c10 s10 h10 d11 h11 c12 h12 d13 c13 s1 d1 h6 s6 h8",
    pile="d4 s7", to_move=0, drew_from="stock")
"""

PLAY_CELLS = [
    KINGS_ROUND
    + "from canasta_learn.widgets import PlayWidget\n"
    "play = PlayWidget(round=rnd, seat=0, player_names=['You', 'Ebba', 'Sam', 'Wen'])\n"
    "play",
]

HAND_CELLS = [
    "import ipywidgets as w\n"
    "from canasta_learn.widgets import HandWidget\n"
    "hand = HandWidget('h13 s5 jk d5')\n"
    "echo = w.Label('none')\n"
    "echo.add_class('cl-test-echo')\n"
    "hand.observe(lambda c: setattr(echo, 'value', ' '.join(hand.selected) or 'none'),"
    " names='selected')\n"
    "w.VBox([hand, echo])",
]

RECORD_CODE = """\
from canasta_learn.play.bots import play_round
record = play_round("greedy", seed=5, names=["Ann", "Ebba", "Sam", "Wen"])
record.comment(0, 3, "A <b>bold</b> move", glyph="!?")
"""

REPLAY_CELLS = [
    RECORD_CODE + "from canasta_learn.widgets import ReplayViewer\n"
    "viewer = ReplayViewer(record)\n"
    "viewer",
]

VOILA_CELLS = [
    KINGS_ROUND
    + "import ipywidgets as w\n"
    "from canasta_learn.widgets import HandWidget, TableWidget\n"
    "w.VBox([TableWidget(rnd, show_hands=False), HandWidget(rnd.hands[0])])",
]


#: Every component, in a state worth showing (the README's screenshots come from here).
SHOWCASE_CELLS = [
    "from canasta_learn.widgets import HandWidget\n"
    "hand = HandWidget('h13 s13 d13 c7 h7 s4 h9 d10 c12 jk h5 d2 c1')\n"
    "hand.select('h13 s13 jk')\n"
    "hand",
    RECORD_CODE + "from canasta_learn.widgets import TableWidget\n"
    "TableWidget(record.state_at(0, 30), player_names=record.players)",
    KINGS_ROUND + "from canasta_learn.widgets import PlayWidget\n"
    "play = PlayWidget(round=rnd, seat=0, player_names=['You', 'Ebba', 'Sam', 'Wen'])\n"
    "play.select('h13 s13 d13 jk'); play.click('meld')\n"
    "play.select('c7 h7 s4'); play.click('meld')\n"
    "play",
    "from canasta_learn.widgets import ReplayViewer\n"
    "viewer = ReplayViewer(record)\n"
    "viewer.go(4)\n"
    "viewer",
]


def screenshot(locator: Locator, name: str) -> None:
    """Save a PNG of *locator* to $CANASTA_SCREENSHOTS/name (when that is set)."""
    folder = os.environ.get("CANASTA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        locator.screenshot(path=str(Path(folder) / name))


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("widget_notebooks")
    write_notebook(folder / "play.ipynb", PLAY_CELLS)
    write_notebook(folder / "hand.ipynb", HAND_CELLS)
    write_notebook(folder / "replay.ipynb", REPLAY_CELLS)
    return lab_server_factory(folder)


def card(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def test_select_cards_by_name_and_meld_them_refusal_first(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, "play.ipynb")
    run_all(page)
    message = page.locator(".cl-play-message")
    kings = [card(page, "King of hearts"), card(page, "King of spades")]
    seven = card(page, "Seven of clubs")
    expect(kings[0]).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-profile-badge").first).to_contain_text("classic")

    for c in [*kings, seven]:
        c.click()
        expect(c).to_have_attribute("aria-pressed", "true")
    # The kernel has the selection (the widget repeats it) before a button is pressed.
    expect(page.locator(".cl-play-selection")).to_have_text("Selected: 7\u2663 K\u2660 K\u2665")
    page.locator("button.cl-button-meld").click()
    # The engine's refusal, beside the cards; nothing moved.
    expect(message).to_contain_text("Refused")
    expect(message).to_contain_text("mixes")
    # The verdict code is for teachers: behind a closed details toggle.
    code = message.locator("details.cl-code-details")
    expect(code.locator("code")).to_be_hidden()
    code.locator("summary").click()
    expect(code.locator("code")).to_have_text("meld_mixed_ranks")
    expect(kings[0]).to_have_attribute("aria-pressed", "true")  # selection kept to fix it

    seven.click()
    expect(seven).to_have_attribute("aria-pressed", "false")
    card(page, "King of diamonds").click()
    card(page, "Joker").click()
    expect(page.locator(".cl-play-selection")).to_have_text("Selected: K\u2666 K\u2660 K\u2665 Jk")
    page.locator("button.cl-button-meld").click()
    narration = page.locator(".cl-play-narration")
    expect(narration).to_contain_text("You melded K\u2666 K\u2660 K\u2665 Jk")
    expect(narration).to_contain_text("80 points")
    expect(narration).to_contain_text("Your team has opened")
    # The melded cards left the hand and are on the table (the team has opened).
    expect(card(page, "King of hearts")).to_have_count(0)
    expect(card(page, "Joker")).to_have_count(0)
    table = page.locator(".cl-play-table")
    expect(table.get_by_role("img", name="King of hearts")).to_have_count(1)
    expect(table).to_contain_text("Opened")

    # Discard: the bots play their turns and hand the turn back.
    card(page, "Five of hearts").click()
    expect(page.locator(".cl-play-selection")).to_have_text("Selected: 5\u2665")
    page.locator("button.cl-button-discard").click()
    expect(page.locator(".cl-play-status")).to_contain_text("Your turn: draw", timeout=WAIT_MS)
    expect(narration).to_contain_text("You discarded 5\u2665.")
    expect(narration).to_contain_text("Ebba drew a card.")
    expect(narration).to_contain_text("Wen drew a card.")
    expect(narration).to_contain_text("Sam (your partner) drew a card.")


def test_keyboard_selection(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, "hand.ipynb")
    run_all(page)
    king = card(page, "King of hearts")
    expect(king).to_be_visible(timeout=WAIT_MS)
    echo = page.locator(".cl-test-echo")
    expect(echo).to_have_text("none")

    king.focus()
    page.keyboard.press("Space")
    expect(king).to_have_attribute("aria-pressed", "true")
    expect(echo).to_have_text("h13")  # the kernel saw it
    page.keyboard.press("Enter")
    expect(king).to_have_attribute("aria-pressed", "false")
    expect(echo).to_have_text("none")

    # The arrow keys move between cards (display order: d5 s5 h13 jk); the hand is one Tab
    # stop (issue 27), so Tab leaves it and Shift+Tab comes back to the card last focused.
    page.keyboard.press("ArrowRight")
    expect(card(page, "Joker")).to_be_focused()
    page.keyboard.press("Tab")
    expect(card(page, "Joker")).not_to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(card(page, "Joker")).to_be_focused()
    page.keyboard.press("Enter")
    expect(card(page, "Joker")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(card(page, "Five of spades")).to_be_focused()
    page.keyboard.press("Space")
    expect(card(page, "Five of spades")).to_have_attribute("aria-pressed", "true")
    expect(echo).to_have_text("s5 jk")

    # Sorting by suit keeps the selection; the focus stays usable.
    page.get_by_role("button", name="by suit").click()
    cards = page.locator(".cl-hand-card")
    expect(cards.first).to_have_attribute("data-card", "d5")
    expect(cards.nth(1)).to_have_attribute("data-card", "s5")
    expect(cards.nth(2)).to_have_attribute("data-card", "h13")
    expect(card(page, "Five of spades")).to_have_attribute("aria-pressed", "true")


def _expected_notes() -> list[str]:
    """The first line of the notes at steps 0..5 (the same deterministic record, in-process)."""
    namespace: dict[str, object] = {}
    exec(RECORD_CODE, namespace)  # noqa: S102 - our own constant code
    from canasta_learn.widgets import ReplayViewer

    viewer = ReplayViewer(namespace["record"])  # type: ignore[arg-type]
    lines = []
    for step in range(6):
        viewer.go(step)
        lines.append(viewer.notes_text.splitlines()[0])
    return lines


def test_replay_forward_and_back_changes_notes(lab: LabServer, page: Page) -> None:
    expected = _expected_notes()
    open_notebook(page, lab.base_url, lab.token, "replay.ipynb")
    run_all(page)
    notes = page.locator(".cl-replay-notes")
    current = page.locator(".cl-replay-moves [aria-current='step']")
    forward = page.locator("button.cl-replay-forward")
    back = page.locator("button.cl-replay-back")
    expect(notes).to_contain_text("Round 1 dealt", timeout=WAIT_MS)
    expect(current).to_contain_text("Deal")
    expect(back).to_be_disabled()

    forward.click()
    expect(notes).to_contain_text(expected[1][:60])
    expect(current).to_contain_text("1. East: Draw from the stock")
    expect(page.locator(".cl-replay-where")).to_contain_text("Step 2 of")
    for _ in range(3):
        forward.click()
    expect(notes).to_contain_text("A <b>bold</b> move")  # the human comment, escaped
    expect(notes).to_contain_text("!?")
    expect(current).to_contain_text("4.")
    back.click()
    expect(notes).not_to_contain_text("A <b>bold</b> move")
    expect(notes).to_contain_text(expected[3][:60])
    expect(current).to_contain_text("3.")
    # The slider (counting steps from 1) follows the buttons; it has an accessible name.
    expect(page.locator(".cl-replay-slider .cl-slider-readout")).to_have_text("4")
    slider = page.get_by_role("slider", name="Step of the game (arrow keys: back / forward)")
    expect(slider).to_have_value("4")

    # Keyboard: the arrow keys step from anywhere in the viewer.
    forward.focus()
    page.keyboard.press("ArrowRight")
    expect(current).to_contain_text("4.")
    expect(notes).to_contain_text("A <b>bold</b> move")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(current).to_contain_text("2.")

    # A click on a move in the list goes there.
    page.locator(".cl-replay-moves button", has_text="5. ").first.click()
    expect(current).to_contain_text("5.")
    expect(page.locator(".cl-replay-where")).to_contain_text("Step 6 of")

    # Play, then Pause: it stays where it paused (it used to jump back to step 1).
    play = page.get_by_role("button", name="Play")
    play.click()
    expect(page.locator(".cl-replay-where")).not_to_contain_text("Step 6 of", timeout=WAIT_MS)
    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    where = page.locator(".cl-replay-where").inner_text()
    paused = int(where.split("Step ")[1].split(" ")[0])
    assert paused > 6  # it played on from step 6 and stopped there, not at step 1
    forward.click()
    expect(page.locator(".cl-replay-where")).to_contain_text(f"Step {paused + 1} of")


def test_voila_renders_hand_and_table(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    notebook = write_notebook(tmp_path / "voila_widgets.ipynb", VOILA_CELLS)
    server = voila_factory(notebook)
    page.goto(server.base_url)
    king = card(page, "King of hearts")
    expect(king).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-table-widget")).to_contain_text("Stock")
    expect(page.locator(".cl-table-widget")).to_contain_text("opening minimum 50")
    king.click()
    expect(king).to_have_attribute("aria-pressed", "true")


def test_voila_shows_every_component(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    """All four components render in Voila (and give the README its screenshots)."""
    notebook = write_notebook(tmp_path / "showcase.ipynb", SHOWCASE_CELLS)
    server = voila_factory(notebook)
    page.set_viewport_size({"width": 1500, "height": 2000})
    page.goto(server.base_url)
    hand = page.locator(".cl-hand-widget").first
    expect(hand.get_by_role("button", name="King of hearts")).to_have_attribute(
        "aria-pressed", "true", timeout=WAIT_MS)
    play = page.locator(".cl-play-widget")
    expect(play.locator(".cl-play-message")).to_contain_text("Refused", timeout=WAIT_MS)
    viewer = page.locator(".cl-replay-viewer")
    expect(viewer.locator(".cl-replay-notes")).to_contain_text("A <b>bold</b> move",
                                                               timeout=WAIT_MS)
    table = page.locator(".cl-table-widget").nth(0)
    expect(table).to_contain_text("Stock")
    screenshot(hand, "hand_widget.png")
    screenshot(table, "table_widget.png")
    screenshot(play, "play_widget.png")
    screenshot(viewer, "replay_viewer.png")

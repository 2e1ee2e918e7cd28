"""The explorers and quizzes in a real browser (JupyterLab + Playwright + Debian Chromium).

* typing into a PileExplorer text box changes the engine verdict shown, and bad notation
  shows an inline error while the verdict stays;
* clicking a Quiz choice (found by its accessible name) shows feedback quoting the engine;
* the keyboard alone (Tab, Space / Enter) answers a quiz and the QuizSet score follows.

With ``CANASTA_SCREENSHOTS=1`` the tests also save pictures of the components to
``docs/images/`` (otherwise to the test's temporary folder).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Locator, Page, expect

DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"

CELLS = [
    "from canasta_learn import Position\n"
    "from canasta_learn.widgets import OpeningExplorer, PileExplorer, Quiz, QuizSet",
    # seed 000: Bill takes the open pile with his pair of sixes
    'pile = PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13")\npile',
    # seed 000: Mike's frozen pile, as a quiz; and a pile-state quiz, in a QuizSet
    'mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])\n'
    'take = Quiz("Can Mike take the pile?", mike, kind="can_take_pile")\n'
    'state = Quiz("What state is the pile in?", mike, kind="pile_state")\n'
    "QuizSet([take, state])",
    # seed 000: the 1500 opening
    'OpeningExplorer("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500)',
]


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("explorer_notebooks")
    for name in NOTEBOOKS:  # one notebook (and kernel) per test: no stale outputs
        write_notebook(folder / f"{name}.ipynb", CELLS)
    return lab_server_factory(folder)


NOTEBOOKS = ("typing", "picker", "clicking", "keyboard")


def open_and_run(page: Page, lab: LabServer, name: str) -> None:
    open_notebook(page, lab.base_url, lab.token, f"{name}.ipynb")
    run_all(page)
    expect(page.locator(".cl-opening-explorer .widget-html.cl-verdict")).to_contain_text(
        "opening_ok", timeout=60_000)


def screenshot(locator: Locator, name: str, tmp_path: Path) -> None:
    folder = DOCS_IMAGES if os.environ.get("CANASTA_SCREENSHOTS") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(folder / name))


def test_pile_explorer_typing_changes_the_verdict(lab: LabServer, page: Page,
                                                  tmp_path: Path) -> None:
    open_and_run(page, lab, "typing")
    explorer = page.locator(".cl-pile-explorer")
    verdict = explorer.locator(".widget-html.cl-verdict")
    expect(verdict).to_contain_text("pile_takeable", timeout=60_000)
    expect(verdict).to_contain_text("6♣ 6♣ with the top card 6♦")  # the learner reads cards as symbols
    expect(explorer.get_by_role("img", name="Six of diamonds, top of the pile")).to_be_visible()
    screenshot(explorer, "pile_explorer.png", tmp_path)

    hand = explorer.locator(".cl-input-hand input")
    hand.fill("c6 h7 d8")  # one six only: the top card cannot go into a meld
    expect(verdict).to_contain_text("pile_no_meld_for_top_card")
    expect(verdict).to_contain_text("You hold 6♣")

    hand.fill("c6 h7 x9")  # bad notation: a red error, announced; the old verdict greyed out
    alert = explorer.get_by_role("alert")
    expect(alert).to_contain_text("'x9'")
    assert alert.evaluate("e => getComputedStyle(e).color") == "rgb(198, 40, 40)"
    results = explorer.locator(".cl-results")
    expect(results).to_have_class(re.compile(r"\bcl-stale\b"))
    assert float(results.evaluate("e => getComputedStyle(e).opacity")) < 0.5
    expect(explorer.locator(".cl-stale-note")).to_contain_text("Not up to date")
    hand.fill("c6 h7 d8")  # valid again: a fresh verdict, not greyed
    expect(results).not_to_have_class(re.compile(r"\bcl-stale\b"))
    expect(verdict).to_contain_text("pile_no_meld_for_top_card")

    score = explorer.locator(".cl-input-score input")
    score.fill("15OO")  # never read as 15
    expect(explorer.locator(".cl-position-error")).to_contain_text("must be a whole number")
    expect(results).to_have_class(re.compile(r"\bcl-stale\b"))
    score.fill("0")
    expect(results).not_to_have_class(re.compile(r"\bcl-stale\b"))

    pile = explorer.locator(".cl-input-pile input")
    pile.fill("s9 d6 s3")  # a black three on top: blocked
    expect(explorer.locator(".cl-pile-state")).to_contain_text("blocked")
    expect(verdict).to_contain_text("pile_blocked_black_three")


def test_pile_explorer_card_picker(lab: LabServer, page: Page) -> None:
    open_and_run(page, lab, "picker")
    explorer = page.locator(".cl-pile-explorer")
    hand = explorer.locator(".cl-input-hand input")
    hand.fill("c6 h7 d8")
    verdict = explorer.locator(".widget-html.cl-verdict")
    expect(verdict).to_contain_text("pile_no_meld_for_top_card")
    explorer.get_by_text("Card picker (click cards instead of typing)").click()
    picker = explorer.locator(".cl-card-picker")
    picker.get_by_role("button", name="Six of spades").click()  # a second six: a pair
    expect(hand).to_have_value("c6 h7 d8 s6")
    expect(verdict).to_contain_text("pile_takeable")


def test_quiz_click_a_choice_shows_engine_feedback(lab: LabServer, page: Page,
                                                   tmp_path: Path) -> None:
    open_and_run(page, lab, "clicking")
    quiz = page.locator(".cl-quiz").filter(has_text="Can Mike take the pile?")
    expect(quiz.get_by_role("img", name="Five of hearts")).to_be_visible()
    screenshot(page.locator(".cl-opening-explorer"), "opening_explorer.png", tmp_path)

    quiz.get_by_role("button", name="Yes", exact=True).click()
    feedback = quiz.locator(".cl-quiz-feedback")
    expect(feedback).to_contain_text("Not quite")
    expect(feedback).to_contain_text("pile_frozen_needs_natural_pair")
    expect(feedback).to_contain_text("natural pair of fives")
    expect(quiz.get_by_role("button", name="Yes", exact=True)).to_be_disabled()
    expect(page.locator(".cl-quiz-score")).to_contain_text("0 of 2 correct")
    page.set_viewport_size({"width": 1400, "height": 2000})  # the whole quiz in view
    screenshot(quiz, "quiz.png", tmp_path)


def test_quiz_answered_with_the_keyboard(lab: LabServer, page: Page) -> None:
    open_and_run(page, lab, "keyboard")
    quiz = page.locator(".cl-quiz").filter(has_text="What state is the pile in?")
    quiz.get_by_role("button", name="empty", exact=True).focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    frozen = quiz.get_by_role("button", name="frozen", exact=True)
    expect(frozen).to_be_focused()
    page.keyboard.press("Enter")
    feedback = quiz.locator(".cl-quiz-feedback")
    expect(feedback).to_contain_text("Right")
    expect(feedback).to_contain_text("frozen_wild")
    expect(page.locator(".cl-quiz-score")).to_contain_text("1 of 2 correct")

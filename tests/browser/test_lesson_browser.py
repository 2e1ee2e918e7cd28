"""Real lessons in a real browser: lesson 02 opened in JupyterLab, every cell run, a quiz
answered by clicking; and the lesson on going out (10) stepped through: every cell run, the
end-of-game widget driven by typing totals, a quiz answered.

The lessons are the shipped notebooks themselves (``notebooks/02_frozen_and_blocked_piles.ipynb``,
``notebooks/10_going_out.ipynb``), not test copies of their cells. The ``page`` fixture fails
the test on browser console errors.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, open_notebook, run_all
from playwright.sync_api import Page, expect

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "02_frozen_and_blocked_piles.ipynb"
GOING_OUT = LESSON.parent / "10_going_out.ipynb"
RUN_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("lesson_notebooks")
    for lesson in (LESSON, GOING_OUT):
        shutil.copy2(lesson, folder / lesson.name)
    return lab_server_factory(folder)


def test_lesson_runs_and_a_quiz_is_answered_by_clicking(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, LESSON.name)
    run_all(page)

    # The last cell (the try-it-yourself sandbox) has run: the whole lesson went through.
    last = page.locator(".jp-Notebook .jp-CodeCell").last
    expect(last.locator(".jp-OutputArea-output").last).to_contain_text(
        "pile_frozen_needs_natural_pair", timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".jp-Notebook")).not_to_contain_text("Traceback")
    expect(page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
           ).to_have_count(0)

    # The teacher's edition: the setup, helper and quiz cells open collapsed (a placeholder
    # where their code was, one click shows it), the cells that teach by their code open.
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    collapsed = [c for c in cells if c["cell_type"] == "code"
                 and c["metadata"].get("jupyter", {}).get("source_hidden")]
    assert collapsed
    expect(page.locator(".jp-Notebook .jp-CodeCell .jp-InputPlaceholder")).to_have_count(len(collapsed))

    # Static pictures: the worked examples are drawn as cards with accessible names.
    expect(page.get_by_role("img", name="Five of spades, top of the pile").first).to_be_visible()

    # The quiz set: a frozen pile taken with a natural pair, by clicking "Yes" (right).
    quizzes = page.locator(".cl-quiz-set")
    score = quizzes.locator(".cl-quiz-score")
    expect(score).to_contain_text("0 of 6 correct", timeout=RUN_TIMEOUT_MS)
    fours = quizzes.locator(".cl-quiz").filter(has_text="You hold d4 d4 s11 h12")
    fours.get_by_role("button", name="Yes", exact=True).click()
    feedback = fours.locator(".cl-quiz-feedback")
    expect(feedback).to_contain_text("Right")
    expect(feedback).to_contain_text("pile_takeable")
    expect(feedback).to_contain_text("natural pair of fours")
    expect(fours.get_by_role("button", name="No", exact=True)).to_be_disabled()
    expect(score).to_contain_text("1 of 6 correct")

    # A wrong answer is explained by the engine too: one queen does not take a frozen pile.
    queen = quizzes.locator(".cl-quiz").filter(has_text="you hold one queen")
    queen.get_by_role("button", name="Yes", exact=True).click()
    expect(queen.locator(".cl-quiz-feedback")).to_contain_text("Not quite")
    expect(queen.locator(".cl-quiz-feedback")).to_contain_text("meld of queens does not help")
    expect(score).to_contain_text("1 of 6 correct (4 still to answer)")


def test_going_out_lesson_steps_through_and_its_widgets_answer(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, GOING_OUT.name)
    run_all(page)

    # The last cell (try it yourself) has run: the whole lesson went through without errors.
    last = page.locator(".jp-Notebook .jp-CodeCell").last
    expect(last.locator(".jp-OutputArea-output").last).to_contain_text("go_out_ok", timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".jp-Notebook")).not_to_contain_text("Traceback")
    expect(page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
           ).to_have_count(0)
    # Each section's live example said what the engine decided.
    notebook = page.locator(".jp-Notebook")
    for sentence in ("2♣ turned up is covered by Jk", "North lays down the red three 3♥.",
                     "South answered yes, so North must go out this turn",  # a verdict shown names seats
                     "the hand ends at once (no meld, no discard)",
                     "N–S 5200, E–W 5200: the game goes on, and one more hand is dealt."):
        expect(notebook).to_contain_text(sentence)

    # The end-of-game widget: type totals that tie after the last hand; the engine decides.
    north_south = page.locator(".widget-text").filter(has_text="N–S before").locator("input")
    east_west = page.locator(".widget-text").filter(has_text="E–W before").locator("input")
    outcome = page.locator(".widget-vbox").filter(has=north_south).locator(".widget-html").last
    expect(outcome).to_contain_text("N–S 5210, E–W 5385: the game is over and East–West win.",
                                    timeout=RUN_TIMEOUT_MS)  # the starting totals 4700 / 4900
    north_south.fill("4690")
    north_south.press("Enter")
    east_west.fill("4715")
    east_west.press("Enter")
    expect(outcome).to_contain_text("N–S 5200, E–W 5200: the game goes on", timeout=RUN_TIMEOUT_MS)

    # A quiz answered by clicking: the first upcard 3♥ is covered (the engine's account, in words).
    upcard = page.locator(".cl-quiz").filter(has_text="The first upcard of a deal is the 3♥")
    upcard.get_by_role("button", name="It is covered with the next card, and the pile is frozen").click()
    expect(upcard).to_contain_text("3♥ turned up is covered by Q♥", timeout=RUN_TIMEOUT_MS)
    expect(upcard).to_contain_text("North lays down the red three 3♦.")

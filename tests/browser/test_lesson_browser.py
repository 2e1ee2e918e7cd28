"""A real lesson in a real browser: lesson 02 opened in JupyterLab, every cell run, a quiz
answered by clicking.

The lesson is the shipped notebook itself (``notebooks/02_frozen_and_blocked_piles.ipynb``),
not a test copy of its cells. The ``page`` fixture fails the test on browser console errors.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, open_notebook, run_all
from playwright.sync_api import Page, expect

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "02_frozen_and_blocked_piles.ipynb"
RUN_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("lesson_notebooks")
    shutil.copy2(LESSON, folder / LESSON.name)
    return lab_server_factory(folder)


def test_lesson_runs_and_a_quiz_is_answered_by_clicking(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, LESSON.name)
    run_all(page)

    # The last cell (the try-it-yourself sandbox) has run: the whole lesson went through.
    last = page.locator(".jp-Notebook .jp-CodeCell").last
    expect(last.locator(".jp-OutputArea-output")).to_contain_text(
        "pile_frozen_needs_natural_pair", timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".jp-Notebook")).not_to_contain_text("Traceback")
    expect(page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
           ).to_have_count(0)

    # Static pictures: the worked examples are drawn as cards with accessible names.
    expect(page.get_by_role("img", name="Five of spades, top of the pile").first).to_be_visible()

    # The quiz set: answer Mike's question by clicking "No" (right: the pile is frozen).
    quizzes = page.locator(".cl-quiz-set")
    score = quizzes.locator(".cl-quiz-score")
    expect(score).to_contain_text("0 of 5 correct", timeout=RUN_TIMEOUT_MS)
    mike = quizzes.locator(".cl-quiz").filter(has_text="Mike holds h5 d2 d2 s12 d12")
    mike.get_by_role("button", name="No", exact=True).click()
    feedback = mike.locator(".cl-quiz-feedback")
    expect(feedback).to_contain_text("Right")
    expect(feedback).to_contain_text("pile_frozen_needs_natural_pair")
    expect(feedback).to_contain_text("natural pair of fives")
    expect(mike.get_by_role("button", name="Yes", exact=True)).to_be_disabled()
    expect(score).to_contain_text("1 of 5 correct")

    # A wrong answer is explained by the engine too: Lisa can take the pile.
    lisa = quizzes.locator(".cl-quiz").filter(has_text="Lisa holds no kings")
    lisa.get_by_role("button", name="No", exact=True).click()
    expect(lisa.locator(".cl-quiz-feedback")).to_contain_text("Not quite")
    expect(lisa.locator(".cl-quiz-feedback")).to_contain_text("meld of kings")
    expect(score).to_contain_text("1 of 5 correct (3 still to answer)")

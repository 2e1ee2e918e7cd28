"""A quiz in a real browser: answered wrong, then (after "Start again") right.

The question is lesson 03's "Your team has 1500 points. What is the opening minimum?". Before
an answer the quiz's picture shows the team score, never the minimum; after each answer a
large banner says right or wrong, and the explanation follows in a neutral box (neither the
banner's green nor its red, no OK / Refused) that names the 1500–2995 band of team scores.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Page, expect

WAIT_MS = 60_000
GREEN, RED = "rgb(46, 125, 50)", "rgb(198, 40, 40)"

QUIZ_CELLS = [
    "from canasta_learn import Position\n"
    "from canasta_learn.widgets import Quiz, QuizSet\n"
    "p1500 = Position('h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13', team_score=1500,"
    " drew_from='stock')\n"
    "QuizSet([Quiz('Your team has 1500 points. What is the opening minimum?', p1500,"
    " kind='opening_minimum')])",
]


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("quiz_notebooks")
    write_notebook(folder / "quiz.ipynb", QUIZ_CELLS)
    return lab_server_factory(folder)


def test_quiz_wrong_then_right_banner_and_neutral_explanation(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, "quiz.ipynb")
    run_all(page)
    quiz = page.locator(".cl-quiz")
    expect(quiz).to_be_visible(timeout=WAIT_MS)
    picture = quiz.locator(".cl-quiz-position")
    expect(picture).to_contain_text("team score 1500")
    expect(picture).not_to_contain_text("minimum")
    expect(picture).not_to_contain_text("90")

    # wrong: 50 (the minimum from 0 to 1495)
    quiz.get_by_role("button", name="50", exact=True).click()
    banner = quiz.locator(".cl-quiz-banner")
    expect(banner).to_have_class("cl-quiz-banner cl-quiz-wrong")
    expect(banner).to_contain_text("Not quite. You chose 50; the answer is 90.")
    expect(banner).to_have_css("font-size", "20px")
    expect(banner).to_have_css("background-color", RED)
    why = quiz.locator(".cl-explanation")
    expect(why.first).to_contain_text("Why 90")
    expect(why.first).to_contain_text("the minimum is 90 for a team score from 1500 to 2995")
    expect(why.nth(1)).to_contain_text("50 is the minimum for a team score from 0 to 1495")
    for box in (why.first, why.nth(1)):
        colour = box.evaluate("e => getComputedStyle(e).backgroundColor")
        assert colour not in (GREEN, RED)
        font = box.locator(".cl-message").evaluate("e => getComputedStyle(e).fontSize")
        assert font == "16px"  # smaller than the banner
    feedback = quiz.locator(".cl-quiz-feedback")
    expect(feedback).not_to_contain_text("Refused")
    expect(feedback).not_to_contain_text("OK")
    expect(quiz.get_by_role("button", name="90", exact=True)).to_be_disabled()
    score = page.locator(".cl-quiz-score")
    expect(score).to_contain_text("0 of 1 correct")

    # start again, then right: 90
    page.locator(".cl-quiz-reset").click()
    expect(feedback).to_have_text("")
    quiz.get_by_role("button", name="90", exact=True).click()
    expect(banner).to_have_class("cl-quiz-banner cl-quiz-right")
    expect(banner).to_contain_text("Right! The answer is 90.")
    expect(banner).to_have_css("background-color", GREEN)
    expect(why).to_have_count(1)
    expect(why).to_contain_text("from 1500 to 2995")
    assert why.evaluate("e => getComputedStyle(e).backgroundColor") not in (GREEN, RED)
    expect(score).to_contain_text("1 of 1 correct")

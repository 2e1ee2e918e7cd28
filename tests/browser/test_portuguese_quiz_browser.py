"""A Portuguese quiz in a real browser (issue 17): lesson 02's question about Mike (a wild card
buried in the pile, a natural pair of fives in hand) asked with ``language="pt_BR"``. Its
buttons say "Sim" / "Não" (the keys stay "Yes" / "No"); clicking "Sim" is wrong, the banner and
the explanation are Portuguese; after "Recomeçar", "Não" is right.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Page, expect

WAIT_MS = 60_000

QUIZ_CELLS = [
    "from canasta_learn import Position\n"
    "from canasta_learn.widgets import Quiz, QuizSet\n"
    "mike = Position('h5 d2 d2 s12 d12', discard_pile='h9 c2 s5', team_melds=['h13 s13 s13'])\n"
    "QuizSet([Quiz('Mike pode pegar a pilha?', mike, kind='can_take_pile', language='pt_BR')],"
    " language='pt_BR')",
]


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("pt_quiz_notebooks")
    write_notebook(folder / "quiz_pt.ipynb", QUIZ_CELLS)
    return lab_server_factory(folder)


def test_portuguese_quiz_buttons_say_sim_nao_and_answer_in_portuguese(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, "quiz_pt.ipynb")
    run_all(page)
    quiz = page.locator(".cl-quiz")
    expect(quiz).to_be_visible(timeout=WAIT_MS)
    expect(quiz.get_by_role("button", name="Yes", exact=True)).to_have_count(0)
    quiz.get_by_role("button", name="Sim", exact=True).click()
    banner = quiz.locator(".cl-quiz-banner")
    expect(banner).to_have_class("cl-quiz-banner cl-quiz-wrong")
    expect(banner).to_contain_text("Não exatamente. Você escolheu Sim; a resposta é Não.")
    why = quiz.locator(".cl-explanation")
    expect(why.first).to_contain_text("Por que Não")
    expect(why.first).to_contain_text("par natural de cincos")
    expect(quiz.get_by_role("button", name="Não", exact=True)).to_be_disabled()
    score = page.locator(".cl-quiz-score")
    expect(score).to_contain_text("0 de 1 certas")
    page.locator(".cl-quiz-reset").click()
    quiz.get_by_role("button", name="Não", exact=True).click()
    expect(banner).to_have_class("cl-quiz-banner cl-quiz-right")
    expect(banner).to_contain_text("A resposta é Não.")
    expect(score).to_contain_text("1 de 1 certas")

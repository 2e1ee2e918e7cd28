"""A Portuguese lesson in a real browser (issue 17): lesson 07's pt_BR edition, the shipped
notebook ``notebooks/pt_BR/07_play_a_round.ipynb``, opened in JupyterLab and run; its prose is
Portuguese, its hidden first cell has made the kernel speak pt_BR, and a few moves are played by
clicking (draw, then discard), each told in the narration in Portuguese ("Você comprou ...").
The ``page`` fixture fails the test on browser console errors.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, open_notebook, run_all
from playwright.sync_api import Page, expect

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "pt_BR" / "07_play_a_round.ipynb"
WAIT_MS = 120_000


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("licoes")
    shutil.copy2(LESSON, folder / LESSON.name)
    return lab_server_factory(folder)


def test_a_few_moves_of_the_portuguese_play_lesson_by_clicking(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, LESSON.name)
    run_all(page)
    notebook = page.locator(".jp-Notebook")
    expect(notebook).to_contain_text("Jogar uma rodada contra os bots")
    expect(notebook).to_contain_text("Experimente você mesmo")
    # The last cell ran: the whole lesson went through without errors.
    last = page.locator(".jp-Notebook .jp-CodeCell").last
    expect(last.locator(".jp-OutputArea-output").last).to_be_visible(timeout=WAIT_MS)
    expect(notebook).not_to_contain_text("Traceback")
    expect(page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
           ).to_have_count(0)
    # The language cell's source is folded (hidden), as the build script writes it.
    expect(page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPlaceholder")).to_have_count(1)

    # The lesson's game (seed 7): draw, then discard, by clicking.
    play = page.locator(".cl-play-widget").first
    status = play.locator(".cl-play-status")
    narration = play.locator(".cl-play-narration")
    for _turn in range(2):
        expect(status).to_contain_text("Sua vez: compre", timeout=WAIT_MS)
        if play.locator("button.cl-button-decline").is_visible():
            play.locator("button.cl-button-decline").click()
        play.locator("button.cl-button-draw").click()
        expect(narration).to_contain_text("Você comprou")
        cards = play.locator(".cl-hand-card")
        for i in range(cards.count() - 1, -1, -1):
            cards.nth(i).click()
            expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
            play.locator("button.cl-button-discard").click()
            try:
                expect(narration).to_contain_text("Você descartou", timeout=5_000)
                break
            except AssertionError:
                cards.nth(i).click()  # refused: unselect and try another
        expect(status).not_to_contain_text("depois descarte")
    expect(narration).to_contain_text("Você descartou")

"""Practice in a real browser (issue 25): in Voila, practise three skills by clicking only, answer
one wrong, get a fresh retry, answer right, reload the page and see the progress kept; in
English and in Portuguese.

The answers clicked come from the drills computed here by a `Session` with the page's seed (the
widget's session makes the same drills in the same order), never from hard-coded values.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import ConsoleLog, VoilaServer, write_notebook
from playwright.sync_api import Page, expect

from canasta_learn.core.i18n import gettext, speaking
from canasta_learn.practice import Drill, Progress, Session

WAIT_MS = 60_000
SKILL_IDS = ["meld_validity", "pile_state", "opening_minimum"]
SEED = 11


def _notebook(folder: Path, progress_file: Path, language: str) -> Path:
    cell = ("from canasta_learn.widgets import PracticeWidget\n"
            f"PracticeWidget({str(progress_file)!r}, skills={SKILL_IDS!r}, seed={SEED}, language={language!r})\n")
    return write_notebook(folder / "practice.ipynb", [cell])


def _expect_task(page: Page, drill: Drill) -> None:
    expect(page.locator(".cl-practice-task")).to_have_text(drill.task, timeout=WAIT_MS)


def _answer(page: Page, drill: Drill, right: bool) -> None:
    """Answer ``drill`` on the page by clicking (or typing and Enter): right or not."""
    if drill.kind == "yes_no":
        says_yes = drill.answer if right else not drill.answer
        page.locator(".cl-practice-yes" if says_yes else ".cl-practice-no").click()
    elif drill.kind == "choice":
        key = drill.answer if right else next(c for c in drill.choices if c != drill.answer)
        page.locator(".cl-practice").get_by_role("button", name=drill.choice_label(key), exact=True).click()
    else:
        assert drill.kind == "number", drill.kind
        field = page.locator(".cl-practice-number input")
        field.fill(str(drill.answer if right else drill.answer + 5))
        field.press("Enter")
    outcome = "right" if right else "wrong"
    expect(page.locator(f".cl-practice-{outcome}")).to_be_visible(timeout=WAIT_MS)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_three_skills_by_clicking_wrong_then_fresh_retry_then_progress_kept_on_reload(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page, page_console: ConsoleLog,
    language: str,
) -> None:
    # reloading the page makes Voila ask to shut the old page's kernel down, which it refuses (403)
    # once the page is gone: not an error of the page
    page_console.ignore(r"403 \(Forbidden\) \(http://127\.0\.0\.1:\d+/voila/api/shutdown/")
    progress_file = tmp_path / "practice.json"
    server = voila_factory(_notebook(tmp_path, progress_file, language))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url)
    mirror = Session(Progress(), skills=SKILL_IDS, seed=SEED)
    with speaking(language):
        drill = mirror.drill(mirror.next_skills(1)[0])
        _expect_task(page, drill)
        assert drill.kind == "yes_no", drill.kind
        _answer(page, drill, right=False)
        mirror.answer(drill, not drill.answer)
        page.locator(".cl-practice-retry").click()
        fresh = mirror.retry(drill)
        assert fresh.skill == drill.skill and fresh.task != drill.task
        _expect_task(page, fresh)
        _answer(page, fresh, right=True)
        mirror.answer(fresh, fresh.answer)
        practised = {fresh.skill}
        for _ in range(2):
            page.locator(".cl-practice-next").click()
            drill = mirror.drill(mirror.next_skills(1)[0])
            _expect_task(page, drill)
            _answer(page, drill, right=True)
            mirror.answer(drill, drill.answer)
            practised.add(drill.skill)
        assert practised == set(SKILL_IDS)
        boxes = {skill: mirror.progress.mastery(skill).box for skill in SKILL_IDS}
        assert set(boxes.values()) == {2}
        page.reload()
        for skill, box in boxes.items():
            expect(page.locator(f".cl-practice-box-{skill}")).to_have_text(
                gettext("box {box} of {boxes}").format(box=box, boxes=5), timeout=WAIT_MS)
        expect(page.locator(".cl-practice-hint")).to_have_text(gettext("Hint"))  # in the language asked for

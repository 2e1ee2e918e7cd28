"""The practice widget fits one screen (issue 25): at 1280x800 in Voila (what ``canasta-learn
practice`` serves) and in JupyterLab with the file-browser sidebar open (an output area about
848 px wide), the task, the position, the answer controls, the newest feedback and the progress
summary are inside the visible area, with no horizontal scroll and no button label cut short, for
a yes/no drill, a number drill, a choice drill and two card-action drills (the longest task and
the largest hand), fresh, after each hint and after a wrong answer, in English and in Portuguese
(its labels are longer). Every skill of the classic game (18) is in the progress.

A box is "in view" when it lies inside the browser's viewport and inside every scrolling box
around it (JupyterLab scrolls the notebook in a panel under its toolbars). In JupyterLab the
widget's top is scrolled to the top of the notebook once, as a learner does; nothing is scrolled
after that (a click that needed scrolling would show as a box out of view).

The drills are the largest ones the generators make at difficulty 3 among their first 150 seeds
(most cards in hand, pile and melds; then the longest task; for the choice drill, the longest
choices in Portuguese); which drill the page shows is
computed here by a `Session` on the same progress file and seed, never hard-coded.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from harness import LabServer, VoilaServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Page, expect

from canasta_learn.core.i18n import speaking
from canasta_learn.practice import SKILLS, Drill, Session, load_progress

WAIT_MS = 60_000
WIDTH, HEIGHT = 1280, 800

#: (skill, seed of its first drill) per case: the largest drills of each kind (see the docstring).
CASES = {
    "yes_no": ("open_with_pile", 43),  # 14 cards in hand, 5 in the pile
    "number": ("hand_score", 38),  # four melds on the table
    "take_pile": ("take_pile", 123),  # the longest task, six cards in the pile
    "open": ("opening", 88),  # 13 cards in hand
    "choice": ("pile_state", 19),  # the longest choices (in Portuguese), seven cards in the pile
}
LANGUAGES = ["en", "pt_BR"]

#: What must be in view at every step, by CSS selector (every element it matches, at least one).
ALWAYS = [".cl-practice-skill", ".cl-practice-skill-bar", ".cl-practice-streak", ".cl-practice-summary",
          ".cl-practice-task", ".cl-practice-position", ".cl-practice-hint"]
CONTROLS = {
    "yes_no": [".cl-practice-yes", ".cl-practice-no"],
    "number": [".cl-practice-number", ".cl-practice-check"],
    "take_pile": [".cl-practice .cl-hand-widget", ".cl-practice-action", ".cl-practice-may-not"],
    "open": [".cl-practice .cl-hand-widget", ".cl-practice-meld", ".cl-practice-reset", ".cl-practice-action",
             ".cl-practice-may-not"],
    "choice": [".cl-practice-choice"],  # every choice button
}

#: The box of the element and the visible area around it: the viewport cut by every box around
#: it that clips (overflow other than visible; not the body, whose overflow is the viewport's),
#: as [left, top, right, bottom].
BOXES_JS = """([selector, n]) => {
  const els = document.querySelectorAll(selector);
  if (n >= els.length) return {count: els.length};
  const el = els[n];
  const r = el.getBoundingClientRect();
  let view = [0, 0, window.innerWidth, window.innerHeight];
  // (the body's and the root's overflow apply to the viewport itself)
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
      const b = a.getBoundingClientRect();
      view = [Math.max(view[0], b.left), Math.max(view[1], b.top), Math.min(view[2], b.right),
              Math.min(view[3], b.bottom)];
    }
  }
  return {count: els.length, box: [r.left, r.top, r.right, r.bottom], view: view};
}"""

#: Boxes around the widget (and the widget) whose content is wider than they are.
HORIZONTAL_SCROLL_JS = """() => {
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) out.push(['document', root.scrollWidth, root.clientWidth]);
  for (let a = document.querySelector('.cl-practice'); a && a !== root; a = a.parentElement) {
    const s = getComputedStyle(a);
    if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && a.scrollWidth > a.clientWidth + 1)
      out.push([a.className, a.scrollWidth, a.clientWidth]);
  }
  return out;
}"""


def _progress_file(path: Path, due_skill: str) -> Path:
    """All skills practised: ``due_skill`` due now in box 2 (its streak broken), two others due
    in box 3, the rest in boxes 2-5 seen just now (not due)."""
    now = datetime.now(timezone.utc)
    skills: dict[str, Any] = {}
    others = [s for s in SKILLS if s != due_skill]
    for i, skill in enumerate(others):
        due = i < 2
        box = 3 if due else 2 + i % 4
        seen = now - timedelta(days=10) if due else now
        skills[skill] = {"box": box, "right": box + 2, "wrong": 1, "streak": box - 1, "best_streak": box + 1,
                         "last_seen": seen.isoformat()}
    skills[due_skill] = {"box": 2, "right": 4, "wrong": 3, "streak": 1, "best_streak": 3,
                         "last_seen": (now - timedelta(days=2)).isoformat()}
    path.write_text(json.dumps({"format": "canasta-learn-practice", "version": 1, "learner": "",
                                "skills": skills}), encoding="utf-8")
    return path


def _cell(progress: Path, seed: int, language: str) -> str:
    return ("from canasta_learn.widgets import PracticeWidget\n"
            f"PracticeWidget({str(progress)!r}, seed={seed}, difficulty=3, language={language!r})\n")


def _first_drill(progress: Path, seed: int) -> Drill:
    session = Session(load_progress(progress), seed=seed, difficulty=3)
    return session.drill(session.next_skills(1)[0])


#: Buttons of the widget whose label does not fit them (cut short with an ellipsis).
CUT_LABELS_JS = """() => Array.from(document.querySelectorAll('.cl-practice button'))
  .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent)"""


def _assert_in_view(page: Page, selectors: list[str], where: str) -> None:
    for selector in selectors:
        expect(page.locator(selector).first).to_be_visible(timeout=WAIT_MS)
        count = page.evaluate(BOXES_JS, [selector, 0])["count"]
        assert count >= 1, (where, selector)
        for n in range(count):
            found = page.evaluate(BOXES_JS, [selector, n])
            (left, top, right, bottom), (vl, vt, vr, vb) = found["box"], found["view"]
            assert right > left and bottom > top, (where, selector, "empty box")
            assert left >= vl - 0.5 and right <= vr + 0.5, (f"{where}: {selector} is out of view sideways",
                                                           found)
            assert top >= vt - 0.5 and bottom <= vb + 0.5, (f"{where}: {selector} is out of view "
                                                           f"(below or above the visible area)", found)
    assert page.evaluate(HORIZONTAL_SCROLL_JS) == [], f"{where}: a horizontal scroll bar"
    assert page.evaluate(CUT_LABELS_JS) == [], f"{where}: button labels cut short"


def _wrong_answer(page: Page, drill: Drill) -> None:
    """Answer ``drill`` wrong from the page (the opposite of the engine's answer)."""
    if drill.kind == "yes_no":
        page.locator(".cl-practice-no" if drill.answer else ".cl-practice-yes").click()
    elif drill.kind == "choice":
        wrong = next(c for c in drill.choices if c != drill.answer)
        page.locator(".cl-practice-choice").nth(drill.choices.index(wrong)).click()
    elif drill.kind == "number":
        field = page.locator(".cl-practice-number input")
        field.fill(str(drill.answer + 5))
        field.press("Enter")
    elif drill.answer is not None:
        page.locator(".cl-practice-may-not").click()  # "I may not" when the engine says you may
    else:
        page.locator(".cl-practice .cl-hand-card").first.click()  # a lone card is never a meld
        page.locator(".cl-practice-action").click()


def _practise_and_check(page: Page, drill: Drill, language: str, host: str) -> None:
    where = f"{host} {language} {drill.skill}"
    with speaking(language):
        expect(page.locator(".cl-practice-task")).to_have_text(drill.task, timeout=WAIT_MS)
    needed = ALWAYS + CONTROLS[drill.kind]
    _assert_in_view(page, needed, f"{where}, a fresh drill")
    hint = page.locator(".cl-practice-hint")
    for level in (1, 2, 3):
        hint.click()
        expect(page.locator(f".cl-practice-hint-{level}")).to_be_visible(timeout=WAIT_MS)
        _assert_in_view(page, [*needed, ".cl-practice-hints"], f"{where}, after hint {level}")
    _wrong_answer(page, drill)
    expect(page.locator(".cl-practice-feedback .cl-quiz-banner")).to_be_visible(timeout=WAIT_MS)
    _assert_in_view(page, [*needed, ".cl-practice-feedback", ".cl-practice-retry", ".cl-practice-next"],
                    f"{where}, after a wrong answer")


def _case_params() -> list[Any]:
    return [pytest.param(kind, language, id=f"{kind}-{language}") for kind in CASES for language in LANGUAGES]


@pytest.mark.parametrize(("kind", "language"), _case_params())
def test_practice_fits_1280x800_in_voila(voila_factory: Callable[[Path], VoilaServer], tmp_path: Path,
                                         page: Page, kind: str, language: str) -> None:
    skill, first_seed = CASES[kind]
    progress = _progress_file(tmp_path / "practice.json", skill)
    drill = _first_drill(progress, first_seed - 1)
    assert (drill.skill, drill.kind) == (skill, kind)
    server = voila_factory(write_notebook(tmp_path / "practice.ipynb", [_cell(progress, first_seed - 1, language)]))
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(server.base_url)
    _practise_and_check(page, drill, language, "Voila 1280x800")


@pytest.fixture(scope="module")
def lab(lab_server_factory: Callable[[Path], LabServer],
        tmp_path_factory: pytest.TempPathFactory) -> tuple[LabServer, Path]:
    folder = tmp_path_factory.mktemp("practice_fit")
    data = tmp_path_factory.mktemp("practice_fit_data")
    for kind, (skill, first_seed) in CASES.items():
        for language in LANGUAGES:
            progress = _progress_file(data / f"{kind}-{language}.json", skill)
            write_notebook(folder / f"{kind}-{language}.ipynb", [_cell(progress, first_seed - 1, language)])
    return lab_server_factory(folder), data


@pytest.mark.parametrize(("kind", "language"), _case_params())
def test_practice_fits_a_jupyterlab_pane_with_the_file_browser_open(
    lab: tuple[LabServer, Path], page: Page, kind: str, language: str
) -> None:
    server, data = lab
    skill, first_seed = CASES[kind]
    drill = _first_drill(data / f"{kind}-{language}.json", first_seed - 1)
    assert (drill.skill, drill.kind) == (skill, kind)
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    open_notebook(page, server.base_url, server.token, f"{kind}-{language}.ipynb")
    # the file browser open in the left sidebar (as a learner keeps it)
    page.evaluate("window.jupyterapp.commands.execute('filebrowser:activate')")
    expect(page.locator(".jp-FileBrowser")).to_be_visible(timeout=WAIT_MS)
    run_all(page)
    widget = page.locator(".cl-practice")
    expect(widget).to_be_visible(timeout=WAIT_MS)
    width = widget.evaluate("(e) => e.getBoundingClientRect().width")
    assert 780 <= width <= 860, f"the output area is {width} px wide, not the ~848 px of a pane beside the sidebar"
    widget.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    _practise_and_check(page, drill, language, "JupyterLab 1280x800 with the file browser")

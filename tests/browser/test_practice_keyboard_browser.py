"""The practice widget by keyboard only (issue 25), in Voila as ``canasta-learn practice`` serves
it: Tab reaches every control in reading order (the progress toggle, the hand's cards one by one,
the answer buttons, Hint), each with a visible focus ring; Space selects a card, Enter presses a
button; after an answer the focus goes to "Next drill" (or "Try a fresh one"), and after Enter
there to the new drill's first control; the progress toggle opens every skill's bar and the
export by Enter.

The answers typed come from the drills computed here by a `Session` with the page's seed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import VoilaServer, write_notebook
from playwright.sync_api import Page, expect

from canasta_learn.practice import Drill, Progress, Session

WAIT_MS = 60_000

#: What the focused element is, and whether its focus can be seen (an outline or a ring).
FOCUSED_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
  return {tag: e.tagName, cls: String(e.className), card: e.getAttribute('data-card'), id: e.getAttribute('data-id'),
          text: (e.textContent || '').trim().slice(0, 60), inside: !!e.closest('.cl-practice'), ring: ring};
}"""


def _page(voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page, skills: list[str],
          seed: int) -> None:
    cell = ("from canasta_learn.widgets import PracticeWidget\n"
            f"PracticeWidget({str(tmp_path / 'practice.json')!r}, skills={skills!r}, seed={seed}, language='en')\n")
    server = voila_factory(write_notebook(tmp_path / "practice.ipynb", [cell]))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url)


def _tab_through(page: Page, until: str, limit: int = 60) -> list[dict[str, Any]]:
    """Press Tab until the focus is on an element of class ``until``; what was focused, in order."""
    seen: list[dict[str, Any]] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_JS)
        if focused is None or not focused["inside"]:
            continue
        seen.append(focused)
        if until in focused["cls"]:
            return seen
    raise AssertionError(f"Tab never reached .{until}; focused: {[f['cls'][-40:] for f in seen]}")


def _first(seen: list[dict[str, Any]], cls: str) -> int:
    return next(i for i, f in enumerate(seen) if cls in f["cls"])


def _take_pile_drill(seed_from: int) -> tuple[int, Drill]:
    for seed in range(seed_from, seed_from + 40):
        session = Session(Progress(), skills=["take_pile"], seed=seed)
        drill = session.drill("take_pile")
        if drill.answer:  # some cards of the hand go down with the top card
            return seed, drill
    raise AssertionError("no take_pile drill taken with cards of the hand in 40 seeds")


def test_tab_reaches_every_control_in_order_with_a_visible_focus_and_keys_answer_a_card_drill(  # noqa: E501
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    seed, drill = _take_pile_drill(1)
    _page(voila_factory, tmp_path, page, ["take_pile"], seed)
    expect(page.locator(".cl-practice-task")).to_have_text(drill.task, timeout=WAIT_MS)
    expect(page.locator(".cl-practice .cl-hand-card").first).to_be_visible()
    seen = _tab_through(page, "cl-practice-hint")
    no_ring = [f["cls"][-50:] or f["text"] for f in seen if not f["ring"]]
    assert no_ring == [], f"focus not visible on {no_ring}"
    cards = [f for f in seen if "cl-hand-card" in f["cls"]]
    assert len(cards) == 1  # the hand is one Tab stop (arrow keys move within it)
    order = [_first(seen, c) for c in ("cl-practice-details-toggle", "cl-hand-card", "cl-practice-action",
                                       "cl-practice-may-not", "cl-practice-hint")]
    assert order == sorted(order), [f["cls"][-40:] for f in seen]
    # Tab enters the hand once, the arrow keys move from card to card and Space selects the
    # answer's cards; Tab then leaves the hand for the action, and Enter answers
    page.locator(".cl-practice-details-toggle").focus()
    for _ in range(10):  # past the hand's sort buttons, into the hand
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_JS)
        if focused and "cl-hand-card" in focused["cls"]:
            break
    wanted = [str(c) for c in drill.answer]
    for _ in range(len(drill.position.hand)):
        focused = page.evaluate(FOCUSED_JS)
        assert focused and "cl-hand-card" in focused["cls"]
        if focused["card"] in wanted and "is-selected" not in focused["cls"]:
            wanted.remove(focused["card"])
            page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    assert wanted == [], f"cards not reached by the arrow keys: {wanted}"
    expect(page.locator(".cl-practice .cl-hand-card.is-selected")).to_have_count(len(drill.answer))
    # no pause before answering: the hand sends each card as a message, which a button's click
    # cannot overtake (test_hand_order_browser.py)
    for _ in range(10):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_JS)
        if focused and "cl-practice-action" in focused["cls"]:
            break
    expect(page.locator(".cl-practice-action")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".cl-practice-feedback .cl-practice-right")).to_be_visible(timeout=WAIT_MS)
    # the focus goes on to Next drill: Enter there shows the next drill, its action button focused
    expect(page.locator(".cl-practice-next")).to_be_focused(timeout=WAIT_MS)
    page.keyboard.press("Enter")
    expect(page.locator(".cl-practice-feedback")).to_have_text("", timeout=WAIT_MS)
    expect(page.locator(".cl-practice-action")).to_be_focused(timeout=WAIT_MS)


def test_yes_no_by_keys_wrong_then_a_fresh_one_then_the_progress_toggle(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    session = Session(Progress(), skills=["meld_validity"], seed=5)
    drill = session.drill("meld_validity")
    _page(voila_factory, tmp_path, page, ["meld_validity"], 5)
    expect(page.locator(".cl-practice-task")).to_have_text(drill.task, timeout=WAIT_MS)
    wrong = ".cl-practice-no" if drill.answer else ".cl-practice-yes"
    seen = _tab_through(page, wrong.lstrip("."))
    assert all(f["ring"] for f in seen), seen
    page.keyboard.press("Space")
    expect(page.locator(".cl-practice-wrong")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-practice-retry")).to_be_focused(timeout=WAIT_MS)
    page.keyboard.press("Enter")
    fresh = session.retry(drill)
    expect(page.locator(".cl-practice-task")).to_have_text(fresh.task, timeout=WAIT_MS)
    expect(page.locator(".cl-practice-yes")).to_be_focused(timeout=WAIT_MS)
    # the progress toggle: Enter opens every skill's bar and the export, which Tab then reaches
    page.locator(".cl-practice-details-toggle").focus()
    expect(page.locator(".cl-practice-bar")).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.locator(".cl-practice-bar")).to_be_visible(timeout=WAIT_MS)
    seen = _tab_through(page, "cl-practice-export")
    assert [f["tag"] for f in seen][-2:] == ["INPUT", "BUTTON"]  # the name for the teacher, then Export
    page.keyboard.press("Enter")
    expect(page.locator(".cl-practice-export-link a")).to_be_visible(timeout=WAIT_MS)

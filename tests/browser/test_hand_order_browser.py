"""The kernel sees the hand's selection and a button's press in the order the learner made them.

ipywidgets holds a widget's state change until the kernel has handled that widget's previous one,
while a button's click is sent at once; a hand whose selection went to the kernel as state
changes lost the race when cards were picked and a button pressed within a few milliseconds (the
practice grades "take the pile with 6♣" while the page shows 6♣ and the joker selected). Here
the cards and the button are pressed in one go, in the page, before the kernel can answer
anything (and, once, by real keys with no pause), in Voila as ``canasta-learn practice`` and
``canasta-learn play`` serve it:

* a practice drill is graded with every card selected;
* the play view takes the pile with both kings selected;
* the explorers' card picker adds each card clicked once, in the order clicked;
* the kernel's selections after older clicks, arriving after newer ones, never take a card away
  on the page.

The answers come from drills computed here by a `Session` with the page's seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from harness import VoilaServer, write_notebook
from playwright.sync_api import Page, expect

from canasta_learn.core.cards import Card
from canasta_learn.practice import Drill, Progress, Session
from canasta_learn.widgets.hand import rank_sort_key

WAIT_MS = 60_000

#: Clicks the cards ``tokens`` (the first card not yet clicked holding each: a hand can hold two
#: alike) inside ``root``, then the button ``button``: one task of the page, so that nothing the
#: kernel answers can come in between.
CLICK_ALL_JS = """([root, tokens, button]) => {
  const box = document.querySelector(root);
  const used = new Set();
  for (const token of tokens) {
    const node = [...box.querySelectorAll('.cl-hand-card')].find(
      (n) => n.dataset.card === token && !used.has(n));
    if (!node) throw new Error('no card ' + token);
    used.add(node);
    node.click();
  }
  if (button) box.querySelector(button).click();
}"""


def _voila(voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page, cell: str) -> None:
    server = voila_factory(write_notebook(tmp_path / "order.ipynb", [cell]))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url)


def _take_pile_drill(seed_from: int) -> tuple[int, Drill]:
    """The first seed from ``seed_from`` whose take-pile drill takes two cards or more of the hand."""
    for seed in range(seed_from, seed_from + 40):
        drill = Session(Progress(), skills=["take_pile"], seed=seed).drill("take_pile")
        if drill.answer and len(drill.answer) >= 2:
            return seed, drill
    raise AssertionError("no take_pile drill taken with two cards of the hand in 40 seeds")


def _said(cards: Sequence[Card]) -> str:
    """What the practice says the learner answered, the cards in the hand's order (by rank)."""
    return "take the pile with " + " ".join(c.short for c in sorted(cards, key=rank_sort_key))


@pytest.mark.parametrize("how", ["clicks", "keys"])
def test_a_practice_drill_answered_at_once_is_graded_with_every_card_selected(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page, how: str
) -> None:
    seed, drill = _take_pile_drill(1)
    cell = ("from canasta_learn.widgets import PracticeWidget\n"
            f"PracticeWidget({str(tmp_path / 'practice.json')!r}, skills=['take_pile'], seed={seed}, "
            "language='en')\n")
    _voila(voila_factory, tmp_path, page, cell)
    expect(page.locator(".cl-practice-task")).to_have_text(drill.task, timeout=WAIT_MS)
    cards = page.locator(".cl-practice .cl-hand-card")
    expect(cards.first).to_be_visible()
    wanted = [str(c) for c in drill.answer]
    if how == "clicks":
        page.evaluate(CLICK_ALL_JS, [".cl-practice", wanted, ".cl-practice-action"])
    else:
        # real key presses, one after the other with no pause: Space on each card of the answer
        # (the arrow keys move between them), then Enter on the answer's button
        shown = [c or "" for c in cards.evaluate_all("(ns) => ns.map((n) => n.dataset.card)")]
        at: list[int] = []  # the answer's cards' places in the hand (two alike: two places)
        for token in wanted:
            at.append(next(i for i, t in enumerate(shown) if t == token and i not in at))
        at.sort()
        cards.nth(at[0]).focus()
        here = at[0]
        for i in at:
            for _ in range(i - here):
                page.keyboard.press("ArrowRight")
            here = i
            page.keyboard.press("Space")
        page.locator(".cl-practice-action").focus()
        page.keyboard.press("Enter")
    banner = page.locator(".cl-practice-feedback .cl-quiz-banner")
    expect(banner).to_be_visible(timeout=WAIT_MS)
    expect(banner).to_contain_text(_said(drill.answer))
    expect(page.locator(".cl-practice-feedback .cl-practice-right")).to_be_visible()


#: North to draw; the pile's top card is a king and North holds two kings.
TAKE_ROUND = """\
from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget
rnd = Round.from_state(
    hands=["h13 s13 c7 h7 s4 h9 d10 jk h5 d6", "c4 c5 c8 d4 d5", "s5 s6 s8 h4", "s11 h11 h12 d7"],
    stock="s7 d2 c2 h2 c3 s3 d5 c10", pile="d4 s7 c5 c6 d8 s9 c4 d13",
    melds=[["c9 d9 s9"]], to_move=0)
PlayWidget(round=rnd, seat=0, player_names=["You", "Ebba", "Sam", "Wen"])
"""


def test_the_play_view_takes_the_pile_with_both_kings_clicked_at_once(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    _voila(voila_factory, tmp_path, page, TAKE_ROUND)
    expect(page.locator(".cl-play-widget .cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    page.evaluate(CLICK_ALL_JS, [".cl-play-widget", ["h13", "s13"], "button.cl-button-take"])
    expect(page.locator(".cl-play-narration")).to_contain_text(
        "You took the pile (8 cards) with a pair of kings.", timeout=WAIT_MS)


PICKER = 'from canasta_learn.widgets import PileExplorer\nPileExplorer("c6 h7 d8", "s9 d6", "h13 s13 s13")\n'


def test_the_card_picker_adds_each_card_clicked_at_once_once(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    _voila(voila_factory, tmp_path, page, PICKER)
    explorer = page.locator(".cl-pile-explorer")
    expect(explorer).to_be_visible(timeout=WAIT_MS)
    explorer.get_by_text("Card picker (click cards instead of typing)").click()
    expect(explorer.locator(".cl-card-picker .cl-hand-card").first).to_be_visible()
    page.evaluate(CLICK_ALL_JS, [".cl-pile-explorer .cl-card-picker", ["s6", "h6", "c6"], None])
    hand = explorer.locator(".cl-input-hand input")
    expect(hand).to_have_value("c6 h7 d8 s6 h6 c6", timeout=WAIT_MS)
    # nothing more comes later (a late selection would add a card again)
    page.wait_for_timeout(1000)
    expect(hand).to_have_value("c6 h7 d8 s6 h6 c6")
    expect(explorer.locator(".cl-card-picker .cl-hand-card.is-selected")).to_have_count(0)


#: A hand alone, with what the kernel holds as selected shown beside it.
HAND = """\
import ipywidgets as widgets
from canasta_learn.widgets import HandWidget
hand = HandWidget("h13 s5 c4 d9 jk h7", language="en")
held = widgets.HTML("")
held.add_class("cl-held")
hand.observe(lambda change: setattr(held, "value", " ".join(change["new"])), names="selected")
widgets.VBox([hand, held])
"""

#: Counts the selected cards of the page's hand each time a card's classes change.
WATCH_JS = """() => {
  window.clCounts = [];
  const row = document.querySelector('.cl-hand-cards');
  new MutationObserver(() => window.clCounts.push(row.querySelectorAll('.is-selected').length))
    .observe(row, { attributes: true, subtree: true, attributeFilter: ['class'] });
}"""


def test_the_selections_coming_back_never_undo_a_newer_click(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    _voila(voila_factory, tmp_path, page, HAND)
    expect(page.locator(".cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    page.evaluate(WATCH_JS)
    page.evaluate(CLICK_ALL_JS, [".cl-hand-widget", ["h13", "s5", "c4"], None])
    expect(page.locator(".cl-held")).to_have_text("c4 s5 h13", timeout=WAIT_MS)  # the kernel has all three
    expect(page.locator(".cl-hand-card.is-selected")).to_have_count(3)
    counts = page.evaluate("window.clCounts")
    # the page shows the clicks at once; the kernel's selections after the first and the second
    # click, coming back after the third, never take a card away
    assert counts and counts[-1] == 3 and counts == sorted(counts), counts

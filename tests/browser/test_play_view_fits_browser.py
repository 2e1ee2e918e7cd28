"""The play view fits its container (issue 27): at 848 px in JupyterLab with the file browser
open, and at 1280x800 and 800x800 in Voila, the buttons, the hand, the pile and the newest
message are on screen together after a refusal, after a Hint and after the round's end.

"On screen together": the topmost of these boxes is scrolled to the top of its scrolling
area, and then every box lies inside the browser's viewport (no horizontal scroll either).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, VoilaServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Page, expect

WAIT_MS = 60_000

#: Seed 13 played by bots until North is to draw late in the round (thirteen melds on the
#: table); North has drawn, so Take pile is refused. A short Hint budget.
LATE = """\
from canasta_learn.play.bots import acting_seat, make_bots
from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget
rnd = Round(seed=13)
bots = make_bots("greedy", 4, 13)
while not (acting_seat(rnd) == 0 and rnd.phase == "draw" and len(rnd.log) >= 59):
    rnd.apply(bots[acting_seat(rnd)].choose(rnd))
play = PlayWidget(round=rnd, seat=0, player_names=["You", "Ebba", "Sam", "Wen"], hint_rollouts=4)
play.click("draw")
play
"""

#: Seed 13 played by bots until North's last decision: South asks to go out. Answering yes
#: ends the round (South goes out), with every meld of the round on the table.
END = """\
from canasta_learn.play.bots import acting_seat, make_bots
from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget
rnd = Round(seed=13)
bots = make_bots("greedy", 4, 13)
while len(rnd.log) < 99:
    rnd.apply(bots[acting_seat(rnd)].choose(rnd))
assert acting_seat(rnd) == 0 and rnd.phase == "answer", rnd.phase
play = PlayWidget(round=rnd, seat=0, player_names=["You", "Ebba", "Sam", "Wen"])
play
"""

#: The boxes that must be on screen with the newest message.
ALWAYS = (".cl-play-actions", ".cl-play-widget .cl-hand-cards", ".cl-pile-top")

#: Scroll the topmost box to the top of its scrolling area, then return each box (or null).
BOXES_JS = """(sels) => {
  const els = sels.map((s) => document.querySelector(s));
  if (els.some((e) => !e)) return sels.map((s, i) => els[i] ? 0 : s).filter((x) => x);
  let top = els[0];
  for (const e of els) if (e.getBoundingClientRect().top < top.getBoundingClientRect().top) top = e;
  top.scrollIntoView({block: "start", inline: "nearest"});
  return els.map((e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; });
}"""


def assert_together(page: Page, *newest: str) -> None:
    """The buttons, the hand, the pile and ``newest`` fit in the viewport at once."""
    selectors = [*ALWAYS, *newest]
    boxes = page.evaluate(BOXES_JS, selectors)
    assert all(isinstance(b, list) for b in boxes), f"missing: {boxes}"
    width = page.evaluate("window.innerWidth")
    height = page.evaluate("window.innerHeight")
    off = {sel: [round(v) for v in box] for sel, box in zip(selectors, boxes, strict=True)
           if box[0] < -1 or box[1] < -1 or box[2] > width + 1 or box[3] > height + 1}  # 1 px: sub-pixel rounding
    assert not off, f"off the {width}x{height} viewport (left, top, right, bottom): {off}"


def hint_then_refusal(page: Page) -> None:
    """Press Hint, check; then press Take pile after drawing (refused), check: the refusal is
    the newest message, even with the coach's panel still open."""
    expect(page.locator(".cl-play-widget .cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    page.locator("button.cl-button-hint").click()
    expect(page.locator(".cl-play-coach .cl-coach-move").first).to_be_visible(timeout=WAIT_MS)
    assert_together(page, ".cl-play-coach .cl-coach-move")
    page.locator("button.cl-button-take").click()
    expect(page.locator(".cl-play-message")).to_contain_text("Refused")
    assert_together(page, ".cl-play-message")


def round_end(page: Page) -> None:
    """Answer yes: the round ends; the narration's newest line (the round's end, item by item)
    and the New round button the status line asks for are in view."""
    expect(page.locator("button.cl-button-yes")).to_be_visible(timeout=WAIT_MS)
    page.locator("button.cl-button-yes").click()
    expect(page.locator(".cl-play-status")).to_contain_text("Press New round")
    expect(page.locator(".cl-play-narration li").last).to_contain_text("The round is over")
    assert_together(page, ".cl-play-narration li:last-child", "button.cl-button-new")


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("play_fits")
    write_notebook(folder / "late.ipynb", [LATE])
    write_notebook(folder / "end.ipynb", [END])
    return lab_server_factory(folder)


def open_in_lab_with_file_browser(page: Page, lab: LabServer, name: str) -> None:
    """Open the notebook in JupyterLab at 1280x800 with the file browser open (the default
    layout): the output area is about 848 px wide."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(page, lab.base_url, lab.token, name)
    page.evaluate("window.jupyterapp.commands.execute('filebrowser:activate')")
    run_all(page)
    expect(page.locator(".cl-play-widget .cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    width = page.evaluate("document.querySelector('.cl-play-widget').getBoundingClientRect().width")
    assert 800 <= width <= 870, f"the play view is {width} px wide: is the file browser open?"


def test_lab_848px_hint_and_refusal_stay_beside_the_buttons(lab: LabServer, page: Page) -> None:
    open_in_lab_with_file_browser(page, lab, "late.ipynb")
    hint_then_refusal(page)


def test_lab_848px_round_end_and_new_round_stay_beside_the_buttons(lab: LabServer, page: Page) -> None:
    open_in_lab_with_file_browser(page, lab, "end.ipynb")
    round_end(page)


@pytest.mark.parametrize("size", [(1280, 800), (800, 800)], ids=["1280x800", "800x800"])
def test_voila_hint_and_refusal_stay_beside_the_buttons(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page, size: tuple[int, int]
) -> None:
    server = voila_factory(write_notebook(tmp_path / "late.ipynb", [LATE]))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.base_url)
    hint_then_refusal(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]


@pytest.mark.parametrize("size", [(1280, 800), (800, 800)], ids=["1280x800", "800x800"])
def test_voila_round_end_and_new_round_stay_beside_the_buttons(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page, size: tuple[int, int]
) -> None:
    server = voila_factory(write_notebook(tmp_path / "end.ipynb", [END]))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.base_url)
    round_end(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]

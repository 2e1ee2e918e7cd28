"""The play view in a real browser (issue 13): one screen, narration, a round by clicks only.

Voila pages (what `canasta-learn play` serves) for the screen-size checks, JupyterLab for the
scenarios. Cards are found by their accessible names, controls by their CSS classes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, VoilaServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Download, Page, expect

from canasta_learn.core.cards import Card

WAIT_MS = 60_000

#: A late position: bots play seed 13 until North is to draw with the most melds on the table.
LATE_ROUND = """\
from canasta_learn.play.bots import acting_seat, make_bots
from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget
rnd = Round(seed=13)
bots = make_bots("greedy", 4, 13)
while not (acting_seat(rnd) == 0 and rnd.phase == "draw" and len(rnd.log) >= 59):
    rnd.apply(bots[acting_seat(rnd)].choose(rnd))
assert len(rnd.melds[0]) + len(rnd.melds[1]) >= 7, rnd.melds
play = PlayWidget(round=rnd, seat=0, player_names=["You", "Ebba", "Sam", "Wen"])
play.click("draw")
play
"""

#: North to draw; the pile's top card is a king and North holds two kings.
TAKE_ROUND = """\
from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget
rnd = Round.from_state(
    hands=["h13 s13 c7 h7 s4 h9 d10 jk h5 d6", "c4 c5 c8 d4 d5", "s5 s6 s8 h4", "s11 h11 h12 d7"],
    stock="s7 d2 c2 h2 c3 s3 d5 c10", pile="d4 s7 c5 c6 d8 s9 c4 d13",
    melds=[["c9 d9 s9"]], to_move=0)
play = PlayWidget(round=rnd, seat=0, player_names=["You", "Ebba", "Sam", "Wen"])
play
"""

#: South (your partner) has asked "may I go out?"; South can go out.
ASK_ROUND = """\
from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget
rnd = Round.from_state(
    hands=["c4 c6 c8 d4 d5", "s11 h11 h12 s12", "c5 h5 s5 d8", "s6 s8 h4 h6"],
    stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=2,
    drew_from="stock")
rnd.apply("S ask")
play = PlayWidget(round=rnd, seat=0, player_names=["You", "Ebba", "Sam", "Wen"])
play
"""

#: A whole round from the deal (seed 3), bots at the normal pace.
ROUND_CELLS = [
    "from canasta_learn.widgets import PlayWidget\n"
    "play = PlayWidget(seed=3, speed='instant', player_names=['You', 'Ebba', 'Sam', 'Wen'])\n"
    "play",
]


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("play_view")
    write_notebook(folder / "take.ipynb", [TAKE_ROUND])
    write_notebook(folder / "ask.ipynb", [ASK_ROUND])
    write_notebook(folder / "round.ipynb", ROUND_CELLS)
    write_notebook(folder / "save.ipynb", ROUND_CELLS)
    return lab_server_factory(folder)


def card(page: Page, name: str) -> object:
    return page.locator(".cl-play-widget").get_by_role("button", name=name, exact=True)


BOX_JS = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }"""


@pytest.mark.parametrize("size", [(1280, 800), (800, 800)], ids=["1280x800", "800x800"])
def test_one_screen_shows_hand_buttons_pile_and_team_melds(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page, size: tuple[int, int]
) -> None:
    width, height = size
    server = voila_factory(write_notebook(tmp_path / "late.ipynb", [LATE_ROUND]))
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.base_url)
    expect(page.locator(".cl-play-widget .cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-play-narration")).to_contain_text("You drew")
    for selector in (".cl-play-widget .cl-hand-widget", ".cl-play-actions", ".cl-pile-top",
                     ".cl-pile-status, .cl-pile", ".cl-own-team .cl-melds", ".cl-opponents",
                     "button.cl-button-discard", "button.cl-button-take"):
        box = page.evaluate(BOX_JS, selector)
        assert box is not None, selector
        left, top, right, bottom = box
        assert left >= 0 and top >= 0, (selector, box)
        assert right <= width and bottom <= height, (f"{selector} is off the {width}x{height} screen", box)
    # Nothing needs a horizontal scroll bar.
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_raised_card_does_not_hide_its_neighbours_index(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    server = voila_factory(write_notebook(tmp_path / "late.ipynb", [LATE_ROUND]))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url)
    cards = page.locator(".cl-play-widget .cl-hand-card")
    expect(cards.first).to_be_visible(timeout=WAIT_MS)
    for i in range(cards.count() - 1):
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
        # The neighbour's index (rank and suit, top-left) is still the topmost thing there.
        hit = page.evaluate("""(i) => {
            const next = document.querySelectorAll('.cl-play-widget .cl-hand-card')[i + 1];
            const b = next.getBoundingClientRect();
            const at = document.elementFromPoint(b.left + 6, b.top + 10);
            return next.contains(at); }""", i)
        assert hit, f"the raised card {i} hides the index of card {i + 1}"
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_attribute("aria-pressed", "false")


def test_taking_the_pile_by_clicks_is_told_with_count_and_pair(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, "take.ipynb")
    run_all(page)
    narration = page.locator(".cl-play-narration")
    king = card(page, "King of hearts")
    expect(king).to_be_visible(timeout=WAIT_MS)
    king.click()
    card(page, "King of spades").click()
    expect(page.locator(".cl-play-selection")).to_have_text("Selected: K\u2660 K\u2665")
    page.locator("button.cl-button-take").click()
    expect(narration).to_contain_text("You took the pile (8 cards) with a pair of kings.")
    # The picked-up cards are marked as new in the hand.
    expect(page.locator(".cl-play-widget .cl-hand-card.is-new").first).to_be_visible()


def test_partner_question_answered_by_click_and_round_end_announced(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, "ask.ipynb")
    run_all(page)
    status = page.locator(".cl-play-status")
    expect(status).to_contain_text("Sam (your partner) asks: may I go out?", timeout=WAIT_MS)
    page.locator("button.cl-button-yes").click()
    narration = page.locator(".cl-play-narration")
    expect(narration).to_contain_text("You answered yes: Sam must go out this turn.")
    expect(narration).to_contain_text("Sam (your partner) went out.")
    expect(status).to_contain_text("The round is over: Sam (your partner) went out.")
    expect(status).to_contain_text("Your team scored")
    expect(narration).to_contain_text("Going out +100")  # the breakdown, announced


def test_a_whole_round_by_clicking_only(lab: LabServer, page: Page) -> None:
    """Draw (or take), discard the last card shown (another if refused), answer, decline:
    clicks only, until the round is over; the narration follows every step."""
    open_notebook(page, lab.base_url, lab.token, "round.ipynb")
    run_all(page)
    status = page.locator(".cl-play-status")
    narration = page.locator(".cl-play-narration")
    expect(status).to_contain_text("Your turn", timeout=WAIT_MS)
    draws = 0
    for _ in range(120):
        text = status.inner_text()
        if "The round is over" in text:
            break
        if "asks: may I go out" in text:
            page.locator("button.cl-button-no").click()
            expect(narration).to_contain_text("You answered no")
            continue
        if "Your turn: draw" in text:
            if page.locator("button.cl-button-decline").is_visible():
                page.locator("button.cl-button-decline").click()
                continue
            page.locator("button.cl-button-draw").click()
            expect(narration).to_contain_text("You drew")
            expect(page.locator(".cl-play-widget .cl-hand-card.is-new").first).to_be_visible()
            draws += 1
            continue
        cards = page.locator(".cl-play-widget .cl-hand-card")
        count = cards.count()
        for i in range(count - 1, -1, -1):
            cards.nth(i).click()
            expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
            short = Card.parse(cards.nth(i).get_attribute("data-card") or "").short
            expect(page.locator(".cl-play-selection")).to_have_text(f"Selected: {short}")  # the kernel has it
            page.locator("button.cl-button-discard").click()
            try:
                expect(narration).to_contain_text("You discarded", timeout=5_000)
                break
            except AssertionError:
                cards.nth(i).click()  # refused: unselect and try another
                expect(page.locator(".cl-play-selection")).to_have_count(0)
        expect(status).not_to_contain_text("then discard")
        if "The round is over" not in status.inner_text():
            expect(narration).to_contain_text("Ebba")
    expect(status).to_contain_text("The round is over", timeout=WAIT_MS)
    expect(status).to_contain_text("Your team scored")
    assert draws >= 3
    expect(page.locator(".cl-play-table")).not_to_contain_text("went out (went out)")


def test_canasta_learn_play_notebook_shows_the_play_view_without_code(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    from canasta_learn.cli.play import play_code, write_play_notebook

    notebook = write_play_notebook(tmp_path / "class", play_code(seed=3, speed="instant"))
    server = voila_factory(notebook)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url)
    expect(page.locator(".cl-play-widget .cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-play-status")).to_contain_text("Your turn")
    assert "PlayWidget(" not in page.locator("body").inner_text()  # no code on the page
    page.locator("button.cl-button-draw").click()
    expect(page.locator(".cl-play-narration")).to_contain_text("You drew")


def test_canasta_learn_play_lang_pt_br_serves_a_portuguese_page(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: ``canasta-learn play --lang pt_BR`` served an English page, because the notebook
    it writes chose no language and the kernel speaks its environment's (English here: the test
    session sets CANASTA_LEARN_LANG=en, and Voila's kernel inherits it)."""
    from canasta_learn.cli import main

    assert main(["play", "--lang", "pt_BR", "--no-voila", "--dir", str(tmp_path / "class"),
                 "--seed", "3", "--speed", "instant"]) == 0
    notebook = Path(capsys.readouterr().out.strip().splitlines()[-1])
    server = voila_factory(notebook)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url)
    expect(page.locator(".cl-play-widget .cl-hand-card").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-play-status")).to_contain_text("Sua vez")
    assert "set_language" not in page.locator("body").inner_text()  # no code on the page
    page.locator("button.cl-button-draw").click()
    expect(page.locator(".cl-play-narration")).to_contain_text("Você comprou")
    expect(page.locator(".cl-play-widget")).not_to_contain_text("Your turn")


def test_save_in_voila_downloads_the_record_and_offers_it_as_a_link(
    voila_factory: Callable[[Path], VoilaServer], tmp_path: Path, page: Page
) -> None:
    """In a Voila page (what `canasta-learn play` serves) pressing Save writes into ``save_dir``
    and starts the browser's download of the same record (issue 27); the link it shows as a
    fallback downloads the same record too."""
    games = tmp_path / "games"
    cells = ["from canasta_learn.widgets import PlayWidget\n"
             f"PlayWidget(seed=3, speed='instant', save_dir={str(games)!r})"]
    server = voila_factory(write_notebook(tmp_path / "save.ipynb", cells))
    page.goto(server.base_url)
    save = page.locator("button.cl-button-save")
    expect(save).to_be_visible(timeout=WAIT_MS)
    page.locator("button.cl-button-draw").click()
    expect(page.locator(".cl-play-narration")).to_contain_text("You drew", timeout=WAIT_MS)
    downloads: list[Download] = []
    page.on("download", lambda download: downloads.append(download))
    with page.expect_download(timeout=WAIT_MS) as pressed:
        save.click()
    download = pressed.value
    assert download.suggested_filename == "canasta-game.json"
    saved = (games / "canasta-game.json").read_bytes()
    content = Path(download.path()).read_bytes()
    assert content == saved
    record = json.loads(content)
    assert record["format"] and record["rounds"][-1]["actions"][-1] == "N draw"  # the game so far
    link = page.locator(".cl-save-download a")
    expect(link).to_have_text("Download canasta-game.json", timeout=WAIT_MS)
    assert len(downloads) == 1  # one press, one download
    with page.expect_download() as info:
        link.click()
    assert info.value.suggested_filename == "canasta-game.json"
    assert Path(info.value.path()).read_bytes() == saved


def test_save_in_jupyterlab_shows_the_link_and_downloads_nothing_by_itself(lab: LabServer, page: Page) -> None:
    """In JupyterLab Save writes the record next to the notebook: the press starts no download
    (the download piece acts on Voila pages only); the link still downloads on a click."""
    open_notebook(page, lab.base_url, lab.token, "save.ipynb")
    run_all(page)
    downloads: list[Download] = []
    page.on("download", lambda download: downloads.append(download))
    page.locator("button.cl-button-save").click()
    link = page.locator(".cl-save-download a")
    # Save sends the download message before the link, on the same channel: it has been handled
    expect(link).to_have_text("Download canasta-game.json", timeout=WAIT_MS)
    assert downloads == []
    with page.expect_download() as info:
        link.click()
    assert info.value.suggested_filename == "canasta-game.json"
    assert json.loads(Path(info.value.path()).read_bytes())["rounds"]

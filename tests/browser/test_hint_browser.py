"""The play view's Hint button in a real browser (issue 18): pressing it shows the coach's
opinion (three moves with estimates and reasons) and plays nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from harness import LabServer, open_notebook, run_all, write_notebook
from playwright.sync_api import Page, expect

WAIT_MS = 60_000

#: North to draw; the pile's top card is a king and North holds two kings.
HINT_ROUND = """\
from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget
rnd = Round.from_state(
    hands=["h13 s13 c7 h7 s4 h9 d10 jk h5 d6", "c4 c5 c8 d4 d5", "s5 s6 s8 h4", "s11 h11 h12 d7"],
    stock="s7 d2 c2 h2 c3 s3 d5 c10", pile="d4 s7 c5 c6 d8 s9 c4 d13",
    melds=[["c9 d9 s9"]], to_move=0)
play = PlayWidget(round=rnd, seat=0, player_names=["You", "Ebba", "Sam", "Wen"], hint_rollouts=6, hint_seed=4)
play
"""


#: Brazilian Canastra, whose endings are long: after the draw a hint takes several seconds.
BRAZILIAN_ROUND = """\
from canasta_learn.widgets import PlayWidget
play = PlayWidget(profile="canastra_br", seat=0, seed=3, player_names=["You", "Ebba", "Sam", "Wen"])
play
"""


@pytest.fixture(scope="module")
def lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("hint")
    write_notebook(folder / "hint.ipynb", [HINT_ROUND])
    write_notebook(folder / "brazilian.ipynb", [BRAZILIAN_ROUND])
    return lab_server_factory(folder)


def test_pressing_hint_shows_the_coachs_three_moves_and_plays_nothing(lab: LabServer, page: Page) -> None:
    open_notebook(page, lab.base_url, lab.token, "hint.ipynb")
    run_all(page)
    hint = page.locator("button.cl-button-hint")
    expect(hint).to_be_visible(timeout=WAIT_MS)
    expect(hint).to_be_enabled()
    hand = page.locator(".cl-play-widget .cl-hand-card")
    cards_before = hand.count()
    hint.click()
    panel = page.locator(".cl-play-coach .cl-coach")
    expect(panel).to_be_visible(timeout=WAIT_MS)
    expect(panel).to_contain_text("The coach's opinion")
    expect(panel).to_contain_text("nothing has been played")
    moves = panel.locator(".cl-coach-move")
    expect(moves).to_have_count(3)  # two ways to take the pile with the kings, and the draw
    expect(panel).to_contain_text("Take the pile with")
    expect(panel).to_contain_text("Draw from the stock")
    expect(panel).to_contain_text("points (your team minus the other team)")
    expect(panel.locator(".cl-coach-reasons li").first).to_be_visible()
    # the classic game's Hint cuts its play-outs (`HINT_CUT`) and says so
    expect(panel).to_contain_text("an estimate from 6 deals of the unseen cards, each played 32 moves ahead")
    # Pressed again at the same position: a closer look, six fresh deals added to the six.
    expect(panel).to_contain_text("Press Hint again to look closer")
    hint.click()
    expect(panel).to_contain_text("an estimate from 12 deals of the unseen cards", timeout=WAIT_MS)
    # Nothing was played: still your turn to draw, the same cards in hand.
    expect(page.locator(".cl-play-status")).to_contain_text("Your turn: draw")
    assert hand.count() == cards_before
    # Drawing clears the old advice (it was about the position before the draw).
    page.locator("button.cl-button-draw").click()
    expect(page.locator(".cl-play-narration")).to_contain_text("You drew")
    expect(panel).to_have_count(0)
    # Now a dozen melds and discards: three shown, the other moves tried folded below them.
    hint.click()
    expect(panel).to_be_visible(timeout=WAIT_MS)
    fold = panel.locator("details.cl-coach-others")
    expect(fold).to_be_visible()
    expect(fold.locator("summary")).to_contain_text("moves the coach tried")
    others = fold.locator(".cl-coach-other")
    assert others.count() >= 3
    expect(others.first).to_be_hidden()
    fold.locator("summary").click()
    expect(others.first).to_be_visible()
    expect(others.first).to_contain_text("points (your team minus the other team)")


def test_a_long_hint_shows_the_deals_it_has_played_while_it_works(lab: LabServer, page: Page) -> None:
    """The panel updates while the kernel is still searching: the learner sees the coach at work
    (seconds in Brazilian Canastra), then its opinion in the same place."""
    open_notebook(page, lab.base_url, lab.token, "brazilian.ipynb")
    run_all(page)
    page.locator("button.cl-button-draw").click()
    expect(page.locator(".cl-play-narration")).to_contain_text("You drew", timeout=WAIT_MS)
    page.locator("button.cl-button-hint").click()
    thinking = page.locator(".cl-play-coach .cl-coach-thinking")
    expect(thinking).to_contain_text("The coach is thinking:", timeout=WAIT_MS)
    expect(thinking).to_contain_text("deals of the unseen cards played so far")
    panel = page.locator(".cl-play-coach .cl-coach")
    expect(panel).to_contain_text("The coach's opinion", timeout=2 * WAIT_MS)
    expect(panel).to_contain_text("24 deals of the unseen cards")
    expect(thinking).to_have_count(0)


REVIEW_CELLS = [
    # tests/review_games.py's hand: South refuses to go out at action 76 (the review marks it)
    "from canasta_learn.core.actions import parse_action\n"
    "from canasta_learn.engine.round import Round\n"
    "from canasta_learn.play.bots import GreedyBot, acting_seat\n"
    "from canasta_learn.records.record import GameRecord\n"
    "from canasta_learn.widgets import ReplayViewer\n"
    "rnd = Round(seed=8, dealer=0)\n"
    "bots = [GreedyBot(seed=80 + s) for s in range(4)]\n"
    "while len(rnd.log) < 76:\n"
    "    rnd.apply(bots[acting_seat(rnd)].choose(rnd))\n"
    "rnd.apply(parse_action('S discard d11', 4))\n"
    "while not rnd.is_over:\n"
    "    rnd.apply(bots[acting_seat(rnd)].choose(rnd))\n"
    "record = GameRecord.from_round(rnd)\n"
    "record.comment(0, 76, 'South could ask to go out here.')\n"
    "viewer = ReplayViewer(record, review_rollouts=4, review_seed=1)\n"
    "viewer.go(72)  # the move list shows the moves around this step\n"
    "viewer",
]


@pytest.fixture(scope="module")
def review_lab(
    lab_server_factory: Callable[[Path], LabServer], tmp_path_factory: pytest.TempPathFactory
) -> LabServer:
    folder = tmp_path_factory.mktemp("review")
    write_notebook(folder / "review.ipynb", REVIEW_CELLS)
    return lab_server_factory(folder)


def test_review_game_flags_a_move_and_shows_the_coachs_alternative(review_lab: LabServer, page: Page) -> None:
    open_notebook(page, review_lab.base_url, review_lab.token, "review.ipynb")
    run_all(page)
    button = page.locator("button.cl-replay-review")
    expect(button).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".cl-coach-review")).to_have_count(0)  # nothing before the button
    button.click()
    expect(page.locator(".cl-replay-review-status")).to_contain_text("The coach marked", timeout=WAIT_MS)
    flag = page.locator(".cl-replay-moves .cl-review-flag").first
    expect(flag).to_be_visible(timeout=WAIT_MS)
    flag.locator("xpath=ancestor::button").click()
    panel = page.locator(".cl-replay-review .cl-coach-review")
    expect(panel).to_be_visible(timeout=WAIT_MS)
    expect(panel).to_contain_text("The coach's opinion")
    expect(panel.locator(".cl-coach-alternative")).not_to_be_empty()
    # The teacher's comment on that move is still shown, in the notes, apart from the coach.
    expect(page.locator(".cl-replay-notes .cl-human-note")).to_be_visible()

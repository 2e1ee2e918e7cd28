"""The play view's pacing (issue 27): paced bot moves are timers on the kernel's event loop, so
your own clicks are answered at once; Skip (or any of your buttons) plays the rest at once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from test_play_narration import kings_round

from canasta_learn.widgets import PlayWidget


def run_in_loop(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``scenario`` in an event loop of its own thread (as a kernel runs callbacks)."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as error:  # noqa: BLE001 - re-raised in the test's thread
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "the scenario did not finish"
    if errors:
        raise errors[0]


def discard_after_opening(play: PlayWidget) -> int:
    """Open with the kings, discard h5: the bots' turn starts; return the log length before."""
    play.select("h13 s13 d13 jk")
    play.click("meld")
    start = len(play.state.log)
    play.select("h5")
    play.click("discard")
    return start


def test_paced_bot_moves_wait_on_timers_and_end_with_your_turn() -> None:
    async def scenario() -> None:
        play = PlayWidget(round=kings_round(), seat=0, speed="normal")
        start = discard_after_opening(play)
        # The click returned at once: your discard and the first bot move are shown, the rest wait.
        assert len(play.state.log) == start + 2
        assert play.bots_pending and not play.my_turn
        assert play.buttons["skip"].layout.display == ""
        assert 'class="is-current"' in play.narration_html.value
        for _ in range(300):
            if not play.bots_pending:
                break
            await asyncio.sleep(0.1)
        assert not play.bots_pending and play.my_turn
        assert len(play.state.log) >= start + 4  # your discard and the three bots' moves
        assert play.buttons["skip"].layout.display == "none"
        assert 'class="is-current"' not in play.narration_html.value
        assert "Your turn" in play.status.value

    run_in_loop(scenario)


def test_skip_stays_on_screen_while_paced_bot_moves_remain(monkeypatch: pytest.MonkeyPatch) -> None:
    """After each paced bot move but the last, Skip is still shown (a timer is still pending)."""
    from canasta_learn.widgets import play as play_module

    monkeypatch.setitem(play_module.SPEEDS, "normal", 0.05)

    async def scenario() -> None:
        play = PlayWidget(round=kings_round(), seat=0, speed="normal")
        discard_after_opening(play)
        seen: list[tuple[bool, str]] = []
        for _ in range(600):
            if not play.bots_pending:
                break
            moves = len(play.state.log)
            while len(play.state.log) == moves and play.bots_pending:
                await asyncio.sleep(0.01)
            seen.append((play.bots_pending, play.buttons["skip"].layout.display))
        assert len(seen) >= 2, "the bots made at least two paced moves"
        assert all(shown == ("" if pending else "none") for pending, shown in seen), seen

    run_in_loop(scenario)


def test_skip_plays_the_bots_remaining_moves_at_once() -> None:
    async def scenario() -> None:
        play = PlayWidget(round=kings_round(), seat=0, speed="slow")
        start = discard_after_opening(play)
        assert play.bots_pending
        play.click("skip")
        assert not play.bots_pending and play.my_turn
        assert len(play.state.log) >= start + 4
        assert "Your turn" in play.status.value
        assert play.buttons["skip"].layout.display == "none"
        told = play.narration_lines
        assert told[0].startswith("You discarded") and len(told) >= 4

    run_in_loop(scenario)


def test_your_own_click_is_not_queued_behind_the_bots_pacing() -> None:
    async def scenario() -> None:
        play = PlayWidget(round=kings_round(), seat=0, speed="slow")
        discard_after_opening(play)
        assert play.bots_pending
        play.click("draw")  # the bots' remaining moves are played at once, then your draw
        assert not play.bots_pending
        assert play.narration_lines[0].startswith("You drew")
        assert play.state.phase == "play" and play.state.to_move == 0

    run_in_loop(scenario)


def test_a_loop_marked_running_in_the_main_thread_outside_a_kernel_does_not_hold_the_bots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's sync API keeps an event loop marked running in the main thread, which runs no
    timer of ours: the bots must still hand the turn back (the pauses are sleeps there), as in
    plain Python; only a kernel's loop (or a thread's own) gets timers."""
    from canasta_learn.widgets import play as play_module

    monkeypatch.setitem(play_module.SPEEDS, "normal", 0.01)

    def turn() -> tuple[object, bool, bool]:
        play = PlayWidget(round=kings_round(), seat=0, speed="normal")
        discard_after_opening(play)
        return play_module._timer_loop(), play.bots_pending, play.my_turn

    async def scenario() -> tuple[object, bool, bool]:
        return turn()

    try:
        asyncio.get_running_loop()
        found, pending, mine = turn()  # after the browser tests: Playwright's loop is that very case
    except RuntimeError:
        loop = asyncio.new_event_loop()
        try:
            found, pending, mine = loop.run_until_complete(scenario())
        finally:
            loop.close()
    assert found is None and not pending and mine

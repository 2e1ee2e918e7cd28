"""The language spoken is per thread and per asyncio task (issue 24 §2): `speaking` sets a
`contextvars.ContextVar`, so overlapping ``with speaking(...)`` blocks in two threads each speak
their own language and leave the kernel's as it was; `set_language` is the kernel-wide
language, seen by every thread outside a `speaking` block. An unknown ``CANASTA_LEARN_LANG`` is
warned about once, naming the language spoken instead.
"""

from __future__ import annotations

import asyncio
import threading
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from canasta_learn import check_meld
from canasta_learn.core import i18n
from canasta_learn.core.cards import rank_name
from canasta_learn.core.i18n import get_language, set_language, speaking

ENGLISH = "h5 d5 has 2 cards; a meld needs at least 3. Add another five or a wild card."
PORTUGUESE = ("h5 d5 tem 2 cartas; uma combinação precisa de pelo menos 3. Acrescente outra carta cinco "
              "ou um curinga.")


def _said() -> tuple[str, str, str]:
    """What the engine says here and now: a verdict's message, a rank's name, the language."""
    return check_meld("h5 d5").message, rank_name(13), get_language()


def _run_threads(*targets: Callable[[], None]) -> None:
    """Run each target in its own thread; re-raise the first failure in the test's thread."""
    errors: list[BaseException] = []

    def wrapped(target: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                target()
            except BaseException as error:  # noqa: BLE001 - handed to the test's thread
                errors.append(error)
        return run

    threads = [threading.Thread(target=wrapped(target)) for target in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    if errors:
        raise errors[0]


def test_overlapping_speaking_blocks_in_two_threads_each_speak_their_own_language() -> None:
    """Thread P enters ``speaking("pt_BR")``, thread E enters ``speaking("en")`` while P is
    inside; both speak at the same moment (a barrier), then P leaves first and E second (the
    order that left a process-wide language in Portuguese for good)."""
    both_inside = threading.Barrier(2, timeout=30)
    both_said = threading.Barrier(2, timeout=30)
    p_left = threading.Event()
    said: dict[str, tuple[str, str, str]] = {}

    def portuguese() -> None:
        with speaking("pt_BR"):
            both_inside.wait()
            said["pt_BR"] = _said()
            both_said.wait()
        p_left.set()

    def english() -> None:
        both_inside.wait()  # P is inside its block already
        with speaking("en"):
            said["en"] = _said()
            both_said.wait()
            assert p_left.wait(timeout=30)
            said["en after P left"] = _said()

    _run_threads(portuguese, english)
    assert said["pt_BR"] == (PORTUGUESE, "rei", "pt_BR")
    assert said["en"] == (ENGLISH, "king", "en")
    assert said["en after P left"] == (ENGLISH, "king", "en")
    # the kernel's language is untouched: English (the session's default), nothing chosen
    assert _said() == (ENGLISH, "king", "en")
    assert i18n.chosen_language() is None


def test_many_threads_speaking_in_turn_leave_the_kernel_language_as_it_was() -> None:
    """Eight threads, half in each language, entering and leaving in an interleaved order."""
    set_language("pt_BR")
    barrier = threading.Barrier(8, timeout=30)
    said: dict[int, str] = {}

    def worker(index: int) -> Callable[[], None]:
        def run() -> None:
            language = "en" if index % 2 else "pt_BR"
            barrier.wait()
            for _ in range(50):
                with speaking(language):
                    message = check_meld("h5 d5").message
                    if message != (ENGLISH if language == "en" else PORTUGUESE):
                        said[index] = message
        return run

    _run_threads(*(worker(i) for i in range(8)))
    assert said == {}
    assert get_language() == "pt_BR"
    assert check_meld("h5 d5").message == PORTUGUESE


def test_set_language_in_one_thread_never_changes_another_threads_speaking_block() -> None:
    """set_language is the kernel's language: thread S sets Portuguese while thread B speaks
    English inside its block; B's messages stay English, and a thread outside any block (and
    the test's own) then speaks Portuguese."""
    b_inside = threading.Event()
    s_done = threading.Event()
    said: dict[str, tuple[str, str, str]] = {}

    def block() -> None:
        with speaking("en"):
            b_inside.set()
            assert s_done.wait(timeout=30)
            said["block"] = _said()

    def setter() -> None:
        assert b_inside.wait(timeout=30)
        set_language("pt_BR")
        s_done.set()

    def outside() -> None:
        said["outside"] = _said()

    _run_threads(block, setter)
    _run_threads(outside)
    assert said["block"] == (ENGLISH, "king", "en")
    assert said["outside"] == (PORTUGUESE, "rei", "pt_BR")
    assert get_language() == "pt_BR"


def test_set_language_inside_a_speaking_block_lasts_until_the_block_ends() -> None:
    with speaking("pt_BR"):
        assert set_language("en") == "en"
        assert check_meld("h5 d5").message == ENGLISH
    assert get_language() == "en" and i18n.chosen_language() is None


def test_two_asyncio_tasks_speaking_different_languages_interleaved() -> None:
    async def speak(language: str) -> list[str]:
        messages = []
        with speaking(language):
            for _ in range(5):
                await asyncio.sleep(0)  # the other task runs inside its own block meanwhile
                messages.append(check_meld("h5 d5").message)
        return messages

    async def main() -> tuple[list[str], list[str]]:
        portuguese, english = await asyncio.gather(speak("pt_BR"), speak("en"))
        return portuguese, english

    # in a thread of its own: an earlier test (Playwright's sync API) may leave an event loop
    # running in this one, where asyncio.run refuses to start
    with ThreadPoolExecutor(max_workers=1) as pool:
        portuguese, english = pool.submit(asyncio.run, main()).result()
    assert portuguese == [PORTUGUESE] * 5
    assert english == [ENGLISH] * 5
    assert get_language() == "en"


def test_an_unknown_canasta_learn_lang_is_warned_about_once_naming_the_language_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CANASTA_LEARN_LANG=garbage: the system locale decides (here Portuguese), and a
    UserWarning, in that language, says so; once, not at every reading of the environment."""
    monkeypatch.setattr(i18n, "_warned", set())
    monkeypatch.setenv("CANASTA_LEARN_LANG", "garbage")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    with pytest.warns(UserWarning) as caught:
        assert set_language(None) == "pt_BR"
    assert [str(w.message) for w in caught] == [
        "CANASTA_LEARN_LANG='garbage' não é um idioma que o kit fala (en, pt_BR): falando pt_BR em vez "
        "disso. Defina CANASTA_LEARN_LANG como en ou pt_BR, ou chame set_language()."]
    with warnings.catch_warnings(record=True) as again:
        warnings.simplefilter("always")
        set_language(None)
        assert i18n.default_language() == "pt_BR"
    assert again == []
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("CANASTA_LEARN_LANG", "klingon")
    with pytest.warns(UserWarning, match=r"CANASTA_LEARN_LANG='klingon' is not a language the toolkit speaks "
                                         r"\(en, pt_BR\): speaking en instead\."):
        assert set_language(None) == "en"

"""Helpers the bot subcommands share (``canasta-learn simulate`` and ``canasta-learn record``).

It owns reading ``--bots`` into one bot name per seat (`bots_for_seats`), opening an
output file with a one-sentence error (`open_for_writing`), and the Ctrl-C that ends a run
after the round being played (`StopOnInterrupt`, so the rounds played are kept); the first
two raise the ValueError or OSError that `canasta_learn.cli.main` turns into one line on
stderr and exit status 2.
"""

from __future__ import annotations

import signal
import threading
from typing import IO, Any

from ..core.i18n import gettext, ngettext
from ..play.bots import BOT_NAMES

__all__ = ["StopOnInterrupt", "bots_for_seats", "open_for_writing"]


def bots_for_seats(spec: str, player_count: int) -> list[str]:
    """Bot names by seat from ``"greedy,random"``: one name serves every seat, two names
    alternate (team 0, team 1), and ``player_count`` names give each seat its own bot."""
    names = [name.strip().lower() for name in spec.split(",") if name.strip()]
    if not names:
        raise ValueError(gettext("--bots needs bot names ({names}), separated by commas.").format(
            names=", ".join(BOT_NAMES)))
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(gettext("Unknown bot {name} in --bots: choose from {names}.").format(
                name=repr(name), names=", ".join(BOT_NAMES)))
    if player_count % len(names):
        raise ValueError(ngettext("--bots gives {count} name for {seats} seats: give 1, one per team, or {seats}.",
                                  "--bots gives {count} names for {seats} seats: give 1, one per team, or {seats}.",
                                  len(names)).format(count=len(names), seats=player_count))
    return [names[seat % len(names)] for seat in range(player_count)]


def open_for_writing(path: str) -> IO[str]:
    """Open ``path`` for writing, or raise OSError with one clear sentence."""
    try:
        return open(path, "w", encoding="utf-8", newline="")
    except OSError as error:
        raise OSError(gettext("cannot write {path}: {problem}").format(
            path=path, problem=error.strerror or error)) from None


class StopOnInterrupt:
    """While active, SIGINT (Ctrl-C) sets ``raised`` instead of raising KeyboardInterrupt, so
    the round being played finishes and is counted and written (main thread only; elsewhere
    the interrupt is left to Python)."""

    def __init__(self) -> None:
        self.raised = False
        self._previous: Any = None

    def _handle(self, signum: int, frame: Any) -> None:
        self.raised = True

    def __enter__(self) -> StopOnInterrupt:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)

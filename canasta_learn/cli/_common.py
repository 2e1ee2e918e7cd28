"""Helpers the bot subcommands share (``canasta-learn simulate`` and ``canasta-learn record``).

It owns reading ``--bots`` into one bot name per seat (`bots_for_seats`) and opening an
output file with a one-sentence error (`open_for_writing`); both raise the ValueError or
OSError that `canasta_learn.cli.main` turns into one line on stderr and exit status 2.
"""

from __future__ import annotations

from typing import IO

from ..core.i18n import gettext, ngettext
from ..play.bots import BOT_NAMES

__all__ = ["bots_for_seats", "open_for_writing"]


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

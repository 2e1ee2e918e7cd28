"""Helpers the bot subcommands share (``canasta-learn simulate`` and ``canasta-learn record``).

It owns reading ``--bots`` into one bot name per seat (`bots_for_seats`) and opening an
output file with a one-sentence error (`open_for_writing`); both raise the ValueError or
OSError that `canasta_learn.cli.main` turns into one line on stderr and exit status 2.
"""

from __future__ import annotations

from typing import IO

from ..play.bots import BOT_NAMES

__all__ = ["bots_for_seats", "open_for_writing"]


def bots_for_seats(spec: str, player_count: int) -> list[str]:
    """Bot names by seat from ``"greedy,random"``: one name serves every seat, two names
    alternate (team 0, team 1), and ``player_count`` names give each seat its own bot."""
    names = [name.strip().lower() for name in spec.split(",") if name.strip()]
    if not names:
        raise ValueError(f"--bots needs bot names ({', '.join(BOT_NAMES)}), separated by commas.")
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(f"Unknown bot {name!r} in --bots: choose from {', '.join(BOT_NAMES)}.")
    if player_count % len(names):
        raise ValueError(f"--bots gives {len(names)} names for {player_count} seats: give 1, "
                         f"one per team, or {player_count}.")
    return [names[seat % len(names)] for seat in range(player_count)]


def open_for_writing(path: str) -> IO[str]:
    """Open ``path`` for writing, or raise OSError with one clear sentence."""
    try:
        return open(path, "w", encoding="utf-8", newline="")
    except OSError as error:
        raise OSError(f"cannot write {path}: {error.strerror or error}") from None

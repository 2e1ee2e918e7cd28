"""``canasta-learn record``: bots play a round or a game; write its game record.

It owns playing the bot round (or rounds, or whole game) and saving the record as JSON, with
the one-line summary it prints. Bad input (unknown profile or bot, unwritable file) raises
ValueError or OSError, which the CLI turns into one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from typing import Any

from ..core.actions import seat_name
from ..play.bots import BOT_NAMES, play_game_live, play_round
from ..profiles import get_profile
from ._common import bots_for_seats, open_for_writing

__all__ = ["register"]


def _run_record(args: argparse.Namespace) -> int:
    from ..records.record import GameRecord

    profile = get_profile(args.profile)
    seats = bots_for_seats(args.bots, profile.player_count)
    if args.rounds < 1:
        raise ValueError(f"--rounds must be 1 or more, not {args.rounds}.")
    open_for_writing(args.output).close()  # fail early, before the bots play
    if not args.game and args.rounds == 1:
        record = play_round(seats, profile, seed=args.seed)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            game = play_game_live(seats, profile, seed=args.seed,
                                  max_rounds=args.max_rounds if args.game else args.rounds)
        record = GameRecord.from_game(game, players=[
            f"{name} {seat_name(s, profile.player_count)}" for s, name in enumerate(seats)])
        played = len(game.round_scores)
        record.rounds = record.rounds[:played]
        if args.game and game.unfinished:
            print(f"warning: the game stopped after {played} rounds without a winner "
                  f"(totals {list(game.totals)}).", file=sys.stderr)
    record.save(args.output)
    actions = sum(len(rr.actions) for rr in record.rounds)
    final = record.final_state(len(record.rounds) - 1)
    totals = [rr + s.total for rr, s in zip(record.rounds[-1].team_scores,
                                                  final.scores(), strict=True)]
    print(f"wrote {args.output}: {len(record.rounds)} round(s), {actions} actions, "
          f"team totals {' / '.join(map(str, totals))}")
    return 0


def register(subparsers: Any) -> None:
    """Add the ``record`` subcommand."""
    rec = subparsers.add_parser(
        "record", help="bots play a round or a game; write its game record",
        description="Bots play a round (default), several rounds, or a whole game; the game "
                    "record (JSON) is written to FILE.")
    rec.add_argument("--bots", default="greedy",
                     help=f"bot names as for simulate ({', '.join(BOT_NAMES)}; default greedy)")
    rec.add_argument("--seed", type=int, default=0, help="deal and bot seed (default 0)")
    rec.add_argument("--profile", default="classic", help="rule profile (default classic)")
    rec.add_argument("-o", "--output", required=True, metavar="FILE", help="record file to write")
    mode = rec.add_mutually_exclusive_group()
    mode.add_argument("--rounds", type=int, default=1, help="rounds of a game to play (default 1)")
    mode.add_argument("--game", action="store_true", help="play a whole game to the target")
    rec.add_argument("--max-rounds", type=int, default=200,
                     help="with --game: stop after this many rounds (default 200)")
    rec.set_defaults(handler=_run_record)

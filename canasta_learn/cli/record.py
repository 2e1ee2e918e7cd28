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
from ..core.i18n import gettext, ngettext
from ..play.bots import BOT_NAMES, play_game_live, play_round
from ..profiles import get_profile
from ._common import bots_for_seats, open_for_writing

__all__ = ["register"]


def _run_record(args: argparse.Namespace) -> int:
    from ..records.record import GameRecord

    profile = get_profile(args.profile)
    seats = bots_for_seats(args.bots, profile.player_count)
    if args.rounds < 1:
        raise ValueError(gettext("--rounds must be 1 or more, not {rounds}.").format(rounds=args.rounds))
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
            print(ngettext("warning: the game stopped after {count} rounds without a winner (totals {totals}).",
                           "warning: the game stopped after {count} rounds without a winner (totals {totals}).",
                           played).format(count=played, totals=list(game.totals)), file=sys.stderr)
    record.save(args.output)
    actions = sum(len(rr.actions) for rr in record.rounds)
    final = record.final_state(len(record.rounds) - 1)
    totals = [rr + s.total for rr, s in zip(record.rounds[-1].team_scores,
                                                  final.scores(), strict=True)]
    # English says "round(s)" and "actions" for any count (as before translation)
    rounds = ngettext("{count} round(s)", "{count} round(s)", len(record.rounds)).format(count=len(record.rounds))
    played_actions = ngettext("{count} actions", "{count} actions", actions).format(count=actions)
    print(gettext("wrote {file}: {rounds}, {actions}, team totals {totals}").format(
        file=args.output, rounds=rounds, actions=played_actions, totals=" / ".join(map(str, totals))))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``record`` subcommand."""
    rec = subparsers.add_parser(
        "record", help=gettext("bots play a round or a game; write its game record"),
        description=gettext("Bots play a round (default), several rounds, or a whole game; the game "
                            "record (JSON) is written to FILE."))
    rec.add_argument("--bots", default="greedy",
                     help=gettext("bot names as for simulate ({names}; default greedy)").format(
                         names=", ".join(BOT_NAMES)))
    rec.add_argument("--seed", type=int, default=0, help=gettext("deal and bot seed (default 0)"))
    rec.add_argument("--profile", default="classic", help=gettext("rule profile (default classic)"))
    rec.add_argument("-o", "--output", required=True, metavar="FILE", help=gettext("record file to write"))
    mode = rec.add_mutually_exclusive_group()
    mode.add_argument("--rounds", type=int, default=1, help=gettext("rounds of a game to play (default 1)"))
    mode.add_argument("--game", action="store_true", help=gettext("play a whole game to the target"))
    rec.add_argument("--max-rounds", type=int, default=200,
                     help=gettext("with --game: stop after this many rounds (default 200)"))
    rec.set_defaults(handler=_run_record)

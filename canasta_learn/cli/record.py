"""``canasta-learn record``: bots play a round or a game; write its game record.

It owns playing the bot round (or rounds, or whole game) and saving the record as JSON, with
the one-line summary it prints. The record file is replaced whole, once the bots have
finished (`canasta_learn.records.record.GameRecord.save`: a temporary file beside it, then
renamed): an existing file stays as it was while they play and if anything fails. Ctrl-C ends
the run after the round being played, and the file then holds the rounds played (exit status
130), as ``canasta-learn simulate`` keeps its rounds. ``--rounds`` and ``--max-rounds`` are
bounded by what a record may hold (`canasta_learn.records.record.MAX_ROUNDS`), so that every
record written can be replayed. Bad input (unknown profile or bot, unwritable file) raises
ValueError or OSError, which the CLI turns into one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.actions import seat_name
from ..core.files import check_replaceable
from ..core.i18n import gettext, ngettext
from ..engine.game import Game
from ..play.bots import BOT_NAMES, make_bots, play_round, run_round
from ..profiles import get_profile
from ..records.record import MAX_ROUNDS
from ._common import StopOnInterrupt, bots_for_seats

__all__ = ["register", "round_count"]


def round_count(text: str) -> int:
    """A ``--rounds`` / ``--max-rounds`` value: a whole number from 1 to `MAX_ROUNDS` (the
    most a record holds, so that what is written can be read back); argparse's error otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(gettext("{value} is not a whole number of rounds").format(
            value=repr(text))) from None
    if not 1 <= value <= MAX_ROUNDS:
        raise argparse.ArgumentTypeError(gettext(
            "give 1 to {most} rounds (a game record holds at most {most}), not {value}").format(
            most=MAX_ROUNDS, value=value))
    return value


def _show_progress(played: int, totals: Any) -> None:
    """Redraw the progress line on stderr (padded over a longer line drawn before)."""
    line = ngettext("{count} round played, team totals {totals}",
                    "{count} rounds played, team totals {totals}", played).format(
        count=played, totals=" / ".join(map(str, totals)))
    sys.stderr.write("\r" + line.ljust(60))
    sys.stderr.flush()


def _run_record(args: argparse.Namespace) -> int:
    from ..records.record import GameRecord

    profile = get_profile(args.profile)
    seats = bots_for_seats(args.bots, profile.player_count)
    check_replaceable(args.output)  # fail early, before the bots play; the file is left as it is
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    with StopOnInterrupt() as stop:  # Ctrl-C: the round being played finishes, the rounds played are kept
        if not args.game and args.rounds == 1:
            record = play_round(seats, profile, seed=args.seed)
            played = 1
        else:
            game = Game(profile, seed=args.seed, max_rounds=args.max_rounds if args.game else args.rounds)
            bots = make_bots(seats, profile.player_count, args.seed)
            while not game.is_over:
                run_round(game.round, bots, apply=game.apply)
                if show:
                    _show_progress(len(game.round_scores), game.totals)
                if stop.raised:
                    break
            if show:
                sys.stderr.write("\n")
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
    if stop.raised:
        print(ngettext("canasta-learn: interrupted after {count} round; {file} holds the round played.",
                       "canasta-learn: interrupted after {count} rounds; {file} holds the rounds played.",
                       played).format(count=played, file=args.output), file=sys.stderr)
    # English says "round(s)" and "actions" for any count (as before translation)
    rounds = ngettext("{count} round(s)", "{count} round(s)", len(record.rounds)).format(count=len(record.rounds))
    played_actions = ngettext("{count} actions", "{count} actions", actions).format(count=actions)
    print(gettext("wrote {file}: {rounds}, {actions}, team totals {totals}").format(
        file=args.output, rounds=rounds, actions=played_actions, totals=" / ".join(map(str, totals))))
    return 130 if stop.raised else 0


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
    mode.add_argument("--rounds", type=round_count, default=1, metavar="N",
                      help=gettext("rounds of a game to play, 1 to {most} (default 1)").format(most=MAX_ROUNDS))
    mode.add_argument("--game", action="store_true", help=gettext("play a whole game to the target"))
    rec.add_argument("--max-rounds", type=round_count, default=200, metavar="N",
                     help=gettext("with --game: stop after this many rounds, 1 to {most} (default 200)").format(
                         most=MAX_ROUNDS))
    rec.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help=gettext("the rounds played and the totals on stderr as the bots play "
                                  "(default: on a terminal)"))
    rec.set_defaults(handler=_run_record)

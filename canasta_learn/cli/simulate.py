"""``canasta-learn simulate``: bots play many rounds; print win rates and mean scores.

It owns the streaming run (each round's row is counted, and written to the CSV, as the round
ends, so memory stays flat and Ctrl-C loses nothing), the progress bar and the summary table.
``canasta-learn record`` (`canasta_learn.cli.record`) shares its ``--bots`` reading
(`canasta_learn.cli._common`). Bad input (unknown profile or bot, unwritable file) raises
ValueError or OSError, which the CLI turns into one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Sequence
from typing import IO, Any

from ..core.actions import seat_label
from ..core.i18n import gettext, ngettext
from ..play.bots import BOT_NAMES
from ..play.simulate import Summary, round_columns, simulate_rows
from ..profiles import Profile, get_profile
from ._common import StopOnInterrupt, bots_for_seats, open_for_writing

__all__ = ["ProgressBar", "bots_for_seats", "register", "summary_text"]


class ProgressBar:
    """A minimal text progress bar (``[#####.....] 50/100 rounds, 12.3/s``) on a stream."""

    def __init__(self, total: int, stream: IO[str], width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.last = -1.0
        self.open = False  # a bar is drawn and its line not ended yet

    def __call__(self, done: int, total: int) -> None:
        """Redraw the bar (at most ten times a second, and at the end)."""
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = int(self.width * done / total) if total else self.width
        rate = done / (now - self.start) if now > self.start else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(ngettext("\r[{bar}] {done}/{total} rounds, {rate}/s",
                                   "\r[{bar}] {done}/{total} rounds, {rate}/s", total).format(
            bar=bar, done=done, total=total, rate=f"{rate:.1f}"))
        self.open = done < total
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()

    def end(self) -> None:
        """End the bar's line if it is still open (before any other message)."""
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
            self.open = False


def summary_text(summary: dict[str, Any], seats: Sequence[str], profile: Profile,
                 seed: int) -> str:
    """The summary table printed by ``canasta-learn simulate``."""
    n = profile.player_count
    # English says "1 rounds" for one round, as before translation
    lines = [ngettext("{count} rounds, profile {profile}, seed {seed}",
                      "{count} rounds, profile {profile}, seed {seed}", summary["rounds"]).format(
        count=summary["rounds"], profile=profile.name, seed=seed), ""]
    # the columns: a translated heading wider than the English column widens it
    team_head, bots_head = gettext("team"), gettext("bots")
    score_head, rate_head = gettext("mean score"), gettext("win rate")
    team_width, bots_width = max(6, len(team_head) + 1), max(22, len(bots_head) + 1)
    score_width, rate_width = max(12, len(score_head) + 2), max(10, len(rate_head) + 2)
    lines.append(f"{team_head:<{team_width}}{bots_head:<{bots_width}}{score_head:>{score_width}}"
                 f"{rate_head:>{rate_width}}")
    for team in range(profile.team_count):
        members = [s for s in range(n) if s % profile.team_count == team]
        kinds = sorted({seats[s] for s in members})
        who = f"{'/'.join(kinds)} ({', '.join(seat_label(s, n, 'letter') for s in members)})"
        lines.append(f"{team:<{team_width}}{who:<{bots_width}}{summary['mean_score'][team]:>{score_width}.1f}"
                     f"{100 * summary['win_rate'][team]:>{rate_width - 1}.1f}%")
    lines.append("")
    lines.append(gettext("mean length         {value} actions").format(value=f"{summary['mean_length']:.1f}"))
    lines.append(gettext("went out            {value} of rounds").format(
        value=f"{100 * summary['went_out_rate']:.1f}%"))
    lines.append(gettext("went out concealed  {value} of rounds").format(
        value=f"{100 * summary['concealed_rate']:.1f}%"))
    lines.append(gettext("pile takes          {value} per round").format(value=f"{summary['mean_pile_takes']:.1f}"))
    lines.append(gettext("frozen turns        {value} per round").format(
        value=f"{summary['mean_frozen_turns']:.1f}"))
    return "\n".join(lines)


def _run_simulate(args: argparse.Namespace) -> int:
    profile = get_profile(args.profile)
    seats = bots_for_seats(args.bots, profile.player_count)
    if args.rounds < 0:
        raise ValueError(gettext("--rounds must be 0 or more, not {rounds}.").format(rounds=args.rounds))
    if args.jobs < 1:
        raise ValueError(gettext("--jobs must be 1 or more processes, not {jobs}.").format(jobs=args.jobs))
    handle: IO[str] | None = None
    if args.csv:
        handle = open_for_writing(args.csv)  # fail early, before the simulation
    # Rounds stream: seeds are made one at a time, each row is counted and written (and
    # flushed) as its round ends, so memory stays flat and an interrupt loses nothing.
    total = Summary(profile.team_count)
    interrupted = False
    show = args.progress if args.progress is not None else (
        sys.stderr.isatty() and args.rounds >= 20)
    progress = ProgressBar(args.rounds, sys.stderr) if show and args.rounds else None
    try:
        writer = None
        if handle is not None:
            writer = csv.DictWriter(handle, fieldnames=round_columns(profile.team_count))
            writer.writeheader()
            handle.flush()
        stop = StopOnInterrupt()
        try:
            with stop:  # Ctrl-C ends the simulation after the round being played
                for row in simulate_rows(args.rounds, seats, profile, args.seed, progress,
                                         jobs=args.jobs):
                    if writer is not None and handle is not None:
                        writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
                        handle.flush()
                    total.add(row)
                    if stop.raised:
                        break
        except KeyboardInterrupt:  # outside the main thread: Python's own interrupt
            pass
        interrupted = stop.raised or total.rounds < args.rounds
    finally:
        if progress is not None:
            progress.end()
        if handle is not None:
            handle.close()
    if interrupted:
        print(ngettext("canasta-learn: interrupted after {played} of {count} rounds; the summary and the CSV "
                       "cover the rounds played.",
                       "canasta-learn: interrupted after {played} of {count} rounds; the summary and the CSV "
                       "cover the rounds played.", args.rounds).format(played=total.rounds, count=args.rounds),
              file=sys.stderr)
    print(summary_text(total.result(), seats, profile, args.seed))
    if args.csv:
        print("\n" + gettext("per-round statistics written to {file}").format(file=args.csv))
    return 130 if interrupted else 0


def register(subparsers: Any) -> None:
    """Add the ``simulate`` subcommand."""
    sim = subparsers.add_parser(
        "simulate", help=gettext("bots play many rounds; print win rates and mean scores"),
        description=gettext("Bots play independent rounds; print a summary (mean score and win rate per "
                            "team, mean length, how often a player went out, concealed or not)."))
    sim.add_argument("--rounds", type=int, default=100, help=gettext("rounds to play (default 100)"))
    sim.add_argument("--bots", default="greedy,random",
                     help=gettext("bot names: one for all seats, one per team, or one per seat "
                                  "({names}; default greedy,random)").format(names=", ".join(BOT_NAMES)))
    sim.add_argument("--profile", default="classic", help=gettext("rule profile (default classic)"))
    sim.add_argument("--seed", type=int, default=0, help=gettext("simulation seed (default 0)"))
    sim.add_argument("--csv", metavar="FILE", help=gettext("write one row of statistics per round"))
    sim.add_argument("--jobs", type=int, default=1, metavar="N",
                     help=gettext("play the rounds in N processes (the same results as one; default 1)"))
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help=gettext("progress bar on stderr (default: on a terminal, from 20 rounds)"))
    sim.set_defaults(handler=_run_simulate)

"""``canasta-learn demo``: deal a seeded hand, print the table and a few explained verdicts."""

from __future__ import annotations

import argparse
from typing import Any

from ..core.actions import Draw, TakePile
from ..core.i18n import gettext
from ..engine.position import Position
from ..engine.round import Round
from ..profiles import get_profile, profile_names

__all__ = ["demo_text", "register"]


def demo_text(seed: int = 2026, profile: str = "classic") -> str:
    """The demo's text: a dealt table, verdicts on the first player's options, and the
    seed examples of frozen piles."""
    prof = get_profile(profile)
    rnd = Round(prof, seed=seed)
    seat = rnd.seat_name(rnd.to_move)  # the notation below; the sentence says the label
    lines = [gettext("canasta-learn demo - profile {profile}, seed {seed}").format(profile=prof.name, seed=seed),
             "", str(rnd), ""]
    lines.append(gettext("{seat} to move. The pile: {pile}").format(
        seat=rnd.seat_label(rnd.to_move), pile=rnd.pile_status().message))
    lines.append("")
    lines.append(gettext("What the engine says about some moves:"))
    hand = rnd.hands[rnd.to_move]
    top = rnd.top_card
    tries: list[Any] = [Draw(rnd.to_move)]
    if top is not None:
        pair = [c for c in hand if c.rank == top.rank][:2]
        tries.append(TakePile(rnd.to_move, tuple(pair)))
    for action in tries:
        lines.append(f"  {action.text(rnd.player_count):<20} {rnd.check(action)}")
    first_pair = next((c for c in hand if sum(1 for d in hand if d.rank == c.rank) >= 2 and not c.is_wild), None)
    if first_pair is not None:
        meld = " ".join(str(c) for c in hand if c.rank == first_pair.rank)
        lines.append(f"  {seat} meld {meld:<13} {rnd.check(f'{seat} meld {meld}')}")
    lines.append("")
    lines.append(gettext("The rules' worked examples (docs/rules.md#rules-examples):"))
    mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", profile=prof)
    lines.append(gettext("  Mike, frozen pile: {verdict}").format(verdict=mike.check_take_pile()))
    try:  # Lisa's team has a set of kings: not a meld where only aces form sets (Brazilian games)
        lisa = Position("h5 c9", discard_pile="s9 h13", team_melds=["d13 d13 c13 h2"], profile=prof)
        lines.append(gettext("  Lisa, open pile:   {verdict}").format(verdict=lisa.check_take_pile()))
    except ValueError as error:
        lines.append(gettext("  Lisa, open pile:   not a position in {profile}: {error}").format(
            profile=prof.name, error=error))
    opening = Position("h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13", team_score=1100, profile=prof)
    lines.append(gettext("  Opening at 1100:   {verdict}").format(verdict=opening.check_opening('c4 c4 d4 d2')))
    lines.append(f"                     {opening.check_opening('h1 c1 d2')}")
    return "\n".join(lines)


def _run(args: argparse.Namespace) -> int:
    print(demo_text(args.seed, args.profile))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``demo`` subcommand."""
    parser = subparsers.add_parser("demo", help=gettext("deal a seeded hand and show explained verdicts"))
    parser.add_argument("--seed", type=int, default=2026, help=gettext("shuffle seed (default 2026)"))
    # No argparse choices: get_profile matches names ignoring case and an unknown one is a
    # one-line ProfileError (status 2), as in the other commands.
    parser.add_argument("--profile", default="classic",
                        help=gettext("rule profile: {profiles} (default classic)").format(
                            profiles=", ".join(profile_names())))
    parser.set_defaults(handler=_run)

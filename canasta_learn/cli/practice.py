"""``canasta-learn practice``: the practice widget as a stand-alone page (Voila, no code shown).

As ``canasta-learn play`` does (`cli.play`): a one-cell notebook that opens a `PracticeWidget`,
served with Voila on the first free port from 8866, its URL printed; the notebook goes in a
temporary folder removed when Voila stops, or in ``--dir``, kept; ``--no-voila`` only writes it
and prints where it is. The progress is kept in ``--progress`` (default: the practice store's
`default_path`, the user data folder), so the next session shows it. ``--profile NAME`` practises
the skills of a variant game (``italian``, ``pennies_from_heaven``, ``canastra_br``, ``tranca``;
default ``classic``); ``--skills`` names skills of any game instead. The page speaks the
command's language (``--lang pt_BR``, else ``CANASTA_LEARN_LANG`` or the system locale), chosen
in the cell itself.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..core.extras import require_extra
from ..core.i18n import get_language, gettext, normalize_language
from .play import VOILA_MODULES, write_and_serve

__all__ = ["practice_code", "register", "run_practice"]

#: The notebook's name in the folder.
NOTEBOOK = "canasta-practice.ipynb"


def practice_code(progress: str, skills: list[str] | None = None, seed: int | None = None,
                  language: str | None = None, profile: str = "classic") -> str:
    """The code of the notebook's cell: a `PracticeWidget` keeping its progress in ``progress``,
    on ``skills`` (checked: each must be a skill; default every skill of ``profile``, checked: a
    game with skills), from ``seed``; with ``language`` (``"en"``, ``"pt_BR"``) the cell first
    makes the package speak it.

    >>> practice_code("/tmp/p.json", ["red_threes"]).splitlines()[-1]
    "PracticeWidget('/tmp/p.json', skills=['red_threes'], seed=None)"
    >>> practice_code("/tmp/p.json", profile="tranca").splitlines()[-1]
    "PracticeWidget('/tmp/p.json', skills=None, seed=None, profile='tranca')"
    """
    from ..practice import SKILLS, skill_ids

    unknown = [s for s in skills or [] if s not in SKILLS]
    if unknown:
        raise ValueError(gettext("--skills holds {unknown}, not a skill; the skills are {names}.").format(
            unknown=", ".join(unknown), names=", ".join(SKILLS)))
    if not skill_ids(profile):
        games = sorted({skill.profile for skill in SKILLS.values()})
        raise ValueError(gettext("--profile {profile} is not a game with skills; the games are {names}.").format(
            profile=profile, names=", ".join(games)))
    speaking = ("" if language is None else
                f"import canasta_learn\ncanasta_learn.set_language({normalize_language(language)!r})\n")
    game = "" if profile == "classic" else f", profile={profile!r}"
    return (f"{speaking}from canasta_learn.widgets import PracticeWidget\n"
            f"PracticeWidget({progress!r}, skills={skills!r}, seed={seed!r}{game})")


def run_practice(args: argparse.Namespace) -> int:
    """Handle ``canasta-learn practice``."""
    if args.no_voila:  # before writing anything
        require_extra("widgets", "canasta-learn practice")
    else:
        require_extra("lessons", "canasta-learn practice", modules=VOILA_MODULES)
    from ..practice import default_path

    progress = Path(args.progress).expanduser().resolve() if args.progress else default_path()
    skills = [s.strip() for s in args.skills.split(",") if s.strip()] if args.skills else None
    code = practice_code(str(progress), skills, args.seed, language=get_language(), profile=args.profile)
    serving = gettext("Serving practice at {url} with Voila (Ctrl+C to stop).")
    return write_and_serve(code, args, NOTEBOOK, serving)


def register(subparsers: Any) -> None:
    """Add the ``practice`` subcommand."""
    practice = subparsers.add_parser(
        "practice", help=gettext("practise the rules as a page: drills graded by the engine (Voila, no code)"),
        description=gettext("Practise the rules in the browser: fresh drills the engine grades, hints, a "
                            "fresh try after a wrong answer, and your progress kept between sessions "
                            "(install with pip install 'canasta-learn[lessons]' for Voila). Arguments "
                            "after -- go to Voila (e.g. -- --port 8867)."))
    practice.add_argument("--progress", default=None,
                          help=gettext("the file your progress is kept in (default: practice.json in your "
                                       "user data folder)"))
    practice.add_argument("--skills", default=None,
                          help=gettext("the skills to practise, separated by commas (default: all)"))
    practice.add_argument("--profile", default="classic",
                          help=gettext("the game whose skills you practise: classic, italian, pennies_from_heaven, "
                                       "canastra_br or tranca (default: classic)"))
    practice.add_argument("--seed", type=int, default=None, help=gettext("the same drills every time"))
    practice.add_argument("--dir", default=None,
                          help=gettext("where to write the notebook (default: a temporary folder)"))
    practice.add_argument("--no-voila", action="store_true",
                          help=gettext("only write the notebook and print its path"))
    practice.add_argument("voila_args", nargs=argparse.REMAINDER, help=gettext("-- then arguments for Voila"))
    practice.set_defaults(handler=run_practice)

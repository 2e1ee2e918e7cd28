"""Annotated example games shipped with the package (``canasta_learn/data/games/*.json``).

They were played by the bots with fixed seeds, then a teacher's comments and glyphs were
added; ``scripts/make_examples.py`` regenerates them. Each one shows a situation worth
stepping through:

- ``frozen_pile_fight``: a short round where a wild card turned up at the deal freezes the
  pile, black threes block it, and a natural pair finally takes 17 cards;
- ``concealed_going_out``: a player goes out concealed on the first turn;
- ``game_to_5000``: a whole game, the opening minimum rising with the score, won past 5000.

>>> sorted(example_games())
['concealed_going_out', 'frozen_pile_fight', 'game_to_5000']
>>> load_example("concealed_going_out").final_state(0).went_out_concealed
True
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..core.i18n import N_, gettext

if TYPE_CHECKING:  # pragma: no cover
    from .record import GameRecord

__all__ = ["EXAMPLES", "describe_example", "example_games", "example_names", "example_path", "load_example"]

#: The shipped examples and what each one shows.
EXAMPLES: dict[str, str] = {
    "frozen_pile_fight": N_("A short round: a frozen pile grows to 17 cards, black threes block "
                            "it, and a natural pair of jacks takes it."),
    "concealed_going_out": N_("A player takes the pile and goes out concealed on the first turn."),
    "game_to_5000": N_("A whole game: the opening minimum rises to 90 and 120, and both teams "
                       "pass 5000 in the last round."),
}


def describe_example(name: str) -> str:
    """What the example game ``name`` shows (`EXAMPLES`), in the language spoken now.

    >>> describe_example("concealed_going_out")
    'A player takes the pile and goes out concealed on the first turn.'
    """
    if name not in EXAMPLES:
        raise ValueError(gettext("No example game {name}; the examples are: {names}.").format(
            name=repr(name), names=", ".join(EXAMPLES)))
    return gettext(EXAMPLES[name])


def _games_dir() -> str:
    return os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "games")


def example_names() -> list[str]:
    """The names of the example games shipped in the package."""
    directory = _games_dir()
    if not os.path.isdir(directory):
        return []
    return sorted(name[:-5] for name in os.listdir(directory) if name.endswith(".json"))


def example_path(name: str) -> str:
    """The file of an example game; ValueError names the known examples if it is unknown."""
    path = os.path.join(_games_dir(), f"{name}.json")
    if os.sep in name or "/" in name or not os.path.isfile(path):
        names = ", ".join(example_names())
        if not names:
            raise ValueError(gettext("No example game {name}; the examples are: none.").format(name=repr(name)))
        raise ValueError(gettext("No example game {name}; the examples are: {names}.").format(name=repr(name),
                                                                                              names=names))
    return path


def load_example(name: str) -> GameRecord:
    """Load one example game record by name (see `EXAMPLES`)."""
    from .record import GameRecord

    return GameRecord.load(example_path(name))


def example_games() -> dict[str, GameRecord]:
    """Every shipped example game, by name."""
    return {name: load_example(name) for name in example_names()}

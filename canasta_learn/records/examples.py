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

__all__ = ["EXAMPLES", "TEACHER_TEXTS", "describe_example", "example_games", "example_names", "example_path",
           "load_example", "teacher_text"]

#: The shipped examples and what each one shows.
EXAMPLES: dict[str, str] = {
    "frozen_pile_fight": N_("A short round: a frozen pile grows to 17 cards, black threes block "
                            "it, and a natural pair of jacks takes it."),
    "concealed_going_out": N_("A player takes the pile and goes out concealed on the first turn."),
    "game_to_5000": N_("A whole game: the opening minimum rises to 90 and 120, and both teams "
                       "pass 5000 in the last round."),
}


#: The teacher's words in the shipped games, their titles and comments, marked for the
#: catalogue: a record stays language-neutral (it keeps the English the teacher wrote, as
#: ``scripts/make_examples.py`` attaches it), and the viewers say it in the language spoken now
#: with `teacher_text`. A test checks that every title and comment of the shipped files is here.
TEACHER_TEXTS: frozenset[str] = frozenset({
    N_('Going out concealed on the first turn'),
    N_("W's two red threes are laid down at once and replaced; the second replacement is a "
       'joker. W holds jk jk s2, three eights, three nines and two jacks.'),
    N_('S cannot know that W holds c8 h8: this eight lets W take the pile.'),
    N_('E-W have not opened, so the pile is frozen for them: W needs a natural pair (c8 h8) and '
       '50 points of melds from the hand. Eights 30 + nines 30 = 60. W picks up d8 and h5.'),
    N_('W can go out this turn and asks the partner first; a yes will oblige W to go out.'),
    N_('Going out now earns the bonus and leaves N-S holding 19 cards.'),
    N_('d8 from the pile, s8 and two wild cards turn the eights into a mixed canasta (c8 c8 h8 '
       'd8 s8 jk s2): going out needs one canasta.'),
    N_('W goes out concealed: nothing melded before this turn, the whole hand down in one turn, '
       'with a canasta. The bonus is 200 instead of 100; E-W win the round 830 to -140.'),
    N_('A frozen pile fight'),
    N_('The upcard d2 is a wild card, so it is covered by s4 and the pile starts frozen for '
       'everyone: from now on only a natural pair matching the top card can take it.'),
    N_('E opens with three kings and a joker (80, the minimum is 50). Opening does not unfreeze '
       'this pile: the buried d2 freezes it for both teams.'),
    N_('A black three on top blocks the pile: S cannot take it next turn, whatever S holds.'),
    N_('N blocks E the same way. N-S have not opened either, so for them the pile is frozen '
       'twice over.'),
    N_('A single jack onto a frozen pile of 17 cards, and N holds the natural pair c11 d11. W '
       'had no black three left to block with, and the other choices broke the pairs c5 s5 or c6'
       ' d6: nothing was safe, but this discard hands over the only pile taken this round.'),
    N_('N-S have not opened, so the take must also meet the minimum of 50: h11 c11 d11 (30) + d9'
       ' h9 s2 (40) = 70. Only the top card and cards from the hand count; then the 16 buried '
       "cards join N's hand."),
    N_('Everybody had thrown sevens away: with the d2 that froze the pile at the deal, they make'
       ' N a mixed canasta at once.'),
    N_('E goes out at once, so N-S never get another turn: 17 cards stay in their hands (-175) '
       'and E-W win the round 965 to 335.'),
    N_('A whole game to 5000'),
    N_('A game is a series of rounds; it ends when a team finishes a round with 5000 or more and'
       " the lead. The opening minimum follows the team's total: 50 below 1500, 90 from 1500, "
       '120 from 3000.'),
    N_('Both teams have passed 1500 (N-S 2305, E-W 1550): each now needs 90 points to open.'),
    N_('E reaches exactly 90: two aces (20 each) and a joker (50).'),
    N_('E-W have 3350, so they need 120 to open; N-S (1560) still need 90.'),
    N_('N meets the 120 minimum exactly while taking a frozen pile of 19 cards: c9 c9 h9 (30) + '
       'c12 h12 s12 (30) + d6 s6 jk (60) = 120. The 18 cards under the top card never count for '
       'the opening.'),
    N_('S goes out, discarding a black three. N-S score 2995 in this round (three natural '
       'canastas) and finish on 7130 against 5735: both teams are past 5000 and the higher total'
       ' wins.'),
})


def teacher_text(written: str) -> str:
    """A title or comment of a record in the language spoken now: the shipped games' own words
    (`TEACHER_TEXTS`) are translated; any other text (a user's comment) is shown as written.

    >>> teacher_text("A frozen pile fight")
    'A frozen pile fight'
    >>> teacher_text("My own note.")
    'My own note.'
    """
    return gettext(written) if written in TEACHER_TEXTS else written


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

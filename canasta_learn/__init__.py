"""canasta_learn: a rules engine that explains Classic partnership Canasta, with Jupyter
widgets and lessons.

The engine imports neither pandas nor ipywidgets; tables and widgets import them lazily.

Errors: `IllegalActionError` (a refused action), `NotationError` (unreadable cards),
`DeckError` (more copies of a card than the profile's decks hold), `ProfileError` (unknown
profile); any other impossible argument raises a ValueError, a value of the wrong kind a
TypeError, each naming the argument and saying what is accepted.

Languages: English, or Brazilian Portuguese after ``set_language("pt_BR")`` (or with
``CANASTA_LEARN_LANG=pt_BR`` / a ``pt_BR`` system locale); see `canasta_learn.core.i18n`.

>>> from canasta_learn import Position, opening_minimum, check_meld
>>> opening_minimum(1500)
90
>>> check_meld("h5 h5 jk").ok
True
"""

from __future__ import annotations

from .core.actions import Action, ActionNotationError, MeldGroup, parse_action
from .core.cards import Card, DeckError, NotationError, format_cards, parse_cards
from .core.events import Event
from .core.i18n import set_language
from .core.verdicts import VERDICT_CODES, IllegalActionError, Verdict
from .engine.game import Game
from .engine.position import Position
from .engine.round import Round
from .profiles import Profile, ProfileError, get_profile, profile_names
from .rules.melds import check_meld, meld_value
from .rules.pile import PileStatus
from .rules.planning import OpeningOption
from .rules.scoring import ScoreBreakdown, score_round

__version__ = "0.1.0"

__all__ = [
    "VERDICT_CODES",
    "Action",
    "ActionNotationError",
    "Card",
    "DeckError",
    "Event",
    "Game",
    "IllegalActionError",
    "MeldGroup",
    "NotationError",
    "OpeningOption",
    "PileStatus",
    "Position",
    "Profile",
    "ProfileError",
    "Round",
    "ScoreBreakdown",
    "Verdict",
    "check_meld",
    "format_cards",
    "get_profile",
    "meld_value",
    "opening_minimum",
    "parse_action",
    "parse_cards",
    "profile_names",
    "score_round",
    "set_language",
]


def opening_minimum(team_score: int, profile: str | Profile = "classic") -> int:
    """The opening minimum for a team's total score.

    >>> [opening_minimum(s) for s in (-5, 0, 1495, 1500, 2995, 3000)]
    [15, 50, 50, 90, 90, 120]
    """
    from .core.inputs import need_int

    prof = get_profile(profile)
    return prof.opening_minimum(need_int(team_score, "team_score"))

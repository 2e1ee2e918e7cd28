"""The discard pile's state: empty, open, frozen or blocked, and why (``RULES.md`` §4).

>>> pile_status(parse_cards("h9 d2 s5"), get_profile(), team_opened=True).state
'frozen'
>>> pile_status(parse_cards("h9 s3"), get_profile(), team_opened=True).code
'blocked_black_three'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from .profiles import Profile, get_profile  # noqa: F401  (get_profile: doctests)

__all__ = ["PILE_REASONS", "PILE_STATES", "PileStatus", "pile_status"]

PILE_STATES = ("empty", "open", "frozen", "blocked")

#: Reason codes of a pile status, with their meaning.
PILE_REASONS = {
    "empty": "There is no discard pile to take.",
    "open": "The pile is neither frozen nor blocked.",
    "blocked_black_three": "A black three is on top: nobody may take the pile.",
    "blocked_wild": "A wild card is on top: nobody may take the pile.",
    "frozen_wild": "A wild card is buried in the pile: it is frozen for everyone.",
    "frozen_red_three": "A red three (turned up at the deal) is in the pile: it is frozen.",
    "frozen_black_three": "A buried black three freezes the pile (this profile).",
    "frozen_not_opened": "The team has not made its opening meld: the pile is frozen for it.",
    "frozen_always": "In this profile the pile is always frozen.",
}


@dataclass(frozen=True)
class PileStatus:
    """A pile's state for one team, with the reason and the cards responsible."""

    state: str
    code: str
    message: str
    cards: tuple[Card, ...] = ()

    @property
    def frozen(self) -> bool:
        """True when the pile is frozen (taking it needs a natural pair)."""
        return self.state == "frozen"

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        from .render import pile_status_html

        return pile_status_html(self)


def pile_status(pile: Sequence[Card], profile: Profile, *, team_opened: bool) -> PileStatus:
    """The state of ``pile`` (bottom to top) for a team that has or has not opened."""
    if not pile:
        return PileStatus("empty", "empty", "The discard pile is empty.")
    top = pile[-1]
    if top.is_black_three:
        return PileStatus("blocked", "blocked_black_three",
                          f"The pile is blocked: a black three ({top}) is on top, so nobody may take "
                          "it this turn. Draw from the stock.", (top,))
    if top.is_wild:
        return PileStatus("blocked", "blocked_wild",
                          f"The pile is blocked: a wild card ({top}) is on top, so nobody may take "
                          "it. Draw from the stock.", (top,))
    if profile.pile_take_rule == "top_card_only":
        return PileStatus("open", "open",
                          f"The pile is open (it never freezes in the {profile.name} profile): its top card {top} "
                          "must go into one of your team's melds at once, with cards from your hand or onto a "
                          "meld; the other cards join your hand and may be melded from your next turn.", ())
    for card in pile[:-1]:
        if card.is_wild:
            return PileStatus("frozen", "frozen_wild",
                              f"The pile is frozen: a wild card ({card}) is buried in it, so you need "
                              f"a natural pair of {top.rank_plural} from your hand to take it.",
                              (card,))
        if card.is_red_three:
            return PileStatus("frozen", "frozen_red_three",
                              f"The pile is frozen: a red three ({card}) turned up at the deal lies in "
                              f"it, so you need a natural pair of {top.rank_plural} from your hand.",
                              (card,))
        if card.is_black_three and profile.black_three_freezes:
            return PileStatus("frozen", "frozen_black_three",
                              f"The pile is frozen: a black three ({card}) is buried in it "
                              f"({profile.name} profile), so you need a natural pair of "
                              f"{top.rank_plural} from your hand.", (card,))
    if profile.pile_always_frozen:
        return PileStatus("frozen", "frozen_always",
                          f"In the {profile.name} profile the pile is always frozen: you need a "
                          f"natural pair of {top.rank_plural} from your hand to take it.")
    if not team_opened:
        return PileStatus("frozen", "frozen_not_opened",
                          "The pile is frozen for your team because it has not made its opening "
                          f"meld yet: you need a natural pair of {top.rank_plural} from your hand, "
                          "and melds worth the opening minimum.")
    return PileStatus("open", "open",
                      f"The pile is open: its top card {top} can be taken with a natural pair, "
                      f"{'an' if top.rank_singular[0] in 'aeiou' else 'a'} "
                      f"{top.rank_singular} and a wild card, or onto your team's meld of "
                      f"{top.rank_plural}.", ())


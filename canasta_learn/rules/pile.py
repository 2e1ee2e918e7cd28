"""The discard pile's state: empty, open, frozen or blocked, and why (``RULES.md`` §4).

>>> pile_status(parse_cards("h9 d2 s5"), get_profile(), team_opened=True).state
'frozen'
>>> pile_status(parse_cards("h9 s3"), get_profile(), team_opened=True).code
'blocked_black_three'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..profiles import Profile, get_profile  # noqa: F401  (get_profile: doctests)
from ..variants import rules_for

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
    """A pile's state for one team, with the reason and the cards responsible.

    ``facts`` holds what the message states, as data a test can check: ``"top"`` (the top
    card), ``"pile_cards"`` (cards it says lie in the pile), ``"team_meld_ranks"`` (ranks of
    team melds it says exist) and ``"opened"`` (when it says whether the team has opened).
    """

    state: str
    code: str
    message: str
    cards: tuple[Card, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def frozen(self) -> bool:
        """True when the pile is frozen (taking it needs a natural pair)."""
        return self.state == "frozen"

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        from ..render import pile_status_html

        return pile_status_html(self)


def pile_status(pile: Sequence[Card], profile: Profile, *, team_opened: bool,
                team_ranks: Collection[int] | None = None) -> PileStatus:
    """The state of ``pile`` (bottom to top) for a team that has or has not opened
    (``docs/rules.md#rules-pile-blocked``, ``docs/rules.md#rules-pile-frozen``; why a pile is
    frozen for everyone is the hook `ClassicRules.pile_freeze_reason`, which the variants change:
    ``docs/variants.md#variants-italian-pile``, ``docs/variants.md#variants-brazilian-pile``).

    ``team_ranks`` (the ranks of the team's open melds) lets an open pile's message name the
    team meld the top card could go onto only when that meld exists; without it the message
    says "if it has one".

    >>> print(pile_status(parse_cards("s5 h6"), get_profile(), team_opened=True, team_ranks=[13]).message)
    ... # doctest: +NORMALIZE_WHITESPACE
    The pile is open: its top card h6 can be taken with a natural pair or a six and a wild card
    (your team has no meld of sixes).
    """
    if not pile:
        return PileStatus("empty", "empty", "The discard pile is empty.")
    top = pile[-1]
    if top.is_black_three:
        return PileStatus("blocked", "blocked_black_three",
                          f"The pile is blocked: a black three ({top}) is on top, so nobody may take "
                          "it this turn. Draw from the stock.", (top,), {"top": top, "pile_cards": (top,)})
    if top.is_wild:
        return PileStatus("blocked", "blocked_wild",
                          f"The pile is blocked: a wild card ({top}) is on top, so nobody may take "
                          "it. Draw from the stock.", (top,), {"top": top, "pile_cards": (top,)})
    reason = rules_for(profile).pile_freeze_reason(pile)
    if reason is None:
        pass
    elif reason[0] == "never_frozen":
        return PileStatus("open", "open",
                          f"The pile is open (it never freezes in the {profile.name} profile): its top card {top} "
                          "must go into one of your team's melds at once, with cards from your hand or onto a "
                          "meld; the other cards join your hand and may be melded from your next turn.", (),
                          {"top": top, "pile_cards": (top,)})
    elif reason[0] == "frozen_always":
        return PileStatus("frozen", "frozen_always",
                          f"In the {profile.name} profile the pile is always frozen: you need a "
                          f"natural pair of {top.rank_plural} from your hand to take it.")
    else:
        code, card = reason
        if code == "frozen_wild":
            text = (f"The pile is frozen: a wild card ({card}) is buried in it, so you need "
                    f"a natural pair of {top.rank_plural} from your hand to take it.")
        elif code == "frozen_red_three":
            text = (f"The pile is frozen: a red three ({card}) turned up at the deal lies in "
                    f"it, so you need a natural pair of {top.rank_plural} from your hand.")
        else:  # frozen_black_three
            text = (f"The pile is frozen: a black three ({card}) is buried in it "
                    f"({profile.name} profile), so you need a natural pair of "
                    f"{top.rank_plural} from your hand.")
        return PileStatus("frozen", code, text, (card,) if card is not None else (),
                          {"pile_cards": (card,)} if card is not None else {})
    if not team_opened:
        return PileStatus("frozen", "frozen_not_opened",
                          "The pile is frozen for your team because it has not made its opening "
                          f"meld yet: you need a natural pair of {top.rank_plural} from your hand, "
                          "and melds worth the opening minimum.", (), {"opened": False})
    singular, plural = top.rank_singular, top.rank_plural
    article = 'an' if singular[0] in 'aeiou' else 'a'
    pair = f"The pile is open: its top card {top} can be taken with a natural pair"
    single = f"{article} {singular} and a wild card"
    if team_ranks is None:
        return PileStatus("open", "open", f"{pair}, {single}, or onto your team's meld of {plural} "
                          "if it has one.", (), {"top": top, "pile_cards": (top,)})
    if top.rank in team_ranks:
        return PileStatus("open", "open", f"{pair}, {single}, or onto your team's meld of {plural}.", (),
                          {"top": top, "pile_cards": (top,), "team_meld_ranks": (top.rank,)})
    return PileStatus("open", "open", f"{pair} or {single} (your team has no meld of {plural}).", (),
                      {"top": top, "pile_cards": (top,), "team_meld_ranks": (), "no_team_meld_ranks": (top.rank,)})


"""Helpers the rule tests of tests/rules/test_<topic>.py share: the classic profiles, a stock
the scenarios never use, and ways to build a round in any position.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_learn import Card, Round, parse_cards
from canasta_learn.core.cards import new_deck

PROFILES = ("classic", "cardgames_io", "traditional")
AT_DEAL = ("classic", "traditional")  # dealt red threes laid at the deal
PLAY_ON = ("classic", "traditional")  # end of stock: play on with the pile
#: A few cards for the stock that the rule scenarios never use elsewhere.
STOCK = "s12 s12 s11 s11"


def table(profile: str = "classic", hands: Sequence[str] = ("", "", "", ""), **kw: object) -> Round:
    """A round in any position (seat N to move unless ``to_move`` says otherwise)."""
    kw.setdefault("stock", STOCK)
    return Round.from_state(profile=profile, hands=list(hands), **kw)  # type: ignore[arg-type]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def deck_starting(front: str) -> list[Card]:
    """A 108-card deck whose first cards are ``front``; the rest follow in a fixed order that
    keeps threes and wild cards at the back (so deals and upcards are predictable)."""
    first = cards(front)
    rest = new_deck()
    for card in first:
        rest.remove(card)
    rest.sort(key=lambda c: (c.is_wild or c.rank == 3, c.index))
    return first + rest


def plain_deal(count: int = 44) -> str:
    """``count`` cards from fours to kings (no threes, no wild cards), two of each at most."""
    plain = [c for c in new_deck() if not c.is_wild and c.rank != 3]
    return " ".join(str(c) for c in plain[:count])

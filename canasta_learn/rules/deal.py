"""Seats and the deal (docs/rules.md#rules-deal, #rules-upcard).

This module owns the deal of a round: the stock made from the deck order, the hands dealt one
card at a time from the dealer's left, what the game sets aside after them (a morto, a
reserve) and the opening of the pile (the upcard and the dealt red threes, in the variant's
order), each asked of the variant's hooks. It changes the round's state (typed by
`DealingTable`, which the engine's ``Round`` implements; the rules never import the engine).
"""

from __future__ import annotations

from typing import Protocol

from ..core.cards import CARD_KEY, Card
from ..variants.base import ClassicRules, Table

__all__ = ["DealingTable", "deal"]


class DealingTable(Table, Protocol):
    """The round as the deal fills it: its deck order, its variant hooks and the seat order."""

    @property
    def deck(self) -> tuple[Card, ...]: ...
    @property
    def rules(self) -> ClassicRules: ...

    def next_seat(self, seat: int) -> int: ...


def deal(table: DealingTable) -> None:
    """Deal the round from its deck (``deck[0]`` dealt first): the profile's hand size to each
    seat, one card at a time from the dealer's left, then what the game sets aside and the
    opening of the pile (docs/rules.md#rules-deal, #rules-upcard, #rules-dealt-red-threes)."""
    profile = table.profile
    table.stock = list(reversed(table.deck))
    order = [table.dealer]
    for _ in range(profile.player_count - 1):
        order.append(table.next_seat(order[-1]))
    order = order[1:] + order[:1]
    for _ in range(profile.hand_size):
        for seat in order:
            table.hands[seat].append(table.stock.pop())
    for hand in table.hands:
        hand.sort(key=CARD_KEY)
    table.rules.set_aside(table)
    table.rules.open_the_pile(table)

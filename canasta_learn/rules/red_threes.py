"""Red threes laid down and replaced (docs/rules.md#rules-red-threes, #rules-dealt-red-threes).

This module owns laying a player's red threes face up, each replaced from the stock (the
replacements too, when they are red threes), and laying the dealt hands' red threes from the
dealer's left. The stock running out on a replacement is the variant's hook
(``stock_ran_out``: a morto may become the stock). It changes the round's state (typed by
`RedThreeTable`, which the engine's ``Round`` implements; the rules never import the engine).
"""

from __future__ import annotations

from typing import Protocol

from ..core.actions import speaks_to
from ..core.cards import CARD_KEY, Card
from ..core.events import Event
from ..core.i18n import gettext
from ..variants.base import ClassicRules, Table

__all__ = ["RedThreeTable", "lay_dealt_red_threes", "lay_drawn_red_threes", "lay_red_threes"]


class RedThreeTable(Table, Protocol):
    """The round as its red threes are laid: each seat's red threes, whose first turn is done,
    the variant hooks and the seat order."""

    first_turn_done: list[bool]

    @property
    def red_threes(self) -> list[list[Card]]: ...
    @property
    def rules(self) -> ClassicRules: ...

    def next_seat(self, seat: int) -> int: ...


def lay_red_threes(table: RedThreeTable, seat: int, action_index: int) -> None:
    """Lay down every red three of ``seat``'s hand, each replaced from the stock (the new ones
    too), the events credited to the action at ``action_index`` (-1: the deal;
    docs/rules.md#rules-red-threes)."""
    hand = table.hands[seat]
    while True:
        threes = [c for c in hand if c.is_red_three]
        if not threes:
            return
        for card in threes:
            hand.remove(card)
            table.red_threes[seat].append(card)
            table.events.append(Event("red_three", seat, (card,),
                                      (gettext("You lay down the red three {card}.") if speaks_to(seat) else
                                       gettext("{seat} lays down the red three {card}.")).format(
                                          seat=table.seat_label(seat), card=card),
                                      action_index))
        for _ in threes:
            if not table.stock:
                table.rules.stock_ran_out(table, seat, action_index)
            if not table.stock:
                return
            new = table.stock.pop()
            hand.append(new)
            table.events.append(Event("replacement", seat, (new,),
                                      (gettext("You draw a replacement.") if speaks_to(seat) else
                                       gettext("{seat} draws a replacement.")).format(seat=table.seat_label(seat)),
                                      action_index))
        hand.sort(key=CARD_KEY)


def lay_drawn_red_threes(table: RedThreeTable, seat: int, action_index: int,
                         drawn: list[Card]) -> tuple[tuple[Card, ...], bool]:
    """Lay the red threes of ``seat``'s hand after the draw at ``action_index`` brought
    ``drawn``, each replaced from the stock (docs/rules.md#rules-red-threes): (the cards drawn
    this turn, replacements included, that are still in the hand; whether the stock's last card,
    drawn or a replacement, was a red three, which may end the hand,
    docs/rules.md#rules-end-of-stock)."""
    before = len(table.events)
    lay_red_threes(table, seat, action_index)
    # the last stock card may be the drawn card or a red three's replacement
    last_card = next((e.cards[-1] for e in reversed(table.events) if e.action_index == action_index
                      and e.kind in ("drew", "replacement") and e.cards), None)
    last_was_red_three = not table.stock and last_card is not None and last_card.is_red_three
    hand = table.hands[seat]
    replacements = [c for e in table.events[before:] if e.kind == "replacement" for c in e.cards]
    return tuple(c for c in drawn + replacements if c in hand and not c.is_red_three), last_was_red_three


def lay_dealt_red_threes(table: RedThreeTable) -> None:
    """Lay the red threes of every dealt hand, from the dealer's left, each replaced from the
    stock; every seat's first turn then has nothing left to lay (docs/rules.md#rules-dealt-red-threes)."""
    n = table.profile.player_count
    seat = table.dealer
    for _ in range(n):
        seat = table.next_seat(seat)
        lay_red_threes(table, seat, -1)
    table.first_turn_done = [True] * n

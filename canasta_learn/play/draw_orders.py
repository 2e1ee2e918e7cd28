"""Common random numbers for the stock: the coach plays every move it compares on the same deals,
and with `DrawOrders` each seat also draws the same cards after every move.

A deal of the unseen cards (`coach.Determinizer.sample`) fixes the stock's order, so after two
different moves the players draw the same sequence of cards, until one of them takes the pile in
one play-out and draws in the other: from then on every later draw goes to another seat, and the
two play-outs part for reasons that have nothing to do with the moves compared. `DrawOrders`
gives each seat its own random order of the deal's stock instead; at each draw a seat gets the
first cards of its order still in the stock (moved to the top just before the engine draws them).

Each play-out alone is dealt exactly as a shuffled stock would deal it: a seat's order is random
and independent of the play, so each draw is uniform among the cards left, whatever happened
before; a move's expected value does not change (measured: GreedyBot's move played on 1500 deals
with the orders and 1500 without, at 12 meld positions, differ by +1.0 +/- 8.5 points on average,
95%). Two moves' play-outs keep each seat drawing the same cards: one deal's gap between two moves
spreads less, a standard deviation of 255 points instead of 287 (the Hint's cut play-outs, median
of 220 meld positions; benchmarks/bench_hint_agreement.py), as if each hint had a quarter more
deals.

The cards are told apart by their place in the deal's stock (two decks hold two of each card), and
the orders hold only while the stock changes by draws: where it changes otherwise (a morto, in the
Brazilian games, refills it) the play-out goes on drawing from the top, as without the orders.
"""

from __future__ import annotations

import random

from ..core.actions import Action, Draw
from ..engine.round import Round
from ..variants.base import rules_for

__all__ = ["DrawOrders", "Draws", "apply_with"]


class DrawOrders:
    """Each seat's own random order of one deal's stock (``sample.stock``, told apart by place),
    made from ``seed``: the same for every move played on that deal.

    >>> from canasta_learn import Round
    >>> deal = Round(seed=3)
    >>> orders = DrawOrders(deal, seed=11)
    >>> [sorted(order) == list(range(len(deal.stock))) for order in orders.orders]
    [True, True, True, True]
    >>> orders.orders == DrawOrders(deal, seed=11).orders, orders.orders[0] == orders.orders[1]
    (True, False)
    """

    def __init__(self, sample: Round, seed: int) -> None:
        #: The deal's stock, bottom to top, as the orders number its cards.
        self.cards = tuple(sample.stock)
        #: False where the stock may change otherwise than by draws (a morto refills it).
        self.applies = not rules_for(sample.profile).has_morto
        #: For each seat, the places in ``cards`` in the order that seat draws them (none made
        #: where the orders do not apply: the coach builds one per deal, in every game).
        self.orders: list[list[int]] = []
        if self.applies:
            rng = random.Random(f"draw orders {seed}")
            for _seat in range(sample.player_count):
                order = list(range(len(self.cards)))
                rng.shuffle(order)
                self.orders.append(order)
        #: Cards put on top before a draw: those drawn and two red threes' replacements.
        self.top = sample.profile.stock_draw_count + 2

    def start(self, rnd: Round) -> Draws | None:
        """A play-out's use of the orders, for ``rnd`` (a copy of the deal, the stock not yet
        drawn from); None where they do not apply."""
        if not self.applies or len(rnd.stock) != len(self.cards):
            return None
        return Draws(self, rnd)


class Draws:
    """One play-out's state of its `DrawOrders`: which of the deal's stock cards were drawn, and
    where each one is in the round's stock. Call `before` just before a draw from the stock (a
    `Draw` action, or a search that may try one) and `after` once it is done."""

    def __init__(self, orders: DrawOrders, rnd: Round) -> None:
        self.orders = orders
        self.stock = rnd.stock
        count = len(orders.cards)
        self.drawn = bytearray(count)
        #: place in the deal's stock -> index in the round's stock, and back
        self.index = list(range(count))
        self.place = list(range(count))
        self.size = count
        self.live = True

    def before(self, rnd: Round) -> None:
        """Put the first cards of the drawing seat's order still in the stock on top of it (the
        first one topmost), unless the stock changed otherwise than by draws (then stop)."""
        stock = rnd.stock
        if not self.live or stock is not self.stock or len(stock) != self.size:
            self.live = False
            return
        drawn, index, place = self.drawn, self.index, self.place
        target = len(stock) - 1
        placed = 0
        for card in self.orders.orders[rnd.to_move]:
            if drawn[card]:
                continue
            here = index[card]
            if here != target:
                other = place[target]
                stock[here], stock[target] = stock[target], stock[here]
                place[here], place[target] = other, card
                index[other], index[card] = here, target
            target -= 1
            placed += 1
            if placed == self.orders.top or target < 0:
                break

    def after(self, rnd: Round) -> None:
        """Mark the cards the draw took from the top of the stock as drawn."""
        stock = rnd.stock
        if not self.live or stock is not self.stock or len(stock) > self.size:
            self.live = False
            return
        for position in range(len(stock), self.size):
            self.drawn[self.place[position]] = 1
        self.size = len(stock)


def apply_with(rnd: Round, action: Action, draws: Draws | None) -> None:
    """Apply ``action`` to ``rnd``; a draw from the stock, given ``draws``, takes the drawing
    seat's first cards still in the stock (`Draws.before`, then `Draws.after`)."""
    if draws is not None and isinstance(action, Draw):
        draws.before(rnd)
        rnd.apply(action)
        draws.after(rnd)
    else:
        rnd.apply(action)

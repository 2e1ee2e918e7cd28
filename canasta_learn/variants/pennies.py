"""Pennies from Heaven's plug-ins (``docs/variants.md``, Pennies): hooks for its reserves, its
sevens, its wild melds and its canastas closed at seven cards."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card
from .base import ClassicRules, Table, plug_in

__all__ = ["Reserves", "Sevens"]


@plug_in(lambda profile: profile.reserve_size > 0)
class Reserves(ClassicRules):
    """Each player has a face-down reserve, picked up with the first canasta
    (docs/variants.md#variants-pennies-reserve)."""

    # --- hooks the engine asks (helper: round-split)
    has_reserves = True

    def set_aside(self, table: Table) -> None:
        """Deal each player's reserve after the hands, starting left of the dealer
        (docs/variants.md#variants-pennies-deal)."""
        n = table.player_count
        size = self.profile.reserve_size
        for offset in range(1, n + 1):
            seat = (table.dealer + offset) % n
            table.reserves[seat] = [table.stock.pop() for _ in range(size)]
        super().set_aside(table)


@plug_in(lambda profile: profile.sevens_rules)
class Sevens(ClassicRules):
    """No seven is discarded before the team has a canasta of sevens, and nobody goes out by
    discarding one (docs/variants.md#variants-pennies-sevens)."""

    # --- hooks the engine asks (helper: round-split)
    def may_go_out_discarding(self, card: Card) -> bool:
        """Not with a seven (docs/variants.md#variants-pennies-sevens)."""
        return card.rank != 7

    def kept_for_discard(self, hand: Sequence[Card]) -> int:
        """0 when the hand holds a seven: the only card left could be a seven that may not be
        discarded (docs/variants.md#variants-pennies-sevens)."""
        return 0 if any(c.rank == 7 for c in hand) else 1

    def discard_waits_for(self, card: Card) -> str | None:
        """A seven waits for the team's canasta of sevens (docs/variants.md#variants-pennies-sevens)."""
        return "sevens" if card.rank == 7 else None

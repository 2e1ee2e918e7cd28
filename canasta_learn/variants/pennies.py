"""Pennies from Heaven's plug-ins (``docs/variants.md``, Pennies from Heaven): hooks for the
personal reserve picked up with the first canasta and the sevens rules."""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import replace

from ..core.cards import Card
from .base import ClassicRules, PlanningOptions, plug_in
from .keys import SEVENS_RANK, WILD_MELD_RANK

__all__ = ["ClosedCanastas", "SevensRules", "WildMelds"]


@plug_in(lambda profile: profile.wild_melds)
class WildMelds(ClassicRules):
    """Melds of wild cards only (``docs/variants.md#variants-pennies-melds``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def meld_key_of_wilds(self, cards: Sequence[Card]) -> int | None:
        """Wild cards only form a wild meld (unless an earlier plug-in files them elsewhere)."""
        key = super().meld_key_of_wilds(cards)
        return WILD_MELD_RANK if key is None else key

    def planning_options(self) -> PlanningOptions:
        """Twos and jokers play apart (a wild meld holds both), and the sets are not plain."""
        return replace(super().planning_options(), plain_sets=False, twos_play_as_jokers=False)


class _EveryKey(Container[int]):
    """A container holding every meld key."""

    def __contains__(self, key: object) -> bool:
        return True


@plug_in(lambda profile: profile.canasta_closes == "all")
class ClosedCanastas(ClassicRules):
    """Every meld is closed at seven cards (``docs/variants.md#variants-pennies-melds``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    #: Every key.
    closing_keys: Container[int] = _EveryKey()

    def planning_options(self) -> PlanningOptions:
        """A meld that closes is not a plain set."""
        return replace(super().planning_options(), plain_sets=False)


@plug_in(lambda profile: profile.sevens_rules)
class SevensRules(ClassicRules):
    """Seven sevens make a sevens canasta (``docs/variants.md#variants-pennies-sevens``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def canasta_kind(self, cards: Sequence[Card], key: int) -> str | None:
        """A canasta of sevens is "sevens", with or without wild cards."""
        if key == SEVENS_RANK and len(cards) >= self.profile.canasta_size:
            return "sevens"
        return super().canasta_kind(cards, key)

    def set_canasta_kind(self, key: int, wild_count: int) -> str:
        """A canasta of sevens is "sevens"."""
        if key == SEVENS_RANK:
            return "sevens"
        return super().set_canasta_kind(key, wild_count)

    def planning_options(self) -> PlanningOptions:
        """The sevens rules make the sets not plain."""
        return replace(super().planning_options(), plain_sets=False)

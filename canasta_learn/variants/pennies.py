"""Pennies from Heaven's plug-ins (``docs/variants.md``, Pennies from Heaven): hooks for the
personal reserve picked up with the first canasta and the sevens rules."""

from __future__ import annotations

from ..profiles import Profile
from .base import ClassicRules, plug_in

__all__ = ["SevensRules", "WildCardMelds"]


# --- hooks the readers ask (helper: consumers)
@plug_in(lambda profile: profile.sevens_rules)
class SevensRules(ClassicRules):
    """Sevens may not be discarded before a sevens canasta (``variants-pennies-sevens``)."""

    discards_restricted = True


@plug_in(lambda profile: profile.wild_melds)
class WildCardMelds(ClassicRules):
    """Wild cards alone form a meld (key 0, ``variants-pennies-melds``)."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.wild_card_meld_keys = self.wild_card_meld_keys | {0}  # the wild-card meld's key (0) besides the others'

"""Italian Canasta's plug-ins (``docs/variants.md``, Italian): hooks for its upcard, its deuce and
wild canastas that close, its always-frozen pile and its many-canastas bonus."""

from __future__ import annotations

from ..profiles import Profile
from .base import ClassicRules, plug_in

__all__ = ["AlwaysFrozenPile", "DeuceMelds", "ItalianUpcard"]


# --- hooks the readers ask (helper: consumers)
@plug_in(lambda profile: profile.upcard_rule == "italian")
class ItalianUpcard(ClassicRules):
    """Stock cards slid face down under the upcard (``variants-italian-deal``)."""

    upcard_hides_cards_below = True


@plug_in(lambda profile: profile.deuce_melds)
class DeuceMelds(ClassicRules):
    """Twos (plus jokers) form a meld of their own (``variants-italian-deuce-melds``)."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.wild_card_meld_keys = self.wild_card_meld_keys | {2}  # the deuce meld's key (2) besides the others'


@plug_in(lambda profile: profile.pile_always_frozen)
class AlwaysFrozenPile(ClassicRules):
    """The pile is always frozen: taken only with a natural pair (``variants-italian-pile``)."""

    def pile_reason_applies(self, code: str) -> bool:
        """The always-frozen pile's reason can arise here."""
        return code == "frozen_always" or super().pile_reason_applies(code)

    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """Once the stock is empty, each player may take the pile (never forced: it is always
        frozen) or end the hand."""
        if morto_waiting:
            return super().stock_empty_rule(morto_waiting)
        return ("from now on each player may take the discard pile (with a natural pair of its top card's "
                "rank, as always here); a player who does not take it ends the hand.")

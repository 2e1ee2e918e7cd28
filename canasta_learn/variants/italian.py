"""Italian Canasta's plug-ins (``docs/variants.md``, Italian): hooks for its upcard, its deuce and
wild canastas that close, its always-frozen pile and its many-canastas bonus."""

from __future__ import annotations

from ..core.cards import Card, format_cards
from ..core.events import Event
from ..profiles import Profile
from .base import ClassicRules, Table, plug_in

__all__ = ["AlwaysFrozenPile", "DeuceMelds", "RedThreesBeforeUpcard", "SlidUpcard"]

#: The key of a meld of twos (``rules.melds.DEUCE_RANK``, which this layer may not import).
_DEUCE_KEY = 2


@plug_in(lambda profile: profile.upcard_rule == "italian")
class SlidUpcard(ClassicRules):
    """The upcard is a natural 4-A with as many stock cards slid under it as its rank number
    (docs/variants.md#variants-italian-deal)."""

    # --- hooks the readers ask (helper: consumers)
    upcard_hides_cards_below = True

    # --- hooks the engine asks (helper: round-split)
    def turn_upcard(self, table: Table) -> None:
        """Turn cards until a natural 4-A shows (wild cards and threes turned first stay
        underneath), then slide as many stock cards as its rank number under it
        (docs/variants.md#variants-italian-deal)."""
        turned: list[Card] = []
        upcard = None
        while table.stock:
            card = table.stock.pop()
            if card.is_wild or card.rank == 3:
                turned.append(card)
                continue
            upcard = card
            break
        under = [table.stock.pop() for _ in range(min(upcard.rank if upcard else 0, len(table.stock)))]
        table.pile = turned + under + ([upcard] if upcard else [])
        if upcard is not None:
            table.events.append(Event("upcard", None, (upcard,),
                                      f"The upcard is {upcard}; {len(under)} stock cards go face down under it"
                                      + (f", above {format_cards(turned)} turned first" if turned else "") + "."))


@plug_in(lambda profile: profile.red_threes_before_upcard)
class RedThreesBeforeUpcard(ClassicRules):
    """The dealt red threes are laid (and replaced) before the upcard is turned
    (docs/variants.md#variants-italian-deal)."""

    # --- hooks the engine asks (helper: round-split)
    def open_the_pile(self, table: Table) -> None:
        """Lay the dealt red threes, then turn the upcard (docs/variants.md#variants-italian-deal)."""
        table.lay_dealt_red_threes()
        self.turn_upcard(table)


@plug_in(lambda profile: profile.deuce_melds)
class DeuceMelds(ClassicRules):
    """Twos may form their own meld; while it is no canasta, twos go only onto it
    (docs/variants.md#variants-italian-deuce-melds)."""

    # --- hooks the readers ask (helper: consumers)
    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.wild_card_meld_keys = self.wild_card_meld_keys | {_DEUCE_KEY}  # the deuce meld's key besides the others'

    # --- hooks the engine asks (helper: round-split)
    def twos_kept_for_deuce_meld(self, key: int, base: dict[int, list[Card]]) -> bool:
        """True for any other meld while the team has a deuce meld
        (docs/variants.md#variants-italian-deuce-melds)."""
        return key != _DEUCE_KEY and _DEUCE_KEY in base


# --- hooks the readers ask (helper: consumers)
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

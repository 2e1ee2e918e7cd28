"""Italian Canasta's plug-ins (``docs/variants.md``, Italian): hooks for its upcard, its deuce and
wild canastas that close, its always-frozen pile and its many-canastas bonus."""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import replace

from ..core.cards import Card, format_cards
from ..core.events import Event
from ..core.i18n import gettext, pgettext
from ..profiles import Profile
from .base import ClassicRules, PlanningOptions, Table, plug_in
from .keys import DEUCE_RANK

__all__ = ["AlwaysFrozenPile", "ClosedDeuceCanastas", "DeuceMelds", "ManyCanastasBonus", "RedThreesBeforeUpcard",
           "SlidUpcard"]



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
                                      (gettext("The upcard is {card}; {count} stock cards go face down under it, "
                                               "above {turned} turned first.") if turned else
                                       gettext("The upcard is {card}; {count} stock cards go face down under "
                                               "it.")).format(card=upcard, count=len(under),
                                                              turned=format_cards(turned))))


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
        self.wild_card_meld_keys = self.wild_card_meld_keys | {DEUCE_RANK}  # the deuce meld's key besides the others'

    # --- hooks the engine asks (helper: round-split)
    def twos_kept_for_deuce_meld(self, key: int, base: dict[int, list[Card]]) -> bool:
        """True for any other meld while the team has a deuce meld
        (docs/variants.md#variants-italian-deuce-melds)."""
        return key != DEUCE_RANK and DEUCE_RANK in base

    # --- hooks the rules ask (helper: rules-hooks)
    def meld_key_of_wilds(self, cards: Sequence[Card]) -> int | None:
        """Wild cards with a two among them are a deuce meld."""
        for card in cards:
            if card.rank == 2:
                return DEUCE_RANK
        return super().meld_key_of_wilds(cards)

    def set_canasta_kind(self, key: int, wild_count: int) -> str:
        """Seven twos are a natural deuce canasta ("deuce_natural"); with jokers, "deuce_mixed"."""
        if key == DEUCE_RANK:
            return "deuce_natural" if not wild_count else "deuce_mixed"
        return super().set_canasta_kind(key, wild_count)

    def planning_options(self) -> PlanningOptions:
        """An open deuce meld takes every two the team melds; twos and jokers play apart."""
        return replace(super().planning_options(), plain_sets=False, deuce_meld_takes_twos=True,
                       twos_play_as_jokers=False)


@plug_in(lambda profile: profile.canasta_closes == "deuce")
class ClosedDeuceCanastas(ClassicRules):
    """A deuce canasta is closed at seven cards (``docs/variants.md#variants-italian-deuce-melds``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    #: The deuce meld's key.
    closing_keys: Container[int] = frozenset({DEUCE_RANK})

    def planning_options(self) -> PlanningOptions:
        """A meld that closes is not a plain set."""
        return replace(super().planning_options(), plain_sets=False)


# --- hooks the readers ask (helper: consumers)
@plug_in(lambda profile: profile.pile_always_frozen)
class AlwaysFrozenPile(ClassicRules):
    """The pile is always frozen: taken only with a natural pair (``variants-italian-pile``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def pile_freeze_reason(self, pile: Sequence[Card]) -> tuple[str, Card | None] | None:
        """A buried card's reason when there is one, else "frozen_always"."""
        reason = super().pile_freeze_reason(pile)
        return ("frozen_always", None) if reason is None else reason

    # --- hooks the readers ask (helper: consumers)
    def pile_reason_applies(self, code: str) -> bool:
        """The always-frozen pile's reason can arise here."""
        return code == "frozen_always" or super().pile_reason_applies(code)

    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """Once the stock is empty, each player may take the pile (never forced: it is always
        frozen) or end the hand."""
        if morto_waiting:
            return super().stock_empty_rule(morto_waiting)
        return gettext("from now on each player may take the discard pile (with a natural pair of its top card's "
                       "rank, as always here); a player who does not take it ends the hand.")


@plug_in(lambda profile: profile.many_canastas_bonus == "italian")
class ManyCanastasBonus(ClassicRules):
    """Bonuses for five and for ten canastas (``docs/variants.md#variants-italian-scoring``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def many_canastas_score(self, kinds: Sequence[str]) -> tuple[str, int] | None:
        """Five natural non-deuce canastas 2000, or five non-deuce canastas of which four are
        natural 1000; ten canastas of any kind 2000 more."""
        non_deuce = [k for k in kinds if not k.startswith("deuce")]
        naturals = non_deuce.count("natural")
        label, points = "", 0
        if naturals >= 5:
            label, points = pgettext("score line", "Five natural canastas"), 2000
        elif naturals >= 4 and len(non_deuce) >= 5:
            label, points = pgettext("score line", "Five canastas, one not natural"), 1000
        if len(kinds) >= 10:
            label = (label + " + " if label else "") + pgettext("score line", "ten canastas")
            points += 2000
        return (label, points) if points else None

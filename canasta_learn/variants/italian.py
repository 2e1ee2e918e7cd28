"""Italian Canasta's plug-ins (``docs/variants.md``, Italian): hooks for its upcard, its deuce and
wild canastas that close, its always-frozen pile and its many-canastas bonus."""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import replace

from ..core.cards import Card
from .base import ClassicRules, PlanningOptions, plug_in
from .keys import DEUCE_RANK

__all__ = ["AlwaysFrozenPile", "ClosedDeuceCanastas", "DeuceMelds", "ManyCanastasBonus"]


@plug_in(lambda profile: profile.deuce_melds)
class DeuceMelds(ClassicRules):
    """Deuce melds: twos are the naturals of a meld of their own, jokers its wild cards
    (``docs/variants.md#variants-italian-deuce-melds``)."""

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


@plug_in(lambda profile: profile.pile_always_frozen)
class AlwaysFrozenPile(ClassicRules):
    """The pile never thaws (``docs/variants.md#variants-italian-pile``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def pile_freeze_reason(self, pile: Sequence[Card]) -> tuple[str, Card | None] | None:
        """A buried card's reason when there is one, else "frozen_always"."""
        reason = super().pile_freeze_reason(pile)
        return ("frozen_always", None) if reason is None else reason


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
            label, points = "Five natural canastas", 2000
        elif naturals >= 4 and len(non_deuce) >= 5:
            label, points = "Five canastas, one not natural", 1000
        if len(kinds) >= 10:
            label = (label + " + " if label else "") + "ten canastas"
            points += 2000
        return (label, points) if points else None

"""Pennies from Heaven's plug-ins (``docs/variants.md``, Pennies): hooks for its reserves, its
sevens, its wild melds and its canastas closed at seven cards."""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import replace

from ..core.cards import CARD_KEY, Card
from ..core.events import Event
from ..core.i18n import gettext
from ..profiles import Profile
from .base import ClassicRules, PlanningOptions, Table, plug_in
from .keys import SEVENS_RANK, WILD_MELD_RANK

__all__ = ["ClosedCanastas", "Reserves", "Sevens", "WildCardMelds"]


@plug_in(lambda profile: profile.reserve_size > 0)
class Reserves(ClassicRules):
    """Each player has a face-down reserve, picked up with the first canasta
    (docs/variants.md#variants-pennies-reserve)."""

    # --- hooks the engine asks (helper: round-split)
    has_reserves = True

    @property
    def reserve_cards(self) -> int:
        """Cards in each player's reserve: the profile's ``reserve_size``."""
        return self.profile.reserve_size

    def set_aside(self, table: Table) -> None:
        """Deal each player's reserve after the hands, starting left of the dealer
        (docs/variants.md#variants-pennies-deal)."""
        n = table.player_count
        size = self.profile.reserve_size
        for offset in range(1, n + 1):
            seat = (table.dealer + offset) % n
            table.reserves[seat] = [table.stock.pop() for _ in range(size)]
        super().set_aside(table)

    def canasta_completed(self, table: Table, seat: int, action_index: int) -> None:
        """The player's first canasta brings the reserve into the hand (its red threes are laid
        down and replaced) (docs/variants.md#variants-pennies-reserve)."""
        reserve = table.reserves[seat]
        if reserve:
            table.reserves[seat] = []
            table.hands[seat].extend(reserve)
            table.hands[seat].sort(key=CARD_KEY)
            table.events.append(Event("reserve_taken", seat, (),
                                      gettext("{seat} completed a canasta and picks up the "
                                              "{count}-card reserve.").format(seat=table.seat_label(seat),
                                                                              count=len(reserve)), action_index))
            table.lay_red_threes(seat, action_index)
        super().canasta_completed(table, seat, action_index)


@plug_in(lambda profile: profile.sevens_rules)
class Sevens(ClassicRules):
    """No seven is discarded before the team has a canasta of sevens, and nobody goes out by
    discarding one (docs/variants.md#variants-pennies-sevens)."""

    # --- hooks the readers ask (helper: consumers)
    #: Some discards are refused even from a hand free to discard anything, so every discard
    #: goes through the full check.
    discards_restricted = True

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


# --- hooks the readers ask (helper: consumers)
@plug_in(lambda profile: profile.wild_melds)
class WildCardMelds(ClassicRules):
    """Wild cards alone form a meld (key 0, ``variants-pennies-melds``)."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.wild_card_meld_keys = self.wild_card_meld_keys | {0}  # the wild-card meld's key (0) besides the others'

    # --- hooks the rules ask (helper: rules-hooks)
    def meld_key_of_wilds(self, cards: Sequence[Card]) -> int | None:
        """Wild cards only form a wild meld (unless an earlier plug-in files them elsewhere)."""
        key = super().meld_key_of_wilds(cards)
        return WILD_MELD_RANK if key is None else key

    def planning_options(self) -> PlanningOptions:
        """Twos and jokers play apart (a wild meld holds both), and the sets are not plain."""
        return replace(super().planning_options(), plain_sets=False, twos_play_as_jokers=False)

"""The Brazilian games' plug-ins, Canastra and Tranca (``docs/variants.md``, Brazilian games):
hooks for sequences (same-suit runs, `canasta_learn.variants.sequences`), the morto and batidas,
top-card takes, wild-card swaps and the first-turn redraw."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card
from ..profiles import Profile
from .base import ClassicRules, plug_in
from .sequences import sequence_title

__all__ = ["FirstTurnRedraw", "JokerSwaps", "Morto", "PileOrEnd", "SequenceMelds", "TopCardTakes"]

#: The canasta kinds offered as choices, by canasta scheme (``variants-canastra-br-kinds``,
#: ``variants-tranca-kinds``).
_CANASTA_CHOICES = {"canastra": ("real", "limpa", "suja"), "tranca": ("limpa", "suja")}


@plug_in(lambda profile: profile.meld_family == "sequences")
class SequenceMelds(ClassicRules):
    """Melds are same-suit runs and sets of aces (`canasta_learn.variants.sequences`)."""

    canasta_word = "canastra"

    # --- hooks the readers ask (helper: consumers)
    suits_matter = True
    opening_counted_per = "action"

    @property
    def canasta_choices(self) -> tuple[str, ...]:
        """The canastra kinds of the game's scheme (``variants-canastra-br-kinds``)."""
        return _CANASTA_CHOICES.get(self.profile.canasta_scheme, super().canasta_choices)

    def canasta_bonus_fixed(self, kind: str) -> bool:
        """Never: a canastra's bonus depends on the team's other canastras
        (``variants-canastra-br-scoring``)."""
        return False

    def discard_key(self, card: Card) -> tuple[int, str]:
        """Rank and suit: a card's suit decides which runs it joins."""
        return (card.rank, card.suit)

    def meld_title(self, cards: Sequence[Card], key: int | None) -> str:
        """A run's suit and ranks ("Hearts Q–A"), or "Aces" for a set of aces."""
        return sequence_title(cards, key)

    def the_meld(self, label: str) -> str:
        """A run named in a sentence by its label alone: "Hearts 4–10"."""
        return label


# --- hooks the readers ask (helper: consumers)
@plug_in(lambda profile: profile.morto_size > 0)
class Morto(ClassicRules):
    """Each team's morto, taken at the first batida (``variants-brazilian-morto``)."""

    has_morto = True
    has_concealed_going_out = False

    def going_out_word(self, concealed: bool) -> str:
        """Going out is a batida."""
        return "batida"

    def set_aside_mortos(self, stock: list[Card]) -> tuple[list[list[Card]] | None, list[Card]]:
        """One morto per team from the front of the unseen cards, and the rest."""
        size = self.profile.morto_size
        teams = self.profile.team_count
        return [stock[t * size:(t + 1) * size] for t in range(teams)], stock[teams * size:]


@plug_in(lambda profile: profile.pile_take_rule == "top_card_only")
class TopCardTakes(ClassicRules):
    """A take melds the top card onto a named meld or into a new one (``variants-brazilian-pile``)."""

    take_names_target = True


@plug_in(lambda profile: bool(profile.swappable_wilds))
class JokerSwaps(ClassicRules):
    """A natural takes back a joker from a meld (``variants-brazilian-joker-swap``)."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.extra_moves = self.extra_moves | {"swap"}  # the swap besides the others


@plug_in(lambda profile: profile.first_turn_redraw)
class FirstTurnRedraw(ClassicRules):
    """The first turn's drawn card may be discarded for another (``variants-brazilian-turn``)."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.extra_moves = self.extra_moves | {"redraw"}  # the redraw besides the others


@plug_in(lambda profile: profile.end_of_stock == "pile_or_end")
class PileOrEnd(ClassicRules):
    """Once the stock (and any morto) is gone, take the pile or end the hand
    (``variants-brazilian-stock``)."""

    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """Take the pile or end the hand, once no morto waits."""
        if morto_waiting:
            return super().stock_empty_rule(morto_waiting)
        return "from now on each player may take the discard pile or end the hand."

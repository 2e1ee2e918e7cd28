"""The Brazilian games' plug-ins, Canastra and Tranca (``docs/variants.md``, Brazilian games):
hooks for sequences (same-suit runs, `canasta_learn.variants.sequences`), the morto and batidas,
top-card takes, wild-card swaps and the first-turn redraw."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.cards import Card, format_cards
from ..core.verdicts import Verdict
from .base import ClassicRules, PlanningOptions, plug_in
from .sequences import (
    ACE_SET_KEY,
    FIRST_SEQUENCE_KEY,
    ace_set_problem,
    describe_run,
    sequence_kind,
    sequence_problem,
    sequence_title,
    stored_order,
)

__all__ = ["BrazilianCanastas", "MortoBatida", "SequenceMelds", "TopCardTakes"]


@plug_in(lambda profile: profile.meld_family == "sequences")
class SequenceMelds(ClassicRules):
    """Melds are same-suit runs and sets of aces (`canasta_learn.variants.sequences`)."""

    canasta_word = "canastra"

    # --- hooks the rules ask (helper: rules-hooks)
    def meld_key(self, cards: Sequence[Card]) -> int | None:
        """A set of aces has key 1 and any other meld the first sequence key (101): a team's
        sequences get keys 101, 102, ... as they are laid
        (``docs/variants.md#variants-brazilian-sequences``); wild cards only, None."""
        natural = False
        for card in cards:  # a plain loop: the engine asks this very often
            if not card.is_wild:
                if card.rank != 1:
                    return FIRST_SEQUENCE_KEY
                natural = True
        return ACE_SET_KEY if natural else None

    def family_meld_verdict(self, cards: Sequence[Card], key: int | None,
                            added: Sequence[Card]) -> Verdict | None:
        """A same-suit sequence 4-A (``docs/variants.md#variants-brazilian-sequences``) or a set
        of aces (``docs/variants.md#variants-brazilian-ace-sets``), any number of wild cards."""
        profile = self.profile
        text = format_cards(cards)
        if key == ACE_SET_KEY:
            problem = ace_set_problem(cards)
        else:
            problem = sequence_problem(cards)
        if problem is None and len(cards) < profile.meld_min_size:
            problem = ("meld_too_few_cards",
                       f"{text} has {len(cards)} card{'s' if len(cards) != 1 else ''}; a new meld needs at least "
                       f"{profile.meld_min_size}.")
        if problem is not None:
            code, message = problem
            if added:
                message = f"Adding {format_cards(added)}: {message[0].lower()}{message[1:]}"
            return Verdict.refuse(code, message, cards=tuple(cards))
        values = profile.card_values
        value = wild = 0
        for card in cards:
            value += values[card.rank]
            if card.is_wild:
                wild += 1
        if key == ACE_SET_KEY:
            aces = len(cards) - wild
            what = (f"set of aces (lavadeira, {aces} ace{'s' if aces != 1 else ''}, "
                    f"{wild} wild card{'s' if wild != 1 else ''})")
            ordered = list(cards)
        else:
            ordered = stored_order(cards)
            what = f"sequence, {sequence_title(ordered)} ({describe_run(ordered)})"
        kind = self.canasta_kind(ordered, key or FIRST_SEQUENCE_KEY)
        extra = ""
        if kind is not None:
            extra = f" It is a canastra {kind.replace('_', ' ')}."
        elif wild > 1:
            extra = " With more than one wild card it can never count as a canasta."
        return Verdict.allow("meld_ok", f"{text} is a legal {what}, worth {value} points.{extra}",
                             meld=tuple(ordered), value=value)

    def planning_options(self) -> PlanningOptions:
        """Sequences are not plain sets."""
        return replace(super().planning_options(), plain_sets=False)


@plug_in(lambda profile: profile.canasta_scheme != "classic")
class BrazilianCanastas(ClassicRules):
    """Canastra's real / de mil / limpa / suja and Tranca's limpa / suja canastas
    (``docs/variants.md#variants-canastra-br-kinds``, ``docs/variants.md#variants-tranca-kinds``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def canasta_kind(self, cards: Sequence[Card], key: int) -> str | None:
        """The kind `canasta_learn.variants.sequences.sequence_kind` gives under the game's scheme."""
        return sequence_kind(cards, key, self.profile.canasta_scheme, self.profile.canasta_size)


@plug_in(lambda profile: profile.pile_take_rule == "top_card_only")
class TopCardTakes(ClassicRules):
    """The pile never freezes; its top card goes into a team meld at once
    (``docs/variants.md#variants-brazilian-pile``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def pile_freeze_reason(self, pile: Sequence[Card]) -> tuple[str, Card | None] | None:
        """Never frozen, whatever lies in it."""
        return "never_frozen", None


@plug_in(lambda profile: bool(profile.morto_size))
class MortoBatida(ClassicRules):
    """Each team's morto, and the batida that ends the hand once it is taken
    (``docs/variants.md#variants-brazilian-morto``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def going_out_score(self, concealed: bool) -> tuple[str, int]:
        """The batida ending the hand earns the going-out bonus, concealed or not
        (``docs/variants.md#variants-brazilian-scoring``)."""
        return "Batida ending the hand", self.profile.going_out_bonus

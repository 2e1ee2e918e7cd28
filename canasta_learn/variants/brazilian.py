"""The Brazilian games' plug-ins, Canastra and Tranca (``docs/variants.md``, Brazilian games):
hooks for sequences (same-suit runs, `canasta_learn.variants.sequences`), the morto and batidas,
top-card takes, wild-card swaps and the first-turn redraw."""

from __future__ import annotations

from .base import ClassicRules, plug_in

__all__ = ["SequenceMelds"]


@plug_in(lambda profile: profile.meld_family == "sequences")
class SequenceMelds(ClassicRules):
    """Melds are same-suit runs and sets of aces (`canasta_learn.variants.sequences`)."""

    canasta_word = "canastra"

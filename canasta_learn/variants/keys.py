"""Meld keys the rules and the variants share (``docs/rules.md#rules-melds``).

A meld is filed under a key: the rank of its naturals for a set, ``DEUCE_RANK`` for an Italian
deuce meld (``docs/variants.md#variants-italian-deuce-melds``), ``WILD_MELD_RANK`` for a Pennies
wild meld (``docs/variants.md#variants-pennies-melds``), 1 and 101, 102, ... for the Brazilian
games' sets of aces and sequences (`canasta_learn.variants.sequences`).
"""

from __future__ import annotations

__all__ = ["BLACK_THREE_RANK", "DEUCE_RANK", "SEVENS_RANK", "WILD_MELD_RANK"]

#: The key of a meld of black threes (never a canasta, ``docs/rules.md#rules-black-threes``).
BLACK_THREE_RANK = 3
#: The key of a meld of twos (Italian deuce melds: twos are its naturals, jokers its wilds).
DEUCE_RANK = 2
#: The key of a meld of wild cards only (Pennies from Heaven).
WILD_MELD_RANK = 0
#: The key of a meld of sevens (Pennies from Heaven's sevens canasta).
SEVENS_RANK = 7

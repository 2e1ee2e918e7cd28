"""Helpers the variant tests (test_italian.py, test_pennies.py, test_variant_rounds.py) share:
the two profiles, a stock the scenarios never use, a seven-card kings canasta, and a round
in any position with N to play after drawing.
"""

from __future__ import annotations

from canasta_learn import Round, get_profile

ITALIAN = get_profile("italian")
PENNIES = get_profile("pennies_from_heaven")
STOCK = "s12 s12 s11 s11"
KINGS7 = "h13 h13 s13 s13 d13 c13 c13"


def italian_table(hand: str, melds: list[str], **kw: object) -> Round:
    return Round.from_state(profile=ITALIAN, hands=[hand, "c4", "c5", "c6"], stock=STOCK,
                            melds=[melds], drew_from="stock", **kw)  # type: ignore[arg-type]


def pennies_table(hand: str, melds: list[str], **kw: object) -> Round:
    return Round.from_state(profile=PENNIES, hands=[hand, "c4", "c5", "c6", "c7", "c8"], stock=STOCK,
                            melds=[melds], drew_from="stock", **kw)  # type: ignore[arg-type]

"""Black threes, melded only by a player going out: docs/rules.md#rules-black-threes.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, table


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_black_threes_only_going_out(profile: str) -> None:
    """Black threes: only as the last meld of a player going out, 3 or 4, no wilds."""
    base = {"melds": [["h8 h8 c8 c8 d8 d8 s8"]], "drew_from": "stock"}
    keeps = table(profile, ["c3 s3 c3 h9 c9"], **base)
    assert keeps.can_meld("c3 s3 c3").code == "meld_black_threes_not_going_out"
    out = table(profile, ["c3 s3 c3 h9"], **base)
    assert out.can_meld("c3 s3 c3").ok  # then discard h9 and go out
    four = table(profile, ["c3 s3 c3 s3"], **base)
    assert four.can_meld("c3 s3 c3 s3").ok
    out.meld("c3 s3 c3")
    out.discard("h9")
    assert out.is_over and out.went_out == 0
    assert out.scores()[0].points("melds") == 70 + 15
    wild = table(profile, ["c3 s3 c3 jk"], **base)
    assert wild.can_meld("c3 s3 c3 jk").code == "meld_black_threes_with_wilds"
    # without a canasta the team cannot go out, so the black threes stay in hand
    no_canasta = table(profile, ["c3 s3 c3 h9"], melds=[["h8 c8 d8"]], drew_from="stock")
    assert no_canasta.can_meld("c3 s3 c3").code == "cannot_go_out_without_canasta"

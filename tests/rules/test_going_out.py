"""Going out: docs/rules.md#rules-going-out.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, table


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_going_out_needs_a_canasta(profile: str) -> None:
    rnd = table(profile, ["h9 c9 d9 c10", "c4", "c5", "c6"], melds=[["h8 c8 d8"]],
                drew_from="stock")
    # a meld leaving 1 card (to be discarded) or 0 cards is refused without a canasta
    assert rnd.can_meld("h9 c9 d9").code == "cannot_go_out_without_canasta"
    all_out = table(profile, ["h9 c9 d9 c10 s10 h10"], melds=[["h8 c8 d8"]], drew_from="stock")
    assert all_out.can_meld("h9 c9 d9 | c10 s10 h10").code == "cannot_go_out_without_canasta"
    ok = table(profile, ["h9 c9 d9 c10 s10"], melds=[["h8 c8 d8"]], drew_from="stock")
    assert ok.can_meld("h9 c9 d9").ok  # keeps two cards: discard one, keep one
    last = table(profile, ["c10"], melds=[["h8 c8 d8"]], drew_from="stock")
    assert last.can_discard("c10").code == "cannot_go_out_without_canasta"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_going_out_with_a_canasta(profile: str) -> None:
    rnd = table(profile, ["h9 c9 d9 c10", "c4", "c5", "c6"],
                melds=[["h8 h8 c8 c8 d8 d8 s8"]], drew_from="stock", has_melded=[True] * 4)
    rnd.meld("h9 c9 d9")
    rnd.discard("c10")
    assert rnd.is_over and rnd.end_reason == "went_out" and rnd.went_out == 0
    assert not rnd.went_out_concealed
    score = rnd.scores()[0]
    assert score.points("going_out") == 100
    assert score.total == 70 + 30 + 500 + 100 - 5


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_going_out_without_discard(profile: str) -> None:
    rnd = table(profile, ["h9 c9 d9"], melds=[["h8 h8 c8 c8 d8 d8 s8"]], drew_from="stock",
                has_melded=[True] * 4)
    rnd.meld("h9 c9 d9")
    assert rnd.is_over and rnd.went_out == 0

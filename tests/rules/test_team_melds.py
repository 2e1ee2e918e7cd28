"""Melds belong to the team: docs/rules.md#rules-melds-team.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, cards, table


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_merging_melds_of_the_same_rank(profile: str) -> None:
    """Seed 000: h10 d10 d10 on the table, then s10 s10 c10 d2 melded: one meld of seven."""
    rnd = table(profile, ["s10 s10 c10 d2 c9 h9"], melds=[["h10 d10 d10"]], drew_from="stock")
    rnd.meld("s10 s10 c10 d2")
    assert sorted(rnd.melds[0][10]) == sorted(cards("h10 d10 d10 s10 s10 c10 d2"))
    assert len(rnd.melds[0]) == 1
    assert rnd.canasta_count(0) == 1  # seven cards: a mixed canasta
    assert any(e.kind == "canasta_completed" for e in rnd.events)


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_merged_meld_must_stay_legal(profile: str) -> None:
    rnd = table(profile, ["c5 c5 jk c9 h9"], melds=[["h5 h5 d5 s5 jk d2 c2"]],
                drew_from="stock")
    verdict = rnd.can_meld("c5 c5 jk")
    assert verdict.code == "meld_too_many_wilds"
    assert verdict.message.startswith("Adding c5 c5 jk")
    assert rnd.can_meld("5: jk").code == "meld_too_many_wilds"
    assert rnd.can_meld("c5 c5").ok  # naturals can always be added


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_naming_one_rank_twice_in_one_action(profile: str) -> None:
    rnd = table(profile, ["c5 c5 h5 d5 d5 s5 c9 h9"], melds=[["h8 c8 d8"]], drew_from="stock")
    assert rnd.can_meld("c5 c5 h5 | d5 d5 s5").code == "meld_same_rank_twice"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_never_add_to_opponents_melds(profile: str) -> None:
    """No one adds to the opponents' melds: naming the opponents' rank is refused, and a
    new meld of that rank becomes the team's own meld (the opponents' is untouched)."""
    rnd = table(profile, ["h13 c9 h9 d9 s10", "", "", ""],
                melds=[["h8 c8 d8"], ["c13 c13 d13"]], drew_from="stock")
    verdict = rnd.can_meld("13: h13")
    assert not verdict.ok and verdict.code == "meld_opponents_meld"
    assert "opponents" in verdict.message
    rnd.meld("c9 h9 d9")
    assert rnd.melds[1] == {13: cards("c13 c13 d13")}

"""Canastas, natural and mixed: docs/rules.md#rules-canastas.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, table

from canasta_learn import check_meld, score_round


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_canasta_natural_and_mixed(profile: str) -> None:
    natural = "h9 h9 c9 c9 d9 d9 s9"
    mixed = "h10 h10 c10 c10 d10 d10 jk"
    assert "natural canasta" in check_meld(natural, profile).message
    assert "mixed canasta" in check_meld(mixed, profile).message
    score = score_round([natural, mixed], profile=profile)
    assert score.points("natural_canastas") == 500 and score.points("mixed_canastas") == 300
    assert score.points("melds") == 70 + 60 + 50


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_wild_added_to_natural_canasta_makes_it_mixed(profile: str) -> None:
    rnd = table(profile, ["jk c9 h9", "", "", ""], melds=[["h8 h8 c8 c8 d8 d8 s8"]],
                drew_from="stock")
    assert rnd.can_meld("8: jk").ok
    rnd.meld("8: jk")
    event = [e for e in rnd.events if e.kind == "canasta_turned_mixed"]
    assert len(event) == 1 and "mixed" in event[0].message
    assert rnd.score_team(0).points("mixed_canastas") == 300
    assert rnd.score_team(0).points("natural_canastas") == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_naturals_can_always_be_added(profile: str) -> None:
    rnd = table(profile, ["s8 c9 h9", "", "", ""], melds=[["h8 h8 c8 c8 d8 d8 jk d2 c2"]],
                drew_from="stock")
    assert rnd.can_meld("8: s8").ok

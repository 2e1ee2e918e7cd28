"""Scoring a hand and the going-out bonus: docs/rules.md#rules-scoring and
#rules-scoring-going-out.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES

from canasta_learn import score_round


@pytest.mark.parametrize("profile", PROFILES)
def test_rules8_score_925(profile: str) -> None:
    assert score_round(["s13 s13 h13 h13 d13 c13 c13", "h1 c1 s1"], red_threes="h3 d3",
                       hands_left=["c7"], went_out=True, profile=profile).total == 925


@pytest.mark.parametrize("profile", PROFILES)
def test_rules8_cards_left_in_both_hands_count_against(profile: str) -> None:
    score = score_round(["h5 c5 d5"], hands_left=["jk c2", "h1 c13 h4 c3"], profile=profile)
    assert score.points("hand") == -(50 + 20 + 20 + 10 + 5 + 5)


@pytest.mark.parametrize("profile", PROFILES)
def test_rules8_going_out_bonus_never_300(profile: str) -> None:
    assert score_round(["h5 c5 d5"], went_out=True, profile=profile).points("going_out") == 100
    assert score_round(["h5 c5 d5"], went_out=True, concealed=True,
                       profile=profile).points("going_out") == 200
    with pytest.raises(ValueError):
        score_round(["h5 c5 d5"], concealed=True, profile=profile)

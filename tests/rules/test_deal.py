"""Seats, the deal and the first upcard: docs/rules.md#rules-deal and #rules-upcard.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, cards, deck_starting, plain_deal

from canasta_learn import Round, get_profile


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_rules2_deal_eleven_each_left_of_dealer_starts(profile: str, dealer: int) -> None:
    rnd = Round(profile, seed=11 + dealer, dealer=dealer)
    assert rnd.to_move == (dealer + 1) % 4
    assert all(len(h) == 11 for h in rnd.hands)  # red threes laid down are replaced
    red = sum(len(t) for t in rnd.red_threes)
    assert len(rnd.stock) + len(rnd.pile) == 108 - 44 - red
    assert len(rnd.all_cards()) == 108


@pytest.mark.parametrize("profile", PROFILES)
def test_rules2_plain_upcard_starts_an_open_pile(profile: str) -> None:
    rnd = Round(profile, deck=deck_starting(plain_deal(44) + " h9"))
    assert rnd.pile == cards("h9")
    assert rnd.pile_status(1).code == "frozen_not_opened"  # nobody has opened yet


@pytest.mark.parametrize("profile", PROFILES)
def test_rules2_wild_or_red_three_upcard_is_covered_and_freezes(profile: str) -> None:
    rnd = Round(profile, deck=deck_starting(plain_deal(44) + " jk h3 d2 c9"))
    assert rnd.pile == cards("jk h3 d2 c9")
    assert len(rnd.stock) == 108 - 44 - 4
    status = rnd.pile_status(1)
    assert status.state == "frozen" and status.code == "frozen_wild"
    assert [e.kind for e in rnd.events[:4]] == ["upcard", "upcard_covered", "upcard_covered",
                                                "upcard_covered"]
    # the red three turned up stays in the pile: nobody gets its bonus
    assert all(not t for t in rnd.red_threes)


@pytest.mark.parametrize("profile", PROFILES)
def test_rules2_black_three_upcard_covered_only_in_traditional(profile: str) -> None:
    rnd = Round(profile, deck=deck_starting(plain_deal(44) + " c3 h9"))
    if profile == "traditional":
        assert rnd.pile == cards("c3 h9")
        assert rnd.pile_status(1).code == "frozen_black_three"
    else:
        assert rnd.pile == cards("c3")
        assert rnd.pile_status(1).code == "blocked_black_three"


def test_rules_profiles_are_valid_inputs() -> None:
    for name in PROFILES:
        assert get_profile(name).name == name

"""What makes a meld, and what cards are worth: docs/rules.md#rules-melds and #rules-cards.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, table

from canasta_learn import check_meld, meld_value


@pytest.mark.parametrize("profile", PROFILES)
def test_rules1_card_values(profile: str) -> None:
    assert meld_value("jk", profile) == 50
    assert meld_value("h1", profile) == meld_value("c2", profile) == 20
    assert [meld_value(f"h{r}", profile) for r in range(8, 14)] == [10] * 6
    assert [meld_value(f"h{r}", profile) for r in range(4, 8)] == [5] * 4
    assert meld_value("s3", profile) == meld_value("c3", profile) == 5


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_meld_needs_three_cards(profile: str) -> None:
    assert check_meld("h5 c5 d5", profile).ok
    verdict = check_meld("h5 c5", profile)
    assert verdict.code == "meld_too_few_cards" and "at least 3" in verdict.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_meld_needs_two_naturals(profile: str) -> None:
    verdict = check_meld("h5 jk d2", profile)
    assert not verdict.ok and verdict.code in ("meld_too_few_naturals", "meld_wilds_not_fewer")
    if profile != "cardgames_io":
        assert verdict.code == "meld_too_few_naturals"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_three_wild_meld(profile: str) -> None:
    """2 naturals + 3 wilds is legal in classic/traditional, illegal in cardgames_io (naturals
    must exceed wilds); 4 naturals + 3 wilds is legal everywhere."""
    verdict = check_meld("h5 c5 jk d2 c2", profile)
    if profile == "cardgames_io":
        assert verdict.code == "meld_wilds_not_fewer"
    else:
        assert verdict.ok and verdict.value == 10 + 50 + 40
    assert check_meld("h5 c5 d5 s5 jk d2 c2", profile).ok


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_four_wild_meld_is_illegal(profile: str) -> None:
    verdict = check_meld("h5 c5 d5 s5 h5 jk d2 c2 h2", profile)
    assert verdict.code == "meld_too_many_wilds"
    assert "4 wild cards" in verdict.message and "at most 3" in verdict.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_cardgames_io_naturals_must_exceed_wilds(profile: str) -> None:
    verdict = check_meld("h5 h5 d2 c2", profile)
    if profile == "cardgames_io":
        assert verdict.code == "meld_wilds_not_fewer"
        assert check_meld("h5 h5 c5 d2 c2", profile).ok
    else:
        assert verdict.ok


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_no_wild_only_meld(profile: str) -> None:
    assert check_meld("jk d2 c2", profile).code == "meld_no_naturals"
    rnd = table(profile, ["jk d2 c2 h9 c9"], melds=[["h5 c5 d5"]], drew_from="stock")
    assert rnd.can_meld("jk d2 c2").code == "meld_no_naturals"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_no_sequences(profile: str) -> None:
    verdict = check_meld("h4 h5 h6", profile)
    assert verdict.code == "meld_mixed_ranks" and "sequences" in verdict.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_threes_are_not_ordinary_melds(profile: str) -> None:
    assert check_meld("h3 d3 h3", profile).code == "meld_red_three"
    assert check_meld("c3 s3 c3", profile).code == "meld_black_threes_not_going_out"

"""Going out concealed, and its bonus: docs/rules.md#rules-concealed and
#rules-scoring-going-out.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, table

from canasta_learn import Position


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_concealed_going_out_bonus_200_in_total(profile: str) -> None:
    rnd = table(profile, ["h4 h4 c4 c4 d4 d4 s4 h1 c1 d1 c9", "c6", "c7", "c8"],
                drew_from="stock")
    rnd.meld("h4 h4 c4 c4 d4 d4 s4 | h1 c1 d1")
    rnd.discard("c9")
    assert rnd.is_over and rnd.went_out_concealed
    score = rnd.scores()[0]
    assert score.points("going_out") == 200
    assert score.total == 35 + 60 + 500 + 200 - 5  # the partner's c7: -5


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_concealed_waives_minimum_after_stock_draw(profile: str) -> None:
    """[classic, traditional] going out concealed after a stock draw waives the opening
    minimum; [cardgames_io] it still applies."""
    rnd = table(profile, ["h4 h4 c4 c4 d4 d4 s4 h6", "c6", "c7", "c8"], drew_from="stock")
    verdict = rnd.can_meld("h4 h4 c4 c4 d4 d4 s4")  # 35 < 50
    if profile == "cardgames_io":
        assert verdict.code == "opening_below_minimum"
        return
    assert verdict.ok
    rnd.meld("h4 h4 c4 c4 d4 d4 s4")
    rnd.discard("h6")
    assert rnd.is_over and rnd.went_out_concealed
    assert any(e.kind == "opening_waived" for e in rnd.events)
    assert rnd.scores()[0].total == 35 + 500 + 200 - 5


@pytest.mark.parametrize("profile", ["classic", "traditional"])
def test_rules6_concealed_waiver_discard_refusal_names_the_real_ways_on(profile: str) -> None:
    """Team not opened, drew from the stock, seven fours just melded toward a concealed going
    out (35 of 90): discarding c5 is refused, but not with "Meld 55 more before you discard",
    which the hand cannot do; the refusal names the way that exists (meld the rest and go out
    concealed, which waives the minimum), and that way is legal (docs/rules.md#rules-concealed)."""
    rnd = table(profile, ["c4 c4 d4 d4 h4 h4 s4 h5 d5 c5 s7", "c6", "c6", "c9"], drew_from="stock",
                team_scores=(1500, 0))
    assert rnd.opening_minimum(0) == 90
    rnd.meld("c4 c4 d4 d4 h4 h4 s4")
    refused = rnd.can_discard("c5")
    assert refused.code == "opening_incomplete"
    assert "Meld 55 more before you discard" not in refused.message
    assert "go out concealed" in refused.message and "waives the minimum" in refused.message
    assert "35" in refused.message and "90" in refused.message
    way = rnd.copy()
    way.meld("h5 d5 c5")
    way.discard("s7")
    assert way.is_over and way.went_out_concealed
    # with cards that can still reach the minimum, both ways are named
    both = table(profile, ["c4 c4 d4 d4 h4 h4 s4 h1 d1 c1 s1 h13 d13 c13 s7", "c6", "c6", "c9"],
                 drew_from="stock", team_scores=(1500, 0))
    both.meld("c4 c4 d4 d4 h4 h4 s4")
    refused = both.can_discard("s7")
    assert "meld 55 more, or meld the rest of your hand" in refused.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_concealed_minimum_not_waived_after_pile_take(profile: str) -> None:
    pos = Position("h4 h4 c4 c4 d4 d4", discard_pile="s4", team_score=0, profile=profile)
    verdict = pos.check_take_pile("h4 h4", "c4 c4 d4 d4")
    assert not verdict.ok  # 35 with the top card: below 50, no waiver after a take


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_not_concealed_after_earlier_meld(profile: str) -> None:
    rnd = table(profile, ["h9 c9 d9 c10", "c4", "c5", "c6"],
                melds=[["h8 h8 c8 c8 d8 d8 s8"]], has_melded=[True, False, True, False],
                drew_from="stock")
    rnd.meld("h9 c9 d9")
    rnd.discard("c10")
    assert not rnd.went_out_concealed
    assert rnd.scores()[0].points("going_out") == 100


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_concealed_with_partner_merge_per_profile(profile: str) -> None:
    """[cardgames_io] the concealed bonus is kept when the player's cards merge into the
    partner's meld, if they would be a valid meld (here a canasta) on their own."""
    rnd = table(profile, ["s10 s10 c10 d10 h10 jk d2 h5 c5 d5", "c6", "c7", "c8"],
                melds=[["h10 c10 d10"]], has_melded=[False, False, True, False],
                drew_from="stock")
    rnd.meld("s10 s10 c10 d10 h10 jk d2 | h5 c5 d5")
    assert rnd.is_over and rnd.went_out == 0
    assert rnd.went_out_concealed == (profile == "cardgames_io")

"""The opening: its minimum (docs/rules.md#rules-opening-minimum), what counts toward it
(#rules-opening-count) and finishing it in one turn (#rules-opening-complete).

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
@pytest.mark.parametrize("score, minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90),
                                            (2995, 90), (3000, 120)])
def test_rules5_opening_minimum_in_a_round(profile: str, score: int, minimum: int) -> None:
    rnd = table(profile, ["h4 c4 d4 c9 c10"], drew_from="stock", team_scores=(score, 0))
    assert rnd.opening_minimum(0) == minimum
    verdict = rnd.can_meld("h4 c4 d4")
    assert verdict.ok == (15 >= minimum)
    if not verdict.ok:
        assert str(minimum) in verdict.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rules5_several_melds_in_one_turn_add_up(profile: str) -> None:
    rnd = table(profile, ["h1 c1 jk h9 c9 d9 s10 c10"], drew_from="stock")
    assert rnd.can_meld("h9 c9 d9").ok  # 30 for now; the aces can still complete it
    rnd.meld("h9 c9 d9 | h1 c1 jk")
    assert rnd.opened[0] and rnd.turn_value == 120
    assert any(e.kind == "opening_reached" for e in rnd.events)


@pytest.mark.parametrize("profile", PROFILES)
def test_rules5_partial_opening_then_discard_refused(profile: str) -> None:
    """A meld below the minimum is allowed only if completing it remains possible; the turn
    cannot end (discard refused: opening_incomplete) until the minimum is met."""
    rnd = table(profile, ["h1 c1 d1 h9 c9 d9 s10 h4"], drew_from="stock")
    rnd.meld("h9 c9 d9")
    assert not rnd.opened[0] and rnd.turn_value == 30
    verdict = rnd.can_discard("h4")
    assert verdict.code == "opening_incomplete"
    assert "30" in verdict.message and "50" in verdict.message and "20" in verdict.message
    rnd.meld("h1 c1 d1")
    assert rnd.opened[0] and rnd.turn_value == 90
    assert rnd.can_discard("h4").ok
    # a meld that uses the only wild card leaves the aces unable to go down: refused,
    # whereas the fours without the two leave the aces a wild card
    blocked = table(profile, ["h1 c1 d2 c4 c4 d4 h9 c7"], drew_from="stock")
    verdict = blocked.can_meld("c4 c4 d4 d2")
    assert verdict.code == "opening_below_minimum" and "35" in verdict.message
    assert blocked.can_meld("c4 c4 d4").ok
    # a hand that cannot open at all: every meld is refused, and Position says why
    hand = "h9 c9 d9 s10 c10 h4 h5 c7"
    stuck = table(profile, [hand], drew_from="stock")
    verdict = stuck.can_meld("h9 c9 d9")
    assert verdict.code == "opening_below_minimum" and "50" in verdict.message
    why = Position(hand, drew_from="stock", profile=profile).opening_verdict()
    assert why.code == "opening_impossible" and "50" in why.message and why.value == 30


@pytest.mark.parametrize("profile", PROFILES)
def test_rules5_only_card_values_count(profile: str) -> None:
    """Red threes and canasta bonuses never count toward the opening minimum."""
    rnd = table(profile, ["h4 h4 c4 c4 d4 d4 s4 h5 c5 d5 c9 h9"], red_threes=["h3 d3"],
                drew_from="stock", team_scores=(1500, 0))
    # a natural canasta of fours (35) + fives (15) = 50 < 90, red threes do not help
    verdict = rnd.can_meld("h4 h4 c4 c4 d4 d4 s4 | h5 c5 d5")
    assert not verdict.ok and verdict.code == "opening_below_minimum"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules5_after_opening_partner_melds_freely(profile: str) -> None:
    rnd = table(profile, ["c9", "", "h4 c4 d4 c10 c11", ""], melds=[["h1 c1 d1"]], to_move=2,
                drew_from="stock")
    assert rnd.can_meld("h4 c4 d4").ok  # 15 points, no minimum any more

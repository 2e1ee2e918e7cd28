"""The discard pile: blocked (docs/rules.md#rules-pile-blocked), frozen (#rules-pile-frozen),
and every way to take it (#rules-pile-take-open, #rules-pile-take-frozen,
#rules-pile-top-first, #rules-pile-one-card).

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, cards, table

from canasta_learn import Position


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("top, code", [("c3", "pile_blocked_black_three"),
                                       ("s3", "pile_blocked_black_three"),
                                       ("jk", "pile_blocked_wild"), ("h2", "pile_blocked_wild")])
def test_rules4_blocked_pile_never_taken(profile: str, top: str, code: str) -> None:
    hand = "c3 s3 c9" if top in ("c3", "s3") else "c9 c9 jk"
    rnd = table(profile, [hand], melds=[["h8 c8 d8"]], pile=f"h9 {top}")
    assert rnd.pile_state() == "blocked"
    for attempt in ((), "c3 s3", "c9 c9", "c9 jk"):
        verdict = rnd.can_take_pile(attempt)
        assert not verdict.ok
    assert rnd.can_take_pile(()).code == code
    assert [a.verb for a in rnd.legal_actions()] == ["draw"]


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_buried_black_three_freezes_only_in_traditional(profile: str) -> None:
    rnd = table(profile, ["c9 jk h10"], melds=[["h8 c8 d8"]], pile="h5 c3 d9")
    if profile == "traditional":
        assert rnd.pile_status().code == "frozen_black_three"
        assert rnd.can_take_pile("c9 jk").code == "pile_frozen_needs_natural_pair"
    else:
        assert rnd.pile_state() == "open"
        assert rnd.can_take_pile("c9 jk").ok


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_buried_wild_freezes_for_everyone(profile: str) -> None:
    rnd = table(profile, ["c9 jk h10"], melds=[["h8 c8 d8"]], pile="h5 d2 d9")
    assert rnd.pile_status().code == "frozen_wild"
    assert rnd.can_take_pile("c9 jk").code == "pile_frozen_needs_natural_pair"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_red_three_upcard_freezes(profile: str) -> None:
    rnd = table(profile, ["c9 jk h10"], melds=[["h8 c8 d8"]], pile="h3 d9")
    assert rnd.pile_status().code == "frozen_red_three"
    assert rnd.can_take_pile("c9 jk").code == "pile_frozen_needs_natural_pair"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_pile_frozen_for_team_that_has_not_opened(profile: str) -> None:
    rnd = table(profile, ["c9 jk h10", "", "", ""], melds=[[], ["h8 c8 d8"]], pile="h5 d9")
    assert rnd.pile_status(0).code == "frozen_not_opened"
    assert rnd.pile_status(1).state == "open"  # the other team has opened
    assert rnd.can_take_pile("c9 jk").code == "pile_frozen_needs_natural_pair"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("way", ["c9 c9", "c9 jk", "c9 d2", ""])
def test_rules4_taking_unfrozen_pile(profile: str, way: str) -> None:
    """An unfrozen pile: a natural pair, one natural + one wild, or onto the team's meld."""
    melds = [["h9 h9 jk"]] if way == "" else [["h8 c8 d8"]]
    hand = "c9 c9 jk d2 h10" if way else "jk d2 h10"
    rnd = table(profile, [hand], melds=melds, pile="h5 d9")
    verdict = rnd.can_take_pile(way)
    assert verdict.ok and verdict.code == "pile_takeable"
    rnd.take_pile(way)
    assert cards("d9")[0] in rnd.melds[0][9]
    assert cards("h5")[0] in rnd.hands[0]


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_unfrozen_pile_needs_a_meld_for_the_top_card(profile: str) -> None:
    rnd = table(profile, ["c9 jk h10"], melds=[["h8 c8 d8"]], pile="h5 d7")
    assert rnd.can_take_pile().code == "pile_no_meld_for_top_card"
    assert rnd.can_take_pile("c9 jk").code == "pile_no_meld_for_top_card"
    assert rnd.can_take_pile("jk").code == "pile_no_meld_for_top_card"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_frozen_pile_needs_natural_pair_even_with_team_meld(profile: str) -> None:
    rnd = table(profile, ["c9 jk h10"], melds=[["h9 h9 d2"]], pile="h5 d2 d9")
    for attempt in ((), "c9 jk"):
        assert rnd.can_take_pile(attempt).code == "pile_frozen_needs_natural_pair"
    paired = table(profile, ["c9 s9 h10"], melds=[["h9 h9 d2"]], pile="h5 d2 d9")
    assert paired.can_take_pile("c9 s9").ok
    paired.take_pile("c9 s9")
    # the top card's meld merges into the team's meld of nines
    assert sorted(paired.melds[0][9]) == sorted(cards("h9 h9 d2 d9 c9 s9"))
    assert paired.pile == []  # taking the pile unfreezes it
    paired.discard("h10")
    assert paired.pile_status(2).state == "open"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_top_card_melded_first_and_counts_for_opening(profile: str) -> None:
    """Opening by taking the pile: the top card counts; the rest joins the hand afterwards
    and cannot be used in the opening melds of the take."""
    pos = Position("c13 s13 h1 c1 d1 h9", discard_pile="h7 s1 d13", team_score=0,
                   profile=profile)
    verdict = pos.check_take_pile("c13 s13")
    assert verdict.code == "opening_below_minimum"  # 30: the buried s1 does not count
    assert pos.check_take_pile("c13 s13", "h1 c1 d1").ok  # 30 + 60
    rnd = pos.round
    assert rnd.can_take_pile("c13 s13", "h1 c1 s1").code == "card_not_in_hand"
    rnd.take_pile("c13 s13", "h1 c1 d1")
    assert rnd.opened[0] and rnd.turn_value == 90
    assert rnd.hands[0] == sorted(cards("h9 h7 s1"))
    options = pos.opening_options()
    assert any(o.takes_pile and o.top_card == cards("d13")[0] for o in options)


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_one_card_pile_ban(profile: str) -> None:
    """[classic, traditional] a player holding one card may not take a pile of one card."""
    rnd = table(profile, ["c9", "h4 h4", "h6 c6", "s8 s8"],
                melds=[["h13 s13 s13 d13 c13 c13 h13"], []], pile="d13")
    verdict = rnd.can_take_pile()
    if profile == "cardgames_io":
        assert verdict.ok
        rnd.take_pile()
        rnd.discard("c9")
        assert rnd.is_over and rnd.went_out == 0
    else:
        assert verdict.code == "pile_one_card_ban"
    # two cards in the pile: allowed everywhere
    bigger = table(profile, ["c9", "h4 h4", "h6 c6", "s8 s8"],
                   melds=[["h13 s13 s13 d13 c13 c13 h13"], []], pile="h10 d13")
    assert bigger.can_take_pile().ok

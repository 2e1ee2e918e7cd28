"""Every worked example of the seeds, named after it, for every profile it applies to.

Seed 000 is cardgames.io's rules page (four pile examples, four opening examples); seed 001
is the classic profile (the 925 scoring example and two FAQ answers). The rules are settled
by docs/rules.md; where cardgames_io differs from classic the tests assert the difference.
"""

from __future__ import annotations

import pytest

from canasta_learn import (
    DeckError,
    Position,
    Round,
    check_meld,
    get_profile,
    parse_cards,
    score_round,
)
from canasta_learn.core.cards import check_card_counts

PROFILES = ("classic", "cardgames_io", "traditional")

# --------------------------------------------------------------------------- seed 000: the pile


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_bill_takes_open_pile_with_pair_of_sixes(profile: str) -> None:
    """Bill holds c6 c6 h7 d8, the top card is d6: he shows his sixes, melds them with the d6,
    and picks up the rest of the pile."""
    bill = Position("c6 c6 h7 d8", discard_pile="s9 d6", team_melds=["h13 s13 s13"],
                    profile=profile)
    assert bill.pile_state() == "open"
    verdict = bill.check_take_pile()
    assert verdict.ok and verdict.code == "pile_takeable"
    assert sorted(verdict.meld or ()) == parse_cards("c6 c6 d6")
    assert bill.check_take_pile("c6 c6").ok
    # played out in a round: the sixes go down first, then the rest joins the hand
    rnd = Round.from_state(profile=profile, hands=["c6 c6 h7 d8"], pile="s9 d6",
                           melds=[["h13 s13 s13"]], stock="h4 h4 c4")
    rnd.take_pile("c6 c6")
    assert sorted(rnd.melds[0][6]) == parse_cards("c6 c6 d6")
    assert rnd.hands[0] == parse_cards("h7 d8 s9")
    assert rnd.pile == [] and rnd.phase == "play" and rnd.drew_from == "pile"


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_mike_cannot_take_frozen_pile(profile: str) -> None:
    """Mike holds h5 d2 d2 s12 d12, the top card is s5 and the pile is frozen. Normally h5 s5 d2
    would do, but a frozen pile needs a natural pair of fives from his hand: he draws instead."""
    mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"],
                    profile=profile)
    assert mike.pile_state() == "frozen"
    for attempt in (None, "h5 d2", "h5 d2 d2"):
        verdict = mike.check_take_pile(attempt)
        assert not verdict.ok
        assert verdict.code == "pile_frozen_needs_natural_pair"
        assert "pair of fives" in verdict.message and "h5" in verdict.message
    assert check_meld("h5 s5 d2", profile).ok  # "normally he could make h5 s5 d2"
    unfrozen = Position("h5 d2 d2 s12 d12", discard_pile="h9 s5", team_melds=["h13 s13 s13"],
                        profile=profile)
    assert unfrozen.check_take_pile("h5 d2").ok
    # in a round, the only way forward is the stock
    rnd = mike.round
    assert rnd.legal_actions() == [rnd.legal_actions()[0]]
    assert rnd.legal_actions()[0].verb == "draw"


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_lisa_adds_top_king_to_team_meld(profile: str) -> None:
    """Lisa cannot meld kings from her hand, but her team has d13 d13 c13 h2: she adds the
    top card h13 to it and takes the rest of the pile."""
    lisa = Position("c6 h7 d8", discard_pile="s9 h13", team_melds=["d13 d13 c13 h2"],
                    profile=profile)
    assert lisa.pile_state() == "open"
    verdict = lisa.check_take_pile()
    assert verdict.ok and verdict.meld == (parse_cards("h13")[0],)
    assert "meld of kings" in verdict.message
    rnd = lisa.round
    rnd.take_pile()
    assert sorted(rnd.melds[0][13]) == sorted(parse_cards("d13 d13 c13 h2 h13"))
    assert rnd.hands[0] == sorted(parse_cards("c6 h7 d8 s9"))


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_bill_frozen_pile_team_meld_does_not_help(profile: str) -> None:
    """The pile is frozen and the top card is h13; Bill's team has a meld of kings, but he
    has no pair of kings in his hand, so he cannot take it and must draw."""
    bill = Position("c6 h7 d8 h13", discard_pile="s9 jk c8 h13", team_melds=["d13 c13 c13 h2"],
                    profile=profile)
    assert bill.pile_state() == "frozen"
    for attempt in (None, (), "h13"):
        verdict = bill.check_take_pile(attempt)
        assert not verdict.ok and verdict.code == "pile_frozen_needs_natural_pair"
    assert "meld of kings does not help" in bill.check_take_pile().message
    # with a natural pair of kings he could
    lucky = Position("c6 h7 s13 s13", discard_pile="s9 jk c8 h13",
                     team_melds=["d13 c13 c13 h2"], profile=profile)
    assert lucky.check_take_pile("s13 s13").ok


# --------------------------------------------------------------------------- seed 000: openings


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_opening_1100_only_aces_open(profile: str) -> None:
    """Score 1100, minimum 50. Only h1 c1 d2 (60) opens; afterwards the fours may follow,
    but c4 c4 d4 d2 alone is 35, short of 50, and is refused."""
    hand = "h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13"
    pos = Position(hand, team_score=1100, drew_from="stock", profile=profile)
    assert pos.opening_minimum == 50
    options = pos.opening_options()
    assert [[sorted(m) for m in o.melds] for o in options] == [[sorted(parse_cards("h1 c1 d2"))]]
    assert [o.value for o in options] == [60]
    ok = pos.check_opening("h1 c1 d2")
    assert ok.ok and ok.value == 60
    refused = pos.check_opening("c4 c4 d4 d2")
    assert not refused.ok and refused.code == "opening_below_minimum"
    assert "35" in refused.message and "50" in refused.message
    # in a round: the fours with the two are refused (the aces could not be completed);
    # after the aces, the fours may follow
    rnd = Round.from_state(profile=profile, hands=[hand], stock="h4 c9 c9", drew_from="stock",
                           team_scores=(1100, 0))
    assert rnd.can_meld("c4 c4 d4 d2").code == "opening_below_minimum"
    rnd.meld("h1 c1 d2")
    assert rnd.opened[0]
    rnd.meld("c4 c4 d4")
    assert rnd.melds[0][4] == parse_cards("c4 c4 d4")


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_opening_1500_aces_and_nines_make_90(profile: str) -> None:
    """Score 1500, minimum 90: the aces alone (60) are not enough; h1 c1 d2 + c9 c9 d9 = 90."""
    hand = "h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13"
    pos = Position(hand, team_score=1500, drew_from="stock", profile=profile)
    assert pos.opening_minimum == 90
    both = pos.check_opening("h1 c1 d2 | c9 c9 d9")
    assert both.ok and both.value == 90
    aces = pos.check_opening("h1 c1 d2")
    assert not aces.ok and aces.code == "opening_below_minimum" and "30 short" in aces.message
    options = pos.opening_options()
    assert options and all(o.value >= 90 for o in options)
    assert all({1, 9} == {c.rank for m in o.melds for c in m if not c.is_wild} for o in options)
    # in a round, the two melds together open; the aces alone are a legal first step because
    # the nines can still complete the minimum, but the turn cannot end before that
    rnd = Round.from_state(profile=profile, hands=[hand], stock="h4 c4 c4", drew_from="stock",
                           team_scores=(1500, 0))
    assert rnd.can_meld("h1 c1 d2 | c9 c9 d9").ok
    rnd.meld("h1 c1 d2")
    assert not rnd.opened[0]
    assert rnd.can_discard("d13").code == "opening_incomplete"
    rnd.meld("c9 c9 d9")
    assert rnd.opened[0] and rnd.turn_value == 90
    assert rnd.can_discard("d13").ok


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_opening_3000_no_option(profile: str) -> None:
    """Score 3000, minimum 120: no set of melds from h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13
    reaches it, so the player cannot meld at all (the partner may open instead)."""
    hand = "h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13"
    pos = Position(hand, team_score=3000, drew_from="stock", profile=profile)
    assert pos.opening_minimum == 120
    assert pos.opening_options() == []
    why = pos.opening_verdict()
    assert why.code == "opening_impossible" and "120" in why.message
    rnd = pos.round
    assert all(a.verb == "discard" for a in rnd.legal_actions())
    for melds in ("h1 c1 d2", "c4 c4 d4 h4", "h1 c1 d2 | c4 c4 d4 h4 h2"):
        verdict = rnd.can_meld(melds)
        assert not verdict.ok and verdict.code == "opening_below_minimum"
    # the biggest split is 100: legal melds in classic, but the aces with two twos are not
    # even a meld in cardgames_io (naturals must outnumber wilds)
    best = pos.check_opening("h1 c1 d2 h2 | c4 c4 d4 h4")
    assert not best.ok
    if get_profile(profile).naturals_must_exceed_wilds:
        assert best.code == "meld_wilds_not_fewer"
    else:
        assert best.code == "opening_below_minimum" and best.value == 100


def test_seed000_opening_1800_literal_hand_is_impossible() -> None:
    """Seed 000 writes the 1800 hand as h5 h5 h5 h5 d9 d9 d9 ...: four copies of h5 and three
    of d9 cannot exist with two decks, so the engine rightly refuses to build it (DeckError).
    The example is pinned with four different fives and three different nines instead."""
    literal = "h5 h5 h5 h5 d9 d9 d9 h13 d13 d13 c13 s3"
    with pytest.raises(DeckError) as info:
        Position(literal, team_score=1800)
    assert "h5" in str(info.value)
    with pytest.raises(DeckError):
        check_card_counts(parse_cards("d9 d9 d9"))


@pytest.mark.parametrize("profile", PROFILES)
def test_seed000_opening_1800_would_leave_one_card(profile: str) -> None:
    """Score 1800, minimum 90: fives (20) + nines (30) + kings (40) = 90 exactly, but that
    leaves the s3 alone, and going out needs a canasta: no opening is possible."""
    hand = "h5 d5 c5 s5 d9 c9 h9 h13 d13 d13 c13 s3"  # seed: h5 h5 h5 h5 d9 d9 d9 (impossible)
    pos = Position(hand, team_score=1800, drew_from="stock", profile=profile)
    assert pos.opening_minimum == 90
    verdict = pos.check_opening("h5 d5 c5 s5 | d9 c9 h9 | h13 d13 d13 c13")
    assert not verdict.ok and verdict.code == "cannot_go_out_without_canasta"
    assert verdict.value == 90
    assert pos.opening_options() == []
    why = pos.opening_verdict()
    assert why.code == "opening_impossible" and "keep a card" in why.message
    rnd = pos.round
    assert rnd.can_meld("h5 d5 c5 s5 | d9 c9 h9 | h13 d13 d13 c13").code == (
        "cannot_go_out_without_canasta")
    # a first partial meld is refused too: the minimum could not be completed
    for melds in ("h5 d5 c5 s5", "h13 d13 d13 c13", "h5 d5 c5 s5 | d9 c9 h9"):
        assert rnd.can_meld(melds).code == "opening_below_minimum"
    assert all(a.verb == "discard" for a in rnd.legal_actions())


SEED000_HANDS = [
    "c6 c6 h7 d8",
    "h5 d2 d2 s12 d12",
    "d13 d13 c13 h2 h13",
    "h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13",
    "h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13",
    "h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13",
    "h10 d10 d10 s10 s10 c10 d2",  # the merged tens of the meld-merging example
]


@pytest.mark.parametrize("hand", SEED000_HANDS)
def test_seed000_other_hands_are_possible(hand: str) -> None:
    """Only the 1800 hand of seed 000 has impossible counts; every other seed hand is fine."""
    check_card_counts(parse_cards(hand))


# --------------------------------------------------------------------------- seed 001


@pytest.mark.parametrize("profile", PROFILES)
def test_seed001_score_925(profile: str) -> None:
    """Natural canasta of seven kings 70 + 500, three aces 60, two red threes 200, going out
    100, partner's seven -5: 925."""
    breakdown = score_round(
        ["s13 s13 h13 h13 d13 c13 c13", "h1 c1 s1"], red_threes="h3 d3", hands_left=["c7"],
        went_out=True, profile=profile)
    assert breakdown.total == 925
    assert breakdown.points("melds") == 130
    assert breakdown.points("natural_canastas") == 500
    assert breakdown.points("red_threes") == 200
    assert breakdown.points("going_out") == 100
    assert breakdown.points("hand") == -5


@pytest.mark.parametrize("profile", PROFILES)
def test_seed001_score_925_played_out(profile: str) -> None:
    """The same hand reached through a Round: S goes out by discarding, N keeps the c7."""
    rnd = Round.from_state(
        profile=profile,
        hands=["c7", "h4 h4 c5", "h1 c1 s1 c9", "h6 h6 c6"],
        melds=[["s13 s13 h13 h13 d13 c13 c13"], ["h8 d8 c8"]],
        red_threes=["h3", "", "d3"], stock="c10 c10", pile="d6", to_move=2, drew_from="stock")
    rnd.meld("h1 c1 s1")
    rnd.discard("c9")
    assert rnd.is_over and rnd.went_out == 2 and not rnd.went_out_concealed
    assert rnd.scores()[0].total == 925


@pytest.mark.parametrize("profile", PROFILES)
def test_seed001_faq_buried_pile_cards_never_count_for_opening(profile: str) -> None:
    """FAQ: can buried discards pay for the opening? No: only the top card and the cards
    already in hand count before the pile is taken."""
    rich_pile = "jk s13 s13 c12 c12 s1 d7"  # 200 points buried, top d7
    pos = Position("h7 c7 c9 c10 h11", discard_pile=rich_pile, team_score=0, profile=profile)
    assert pos.pile_state() == "frozen"
    verdict = pos.check_take_pile("h7 c7")
    assert not verdict.ok and verdict.code == "opening_below_minimum"
    assert "buried" in verdict.message and "15" in verdict.message and "50" in verdict.message
    assert not pos.opening_options()
    # with enough in hand the same pile can be taken, and only hand + top count
    pos2 = Position("h7 c7 h1 c1 d1 c9", discard_pile=rich_pile, team_score=0, profile=profile)
    assert pos2.check_take_pile("h7 c7", "h1 c1 d1").ok
    rnd = pos2.round
    rnd.take_pile("h7 c7", "h1 c1 d1")
    assert rnd.opened[0] and rnd.turn_value == 75  # 15 + 60: the buried 200 do not count
    assert len(rnd.hands[0]) == 1 + 6


@pytest.mark.parametrize("profile", PROFILES)
def test_seed001_faq_wild_added_to_natural_canasta_scores_300(profile: str) -> None:
    """FAQ: does adding a wild keep the natural canasta bonus? No: the canasta becomes mixed,
    500 -> 300. Shown through a round whose final score uses 300."""

    mixed = Round.from_state(
        profile=profile, hands=["d2 c9", "h4 h4", "h6 c6", "s8 s8"],
        melds=[["s13 s13 h13 h13 d13 c13 c13"], ["h5 d5 c5"]],
        stock="c10 c10", pile="d6", drew_from="stock")
    mixed.meld("13: d2")
    turned = [e for e in mixed.events if e.kind == "canasta_turned_mixed"]
    assert turned and "500" in turned[0].message and "300" in turned[0].message
    mixed.discard("c9")
    assert mixed.is_over and mixed.went_out == 0
    score = mixed.scores()[0]
    assert score.points("mixed_canastas") == 300
    assert score.points("natural_canastas") == 0
    assert score.total == 90 + 300 + 100 - 10  # 7 kings + d2, mixed, going out, h6 c6 left
    # the same canasta left natural keeps 500
    natural = score_round(["s13 s13 h13 h13 d13 c13 c13"], profile=profile)
    assert natural.points("natural_canastas") == 500

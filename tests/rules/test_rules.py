"""One test per rule of RULES.md §1-§9, per profile where the profiles differ.

Positions are built with ``Round.from_state`` (stock listed top first, pile bottom to top,
one list of melds per team), ``Position`` or explicit 108-card decks.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from canasta_learn import (
    Card,
    Game,
    IllegalActionError,
    Position,
    Round,
    check_meld,
    get_profile,
    meld_value,
    parse_cards,
    score_round,
)
from canasta_learn.core.cards import new_deck

PROFILES = ("classic", "cardgames_io", "traditional")
AT_DEAL = ("classic", "traditional")  # dealt red threes laid at the deal
PLAY_ON = ("classic", "traditional")  # end of stock: play on with the pile

#: A few cards for the stock that the scenarios below never use elsewhere.
STOCK = "s12 s12 s11 s11"


def table(profile: str = "classic", hands: Sequence[str] = ("", "", "", ""), **kw: object) -> Round:
    """A round in any position (seat N to move unless ``to_move`` says otherwise)."""
    kw.setdefault("stock", STOCK)
    return Round.from_state(profile=profile, hands=list(hands), **kw)  # type: ignore[arg-type]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def deck_starting(front: str) -> list[Card]:
    """A 108-card deck whose first cards are ``front``; the rest follow in a fixed order that
    keeps threes and wild cards at the back (so deals and upcards are predictable)."""
    first = cards(front)
    rest = new_deck()
    for card in first:
        rest.remove(card)
    rest.sort(key=lambda c: (c.is_wild or c.rank == 3, c.index))
    return first + rest


def plain_deal(count: int = 44) -> str:
    """``count`` cards from fours to kings (no threes, no wild cards), two of each at most."""
    plain = [c for c in new_deck() if not c.is_wild and c.rank != 3]
    return " ".join(str(c) for c in plain[:count])


# =========================================================================== §1 cards and values


@pytest.mark.parametrize("profile", PROFILES)
def test_rules1_card_values(profile: str) -> None:
    assert meld_value("jk", profile) == 50
    assert meld_value("h1", profile) == meld_value("c2", profile) == 20
    assert [meld_value(f"h{r}", profile) for r in range(8, 14)] == [10] * 6
    assert [meld_value(f"h{r}", profile) for r in range(4, 8)] == [5] * 4
    assert meld_value("s3", profile) == meld_value("c3", profile) == 5


@pytest.mark.parametrize("profile", PROFILES)
def test_rules1_red_threes_have_no_card_value_only_bonus(profile: str) -> None:
    score = score_round(["h5 c5 d5"], red_threes="h3", profile=profile)
    assert score.points("melds") == 15 and score.points("red_threes") == 100
    assert score.total == 115


def test_rules8_dealt_red_three_never_laid_still_scores_as_red_three() -> None:
    """[cardgames_io] dealt red threes wait for the player's first turn. If the hand ends
    before it (E goes out concealed on the very first turn), W's h3 is still in hand.
    DECISION (RULES.md §8): it still counts as the red three of W's team (E and W: a bonus,
    the team melded), never as a card left in hand."""
    east = "h4 h4 c4 c4 d4 d4 s4 h5 c5 d5 s5"
    west = "h3 c11 d11 h11 s11 c12 d12 h12 s12 c13 d13"
    north = "c6 d6 h6 s6 c7 d7 h7 s7 c8 d8 h8"
    south = "h9 d9 c10 d10 h10 s10 c1 d1 h1 s1 s8"
    hands = [cards(h) for h in (north, east, south, west)]
    order = [hands[seat][i] for i in range(11) for seat in (1, 2, 3, 0)]
    rnd = Round("cardgames_io", deck=deck_starting(
        " ".join(str(c) for c in order) + " s9 c9"), dealer=0)
    assert cards("h3")[0] in rnd.hands[3]
    rnd.draw()
    rnd.meld("h4 h4 c4 c4 d4 d4 s4 | h5 c5 d5 s5")
    rnd.discard("c9")
    assert rnd.is_over and rnd.went_out_concealed
    west_team = rnd.scores()[1]
    assert west_team.points("hand") == -100  # W's ten court cards; the h3 is no card in hand
    assert "h3" not in next(i.label for i in west_team.items if i.code == "hand")
    assert west_team.points("red_threes") == 100  # one red three, and the team melded


# =========================================================================== §2 deal


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


@pytest.mark.parametrize("profile", PROFILES)
def test_rules2_dealt_red_threes_laid_down_per_profile(profile: str) -> None:
    """[classic, traditional] dealt red threes are laid face up and replaced at the deal;
    [cardgames_io] at the start of that player's first turn."""
    # dealing order from dealer N: E, S, W, N, E, ...: S gets cards 1, 5, 9, ...
    plain = plain_deal(44).split()
    plain[1] = "h3"  # S's first card (the plain card it replaces goes to the stock)
    deck = deck_starting(" ".join(plain) + " h9 c9")
    rnd = Round(profile, deck=deck, dealer=0)
    south = 2
    if profile in AT_DEAL:
        assert rnd.red_threes[south] == cards("h3")
        assert len(rnd.hands[south]) == 11  # replaced from the stock
        assert any(e.kind == "replacement" and e.seat == south for e in rnd.events)
    else:
        assert rnd.red_threes[south] == []
        assert cards("h3")[0] in rnd.hands[south]
        # E plays a turn; at the start of S's first turn the three goes down and is replaced
        rnd.draw()
        rnd.discard(rnd.hands[1][0])
        assert rnd.to_move == south
        assert rnd.red_threes[south] == cards("h3")
        assert len(rnd.hands[south]) == 11 and cards("h3")[0] not in rnd.hands[south]


# =========================================================================== §3 melds


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


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_black_threes_only_going_out(profile: str) -> None:
    """Black threes: only as the last meld of a player going out, 3 or 4, no wilds."""
    base = {"melds": [["h8 h8 c8 c8 d8 d8 s8"]], "drew_from": "stock"}
    keeps = table(profile, ["c3 s3 c3 h9 c9"], **base)
    assert keeps.can_meld("c3 s3 c3").code == "meld_black_threes_not_going_out"
    out = table(profile, ["c3 s3 c3 h9"], **base)
    assert out.can_meld("c3 s3 c3").ok  # then discard h9 and go out
    four = table(profile, ["c3 s3 c3 s3"], **base)
    assert four.can_meld("c3 s3 c3 s3").ok
    out.meld("c3 s3 c3")
    out.discard("h9")
    assert out.is_over and out.went_out == 0
    assert out.scores()[0].points("melds") == 70 + 15
    wild = table(profile, ["c3 s3 c3 jk"], **base)
    assert wild.can_meld("c3 s3 c3 jk").code == "meld_black_threes_with_wilds"
    # without a canasta the team cannot go out, so the black threes stay in hand
    no_canasta = table(profile, ["c3 s3 c3 h9"], melds=[["h8 c8 d8"]], drew_from="stock")
    assert no_canasta.can_meld("c3 s3 c3").code == "cannot_go_out_without_canasta"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_red_threes_never_melded(profile: str) -> None:
    assert check_meld("h3 d3 jk", profile).code == "meld_red_three"
    assert check_meld("h3 d3 h3", profile, going_out=True).code == "meld_red_three"
    with pytest.raises(ValueError):
        Position("h3 c9 c9", profile=profile)  # red threes never stay in hand


# =========================================================================== §4 the pile


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_drawn_red_three_laid_down_and_replaced(profile: str) -> None:
    rnd = table(profile, ["c9 h9"], stock="h3 d3 c10 s12")
    rnd.draw()
    assert sorted(rnd.red_threes[0]) == sorted(cards("h3 d3"))
    assert rnd.hands[0] == sorted(cards("c9 h9 c10"))
    assert rnd.stock == cards("s12")
    kinds = [e.kind for e in rnd.events]
    assert kinds.count("red_three") == 2 and kinds.count("replacement") == 2


@pytest.mark.parametrize("profile", PROFILES)
def test_rules4_red_three_in_taken_pile_laid_down_without_replacement(profile: str) -> None:
    rnd = table(profile, ["c6 c6 h9"], melds=[["h8 c8 d8"]], pile="h3 c9 d6")
    assert rnd.pile_state() == "frozen"
    stock_before = list(rnd.stock)
    rnd.take_pile("c6 c6")
    assert rnd.red_threes[0] == cards("h3")
    assert rnd.hands[0] == sorted(cards("h9 c9"))
    assert rnd.stock == stock_before


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


# =========================================================================== §5 opening


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


# =========================================================================== §6 going out


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


def _can_go_out(profile: str, hand: str = "h9 c9 d9 h10 c10 jk h5", **kw: object) -> Round:
    """N can go out after drawing: h9 c9 d9 | h10 c10 jk, then discard h5."""
    return table(profile, [hand, "c4", "c5", "c6"],
                 melds=[["h8 h8 c8 c8 d8 d8 s8"]], has_melded=[True] * 4, **kw)


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_after_drawing(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    assert rnd.can_ask().ok
    rnd.ask()
    assert rnd.phase == "answer"
    assert [a.text() for a in rnd.legal_actions()] == ["S answer yes", "S answer no"]


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_before_drawing(profile: str) -> None:
    """[traditional] ask before taking the pile or melding; the others ask after drawing."""
    # before drawing, the current hand must go down entirely (the drawn card is discarded)
    rnd = _can_go_out(profile, hand="h9 c9 d9 h10 c10 jk", stock="c11 s12")
    verdict = rnd.can_ask()
    if profile == "traditional":
        assert verdict.ok
        assert "N ask" in [a.text() for a in rnd.legal_actions()]
    else:
        assert verdict.code == "permission_wrong_time"
        assert "N ask" not in [a.text() for a in rnd.legal_actions()]


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_after_taking_the_pile(profile: str) -> None:
    """[classic] right after taking the pile (the top card's meld first) is fine;
    [cardgames_io] only after drawing from the stock; [traditional] before taking."""
    rnd = table(profile, ["h9 c9 d9 c10 h10", "c4", "c5", "c6"],
                melds=[["h8 h8 c8 c8 d8 d8 s8"]], has_melded=[True] * 4, pile="c11 h10")
    rnd.take_pile("c10 h10")  # then h9 c9 d9 c11: meld the nines, discard c11
    verdict = rnd.can_ask()
    if profile == "classic":
        assert verdict.ok
    else:
        assert verdict.code == "permission_wrong_time"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_not_after_a_meld(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    rnd.meld("h9 c9 d9")
    assert rnd.can_ask().code == "permission_wrong_time"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_only_when_able_to_go_out(profile: str) -> None:
    """cardgames_io asks only when able to go out; the engine applies this to every profile:
    a binding "yes" that cannot be obeyed would be meaningless (documented reading)."""
    rnd = table(profile, ["h9 c9 d9 c10 h11 s4"], melds=[["h8 h8 c8 c8 d8 d8 s8"]],
                drew_from="stock")
    assert rnd.can_ask().code == "permission_cannot_go_out"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_answer_yes_binds(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    rnd.ask()
    assert rnd.can_answer(True, seat=1).code == "not_your_turn"
    rnd.answer(True)
    assert rnd.permission == "yes" and rnd.phase == "play"
    assert rnd.can_ask().code == "permission_already_asked"
    assert rnd.can_answer(True).code == "permission_not_asked"
    assert rnd.can_discard("h5").code == "must_go_out"
    # the joker on the nines would strand the tens: refused
    assert rnd.can_meld("h9 c9 jk").code == "must_go_out"
    rnd.meld("h9 c9 d9")
    assert rnd.can_discard("h5").code == "must_go_out"
    rnd.meld("h10 c10 jk")
    rnd.discard("h5")
    assert rnd.is_over and rnd.went_out == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_answer_no_binds(profile: str) -> None:
    rnd = table(profile, ["h9 c9 d9 c10", "c4", "c5", "c6"],
                melds=[["h8 h8 c8 c8 d8 d8 s8"]], has_melded=[True] * 4, drew_from="stock")
    rnd.ask()
    rnd.answer(False)
    assert rnd.permission == "no"
    assert rnd.can_meld("h9 c9 d9").code == "go_out_forbidden_by_partner"
    assert rnd.can_discard("c10").ok
    rnd.discard("c10")
    assert not rnd.is_over


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_awaiting_answer_blocks_other_actions(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    rnd.ask()
    before = rnd.snapshot()
    for action in ("N discard h5", "N meld h9 c9 d9", "N draw", "E draw", "N ask"):
        assert rnd.check(action).code == "awaiting_answer"
        with pytest.raises(IllegalActionError):
            rnd.apply(action)
    assert rnd.snapshot() == before


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


# =========================================================================== §7 end of stock


@pytest.mark.parametrize("profile", PROFILES)
def test_rules7_last_stock_card_red_three(profile: str) -> None:
    rnd = table(profile, ["h9 c9 c10", "c4 c4", "c5 c5", "c6 c6"], stock="h3",
                melds=[["h8 c8 d8"]], pile="s7")
    rnd.draw()
    assert rnd.red_threes[0] == cards("h3")
    if profile in PLAY_ON:
        assert rnd.is_over and rnd.end_reason == "stock_exhausted"
        assert rnd.went_out is None
        assert rnd.scores()[0].points("going_out") == 0
    else:
        # cardgames_io: the turn goes on; the hand ends when it ends with the stock empty
        assert not rnd.is_over
        rnd.discard("c10")
        assert rnd.is_over and rnd.end_reason == "stock_exhausted"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules7_last_stock_card_red_three_as_a_replacement(profile: str) -> None:
    """The last stock card can also come as the replacement of a drawn red three: h3 drawn,
    replaced by d3, the last card. [classic, traditional] the hand ends at once."""
    rnd = table(profile, ["h9 c9 c10", "c4 c4", "c5 c5", "c6 c6"], stock="h3 d3",
                melds=[["h8 c8 d8"]], pile="s7")
    rnd.draw()
    assert sorted(rnd.red_threes[0]) == sorted(cards("h3 d3")) and rnd.stock == []
    if profile in PLAY_ON:
        assert rnd.is_over and rnd.end_reason == "stock_exhausted"
    else:
        assert not rnd.is_over
        rnd.discard("c10")
        assert rnd.is_over


@pytest.mark.parametrize("profile", PLAY_ON)
def test_rules7_compulsory_take_when_top_fits_team_meld(profile: str) -> None:
    rnd = table(profile, ["h9 c9 c10", "c4 c4", "c5 c5", "c6 c6"], stock="",
                melds=[["h8 c8 d8"]], pile="h4 s8")
    assert rnd.can_draw().code == "stock_empty"
    assert rnd.can_decline().code == "must_take_pile"
    assert [a.text() for a in rnd.legal_actions()] == ["N take"]
    rnd.take_pile()
    assert not rnd.is_over


@pytest.mark.parametrize("profile", PLAY_ON)
def test_rules7_may_take_for_a_new_meld_or_decline(profile: str) -> None:
    rnd = table(profile, ["h9 c9 c10", "c4 c4", "c5 c5", "c6 c6"], stock="",
                melds=[["h8 c8 d8"]], pile="h4 s9")
    texts = [a.text() for a in rnd.legal_actions()]
    assert "N take c9 h9" in texts and "N decline" in texts
    before = rnd.copy()
    rnd.decline()
    assert rnd.is_over and rnd.end_reason == "stock_exhausted" and rnd.went_out is None
    before.take_pile("c9 h9")
    assert not before.is_over


@pytest.mark.parametrize("profile", PLAY_ON)
def test_rules7_hand_ends_when_next_player_cannot_take(profile: str) -> None:
    rnd = table(profile, ["h9 c9 c10", "c4 h7", "c5 c5", "c6 c6"], stock="",
                melds=[["h8 c8 d8"]], pile="h4 s9", to_move=0)
    rnd.take_pile("c9 h9")
    rnd.discard("c10")  # E holds no pair of tens and has no meld: the hand ends
    assert rnd.is_over and rnd.end_reason == "stock_exhausted"
    assert all(s.points("going_out") == 0 for s in rnd.scores())


def test_rules7_cardgames_io_hand_ends_when_turn_ends_with_stock_empty() -> None:
    rnd = table("cardgames_io", ["h9 c9 c10", "c4 c4", "c5 c5", "c6 c6"], stock="c11",
                melds=[["h8 c8 d8"]], pile="h4 s8")
    rnd.draw()
    assert not rnd.is_over
    rnd.discard("c10")
    assert rnd.is_over and rnd.end_reason == "stock_exhausted"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules7_decline_only_at_end_of_stock(profile: str) -> None:
    rnd = table(profile, ["h9 c9 c10"], melds=[["h8 c8 d8"]], pile="s7")
    assert rnd.can_decline().code == "decline_only_at_end_of_stock"


# =========================================================================== §8 scoring


@pytest.mark.parametrize("profile", PROFILES)
def test_rules8_score_925(profile: str) -> None:
    assert score_round(["s13 s13 h13 h13 d13 c13 c13", "h1 c1 s1"], red_threes="h3 d3",
                       hands_left=["c7"], went_out=True, profile=profile).total == 925


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("threes, bonus", [("h3", 100), ("h3 d3", 200), ("h3 d3 h3", 300),
                                           ("h3 d3 h3 d3", 800)])
def test_rules8_red_threes_bonus_and_sign(profile: str, threes: str, bonus: int) -> None:
    assert score_round(["h5 c5 d5"], red_threes=threes, profile=profile).points(
        "red_threes") == bonus
    assert score_round([], red_threes=threes, profile=profile).points("red_threes") == -bonus


@pytest.mark.parametrize("profile", PROFILES)
def test_rules8_red_threes_negative_in_a_round_without_melds(profile: str) -> None:
    rnd = table(profile, ["h9 c9 d9 c10", "c4 c4", "c5", "c6 c6"],
                melds=[["h8 h8 c8 c8 d8 d8 s8"], []], red_threes=["", "h3", "", "d3"],
                has_melded=[True, False, True, False], drew_from="stock")
    rnd.meld("h9 c9 d9")
    rnd.discard("c10")
    opponents = rnd.scores()[1]
    assert opponents.points("red_threes") == -200
    assert opponents.total == -200 - 10 - 10


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


# =========================================================================== §9 end of game


def _stock_out_round(profile: str, scores: tuple[int, int], team0: str, team1: str) -> Round:
    """A round that ends when N declines at the end of the stock: team 0 melded ``team0``
    (N keeps c4), team 1 melded ``team1`` (E keeps c5)."""
    return Round.from_state(profile=profile, hands=["c4", "c5", "", ""], stock="",
                            melds=[[team0], [team1]], pile="s7", team_scores=scores)


def _play_to_end(game: Game, team0: str, team1: str) -> None:
    profile = game.profile.name
    if profile == "cardgames_io":
        # end_when_empty: one draw from a one-card stock and a discard end the hand
        rnd = Round.from_state(profile=profile, hands=["c4", "c5", "", ""], stock="c10",
                               melds=[[team0], [team1]], pile="s7", team_scores=game.totals)
        game.rounds[-1] = rnd
        game.apply("N draw")
        game.apply("N discard c10")
        return
    game.rounds[-1] = _stock_out_round(profile, game.totals, team0, team1)
    game.apply("N decline")


@pytest.mark.parametrize("profile", PROFILES)
def test_rules9_game_ends_when_a_team_reaches_5000(profile: str) -> None:
    game = Game(profile, seed=1)
    game.totals = (4990, 3000)
    _play_to_end(game, "h8 c8 d8", "h9 c9 d9")  # 30 - 5 = 25 each
    assert game.totals == (5015, 3025)
    assert game.is_over and game.winner == 0
    with pytest.raises(IllegalActionError):
        game.apply("N draw")


@pytest.mark.parametrize("profile", PROFILES)
def test_rules9_game_goes_on_below_5000(profile: str) -> None:
    game = Game(profile, seed=1)
    game.totals = (4900, 3000)
    _play_to_end(game, "h8 c8 d8", "h9 c9 d9")
    assert not game.is_over and game.winner is None
    assert len(game.rounds) == 2
    assert game.round.dealer == (game.rounds[0].dealer + 1) % 4
    assert game.round.team_scores == game.totals


@pytest.mark.parametrize("profile", PROFILES)
def test_rules9_tie_at_5000_plays_on(profile: str) -> None:
    """A tie at or above 5000 never ends the game: another hand is dealt."""
    game = Game(profile, seed=2)
    game.totals = (4990, 4990)
    _play_to_end(game, "h8 c8 d8", "h9 c9 d9")  # 25 each
    assert game.totals == (5015, 5015)
    assert not game.is_over and game.winner is None
    assert len(game.rounds) == 2
    _play_to_end(game, "h8 c8 d8", "h5 c5 d5")  # 25 and 10
    assert game.totals == (5040, 5025)
    assert game.is_over and game.winner == 0


def _both_lose(profile: str, game: Game) -> None:
    """A hand in which neither team melds: team 0 loses 25, team 1 loses 40."""
    if profile == "cardgames_io":
        game.rounds[-1] = Round.from_state(
            profile=profile, hands=["c13 c12 c4", "c13 c12 c11 s10", "", ""], stock="c10",
            pile="s7", team_scores=game.totals)
        game.apply("N draw")
        game.apply("N discard c10")
    else:
        game.rounds[-1] = Round.from_state(
            profile=profile, hands=["c13 c12 c4", "c13 c12 c11 s10", "", ""], stock="",
            pile="s7", team_scores=game.totals)
        game.apply("N decline")


@pytest.mark.parametrize("profile", PROFILES)
def test_rules9_after_a_tie_who_wins(profile: str) -> None:
    """After a tie at 5015, a hand leaves 4990 / 4975. [classic] the game goes on until a
    team leads with at least 5000; [cardgames_io, traditional] it ends as soon as one team
    is ahead, so team 0 wins with 4990."""
    game = Game(profile, seed=3)
    game.totals = (4990, 4990)
    _play_to_end(game, "h8 c8 d8", "h9 c9 d9")
    assert game.totals == (5015, 5015) and not game.is_over
    _both_lose(profile, game)
    assert game.totals == (4990, 4975)
    if profile == "classic":
        assert not game.is_over and len(game.rounds) == 3
    else:
        assert game.is_over and game.winner == 0


def test_rules_profiles_are_valid_inputs() -> None:
    for name in PROFILES:
        assert get_profile(name).name == name

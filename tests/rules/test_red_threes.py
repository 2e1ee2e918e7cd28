"""Red threes: dealt (docs/rules.md#rules-dealt-red-threes), in play (#rules-red-threes)
and their sign in the score (#rules-scoring-red-threes).

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import AT_DEAL, PROFILES, cards, deck_starting, plain_deal, table

from canasta_learn import Position, Round, check_meld, get_profile, meld_value, score_round


@pytest.mark.parametrize("profile", PROFILES)
def test_rules1_red_threes_have_no_card_value_only_bonus(profile: str) -> None:
    score = score_round(["h5 c5 d5"], red_threes="h3", profile=profile)
    assert score.points("melds") == 15 and score.points("red_threes") == 100
    assert score.total == 115


def test_rules8_dealt_red_three_never_laid_still_scores_as_red_three() -> None:
    """[cardgames_io] dealt red threes wait for the player's first turn. If the hand ends
    before it (E goes out concealed on the very first turn), W's h3 is still in hand.
    Ruling (docs/rules.md#rules-scoring): it still counts as the red three of W's team (E and W: a bonus,
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


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_red_threes_never_melded(profile: str) -> None:
    assert check_meld("h3 d3 jk", profile).code == "meld_red_three"
    assert check_meld("h3 d3 h3", profile, going_out=True).code == "meld_red_three"
    with pytest.raises(ValueError):
        Position("h3 c9 c9", profile=profile)  # red threes never stay in hand


@pytest.mark.parametrize("profile", PROFILES)
def test_rules3_red_threes_never_melded_so_meld_value_refuses_them(profile: str) -> None:
    """Issue 24 §3: ``meld_value("h3 d3")`` gave 10 (a black three's value), for cards that are
    never melded and have no card value (docs/rules.md#rules-cards: "no card value"; the bonus is
    score_round's). A clear refusal naming the red threes, and the black threes still count 5."""
    with pytest.raises(ValueError) as info:
        meld_value("h3 d3", profile)
    assert str(info.value) == (
        "cards holds the red threes h3 d3, which are never melded and have no card value: they score only "
        "as bonuses (score_round counts them). Take them out of the cards.")
    with pytest.raises(ValueError, match=r"^cards holds the red three d3, which is never melded"):
        meld_value("h1 c1 d3", profile)
    assert meld_value("s3 c3 s3", profile) == 3 * get_profile(profile).card_values[3]


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

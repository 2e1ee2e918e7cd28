"""When the stock runs out: docs/rules.md#rules-end-of-stock.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PLAY_ON, PROFILES, cards, table


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

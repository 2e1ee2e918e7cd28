"""Refusal messages point at the fix that would make the move legal."""

from __future__ import annotations

from canasta_learn import Position


def test_frozen_pile_message_points_to_the_pair_the_player_holds() -> None:
    """docs/rules.md#rules-pile-frozen: a frozen pile needs a natural pair; a player who holds one but names a
    natural and a wild card is told which pair to use, not that he lacks one."""
    position = Position("h9 h9 jk c4 c5", discard_pile="d2 s9", team_melds=["c13 d13 h13"])
    verdict = position.check_take_pile("h9 jk")
    assert verdict.code == "pile_frozen_needs_natural_pair"
    assert "you hold the natural pair h9 h9" in verdict.message
    assert "take h9 h9" in verdict.message
    assert "only" not in verdict.message


def test_open_pile_message_uses_the_right_article() -> None:
    position = Position("h1 c4 c5", discard_pile="s9 d1", team_melds=["c13 d13 h13"])
    assert "an ace and a wild card" in position.pile_status().message


def test_every_pile_reason_is_listed_and_produced() -> None:
    """pile.PILE_REASONS lists every reason a pile status can give, each with its meaning."""
    from canasta_learn import get_profile, parse_cards
    from canasta_learn.rules.pile import PILE_REASONS, pile_status

    classic, traditional, italian = get_profile("classic"), get_profile("traditional"), get_profile("italian")
    cases = {
        "empty": ("", classic, True), "open": ("s9 d6", classic, True),
        "blocked_black_three": ("s9 c3", classic, True), "blocked_wild": ("s9 jk", classic, True),
        "frozen_wild": ("d2 s9", classic, True), "frozen_red_three": ("h3 s9", classic, True),
        "frozen_black_three": ("c3 s9", traditional, True), "frozen_not_opened": ("s5 s9", classic, False),
        "frozen_always": ("s5 s9", italian, True),
    }
    assert set(cases) == set(PILE_REASONS)
    for code, (pile, profile, opened) in cases.items():
        status = pile_status(parse_cards(pile), profile, team_opened=opened)
        assert status.code == code, (code, status)
        assert status.message.endswith(".")

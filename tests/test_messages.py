"""Refusal messages point at the fix that would make the move legal."""

from __future__ import annotations

from canasta_learn import Position


def test_frozen_pile_message_points_to_the_pair_the_player_holds() -> None:
    """RULES.md §4: a frozen pile needs a natural pair; a player who holds one but names a
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

"""The end of the game: docs/rules.md#rules-game-end.

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES

from canasta_learn import Game, IllegalActionError, Round


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

"""Bad input: each a clear error of the right type, and nothing changed."""

from __future__ import annotations

import pytest

from canasta_learn import (
    ActionNotationError,
    DeckError,
    Game,
    IllegalActionError,
    NotationError,
    Position,
    ProfileError,
    Round,
    check_meld,
    meld_value,
    opening_minimum,
    parse_action,
    parse_cards,
    score_round,
)
from canasta_learn.actions import Discard, Draw
from canasta_learn.cards import Card, new_deck

KINGS = "h13 h13 s13 s13 d13 c13 c13"


def fresh() -> Round:
    return Round(seed=7)  # E (seat 1) to move, in the draw phase


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ["h1 x7", "h14", "q5", "h1,,c1 z", "10h", "jkr", "h-1"])
def test_malformed_card_notation(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    assert "is not a card" in str(info.value)


@pytest.mark.parametrize("text", [
    "N fly", "X draw", "N", "", "N discard", "N discard h1 h2", "N discard x7",
    "N answer maybe", "N add h13", "N meld", "N meld h1 x9", "N draw h1", "N take h1 | ",
    "P9 draw",
])
def test_malformed_action_text(text: str) -> None:
    with pytest.raises(ActionNotationError) as info:
        parse_action(text)
    assert isinstance(info.value, NotationError) and isinstance(info.value, ValueError)
    assert str(info.value).endswith(".")


@pytest.mark.parametrize("text", ["E discard x7", "E fly", "E meld h1 | q9"])
def test_malformed_action_text_changes_nothing(text: str) -> None:
    rnd = fresh()
    before = rnd.snapshot()
    with pytest.raises(NotationError):
        rnd.apply(text)
    with pytest.raises(NotationError):
        rnd.check(text)
    assert rnd.snapshot() == before


def test_malformed_cards_in_queries() -> None:
    with pytest.raises(NotationError):
        Position("h1 x7")
    with pytest.raises(NotationError):
        check_meld("h1 c1 zz")
    with pytest.raises(NotationError):
        meld_value("h1 11")
    with pytest.raises(NotationError):
        score_round(["h1 c1 d1x"])
    rnd = fresh()
    before = rnd.snapshot()
    with pytest.raises(NotationError):
        rnd.can_take_pile("c6 c66")
    with pytest.raises(NotationError):
        rnd.discard("c66")
    assert rnd.snapshot() == before


# --------------------------------------------------------------------------- impossible cards


def test_third_copy_in_position_hand() -> None:
    with pytest.raises(DeckError) as info:
        Position("h5 h5 h5 c9")
    assert "h5" in str(info.value) and "3" in str(info.value)


def test_third_copy_across_hand_pile_and_melds() -> None:
    with pytest.raises(DeckError):
        Position("h5 h5 c9", discard_pile="h5")
    with pytest.raises(DeckError):
        Position("h13 c9", team_melds=[KINGS + " jk"], discard_pile="s9")
    with pytest.raises(DeckError):
        Position("jk jk c9", discard_pile="jk", team_melds=["h5 c5 jk jk"])
    with pytest.raises(DeckError):
        Position("c9 c10", red_threes="h3 h3 h3")


def test_third_copy_in_round_from_state() -> None:
    with pytest.raises(DeckError):
        Round.from_state(hands=["h5 h5", "h5"])
    with pytest.raises(DeckError):
        Round.from_state(hands=["c9"], stock="c9 c9")


def test_third_copy_in_deck() -> None:
    deck = new_deck()
    deck[deck.index(Card(6, "c"))] = Card(5, "h")
    with pytest.raises(DeckError) as info:
        Round(deck=deck)
    assert "h5" in str(info.value)
    with pytest.raises(DeckError):
        Game(decks=[deck])


def test_from_state_rejects_impossible_tables() -> None:
    with pytest.raises(ValueError, match="illegal"):
        Round.from_state(hands=["c9"], melds=[["h5 c5"]])
    with pytest.raises(ValueError, match="one meld per rank"):
        Round.from_state(hands=["c9"], melds=[["h5 c5 d5", "s5 s5 jk"]])
    with pytest.raises(ValueError):
        Round.from_state(hands=["c9"], red_threes=["c3"])
    with pytest.raises(ValueError):
        Round.from_state(hands=["c9"], melds=[["h5 c5 d5"]], opened=[False, False])
    with pytest.raises(ValueError):
        Round.from_state(hands=["c9"], drew_from="hand")
    with pytest.raises(ValueError):
        Round.from_state(hands=["c9"] * 5)
    with pytest.raises(ValueError):
        Position("h3 c9 c9")


# --------------------------------------------------------------------------- profiles


@pytest.mark.parametrize("build", [
    lambda: Round("nope"),
    lambda: Game("nope"),
    lambda: Position("h5 c5 d5", profile="nope"),
    lambda: check_meld("h5 c5 d5", "nope"),
    lambda: opening_minimum(0, "nope"),
    lambda: score_round(["h5 c5 d5"], profile="nope"),
])
def test_unknown_profile(build: object) -> None:
    with pytest.raises(ProfileError) as info:
        build()  # type: ignore[operator]
    assert "classic" in str(info.value) and "cardgames_io" in str(info.value)


def test_bad_round_arguments() -> None:
    with pytest.raises(ValueError, match="dealer"):
        Round(dealer=5)
    with pytest.raises(ValueError, match="team_scores"):
        Round(team_scores=(0, 0, 0))
    rnd = fresh()
    before = rnd.snapshot()
    with pytest.raises(ValueError, match="seat"):
        rnd.draw(seat=7)
    with pytest.raises(ValueError):
        rnd.discard("c9 c10")
    with pytest.raises(TypeError):
        rnd.apply(42)  # type: ignore[arg-type]
    assert rnd.snapshot() == before


# --------------------------------------------------------------------------- out of turn


def assert_refused(rnd: Round, action: object, code: str) -> None:
    before = rnd.snapshot()
    verdict = rnd.check(action)  # type: ignore[arg-type]
    assert not verdict.ok and verdict.code == code, verdict
    with pytest.raises(IllegalActionError) as info:
        rnd.apply(action)  # type: ignore[arg-type]
    assert info.value.code == code and info.value.verdict == verdict
    assert str(info.value) == verdict.message
    assert rnd.snapshot() == before


@pytest.mark.parametrize("text", ["N draw", "S draw", "W discard h5", "N meld h1 c1 d2",
                                  "S take", "W decline", "N ask"])
def test_actions_out_of_turn(text: str) -> None:
    assert_refused(fresh(), text, "not_your_turn")


def test_out_of_turn_through_the_triples() -> None:
    rnd = fresh()
    before = rnd.snapshot()
    with pytest.raises(IllegalActionError) as info:
        rnd.verify_draw(seat=0)
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalActionError):
        rnd.draw(seat=2)
    assert rnd.can_draw(seat=3).code == "not_your_turn"
    assert rnd.snapshot() == before


@pytest.mark.parametrize("profile", ["classic", "cardgames_io", "traditional"])
def test_actions_before_drawing(profile: str) -> None:
    rnd = Round(profile, seed=7)
    hand = rnd.hands[1]
    assert_refused(rnd, Discard(1, hand[0]), "must_draw_first")
    naturals = [c for c in hand if not c.is_wild]
    assert_refused(rnd, f"E meld {naturals[0]} {naturals[0]} jk", "must_draw_first")


def test_actions_after_drawing() -> None:
    rnd = fresh()
    rnd.draw()
    assert_refused(rnd, Draw(1), "already_drew")
    assert_refused(rnd, "E take", "already_drew")


def test_discarding_a_card_not_in_hand() -> None:
    rnd = fresh()
    rnd.draw()
    missing = next(c for c in new_deck() if c not in rnd.hands[1])
    assert_refused(rnd, Discard(1, missing), "discard_not_in_hand")


def test_actions_after_the_round_ended() -> None:
    rnd = Round.from_state(hands=["h9 c9 d9 c10", "c4", "c5", "c6"], melds=[[KINGS]],
                           stock="s12 s11", drew_from="stock", has_melded=[True] * 4)
    rnd.meld("h9 c9 d9")
    rnd.discard("c10")
    assert rnd.is_over and rnd.legal_actions() == []
    for text in ("E draw", "N draw", "E take", "E discard c4", "E ask", "S answer yes",
                 "E decline", "E meld c4 c4 c4"):
        assert_refused(rnd, text, "round_over")


def test_scores_before_the_round_ended() -> None:
    with pytest.raises(ValueError, match="not over"):
        fresh().scores()


def test_game_refuses_actions_after_it_ended() -> None:
    game = Game(seed=1)
    game.totals = (4990, 0)
    game.rounds[-1] = Round.from_state(hands=["c4", "c5", "", ""], stock="", pile="s7",
                                       melds=[["h8 c8 d8"], ["h9 c9 d9"]],
                                       team_scores=game.totals)
    game.apply("N decline")
    assert game.is_over
    rounds = len(game.rounds)
    with pytest.raises(IllegalActionError) as info:
        game.apply("E draw")
    assert info.value.code == "round_over"
    assert len(game.rounds) == rounds and game.totals == (5015, 25)

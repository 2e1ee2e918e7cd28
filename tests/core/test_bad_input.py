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
    get_profile,
    meld_value,
    opening_minimum,
    parse_action,
    parse_cards,
    score_round,
    set_language,
)
from canasta_learn.core.actions import Discard, Draw, parse_seat
from canasta_learn.core.cards import Card, new_deck

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


# --------------------------------------------------------------------------- issue 11, section 2


def test_score_round_red_threes_must_be_red_threes() -> None:
    with pytest.raises(ValueError, match="red_threes holds c3 h5") as info:
        score_round(["h4 c4 d4"], red_threes="c3 h5")
    assert "h3 and d3" in str(info.value)


def test_score_round_red_threes_within_the_deck() -> None:
    with pytest.raises(DeckError, match="3 copies of h3"):
        score_round(["h5 d5 c5"], red_threes="h3 h3 d3 d3 h3")
    # Pennies from Heaven has four decks: eight red threes exist (1000 with a sevens canasta)
    assert score_round(["h7 h7 c7 c7 d7 d7 s7"], red_threes="h3 h3 h3 h3 d3 d3 d3 d3",
                       profile="pennies_from_heaven").points("red_threes") == 1000


def test_check_meld_counts_against_the_profile_deck() -> None:
    with pytest.raises(DeckError, match="3 copies of h5") as info:
        check_meld("h5 h5 h5")
    assert "only 2" in str(info.value)
    with pytest.raises(DeckError):
        meld_value("jk jk jk jk jk")
    assert check_meld("h5 h5 h5", "italian").ok  # three decks
    assert check_meld("h5 h5 h5 h5", "pennies_from_heaven").ok  # four decks


def test_score_round_refuses_an_illegal_meld() -> None:
    with pytest.raises(ValueError, match=r"team_melds\[0\] \(h5 h5\) is not a legal meld"):
        score_round(["h5 h5"])
    with pytest.raises(ValueError, match="team_melds"):
        score_round(["h5 c5 d5", "h6 h7 h8"])
    with pytest.raises(ValueError, match="black threes"):
        score_round(["s3 s3 c3"])  # only the player going out melds black threes
    assert score_round(["s3 s3 c3"], went_out=True).points("melds") == 15


def test_score_round_refuses_red_three_in_hand_where_dealt_ones_are_laid_at_once() -> None:
    with pytest.raises(ValueError, match="red_threes"):
        score_round(["h5 c5 d5"], hands_left=["h3 c9"])


def test_score_round_flags_must_be_booleans() -> None:
    with pytest.raises(TypeError, match="went_out"):
        score_round(["h5 c5 d5"], went_out="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="has_melded"):
        score_round(["h5 c5 d5"], has_melded=1)  # type: ignore[arg-type]


def test_from_state_to_move_out_of_range() -> None:
    with pytest.raises(ValueError, match="to_move must be a whole number from 0 to 3, not 7"):
        Round.from_state(hands=["c4"], to_move=7)
    with pytest.raises(ValueError, match="to_move must be a whole number from 0 to 5"):
        Round.from_state(hands=["c4"], to_move=6, profile="pennies_from_heaven")
    with pytest.raises(TypeError, match="to_move"):
        Round.from_state(hands=["c4"], to_move="N")  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs, argument", [
    ({"hands": "c4 c5"}, "hands"),
    ({"hands": ["c4"], "opened": [True]}, "opened"),
    ({"hands": ["c4"], "has_melded": [True, False]}, "has_melded"),
    ({"hands": ["c4"], "melds": [["h5 c5 d5"]] * 3}, "melds"),
    ({"hands": ["c4"], "red_threes": ["h3"] * 5}, "red_threes"),
    ({"hands": [5]}, "hands[0]"),
    ({"hands": ["c4"], "dealer": 4}, "dealer"),
    ({"hands": ["c4"], "morto_state": ["gone", "taken"], "profile": "tranca"}, "morto_state"),
])
def test_from_state_bad_arguments_name_the_argument(kwargs: dict[str, object], argument: str) -> None:
    with pytest.raises((ValueError, TypeError)) as info:
        Round.from_state(**kwargs)  # type: ignore[arg-type]
    assert str(info.value).startswith(argument)


def test_check_meld_of_a_number_names_the_argument() -> None:
    with pytest.raises(TypeError, match="^cards must be card notation text"):
        check_meld(12345)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^cards"):
        meld_value(3.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="going_out"):
        check_meld("h5 c5 d5", going_out="no")  # type: ignore[arg-type]


@pytest.mark.parametrize("build, argument", [
    (lambda: opening_minimum("1500"), "team_score"),
    (lambda: Position(5), "hand"),
    (lambda: Position("c4 c5", team_score=None), "team_score"),
    (lambda: Position("c4 c5", team_opened="no"), "team_opened"),
    (lambda: Position("c4 c5", team_melds=[7]), "team_melds[0]"),
    (lambda: Round(seed=[1]), "seed"),
    (lambda: Round(team_scores=0), "team_scores"),
    (lambda: Round(deck=108), "deck"),
    (lambda: Game(seed="one"), "seed"),
    (lambda: Game(decks=3), "decks"),
])
def test_wrong_kinds_raise_type_error_naming_the_argument(build: object, argument: str) -> None:
    with pytest.raises(TypeError) as info:
        build()  # type: ignore[operator]
    assert str(info.value).startswith(argument + " must be")


@pytest.mark.parametrize("build, argument", [
    (lambda: Position("c4 c5", drew_from="hand"), "drew_from"),
    (lambda: Game(dealer=4), "dealer"),
])
def test_values_out_of_range_raise_value_error_naming_the_argument(build: object, argument: str) -> None:
    with pytest.raises(ValueError) as info:
        build()  # type: ignore[operator]
    assert str(info.value).startswith(argument + " must be")


def test_game_checks_every_deck_before_dealing() -> None:
    deck = new_deck()
    bad = list(deck)
    bad[0] = bad[1]
    with pytest.raises(DeckError):
        Game(decks=[deck, bad])


# --------------------------------------------------------------------------- one rule, every entry point
# Issue 24 §3 (core/inputs.py): a value of the wrong Python kind is a TypeError whose message
# starts with the argument's name and says what was given and what to pass; a value of the right
# kind that is wrong is the package's documented error (NotationError, DeckError, ProfileError,
# IllegalActionError) or a ValueError naming the argument. A refused call changes nothing.

def _round() -> Round:
    return Round(seed=7)  # E (seat 1) to move, in the draw phase


def _played() -> Round:
    rnd = Round(seed=7)
    rnd.draw()
    return rnd


def _game() -> Game:
    return Game(seed=3)


def _position() -> Position:
    return Position("h5 c5 d5 s9 s9", discard_pile="c7 h9")


#: (entry point, the call with one argument of the wrong kind, the argument, what was given)
WRONG_KINDS: list[tuple[str, object, str, object]] = [
    ("check_meld", lambda: check_meld(None), "cards", None),
    ("check_meld", lambda: check_meld(12345), "cards", 12345),
    ("check_meld", lambda: check_meld("h5 c5 d5", going_out="no"), "going_out", "no"),
    ("check_meld", lambda: check_meld("h5 c5 d5", 5), "profile", 5),
    ("meld_value", lambda: meld_value(None), "cards", None),
    ("meld_value", lambda: meld_value(3.5), "cards", 3.5),
    ("meld_value", lambda: meld_value("h5 c5 d5", ["classic"]), "profile", ["classic"]),
    ("score_round", lambda: score_round(None), "team_melds", None),
    ("score_round", lambda: score_round(["h5 c5 d5"], red_threes=None), "red_threes", None),
    ("score_round", lambda: score_round(["h5 c5 d5"], hands_left=7), "hands_left", 7),
    ("score_round", lambda: score_round(["h5 c5 d5"], went_out="yes"), "went_out", "yes"),
    ("score_round", lambda: score_round(["h5 c5 d5"], concealed=1), "concealed", 1),
    ("opening_minimum", lambda: opening_minimum(None), "team_score", None),
    ("opening_minimum", lambda: opening_minimum("1500"), "team_score", "1500"),
    ("get_profile", lambda: get_profile(5), "profile", 5),
    ("parse_cards", lambda: parse_cards(None), "text", None),
    ("parse_action", lambda: parse_action(None), "text", None),
    ("parse_seat", lambda: parse_seat(3), "text", 3),
    ("set_language", lambda: set_language(5), "language", 5),
    ("Position", lambda: Position(None), "hand", None),
    ("Position", lambda: Position(5), "hand", 5),
    ("Position", lambda: Position("c4 c5", discard_pile=None), "discard_pile", None),
    ("Position", lambda: Position("c4 c5", team_melds=[7]), "team_melds[0]", 7),
    ("Position", lambda: Position("c4 c5", team_opened="no"), "team_opened", "no"),
    ("Position", lambda: Position("c4 c5", team_score=None), "team_score", None),
    ("Position", lambda: Position("c4 c5", drew_from=5), "drew_from", 5),
    ("Position", lambda: Position("c4 c5", red_threes=None), "red_threes", None),
    ("Position", lambda: Position("c4 c5", player_has_melded="no"), "player_has_melded", "no"),
    ("Position.check_take_pile", lambda: _position().check_take_pile(5), "cards", 5),
    ("Position.check_meld", lambda: _position().check_meld(None), "melds", None),
    ("Position.check_go_out", lambda: _position().check_go_out("h5 c5 d5", "s9", concealed="yes"), "concealed", "yes"),
    ("Position.check_go_out", lambda: _position().check_go_out("h5 c5 d5", 9), "discard", 9),
    ("Round", lambda: Round(seed=[1]), "seed", [1]),
    ("Round", lambda: Round(deck=108), "deck", 108),
    ("Round", lambda: Round(dealer="N"), "dealer", "N"),
    ("Round", lambda: Round(team_scores=0), "team_scores", 0),
    ("Round", lambda: Round(profile=5), "profile", 5),
    ("Round.from_state", lambda: Round.from_state(hands=None), "hands", None),
    ("Round.from_state", lambda: Round.from_state(hands=["c4", None]), "hands[1]", None),
    ("Round.from_state", lambda: Round.from_state(hands=["c4"], to_move="N"), "to_move", "N"),
    ("Round.from_state", lambda: Round.from_state(hands=["c4"], dealer="N"), "dealer", "N"),
    ("Round.from_state", lambda: Round.from_state(hands=["c4"], stock=None), "stock", None),
    ("Round.from_state", lambda: Round.from_state(hands=["c4"], pile=None), "pile", None),
    ("Round.from_state", lambda: Round.from_state(hands=["c4"], check_counts="yes"), "check_counts", "yes"),
    ("Round.apply", lambda: _round().apply(None), "action", None),
    ("Round.check", lambda: _round().check(None), "action", None),
    ("Round.can_apply", lambda: _round().can_apply(5), "action", 5),
    ("Round.verify_apply", lambda: _round().verify_apply(b"E draw"), "action", b"E draw"),
    ("Round.draw", lambda: _round().draw(seat="E"), "seat", "E"),
    ("Round.can_draw", lambda: _round().can_draw(seat=1.0), "seat", 1.0),
    ("Round.verify_draw", lambda: _round().verify_draw(seat="E"), "seat", "E"),
    ("Round.take_pile", lambda: _round().take_pile(5), "cards", 5),
    ("Round.meld", lambda: _played().meld(None), "melds", None),
    ("Round.discard", lambda: _played().discard(None), "card", None),
    ("Round.can_discard", lambda: _played().can_discard(5), "card", 5),
    ("Round.ask", lambda: _played().ask(seat="E"), "seat", "E"),
    ("Round.answer", lambda: _played().answer("yes"), "yes", "yes"),
    ("Round.decline", lambda: _round().decline(seat=[1]), "seat", [1]),
    ("Round.swap", lambda: _round().swap("101", "h8"), "target", "101"),
    ("Round.pile_status", lambda: _round().pile_status("E"), "seat", "E"),
    ("Game", lambda: Game(seed="one"), "seed", "one"),
    ("Game", lambda: Game(decks=3), "decks", 3),
    ("Game", lambda: Game(dealer="N"), "dealer", "N"),
    ("Game", lambda: Game(max_rounds="10"), "max_rounds", "10"),
    ("Game.apply", lambda: _game().apply(None), "action", None),
    ("Game.check", lambda: _game().check(7), "action", 7),
]


@pytest.mark.parametrize("entry, call, argument, given", WRONG_KINDS,
                         ids=[f"{row[0]}-{row[2]}-{type(row[3]).__name__}" for row in WRONG_KINDS])
def test_a_wrong_kind_is_a_type_error_naming_the_argument_what_it_got_and_what_to_pass(
        entry: str, call: object, argument: str, given: object) -> None:
    with pytest.raises(TypeError) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert message.startswith(f"{argument} must be "), message  # the argument, then what to pass
    assert message.endswith(f", not {type(given).__name__} {given!r}."), message  # what it got


def test_a_wrong_kind_of_action_or_seat_changes_nothing() -> None:
    rnd = _round()
    before = rnd.snapshot()
    for call in (lambda: rnd.apply(None), lambda: rnd.draw(seat="E"), lambda: rnd.take_pile(5),
                 lambda: rnd.answer("yes"), lambda: rnd.discard(None)):
        with pytest.raises(TypeError):
            call()
        assert rnd.snapshot() == before


def test_the_parsers_wrong_kind_is_also_their_notation_error() -> None:
    """Code written to catch the parsers' NotationError on anything unreadable still does."""
    for call in (lambda: parse_cards(None), lambda: parse_action(42), lambda: parse_seat(None)):
        with pytest.raises(NotationError) as info:
            call()
        assert isinstance(info.value, TypeError)
    with pytest.raises(ProfileError) as profile_error:
        get_profile(5)
    assert isinstance(profile_error.value, TypeError)


#: (entry point, a call with a value of the right kind that is wrong, the error, the argument)
BAD_VALUES: list[tuple[str, object, type[Exception], str]] = [
    ("Round.draw", lambda: _round().draw(seat=9), ValueError,
     "seat must be a whole number from 0 to 3 or None, not 9."),
    ("Round.discard", lambda: _played().discard("h5 h6"), ValueError,
     "card must name exactly one card (such as 'h5'), not 'h5 h6'."),
    ("Round.discard", lambda: _played().discard(""), ValueError, "card must name exactly one card"),
    ("Round.apply", lambda: _round().apply("N draw"), IllegalActionError, ""),
    ("Round.apply", lambda: _round().apply("E fly"), NotationError, "'E fly': unknown verb 'fly'"),
    ("Position", lambda: Position("c4 c5", drew_from="hand"), ValueError,
     "drew_from must be None (not drawn yet), 'stock' or 'pile', not 'hand'."),
    ("Game", lambda: Game(max_rounds=0), ValueError, "max_rounds must be a whole number of at least 1, not 0."),
    ("get_profile", lambda: get_profile("nope"), ProfileError, "Unknown profile 'nope'"),
    ("meld_value", lambda: meld_value("h3 d3"), ValueError, "cards holds the red threes h3 d3"),
]


@pytest.mark.parametrize("entry, call, error, start", BAD_VALUES,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(BAD_VALUES)])
def test_a_wrong_value_of_the_right_kind_is_the_documented_error(
        entry: str, call: object, error: type[Exception], start: str) -> None:
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    assert not isinstance(info.value, TypeError) or isinstance(info.value, NotationError)
    assert str(info.value).startswith(start), str(info.value)

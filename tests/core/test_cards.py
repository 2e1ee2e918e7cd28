"""Cards, the notation (docs/rules.md#rules-cards), decks and dealing from an explicit order."""

from __future__ import annotations

import pytest

from canasta_learn import Card, DeckError, NotationError, Round, format_cards, parse_cards
from canasta_learn.core.cards import (
    ALL_CARDS,
    check_card_counts,
    deal_order,
    new_deck,
    parse_card,
    shuffled_deck,
    to_cards,
)

# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "token, rank, suit",
    [
        ("h10", 10, "h"), ("C6", 6, "c"), ("s12", 12, "s"), ("d1", 1, "d"),
        ("hK", 13, "h"), ("sA", 1, "s"), ("dq", 12, "d"), ("CJ", 11, "c"),
        ("h13", 13, "h"), ("S11", 11, "s"), ("d2", 2, "d"), ("c3", 3, "c"),
        ("jk", 0, "j"), ("JK", 0, "j"), ("Jk", 0, "j"), ("joker", 0, "j"),
    ],
)
def test_rules1_notation_accepted_forms(token: str, rank: int, suit: str) -> None:
    card = parse_card(token)
    assert (card.rank, card.suit) == (rank, suit)
    assert Card.parse(token) is card


def test_rules1_notation_is_case_insensitive() -> None:
    assert parse_cards("H10 c6 S12 D1 HK sa Jk") == parse_cards("h10 C6 s12 d1 hk SA jK")


@pytest.mark.parametrize(
    "text",
    ["h1 c1 d2", "h1,c1,d2", "h1, c1, d2", " h1  c1\td2 ", "h1 ,c1 , d2", "h1\nc1,d2,"],
)
def test_rules1_notation_commas_and_spaces(text: str) -> None:
    assert parse_cards(text) == [Card(1, "h"), Card(1, "c"), Card(2, "d")]


def test_rules1_notation_empty_text_is_no_cards() -> None:
    assert parse_cards("") == []
    assert parse_cards("  , ") == []


def test_rules1_there_are_53_card_kinds_and_each_round_trips() -> None:
    assert len(ALL_CARDS) == 53
    assert len(set(ALL_CARDS)) == 53
    for card in ALL_CARDS:
        text = str(card)
        assert text == text.lower()
        assert parse_card(text) is card
        assert parse_card(text.upper()) is card
        assert repr(card) == text
    assert format_cards(ALL_CARDS) == " ".join(str(c) for c in ALL_CARDS)
    assert parse_cards(format_cards(ALL_CARDS)) == list(ALL_CARDS)


def test_rules1_canonical_forms() -> None:
    assert str(parse_card("hK")) == "h13"
    assert str(parse_card("sA")) == "s1"
    assert str(parse_card("cj")) == "c11"
    assert str(parse_card("JK")) == "jk"


def test_cards_are_interned_hashable_and_ordered() -> None:
    assert Card(13, "h") is parse_card("hK")
    assert len({Card(5, "h"), parse_card("H5")}) == 1
    assert sorted(parse_cards("s13 h1 jk d2")) == parse_cards("jk h1 d2 s13")
    with pytest.raises(AttributeError):
        Card(5, "h").rank = 6  # type: ignore[misc]


def test_rules1_wild_natural_and_threes() -> None:
    assert parse_card("jk").is_wild and parse_card("c2").is_wild
    assert parse_card("h3").is_natural and not parse_card("h3").is_wild
    assert parse_card("h3").is_red_three and parse_card("d3").is_red_three
    assert parse_card("c3").is_black_three and parse_card("s3").is_black_three
    assert not parse_card("c3").is_red_three and not parse_card("h4").is_red_three
    assert parse_card("h13").name == "king of hearts"
    assert parse_card("jk").name == "joker"


@pytest.mark.parametrize(
    "text, bad, position",
    [
        ("x7", "x7", "card 1 of 1"),
        ("h1 x7", "x7", "card 2 of 2"),
        ("h1, c1, h14, d2", "h14", "card 3 of 4"),
        ("h0", "h0", "card 1 of 1"),
        ("hh", "hh", "card 1 of 1"),
        ("h 10", "h", "card 1 of 2"),
        ("10h", "10h", "card 1 of 1"),
        ("hz c1", "hz", "card 1 of 2"),
        ("c1 ♥K", "♥K", "card 2 of 2"),
    ],
)
def test_notation_error_names_token_and_position(text: str, bad: str, position: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    message = str(info.value)
    assert repr(bad) in message
    assert position in message
    assert "jk" in message and "h10" in message  # the accepted forms are listed
    assert isinstance(info.value, ValueError)


def test_notation_error_for_non_text() -> None:
    with pytest.raises(NotationError):
        parse_cards(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_card(7)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        to_cards([Card(5, "h"), 7])  # type: ignore[list-item]
    with pytest.raises(NotationError):
        Card(14, "h")
    with pytest.raises(NotationError):
        Card(5, "x")


def test_to_cards_accepts_text_cards_and_mixed_lists() -> None:
    h5 = Card(5, "h")
    assert to_cards(None) == []
    assert to_cards(h5) == [h5]
    assert to_cards("h5 jk") == [h5, Card(0, "j")]
    assert to_cards([h5, "d5 c5"]) == [h5, Card(5, "d"), Card(5, "c")]


# --------------------------------------------------------------------------- decks


def test_rules1_deck_has_108_cards_two_of_each_and_four_jokers() -> None:
    deck = new_deck()
    assert len(deck) == 108
    for card in ALL_CARDS:
        assert deck.count(card) == (4 if card.is_joker else 2)
    wilds = [c for c in deck if c.is_wild]
    assert len(wilds) == 12  # 4 jokers + 8 twos
    assert sum(1 for c in deck if c.is_red_three) == 4


def test_seeded_shuffle_is_deterministic() -> None:
    assert shuffled_deck(42) == shuffled_deck(42)
    assert shuffled_deck(42) != shuffled_deck(43)
    assert sorted(shuffled_deck(42)) == sorted(new_deck())
    r1, r2 = Round(seed=5), Round(seed=5)
    assert r1.snapshot() == r2.snapshot()
    assert Round(seed=5).hands != Round(seed=6).hands


def test_check_card_counts_third_copy_raises_deck_error() -> None:
    check_card_counts(parse_cards("h5 h5 jk jk jk jk"))
    with pytest.raises(DeckError) as info:
        check_card_counts(parse_cards("h5 h5 h5"))
    assert "h5" in str(info.value) and "3" in str(info.value)


def test_check_card_counts_fifth_joker_raises_deck_error() -> None:
    with pytest.raises(DeckError) as info:
        check_card_counts(parse_cards("jk jk jk jk jk"))
    assert "jokers" in str(info.value)


def test_deck_error_is_a_value_error() -> None:
    assert issubclass(DeckError, ValueError)


def test_deck_of_wrong_size_raises_deck_error() -> None:
    deck = new_deck()
    with pytest.raises(DeckError) as info:
        deal_order(deck[:-1])
    assert "107" in str(info.value) and "108" in str(info.value)
    with pytest.raises(DeckError):
        Round(deck=deck[:-1])
    with pytest.raises(DeckError):
        Round(deck=deck + [Card(5, "h")])  # a third h5
    with pytest.raises(DeckError):
        Round(deck=deck[1:] + [Card(0, "j")])  # 108 cards, but five jokers
    five_jokers = list(deck)
    five_jokers.remove(Card(5, "h"))
    five_jokers.append(Card(0, "j"))
    with pytest.raises(DeckError) as info:
        deal_order(five_jokers)
    assert "5 jokers" in str(info.value)


def _deck_with_front(front: str) -> list[Card]:
    """A 108-card deck whose first cards are ``front`` (dealt first), the rest in order."""
    deck = new_deck()
    first = parse_cards(front)
    for card in first:
        deck.remove(card)
    return first + deck


def test_deal_from_explicit_order() -> None:
    """Round(deck=...) deals deck[0] first, one card at a time clockwise from the dealer's left."""
    deck = new_deck()
    # keep threes and wilds away from the deal and the upcard
    plain = [c for c in deck if not c.is_wild and c.rank != 3]
    other = [c for c in deck if c.is_wild or c.rank == 3]
    order = plain + other
    rnd = Round(deck=order, dealer=0)
    assert rnd.to_move == 1
    for seat in range(4):
        offset = (seat - 1) % 4  # E gets the 1st card, S the 2nd, W the 3rd, N the 4th
        assert rnd.hands[seat] == sorted(order[offset:44:4])
        assert len(rnd.hands[seat]) == 11
    assert rnd.pile == [order[44]]
    assert len(rnd.stock) == 108 - 45
    assert rnd.stock[-1] == order[45]  # the top of the stock is the next card
    assert sorted(rnd.all_cards()) == sorted(deck)
    assert rnd.deck == tuple(order)
    # the same order deals the same round; a string deck works too
    assert Round(deck=format_cards(order)).snapshot() == rnd.snapshot()

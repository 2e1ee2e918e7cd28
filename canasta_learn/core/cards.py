"""Cards, the card notation, and decks.

The notation (docs/rules.md#rules-notation): a suit letter ``c d h s`` then a rank ``1``–``13``
(1 = ace, 11 = jack, 12 = queen, 13 = king) or a rank letter ``a j q k``; ``jk`` is a
joker. Case does not matter; tokens are separated by spaces or commas.

>>> parse_cards("h10 C6, s12 d1 jk hK sA")
[h10, c6, s12, d1, jk, h13, s1]
>>> str(Card.parse("HQ"))
'h12'
>>> Card.parse("d2").is_wild, Card.parse("h3").is_red_three
(True, True)
"""

from __future__ import annotations

import operator
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any, Final

from .i18n import get_language, gettext, pgettext

__all__ = [
    "ACE",
    "CARD_KEY",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "JOKER",
    "JOKER_RANK",
    "KING",
    "RANK_NAMES",
    "SPADES",
    "SUITS",
    "SUIT_NAMES",
    "Card",
    "CardList",
    "CardsLike",
    "NotationError",
    "NotationTypeError",
    "DeckError",
    "check_card_counts",
    "command_cards",
    "deal_order",
    "format_cards",
    "new_deck",
    "parse_card",
    "parse_cards",
    "rank_label",
    "rank_name",
    "shuffled_deck",
    "suit_name",
    "symbol_cards",
    "to_cards",
]

CLUBS: Final = "c"
DIAMONDS: Final = "d"
HEARTS: Final = "h"
SPADES: Final = "s"
JOKER: Final = "j"
SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_NAMES: Final = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades"}
SUIT_SYMBOLS: Final = {CLUBS: "\u2663", DIAMONDS: "\u2666", HEARTS: "\u2665", SPADES: "\u2660"}

JOKER_RANK: Final = 0
ACE: Final = 1
KING: Final = 13
RANK_NAMES: Final = {
    0: "joker", 1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
_RANK_PLURALS: Final = {6: "sixes"}
_RANK_LETTERS: Final = {"a": 1, "j": 11, "q": 12, "k": 13}
_SHORT_RANKS: Final = {0: "Jk", 1: "A", 11: "J", 12: "Q", 13: "K"}

ACCEPTED_FORMS: Final = (
    "a suit letter c, d, h or s followed by a rank 1-13 or a letter A, J, Q, K "
    "(for example h10, C6, s12, d1, hK, sA), or jk for a joker"
)

_TOKEN_RE: Final = re.compile(r"^([cdhs])(1[0-3]|[1-9]|[ajqk])$")
_SPLIT_RE: Final = re.compile(r"[\s,]+")


def accepted_forms() -> str:
    """`ACCEPTED_FORMS` in the language spoken now (the notation itself never changes).

    >>> accepted_forms() == ACCEPTED_FORMS
    True
    """
    return gettext("a suit letter c, d, h or s followed by a rank 1-13 or a letter A, J, Q, K "
                   "(for example h10, C6, s12, d1, hK, sA), or jk for a joker")


class NotationError(ValueError):
    """A card token or card list could not be read.

    The message names the offending token and the accepted forms.
    """


class NotationTypeError(NotationError, TypeError):
    """A parser was given something other than text: a TypeError (the wrong kind, see
    `canasta_learn.core.inputs`) that is also a `NotationError`, so that code catching the
    parser's notation error still catches it."""


class DeckError(ValueError):
    """A deck or a set of cards is impossible (too many copies of a card, wrong size)."""


def rank_label(rank: int) -> str:
    """The rank as printed on a card: ``'A'``, ``'7'``, ``'10'``, ``'K'`` (``'Jk'`` for a joker).

    >>> [rank_label(r) for r in (1, 7, 10, 13, 0)]
    ['A', '7', '10', 'K', 'Jk']
    """
    return _SHORT_RANKS.get(rank, str(rank))


@cache
def _display_words(language: str) -> tuple[dict[int, str], dict[int, str], dict[str, str]]:
    """The rank names (singular, plural) and suit names in ``language`` (the one spoken now:
    the catalogue answers in it), made once per language."""
    singular = {
        0: pgettext("rank", "joker"), 1: pgettext("rank", "ace"), 2: pgettext("rank", "two"),
        3: pgettext("rank", "three"), 4: pgettext("rank", "four"), 5: pgettext("rank", "five"),
        6: pgettext("rank", "six"), 7: pgettext("rank", "seven"), 8: pgettext("rank", "eight"),
        9: pgettext("rank", "nine"), 10: pgettext("rank", "ten"), 11: pgettext("rank", "jack"),
        12: pgettext("rank", "queen"), 13: pgettext("rank", "king"),
    }
    plural = {
        0: pgettext("ranks", "jokers"), 1: pgettext("ranks", "aces"), 2: pgettext("ranks", "twos"),
        3: pgettext("ranks", "threes"), 4: pgettext("ranks", "fours"), 5: pgettext("ranks", "fives"),
        6: pgettext("ranks", "sixes"), 7: pgettext("ranks", "sevens"), 8: pgettext("ranks", "eights"),
        9: pgettext("ranks", "nines"), 10: pgettext("ranks", "tens"), 11: pgettext("ranks", "jacks"),
        12: pgettext("ranks", "queens"), 13: pgettext("ranks", "kings"),
    }
    suits = {CLUBS: pgettext("suit", "clubs"), DIAMONDS: pgettext("suit", "diamonds"),
             HEARTS: pgettext("suit", "hearts"), SPADES: pgettext("suit", "spades")}
    return singular, plural, suits


def rank_name(rank: int, plural: bool = False) -> str:
    """The name of a rank in the language spoken now: ``rank_name(13)`` is ``'king'``, plural
    ``'kings'`` (``'rei'``, ``'reis'`` in Brazilian Portuguese)."""
    language = get_language()
    if language != "en":
        words = _display_words(language)
        RANK_NAMES[rank]  # an unknown rank is a KeyError in every language
        return words[1][rank] if plural else words[0][rank]
    name = RANK_NAMES[rank]
    if not plural:
        return name
    return _RANK_PLURALS.get(rank, name + "s")


def suit_name(suit: str) -> str:
    """The name of a suit (``'c'``, ``'d'``, ``'h'``, ``'s'``) in the language spoken now:
    ``suit_name('h')`` is ``'hearts'`` (``'copas'`` in Brazilian Portuguese)."""
    language = get_language()
    if language != "en":
        SUIT_NAMES[suit]  # an unknown suit is a KeyError in every language
        return _display_words(language)[2][suit]
    return SUIT_NAMES[suit]


class Card:
    """One playing card: immutable, hashable and ordered (by rank, then suit).

    Cards are interned: ``Card(13, "h") is Card.parse("hK")``. A joker has rank 0 and
    suit ``"j"``. Order puts jokers first, then aces (1) up to kings (13).

    >>> Card(13, "h"), Card.parse("jk"), sorted(parse_cards("s13 h1 jk"))
    (h13, jk, [jk, h1, s13])
    """

    # The card's facts are plain attributes, computed once when the card is interned (the
    # engine reads them millions of times: a slot is several times faster than a property).
    __slots__ = {
        "rank": "The rank: 0 for a joker, 1 (ace) to 13 (king).",
        "suit": "The suit letter: 'c', 'd', 'h', 's', or 'j' for a joker.",
        "index": "The position in the sort order (jokers first, then aces up to kings).",
        "_text": "The canonical notation.",
        "is_joker": "True for a joker.",
        "is_wild": "True for jokers and twos (the wild cards).",
        "is_natural": "True for every card that is not wild (threes included).",
        "is_red_three": "True for the three of hearts and the three of diamonds.",
        "is_black_three": "True for the three of clubs and the three of spades.",
        "is_red": "True for hearts and diamonds.",
    }
    rank: int
    suit: str
    index: int
    _text: str
    is_joker: bool
    is_wild: bool
    is_natural: bool
    is_red_three: bool
    is_black_three: bool
    is_red: bool

    _interned: dict[tuple[int, str], Card] = {}

    def __new__(cls, rank: int, suit: str) -> Card:
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is not None:
            return card
        if suit == JOKER:
            if rank != JOKER_RANK:
                raise NotationError(gettext("A joker has rank 0, not {rank}.").format(rank=repr(rank)))
        elif suit not in SUIT_NAMES or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise NotationError(gettext(
                "No card has rank {rank} and suit {suit}: use a rank 1-13 and a suit "
                "'c', 'd', 'h' or 's' (or Card(0, 'j') for a joker).").format(rank=repr(rank), suit=repr(suit)))
        card = object.__new__(cls)
        index = 0 if suit == JOKER else 1 + (rank - 1) * 4 + SUITS.index(suit)
        text = "jk" if suit == JOKER else f"{suit}{rank}"
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "_text", text)
        red = suit == HEARTS or suit == DIAMONDS
        wild = rank == JOKER_RANK or rank == 2
        object.__setattr__(card, "is_joker", suit == JOKER)
        object.__setattr__(card, "is_wild", wild)
        object.__setattr__(card, "is_natural", not wild)
        object.__setattr__(card, "is_red_three", rank == 3 and red)
        object.__setattr__(card, "is_black_three", rank == 3 and (suit == CLUBS or suit == SPADES))
        object.__setattr__(card, "is_red", red)
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    # Cards are interned, so the default identity-based ``__eq__`` and ``__hash__`` (fast, in C)
    # are exactly value equality.

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text

    def __format__(self, spec: str) -> str:
        # ``"{card}".format(card=...)`` in a message: notation, or the symbol under `symbol_cards`
        if spec:
            return format(self._text, spec)
        return self.short if _SYMBOLS.get() else self._text

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card token (``"h10"``, ``"sA"``, ``"jk"``); raise `NotationError` if bad."""
        return parse_card(token)

    @property
    def name(self) -> str:
        """The card's name in the language spoken now, used as its accessible name:
        ``'king of hearts'`` (``'rei de copas'`` in Brazilian Portuguese)."""
        language = get_language()
        if language != "en":
            singular, _, suits = _display_words(language)
            if self.is_joker:
                return singular[0]
            return gettext("{rank} of {suit}").format(rank=singular[self.rank], suit=suits[self.suit])
        if self.is_joker:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def rank_singular(self) -> str:
        """The rank's name: ``'six'`` (``'joker'`` for a joker)."""
        return rank_name(self.rank)

    @property
    def rank_plural(self) -> str:
        """The rank's plural name: ``'sixes'``, ``'kings'``."""
        return rank_name(self.rank, plural=True)

    @property
    def short(self) -> str:
        """A short label with a suit symbol, readable on screen: ``'K♥'``, ``'10♣'``, ``'Jk'``."""
        if self.is_joker:
            return "Jk"
        return rank_label(self.rank) + SUIT_SYMBOLS[self.suit]

    def _repr_html_(self) -> str:
        from ..render import card_html

        return card_html(self)


#: Sort key for cards (C-level attribute lookup, faster than the rich comparisons).
CARD_KEY: Final = operator.attrgetter("index")

ALL_CARDS: Final = tuple(
    [Card(JOKER_RANK, JOKER)] + [Card(r, s) for r in range(1, 14) for s in SUITS]
)


def parse_card(token: str) -> Card:
    """Read one card token; raise `NotationError` naming the token if it is not a card.

    >>> parse_card("C6"), parse_card("sa"), parse_card("JK")
    (c6, s1, jk)
    """
    if not isinstance(token, str):
        raise NotationError(gettext("Expected a card token as text, got {token}; use {forms}.").format(
            token=repr(token), forms=accepted_forms()))
    text = token.strip().lower()
    if text in ("jk", "joker"):
        return ALL_CARDS[0]
    match = _TOKEN_RE.fullmatch(text) if token.isascii() else None
    if match is None:
        raise NotationError(gettext("{token} is not a card: use {forms}.").format(
            token=repr(token), forms=accepted_forms()))
    suit, rank_text = match.groups()
    rank = _RANK_LETTERS.get(rank_text) or int(rank_text)
    return Card(rank, suit)


CardsLike = str | Card | Iterable[Card | str]


class CardList(list[Card]):
    """A plain list of cards that Jupyter displays as card pictures (`parse_cards` returns one).

    It compares equal to a list and prints like one:

    >>> parse_cards("h1 c1") == [Card(1, "h"), Card(1, "c")], parse_cards("h1 c1")
    (True, [h1, c1])
    """

    __slots__ = ()

    def _repr_html_(self) -> str:
        from ..render import cards_row_html

        return cards_row_html(self)


def parse_cards(text: str) -> CardList:
    """Read a list of cards from notation text (spaces or commas between tokens).

    An empty or blank text gives an empty list. A bad token raises `NotationError`
    naming it and its position.

    >>> parse_cards("h1, c1 d2")
    [h1, c1, d2]
    >>> parse_cards("h1 x7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    canasta_learn.core.cards.NotationError: 'x7' (card 2 of 2) is not a card: use a suit letter c, d, h or s ...
    """
    if not isinstance(text, str):
        raise NotationTypeError(gettext("{name} must be {accepted}, not {kind} {value}.").format(
            name="text", accepted=gettext("card notation text (such as 'h5 c5 jk')"), kind=type(text).__name__,
            value=repr(text)[:80]))
    tokens = [t for t in _SPLIT_RE.split(text.strip()) if t]
    cards = CardList()
    for position, token in enumerate(tokens, 1):
        try:
            cards.append(parse_card(token))
        except NotationError:
            raise NotationError(gettext("{token} (card {position} of {count}) is not a card: use {forms}.").format(
                token=repr(token), position=position, count=len(tokens), forms=accepted_forms())) from None
    return cards


def to_cards(cards: CardsLike | None) -> list[Card]:
    """Accept notation text, a `Card`, or an iterable of cards and/or tokens; return a list."""
    if cards is None:
        return []
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return [cards]
    result = []
    for item in cards:
        if isinstance(item, Card):
            result.append(item)
        elif isinstance(item, str):
            result.extend(parse_cards(item))
        else:
            raise NotationError(gettext("{item} is not a card: give Card objects or notation such as "
                                        "'h10 jk'.").format(item=repr(item)))
    return result


#: True while `symbol_cards` is in force: messages then show cards as symbols ("8♣"), not notation.
_SYMBOLS: ContextVar[bool] = ContextVar("canasta_learn_symbol_cards", default=False)


@contextmanager
def symbol_cards(on: bool = True) -> Iterator[None]:
    """Within this block, messages made here show cards as a learner reads them, with suit symbols
    (`Card.short`: ``8♣ Jk``), not in notation (``c8 jk``): `format_cards` and ``"{card}".format(card=c)``
    follow it (``str(card)``, actions and records keep notation). A ContextVar, so other threads are
    unaffected.

    >>> with symbol_cards():
    ...     format_cards(parse_cards("c8 jk")), "{card}".format(card=Card(13, "h"))
    ('8♣ Jk', 'K♥')
    >>> format_cards(parse_cards("c8 jk"))
    'c8 jk'
    """
    token = _SYMBOLS.set(on)
    try:
        yield
    finally:
        _SYMBOLS.reset(token)


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical notation of some cards, space separated: ``'h1 c1 d2'`` (with suit symbols,
    ``'A♥ A♣ 2♦'``, inside `symbol_cards`)."""
    if _SYMBOLS.get():
        return " ".join([card.short for card in cards])
    return " ".join([card._text for card in cards])  # a list: join makes one from a generator anyway


def command_cards(cards: Iterable[Card]) -> str:
    """Cards as a typed command writes them, always in notation (``'h4 h4'``), even inside
    `symbol_cards`: an example command ("as in 'take h4 h4'") must be one the reader can type.

    >>> with symbol_cards():
    ...     format_cards(parse_cards("h4 h4")), command_cards(parse_cards("h4 h4"))
    ('4♥ 4♥', 'h4 h4')
    """
    return " ".join([card._text for card in cards])


def new_deck(deck_count: int = 2, joker_count: int = 4) -> list[Card]:
    """An unshuffled deck: ``deck_count`` 52-card packs plus ``joker_count`` jokers.

    >>> len(new_deck()), len(new_deck(3, 6))
    (108, 162)
    """
    deck = [card for _ in range(deck_count) for card in ALL_CARDS[1:]]
    deck.extend([ALL_CARDS[0]] * joker_count)
    return deck


def shuffled_deck(seed: int | None = None, deck_count: int = 2, joker_count: int = 4) -> list[Card]:
    """A deck shuffled by ``random.Random(seed)``: the same seed always gives the same order."""
    deck = new_deck(deck_count, joker_count)
    random.Random(seed).shuffle(deck)
    return deck


def check_card_counts(
    cards: Iterable[Card], *, deck_count: int = 2, joker_count: int = 4, what: str = "these cards"
) -> None:
    """Raise `DeckError` if ``cards`` hold more copies of a card than the decks contain.

    With two decks: at most two of any card and four jokers.
    """
    counts = Counter(cards)
    for card, count in sorted(counts.items()):
        limit = joker_count if card.is_joker else deck_count
        if count > limit:
            if card.is_joker:
                template = gettext("{what} has {count} jokers, but the game uses only {limit} ({decks} decks and "
                                   "{jokers} jokers); remove {extra}.")
            else:
                template = gettext("{what} has {count} copies of {card} ({name}), but the game uses only {limit} "
                                   "({decks} decks and {jokers} jokers); remove {extra}.")
            raise DeckError(template.format(what=what, count=count, card=card, name=card.name, limit=limit,
                                            decks=deck_count, jokers=joker_count, extra=count - limit))


def deal_order(deck: Sequence[Card | str] | str, *, deck_count: int = 2, joker_count: int = 4) -> list[Card]:
    """Validate an explicit deck order (first card dealt first) and return it as cards.

    The deck must be exactly the full deck, in any order.
    """
    cards = to_cards(deck)
    check_card_counts(cards, deck_count=deck_count, joker_count=joker_count, what=gettext("The deck"))
    expected = 52 * deck_count + joker_count
    if len(cards) != expected:
        raise DeckError(gettext(
            "The deck has {count} cards but must have exactly {expected} ({decks} packs of 52 and {jokers} "
            "jokers); give every card once per pack.").format(count=len(cards), expected=expected,
                                                              decks=deck_count, jokers=joker_count))
    return cards

"""The sequence meld family of the Brazilian games (``docs/variants.md#variants-brazilian-sequences``,
``docs/variants.md#variants-brazilian-ace-sets``): same-suit runs from
4 to ace and sets of aces (*lavadeira*), with any number of wild cards.

A sequence is stored in rank order, so each wild card's place (the rank it stands for) is
fixed by its position and recoverable from the cards: the first natural card fixes the suit and
the rank of every position. Aces are high only (a run is 4, 5, ..., K, A; at most 11 cards).

>>> from canasta_learn.core.cards import parse_cards
>>> [str(c) for c in arrange_new(parse_cards("h7 h5 jk"))]
['h5', 'jk', 'h7']
>>> sequence_title(arrange_new(parse_cards("h13 h1 c2")))
'Hearts Q–A'
>>> sequence_problem(parse_cards("h5 h6 d7"))[0]
'seq_mixed_suits'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card, format_cards, rank_label, rank_name
from ..core.counts import wild_cards_text
from ..core.i18n import gettext, ngettext, pgettext

__all__ = [
    "ACE_SET_KEY",
    "ACE_SET_MIN_ACES",
    "FIRST_SEQUENCE_KEY",
    "MAX_SEQUENCE",
    "arrange_new",
    "candidate_groups",
    "extend_meld",
    "natural_may_join",
    "is_sequence_key",
    "position_ranks",
    "sequence_kind",
    "sequence_problem",
    "sequence_title",
    "stored_order",
    "suit_name",
    "swap_joker",
]

#: Key of a team's set of aces (*lavadeira de ás*).
ACE_SET_KEY = 1
#: Natural aces a set of aces always holds (wild cards join beyond them).
ACE_SET_MIN_ACES = 3
#: Sequences get keys 101, 102, ... in the order they are laid (per team).
FIRST_SEQUENCE_KEY = 101
#: Ranks 4..14 (ace high): at most 11 cards in a sequence.
LOW, HIGH = 4, 14
MAX_SEQUENCE = HIGH - LOW + 1

SUIT_NAMES = {"c": "Clubs", "d": "Diamonds", "h": "Hearts", "s": "Spades"}


def suit_name(suit: str) -> str:
    """The name of ``suit`` (``"h"``) as a sequence's title gives it, in the language spoken now:
    ``'Hearts'`` (the suit letter itself for anything else)."""
    if suit == "c":
        return pgettext("suit", "Clubs")
    if suit == "d":
        return pgettext("suit", "Diamonds")
    if suit == "h":
        return pgettext("suit", "Hearts")
    if suit == "s":
        return pgettext("suit", "Spades")
    return suit


def is_sequence_key(key: int) -> bool:
    """True for a sequence's meld key (101 and up)."""
    return key >= FIRST_SEQUENCE_KEY



def seq_rank(card: Card) -> int:
    """A natural card's rank in a sequence (ace = 14)."""
    return 14 if card.rank == 1 else card.rank


def _short(rank: int) -> str:
    return rank_label(1 if rank == 14 else rank)


def position_ranks(cards: Sequence[Card]) -> tuple[str, int] | None:
    """(suit, lowest rank) of a stored sequence (rank order), or None for wild cards only."""
    for index, card in enumerate(cards):
        if not card.is_wild:
            return card.suit, seq_rank(card) - index
    return None


def sequence_title(cards: Sequence[Card], key: int | None = None) -> str:
    """'Hearts 4–10' for a stored sequence, 'Aces' for a set of aces (key 1)."""
    if key == ACE_SET_KEY:
        return pgettext("meld title", "Aces")
    layout = position_ranks(cards)
    if layout is None:
        return pgettext("meld title", "Wild cards")
    suit, low = layout
    return f"{suit_name(suit)} {_short(low)}–{_short(low + len(cards) - 1)}"


def describe_run(cards: Sequence[Card]) -> str:
    """The run with each wild card's rank: 'h5 jk(=h6) h7'."""
    layout = position_ranks(cards)
    if layout is None:
        return format_cards(cards)
    suit, low = layout
    parts = []
    for index, card in enumerate(cards):
        rank = low + index
        if card.is_wild:
            parts.append(f"{card}(={Card(1 if rank == 14 else rank, suit)})")  # symbols under symbol_cards
        else:
            parts.append(format(card))
    return " ".join(parts)


def sequence_problem(cards: Sequence[Card]) -> tuple[str, str] | None:
    """(code, message) of the first rule a new sequence of these cards breaks, or None."""

    def text() -> str:  # messages are built only for a refusal
        return format_cards(cards)

    naturals = [c for c in cards if not c.is_wild]
    wilds = len(cards) - len(naturals)
    threes = [c for c in naturals if c.rank == 3]
    if threes:
        return ("meld_threes_in_sequence",
                gettext("{cards}: threes are never melded in this game (sequences run from 4 to the ace); "
                        "keep {threes} to discard (a black three blocks the pile).").format(
                    cards=text(), threes=format_cards(threes)))
    if not naturals:
        return ("meld_no_naturals",
                gettext("{cards} is only wild cards; a meld needs at least one natural card to fix its suit "
                        "and place.").format(cards=text()))
    suits = sorted({c.suit for c in naturals})
    if len(naturals) > 1 and len({c.rank for c in naturals}) == 1 and len(suits) > 1:
        return ("meld_set_not_aces",
                gettext("{cards}: only aces form sets in this game (lavadeira de ás); other cards are melded in "
                        "same-suit sequences from 4 to the ace.").format(cards=text()))
    if len(suits) > 1:
        return ("seq_mixed_suits",
                gettext("{cards} mixes {suits}: a sequence is of one suit "
                        "(only sets of aces mix suits).").format(
                    cards=text(), suits=gettext(" and ").join(suit_name(s).lower() for s in suits)))
    ranks = sorted(seq_rank(c) for c in naturals)
    doubled = sorted({r for r in ranks if ranks.count(r) > 1})
    if doubled:
        return ("seq_rank_twice",
                gettext("{cards} holds two {ranks}: a sequence has "
                        "each rank once. Start a second sequence with the other one.").format(
                    cards=text(), ranks=rank_name(1 if doubled[0] == 14 else doubled[0], plural=True)))
    span = ranks[-1] - ranks[0] + 1
    gaps = span - len(naturals)
    if gaps > wilds:
        missing = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
        names = ", ".join(rank_name(1 if r == 14 else r) for r in missing)
        if 14 in ranks and ranks[0] <= 5:
            return ("seq_ace_low",
                    gettext("{cards}: the ace is only high in this game (a sequence runs 4, 5, ..., K, A and never "
                            "wraps), so the ace cannot sit below the four: it belongs after the king. Meld the low "
                            "cards without it, or build up to the ace ({ranks} missing: {needed} would be needed, "
                            "you have {count}).").format(cards=text(), ranks=names, needed=_plural_wilds(gaps),
                                                         count=wilds))
        return ("seq_gap",
                ngettext("{cards} is not in order: {ranks} is missing, and only {wilds} can fill gaps "
                         "({gaps} needed).",
                         "{cards} is not in order: {ranks} are missing, and only {wilds} can fill gaps "
                         "({gaps} needed).", len(missing)).format(
                    cards=text(), ranks=names, wilds=_plural_wilds(wilds), gaps=gaps))
    if len(cards) > MAX_SEQUENCE:
        return ("seq_too_long", gettext("{cards} has {count} cards; a sequence from 4 to the ace has at most "
                                        "11.").format(cards=text(), count=len(cards)))
    return None


def _plural_wilds(count: int) -> str:
    return wild_cards_text(count)


def arrange_new(cards: Sequence[Card]) -> list[Card]:
    """A legal new sequence in rank order: wild cards fill the gaps first, then go above the
    highest natural (below the lowest once the ace is reached). Assumes `sequence_problem` is None."""
    naturals = sorted((c for c in cards if not c.is_wild), key=seq_rank)
    wilds = [c for c in cards if c.is_wild]
    low, high = seq_rank(naturals[0]), seq_rank(naturals[-1])
    by_rank = {seq_rank(c): c for c in naturals}
    out: list[Card] = []
    for rank in range(low, high + 1):
        out.append(by_rank[rank] if rank in by_rank else wilds.pop(0))
    while wilds and high < HIGH:
        out.append(wilds.pop(0))
        high += 1
    while wilds:
        out.insert(0, wilds.pop(0))
    return out


def stored_order(cards: Sequence[Card]) -> list[Card]:
    """Cards of a sequence in rank order: kept as given when they already are (wild cards'
    places read from their positions), else arranged by `arrange_new`."""
    layout = position_ranks(cards)
    if layout is not None:
        suit, low = layout
        if low >= LOW and low + len(cards) - 1 <= HIGH and all(
                c.is_wild or (c.suit == suit and seq_rank(c) == low + i) for i, c in enumerate(cards)):
            return list(cards)
    return arrange_new(cards)


def natural_may_join(meld: Sequence[Card], card: Card, ace_set: bool) -> bool:
    """Whether the natural ``card`` is of the kind this meld takes: an ace for the set of aces;
    for a sequence, a card of its suit other than a three. (Where it would go is the question of
    `extend_meld` and `swap_joker`, which both start from this one.)"""
    if ace_set:
        return card.rank == 1
    layout = position_ranks(meld)
    return layout is not None and card.suit == layout[0] and card.rank != 3


def extend_meld(existing: Sequence[Card], added: Sequence[Card], *,
                two_end_move: bool) -> tuple[list[Card], None] | tuple[None, tuple[str, str]]:
    """The sequence after adding cards (naturals at their places, wild cards filling gaps,
    then at the high end, then the low end), or the (code, message) of the rule broken.

    Wild cards already placed keep their ranks; with ``two_end_move`` a two at an end moves
    to the other end when the natural of its rank is added.
    """
    layout = position_ranks(existing)
    assert layout is not None
    suit, low = layout
    slots: dict[int, Card] = {low + i: c for i, c in enumerate(existing)}

    def title() -> str:  # messages are built only for a refusal
        return sequence_title(existing)

    naturals = [c for c in added if not c.is_wild]
    wilds = [c for c in added if c.is_wild]
    wrong = [c for c in naturals if not natural_may_join(existing, c, False)]
    if wrong:
        return None, ("meld_rank_mismatch",
                      gettext("{cards} cannot go onto the sequence {title}: only {suit} "
                              "from 4 to the ace (and wild cards) can.").format(
                          cards=format_cards(wrong), title=title(), suit=suit_name(suit).lower()))
    for card in sorted(naturals, key=seq_rank):
        rank = seq_rank(card)
        held = slots.get(rank)
        if held is None:
            slots[rank] = card
            continue
        if not held.is_wild:
            return None, ("seq_rank_twice",
                          gettext("The sequence {title} already holds {card}: a sequence has each rank "
                                  "once.").format(title=title(), card=held))
        ends = (min(slots), max(slots))
        if two_end_move and held.rank == 2 and rank in ends:
            other = ends[0] - 1 if rank == ends[1] else ends[1] + 1
            if LOW <= other <= HIGH:
                slots[rank] = card
                slots[other] = held
                continue
            return None, ("seq_wild_fixed",
                          gettext("{card} would take the place of the two {two} at the end of {title}, and the "
                                  "two cannot move to the other end (a sequence runs from 4 to the ace).").format(
                              card=card, two=held, title=title()))
        if held.rank == 0:
            return None, ("seq_wild_fixed",
                          gettext("The joker in {title} stands for {card}: a wild card keeps its place once "
                                  "melded. Swap it instead ('swap'), which puts {card} there and the joker in your "
                                  "hand.").format(title=title(), card=card))
        return None, ("seq_wild_fixed",
                      (gettext("The two {two} in {title} stands for {card} and keeps its place once melded "
                               "(a two moves only from an end of the sequence).") if two_end_move else
                       gettext("The two {two} in {title} stands for {card} and keeps its place once "
                               "melded.")).format(two=held, title=title(), card=card))
    lo, hi = min(slots), max(slots)
    for rank in range(lo, hi + 1):
        if rank not in slots:
            if not wilds:
                missing = [r for r in range(lo, hi + 1) if r not in slots]
                names = ", ".join(rank_name(1 if r == 14 else r) for r in missing)
                return None, ("seq_gap",
                              gettext("Adding {cards} to {title} leaves a gap ({ranks}) with no wild card "
                                      "to fill it: cards go at the ends of a sequence, in order.").format(
                                  cards=format_cards(added), title=title(), ranks=names))
            slots[rank] = wilds.pop(0)
    while wilds and hi < HIGH:
        hi += 1
        slots[hi] = wilds.pop(0)
    while wilds and lo > LOW:
        lo -= 1
        slots[lo] = wilds.pop(0)
    if wilds or lo < LOW or hi > HIGH:
        return None, ("seq_too_long",
                      gettext("Adding {cards} to {title} would pass the ends of a sequence: it runs from 4 "
                              "to the ace (at most 11 cards).").format(cards=format_cards(added), title=title()))
    return [slots[r] for r in range(lo, hi + 1)], None


def ace_set_problem(cards: Sequence[Card]) -> tuple[str, str] | None:
    """(code, message) for a set of aces (any suits, any wild cards, at least one ace)."""
    naturals = [c for c in cards if not c.is_wild]
    if not naturals:
        return ("meld_no_naturals", gettext("{cards} is only wild cards; a meld needs a natural card.").format(
            cards=format_cards(cards)))
    others = [c for c in naturals if c.rank != 1]
    if others:
        return ("meld_mixed_ranks",
                gettext("{cards} mixes aces with {others}: the only sets in this game "
                        "are sets of aces (lavadeira); other cards form same-suit sequences.").format(
                    cards=format_cards(cards), others=format_cards(others)))
    if len(naturals) < ACE_SET_MIN_ACES:
        # docs/variants.md#variants-brazilian-ace-sets, Ruling: three natural aces are always needed
        return ("meld_too_few_naturals",
                ngettext("{cards} holds {count} natural ace; a set of aces needs at least {minimum} natural "
                         "aces (wild cards may join it beyond those three).",
                         "{cards} holds {count} natural aces; a set of aces needs at least {minimum} natural "
                         "aces (wild cards may join it beyond those three).", len(naturals)).format(
                    cards=format_cards(cards), count=len(naturals), minimum=ACE_SET_MIN_ACES))
    return None


def swap_joker(existing: Sequence[Card], natural: Card, ace_set: bool) -> tuple[list[Card], Card] | str:
    """The meld after the natural takes a joker's place, and the joker; or why it cannot."""
    if ace_set:
        if not natural_may_join(existing, natural, True):
            return gettext("{card} cannot replace a joker in the set of aces: only an ace can.").format(card=natural)
        if not any(c.rank == 0 for c in existing):
            return gettext("The set of aces holds no joker to take back.")
        index = next(i for i, c in enumerate(existing) if c.rank == 0)
        joker = existing[index]
        return [c for i, c in enumerate(existing) if i != index] + [natural], joker
    layout = position_ranks(existing)
    assert layout is not None
    suit, low = layout
    title = sequence_title(existing)
    if natural.is_wild or not natural_may_join(existing, natural, False):
        return gettext("{card} cannot replace a joker in {title}: it is not a natural card of its suit.").format(
            card=natural, title=title)
    index = seq_rank(natural) - low
    if not 0 <= index < len(existing) or existing[index].rank != 0:
        jokers = [f"{suit}{1 if low + i == 14 else low + i}" for i, c in enumerate(existing) if c.rank == 0]
        if jokers:
            return gettext("No joker in {title} stands for {card}: its joker stands for {cards}.").format(
                title=title, card=natural, cards=", ".join(jokers))
        return gettext("No joker in {title} stands for {card}: it holds no joker.").format(title=title, card=natural)
    joker = existing[index]
    result = list(existing)
    result[index] = natural
    return result, joker


def sequence_kind(cards: Sequence[Card], key: int, scheme: str, size: int = 7) -> str | None:
    """The canasta kind of a Brazilian meld: canastra "real" / "de_mil" / "limpa" / "suja",
    tranca "limpa" / "suja"; None when it is not a canasta (fewer than 7 cards, or more than
    one wild card)."""
    if len(cards) < size:
        return None
    jokers = sum(1 for c in cards if c.rank == 0)
    twos = sum(1 for c in cards if c.rank == 2)
    if jokers + twos > 1:
        return None
    if scheme == "tranca":
        return "limpa" if not jokers + twos else "suja"
    if len(cards) > size or twos:
        return "suja"
    if jokers:
        return "limpa"
    return "de_mil" if key == ACE_SET_KEY else "real"


def candidate_groups(cards: Sequence[Card], *, must_include: Card | None = None,
                     max_wilds: int = 1) -> list[tuple[Card, ...]]:
    """New melds a hand can form, at the grain of `Round.legal_actions`: for each suit, every
    window of its distinct natural ranks (4-A) whose gaps fit ``max_wilds`` wild cards, with a
    wild card added when that reaches three cards; sets of all the aces (at least three natural
    aces, alone or with wild cards). ``must_include`` keeps only melds holding that card."""
    naturals = [c for c in cards if not c.is_wild and c.rank != 3]
    jokers = [c for c in cards if c.rank == 0]
    twos = [c for c in cards if c.rank == 2]
    wild_options: list[tuple[Card, ...]] = [()]
    if max_wilds >= 1:
        wild_options += [(w,) for w in (jokers[:1] + twos[:1])]
    if max_wilds >= 2 and len(jokers) + len(twos) >= 2:
        wild_options.append(tuple((jokers + twos)[:2]))
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[Card, ...]] = set()

    def add(group: tuple[Card, ...]) -> None:
        if len(group) < 3 or (must_include is not None and must_include not in group):
            return
        key = tuple(sorted(group, key=lambda c: (c.suit, c.rank)))
        if key in seen or sequence_problem(group) is not None:
            return
        seen.add(key)
        out.append(group)

    by_suit: dict[str, dict[int, Card]] = {}
    for card in naturals:
        by_suit.setdefault(card.suit, {}).setdefault(seq_rank(card), card)
    if must_include is not None and not must_include.is_wild:
        # the card to include takes the place of a copy in hand
        by_suit.setdefault(must_include.suit, {})[seq_rank(must_include)] = must_include
    for ranks_map in by_suit.values():
        ranks = sorted(ranks_map)
        for i in range(len(ranks)):
            for j in range(i, len(ranks)):
                window = tuple(ranks_map[r] for r in ranks[i:j + 1])
                gaps = ranks[j] - ranks[i] + 1 - len(window)
                for wilds in wild_options:
                    if gaps > len(wilds):
                        continue
                    add(window + wilds)
    aces = [c for c in naturals if c.rank == 1]
    if must_include is not None and must_include.rank == 1:
        aces = aces + [must_include]
    for wilds in wild_options:
        group = tuple(aces) + wilds
        if len(aces) >= ACE_SET_MIN_ACES and (must_include is None or must_include in group):
            key = tuple(sorted(group, key=lambda c: (c.suit, c.rank)))
            if key not in seen:
                seen.add(key)
                out.append(group)
    return out

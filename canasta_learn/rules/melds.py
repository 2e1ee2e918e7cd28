"""Melds: what makes a set of cards a legal meld, its value, and canastas.

>>> str(check_meld("h1 c1 d2"))
'OK [meld_ok]: h1 c1 d2 is a legal meld of aces (2 naturals, 1 wild card), worth 60 points.'
>>> check_meld("h5 h5 d2 c2").ok, check_meld("h5 h5 d2 c2", "cardgames_io").code
(True, 'meld_wilds_not_fewer')
>>> meld_value("jk h13 h13")
70
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.cards import Card, CardsLike, format_cards, parse_cards, rank_name, to_cards  # noqa: F401
from ..core.counts import wild_cards_text
from ..core.i18n import gettext, ngettext
from ..core.inputs import need_bool, need_cards, need_counts_in_deck
from ..core.verdicts import Verdict, keep_maker
from ..profiles import Profile, ProfileLike, get_profile
from ..variants import rules_for
from ..variants.keys import BLACK_THREE_RANK, DEUCE_RANK, WILD_MELD_RANK

__all__ = [
    "BLACK_THREE_RANK",
    "DEUCE_RANK",
    "WILD_MELD_RANK",
    "canasta_kind",
    "cards_value",
    "check_meld",
    "check_meld_cards",
    "is_canasta",
    "is_natural_canasta",
    "meld_counts",
    "meld_counts_problem",
    "meld_key",
    "meld_name",
    "meld_rank",
    "meld_value",
    "set_canasta_kind",
    "split_naturals",
]


def meld_key(cards: Sequence[Card], profile: Profile) -> int | None:
    """Which meld these cards form: the naturals' rank; for wild cards only, ``DEUCE_RANK``
    (a deuce meld, when the profile has them and a two is among them) or ``WILD_MELD_RANK``
    (when the profile has wild melds); None when that is impossible (``docs/rules.md#rules-melds``,
    the hook `ClassicRules.meld_key` and its plug-ins).

    In the sequence family (Brazilian games) a set of aces has key 1 and any other meld the
    first sequence key (101): a team's sequences get keys 101, 102, ... as they are laid
    (``docs/variants.md#variants-brazilian-sequences``)."""
    return rules_for(profile).meld_key(cards)


def meld_counts(cards: Sequence[Card], rank: int) -> tuple[int, int]:
    """(naturals, wild cards) of a meld of key ``rank`` (in a deuce meld the twos are its
    naturals; a wild meld has no naturals)."""
    if rank == DEUCE_RANK:
        twos = sum(1 for c in cards if c.rank == 2)
        return twos, len(cards) - twos
    if rank == WILD_MELD_RANK:
        return 0, len(cards)
    wild = 0
    for card in cards:  # a plain loop: the engine counts melds very often
        if card.is_wild:
            wild += 1
    return len(cards) - wild, wild


def meld_name(rank: int) -> str:
    """How messages name a meld of key ``rank``: 'kings', 'twos', 'wild cards'."""
    return "wild cards" if rank == WILD_MELD_RANK else rank_name(rank, plural=True)


def closes_at_canasta(rank: int, profile: Profile) -> bool:
    """True when a meld of this key is closed once it is a canasta (nothing more added):
    Italian deuce canastas, every Pennies canasta (``docs/variants.md#variants-italian-deuce-melds``,
    ``docs/variants.md#variants-pennies-melds``)."""
    return rules_for(profile).closes_at_canasta(rank)


def canasta_kind(cards: Sequence[Card], rank: int, profile: Profile) -> str | None:
    """The kind of canasta a meld is ("natural", "mixed", "deuce_natural", "deuce_mixed",
    "sevens", "wild"; the Brazilian "real", "de_mil", "limpa", "suja"), or None when it is not a
    canasta (``docs/rules.md#rules-canastas``; a meld of black threes never is,
    ``docs/rules.md#rules-black-threes``).

    >>> canasta_kind(parse_cards("h13 h13 s13 s13 d13 c13 c13"), 13, get_profile())
    'natural'
    """
    if len(cards) < profile.canasta_size:
        return None  # in every game a canasta has at least canasta_size cards
    return rules_for(profile).canasta_kind(cards, rank)


def set_canasta_kind(rank: int, wild_count: int, profile: Profile) -> str:
    """The kind of a canasta of sets with meld key ``rank`` and ``wild_count`` wild cards (the
    one place this is decided: scoring, going-out checks and the engine's searches call it;
    ``docs/rules.md#rules-canastas``)."""
    return rules_for(profile).set_canasta_kind(rank, wild_count)


def split_naturals(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """Split cards into (naturals, wild cards)."""
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card in cards:
        (wilds if card.is_wild else naturals).append(card)
    return naturals, wilds


def meld_rank(cards: Sequence[Card]) -> int | None:
    """The rank of a meld's naturals, or None when there are none or they differ."""
    rank = None
    for card in cards:
        if card.is_wild:
            continue
        if rank is None:
            rank = card.rank
        elif card.rank != rank:
            return None
    return rank


def cards_value(cards: Iterable[Card], profile: Profile) -> int:
    """The sum of the card values of ``cards`` under ``profile`` (no bonuses, no checks): the
    one place the engine adds up card values (`meld_value` is its checked public form).

    >>> cards_value(parse_cards("h1 c1 d2"), get_profile("classic"))
    60
    """
    values = profile.card_values
    total = 0
    for card in cards:
        total += values[card.rank]
    return total


def meld_value(cards: CardsLike, profile: ProfileLike = "classic") -> int:
    """The sum of the card values (no bonuses) of ``cards`` under ``profile``.

    A red three is never melded and has no card value (docs/rules.md#rules-red-threes,
    #rules-cards: it scores only as a bonus), so cards holding one are refused with a
    ValueError naming ``cards``; other cards that are not cards raise a TypeError naming it,
    `NotationError` or `DeckError` (see `canasta_learn.core.inputs`).

    >>> meld_value("h1 c1 d2"), meld_value("c4 c4 d4 jk")
    (60, 65)
    """
    prof = get_profile(profile)
    given = need_cards(cards, "cards")
    need_counts_in_deck(given, prof, gettext("This set of cards"))
    red_threes = [card for card in given if card.is_red_three]
    if red_threes:
        raise ValueError(ngettext(
            "cards holds the red three {cards}, which is never melded and has no card value: it scores only "
            "as a bonus (score_round counts it). Take it out of the cards.",
            "cards holds the red threes {cards}, which are never melded and have no card value: they score "
            "only as bonuses (score_round counts them). Take them out of the cards.",
            len(red_threes)).format(cards=format_cards(red_threes)))
    return cards_value(given, prof)


def is_canasta(cards: Sequence[Card], profile: Profile) -> bool:
    """True when the meld has at least ``canasta_size`` cards and is not of black threes
    (never a canasta)."""
    return len(cards) >= profile.canasta_size and not _all_black_threes(cards)


def is_natural_canasta(cards: Sequence[Card], profile: Profile) -> bool:
    """True for a canasta without wild cards."""
    return is_canasta(cards, profile) and not any(c.is_wild for c in cards)


def _all_black_threes(cards: Sequence[Card]) -> bool:
    return bool(cards) and all(c.is_black_three for c in cards)


def meld_counts_problem(
    natural_count: int, wild_count: int, rank: int, profile: Profile, *, going_out: bool = False,
    check_size: bool = True,
) -> str | None:
    """The code of the first rule a meld of these counts breaks, or None if it is legal.

    The fast check behind `check_meld_cards`, used where the engine searches many melds.
    """
    if natural_count + wild_count > profile.canasta_size and rank in rules_for(profile).closing_keys:
        return "meld_canasta_closed"
    if rank == WILD_MELD_RANK:
        if check_size and wild_count < profile.meld_min_size:
            return "meld_too_few_cards"
        return None
    if rank == BLACK_THREE_RANK:
        if not going_out or not profile.black_threes_meld_going_out:
            return "meld_black_threes_not_going_out"
        if wild_count:
            return "meld_black_threes_with_wilds"
    if check_size and natural_count + wild_count < profile.meld_min_size:
        return "meld_too_few_cards"
    if natural_count < profile.meld_min_naturals:
        return "meld_too_few_naturals"
    if wild_count > profile.wild_limit:
        return "meld_too_many_wilds"
    if profile.naturals_must_exceed_wilds and wild_count and natural_count <= wild_count:
        return "meld_wilds_not_fewer"
    return None


def check_meld_cards(
    cards: Sequence[Card], profile: Profile, *, going_out: bool = False, added: Sequence[Card] = (),
) -> Verdict:
    """Check that ``cards`` form one legal meld (a whole meld: existing cards plus additions).

    ``added`` names the cards being added to an existing meld, only for the message.
    """
    text = format_cards(cards)
    if not cards:
        return Verdict.refuse("no_cards_given", gettext("No cards were given for the meld."))
    red = [c for c in cards if c.is_red_three]
    if red:
        return Verdict.refuse(
            "meld_red_three",
            gettext("{cards} cannot be melded: red threes are bonus cards, laid face up "
                    "as soon as you get them, never part of a meld.").format(cards=format_cards(red)),
            cards=tuple(red),
        )
    naturals, wilds = split_naturals(cards)
    rules = rules_for(profile)
    key = rules.meld_key(cards)
    family = rules.family_meld_verdict(cards, key, added)
    if family is not None:
        return family
    if key == DEUCE_RANK or key == WILD_MELD_RANK:
        return _check_wild_family(cards, key, profile, added)
    if not naturals:
        return Verdict.refuse(
            "meld_no_naturals",
            gettext("{cards} is only wild cards; a meld needs at least "
                    "{minimum} natural cards of one rank.").format(cards=text, minimum=profile.meld_min_naturals),
            cards=tuple(cards),
        )
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        names = gettext(" and ").join(rank_name(r, plural=True) for r in ranks)
        return Verdict.refuse(
            "meld_mixed_ranks",
            gettext("{cards} mixes {ranks}: all natural cards of a meld must have one rank "
                    "(sequences are not melds in this game). Make one meld per rank.").format(cards=text, ranks=names),
            cards=tuple(naturals),
        )
    rank = ranks[0]
    nat, wild = len(naturals), len(wilds)
    problem = meld_counts_problem(nat, wild, rank, profile, going_out=going_out)
    facts: dict[str, object] = {}
    plural = rank_name(rank, plural=True)
    if problem is None:
        value = cards_value(cards, profile)
        kind = ""
        if len(cards) >= profile.canasta_size and rank == BLACK_THREE_RANK:
            kind = " " + gettext("A meld of black threes is never a canasta, whatever its length.")
        elif len(cards) >= profile.canasta_size:
            kind = " " + (gettext("It is a natural canasta.") if not wild else gettext("It is a mixed canasta."))
        nat_text = ngettext("{count} natural", "{count} naturals", nat).format(count=nat)
        wild_text = wild_cards_text(wild)
        return Verdict.allow(
            "meld_ok",
            gettext("{cards} is a legal meld of {rank} ({naturals}, {wilds}), worth {value} points.").format(
                cards=text, rank=plural, naturals=nat_text, wilds=wild_text, value=value)
            + kind,
            meld=tuple(cards),
            value=value,
        )
    if problem == "meld_canasta_closed" and rank == BLACK_THREE_RANK:
        message = gettext(
            "{cards} would have {count} cards, but in the {profile} profile a meld of black threes "
            "holds at most {size} cards (it is never a canasta): meld at most {size} of them."
        ).format(cards=text, count=len(cards), profile=profile.name, size=profile.canasta_size)
    elif problem == "meld_canasta_closed":
        message = gettext(
            "{cards} would have {count} cards, but in the {profile} profile a canasta is closed "
            "at {size} cards: nothing more can be added. Start a new meld of {rank} instead."
        ).format(cards=text, count=len(cards), profile=profile.name, size=profile.canasta_size, rank=plural)
    elif problem == "meld_black_threes_not_going_out":
        message = (gettext(
            "{cards}: black threes may be melded only as the last meld of a player going out "
            "(three or four of them, no wild cards). Keep them to discard: a black three on top "
            "blocks the pile for the next player.") if profile.deck_count == 2 else gettext(
            "{cards}: black threes may be melded only as the last meld of a player going out "
            "(three or more of them, no wild cards). Keep them to discard: a black three on top "
            "blocks the pile for the next player.")).format(cards=text)
    elif problem == "meld_black_threes_with_wilds":
        message = gettext("{cards}: a meld of black threes may not contain wild cards; remove {wilds}.").format(
            cards=text, wilds=format_cards(wilds))
    elif problem == "meld_too_few_cards":
        has = ngettext("{cards} has {count} card; a meld needs at least {minimum}.",
                       "{cards} has {count} cards; a meld needs at least {minimum}.", len(cards)).format(
            cards=text, count=len(cards), minimum=profile.meld_min_size)
        more = (gettext("Add another black three.") if rank == BLACK_THREE_RANK
                else gettext("Add another {rank} or a wild card.").format(rank=rank_name(rank)))
        message = f"{has} {more}"
    elif problem == "meld_too_few_naturals":
        message = ngettext(  # the same English for any count: the rank's name carries the number
            "{cards} has {count} natural {ranks}; a meld needs at least {minimum} natural cards, so wild "
            "cards cannot stand in for the second one. Add another natural {rank}.",
            "{cards} has {count} natural {ranks}; a meld needs at least {minimum} natural cards, so wild "
            "cards cannot stand in for the second one. Add another natural {rank}.", nat
        ).format(cards=text, count=nat, ranks=rank_name(rank) if nat == 1 else plural,
                 minimum=profile.meld_min_naturals, rank=rank_name(rank))
    elif problem == "meld_too_many_wilds":
        # only cards still in the hand can be kept there: when adding, the wilds being added
        movable = [c for c in added if c.is_wild] if added else wilds
        excess = wild - profile.wild_limit
        keep = (gettext("Keep {cards} in your hand.").format(cards=format_cards(movable)) if excess >= len(movable)
                else gettext("Keep {count} of {cards} in your hand.").format(count=excess, cards=format_cards(movable)))
        message = gettext("{cards} has {count} wild cards; a meld may hold at most {limit}.").format(
            cards=text, count=wild, limit=profile.wild_limit) + " " + keep
        facts["hand_cards"] = tuple(movable)
    else:  # meld_wilds_not_fewer
        message = gettext(
            "{cards} has {naturals} and {wilds}; in the {profile} profile a meld must hold more "
            "natural cards than wild cards. Add a natural or remove a wild card."
        ).format(cards=text, naturals=ngettext("{count} natural", "{count} naturals", nat).format(count=nat),
                 wilds=ngettext("{count} wild card", "{count} wild cards", wild).format(count=wild),
                 profile=profile.name)
    if added:
        message = gettext("Adding {cards}: {problem}").format(cards=format_cards(added), problem=message)
        facts["table_cards"] = tuple(_without(cards, added))
    return Verdict.refuse(problem, message, cards=tuple(cards), facts=facts)


def _without(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    """``cards`` less one copy of each card of ``taken``."""
    rest = list(cards)
    for card in taken:
        if card in rest:
            rest.remove(card)
    return rest


def _check_wild_family(cards: Sequence[Card], key: int, profile: Profile, added: Sequence[Card]) -> Verdict:
    """Deuce melds (Italian) and wild melds (Pennies)."""
    text = format_cards(cards)
    nat, wild = meld_counts(cards, key)
    problem = meld_counts_problem(nat, wild, key, profile)
    deuce = key == DEUCE_RANK
    if problem is None:
        value = cards_value(cards, profile)
        kind = canasta_kind(cards, key, profile)
        extra = " " + _wild_family_kind_sentence(kind) if kind else ""
        return Verdict.allow("meld_ok", (
            gettext("{cards} is a legal deuce meld (twos, with jokers as its wild cards), worth {value} points.")
            if deuce else gettext("{cards} is a legal wild-card meld, worth {value} points.")
        ).format(cards=text, value=value) + extra, meld=tuple(cards), value=value)
    if problem == "meld_canasta_closed":
        message = (gettext("{cards} has {count} cards, but in the {profile} profile a deuce meld (twos, with "
                           "jokers as its wild cards) is closed at {size}: nothing more can be added to it.")
                   if deuce else
                   gettext("{cards} has {count} cards, but in the {profile} profile a wild-card meld is closed "
                           "at {size}: nothing more can be added to it.")
                   ).format(cards=text, count=len(cards), profile=profile.name, size=profile.canasta_size)
    elif problem == "meld_too_few_cards":
        message = (ngettext("{cards} has {count} card; a deuce meld (twos, with jokers as its wild cards) needs "
                            "at least {minimum}.",
                            "{cards} has {count} cards; a deuce meld (twos, with jokers as its wild cards) needs "
                            "at least {minimum}.", len(cards))
                   if deuce else
                   ngettext("{cards} has {count} card; a wild-card meld needs at least {minimum}.",
                            "{cards} has {count} cards; a wild-card meld needs at least {minimum}.", len(cards))
                   ).format(cards=text, count=len(cards), minimum=profile.meld_min_size)
    elif problem == "meld_too_few_naturals":
        message = ngettext("{cards} has {count} two; a deuce meld needs at least {minimum} twos (jokers are its "
                           "wild cards).",
                           "{cards} has {count} twos; a deuce meld needs at least {minimum} twos (jokers are its "
                           "wild cards).", nat).format(cards=text, count=nat, minimum=profile.meld_min_naturals)
    elif problem == "meld_too_many_wilds":
        message = gettext("{cards} has {count} jokers; a deuce meld may hold at most {limit}.").format(
            cards=text, count=wild, limit=profile.wild_limit)
    else:
        message = (gettext("{cards} is not a legal deuce meld (twos, with jokers as its wild cards) ({code}).")
                   if deuce else gettext("{cards} is not a legal wild-card meld ({code}).")
                   ).format(cards=text, code=problem)
    if added:
        message = gettext("Adding {cards}: {problem}").format(cards=format_cards(added),
                                                              problem=message[0].lower() + message[1:])
    return Verdict.refuse(problem, message, cards=tuple(cards))


def _wild_family_kind_sentence(kind: str) -> str:
    """The sentence naming the kind of canasta a deuce or wild-card meld is."""
    if kind == "deuce_natural":
        return gettext("It is a deuce natural canasta.")
    if kind == "deuce_mixed":
        return gettext("It is a deuce mixed canasta.")
    if kind == "wild":
        return gettext("It is a wild canasta.")
    if kind == "natural":
        return gettext("It is a natural canasta.")
    if kind == "mixed":
        return gettext("It is a mixed canasta.")
    return gettext("It is a {kind} canasta.").format(kind=kind.replace("_", " "))


def check_meld(cards: CardsLike, profile: ProfileLike = "classic", *, going_out: bool = False) -> Verdict:
    """Check whether ``cards`` form a legal new meld under ``profile``.

    ``going_out=True`` allows black threes (the last meld of a player going out). More copies
    of a card than the profile's decks hold raise `DeckError`; ``cards`` that are not cards,
    `NotationError` or a TypeError naming the argument.

    >>> check_meld("s3 c3 s3").code, check_meld("s3 c3 s3", going_out=True).ok
    ('meld_black_threes_not_going_out', True)
    >>> check_meld("h9 h9 jk c2 d2 s2").code
    'meld_too_many_wilds'
    """
    prof = get_profile(profile)
    given = need_cards(cards, "cards")
    need_bool(going_out, "going_out")
    need_counts_in_deck(given, prof, gettext("The meld"))
    return keep_maker(check_meld_cards(given, prof, going_out=going_out),
                      lambda: check_meld_cards(given, prof, going_out=going_out).message)

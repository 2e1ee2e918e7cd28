"""Melds: what makes a set of cards a legal meld, its value, and canastas.

>>> str(check_meld("h1 c1 d2"))
'OK [meld_ok]: h1 c1 d2 is a legal meld of aces (2 naturals, 1 wild card), worth 60 points.'
>>> check_meld("h5 h5 d2 c2").ok, check_meld("h5 h5 d2 c2", "cardgames_io").code
(True, 'meld_wilds_not_fewer')
>>> meld_value("jk h13 h13")
70
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, CardsLike, format_cards, rank_name, to_cards
from .profiles import Profile, ProfileLike, get_profile
from .verdicts import Verdict

__all__ = [
    "BLACK_THREE_RANK",
    "check_meld",
    "check_meld_cards",
    "is_canasta",
    "is_natural_canasta",
    "meld_counts_problem",
    "meld_rank",
    "meld_value",
    "split_naturals",
]

BLACK_THREE_RANK = 3


def split_naturals(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """Split cards into (naturals, wild cards)."""
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card in cards:
        (wilds if card.rank == 0 or card.rank == 2 else naturals).append(card)
    return naturals, wilds


def meld_rank(cards: Sequence[Card]) -> int | None:
    """The rank of a meld's naturals, or None when there are none or they differ."""
    rank = None
    for card in cards:
        if card.rank == 0 or card.rank == 2:
            continue
        if rank is None:
            rank = card.rank
        elif card.rank != rank:
            return None
    return rank


def meld_value(cards: CardsLike, profile: ProfileLike = "classic") -> int:
    """The sum of the card values (no bonuses) of ``cards`` under ``profile``.

    >>> meld_value("h1 c1 d2"), meld_value("c4 c4 d4 jk")
    (60, 65)
    """
    values = get_profile(profile).card_values
    return sum(values[card.rank] for card in to_cards(cards))


def is_canasta(cards: Sequence[Card], profile: Profile) -> bool:
    """True when the meld has at least ``canasta_size`` cards."""
    return len(cards) >= profile.canasta_size


def is_natural_canasta(cards: Sequence[Card], profile: Profile) -> bool:
    """True for a canasta without wild cards."""
    return len(cards) >= profile.canasta_size and not any(c.rank == 0 or c.rank == 2 for c in cards)


def meld_counts_problem(
    natural_count: int, wild_count: int, rank: int, profile: Profile, *, going_out: bool = False,
    check_size: bool = True,
) -> str | None:
    """The code of the first rule a meld of these counts breaks, or None if it is legal.

    The fast check behind `check_meld_cards`, used where the engine searches many melds.
    """
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
        return Verdict.refuse("no_cards_given", "No cards were given for the meld.")
    red = [c for c in cards if c.is_red_three]
    if red:
        return Verdict.refuse(
            "meld_red_three",
            f"{format_cards(red)} cannot be melded: red threes are bonus cards, laid face up "
            "as soon as you get them, never part of a meld.",
            cards=tuple(red),
        )
    naturals, wilds = split_naturals(cards)
    if not naturals:
        return Verdict.refuse(
            "meld_no_naturals",
            f"{text} is only wild cards; a meld needs at least "
            f"{profile.meld_min_naturals} natural cards of one rank.",
            cards=tuple(cards),
        )
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        names = " and ".join(rank_name(r, plural=True) for r in ranks)
        return Verdict.refuse(
            "meld_mixed_ranks",
            f"{text} mixes {names}: all natural cards of a meld must have one rank "
            "(sequences are not melds in this game). Make one meld per rank.",
            cards=tuple(naturals),
        )
    rank = ranks[0]
    nat, wild = len(naturals), len(wilds)
    problem = meld_counts_problem(nat, wild, rank, profile, going_out=going_out)
    plural = rank_name(rank, plural=True)
    if problem is None:
        value = sum(profile.card_values[c.rank] for c in cards)
        kind = ""
        if len(cards) >= profile.canasta_size:
            kind = " It is a natural canasta." if not wild else " It is a mixed canasta."
        wild_text = f"{wild} wild card{'s' if wild != 1 else ''}"
        return Verdict.allow(
            "meld_ok",
            f"{text} is a legal meld of {plural} ({nat} natural{'s' if nat != 1 else ''}, "
            f"{wild_text}), worth {value} points.{kind}",
            meld=tuple(cards),
            value=value,
        )
    if problem == "meld_black_threes_not_going_out":
        message = (
            f"{text}: black threes may be melded only as the last meld of a player going out "
            "(three or four of them, no wild cards). Keep them to discard: a black three on top "
            "blocks the pile for the next player."
        )
    elif problem == "meld_black_threes_with_wilds":
        message = f"{text}: a meld of black threes may not contain wild cards; remove {format_cards(wilds)}."
    elif problem == "meld_too_few_cards":
        message = (
            f"{text} has {len(cards)} card{'s' if len(cards) != 1 else ''}; a meld needs at least "
            f"{profile.meld_min_size}. Add another {rank_name(rank)} or a wild card."
        )
    elif problem == "meld_too_few_naturals":
        message = (
            f"{text} has {nat} natural {rank_name(rank) if nat == 1 else plural}; a meld needs at "
            f"least {profile.meld_min_naturals} natural cards, so wild cards cannot stand in for "
            f"the second one. Add another natural {rank_name(rank)}."
        )
    elif problem == "meld_too_many_wilds":
        message = (
            f"{text} has {wild} wild cards; a meld may hold at most {profile.wild_limit}. "
            f"Keep {wild - profile.wild_limit} of {format_cards(wilds)} in your hand."
        )
    else:  # meld_wilds_not_fewer
        message = (
            f"{text} has {nat} natural{'s' if nat != 1 else ''} and {wild} wild card"
            f"{'s' if wild != 1 else ''}; in the {profile.name} profile a meld must hold more "
            "natural cards than wild cards. Add a natural or remove a wild card."
        )
    if added:
        message = f"Adding {format_cards(added)} would make the meld {message[0].lower()}{message[1:]}"
    return Verdict.refuse(problem, message, cards=tuple(cards))


def check_meld(cards: CardsLike, profile: ProfileLike = "classic", *, going_out: bool = False) -> Verdict:
    """Check whether ``cards`` form a legal new meld under ``profile``.

    ``going_out=True`` allows black threes (the last meld of a player going out).

    >>> check_meld("s3 c3 s3").code, check_meld("s3 c3 s3", going_out=True).ok
    ('meld_black_threes_not_going_out', True)
    >>> check_meld("h9 h9 jk c2 d2 s2").code
    'meld_too_many_wilds'
    """
    return check_meld_cards(to_cards(cards), get_profile(profile), going_out=going_out)

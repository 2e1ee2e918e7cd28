"""Checks of the arguments given to the public entry points (``check_meld``, ``score_round``,
``Position``, ``Round``, ``Round.from_state``, ``Game``...).

Each check raises one of the package's documented errors, with a sentence that names the
argument, says what is wrong and what is accepted: `NotationError` for unreadable cards,
`DeckError` for more copies of a card than the profile's decks hold, a `TypeError` naming the
argument for a value of the wrong kind, and a `ValueError` naming it for a value out of range.
The engine's hot paths (``Round.legal_actions`` / ``apply``) never call these.

>>> need_int(7, "to_move", low=0, high=3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: to_move must be a whole number from 0 to 3, not 7.
>>> need_cards(12345, "cards")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
TypeError: cards must be card notation text (such as 'h5 c5 jk'), a Card, or a list of cards, not int 12345.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..profiles import Profile
from .cards import Card, NotationError, check_card_counts, to_cards

__all__ = ["need_bool", "need_card_lists", "need_cards", "need_counts_in_deck", "need_int",
           "need_no_red_three_on_top", "need_sequence", "need_team_scores"]


def need_bool(value: Any, name: str, *, allow_none: bool = False) -> bool:
    """``value`` if it is True or False; else a TypeError naming ``name`` (``allow_none``: None
    passes too, and the message says so; the caller keeps the None)."""
    if isinstance(value, bool) or (allow_none and value is None):
        return bool(value)
    accepted = "True, False or None" if allow_none else "True or False"
    raise TypeError(f"{name} must be {accepted}, not {type(value).__name__} {value!r}.")


def need_int(value: Any, name: str, *, low: int | None = None, high: int | None = None,
             allow_none: bool = False) -> int:
    """``value`` if it is a whole number (not a bool) within ``low``..``high``; else a TypeError
    (wrong kind) or ValueError (out of range) naming ``name`` (``allow_none``: None passes as 0,
    and the message says None is accepted; the caller keeps the None)."""
    if allow_none and value is None:
        return 0
    if low is not None and high is not None:
        accepted = f"a whole number from {low} to {high}"
    elif low is not None:
        accepted = f"a whole number of at least {low}"
    else:
        accepted = "a whole number"
    if allow_none:
        accepted += " or None"
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be {accepted}, not {type(value).__name__} {value!r}.")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be {accepted}, not {value!r}.")
    return value


def need_cards(value: Any, name: str) -> list[Card]:
    """The cards of ``value`` (notation text, a `Card` or an iterable of them); a TypeError
    naming ``name`` for anything else, `NotationError` for an unreadable card."""
    if value is None or isinstance(value, (str, Card)):
        return to_cards(value)
    if isinstance(value, (bytes, bytearray, dict)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be card notation text (such as 'h5 c5 jk'), a Card, or a list of cards, "
                        f"not {type(value).__name__} {value!r}.")
    try:
        return to_cards(value)
    except NotationError as error:
        raise NotationError(f"{name}: {error}") from None


def need_sequence(value: Any, name: str, what: str, *, most: int | None = None) -> list[Any]:
    """``value`` as a list, if it is a list or tuple (not text) of at most ``most`` items;
    else a TypeError / ValueError naming ``name`` and saying it should hold ``what``."""
    if isinstance(value, (str, bytes, bytearray, dict, Card)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a list of {what}, not {type(value).__name__} {value!r}.")
    items = list(value)
    if most is not None and len(items) > most:
        raise ValueError(f"{name} must hold at most {most} entries, not {len(items)}: give {what}.")
    return items


def need_card_lists(value: Any, name: str, what: str, *, most: int | None = None) -> list[list[Card]]:
    """A list of card lists (one per seat, team or meld): each entry as `need_cards` reads it."""
    return [need_cards(item, f"{name}[{i}]") for i, item in enumerate(need_sequence(value, name, what, most=most))]


def need_no_red_three_on_top(pile: list[Card], name: str) -> None:
    """A ValueError naming ``name`` when the pile (bottom to top) has a red three on top: in play
    that never happens (docs/rules.md#rules-pile-red-three-top; a red-three first upcard is covered at once)."""
    if pile and pile[-1].is_red_three:
        raise ValueError(
            f"{name} has the red three {pile[-1]} on top, which never happens in play: red threes are laid "
            "face up at once, and a red three turned as the first upcard is covered by the next stock card. "
            "Put another card on top (a red three may lie under it, as the covered upcard), or give it to a "
            "player's red threes.")


def need_counts_in_deck(cards: Iterable[Card], profile: Profile, what: str) -> None:
    """`DeckError` when ``cards`` hold more copies of a card than the profile's decks."""
    check_card_counts(cards, deck_count=profile.deck_count, joker_count=profile.joker_count, what=what)


def need_team_scores(value: Any, team_count: int) -> tuple[int, ...]:
    """The teams' scores before a round: ``value`` as a tuple of ``team_count`` whole numbers
    (None: all 0); else a TypeError (not a list) or ValueError (wrong count or kind) naming
    ``team_scores``.

    >>> need_team_scores(None, 2), need_team_scores([1500, 40], 2)
    ((0, 0), (1500, 40))
    """
    if value is not None and (isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable)):
        raise TypeError(f"team_scores must be a list of {team_count} whole numbers (one per team), "
                        f"not {type(value).__name__} {value!r}.")
    scores = tuple(value) if value is not None else (0,) * team_count
    if len(scores) != team_count or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise ValueError(
            f"team_scores must give {team_count} whole numbers (one per team), "
            f"not {value!r}."
        )
    return scores

"""Checks of the arguments given to the public entry points (``check_meld``, ``meld_value``,
``score_round``, ``opening_minimum``, ``Position``, ``Round`` and its methods,
``Round.from_state``, ``Game``, the parsers...).

**One rule for every entry point**:

- a value of the wrong Python kind (``None`` where None means nothing, a number where cards are
  asked, text where a seat number is asked) raises a **TypeError** whose message starts with
  the argument's name, says what was given (its kind and value) and what to pass instead:
  ``seat must be a whole number from 0 to 3 or None, not str 'E'.``; the parsers
  (``parse_cards``, ``parse_action``, ``parse_seat``) raise a TypeError that is also their
  `NotationError`, so that code catching the notation error still does;
- a value of the right kind that is wrong raises the package's documented error for it:
  `NotationError` / `ActionNotationError` for unreadable cards or actions, `DeckError` for more
  copies of a card than the profile's decks hold, `ProfileError` for an unknown profile,
  `IllegalActionError` for an action the rules refuse (``Round.apply``, ``verify_x``; ``check``
  and ``can_x`` answer with a `Verdict` instead), and a **ValueError** naming the argument for
  a value out of range (``seat=9``, ``to_move=7``).

Nothing is changed by a refused call. The engine's hot paths (``Round.legal_actions`` /
``apply`` of an action object) never call these checks: a non-action reaching ``apply`` is
refused where the action's kind is looked up.

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
from .i18n import gettext, ngettext

__all__ = ["need_bool", "need_card_lists", "need_cards", "need_counts_in_deck", "need_int",
           "need_no_red_three_on_top", "need_one_card", "need_sequence", "need_team_scores", "wrong_kind"]


def need_bool(value: Any, name: str, *, allow_none: bool = False) -> bool:
    """``value`` if it is True or False; else a TypeError naming ``name`` (``allow_none``: None
    passes too, and the message says so; the caller keeps the None)."""
    if isinstance(value, bool) or (allow_none and value is None):
        return bool(value)
    if allow_none:
        raise TypeError(gettext("{name} must be True, False or None, not {kind} {value}.").format(
            name=name, kind=type(value).__name__, value=repr(value)))
    raise TypeError(gettext("{name} must be True or False, not {kind} {value}.").format(
        name=name, kind=type(value).__name__, value=repr(value)))


def need_int(value: Any, name: str, *, low: int | None = None, high: int | None = None,
             allow_none: bool = False) -> int:
    """``value`` if it is a whole number (not a bool) within ``low``..``high``; else a TypeError
    (wrong kind) or ValueError (out of range) naming ``name`` (``allow_none``: None passes as 0,
    and the message says None is accepted; the caller keeps the None)."""
    if allow_none and value is None:
        return 0
    wrong_kind = isinstance(value, bool) or not isinstance(value, int)
    if not wrong_kind and isinstance(value, int) and (low is None or value >= low) and (high is None or value <= high):
        return value
    # what is accepted: one whole phrase per case (built only for a refused value)
    if low is not None and high is not None:
        accepted = (gettext("a whole number from {low} to {high} or None") if allow_none
                    else gettext("a whole number from {low} to {high}")).format(low=low, high=high)
    elif low is not None:
        accepted = (gettext("a whole number of at least {low} or None") if allow_none
                    else gettext("a whole number of at least {low}")).format(low=low)
    else:
        accepted = gettext("a whole number or None") if allow_none else gettext("a whole number")
    if wrong_kind:
        raise TypeError(gettext("{name} must be {accepted}, not {kind} {value}.").format(
            name=name, accepted=accepted, kind=type(value).__name__, value=repr(value)))
    raise ValueError(gettext("{name} must be {accepted}, not {value}.").format(
        name=name, accepted=accepted, value=repr(value)))


def wrong_kind(value: Any, name: str, accepted: str) -> TypeError:
    """The TypeError for ``value`` given as ``name`` where ``accepted`` (a phrase: "an action
    or its text, such as 'N draw'") is asked: the one form of the rule's wrong-kind message.

    >>> str(wrong_kind(None, "action", "an action or its text, such as 'N draw'"))
    "action must be an action or its text, such as 'N draw', not NoneType None."
    """
    return TypeError(gettext("{name} must be {accepted}, not {kind} {value}.").format(
        name=name, accepted=accepted, kind=type(value).__name__, value=_shown(value)))


def _shown(value: Any) -> str:
    """``repr(value)``, cut to 80 characters (a wrong value may be a whole file)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def need_cards(value: Any, name: str, *, allow_none: bool = False) -> list[Card]:
    """The cards of ``value`` (notation text, a `Card` or an iterable of them; None only with
    ``allow_none``, as no cards); a TypeError naming ``name`` for anything else, `NotationError`
    for an unreadable card."""
    if isinstance(value, (str, Card)) or (value is None and allow_none):
        return to_cards(value)
    if value is None:
        raise TypeError(gettext("{name} must be card notation text (such as 'h5 c5 jk'), a Card, or a list of "
                                "cards, not {kind} {value}.").format(name=name, kind=type(value).__name__,
                                                                      value=repr(value)))
    if isinstance(value, (bytes, bytearray, dict)) or not isinstance(value, Iterable):
        raise TypeError(gettext("{name} must be card notation text (such as 'h5 c5 jk'), a Card, or a list of "
                                "cards, not {kind} {value}.").format(name=name, kind=type(value).__name__,
                                                                      value=repr(value)))
    try:
        return to_cards(value)
    except NotationError as error:
        raise NotationError(f"{name}: {error}") from None


def need_one_card(value: Any, name: str) -> Card:
    """The one card ``value`` names (a `Card`, or notation text of one card); a TypeError naming
    ``name`` for another kind, `NotationError` for an unreadable card, a ValueError naming
    ``name`` for no card or several."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise wrong_kind(value, name, gettext("one card, as a Card or its notation (such as 'h5')"))
    cards = need_cards(value, name)
    if len(cards) != 1:
        raise ValueError(gettext("{name} must name exactly one card (such as 'h5'), not {value}.").format(
            name=name, value=repr(value)))
    return cards[0]


def need_sequence(value: Any, name: str, what: str, *, most: int | None = None) -> list[Any]:
    """``value`` as a list, if it is a list or tuple (not text) of at most ``most`` items;
    else a TypeError / ValueError naming ``name`` and saying it should hold ``what``."""
    if isinstance(value, (str, bytes, bytearray, dict, Card)) or not isinstance(value, Iterable):
        raise TypeError(gettext("{name} must be a list of {what}, not {kind} {value}.").format(
            name=name, what=what, kind=type(value).__name__, value=repr(value)))
    items = list(value)
    if most is not None and len(items) > most:
        # English says "at most 1 entries", as before translation
        raise ValueError(ngettext("{name} must hold at most {most} entries, not {count}: give {what}.",
                                  "{name} must hold at most {most} entries, not {count}: give {what}.",
                                  most).format(name=name, most=most, count=len(items), what=what))
    return items


def need_card_lists(value: Any, name: str, what: str, *, most: int | None = None) -> list[list[Card]]:
    """A list of card lists (one per seat, team or meld): each entry as `need_cards` reads it."""
    return [need_cards(item, f"{name}[{i}]") for i, item in enumerate(need_sequence(value, name, what, most=most))]


def need_no_red_three_on_top(pile: list[Card], name: str) -> None:
    """A ValueError naming ``name`` when the pile (bottom to top) has a red three on top: in play
    that never happens (docs/rules.md#rules-pile-red-three-top; a red-three first upcard is covered at once)."""
    if pile and pile[-1].is_red_three:
        raise ValueError(gettext(
            "{name} has the red three {card} on top, which never happens in play: red threes are laid "
            "face up at once, and a red three turned as the first upcard is covered by the next stock card. "
            "Put another card on top (a red three may lie under it, as the covered upcard), or give it to a "
            "player's red threes.").format(name=name, card=pile[-1]))


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
        raise TypeError(ngettext("team_scores must be a list of {count} whole numbers (one per team), "
                                 "not {kind} {value}.",
                                 "team_scores must be a list of {count} whole numbers (one per team), "
                                 "not {kind} {value}.", team_count).format(
            count=team_count, kind=type(value).__name__, value=repr(value)))
    scores = tuple(value) if value is not None else (0,) * team_count
    if len(scores) != team_count or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise ValueError(ngettext("team_scores must give {count} whole numbers (one per team), not {value}.",
                                  "team_scores must give {count} whole numbers (one per team), not {value}.",
                                  team_count).format(count=team_count, value=repr(value)))
    return scores

"""What the rule checks read of a round, and what they answer.

This module owns the contract between the engine and the rule-topic modules (``turn``,
``pile``, ``meld_groups``, ``opening``, ``going_out``, ``end_of_stock``, ``discards``):
`RoundState`, the part of a round's state and queries the checks read (the engine's `Round`
is the one implementation; the rules never import the engine), and `Problem`, the refusal a
check returns (a verdict code, its message made on demand, the cards and the facts the message
states), which the engine turns into a `Verdict`. A check returns a `Problem`, or None when
the action is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol

from ..core.actions import Action, Meld, SeatForm
from ..core.cards import Card
from ..core.events import Event
from ..core.i18n import gettext, pgettext
from ..core.verdicts import Advice
from ..profiles import Profile
from ..variants.base import ClassicRules

__all__ = ["PileStatusLike", "Problem", "RoundState", "kind_word", "kinds_text", "plural"]


class Problem(NamedTuple):
    """A refusal found by a rule check: verdict code, message (made on demand), cards, facts
    (what the message claims, see ``verdicts.FACT_KEYS``) and the advice (what to do instead, its
    own kind and facts, see ``verdicts.ADVICE_KINDS``); the engine's ``Round.check`` turns it into
    a `Verdict` (docs/rules.md#rules-turn)."""

    code: str
    message: Callable[[], str]
    cards: tuple[Card, ...] = ()
    facts: dict[str, Any] | None = None
    #: What to do instead, as data (`canasta_learn.core.verdicts.Advice`): the message says it with
    #: `advice_words`, so a front end phrases it as its own controls (`phrasing_advice`).
    advice: Advice | None = None


def plural(count: int, word: str, plural: str | None = None) -> str:
    """``count`` and the word, plural unless one: '1 card', '3 cards', '2 kings' (the words
    of every rule message, docs/rules.md#rules-turn).

    >>> plural(1, "card"), plural(2, "six", "sixes")
    ('1 card', '2 sixes')
    """
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def kind_word(kind: str) -> str:
    """A canasta kind in words, in the language spoken now: in English its code with spaces
    ('natural', 'deuce natural', 'de mil'), in Portuguese the table word ('limpa', 'de dois limpa')
    (docs/rules.md#rules-scoring).

    >>> kind_word("deuce_natural")
    'deuce natural'
    """
    if kind == "natural":  # one look-up per call (events announce canastas on the engine's hot path)
        return pgettext("canasta kind", "natural")
    if kind == "mixed":
        return pgettext("canasta kind", "mixed")
    if kind == "sevens":
        return pgettext("canasta kind", "sevens")
    if kind == "wild":
        return pgettext("canasta kind", "wild")
    if kind == "deuce_natural":
        return pgettext("canasta kind", "deuce natural")
    if kind == "deuce_mixed":
        return pgettext("canasta kind", "deuce mixed")
    if kind == "real":
        return pgettext("canasta kind", "real")
    if kind == "de_mil":
        return pgettext("canasta kind", "de mil")
    if kind == "limpa":
        return pgettext("canasta kind", "limpa")
    if kind == "suja":
        return pgettext("canasta kind", "suja")
    return kind.replace("_", " ")


def kinds_text(kinds: Iterable[str], joiner: str = "or", sort: bool = True) -> str:
    """Canasta kinds in words joined by 'or' (``joiner="or"``), 'and' (``"and"``) or a comma
    (``","``), sorted by their English words unless ``sort`` is False; in the language spoken
    now (docs/rules.md#rules-going-out).

    >>> kinds_text(["real", "limpa"])
    'limpa or real'
    """
    codes = sorted(kinds, key=lambda k: k.replace("_", " ")) if sort else list(kinds)
    separator = (gettext(" or ") if joiner == "or" else gettext(" and ") if joiner == "and"
                 else gettext(", "))
    return separator.join(kind_word(k) for k in codes)


class PileStatusLike(Protocol):
    """What the checks read of a pile status (``pile.PileStatus``, which this module may not
    import: the pile's take checks import this module; docs/rules.md#rules-pile-frozen)."""

    @property
    def state(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def facts(self) -> dict[str, Any]: ...


class RoundState(Protocol):
    """What the rule checks read of a round: its state and a few queries (docs/rules.md#rules-turn).

    The engine's ``Round`` is the one implementation; the rules modules type the round they
    read with this protocol and never import the engine."""

    @property
    def profile(self) -> Profile: ...
    @property
    def rules(self) -> ClassicRules: ...
    @property
    def phase(self) -> str: ...
    @property
    def end_reason(self) -> str | None: ...
    @property
    def to_move(self) -> int: ...
    @property
    def asker(self) -> int | None: ...
    @property
    def permission(self) -> str | None: ...
    @property
    def drew_from(self) -> str | None: ...
    @property
    def stock(self) -> list[Card]: ...
    @property
    def pile(self) -> list[Card]: ...
    @property
    def hands(self) -> list[list[Card]]: ...
    @property
    def reserves(self) -> list[list[Card]]: ...
    @property
    def melds(self) -> list[dict[int, list[Card]]]: ...
    @property
    def closed(self) -> list[list[list[Card]]]: ...
    @property
    def opened(self) -> list[bool]: ...
    @property
    def has_melded(self) -> list[bool]: ...
    @property
    def team_scores(self) -> tuple[int, ...]: ...
    @property
    def morto_state(self) -> list[str]: ...
    @property
    def turn_number(self) -> int: ...
    @property
    def turn_value(self) -> int: ...
    @property
    def turn_meld_actions(self) -> int: ...
    @property
    def turn_own(self) -> dict[int, list[Card]]: ...
    @property
    def turn_added_to_old(self) -> bool: ...
    @property
    def turn_start_has_melded(self) -> bool: ...
    @property
    def turn_locked(self) -> list[Card]: ...
    @property
    def turn_drawn(self) -> tuple[Card, ...]: ...
    @property
    def top_card(self) -> Card | None: ...
    @property
    def went_out(self) -> int | None: ...
    @property
    def log(self) -> list[Action]: ...

    def seat_name(self, seat: int) -> str: ...
    def seat_label(self, seat: int, form: SeatForm = "sentence") -> str: ...
    def team_of(self, seat: int) -> int: ...
    def partner_of(self, seat: int) -> int: ...
    def opening_minimum(self, team: int) -> int: ...
    def canasta_kinds(self, team: int, melds: dict[int, list[Card]] | None = None) -> list[str]: ...
    def morto_available(self, team: int) -> bool: ...
    def pile_status(self, seat: int | None = None) -> PileStatusLike: ...
    def meld_label(self, key: int, cards: Sequence[Card]) -> str: ...
    def meld_candidates(self, seat: int) -> Iterable[Meld]: ...
    def events_for(self, action_index: int) -> list[Event]: ...

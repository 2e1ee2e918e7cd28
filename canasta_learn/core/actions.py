"""Actions and their one-line text forms.

Every action a player can take is a frozen dataclass with a ``seat``; its text form parses
back to the same action, and game records are built on it.

>>> a = parse_action("S meld h1 c1 d2 | c9 c9 d9")
>>> a
Meld(seat=2, groups=(MeldGroup(cards=(h1, c1, d2), target=None), MeldGroup(cards=(c9, c9, d9), target=None)))
>>> str(a), str(parse_action("w ADD 13: h13"))
('S meld h1 c1 d2 | c9 c9 d9', 'W add 13: h13')
>>> str(parse_action("E take c6 c6")), str(parse_action("N answer no"))
('E take c6 c6', 'N answer no')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from .cards import RANK_NAMES, Card, NotationError, NotationTypeError, format_cards, parse_cards, rank_name
from .i18n import gettext, pgettext
from .inputs import need_cards

__all__ = [
    "action_words",
    "learner_seats",
    "learner_view",
    "narrates",
    "speaks_to",
    "target_words",
    "Action",
    "ActionNotationError",
    "ActionNotationTypeError",
    "Answer",
    "Ask",
    "Redraw",
    "Swap",
    "Decline",
    "Discard",
    "Draw",
    "Meld",
    "MeldGroup",
    "TakePile",
    "format_action",
    "parse_action",
    "parse_seat",
    "SeatForm",
    "seat_label",
    "seat_name",
    "to_groups",
]

#: Meld input: notation (``"h1 c1 d2 | c9 c9 d9"``), a list of card lists or `MeldGroup` objects.
MeldsLike = Any

FOUR_SEATS = ("N", "E", "S", "W")


class ActionNotationError(NotationError):
    """An action's text form could not be read."""


class ActionNotationTypeError(ActionNotationError, NotationTypeError):
    """An action parser was given something other than text: a TypeError that is also an
    `ActionNotationError` (see `canasta_learn.core.inputs`)."""


def seat_name(seat: int, player_count: int = 4) -> str:
    """The short name of a seat: N, E, S, W at a four-player table, else P1, P2, ..."""
    if player_count == 4 and 0 <= seat < 4:
        return FOUR_SEATS[seat]
    return f"P{seat + 1}"


#: The forms of `seat_label`: in a sentence, a compact letter, the compass point in words.
SeatForm = Literal["sentence", "letter", "compass"]


def seat_label(seat: int, player_count: int = 4, form: SeatForm = "sentence") -> str:
    """A seat as learner text names it, in the language spoken now (`canasta_learn.core.i18n`).

    At a four-player table, ``form``:

    - ``"sentence"`` (the engine's messages, the notes): ``N``, ``E``, ``S``, ``W`` in English;
      ``Norte``, ``Leste``, ``Sul``, ``Oeste`` in Brazilian Portuguese, where a lone ``E`` or ``O``
      would read as the words "e" (and) and "o" (the);
    - ``"letter"`` (a team label, a badge): ``N E S W``, ``N L S O`` ("N–S", "L–O");
    - ``"compass"`` (the coach's words): ``North``... ``Norte``...

    At other tables ``P1``, ``P2``... in every language and form. `seat_name` is the
    language-neutral code that action notation, records and verdict facts keep (``E draw``).

    >>> seat_label(1), seat_label(1, form="letter"), seat_label(1, form="compass"), seat_label(4, 6)
    ('E', 'E', 'East', 'P5')
    """
    if form == "sentence":
        learner = _LEARNER.get()
        if learner is not None:
            names, you, _narrate = learner
            if names is not None and 0 <= seat < len(names):
                return names[seat]
            if seat == you:
                return gettext("you")
            form = "compass"
    name = seat_name(seat, player_count)
    if name not in FOUR_SEATS:
        return name
    # only the seat's own word is looked up (the engine names a seat in most of its events)
    if form == "letter":
        return _SEAT_LETTER[name]()
    if form == "compass":
        return _COMPASS_POINT[name]()
    if form != "sentence":
        raise ValueError(f"form must be 'sentence', 'letter' or 'compass', not {form!r}")
    return _SEAT_IN_A_SENTENCE[name]()


# The word of each seat code in each form, looked up when asked (literals, for the catalogue).
_SEAT_LETTER: dict[str, Callable[[], str]] = {
    "N": lambda: pgettext("seat letter", "N"), "E": lambda: pgettext("seat letter", "E"),
    "S": lambda: pgettext("seat letter", "S"), "W": lambda: pgettext("seat letter", "W")}
_COMPASS_POINT: dict[str, Callable[[], str]] = {
    "N": lambda: pgettext("compass point", "North"), "E": lambda: pgettext("compass point", "East"),
    "S": lambda: pgettext("compass point", "South"), "W": lambda: pgettext("compass point", "West")}
_SEAT_IN_A_SENTENCE: dict[str, Callable[[], str]] = {
    "N": lambda: pgettext("seat in a sentence", "N"), "E": lambda: pgettext("seat in a sentence", "E"),
    "S": lambda: pgettext("seat in a sentence", "S"), "W": lambda: pgettext("seat in a sentence", "W")}


#: The learner's view while `learner_seats` is in force: (names by seat or None, the learner's seat or
#: None, whether the other seats are narrated in the third person).
_LEARNER: ContextVar[tuple[tuple[str, ...] | None, int | None, bool] | None] = ContextVar(
    "canasta_learn_learner_seats", default=None)


@contextmanager
def learner_seats(names: Sequence[str] | None = None, you: int | None = None, *,
                  narrate: bool = False) -> Iterator[None]:
    """Within this block, messages made here name seats as a learner reads them: `seat_label`'s
    ``"sentence"`` form gives ``names[seat]`` (the play view's "Sam", "Ebba"), or without ``names``
    the compass word ("North", "Norte") instead of a bare letter; and the messages about the
    learner's own seat ``you`` are said in the second person (`speaks_to`). With ``narrate=True``
    (a replay telling a game, where nobody is "you" unless ``you`` says so) the messages about
    every other seat are told in the third person (`narrates`: "North holds only 1 four", "Norte
    só tem 1 quatro"), without the advice for typed commands. A ContextVar, so other threads are
    unaffected.

    >>> with learner_seats(you=0):
    ...     seat_label(1), speaks_to(0), speaks_to(1), narrates(1)
    ('East', True, False, False)
    >>> with learner_seats(["You", "Ebba", "Sam", "Wen"], you=0):
    ...     seat_label(2)
    'Sam'
    >>> with learner_seats(narrate=True):
    ...     seat_label(3), speaks_to(3), narrates(3)
    ('West', False, True)
    """
    token = _LEARNER.set((None if names is None else tuple(names), you, narrate))
    try:
        yield
    finally:
        _LEARNER.reset(token)


def learner_view() -> tuple[tuple[str, ...] | None, int | None, bool] | None:
    """The names, the learner's seat and the narrate flag that `learner_seats` put in force here, or
    None outside it (a cache of seat words keys on it, or skips caching)."""
    return _LEARNER.get()


def speaks_to(seat: int | None) -> bool:
    """True when a message made now is said to ``seat`` (the learner's seat inside `learner_seats`):
    the rules then phrase it in the second person ("You must first draw", not "N must first draw")."""
    learner = _LEARNER.get()
    return learner is not None and seat is not None and learner[1] == seat


def narrates(seat: int | None) -> bool:
    """True when a message made now tells of ``seat`` in the third person, as a narrator does
    (inside ``learner_seats(narrate=True)``, any seat but the learner's own): the rules then say
    "North holds only 1 four", not the engine's "You hold only 1 four" addressed to whoever typed
    the command, and leave out the advice about typed commands ("as in 'take h4 h4'")."""
    learner = _LEARNER.get()
    return learner is not None and learner[2] and seat is not None and learner[1] != seat


def parse_seat(text: str, player_count: int = 4) -> int:
    """Read a seat name (``N``, ``e``, ``P3``) and return its index.

    ``P1``, ``P2``... name the seats at every table. ``N``, ``E``, ``S``, ``W`` name the first
    four seats at every table with that many (seats 0 to 3, as ``P1`` to ``P4``): they are the
    names at a four-player table, and what an action's ``str()`` gives when it does not know its
    table, so that the text form of every action is accepted back by its round (at a
    six-player table, ``E draw`` is ``P2 draw``).

    >>> parse_seat("e"), parse_seat("P5", 6), parse_seat("W", 6)
    (1, 4, 3)
    """
    if not isinstance(text, str):
        raise ActionNotationTypeError(gettext("{name} must be {accepted}, not {kind} {value}.").format(
            name="text", accepted=gettext("a seat name such as N or P3"), kind=type(text).__name__,
            value=repr(text)[:80]))
    upper = text.strip().upper()
    if upper in FOUR_SEATS and FOUR_SEATS.index(upper) < player_count:
        return FOUR_SEATS.index(upper)
    if upper.startswith("P") and upper[1:].isascii() and upper[1:].isdigit():
        seat = int(upper[1:]) - 1
        if 0 <= seat < player_count:
            return seat
    names = ", ".join(seat_name(s, player_count) for s in range(player_count))
    raise ActionNotationError(gettext("{text} is not a seat; seats are {names}.").format(text=repr(text), names=names))


class MeldGroup(NamedTuple):
    """Cards going down together: a new meld (``target=None``) or cards added to the team's
    meld of rank ``target``. Cards forming a rank the team already has merge into that meld."""

    cards: tuple[Card, ...]
    target: int | None = None

    def __str__(self) -> str:
        cards = format_cards(self.cards)
        return cards if self.target is None else f"{self.target}: {cards}"


@dataclass(frozen=True)
class Draw:
    """Draw from the stock (red threes drawn are laid down and replaced automatically)."""

    seat: int
    verb = "draw"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        return f"{seat_name(self.seat, player_count)} draw"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class TakePile:
    """Take the discard pile: ``cards`` from hand go down with the top card (none: the top
    card joins the team's meld of its rank); ``extra_melds`` are further melds laid before
    the rest of the pile is picked up (to reach the opening minimum). ``target`` names the
    team meld the top card (with ``cards``) goes onto where melds are not keyed by rank
    (Brazilian sequences: ``E take 101:``)."""

    seat: int
    cards: tuple[Card, ...] = ()
    extra_melds: tuple[MeldGroup, ...] = ()
    target: int | None = None
    verb = "take"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        parts = [f"{seat_name(self.seat, player_count)} take"]
        if self.target is not None:
            parts.append(f" {self.target}:")
        if self.cards:
            parts.append(" " + format_cards(self.cards))
        for group in self.extra_melds:
            parts.append(f" | {group}")
        return "".join(parts)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Meld:
    """Lay down one or several melds or additions in one go."""

    seat: int
    groups: tuple[MeldGroup, ...]
    verb = "meld"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form (``add`` when every group names its target meld)."""
        name = seat_name(self.seat, player_count)
        if self.groups and all(g.target is not None for g in self.groups):
            return f"{name} add " + " | ".join(str(g) for g in self.groups)
        return f"{name} meld " + " | ".join(str(g) for g in self.groups)

    def __str__(self) -> str:
        return self.text()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of every group."""
        groups = self.groups
        if len(groups) == 1 and type(cards := groups[0].cards) is tuple:
            return cards  # one group's own tuple (immutable): the commonest meld, read often by the bots
        return tuple(card for group in groups for card in group.cards)


@dataclass(frozen=True)
class Discard:
    """Discard one card, ending the turn."""

    seat: int
    card: Card
    verb = "discard"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        return f"{seat_name(self.seat, player_count)} discard {self.card}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Ask:
    """Ask the partner: "may I go out?"."""

    seat: int
    verb = "ask"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        return f"{seat_name(self.seat, player_count)} ask"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Answer:
    """The partner's binding answer to "may I go out?"."""

    seat: int
    yes: bool
    verb = "answer"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        return f"{seat_name(self.seat, player_count)} answer {'yes' if self.yes else 'no'}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Decline:
    """With the stock empty, decline to take the pile: the hand ends."""

    seat: int
    verb = "decline"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        return f"{seat_name(self.seat, player_count)} decline"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Swap:
    """Replace a joker in a team meld by the natural card it stands for, taking the joker
    into hand (Brazilian games): ``N swap 101: h8``."""

    seat: int
    target: int
    card: Card
    verb = "swap"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        return f"{seat_name(self.seat, player_count)} swap {self.target}: {self.card}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Redraw:
    """First turn of a hand (Brazilian games): discard the card just drawn, starting the
    pile, and draw another."""

    seat: int
    verb = "redraw"

    def text(self, player_count: int = 4) -> str:
        """The one-line text form."""
        return f"{seat_name(self.seat, player_count)} redraw"

    def __str__(self) -> str:
        return self.text()


Action = Draw | TakePile | Meld | Discard | Ask | Answer | Decline | Swap | Redraw

_GROUP_RE = re.compile(r"\s*(?:([1-9][0-9]{2}|1[0-3]|[0-9]|[ajqkAJQK])\s*:)?\s*(.*)", re.DOTALL)
_RANK_LETTERS = {"a": 1, "j": 11, "q": 12, "k": 13}

ACTION_FORMS = (
    "'N draw', 'E take c6 c6', 'E take' (onto the team's meld), 'E take c6 c6 | h1 c1 d2', "
    "'S meld h1 c1 d2 | c9 c9 d9', 'W add 13: h13', 'N discard s3', 'E ask', 'W answer yes', "
    "'N decline', 'N swap 101: h8', 'N redraw'"
)


def action_forms() -> str:
    """`ACTION_FORMS` in the language spoken now (the action texts themselves never change).

    >>> action_forms() == ACTION_FORMS
    True
    """
    return gettext("'N draw', 'E take c6 c6', 'E take' (onto the team's meld), 'E take c6 c6 | h1 c1 d2', "
                   "'S meld h1 c1 d2 | c9 c9 d9', 'W add 13: h13', 'N discard s3', 'E ask', 'W answer yes', "
                   "'N decline', 'N swap 101: h8', 'N redraw'")


def _in(text: str, problem: str) -> str:
    """The problem found in the action text ``text``: "In 'N discard': ..." ."""
    return gettext("In {text}: {problem}").format(text=repr(text), problem=problem)


def _parse_groups(text: str, *, need_target: bool, original: str) -> tuple[MeldGroup, ...]:
    groups = []
    for part in text.split("|"):
        match = _GROUP_RE.fullmatch(part)
        if match is None:  # pragma: no cover - the pattern matches any text
            raise ActionNotationError(gettext("In {text}: {part} is not a meld group.").format(
                text=repr(original), part=repr(part)))
        target_text, cards_text = match.groups()
        target = None
        if target_text:
            target = _RANK_LETTERS.get(target_text.lower()) or int(target_text)
        try:
            cards = tuple(parse_cards(cards_text))
        except NotationError as error:
            raise ActionNotationError(_in(original, str(error))) from None
        if not cards:
            raise ActionNotationError(_in(original, gettext("a meld group names no cards.")))
        if need_target and target is None:
            raise ActionNotationError(_in(original, gettext(
                "'add' needs the target rank before each group, as in 'add 13: h13'.")))
        groups.append(MeldGroup(cards, target))
    return tuple(groups)


def parse_action(text: str, player_count: int = 4) -> Action:
    """Read an action from its one-line text form; raise `ActionNotationError` if malformed."""
    if not isinstance(text, str):
        raise ActionNotationTypeError(gettext("{name} must be {accepted}, not {kind} {value}.").format(
            name="text", accepted=gettext("an action's text, such as {forms}").format(forms=action_forms()),
            kind=type(text).__name__, value=repr(text)[:80]))
    words = text.strip().split(None, 2)
    if len(words) < 2:
        raise ActionNotationError(gettext("{text} is not an action; write a seat then a verb: {forms}.").format(
            text=repr(text), forms=action_forms()))
    seat = parse_seat(words[0], player_count)
    verb = words[1].lower()
    rest = words[2] if len(words) > 2 else ""
    if verb in ("draw", "ask", "decline", "redraw"):
        if rest.strip():
            raise ActionNotationError(_in(text, gettext("'{verb}' takes no cards.").format(verb=verb)))
        if verb == "draw":
            return Draw(seat)
        if verb == "redraw":
            return Redraw(seat)
        return Ask(seat) if verb == "ask" else Decline(seat)
    if verb == "answer":
        answer = rest.strip().lower()
        if answer not in ("yes", "no"):
            raise ActionNotationError(_in(text, gettext("answer 'yes' or 'no'.")))
        return Answer(seat, answer == "yes")
    if verb == "discard":
        try:
            cards = parse_cards(rest)
        except NotationError as error:
            raise ActionNotationError(_in(text, str(error))) from None
        if len(cards) != 1:
            raise ActionNotationError(_in(text, gettext("discard exactly one card, as in 'N discard s3'.")))
        return Discard(seat, cards[0])
    if verb == "swap":
        match = re.fullmatch(r"\s*([0-9]{1,3})\s*:\s*(.*)", rest, re.ASCII | re.DOTALL)
        if not match:
            raise ActionNotationError(_in(text, gettext(
                "write 'swap', the meld and the natural card, as in 'N swap 101: h8'.")))
        try:
            cards = parse_cards(match.group(2))
        except NotationError as error:
            raise ActionNotationError(_in(text, str(error))) from None
        if len(cards) != 1:
            raise ActionNotationError(_in(text, gettext("swap exactly one natural card for the joker.")))
        return Swap(seat, int(match.group(1)), cards[0])
    if verb == "take":
        if not rest.strip():
            return TakePile(seat)
        target = None
        match = re.fullmatch(r"\s*([0-9]{1,3})\s*:(.*)", rest, re.ASCII | re.DOTALL)
        if match:
            target, rest = int(match.group(1)), match.group(2)
        first, bar, more = rest.partition("|")
        try:
            take_cards = tuple(parse_cards(first))
        except NotationError as error:
            raise ActionNotationError(_in(text, str(error))) from None
        extra = _parse_groups(more, need_target=False, original=text) if bar else ()
        return TakePile(seat, take_cards, extra, target)
    if verb in ("meld", "add"):
        if not rest.strip():
            raise ActionNotationError(_in(text, gettext("name the cards to {verb}.").format(verb=verb)))
        return Meld(seat, _parse_groups(rest, need_target=verb == "add", original=text))
    raise ActionNotationError(gettext("{text}: unknown verb {verb}; actions look like {forms}.").format(
        text=repr(text), verb=repr(words[1]), forms=action_forms()))


def format_action(action: Action, player_count: int = 4) -> str:
    """The one-line text form of an action."""
    return action.text(player_count)


def to_groups(melds: MeldsLike) -> tuple[MeldGroup, ...]:
    """Normalise meld input: notation with ``|`` between melds (``"13: h13"`` adds to the
    kings meld), a list of card lists, or `MeldGroup` objects (the melds of a meld action or of a
    pile take's opening, docs/rules.md#rules-melds-team).

    >>> new, added = to_groups("h5 c5 d5 | 13: jk")
    >>> format_cards(new.cards), new.target, format_cards(added.cards), added.target
    ('h5 c5 d5', None, 'jk', 13)
    """
    if isinstance(melds, MeldGroup):
        return (melds,)
    if isinstance(melds, str):
        if not melds.strip():
            return ()
        return _parse_groups(melds, need_target=False, original=melds)
    if isinstance(melds, Card) or not isinstance(melds, Iterable):
        raise TypeError(gettext("melds must be meld notation ('h5 c5 d5 | 13: jk'), a list of melds (card lists) "
                                "or MeldGroup objects, not {kind} {value}.").format(kind=type(melds).__name__,
                                                                                    value=repr(melds)))
    groups = []
    for index, item in enumerate(melds):
        if isinstance(item, MeldGroup):
            groups.append(item)
        elif isinstance(item, str):
            groups.extend(to_groups(item))
        else:
            groups.append(MeldGroup(tuple(need_cards(item, f"melds[{index}]"))))
    return tuple(groups)


def target_words(target: int | None, *, of: bool = False) -> str:
    """The meld an action goes onto, without a table to name it from: " onto the kings",
    " onto meld 101" (a sequence's number); ``of=True``: " of the kings"; none: ""."""
    if target is None:
        return ""
    if target in RANK_NAMES:
        rank = rank_name(target, plural=True)
        return " " + (gettext("of the {rank}") if of else gettext("onto the {rank}")).format(rank=rank)
    return " " + (gettext("of meld {key}") if of else gettext("onto meld {key}")).format(key=target)


def action_words(action: Action, onto: Callable[[int | None, bool], str] | None = None, *,
                 notation: bool = False) -> str:
    """An action as a learner says it, in the language spoken now: "Draw from the stock",
    "Discard 4♥", "Take the pile with K♠ K♥ onto the kings" (never the notation, which is the
    record's). ``onto(target, of)`` names the meld a group goes onto (default `target_words`;
    `canasta_learn.play.coach_words.move_words` names it from the table). ``notation=True``
    writes the cards as the engine's messages do ("Discard h4"), else as on screen ("4♥").

    >>> action_words(parse_action("N discard h4")), action_words(parse_action("E ask"))
    ('Discard 4♥', 'Ask your partner: may I go out?')
    """
    def name(target: int | None, of: bool = False) -> str:
        return onto(target, of) if onto is not None else target_words(target, of=of)

    def card(c: Card) -> str:
        return format(c) if notation else c.short  # notation: as a message says it (symbols for a learner)

    def cards(group: Iterable[Card]) -> str:
        return " ".join(card(c) for c in group)

    if isinstance(action, Draw):
        return gettext("Draw from the stock")
    if isinstance(action, TakePile):
        if action.cards:
            text = gettext("Take the pile with {cards}{onto}").format(cards=cards(action.cards),
                                                                      onto=name(action.target))
        elif action.target is not None:
            text = gettext("Take the pile (its top card{onto})").format(onto=name(action.target))
        else:
            text = gettext("Take the pile")
        for group in action.extra_melds:
            text += gettext(", also melding {cards}{onto}").format(cards=cards(group.cards), onto=name(group.target))
        return text
    if isinstance(action, Meld):
        return gettext("Meld {melds}").format(
            melds="; ".join(f"{cards(g.cards)}{name(g.target)}" for g in action.groups))
    if isinstance(action, Discard):
        return gettext("Discard {card}").format(card=card(action.card))
    if isinstance(action, Ask):
        return gettext("Ask your partner: may I go out?")
    if isinstance(action, Answer):
        return gettext("Answer yes") if action.yes else gettext("Answer no")
    if isinstance(action, Decline):
        return gettext("Decline the pile")
    if isinstance(action, Swap):
        return gettext("Swap {card} for the joker{of}").format(card=card(action.card), of=name(action.target, True))
    if isinstance(action, Redraw):
        return gettext("Redraw")
    return str(action)  # pragma: no cover - every action kind is named above

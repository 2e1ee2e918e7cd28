"""Verdicts: every rule check answers *why*, with a stable code and a sentence.

A `Verdict` is truthy when the action is legal. Its ``code`` is a stable snake_case
identifier listed in `VERDICT_CODES` with its meaning; its ``message`` is a full sentence
for a learner, naming the cards and numbers involved and what would make it legal.

>>> v = Verdict.refuse("meld_too_few_cards", "A meld needs at least 3 cards; h5 h5 has 2.")
>>> bool(v), v.code
(False, 'meld_too_few_cards')

A verdict the engine gave can say its message in the other language on request (a teacher
comparing both): `Verdict.message_in` and `Verdict.in_language`.

>>> from canasta_learn import check_meld
>>> check_meld("h5 c5").message_in("pt_BR")
'h5 c5 tem 2 cartas; uma combinação precisa de pelo menos 3. Acrescente outra carta cinco ou um curinga.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from .actions import learner_seats
from .cards import Card, format_cards, symbol_cards
from .i18n import get_language, gettext, normalize_language, speaking

__all__ = ["ADVICE_KINDS", "FACT_KEYS", "VERDICT_CODES", "Advice", "IllegalActionError", "OutdatedVerdictError",
           "Verdict", "advice_words", "keep_maker", "learner_words", "phrasing_advice"]

#: The keys a verdict's (or a note's) ``facts`` may hold, with what each claims.
FACT_KEYS: dict[str, str] = {
    "action": "The kind of action judged (take_pile, meld, discard, draw, go_out, ...).",
    "seat": "The seat the message speaks to or about.",
    "hand_cards": "Cards the message says are in the player's hand (each copy counted).",
    "not_in_hand": "Cards the message says are not in the player's hand (not that many copies).",
    "pile_cards": "Cards the message says lie in the discard pile.",
    "table_cards": "Cards the message says lie on the table in the team's melds.",
    "top": "The card the message says is on top of the pile.",
    "picked_up": "How many cards the message says join the hand from the pile.",
    "red_threes_laid": "Red threes the message says are laid face up.",
    "goes_out": "True when the message says the action goes out (ends the hand), False when"
    " it says it does not.",
    "empties_hand": "True when the action leaves the player without cards.",
    "team_meld_ranks": "Ranks (meld keys) of team melds the message says exist.",
    "no_team_meld_ranks": "Ranks the message says the team has no meld of.",
    "closed_canasta_ranks": "Ranks (meld keys) the message says the team has a closed canasta of.",
    "value": "The points the message states (card values of the cards melded).",
    "minimum": "The opening minimum the message states.",
    "meld_size": "How many cards the message says a team meld holds after the action.",
    "bonuses": "(name, points) pairs: bonuses the message names, as the profile gives them.",
    "canastas": "How many canastas the message says the team has.",
    "opened": "Whether the message says the team has opened.",
    "stock_count": "How many cards the message says the stock holds.",
    "reserve": "The size of the Pennies reserve the message says comes into the hand.",
}

#: Every verdict code the engine can give, with its meaning. Tests cover each one.
VERDICT_CODES: dict[str, str] = {
    # --- legal -------------------------------------------------------------------------
    "ok": "The action is legal.",
    "meld_ok": "The cards form a legal meld.",
    "pile_takeable": "The player may take the discard pile this way.",
    "opening_ok": "The melds reach the opening minimum and leave a legal hand.",
    "opening_not_needed": "The team has already opened, so no minimum applies.",
    "go_out_ok": "The player may go out this way.",
    "go_out_concealed_ok": "The player may go out concealed this way (bonus for a concealed hand).",
    # --- turn and phase ------------------------------------------------------------------
    "round_over": "The round has ended; no more actions are possible.",
    "not_your_turn": "Another seat is to move.",
    "already_drew": "The player has already drawn or taken the pile this turn.",
    "must_draw_first": "The player must draw from the stock or take the pile before this.",
    "awaiting_answer": "A player asked to go out; the partner must answer first.",
    "stock_empty": "The stock is empty, so no card can be drawn.",
    "must_take_pile": "At the end of the stock the player must take a pile that fits a team meld.",
    # --- cards ---------------------------------------------------------------------------
    "card_not_in_hand": "A named card is not in the player's hand (or not that many copies).",
    "no_cards_given": "The action needs cards and none were given.",
    # --- melds ---------------------------------------------------------------------------
    "meld_too_few_cards": "A new meld needs at least three cards.",
    "meld_mixed_ranks": "All natural cards of a meld must have the same rank.",
    "meld_no_naturals": "A meld cannot be made of wild cards only.",
    "meld_too_few_naturals": "A meld needs at least two natural cards.",
    "meld_too_many_wilds": "A meld may hold at most three wild cards.",
    "meld_wilds_not_fewer": "In this profile a meld must hold more natural cards than wild cards.",
    "meld_red_three": "Red threes are never melded; they are laid down as bonus cards.",
    "meld_black_threes_not_going_out": "Black threes may be melded only when going out.",
    "meld_black_threes_with_wilds": "A meld of black threes may not contain wild cards.",
    "meld_no_such_meld": "Cards were added to a rank the team has no meld of.",
    "meld_opponents_meld": "Cards may never be added to the opponents' melds.",
    "meld_rank_mismatch": "The cards added do not match the rank of the target meld.",
    "meld_canasta_closed": "In this profile a canasta is closed at seven cards: nothing more may be added.",
    "meld_twos_reserved": "While the team's deuce meld is incomplete, its twos may go only there (Italian).",
    "discard_seven_forbidden": "No seven may be discarded before the team has a sevens canasta (Pennies).",
    "go_out_discarding_seven": "A player may never go out by discarding a seven (Pennies).",
    "meld_same_rank_twice": "One action named two melds of the same rank; put them together.",
    # --- discard pile ----------------------------------------------------------------------
    "pile_empty": "The discard pile is empty.",
    "pile_blocked_black_three": "A black three on top blocks the pile: nobody may take it.",
    "pile_blocked_wild": "A wild card on top blocks the pile: nobody may take it.",
    "pile_frozen_needs_natural_pair": "The pile is frozen: only a natural pair of the top card's"
    " rank from hand can take it.",
    "pile_no_meld_for_top_card": "The top card must go into a meld at once: a natural pair,"
    " a natural and a wild from hand, or the team's meld of its rank.",
    "pile_one_card_ban": "A player holding one card may not take a pile of one card.",
    "pile_extra_melds_need_opening": "Extra melds with a pile take are only for reaching the"
    " opening minimum.",
    # --- opening -------------------------------------------------------------------------
    "opening_below_minimum": "The team's first melds do not reach the opening minimum.",
    "opening_incomplete": "The turn cannot end before the opening minimum is reached.",
    "opening_no_wilds": "In this profile the opening melds may contain no wild card.",
    "opening_impossible": "No set of melds from this hand reaches the opening minimum.",
    # --- going out -----------------------------------------------------------------------
    "cannot_go_out_without_canasta": "The team needs a canasta before a player may go out"
    " (so the player must keep a card).",
    "go_out_forbidden_by_partner": "The partner answered no: the player may not go out this turn.",
    "must_go_out": "The partner answered yes: the player must go out this turn.",
    "go_out_not_whole_hand": "Going out needs every card melded (or all but one discarded).",
    "permission_wrong_time": "Permission to go out cannot be asked at this point of the turn.",
    "permission_already_asked": "Permission was already asked this turn.",
    "permission_cannot_go_out": "The player cannot go out this turn, so there is nothing to ask.",
    "permission_not_asked": "Nobody asked to go out, so there is nothing to answer.",
    "not_concealed": "The player cannot go out concealed (earlier melds or additions).",
    # --- discard -------------------------------------------------------------------------
    "discard_not_in_hand": "The card to discard is not in the player's hand.",
    # --- end of stock --------------------------------------------------------------------
    "decline_only_at_end_of_stock": "Declining the pile ends the hand only when the stock is"
    " empty.",
    # --- Brazilian games (sequences, morto, batidas) ----------------------------------------
    "meld_threes_in_sequence": "Threes are never melded in the Brazilian games (sequences run 4 to ace).",
    "meld_set_not_aces": "Only aces form sets in the Brazilian games; other cards form same-suit sequences.",
    "seq_mixed_suits": "A sequence is of one suit.",
    "seq_rank_twice": "A sequence holds each rank once.",
    "seq_gap": "A sequence is in order: its gaps must be filled by wild cards.",
    "seq_ace_low": "The ace is only high: a sequence runs 4, 5, ..., K, A and never wraps.",
    "seq_too_long": "A sequence runs from 4 to the ace: at most 11 cards.",
    "seq_wild_fixed": "A wild card keeps its place in a sequence (a two moves only from an end, in Canastra).",
    "meld_pile_cards_locked": "Cards taken with the pile may be melded only from the next turn.",
    "batida_needs_clean_canasta": "With the morto gone, a batida ends the hand and needs a clean canasta.",
    "swap_not_possible": "No joker in that team meld stands for this natural card.",
    "redraw_not_allowed": "Only the first player of a hand may discard the drawn card and draw again.",
}


#: The kinds of "what to do instead" a refusal can carry (`Advice`), with the facts each holds.
ADVICE_KINDS: dict[str, str] = {
    "take_with_held": "Take the pile with the cards of the top card's rank held (facts: cards, the cards"
    " held; pair, the two to name).",
    "take_with_pair": "Take the pile with the natural pair held (facts: pair).",
    "name_cards_to_meld": "Give the cards to meld (no facts).",
    "twos_onto_deuce_meld": "Put the twos onto the team's deuce meld, which is not a canasta yet (facts:"
    " twos, the twos named; profile, the profile's name).",
    "wilds_onto_meld": "Wild cards alone are no meld: add them to a team meld, named (facts: cards, the wild"
    " cards).",
    "lay_opening_together": "Lay every opening meld of the turn in one action so that together they reach the"
    " minimum (facts: minimum, value, short).",
    "add_opening_melds_to_take": "Add opening melds from the hand to the pile take, or draw from the stock"
    " (facts: minimum, value, short).",
    "take_without_meld_number": "Take the pile without naming a meld: the top card goes onto the team's meld of"
    " its rank (facts: profile).",
}


class Advice(NamedTuple):
    """What to do instead of a refused action, as data: its ``kind`` (one of `ADVICE_KINDS`) and
    language-neutral ``facts`` (cards as `Card` objects). The engine says it in words for typed
    commands ("name the cards, as in 'take h4 h4'"); a front end that installs its own words with
    `phrasing_advice` gets its message made with them ("select them in your hand, then press Take
    pile"), from the same templates: no engine sentence is rewritten.

    >>> from canasta_learn.core.cards import parse_cards
    >>> Advice("take_with_pair", {"pair": tuple(parse_cards("h4 h4"))}).kind
    'take_with_pair'
    """

    kind: str
    facts: dict[str, Any]


#: The front end's words for an `Advice` while `phrasing_advice` is in force (None: the engine's).
_PHRASER: ContextVar[Callable[[Advice], str | None] | None] = ContextVar("canasta_learn_advice_phraser",
                                                                         default=None)


@contextmanager
def phrasing_advice(phrase: Callable[[Advice], str | None]) -> Iterator[None]:
    """Within this block, messages made here say their `Advice` as ``phrase(advice)`` gives it (in
    the language spoken), or in the engine's words where it gives None.

    >>> from canasta_learn.engine.round import Round
    >>> rnd = Round.from_state(hands=["h4 h4 c9 d9 s9", "c5 c6 c7", "s5 s6 s8", "d5 d6 d7"],
    ...                        stock="s7 d6 c10 h6", pile="d7 s4", opened=[True, False])
    >>> verdict = rnd.check("N take")
    >>> verdict.advice.kind, verdict.message.split(". ")[-1]
    ('take_with_held', "You hold h4 h4: name the cards, as in 'take h4 h4'.")
    >>> with phrasing_advice(lambda advice: "select them, then press Take pile"):
    ...     verdict.learner_message().split(". ")[-1]
    'You hold 4♥ 4♥: select them, then press Take pile.'
    """
    token = _PHRASER.set(phrase)
    try:
        yield
    finally:
        _PHRASER.reset(token)


def advice_words(advice: Advice, engine: Callable[[], str]) -> str:
    """``advice`` in words: the front end's (`phrasing_advice`) if it has some for it, else the
    engine's, ``engine()`` (the rule's own template, in the language spoken now)."""
    if advice.kind not in ADVICE_KINDS:
        raise KeyError(f"Advice kind {advice.kind!r} is not listed in ADVICE_KINDS.")
    phrase = _PHRASER.get()
    said = phrase(advice) if phrase is not None else None
    return engine() if said is None else said


@dataclass(frozen=True)
class Verdict:
    """The answer of a rule check: legal or not, a stable code, and why.

    ``ok`` is also the truth value. Optional fields carry what the check found:
    ``cards`` (the cards the message names), ``meld`` (the cards that go down with the
    top card of the pile, or the meld judged), ``melds`` and ``value`` (an opening),
    ``concealed`` (going out).

    ``facts`` holds the claims the message makes, as data a test can check against the
    state (see `FACT_KEYS`): the cards it says are in the hand or the pile, the counts it
    states, whether the action goes out, the team melds it refers to, the bonuses it names.
    A message never claims more than its facts say; the facts never say what the message
    does not.

    ``language`` is the language ``message`` was made in (the one spoken when the verdict was
    made). `message_in` gives the message in another language: the engine's verdicts
    (``Round.check`` and the ``can_``/``verify_`` methods, ``Game.check``, the `Position`
    checks, ``check_meld``) keep the maker of their message and make it again in the language
    asked for; a verdict made from a plain message (``Verdict.refuse(code, "...")``) can only
    give it in its own language and raises a ValueError for another.
    """

    ok: bool
    code: str
    message: str
    cards: tuple[Card, ...] = ()
    meld: tuple[Card, ...] | None = None
    melds: tuple[tuple[Card, ...], ...] = ()
    value: int | None = None
    concealed: bool | None = None
    details: dict[str, Any] = field(default_factory=dict, compare=False)
    facts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: What to do instead (a refusal's `Advice`), or None.
    advice: Advice | None = field(default=None, compare=False, repr=False)
    language: str = field(default="en", init=False, compare=False, repr=False)
    _maker: Callable[[], str] | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.code not in VERDICT_CODES:
            raise KeyError(f"Verdict code {self.code!r} is not listed in VERDICT_CODES.")
        object.__setattr__(self, "language", get_language())

    def message_in(self, language: str) -> str:
        """The message in ``language`` (``"pt_BR"``, ``"en"``, or a form `normalize_language`
        accepts), without changing the language spoken.

        The engine's verdicts make their message again in that language (the check re-run); a
        verdict of a round asks the round as it was when the verdict was given, so a round that
        has moved on since raises `OutdatedVerdictError` (a ValueError: ask before the next
        action). A verdict made from a plain message (or unpickled: the maker is not pickled)
        gives it only in its own language (`language`) and raises a ValueError for another.

        >>> from canasta_learn import Round
        >>> verdict = Round(seed=7).check("N draw")
        >>> verdict.message
        "It is E's turn, not N's."
        >>> verdict.message_in("pt_BR")
        'É a vez de Leste, não de Norte.'
        """
        wanted = normalize_language(language)
        if wanted == self.language:
            return self.message
        if self._maker is None:
            raise ValueError(gettext(
                "This verdict has its message only in {made} (it was made from a plain message, or unpickled), "
                "not in {wanted}; the engine's verdicts, from Round.check, the Position checks or check_meld, "
                "give theirs in either language.").format(made=self.language, wanted=wanted))
        try:
            with speaking(wanted):
                return self._maker()
        except OutdatedVerdictError:
            raise OutdatedVerdictError(gettext(
                "The round has moved on since this verdict was given: ask for its message in another "
                "language before the next action.")) from None

    def learner_message(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        """The message as a learner reads it, in the language spoken now: made again from its
        templates (`learner_words`) with cards as symbols (``8♣ Jk``, not ``c8 jk``), seats by
        ``names`` (or compass words: "North", never a bare "N"), and said in the second person
        where it is about the learner's seat ``you``. `message` (the engine's, for the command
        line and records) keeps notation. A verdict made from a plain message, or of a round that
        has moved on, gives `message` as it is.

        >>> from canasta_learn import Round
        >>> verdict = Round(seed=7).check("E discard h4")
        >>> verdict.message
        'E must first draw from the stock or take the discard pile.'
        >>> verdict.learner_message(you=1)
        'You must first draw from the stock or take the discard pile.'
        >>> Round(seed=7).check("N draw").learner_message(["You", "Ebba", "Sam", "Wen"], you=0)
        "It is Ebba's turn, not yours."
        """
        if self._maker is None:
            return self.message
        try:
            with learner_words(names, you):
                return self._maker()
        except OutdatedVerdictError:
            return self.message

    def in_language(self, language: str) -> Verdict:
        """A copy of this verdict whose ``message`` is in ``language`` (see `message_in`; the
        same code, cards and facts, which are language-neutral).

        >>> from canasta_learn import check_meld
        >>> str(check_meld("h5 c5").in_language("pt_BR"))  # doctest: +ELLIPSIS
        'Recusada [meld_too_few_cards]: h5 c5 tem 2 cartas; uma combinação precisa de pelo menos 3. ...'
        """
        message = self.message_in(language)
        with speaking(language):
            copy = replace(self, message=message, details=dict(self.details), facts=dict(self.facts))
        object.__setattr__(copy, "_maker", self._maker)
        return copy

    def __bool__(self) -> bool:
        return self.ok

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the maker of its message (it reads a live round): an unpickled verdict
        gives its message only in its own `language`."""
        state = dict(self.__dict__)
        state["_maker"] = None
        return state

    def __copy__(self) -> Verdict:
        copy = object.__new__(Verdict)
        copy.__dict__.update(self.__dict__)
        return copy

    @classmethod
    def allow(cls, code: str = "ok", message: str = "This is legal.", **fields: Any) -> Verdict:
        """A legal verdict."""
        return cls(True, code, message, **fields)

    @classmethod
    def refuse(cls, code: str, message: str, **fields: Any) -> Verdict:
        """A refusal."""
        return cls(False, code, message, **fields)

    @property
    def meaning(self) -> str:
        """The general meaning of this verdict's code (from `VERDICT_CODES`)."""
        return VERDICT_CODES[self.code]

    def __str__(self) -> str:
        if self.language == "en":
            return f"{'OK' if self.ok else 'Refused'} [{self.code}]: {self.message}"
        with speaking(self.language):  # the words of the verdict's own language
            word = gettext("OK") if self.ok else gettext("Refused")
        return f"{word} [{self.code}]: {self.message}"

    def __repr__(self) -> str:
        extra = ""
        if self.meld is not None:
            extra += f", meld={format_cards(self.meld)!r}"
        if self.value is not None:
            extra += f", value={self.value}"
        if self.concealed is not None:
            extra += f", concealed={self.concealed}"
        return f"Verdict(ok={self.ok}, code={self.code!r}, message={self.message!r}{extra})"

    def _repr_html_(self) -> str:
        from ..render import verdict_html

        return verdict_html(self)

    def raise_if_refused(self) -> Verdict:
        """Raise `IllegalActionError` if this verdict refuses; else return it."""
        if not self.ok:
            raise IllegalActionError(self)
        return self


class IllegalActionError(ValueError):
    """An action was refused by the rules; ``.verdict`` says which rule and why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict

    @property
    def code(self) -> str:
        """The refusing verdict's code."""
        return self.verdict.code


@contextmanager
def learner_words(names: Sequence[str] | None = None, you: int | None = None, *,
                  narrate: bool = False) -> Iterator[None]:
    """Within this block, messages are made as a learner reads them: cards as symbols
    (`canasta_learn.core.cards.symbol_cards`), seats by ``names`` or compass words and the
    learner's own seat ``you`` in the second person (`canasta_learn.core.actions.learner_seats`);
    with ``narrate=True`` the other seats in the third person, without advice for typed commands
    (the replay's notes: "North holds only 1 four (4♥)").

    >>> from canasta_learn import check_meld
    >>> with learner_words():
    ...     check_meld("h5 c5").message
    '5♥ 5♣ has 2 cards; a meld needs at least 3. Add another five or a wild card.'
    >>> from canasta_learn.engine.round import Round
    >>> rnd = Round.from_state(hands=["h4 h4 c9 d9 s9", "c5 c6 c7", "s5 s6 s8", "d5 d6 d7"],
    ...                        stock="s7 d6 c10 h6", pile="d7 s4", opened=[True, False])
    >>> with learner_words(narrate=True):
    ...     rnd.check("N take").message.split(". ")[-1]
    'North holds 4♥ 4♥.'
    """
    with symbol_cards(), learner_seats(names, you, narrate=narrate):
        yield


def keep_maker(verdict: Verdict, maker: Callable[[], str]) -> Verdict:
    """``verdict`` (just made by the engine, not yet handed out), keeping ``maker``: the callable
    that makes its message again in the language spoken when it is called (`Verdict.message_in`).
    Only a reference is stored: nothing is made until a message is asked for.

    >>> verdict = keep_maker(Verdict.allow("ok", "Fine."), lambda: gettext("Fine."))
    >>> verdict.message_in("pt_BR")
    'Fine.'
    """
    object.__setattr__(verdict, "_maker", maker)
    return verdict


class OutdatedVerdictError(ValueError):
    """`Verdict.message_in` was asked for the message of a verdict on a round that has moved on
    since: its message would now speak of another state."""


def describe_cards(cards: Sequence[Card]) -> str:
    """Cards in notation for messages: ``'h1 c1 d2'``."""
    return format_cards(cards)

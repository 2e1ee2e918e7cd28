"""Drills and their grading: the task a learner is set, the engine's answer, and the verdict on
the learner's own answer (docs/architecture.md, the practice layer).

A `Drill` is one exercise of one skill: a fresh legal `Position`, the task in the learner's
words (said in the language spoken when it is read), the kind of answer expected (`KINDS`) and
the engine's answer. `grade` judges a learner's answer against the engine: for an answer made
of cards (taking the pile, opening, going out) it runs the engine's own check on the cards the
learner chose, so a different legal way is just as right; a yes/no, a number or a choice is
compared with the engine's answer. Every `Grade` carries the engine's explanation (its code and
its message, made again in the language spoken). `Drill.hint` escalates: 1 names the rule,
2 the deciding fact, 3 gives the answer.

This module never imports a widget library: the widgets (a later step) read drills and grades.

>>> from canasta_learn.practice import generate
>>> drill = generate("opening_minimum", seed=3)
>>> drill.kind
'number'
>>> grade(drill, drill.answer).outcome
'right'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card
from ..core.i18n import gettext, pgettext
from ..core.inputs import need_card_lists, need_cards, wrong_kind
from ..engine.position import Position

__all__ = ["KINDS", "OUTCOMES", "Drill", "Explanation", "Grade", "grade"]

#: The kinds of answer a drill expects, with what the learner gives.
KINDS: dict[str, str] = {
    "yes_no": "True (yes) or False (no).",
    "number": "A whole number (points, a minimum).",
    "choice": "One of the drill's choices (its key).",
    "take_pile": "The cards from the hand that go down with the top card, or None: 'I may not take it'.",
    "open": "A list of melds from the hand that opens, or None: 'I cannot open this turn'.",
    "go_out": "(melds, discard) that go out (discard may be None), or None: 'I may not go out'.",
}

#: The outcomes of a grade, with their meaning.
OUTCOMES: dict[str, str] = {
    "right": "The answer is the engine's, or the action does what was asked.",
    "legal_not_asked": "The action is legal, but it does not do what the task asked.",
    "illegal": "The engine refuses the action.",
    "wrong": "The yes/no, number or choice is not the engine's answer.",
}

#: An explanation: the engine's verdict code and its message (in the language spoken).
Explanation = tuple[str, str]


@dataclass(frozen=True, eq=False)
class Drill:
    """One exercise of one skill, built from ``seed`` and ``difficulty`` by the skill's generator.

    ``answer`` is the engine's answer: a bool (``yes_no``), an int (``number``), a choice key
    (``choice``), cards or None (``take_pile``), melds or None (``open``), (melds, discard) or
    None (``go_out``). ``task``, ``hint`` and ``answer_text`` speak the language spoken when read.
    A view draws ``position`` by its cards (hand, pile, melds, red threes, score), never by
    ``str(position)``, which states the pile's state and the opening minimum: answers of some drills.
    """

    skill: str
    seed: int
    difficulty: int
    kind: str
    position: Position
    answer: Any
    #: The engine's explanation of the answer (re-run: it speaks the language spoken now).
    explain: Callable[[], Explanation]
    task_maker: Callable[[], str]
    fact_maker: Callable[[], str]
    rule: str
    rule_name: str
    #: The answer the generator built the position to have, chosen before the cards (a bool
    #: "there is a way" for the action kinds); the engine's ``answer`` must agree (tests check).
    built_for: Any = None
    #: What the task names beyond the position, as data a view can draw (e.g. ``"laid"``: the
    #: melds it says you lay, ``"discard"``: the card it says you discard).
    shown: dict[str, Any] = field(default_factory=dict)
    #: For ``choice`` drills: the choice keys, in the order shown.
    choices: tuple[str, ...] = ()
    choice_words: Callable[[str], str] | None = None
    #: For action drills: the engine's check of the learner's action (cards -> verdict).
    judge: Callable[[Any], Explanation | None] | None = field(default=None, repr=False)
    #: For action drills: whether the learner's action is at least legal (when the judge refuses).
    legal: Callable[[Any], bool] | None = field(default=None, repr=False)

    @property
    def task(self) -> str:
        """The task, in the learner's words and the language spoken now; it never states the answer."""
        return self.task_maker()

    def choice_label(self, choice: str) -> str:
        """A choice key in words (the language spoken now)."""
        return self.choice_words(choice) if self.choice_words is not None else choice

    def answer_text(self) -> str:
        """The engine's answer in words (the language spoken now)."""
        return _answer_words(self, self.answer)

    def hint(self, level: int) -> str:
        """Hint ``level`` (1, 2 or 3): the rule's name, then the deciding fact, then the answer.
        A level outside 1-3 raises a ValueError."""
        if level == 1:
            return gettext("The rule: {rule}.").format(rule=gettext(self.rule_name))
        if level == 2:
            return self.fact_maker()
        if level == 3:
            # a choice's label is a sentence with its own full stop: one full stop, not two
            return gettext("The answer: {answer}.").format(answer=self.answer_text().rstrip("."))
        raise ValueError(f"level must be 1, 2 or 3 (the rule, the deciding fact, the answer), not {level!r}.")


@dataclass(frozen=True)
class Grade:
    """The verdict on a learner's answer: ``outcome`` (`OUTCOMES`), the engine's ``code`` and
    ``message`` explaining it, and the engine's answer in words (``answer``)."""

    outcome: str
    code: str
    message: str
    answer: str

    @property
    def right(self) -> bool:
        """True when the outcome is ``right``."""
        return self.outcome == "right"

    @property
    def feedback(self) -> str:
        """One line for the learner: the outcome in words, then the engine's explanation."""
        head = {
            "right": gettext("Right."),
            "legal_not_asked": gettext("Legal, but not what was asked."),
            "illegal": gettext("Not allowed."),
            "wrong": gettext("Not quite."),
        }[self.outcome]
        return f"{head} {self.message}"



def _symbols(cards: Iterable[Card]) -> str:
    """Cards as a learner reads them, ``K♥ K♠`` (never the notation ``h13``)."""
    return " ".join(card.short for card in cards)

def _answer_words(drill: Drill, answer: Any) -> str:
    if drill.kind == "yes_no":
        return pgettext("answer", "yes") if answer else pgettext("answer", "no")
    if drill.kind == "number":
        return str(answer)
    if drill.kind == "choice":
        return drill.choice_label(answer)
    if drill.kind == "take_pile":
        if answer is None:
            return gettext("you may not take the pile")
        if not answer:
            return gettext("take the pile, adding its top card to your team's meld")
        return gettext("take the pile with {cards}").format(cards=_symbols(answer))
    if drill.kind == "open":
        if answer is None:
            return gettext("you cannot open this turn")
        return gettext("open with {melds}").format(melds=" + ".join(_symbols(m) for m in answer))
    if drill.kind == "go_out":
        if answer is None:
            return gettext("you may not go out")
        melds, discard = answer
        laid = " + ".join(_symbols(m) for m in melds)
        if discard is None:
            return gettext("go out by laying {melds}").format(melds=laid)
        return gettext("go out by laying {melds} and discarding {card}").format(melds=laid, card=discard.short)
    raise AssertionError(drill.kind)


def _learner_action(drill: Drill, answer: Any) -> Any:
    """The learner's action as cards, checked for its kind (a TypeError / ValueError naming ``answer``)."""
    if drill.kind == "take_pile":
        return tuple(need_cards(answer, "answer"))
    if drill.kind == "open":
        return tuple(tuple(m) for m in need_card_lists(answer, "answer", "melds (each notation text or cards)"))
    if not isinstance(answer, tuple | list) or len(answer) != 2:
        raise wrong_kind(answer, "answer", "(melds, discard) or None")
    melds = tuple(tuple(m) for m in need_card_lists(answer[0], "answer", "melds (each notation text or cards)"))
    discard = None if answer[1] is None else need_cards(answer[1], "answer")
    if discard is not None and len(discard) != 1:
        raise ValueError(f"answer's discard must be one card or None, not {answer[1]!r}.")
    return melds, (discard[0] if discard else None)


def grade(drill: Drill, answer: Any) -> Grade:
    """Judge the learner's ``answer`` to ``drill`` (see `KINDS` for its form) by the engine.

    A yes/no, number or choice is ``right`` or ``wrong``; an action (cards) is ``right`` when the
    engine's check of it does what the task asked (any legal way), ``legal_not_asked`` when it is
    legal but does not (melds that leave cards when going out was asked), ``illegal`` when the
    engine refuses it, and None ("I may not") is ``right`` exactly when no legal way exists.
    The explanation is the engine's (for an action, its verdict on the learner's own cards).
    An answer of the wrong form raises a TypeError or ValueError naming ``answer``."""
    shown = drill.answer_text()
    truth_code, truth_message = drill.explain()
    if drill.kind == "yes_no":
        if not isinstance(answer, bool):
            raise wrong_kind(answer, "answer", "True (yes) or False (no)")
        return Grade("right" if answer == drill.answer else "wrong", truth_code, truth_message, shown)
    if drill.kind == "number":
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise wrong_kind(answer, "answer", "a whole number")
        return Grade("right" if answer == drill.answer else "wrong", truth_code, truth_message, shown)
    if drill.kind == "choice":
        if answer not in drill.choices:
            raise ValueError(f"answer must be one of {', '.join(drill.choices)}, not {answer!r}.")
        return Grade("right" if answer == drill.answer else "wrong", truth_code, truth_message, shown)
    if answer is None:  # "I may not / I cannot"
        return Grade("right" if drill.answer is None else "wrong", truth_code, truth_message, shown)
    action = _learner_action(drill, answer)
    assert drill.judge is not None and drill.legal is not None
    refusal = drill.judge(action)
    if refusal is None:
        code, message = _judged_ok(drill, action)
        return Grade("right", code, message, shown)
    code, message = refusal
    outcome = "legal_not_asked" if drill.legal(action) else "illegal"
    return Grade(outcome, code, message, shown)


def _judged_ok(drill: Drill, action: Any) -> Explanation:
    """The engine's message on a right action (its allowing verdict, re-run)."""
    position = drill.position
    if drill.kind == "take_pile":
        verdict = position.check_take_pile(list(action))
    elif drill.kind == "open":
        verdict = position.check_opening([list(m) for m in action])
    else:
        melds, discard = action
        verdict = position.check_go_out([list(m) for m in melds], discard)
    return verdict.code, verdict.message


"""Self-check questions built from a `Position`, answered by clicking, explained by the engine.

``Quiz(question, position, kind=...)`` asks one of:

* ``"can_take_pile"`` - Yes / No (``Position.check_take_pile()``);
* ``"opening_minimum"`` - the profile's minimums as choices (``Position.opening_verdict()``);
* ``"which_meld_opens"`` - sets of melds, exactly one of which opens (``Position.check_opening``
  decides; pass ``choices=[...]`` or let the quiz pick plausible wrong sets);
* ``"pile_state"`` - empty / open / frozen / blocked (``Position.pile_status()``).

The generic form ``Quiz(question, choices, correct, explanation_verdict)`` takes the choices,
the right one and the engine verdict that explains it. Feedback always quotes the engine's
verdict message (never a hand-written explanation). `QuizSet` keeps the score.

Where no kernel runs (a page exported with nbconvert), a quiz cannot be clicked: besides the
widget view, `Quiz` and `QuizSet` display a static ``text/html`` rendering (`Quiz.static_html`):
the question, the position's cards, the choices as a list, and the answer with the engine's
verdict inside a closed ``<details>`` element ("Show the answer"). It is script-free, every
text is escaped, and it carries the attribute `STATIC_ATTR` so that ``canasta-learn export``
keeps it instead of the note that replaces other widgets.

>>> from canasta_learn import Position
>>> mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])
>>> quiz = Quiz("Can Mike take the pile?", mike, kind="can_take_pile")
>>> quiz.choices, quiz.answer_text
(['Yes', 'No'], 'No')
>>> quiz.answer("Yes")
False
>>> "natural pair of fives" in quiz.feedback
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..cards import Card, format_cards
from ..pile import PILE_STATES, PileStatus
from ..position import Position
from ..profiles import Profile, ProfileLike, get_profile
from ..verdicts import Verdict
from .common import profile_badge

__all__ = ["QUIZ_KINDS", "STATIC_ATTR", "Quiz", "QuizSet"]

#: The kinds of question a quiz can build from a position.
QUIZ_KINDS = ("can_take_pile", "opening_minimum", "which_meld_opens", "pile_state")
#: The attribute that marks a widget's static HTML rendering (``canasta_learn.cli_lessons``
#: keeps an exported widget output whose ``text/html`` carries it).
STATIC_ATTR = "data-cl-static"

PositionSource = Position | Callable[[], Position]


def _meld_text(melds: Sequence[Sequence[Card]]) -> str:
    return " | ".join(format_cards(m) for m in melds)


def _wrong_meld_sets(position: Position, right: str, count: int = 3) -> list[str]:
    """Plausible sets of melds from the hand that do *not* open (per ``check_opening``)."""
    hand = position.hand
    by_rank: dict[int, list[Card]] = {}
    wilds = [c for c in hand if c.is_wild]
    for card in hand:
        if not card.is_wild and not card.is_black_three:
            by_rank.setdefault(card.rank, []).append(card)
    candidates: list[list[list[Card]]] = []
    singles: list[list[Card]] = []
    for cards in by_rank.values():
        if len(cards) >= 3:
            singles.append(list(cards))
        elif len(cards) == 2 and wilds:
            singles.append([*cards, wilds[0]])
    candidates += [[m] for m in singles]
    candidates += [[a, b] for i, a in enumerate(singles) for b in singles[i + 1:]
                   if not set(a) & set(b) or not (a[-1].is_wild and b[-1].is_wild)]
    wrong: list[str] = []
    for melds in candidates:
        text = _meld_text(melds)
        if text == right or text in wrong:
            continue
        if not position.check_opening(melds).ok:
            wrong.append(text)
        if len(wrong) == count:
            break
    return wrong


def _with_static_html(bundle: Any, static: Callable[[], str]) -> dict[str, Any] | None:
    """Add ``text/html`` (``static()``) to a widget's MIME bundle, if the widget has a view."""
    if not isinstance(bundle, dict):
        return None
    return {**bundle, "text/html": static()}


class Quiz(widgets.VBox):  # type: ignore[misc]
    """One self-check question: choices as buttons, feedback quoting the engine's verdict.

    ``Quiz(question, position_or_callable, kind=...)`` (kinds in `QUIZ_KINDS`; a callable is
    called once to build the position), or generically ``Quiz(question, choices, correct,
    explanation_verdict)``. ``which_meld_opens`` accepts ``choices=[...]`` (meld sets as
    notation, ``|`` between melds); exactly one must open. ``position=`` shows the cards of a
    generic quiz; ``profile=`` names its rules (default: the position's).

    ``answer(choice)`` answers as a click does and returns whether it was right;
    ``.correct`` is True/False (None before an answer), ``.feedback`` the feedback text,
    ``.verdict`` the engine's verdict explaining the right answer; ``reset()`` clears it.
    """

    def __init__(
        self,
        question: str,
        source: PositionSource | Sequence[str],
        correct: str | None = None,
        explanation: Verdict | None = None,
        *,
        kind: str | None = None,
        choices: Sequence[str] | None = None,
        position: Position | None = None,
        profile: ProfileLike | None = None,
    ) -> None:
        super().__init__()
        self.question = question
        if kind is None and correct in QUIZ_KINDS and not isinstance(source, (list, tuple)):
            kind, correct = correct, None
        self.kind = kind or "generic"
        self.position: Position | None = position
        #: The verdict of each choice, when the engine gives one per choice (meld sets).
        self.choice_verdicts: dict[str, Verdict] = {}
        #: The pile's status (``pile_state`` quizzes: the engine's explanation).
        self.status: PileStatus | None = None
        self.verdict: Verdict | None = None
        if kind is None:
            if isinstance(source, (Position, str)) or callable(source):
                raise TypeError("Quiz(question, position, kind=...) needs a kind: "
                                + ", ".join(QUIZ_KINDS))
            if correct is None or explanation is None:
                raise TypeError("The generic form is Quiz(question, choices, correct, verdict).")
            self.choices = [str(c) for c in source]
            self.answer_text = str(correct)
            self.verdict = explanation
        else:
            if kind not in QUIZ_KINDS:
                raise ValueError(f"Unknown quiz kind {kind!r}; kinds: {', '.join(QUIZ_KINDS)}.")
            if isinstance(source, Position):
                self.position = source
            elif callable(source):
                self.position = source()
            else:
                raise TypeError(f"A {kind!r} quiz is built from a Position (or a callable).")
            built = self._build(kind, self.position, choices)
            self.choices, self.answer_text, self.verdict, self.choice_verdicts = built
            if kind == "pile_state":
                self.status = self.position.pile_status()
        if self.answer_text not in self.choices:
            raise ValueError(f"The right answer {self.answer_text!r} is not among the choices "
                             f"{self.choices!r}.")
        self.profile: Profile = get_profile(
            profile if profile is not None else (self.position.profile if self.position
                                                 else "classic"))
        self.correct: bool | None = None
        self.chosen: str | None = None
        self.feedback = ""
        self._listeners: list[Callable[[Quiz], None]] = []
        self._build_view()

    # ------------------------------------------------------------------ questions
    @staticmethod
    def _build(kind: str, position: Position, choices: Sequence[str] | None
               ) -> tuple[list[str], str, Verdict | None, dict[str, Verdict]]:
        if kind == "can_take_pile":
            verdict = position.check_take_pile()
            return ["Yes", "No"], "Yes" if verdict.ok else "No", verdict, {}
        if kind == "pile_state":
            return list(PILE_STATES), position.pile_state(), None, {}
        if kind == "opening_minimum":
            if position.team_opened:
                raise ValueError("An opening_minimum quiz needs a team that has not opened.")
            prof = position.profile
            values = sorted({prof.opening_below, *(m for _, m in prof.opening_table)})
            return ([str(v) for v in values], str(position.opening_minimum),
                    position.opening_verdict(), {})
        # which_meld_opens
        if choices is None:
            options = position.opening_options()
            if not options:
                raise ValueError("No set of melds opens in this position: "
                                 + position.opening_verdict().message)
            right_text = _meld_text(options[0].melds)
            wrong = _wrong_meld_sets(position, right_text)
            if not wrong:
                raise ValueError("No wrong choice found; pass choices=[...].")
            texts = sorted([right_text, *wrong])
        else:
            texts = [str(c) for c in choices]
        verdicts = {text: position.check_opening(text) for text in texts}
        right = [text for text, v in verdicts.items() if v.ok]
        if len(right) != 1:
            raise ValueError(f"Exactly one choice must open (check_opening); {len(right)} do: "
                             f"{right!r}.")
        return texts, right[0], verdicts[right[0]], verdicts

    # ------------------------------------------------------------------ view
    def _build_view(self) -> None:
        self.add_class("cl-quiz")
        self.badge = profile_badge(self.profile)
        self.question_view = widgets.HTML(f'<b class="cl-quiz-question">'
                                          f"{html.escape(self.question)}</b>")
        self.position_view = widgets.HTML("")
        self.position_view.add_class("cl-quiz-position")
        if self.position is not None:
            from ..render import position_html

            self.position_view.value = position_html(self.position)
        self.buttons: list[widgets.Button] = []
        for choice in self.choices:
            button = widgets.Button(description=choice, tooltip=choice,
                                    layout=widgets.Layout(width="auto"))
            button.add_class("cl-quiz-choice")
            button.on_click(lambda _b, c=choice: self.answer(c))
            self.buttons.append(button)
        self.feedback_view = widgets.HTML("")
        self.feedback_view.add_class("cl-quiz-feedback")
        self.children = [widgets.HBox([self.question_view, self.badge]), self.position_view,
                         widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap")),
                         self.feedback_view]

    # ------------------------------------------------------------------ answering
    def on_answer(self, callback: Callable[[Quiz], None]) -> None:
        """Call ``callback(quiz)`` after each answer (QuizSet uses it to keep the score)."""
        self._listeners.append(callback)

    def answer(self, choice: str) -> bool:
        """Answer with ``choice`` (what clicking its button does); return whether it is right.
        A quiz takes one answer until `reset`; later answers are ignored (the first counts)."""
        choice = str(choice)
        if choice not in self.choices:
            raise ValueError(f"{choice!r} is not a choice; choices: {self.choices!r}.")
        if self.correct is not None:
            return self.correct
        self.chosen = choice
        self.correct = choice == self.answer_text
        if self.correct:
            head = f"Right: {self.answer_text}."
        else:
            head = f"Not quite: you chose {choice}; the answer is {self.answer_text}."
        code, message = self.explanation
        why = f" The engine says [{code}]: {message}"
        own = self.choice_verdicts.get(choice)
        if own is not None and not self.correct:
            why += f" Your choice: [{own.code}] {own.message}"
        self.feedback = head + why
        for button in self.buttons:
            button.disabled = True
            # no icon: the accessible name stays exactly the choice text; the words are in
            # the tooltip and the feedback (not colour alone)
            if button.description == self.answer_text:
                button.button_style = "success"
                button.tooltip = "The right answer"
            elif button.description == choice:
                button.button_style = "danger"
                button.tooltip = "Your answer (not right)"
        self.feedback_view.value = self._feedback_html(choice, own)
        for listener in self._listeners:
            listener(self)
        return self.correct

    @property
    def explanation(self) -> tuple[str, str]:
        """(code, message) of the engine's explanation of the right answer."""
        if self.status is not None:
            return self.status.code, self.status.message
        assert self.verdict is not None
        return self.verdict.code, self.verdict.message

    def _feedback_html(self, choice: str, own: Verdict | None) -> str:
        from ..render import pile_status_html, verdict_html

        mark = "\u2714 Right" if self.correct else "\u2717 Not quite"
        cls = "cl-quiz-right" if self.correct else "cl-quiz-wrong"
        head = (f"{mark}: the answer is <b>{html.escape(self.answer_text)}</b>"
                + ("" if self.correct else f" (you chose {html.escape(choice)})") + ".")
        if self.status is not None:
            explained = pile_status_html(self.status)
        else:
            assert self.verdict is not None
            explained = verdict_html(self.verdict)
        mine = ""
        if own is not None and not self.correct:
            mine = f"<div>Your choice:</div>{verdict_html(own)}"
        return (f'<div class="{cls}" role="status"><p class="cl-quiz-verdict-line">{head}</p>'
                f"{explained}{mine}</div>")

    # ------------------------------------------------------------------ static page
    def static_html(self) -> str:
        """The quiz as static HTML, for pages where no kernel runs (nbconvert exports).

        The question and the profile, the position's cards (if any), the choices as a plain
        list, then a closed ``<details>`` element, "Show the answer", holding the right answer
        and the engine's verdict (for meld-set choices, each choice's verdict too). No script;
        every text is escaped.
        """
        from ..render import pile_status_html, position_html, verdict_html
        from .common import profile_badge_html

        position = position_html(self.position) if self.position is not None else ""
        choices = "".join(f"<li>{html.escape(choice)}</li>" for choice in self.choices)
        if self.status is not None:
            explained = pile_status_html(self.status)
        else:
            assert self.verdict is not None
            explained = verdict_html(self.verdict)
        code, message = self.explanation
        others = ""
        wrong = [(c, v) for c, v in self.choice_verdicts.items() if c != self.answer_text]
        if wrong:
            items = "".join(f"<li><b>{html.escape(c)}</b>: [{html.escape(v.code)}] "
                            f"{html.escape(v.message)}</li>" for c, v in wrong)
            others = f"<p>The other choices:</p><ul>{items}</ul>"
        return (f'<div class="cl-quiz-static" {STATIC_ATTR}="quiz">'
                f'<p class="cl-quiz-question"><b>{html.escape(self.question)}</b> '
                f"{profile_badge_html(self.profile)}</p>{position}"
                f'<p>Choices:</p><ul class="cl-quiz-choices">{choices}</ul>'
                f'<details class="cl-quiz-answer"><summary>Show the answer</summary>'
                f"<p>The answer is <b>{html.escape(self.answer_text)}</b>. The engine says "
                f"[{html.escape(code)}]: {html.escape(message)}</p>{explained}{others}"
                f"</details></div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget view plus `static_html` as ``text/html`` (shown where no kernel runs;
        a live front end prefers the widget view)."""
        return _with_static_html(super()._repr_mimebundle_(**kwargs), self.static_html)

    def reset(self) -> None:
        """Clear the answer and the feedback; the buttons can be clicked again."""
        self.correct = None
        self.chosen = None
        self.feedback = ""
        self.feedback_view.value = ""
        for button in self.buttons:
            button.disabled = False
            button.button_style = ""
            button.tooltip = button.description
        for listener in self._listeners:
            listener(self)


class QuizSet(widgets.VBox):  # type: ignore[misc]
    """A list of quizzes with a running score ("3 of 4 correct") and a reset button.

    ``.score`` counts right answers, ``.answered`` answered quizzes, ``.summary`` the text
    shown; ``reset()`` clears every quiz.
    """

    def __init__(self, quizzes: Sequence[Quiz], title: str = "Check yourself") -> None:
        super().__init__()
        self.quizzes = list(quizzes)
        self.title = title
        self.add_class("cl-quiz-set")
        self.score_view = widgets.HTML("")
        self.score_view.add_class("cl-quiz-score")
        self.reset_button = widgets.Button(description="Start again", icon="refresh")
        self.reset_button.add_class("cl-quiz-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        for quiz in self.quizzes:
            quiz.on_answer(lambda _q: self._show_score())
        heading = widgets.HTML(f"<h3>{html.escape(title)}</h3>")
        self.children = [heading, *self.quizzes,
                         widgets.HBox([self.score_view, self.reset_button])]
        self._show_score()

    @property
    def score(self) -> int:
        """Quizzes answered right."""
        return sum(1 for q in self.quizzes if q.correct)

    @property
    def answered(self) -> int:
        """Quizzes answered (right or wrong)."""
        return sum(1 for q in self.quizzes if q.correct is not None)

    @property
    def summary(self) -> str:
        """``"3 of 4 correct"`` (with how many are still open)."""
        text = f"{self.score} of {len(self.quizzes)} correct"
        left = len(self.quizzes) - self.answered
        return text + (f" ({left} still to answer)" if left else "")

    def static_html(self) -> str:
        """The quizzes as static HTML (each `Quiz.static_html`, numbered, under the title)."""
        items = "".join(f"<li>{quiz.static_html()}</li>" for quiz in self.quizzes)
        return (f'<div class="cl-quiz-set-static" {STATIC_ATTR}="quiz-set">'
                f"<h3>{html.escape(self.title)}</h3><ol>{items}</ol></div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget view plus `static_html` as ``text/html`` (see `Quiz`)."""
        return _with_static_html(super()._repr_mimebundle_(**kwargs), self.static_html)

    def _show_score(self) -> None:
        self.score_view.value = (f'<span role="status" class="cl-quiz-score-text">'
                                 f"{html.escape(self.summary)}</span>")

    def reset(self) -> None:
        """Clear every quiz's answer and the score."""
        for quiz in self.quizzes:
            quiz.reset()
        self._show_score()


"""`DrillQuiz`: a lesson's check on a fresh position the practice layer generates.

``DrillQuiz(skill, seed=..., difficulty=2)`` asks the drill ``practice.generate(skill, seed,
difficulty)``: its task in words, its position drawn in question mode (``render.position_html``
with ``question=True``: never ``str(position)``, which states answers), and the answer controls
of its kind, the same as the practice widget's (`drill_answers.DrillAnswers`: Yes / No, a
number, one button per choice, or the hand's cards and the action). The answer is graded by the
engine (`practice.grade`): a banner (right, not quite, not allowed, legal but not what was
asked), the engine's explanation, and its verdict code behind a toggle. Nothing says the
answer before an answer.

**More like this.** After an answer the quiz offers a fresh position of the same skill (a new
seed drawn from the lesson's seed, never the position just asked): the check goes on as a
drill. The first answer is the lesson's: it is `correct` (what `QuizSet` counts); the drills
after it are counted in `practised` (right, answered). With ``record=True`` (the learner's
progress file, `practice.default_path`) or ``record=<path>``, every answer is also recorded in
the learner's practice progress (`practice.Session.answer`) and saved.

A lesson fixes the seed, so its output is the same on every run; choose one whose position the
lesson has not shown.

Where no kernel runs (a page exported with nbconvert), `static_html` shows the task, the
position, what the learner may answer and the answer with the engine's explanation inside a
closed ``<details>`` element: no script, every text escaped, marked with `quiz.STATIC_ATTR`.

>>> quiz = DrillQuiz("meld_value", seed=4, difficulty=1)
>>> quiz.number.value = str(quiz.drill.answer)
>>> quiz.check_button.click()
>>> quiz.correct, quiz.grade.outcome
(True, 'right')
>>> quiz.more_button.click()
>>> quiz.drill.skill, quiz.drill.seed != 4, quiz.correct
('meld_value', True, True)
"""

from __future__ import annotations

import html
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.i18n import gettext, pgettext, speaking
from ..core.verdicts import learner_words, phrasing_advice
from ..practice import SKILLS, Drill, Grade, Session, default_path, generate, grade, load_progress, save_progress
from .common import error_html, plain_advice, spoken, widget_language
from .drill_answers import DrillAnswers, action_words, feedback_html
from .quiz import STATIC_ATTR, _quiz_badge_html, _with_static_html

__all__ = ["DrillQuiz"]


def _position_key(drill: Drill) -> tuple[Any, ...]:
    """What makes two drills' positions the same: the cards of every part and the scores."""
    p = drill.position
    return (tuple(p.hand), tuple(p.discard_pile), tuple(tuple(m) for m in p.team_melds), tuple(p.red_threes),
            p.team_score, drill.task)


class DrillQuiz(DrillAnswers, widgets.VBox):  # type: ignore[misc]
    """A check on a fresh generated position of ``skill`` (see the module's docstring).

    ``DrillQuiz(skill, seed=0, difficulty=2, *, record=False, language=None)``: ``skill`` is a
    practice skill id (`practice.SKILLS`), ``seed`` any whole number (a lesson fixes it),
    ``difficulty`` 1 (plain), 2 (mixed) or 3 (near misses); ``record`` True or a path records
    every answer in the learner's practice progress (default: not recorded).

    Attributes a test (or a notebook) drives: ``drill``, ``grade`` (None before an answer),
    ``correct`` (the first answer: True / False, None before it), ``practised`` (right,
    answered) of the drills after it, the answer controls of `DrillAnswers` (``yes_button``,
    ``no_button``, ``number`` and ``check_button``, ``choice_buttons``, ``hand``,
    ``action_button``, ``may_not_button``...) and ``more_button``. An unknown skill or
    difficulty raises a ValueError naming it and the accepted values.
    """

    def __init__(self, skill: str, seed: int = 0, difficulty: int = 2, *,
                 record: bool | str | os.PathLike[str] = False, language: str | None = None,
                 **kwargs: Any) -> None:
        first = generate(skill, seed, difficulty)  # checks the skill, the seed and the difficulty
        super().__init__(**kwargs)
        #: The language the widget speaks.
        self.language = widget_language(language)
        self.skill, self.seed, self.difficulty = skill, seed, difficulty
        self.drill: Drill = first
        self.grade: Grade | None = None
        #: The first (the lesson's) answer: right or not; None before it.
        self.correct: bool | None = None
        #: (right, answered) of the "More like this" drills.
        self.practised = (0, 0)
        self._more = 0
        self._seen = {_position_key(first)}
        self._listeners: list[Callable[[Any], None]] = []
        #: The progress file the answers are recorded in (None: not recorded).
        self.path: Path | None = None
        self.session: Session | None = None
        if record is not False:
            self.path = default_path() if record is True else Path(record)
            self.session = Session(load_progress(self.path), skills=[skill], difficulty=difficulty)
        self.add_class("cl-quiz")
        self.add_class("cl-drill-quiz")
        with speaking(self.language):
            self._build_answers()
            self.title_view = widgets.HTML("")
            self.task_view = widgets.HTML("")
            self.task_view.add_class("cl-practice-task")
            self.position_view = widgets.HTML("")
            self.position_view.add_class("cl-practice-position")
            self.answer_box = widgets.VBox([])
            self.feedback_view = widgets.HTML("")
            self.feedback_view.add_class("cl-practice-feedback")
            self.more_button = self._button(gettext("More like this"), self._more_like_this, "cl-drill-more",
                                            "success")
            self.practised_view = widgets.HTML("")
            self.after_box = widgets.HBox([])
            self.children = [self.title_view, self.task_view, self.position_view, self.answer_box, self.error_view,
                             self.feedback_view, self.after_box]
            self._show()

    # ------------------------------------------------------------------ showing
    @property
    def question(self) -> str:
        """The task of the drill shown, in the quiz's language (it never states the answer)."""
        with speaking(self.language):
            return self.drill.task

    def _show(self) -> None:
        from ..render import SKILL_ASKS, position_html

        drill = self.drill
        self.grade = None
        title = (gettext("Check yourself: {skill}") if self._more == 0
                 else gettext("More like this: {skill}")).format(skill=SKILLS[drill.skill].title_words)
        self.title_view.value = f'<h4 style="margin:4px 0">{html.escape(title)}</h4>'
        self.task_view.value = f'<p style="font-size:16px;max-width:48em"><b>{html.escape(drill.task)}</b></p>'
        # an action drill's hand is the clickable hand under the picture, shown once (as in practice)
        action = drill.kind in ("take_pile", "open", "go_out")
        self.position_view.value = position_html(drill.position, question=True, asks=SKILL_ASKS.get(drill.skill),
                                                 hand=not action)
        self.feedback_view.value = self.error_view.value = ""
        self.after_box.children = []
        self.answer_box.children = self._answer_controls(drill)
        self._enable(True)

    # ------------------------------------------------------------------ answering
    def on_answer(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(quiz)`` after each answer and reset (`QuizSet` keeps its score so)."""
        self._listeners.append(callback)

    @spoken
    def answer(self, answer: Any) -> Grade:
        """Answer the drill shown (what its controls do; the forms of `practice.KINDS`) and
        return the engine's grade; an answer of the wrong form raises a TypeError or ValueError
        naming it, and changes nothing. A drill takes one answer; later ones return its grade."""
        if self.grade is not None:
            return self.grade
        self._grade(answer, None, raising=True)
        assert self.grade is not None
        return self.grade

    @spoken
    def _answer(self, answer: Any, said: str | None = None) -> None:
        self._grade(answer, said, raising=False)

    def _grade(self, answer: Any, said: str | None, *, raising: bool) -> None:
        if self.grade is not None:
            return
        try:
            # the position's player (seat 0) is "you"; cards as symbols; advice without typed commands
            with learner_words(you=0), phrasing_advice(plain_advice):
                result = (self.session.answer(self.drill, answer) if self.session is not None
                          else grade(self.drill, answer))
        except (TypeError, ValueError) as error:
            if raising:
                raise
            self.error_view.value = error_html(str(error))
            return
        self.grade = result
        self.error_view.value = ""
        self._enable(False)
        self.feedback_view.value = feedback_html(result, said if said is not None else self._said(answer))
        if self._more == 0:
            self.correct = result.right
        else:
            right, answered = self.practised
            self.practised = (right + result.right, answered + 1)
            self.practised_view.value = html.escape(gettext("More like this: {right} of {count} right.").format(
                right=self.practised[0], count=self.practised[1]))
        self.after_box.children = [self.more_button, self.practised_view]
        if self.session is not None and self.path is not None:
            try:
                save_progress(self.session.progress, self.path)
            except OSError as error:
                self.error_view.value = error_html(gettext("Your progress could not be saved to {path}: {error}")
                                                   .format(path=self.path, error=error))
        for listener in self._listeners:
            listener(self)

    @spoken
    def _more_like_this(self) -> None:
        """A fresh position of the same skill: the next seed drawn from the lesson's seed, never
        a position already asked."""
        self._more += 1
        rng = random.Random(f"{self.skill}:{self.seed}:{self._more}")
        for _ in range(50):
            fresh = generate(self.skill, rng.randrange(1_000_000), self.difficulty)
            if _position_key(fresh) not in self._seen:
                break
        self._seen.add(_position_key(fresh))
        self.drill = fresh
        self._show()

    @spoken
    def reset(self) -> None:
        """Back to the lesson's question, unanswered (`QuizSet`'s "Start again")."""
        self._more = 0
        self.drill = generate(self.skill, self.seed, self.difficulty)
        self.correct = None
        self.practised = (0, 0)
        self.practised_view.value = ""
        self._show()
        for listener in self._listeners:
            listener(self)

    # ------------------------------------------------------------------ static page
    def _answer_labels(self) -> list[str]:
        """What the learner may answer, in words (the static page's list)."""
        drill = self.drill
        if drill.kind == "yes_no":
            return [pgettext("quiz answer", "Yes"), pgettext("quiz answer", "No")]
        if drill.kind == "number":
            return [gettext("a whole number")]
        if drill.kind == "choice":
            return [drill.choice_label(key) for key in drill.choices]
        return list(action_words(drill.kind))

    @spoken
    def choice_labels(self) -> list[str]:
        """The choices of the drill shown, in words (the quiz's language): Yes / No, the
        choices' words; for a number or an action, the engine's answer alone (`answer_label`)."""
        if self.drill.kind in ("yes_no", "choice"):
            return self._answer_labels()
        return [self.answer_label]

    @property
    def answer_label(self) -> str:
        """The engine's answer to the drill shown, as the learner would give it (in the quiz's
        language): "Yes" / "No", the number, the choice's words or the action."""
        with speaking(self.language):
            if self.drill.kind == "yes_no":
                return pgettext("quiz answer", "Yes") if self.drill.answer else pgettext("quiz answer", "No")
            return self.drill.answer_text()

    @spoken
    def static_html(self) -> str:
        """The lesson's question as static HTML, for pages where no kernel runs (nbconvert).

        The task and the profile, the position in question mode, what the learner may answer
        as a list, then a closed ``<details>`` element, "Show the answer", holding the engine's
        answer and explanation. No script; every text is escaped. The parts carry the classes of
        `Quiz.static_html` (``cl-quiz-question``, ``cl-quiz-choices``, ``cl-quiz-answer``...)."""
        from ..render import SKILL_ASKS, explanation_html, position_html

        drill = generate(self.skill, self.seed, self.difficulty)  # the lesson's question, whatever was clicked
        shown, self.drill = self.drill, drill
        try:
            choices = "".join(f"<li>{html.escape(label)}</li>" for label in self._answer_labels())
            said = html.escape(gettext("The answer is {answer}.")).format(
                answer=f"<b>{html.escape(self.answer_label)}</b>")
            with learner_words(you=0), phrasing_advice(plain_advice):
                code, message = drill.explain()
            title = html.escape(gettext("Check yourself: {skill}").format(skill=SKILLS[drill.skill].title_words))
            code_part = (f'<details class="cl-code-toggle"><summary>{html.escape(gettext("Verdict code"))}'
                         f'</summary><code class="cl-code">{html.escape(code)}</code></details>') if code else ""
            return (f'<div class="cl-quiz-static" {STATIC_ATTR}="drill-quiz">'
                    f"<h4>{title}</h4>"
                    f'<p class="cl-quiz-question"><b>{html.escape(drill.task)}</b> '
                    f"{_quiz_badge_html(drill.position.profile)}</p>"
                    f"{position_html(drill.position, question=True, asks=SKILL_ASKS.get(drill.skill))}"
                    f'<p class="cl-quiz-choices-label">{html.escape(gettext("Your answer:"))}</p>'
                    f'<ul class="cl-quiz-choices">{choices}</ul>'
                    f'<details class="cl-quiz-answer"><summary>{html.escape(gettext("Show the answer"))}</summary>'
                    f'<p class="cl-quiz-answer-text">{said}</p>{explanation_html(message)}{code_part}</details></div>')
        finally:
            self.drill = shown

    @spoken
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget view plus `static_html` as ``text/html`` (shown where no kernel runs)."""
        return _with_static_html(super()._repr_mimebundle_(**kwargs), self.static_html)

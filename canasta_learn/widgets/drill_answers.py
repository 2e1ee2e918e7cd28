"""The answer controls of a practice drill, for `DrillQuiz`: the practice widget's own.

`DrillAnswers` is a mixin for a widget that shows one `practice.Drill` at a time: it builds the
controls of every kind of answer (Yes / No; a number field with Check, Enter checks too; one
button per choice; for an action the hand's cards to click, "Add the selected cards as a meld",
"Start again", the action's button and "I may not") and turns a click into the learner's answer
with the `PracticeWidget`'s own methods (reading the number, laying melds aside, the action, the
answer in words), so both widgets take an answer the same way. The widget using it gives
``drill``, ``grade`` and ``_answer(answer, said=None)``: what happens to an answer is its own
(the practice widget records it in the session; a drill quiz grades it and keeps the score).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..core.cards import Card
from ..core.i18n import gettext
from ..practice import Drill, Grade
from .hand import HandWidget
from .practice import PracticeWidget, _action_words, _outcome_banner

__all__ = ["DrillAnswers", "action_words", "feedback_html"]

#: The action button's label and the "I may not" button's label for an action drill.
action_words = _action_words


def feedback_html(result: Grade, said: str) -> str:
    """The feedback after an answer, as the practice widget shows it: the banner, the engine's
    explanation, and its verdict code behind a toggle (`render.explanation_html`)."""
    from ..render import explanation_html

    code = (f'<details class="cl-code-toggle" style="font-size:12px"><summary>'
            f'{html.escape(gettext("Verdict code"))}</summary><code class="cl-code">'
            f"{html.escape(result.code)}</code></details>") if result.code else ""
    return (f'<div class="cl-quiz-result" role="status">{_outcome_banner(result, said)}'
            f"{explanation_html(result.message)}{code}</div>")


class DrillAnswers:
    """The answer controls of a drill (a mixin for a widget; see the module's docstring).

    The controls: ``yes_button``, ``no_button``, ``number`` with ``check_button``,
    ``choice_buttons`` (in ``choice_box``), ``hand`` (a `HandWidget`), ``staged_view``,
    ``meld_button``, ``reset_button``, ``action_button``, ``may_not_button``, and ``error_view``
    for a mistake in the input (a word instead of a number, no card selected)."""

    drill: Drill
    grade: Grade | None
    language: str
    # made by `_build_answers` (the practice widget's)
    _staged: list[list[Card]]
    yes_button: widgets.Button
    no_button: widgets.Button
    number: widgets.Text
    check_button: widgets.Button
    choice_buttons: list[widgets.Button]
    choice_box: widgets.Box
    hand: HandWidget
    staged_view: widgets.HTML
    meld_button: widgets.Button
    reset_button: widgets.Button
    action_button: widgets.Button
    may_not_button: widgets.Button
    error_view: widgets.HTML

    def _answer(self, answer: Any, said: str | None = None) -> None:  # pragma: no cover - the widget's
        raise NotImplementedError

    def _answer_controls(self, drill: Drill) -> list[Any]:
        """The controls of ``drill``'s kind of answer, cleared for a fresh answer."""
        self._staged = []
        if drill.kind == "yes_no":
            return [widgets.HBox([self.yes_button, self.no_button])]
        if drill.kind == "number":
            self.number.value = ""
            return [widgets.HBox([self.number, self.check_button])]
        if drill.kind == "choice":
            self.choice_buttons = [self._button(drill.choice_label(key), functools.partial(self._answer, key),
                                                "cl-practice-choice") for key in drill.choices]
            self.choice_box.children = self.choice_buttons
            return [self.choice_box]
        buttons = self._action_buttons(drill)
        return [self.hand, self.staged_view, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]

    def _enable(self, on: bool) -> None:
        for button in (self.yes_button, self.no_button, self.check_button, *self.choice_buttons, self.meld_button,
                       self.reset_button, self.action_button, self.may_not_button):
            button.disabled = not on
        self.number.disabled = not on
        self.hand.selectable = on

    # the practice widget's own controls and ways of taking an answer (they read only the attributes above)
    _button: Callable[..., widgets.Button] = PracticeWidget._button
    _build_answers: Callable[..., None] = PracticeWidget._build_answers
    _action_buttons: Callable[..., list[widgets.Button]] = PracticeWidget._action_buttons
    _submitted: Callable[..., None] = PracticeWidget._submitted
    _check_number: Callable[..., None] = PracticeWidget._check_number
    _stage_meld: Callable[..., None] = PracticeWidget._stage_meld
    _unstage: Callable[..., None] = PracticeWidget._unstage
    _show_staged: Callable[..., None] = PracticeWidget._show_staged
    _act: Callable[..., None] = PracticeWidget._act
    _said: Callable[..., str] = PracticeWidget._said

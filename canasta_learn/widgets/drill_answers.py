"""The answer controls of a practice drill, shared by `PracticeWidget` and `DrillQuiz`.

`DrillAnswers` is a mixin for a widget that shows one `practice.Drill` at a time: it builds the
controls of every kind of answer (Yes / No; a number field with Check, Enter checks too; one
button per choice; for an action the hand's cards to click, "Add the selected cards as a meld",
"Start again", the action's button and "I may not") and turns a click into the learner's answer
(`_said` says it in words). The widget using it gives ``drill``, ``grade`` and ``_answer``
(answer, said=None): what happens to an answer is the widget's own (the practice widget records
it in the session; a drill quiz grades it and keeps the score).
"""

from __future__ import annotations

import functools
import html
from typing import Any

import ipywidgets as widgets

from ..core.cards import Card, format_cards
from ..core.i18n import gettext, pgettext
from ..practice import Drill, Grade
from .common import error_html, spoken
from .hand import HandWidget

__all__ = ["ASKS", "DrillAnswers", "action_words", "outcome_banner"]

#: What the position picture may hide for a skill's question (`render.position_html`'s ``asks``).
ASKS = {"pile_state": "pile_state", "take_pile": "can_take_pile", "open_with_pile": "can_take_pile",
        "opening_minimum": "opening_minimum", "opening": "which_meld_opens", "one_card_pile": "can_take_pile",
        "pile_unfreezes": "pile_state", "end_of_stock": "can_take_pile"}


def action_words(kind: str) -> tuple[str, str]:
    """The action button's label and the "I may not" button's label for an action drill."""
    if kind == "take_pile":
        return gettext("Take the pile"), gettext("I may not take it")
    if kind == "open":
        return pgettext("action", "Open"), gettext("I cannot open this turn")
    return gettext("Go out"), gettext("I may not go out")


def outcome_banner(result: Grade, chosen: str) -> str:
    """The large banner after an answer: the outcome in an icon, words and colour, what the
    learner answered and, when it is not right, the engine's answer."""
    from ..render._style import BADGE_COLOURS, FONT, style

    icon, word = {"right": ("\u2714", gettext("Right!")), "wrong": ("\u2717", gettext("Not quite.")),
                  "illegal": ("\u2717", gettext("Not allowed.")),
                  "legal_not_asked": ("\u2717", gettext("Legal, but not what was asked."))}[result.outcome]
    colour = BADGE_COLOURS["ok" if result.right else "refused"]
    css = style(display="flex", align_items="center", gap="10px", background=colour, color="#fff",
                font_family=FONT, font_size="20px", font_weight=700, border_radius="8px", padding="8px 14px",
                margin="6px 0")
    said = html.escape(gettext("You answered: {chosen}.")).format(chosen=f"<b>{html.escape(chosen)}</b>")
    if not result.right:
        said += " " + html.escape(gettext("The answer: {answer}.")).format(
            answer=f"<b>{html.escape(result.answer)}</b>")
    return (f'<div class="cl-quiz-banner cl-practice-{result.outcome}" style="{css}">'
            f'<span aria-hidden="true" style="font-size:26px">{icon}</span>'
            f"<span>{html.escape(word)} {said}</span></div>")


def feedback_html(result: Grade, said: str) -> str:
    """The feedback after an answer: the banner, the engine's explanation, and its verdict code
    behind a toggle (as in the quizzes' explanations, `render.explanation_html`)."""
    from ..render import explanation_html

    code = (f'<details class="cl-code-toggle" style="font-size:12px"><summary>'
            f'{html.escape(gettext("Verdict code"))}</summary><code class="cl-code">'
            f"{html.escape(result.code)}</code></details>") if result.code else ""
    return (f'<div class="cl-quiz-result" role="status">{outcome_banner(result, said)}'
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

    def _answer(self, answer: Any, said: str | None = None) -> None:  # pragma: no cover - the widget's
        raise NotImplementedError

    def _button(self, label: str, on_click: Any, cls: str, style: str = "") -> widgets.Button:
        button = widgets.Button(description=label, tooltip=label, button_style=style,
                                layout=widgets.Layout(width="auto"))
        button.add_class(cls)
        button.on_click(lambda _b: on_click())
        return button

    def _build_answers(self) -> None:
        """Make the answer controls (once; `_answer_controls` picks those of a drill)."""
        self._staged: list[list[Card]] = []
        self.yes_button = self._button(pgettext("quiz answer", "Yes"), lambda: self._answer(True), "cl-practice-yes")
        self.no_button = self._button(pgettext("quiz answer", "No"), lambda: self._answer(False), "cl-practice-no")
        self.number = widgets.Text(value="", placeholder=gettext("a whole number"), continuous_update=False,
                                   description=gettext("Your answer:"), style={"description_width": "initial"},
                                   layout=widgets.Layout(width="260px"))
        self.number.add_class("cl-practice-number")
        # continuous_update=False: the value reaches Python when Enter is pressed (or the field is left)
        self.number.observe(self._submitted, names="value")
        self.check_button = self._button(gettext("Check"), self._check_number, "cl-practice-check", "primary")
        self.choice_buttons: list[widgets.Button] = []
        self.choice_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.hand = HandWidget([], language=self.language)
        self.staged_view = widgets.HTML("")
        self.meld_button = self._button(gettext("Add the selected cards as a meld"), self._stage_meld,
                                        "cl-practice-meld")
        self.reset_button = self._button(gettext("Start again"), self._unstage, "cl-practice-reset")
        self.action_button = self._button("", self._act, "cl-practice-action", "primary")
        self.may_not_button = self._button("", lambda: self._answer(None), "cl-practice-may-not")
        self.error_view = widgets.HTML("")

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
        self.hand.cards = list(drill.position.hand)
        act, may_not = action_words(drill.kind)
        self.action_button.description = self.action_button.tooltip = act
        self.may_not_button.description = self.may_not_button.tooltip = may_not
        self.staged_view.value = ""
        buttons = [self.action_button, self.may_not_button]
        if drill.kind in ("open", "go_out"):
            buttons = [self.meld_button, self.reset_button, *buttons]
        return [self.hand, self.staged_view, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]

    def _enable(self, on: bool) -> None:
        for button in (self.yes_button, self.no_button, self.check_button, *self.choice_buttons, self.meld_button,
                       self.reset_button, self.action_button, self.may_not_button):
            button.disabled = not on
        self.number.disabled = not on
        self.hand.selectable = on

    def _submitted(self, change: dict[str, Any]) -> None:
        if str(change["new"]).strip():  # Enter in the field (clearing it for a new drill is not an answer)
            self._check_number()

    @spoken
    def _check_number(self) -> None:
        if self.grade is not None or self.drill.kind != "number":
            return
        text = self.number.value.strip()
        try:
            value = int(text)
        except ValueError:
            self.error_view.value = error_html(gettext("Type a whole number (such as 50), then press Check or "
                                                       "Enter.") if text else gettext("Type a whole number "
                                                                                      "first."))
            return
        self._answer(value, text)

    @spoken
    def _stage_meld(self) -> None:
        cards = self.hand.selected_cards
        if not cards:
            self.error_view.value = error_html(gettext("Click the cards of the meld in your hand first."))
            return
        self.error_view.value = ""
        self._staged.append(list(cards))
        left = list(self.hand.cards)
        for card in cards:
            left.remove(card)
        self.hand.cards = left
        self._show_staged()

    @spoken
    def _unstage(self) -> None:
        self._staged = []
        self.hand.cards = list(self.drill.position.hand)
        self.error_view.value = ""
        self._show_staged()

    def _show_staged(self) -> None:
        if not self._staged:
            self.staged_view.value = ""
            return
        self.staged_view.value = html.escape(gettext("Melds you lay: {melds}").format(
            melds=" + ".join(format_cards(m) for m in self._staged)))

    @spoken
    def _act(self) -> None:
        selected = list(self.hand.selected_cards)
        kind = self.drill.kind
        answer: Any
        if kind == "take_pile":
            answer = selected
        elif kind == "open":
            answer = [*self._staged, *([selected] if selected else [])]
            if not answer:
                self.error_view.value = error_html(gettext("Click the cards of a meld, then Open (or add several "
                                                           "melds first)."))
                return
        else:
            if len(selected) > 1:
                self.error_view.value = error_html(gettext("Select one card to discard (or none), then Go out; "
                                                           "lay your melds first with \u201cAdd the selected "
                                                           "cards as a meld\u201d."))
                return
            answer = (list(self._staged), selected[0] if selected else None)
        self._answer(answer)

    def _said(self, answer: Any) -> str:
        """The learner's answer in words."""
        kind = self.drill.kind
        if kind == "yes_no":
            return pgettext("answer", "yes") if answer else pgettext("answer", "no")
        if kind == "choice":
            return self.drill.choice_label(answer)
        if answer is None:
            return action_words(kind)[1]
        if kind == "take_pile":
            return (gettext("take the pile with {cards}").format(cards=format_cards(answer)) if answer
                    else gettext("take the pile with no cards from your hand"))
        melds = answer if kind == "open" else answer[0]
        laid = " + ".join(format_cards(m) for m in melds) or gettext("no melds")
        if kind == "open":
            return gettext("open with {melds}").format(melds=laid)
        if answer[1] is None:
            return gettext("go out by laying {melds}").format(melds=laid)
        return gettext("go out by laying {melds} and discarding {card}").format(melds=laid, card=answer[1])

"""`PracticeWidget`: drills the engine generates and grades, in the play view's visual language.

The widget reads `canasta_learn.practice` (docs/practice.md): a `Session` picks the skill to
practise (due for review, weakest first), makes a fresh drill of it, grades the learner's answer
by the engine and records it in the learner's `Progress`, which is saved to ``path`` (default:
the store's `default_path`) after every answer, whole or not at all; a new widget on the same
file shows the progress kept.

Everything fits one screen (1280x800 in Voila, and a JupyterLab pane about 848 px wide beside
the file browser; ``tests/browser/test_practice_fit_browser.py`` measures it), whatever the
number of skills:

* two short lines of progress: the skill practised with its bar, its box and its streak; then
  "Mastered 3 of 18 \u00b7 4 due now" (mastered: box 4 or higher) and an "All skills (18)"
  toggle that opens every skill's bar (a grid) and the export of results for the teacher;
* the task in words;
* the position drawn from its cards (question mode: never ``str(position)``, which states
  answers); in an action drill the picture leaves the hand out and the clickable hand stands
  under it, so the hand is shown once; a choice drill's buttons stand under it too;
* beside it (below it when the pane is narrow) the answer controls of the drill's kind (Yes /
  No, a number field with Check (Enter checks too), or for an action "Add as a
  meld", "Start again", the action's button and "I may not"), a Hint button that escalates (the
  rule, the deciding fact, the answer), the feedback (right, wrong, illegal or legal-but-not-
  asked, with the engine's explanation; its code behind a "Verdict code" toggle; it replaces the
  hints), then "Try a fresh one" after a wrong answer (a fresh position of the same skill) and
  "Next drill".

By keyboard: Tab goes through the controls in that reading order (the hand's cards one by one;
Space or Enter selects a card, Enter or Space presses a button), every focus has a visible ring;
after an answer the focus moves to "Try a fresh one" (wrong) or "Next drill" (right), and after
either to the new drill's first control.

Every control is a real button or field, so Python (and tests) drive it exactly as a click does:

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "practice.json")
>>> widget = PracticeWidget(path, seed=1, skills=["red_threes"])
>>> widget.number.value = str(widget.drill.answer)
>>> widget.check_button.click()
>>> widget.grade.outcome
'right'
"""

from __future__ import annotations

import base64
import functools
import html
import os
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.cards import Card
from ..core.i18n import gettext, ngettext, pgettext, speaking
from ..core.verdicts import learner_words, phrasing_advice
from ..practice import BOXES, SKILLS, Drill, Grade, Session, default_path, export_results, load_progress, save_progress
from ..practice.mastery import utc_now
from .common import error_html, plain_advice, spoken, widget_language
from .hand import HandWidget

__all__ = ["PracticeWidget"]


#: The kinds answered by clicking the hand's cards (the picture then leaves the hand out).
_ACTION_KINDS = ("take_pile", "open", "go_out")

#: The width of a card in the clickable hand and in the position picture (pixels; the play view's
#: are 64): small enough for a drill to fit one screen, large enough to read.
_CARD_WIDTH = 56
_PICTURE_CARD_WIDTH = 50

#: A skill counts as mastered in the top boxes (its bar is green there).
_MASTERED_BOX = 4

_WRAP = {"flex_flow": "row wrap", "align_items": "center"}

#: The widget's own style: compact position panels (the picture's inline styles are for a page of
#: its own), a visible focus ring on every control, and the hand's cards a little closer.
_STYLE = """<style>
.cl-practice .widget-html-content { line-height: 1.35; }
.cl-practice h3.cl-practice-title { margin: 2px 0; font-size: 18px; }
.cl-practice .cl-practice-progress-line, .cl-practice .cl-practice-summary { font-size: 14px; }
.cl-practice .cl-practice-task-text { font-size: 15px; font-weight: 700; margin: 2px 0 4px 0; max-width: 60em; }
.cl-practice .cl-practice-position .cl-position { padding: 4px 8px !important; display: flex; flex-wrap: wrap;
  align-items: flex-start; column-gap: 8px; }
.cl-practice .cl-practice-position .cl-position > div:first-child { flex-basis: 100%; margin-bottom: 0 !important; }
.cl-practice .cl-practice-position .cl-position > section { margin: 2px 0 !important;
  padding: 4px 8px !important; }
.cl-practice .cl-practice-position .cl-heading { font-size: 15px !important; margin-bottom: 2px !important; }
.cl-practice .cl-practice-position .cl-position > div:first-child span { font-size: 13px !important; }
.cl-practice .cl-practice-position .cl-row { margin: 2px 8px 2px 0 !important; }
.cl-practice .cl-practice-position .cl-meld { margin: 0 6px 4px 0 !important; padding: 2px 6px 4px !important; }
.cl-practice .cl-hand-cards { padding: 16px 6px 8px 6px; }
.cl-practice .cl-hand-card { margin-right: -24px; }
.cl-practice .cl-hand-card:last-child { margin-right: 0; }
.cl-practice .cl-quiz-banner { font-size: 15px !important; padding: 4px 10px !important; margin: 4px 0 !important;
  gap: 8px !important; }
.cl-practice .cl-quiz-banner > span[aria-hidden] { font-size: 20px !important; }
.cl-practice .cl-explanation { padding: 4px 10px !important; }
.cl-practice .cl-explanation .cl-message { font-size: 14px !important; margin: 2px 0 !important; }
.cl-practice .cl-explanation-title { font-size: 14px !important; }
.cl-practice .cl-practice-hints div { margin: 2px 0; font-size: 14px; }
.cl-practice .jupyter-button { white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height, 28px);
  max-width: 100%; line-height: 1.2; padding-top: 4px; padding-bottom: 4px; }
.cl-practice .jupyter-button:focus-visible, .cl-practice input:focus-visible, .cl-practice summary:focus-visible,
.cl-practice a:focus-visible { outline: 3px solid var(--jp-brand-color1, #1976d2) !important;
  outline-offset: 2px; }
</style>"""


def _symbols(cards: Iterable[Card]) -> str:
    """Cards as a learner reads them: ``K♥ K♠`` (never the notation ``h13``)."""
    return " ".join(card.short for card in cards)


def _action_words(kind: str) -> tuple[str, str]:
    """The action button's label and the "I may not" button's label for an action drill."""
    if kind == "take_pile":
        return gettext("Take the pile"), gettext("I may not take it")
    if kind == "open":
        return pgettext("action", "Open"), gettext("I cannot open this turn")
    return gettext("Go out"), gettext("I may not go out")


def _bold_in(sentence: str, value: str) -> str:
    """``sentence`` (one ``{field}``) as HTML with ``value`` in bold; a value that is a sentence with
    its own full stop (a choice's label) takes the sentence's place at the end: one stop, not two."""
    if value.endswith(".") and sentence.endswith("}."):
        sentence = sentence[:-1]
    head, _, tail = sentence.partition("{")
    tail = tail.partition("}")[2]
    return f"{html.escape(head)}<b>{html.escape(value)}</b>{html.escape(tail)}"


def _outcome_banner(result: Grade, chosen: str) -> str:
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
    said = _bold_in(gettext("You answered: {chosen}."), chosen)
    if not result.right:
        said += " " + _bold_in(gettext("The answer: {answer}."), result.answer)
    return (f'<div class="cl-quiz-banner cl-practice-{result.outcome}" style="{css}">'
            f'<span aria-hidden="true" style="font-size:26px">{icon}</span>'
            f"<span>{html.escape(word)} {said}</span></div>")


class PracticeWidget(widgets.VBox):  # type: ignore[misc]
    """Practice that trains: one drill at a time, graded by the engine, progress kept.

    ``PracticeWidget(path=None, *, skills=None, seed=None, difficulty=None, language=None, now=...,
    profile="classic")``

    ``path`` is the progress file (default: `practice.default_path`); it is read when the widget
    is made (a file that is not a practice file raises `practice.ProgressFileError`) and written
    after every answer. ``skills``, ``seed``, ``difficulty``, ``now`` and ``profile`` go to the
    `Session` (pass ``seed`` to replay the same drills; ``profile``, the game whose skills are
    practised when ``skills`` is not given: ``"classic"``, ``"italian"``,
    ``"pennies_from_heaven"``, ``"canastra_br"`` or ``"tranca"``). ``language`` is the language it speaks (default:
    the language spoken now).

    Attributes a test (or a notebook) drives: ``drill`` and ``grade`` (the current drill and the
    last grade, None before an answer), the buttons ``yes_button``, ``no_button``,
    ``check_button`` (with the ``number`` field), ``choice_buttons``, ``hand`` (a `HandWidget`),
    ``meld_button``, ``action_button``, ``may_not_button``, ``reset_button``, ``hint_button``,
    ``retry_button``, ``next_button``; ``bars`` (skill id -> its progress bar) and ``box_views``
    (skill id -> its box in words), shown by ``details_button`` (a toggle) in ``details_box``;
    the one-line progress ``summary_view``, ``skill_bar``, ``skill_box_view`` and
    ``streak_view``; the columns ``left_box`` (the position, and the hand in an action drill)
    and ``side_box`` (the answer, hints, feedback).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, skills: Iterable[str] | None = None,
                 seed: int | None = None, difficulty: int | None = None, language: str | None = None,
                 now: Callable[[], datetime] | None = None, profile: str = "classic", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The language the widget speaks.
        self.language = widget_language(language)
        #: The progress file.
        self.path = Path(path) if path is not None else default_path()
        self.progress = load_progress(self.path)
        self.session = Session(self.progress, now=now or utc_now, skills=skills, seed=seed, difficulty=difficulty,
                               profile=profile)
        self.grade: Grade | None = None
        self.hint_level = 0
        self._staged: list[list[Card]] = []
        self.add_class("cl-practice")
        with speaking(self.language):
            self._build()
            self.drill: Drill = self.session.drill(self.session.next_skills(1)[0])
            self._show_drill()

    # ------------------------------------------------------------------ building
    def _button(self, label: str, on_click: Callable[[], None], cls: str, style: str = "") -> widgets.Button:
        button = widgets.Button(description=label, tooltip=label, button_style=style,
                                layout=widgets.Layout(width="auto"))
        button.add_class(cls)
        button.on_click(lambda _b: on_click())
        return button

    def _build_answers(self) -> None:
        """Make the controls of every kind of answer (a `DrillQuiz` makes its own with this too):
        Yes / No, the number field and Check, the choices' box, the clickable hand, the meld and
        action buttons, and the box for a mistake in the input."""
        self._staged = []
        self.yes_button = self._button(pgettext("quiz answer", "Yes"), lambda: self._answer(True), "cl-practice-yes")
        self.no_button = self._button(pgettext("quiz answer", "No"), lambda: self._answer(False), "cl-practice-no")
        self.number = widgets.Text(value="", placeholder=gettext("a whole number"), continuous_update=False,
                                   description=gettext("Your answer:"), style={"description_width": "initial"},
                                   layout=widgets.Layout(width="16em"))
        self.number.add_class("cl-practice-number")
        # continuous_update=False: the value reaches Python when Enter is pressed (or the field is left)
        self.number.observe(self._submitted, names="value")
        self.check_button = self._button(gettext("Check"), self._check_number, "cl-practice-check", "primary")
        self.choice_buttons: list[widgets.Button] = []
        # under the picture, in as many columns as fit (long sentences, several per row)
        self.choice_box = widgets.GridBox([], layout=widgets.Layout(
            grid_template_columns="repeat(auto-fill, minmax(15em, 1fr))", grid_gap="4px 6px", margin="4px 0"))
        self.choice_box.add_class("cl-practice-choices")
        # the clickable hand is the position's hand in an action drill (the picture leaves it out)
        self.hand = HandWidget([], language=self.language, card_width=_CARD_WIDTH)
        self.staged_view = widgets.HTML("")
        self.staged_view.add_class("cl-practice-staged")
        self.meld_button = self._button(gettext("Add the selected cards as a meld"), self._stage_meld,
                                        "cl-practice-meld")
        self.reset_button = self._button(gettext("Start again"), self._unstage, "cl-practice-reset")
        self.action_button = self._button("", self._act, "cl-practice-action", "primary")
        self.may_not_button = self._button("", lambda: self._answer(None), "cl-practice-may-not")
        self.error_view = widgets.HTML("")

    def _action_buttons(self, drill: Drill) -> list[widgets.Button]:
        """For an action drill (a `DrillQuiz` too): the hand to click filled, the action's and "I
        may not" buttons labelled, the staged melds cleared; the buttons, in order."""
        self.hand.cards = list(drill.position.hand)
        act, may_not = _action_words(drill.kind)
        self.action_button.description = self.action_button.tooltip = act
        self.may_not_button.description = self.may_not_button.tooltip = may_not
        self.staged_view.value = ""
        buttons = [self.action_button, self.may_not_button]
        if drill.kind in ("open", "go_out"):
            buttons = [self.meld_button, self.reset_button, *buttons]
        return buttons

    def _build(self) -> None:
        self.style_view = widgets.HTML(_STYLE)
        self.style_view.add_class("cl-practice-style")
        self.title_view = widgets.HTML("")
        self.title_view.add_class("cl-practice-skill")
        self.task_view = widgets.HTML("")
        self.task_view.add_class("cl-practice-task")
        self.position_view = widgets.HTML("")
        self.position_view.add_class("cl-practice-position")
        self._build_answers()
        self.answer_box = widgets.VBox([])
        self.answer_box.add_class("cl-practice-answer")
        self.hint_button = self._button(gettext("Hint"), self._hint, "cl-practice-hint")
        self.hint_view = widgets.HTML("")
        self.hint_view.add_class("cl-practice-hints")
        self.feedback_view = widgets.HTML("")
        self.feedback_view.add_class("cl-practice-feedback")
        self.retry_button = self._button(gettext("Try a fresh one"), self._retry, "cl-practice-retry", "warning")
        self.next_button = self._button(gettext("Next drill"), self._next, "cl-practice-next", "success")
        self.after_box = widgets.HBox([], layout=_WRAP)
        # the progress in one line: the summary, the current skill's box and streak, the rest behind a toggle
        self.summary_view = widgets.HTML("")
        self.summary_view.add_class("cl-practice-summary-text")
        self.skill_bar = widgets.IntProgress(value=1, min=0, max=BOXES[-1], layout=widgets.Layout(width="5em"))
        self.skill_bar.add_class("cl-practice-skill-bar")
        self.skill_box_view = widgets.HTML("")
        self.skill_box_view.add_class("cl-practice-skill-box")
        self.skill_box_view.add_class("cl-practice-progress-line")
        self.streak_view = widgets.HTML("")
        self.streak_view.add_class("cl-practice-streak")
        self.streak_view.add_class("cl-practice-progress-line")
        self.details_button = widgets.ToggleButton(value=False, description="",
                                                   tooltip=gettext("Every skill's progress, and exporting your "
                                                                   "results for your teacher"),
                                                   icon="", layout=widgets.Layout(width="auto"))
        self.details_button.add_class("cl-practice-details-toggle")
        self.details_button.observe(self._toggle_details, names="value")
        self.summary_box = widgets.HBox([self.summary_view, self.details_button],
                                        layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                              grid_gap="0 8px"))
        self.summary_box.add_class("cl-practice-summary")
        self.bars: dict[str, widgets.IntProgress] = {}
        self.box_views: dict[str, widgets.HTML] = {}
        cells = []
        for skill in self.session.skills:
            title = SKILLS[skill].title_words
            bar = widgets.IntProgress(value=1, min=0, max=BOXES[-1], description=title,
                                      style={"description_width": "13em"}, layout=widgets.Layout(width="19em"))
            bar.add_class("cl-practice-bar")
            self.bars[skill] = bar
            # the box in words too (not the bar's length alone)
            self.box_views[skill] = words = widgets.HTML("")
            words.add_class(f"cl-practice-box-{skill}")
            cells.append(widgets.HBox([bar, words], layout=widgets.Layout(align_items="center")))
        heading = gettext("Your progress (box 1 to 5; mastered: box {box} or higher)").format(box=_MASTERED_BOX)
        self.progress_heading = widgets.HTML(f"<b>{html.escape(heading)}</b>")
        self.progress_grid = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns="repeat(auto-fill, minmax(25em, 1fr))", grid_gap="0 12px", width="100%"))
        self.progress_grid.add_class("cl-practice-bars")
        # the results file a learner hands in (practice.export_results: the name typed, the counts)
        self.learner_name = widgets.Text(value=self.progress.learner, placeholder=gettext("your name"),
                                         description=gettext("Name for your teacher:"),
                                         style={"description_width": "initial"}, layout=widgets.Layout(width="22em"))
        self.learner_name.add_class("cl-practice-name")
        self.export_button = self._button(gettext("Export my results"), self._export, "cl-practice-export")
        self.export_view = widgets.HTML("")
        self.export_view.add_class("cl-practice-export-link")
        self.details_box = widgets.VBox(
            [self.progress_heading, self.progress_grid,
             widgets.HBox([self.learner_name, self.export_button, self.export_view],
                          layout=widgets.Layout(flex_flow="row wrap", align_items="center"))],
            layout=widgets.Layout(display="none", border="1px solid var(--jp-border-color2, #ccc)",
                                  padding="4px 8px", margin="2px 0 6px 0"))
        self.details_box.add_class("cl-practice-details")
        self.left_box = widgets.VBox([self.position_view],
                                     layout=widgets.Layout(flex="1 1 500px", min_width="0", max_width="100%"))
        self.left_box.add_class("cl-practice-left")
        self.side_box = widgets.VBox([self.answer_box, widgets.HBox([self.hint_button]), self.hint_view,
                                       self.error_view, self.feedback_view, self.after_box],
                                      layout=widgets.Layout(flex="1 1 280px", min_width="0", max_width="100%"))
        self.side_box.add_class("cl-practice-side")
        # Tab order is the order read: progress, (all skills), the task, the position and hand, the
        # answer controls, Hint, the feedback, Try a fresh one / Next drill
        self.children = [self.style_view,
                         widgets.HBox([self.title_view, self.skill_bar, self.skill_box_view, self.streak_view],
                                      layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                            grid_gap="0 8px")),
                         self.summary_box,
                         self.details_box, self.task_view,
                         widgets.HBox([self.left_box, self.side_box],
                                      layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                            grid_gap="0 16px"))]

    def _toggle_details(self, change: dict[str, Any]) -> None:
        self.details_box.layout.display = "flex" if change["new"] else "none"

    # ------------------------------------------------------------------ showing a drill
    def _show_drill(self) -> widgets.DOMWidget:
        """Show ``self.drill``; returns its first answer control (what a keyboard user goes to)."""
        from ..render import SKILL_ASKS, position_html

        drill = self.drill
        self.grade = None
        self.hint_level = 0
        self._staged = []
        self.title_view.value = ('<h3 class="cl-practice-title">'
                                 + html.escape(gettext("Practise: {skill}").format(
                                     skill=SKILLS[drill.skill].title_words)) + "</h3>")
        self.task_view.value = f'<p class="cl-practice-task-text">{html.escape(drill.task)}</p>'
        action = drill.kind in _ACTION_KINDS
        # an action drill's hand is the clickable hand below the picture, shown once
        self.position_view.value = position_html(drill.position, question=True, asks=SKILL_ASKS.get(drill.skill),
                                                 width=_PICTURE_CARD_WIDTH, hand=not action)
        self.hint_view.value = self.feedback_view.value = self.error_view.value = ""
        self.hint_button.disabled = False
        self.after_box.children = []
        controls: list[Any]
        first: widgets.DOMWidget
        if drill.kind == "yes_no":
            controls = [widgets.HBox([self.yes_button, self.no_button])]
            first = self.yes_button
        elif drill.kind == "number":
            self.number.value = ""
            controls = [widgets.HBox([self.number, self.check_button], layout=_WRAP)]
            first = self.number
        elif drill.kind == "choice":
            self.choice_buttons = [self._button(drill.choice_label(key), functools.partial(self._answer, key),
                                                "cl-practice-choice") for key in drill.choices]
            for button in self.choice_buttons:
                button.layout.width = "100%"
                button.layout.margin = "0"
            self.choice_box.children = self.choice_buttons
            controls = []
            first = self.choice_buttons[0]
        else:
            controls = [self.staged_view, widgets.HBox(self._action_buttons(drill), layout=_WRAP)]
            first = self.action_button
        below = [self.hand] if action else [self.choice_box] if drill.kind == "choice" else []
        self.left_box.children = [self.position_view, *below]
        self.answer_box.children = controls
        self._enable(True)
        self._show_progress()
        return first

    def _enable(self, on: bool) -> None:
        for button in (self.yes_button, self.no_button, self.check_button, *self.choice_buttons, self.meld_button,
                       self.reset_button, self.action_button, self.may_not_button):
            button.disabled = not on
        self.number.disabled = not on
        self.hand.selectable = on

    def _show_progress(self) -> None:
        now = self.session.now()
        mastered = due = 0
        for skill, bar in self.bars.items():
            record = self.progress.mastery(skill)
            box = record.box
            mastered += box >= _MASTERED_BOX
            due += record.is_due(now)
            bar.value = box
            bar.bar_style = "success" if box >= _MASTERED_BOX else "info" if box >= 2 else ""
            bar.tooltip = gettext("{skill}: box {box} of {boxes}").format(
                skill=SKILLS[skill].title_words, box=box, boxes=BOXES[-1])
            self.box_views[skill].value = html.escape(gettext("box {box} of {boxes}").format(box=box,
                                                                                          boxes=BOXES[-1]))
        total = len(self.bars)
        summary = gettext("Mastered {mastered} of {total}").format(mastered=mastered, total=total)
        due_now = ngettext("{count} due now", "{count} due now", due).format(count=due)
        self.summary_view.value = f"{html.escape(summary)} \u00b7 {html.escape(due_now)}"
        record = self.progress.mastery(self.drill.skill)
        self.skill_bar.value = record.box
        self.skill_bar.bar_style = self.bars[self.drill.skill].bar_style if self.drill.skill in self.bars else ""
        self.skill_bar.tooltip = gettext("{skill}: box {box} of {boxes}").format(
            skill=SKILLS[self.drill.skill].title_words, box=record.box, boxes=BOXES[-1])
        self.skill_box_view.value = html.escape(gettext("box {box} of {boxes}").format(
            box=record.box, boxes=BOXES[-1])) + " \u00b7"
        self.streak_view.value = html.escape(ngettext("{streak} right in a row (best {best})",
                                                      "{streak} right in a row (best {best})",
                                                      record.streak).format(streak=record.streak,
                                                                            best=record.best_streak))
        self.details_button.description = gettext("All skills ({count})").format(count=total)

    # ------------------------------------------------------------------ answering
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
            melds=" + ".join(_symbols(m) for m in self._staged)))

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
            return _action_words(kind)[1]
        if kind == "take_pile":
            return (gettext("take the pile with {cards}").format(cards=_symbols(answer)) if answer
                    else gettext("take the pile with no cards from your hand"))
        melds = answer if kind == "open" else answer[0]
        laid = " + ".join(_symbols(m) for m in melds) or gettext("no melds")
        if kind == "open":
            return gettext("open with {melds}").format(melds=laid)
        if answer[1] is None:
            return gettext("go out by laying {melds}").format(melds=laid)
        return gettext("go out by laying {melds} and discarding {card}").format(melds=laid, card=answer[1].short)

    @spoken
    def _answer(self, answer: Any, said: str | None = None) -> None:
        if self.grade is not None:
            return
        from ..render import explanation_html

        try:
            # the position's player (seat 0) is "you"; cards as symbols; advice without typed commands
            with learner_words(you=0), phrasing_advice(plain_advice):
                result = self.session.answer(self.drill, answer)
        except (TypeError, ValueError) as error:
            self.error_view.value = error_html(str(error))
            return
        self.grade = result
        self.error_view.value = ""
        self._enable(False)
        # the feedback (with the answer and the engine's explanation) takes the hints' place
        self.hint_view.value = ""
        self.hint_button.disabled = True
        # the code behind a toggle, as in the quizzes' explanations (render.explanation_html)
        code = (f'<details class="cl-code-toggle" style="font-size:12px"><summary>'
                f'{html.escape(gettext("Verdict code"))}</summary><code class="cl-code">'
                f"{html.escape(result.code)}</code></details>") if result.code else ""
        self.feedback_view.value = (f'<div class="cl-quiz-result" role="status">'
                                    f"{_outcome_banner(result, said if said is not None else self._said(answer))}"
                                    f"{explanation_html(result.message)}{code}</div>")
        self.after_box.children = [self.next_button] if result.right else [self.retry_button, self.next_button]
        (self.next_button if result.right else self.retry_button).focus()  # Enter goes on
        try:
            save_progress(self.progress, self.path)
        except OSError as error:
            self.error_view.value = error_html(gettext("Your progress could not be saved to {path}: {error}").format(
                path=self.path, error=error))
        self._show_progress()

    # ------------------------------------------------------------------ results for the teacher
    def results_path(self) -> Path:
        """Where `export` writes: ``results-<name>.json`` beside the progress file (``results.json``
        without a name)."""
        stem = "".join(ch if ch.isalnum() else "-" for ch in self.progress.learner.strip().lower()).strip("-")
        return self.path.with_name(f"results-{stem}.json" if stem else "results.json")

    @spoken
    def _export(self) -> None:
        self.progress.learner = self.learner_name.value.strip()
        path = self.results_path()
        try:
            export_results(self.progress, path)
            save_progress(self.progress, self.path)  # the name is remembered too
        except OSError as error:
            self.error_view.value = error_html(gettext("Your results could not be written to {path}: {error}").format(
                path=path, error=error))
            return
        self.error_view.value = ""
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        label = html.escape(gettext("Download {name}").format(name=path.name))
        said = html.escape(gettext("Your results are in {path}: hand this file to your teacher.").format(path=path))
        name = html.escape(path.name, quote=True)
        self.export_view.value = (f'<span role="status">{said}</span> <a download="{name}" '
                                  f'href="data:application/json;base64,{data}">{label}</a>')

    # ------------------------------------------------------------------ hints, retry, next
    @spoken
    def _hint(self) -> None:
        if self.hint_level >= 3:
            return
        self.hint_level += 1
        self.hint_view.value = "".join(
            f'<div class="cl-practice-hint-{level}">{html.escape(self.drill.hint(level))}</div>'
            for level in range(1, self.hint_level + 1))
        self.hint_button.disabled = self.hint_level >= 3

    @spoken
    def _retry(self) -> None:
        self.drill = self.session.retry(self.drill)
        self._show_drill().focus()

    @spoken
    def _next(self) -> None:
        self.drill = self.session.drill(self.session.next_skills(1)[0])
        self._show_drill().focus()

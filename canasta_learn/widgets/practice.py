"""`PracticeWidget`: drills the engine generates and grades, in the play view's visual language.

The widget reads `canasta_learn.practice` (docs/practice.md): a `Session` picks the skill to
practise (due for review, weakest first), makes a fresh drill of it, grades the learner's answer
by the engine and records it in the learner's `Progress`, which is saved to ``path`` (default:
the store's `default_path`) after every answer, whole or not at all; a new widget on the same
file shows the progress kept.

The screen: the skill and the task in words, the position drawn from its cards (question mode:
never ``str(position)``, which states answers), the answer controls of the drill's kind (Yes /
No, a number field with Check (Enter checks too), choice buttons, or for an action the hand's
cards to click, "Add as a meld", the action's button and "I may not"), a Hint button that
escalates (the rule, the deciding fact, the answer), the feedback (right, wrong, illegal or
legal-but-not-asked, with the engine's explanation; its code behind a "Verdict code" toggle),
"Try a fresh one" after a wrong answer (a fresh position of the same skill), "Next drill"
after a right one, a progress bar per skill (its Leitner box) and the skill's streak.

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
import html
import os
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.i18n import gettext, speaking
from ..practice import BOXES, SKILLS, Drill, Grade, Session, default_path, export_results, load_progress, save_progress
from ..practice.mastery import utc_now
from .common import error_html, spoken, widget_language
from .drill_answers import ASKS, DrillAnswers, feedback_html

__all__ = ["PracticeWidget"]

class PracticeWidget(DrillAnswers, widgets.VBox):  # type: ignore[misc]
    """Practice that trains: one drill at a time, graded by the engine, progress kept.

    ``PracticeWidget(path=None, *, skills=None, seed=None, difficulty=None, language=None, now=...)``

    ``path`` is the progress file (default: `practice.default_path`); it is read when the widget
    is made (a file that is not a practice file raises `practice.ProgressFileError`) and written
    after every answer. ``skills``, ``seed``, ``difficulty`` and ``now`` go to the `Session`
    (pass ``seed`` to replay the same drills). ``language`` is the language it speaks (default:
    the language spoken now).

    Attributes a test (or a notebook) drives: ``drill`` and ``grade`` (the current drill and the
    last grade, None before an answer), the buttons ``yes_button``, ``no_button``,
    ``check_button`` (with the ``number`` field), ``choice_buttons``, ``hand`` (a `HandWidget`),
    ``meld_button``, ``action_button``, ``may_not_button``, ``reset_button``, ``hint_button``,
    ``retry_button``, ``next_button``; ``bars`` (skill id -> its progress bar) and ``box_views``
    (skill id -> its box in words).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, skills: Iterable[str] | None = None,
                 seed: int | None = None, difficulty: int | None = None, language: str | None = None,
                 now: Callable[[], datetime] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The language the widget speaks.
        self.language = widget_language(language)
        #: The progress file.
        self.path = Path(path) if path is not None else default_path()
        self.progress = load_progress(self.path)
        self.session = Session(self.progress, now=now or utc_now, skills=skills, seed=seed, difficulty=difficulty)
        self.grade: Grade | None = None
        self.hint_level = 0
        self.add_class("cl-practice")
        with speaking(self.language):
            self._build()
            self.drill: Drill = self.session.drill(self.session.next_skills(1)[0])
            self._show_drill()

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        self.title_view = widgets.HTML("")
        self.title_view.add_class("cl-practice-skill")
        self.task_view = widgets.HTML("")
        self.task_view.add_class("cl-practice-task")
        self.position_view = widgets.HTML("")
        self.position_view.add_class("cl-practice-position")
        self._build_answers()
        self.answer_box = widgets.VBox([])
        self.hint_button = self._button(gettext("Hint"), self._hint, "cl-practice-hint")
        self.hint_view = widgets.HTML("")
        self.hint_view.add_class("cl-practice-hints")
        self.feedback_view = widgets.HTML("")
        self.feedback_view.add_class("cl-practice-feedback")
        self.retry_button = self._button(gettext("Try a fresh one"), self._retry, "cl-practice-retry", "warning")
        self.next_button = self._button(gettext("Next drill"), self._next, "cl-practice-next", "success")
        self.after_box = widgets.HBox([])
        self.streak_view = widgets.HTML("")
        self.streak_view.add_class("cl-practice-streak")
        self.bars: dict[str, widgets.IntProgress] = {}
        self.box_views: dict[str, widgets.HTML] = {}
        rows = []
        for skill in self.session.skills:
            bar = widgets.IntProgress(value=1, min=0, max=BOXES[-1], description=SKILLS[skill].title_words,
                                      style={"description_width": "16em"}, layout=widgets.Layout(width="28em"))
            bar.add_class("cl-practice-bar")
            self.bars[skill] = bar
            # the box in words too (not the bar's length alone)
            self.box_views[skill] = words = widgets.HTML("")
            words.add_class(f"cl-practice-box-{skill}")
            rows.append(widgets.HBox([bar, words]))
        heading = gettext("Your progress (box 1 to 5)")
        self.progress_heading = widgets.HTML(f"<b>{html.escape(heading)}</b>")
        # the results file a learner hands in (practice.export_results: the name typed, the counts)
        self.learner_name = widgets.Text(value=self.progress.learner, placeholder=gettext("your name"),
                                         description=gettext("Name for your teacher:"),
                                         style={"description_width": "initial"}, layout=widgets.Layout(width="22em"))
        self.learner_name.add_class("cl-practice-name")
        self.export_button = self._button(gettext("Export my results"), self._export, "cl-practice-export")
        self.export_view = widgets.HTML("")
        self.export_view.add_class("cl-practice-export-link")
        self.children = [self.title_view, self.task_view, self.position_view, self.answer_box,
                         widgets.HBox([self.hint_button]), self.hint_view, self.error_view, self.feedback_view,
                         self.after_box, self.streak_view, self.progress_heading, widgets.VBox(rows),
                         widgets.HBox([self.learner_name, self.export_button, self.export_view],
                                      layout=widgets.Layout(flex_flow="row wrap", align_items="center"))]

    # ------------------------------------------------------------------ showing a drill
    def _show_drill(self) -> None:
        from ..render import position_html

        drill = self.drill
        self.grade = None
        self.hint_level = 0
        self.title_view.value = ('<h3 style="margin:4px 0">'
                                 + html.escape(gettext("Practise: {skill}").format(
                                     skill=SKILLS[drill.skill].title_words)) + "</h3>")
        self.task_view.value = f'<p style="font-size:17px;max-width:48em"><b>{html.escape(drill.task)}</b></p>'
        self.position_view.value = position_html(drill.position, question=True, asks=ASKS.get(drill.skill))
        self.hint_view.value = self.feedback_view.value = self.error_view.value = ""
        self.hint_button.disabled = False
        self.after_box.children = []
        self.answer_box.children = self._answer_controls(drill)
        self._enable(True)
        self._show_progress()

    def _show_progress(self) -> None:
        for skill, bar in self.bars.items():
            box = self.progress.mastery(skill).box
            bar.value = box
            bar.bar_style = "success" if box >= 4 else "info" if box >= 2 else ""
            bar.tooltip = gettext("{skill}: box {box} of {boxes}").format(
                skill=SKILLS[skill].title_words, box=box, boxes=BOXES[-1])
            self.box_views[skill].value = html.escape(gettext("box {box} of {boxes}").format(box=box,
                                                                                          boxes=BOXES[-1]))
        record = self.progress.mastery(self.drill.skill)
        self.streak_view.value = html.escape(gettext("Streak in this skill: {streak} right in a row (best "
                                                     "{best}).").format(streak=record.streak,
                                                                        best=record.best_streak))

    @spoken
    def _answer(self, answer: Any, said: str | None = None) -> None:
        if self.grade is not None:
            return
        try:
            result = self.session.answer(self.drill, answer)
        except (TypeError, ValueError) as error:
            self.error_view.value = error_html(str(error))
            return
        self.grade = result
        self.error_view.value = ""
        self._enable(False)
        self.feedback_view.value = feedback_html(result, said if said is not None else self._said(answer))
        self.after_box.children = [self.next_button] if result.right else [self.retry_button, self.next_button]
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
        self._show_drill()

    @spoken
    def _next(self) -> None:
        self.drill = self.session.drill(self.session.next_skills(1)[0])
        self._show_drill()

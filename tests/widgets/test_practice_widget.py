"""The practice widget (issue 25): drills answered by clicking its buttons, graded by the engine,
retried on a fresh position after a wrong answer, hints that escalate, progress saved after every
answer and shown again by a new widget on the same file, in English and Portuguese.

Every answer clicked is the drill's own (``widget.drill.answer``, computed by the engine), never
a hard-coded one.
"""

from __future__ import annotations

import html
import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from quiz_leaks import QuizFacts, answer_leaks  # noqa: E402

from canasta_learn.core.i18n import speaking  # noqa: E402
from canasta_learn.practice import SKILLS, load_progress  # noqa: E402
from canasta_learn.widgets import PracticeWidget  # noqa: E402
from canasta_learn.widgets.practice import PracticeWidget as Direct  # noqa: E402

T0 = datetime(2026, 12, 4, 5, 0, tzinfo=timezone.utc)


def _widget(tmp_path: Path, skills: list[str], seed: int = 1, **kwargs: object) -> PracticeWidget:
    return PracticeWidget(tmp_path / "practice.json", skills=skills, seed=seed, now=lambda: T0, **kwargs)


def _click_yes_no(widget: PracticeWidget, right: bool) -> None:
    says_yes = widget.drill.answer if right else not widget.drill.answer
    (widget.yes_button if says_yes else widget.no_button).click()


def _shown_text(widget: PracticeWidget) -> str:
    return html.unescape(widget.feedback_view.value)


def test_practice_widget_is_exported_from_the_widgets_package() -> None:
    assert PracticeWidget is Direct


def test_meld_validity_answered_right_moves_the_skill_up_a_box(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["meld_validity"])
    assert widget.drill.kind == "yes_no"
    assert widget.drill.task in html.unescape(widget.task_view.value)
    assert widget.bars["meld_validity"].value == 1
    _click_yes_no(widget, right=True)
    assert widget.grade is not None and widget.grade.outcome == "right"
    assert "Right!" in _shown_text(widget)
    assert widget.grade.message in _shown_text(widget)
    assert widget.after_box.children == (widget.next_button,)
    assert widget.bars["meld_validity"].value == 2
    assert "1 right in a row" in widget.streak_view.value


def test_wrong_answer_offers_a_fresh_position_of_the_same_skill(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["meld_validity", "red_threes"])
    first = widget.drill
    _click_yes_no(widget, right=False)
    assert widget.grade is not None and widget.grade.outcome == "wrong"
    assert widget.grade.answer in _shown_text(widget)  # the engine's answer, in words
    assert widget.retry_button in widget.after_box.children
    assert widget.yes_button.disabled and widget.no_button.disabled
    widget.retry_button.click()
    assert widget.drill.skill == first.skill and widget.drill.task != first.task
    assert widget.grade is None and widget.feedback_view.value == ""
    _click_yes_no(widget, right=True)
    assert widget.grade is not None and widget.grade.right
    record = widget.progress.mastery("meld_validity")
    assert (record.right, record.wrong, record.box) == (1, 1, 2)


def test_a_wrong_choice_is_said_with_one_full_stop_per_sentence(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["pile_state"])
    wrong = next(c for c in widget.drill.choices if c != widget.drill.answer)
    assert widget.drill.choice_label(wrong).endswith(".")  # a sentence of its own
    widget.choice_buttons[widget.drill.choices.index(wrong)].click()
    banner = html.unescape(widget.feedback_view.value).split('class="cl-explanation')[0]
    assert "You answered:" in banner and ".." not in banner and ".</b>." not in banner
    assert ".." not in widget.drill.hint(3) and widget.drill.hint(3).endswith(".")


def test_verdict_code_sits_behind_a_toggle(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["meld_validity"])
    _click_yes_no(widget, right=True)
    assert widget.grade is not None and widget.grade.code
    assert f'<summary>Verdict code</summary><code class="cl-code">{widget.grade.code}</code>' in (
        widget.feedback_view.value)


def test_hint_escalates_from_the_rule_to_the_answer(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["opening_minimum"])
    shown = []
    for level in (1, 2, 3):
        widget.hint_button.click()
        shown.append(html.unescape(widget.hint_view.value))
        assert widget.drill.hint(level) in shown[-1]
    assert widget.drill.hint(3) not in shown[1]
    assert str(widget.drill.answer) in shown[2]
    assert widget.hint_button.disabled


def test_number_field_checks_on_enter_and_on_check(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["opening_minimum", "red_threes"])
    assert widget.drill.kind == "number"
    widget.number.value = str(widget.drill.answer)  # what Enter sends (continuous_update=False)
    assert widget.grade is not None and widget.grade.right
    widget.next_button.click()
    assert widget.drill.kind == "number" and widget.grade is None and widget.number.value == ""
    widget.number.value = "ten"  # not a number: a clear error, nothing graded
    assert widget.grade is None and "whole number" in widget.error_view.value
    widget.number.value = str(widget.drill.answer + 5)
    assert widget.grade is not None and widget.grade.outcome == "wrong"


def test_choice_drill_answered_by_its_button(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["pile_state"])
    labels = [b.description for b in widget.choice_buttons]
    assert labels == [widget.drill.choice_label(c) for c in widget.drill.choices]
    assert widget.left_box.children == (widget.position_view, widget.choice_box)  # under the picture
    widget.choice_buttons[widget.drill.choices.index(widget.drill.answer)].click()
    assert widget.grade is not None and widget.grade.right


def _find(tmp_path: Path, skill: str, wants_way: bool) -> PracticeWidget:
    for seed in range(40):
        widget = _widget(tmp_path, [skill], seed=seed)
        if (widget.drill.answer is not None) == wants_way:
            return widget
    raise AssertionError(f"no {skill} drill with answer {'some' if wants_way else 'None'} in 40 seeds")


@pytest.mark.parametrize("wants_way", [True, False])
def test_take_pile_by_clicking_cards_or_i_may_not(tmp_path: Path, wants_way: bool) -> None:
    widget = _find(tmp_path, "take_pile", wants_way)
    assert widget.hand in widget.left_box.children and widget.action_button.description == "Take the pile"
    if wants_way:
        widget.hand.select(list(widget.drill.answer))
        widget.action_button.click()
    else:
        widget.may_not_button.click()
    assert widget.grade is not None and widget.grade.outcome == "right", widget.grade


def test_take_pile_with_a_lone_odd_card_is_not_allowed(tmp_path: Path) -> None:
    widget = _find(tmp_path, "take_pile", True)
    top = widget.drill.position.discard_pile[-1]
    odd = next(c for c in widget.drill.position.hand if c.rank != top.rank and not c.is_wild)
    widget.hand.select([odd])
    widget.action_button.click()
    assert widget.grade is not None and widget.grade.outcome == "illegal"
    assert "Not allowed." in _shown_text(widget) and widget.retry_button in widget.after_box.children


def test_opening_laid_meld_by_meld(tmp_path: Path) -> None:
    widget = _find(tmp_path, "opening", True)
    *first, last = widget.drill.answer
    for meld in first:
        widget.hand.select(list(meld))
        widget.meld_button.click()
    widget.hand.select(list(last))  # the last meld may stay selected: Open lays it too
    widget.action_button.click()
    assert widget.grade is not None and widget.grade.outcome == "right", widget.grade


def test_going_out_lays_melds_then_discards(tmp_path: Path) -> None:
    widget = _find(tmp_path, "go_out", True)
    melds, discard = widget.drill.answer
    for meld in melds:
        widget.hand.select(list(meld))
        widget.meld_button.click()
    assert widget.hand.cards == [discard]
    widget.hand.select([discard])
    widget.action_button.click()
    assert widget.grade is not None and widget.grade.outcome == "right", widget.grade


def test_start_again_gives_the_whole_hand_back(tmp_path: Path) -> None:
    widget = _find(tmp_path, "go_out", True)
    widget.hand.select(list(widget.drill.answer[0][0]))
    widget.meld_button.click()
    assert len(widget.hand.cards) < len(widget.drill.position.hand)
    widget.reset_button.click()
    assert widget.hand.cards == list(widget.drill.position.hand) and widget.staged_view.value == ""


def _hand_rows(picture: str) -> int:
    return picture.count('class="cl-hand"')


@pytest.mark.parametrize("skill", ["take_pile", "opening", "go_out"])
def test_an_action_drill_shows_the_hand_once_as_the_cards_to_click(tmp_path: Path, skill: str) -> None:
    widget = _widget(tmp_path, [skill])
    assert widget.drill.kind in ("take_pile", "open", "go_out")
    assert _hand_rows(widget.position_view.value) == 0  # not in the picture ...
    assert widget.left_box.children == (widget.position_view, widget.hand)  # ... but under it, to click
    assert widget.hand.cards == list(widget.drill.position.hand)


def test_a_yes_no_drill_shows_the_hand_in_the_picture_and_no_hand_to_click(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["open_with_pile"])
    assert widget.drill.kind == "yes_no"
    assert _hand_rows(widget.position_view.value) == 1
    assert widget.left_box.children == (widget.position_view,)


def test_progress_summary_counts_mastered_and_due_skills_in_one_line(tmp_path: Path) -> None:
    from canasta_learn.practice import Progress, SkillMastery, save_progress

    progress = Progress(skills={
        "meld_validity": SkillMastery(box=5, right=6, streak=4, best_streak=4, last_seen=T0),  # mastered
        "canasta_kind": SkillMastery(box=4, right=4, streak=3, best_streak=3, last_seen=T0),  # mastered
        "meld_value": SkillMastery(box=3, right=3, wrong=1, streak=2, best_streak=2, last_seen=T0),
        "red_threes": SkillMastery(box=2, right=2, wrong=2, streak=1, best_streak=2,
                                   last_seen=datetime(2026, 12, 1, tzinfo=timezone.utc)),  # due
    })
    save_progress(progress, tmp_path / "practice.json")
    widget = PracticeWidget(tmp_path / "practice.json", seed=1, now=lambda: T0)
    skills = widget.session.skills  # the classic game's
    due = len(skills) - 3  # never practised (due at once) and red threes, not the three seen at T0
    summary = html.unescape(widget.summary_view.value)
    assert summary == f"Mastered 2 of {len(skills)} \u00b7 {due} due now"
    assert widget.skill_bar.value == widget.progress.mastery(widget.drill.skill).box == 1  # a new skill first
    # every skill's bar behind the toggle, closed at first
    assert list(widget.bars) == skills and widget.details_box.layout.display == "none"
    assert widget.details_button.description == f"All skills ({len(skills)})"
    widget.details_button.value = True
    assert widget.details_box.layout.display == "flex"
    assert widget.bars["meld_validity"].value == 5 and widget.bars["meld_validity"].bar_style == "success"
    assert widget.box_views["red_threes"].value == "box 2 of 5"
    widget.details_button.value = False
    assert widget.details_box.layout.display == "none"
    two = PracticeWidget(tmp_path / "practice.json", skills=["meld_validity", "red_threes"], seed=1, now=lambda: T0)
    assert two.drill.skill == "red_threes"  # the one due
    assert html.unescape(two.summary_view.value) == "Mastered 1 of 2 \u00b7 1 due now"
    assert two.skill_bar.value == 2 and two.skill_box_view.value == "box 2 of 5 \u00b7"
    assert two.streak_view.value == "1 right in a row (best 2)"


def test_answering_replaces_the_hints_with_the_feedback(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["meld_validity"])
    widget.hint_button.click()
    assert widget.hint_view.value
    _click_yes_no(widget, right=False)
    assert widget.hint_view.value == "" and widget.hint_button.disabled
    assert widget.drill.hint(3) not in html.unescape(widget.hint_view.value)
    widget.retry_button.click()
    assert not widget.hint_button.disabled


def test_progress_is_saved_after_every_answer_and_shown_on_reload(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["meld_validity", "red_threes"])
    _click_yes_no(widget, right=True)
    saved = json.loads((tmp_path / "practice.json").read_text(encoding="utf-8"))
    assert saved["skills"]["meld_validity"]["right"] == 1
    widget.next_button.click()  # meld_validity is not due again today: red threes come next
    assert widget.drill.skill == "red_threes"
    widget.number.value = str(widget.drill.answer + 1)
    assert load_progress(tmp_path / "practice.json").mastery("red_threes").wrong == 1
    again = _widget(tmp_path, ["meld_validity", "red_threes"], seed=7)
    assert again.bars["meld_validity"].value == 2 and again.bars["red_threes"].value == 1
    assert again.drill.skill == "red_threes"  # the weakest, due skill first


def test_portuguese_labels(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["meld_validity"], language="pt_BR")
    assert (widget.yes_button.description, widget.no_button.description) == ("Sim", "Não")
    assert widget.hint_button.description == "Dica"
    assert widget.retry_button.description == "Tentar outra"
    assert widget.bars["meld_validity"].description != "Legal melds and wild cards"
    assert "Pratique:" in widget.title_view.value
    assert widget.box_views["meld_validity"].value == "caixa 1 de 5"
    assert "Dominadas: 0 de 1 \u00b7 1 para revisar agora" in html.unescape(widget.summary_view.value)
    assert widget.details_button.description == "Todas as habilidades (1)"
    assert widget.streak_view.value == "0 acerto seguido (recorde 0)"
    with speaking("pt_BR"):
        task = widget.drill.task
    assert task != widget.drill.task and task in html.unescape(widget.task_view.value)
    _click_yes_no(widget, right=False)
    shown = _shown_text(widget)
    assert "Não exatamente." in shown and "Você respondeu:" in shown and "Código do veredito" in shown
    assert widget.grade is not None and widget.grade.message in shown
    assert widget.grade.message != widget.drill.explain()[1]  # said in Portuguese, not English
    widget.hint_button.click()
    with speaking("pt_BR"):
        assert widget.drill.hint(1) in html.unescape(widget.hint_view.value)


def test_going_out_with_cards_left_is_legal_but_not_what_was_asked(tmp_path: Path) -> None:
    widget = _find(tmp_path, "go_out", True)
    melds, discard = widget.drill.answer
    widget.hand.select(list(melds[0]))
    widget.meld_button.click()
    assert discard in widget.hand.cards
    widget.action_button.click()  # no card selected: go out without discarding, the discard left in hand
    assert widget.grade is not None and widget.grade.outcome == "legal_not_asked", widget.grade
    assert "Legal, but not what was asked." in _shown_text(widget)
    assert widget.retry_button in widget.after_box.children


def test_a_progress_file_that_cannot_be_written_is_said_and_the_answer_still_graded(tmp_path: Path) -> None:
    widget = PracticeWidget(tmp_path / "no such folder" / "practice.json", skills=["meld_validity"], seed=1,
                            now=lambda: T0)
    _click_yes_no(widget, right=True)
    assert widget.grade is not None and widget.grade.right
    assert "could not be saved" in html.unescape(widget.error_view.value)
    assert widget.progress.mastery("meld_validity").right == 1


def test_export_writes_the_results_file_a_teacher_reads_and_offers_it_as_a_download(tmp_path: Path) -> None:
    """The learner's hand-in: Export writes results-<name>.json beside the progress file (the
    name typed and the counts, nothing else), the class report reads it, and the page offers it
    as a download (a Voila page or the JupyterLite site has no file browser to fetch it from)."""
    import base64
    import re

    from canasta_learn.practice import load_results

    widget = _widget(tmp_path, ["meld_validity", "red_threes"])
    _click_yes_no(widget, right=True)
    widget.next_button.click()
    widget.number.value = str(widget.drill.answer + 1)  # one wrong answer
    widget.learner_name.value = "  Ana Luísa <b>  "
    widget.export_button.click()
    path = tmp_path / "results-ana-luísa--b.json"
    assert widget.results_path() == path and path.is_file()
    results = load_results(path)
    assert results.learner == "Ana Luísa <b>"
    assert (results.mastery("meld_validity").right, results.mastery("red_threes").wrong) == (1, 1)
    assert load_progress(tmp_path / "practice.json").learner == "Ana Luísa <b>"  # remembered
    shown = widget.export_view.value
    assert "<b>" not in shown and "results-ana-lu" in shown  # escaped
    link = re.search(r'href="data:application/json;base64,([^"]+)"', shown)
    assert link is not None and base64.b64decode(link.group(1)) == path.read_bytes()
    assert "hand this file to your teacher" in html.unescape(shown)


def test_export_that_cannot_be_written_says_so_and_changes_nothing(tmp_path: Path) -> None:
    widget = _widget(tmp_path, ["meld_validity"])
    widget.learner_name.value = "Ana"
    (tmp_path / "results-ana.json").mkdir()  # a folder where the file would go
    widget.export_button.click()
    assert "could not be written" in html.unescape(widget.error_view.value)
    assert widget.export_view.value == ""


#: The skills added for the classic rule rows not drilled before (tests/practice/test_generators.py).
NEW_SKILLS = ["one_card_pile", "pile_unfreezes", "end_of_stock", "last_card_red_three", "game_end", "deal",
              "dealt_red_threes", "permission"]


def _click_answer(widget: PracticeWidget, right: bool) -> None:
    """Answer the drill shown by its own buttons: the engine's answer, or (``right=False``) another one."""
    drill = widget.drill
    if drill.kind == "yes_no":
        _click_yes_no(widget, right)
    elif drill.kind == "number":
        widget.number.value = str(drill.answer if right else drill.answer + 1)
        if widget.grade is None:
            widget.check_button.click()
    elif drill.kind == "choice":
        key = drill.answer if right else next(c for c in drill.choices if c != drill.answer)
        widget.choice_buttons[drill.choices.index(key)].click()
    else:
        raise AssertionError(f"no clicks written for {drill.kind}")


@pytest.mark.parametrize("difficulty", [1, 3])
@pytest.mark.parametrize("skill", [s for s in NEW_SKILLS if s in SKILLS])
def test_every_new_skill_is_shown_and_graded_through_the_widgets_buttons(tmp_path: Path, skill: str,
                                                                         difficulty: int) -> None:
    """Each new skill: its task and position are drawn (question mode: the picture gives nothing of
    the answer away, by the shared quiz leak checks), the engine's answer clicked is right, and on a
    fresh drill a different answer is graded wrong."""
    widget = _widget(tmp_path, [skill], seed=3, difficulty=difficulty)
    drill = widget.drill
    assert drill.skill == skill and drill.difficulty == difficulty
    assert drill.task in html.unescape(widget.task_view.value)
    assert "<svg" in widget.position_view.value or "cl-card" in widget.position_view.value
    code, message = drill.explain()
    # a number's answer is not looked for in the picture, whose cards show ranks as numbers: only the
    # explanation and what the picture never shows (states, verdicts, kinds) are (Yes/No name no fact)
    choices = [drill.choice_label(c) for c in drill.choices] if drill.kind == "choice" else ["Yes", "No"]
    answer = (drill.choice_label(drill.answer) if drill.kind == "choice" else
              "No" if drill.kind == "yes_no" and not drill.answer else "Yes")
    facts = QuizFacts(drill.task, drill.kind, choices, answer, message, code, f"{skill} in the widget")
    assert answer_leaks(facts, drill.task, widget.position_view.value) == []
    _click_answer(widget, right=True)
    assert widget.grade is not None and widget.grade.outcome == "right", widget.grade
    assert "Right!" in _shown_text(widget) and widget.grade.message in _shown_text(widget)
    widget.next_button.click()
    assert widget.drill.skill == skill and widget.grade is None
    _click_answer(widget, right=False)
    assert widget.grade is not None and widget.grade.outcome == "wrong", widget.grade
    assert widget.grade.answer in _shown_text(widget) and widget.retry_button in widget.after_box.children

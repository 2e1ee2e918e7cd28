"""The practice widget on a variant game's skills (issue 25): ``PracticeWidget(profile=...)``
shows that game's drills only, and a variant drill is answered and graded through the widget's
own buttons (yes / no, the choice buttons), a wrong answer offering a fresh position of the same
skill. Every answer clicked is the drill's own (the engine's), never a hard-coded one.
"""

from __future__ import annotations

import html
from datetime import datetime, timezone
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from canasta_learn.core.i18n import speaking  # noqa: E402
from canasta_learn.practice import SKILLS, skill_ids  # noqa: E402
from canasta_learn.widgets import PracticeWidget  # noqa: E402

T0 = datetime(2026, 12, 4, 5, 0, tzinfo=timezone.utc)


def _widget(tmp_path: Path, **kwargs: object) -> PracticeWidget:
    return PracticeWidget(tmp_path / "practice.json", seed=2, now=lambda: T0, **kwargs)


def test_the_widget_practises_the_classic_skills_unless_given_a_game(tmp_path: Path) -> None:
    assert list(_widget(tmp_path).bars) == skill_ids("classic")


@pytest.mark.parametrize("profile", ["italian", "pennies_from_heaven", "tranca"])
def test_a_variant_yes_no_drill_is_shown_and_graded_through_its_buttons(tmp_path: Path, profile: str) -> None:
    widget = _widget(tmp_path, profile=profile)
    assert list(widget.bars) == skill_ids(profile)
    drill = widget.drill
    assert SKILLS[drill.skill].profile == profile and drill.position.profile.name == profile
    assert drill.kind == "yes_no" and widget.yes_button in widget.answer_box.children[0].children
    assert drill.task in html.unescape(widget.task_view.value)
    assert f"{profile} profile" in html.unescape(widget.position_view.value)  # the game's picture
    (widget.no_button if drill.answer else widget.yes_button).click()  # the wrong answer first
    assert widget.grade is not None and widget.grade.outcome == "wrong"
    assert widget.grade.message in html.unescape(widget.feedback_view.value)
    widget.retry_button.click()
    assert widget.drill.skill == drill.skill and widget.drill.task != drill.task
    (widget.yes_button if widget.drill.answer else widget.no_button).click()
    assert widget.grade is not None and widget.grade.right
    assert widget.progress.mastery(drill.skill).right == 1


def test_a_canastra_kind_drill_is_answered_by_its_choice_buttons_in_portuguese(tmp_path: Path) -> None:
    widget = _widget(tmp_path, skills=["canastra_kind"], language="pt_BR")
    drill = widget.drill
    with speaking("pt_BR"):
        labels = [drill.choice_label(c) for c in drill.choices]
    assert [b.description for b in widget.choice_buttons] == labels
    assert "uma canastra limpa" in labels and "não é uma canastra" in labels
    widget.choice_buttons[drill.choices.index(drill.answer)].click()
    assert widget.grade is not None and widget.grade.right
    assert "Certo" in html.unescape(widget.feedback_view.value)
    assert widget.bars["canastra_kind"].value == 2


def test_a_game_without_skills_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="profile must be a game with skills"):
        _widget(tmp_path, profile="cardgames_io")

"""Results a teacher can collect: the results file a learner exports, and the class report read
from 30 of them (canasta_learn.practice.store.export_results, canasta_learn.practice.report).

The class is made through the real practice API: each learner's `Session` sets drills, the test
answers each one right or wrong by a seeded choice (a wrong answer made from the drill: the other
yes/no, the number plus one, another choice), the engine grades it, and the learner exports. The
expected table is computed here from the answers the test made (counts, and the Leitner box by
its rule: up one when right, back to 1 when wrong), never read from the files.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from canasta_learn.core.i18n import speaking
from canasta_learn.practice import (
    SKILLS,
    Drill,
    Progress,
    ProgressFileError,
    Session,
    export_results,
    load_results,
    save_progress,
)
from canasta_learn.practice.report import (
    STRUGGLING_ACCURACY,
    ResultsFileError,
    class_report,
    plot_weakest_skills,
    skill_summary,
)

pandas = pytest.importorskip("pandas")

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
#: The skills whose answer the test can make wrong on purpose without the engine's help.
SIMPLE = [skill for skill in SKILLS if skill in
          ("meld_validity", "canasta_kind", "meld_merge", "meld_value", "pile_state", "opening_minimum",
           "open_with_pile", "concealed", "hand_score", "red_threes")]


def wrong_answer(drill: Drill) -> Any:
    """An answer to ``drill`` that is not the engine's."""
    if drill.kind == "yes_no":
        return not drill.answer
    if drill.kind == "number":
        return drill.answer + 1
    assert drill.kind == "choice", drill.kind
    return next(choice for choice in drill.choices if choice != drill.answer)


Expected = dict[tuple[str, str], dict[str, int]]


def make_class(folder: Path, learners: int = 30, answers: int = 14) -> tuple[list[Path], Expected]:
    """``learners`` results files in ``folder`` and, computed from the answers made, the
    expected right, wrong and box per (learner, skill)."""
    expected: Expected = defaultdict(lambda: {"right": 0, "wrong": 0, "box": 1})
    files = []
    for number in range(learners):
        name = f"Learner {number:02d}"
        progress = Progress(name)
        session = Session(progress, now=lambda: T0, seed=1000 * number, skills=SIMPLE)
        choices = random.Random(number)
        skills = choices.sample(SIMPLE, 4)  # each learner practises 4 skills
        skill_skill = {skill: choices.uniform(0.2, 0.9) for skill in skills}  # their chance of a right answer
        for _ in range(answers):
            skill = choices.choice(skills)
            drill = session.drill(skill)
            right = choices.random() < skill_skill[skill]
            graded = session.answer(drill, drill.answer if right else wrong_answer(drill))
            assert graded.right is right, (skill, drill.seed)
            entry = expected[name, skill]
            entry["right" if right else "wrong"] += 1
            entry["box"] = min(entry["box"] + 1, 5) if right else 1
        files.append(export_results(progress, folder / f"results-{number:02d}.json"))
    return files, dict(expected)


@pytest.fixture(scope="module")
def a_class(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], Expected]:
    return make_class(tmp_path_factory.mktemp("class"))


def expected_summary(expected: Expected) -> list[tuple[str, int, int, float, int]]:
    """(skill, right, wrong, class accuracy, struggling) per skill, weakest first."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for (_, skill), entry in expected.items():
        totals[skill][0] += entry["right"]
        totals[skill][1] += entry["wrong"]
        totals[skill][2] += entry["right"] / (entry["right"] + entry["wrong"]) < STRUGGLING_ACCURACY
    rows = [(skill, r, w, r / (r + w), s) for skill, (r, w, s) in totals.items()]
    return sorted(rows, key=lambda row: (row[3], -row[4], row[0]))


def test_results_file_holds_the_name_and_the_counts_and_nothing_else(tmp_path: Path) -> None:
    progress = Progress("Ana Luíza")
    progress.record("meld_validity", True, T0)
    progress.record("meld_validity", False, T0)
    progress.record("meld_validity", True, T0)
    path = export_results(progress, tmp_path / "ana.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"format": "canasta-learn-results", "version": 1, "learner": "Ana Luíza",
                    "skills": {"meld_validity": {"right": 2, "wrong": 1, "box": 2,
                                                 "last_practised": T0.isoformat()}}}
    back = load_results(path)
    assert (back.learner, back.skills["meld_validity"].right, back.skills["meld_validity"].box) == ("Ana Luíza", 2, 2)


def test_class_report_of_30_learners_matches_the_answers_they_gave(a_class: tuple[list[Path], Expected]) -> None:
    files, expected = a_class
    frame = class_report(files)
    assert list(frame.columns) == ["file", "learner", "skill", "title", "right", "wrong", "accuracy", "box"]
    assert frame["learner"].nunique() == 30
    got = {(row.learner, row.skill): {"right": row.right, "wrong": row.wrong, "box": row.box}
           for row in frame.itertuples()}
    assert got == expected
    for row in frame.itertuples():
        assert row.accuracy == pytest.approx(row.right / (row.right + row.wrong))
        assert row.title == SKILLS[row.skill].title


def test_skill_summary_puts_the_class_weakest_skill_first(a_class: tuple[list[Path], Expected]) -> None:
    files, expected = a_class
    summary = skill_summary(class_report(files))
    got = [(row.skill, row.right, row.wrong, row.accuracy, row.struggling) for row in summary.itertuples()]
    assert got == expected_summary(expected)
    assert summary["accuracy"].is_monotonic_increasing


def test_plot_of_the_weakest_skills_draws_their_accuracy(a_class: tuple[list[Path], Expected]) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    files, expected = a_class
    weakest = expected_summary(expected)[:5]
    ax = plot_weakest_skills(class_report(files), Figure().add_subplot())
    labels = [label.get_text() for label in ax.get_yticklabels()]
    widths = [bar.get_width() for bar in ax.patches]
    assert labels[::-1] == [SKILLS[skill].title for skill, *_ in weakest]  # weakest on top
    assert widths[::-1] == pytest.approx([100 * accuracy for _, _, _, accuracy, _ in weakest])


def test_plot_titles_the_skills_in_portuguese(a_class: tuple[list[Path], Expected]) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    files, expected = a_class
    with speaking("pt_BR"):
        ax = plot_weakest_skills(class_report(files), Figure().add_subplot())
        titles = {SKILLS[skill].title_words for skill, *_ in expected_summary(expected)[:5]}
        title = ax.get_title()
    assert {label.get_text() for label in ax.get_yticklabels()} == titles
    assert title == "As habilidades mais fracas da turma"


def test_a_progress_file_is_read_as_results(tmp_path: Path) -> None:
    progress = Progress("Bia")
    progress.record("red_threes", False, T0)
    frame = class_report([save_progress(progress, tmp_path / "practice.json")])
    assert frame[["learner", "skill", "right", "wrong", "box"]].values.tolist() == [["Bia", "red_threes", 0, 1, 1]]


def test_a_learner_without_a_name_is_named_after_their_file(tmp_path: Path) -> None:
    progress = Progress("  ")
    progress.record("hand_score", True, T0)
    frame = class_report([export_results(progress, tmp_path / "seat-7.json")])
    assert frame["learner"].tolist() == ["seat-7"]


def test_nameless_learners_in_same_named_files_stay_apart(tmp_path: Path) -> None:
    files = []
    for student, right in (("ana", True), ("bo", False)):  # nbgrader: submitted/<student>/<assignment>/
        progress = Progress("")
        progress.record("hand_score", right, T0)
        (tmp_path / student).mkdir()
        files.append(export_results(progress, tmp_path / student / "results.json"))
    frame = class_report(files)
    assert frame[["learner", "right", "wrong"]].values.tolist() == [[str(files[0]), 1, 0], [str(files[1]), 0, 1]]


CORRUPT = {
    "not_json.json": ("{\"format\": ", "it is not JSON"),
    "foreign.json": ('{"cells": []}', 'it does not say "format": "canasta-learn-results"'),
    "newer.json": ('{"format": "canasta-learn-results", "version": 9, "skills": {}}', "newer canasta-learn"),
    "bad_box.json": ('{"format": "canasta-learn-results", "version": 1, "skills": {"red_threes": '
                     '{"right": 1, "wrong": 0, "box": 7}}}', "the box of red_threes is not 1 to 5"),
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_a_corrupt_results_file_is_named_with_the_fix(tmp_path: Path, name: str) -> None:
    text, problem = CORRUPT[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ResultsFileError) as raised:
        class_report([path])
    message = str(raised.value)
    assert str(path) in message and problem in message
    assert isinstance(raised.value, ProgressFileError)
    assert path.read_text(encoding="utf-8") == text  # changed nothing


def test_corrupt_files_are_left_out_and_listed_when_asked(tmp_path: Path) -> None:
    files, expected = make_class(tmp_path, learners=3, answers=5)
    (tmp_path / "broken.json").write_text("not json", encoding="utf-8")
    skipped: list[str] = []
    frame = class_report([files[0], tmp_path / "broken.json", tmp_path / "missing.json", *files[1:]],
                         skipped=skipped)
    assert len(skipped) == 2
    assert "broken.json" in skipped[0] and "missing.json" in skipped[1]
    assert frame["learner"].nunique() == 3


def test_no_files_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no results files given"):
        class_report([])

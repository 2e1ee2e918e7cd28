"""DrillQuiz (issue 25): a lesson's check on a fresh generated position, answered by clicking the
practice widget's controls, graded by the engine, continued with "More like this" on fresh
positions of the same skill, and a static page that is escaped and folds its answer away.

Every answer clicked is the drill's own (``quiz.drill.answer``, computed by the engine), never a
hard-coded one.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from quiz_leaks import readable_text, static_quizzes

pytest.importorskip("ipywidgets")

from canasta_learn.core.i18n import speaking  # noqa: E402
from canasta_learn.core.verdicts import learner_words  # noqa: E402
from canasta_learn.practice import SKILLS, generate, load_progress  # noqa: E402
from canasta_learn.widgets import DrillQuiz, QuizSet  # noqa: E402
from canasta_learn.widgets.quiz import STATIC_ATTR  # noqa: E402


def _say(quiz: DrillQuiz, right: bool) -> None:
    """Answer the drill shown by its controls, right or wrong (the engine's answer or not)."""
    drill = quiz.drill
    if drill.kind == "yes_no":
        (quiz.yes_button if drill.answer == right else quiz.no_button).click()
    elif drill.kind == "number":
        quiz.number.value = str(drill.answer if right else drill.answer + 5)
    elif drill.kind == "choice":
        key = drill.answer if right else next(c for c in drill.choices if c != drill.answer)
        quiz.choice_buttons[list(drill.choices).index(key)].click()
    else:
        raise AssertionError(drill.kind)


def _shown(quiz: DrillQuiz) -> str:
    return html.unescape(readable_text(quiz.feedback_view.value))


def test_drill_quiz_is_exported_from_the_widgets_package() -> None:
    from canasta_learn.widgets.drill_quiz import DrillQuiz as Direct

    assert DrillQuiz is Direct


@pytest.mark.parametrize("skill", ["meld_validity", "canasta_kind", "meld_value", "pile_state"])
def test_the_right_answer_is_graded_right_with_the_engines_explanation(skill: str) -> None:
    quiz = DrillQuiz(skill, seed=11)
    assert quiz.drill.task == generate(skill, 11).task
    assert quiz.feedback_view.value == "" and quiz.after_box.children == ()
    _say(quiz, right=True)
    assert quiz.grade is not None and quiz.grade.outcome == "right" and quiz.correct is True
    assert "Right!" in _shown(quiz)
    assert html.unescape(readable_text(html.escape(quiz.grade.message))) in _shown(quiz)
    assert quiz.more_button in quiz.after_box.children


@pytest.mark.parametrize("skill", ["meld_validity", "meld_merge", "red_threes", "opening_minimum"])
def test_a_wrong_answer_is_graded_wrong_and_says_the_engines_answer(skill: str) -> None:
    quiz = DrillQuiz(skill, seed=12)
    _say(quiz, right=False)
    assert quiz.grade is not None and quiz.grade.outcome == "wrong" and quiz.correct is False
    assert "Not quite." in _shown(quiz) and quiz.grade.answer in _shown(quiz)
    # one answer per drill: a second click changes nothing
    first = quiz.grade
    _say(quiz, right=True)
    assert quiz.grade is first and quiz.correct is False


def test_an_action_drill_is_answered_with_the_hands_cards() -> None:
    seed = next(s for s in range(100) if generate("take_pile", s).answer)
    quiz = DrillQuiz("take_pile", seed=seed)
    quiz.hand.select(list(quiz.drill.answer))
    quiz.action_button.click()
    assert quiz.grade is not None and quiz.grade.outcome == "right", quiz.grade
    refused = DrillQuiz("take_pile", seed=seed)
    refused.may_not_button.click()
    assert refused.grade is not None and refused.grade.outcome == "wrong"


def test_bad_input_is_named_and_changes_nothing() -> None:
    quiz = DrillQuiz("meld_value", seed=3)
    quiz.number.value = "fifty"
    assert "whole number" in quiz.error_view.value and quiz.grade is None and quiz.correct is None
    with pytest.raises(ValueError, match="skill must be one of"):
        DrillQuiz("no_such_skill")
    with pytest.raises(ValueError, match="difficulty must be 1, 2 or 3"):
        DrillQuiz("meld_value", difficulty=7)


@pytest.mark.parametrize("skill", ["meld_validity", "pile_state", "hand_score", "go_out"])
def test_more_like_this_gives_fresh_positions_of_the_same_skill(skill: str) -> None:
    quiz = DrillQuiz(skill, seed=5)
    first = quiz.drill
    seen = [first.task]
    quiz.may_not_button.click() if first.kind == "go_out" else _say(quiz, right=True)
    lesson_answer = quiz.correct
    for _ in range(4):
        quiz.more_button.click()
        assert quiz.drill.skill == skill and quiz.grade is None
        assert quiz.drill.task not in seen, "More like this repeated a position"
        seen.append(quiz.drill.task)
        assert html.escape(quiz.drill.task) in quiz.task_view.value
        if quiz.drill.kind == "go_out":
            quiz.may_not_button.click()
        else:
            _say(quiz, right=True)
    # the lesson's answer stays what QuizSet counts; the drills after it are counted apart
    assert quiz.correct is lesson_answer
    assert quiz.practised[1] == 4
    quiz.reset()
    assert quiz.drill.task == first.task and quiz.correct is None and quiz.practised == (0, 0)


def test_more_like_this_records_to_the_learners_progress_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    quiz = DrillQuiz("red_threes", seed=2, record=path)
    _say(quiz, right=True)
    quiz.more_button.click()
    _say(quiz, right=False)
    record = load_progress(path).mastery("red_threes")
    assert (record.right, record.wrong) == (1, 1)
    assert not (tmp_path / "other.json").exists()
    DrillQuiz("red_threes", seed=2).yes_button.click()  # not recorded by default: nothing else written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["practice.json"]


def test_quiz_set_counts_a_drill_quiz_first_answer() -> None:
    drill = DrillQuiz("meld_validity", seed=21)
    quizzes = QuizSet([drill])
    _say(drill, right=True)
    assert (quizzes.score, quizzes.answered) == (1, 1)
    drill.more_button.click()
    _say(drill, right=False)
    assert (quizzes.score, quizzes.answered) == (1, 1)
    assert STATIC_ATTR in quizzes.static_html()


@pytest.mark.parametrize("skill", list(SKILLS))
def test_static_html_is_escaped_script_free_and_folds_the_answer(skill: str) -> None:
    quiz = DrillQuiz(skill, seed=8)
    page = quiz.static_html()
    assert STATIC_ATTR in page and "<script" not in page.lower()
    (static,) = static_quizzes(page)
    assert static.question == quiz.drill.task
    assert static.answer == quiz.answer_label
    assert static.summary == "Show the answer"
    # the answer and the explanation only inside the closed <details>
    before = page.split('<details class="cl-quiz-answer">', 1)[0]
    with learner_words(you=0):  # as the learner reads it: cards as symbols, "you" for the position's player
        explained = quiz.drill.explain()[1]
    assert explained not in html.unescape(before)
    assert html.escape(explained) in static.answer_part
    assert "<details open" not in page


def test_static_html_escapes_what_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    quiz = DrillQuiz("meld_validity", seed=1)
    task = "Is <b>this</b> & that a meld?"
    monkeypatch.setattr(type(quiz.drill), "task", property(lambda _self: task))
    page = quiz.static_html()
    assert "<b>this</b>" not in page and html.escape(task) in page


def test_static_html_shows_the_lessons_question_after_more_like_this() -> None:
    quiz = DrillQuiz("meld_value", seed=9)
    page = quiz.static_html()
    _say(quiz, right=True)
    quiz.more_button.click()
    assert quiz.static_html() == page


def test_the_quiz_speaks_portuguese() -> None:
    quiz = DrillQuiz("meld_validity", seed=4, language="pt_BR")
    with speaking("pt_BR"):
        task = generate("meld_validity", 4).task
    assert quiz.question == task and quiz.yes_button.description == "Sim"
    assert quiz.more_button.description != "More like this"
    _say(quiz, right=True)
    assert "Right!" not in _shown(quiz)
    assert "Mostrar a resposta" in quiz.static_html()

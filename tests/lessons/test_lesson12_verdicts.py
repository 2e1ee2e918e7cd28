"""Lesson 12's claims and quiz answers rest on stored, decisive coach verdicts (issue 26).

canasta_learn/data/lesson12_verdicts.json is computed once by scripts/lesson12_verdicts.py.
These tests check that every stored verdict is decisive (the best beats each other compared
move beyond the 95% margin of their paired gap, on at least 400 shared endings), that each one
is reproduced exactly by recomputing it with its stored state, seed and endings (all of them,
at their full endings: about 6 seconds a position), and that the lesson's quizzes answer with
the stored best among exactly the stored moves.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jupytext
import pytest

from canasta_learn import Round
from canasta_learn.core.actions import parse_action
from canasta_learn.play.coach_words import move_words

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "canasta_learn" / "data" / "lesson12_verdicts.json"
LESSON = ROOT / "lessons" / "12_strategy.md"
VERDICTS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["positions"]


def load_script() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("lesson12_verdicts", ROOT / "scripts" / "lesson12_verdicts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("verdict", VERDICTS, ids=lambda v: v["name"])
def test_every_stored_verdict_is_decisive_on_at_least_400_shared_endings(verdict: dict[str, Any]) -> None:
    assert verdict["decisive"] and verdict["endings"] >= 400
    assert verdict["moves"][0] == verdict["best"] and len(verdict["against"]) == len(verdict["moves"]) - 1
    for row in verdict["against"]:
        assert row["endings"] >= 400, row
        assert row["gap"] - row["margin"] > 0, row  # the 95% interval of the gap excludes 0
    Round.from_state(**verdict["state"]).verify_apply(parse_action(verdict["best"]))


@pytest.mark.parametrize("verdict", VERDICTS, ids=lambda v: v["name"])
def test_recomputing_a_stored_verdict_with_its_seed_and_endings_gives_it_again(verdict: dict[str, Any]) -> None:
    again = load_script().verdict(verdict["name"], verdict["endings"], verdict["seed"])
    assert again == verdict


def test_the_lesson_names_only_stored_verdicts_and_every_decisive_position_is_used() -> None:
    text = LESSON.read_text(encoding="utf-8")
    used = (set(re.findall(r'(?:position|stored_verdict)\("(\w+)"\)', text))
            | set(re.findall(r'VERDICTS\["(\w+)"\]', text))
            | set(re.findall(r'= coach_quiz\(.*?"(\w+)"(?:, code="\w+")?\)', text, flags=re.S)))
    assert used == {v["name"] for v in VERDICTS}


def test_the_lessons_coach_quizzes_answer_with_the_stored_best_of_the_stored_moves() -> None:
    notebook = jupytext.read(LESSON)
    cells = [c for c in notebook.cells if c.cell_type == "code"]
    namespace: dict[str, Any] = {}
    setup = next(c for c in cells if "setup" in c.metadata.get("tags", []))
    exec(compile(setup.source, "setup", "exec"), namespace)  # noqa: S102 - the lesson's own code
    quizzes = [c for c in cells if "quiz" in c.metadata.get("tags", []) and "coach_quiz(" in c.source]
    assert len(quizzes) == 2
    by_name = {v["name"]: v for v in VERDICTS}
    for cell in quizzes:
        names = re.findall(r'coach_quiz\(.*?"(\w+)"(?:, code="\w+")?\)', cell.source, flags=re.S)
        assert len(names) == 1, cell.source
        verdict = by_name[names[0]]
        exec(compile(cell.source, "quiz", "exec"), namespace)  # noqa: S102
        quiz = namespace[re.findall(r"^(\w+) = coach_quiz", cell.source, flags=re.M)[0]]
        assert quiz.answer_text == move_words(parse_action(verdict["best"]))
        assert sorted(quiz.choices) == sorted(move_words(parse_action(m)) for m in verdict["moves"])

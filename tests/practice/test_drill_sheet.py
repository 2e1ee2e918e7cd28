"""The printable drill sheet (canasta_learn.render.sheet, canasta_learn.practice.drill_set): the
same seed makes the same drills, a box per drill that never shows its answer, the answer key
after every box with the engine's answers and explanations, escaped text, print CSS for A4, both
languages, and the ``canasta-learn drill-sheet`` command. Pages in a real browser:
tests/browser/test_drill_sheet_browser.py."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from quiz_leaks import QuizFacts, answer_leaks, readable_text

from canasta_learn.cli import main
from canasta_learn.core.i18n import speaking
from canasta_learn.practice import SKILLS, drill_set
from canasta_learn.render import drill_sheet
from canasta_learn.render.sheet import SHEET_CSS


def _boxes(page: str) -> list[str]:
    return re.findall(r'<article class="cl-drill" id="drill-\d+">.*?</article>', page, re.S)


def test_the_same_seed_makes_the_same_drills_the_skills_in_turn() -> None:
    skills = ["meld_value", "pile_state", "go_out"]
    first = drill_set(skills, seed=9, count=7)
    again = drill_set(skills, seed=9, count=7)
    assert [d.skill for d in first] == [skills[i % 3] for i in range(7)]
    assert [(d.seed, d.task) for d in first] == [(d.seed, d.task) for d in again]
    assert [d.seed for d in drill_set(skills, seed=10, count=7)] != [d.seed for d in first]
    assert len({d.seed for d in first}) == 7
    assert drill_sheet(skills, seed=9, count=7) == drill_sheet(skills, seed=9, count=7)


@pytest.mark.parametrize(("skills", "count", "problem"), [
    (["meld_value", "nonsense"], 3, "nonsense"), ([], 3, "at least one skill"), (None, 0, "count"),
    (None, 201, "count"),
])
def test_a_bad_skill_or_count_is_refused_naming_it(skills: list[str] | None, count: int, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        drill_sheet(skills, count=count)


def test_every_box_shows_its_task_and_position_but_never_its_answer_and_the_key_gives_it() -> None:
    drills = drill_set(None, seed=21, count=26)  # every skill twice
    page = drill_sheet(None, seed=21, count=26)
    boxes = _boxes(page)
    assert len(boxes) == 26
    key_start = page.index('class="cl-sheet-key"')
    assert page.rindex("</article>") < key_start  # the key comes after every drill
    key = page[key_start:]
    for number, (drill, box) in enumerate(zip(drills, boxes, strict=True), 1):
        assert f'id="drill-{number}"' in box
        assert html.escape(drill.task) in box
        assert html.escape(SKILLS[drill.skill].title_words) in box
        assert "Your hand" in box  # the position, drawn from its cards
        code, message = drill.explain()
        # the picture: between the task and where the answer is written
        picture = box.split(html.escape(drill.task) + "</p>", 1)[1]
        picture = picture.split('<p class="cl-drill-options">')[0].split('<p class="cl-drill-answer">')[0]
        if drill.kind == "choice":  # as in test_generators.task_leaks: the choices' words
            choices, answer = [drill.choice_label(c) for c in drill.choices], drill.choice_label(drill.answer)
        elif drill.kind == "yes_no":
            choices, answer = ["Yes", "No"], "Yes" if drill.answer else "No"
        else:
            choices, answer = [drill.answer_text()], drill.answer_text()
        facts = QuizFacts(drill.task, drill.kind, choices, answer, message, code, f"drill {number}")
        assert answer_leaks(facts, drill.task, picture) == []
        assert message not in readable_text(box)
        # verdict codes stay off paper (a one-word code such as "deal" is also an English word)
        assert (code not in box) if "_" in code else (f">{code}<" not in box and "Verdict code" not in box)
        item = re.search(rf'<li class="cl-key-item" id="key-{number}">(.*?)</li>', key, re.S)
        assert item is not None
        assert html.escape(drill.answer_text()) in item.group(1)
        assert html.escape(message) in item.group(1)
        if drill.kind in ("yes_no", "choice"):
            assert box.count("\u2610") == (2 if drill.kind == "yes_no" else len(drill.choices))


def test_the_print_css_sets_a4_keeps_each_box_whole_and_starts_the_key_on_a_new_page() -> None:
    rules = {selector.strip(): body for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", SHEET_CSS)}
    assert "size: A4" in rules["@page"]
    assert "break-inside: avoid" in rules[".cl-drill"]
    assert "break-before: page" in rules[".cl-sheet-key"]
    assert SHEET_CSS in drill_sheet(["red_threes"], count=1)


def test_the_title_is_escaped() -> None:
    page = drill_sheet(["meld_value"], count=1, title='<script>alert("x")</script> & Co')
    assert "<script>" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" in page


def test_the_sheet_speaks_portuguese_when_asked_and_the_language_spoken_is_unchanged() -> None:
    with speaking("en"):
        page = drill_sheet(["opening_minimum", "concealed"], seed=3, count=2, language="pt_BR")
        assert drill_sheet(["opening_minimum"], count=1).startswith('<!DOCTYPE html>\n<html lang="en">')
    assert '<html lang="pt-BR">' in page
    with speaking("pt_BR"):
        drills = drill_set(["opening_minimum", "concealed"], seed=3, count=2)
        for drill in drills:
            assert html.escape(drill.task) in page
            assert html.escape(drill.explain()[1]) in page
    for english in ("Canasta practice sheet", "Answer key", "Your answer", "Your hand", "Name:"):
        assert english not in page, english


def test_cli_writes_the_sheet_whole_in_the_language_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    out = tmp_path / "sheet.html"
    assert main(["--lang", "pt_BR", "drill-sheet", str(out), "--skills", "meld_value,red_threes",
                 "--count", "5", "--seed", "8"]) == 0
    assert out.read_text(encoding="utf-8") == drill_sheet(["meld_value", "red_threes"], seed=8, count=5,
                                                          language="pt_BR")
    assert str(out) in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.html"]  # no temporary file left


def test_cli_refuses_an_unknown_skill_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    out = tmp_path / "sheet.html"
    out.write_text("the teacher's earlier sheet", encoding="utf-8")
    assert main(["drill-sheet", str(out), "--skills", "meld_value,bogus"]) == 2
    assert "bogus" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "the teacher's earlier sheet"

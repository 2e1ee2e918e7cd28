"""No quiz of any lesson gives its answer in its question, live or in the exported page (issue 12).

Every lesson in ``notebooks/`` and ``notebooks/pt_BR/`` (whatever lessons exist: nothing here
lists them; the Portuguese edition also runs without errors) is executed
in a fresh kernel, with one more cell at the end that finds every `Quiz` the lesson made
and reports, for each, its question, kind, choices, right answer and explanation, and what
the live widget shows before an answer (its question and picture). Then:

* live: the widget's question and picture contain none of its answer (see
  `quiz_leaks.answer_leaks`), and no feedback shows before the quiz is answered;
* exported: the lesson's page, made as ``canasta-learn export`` makes it
  (`cli_export.static_notebook`, then nbconvert's HTML exporter), holds every displayed quiz
  as a static question whose text and picture contain none of its answer, and whose folded
  "Show the answer" part holds the answer (the parts found by the page's classes, so the
  Portuguese pages, "Mostrar a resposta", are read the same way).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from quiz_leaks import QuizFacts, answer_leaks, readable_text, static_quizzes

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("nbconvert")

from canasta_learn.cli import export as cli_export  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
#: Every lesson in both editions: English (``NAME``) and Brazilian Portuguese (``pt_BR/NAME``,
#: the same code and quizzes; issue 17).
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) + sorted(
    f"pt_BR/{p.name}" for p in (NOTEBOOKS / "pt_BR").glob("*.ipynb"))
CELL_TIMEOUT = 180
MARK = "CL-QUIZ-PROBE "

#: Run after a lesson: every Quiz still alive in the kernel (ipywidgets keeps each widget),
#: as JSON on one line, in the order the lesson made them (the order ipywidgets registered
#: them; the garbage collector's own order depends on when it last ran).
PROBE = '''
import gc as _gc, json as _json
from ipywidgets.widgets.widget import _instances as _made
from canasta_learn.widgets.quiz import Quiz as _Quiz
_order = {id(_w): _i for _i, _w in enumerate(_made.values())}
_found = []
for _q in sorted((_o for _o in _gc.get_objects() if isinstance(_o, _Quiz)),
                 key=lambda _o: _order.get(id(_o), len(_order))):
    if True:
        _code, _message = _q.explanation
        _found.append({
            "question": _q.question, "kind": _q.kind, "choices": list(_q.choices),
            "answer": _q.answer_text, "code": _code, "message": _message,
            "labels": [_q.labels[_c] for _c in _q.choices],
            "others": [v.message for c, v in _q.choice_verdicts.items() if c != _q.answer_text],
            "answered": _q.correct is not None,
            "question_view": _q.question_view.value, "picture": _q.position_view.value,
            "badge": _q.badge.value, "feedback_view": _q.feedback_view.value,
        })
print(MARK + _json.dumps(_found))
'''.replace("MARK", repr(MARK), 1)


def facts_of(item: dict[str, Any], where: str) -> QuizFacts:
    return QuizFacts(item["question"], item["kind"], item["choices"], item["answer"],
                     item["message"], item["code"], where, item["others"], item["labels"])


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Any, list[dict[str, Any]]]]:
    """name -> (executed notebook without the probe cell, the probe's quizzes)."""
    from nbclient import NotebookClient

    results: dict[str, tuple[Any, list[dict[str, Any]]]] = {}
    tmpdir = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(tmp_path_factory.mktemp("kernel-tmp"))  # what lessons write there (08)
    try:
        for name in LESSONS:
            nb = nbformat.read(str(NOTEBOOKS / name), as_version=4)
            nb.cells.append(nbformat.v4.new_code_cell(PROBE))
            workdir = tmp_path_factory.mktemp(name.replace("/", "-").removesuffix(".ipynb"))
            NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3", allow_errors=True,
                           resources={"metadata": {"path": str(workdir)}}).execute()
            _probe_results(name, nb, results)
    finally:
        if tmpdir is None:
            os.environ.pop("TMPDIR")
        else:
            os.environ["TMPDIR"] = tmpdir
    return results


def _probe_results(name: str, nb: Any, results: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    """Take the probe cell off an executed lesson and keep its quizzes."""
    probe = nb.cells.pop()
    text = "".join(o.get("text", "") for o in probe.outputs if o.output_type == "stream")
    errors = [f"{o.ename}: {o.evalue}" for o in probe.outputs if o.output_type == "error"]
    assert MARK in text, f"{name}: the probe cell failed: {errors or probe.outputs}"
    results[name] = (nb, json.loads(text.split(MARK, 1)[1]))


@pytest.mark.slow
def test_lessons_were_found() -> None:
    assert LESSONS, f"no lessons in {NOTEBOOKS}"


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name in LESSONS if name.startswith("pt_BR/")])
def test_the_portuguese_edition_executes_without_errors(
        name: str, lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    """Each pt_BR lesson runs top to bottom in a fresh kernel (its language cell first) with no
    error output and nothing on stderr, and makes as many quizzes as its English edition."""
    nb, quizzes = lessons[name]
    problems = [f"cell {cell.get('id')}: {out.get('ename', '')}: {out.get('evalue', out.get('text', ''))[:300]}"
                for cell in nb.cells for out in cell.get("outputs", [])
                if out.output_type == "error" or (out.output_type == "stream" and out.name == "stderr")]
    assert problems == [], "\n".join(problems)
    assert len(quizzes) == len(lessons[name.removeprefix("pt_BR/")][1])


@pytest.mark.slow
@pytest.mark.parametrize("name", LESSONS)
def test_live_quizzes_do_not_show_their_answer(
        name: str, lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    nb, quizzes = lessons[name]
    has_quiz_cell = any("Quiz" in c.source or "_quiz(" in c.source
                        for c in nb.cells if c.cell_type == "code")
    if has_quiz_cell:
        assert quizzes, f"{name}: its cells make quizzes but none was found in the kernel"
    problems: list[str] = []
    for item in quizzes:
        facts = facts_of(item, f"{name} (live)")
        question = readable_text(item["question_view"])
        assert question == item["question"], (question, item["question"])
        problems += answer_leaks(facts, question, item["picture"] + item["badge"])
        if not item["answered"] and item["feedback_view"]:
            problems.append(f"{facts.where}: {facts.question!r} shows feedback before an answer")
    assert problems == [], "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize("name", LESSONS)
def test_exported_quizzes_do_not_show_their_answer(
        name: str, lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    from nbconvert import HTMLExporter

    nb, quizzes = lessons[name]
    page, _resources = HTMLExporter().from_notebook_node(cli_export.static_notebook(nb))
    shown = static_quizzes(page)
    displayed = sum(1 for c in nb.cells for o in c.get("outputs", [])
                    if f"{cli_export.STATIC_ATTR}=" in str(o.get("data", {}).get("text/html", "")))
    if displayed:
        assert shown, f"{name}: quiz outputs, but no static quiz in the page"
    by_question: dict[str, list[dict[str, Any]]] = {}
    for item in quizzes:
        by_question.setdefault(item["question"], []).append(item)
    problems: list[str] = []
    for static in shown:
        candidates = by_question.get(static.question)
        assert candidates, f"{name}: the page's quiz {static.question!r} is not a lesson quiz"
        for item in candidates:
            facts = facts_of(item, f"{name} (exported)")
            problems += answer_leaks(facts, static.question, static.picture)
        answers = {facts_of(item, name).answer_label for item in candidates}
        # found by the page's structure (the <summary>, the answer's <b>), in either language
        assert static.summary and static.answer in answers, (name, static.question, static.answer)
    assert problems == [], "\n".join(problems)


def answer_key(item: dict[str, Any]) -> dict[str, Any]:
    """What a quiz's right answer is, in words neither edition speaks: its kind, the verdict code
    behind it, and the right choice, as the choice itself when the choices are keys (``Yes``,
    ``frozen``, ``500``...) and as its place among the choices when they are the lesson's own
    sentences (translated in the Portuguese edition)."""
    return {"kind": item["kind"], "code": item["code"], "choices": len(item["choices"]),
            "right choice": item["choices"].index(item["answer"])}


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name in LESSONS if not name.startswith("pt_BR/")])
def test_every_quiz_has_the_same_answer_key_in_both_editions(
        name: str, lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    """Issue 24: the Portuguese lesson 10 marked its first quiz's right answer wrong, because the
    cell looked for an English word in the engine's (Portuguese) messages. A quiz's answer comes
    from codes and facts, so the two editions of a lesson make the same quizzes with the same
    right answers, compared pairwise in the order the lesson makes them."""
    english = lessons[name][1]
    portuguese = lessons[f"pt_BR/{name}"][1]
    assert len(portuguese) == len(english), (name, len(english), len(portuguese))
    differ = [f"quiz {number} ({en['question']!r} / {pt['question']!r}): "
              f"{answer_key(en)} in English, {answer_key(pt)} in Portuguese"
              for number, (en, pt) in enumerate(zip(english, portuguese, strict=True), 1)
              if answer_key(en) != answer_key(pt)]
    assert differ == [], "\n".join(differ)


@pytest.mark.slow
def test_both_editions_make_at_least_the_55_quizzes_of_issue_24(
        lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    """A floor, the count issue 24 found: quizzes lost from both editions of a lesson would make
    the pairwise comparison above vacuous (more quizzes are welcome)."""
    english = sum(len(quizzes) for name, (_nb, quizzes) in lessons.items() if not name.startswith("pt_BR/"))
    portuguese = sum(len(quizzes) for name, (_nb, quizzes) in lessons.items() if name.startswith("pt_BR/"))
    assert english == portuguese and english >= 55, (english, portuguese)

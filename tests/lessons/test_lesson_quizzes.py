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

Issue 25 (practice that trains), on the English edition, whose first cell is instrumented to
record every position and card group each cell builds or checks: no quiz (a `Quiz` or a
`DrillQuiz`) asks about a position or cards an earlier cell of its lesson showed; the yes/no
answers across the lessons are 40-60% "yes"; each rule row that had no quiz has one.
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
SEEN_MARK = "CL-QUIZ-SEEN "

#: Run first (before the lesson's cells): records, per cell (numbered by IPython's
#: ``pre_run_cell`` event), every position the cell builds or leaves in the notebook's
#: namespace (`Position` and `Round`: each seat's hand, the pile, that team's melds) and every
#: group of cards it checks as a meld (`check_meld`), and stamps every quiz with the cell that
#: made it. The probe then compares each quiz's position with those of the earlier cells.
INSTRUMENT = '''
import canasta_learn as _cl, canasta_learn.rules.melds as _melds
from IPython import get_ipython as _get_ipython
from canasta_learn.engine.position import Position as _Position
from canasta_learn.engine.round import Round as _Round
from canasta_learn.widgets.drill_quiz import DrillQuiz as _DrillQuiz
from canasta_learn.widgets.quiz import Quiz as _Quiz
_cl_cell = [0]
_cl_seen = []


def _cl_cards(cards):
    return sorted(str(c) for c in cards)


def _cl_position_key(p):
    return [_cl_cards(p.hand), [str(c) for c in p.discard_pile], sorted(_cl_cards(m) for m in p.team_melds)]


def _cl_round_keys(r):
    return [[_cl_cards(hand), [str(c) for c in r.pile], sorted(_cl_cards(m) for m in r.melds[r.team_of(seat)].values())]
            for seat, hand in enumerate(r.hands)]


def _cl_record(obj):
    if isinstance(obj, _Position):
        key = _cl_position_key(obj)
        _cl_seen.append([_cl_cell[0], "position", key])
        _cl_seen.append([_cl_cell[0], "cards", key[0]])
        _cl_seen.extend([_cl_cell[0], "cards", m] for m in key[2])
    elif isinstance(obj, _Round):
        for key in _cl_round_keys(obj):
            _cl_seen.append([_cl_cell[0], "position", key])
            _cl_seen.append([_cl_cell[0], "cards", key[0]])
            _cl_seen.extend([_cl_cell[0], "cards", m] for m in key[2])


def _cl_wrap_init(cls):
    original = cls.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        if type(self) is cls:
            _cl_record(self) if cls in (_Position, _Round) else setattr(self, "_cl_made_in", _cl_cell[0])

    cls.__init__ = init


for _cls in (_Position, _Round, _Quiz, _DrillQuiz):
    _cl_wrap_init(_cls)
_cl_original_check_meld = _melds.check_meld


def _cl_check_meld(cards, *args, **kwargs):
    verdict = _cl_original_check_meld(cards, *args, **kwargs)
    try:
        from canasta_learn.core.cards import to_cards
        _cl_seen.append([_cl_cell[0], "cards", _cl_cards(to_cards(cards))])
    except Exception:
        pass
    return verdict


_melds.check_meld = _cl.check_meld = _cl_check_meld


def _cl_before(*_args):
    _cl_cell[0] += 1


def _cl_after(*_args):
    for value in list(_get_ipython().user_ns.values()):
        if isinstance(value, (_Position, _Round)):
            _cl_record(value)


_get_ipython().events.register("pre_run_cell", _cl_before)
_get_ipython().events.register("post_run_cell", _cl_after)
'''

#: Run after a lesson: every Quiz still alive in the kernel (ipywidgets keeps each widget),
#: as JSON on one line, in the order the lesson made them (the order ipywidgets registered
#: them; the garbage collector's own order depends on when it last ran).
PROBE = '''
import gc as _gc, json as _json
from ipywidgets.widgets.widget import _instances as _made
from canasta_learn.widgets.quiz import Quiz as _Quiz
_order = {id(_w): _i for _i, _w in enumerate(_made.values())}
from canasta_learn.widgets.drill_quiz import DrillQuiz as _DrillQuiz
_found = []
for _q in sorted((_o for _o in _gc.get_objects() if isinstance(_o, (_Quiz, _DrillQuiz))),
                 key=lambda _o: _order.get(id(_o), len(_order))):
    _where = {"cell": getattr(_q, "_cl_made_in", None)} if "_cl_seen" in globals() else {}
    if isinstance(_q, _DrillQuiz):
        _d = _q.drill
        _code, _message = _d.explain()
        _labels = _q.choice_labels()
        # the learner sees a choice's words, never its key (as tests/practice/test_generators.py reads them)
        _choices = ["Yes", "No"] if _d.kind == "yes_no" else _labels
        _answer = ("Yes" if _d.answer else "No") if _d.kind == "yes_no" else _q.answer_label
        _keys = [_cl_position_key(_d.position)] if _where else []
        _cards = [] if not _where else (
            [_cl_cards(_d.position.hand)] if not _d.position.team_melds and not _d.position.discard_pile
            else [_cl_cards(_m) for _m in _d.position.team_melds] if _d.skill == "canasta_kind" else [])
        _found.append({
            "question": _q.question, "kind": "drill:" + _d.kind, "skill": _d.skill, "choices": _choices,
            "answer": _answer, "code": _code, "message": _message, "labels": _labels, "others": [],
            "answered": _q.correct is not None, "question_view": _q.task_view.value,
            "picture": _q.position_view.value, "badge": "", "feedback_view": _q.feedback_view.value,
            "drill_answer": repr(_d.answer), "positions": _keys, "cards": _cards, **_where,
        })
        continue
    if True:
        _keys, _cards = [], []
        if _where and _q.position is not None:
            _keys = [_cl_position_key(_q.position)]
        elif _where and _q.table is not None:
            _keys = [_cl_round_keys(_q.table)[_q.table.to_move]]
        if _where and _q.cards:
            _cards = [_cl_cards(_q.cards)]
        _code, _message = _q.explanation
        _found.append({
            "question": _q.question, "kind": _q.kind, "choices": list(_q.choices),
            "answer": _q.answer_text, "code": _code, "message": _message,
            "labels": [_q.labels[_c] for _c in _q.choices],
            "others": [v.message for c, v in _q.choice_verdicts.items() if c != _q.answer_text],
            "answered": _q.correct is not None,
            "question_view": _q.question_view.value, "picture": _q.position_view.value,
            "badge": _q.badge.value, "feedback_view": _q.feedback_view.value,
            "skill": None, "positions": _keys, "cards": _cards, **_where,
        })
print(MARK + _json.dumps(_found))
if "_cl_seen" in globals():
    print(SEEN_MARK + _json.dumps(_cl_seen))
'''.replace("MARK", repr(MARK), 1).replace("SEEN_MARK", repr(SEEN_MARK), 1)


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
            english = not name.startswith("pt_BR/")
            if english:  # where each position was shown (the English edition runs the same code)
                nb.cells.insert(0, nbformat.v4.new_code_cell(INSTRUMENT))
            nb.cells.append(nbformat.v4.new_code_cell(PROBE))
            workdir = tmp_path_factory.mktemp(name.replace("/", "-").removesuffix(".ipynb"))
            NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3", allow_errors=True,
                           resources={"metadata": {"path": str(workdir)}}).execute()
            _probe_results(name, nb, results)
            if english:
                instrument = nb.cells.pop(0)
                errors = [f"{o.ename}: {o.evalue}" for o in instrument.outputs if o.output_type == "error"]
                assert not errors, f"{name}: the instrumenting cell failed: {errors}"
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
    found, _, seen = text.split(MARK, 1)[1].partition(SEEN_MARK)
    results[name] = (nb, json.loads(found))
    if seen:
        SEEN[name] = json.loads(seen)


#: name -> [cell, "position" or "cards", key] of everything the English lesson's cells built or
#: checked (the instrumenting cell's records).
SEEN: dict[str, list[list[Any]]] = {}


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
    the pairwise comparison above vacuous (more quizzes are welcome; drill quizzes count too)."""
    english = sum(len(quizzes) for name, (_nb, quizzes) in lessons.items() if not name.startswith("pt_BR/"))
    portuguese = sum(len(quizzes) for name, (_nb, quizzes) in lessons.items() if name.startswith("pt_BR/"))
    assert english == portuguese and english >= 55, (english, portuguese)


# --------------------------------------------------------------------------- issue 25: practice that trains
ENGLISH = [name for name in LESSONS if not name.startswith("pt_BR/")]


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", ENGLISH)
def test_no_quiz_asks_about_a_position_shown_earlier_in_its_lesson(
        name: str, lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    """Issue 25: 42 of the 55 quizzes re-asked a worked example whose verdict was printed a few
    cells above, which tests memory, not the rule. Each quiz's position (its hand, pile and
    team's melds; a table's player to move) and the cards it asks about (a meld quiz's cards, a
    drill's meld) must differ from every position and card group an earlier cell of the lesson
    built, left in the notebook or checked as a meld (the instrumenting cell's records)."""
    _nb, quizzes = lessons[name]
    seen = SEEN[name]
    assert seen, f"{name}: the instrumenting cell recorded nothing"
    shown: dict[tuple[str, str], int] = {}
    for cell, what, key in seen:
        shown.setdefault((what, _key(key)), cell)
    problems = []
    keyed = 0
    for quiz in quizzes:
        cell = quiz.get("cell")
        assert cell is not None, f"{name}: {quiz['question']!r} was not stamped with its cell"
        keyed += bool(quiz["positions"] or quiz["cards"])
        for what, keys in (("position", quiz["positions"]), ("cards", quiz["cards"])):
            for key in keys:
                first = shown.get((what, _key(key)))
                if first is not None and first < cell:
                    problems.append(f"{name}: the quiz {quiz['question']!r} (cell {cell}) asks about the {what} "
                                    f"{key} that cell {first} showed")
    assert problems == [], "\n".join(problems)
    # the quizzes this can check: those with a position, a table or cards (a generic quiz may have
    # only words and a verdict, e.g. "what happens to this upcard?")
    assert keyed >= len(quizzes) / 2, f"{name}: only {keyed} of {len(quizzes)} quizzes have a position or cards"


def _yes_no(quiz: dict[str, Any]) -> bool | None:
    """A quiz's answer when it is a plain yes/no question (a Quiz with the choices Yes and No, or
    a yes/no drill); None for any other question."""
    if quiz["choices"] == ["Yes", "No"]:
        return bool(quiz["answer"] == "Yes")
    return None


@pytest.mark.slow
def test_yes_no_answers_are_balanced_across_the_lessons(
        lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    """Issue 25: 24 of the 32 yes/no quizzes answered "No", so "No" was a good guess. Across
    the lessons 40-60% of the yes/no answers are "Yes"."""
    answers = [answer for name in ENGLISH for quiz in lessons[name][1]
               if (answer := _yes_no(quiz)) is not None]
    assert len(answers) >= 20, len(answers)
    share = sum(answers) / len(answers)
    assert 0.4 <= share <= 0.6, f"{sum(answers)} of {len(answers)} yes/no quizzes answer yes ({share:.0%})"


def _red_three_penalty(quiz: dict[str, Any]) -> bool:
    return quiz["skill"] == "red_threes" and int(quiz["drill_answer"]) < 0


#: The rule rows of issue 25 that had no quiz, each with what makes a quiz ask about it: a drill
#: of its skill, or (until a skill drills it) a hand-built question of the lesson that teaches it.
ROWS: dict[str, Any] = {
    "card values": lambda q: q["skill"] == "meld_value",
    "the deal": lambda q: q["skill"] == "deal" or q["question"].startswith("The first upcard of a deal"),
    "dealt red threes": lambda q: q["skill"] == "dealt_red_threes",
    "merging melds": lambda q: q["skill"] == "meld_merge",
    "taking the pile unfreezes it": lambda q: q["skill"] == "pile_unfreezes",
    "the one-card pile ban": lambda q: q["skill"] == "one_card_pile" or q["question"].startswith(
        "classic: one card in your hand, one card in the pile"),
    "a last-card red three ending the hand": lambda q: q["skill"] == "last_card_red_three",
    "the red-three penalty": _red_three_penalty,
    "meld merging": lambda q: q["skill"] == "meld_merge",
}


@pytest.mark.slow
def test_each_uncovered_rule_row_of_issue_25_has_a_quiz(
        lessons: dict[str, tuple[Any, list[dict[str, Any]]]]) -> None:
    quizzes = [quiz for name in ENGLISH for quiz in lessons[name][1]]
    missing = [row for row, asks in ROWS.items() if not any(asks(quiz) for quiz in quizzes)]
    assert missing == [], f"rule rows without a quiz: {missing}"

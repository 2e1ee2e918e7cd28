"""The lesson notebooks: structure, execution, the seeds' answers, packaging and export.

* Structure (fast): every lesson has its headings, at least three quizzes, solution cells,
  no stored outputs, python3 kernelspec; ``notebooks/`` and ``canasta_learn/lessons/`` are
  identical and are what ``scripts/build_lessons.py`` builds from the MyST Markdown sources
  in ``lessons/``.
* Execution (slow): every lesson runs top to bottom in a fresh kernel with no error output;
  the cells tagged ``check-...`` give the answers of the rule sources (seeds 000 and 001).
* CLI: ``canasta-learn lessons`` copies without overwriting and starts JupyterLab with the
  right arguments; ``canasta-learn export`` writes pages with SVG cards and no tracebacks,
  ``--student`` drops the solution cells, ``--to slides`` writes slides (slow).
* Packaging (slow): the wheel ships the lessons.
"""

from __future__ import annotations

import filecmp
import json
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from export_scan import network_resources  # noqa: E402

from canasta_learn.cli import export as cli_export  # noqa: E402
from canasta_learn.cli import lessons as cli_lessons  # noqa: E402
from canasta_learn.cli import main as cli_main  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PACKAGED = ROOT / "canasta_learn" / "lessons"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
EXPECTED = [
    "00_start_here.ipynb",
    "01_cards_and_melds.ipynb",
    "02_frozen_and_blocked_piles.ipynb",
    "03_opening_minimums.ipynb",
    "04_scoring.ipynb",
    "05_replay_a_game.ipynb",
    "06_what_if_sandbox.ipynb",
    "07_play_a_round.ipynb",
    "08_for_teachers.ipynb",
    "09_italian_and_pennies.ipynb",
    "10_going_out.ipynb",
    "11_brazilian_canastra_and_tranca.ipynb",
    "12_strategy.ipynb",
]
#: Seconds one cell may take when the tests execute a lesson.
CELL_TIMEOUT = 180
CANASTA_LEARN = [sys.executable, "-m", "canasta_learn.cli"]


def read(path: Path) -> Any:
    return nbformat.read(str(path), as_version=4)


def tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def kernel_env() -> dict[str, str]:
    """Environment for kernels and CLI runs: this interpreter first on PATH."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("JUPYTER_PATH", None)
    return env


# --------------------------------------------------------------------------- structure
def test_the_thirteen_lessons_exist() -> None:
    assert LESSONS == EXPECTED


def test_lessons_are_up_to_date_with_the_build_script() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lessons.py"), "--check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_readme_lists_every_lesson_with_a_binder_link() -> None:
    """The README's lesson table has one row per lesson, in order, linking the notebook and
    its Binder launch URL (``urlpath=lab/tree/notebooks/NAME``)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[(\w+)\]\(notebooks/(\w+)\.ipynb\) \|.*\|\s*\[launch\]\((\S+)\) \|$", readme,
                      flags=re.M)
    assert [f"{name}.ipynb" for name, _link, _binder in rows] == EXPECTED
    for name, link, binder in rows:
        assert link == name and binder.endswith(f"urlpath=lab/tree/notebooks/{name}.ipynb"), name


def load_script(name: str) -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", EXPECTED)
def test_a_stored_notebook_converts_back_to_a_source_that_builds_it(name: str, tmp_path: Path) -> None:
    """notebook_to_lesson (notebook -> MyST) and build_lessons (MyST -> notebook) are inverse:
    a stored lesson converted back builds byte for byte into the same notebook."""
    pytest.importorskip("jupytext")
    source = tmp_path / name.replace(".ipynb", ".md")
    source.write_text(load_script("notebook_to_lesson").to_myst(read(NOTEBOOKS / name)), encoding="utf-8")
    assert load_script("build_lessons").render(source) == (NOTEBOOKS / name).read_text(encoding="utf-8")


def test_every_lesson_has_one_markdown_source() -> None:
    sources = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.md"))
    assert [f"{stem}.ipynb" for stem in sources] == EXPECTED


def test_the_drift_check_notices_an_edited_source(tmp_path: Path) -> None:
    """Editing a Markdown source without rebuilding makes ``--check`` fail (and name the file)."""
    pytest.importorskip("jupytext")
    build_lessons = load_script("build_lessons")
    source = ROOT / "lessons" / "04_scoring.md"
    copy = tmp_path / source.name
    copy.write_text(source.read_text(encoding="utf-8").replace("## Summary", "## Summary (edited)", 1),
                    encoding="utf-8")
    assert build_lessons.render(copy) != (NOTEBOOKS / "04_scoring.ipynb").read_text(encoding="utf-8")
    assert build_lessons.render(source) == (NOTEBOOKS / "04_scoring.ipynb").read_text(encoding="utf-8")


def test_packaged_lessons_are_identical_to_notebooks() -> None:
    packaged = sorted(p.name for p in PACKAGED.glob("*.ipynb"))
    assert packaged == LESSONS
    match, mismatch, errors = filecmp.cmpfiles(NOTEBOOKS, PACKAGED, LESSONS, shallow=False)
    assert mismatch == [] and errors == []


@pytest.mark.parametrize("name", EXPECTED)
def test_lesson_has_headings_quizzes_and_no_outputs(name: str) -> None:
    nb = read(NOTEBOOKS / name)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    for heading in ("### What you'll learn", "### What you need", "### Time"):
        assert heading in first.source, f"{name}: no {heading!r} in the first cell"
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert any(s.startswith("## Summary") for s in markdown), f"{name}: no summary"
    try_index = next(i for i, c in enumerate(nb.cells)
                     if c.cell_type == "markdown" and c.source.startswith("## Try it yourself"))
    assert try_index > [i for i, c in enumerate(nb.cells)
                        if c.source.startswith("## Summary")][0]
    assert any(c.cell_type == "code" for c in nb.cells[try_index:]), "no sandbox cell"
    code = [c for c in nb.cells if c.cell_type == "code"]
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, f"{name}: stored output"
    quiz_cells = [c for c in code if "quiz" in tags(c)]
    quizzes = sum(len(re.findall(r"\b(?:Drill)?Quiz\(|_quiz\(", c.source)) for c in quiz_cells)
    assert quizzes >= 3, f"{name}: {quizzes} quizzes"
    assert all("Quiz" in c.source or "quiz" in c.source for c in quiz_cells)
    assert any("solution" in tags(c) for c in code), f"{name}: no answer cell tagged solution"
    assert any("setup" in tags(c) for c in code)


def test_every_rule_lesson_shows_a_widget() -> None:
    widgets = {"01": "HandWidget", "02": "PileExplorer", "03": "OpeningExplorer",
               "04": "ScoreCalculator", "05": "ReplayViewer", "06": "PileExplorer",
               "07": "PlayWidget", "08": "TableWidget", "09": "TableWidget", "10": "PlayWidget",
               "11": "TableWidget"}
    for prefix, widget in widgets.items():
        (path,) = NOTEBOOKS.glob(f"{prefix}_*.ipynb")
        sources = "\n".join(c.source for c in read(path).cells if c.cell_type == "code")
        assert f"{widget}(" in sources, f"{path.name} does not use {widget}"


def test_lesson_10_teaches_each_classic_rule_with_an_example_a_widget_and_a_quiz() -> None:
    """Each rule section of the going-out lesson has a live example (a ``check-...`` cell), a
    try-it widget, and a question about it in the quiz set (a phrase of its question, or the
    drill quiz of its skill)."""
    cells = read(NOTEBOOKS / "10_going_out.ipynb").cells
    sections: dict[str, list[Any]] = {}
    heading = ""
    for cell in cells:
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            heading = cell.source.splitlines()[0][3:]
        sections.setdefault(heading, []).append(cell)
    quiz = "\n".join(c.source for c in cells if "quiz" in tags(c))
    rules = {  # section heading -> a phrase of its quiz question
        "The deal and the upcard": "The first upcard of a deal",
        "Red threes are laid down and replaced": 'DrillQuiz("dealt_red_threes"',
        '"Partner, may I go out?"': "answered no to 'may I go out?'",
        "Going out, with or without a final discard": "go out without a discard",
        "Going out concealed": "Concealed?",
        "The end of the stock": 'DrillQuiz("end_of_stock"',
        "The end of the game, and ties": 'DrillQuiz("game_end"',
    }
    for title, question in rules.items():
        assert title in sections, f"lesson 10 has no section {title!r}"
        code = [c for c in sections[title] if c.cell_type == "code"]
        assert any(any(tag.startswith("check-") for tag in tags(c)) for c in code), title
        assert any(re.search(r"\b(PlayWidget|PileExplorer|widgets\.VBox)\(", c.source) for c in code), title
        assert question in quiz, (title, question)


def test_seed_1800_hand_is_corrected_and_explained() -> None:
    nb = read(NOTEBOOKS / "03_opening_minimums.ipynb")
    text = "\n".join(c.source for c in nb.cells)
    assert "h5 h5 h5 h5 d9 d9 d9" in text  # the seed's literal hand, shown to fail
    assert "h5 d5 c5 s5 d9 c9 h9 h13 d13 d13 c13 s3" in text
    assert "DeckError" in text



def prose(name: str) -> str:
    """The markdown text of a lesson (what a learner reads), joined."""
    return "\n".join(c.source for c in read(NOTEBOOKS / name).cells if c.cell_type == "markdown")


def test_the_rule_numbers_the_prose_states_are_the_classic_profiles() -> None:
    """Numbers written in the lessons' prose, read back from the text and compared with the
    engine: a slip like "200 points of buried cards" (they were worth 110) cannot return."""
    from canasta_learn import get_profile, opening_minimum
    from canasta_learn.core.cards import new_deck

    classic = get_profile("classic")
    deck = len(new_deck(classic.deck_count, classic.joker_count))
    claims = [  # (lesson, pattern capturing the number the prose states, the engine's number)
        ("00_start_here", r"plus four\s+jokers: \*\*(\d+) cards\*\*", deck),
        ("00_start_here", r"a team\s+reaches \*\*(\d+)\*\*\s+or more", classic.target_score),
        ("00_start_here", r"A meld of (\w+) or\s+more cards is a \*\*canasta", classic.canasta_size),
        ("03_opening_minimums", r"\| below 0 \| (\d+) \|", classic.opening_below),
        ("03_opening_minimums", r"\| 0 to 1495 \| (\d+) \|", opening_minimum(0)),
        ("03_opening_minimums", r"\| 0 to 1495 \| (\d+) \|", opening_minimum(1495)),
        ("03_opening_minimums", r"\| 1500 to 2995 \| (\d+) \|", opening_minimum(1500)),
        ("03_opening_minimums", r"\| 1500 to 2995 \| (\d+) \|", opening_minimum(2995)),
        ("03_opening_minimums", r"\| 3000 or more \| (\d+) \|", opening_minimum(3000)),
        ("04_scoring", r"natural canasta (\d+)", classic.natural_canasta_bonus),
        ("04_scoring", r"mixed canasta (\d+)", classic.mixed_canasta_bonus),
        ("04_scoring", r"red threes (\d+)\*\* each", classic.red_three_bonuses[1]),
        ("04_scoring", r"\*\*(\d+)\*\* for all four", classic.red_three_bonuses[4]),
        ("04_scoring", r"going out (\d+)\*\*", classic.going_out_bonus),
        ("04_scoring", r"or \*\*(\d+)\*\* in all if concealed", classic.concealed_going_out_bonus),
        ("10_going_out", r"gives \*\*(\d+) cards\*\* to each", classic.hand_size),
        ("10_going_out", r"team earns (\d+) for it", classic.going_out_bonus),
        ("10_going_out", r"It earns (\d+) for going out", classic.concealed_going_out_bonus),
        ("10_going_out", r"instead of (\d+) \(", classic.going_out_bonus),
        ("10_going_out", r"Each red three scores (\d+)", classic.red_three_bonuses[1]),
        ("10_going_out", r"all four (\d+)", classic.red_three_bonuses[4]),
        ("10_going_out", r"a team reaches (\d+) or more", classic.target_score),
    ]
    words = {"seven": 7}
    for lesson, pattern, expected in claims:
        found = re.findall(pattern, prose(f"{lesson}.ipynb"))
        assert found, f"{lesson}: the prose no longer says {pattern!r}"
        for number in found:
            assert int(words.get(number, number)) == expected, (lesson, pattern, number, expected)


def test_no_lesson_states_the_buried_cards_as_200_points() -> None:
    """Lesson 03's buried cards jk s13 s13 c12 c12 s1 are worth 110: the number is computed
    in the lesson (cell check-buried-value), never written by hand."""
    from canasta_learn import meld_value

    assert meld_value("jk s13 s13 c12 c12 s1") == 110
    text = "\n".join(c.source for c in read(NOTEBOOKS / "03_opening_minimums.ipynb").cells)
    assert "200 points" not in text and "meld_value(buried)" in text


def test_lesson_00_says_how_the_game_really_ends() -> None:
    text = prose("00_start_here.ipynb")
    assert "first team to reach" not in text and "5000 wins" not in text
    assert "higher total wins" in text

def portuguese_prose(name: str) -> str:
    """The markdown text of a lesson's Portuguese edition (``notebooks/pt_BR``), joined."""
    return "\n".join(c.source for c in read(NOTEBOOKS / "pt_BR" / name).cells if c.cell_type == "markdown")


def one_line(text: str) -> str:
    """``text`` with its line breaks and runs of spaces as single spaces (prose is wrapped)."""
    return re.sub(r"\s+", " ", text)


def test_lesson_00_says_a_player_goes_out_not_a_team() -> None:
    """Issue 24, docs/rules.md#rules-going-out: a player goes out (once the team has a canasta); a
    team never does. The overview and the summary said "a team ... may go out"."""
    for text in (one_line(prose("00_start_here.ipynb")), one_line(portuguese_prose("00_start_here.ipynb"))):
        assert not re.search(r"\ba team (needs (one|a canasta) )?(before it may |to )\**go out", text), text[:400]
        assert "uma equipe precisa de uma antes de poder **bater**" not in text
        assert "uma equipe precisa de uma canastra para bater" not in text
    assert "a player may **go out**" in one_line(prose("00_start_here.ipynb"))
    assert "a player goes out only once their team has a canasta" in one_line(prose("00_start_here.ipynb"))
    assert "um jogador só pode **bater**" in one_line(portuguese_prose("00_start_here.ipynb"))


def test_rules_red_threes_lessons_say_a_red_three_from_a_taken_pile_is_not_replaced() -> None:
    """Issue 24, docs/rules.md#rules-red-threes: a red three dealt or drawn is replaced, one found in
    a taken pile is laid down without a replacement (the engine says so below); lesson 01 said
    every red three is replaced, lesson 00's glossary "laid face up and replaced"."""
    from canasta_learn import Round

    rnd = Round.from_state(hands=["c6 c6 c4 c5", "s7 s8", "s7 s8", "s9 s10"], pile="h3 s5 c6",
                           melds=[["c13 d13 h13"], []], stock="s4 d4", opened=[True, False], check_counts=False)
    rnd.take_pile("c6 c6")
    kinds = [event.kind for event in rnd.events]
    assert "red_three" in kinds and "replacement" not in kinds  # the engine's own account
    english = {name: one_line(prose(name)) for name in ("00_start_here.ipynb", "01_cards_and_melds.ipynb")}
    portuguese = {name: one_line(portuguese_prose(name)) for name in english}
    assert "As soon as you get one you lay it face up in front of you and draw a replacement" not in english[
        "01_cards_and_melds.ipynb"]
    assert "One found in a discard pile you take is not replaced" in english["01_cards_and_melds.ipynb"]
    assert "laid face up and replaced," not in english["00_start_here.ipynb"]
    assert "not when found in a taken pile" in english["00_start_here.ipynb"]
    assert "compra outra carta no lugar." not in portuguese["01_cards_and_melds.ipynb"]
    assert "Um encontrado numa pilha de descarte que você pega não é reposto" in portuguese[
        "01_cards_and_melds.ipynb"]
    assert "não quando encontrado numa pilha pegada" in portuguese["00_start_here.ipynb"]


# --------------------------------------------------------------------------- execution
@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every lesson executed once in a fresh kernel: name -> the executed notebook (how long
    each takes is measured by benchmarks/bench_lessons.py, not asserted here)."""
    from nbclient import NotebookClient

    results: dict[str, Any] = {}
    tmpdir = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(tmp_path_factory.mktemp("kernel-tmp"))  # what lessons write there (08)
    try:
        for name in EXPECTED:
            nb = read(NOTEBOOKS / name)
            workdir = tmp_path_factory.mktemp(name.split("_")[0])
            NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3", allow_errors=True,
                           resources={"metadata": {"path": str(workdir)}}).execute()
            results[name] = nb
    finally:
        if tmpdir is None:
            os.environ.pop("TMPDIR")
        else:
            os.environ["TMPDIR"] = tmpdir
    return results


def outputs_text(cell: Any) -> str:
    """All text of a cell's outputs: text/plain, text/html and streams.

    Consecutive outputs of one stream are joined with no separator, as a notebook shows them: a
    kernel may split one printed line into two stream messages when it flushes between them.
    """
    parts: list[str] = []
    last_stream = None
    for out in cell.outputs:
        if out.output_type == "stream":
            if out.name == last_stream:
                parts[-1] += out.text
            else:
                parts.append(out.text)
            last_stream = out.name
            continue
        last_stream = None
        data = out.get("data", {})
        parts += [str(data.get(k, "")) for k in ("text/plain", "text/html")]
    return "\n".join(parts)


def tagged(executed: dict[str, Any], tag: str) -> str:
    for nb in executed.values():
        for cell in nb.cells:
            if tag in tags(cell):
                return outputs_text(cell)
    raise AssertionError(f"no cell tagged {tag!r}")


@pytest.mark.slow
@pytest.mark.parametrize("name", EXPECTED)
def test_lesson_executes_without_errors(name: str,
                                        executed: dict[str, Any]) -> None:
    nb = executed[name]
    problems = []
    for index, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.output_type == "error":
                problems.append(f"cell {index}: {out.ename}: {out.evalue}")
            elif out.output_type == "stream" and out.name == "stderr":
                problems.append(f"cell {index} wrote to stderr: {out.text[:300]}")
    assert problems == [], "\n".join(problems)


@pytest.mark.slow
def test_worked_examples_give_the_seeds_answers(executed: dict[str, Any]) -> None:
    bill = tagged(executed, "check-seed000-bill")
    assert "pile_takeable" in bill and "melding c6 c6 with the top card d6" in bill
    mike = tagged(executed, "check-seed000-mike")
    assert "pile_frozen_needs_natural_pair" in mike and "natural pair of fives" in mike
    assert "ok=False" in mike
    lisa = tagged(executed, "check-seed000-lisa")
    assert "ok=True" in lisa and "meld of kings" in lisa
    frozen = tagged(executed, "check-seed000-bill-frozen")
    assert "ok=False" in frozen and "meld of kings does not help" in frozen

    o1100 = tagged(executed, "check-seed000-1100")
    assert "With a team score of 1100 the opening minimum is 50." in o1100
    assert re.findall(r"^(.*) opens, worth (\d+)\.$", o1100, flags=re.M) == [("c1 h1 d2", "60")]
    o1500 = tagged(executed, "check-seed000-1500")
    assert "ok=True" in o1500 and "value=90" in o1500 and "opening_ok" in o1500
    o3000 = tagged(executed, "check-seed000-3000")
    assert "No set of melds from this hand reaches it." in o3000 and " opens, worth" not in o3000
    assert "opening_impossible" in o3000 and "the opening minimum is 120" in o3000
    deck = tagged(executed, "check-seed000-1800-deck")
    assert "DeckError" in deck and "4 copies of h5" in deck
    o1800 = tagged(executed, "check-seed000-1800")
    assert "cannot_go_out_without_canasta" in o1800 and "value=90" in o1800

    table = tagged(executed, "check-opening-table")
    pairs = re.findall(r"^\d+\s+(-?\d+)\s+(\d+)$", table, flags=re.M)
    assert dict(pairs) == {"-50": "15", "-5": "15", "0": "50", "1495": "50", "1500": "90",
                           "2995": "90", "3000": "120", "4500": "120"}

    assert "ScoreBreakdown(total=925" in tagged(executed, "check-seed001-925")
    assert tagged(executed, "check-seed001-925-round").strip().startswith("925")
    assert "running_total" in tagged(executed, "check-score-sheet")


@pytest.mark.slow
def test_profile_comparisons_are_computed(executed: dict[str, Any]) -> None:
    def rows(tag: str) -> dict[str, tuple[str, str]]:
        text = tagged(executed, tag)
        found = re.findall(r"^(classic|cardgames_io|traditional)\s+(True|False)\s+(\w+)", text,
                           flags=re.M)
        return {name: (legal, code) for name, legal, code in found}

    assert rows("check-compare-meld") == {
        "classic": ("True", "meld_ok"), "cardgames_io": ("False", "meld_wilds_not_fewer"),
        "traditional": ("True", "meld_ok")}
    assert rows("check-compare-black-three")["traditional"] == (
        "False", "pile_frozen_needs_natural_pair")
    assert rows("check-compare-black-three")["classic"] == ("True", "pile_takeable")
    assert rows("check-compare-one-card") == {
        "classic": ("False", "pile_one_card_ban"), "cardgames_io": ("True", "pile_takeable"),
        "traditional": ("False", "pile_one_card_ban")}
    assert rows("check-compare-concealed")["cardgames_io"] == ("False", "opening_below_minimum")
    assert rows("check-compare-concealed")["classic"] == ("True", "go_out_concealed_ok")


@pytest.mark.slow
def test_variant_comparisons_are_computed(executed: dict[str, Any]) -> None:
    """Lesson 09: the same position under classic, italian and pennies_from_heaven."""
    def rows(tag: str) -> dict[str, tuple[str, str]]:
        found = re.findall(r"^(classic|italian|pennies_from_heaven)\s+(True|False)\s+(\w+)",
                           tagged(executed, tag), flags=re.M)
        return {name: (legal, code) for name, legal, code in found}

    taken, frozen = ("True", "pile_takeable"), ("False", "pile_frozen_needs_natural_pair")
    assert rows("check-variants-pile") == {"classic": taken, "italian": frozen,
                                           "pennies_from_heaven": taken}
    assert rows("check-variants-opening")["italian"] == ("False", "opening_no_wilds")
    assert rows("check-variants-opening")["classic"] == ("True", "opening_ok")
    assert rows("check-variants-wild-meld") == {
        "classic": ("False", "meld_no_naturals"), "italian": ("True", "meld_ok"),
        "pennies_from_heaven": ("True", "meld_ok")}
    assert rows("check-variants-closed") == {
        "classic": ("True", "ok"), "italian": ("True", "ok"),
        "pennies_from_heaven": ("False", "meld_canasta_closed")}
    out = ("False", "cannot_go_out_without_canasta")
    assert rows("check-variants-going-out") == {
        "classic": ("True", "go_out_ok"), "italian": out, "pennies_from_heaven": out}
    assert rows("check-variants-seven")["pennies_from_heaven"] == ("False", "discard_seven_forbidden")
    assert rows("check-variants-twos") == {"italian": ("False", "meld_twos_reserved"),
                                           "pennies_from_heaven": ("True", "ok")}
    table = tagged(executed, "check-variants-opening-table")
    assert re.search(r"^ ?10000\s+120\s+200\s+150$", table, flags=re.M), table
    assert re.search(r"^ ?1500\s+90\s+90\s+150$", table, flags=re.M), table


@pytest.mark.slow
def test_lesson_01_card_values_tell_black_and_red_threes_apart(executed: dict[str, Any]) -> None:
    """Issue 24: under a table saying a red three has no card value, the engine's table printed
    "three: 5" (the black threes' value, for every three). Each three is now said apart, with
    the engine's numbers."""
    from canasta_learn import get_profile

    classic = get_profile("classic")
    lines = tagged(executed, "check-card-values").strip().splitlines()
    assert not any(line.startswith("three:") for line in lines), lines
    assert f"black three: {classic.card_value(3)}" in lines
    bonuses = classic.red_three_bonuses
    assert f"red three: no card value; a bonus of {bonuses[1]} (all four: {bonuses[4]})" in lines
    assert f"king: {classic.card_value(13)}" in lines and f"joker: {classic.card_value(0)}" in lines


@pytest.mark.slow
def test_lesson_09_pays_going_out_only_where_the_team_may_go_out(executed: dict[str, Any]) -> None:
    """Issue 24, docs/variants.md (Pennies from Heaven: going out needs a canasta of each kind):
    lesson 09's three score sheets paid Pennies' "Going out 100" to a team with a natural and a
    mixed canasta only, which may not go out there. The engine's verdict decides each column."""
    from canasta_learn import Position, get_profile

    text = tagged(executed, "check-variants-same-score")
    # pandas wraps the wide table: one "Going out" row per block of columns, in column order
    rows = re.findall(r"^Going out((?:[ \t]+-?\d+)+)[ \t]*$", text, flags=re.M)
    paid = [int(value) for row in rows for value in row.split()]
    profiles = ["classic", "italian", "pennies_from_heaven"]
    may = [Position("c4", team_melds=["h13 h13 s13 s13 d13 c13 c13", "h12 h12 s12 s12 d12 c12 jk"],
                    drew_from="stock", profile=name).check_go_out([], "c4") for name in profiles]
    assert [verdict.ok for verdict in may] == [True, True, False]
    assert paid == [get_profile(name).going_out_bonus if verdict.ok else 0
                    for name, verdict in zip(profiles, may, strict=True)]
    for name, verdict in zip(profiles, may, strict=True):
        assert f"{name}: {verdict.message}" in text  # the learner reads why


@pytest.mark.slow
def test_variant_scores_and_decisions(executed: dict[str, Any]) -> None:
    assert re.search(r"Total\s+5225$", tagged(executed, "check-italian-5225"), flags=re.M)
    assert re.search(r"Total\s+200$", tagged(executed, "check-italian-deuce-200"), flags=re.M)
    assert re.search(r"Total\s+4155$", tagged(executed, "check-pennies-4155"), flags=re.M)
    assert tagged(executed, "check-pennies-red-threes").strip().startswith("-200")
    assert re.search(r"^Total\s+1275\s+1475", tagged(executed, "check-variants-same-score"),
                     flags=re.M)
    reserve = tagged(executed, "check-pennies-reserve")
    assert "Before the meld P1 held 4 cards, with 11 in the reserve; after it, 13 cards in hand and 0" in reserve
    assert "P1 plays on in the same turn." in reserve
    seats = re.findall(r"^(P\d): (\d+) cards in hand, (\d+) in the reserve$", tagged(executed, "check-pennies-table"),
                       flags=re.M)
    assert [seat for seat, _hand, _reserve in seats] == ["P1", "P2", "P3", "P4", "P5", "P6"]
    decisions = tagged(executed, "check-variants-decisions")
    for fact in ("Italian: 15 cards each", "the upcard is s8, on a pile of 9 cards",
                 "the pile is always frozen: yes", "the opening minimum at 10000 is 200",
                 "Pennies: 2 teams of 3", "the opening minimum at 1500 is 150",
                 "all eight red threes score 1000"):
        assert fact in decisions, fact


@pytest.mark.slow
def test_brazilian_games_part(executed: dict[str, Any]) -> None:
    """Lesson 11, the Brazilian games: the engine's verdicts, canasta kinds and scores."""
    def rows(tag: str) -> dict[str, tuple[str, str]]:
        found = re.findall(r"^(\S+(?: \S+)*?)\s+(True|False)\s+(\w+)\s", tagged(executed, tag), flags=re.M)
        return {label: (legal, code) for label, legal, code in found}

    glance = tagged(executed, "check-br-glance")
    for fact in (r"hand\s+15\s+11", r"morto\s+11\s+11", r"stock\s+24\s+40",
                 r"play passes\s+to the right\s+to the right", r"opening at 2500\s+120\s+0", r"cards\s+106\s+106"):
        assert re.search(fact, glance), fact
    assert rows("check-br-melds") == {
        "h5 h6 h7": ("True", "meld_ok"), "h5 h6 d7": ("False", "seq_mixed_suits"),
        "s3 s4 s5": ("False", "meld_threes_in_sequence"), "h1 h4 h5": ("False", "seq_ace_low"),
        "h13 h1 c2": ("True", "meld_ok"), "d1 s1 c1": ("True", "meld_ok"),
        "d13 s13 c13": ("False", "meld_set_not_aces"), "h5 jk c2": ("True", "meld_ok")}
    assert "never count as a canasta" in tagged(executed, "check-br-melds")
    lines = [re.split(r"\s{2,}", line.strip()) for line in tagged(executed, "check-br-kinds").splitlines()]
    kinds = {line[0]: tuple(line[1:]) for line in lines if len(line) == 3}
    assert kinds == {
        "h4 h5 h6 h7 h8 h9 h10": ("real", "limpa"), "s1 h1 d1 c1 s1 h1 d1": ("de_mil", "limpa"),
        "jk s9 s10 s11 s12 s13 s1": ("limpa", "suja"), "d5 d6 d7 c2 d9 d10 d11": ("suja", "suja"),
        "h4 h5 h6 h7 h8 h9 h10 h11": ("suja", "limpa"), "h4 h5 h6 h7 h8 h9 jk c2": ("no canasta", "no canasta")}
    wilds = tagged(executed, "check-br-wilds")
    assert "Joker swap (N swap 101: h7): the run is now h5 h6 h7 h8 and N's hand jk c9 d9." in wilds
    assert "A two at the end: the run is c2 h5 h6 h7 h8." in wilds and "seq_wild_fixed" in wilds
    assert rows("check-br-pile") == {"s9": ("True", "pile_takeable"), "c3": ("False", "pile_blocked_black_three"),
                                     "jk": ("False", "pile_blocked_wild"), "c2": ("False", "pile_blocked_wild")}
    direta = tagged(executed, "check-br-direta")
    assert "batida direta" in direta and "North–South's morto is now taken" in direta
    assert "it is still N's turn (play phase)" in direta
    needs = ("False", "batida_needs_clean_canasta")
    assert rows("check-br-second-batida") == {"no clean canasta": needs, "a canastra suja": needs,
                                              "a canastra real": ("True", "ok")}
    table = tagged(executed, "check-br-table")
    assert "N–S: morto waiting; canastas: suja." in table
    assert "E–W: morto taken, taken by W; canastas: de mil, real." in table
    ending = tagged(executed, "check-br-1885")
    assert ending.startswith("The hand is over: N went out.") and re.search(r"Total\s+1885$", ending, flags=re.M)
    assert re.search(r"Total\s+195$", tagged(executed, "check-br-195"), flags=re.M)
    assert re.search(r"Total\s+1420$", tagged(executed, "check-tranca-1420"), flags=re.M)
    quiz = tagged(executed, "check-br-quiz")
    for verdict in ("seq_ace_low", "meld_set_not_aces", "pile_takeable", "batida_needs_clean_canasta"):
        assert f'<code class="cl-code">{verdict}</code>' in quiz, verdict  # behind the code toggle
    assert "It is a canastra limpa" in quiz


@pytest.mark.slow
def test_corrected_statements_are_the_engines(executed: dict[str, Any]) -> None:
    """The slips of issue 12, now computed live: the buried cards' value (lesson 03), the card
    East really drew (lesson 00), and a wild card discarded onto the empty pile, which blocks
    it while on top and freezes it once covered (lesson 02)."""
    assert "The buried cards jk s13 s13 c12 c12 s1 are worth 110 points" in tagged(
        executed, "check-buried-value")
    from canasta_learn import Round

    rnd = Round(seed=2024)
    rnd.apply("E draw")
    (drawn,) = rnd.events[-1].cards
    nb = executed["00_start_here.ipynb"]
    outputs = "\n".join(outputs_text(c) for c in nb.cells if c.cell_type == "code")
    assert f"East drew {drawn}." in outputs
    assert ("laid down and replaced" in outputs) == drawn.is_red_three
    wild = tagged(executed, "check-wild-on-empty-pile")
    assert "blocked_wild" in wild and "frozen_wild" in wild
    assert wild.index("blocked_wild") < wild.index("frozen_wild")


#: What a learner must never read as a cell's output: a raw repr of the engine's objects, or
#: a tuple of values (the issue's "Verdict(...)/PileStatus(...) reprs or tuples").
RAW_REPR = re.compile(r"^\(|\b(?:Verdict|PileStatus|OpeningOption|ScoreBreakdown)\(")


@pytest.mark.slow
def test_outputs_read_as_pictures_or_sentences(executed: dict[str, Any]) -> None:
    """An output shown only as text (no picture) is never a raw repr or a tuple; printed text
    never holds a repr either. Objects with a picture (a verdict, a pile state) show it."""
    problems = []
    for name, nb in executed.items():
        for index, cell in enumerate(nb.cells):
            for out in cell.get("outputs", []):
                if out.output_type == "stream":
                    text = out.text
                elif "text/html" in out.get("data", {}) or "image/png" in out.get("data", {}):
                    continue
                else:
                    text = str(out.get("data", {}).get("text/plain", ""))
                if RAW_REPR.search(text):
                    problems.append(f"{name} cell {index}: {text[:120]!r}")
    assert problems == [], "\n".join(problems)


def test_prose_tables_are_left_aligned() -> None:
    """Markdown tables in the lessons align their columns left (JupyterLab right-aligns table
    cells by default, which makes words hard to read)."""
    for name in EXPECTED:
        for line in prose(name).splitlines():
            if re.fullmatch(r"\|(?:\s*:?-+:?\s*\|)+", line.strip()):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                assert all(c.startswith(":") and not c.endswith(":") for c in cells), (name, line)


def test_lesson_07_never_shows_the_hidden_hands_of_the_live_game() -> None:
    """The student's game (``play``) is only drawn with the hands face down plus the student's
    own hand; the replay, which shows every hand, waits until the hand is over; the refusal
    demonstration drives a widget of its own, not the student's."""
    cells = [c.source for c in read(NOTEBOOKS / "07_play_a_round.ipynb").cells if c.cell_type == "code"]
    for source in cells:
        lines = [line.split("#")[0].strip() for line in source.splitlines()]
        assert "play.state" not in lines, source  # a bare play.state draws all four hands
        assert not re.search(r"\bplay\.(?:select|click)\(", source), source
        if "ReplayViewer(play.record())" in source:
            assert "if play.state.is_over:" in source, source
        if "round_html(play.state" in source:
            assert "show_hands=False" in source, source
    assert any("demo.click(" in source for source in cells)


@pytest.mark.slow
def test_going_out_lesson_teaches_the_deal_and_red_threes(executed: dict[str, Any]) -> None:
    """Lesson 10: an upcard that is wild or a red three is covered and freezes the pile; a red
    three, dealt or drawn, is laid down and replaced (the hand keeps its size)."""
    deal = tagged(executed, "check-deal")
    # told in words with cards as symbols (the engine's sentences in narrate mode), not "N ... h3"
    assert "The upcard is 2♣." in deal and "2♣ turned up is covered by Jk" in deal
    assert "North lays down the red three 3♥." in deal and "North draws a replacement." in deal
    assert "frozen_wild" in deal
    drawn = tagged(executed, "check-red-three-drawn")
    assert "North lays down the red three 3♥." in drawn and "North draws a replacement." in drawn
    notation = r"\b[NESW] (?:lays|draws)\b|\b[hdsc](?:[1-9]|1[0-3])\b"  # "N lays down", "h3"
    for text in (deal, drawn):
        assert not re.search(notation, text.split("frozen_wild")[0]), text
    held = re.search(r"North held (\d+) cards before the draw and holds (\d+) after it", drawn)
    assert held is not None
    assert int(held.group(2)) == int(held.group(1)) + 1  # the drawn card stays: the h3 was replaced


@pytest.mark.slow
def test_going_out_lesson_teaches_asking_and_going_out(executed: dict[str, Any]) -> None:
    """Lesson 10: the partner's answer binds; going out with and without a final discard;
    the three conditions of going out concealed."""
    assert "must_go_out" in tagged(executed, "check-ask-yes")
    assert "go_out_forbidden_by_partner" in tagged(executed, "check-ask-no")
    assert "North goes out." in tagged(executed, "check-go-out-discard")
    assert "Going out: 100 points for North–South." in tagged(executed, "check-go-out-discard")
    no_discard = tagged(executed, "check-go-out-no-discard")
    assert "and go out" in no_discard and "The hand is over." in no_discard
    concealed = re.findall(r"code='(go_out_\w+)'", tagged(executed, "check-concealed"))
    assert concealed == ["go_out_concealed_ok", "go_out_ok", "go_out_ok", "go_out_ok"]


@pytest.mark.slow
def test_going_out_lesson_teaches_the_end_of_the_stock_and_of_the_game(
        executed: dict[str, Any]) -> None:
    last = tagged(executed, "check-last-red-three")
    assert last.count("the hand ends at once (no meld, no discard)") == 1 and "The hand is over." in last
    play_on = tagged(executed, "check-play-on")
    assert "Top card d12, North may: Take the pile\n" in play_on and "must_take_pile" in play_on
    assert "Top card h8, North may: Decline the pile\n" in play_on
    assert "Going-out bonus: North–South 0, East–West 0." in play_on
    end = tagged(executed, "check-game-end")
    hand = re.search(r"The last hand scores North–South (-?\d+), East–West (-?\d+)\.", end)
    after = re.search(r"N–S (-?\d+), E–W (-?\d+): the game is over and (\S+) win\.", end)
    assert hand and after
    assert (int(after.group(1)), int(after.group(2))) == (4700 + int(hand.group(1)), 4900 + int(hand.group(2)))
    higher = "North–South" if int(after.group(1)) > int(after.group(2)) else "East–West"
    assert after.group(3) == higher
    tie = tagged(executed, "check-game-tie")
    before = re.search(r"Before the hand: N–S (\d+), E–W (\d+)\.", tie)
    assert before and max(int(before.group(1)), int(before.group(2))) < 5000
    assert "N–S 5200, E–W 5200: the game goes on, and one more hand is dealt." in tie


@pytest.mark.slow
def test_lesson_08s_example_lesson_is_a_myst_notebook_with_a_quiz(
        executed: dict[str, Any]) -> None:
    """The new lesson lesson 08 writes is read by jupytext as a lesson's cells (title, setup,
    quizzes, a solution, the summary, a sandbox), with their tags, written into a new temporary
    folder, not the notebook's (tests/lessons/test_new_lesson_recipe.py follows the rest)."""
    jupytext = pytest.importorskip("jupytext")
    text = tagged(executed, "check-new-lesson")
    notebook = jupytext.reads(text[:text.rindex("```") + 3] + "\n", fmt="md:myst")
    cells = [(c.cell_type, c.metadata.get("tags", []), c.source.splitlines()[0]) for c in notebook.cells]
    assert cells == [("markdown", [], "# 13 · Taking the pile"),
                     ("code", ["setup"], "from canasta_learn import Position"),
                     ("markdown", [], "## Check yourself"),
                     ("code", ["quiz"], "QuizSet(["),
                     ("markdown", [], "**Exercise.** Why may North take the pile in the first quiz?"),
                     ("code", ["solution"], 'Position("c6 c6 h7", discard_pile="s9 d6", team_melds=["h13 s13 s13"])'
                                            '.check_take_pile()'),
                     ("markdown", [], "## Summary"),
                     ("markdown", [], "## Try it yourself"),
                     ("code", [], 'Position("c6 c6 h7", discard_pile="s9 d6", team_melds=["h13 s13 s13"])'
                                  '.check_take_pile()')]
    assert notebook.metadata["canasta_learn"] == {"title": "Taking the pile"}
    written = Path(re.findall(r"^Written to (.+)$", text, re.M)[-1])
    assert written.name == "13_taking_the_pile.md" and written.parent.name.startswith("canasta-new-lesson-")
    assert written.read_text(encoding="utf-8") == text[:text.rindex("```") + 3] + "\n"


@pytest.mark.slow
def test_play_widget_refusal_is_the_engines(executed: dict[str, Any]) -> None:
    assert "must first draw" in tagged(executed, "check-play-refusal")


@pytest.mark.slow
def test_cards_are_drawn_as_svg(executed: dict[str, Any]) -> None:
    for name, nb in executed.items():
        html_out = "".join(str(o.get("data", {}).get("text/html", ""))
                           for c in nb.cells if c.cell_type == "code" for o in c.outputs)
        assert "<svg" in html_out, f"{name} shows no card"


# --------------------------------------------------------------------------- CLI: lessons
def test_lessons_command_copies_without_overwriting(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "mine"
    assert cli_main(["lessons", str(target), "--no-lab"]) == 0
    assert sorted(p.name for p in target.glob("*.ipynb")) == EXPECTED
    edited = target / "02_frozen_and_blocked_piles.ipynb"
    edited.write_text('{"my": "edits"}')
    (target / "04_scoring.ipynb").unlink()
    assert cli_main(["lessons", str(target), "--no-lab"]) == 0
    assert edited.read_text() == '{"my": "edits"}'
    assert (target / "04_scoring.ipynb").read_bytes() == (PACKAGED / "04_scoring.ipynb").read_bytes()
    assert f"1 copied, {len(EXPECTED) - 1} already there" in capsys.readouterr().out


def test_lessons_command_starts_jupyterlab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(cli_lessons.subprocess, "call", lambda cmd, **_kwargs: calls.append(cmd) or 0)
    monkeypatch.setattr(cli_lessons, "running_as_root", lambda: False)  # root: test_first_run.py
    monkeypatch.chdir(tmp_path)
    assert cli_main(["lessons", "--", "--port", "9999", "--no-browser"]) == 0
    (command,) = calls
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    folder = command[command.index("--notebook-dir") + 1]
    assert Path(folder) == (tmp_path / "canasta-lessons").resolve()
    assert command[-4:] == ["--port", "9999", "--no-browser", "--ServerApp.port_retries=0"]
    assert len(list(Path(folder).glob("*.ipynb"))) == len(EXPECTED)
    assert "Starting JupyterLab at http://localhost:9999/lab?token=" in capsys.readouterr().out


def test_export_errors_print_one_line_and_exit_2(tmp_path: Path) -> None:
    result = subprocess.run([*CANASTA_LEARN, "export", str(tmp_path / "out"), "--lesson", "nope"],
                            capture_output=True, text=True, env=kernel_env())
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "no lesson 'nope.ipynb'" in result.stderr


def test_static_notebook_replaces_widgets_and_drops_solutions() -> None:
    nb = nbformat.v4.new_notebook()
    widget_out = nbformat.v4.new_output(
        "display_data", data={"text/plain": "Quiz(children=(...))",
                              cli_export.WIDGET_MIME: {"model_id": "x"}})
    answer = nbformat.v4.new_code_cell("secret_answer()", metadata={"tags": ["solution"]})
    shown = nbformat.v4.new_code_cell("quiz")
    shown.outputs = [widget_out]
    nb.cells = [shown, answer]
    student = cli_export.static_notebook(nb, student=True)
    assert [c.source for c in student.cells] == ["quiz"]
    data = student.cells[0].outputs[0]["data"]
    assert cli_export.WIDGET_MIME not in data and "Interactive Quiz" in data["text/html"]
    assert len(cli_export.static_notebook(nb).cells) == 2
    assert nb.cells[0].outputs[0] is widget_out  # the original is untouched


def test_static_notebook_keeps_the_quizzes_static_html() -> None:
    """A quiz's output keeps its text/html rendering: the question, and the engine's verdict
    in a closed <details> element; nbconvert writes it into the page."""
    pytest.importorskip("nbconvert")
    import html

    from nbconvert import HTMLExporter

    from canasta_learn import Position
    from canasta_learn.widgets import Quiz, QuizSet

    mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])
    message = mike.check_take_pile().learner_message()  # as the learner reads it: cards as symbols
    quizzes = QuizSet([Quiz("Can Mike take the pile?", mike, kind="can_take_pile")])
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("quizzes")
    cell.outputs = [nbformat.v4.new_output("display_data", data=quizzes._repr_mimebundle_())]
    nb.cells = [cell]
    static = cli_export.static_notebook(nb)
    data = static.cells[0].outputs[0]["data"]
    assert cli_export.WIDGET_MIME not in data and "Interactive" not in data["text/html"]
    page, _resources = HTMLExporter().from_notebook_node(static)
    assert "Can Mike take the pile?" in page
    details = page.split('<details class="cl-quiz-answer">', 1)[1].split("</details>", 1)[0]
    assert "Show the answer" in details and html.escape(message) in details


# --------------------------------------------------------------------------- CLI: export
def run_export(*args: str, tmpdir: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``canasta-learn export ARGS``; ``tmpdir``: the kernels' temporary folder (lesson 08 writes
    its example lesson there)."""
    env = kernel_env()
    if tmpdir is not None:
        env["TMPDIR"] = str(tmpdir)
    return subprocess.run([*CANASTA_LEARN, "export", *args], capture_output=True, text=True,
                          env=env, timeout=900)


@pytest.fixture(scope="module")
def html_export(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    out = tmp_path_factory.mktemp("export") / "html"
    result = run_export("--to", "html", str(out), tmpdir=out.parent)
    assert result.returncode == 0, result.stderr[-2000:]
    yield out


@pytest.mark.slow
def test_export_html_pages_show_cards_without_errors(html_export: Path) -> None:
    pages = sorted(p.name for p in html_export.glob("*.html"))
    assert pages == sorted([n.replace(".ipynb", ".html") for n in EXPECTED] + ["index.html"])
    for name in EXPECTED:
        page = (html_export / name.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        assert "<svg" in page, name
        for bad in ("Traceback", 'data-mime-type="application/vnd.jupyter.stderr"'):
            at = page.find(bad)
            assert at < 0, f"{name}: {bad!r} in the page: ...{page[max(0, at - 600):at + 300]}"
        assert cli_export.WIDGET_MIME not in page
        # every cell is there, the solution cells included
        for cell in read(NOTEBOOKS / name).cells:
            assert f'id="cell-id={cell.id}"' in page, (name, cell.id)
    mike = (html_export / "02_frozen_and_blocked_piles.html").read_text(encoding="utf-8")
    assert "natural pair of fives" in mike and "Interactive PileExplorer" in mike
    # quizzes keep a static rendering, the answer and the engine's verdict behind <details>
    assert "Interactive QuizSet" not in mike and "You hold d4 d4 s11 h12" in mike
    assert mike.count("<summary>Show the answer</summary>") >= 5
    # lessons 05 and 07 on paper: a static sequence of key moments where the widget stood
    for name in ("05_replay_a_game.html", "07_play_a_round.html"):
        page = (html_export / name).read_text(encoding="utf-8")
        assert page.count('class="cl-moment"') >= 5, name
    variants = (html_export / "09_italian_and_pennies.html").read_text(encoding="utf-8")
    assert "<summary>Show the answer</summary>" in variants and "always frozen" in variants


@pytest.mark.slow
def test_exported_files_load_nothing_from_the_network(html_export: Path) -> None:
    """The README's promise, "without a kernel or network": no exported file has a network
    resource (a src / link href / CSS url() / script string with an http(s) address; links
    in the prose are allowed: see tests/export_scan.py for the exact definition)."""
    files = sorted(p for p in html_export.rglob("*") if p.is_file())
    assert len(files) == len(EXPECTED) + 1
    for path in files:
        assert network_resources(path.read_text(encoding="utf-8")) == [], path.name


@pytest.mark.slow
def test_export_index_links_every_lesson(html_export: Path) -> None:
    index = (html_export / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]+)">', index)
    assert links == [n.replace(".ipynb", ".html") for n in EXPECTED]
    assert all((html_export / link).is_file() for link in links)


@pytest.mark.slow
def test_export_student_version_has_no_solution_cells(tmp_path: Path) -> None:
    out = tmp_path / "student"
    result = run_export("--to", "html", str(out), "--student",
                        "--lesson", "02_frozen_and_blocked_piles", "--lesson", "00_start_here")
    assert result.returncode == 0, result.stderr[-2000:]
    for name in ("02_frozen_and_blocked_piles.ipynb", "00_start_here.ipynb"):
        page = (out / name.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        assert "<svg" in page and "Traceback" not in page
        cells = read(NOTEBOOKS / name).cells
        solutions = [c.id for c in cells if "solution" in tags(c)]
        others = [c.id for c in cells if "solution" not in tags(c)]
        assert solutions
        for cell_id in solutions:
            assert f'id="cell-id={cell_id}"' not in page, (name, cell_id)
        for cell_id in others:  # the exercise and everything else stay
            assert f'id="cell-id={cell_id}"' in page, (name, cell_id)
        # the code of the hidden cells (setup, helpers, quizzes) is left out, their output kept
        segments = re.split(r'(?=id="cell-id=)', page)
        by_id = {m.group(1): part for part in segments if (m := re.match(r'id="cell-id=([^"]+)"', part))}
        hidden = [c.id for c in cells if c.metadata.get("jupyter", {}).get("source_hidden")]
        assert hidden
        for cell in cells:
            if cell.cell_type == "code" and cell.id in by_id:
                assert ("jp-InputArea" in by_id[cell.id]) == (cell.id not in hidden), (name, cell.id)


@pytest.mark.slow
def test_export_slides(tmp_path: Path) -> None:
    out = tmp_path / "slides"
    result = run_export("--to", "slides", str(out), "--lesson", "01_cards_and_melds")
    assert result.returncode == 0, result.stderr[-2000:]
    # the kernel talks over local sockets: no "running over TCP without encryption" warning
    assert "WARNING" not in result.stderr, result.stderr[-2000:]
    page = (out / "01_cards_and_melds.slides.html").read_text(encoding="utf-8")
    assert "reveal" in page.lower() and "<svg" in page
    assert page.count("<section") >= 8  # one slide per section of the lesson
    # reveal.js is inlined from the package (offline a CDN copy left one long page)
    assert "Reveal.initialize(" in page and "reveal.js 4.0.2" in page
    for path in sorted(out.iterdir()):
        assert network_resources(path.read_text(encoding="utf-8")) == [], path.name


# --------------------------------------------------------------------------- packaging
@pytest.mark.slow
def test_wheel_ships_the_lessons(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    if result.returncode != 0 and "No module named" in result.stderr:
        pytest.skip(f"cannot build a wheel here: {result.stderr.strip()[-200:]}")
    assert result.returncode == 0, result.stderr[-2000:]
    (wheel,) = tmp_path.glob("canasta_learn-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        shipped = sorted(n.rsplit("/", 1)[1] for n in names
                         if n.startswith("canasta_learn/lessons/") and n.endswith(".ipynb") and n.count("/") == 2)
        assert shipped == EXPECTED
        portuguese = sorted(n.rsplit("/", 1)[1] for n in names
                            if n.startswith("canasta_learn/lessons/pt_BR/") and n.endswith(".ipynb"))
        assert portuguese == EXPECTED  # the pt_BR edition (issue 17)
        packaged = json.loads(zf.read("canasta_learn/lessons/02_frozen_and_blocked_piles.ipynb"))
    assert packaged["metadata"]["kernelspec"]["name"] == "python3"


# --------------------------------------------------------------------------- user-facing text
NUMBER_WORDS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
                "dez": 10, "onze": 11, "doze": 12, "treze": 13, "catorze": 14, "quatorze": 14, "quinze": 15}


def test_the_docs_count_the_lessons_there_are() -> None:
    """docs/classroom.md once said "ten lessons" when there were thirteen: every "N lessons" in
    the READMEs and docs/ is the number of lessons built."""
    wrong = []
    for path in [ROOT / "README.md", ROOT / "README.pt-BR.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = " ".join(path.read_text(encoding="utf-8").split())
        for word in re.findall(r"\b(\w+)\W{0,3} (?:lessons|lições)\b", text):
            count = NUMBER_WORDS.get(word.lower(), int(word) if word.isdigit() else None)
            if count is not None and count != len(EXPECTED):
                wrong.append(f"{path.name}: {word} lessons")
    assert wrong == []


def test_user_facing_files_cite_no_tracker_issue() -> None:
    """A learner cannot look up "issue 17": the package, docs, lessons, scripts, benchmarks and
    configuration say what they mean instead."""
    cited = []
    for path in sorted(ROOT.rglob("*")):
        relative = path.relative_to(ROOT)
        if (not path.is_file() or relative.parts[0] in {".git", "tests", ".venv", "build"}
                or path.suffix in {".mo", ".png", ".svg", ".pyc"}):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        cited += [f"{relative}: {m.group(0)}" for m in re.finditer(r"\bissues? #?\d+", text, re.IGNORECASE)]
    assert cited == []

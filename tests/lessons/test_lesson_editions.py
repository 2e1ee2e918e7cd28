"""The Portuguese (``pt_BR``) edition of every lesson is the English one translated, never a
different lesson (issue 17): built by ``scripts/build_lessons.py`` from the same source and the
lessons catalogue, and compared here cell by cell, so the two editions cannot drift apart.

For each lesson, after the Portuguese edition's first cell (tagged ``language``: it calls
``canasta_learn.set_language("pt_BR")``): the same number of cells of the same types, code cells
with the same tags and the same tokens except the string literals a learner reads
(``lesson_catalog.code_strings``: quiz questions, printed sentences, labels), which are
Portuguese, and for each Markdown cell the same heading levels and the same blocks, each pair of
blocks with the same numbers, card notations (``h10``, ``jk``) and code spans.
"""

from __future__ import annotations

import copy
import filecmp
import importlib.util
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from i18n_words import english_output_words, english_seat_letters, english_words, learner_texts

nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PORTUGUESE = NOTEBOOKS / "pt_BR"
PACKAGED = ROOT / "canasta_learn" / "lessons" / "pt_BR"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))

CARD = re.compile(r"(?<![\w-])(?:[hdcs](?:1[0-3]|[1-9])|jk)(?![\w-])")
CODE_SPAN = re.compile(r"`[^`\n]+`")
NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?(?![\w])")


def _lesson_catalog() -> Any:
    spec = importlib.util.spec_from_file_location("lesson_catalog", ROOT / "scripts" / "lesson_catalog.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BLOCKS = _lesson_catalog().blocks
CODE_STRINGS = _lesson_catalog().code_strings
FIELD = re.compile(r"\{[^{}]*\}")


def read(path: Path) -> Any:
    return nbformat.read(str(path), as_version=4)


def tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def headings(markdown: str) -> list[int]:
    """The level of each heading line, in order (fenced blocks excluded)."""
    levels, fenced = [], False
    for line in markdown.split("\n"):
        if line.strip().startswith(("```", ":::")):
            fenced = not fenced
        match = re.match(r"(#+) ", line)
        if match and not fenced:
            levels.append(len(match.group(1)))
    return levels


def facts(block: str) -> dict[str, Counter[str]]:
    """What a translation must keep: the numbers, the card notations and the code spans."""
    spans = CODE_SPAN.findall(block)
    rest = CODE_SPAN.sub(" ", block)
    return {"numbers": Counter(n.replace(",", ".") for n in NUMBER.findall(rest)),
            "cards": Counter(CARD.findall(rest)), "code spans": Counter(spans)}


def tokens(source: str) -> list[tuple[str, str]]:
    """The code's tokens (kind, text), without layout; a string literal is one ``STRING``."""
    found: list[tuple[str, str]] = _lesson_catalog().code_tokens(source)
    return found


def learner_tokens(source: str) -> set[str]:
    """The string tokens of the learner's string literals of a code cell (`CODE_STRINGS`)."""
    return {source[first:last] for item in CODE_STRINGS(source) for first, last in item.pieces}


def code_drift(english: str, portuguese: str) -> list[str]:
    """How a Portuguese code cell differs from its English one other than by translated learner
    strings: another token, or a changed string that is not one a learner reads."""
    en, pt = tokens(english), tokens(portuguese)
    if len(en) != len(pt):
        return [f"{len(en)} tokens in English, {len(pt)} in Portuguese"]
    translatable = learner_tokens(english)
    return [f"{a[1]!r} became {b[1]!r}" for a, b in zip(en, pt, strict=True)
            if a != b and not (a[0] == b[0] == "STRING" and a[1] in translatable)]


def sentence_words(text: str) -> list[str]:
    """The English words of a string token of code, outside its ``{fields}`` (Python code)."""
    return english_words(FIELD.sub(" ", text))


def drift(english: Any, portuguese: Any) -> list[str]:
    """Every difference between two editions of a lesson other than the translated prose."""
    found: list[str] = []
    cells = list(portuguese.cells)
    if not cells or "language" not in tags(cells[0]) or 'set_language("pt_BR")' not in cells[0].source:
        found.append("the first cell is not the language cell calling set_language(\"pt_BR\")")
    else:
        cells = cells[1:]
    if portuguese.metadata.get("canasta_learn", {}).get("language") != "pt_BR":
        found.append("the notebook's canasta_learn metadata does not say language pt_BR")
    if len(cells) != len(english.cells):
        found.append(f"{len(english.cells)} cells in English, {len(cells)} in Portuguese")
    for index, (en, pt) in enumerate(zip(english.cells, cells, strict=False)):
        where = f"cell {index} ({en.id})"
        if en.cell_type != pt.cell_type:
            found.append(f"{where}: a {en.cell_type} cell in English, {pt.cell_type} in Portuguese")
            continue
        if tags(en) != tags(pt):
            found.append(f"{where}: tags {tags(en)} != {tags(pt)}")
        if en.cell_type == "code":
            changes = code_drift(en.source, pt.source)
            if changes:
                found.append(f"{where}: the code differs: {'; '.join(changes)[:300]}")
            if pt.outputs or pt.execution_count is not None:
                found.append(f"{where}: stored output")
            continue
        if headings(en.source) != headings(pt.source):
            found.append(f"{where}: heading levels {headings(en.source)} != {headings(pt.source)}")
        en_blocks, pt_blocks = BLOCKS(en.source), BLOCKS(pt.source)
        if len(en_blocks) != len(pt_blocks):
            found.append(f"{where}: {len(en_blocks)} blocks in English, {len(pt_blocks)} in Portuguese")
            continue
        for number, (en_block, pt_block) in enumerate(zip(en_blocks, pt_blocks, strict=True)):
            for kind, wanted in facts(en_block).items():
                got = facts(pt_block)[kind]
                if got != wanted:
                    found.append(f"{where} block {number}: {kind} {sorted(wanted.elements())} in English, "
                                 f"{sorted(got.elements())} in Portuguese: {pt_block[:80]!r}")
    return found


def test_every_lesson_has_a_portuguese_edition_packaged_as_built() -> None:
    assert sorted(p.name for p in PORTUGUESE.glob("*.ipynb")) == LESSONS
    assert sorted(p.name for p in PACKAGED.glob("*.ipynb")) == LESSONS
    _match, mismatch, errors = filecmp.cmpfiles(PORTUGUESE, PACKAGED, LESSONS, shallow=False)
    assert mismatch == [] and errors == []


@pytest.mark.parametrize("name", LESSONS)
def test_the_portuguese_edition_has_the_english_structure(name: str) -> None:
    assert drift(read(NOTEBOOKS / name), read(PORTUGUESE / name)) == []


@pytest.mark.parametrize("name", LESSONS)
def test_the_portuguese_prose_is_portuguese(name: str) -> None:
    """Every Markdown cell differs from its English (the catalogue's translation is used)."""
    english, portuguese = read(NOTEBOOKS / name), read(PORTUGUESE / name)
    same = [en.id for en, pt in zip(english.cells, portuguese.cells[1:], strict=True)
            if en.cell_type == "markdown" and en.source == pt.source and any(c.isalpha() for c in en.source)]
    assert same == []


@pytest.mark.parametrize("name", LESSONS)
def test_the_portuguese_code_speaks_portuguese_to_the_learner(name: str) -> None:
    """Every string literal of a code cell that a learner reads and that has English words in
    English (a quiz question, a printed sentence, a label) has none in Portuguese; the code's
    other strings (card notation, action texts, dictionary keys, settings) are the English ones."""
    english, portuguese = read(NOTEBOOKS / name), read(PORTUGUESE / name)
    untranslated, pairs = [], 0
    for en, pt in zip(english.cells, portuguese.cells[1:], strict=True):
        if en.cell_type != "code":
            continue
        translatable = learner_tokens(en.source)
        for (kind, en_text), (_kind, pt_text) in zip(tokens(en.source), tokens(pt.source), strict=True):
            if kind != "STRING":
                continue
            if en_text in translatable and sentence_words(en_text):
                pairs += 1
                if sentence_words(pt_text):
                    untranslated.append(f"{en.id}: {pt_text[:100]} {sentence_words(pt_text)}")
            elif en_text not in translatable:
                assert pt_text == en_text, (en.id, en_text, pt_text)
    assert untranslated == []
    assert pairs or not any(CODE_STRINGS(c.source) for c in english.cells if c.cell_type == "code")


def test_the_learner_strings_are_the_sentences_not_the_notation() -> None:
    """`code_strings` takes quiz questions, printed sentences and labels, and leaves card
    notation, action texts, dictionary keys, docstrings, settings and comparisons."""
    source = (
        'def f():\n    """Say it."""\n    return "The hand is over."\n'
        'rows = {"team score": 5}\n'
        'frame.set_index("team score")\n'
        'Quiz("Can North take the pile?", Position("h5 c5", discard_pile="s9 d6"), kind="can_take_pile")\n'
        'rnd.apply("E take c6 c6")\n'
        'print(f"{who} went out, {how}.", "text-align", "N–S")\n'
        'if verdict.code == "meld ok now":\n    pass\n'
        'label = ("Build a "\n         "meld")\n'
    )
    assert [item.message for item in CODE_STRINGS(source)] == [
        "The hand is over.", "Can North take the pile?", "{who} went out, {how}.", "Build a meld"]
    joined = next(item for item in CODE_STRINGS(source) if item.message == "Build a meld")
    translated = _lesson_catalog().translate_code(source, {item.message: "x" for item in CODE_STRINGS(source)}
                                                  | {"Build a meld": "Monte uma combinação"}, "test")
    assert '("Monte uma "\n         "combinação")' in translated and len(joined.pieces) == 2
    assert code_drift(source, translated) == []
    assert code_drift(source, translated.replace("rnd.apply", "rnd.check")) != []


def test_a_list_of_choices_is_translated_whole_or_left_to_the_quiz() -> None:
    """The teacher's own choices are translated all together, a lone "No" too (and the answer
    the cell picks among them); choices that are all the quiz's keys ("Yes", "No", "Natural
    canasta"...) are left as they are: the quiz shows them in the learner's language."""
    own = 'answer = "No" if late else "Yes: 100"\nQuiz("May you go out?", ["Yes: 100", "No"], answer)\n'
    keys = 'kind = "Mixed canasta" if wild else "Natural canasta"\n' \
           'Quiz("What is it?", ["Natural canasta", "Mixed canasta", "Not a canasta"], kind)\n' \
           'Quiz("Can you take it?", ["Yes", "No"], yes_no(verdict))\n'
    assert sorted(item.message for item in CODE_STRINGS(own)) == ["May you go out?", "No", "No", "Yes: 100",
                                                                 "Yes: 100"]
    assert [item.message for item in CODE_STRINGS(keys)] == ["What is it?", "Can you take it?"]


@pytest.mark.parametrize("name", LESSONS)
def test_the_portuguese_title_is_portuguese(name: str) -> None:
    english = read(NOTEBOOKS / name).metadata["canasta_learn"]["title"]
    portuguese = read(PORTUGUESE / name).metadata["canasta_learn"]["title"]
    assert portuguese != english
    assert english_words(portuguese.replace("Pennies from Heaven", "")) == [], portuguese  # a game's name


def test_the_comparison_notices_each_kind_of_drift() -> None:
    """A changed code cell, a lost cell, a changed number, card, code span or heading level."""
    english = read(NOTEBOOKS / "02_frozen_and_blocked_piles.ipynb")
    portuguese = read(PORTUGUESE / "02_frozen_and_blocked_piles.ipynb")
    code = next(i for i, c in enumerate(portuguese.cells) if c.cell_type == "code" and i > 0)

    def first_with(pattern: re.Pattern[str]) -> int:
        return next(i for i, c in enumerate(portuguese.cells) if c.cell_type == "markdown" and pattern.search(c.source))

    def edited(change: Any) -> list[str]:
        copied = copy.deepcopy(portuguese)
        change(copied)
        return drift(english, copied)

    def code_change(nb: Any) -> None:
        nb.cells[code].source += "\nprint(1)"

    def lost_cell(nb: Any) -> None:
        del nb.cells[-1]

    def sub(pattern: re.Pattern[str], new: str) -> Any:
        def change(nb: Any) -> None:
            cell = nb.cells[first_with(pattern)]
            cell.source = pattern.sub(new, cell.source, count=1)
        return change

    assert any("the code differs" in p for p in edited(code_change))
    assert any("cells in English" in p for p in edited(lost_cell))
    assert any("numbers" in p for p in edited(sub(NUMBER, "999")))
    assert any("cards" in p for p in edited(sub(CARD, "s9x")))
    assert any("code spans" in p for p in edited(sub(CODE_SPAN, "codigo")))
    assert any("heading levels" in p for p in edited(sub(re.compile(r"^## ", re.M), "### ")))
    assert any("language cell" in p for p in edited(lambda nb: nb.cells.pop(0)))
    assert drift(english, portuguese) == []


def _build_lessons() -> Any:
    spec = importlib.util.spec_from_file_location("build_lessons", ROOT / "scripts" / "build_lessons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_portuguese_notebooks_are_what_the_build_makes_from_the_source_and_catalogue() -> None:
    """``build_lessons.py --check`` covers the pt_BR edition: it is rendered from the English
    source and lessons.po, and a changed translation changes it."""
    pytest.importorskip("jupytext")
    build = _build_lessons()
    source = ROOT / "lessons" / "04_scoring.md"
    stored = (PORTUGUESE / "04_scoring.ipynb").read_text(encoding="utf-8")
    assert build.render(source, "pt_BR") == stored
    table = build.translations("pt_BR")
    heading = next(block for block in table if block.startswith("## Summary"))
    build.translations.cache_clear()
    build.translations = lambda language: {**table, heading: table[heading] + " (editado)"}
    assert build.render(source, "pt_BR") != stored


def test_a_block_without_translation_stops_the_build() -> None:
    pytest.importorskip("jupytext")
    build = _build_lessons()
    table = dict(build.translations("pt_BR"))
    missing = next(block for block in table if block.startswith("## Summary"))
    del table[missing]
    build.translations = lambda language: table
    with pytest.raises(SystemExit, match="no pt_BR translation for '## Summary"):
        build.render(ROOT / "lessons" / "04_scoring.md", "pt_BR")


def test_the_headings_of_a_table_the_cell_builds_are_translated_everywhere_in_the_cell() -> None:
    """A table the cell builds names its columns with dictionary keys (``pd.DataFrame({...})``,
    ``rows.append({...})``): those are the learner's headings, translated together with the
    cell's own ``set_index(...)`` / ``name=`` of the same text, so the cell still finds its
    column. A style's keys, a column the engine named and read back (``frame["points"]``) and
    a dictionary that is not a table stay as written."""
    source = (
        'rows.append({"top card": top, "why": verdict.message, "points": 5})\n'
        'Table(pd.DataFrame(rows).set_index("top card"))\n'
        'pd.DataFrame({name: {"game to": p.target_score} for name in NAMES})\n'
        'frame = breakdown.to_frame().set_index("item")["points"]\n'
        'styles = [{"selector": "th", "props": [("text-align", "left")]}]\n'
        'settings = {"team score": 5}\n'
    )
    found = sorted(item.message for item in CODE_STRINGS(source))
    assert found == ["game to", "top card", "top card", "why"]
    translated = _lesson_catalog().translate_code(
        source, {"top card": "carta do topo", "why": "por quê", "game to": "partida até"}, "test")
    assert 'set_index("carta do topo")' in translated and '{"carta do topo": top' in translated
    assert '"points": 5' in translated and '["points"]' in translated and '"selector"' in translated
    assert code_drift(source, translated) == []


def test_words_between_filled_in_values_are_a_learners_but_an_action_built_so_is_not() -> None:
    """``f"{count} of {size}"`` shows the learner a word ("2 of 3"); ``f"{seat} take {cards}"``
    builds an action text, which is notation and never translated; ``f"\\n{a}: {b}"`` has no
    word at all."""
    source = ('row = {"teams": f"{p.team_count} of {p.team_size}"}\n'
              'rnd.apply(f"{seat} take {cards}")\n'
              'print(f"\\n{a}: {b}")\n')
    assert [item.message for item in CODE_STRINGS(source)] == ["{p.team_count} of {p.team_size}"]


# --------------------------------------------------------------------------- executed outputs
#: What an executed Portuguese lesson may show in English, and why (issue 24 §4):
#: - action texts quoted as Python strings (``['E meld d1 s1 c2', ...]``, ``'N draw': Comprar
#:   do monte``): the record format's notation, asked for by the cell; prose says actions in words;
#: - the game's name "Pennies from Heaven" (a name, as in the Portuguese rules);
#: - lesson 08's example of a lesson source, which the recipe writes in English by design
#:   (lessons/*.md are English; the Portuguese edition comes from the catalogue).
#: Card notation, code spans, verdict codes and a repr's field names are ignored by
#: `english_output_words` itself.
OUTPUT_EXCEPTIONS = (
    re.compile(r"""(?<!\w)'(?:[NESW]|P\d) (?:draw|take|meld|discard|ask|answer|decline|swap|redraw)\b[^']*'"""),
    re.compile(r"Pennies from Heaven"),
)
#: A lesson source printed by lesson 08's recipe (its front matter opens the text).
LESSON_SOURCE = re.compile(r"\A---\ncanasta_learn:\n")


@pytest.fixture(scope="session")
def portuguese_outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every pt_BR lesson executed once in a fresh kernel: name -> executed notebook."""
    pytest.importorskip("nbclient")
    from nbclient import NotebookClient

    results: dict[str, Any] = {}
    for name in LESSONS:
        nb = read(PORTUGUESE / name)
        workdir = tmp_path_factory.mktemp("pt-" + name.split("_")[0])
        NotebookClient(nb, timeout=180, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(workdir)}}).execute()
        results[name] = nb
    return results


def english_in_outputs(nb: Any) -> list[str]:
    """Each line of an executed notebook's outputs (`learner_texts`) with English stop-words
    (`english_output_words`) outside `OUTPUT_EXCEPTIONS`, as "cell N: [words] line"."""
    found = []
    for index, text in learner_texts(nb):
        if LESSON_SOURCE.match(text):
            continue
        for pattern in OUTPUT_EXCEPTIONS:
            text = pattern.sub(" ", text)
        for line in text.splitlines():
            words = english_output_words(line)
            if words:
                found.append(f"cell {index}: {words} {line.strip()[:160]}")
    return found


def test_the_output_scan_finds_english_and_lets_the_exceptions_through() -> None:
    """The scan reads streams, HTML without its tags, plain text where nothing richer is shown
    and the widgets' saved text, and flags a table's English headings and values."""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="Comentário: A black three on top blocks the pile.\n"),
        nbformat.v4.new_output("execute_result", data={
            "text/html": "<style>.x th:only-of-type {}</style><table><th>legal</th><th>why</th>"
                         "<td>True</td><td><code>meld_ok</code></td></table>",
            "text/plain": "ignored where HTML is shown"}, execution_count=1),
        nbformat.v4.new_output("stream", name="stdout",
                               text="['E meld d1 s1 c2', 'E discard jk']\nPennies from Heaven: seis jogadores\n"),
        nbformat.v4.new_output("display_data", data={
            "application/vnd.jupyter.widget-view+json": {"model_id": "a", "version_major": 2, "version_minor": 0},
            "text/plain": "VBox(children=(HTML(value='…'),))"}),
    ]
    nb.cells.append(cell)
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {
        "a": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_b"]}},
        "b": {"model_name": "HTMLModel", "state": {"value": "<b>Comentário:</b> the pile is frozen"}}}}}
    found = " ".join(english_in_outputs(nb))
    for word in ("'black'", "'why'", "'True'", "'the', 'pile', 'is', 'frozen'"):
        assert word in found, (word, found)
    for absent in ("only", "meld_ok", "ignored", "'meld'", "'discard'", "'from'", "children"):
        assert absent not in found, (absent, found)


@pytest.mark.slow
@pytest.mark.parametrize("name", LESSONS)
def test_no_english_in_the_portuguese_lessons_outputs(name: str, portuguese_outputs: dict[str, Any]) -> None:
    """Issue 24 §4: what a learner reads in an executed pt_BR lesson (printed lines, pictures'
    and tables' text, widgets) holds no English stop-word, outside the listed exceptions."""
    assert english_in_outputs(portuguese_outputs[name]) == []


#: A lone capital "E" that is the Portuguese word "e" (and), not a seat: lesson 05's quiz question.
SEAT_LETTER_EXCEPTIONS = (re.compile(r"\bE com os valetes\b"),)


def english_seat_letters_in_outputs(nb: Any) -> list[str]:
    """Each line of an executed notebook's outputs (`learner_texts`) that names a seat or a team
    with an English letter standing alone (`english_seat_letters`: "E", "E–W"), outside
    `OUTPUT_EXCEPTIONS` and `SEAT_LETTER_EXCEPTIONS`, as "cell N: line"."""
    found = []
    for index, text in learner_texts(nb):
        if LESSON_SOURCE.match(text):
            continue
        for pattern in (*OUTPUT_EXCEPTIONS, *SEAT_LETTER_EXCEPTIONS):
            text = pattern.sub(" ", text)
        found.extend(f"cell {index}: {line.strip()[:160]}" for line in text.splitlines() if english_seat_letters(line))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name", LESSONS)
def test_no_english_seat_letter_in_the_portuguese_lessons_outputs(name: str,
                                                                 portuguese_outputs: dict[str, Any]) -> None:
    """Issue 24 §4: the Portuguese lessons' outputs name seats and teams as the prose does
    (Leste, Oeste; "L–O", lesson 04's score sheet), never with the English letters E and W."""
    assert english_seat_letters_in_outputs(portuguese_outputs[name]) == []

"""The lessons' words as a gettext catalogue: every block of every Markdown cell of
``lessons/*.md`` (a heading, a paragraph, a list: text between blank lines) is one message;
so is every string literal of a code cell that a learner reads (`code_strings`: quiz
questions, printed sentences, labels; context ``code``) and every lesson's title (context
``title``).

    python scripts/lesson_catalog.py extract   # writes canasta_learn/locale/lessons.pot
    python scripts/lesson_catalog.py update    # merges it into every locale's lessons.po

The Portuguese editions of the lessons are built from the English sources and this catalogue,
so the two editions have the same cells: only the prose, the learner's string
literals of the code and the title are translated; everything else in a code cell (names,
card notation, action texts, profile ids, dictionary keys) stays token for token.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path
from typing import NamedTuple

import jupytext
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
LOCALE = ROOT / "canasta_learn" / "locale"
POT = LOCALE / "lessons.pot"
#: The catalogue contexts of the code cells' string literals and of the lessons' titles.
CODE_CONTEXT = "code"
TITLE_CONTEXT = "title"


def blocks(markdown: str) -> list[str]:
    """The blocks of a Markdown cell: text between blank lines (a fenced block stays whole)."""
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if line.strip().startswith(("```", ":::")):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                out.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


def lesson_blocks() -> list[tuple[str, int, str]]:
    """(lesson file, cell number, block) for every prose block of every lesson."""
    found = []
    for path in sorted(LESSONS.glob("*.md")):
        notebook = jupytext.read(path)
        for number, cell in enumerate(notebook.cells, 1):
            if cell.cell_type == "markdown":
                found.extend((path.name, number, block) for block in blocks(cell.source))
    return found


# ---------------------------------------------------------------------- code cells
_CARD = re.compile(r"(?<![\w-])(?:[hdcsHDCS](?:1[0-3]|[1-9]|[ajqkAJQK])|jk|JK)(?![\w-])")
_ACTION = re.compile(r"^\s*(?:[NESW]|P\d+)\s+(?:draw|take|meld|add|discard|ask|answer|decline|swap|redraw)\b",
                     re.IGNORECASE)
_FIELD = re.compile(r"\{[^{}]*\}")
#: The action verbs of the notation: a literal built around one ("{seat} take {cards}") is an action.
_VERBS = frozenset({"draw", "take", "meld", "add", "discard", "ask", "answer", "decline", "swap", "redraw"})
_NAME = re.compile(r"\b\w+_\w+\b")
_WORD = re.compile(r"[^\W\d_]+")
_HEADING = re.compile(r"[^\W_]+(?: [^\W_]+)*")  # words and numbers, one space apart: "opening at 2500"
#: The longest line of code (ruff's ``line-length``, pyproject.toml): a translated literal joined
#: from several pieces is cut so that its lines fit.
LINE_LENGTH = 120
#: Keyword arguments whose strings are settings the code reads, never words for the learner.
_SETTING_KEYWORDS = frozenset({"kind", "profile", "fmt", "sep", "end", "language", "orient", "how", "on",
                               "layout", "style", "button_style", "mode", "form"})


class CodeString(NamedTuple):
    """A learner-facing string literal of a code cell: where its pieces are in the cell's
    source (``(start, end)`` character offsets of each string token; an implicitly joined
    literal has several) and the catalogue message: the pieces' bodies as written (an
    f-string's ``{fields}`` included, to be kept as they are by the translation)."""

    pieces: tuple[tuple[int, int], ...]
    prefix: str
    quote: str
    message: str


def _learner_words(text: str) -> bool:
    """Words for a learner: not card notation, an action text, code names or a lone word
    (``"Yes"``, ``"text-align"``: a word with a space or a dash beside it, as in
    ``"{value} points"``, is a sentence's)."""
    if _ACTION.match(text):
        return False
    plain = _NAME.sub(" ", _CARD.sub(" ", _FIELD.sub(" ", text)))
    words = _WORD.findall(plain)
    if (len(_FIELD.findall(text)) >= 2 and any(len(w) >= 2 for w in words)
            and not _VERBS.intersection(w.lower() for w in words)):
        return True  # words between filled-in values: "{count} of {size}"
    return (" " in plain.strip() or "–" in plain) and any(len(w) >= 3 for w in words)


def _offsets(source: str) -> list[int]:
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _char_offset(source: str, starts: list[int], line: int, byte_col: int) -> int:
    text = source[starts[line - 1]:starts[line]] if line < len(starts) else source[starts[line - 1]:]
    return starts[line - 1] + len(text.encode("utf-8")[:byte_col].decode("utf-8"))


def string_spans(source: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` character offsets of every string literal token of ``source``, an
    f-string whole (Python 3.12 tokenizes it in parts: FSTRING_START ... FSTRING_END)."""
    starts = _offsets(source)
    spans: list[tuple[int, int]] = []
    opened: list[int] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        first = starts[token.start[0] - 1] + token.start[1]
        last = starts[token.end[0] - 1] + token.end[1]
        name = tokenize.tok_name[token.type]
        if name == "FSTRING_START":
            opened.append(first)
        elif name == "FSTRING_END":
            begin = opened.pop()
            if not opened:
                spans.append((begin, last))
        elif token.type == tokenize.STRING and not opened:
            spans.append((first, last))
    return spans


def code_tokens(source: str) -> list[tuple[str, str]]:
    """The tokens of ``source`` as (kind, text) without layout or comments; a string literal (an
    f-string whole, on any Python) is one ``("STRING", text)``."""
    spans = string_spans(source)
    starts = _offsets(source)
    found: list[tuple[str, str]] = []
    span = 0
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        first = starts[token.start[0] - 1] + token.start[1]
        if span < len(spans) and spans[span][0] <= first < spans[span][1]:
            if first == spans[span][0]:
                found.append(("STRING", source[spans[span][0]:spans[span][1]]))
            if starts[token.end[0] - 1] + token.end[1] >= spans[span][1]:
                span += 1
            continue
        if token.type in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER,
                          tokenize.COMMENT):
            continue
        found.append((tokenize.tok_name[token.type], token.string))
    return found


def _split_token(token: str) -> tuple[str, str, str]:
    """(prefix, quote, body) of a string token."""
    index = next(i for i, c in enumerate(token) if c in "'\"")
    prefix, rest = token[:index], token[index:]
    quote = rest[:3] if rest[:3] in ('"""', "'''") else rest[0]
    return prefix, quote, rest[len(quote):-len(quote)]


def _inside_fstring(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    while parent is not None:
        if isinstance(parent, ast.JoinedStr):
            return True
        parent = parents.get(parent)
    return False


#: The choices a `Quiz` says in its own language when all of its choices are among them (its
#: keys: canasta_learn/widgets/quiz.py): lessons leave them as they are.
QUIZ_KEYS = frozenset({"Yes", "No", "Natural canasta", "Mixed canasta", "Not a canasta"})


def _choice_lists(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The texts of the cell's lists of choices (lists, tuples and sets of two or more plain
    strings): those whose every item is a `QUIZ_KEYS` key (left to the quiz, wherever they are
    in the cell), and the items of the other lists that hold a sentence (translated all
    together, single words too, so that a list of choices is never half translated)."""
    left: set[str] = set()
    together: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.List, ast.Tuple, ast.Set)) or len(node.elts) < 2:
            continue
        if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            continue
        texts = [e.value for e in node.elts if isinstance(e, ast.Constant)]
        if all(text in QUIZ_KEYS for text in texts):
            left.update(texts)
        elif any(_learner_words(text) for text in texts):
            together.update(texts)
    return left - together, together


def _makes_a_table(row: ast.Dict, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether a dictionary literal is a table's columns or one of its rows: given to
    ``DataFrame(...)`` (alone, in a list or made per item by a comprehension) or appended to a
    list of rows (``rows.append``); other dictionaries (a style's ``{"selector": ...}``,
    settings) keep their keys."""
    holder = parents.get(row)
    while isinstance(holder, (ast.List, ast.DictComp, ast.ListComp)):  # rows in a list, or one per item
        holder = parents.get(holder)
    if not isinstance(holder, ast.Call):
        return False
    name = holder.func.attr if isinstance(holder.func, ast.Attribute) else getattr(holder.func, "id", "")
    return name in ("DataFrame", "append")


def _heading_place(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether a string literal stands where a table built in the cell names its columns or
    its index: a dictionary key, the argument of ``.set_index(...)``, or a ``name=``."""
    parent = parents.get(node)
    if isinstance(parent, ast.Dict):
        return node in parent.keys and _makes_a_table(parent, parents)
    if isinstance(parent, ast.keyword):
        return parent.arg == "name"
    return (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute)
            and parent.func.attr == "set_index" and node in parent.args)


def _column_headings(tree: ast.AST, parents: dict[ast.AST, ast.AST]) -> set[str]:
    """The headings of the tables a cell builds itself (``pd.DataFrame({"team score": ...})``,
    ``rows.append({"why": ...})`` then ``.set_index("meld")``): texts written at least once
    as a dictionary key and everywhere in the cell only in `_heading_place` s, so they can be
    translated everywhere at once and the cell still finds its own columns. A text the cell
    also reads otherwise (``frame["points"]``, a column the engine named) is left alone, and so
    is anything that is not a word (a code name, card notation)."""
    places: dict[str, list[bool]] = {}
    keys: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and not _inside_fstring(node, parents):
            places.setdefault(node.value, []).append(_heading_place(node, parents))
            parent = parents.get(node)
            if isinstance(parent, ast.Dict) and node in parent.keys and _makes_a_table(parent, parents):
                keys.add(node.value)
    return {text for text in keys if all(places[text]) and _HEADING.fullmatch(text) is not None
            and _WORD.search(text) is not None and not _NAME.search(text) and not _CARD.search(text)}


def code_strings(source: str) -> list[CodeString]:
    """The string literals of a code cell that a learner reads: strings (and f-strings) with
    words in them, passed to a call (``Quiz("...")``, ``print(f"...")``, a widget's
    ``label=``), returned, assigned or listed as choices. Left out: docstrings, dictionary keys,
    subscripts and comparisons (the code reads them: ``frame["team score"]``), settings
    (``kind="pile_state"``), card notation, action texts (``"E take c6 c6"``), triple-quoted,
    bytes and raw strings, and any literal whose text is also one of those the code reads
    in the same cell (so a renamed label never breaks a look-up). A list of choices is
    translated whole (its single words too) unless all its choices are `QUIZ_KEYS`, which the
    quiz itself says in the learner's language."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    read_by_code: set[str] = set()
    left_to_the_quiz, choices = _choice_lists(tree)
    headings = _column_headings(tree, parents)
    chosen: list[ast.expr] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))):
            continue
        parent = parents.get(node)
        if _inside_fstring(node, parents):  # part of an f-string: the whole f-string is the message
            continue
        if isinstance(node, ast.Constant) and node.value in headings:
            chosen.append(node)
            continue
        if (isinstance(parent, (ast.Expr, ast.Subscript, ast.Compare))
                or (isinstance(parent, ast.Dict) and node in parent.keys)
                or (isinstance(parent, ast.keyword) and parent.arg in _SETTING_KEYWORDS)):
            if isinstance(node, ast.Constant):
                read_by_code.add(node.value)
            continue
        chosen.append(node)
    starts = _offsets(source)
    found: list[CodeString] = []
    for node in chosen:
        if isinstance(node, ast.Constant) and node.value in read_by_code:
            continue
        assert node.end_lineno is not None and node.end_col_offset is not None
        start = _char_offset(source, starts, node.lineno, node.col_offset)
        end = _char_offset(source, starts, node.end_lineno, node.end_col_offset)
        segment = "(" + source[start:end] + ")"
        pieces = [(first + start - 1, last + start - 1) for first, last in string_spans(segment)]
        parts = [_split_token(source[first:last]) for first, last in pieces]
        prefixes = {prefix.lower() for prefix, _quote, _body in parts}
        quotes = {quote for _prefix, quote, _body in parts}
        if prefixes - {"", "f"} or len(quotes) != 1 or quotes & {'"""', "'''"}:
            continue
        prefix = parts[0][0]
        if len(prefixes) > 1:  # f-string pieces joined to plain ones: all become f-string pieces
            if any("{" in body or "}" in body for piece_prefix, _quote, body in parts if not piece_prefix):
                continue
            prefix = "f"
        message = "".join(body for _prefix, _quote, body in parts)
        if (_learner_words(message) and message not in left_to_the_quiz) or message in choices or message in headings:
            found.append(CodeString(tuple(pieces), prefix, parts[0][1], message))
    return sorted(found)


def translate_code(source: str, table: dict[str, str], where: str) -> str:
    """``source`` with each of its `code_strings` replaced by its translation in ``table``
    (English message -> translation); every other character stays. A literal joined from
    several pieces keeps as many pieces, the translation cut at spaces. A message without a
    translation, or a translation that breaks the code, stops the build."""
    out: list[str] = []
    position = 0
    for item in code_strings(source):
        if item.message not in table:
            raise SystemExit(f"{where}: no translation for the code string {item.message[:70]!r} "
                             "(run: python scripts/catalogs.py update, translate, compile)")
        rooms = []
        for first, last in item.pieces:  # how long each piece may be, its line kept within LINE_LENGTH
            line_start = source.rfind("\n", 0, first) + 1
            line_end = source.find("\n", last) % (len(source) + 1)
            used = line_end - line_start - (last - first)  # the rest of the line
            rooms.append(LINE_LENGTH - used - len(item.prefix) - 2 * len(item.quote))
        parts = _cut(table[item.message], rooms)
        for (first, last), part in zip(item.pieces, parts, strict=True):
            out += [source[position:first], item.prefix, item.quote, part, item.quote]
            position = last
    out.append(source[position:])
    translated = "".join(out)
    try:
        ast.parse(translated)
    except SyntaxError as error:
        raise SystemExit(f"{where}: a translated code string breaks the code: {error}") from None
    return translated


def _cut(text: str, rooms: list[int]) -> list[str]:
    """``text`` cut into ``len(rooms)`` pieces at spaces outside ``{fields}``, each piece as long
    as fits in its room (the last one takes the rest)."""
    if len(rooms) == 1:
        return [text]
    depth, spaces = 0, []
    for index, char in enumerate(text):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == " " and depth == 0:
            spaces.append(index + 1)
    cuts: list[int] = []
    for room in rooms[:-1]:
        done = cuts[-1] if cuts else 0
        later = [s for s in spaces if s > done]
        fitting = [s for s in later if s - done <= room]
        cuts.append(fitting[-1] if fitting else later[0] if later else len(text))
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def lesson_messages() -> list[tuple[str, int, str | None, str]]:
    """(lesson file, cell number, context, message) for every message of the lessons: the
    prose blocks (no context), the code cells' `code_strings` (``code``) and the title
    (``title``, cell 0)."""
    found: list[tuple[str, int, str | None, str]] = []
    for path in sorted(LESSONS.glob("*.md")):
        notebook = jupytext.read(path)
        title = notebook.metadata.get("canasta_learn", {}).get("title")
        if title:
            found.append((path.name, 0, TITLE_CONTEXT, title))
        for number, cell in enumerate(notebook.cells, 1):
            if cell.cell_type == "markdown":
                found.extend((path.name, number, None, block) for block in blocks(cell.source))
            elif cell.cell_type == "code":
                found.extend((path.name, number, CODE_CONTEXT, item.message) for item in code_strings(cell.source))
    return found


def extract() -> Catalog:
    catalog = Catalog(project="canasta_learn lessons", version="0.1.0", charset="utf-8")
    for name, number, context, message in lesson_messages():
        catalog.add(message, locations=[(f"lessons/{name}", number)], context=context)
    LOCALE.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as out:
        write_po(out, catalog, width=0, sort_output=False)
    return catalog


def update() -> None:
    template = extract()
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/lessons.po")):
        with po_path.open("rb") as handle:
            catalog = read_po(handle)
        catalog.update(template, no_fuzzy_matching=True)
        with po_path.open("wb") as out:
            write_po(out, catalog, width=0, sort_output=False, ignore_obsolete=True)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "extract"
    if command == "extract":
        print(f"{len(extract())} messages -> {POT.relative_to(ROOT)}")
    elif command == "update":
        update()
    else:
        sys.exit(f"unknown command {command!r}: use extract or update")

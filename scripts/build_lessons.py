"""Build the lesson notebooks from their MyST Markdown sources in ``lessons/``.

Each lesson is one MyST Markdown notebook, ``lessons/NN_name.md``, paired by jupytext: a
teacher edits it as Markdown (on GitHub or in any editor) or opens it as a notebook in
JupyterLab (with jupytext installed, *Open With ▸ Notebook*). Code cells are
```` ```{code-cell} ```` blocks, markdown cells are separated by ``+++``, and cell tags are
written inline (``:tags: [quiz]`` under a code cell's opening line, ``+++ {"tags": [...]}``
before a markdown cell). The front matter holds the kernelspec and the lesson's short title
(``canasta_learn: {title: ...}``).

This script turns the sources into the stored notebooks, written identically to
``notebooks/`` (what Binder and the README link to) and ``canasta_learn/lessons/`` (package
data, so ``canasta-learn lessons`` works from an installed wheel). What it adds, so a teacher
never writes it by hand:

* no outputs (``execution_count`` null, ``outputs`` empty);
* ``python3`` kernelspec, ``language_info`` and ``canasta_learn`` metadata (lesson, title);
* deterministic cell ids, ``NN-iii`` (the lesson number and the cell's index);
* slideshow metadata: each ``#`` or ``##`` section starts a slide.

Cell tags the lessons use: ``setup`` (imports and helpers), ``quiz`` (self-check cells),
``solution`` (answer cells, removed by ``canasta-learn export --student``) and ``check-...``
(cells whose output the tests compare with the rule sources).

A learner reads the lesson, not its plumbing, so the input of some code cells is hidden
(`hidden_input`): cells tagged ``setup`` or ``hide-input`` (a teacher's choice, cell by cell:
imports, helpers, the building of a position the prose describes, the glue around a widget)
and the ``quiz`` cells (the widget is the question; the code that builds it holds the answer),
unless tagged ``show-input`` (lesson 08 shows teachers how a quiz is written). For each such
cell the notebook gets ``"jupyter": {"source_hidden": true}`` (JupyterLab shows the input
collapsed, one click opens it) and the tag ``hide-input`` (Jupyter Book's toggle; nbconvert's
``canasta-learn export --student`` removes those inputs). The outputs always show.

The Brazilian Portuguese edition is built from the same sources, into
``notebooks/pt_BR/`` and ``canasta_learn/lessons/pt_BR/``: the same cells, with each Markdown
block (`lesson_catalog.blocks`) replaced by its translation in
``canasta_learn/locale/pt_BR/LC_MESSAGES/lessons.po`` (a block without a translation, or with a
fuzzy one, stops the build), the same code cells with their learner-facing string literals
(`lesson_catalog.code_strings`: quiz questions, printed sentences, labels) translated and every
other token kept, the title translated, and one more cell first, tagged ``setup`` and
``language`` (its source folded), that makes the engine speak Portuguese:
``canasta_learn.set_language("pt_BR")``. The notebook's ``canasta_learn`` metadata says
``"language": "pt_BR"`` (the kernelspec's ``language`` is the programming language, python)::

    python scripts/build_lessons.py          # write all four folders
    python scripts/build_lessons.py --check  # exit 1 if any folder is out of date
"""

from __future__ import annotations

import argparse
import sys
from functools import cache
from pathlib import Path
from typing import Any

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "lessons"
TARGETS = (ROOT / "notebooks", ROOT / "canasta_learn" / "lessons")
#: The editions other than English: language -> the folders it is written to.
TRANSLATED_TARGETS = {"pt_BR": (ROOT / "notebooks" / "pt_BR", ROOT / "canasta_learn" / "lessons" / "pt_BR")}
LOCALE = ROOT / "canasta_learn" / "locale"
#: The first cell of a translated edition: the engine's messages in the lesson's language.
LANGUAGE_CELL = """# As mensagens do motor em português do Brasil (set_language("en"): em inglês)
import canasta_learn

canasta_learn.set_language("{language}");  # the ; shows no output"""

#: The tags whose cells' input is hidden (see `hidden_input`).
HIDDEN_TAGS = ("setup", "hide-input", "quiz")
#: The tag that keeps a cell's input visible whatever its other tags.
SHOW_TAG = "show-input"
#: The tag written on every hidden cell (Jupyter Book, nbconvert).
HIDE_INPUT_TAG = "hide-input"

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def hidden_input(tags: list[str]) -> bool:
    """Whether a code cell with ``tags`` has its input hidden from the learner.

    >>> hidden_input(["setup"]), hidden_input(["quiz"]), hidden_input(["quiz", "show-input"])
    (True, True, False)
    >>> hidden_input(["solution"]), hidden_input([])
    (False, False)
    """
    return SHOW_TAG not in tags and any(tag in HIDDEN_TAGS for tag in tags)


def hide_input(node: nbformat.NotebookNode) -> None:
    """Mark the code cell ``node`` as hidden: its input collapsed in JupyterLab
    (``jupyter.source_hidden``) and tagged `HIDE_INPUT_TAG` for Jupyter Book and nbconvert."""
    tags = list(node.metadata.get("tags", []))
    if HIDE_INPUT_TAG not in tags:
        tags.append(HIDE_INPUT_TAG)
    node.metadata["tags"] = tags
    node.metadata["jupyter"] = {"source_hidden": True}


def sources() -> list[Path]:
    """The lesson sources, in lesson order (``00_start_here.md`` first)."""
    return sorted(SOURCES.glob("[0-9][0-9]_*.md"))


@cache
def _lesson_catalog() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("lesson_catalog", ROOT / "scripts" / "lesson_catalog.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _blocks(markdown: str) -> list[str]:
    """The blocks of a Markdown cell, as the catalogue has them (scripts/lesson_catalog.py)."""
    found: list[str] = _lesson_catalog().blocks(markdown)
    return found


@cache
def translations(language: str) -> dict[str, str]:
    """English block -> its translation, from ``language``'s lessons.po (fuzzy ones left out)."""
    from babel.messages.pofile import read_po

    with (LOCALE / language / "LC_MESSAGES" / "lessons.po").open("rb") as handle:
        catalog = read_po(handle)
    return {m.id: m.string for m in catalog
            if m.id and m.context is None and isinstance(m.id, str) and m.string and not m.fuzzy}


@cache
def context_translations(language: str, context: str) -> dict[str, str]:
    """English message -> its translation for the messages of ``context`` in ``language``'s
    lessons.po: the code cells' string literals (``code``) or the lessons' titles (``title``)."""
    from babel.messages.pofile import read_po

    with (LOCALE / language / "LC_MESSAGES" / "lessons.po").open("rb") as handle:
        catalog = read_po(handle)
    return {m.id: m.string for m in catalog
            if m.context == context and isinstance(m.id, str) and m.string and not m.fuzzy}


def translate(markdown: str, language: str, where: str) -> str:
    """``markdown`` with each block replaced by its translation, the text between blocks kept."""
    table = translations(language)
    out: list[str] = []
    position = 0
    for block in _blocks(markdown):
        start = markdown.index(block, position)
        if block not in table:
            raise SystemExit(f"{where}: no {language} translation for {block[:70]!r} "
                             "(run: python scripts/catalogs.py update, translate, compile)")
        out += [markdown[position:start], table[block]]
        position = start + len(block)
    out.append(markdown[position:])
    return "".join(out)


def to_notebook(source: Path, language: str = "en") -> nbformat.NotebookNode:
    """The lesson in ``source`` as an nbformat v4 notebook without outputs, in ``language``
    (``"en"``, the source's own, or a language of `TRANSLATED_TARGETS`)."""
    text = jupytext.read(source, fmt="md:myst")
    name = source.stem
    title = text.metadata.get("canasta_learn", {}).get("title")
    if not title:
        raise SystemExit(f"{source.relative_to(ROOT)}: no 'canasta_learn: {{title: ...}}' in the front matter")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["canasta_learn"] = {"lesson": name, "title": title}
    if language != "en":
        titles = context_translations(language, _lesson_catalog().TITLE_CONTEXT)
        if title not in titles:
            raise SystemExit(f"{source.relative_to(ROOT)}: no {language} translation for the title {title!r}")
        nb.metadata["canasta_learn"]["title"] = titles[title]
        nb.metadata["canasta_learn"]["language"] = language
        first = nbformat.v4.new_code_cell(LANGUAGE_CELL.format(language=language))
        first.id = f"{name[:2]}-{language.replace('_', '-')}"
        first.metadata["tags"] = ["setup", "language"]
        hide_input(first)
        first.metadata["slideshow"] = {"slide_type": "skip"}
        nb.cells.append(first)
    for index, cell in enumerate(text.cells):
        if cell.cell_type == "markdown":
            markdown = cell.source
            if language != "en":
                markdown = translate(markdown, language, f"{source.relative_to(ROOT)} cell {index + 1}")
            node = nbformat.v4.new_markdown_cell(markdown)
        elif cell.cell_type == "code":
            code = cell.source
            if language != "en":
                code = _lesson_catalog().translate_code(
                    code, context_translations(language, _lesson_catalog().CODE_CONTEXT),
                    f"{source.relative_to(ROOT)} cell {index + 1}")
            node = nbformat.v4.new_code_cell(code)
        else:
            raise SystemExit(f"{source.relative_to(ROOT)}: cell {index} is a {cell.cell_type} cell")
        node.id = f"{name[:2]}-{index:03d}"
        tags = list(cell.metadata.get("tags", []))
        if tags:
            node.metadata["tags"] = tags
        if cell.cell_type == "code" and hidden_input(tags):
            hide_input(node)
        starts_section = cell.cell_type == "markdown" and node.source.lstrip().startswith(("# ", "## "))
        node.metadata["slideshow"] = {"slide_type": "slide" if starts_section else "-"}
        nb.cells.append(node)
    nbformat.validate(nb)
    return nb


def render(source: Path, language: str = "en") -> str:
    """The notebook file's text (stable: same source, same bytes)."""
    return nbformat.writes(to_notebook(source, language)) + "\n"


def build(check: bool = False) -> list[Path]:
    """Write (or, with ``check``, compare) every lesson in every target folder, English and
    translated.

    Returns the paths that were written (or that are out of date, when checking).
    """
    changed: list[Path] = []
    editions = [("en", TARGETS), *TRANSLATED_TARGETS.items()]
    for language, folders in editions:
        changed += _build_edition(language, folders, check)
    return changed


def _build_edition(language: str, folders: tuple[Path, ...], check: bool) -> list[Path]:
    wanted = {f"{source.stem}.ipynb": render(source, language) for source in sources()}
    changed: list[Path] = []
    for folder in folders:
        if not check:
            folder.mkdir(parents=True, exist_ok=True)
        for name, text in wanted.items():
            path = folder / name
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current != text:
                changed.append(path)
                if not check:
                    path.write_text(text, encoding="utf-8")
        stale = [p for p in folder.glob("*.ipynb") if p.name not in wanted] if folder.exists() else []
        for path in stale:
            changed.append(path)
            if not check:
                path.unlink()
    return changed


def main(argv: list[str] | None = None) -> int:
    """Command line: build the lessons, or check that they are up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if a lesson file is missing or out of date")
    args = parser.parse_args(argv)
    changed = build(check=args.check)
    for path in changed:
        done = "wrote" if path.exists() else "removed"
        print(f"{'out of date' if args.check else done}: {path.relative_to(ROOT)}")
    if args.check and changed:
        print("run: python scripts/build_lessons.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

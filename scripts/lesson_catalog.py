"""The lessons' prose as a gettext catalogue: every block of every Markdown cell of
``lessons/*.md`` (a heading, a paragraph, a list: text between blank lines) is one message.

    python scripts/lesson_catalog.py extract   # writes canasta_learn/locale/lessons.pot
    python scripts/lesson_catalog.py update    # merges it into every locale's lessons.po

The Portuguese editions of the lessons are built from the English sources and this catalogue
(issue 17), so the two editions have the same cells: only the prose is translated.
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
LOCALE = ROOT / "canasta_learn" / "locale"
POT = LOCALE / "lessons.pot"


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


def extract() -> Catalog:
    catalog = Catalog(project="canasta_learn lessons", version="0.1.0", charset="utf-8")
    for name, number, block in lesson_blocks():
        catalog.add(block, locations=[(f"lessons/{name}", number)])
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

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
(cells whose output the tests compare with the rule sources)::

    python scripts/build_lessons.py          # write both folders
    python scripts/build_lessons.py --check  # exit 1 if either folder is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "lessons"
TARGETS = (ROOT / "notebooks", ROOT / "canasta_learn" / "lessons")

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def sources() -> list[Path]:
    """The lesson sources, in lesson order (``00_start_here.md`` first)."""
    return sorted(SOURCES.glob("[0-9][0-9]_*.md"))


def to_notebook(source: Path) -> nbformat.NotebookNode:
    """The lesson in ``source`` as an nbformat v4 notebook without outputs."""
    text = jupytext.read(source, fmt="md:myst")
    name = source.stem
    title = text.metadata.get("canasta_learn", {}).get("title")
    if not title:
        raise SystemExit(f"{source.relative_to(ROOT)}: no 'canasta_learn: {{title: ...}}' in the front matter")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["canasta_learn"] = {"lesson": name, "title": title}
    for index, cell in enumerate(text.cells):
        if cell.cell_type == "markdown":
            node = nbformat.v4.new_markdown_cell(cell.source)
        elif cell.cell_type == "code":
            node = nbformat.v4.new_code_cell(cell.source)
        else:
            raise SystemExit(f"{source.relative_to(ROOT)}: cell {index} is a {cell.cell_type} cell")
        node.id = f"{name[:2]}-{index:03d}"
        tags = list(cell.metadata.get("tags", []))
        if tags:
            node.metadata["tags"] = tags
        starts_section = cell.cell_type == "markdown" and cell.source.lstrip().startswith(("# ", "## "))
        node.metadata["slideshow"] = {"slide_type": "slide" if starts_section else "-"}
        nb.cells.append(node)
    nbformat.validate(nb)
    return nb


def render(source: Path) -> str:
    """The notebook file's text (stable: same source, same bytes)."""
    return nbformat.writes(to_notebook(source)) + "\n"


def build(check: bool = False) -> list[Path]:
    """Write (or, with ``check``, compare) every lesson in every target folder.

    Returns the paths that were written (or that are out of date, when checking).
    """
    wanted = {f"{source.stem}.ipynb": render(source) for source in sources()}
    changed: list[Path] = []
    for folder in TARGETS:
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

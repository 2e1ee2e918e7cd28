"""Turn a notebook into a lesson source: a MyST Markdown file for ``lessons/``.

For a teacher who wrote (or changed) a lesson as a notebook in JupyterLab, and for bringing a
stored ``notebooks/*.ipynb`` back to its source: the lessons of ``lessons/`` were made from the
old generated notebooks exactly this way. Only what the sources hold is kept: each cell's text
and its tags (a code cell collapsed in JupyterLab gets the ``hide-input`` tag, so that the
built lesson hides it too), the kernelspec, and the lesson's short title (``canasta_learn.title``
in the notebook's metadata, or ``--title``). Outputs, cell ids and slideshow metadata are dropped:
``scripts/build_lessons.py`` adds them back. ::

    python scripts/notebook_to_lesson.py my_lesson.ipynb --title "Red threes"   # -> lessons/my_lesson.md
    python scripts/notebook_to_lesson.py notebooks/04_scoring.ipynb --out /tmp/  # -> /tmp/04_scoring.md
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parents[1]
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def to_myst(notebook: nbformat.NotebookNode, title: str | None = None) -> str:
    """The MyST Markdown text of ``notebook``: cell sources and tags, kernelspec and title."""
    title = title or notebook.metadata.get("canasta_learn", {}).get("title")
    if not title:
        raise SystemExit("the notebook has no canasta_learn title in its metadata: pass --title")
    lesson = nbformat.v4.new_notebook()
    lesson.metadata["kernelspec"] = dict(KERNELSPEC)
    lesson.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
    lesson.metadata["canasta_learn"] = {"title": title}
    lesson.metadata["jupytext"] = {"notebook_metadata_filter": "canasta_learn"}
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            new = nbformat.v4.new_markdown_cell(cell.source)
        elif cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(cell.source)
        else:
            continue  # raw cells have no place in a lesson
        tags = list(cell.get("metadata", {}).get("tags", []))
        collapsed = cell.get("metadata", {}).get("jupyter", {}).get("source_hidden", False)
        if cell.cell_type == "code" and collapsed and "hide-input" not in tags:
            tags.append("hide-input")  # collapsed in JupyterLab: hidden in the lesson too
        if tags:
            new.metadata["tags"] = tags
        lesson.cells.append(new)
    text: str = jupytext.writes(lesson, fmt="md:myst")
    return text


def main(argv: list[str] | None = None) -> int:
    """Command line: convert each notebook given into ``OUT/NAME.md`` (default ``lessons/``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path, help="the .ipynb files to convert")
    parser.add_argument("--out", type=Path, default=ROOT / "lessons", help="folder for the .md files")
    parser.add_argument("--title", help="the lesson's short title, if its metadata has none")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.notebooks:
        notebook = nbformat.read(path, as_version=4)
        target = args.out / f"{path.stem}.md"
        target.write_text(to_myst(notebook, args.title), encoding="utf-8")
        print(f"wrote: {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

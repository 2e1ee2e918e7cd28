"""``canasta-learn export``: run every lesson and write static HTML pages or slides.

``canasta-learn export --to html|slides OUT [--student]`` executes every lesson shipped in the
package (see `canasta_learn.cli.lessons`) in a fresh kernel and writes static pages in which
cards, tables and verdicts show without a kernel or network (they are the inline SVG/HTML of
the static reprs). Interactive widgets cannot run in a static page; each is replaced by a
short note, except quizzes, which keep their static rendering (question, cards, choices, and
the answer with the engine's verdict in a closed ``<details>`` element). ``--student`` removes
the cells tagged ``solution`` and the code of the cells whose input a learner does not read
(tagged ``hide-input`` or ``remove-input``: setup, helpers, quizzes; their outputs stay).
The pages are self-contained: the package's nbconvert templates (``data/export_templates``)
leave out require.js, MathJax, mermaid and the widget renderer, which nbconvert loads from CDNs,
and the slides inline the package's reveal.js (``data/reveal.js``).
``OUT/index.html`` links every page, so OUT is a static site.

Exporting into a folder that already holds pages adds to it: ``index.html`` links the pages
written now and those an earlier export wrote (still there), and nothing else in the folder
is touched. A page and the index are each replaced whole (a temporary file, then renamed),
and the index is rewritten after every page, so an interrupted or failed export leaves every
page it wrote linked and no file cut short. An ``index.html`` that an export did not write is
refused before any lesson runs.

Errors print one line and exit with status 2 (see `canasta_learn.cli`).
"""

from __future__ import annotations

import argparse
import html
import os
import re
import tempfile
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.extras import require_extra
from ..core.files import replace_file
from ..core.i18n import get_language, gettext, ngettext
from .lessons import LessonsError, lesson_names, lessons_dir

__all__ = [
    "DEFAULT_TIMEOUT",
    "HIDDEN_INPUT_TAGS",
    "SOLUTION_TAG",
    "STATIC_ATTR",
    "WIDGET_MIME",
    "execute_lesson",
    "export_lessons",
    "index_entries",
    "index_page",
    "index_text",
    "register",
    "reveal_assets",
    "static_notebook",
]

#: The cell tag of answer cells (removed by ``export --student``).
SOLUTION_TAG = "solution"
#: The cell tags whose input ``export --student`` leaves out (the output stays): the tag
#: ``scripts/build_lessons.py`` writes on hidden cells, and Jupyter Book's tag for removing it.
HIDDEN_INPUT_TAGS = ("hide-input", "remove-input")
#: The MIME type of an ipywidgets view in a notebook output.
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: The attribute marking a widget's own static ``text/html`` rendering (quizzes); it must
#: equal ``canasta_learn.widgets.quiz.STATIC_ATTR`` (kept here so that exporting does not
#: import ipywidgets).
STATIC_ATTR = "data-cl-static"
#: Seconds one cell may run during ``export`` before the export fails.
DEFAULT_TIMEOUT = 120
#: The mark of an ``index.html`` written by ``export`` (how a later export knows it may merge it).
INDEX_GENERATOR = '<meta name="generator" content="canasta-learn export">'
#: An index as ``export`` writes it (with `INDEX_GENERATOR`, or as exports wrote it before it).
_INDEX_RE = re.compile(
    r'<!DOCTYPE html>\n<html lang="[^"<>]*"><head><meta charset="utf-8">(?:' + re.escape(INDEX_GENERATOR)
    + r')?<title>[^<]*</title></head><body><h1>[^<]*</h1><ul>\n(?P<items>(?:<li><a href="[^"<>]*">[^<]*</a></li>\n)*)'
    r'\n?</ul></body></html>\n?\Z')
_INDEX_ITEM_RE = re.compile(r'<li><a href="(?P<href>[^"<>]*)">(?P<text>[^<]*)</a></li>')


def _tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _widget_note(output: Any) -> Any:
    """A static stand-in for a widget output: the widget's kind and how to use it."""
    import nbformat

    plain = str(output.get("data", {}).get("text/plain", ""))
    kind = plain.split("(", 1)[0].strip() or "widget"
    if not kind.isidentifier():
        kind = "widget"
    text = gettext("Interactive {kind}: open this lesson in JupyterLab "
                   "(canasta-learn lessons) to use it.").format(kind=kind)
    note = (f'<div class="cl-static-note" style="border:1px dashed #999;padding:6px 10px;'
            f'margin:4px 0;font-style:italic">{html.escape(text)}</div>')
    data = {"text/html": note, "text/plain": text}
    return nbformat.v4.new_output("display_data", data=data)  # type: ignore[no-untyped-call]


def _static_output(output: Any) -> Any:
    """A widget output for a static page: its own static rendering if it has one (a
    ``text/html`` marked with `STATIC_ATTR`, as quizzes give), otherwise `_widget_note`."""
    import nbformat

    data = output.get("data", {})
    page = str(data.get("text/html", ""))
    if f"{STATIC_ATTR}=" not in page:
        return _widget_note(output)
    kept = {"text/html": page, "text/plain": str(data.get("text/plain", ""))}
    return nbformat.v4.new_output("display_data", data=kept)  # type: ignore[no-untyped-call]


def static_notebook(nb: Any, *, student: bool = False) -> Any:
    """The executed notebook ready for a static page: widget outputs replaced by their
    static rendering (quizzes) or by a note (other widgets), and with ``student`` the cells
    tagged ``solution`` removed and the input of the cells tagged `HIDDEN_INPUT_TAGS` left out
    (``transient.remove_source``, which nbconvert's templates honour). Returns a new notebook."""
    import copy

    out = copy.deepcopy(nb)
    if student:
        out.cells = [c for c in out.cells if SOLUTION_TAG not in _tags(c)]
    for cell in out.cells:
        if cell.get("cell_type") != "code":
            continue
        if student and any(tag in HIDDEN_INPUT_TAGS for tag in _tags(cell)):
            cell.metadata.setdefault("transient", {})["remove_source"] = True
        cell.outputs = [
            _static_output(o) if WIDGET_MIME in o.get("data", {}) else o for o in cell.outputs
        ]
    out.metadata.pop("widgets", None)
    return out


def execute_lesson(path: Path, timeout: int = DEFAULT_TIMEOUT) -> Any:
    """Run one lesson top to bottom in a fresh ``python3`` kernel; return the notebook."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(str(path), as_version=4)  # type: ignore[no-untyped-call]
    with tempfile.TemporaryDirectory(prefix="canasta-export-") as workdir:
        manager = KernelManager(kernel_name="python3")
        if os.name == "posix":
            # Local sockets instead of TCP: nobody else on the machine can connect, and the
            # kernel does not print its "running over TCP without encryption" warning.
            manager.transport = "ipc"
            manager.ip = str(Path(workdir) / "kernel")
        client = NotebookClient(nb, km=manager, timeout=timeout, kernel_name="python3",
                                resources={"metadata": {"path": workdir}})
        try:
            client.execute()
        except CellExecutionError as error:
            name = getattr(error, "ename", "") or "error"
            value = str(getattr(error, "evalue", "") or "").splitlines()
            raise RuntimeError(gettext("lesson {lesson} failed: {error}: {message}").format(
                lesson=path.name, error=name, message=value[0] if value else "")) from None
        finally:  # the client does not stop a kernel it was handed
            if manager.has_kernel:
                manager.shutdown_kernel()
    return nb


#: The package's nbconvert templates (canasta_lab, canasta_reveal): pages that fetch nothing.
def _templates_dir() -> Path:
    return Path(str(resources.files("canasta_learn") / "data" / "export_templates"))


_CSS_WEB_IMPORT = re.compile(r"@import\s+url\(\s*['\"]?https?://[^)]*\)\s*;?", re.IGNORECASE)


def reveal_assets() -> dict[str, str]:
    """The package's reveal.js 4.0.2 (``data/reveal.js``) for inlining into slide decks:
    ``js``, ``css`` and ``theme_css`` (the *simple* theme without its web-font imports)."""
    folder = Path(str(resources.files("canasta_learn") / "data" / "reveal.js"))
    js = (folder / "reveal.js").read_text(encoding="utf-8").replace("</script", "<\\/script")
    theme = _CSS_WEB_IMPORT.sub("", (folder / "theme-simple.css").read_text(encoding="utf-8"))
    return {"js": js, "css": (folder / "reveal.css").read_text(encoding="utf-8"),
            "theme_css": theme}


def _exporter(to: str) -> Any:
    """nbconvert's exporter for ``to`` with the package's self-contained template."""
    from nbconvert import HTMLExporter, SlidesExporter

    if to == "html":
        return HTMLExporter(template_name="canasta_lab",  # type: ignore[no-untyped-call]
                            extra_template_basedirs=[str(_templates_dir())])
    return SlidesExporter(template_name="canasta_reveal",  # type: ignore[no-untyped-call]
                          extra_template_basedirs=[str(_templates_dir())], reveal_theme="simple")


def export_lessons(out: Path, to: str = "html", *, student: bool = False,
                   timeout: int = DEFAULT_TIMEOUT, names: Sequence[str] | None = None,
                   ) -> list[Path]:
    """Execute the lessons and write one static page per lesson into ``out``.

    ``to`` is ``"html"`` (``NAME.html``) or ``"slides"`` (reveal.js, ``NAME.slides.html``).
    Returns the pages written (plus ``index.html``).
    """
    if to not in ("html", "slides"):
        raise ValueError(gettext("unknown export format {value}: use html or slides").format(value=repr(to)))
    available = lesson_names()
    chosen = list(names) if names else available
    for name in chosen:
        if name not in available:
            raise LessonsError(gettext("no lesson {lesson}; the lessons are: {lessons}").format(
                lesson=repr(name), lessons=", ".join(available)))
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(gettext("{path} exists and is not a folder").format(path=out))
    index = out / "index.html"
    earlier = index_entries(index)  # refuses an index export did not write, before any lesson runs
    exporter = _exporter(to)
    page_resources: dict[str, Any] = {"canasta_reveal": reveal_assets()} if to == "slides" else {}
    suffix = ".html" if to == "html" else ".slides.html"
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    titles = {href: text for href, text in earlier if (out / href).is_file()}  # pages still there
    kept = len(titles)
    for name in chosen:
        executed = execute_lesson(lessons_dir() / name, timeout)
        page_nb = static_notebook(executed, student=student)
        title = str(page_nb.metadata.get("canasta_learn", {}).get("title") or name)
        body, _resources = exporter.from_notebook_node(
            page_nb, resources={"metadata": {"name": title}, **page_resources})
        target = out / (Path(name).stem + suffix)
        replace_file(target, body)
        written.append(target)
        if target.name in titles:
            kept -= 1
        lesson = index_text(name, page_nb.metadata.get("canasta_learn", {}).get("title"))
        titles[target.name] = lesson if to == "html" else gettext("{lesson} (slides)").format(lesson=lesson)
        replace_file(index, index_page(sorted(titles.items()), student=student))  # every page written is linked
        print(gettext("wrote {file}").format(file=target), flush=True)
    if kept:
        print(ngettext("{file} also links {count} page an earlier export wrote there.",
                       "{file} also links {count} pages an earlier export wrote there.", kept).format(
            file=index, count=kept), flush=True)
    written.append(index)
    return written


def index_text(name: str, title: object) -> str:
    """How the index names a lesson: its number and its title ("02 · Frozen and blocked piles"),
    or, for a notebook without a title, its file name in words.

    >>> index_text("02_frozen_and_blocked_piles.ipynb", "Frozen and blocked piles")
    '02 · Frozen and blocked piles'
    >>> index_text("my_notes.ipynb", None)
    'my notes'
    """
    stem = Path(name).stem
    number, _, _rest = stem.partition("_")
    if isinstance(title, str) and title.strip():
        return f"{number} · {title.strip()}" if number.isdigit() else title.strip()
    return stem.replace("_", " ")


def index_page(entries: Sequence[tuple[str, str]], *, student: bool = False) -> str:
    """The ``index.html`` linking ``entries`` (file name, text), marked as `export`'s own."""
    items = "\n".join(f'<li><a href="{html.escape(href)}">{html.escape(text)}</a></li>'
                      for href, text in entries)
    heading = html.escape(gettext("canasta_learn student handouts") if student else gettext("canasta_learn lessons"))
    return (f"<!DOCTYPE html>\n<html lang=\"{get_language().replace('_', '-')}\"><head><meta charset=\"utf-8\">"
            f"{INDEX_GENERATOR}<title>{heading}</title></head><body><h1>{heading}</h1>"
            f"<ul>\n{items}\n</ul></body></html>\n")


def index_entries(index: Path) -> list[tuple[str, str]]:
    """The (file name, text) entries of an ``index.html`` that `export_lessons` wrote; none if
    there is no such file. Raises `LessonsError` for a file it did not write (a user's own
    page, which an export must not replace)."""
    try:
        text = index.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as error:
        raise LessonsError(gettext("cannot read {file}: {problem}").format(file=index, problem=error)) from None
    found = _INDEX_RE.match(text)
    if found is None:
        raise LessonsError(gettext("{file} was not written by canasta-learn export, so an export must not replace "
                                   "it: give another folder, or move that file away").format(file=index))
    return [(html.unescape(m["href"]), html.unescape(m["text"])) for m in _INDEX_ITEM_RE.finditer(found["items"])]


def run_export(args: argparse.Namespace) -> int:
    """Handle ``canasta-learn export``."""
    require_extra("lessons", "canasta-learn export", modules=("nbformat", "nbclient", "nbconvert", "ipykernel"))
    names = [n if n.endswith(".ipynb") else f"{n}.ipynb" for n in args.lesson or []]
    try:
        pages = export_lessons(Path(args.out), args.to, student=args.student,
                               timeout=args.timeout, names=names)
    except RuntimeError as error:  # a lesson failed or its kernel died: one line, status 2
        raise LessonsError(str(error)) from None
    count = len(pages) - 1  # English says "1 pages" / "1 slide decks", as before translation
    if args.to == "slides":
        made = ngettext("{count} slide decks in {folder} (open index.html)",
                        "{count} slide decks in {folder} (open index.html)", count)
    else:
        made = ngettext("{count} pages in {folder} (open index.html)",
                        "{count} pages in {folder} (open index.html)", count)
    print(made.format(count=count, folder=args.out))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``export`` subcommand."""
    export = subparsers.add_parser(
        "export", help=gettext("run every lesson and write static HTML pages or slides"),
        description=gettext("Execute every lesson in a fresh kernel and write static pages (cards, "
                            "tables and verdicts as inline SVG/HTML: no kernel or network needed)."))
    export.add_argument("--to", choices=("html", "slides"), default="html",
                        help=gettext("html pages (default) or reveal.js slides"))
    export.add_argument("out", help=gettext("the output folder"))
    export.add_argument("--student", action="store_true",
                        help=gettext("leave out the answer cells (tagged 'solution') and the code of the setup, "
                                     "helper and quiz cells (tagged 'hide-input')"))
    export.add_argument("--lesson", action="append", metavar="NAME",
                        help=gettext("export only this lesson (repeatable), e.g. 02_frozen_and_blocked_piles"))
    export.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT,
                        help=gettext("seconds a cell may run (default {seconds})").format(seconds=DEFAULT_TIMEOUT))
    export.set_defaults(handler=run_export)

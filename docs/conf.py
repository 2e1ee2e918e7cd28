"""Sphinx configuration of canasta_learn's documentation site (MyST Markdown, myst-nb, autodoc).

Build it: ``pip install -e ".[docs]"`` then ``python -m sphinx -b html docs docs/_build/html``
(``tests/docs/test_docs_site.py`` builds it and checks every link). The pages are the
Markdown files of ``docs/``; the lessons are their MyST sources (``lessons/*.md``, copied into
``docs/_lessons/`` at build time and shown without running them); the API reference is
generated from the docstrings (``api.md``).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project = "canasta_learn"
author = "canasta_learn developers"
copyright = "canasta_learn developers, MIT licence"  # noqa: A001 (Sphinx's setting name)
extensions = ["myst_nb", "sphinx.ext.autodoc"]
source_suffix = {".md": "myst-nb"}
exclude_patterns = ["_build", "images/README.md"]
root_doc = "index"
html_theme = "alabaster"
html_title = "canasta_learn"
html_static_path: list[str] = []
# the lessons are shown as written (their code and prose); the tests run them elsewhere
nb_execution_mode = "off"
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# docstrings write `name` for code: show it as code rather than as a cross-reference
default_role = "code"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
suppress_warnings = ["myst.header"]

#: ``<a id="rules-melds"></a>`` anchors of the rules pages, made Sphinx labels so that links
#: such as ``rules.md#rules-melds`` resolve (and a broken one is reported).
_ANCHOR = re.compile(r'^<a id="([\w-]+)"></a>\s*$', re.M)


def _anchors_to_labels(app: Any, docname: str, source: list[str]) -> None:
    source[0] = _ANCHOR.sub(r"(\1)=", source[0])


def _copy_lessons(app: Any) -> None:
    """Copy the lessons' MyST sources beside the pages (``_lessons/``, ignored by git)."""
    target = Path(app.srcdir) / "_lessons"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir()
    for lesson in sorted((ROOT / "lessons").glob("[0-9][0-9]_*.md")):
        shutil.copy2(lesson, target / lesson.name)


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _copy_lessons)
    app.connect("source-read", _anchors_to_labels)
    return {"parallel_read_safe": True}

"""The documentation site builds with no warning and no broken link (docs/conf.py).

Sphinx builds ``docs/`` (MyST pages, the lessons' sources, the API reference from the
docstrings) with ``-W``: a warning (a link to a missing page or anchor, a bad directive, a
docstring autodoc cannot read) fails the build. Then every page's internal links and images
are followed in the built HTML: the file must exist and its ``#fragment`` must be an id on that
page. External links cannot be followed here (no network): they are listed and must be https.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

_MISSING = [name for name in ("sphinx", "myst_nb") if importlib.util.find_spec(name) is None]
if _MISSING:  # skipped without the docs extra, except under scripts/test.sh, which installs it
    _REASON = f"the docs extra is not installed (missing: {', '.join(_MISSING)}): pip install -e '.[docs]'"
    if os.environ.get("CANASTA_REQUIRE_BROWSER") == "1":
        raise RuntimeError(_REASON)
    pytest.skip(_REASON, allow_module_level=True)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("name"):
            self.ids.add(str(values["name"]))
        for attribute in ("href", "src"):
            if values.get(attribute) and tag in ("a", "img", "link", "script"):
                self.links.append(str(values[attribute]))


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def build(source: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
                           str(source), str(out)], capture_output=True, text=True, timeout=600)


def broken_links(site: Path) -> tuple[list[str], set[str]]:
    """The internal links of the built ``site`` that lead nowhere, and its external links."""
    parsed = {page: _parse(page) for page in site.rglob("*.html")}
    broken, external = [], set()
    for page, found in parsed.items():
        for link in found.links:
            parts = urlsplit(link)
            if parts.scheme in ("http", "https", "mailto"):
                external.add(link)
                continue
            if parts.scheme:
                broken.append(f"{page.relative_to(site)}: {link} (scheme {parts.scheme})")
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {link} (no such file)")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)}: {link} (no #{parts.fragment} there)")
    return broken, external


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "html"
    result = build(DOCS, out)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-5000:]
    return out


def test_docs_site_builds_every_page_lesson_and_the_api(site: Path) -> None:
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    for page in ("index.html", "rules.html", "variants.html", "engine.html", "cli.html", "widgets.html",
                 "practice.html", "classroom.html", "lessons.html", "jupyterlite.html", "api.html"):
        assert page in pages
    lessons = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.md"))
    assert len(lessons) >= 13
    assert {f"_lessons/{name}.html" for name in lessons} <= pages
    api = (site / "api.html").read_text(encoding="utf-8")
    # generated from the docstrings: the engine's classes and the practice layer's functions
    for name in ("Position", "Round", "check_meld", "score_round", "PracticeWidget", "generate"):
        assert re.search(rf'id="[\w.]*\b{name}"', api), name


def test_docs_site_has_no_broken_link(site: Path) -> None:
    broken, external = broken_links(site)
    assert broken == []
    assert all(link.startswith(("https://", "mailto:")) for link in external), sorted(external)


def test_a_broken_link_fails_the_build_or_the_check(tmp_path: Path) -> None:
    """The checks can fail: a page linking a missing anchor stops the build (-W), and a raw link
    to a missing file in the built HTML is reported by the link check."""
    source = tmp_path / "docs"
    shutil.copytree(DOCS, source, ignore=shutil.ignore_patterns("_build", "_lessons"))
    (source / "lessons").mkdir(exist_ok=True)
    page = source / "glossary.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [the melds](rules.md#no-such-rule).\n",
                    encoding="utf-8")
    result = build(source, tmp_path / "html")
    assert result.returncode != 0
    assert "no-such-rule" in result.stdout + result.stderr

    site = tmp_path / "site"
    (site / "sub").mkdir(parents=True)
    (site / "index.html").write_text('<a href="sub/page.html#here">x</a><a href="gone.html">y</a>'
                                     '<a href="http://example.org/">z</a>', encoding="utf-8")
    (site / "sub" / "page.html").write_text('<h1 id="there">t</h1>', encoding="utf-8")
    broken, external = broken_links(site)
    assert broken == ["index.html: sub/page.html#here (no #here there)", "index.html: gone.html (no such file)"]
    assert external == {"http://example.org/"}

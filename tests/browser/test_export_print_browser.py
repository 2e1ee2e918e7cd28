"""Exported lesson pages printed by Chromium on A4 (issue 27): no quiz box, position picture,
verdict, score breakdown, table, image or cell output is split across two pages.

How it is checked (as for the drill sheet, tests/browser/test_drill_sheet_browser.py): the test's
copy of each page gets a link before the first printed text of every box and one after its last
(images are wrapped in a link); Chromium prints the page to PDF with the page's own ``@page``
size, and each link becomes an annotation on every page it is printed on. A box whose first and
last marks land on different pages is split. A box taller than a printed page cannot stay whole
and is exempt (its height is measured at the printed width first; the test reports how many).
The same check with ``break-inside: avoid`` overridden finds split boxes: it fails without the
export template's print CSS.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pdf_marks import A4_POINTS, pages_of_marks
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ("02_frozen_and_blocked_piles", "04_scoring")
#: The boxes that must not be split: each output, a quiz, a position picture, a verdict, a score
#: breakdown, a pile's status, tables and images. A set of quizzes may break between quizzes.
BOXES = (".jp-OutputArea-output > :not(.cl-quiz-set-static, style, script), .cl-quiz-static, .cl-position, "
         ".cl-verdict, .cl-score, .cl-scores, .cl-pile-status, table, img")
#: Mark every box (on the page laid out for print at the A4 text width); return how many boxes
#: were marked and how many were exempt (taller than *pageHeight* CSS pixels).
MARK_JS = """([selector, pageHeight]) => {
  const link = (name) => {
    const a = document.createElement("a");
    a.href = `https://mark.invalid/${name}`;
    a.textContent = "\\u00b7";
    return a;
  };
  const shown = (node) => {
    const element = node.parentElement;
    return element && !element.closest("svg, style, script") && element.getClientRects().length > 0;
  };
  const boxes = [...document.querySelectorAll(selector)];
  const plan = [];
  let exempt = 0;
  boxes.forEach((box, index) => {
    if (box.getBoundingClientRect().height > pageHeight) { exempt += 1; return; }  // cannot stay whole
    if (box.tagName === "IMG") { plan.push(["wrap", box, index]); return; }
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT,
      {acceptNode: (n) => n.data.trim() && shown(n) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP});
    const texts = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
    if (texts.length) plan.push(["text", texts[0], texts[texts.length - 1], index]);
    else plan.push(["ends", box, index]);
  });
  for (const step of plan) {  // insert after measuring every box
    if (step[0] === "wrap") {
      const a = link(`box${step[2]}-whole`);
      a.textContent = "";
      step[1].replaceWith(a);
      a.append(step[1]);
    } else if (step[0] === "text") {
      step[1].before(link(`box${step[3]}-first`));
      step[2].after(link(`box${step[3]}-last`));
    } else {
      step[1].prepend(link(`box${step[2]}-first`));
      step[1].append(link(`box${step[2]}-last`));
    }
  }
  return [plan.length, exempt];
}"""
#: The rule removed, for the check that must then fail.
NO_AVOID = "* { break-inside: auto !important; page-break-inside: auto !important; }"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "html"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    command = [sys.executable, "-m", "canasta_learn.cli", "export", "--to", "html", str(out)]
    for lesson in LESSONS:
        command += ["--lesson", lesson]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    return out


def split_boxes(marks: dict[str, set[int]]) -> list[str]:
    """The boxes printed on more than one page."""
    boxes = {name.rsplit("-", 1)[0] for name in marks}
    split = []
    for box in sorted(boxes):
        pages = marks.get(f"{box}-whole") or (marks.get(f"{box}-first", set()) | marks.get(f"{box}-last", set()))
        if len(pages) > 1:
            split.append(box)
    return split


Printed = tuple[list[tuple[float, float]], dict[str, set[int]], int, int]


def print_page(page: Page, path: Path, *, extra_css: str = "") -> Printed:
    """Print *path* to PDF as Chromium does for A4; the page sizes, the marks' pages, the number
    of boxes marked and of boxes exempt (taller than a page)."""
    # lay the page out as it prints: A4 (210 x 297 mm) less the template's 12 mm x 14 mm margins
    page.set_viewport_size({"width": round((210 - 24) / 25.4 * 96), "height": 1000})
    page.emulate_media(media="print")
    page.goto(path.as_uri())
    if extra_css:
        page.add_style_tag(content=extra_css)
    page_height = (297 - 28) / 25.4 * 96
    marked, exempt = page.evaluate(MARK_JS, [BOXES, page_height])
    sizes, marks, _off_edge = pages_of_marks(page.pdf(prefer_css_page_size=True, print_background=True))
    return sizes, marks, marked, exempt


@pytest.mark.parametrize("lesson", LESSONS)
def test_printed_lesson_page_is_a4_and_splits_no_box_across_pages(exported: Path, page: Page, lesson: str) -> None:
    path = exported / f"{lesson}.html"
    sizes, marks, marked, exempt = print_page(page, path)
    for width, height in sizes:  # the template's @page size, A4
        assert abs(width - A4_POINTS[0]) < 1.5 and abs(height - A4_POINTS[1]) < 1.5, (width, height)
    assert len(sizes) > 2 and marked > 20  # a real handout with many boxes
    printed = {name.rsplit("-", 1)[0] for name in marks}
    assert len(printed) == marked  # every marked box printed
    assert split_boxes(marks) == []
    print(f"{lesson}: {marked} boxes on {len(sizes)} A4 pages, none split; {exempt} taller than a page (exempt)")

    # the same check without break-inside: avoid finds boxes split across pages
    _sizes, loose, _marked, _exempt = print_page(page, path, extra_css=NO_AVOID)
    assert split_boxes(loose) != []

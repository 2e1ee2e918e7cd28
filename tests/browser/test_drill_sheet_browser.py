"""The drill sheet printed by Chromium (issue 25): A4 pages, no drill's box split across two pages,
the answer key from a new page, in English and Portuguese.

How it is checked: the test's copy of the page gets a link at the start of each box (in its
heading), one at its end (in its last line) and one in the key's heading; Chromium prints the
page to PDF (``page.pdf``, the page's own ``@page`` size), and each link becomes an annotation of
the page it is printed on. The test reads the PDF's pages in order and their links, so it knows
on which page each box begins and ends. The same check on the sheet with ``break-inside: avoid``
overridden finds split boxes: the check can fail, and fails without the rule.
"""

from __future__ import annotations

import pytest
from pdf_marks import A4_POINTS, pages_of_marks
from playwright.sync_api import Page

from canasta_learn.render import drill_sheet

COUNT = 12
SEED = 2026
#: Mark each box's first and last line, and the key's heading, with a link (a PDF annotation).
MARK_JS = """() => {
  const mark = (where, name, first) => {
    const link = document.createElement("a");
    link.href = `https://mark.invalid/${name}`;
    link.textContent = "\u00b7";
    first ? where.prepend(link) : where.append(link);
  };
  for (const box of document.querySelectorAll(".cl-drill")) {
    const number = box.id.split("-")[1];
    mark(box.querySelector("h2"), `first-${number}`, true);
    mark(box.lastElementChild, `last-${number}`, false);
  }
  mark(document.querySelector(".cl-sheet-key h1"), "key", true);
}"""
#: The rule removed, for the check that must then fail.
NO_AVOID = ".cl-drill { break-inside: auto !important; page-break-inside: auto !important; }"
def _print(page: Page, sheet: str, *, extra_css: str = "") -> tuple[list[tuple[float, float]], dict[str, int]]:
    """The sheet printed: each page's size and the first page each mark is printed on (every
    mark inside its page's width: nothing printed off the paper's edge)."""
    page.set_content(sheet)
    if extra_css:
        page.add_style_tag(content=extra_css)
    page.evaluate(MARK_JS)
    sizes, marks, off_edge = pages_of_marks(page.pdf(prefer_css_page_size=True, print_background=True))
    assert off_edge == []
    return sizes, {name: min(pages) for name, pages in marks.items()}


def _split_boxes(marks: dict[str, int]) -> list[int]:
    return [n for n in range(1, COUNT + 1) if marks[f"first-{n}"] != marks[f"last-{n}"]]


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_printed_on_a4_no_drill_box_is_split_and_the_key_starts_a_new_page(page: Page, language: str) -> None:
    sheet = drill_sheet(None, seed=SEED, count=COUNT, language=language)
    sizes, marks = _print(page, sheet)
    assert len(marks) == 2 * COUNT + 1, sorted(marks)  # every mark printed
    for width, height in sizes:  # the sheet's @page size, A4
        assert abs(width - A4_POINTS[0]) < 1.5 and abs(height - A4_POINTS[1]) < 1.5, (width, height)
    assert _split_boxes(marks) == []
    last_box_page = max(marks[f"last-{n}"] for n in range(1, COUNT + 1))
    assert marks["key"] == last_box_page + 1  # the key begins the page after the last box's
    assert len(sizes) > marks["key"]
    print(f"{language}: {COUNT} drills on {last_box_page + 1} pages, the key on {len(sizes) - marks['key']}")

    # the same check without break-inside: avoid finds boxes split across pages
    _sizes, loose = _print(page, sheet, extra_css=NO_AVOID)
    assert _split_boxes(loose) != []

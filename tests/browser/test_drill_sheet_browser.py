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

import re

import pytest
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
A4_POINTS = (595.28, 841.89)  # 210 x 297 mm (Chromium rounds to whole CSS pixels)


def _objects(pdf: bytes) -> dict[int, bytes]:
    """The PDF's dictionary objects (Chromium's Skia writes them uncompressed), by number."""
    return {int(m.group(1)): m.group(2)
            for m in re.finditer(rb"(\d+) 0 obj\s*(<<(?:(?!stream).)*?>>)\s*endobj", pdf, re.S)}


def _refs(text: bytes) -> list[int]:
    return [int(n) for n in re.findall(rb"(\d+) 0 R", text)]


def pages_of_marks(pdf: bytes) -> tuple[list[tuple[float, float]], dict[str, int]]:
    """The size of each page, in order, and the page (0-based) each mark's link is printed on
    (each link inside its page's width: nothing printed off the paper's edge)."""
    objects = _objects(pdf)
    catalog = next(body for body in objects.values() if b"/Type /Catalog" in body)
    pages: list[int] = []

    def walk(number: int) -> None:
        body = objects[number]
        if b"/Type /Pages" in body:
            kids = re.search(rb"/Kids \[([^\]]*)\]", body)
            assert kids is not None
            for kid in _refs(kids.group(1)):
                walk(kid)
        else:
            pages.append(number)

    root = re.search(rb"/Pages (\d+) 0 R", catalog)
    assert root is not None
    walk(int(root.group(1)))
    sizes: list[tuple[float, float]] = []
    marks: dict[str, int] = {}
    for index, number in enumerate(pages):
        body = objects[number]
        box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", body)
        assert box is not None
        sizes.append((float(box.group(1)), float(box.group(2))))
        annots = re.search(rb"/Annots \[([^\]]*)\]", body)
        for annot in _refs(annots.group(1)) if annots else []:
            uri = re.search(rb"/URI \(https://mark\.invalid/([\w-]+)\)", objects[annot])
            rect = re.search(rb"/Rect \[([\d.-]+) [\d.-]+ ([\d.-]+)", objects[annot])
            if uri and rect:
                assert 0 <= float(rect.group(1)) <= float(rect.group(2)) <= sizes[-1][0], (uri.group(1), rect.groups())
                marks.setdefault(uri.group(1).decode(), index)
    return sizes, marks


def _print(page: Page, sheet: str, *, extra_css: str = "") -> tuple[list[tuple[float, float]], dict[str, int]]:
    page.set_content(sheet)
    if extra_css:
        page.add_style_tag(content=extra_css)
    page.evaluate(MARK_JS)
    return pages_of_marks(page.pdf(prefer_css_page_size=True, print_background=True))


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

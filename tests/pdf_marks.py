"""Where marked lines land in a PDF that Chromium printed: the print tests put links to
``https://mark.invalid/NAME`` before a box's first line and after its last, print the page
(Playwright's ``page.pdf``) and read here, from the PDF's own objects, on which pages each
link was printed, so a box split across two pages is seen (tests/browser/test_drill_sheet_browser.py,
tests/browser/test_export_print_browser.py)."""

from __future__ import annotations

import re

#: An A4 page in PDF points: 210 x 297 mm (Chromium rounds to whole CSS pixels).
A4_POINTS = (595.28, 841.89)


def _objects(pdf: bytes) -> dict[int, bytes]:
    """The PDF's dictionary objects (Chromium's Skia writes them uncompressed), by number."""
    return {int(m.group(1)): m.group(2)
            for m in re.finditer(rb"(\d+) 0 obj\s*(<<(?:(?!stream).)*?>>)\s*endobj", pdf, re.S)}


def _refs(text: bytes) -> list[int]:
    return [int(n) for n in re.findall(rb"(\d+) 0 R", text)]


def pages_of_marks(pdf: bytes) -> tuple[list[tuple[float, float]], dict[str, set[int]], list[str]]:
    """The size of each page, in order; every page (0-based) each mark's link is printed on;
    and the marks printed (partly) off their page's width."""
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
    marks: dict[str, set[int]] = {}
    off_edge: list[str] = []
    for index, number in enumerate(pages):
        body = objects[number]
        box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", body)
        assert box is not None
        sizes.append((float(box.group(1)), float(box.group(2))))
        annots = re.search(rb"/Annots \[([^\]]*)\]", body)
        for annot in _refs(annots.group(1)) if annots else []:
            uri = re.search(rb"/URI \(https://mark\.invalid/([\w-]+)\)", objects[annot])
            if not uri:
                continue
            name = uri.group(1).decode()
            marks.setdefault(name, set()).add(index)
            rect = re.search(rb"/Rect \[([\d.-]+) [\d.-]+ ([\d.-]+)", objects[annot])
            if rect and not 0 <= float(rect.group(1)) <= float(rect.group(2)) <= sizes[-1][0]:
                off_edge.append(name)
    return sizes, marks, off_edge

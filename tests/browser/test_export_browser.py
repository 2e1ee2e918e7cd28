"""Exported pages and slides work offline in a real browser: nothing is requested from the
network, reveal.js (inlined from the package) makes real slides, the cards show."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request

ROOT = Path(__file__).resolve().parents[2]
LESSON = "01_cards_and_melds"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    for to in ("html", "slides"):
        result = subprocess.run([sys.executable, "-m", "canasta_learn.cli", "export", "--to", to,
                                 str(out / to), "--lesson", LESSON],
                                capture_output=True, text=True, env=env, timeout=600)
        assert result.returncode == 0, result.stderr[-2000:]
    return out


def web_requests(page: Page) -> list[str]:
    seen: list[str] = []

    def on_request(request: Request) -> None:
        if not request.url.startswith(("file:", "data:", "about:")):
            seen.append(request.url)

    page.on("request", on_request)
    return seen


def test_exported_slides_are_real_slides_offline(exported: Path, page: Page) -> None:
    seen = web_requests(page)
    page.goto((exported / "slides" / f"{LESSON}.slides.html").as_uri())
    page.wait_for_function("window.Reveal && Reveal.isReady()")
    assert page.evaluate("Reveal.getTotalSlides()") >= 8
    # one slide shown at a time (offline with a CDN reveal.js the deck was one long page)
    assert page.locator(".reveal .slides > section.present").count() == 1
    assert page.evaluate("Reveal.getIndices().h") == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_function("Reveal.getIndices().h === 1")
    assert page.locator(".reveal .slides svg").count() > 0
    assert seen == []


def test_exported_page_and_index_load_nothing_from_the_network(exported: Path, page: Page) -> None:
    seen = web_requests(page)
    page.goto((exported / "html" / "index.html").as_uri())
    page.get_by_role("link", name="01 · Cards and melds").click()  # the index names lessons by number and title
    page.wait_for_load_state("load")
    assert page.url.endswith(f"{LESSON}.html")
    cards = page.locator("svg title")
    assert cards.count() > 10 and (cards.first.text_content() or "").strip() != ""
    assert seen == []

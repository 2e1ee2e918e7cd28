"""Play view pacing in a real browser: prints figures; run `python benchmarks/bench_play_pacing.py`.

For each bot speed (``instant``, ``normal``, ``slow``) a Voila page (what `canasta-learn play`
serves) plays seed 3 in the browser, by clicks, for a few turns. Measured in the page with
``performance.now()`` from the click to a MutationObserver seeing the answer:

- Draw, clicked the moment the status line says "Your turn: draw" -> "You drew" is shown
  (the learner's own action; goal under 100 ms at every speed);
- Discard (a card selected) -> "You discarded" is shown (the learner's own action);
- Skip (bots' moves), clicked as soon as it shows after the discard -> "Your turn" is shown
  (left out at the instant speed, and when the page has no Skip button);
- the bots' whole reply, Discard -> "Your turn" without Skip (informational: the pacing).

Medians over the turns played. Needs the test extra and Debian's Chromium (as the browser tests).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

#: Click ``click`` (a selector) and resolve with the milliseconds until an element matching
#: ``wait`` contains ``text``; with ``first`` (a selector and text) wait for that first.
MEASURE_JS = """async ([click, wait, text, first, firstText]) => {
  const has = (sel, t) => { const e = document.querySelector(sel); return !!e && e.textContent.includes(t); };
  const until = (sel, t) => new Promise((resolve) => {
    if (has(sel, t)) { resolve(); return; }
    const obs = new MutationObserver(() => { if (has(sel, t)) { obs.disconnect(); resolve(); } });
    obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  if (first) await until(first, firstText);
  const t0 = performance.now();
  document.querySelector(click).click();
  await until(wait, text);
  return performance.now() - t0;
}"""

STATUS, NARRATION = ".cl-play-status", ".cl-play-narration"


def cell(speed: str) -> str:
    return ("from canasta_learn.widgets import PlayWidget\n"
            f"PlayWidget(seed=3, speed={speed!r}, player_names=['You', 'Ebba', 'Sam', 'Wen'])")


def play_turns(page: object, turns: int, skip: bool) -> dict[str, list[float]]:
    """Play ``turns`` turns; return the measured milliseconds by name."""
    figures: dict[str, list[float]] = {"draw": [], "discard": [], "skip": [], "reply": []}
    for _turn in range(turns):
        figures["draw"].append(page.evaluate(MEASURE_JS, ["button.cl-button-draw", NARRATION, "You drew",
                                                          STATUS, "Your turn: draw"]))
        cards = page.locator(".cl-play-widget .cl-hand-card")
        for i in range(cards.count() - 1, -1, -1):
            cards.nth(i).click()
            page.locator(".cl-play-selection").wait_for()
            has_skip = page.locator("button.cl-button-skip").count() > 0
            figures["discard"].append(page.evaluate(MEASURE_JS, ["button.cl-button-discard", NARRATION,
                                                                 "You discarded", None, None]))
            break
        if "The round is over" in page.locator(STATUS).inner_text():
            break
        if skip and has_skip:
            page.locator("button.cl-button-skip").wait_for(state="visible")
            figures["skip"].append(page.evaluate(MEASURE_JS, ["button.cl-button-skip", STATUS, "Your turn",
                                                              None, None]))
        else:
            start = page.evaluate("performance.now()")
            page.wait_for_function("document.querySelector('.cl-play-status').textContent.includes('Your turn')",
                                   timeout=60_000)
            figures["reply"].append(page.evaluate("performance.now()") - start)
        if "The round is over" in page.locator(STATUS).inner_text():
            break
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=6, help="turns per speed and mode (default 6)")
    args = parser.parse_args()
    from harness import CHROMIUM, CHROMIUM_ARGS, start_voila, stub_offline_requests, write_notebook
    from playwright.sync_api import sync_playwright

    from canasta_learn.widgets.play import SPEEDS

    print(f"Play view pacing in the browser (Voila, seed 3, {args.turns} turns; medians in ms)")
    print(f"{'speed':<9} {'Draw':>8} {'Discard':>8} {'Skip':>8} {'bots reply':>11}")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for speed in SPEEDS:
                results: dict[str, list[float]] = {"draw": [], "discard": [], "skip": [], "reply": []}
                for skip in (False, True):
                    notebook = write_notebook(Path(tmp) / f"{speed}-{skip}.ipynb", [cell(speed)])
                    server = start_voila(notebook, Path(tmp) / f"home-{speed}-{skip}")
                    try:
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        stub_offline_requests(context)
                        page = context.new_page()
                        page.set_default_timeout(60_000)
                        page.goto(server.base_url)
                        page.locator(".cl-play-widget .cl-hand-card").first.wait_for(timeout=60_000)
                        for name, values in play_turns(page, args.turns, skip and SPEEDS[speed] > 0).items():
                            results[name].extend(values)
                        context.close()
                    finally:
                        server.stop()

                def median(name: str, results: dict[str, list[float]] = results) -> str:
                    values = results[name]
                    return f"{statistics.median(values):.0f}" if values else "n/a"

                print(f"{speed:<9} {median('draw'):>8} {median('discard'):>8} {median('skip'):>8} "
                      f"{median('reply'):>11}", flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()

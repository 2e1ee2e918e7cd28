"""Play view pacing in a real browser: prints figures; run `python benchmarks/bench_play_pacing.py`.

For each bot speed (``instant``, ``normal``, ``slow``) a Voila page (what `canasta-learn play`
serves) plays seed 3 in the browser, by clicks, for a few turns (dealing a new round when one
ends). Measured in the page with ``performance.now()`` from the click to a MutationObserver
seeing the answer:

- Draw, clicked the moment the status line says "Your turn: draw" -> "You drew" is shown
  (the learner's own action; goal under 100 ms median at every speed);
- Select, a click on a card of the hand -> the kernel's "Selected: ..." line is shown (the
  learner's own action, the most frequent one);
- Discard (a card selected) -> "You discarded" is shown (the learner's own action);
- Select while the bots play: a card clicked while paced bot moves are still to come -> the
  "Selected: ..." line is shown (the learner's own action during the pacing; paced speeds only;
  the card is clicked again to clear the selection before the learner's turn);
- Skip (bots' moves), clicked as soon as it shows after the discard -> "Your turn" (or the
  round's end) is shown (left out at the instant speed, and when the page has no Skip button);
- the bots' whole reply, Discard -> "Your turn" (or the round's end) without Skip
  (informational: the pacing itself, about ``SPEEDS[speed]`` seconds per bot move).

Medians over the turns played. Needs the test extra and Debian's Chromium (as the browser tests).

Measured (2026-12-04, the 2-core machine shared with other helpers' jobs, 1-minute load average
3.1-4.3 during the run, under ``nice -n 10``, ``--turns 8``; medians in ms)::

    speed           Draw     Select    Discard Sel. paced       Skip bots reply
    instant           48         53         57        n/a        n/a         12
    normal            53         50         59         53         55       5444
    slow              49         52         61         52         57      12108

Every learner's own action (Draw, Select, Discard, a selection during the bots' moves, Skip) is
answered well under 100 ms median at every speed: the bots' pauses are timers on the kernel's
event loop, never sleeps in a click handler, and your click first plays any paced bot moves
still to come at once (before the timers, commit 95018a0 measured Draw at 25 / 893 / 1991 ms at
instant / normal / slow). The bots' reply is the pacing itself.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

#: Click ``click`` (a selector) and resolve with the milliseconds until the element matching
#: ``wait`` has changed and contains one of ``texts`` (changed: a round's deal already tells
#: "You drew 6♥ to replace it" when you lay down a red three).
MEASURE_JS = """async ([click, wait, texts]) => {
  const text = () => { const e = document.querySelector(wait); return e ? e.textContent : ""; };
  const before = text();
  const has = () => { const now = text(); return now !== before && texts.some((t) => now.includes(t)); };
  const t0 = performance.now();
  document.querySelector(click).click();
  await new Promise((resolve) => {
    if (has()) { resolve(); return; }
    const obs = new MutationObserver(() => { if (has()) { obs.disconnect(); resolve(); } });
    obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  return performance.now() - t0;
}"""
#: True once the status line shows one of the texts (for ``page.wait_for_function``).
STATUS_JS = """(texts) => { const e = document.querySelector('.cl-play-status');
  return !!e && texts.some((t) => e.textContent.includes(t)); }"""

STATUS, NARRATION = ".cl-play-status", ".cl-play-narration"
YOUR_TURN, ROUND_OVER = "Your turn", "The round is over"
#: The figures, in the order printed: name -> column heading.
COLUMNS = {"draw": "Draw", "select": "Select", "discard": "Discard", "paced": "Sel. paced", "skip": "Skip",
           "reply": "bots reply"}
#: True while the kernel's "Selected: ..." line is shown.
SELECTED_JS = "() => document.querySelector('.cl-play-widget').textContent.includes('Selected:')"
WAIT_MS = 120_000


def cell(speed: str) -> str:
    return ("from canasta_learn.widgets import PlayWidget\n"
            f"PlayWidget(seed=3, speed={speed!r}, player_names=['You', 'Ebba', 'Sam', 'Wen'])")


def measure(page: Any, click: str, wait: str, *texts: str) -> float:
    value: float = page.evaluate(MEASURE_JS, [click, wait, list(texts)])
    return value


def play_turns(page: Any, turns: int, skip: bool) -> dict[str, list[float]]:
    """Play ``turns`` turns (New round when a round ends); return the milliseconds by name."""
    figures: dict[str, list[float]] = {name: [] for name in COLUMNS}
    played = 0
    while played < turns:
        page.wait_for_function(STATUS_JS, arg=["Your turn: draw", ROUND_OVER], timeout=WAIT_MS)
        if ROUND_OVER in page.locator(STATUS).inner_text():
            page.locator("button.cl-button-new").click()
            page.wait_for_function(f"() => !({STATUS_JS})([{ROUND_OVER!r}])", timeout=WAIT_MS)
            continue
        figures["draw"].append(measure(page, "button.cl-button-draw", NARRATION, "You drew"))
        figures["select"].append(measure(page, ".cl-play-widget .cl-hand-card:last-child",
                                         ".cl-play-widget", "Selected:"))
        has_skip = page.locator("button.cl-button-skip").count() > 0
        figures["discard"].append(measure(page, "button.cl-button-discard", NARRATION, "You discarded"))
        played += 1
        if skip and has_skip and page.locator("button.cl-button-skip").is_visible():
            figures["skip"].append(measure(page, "button.cl-button-skip", STATUS, YOUR_TURN, ROUND_OVER))
        else:
            start = page.evaluate("performance.now()")
            if has_skip and page.locator("button.cl-button-skip").is_visible():
                first_card = ".cl-play-widget .cl-hand-card:first-child"
                figures["paced"].append(measure(page, first_card, ".cl-play-widget", "Selected:"))
                page.locator(first_card).click()
                page.wait_for_function(f"() => !({SELECTED_JS})()", timeout=WAIT_MS)
            page.wait_for_function(STATUS_JS, arg=[YOUR_TURN, ROUND_OVER], timeout=WAIT_MS)
            figures["reply"].append(page.evaluate("performance.now()") - start)
    return figures


def main() -> None:
    from canasta_learn.widgets.play import SPEEDS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=8, help="turns per speed and mode (default 8)")
    parser.add_argument("--speeds", nargs="+", choices=list(SPEEDS), default=list(SPEEDS),
                        help="the bot speeds to measure (default: all)")
    args = parser.parse_args()
    from harness import CHROMIUM, CHROMIUM_ARGS, start_voila, stub_offline_requests, write_notebook
    from playwright.sync_api import sync_playwright

    print(f"Play view pacing in the browser (Voila, seed 3, {args.turns} turns; medians in ms)")
    print(f"{'speed':<9}" + "".join(f" {heading:>10}" for heading in COLUMNS.values()))
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for speed in args.speeds:
                results: dict[str, list[float]] = {name: [] for name in COLUMNS}
                for skip in (False, True):
                    notebook = write_notebook(Path(tmp) / f"{speed}-{skip}.ipynb", [cell(speed)])
                    server = start_voila(notebook, Path(tmp) / f"home-{speed}-{skip}")
                    try:
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        stub_offline_requests(context)
                        page = context.new_page()
                        page.set_default_timeout(WAIT_MS)
                        page.goto(server.base_url)
                        page.locator(".cl-play-widget .cl-hand-card").first.wait_for(timeout=WAIT_MS)
                        for name, values in play_turns(page, args.turns, skip and SPEEDS[speed] > 0).items():
                            results[name].extend(values)
                        context.close()
                    finally:
                        server.stop()
                medians = [f"{statistics.median(results[name]):.0f}" if results[name] else "n/a"
                           for name in COLUMNS]
                print(f"{speed:<9}" + "".join(f" {m:>10}" for m in medians), flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()

"""Widget benchmarks: prints figures; run `python benchmarks/bench_widgets.py`.

Kernel side (no browser), median of 20:

- PlayWidget: pressing Discard (the engine's check, the discard, the three bots' replies until
  it is your turn again, and redrawing the table, hand, status and log);
- PlayWidget: pressing Draw;
- ReplayViewer: one step forward, and a jump to a random step of a whole bot game.

In the browser (JupyterLab on 127.0.0.1 + Debian Chromium, as the browser tests), median of 20,
measured in the page with ``performance.now()`` from the click to a MutationObserver seeing
the updated view:

- a card click in HandWidget -> aria-pressed flips (drawn in the page);
- a card click -> the kernel's echo of the selection is on screen (round trip);
- Draw -> the status line is redrawn; Discard -> the move log shows the bots' replies;
- ReplayViewer Forward -> the notes of the next step are shown.

``--no-browser`` skips the browser part. Target: under 100 ms from click to updated view.
The PlayWidgets here narrate every move (as learners see them) with bot pacing off
(``speed="instant"``, the default).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from canasta_learn.play.bots import play_game  # noqa: E402
from canasta_learn.widgets import PlayWidget, ReplayViewer  # noqa: E402

REPEAT = 20


def median_ms(samples: list[float]) -> str:
    good = [s for s in samples if s >= 0]
    if not good:
        return "n/a"
    return f"{statistics.median(good):7.1f} ms (min {min(good):.1f}, max {max(good):.1f}, n={len(good)})"


# --------------------------------------------------------------------------- kernel side
def kernel_play() -> tuple[list[float], list[float]]:
    """Time Draw and Discard presses in fresh seeded PlayWidgets."""
    draws: list[float] = []
    discards: list[float] = []
    seed = 0
    while len(discards) < REPEAT:
        seed += 1
        play = PlayWidget(seed=seed, seat=0, bots="greedy")
        rnd = play.state
        if not play.my_turn or rnd.phase != "draw" or not rnd.stock:
            continue
        start = time.perf_counter()
        play.click("draw")
        draws.append((time.perf_counter() - start) * 1000)
        if rnd.phase != "play":
            continue
        play.select(str(rnd.hands[0][-1]))
        start = time.perf_counter()
        play.click("discard")
        elapsed = (time.perf_counter() - start) * 1000
        if play.message.startswith("You discarded"):
            discards.append(elapsed)
    return draws, discards


def kernel_replay() -> tuple[list[float], list[float], int]:
    record = play_game("greedy", seed=2)
    viewer = ReplayViewer(record)
    steps: list[float] = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        viewer.next()
        steps.append((time.perf_counter() - start) * 1000)
    rng = random.Random(1)
    jumps: list[float] = []
    for _ in range(REPEAT):
        target = rng.randrange(viewer.step_count)
        start = time.perf_counter()
        viewer.go(target)
        jumps.append((time.perf_counter() - start) * 1000)
    return steps, jumps, viewer.step_count


# --------------------------------------------------------------------------- browser side
NOTEBOOK_CELLS = [
    "import ipywidgets as w\n"
    "from canasta_learn.widgets import PlayWidget, ReplayViewer\n"
    "from canasta_learn.play.bots import play_game\n"
    "play = PlayWidget(seed=3, seat=0, bots='greedy')\n"
    "echo = w.Label('')\n"
    "echo.add_class('bench-echo')\n"
    "play.hand.observe(lambda c: setattr(echo, 'value', ' '.join(c['new'])), names='selected')\n"
    "w.VBox([play, echo])",
    "viewer = ReplayViewer(play_game('greedy', seed=2))\nviewer",
]

# Click the element matched by `click`, resolve with the ms until `watch` mutates (or -1).
MEASURE_JS = """
([watch, click]) => new Promise((resolve) => {
  const target = document.querySelector(watch);
  const button = document.querySelector(click);
  if (!target || !button) { resolve(-2); return; }
  const obs = new MutationObserver(() => {
    obs.disconnect(); clearTimeout(timer); resolve(performance.now() - t0);
  });
  obs.observe(target, {childList: true, subtree: true, characterData: true, attributes: true});
  const timer = setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
  const t0 = performance.now();
  button.click();
})
"""


# One card click: ms until the card's aria-pressed flips, and until the kernel's echo shows.
CARD_JS = """
([card, echo]) => new Promise((resolve) => {
  const node = document.querySelector(card);
  const label = document.querySelector(echo);
  const times = {};
  const done = () => { if ("local" in times && "echo" in times) {
    a.disconnect(); b.disconnect(); clearTimeout(timer); resolve([times.local, times.echo]); } };
  const a = new MutationObserver(() => { if (!("local" in times)) times.local = performance.now() - t0; done(); });
  const b = new MutationObserver(() => { if (!("echo" in times)) times.echo = performance.now() - t0; done(); });
  a.observe(node, {attributes: true, attributeFilter: ["aria-pressed"]});
  b.observe(label, {childList: true, subtree: true, characterData: true});
  const timer = setTimeout(() => { a.disconnect(); b.disconnect();
    resolve([times.local ?? -1, times.echo ?? -1]); }, 10000);
  const t0 = performance.now();
  node.click();
})
"""


def browser_figures() -> dict[str, list[float]]:
    from harness import (
        CHROMIUM,
        CHROMIUM_ARGS,
        browser_unavailable_reason,
        open_notebook,
        run_all,
        start_lab,
        write_notebook,
    )
    from playwright.sync_api import expect, sync_playwright

    reason = browser_unavailable_reason()
    if reason:
        raise RuntimeError(reason)
    out: dict[str, list[float]] = {"local": [], "echo": [], "draw": [], "discard": [],
                                   "replay": []}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "nbs"
        write_notebook(folder / "bench.ipynb", NOTEBOOK_CELLS)
        server = start_lab(folder, Path(tmp) / "home")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                open_notebook(page, server.base_url, server.token, "bench.ipynb")
                run_all(page)
                status = page.locator(".cl-play-status")
                expect(status).to_contain_text("Your turn", timeout=60_000)
                expect(page.locator(".cl-replay-notes")).to_contain_text("Round 1", timeout=60_000)

                def measure(watch: str, click: str) -> float:
                    return float(page.evaluate(MEASURE_JS, [watch, click]))

                first_card = ".cl-play-widget .cl-hand-card"
                echo = page.locator(".bench-echo")
                for i in range(REPEAT):
                    local, echoed = page.evaluate(CARD_JS, [first_card, ".bench-echo"])
                    out["local"].append(float(local))
                    out["echo"].append(float(echoed))
                    if i % 2 == 0:
                        expect(echo).not_to_have_text("")
                    else:
                        expect(echo).to_have_text("")
                while len(out["discard"]) < REPEAT:
                    text = status.inner_text()
                    if "round is over" in text:
                        page.locator("button.cl-button-new").click()
                        expect(status).not_to_contain_text("round is over")
                        continue
                    if "Your turn: draw" not in text:
                        expect(status).to_contain_text("Your turn")
                        text = status.inner_text()
                        if "Your turn: draw" not in text:
                            break
                    out["draw"].append(measure(".cl-play-status", "button.cl-button-draw"))
                    expect(status).to_contain_text("then discard")
                    page.locator(".cl-play-widget .cl-hand-card").last.click()
                    expect(page.locator(".bench-echo")).not_to_have_text("")
                    out["discard"].append(measure(".cl-play-log", "button.cl-button-discard"))
                    expect(status).not_to_contain_text("then discard")
                for _ in range(REPEAT):
                    out["replay"].append(measure(".cl-replay-notes", "button.cl-replay-forward"))
                browser.close()
        finally:
            server.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-browser", action="store_true", help="kernel-side figures only")
    args = parser.parse_args()

    draws, discards = kernel_play()
    steps, jumps, count = kernel_replay()
    print("Kernel side (median of 20)")
    print(f"  PlayWidget Draw press                          {median_ms(draws)}")
    print(f"  PlayWidget Discard press + 3 bot turns + redraw {median_ms(discards)}")
    print(f"  ReplayViewer one step forward ({count} steps)   {median_ms(steps)}")
    print(f"  ReplayViewer jump to a random step             {median_ms(jumps)}")
    if args.no_browser:
        return
    figures = browser_figures()
    print("Browser, click -> updated view (median of 20; target < 100 ms)")
    print(f"  HandWidget card click -> aria-pressed (page)   {median_ms(figures['local'])}")
    print(f"  card click -> kernel echo on screen            {median_ms(figures['echo'])}")
    print(f"  PlayWidget Draw -> status redrawn              {median_ms(figures['draw'])}")
    print(f"  PlayWidget Discard -> log with bots' replies   {median_ms(figures['discard'])}")
    print(f"  ReplayViewer Forward -> notes redrawn          {median_ms(figures['replay'])}")


if __name__ == "__main__":
    main()

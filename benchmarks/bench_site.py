"""JupyterLite site figures: prints them; run `python benchmarks/bench_site.py`.

- the build: time of ``canasta-learn site OUT`` (pip downloads cached after the first run);
- the site's size: all of it, and its Pyodide distribution (``static/pyodide``);
- cold start in the browser, median of ``--repeat`` runs: each in a new browser context (no
  HTTP cache, no IndexedDB), the site served by ``python -m http.server`` on 127.0.0.1, from
  ``page.goto`` of lesson 02 to the notebook drawn, and to the status bar's
  "Python (Pyodide) | Idle" (Pyodide booted and the 25 preloaded wheels installed); then the
  time to run all of lesson 02's cells (to its last cell's output).

``--site DIR`` measures a site already built instead of building one. Requests that would
leave 127.0.0.1 are aborted and counted (expected: 0).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import CHROMIUM, CHROMIUM_ARGS, free_port, stop_group, wait_for_port  # noqa: E402

from canasta_learn.cli.site import build_site  # noqa: E402

LESSON = "02_frozen_and_blocked_piles.ipynb"


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def cold_starts(site: Path, repeat: int) -> list[tuple[float, float, float, int]]:
    from playwright.sync_api import Route, expect, sync_playwright

    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["exposeAppInBrowser"] = True  # to run the cells
    config_path.write_text(json.dumps(config), encoding="utf-8")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = Path(tempfile.mkdtemp(prefix="bench-site-")) / "http.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
                                 "--directory", str(site)], stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    results = []
    try:
        wait_for_port(port, proc, log)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for _ in range(repeat):
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                left: list[str] = []

                def only_the_site(route: Route, left: list[str] = left) -> None:
                    if route.request.url.startswith(base + "/"):
                        route.continue_()
                    else:
                        left.append(route.request.url)
                        route.abort()

                context.route("**/*", only_the_site)
                page = context.new_page()
                start = time.perf_counter()
                page.goto(f"{base}/lab/index.html?path={LESSON}")
                page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=120_000)
                drawn = time.perf_counter() - start
                expect(page.locator("#jp-main-statusbar")).to_contain_text(
                    "Python (Pyodide) | Idle", timeout=300_000)
                idle = time.perf_counter() - start
                page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
                expect(page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-OutputArea-output")
                       ).to_contain_text("pile_frozen_needs_natural_pair", timeout=300_000)
                ran = time.perf_counter() - start - idle
                results.append((drawn, idle, ran, len(left)))
                context.close()
            browser.close()
    finally:
        stop_group(proc)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        site = args.site
        if site is None:
            start = time.perf_counter()
            site = build_site(Path(tmp) / "site", lessons=ROOT / "notebooks", source=ROOT)
            print(f"build: canasta-learn site OUT took {time.perf_counter() - start:.1f} s")
        files = sum(1 for p in site.rglob("*") if p.is_file())
        print(f"size: {folder_mb(site):.1f} MB in {files} files, of which Pyodide "
              f"(static/pyodide) {folder_mb(site / 'static' / 'pyodide'):.1f} MB")
        runs = cold_starts(site, args.repeat)
        for i, (drawn, idle, ran, left) in enumerate(runs, 1):
            print(f"run {i}: notebook drawn {drawn:.1f} s, kernel idle {idle:.1f} s, "
                  f"lesson 02 run {ran:.1f} s, requests off 127.0.0.1: {left}")
        print(f"cold start (page load -> kernel idle), median of {len(runs)}: "
              f"{statistics.median(r[1] for r in runs):.1f} s; lesson 02 run-all median "
              f"{statistics.median(r[2] for r in runs):.1f} s")


if __name__ == "__main__":
    main()

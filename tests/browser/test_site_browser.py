"""The JupyterLite site (``canasta-learn site OUT``) in a real browser, offline.

The site is built from the checkout (its lessons in ``notebooks/``, its wheel, npm's pyodide
package from ``.cache/pyodide`` or ``npm pack``, wheels from PyPI), served by ``python -m
http.server`` on 127.0.0.1 under a sub-path (as GitHub Pages serves a repository's site), and
opened in Chromium with every request that is not for that server aborted and recorded.
Lesson 02 (no pandas, no matplotlib: everything it imports is in the site) is run whole by
the Pyodide kernel in the browser and two quiz questions are answered by clicking; the test
then checks that not one request left 127.0.0.1, that none but JupyterLite's service-worker
heartbeat left the site's sub-path, and that Pyodide and the package's wheel came from the site.

The Brazilian Portuguese edition (the site's folder ``pt_BR``) is found from the site's index
(``README.md``, opened rendered), and its lesson 02 is run whole by the site's kernel, offline:
the engine's verdicts are Portuguese there, as the lesson's first cell asks (the browser's
Python has no ``CANASTA_LEARN_LANG``). The other Portuguese lessons are not run in the browser
here: their code cells are the English ones (run below) with the learner's strings translated
(tests/lessons/test_lesson_editions.py), and they run under CPython
(tests/lessons/test_lesson_quizzes.py, tests/lessons/test_lesson_editions.py).

Then every other lesson is run by the site's kernel, offline: those that import nothing the site
lacks run whole without an error; those that need pandas or matplotlib (which the site lists
at the address of Pyodide's distribution, and which cannot be had offline here) run without an
error up to the first cell that imports one by name, where the kernel is seen asking the
distribution for it. The rest of those lessons is checked under CPython by
tests/lessons/test_site_lessons.py (every compiled package imported by name no later than the
first cell that uses it), not in the browser.

The ``page`` fixture fails the test on browser console errors (all of them: the entry of
``harness.IGNORED_CONSOLE_ERRORS`` for the kernel extension in JupyterLab is removed here).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import nbformat
import pytest
from cell_imports import cell_imports
from harness import LITE_KERNEL_EXTENSION_ERROR, ConsoleLog, free_port, stop_group, wait_for_port
from playwright.sync_api import Page, expect
from site_extra import need_site_extra

from canasta_learn.cli.site import (
    INDEX,
    KERNEL_PLUGIN,
    MANIFEST,
    PYODIDE_VERSION,
    build_site,
    find_pyodide,
)
from canasta_learn.core.i18n import speaking
from canasta_learn.core.verdicts import Verdict

if TYPE_CHECKING:  # pragma: no cover - types only
    from playwright.sync_api import Route

ROOT = Path(__file__).resolve().parents[2]
LESSON = "02_frozen_and_blocked_piles.ipynb"
#: Booting Pyodide and loading 25 wheels takes 10-40 s on a loaded 2-core machine.
BOOT_TIMEOUT_MS = 240_000
RUN_TIMEOUT_MS = 120_000


def _pyodide_package() -> Path | None:
    """npm's pyodide package installed by scripts/test.sh, if there (else the build packs it)."""
    given = os.environ.get("CANASTA_PYODIDE_DIR")
    folder = Path(given) if given else ROOT / ".cache" / "pyodide" / "node_modules" / "pyodide"
    return folder if (folder / "pyodide.mjs").is_file() else None


def _npm_core(work: Path) -> Path:
    """npm's pyodide package the site is built from (packed into ``work`` if not in .cache)."""
    return _pyodide_package() or find_pyodide(None, work)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need_site_extra()
    out = build_site(tmp_path_factory.mktemp("lite") / "site", lessons=ROOT / "notebooks",
                     pyodide=_pyodide_package(), source=ROOT)
    # The test's copy only: expose the app (window.jupyterapp) so that cells run without menus.
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["exposeAppInBrowser"] = True
    config_path.write_text(json.dumps(config), encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def served(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site served by ``python -m http.server`` on 127.0.0.1 (any static host would do),
    under a sub-path as on GitHub Pages (``https://<owner>.github.io/<name>/``)."""
    port = free_port()
    log = tmp_path_factory.mktemp("http") / "http.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "--directory", str(site.parent)],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_port(port, proc, log)
        yield f"http://127.0.0.1:{port}/{site.name}"
    finally:
        stop_group(proc)


def _offline(page: Page, served: str) -> tuple[list[str], list[str]]:
    """Let ``page`` reach only the server at ``served``'s host and port: return the list of
    every URL it requests and the list of those it tried elsewhere (aborted)."""
    requested: list[str] = []
    left: list[str] = []

    def only_the_site(route: Route) -> None:
        url = route.request.url
        if url.startswith(served.rsplit("/", 1)[0] + "/"):  # 127.0.0.1 at the server's port
            route.continue_()
        else:
            left.append(url)
            route.abort()

    page.context.on("request", lambda request: requested.append(request.url))
    page.context.route("**/*", only_the_site)  # registered last, so it sees every request first
    return requested, left


def test_the_site_pyodide_lock_lists_its_wheels_and_pyodide_s_pandas_and_matplotlib(site: Path, tmp_path: Path
                                                                                   ) -> None:
    folder = site / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    wheels = sorted(p.name for p in folder.glob("*.whl"))
    local = {name: entry for name, entry in packages.items() if "://" not in entry["file_name"]}
    assert sorted(entry["file_name"] for entry in local.values()) == wheels
    for name, entry in local.items():
        assert entry["sha256"] == hashlib.sha256((folder / entry["file_name"]).read_bytes()).hexdigest(), name
    for name, entry in packages.items():
        assert set(entry["depends"]) <= set(packages), (name, entry["depends"])
    # pandas, matplotlib and what they need that the site does not serve: Pyodide's own builds,
    # entries as in npm's lock, at the address of Pyodide's distribution for this version.
    upstream = json.loads((_npm_core(tmp_path) / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    remote = {name: entry for name, entry in packages.items() if name not in local}
    assert {"pandas", "matplotlib", "numpy"} <= set(remote)
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
    for name, entry in remote.items():
        assert entry == {**upstream[name], "file_name": cdn + upstream[name]["file_name"]}, name
    for name in {d for entry in remote.values() for d in entry["depends"]} - set(remote):
        assert name in local  # served here: not fetched from the distribution
    assert packages["canasta-learn"]["imports"] == ["canasta_learn"]
    for needed in ("micropip", "ipython", "ipywidgets", "anywidget", "pyodide-kernel", "piplite"):
        assert needed in packages
    for core in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (folder / core).is_file()
    settings = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))[
        "jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert settings["disablePyPIFallback"] is True
    assert set(settings["loadPyodideOptions"]["packages"]) <= set(packages)
    assert "canasta-learn" in settings["loadPyodideOptions"]["packages"]
    # every lesson is in the site
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == sorted(
        p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def test_lesson_02_runs_offline_in_jupyterlite_and_a_quiz_is_answered(
        served: str, page: Page, page_console: ConsoleLog) -> None:
    # Here the Pyodide kernel extension is the kernel: none of its errors is harmless.
    page_console.ignored_patterns.remove(LITE_KERNEL_EXTENSION_ERROR)
    requested, left = _offline(page, served)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))

    page.goto(f"{served}/lab/index.html?path={LESSON}")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Python (Pyodide) | Idle", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")

    # The last cell (the try-it-yourself sandbox) has run: the whole lesson went through.
    last = page.locator(".jp-Notebook .jp-CodeCell").last
    # (its outputs: the displayed pile status, then the verdict; the area holds both)
    expect(last.locator(".jp-OutputArea")).to_contain_text(
        "pile_frozen_needs_natural_pair", timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".jp-Notebook")).not_to_contain_text("Traceback")
    expect(page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
           ).to_have_count(0)
    expect(page.get_by_role("img", name="Five of spades, top of the pile").first).to_be_visible()

    # The quiz set (ipywidgets in the browser's Python): a natural pair takes the frozen pile.
    quizzes = page.locator(".cl-quiz-set")
    score = quizzes.locator(".cl-quiz-score")
    expect(score).to_contain_text("0 of 6 correct", timeout=RUN_TIMEOUT_MS)
    fours = quizzes.locator(".cl-quiz").filter(has_text="You hold d4 d4 s11 h12")
    fours.get_by_role("button", name="Yes", exact=True).click()
    feedback = fours.locator(".cl-quiz-feedback")
    expect(feedback).to_contain_text("Right")
    expect(feedback).to_contain_text("natural pair of fours")
    expect(score).to_contain_text("1 of 6 correct")
    queen = quizzes.locator(".cl-quiz").filter(has_text="you hold one queen")
    queen.get_by_role("button", name="Yes", exact=True).click()
    expect(queen.locator(".cl-quiz-feedback")).to_contain_text("Not quite")
    expect(score).to_contain_text("1 of 6 correct (4 still to answer)")

    # Nothing left 127.0.0.1 (none aborted, and none seen at all, the service worker's own
    # requests included); Pyodide and the package came from the site itself.
    assert left == []
    origin = served.rsplit("/", 1)[0]
    assert [u for u in requested if not u.startswith((origin + "/", "data:", "blob:"))] == []
    # Within 127.0.0.1, everything is the site's but JupyterLite's service-worker heartbeat,
    # which it sends to the host's root (a 404 on a static host, harmless).
    off_site = {u for u in requested if u.startswith(origin + "/") and not u.startswith(served + "/")}
    assert off_site <= {origin + "/api/service-worker-heartbeat"}, off_site
    assert all(u.startswith(served.replace("http://", "ws://").rsplit("/", 1)[0] + "/") for u in sockets), sockets
    assert f"{served}/static/pyodide/pyodide.asm.wasm" in requested
    assert any(u.startswith(f"{served}/static/pyodide/canasta_learn-") for u in requested)


# --------------------------------------------------------------------------- every lesson
#: Every lesson of the site but lesson 02, which the test above runs whole (and clicks in).
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb") if p.name != LESSON)
#: The code cells of the open notebook as the browser's model holds them after running:
#: execution count, and each output's type, error name and value, stream name and text.
CELLS_JS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const found = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i).toJSON();
    if (cell.cell_type !== "code") continue;
    found.push({count: cell.execution_count, outputs: cell.outputs.map(o => ({
      type: o.output_type, ename: o.ename || "", evalue: o.evalue || "", name: o.name || "",
      text: Array.isArray(o.text) ? o.text.join("") : (o.text || "")}))});
  }
  return found;
}"""


def remote_imports(site: Path) -> dict[str, dict[str, Any]]:
    """Import name -> lock entry, for the packages of the site's lock that load from Pyodide's
    distribution (an absolute address) rather than from the site."""
    packages = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    return {module: entry for entry in packages.values() if "://" in entry["file_name"]
            for module in entry.get("imports", [])}


def problems(cell: dict[str, Any]) -> list[str]:
    """The errors and words on stderr among a cell's outputs (as `CELLS_JS` gives them)."""
    return [f"{o['ename']}: {o['evalue']}" if o["type"] == "error" else f"stderr: {o['text'][:300]}"
            for o in cell["outputs"] if o["type"] == "error" or o["name"] == "stderr"]


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_runs_in_the_site_offline_up_to_the_first_package_it_downloads(
        name: str, site: Path, served: str, page: Page, page_console: ConsoleLog) -> None:
    """Issue 24: each lesson, run by the site's Pyodide kernel in the browser, offline.

    A lesson that imports nothing the site lacks runs every cell without an error or a word on
    stderr. A lesson that needs a compiled package (pandas, matplotlib: the site's lock lists
    them at the address of Pyodide's distribution) runs without an error up to the first cell
    that imports one by name; that cell is where the kernel asks the distribution for the
    package (offline, the request is aborted and the cell's import fails), so no cell before it
    used the package indirectly. Online, that request is what makes the rest of the lesson run:
    the rest is not run here (pandas cannot be had offline), see tests/lessons/test_site_lessons.py.
    """
    page_console.ignored_patterns.remove(LITE_KERNEL_EXTENSION_ERROR)
    remote = remote_imports(site)
    sources = [c.source for c in nbformat.read(ROOT / "notebooks" / name, as_version=4).cells
               if c.cell_type == "code"]
    downloads = [i for i, source in enumerate(sources) if cell_imports(source) & set(remote)]
    first = downloads[0] if downloads else None
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
    if first is not None:  # the aborted download, as the browser and Pyodide report it
        fetched = "|".join(sorted({re.escape(e["name"]) for e in remote.values()}))
        page_console.ignore(rf"The following error occurred while loading ({fetched}):")
        page_console.ignore(r"^console\.error: Failed to fetch \(")  # its reason, the next message
    _requested, left = _offline(page, served)

    page.goto(f"{served}/lab/index.html?path={name}")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Python (Pyodide) | Idle", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")  # resolves when done
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Python (Pyodide) | Idle", timeout=RUN_TIMEOUT_MS)
    cells = page.evaluate(CELLS_JS)
    assert len(cells) == len(sources)

    ran = cells if first is None else cells[:first]
    for index, cell in enumerate(ran):
        assert cell["count"] is not None, f"{name}: code cell {index} did not run"
        assert problems(cell) == [], f"{name}: code cell {index}: {problems(cell)}"
    if first is None:
        assert left == [], left
    else:
        wanted = sorted(cell_imports(sources[first]) & set(remote))
        errors = [o for o in cells[first]["outputs"] if o["type"] == "error"]
        assert errors, f"{name}: code cell {first} imports {wanted} and ran offline without an error"
        assert any(w in errors[0]["evalue"] for w in wanted), errors[0]
        assert any(cdn + remote[w]["file_name"].rsplit("/", 1)[-1] in left for w in wanted), left
        assert all(u.startswith(cdn) for u in left), left


# --------------------------------------------------------------------------- the Portuguese edition
PT_LESSON = "pt_BR/02_frozen_and_blocked_piles.ipynb"


def test_the_site_holds_the_pt_BR_lessons_and_its_manifest_lists_them(site: Path) -> None:
    """Issue 24 §5: the Portuguese edition is in the site, as shipped, and the site owns it."""
    names = sorted(p.name for p in (ROOT / "notebooks" / "pt_BR").glob("*.ipynb"))
    assert len(names) == 13
    assert sorted(p.name for p in (site / "files" / "pt_BR").glob("*.ipynb")) == names
    listed = json.loads((site / MANIFEST).read_text(encoding="utf-8"))["files"]
    for name in names:
        served = site / "files" / "pt_BR" / name
        notebook = nbformat.read(served, as_version=4)
        nbformat.validate(notebook)
        assert notebook.cells == nbformat.read(ROOT / "notebooks" / "pt_BR" / name, as_version=4).cells, name
        assert listed[f"files/pt_BR/{name}"] == hashlib.sha256(served.read_bytes()).hexdigest(), name
    assert f"files/{INDEX}" in listed


def _first_verdict_in_portuguese(lesson: Path) -> tuple[int, Verdict]:
    """The index among the code cells of ``lesson``'s first worked check (a cell tagged
    ``check-...``), and the verdict it gives, computed here under CPython speaking pt_BR (the
    cells before it run in a namespace; the lesson's language cell is left out so that this
    process's language is not changed)."""
    namespace: dict[str, Any] = {}
    code = [c for c in nbformat.read(lesson, as_version=4).cells if c.cell_type == "code"]
    with speaking("pt_BR"):
        for index, cell in enumerate(code):
            tags = cell.metadata.get("tags", [])
            if "language" in tags:
                continue
            if any(tag.startswith("check-") for tag in tags):
                verdict = eval(cell.source, namespace)  # noqa: S307 - the lesson's own one-line check
                assert isinstance(verdict, Verdict), cell.source
                return index, verdict
            exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
    raise AssertionError(f"{lesson} has no cell tagged check-...")


def test_a_pt_BR_lesson_found_from_the_index_runs_offline_and_speaks_portuguese(
        served: str, page: Page, page_console: ConsoleLog) -> None:
    """Issue 24 §5: a Portuguese-speaking class uses the site: the index links the Portuguese
    lesson, which runs whole in the site's kernel, offline, and the engine answers in Portuguese."""
    page_console.ignored_patterns.remove(LITE_KERNEL_EXTENSION_ERROR)
    _requested, left = _offline(page, served)
    index, verdict = _first_verdict_in_portuguese(ROOT / "notebooks" / PT_LESSON)
    # the notebook shows a verdict as the learner reads it (cards as symbols, seats by name)
    with speaking("pt_BR"):
        shown = verdict.learner_message()
    with speaking("en"):
        english = verdict.learner_message()
    assert shown != english  # the sentence looked for is not the English one

    page.goto(f"{served}/lab/index.html?path={INDEX}")
    link = page.locator(".jp-RenderedMarkdown").get_by_role("link", name="02 · Pilhas congeladas e bloqueadas")
    link.click(timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".jp-NotebookPanel .jp-Cell").first).to_contain_text(
        "set_language", timeout=RUN_TIMEOUT_MS)  # the lesson's language cell
    expect(page.locator(".jp-NotebookPanel").last).to_contain_text("Pegar a pilha")
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Python (Pyodide) | Idle", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")  # resolves when done
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Python (Pyodide) | Idle", timeout=RUN_TIMEOUT_MS)
    assert page.evaluate("window.jupyterapp.shell.currentWidget.context.path") == PT_LESSON
    cells = page.evaluate(CELLS_JS)
    for number, cell in enumerate(cells):
        assert cell["count"] is not None, f"{PT_LESSON}: code cell {number} did not run"
        assert problems(cell) == [], f"{PT_LESSON}: code cell {number}: {problems(cell)}"
    output = page.locator(".jp-NotebookPanel .jp-CodeCell").nth(index).locator(".jp-OutputArea")
    expect(output).to_contain_text(shown)
    expect(output).not_to_contain_text(english)
    assert left == [], left

"""Practice progress kept in the JupyterLite site across a reload (issue 25), in a real browser,
offline.

The site (built and served as in test_site_browser.py, whose fixtures this module shares) runs
the Pyodide kernel, whose home folder is in memory: a page reload starts a new kernel with an
empty home. The store's default path there is the site's drive (``/drive``, the site's contents,
kept by JupyterLite in the browser's IndexedDB). The test answers a `PracticeWidget` drill by
typing and Enter (the widget saves to its default path), reloads the page, and finds the
progress kept: read by the new kernel, shown by a new widget ("box 2 of 5"), and listed by the
site's file browser. A file written to the home folder before the reload is gone after it: the
control that shows the reload really started afresh (and that a default in the home folder
would lose the progress).

The answer typed comes from a `Session` computed here with the page's seed (the widget's session
makes the same drill), never from a hard-coded value.
"""

from __future__ import annotations

from harness import LITE_KERNEL_EXTENSION_ERROR, ConsoleLog
from playwright.sync_api import Page, expect
from test_site_browser import BOOT_TIMEOUT_MS, RUN_TIMEOUT_MS, _offline, served, site  # noqa: F401 - fixtures

from canasta_learn.practice import Progress, Session
from canasta_learn.practice.store import LITE_PROGRESS

LESSON = "00_start_here.ipynb"
SKILL = "red_threes"
SEED = 11
WIDGET = f"from canasta_learn.widgets import PracticeWidget\nPracticeWidget(skills=[{SKILL!r}], seed={SEED})"
#: Run ``code`` in the open notebook's kernel; resolve to its printed text and errors.
RUN_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const out = [];
  const future = kernel.requestExecute({code});
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (c.text) out.push(c.text);
    if (c.ename) out.push(`${c.ename}: ${c.evalue}`);
  };
  await future.done;
  return out.join("");
}"""
#: Append a code cell holding ``source`` to the open notebook and run it.
ADD_CELL_JS = """async (source) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const model = panel.content.model;
  model.sharedModel.insertCell(model.cells.length, {cell_type: "code", source});
  panel.content.activeCellIndex = model.cells.length - 1;
  await window.jupyterapp.commands.execute("notebook:run-cell");
}"""
#: The names at the top of the site's drive, as JupyterLite's contents (its file browser) lists them.
LISTING_JS = "async () => (await window.jupyterapp.serviceManager.contents.get('')).content.map(c => c.name)"


def _open(page: Page, served: str) -> None:  # noqa: F811 - the fixture's value
    page.goto(f"{served}/lab/index.html?path={LESSON}")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Python (Pyodide) | Idle", timeout=BOOT_TIMEOUT_MS)


def test_practice_progress_in_the_site_outlives_a_page_reload_in_the_drive_not_the_home(
        served: str, page: Page, page_console: ConsoleLog) -> None:  # noqa: F811 - the fixture
    page_console.ignored_patterns.remove(LITE_KERNEL_EXTENSION_ERROR)
    page_console.ignore(r"404 \(File not found\) \(http://127\.0\.0\.1:\d+/favicon\.ico")  # asked on reload
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" for the unsaved cell
    _requested, left = _offline(page, served)
    _open(page, served)
    where = page.evaluate(RUN_JS, "import sys\nfrom canasta_learn.practice import default_path\n"
                                  "print(sys.platform, default_path())")
    assert where.split() == ["emscripten", f"/drive/{LITE_PROGRESS}"]
    page.evaluate(RUN_JS, "from pathlib import Path\n(Path.home() / 'in-memory.txt').write_text('gone on reload')")

    # a drill answered by typing the engine's answer and Enter: the widget saves the progress
    mirror = Session(Progress(), skills=[SKILL], seed=SEED)
    drill = mirror.drill(mirror.next_skills(1)[0])
    assert drill.kind == "number"
    page.evaluate(ADD_CELL_JS, WIDGET)
    expect(page.locator(".cl-practice-task")).to_have_text(drill.task, timeout=RUN_TIMEOUT_MS)
    field = page.locator(".cl-practice-number input")
    field.fill(str(drill.answer))
    field.press("Enter")
    expect(page.locator(".cl-practice-right")).to_be_visible(timeout=RUN_TIMEOUT_MS)
    mirror.answer(drill, drill.answer)
    box = mirror.progress.mastery(SKILL).box
    assert box == 2
    # the bars are redrawn after the save has returned (the banner, before it)
    expect(page.locator(f".cl-practice-box-{SKILL}")).to_have_text(f"box {box} of 5", timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".cl-practice")).not_to_contain_text("could not be saved")
    assert LITE_PROGRESS in page.evaluate(LISTING_JS)  # the learner sees it (and can download it)

    page.reload()
    _open(page, served)
    after = page.evaluate(RUN_JS, "from pathlib import Path\nfrom canasta_learn.practice import load_progress\n"
                                  f"record = load_progress().mastery({SKILL!r})\n"
                                  "print(record.right, record.wrong, record.box, "
                                  "(Path.home() / 'in-memory.txt').exists())")
    assert after.split() == ["1", "0", str(box), "False"]  # kept in the drive; the home was emptied
    page.evaluate(ADD_CELL_JS, WIDGET)  # a new widget on the default path shows the progress
    expect(page.locator(f".cl-practice-box-{SKILL}")).to_have_text(f"box {box} of 5", timeout=RUN_TIMEOUT_MS)
    assert left == [], left

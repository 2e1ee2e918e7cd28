"""The lessons that need a compiled package in the JupyterLite site import it by name, in a cell,
no later than the first cell that uses it (issue 24: lesson 04 failed at its first table).

In the site (``canasta-learn site``), Pyodide's kernel loads a package only when a cell's own
``import`` statements name it (``loadPackagesFromImports``, run on each cell before the cell),
with the packages it depends on. A lesson that gets pandas only through ``canasta_learn``
(``ScoreBreakdown.to_frame()``, ``score_sheet()``) never has it fetched. The compiled packages
(pandas, matplotlib, numpy) cannot be had offline on this machine, so those lessons cannot run
whole in the browser here; tests/browser/test_site_browser.py runs every lesson in the site up
to the first cell that downloads a package (and the others in full). This test covers the rest
of those lessons under CPython: each runs in a fresh kernel with a probe after every cell that
lists which compiled packages are loaded, and every compiled package a cell loads must be one
that Pyodide's lock (npm's pyodide package) would have loaded for that cell or an earlier one,
from their import statements and its dependencies.

Needs npm's pyodide package (its ``pyodide-lock.json``; scripts/test.sh installs it into
``.cache/pyodide``): skipped without it, unless ``CANASTA_REQUIRE_PYODIDE=1``.
"""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from cell_imports import cell_imports  # noqa: E402
from test_pyodide import pyodide_dir  # noqa: E402

from canasta_learn.cli.site import REMOTE_PACKAGES, remote_packages  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PROBE = "__canasta_probe__"


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.fixture(scope="module")
def lock() -> dict[str, Any]:
    """Pyodide's lock (npm's package): package name -> entry (imports, depends)."""
    folder = pyodide_dir()
    if folder is None:
        reason = "npm's pyodide package is missing (scripts/test.sh installs it into .cache/pyodide)"
        if os.environ.get("CANASTA_REQUIRE_PYODIDE") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    packages = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    return {_normalize(name): entry for name, entry in packages.items()}


def loaded_with(lock: dict[str, Any], modules: set[str]) -> set[str]:
    """The packages Pyodide loads for a cell importing ``modules``: those whose ``imports``
    name one of them, and what they depend on (transitively)."""
    todo = [name for name, entry in lock.items() if set(entry.get("imports", [])) & modules]
    found: set[str] = set()
    while todo:
        name = _normalize(todo.pop())
        if name not in found:
            found.add(name)
            todo.extend(lock[name].get("depends", []))
    return found


def compiled(lock: dict[str, Any]) -> dict[str, str]:
    """Import name -> package, for the compiled packages among `REMOTE_PACKAGES` and their
    dependencies (what the site loads from Pyodide's distribution and cannot be had offline)."""
    entries = remote_packages({"packages": lock}, set(), "", REMOTE_PACKAGES)
    return {module: name for name, entry in entries.items() if not entry["file_name"].endswith("-none-any.whl")
            for module in entry.get("imports", [])}


def test_the_compiled_packages_are_those_the_lessons_need(lock: dict[str, Any]) -> None:
    assert {"pandas", "numpy", "matplotlib"} <= set(compiled(lock))
    assert "numpy" in loaded_with(lock, {"pandas"}) and "pandas" not in loaded_with(lock, {"numpy"})


def lessons_importing_compiled_packages() -> list[str]:
    """The lessons whose cells name pandas, numpy or matplotlib in an import statement (those
    the browser test cannot run whole); the other lessons run whole in the site's browser test."""
    found = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        if any(cell_imports(c.source) & {"pandas", "numpy", "matplotlib"} for c in cells if c.cell_type == "code"):
            found.append(path.name)
    return found


def probed(notebook: Any, tracked: set[str]) -> Any:
    """A copy of ``notebook`` with a probe cell first and after every code cell, printing which
    of the ``tracked`` top-level modules are loaded (the probe itself imports none of them)."""
    probe = (f"print({PROBE!r}, sorted({{m.split('.')[0] for m in __import__('sys').modules}}"
             f" & set({sorted(tracked)!r})))")
    cells = [nbformat.v4.new_code_cell(probe)]
    for cell in notebook.cells:
        cells.append(cell)
        if cell.cell_type == "code":
            cells.append(nbformat.v4.new_code_cell(probe))
    copy = nbformat.v4.new_notebook(cells=cells, metadata=notebook.metadata)
    return copy


def probe_values(cell: Any) -> list[str]:
    """The modules a probe cell printed (its output may come in several stream pieces)."""
    text = "".join(out.text for out in cell.get("outputs", []) if out.output_type == "stream")
    assert text.startswith(PROBE), f"the probe printed {text!r}"
    return list(ast.literal_eval(text[len(PROBE):].strip()))


@pytest.mark.slow
@pytest.mark.parametrize("name", lessons_importing_compiled_packages())
def test_lesson_imports_each_compiled_package_by_name_before_it_is_used(name: str, lock: dict[str, Any],
                                                                        tmp_path: Path) -> None:
    from nbclient import NotebookClient

    modules = compiled(lock)
    notebook = probed(nbformat.read(NOTEBOOKS / name, as_version=4), set(modules))
    NotebookClient(notebook, timeout=180, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [f"{out.ename}: {out.evalue}" for cell in notebook.cells for out in cell.get("outputs", [])
              if out.output_type == "error"]
    assert errors == []
    before = set(probe_values(notebook.cells[0]))
    fetched: set[str] = set()  # the packages the site's kernel would have loaded so far
    code = 0
    for index, cell in enumerate(notebook.cells[1:], start=1):
        if cell.cell_type != "code" or cell.source.startswith("print(" + repr(PROBE)):
            continue
        fetched |= loaded_with(lock, cell_imports(cell.source))
        now = set(probe_values(notebook.cells[index + 1]))
        unloaded = {modules[m] for m in now - before} - fetched
        assert not unloaded, (f"{name}: code cell {code} uses {sorted(unloaded)} before any cell imports it: "
                              "the JupyterLite kernel never loads it")
        before = now
        code += 1
    assert fetched & set(modules.values()), f"{name}: no cell imports a compiled package"

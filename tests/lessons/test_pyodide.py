"""The engine in the browser's Python: its tests run under Pyodide (CPython compiled to
WebAssembly, as in JupyterLite) in Node, offline.

Needs ``node`` and npm's ``pyodide`` package, whose core runs without any download:
``scripts/test.sh`` installs it into ``.cache/pyodide`` (or point ``CANASTA_PYODIDE_DIR`` at
a ``node_modules/pyodide`` folder). Skipped, with the reason, where either is missing, unless
``CANASTA_REQUIRE_PYODIDE=1`` (set by scripts/test.sh once it installed Pyodide).
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run_pytest.mjs"
#: The test files of the engine alone (no pandas, widgets, notebooks, subprocesses, or
#: hypothesis, whose current releases have a compiled part).
ENGINE_TESTS = [
    "tests/core/test_cards.py", "tests/core/test_bad_input.py", "tests/play/test_bots.py",
    # the rules, one file per topic (docs/rules.md)
    *(f"tests/rules/test_{topic}.py" for topic in (
        "deal", "melds", "team_melds", "canastas", "black_threes", "red_threes", "pile", "opening",
        "going_out", "permission", "concealed", "end_of_stock", "scoring", "end_of_game")),
    "tests/core/test_messages.py", "tests/variants/test_profiles.py", "tests/lessons/test_readme.py",
    "tests/rules/test_seed_examples.py", "tests/core/test_shortcuts.py",
    "tests/variants/test_italian.py", "tests/variants/test_pennies.py", "tests/variants/test_variant_rounds.py",
    "tests/core/test_verdict_codes.py",
    "tests/core/test_extras.py",  # the advice for a missing extra in the browser
]
#: Tests in those files that build a pandas DataFrame (the tables extra: not in Pyodide's core).
NEEDS_PANDAS = [
    "tests/play/test_bots.py::test_greedy_team_beats_random_team",
    "tests/play/test_bots.py::test_simulate_returns_the_documented_columns",
]
#: pytest and its pure-Python dependencies, copied from this environment for Pyodide.
PURE_TEST_TOOLS = ["pytest", "pluggy", "iniconfig", "packaging", "pygments"]


def pyodide_dir() -> Path | None:
    given = os.environ.get("CANASTA_PYODIDE_DIR")
    folder = Path(given) if given else ROOT / ".cache" / "pyodide" / "node_modules" / "pyodide"
    return folder if (folder / "pyodide.mjs").is_file() else None


def copy_pure_tools(dest: Path) -> None:
    """Copy the top-level packages of PURE_TEST_TOOLS (not their metadata) into ``dest``."""
    for name in PURE_TEST_TOOLS:
        dist = importlib.metadata.distribution(name)
        tops = {Path(str(f)).parts[0] for f in dist.files or []}
        for top in sorted(tops):
            if top.endswith(".dist-info") or top in ("..", "__pycache__"):
                continue
            source = Path(str(dist.locate_file(top)))
            if source.is_dir():
                shutil.copytree(source, dest / top, ignore=shutil.ignore_patterns("__pycache__"))
            elif source.is_file():
                shutil.copy(source, dest / top)


@pytest.mark.slow
def test_engine_tests_pass_under_pyodide_in_node(tmp_path: Path) -> None:
    node, folder = shutil.which("node"), pyodide_dir()
    if node is None or folder is None:
        reason = ("node is not installed" if node is None else
                  "npm's pyodide package is missing (scripts/test.sh installs it into .cache/pyodide)")
        if os.environ.get("CANASTA_REQUIRE_PYODIDE") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    site = tmp_path / "site-packages"
    site.mkdir()
    copy_pure_tools(site)
    deselect = [arg for test in NEEDS_PANDAS for arg in ("--deselect", test)]
    result = subprocess.run(
        [node, str(RUNNER), str(folder), str(ROOT), str(site), *ENGINE_TESTS, *deselect, "-q"],
        capture_output=True, text=True, timeout=1800)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    assert " on emscripten" in output.splitlines()[0]
    summary = output.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary


def test_engine_test_files_exist() -> None:
    """ENGINE_TESTS names files that exist (the Pyodide run is skipped where node or Pyodide is
    missing, so a stale name would otherwise go unnoticed until then)."""
    missing = [name for name in ENGINE_TESTS if not (ROOT / name).is_file()]
    assert not missing, missing

"""The documentation's Python examples are real: run them as doctests (the engine's page,
docs/engine.md, moved there from the README, which keeps none of its own)."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_page_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "engine.md"), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 15
    assert result.failed == 0


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0

"""A missing optional extra: the error says how to get it where the learner is.

On a computer, ``pip install "canasta-learn[EXTRA]"``. In the browser's Python (Pyodide, the
kernel of the lessons' JupyterLite site) there is no pip: JupyterLite's kernel downloads the
packages a cell imports before running it, so the error says to run a cell that imports the
module. The browser's case runs for real under Pyodide in Node, where pandas is not loaded
(tests/lessons/test_pyodide.py lists this file in ``ENGINE_TESTS``).
"""

from __future__ import annotations

import sys

import pytest

from canasta_learn.core.extras import MissingExtraError, import_pandas, missing_modules, require_extra
from canasta_learn.rules.scoring import score_round

IN_THE_BROWSER = sys.platform == "emscripten"


@pytest.mark.skipif(IN_THE_BROWSER, reason="pip's advice is for a computer's Python")
def test_a_missing_extra_on_a_computer_names_the_pip_command() -> None:
    with pytest.raises(MissingExtraError) as caught:
        require_extra("tables", "ScoreBreakdown.to_frame()", modules=("not_installed_xyz",))
    assert str(caught.value) == ('ScoreBreakdown.to_frame() needs the tables extra (missing: not_installed_xyz); '
                                 'install it with: pip install "canasta-learn[tables]"')
    assert caught.value.name == "not_installed_xyz"


@pytest.mark.skipif(not IN_THE_BROWSER, reason="runs under Pyodide (tests/lessons/test_pyodide.py)")
def test_lesson_04_table_without_pandas_in_the_browser_says_import_it_in_a_cell() -> None:
    """Issue 24: lesson 04's first table failed in the JupyterLite site, advising ``pip install``,
    which a browser cannot do. Pyodide in Node has not loaded pandas (it is not in its core)."""
    assert missing_modules(["pandas"]) == ["pandas"]
    example = score_round(["s13 s13 h13 h13 d13 c13 c13", "h1 c1 s1"], red_threes="h3 d3",
                          hands_left=["c7"], went_out=True)
    with pytest.raises(MissingExtraError) as caught:
        example.to_frame()
    message = str(caught.value)
    assert message.startswith("ScoreBreakdown.to_frame() needs pandas, which the browser's Python has not loaded")
    assert "run a cell that says import pandas" in message and "then run this cell again" in message
    assert "network" in message and "pip" not in message
    assert caught.value.name == "pandas"
    with pytest.raises(MissingExtraError, match="run a cell that says import pandas"):
        import_pandas("simulate()")

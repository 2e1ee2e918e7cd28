"""Interactive components (ipywidgets + anywidget). Import this package only where widgets are
wanted: it imports ipywidgets (install with ``pip install "canasta-learn[widgets]"``).

Every component works with any profile, shows which profile is in force, and asks the engine
(``can_x`` / ``check`` / ``legal_actions``) for every verdict it shows.

Lesson helpers: `DrillQuiz` asks about a fresh position the practice layer generates;
`meld_quiz`, `canasta_quiz` and `opening_quiz` build the common self-check
questions; `compare_profiles` tabulates one question under several profiles.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.extras import require_extra

# Any import of the widgets (this package or a module in it) without the extra stops here,
# with the pip command that installs it, instead of "No module named 'anywidget'".
require_extra("widgets", "canasta_learn.widgets")

__all__ = [
    "DrillQuiz",
    "HandWidget",
    "OpeningExplorer",
    "PileExplorer",
    "PlayWidget",
    "PracticeWidget",
    "Quiz",
    "QuizSet",
    "ReplayViewer",
    "ScoreCalculator",
    "TableWidget",
    "canasta_quiz",
    "compare_profiles",
    "meld_quiz",
    "opening_quiz",
    "table_in_words",
]

_HOMES = {
    "DrillQuiz": "drill_quiz",
    "HandWidget": "hand",
    "TableWidget": "table",
    "PlayWidget": "play",
    "PracticeWidget": "practice",
    "ReplayViewer": "replay",
    "PileExplorer": "explorers",
    "OpeningExplorer": "explorers",
    "ScoreCalculator": "explorers",
    "Quiz": "quiz",
    "QuizSet": "quiz",
    "meld_quiz": "quiz",
    "canasta_quiz": "quiz",
    "opening_quiz": "quiz",
    "compare_profiles": "compare",
    "table_in_words": "compare",
}


def __getattr__(name: str) -> Any:
    """Import each component from its module on first use."""
    module = _HOMES.get(name)
    if module is None:
        raise AttributeError(f"module 'canasta_learn.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)

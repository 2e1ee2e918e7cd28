"""Settings for the whole test session.

The suite's expectations are English: ``CANASTA_LEARN_LANG=en`` is set for the session (and so
for every kernel and command the tests start), whatever the machine's ``LANG``; a test that
wants another language sets it itself (``monkeypatch.setenv``, ``set_language``, ``speaking``).
After each test the language chosen with `set_language` is forgotten, so one test's choice
never leaks into the next.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ["CANASTA_LEARN_LANG"] = "en"


@pytest.fixture(autouse=True)
def _language_back_to_the_default() -> Iterator[None]:
    """Forget any `set_language` made by a test (the default is then English, see above)."""
    yield
    from canasta_learn.core.i18n import set_language

    set_language(None)

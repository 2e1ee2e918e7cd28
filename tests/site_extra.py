"""The tests that build a real JupyterLite site need the ``site`` extra: without it they skip,
except under ``scripts/test.sh`` (CANASTA_REQUIRE_BROWSER=1), where they fail."""

from __future__ import annotations

import os

import pytest

from canasta_learn.cli.site import SITE_MODULES
from canasta_learn.core.extras import missing_modules


def need_site_extra() -> None:
    """Skip (or, where the browser tests are required, fail) unless the site extra is installed."""
    missing = missing_modules(SITE_MODULES)
    if missing:
        reason = f"the site extra is not installed (missing: {', '.join(missing)})"
        if os.environ.get("CANASTA_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)

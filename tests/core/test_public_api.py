"""The public API of ``canasta_learn`` and ``canasta_learn.widgets`` stays as it is while the
package is reorganized (issue 15): the same names, the same call signatures, the same public
members of each class. ``public_api.json`` is the API as it stood before the reorganization;
change it only on purpose (a new name is an addition; a removed or changed one breaks users).

Regenerate after an intended change: ``python tests/core/test_public_api.py > tests/core/public_api.json``.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import canasta_learn
import canasta_learn.widgets

SNAPSHOT = Path(__file__).with_name("public_api.json")


def _signature(obj: Any) -> str | None:
    """The call signature as text, with each set's items sorted (their order varies by run)."""
    try:
        text = str(inspect.signature(obj))
    except (TypeError, ValueError):
        return None
    return re.sub(r"frozenset\(\{([^}]*)\}\)",
                  lambda m: "frozenset({" + ", ".join(sorted(m.group(1).split(", "))) + "})", text)


def current_api() -> dict[str, Any]:
    """Every public name of the two modules: its signature and, for a class, its public members."""
    api: dict[str, Any] = {}
    for module in (canasta_learn, canasta_learn.widgets):
        for name in sorted(module.__all__):
            obj = getattr(module, name)
            entry: dict[str, Any] = {"kind": "class" if inspect.isclass(obj) else type(obj).__name__}
            if callable(obj):
                entry["signature"] = _signature(obj)
            if inspect.isclass(obj):
                entry["members"] = sorted(m for m in dir(obj) if not m.startswith("_"))
            api[f"{module.__name__}.{name}"] = entry
    return api


def snapshot() -> dict[str, Any]:
    """The API as recorded in ``public_api.json`` (empty while it is being regenerated)."""
    text = SNAPSHOT.read_text(encoding="utf-8") if SNAPSHOT.is_file() else ""
    return json.loads(text) if text.strip() else {}


def test_public_names_are_the_same() -> None:
    assert sorted(current_api()) == sorted(snapshot())


@pytest.mark.parametrize("name", sorted(snapshot()))
def test_public_name_keeps_its_signature_and_members(name: str) -> None:
    before = snapshot()[name]
    now = current_api()[name]
    assert now.get("signature") == before.get("signature")
    missing = sorted(set(before.get("members", ())) - set(now.get("members", ())))
    assert missing == [], f"{name} lost public members {missing}"


def test_every_public_name_has_a_docstring() -> None:
    undocumented = [f"{m.__name__}.{n}" for m in (canasta_learn, canasta_learn.widgets) for n in m.__all__
                    if not (inspect.getdoc(getattr(m, n)) or "").strip()]
    assert undocumented == []


if __name__ == "__main__":
    json.dump(current_api(), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")

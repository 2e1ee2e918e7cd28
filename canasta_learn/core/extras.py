"""Optional extras: say which one to install when a part of the package needs it.

The engine has no dependencies. The widgets need the ``widgets`` extra (ipywidgets,
anywidget) and the DataFrame methods the ``tables`` extra (pandas); the commands that start
Jupyter (``canasta-learn lessons``, ``play``, ``export``) need the ``lessons`` extra and
``canasta-learn site`` the ``site`` extra. Where one is missing, the error names the extra and
the command that installs it, instead of a bare ``No module named 'anywidget'`` (the command
line prints it as one line, see `canasta_learn.cli`); in the browser's Python (Pyodide, as in
JupyterLite), where there is no pip, it says to run a cell that imports the module
(JupyterLite's kernel downloads the packages a cell imports before running it):

>>> try:
...     require_extra("widgets", "the HandWidget", modules=("not_installed_xyz",))
... except MissingExtraError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
the HandWidget needs the widgets extra (missing: not_installed_xyz);
install it with: pip install "canasta-learn[widgets]"
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Sequence
from typing import Any

from .i18n import gettext

__all__ = ["EXTRAS", "MissingExtraError", "import_pandas", "missing_modules", "require_extra"]

#: The modules each extra provides (as imported), from ``pyproject.toml``.
EXTRAS: dict[str, tuple[str, ...]] = {
    "widgets": ("ipywidgets", "anywidget", "traitlets"),
    "tables": ("pandas",),
    "lessons": ("ipywidgets", "anywidget", "traitlets", "pandas", "jupyterlab", "nbclient", "nbformat",
                "nbconvert", "jupytext", "matplotlib", "ipykernel", "voila"),
    "site": ("ipywidgets", "anywidget", "traitlets", "jupyterlite_core", "jupyterlite_pyodide_kernel",
             "jupyter_server"),
}


class MissingExtraError(ModuleNotFoundError):
    """An optional extra is not installed; the message names it and the pip command.

    A `ModuleNotFoundError` (so an ``except ImportError`` still catches it) whose ``name``
    is the first missing module.
    """


def missing_modules(modules: Sequence[str]) -> list[str]:
    """The modules of ``modules`` that cannot be imported (looked up, not imported)."""
    missing: list[str] = []
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a module set to None in sys.modules, a broken parent
            found = False
        if not found:
            missing.append(module)
    return missing


def require_extra(extra: str, what: str, *, modules: Sequence[str] | None = None) -> None:
    """Raise `MissingExtraError` if a module of ``extra`` is missing; ``what`` names the part
    of the package that needs it (``"canasta_learn.widgets"``, ``"ScoreBreakdown.to_frame()"``).
    ``modules`` overrides the extra's module list (`EXTRAS`)."""
    if extra not in EXTRAS and modules is None:
        raise ValueError(gettext("unknown extra {extra}; the extras are: {extras}").format(
            extra=repr(extra), extras=", ".join(EXTRAS)))
    needed = EXTRAS[extra] if modules is None else tuple(modules)
    missing = missing_modules(needed)
    if missing and sys.platform == "emscripten":  # the browser's Python (Pyodide, JupyterLite): no pip
        raise MissingExtraError(gettext(
            "{what} needs {missing}, which the browser's Python has not loaded: run a cell that says "
            "import {missing} (in JupyterLite, a package is downloaded the first time a cell "
            "imports it, which needs a network connection), then run this cell again").format(
                what=what, missing=", ".join(missing)), name=missing[0])
    if missing:
        raise MissingExtraError(gettext(
            '{what} needs the {extra} extra (missing: {missing}); '
            'install it with: pip install "canasta-learn[{extra}]"').format(
                what=what, extra=extra, missing=", ".join(missing)), name=missing[0])


def import_pandas(what: str) -> Any:
    """``import pandas``, or `MissingExtraError` naming the ``tables`` extra and ``what``."""
    require_extra("tables", what)
    return importlib.import_module("pandas")

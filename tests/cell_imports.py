"""What JupyterLite's kernel loads before it runs a cell: the top-level modules the cell's import
statements name (Pyodide's ``find_imports``). Shared by the site's browser test and the CPython
import-order check of the lessons that need compiled packages."""

from __future__ import annotations

import ast


def cell_imports(source: str) -> set[str]:
    """The top-level modules a cell's import statements name, anywhere in the cell, as
    Pyodide's ``find_imports`` (which JupyterLite's kernel runs on each cell) finds them."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names

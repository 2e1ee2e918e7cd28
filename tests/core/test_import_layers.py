"""The engine and record modules import one way: no import cycle among them.

Read from the source with `ast`, counting every import a reader (or mypy) follows: at module
level, inside functions, and under ``if TYPE_CHECKING:``. The model never imports what reads
or annotates it (python-chess keeps `Board` apart from `pgn`): `record` does not import
`annotate` (the notes both use live in `notes`), and `moves` does not import `round` (it
types the round it reads as `moves.RoundView`, which `Round` implements).

The single kind of exception is a display method importing its renderer lazily; each is
listed in `EXCEPTIONS` with its reason, and the test fails when one no longer exists, so the
list cannot go stale.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "canasta_learn"

#: The layers, lowest first: a module never imports a module of a later layer (except the
#: display methods in EXCEPTIONS). A top-level module not listed (``canasta_learn/__init__``)
#: is the package's front door and may import any layer.
LAYERS = ["profiles", "core", "variants", "rules", "engine", "records", "play", "practice", "render", "widgets",
          "cli"]

#: The engine and record layers: no import cycle may pass through any of their modules.
ENGINE_AND_RECORD_LAYERS = ("profiles", "core", "variants", "rules", "engine", "records")

#: (importing module, function it happens in, imported module) -> why it may point back up.
#: A notebook display (`_repr_html_`) draws its object with the renderer, imported only when the
#: object is first shown, so importing the engine never loads the renderer.
EXCEPTIONS = {
    **{(f"canasta_learn.{module}", "_repr_html_", "canasta_learn.render"):
       f"{owner}'s notebook display, drawn by the renderer imported when first shown"
       for module, owner in [("core.cards", "Card"), ("rules.pile", "PileStatus"), ("rules.scoring", "ScoreBreakdown"),
                             ("core.verdicts", "Verdict"), ("engine.round", "Round"),
                             ("engine.position", "Position")]},
    ("canasta_learn.engine.round", "__str__", "canasta_learn.render.text"):
        "Round's plain-text display (the text twin of _repr_html_), imported when first printed",
    ("canasta_learn.profiles", None, "canasta_learn.core.i18n"):
        "the profile errors speak the learner's language; core.i18n imports nothing of the package (no cycle)",
}


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, str | None, str]]:
    """(module, enclosing function or None, imported canasta_learn module) for every import."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: list[tuple[str, str | None, str]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                names = [target] if child.module else [f"{target}.{a.name}" for a in child.names]
                for name in names:
                    if name.split(".")[0] == "canasta_learn":
                        found.append((module, function, name))
            elif isinstance(child, ast.Import):
                found.extend((module, function, a.name) for a in child.names
                             if a.name.split(".")[0] == "canasta_learn")
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def _all_imports() -> list[tuple[str, str | None, str]]:
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    edges = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for module, function, target in _imports(path):
            while target not in modules and "." in target:  # `from .x import name`: the module x
                target = target.rsplit(".", 1)[0]
            if target != module:
                edges.append((module, function, target))
    return edges


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_the_import_reader_sees_function_level_and_type_checking_imports() -> None:
    """The parser this test relies on finds the imports that made the old cycles."""
    sample = PACKAGE / "records" / "record.py"
    edges = _imports(sample)
    assert ("canasta_learn.records.record", None, "canasta_learn.engine.round") in edges
    assert any(f == "actions_frame" and t.startswith("canasta_learn.records.notes") for m, f, t in edges)
    assert any(f is None and t == "canasta_learn.engine.game" for m, f, t in edges)  # under TYPE_CHECKING


def test_no_import_cycle_among_engine_and_record_modules() -> None:
    graph: dict[str, set[str]] = {}
    for module, function, target in _all_imports():
        if (module, function, target) not in EXCEPTIONS:
            graph.setdefault(module, set()).add(target)
    bad = [c for c in _cycles(graph) if any(_layer(m) is not None and LAYERS[_layer(m) or 0] in
                                            ENGINE_AND_RECORD_LAYERS for m in c)]
    assert bad == []


def test_every_module_sits_in_a_layer() -> None:
    """Every module of the package belongs to one of the layer packages (the package's own
    ``__init__`` is its front door)."""
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    assert sorted(m for m in modules if m != "canasta_learn" and _layer(m) is None) == []


def test_layers_import_only_downwards() -> None:
    """profiles <- core <- variants <- rules <- engine <- records <- play <- practice <- render
    <- widgets <- cli: no module imports a later layer, by any import (typing ones and those inside
    functions included), except the display methods listed in EXCEPTIONS."""
    upward = sorted(f"{m} ({f or 'module level'}) imports {t}" for m, f, t in _all_imports()
                    if (m, f, t) not in EXCEPTIONS and _layer(m) is not None and _layer(t) is not None
                    and (_layer(t) or 0) > (_layer(m) or 0))
    assert upward == []


@pytest.mark.parametrize("edge", [("canasta_learn.records.record", "canasta_learn.records.annotate"),
                                  ("canasta_learn.records.notes", "canasta_learn.records.record"),
                                  ("canasta_learn.engine.moves", "canasta_learn.engine.round")])
def test_the_model_and_its_reader_import_one_way(edge: tuple[str, str]) -> None:
    """The record does not import the annotator, the notes do not read records, move
    generation does not import the round (by any import, typing ones included)."""
    assert edge not in {(m, t) for m, _, t in _all_imports()}


def test_every_listed_exception_still_exists() -> None:
    edges = set(_all_imports())
    assert [e for e in EXCEPTIONS if e not in edges] == []


@pytest.mark.parametrize("name", ["engine/moves.py", "engine/position.py"])
def test_move_generation_and_position_use_only_public_round_rules(name: str) -> None:
    """`moves` and `Position` ask the round's public rule checks (`Round.take_problem`,
    `Round.meld_problem`...), never a private ``rnd._x``: only ``self`` may be read privately
    (a Position's own ``self._round``), and dunders (``tuple.__new__``) are not rules."""
    tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
    private = [
        f"line {node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    ]
    assert private == []


#: Widget and display libraries: the practice domain (drills, grading, mastery, progress) imports
#: none of them, so it runs in a plain Python process and the widgets stay a layer above.
WIDGET_LIBRARIES = ("ipywidgets", "anywidget", "traitlets", "IPython", "voila")
#: The extras' libraries a domain module may import only inside the function that needs them
#: (core.extras names the extra), never at module level: importing the domain loads neither.
LAZY_LIBRARIES = ("matplotlib", "pandas")


def _imported_names(node: ast.AST) -> list[str]:
    return ([a.name for a in node.names] if isinstance(node, ast.Import) else
            [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])


def test_the_practice_domain_imports_no_widget_library() -> None:
    """lonboard / anywidget style: the domain layer imports no widget library, at any level, and
    the plotting and table libraries only inside the functions that draw or build a table."""
    found = []
    for path in sorted((PACKAGE / "practice").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            found += [f"{path.name} imports {n}" for n in _imported_names(node)
                      if n.split(".")[0] in WIDGET_LIBRARIES]
        outside: list[ast.AST] = list(tree.body)  # what runs on import: not inside a function
        while outside:
            node = outside.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            found += [f"{path.name} imports {n} at module level" for n in _imported_names(node)
                      if n.split(".")[0] in LAZY_LIBRARIES]
            outside.extend(ast.iter_child_nodes(node))
    assert (PACKAGE / "practice" / "__init__.py").exists()
    assert found == []

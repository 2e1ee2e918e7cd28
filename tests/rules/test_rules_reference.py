"""The rules reference stays true to the code: every function and test the rule index
(docs/rule-index.md) names exists, every verdict code is listed there, every section label
it uses is defined in docs/rules.md or docs/variants.md, and every profile setting those
pages name is a real `Profile` field."""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import fields
from functools import cache
from pathlib import Path

import pytest

from canasta_learn import VERDICT_CODES
from canasta_learn.profiles import Profile
from canasta_learn.variants import ClassicRules

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
INDEX = DOCS / "rule-index.md"
RULE_PAGES = (DOCS / "rules.md", DOCS / "variants.md")

SECTION = re.compile(r"^(?:rules|variants)-[a-z0-9]+(?:-[a-z0-9]+)*$")
FUNCTION = re.compile(r"^([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*):([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$")
TEST = re.compile(r"^(tests/[\w/]+\.py)::(test_\w+)$")
CODE = re.compile(r"^[a-z][a-z0-9_]*$")
LABEL = re.compile(r'^<a id="([a-z0-9-]+)"></a>$')


def table_rows(text: str) -> list[list[str]]:
    """The body rows of every markdown table in ``text``, as lists of cells."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def ticked(cell: str) -> list[str]:
    """The backticked names in one table cell."""
    return re.findall(r"`([^`]+)`", cell)


@cache
def index_parts() -> tuple[list[list[str]], list[list[str]]]:
    """(rule rows, verdict-code rows) of the index: the code table follows its heading."""
    text = INDEX.read_text(encoding="utf-8")
    head, sep, codes = text.partition("\n## Verdict codes")
    assert sep, "docs/rule-index.md has no '## Verdict codes' section"
    rules = [r for r in table_rows(head) if r[0] != "rule"]
    code_rows = [r for r in table_rows(codes) if r[0] != "code"]
    return rules, code_rows


def all_names() -> list[str]:
    rules, codes = index_parts()
    return [name for row in rules + codes for cell in row for name in ticked(cell)]


def functions_named() -> list[str]:
    return sorted({n for n in all_names() if FUNCTION.match(n)})


def named_tests() -> list[str]:
    return sorted({n for n in all_names() if TEST.match(n)})


def sections_used() -> list[str]:
    return sorted({n for n in all_names() if SECTION.match(n)})


@cache
def defined_labels() -> dict[str, str]:
    """Section label -> the page that defines it; each label must be followed by a heading
    that repeats it in brackets."""
    labels: dict[str, str] = {}
    for page in RULE_PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            found = LABEL.match(line.strip())
            if not found:
                continue
            label = found.group(1)
            assert label not in labels, f"label {label} defined twice ({labels.get(label)}, {page.name})"
            heading = lines[number + 1] if number + 1 < len(lines) else ""
            assert heading.startswith("#") and f"[{label}]" in heading, (
                f"{page.name}: anchor {label} must be followed by a heading ending in [{label}]")
            labels[label] = page.name
    return labels


@cache
def defs_in(path: str) -> frozenset[str]:
    """Every ``def test_...`` in a test file (module level or in a class)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(node.name for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"))


def test_rule_index_is_not_empty() -> None:
    rules, codes = index_parts()
    assert len(rules) >= 30 and len(codes) >= 30
    for row in rules:
        assert len(row) == 4, f"rule row needs 4 cells (rule, section, decided by, pinned by): {row}"
        rule, section, functions, tests = row
        assert rule and not rule.startswith("`"), f"rule row without a rule name: {row}"
        assert [s for s in ticked(section) if SECTION.match(s)], f"{rule}: no section label"
        assert [f for f in ticked(functions) if FUNCTION.match(f)], f"{rule}: no function named"
        assert [t for t in ticked(tests) if TEST.match(t)], f"{rule}: no test named"
        for name in ticked(functions):
            assert FUNCTION.match(name), f"{rule}: {name!r} is not written module:function"
        for name in ticked(tests):
            assert TEST.match(name), f"{rule}: {name!r} is not written tests/file.py::test_name"


def _find_module(name: str) -> object:
    """``canasta_learn.<name>`` (a dotted path such as ``rules.pile``), or else the module of
    that name in one of the layer packages (``round`` is ``engine.round``)."""
    for prefix in ("", "core.", "variants.", "rules.", "engine.", "records.", "play.", "render.", "widgets.", "cli."):
        try:
            return importlib.import_module(f"canasta_learn.{prefix}{name}")
        except ModuleNotFoundError:
            continue
    raise AssertionError(f"no module canasta_learn.{name} (nor in a layer package)")


@pytest.mark.parametrize("name", functions_named())
def test_rule_index_function_exists(name: str) -> None:
    found = FUNCTION.match(name)
    assert found
    module_name, qualname = found.groups()
    module = _find_module(module_name)
    target: object = module
    owner: object = module
    for part in qualname.split("."):
        assert hasattr(target, part), f"{name}: canasta_learn.{module_name} has no {qualname}"
        owner, target = target, getattr(target, part)
    # a variant hook may be a plain class attribute (`ClassicRules.has_morto`), which plug-ins override
    hook = isinstance(owner, type) and issubclass(owner, ClassicRules)
    assert callable(target) or isinstance(target, property) or hook, f"{name} is not a function, method or hook"


@pytest.mark.parametrize("name", named_tests())
def test_rule_index_test_exists(name: str) -> None:
    found = TEST.match(name)
    assert found
    path, test = found.groups()
    assert (ROOT / path).is_file(), f"{name}: no file {path}"
    assert test in defs_in(path), f"{name}: {path} has no def {test}"


def test_every_verdict_code_is_listed_in_the_rule_index() -> None:
    _, rows = index_parts()
    listed = [ticked(row[0])[0] for row in rows if ticked(row[0])]
    assert len(listed) == len(set(listed)), "a verdict code is listed twice"
    missing = sorted(set(VERDICT_CODES) - set(listed))
    unknown = sorted(set(listed) - set(VERDICT_CODES))
    assert not missing, f"verdict codes missing from docs/rule-index.md: {missing}"
    assert not unknown, f"docs/rule-index.md lists codes that VERDICT_CODES lacks: {unknown}"


def test_every_listed_code_has_a_section() -> None:
    _, rows = index_parts()
    for row in rows:
        assert len(row) == 3, f"code row needs 3 cells (code, section, given by): {row}"
        (code,) = ticked(row[0])
        assert CODE.match(code)
        sections = ticked(row[1])
        assert len(sections) == 1 and SECTION.match(sections[0]), f"{code}: one section label expected"
        assert sections[0] in defined_labels(), f"{code}: section {sections[0]} is not defined"


def test_every_section_the_index_uses_is_defined() -> None:
    missing = [s for s in sections_used() if s not in defined_labels()]
    assert not missing, f"docs/rule-index.md uses undefined section labels: {missing}"


def test_every_rule_section_is_in_the_index() -> None:
    used = set(sections_used())
    # the page-level labels of a group of rules need no row of their own
    unlisted = [label for label in defined_labels() if label not in used and label != "rules-examples"]
    assert not unlisted, f"sections of the rules pages missing from docs/rule-index.md: {unlisted}"


def test_links_between_rule_pages_resolve() -> None:
    labels = defined_labels()
    for page in (*RULE_PAGES, INDEX):
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(#([a-z0-9-]+)\)", text):
            assert target in labels, f"{page.name} links to #{target}, which is not defined"
        for target in re.findall(r"\]\(([\w-]+\.md)\)", text):
            assert (DOCS / target).is_file(), f"{page.name} links to {target}, which does not exist"
        for target, anchor in re.findall(r"\]\(([\w-]+\.md)#([a-z0-9-]+)\)", text):
            assert labels.get(anchor) == target, f"{page.name} links to {target}#{anchor}, not defined there"


def test_readme_and_architecture_link_the_rules_pages() -> None:
    for doc, prefix in ((ROOT / "README.md", "docs/"), (DOCS / "architecture.md", "")):
        text = doc.read_text(encoding="utf-8")
        for page in ("rules.md", "variants.md"):
            assert f"({prefix}{page})" in text, f"{doc.name} does not link {prefix}{page}"


def test_profile_settings_named_in_the_rules_pages_exist() -> None:
    names = {f.name for f in fields(Profile)}
    named = set()
    for page in RULE_PAGES:
        named |= set(re.findall(r"`Profile\.([a-z_]+)", page.read_text(encoding="utf-8")))
    assert len(named) >= 30
    unknown = sorted(n for n in named if n not in names and not hasattr(Profile, n))
    assert not unknown, f"the rules pages name Profile settings that do not exist: {unknown}"

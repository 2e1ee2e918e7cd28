"""What a newcomer and PyPI read about the project: true classifiers and keywords, no
placeholder e-mail address, a CHANGELOG.md in the Keep a Changelog format whose section a
release takes as its notes, and a CONTRIBUTING.md whose paths and commands exist."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from workflow_checks import project

ROOT = Path(__file__).resolve().parents[2]
CHANGELOG = ROOT / "CHANGELOG.md"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"


def load_script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_classifier_is_a_real_one() -> None:
    trove = pytest.importorskip("trove_classifiers")
    classifiers = project()["classifiers"]
    assert [c for c in classifiers if c not in trove.classifiers] == []
    assert [c for c in classifiers if c in trove.deprecated_classifiers] == []
    assert len(classifiers) == len(set(classifiers))
    # PEP 639: the licence is the SPDX expression, never a License :: classifier beside it
    assert project()["license"] == "MIT" and not [c for c in classifiers if c.startswith("License ::")]


def test_classifiers_say_what_the_package_is() -> None:
    """Typed (py.typed ships), both languages of the messages, no runtime dependency beyond
    Python 3: each claim checked against the files that make it true."""
    meta = project()
    classifiers = set(meta["classifiers"])
    assert (ROOT / "canasta_learn" / "py.typed").is_file() and "Typing :: Typed" in classifiers
    assert (ROOT / "canasta_learn" / "locale" / "pt_BR" / "LC_MESSAGES" / "canasta_learn.mo").is_file()
    assert {"Natural Language :: English", "Natural Language :: Portuguese (Brazilian)"} <= classifiers
    assert meta["dependencies"] == [] and "Programming Language :: Python :: 3 :: Only" in classifiers
    assert {"canasta", "canastra", "tranca", "jupyter"} <= set(meta["keywords"])


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    files = []
    for name in filter(None, listed.stdout.split("\0")):
        path = ROOT / name
        # the gettext catalogues' headers keep Babel's stand-ins (a template's "FULL NAME
        # <EMAIL@ADDRESS>", "LANGUAGE <LL@li.org>"), which scripts/catalogs.py regenerates
        if path.is_file() and path.suffix not in (".png", ".mo", ".po", ".pot", ".svg", ".wasm", ".ico"):
            files.append(path)
    return files


#: An address that reaches no one: reserved domains (RFC 2606, 6761) and the tools' stand-ins.
PLACEHOLDER_MAIL = re.compile(
    r"[\w.+-]+@(?:[\w-]+\.)*(?:invalid|example|test|localhost|example\.(?:com|org|net))\b"
    r"|EMAIL@ADDRESS|LL@li\.org|[\w.+-]+@canasta-learn\b", re.I)


def test_no_placeholder_email_address_anywhere_but_the_gettext_headers() -> None:
    found = []
    for path in tracked_text_files():
        if path == Path(__file__).resolve():  # the examples of the pattern, below
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in PLACEHOLDER_MAIL.finditer(text)]
    assert found == []
    assert all(set(author) == {"name"} for author in project()["authors"])


def test_the_placeholder_mail_pattern_finds_a_placeholder() -> None:
    for text in ('email = "dev@canasta-learn.invalid"', "FIRST AUTHOR <EMAIL@ADDRESS>", "a@b.example.com"):
        assert PLACEHOLDER_MAIL.search(text), text
    assert not PLACEHOLDER_MAIL.search("git@github.com:o/r.git")


# --------------------------------------------------------------------------- CHANGELOG.md

SECTIONS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def test_changelog_follows_keep_a_changelog() -> None:
    """A title, ``## [Unreleased]`` first, then ``## [X.Y.Z] - YYYY-MM-DD`` newest first; only
    the format's kinds of change as subsections, each with entries; a link for every version."""
    text = CHANGELOG.read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    versions = re.findall(r"^## \[([^\]]+)\](.*)$", text, re.M)
    assert versions[0] == ("Unreleased", "")
    released = versions[1:]
    for version, date in released:
        assert re.fullmatch(r"\d+\.\d+\.\d+", version) and re.fullmatch(r" - \d{4}-\d{2}-\d{2}", date), version
    keys = [tuple(int(n) for n in v.split(".")) for v, _ in released]
    assert keys == sorted(keys, reverse=True)
    assert set(re.findall(r"^### (.+)$", text, re.M)) <= set(SECTIONS)
    for block in re.split(r"^### .+$", text, flags=re.M)[1:]:
        assert re.search(r"^- \S", block, re.M), block[:200]
    links = dict(re.findall(r"^\[([^\]]+)\]: (\S+)$", text, re.M))
    assert set(links) == {v for v, _ in versions}


def test_changelog_names_things_that_exist() -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    for path in re.findall(r"`((?:docs|canasta_learn|binder|benchmarks|notebooks)/[\w./-]*|[A-Z]+\.md)`", text):
        assert (ROOT / path).exists(), path
    import canasta_learn
    from canasta_learn.cli import build_parser

    for name in ("Round", "Game", "Position", "Verdict", "set_language", "speaking"):
        assert hasattr(canasta_learn, name) or hasattr(canasta_learn.core.i18n, name), name
    commands = re.search(r"The `canasta-learn` command: (.*?)\.\n", text, re.S)
    assert commands is not None
    help_text = build_parser().format_help()
    for command in re.findall(r"`([a-z-]+)`", commands.group(1)):
        assert command in help_text, command
    lessons = len(list((ROOT / "lessons").glob("[0-9][0-9]_*.md")))
    assert f"Thirteen lessons (00 to {lessons - 1:02d})" in text and lessons == 13


def test_release_notes_come_from_the_version_section(tmp_path: Path) -> None:
    notes = load_script("release_notes")
    version = notes.project_version()
    assert notes.check_tag(f"v{version}") == version
    with pytest.raises(notes.ReleaseError, match=f"does not release the version in pyproject.toml \\({version}\\)"):
        notes.check_tag("v9.9.9")
    text = CHANGELOG.read_text(encoding="utf-8")
    released = text.replace("## [Unreleased]\n", f"## [Unreleased]\n\n## [{version}] - 2026-12-24\n", 1)
    body = notes.section(released, version)
    assert body.startswith("### Added\n\n- A pure-Python rules engine") and "[Unreleased]:" not in body
    # while the entries are still under Unreleased, a release is refused with the fix
    if f"## [{version}]" not in text:
        result = subprocess.run([sys.executable, str(ROOT / "scripts" / "release_notes.py"), f"v{version}"],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 1
        assert f"CHANGELOG.md has no section for {version}" in result.stderr
        assert f"## [{version}] - YYYY-MM-DD" in result.stderr
    import doctest

    assert doctest.testmod(notes).failed == 0


# --------------------------------------------------------------------------- CONTRIBUTING.md


def test_contributing_covers_rules_variants_lessons_translations_and_tests() -> None:
    text = CONTRIBUTING.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings == ["Set up and run the tests", "Add a rule", "Add a variant", "Add a lesson",
                        "Add or change a translation", "Publish"]


def test_contributing_paths_exist() -> None:
    text = CONTRIBUTING.read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:canasta_learn|tests|scripts|docs|lessons|notebooks|\.github)/[\w./-]*)`", text))
    paths |= set(re.findall(r"\]\(((?:docs/)?[\w-]+\.md)(?:#[\w-]+)?\)", text))
    assert len(paths) > 20
    assert [p for p in sorted(paths) if not (ROOT / p).exists()] == []


def test_contributing_names_real_functions_and_commands() -> None:
    from canasta_learn.core import i18n, verdicts
    from canasta_learn.variants import base

    text = CONTRIBUTING.read_text(encoding="utf-8")
    for name in ("gettext", "N_", "ngettext", "pgettext", "LANGUAGES"):
        assert hasattr(i18n, name)
    assert hasattr(verdicts, "VERDICT_CODES")
    for name in ("rules_for", "plug_in", "ClassicRules", "BEHAVIOUR_FIELDS"):
        assert hasattr(base, name) and name in text, name
    for variant in ("italian.py", "pennies.py", "brazilian.py"):
        assert (ROOT / "canasta_learn" / "variants" / variant).is_file()
    catalogs = (ROOT / "scripts" / "catalogs.py").read_text(encoding="utf-8")
    for command in re.findall(r"python scripts/catalogs\.py (\w+)", text):
        assert f"python scripts/catalogs.py {command}" in catalogs, command
    for script, option in re.findall(r"python scripts/(\w+)\.py (--[\w-]+)", text):
        assert option in (ROOT / "scripts" / f"{script}.py").read_text(encoding="utf-8"), (script, option)
    assert "test_new_lesson_recipe.py" in text and "## Writing a new lesson" in (
        ROOT / "lessons" / "08_for_teachers.md").read_text(encoding="utf-8")

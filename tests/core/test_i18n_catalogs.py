"""The gettext catalogues (issue 17): complete, never fuzzy, valid for msgfmt, compiled as
committed; the plural rule of pt_BR; the default language taken from the environment.

``scripts/catalogs.py check`` is what runs here, for both domains (``canasta_learn``, the
package's messages, and ``lessons``, the lessons' prose); it is also shown to fail on each kind
of fault, in a copy of the catalogues.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from canasta_learn.core import i18n

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "catalogs.py"


def load_catalogs() -> Any:
    spec = importlib.util.spec_from_file_location("catalogs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (GNU gettext) is not installed")
def test_both_catalogues_are_fully_translated_none_fuzzy_and_pass_msgfmt_check() -> None:
    result = subprocess.run([sys.executable, str(SCRIPT), "check"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "pt_BR/canasta_learn" in result.stdout and "pt_BR/lessons" in result.stdout


def test_every_lesson_block_has_its_translation_in_the_compiled_catalogue() -> None:
    """The shipped .mo answers every block of every lesson with Portuguese, not the English."""
    lesson_catalog = importlib.util.spec_from_file_location("lesson_catalog", ROOT / "scripts" / "lesson_catalog.py")
    assert lesson_catalog is not None and lesson_catalog.loader is not None
    module = importlib.util.module_from_spec(lesson_catalog)
    lesson_catalog.loader.exec_module(module)
    translations = i18n._translations("pt_BR", "lessons")
    blocks = module.lesson_blocks()
    assert len(blocks) > 300
    untranslated = [block for _name, _number, block in blocks
                    if translations.gettext(block) == block and any(c.isalpha() for c in block)
                    and not block.startswith(("```", "|"))]
    assert len(untranslated) < len(blocks) // 20, untranslated[:5]


@pytest.fixture
def copy_of_the_catalogues(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Path]:
    """The check script pointed at a copy of ``canasta_learn/locale``."""
    catalogs = load_catalogs()
    locale = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE, locale)
    monkeypatch.setattr(catalogs, "LOCALE", locale)
    return catalogs, locale / "pt_BR" / "LC_MESSAGES" / "lessons.po"


def _edit(po: Path, old: str, new: str) -> None:
    text = po.read_text(encoding="utf-8")
    assert old in text
    po.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_check_fails_on_a_fuzzy_entry(copy_of_the_catalogues: tuple[Any, Path]) -> None:
    catalogs, po = copy_of_the_catalogues
    _edit(po, "#: lessons/00_start_here.md:1\nmsgid", "#: lessons/00_start_here.md:1\n#, fuzzy\nmsgid")
    assert any("fuzzy" in problem for problem in catalogs.problems())


def test_the_check_fails_on_an_untranslated_entry(copy_of_the_catalogues: tuple[Any, Path]) -> None:
    catalogs, po = copy_of_the_catalogues
    _edit(po, 'msgstr "# 00 · Comece aqui: Canasta em dez minutos"', 'msgstr ""')
    assert any("untranslated" in problem for problem in catalogs.problems())


def test_the_check_fails_when_the_mo_is_not_the_compiled_po(copy_of_the_catalogues: tuple[Any, Path]) -> None:
    catalogs, po = copy_of_the_catalogues
    _edit(po, "Comece aqui", "Comece já")
    assert any("not what its .po compiles to" in problem for problem in catalogs.problems())


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (GNU gettext) is not installed")
def test_the_check_fails_when_msgfmt_check_fails(copy_of_the_catalogues: tuple[Any, Path]) -> None:
    """A translation ending in a newline its English does not end in: msgfmt --check refuses it."""
    catalogs, po = copy_of_the_catalogues
    _edit(po, 'msgstr "# 00 · Comece aqui: Canasta em dez minutos"',
          'msgstr "# 00 · Comece aqui: Canasta em dez minutos\\n"')
    assert any("msgfmt --check failed" in problem for problem in catalogs.problems())


def test_the_check_fails_without_the_two_form_plural_rule(copy_of_the_catalogues: tuple[Any, Path]) -> None:
    catalogs, po = copy_of_the_catalogues
    _edit(po, '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n', "")
    assert any("Plural-Forms" in problem for problem in catalogs.problems())


def test_babels_cldr_plural_rule_is_replaced_by_the_gettext_one(tmp_path: Path) -> None:
    """Babel writes pt_BR's CLDR rule (three forms); the catalogues carry gettext's two."""
    catalogs = load_catalogs()
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : 2;\\n"\n',
                  encoding="utf-8")
    catalogs.fix_plural_forms(po, "pt_BR")
    assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in po.read_text(encoding="utf-8")


def test_portuguese_plural_rule_one_form_for_zero_and_one() -> None:
    """pt_BR says "0 carta", "1 carta", "2 cartas" (plural=(n > 1)), as the catalogue's header says."""
    translations = i18n._translations("pt_BR", "lessons")
    plural = translations.plural
    assert [plural(n) for n in (0, 1, 2, 5)] == [0, 0, 1, 1]


# --------------------------------------------------------------------------- default language
def _clear_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("CANASTA_LEARN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)


def test_the_test_session_speaks_english() -> None:
    """tests/conftest.py: the suite's English expectations never depend on the machine's LANG."""
    assert i18n.get_language() == "en"


def test_default_language_from_lang_pt_br_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_locale(monkeypatch)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert i18n.default_language() == "pt_BR"
    assert i18n.set_language(None) == "pt_BR"  # back to the default: read from the environment
    assert i18n.get_language() == "pt_BR"


def test_canasta_learn_lang_wins_over_the_system_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_locale(monkeypatch)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    monkeypatch.setenv("CANASTA_LEARN_LANG", "en")
    assert i18n.default_language() == "en"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("CANASTA_LEARN_LANG", "pt-BR")
    assert i18n.default_language() == "pt_BR"


def test_an_unknown_language_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_locale(monkeypatch)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.default_language() == "en"
    _clear_locale(monkeypatch)
    assert i18n.default_language() == "en"


def test_set_language_is_in_the_top_level_package_and_refuses_an_unknown_language() -> None:
    import canasta_learn

    assert canasta_learn.set_language("pt_BR") == "pt_BR" == i18n.get_language()
    with pytest.raises(ValueError, match="pt_BR"):
        canasta_learn.set_language("fr")
    assert i18n.get_language() == "pt_BR"  # unchanged by the refused call


# --------------------------------------------------------------------------- packaging
@pytest.mark.slow
def test_the_wheel_ships_the_compiled_catalogues(tmp_path: Path) -> None:
    """``locale/**/*`` is package data: the built wheel holds every committed .po and .mo."""
    import zipfile

    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0 and "No module named" in result.stderr:
        pytest.skip(f"cannot build a wheel here: {result.stderr.strip()[-200:]}")
    assert result.returncode == 0, result.stderr[-2000:]
    (wheel,) = tmp_path.glob("canasta_learn-*.whl")
    committed = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "canasta_learn" / "locale").rglob("*.[mp]o"))
    assert any(name.endswith("lessons.mo") for name in committed)
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert [name for name in committed if name not in names] == []
        shipped = zf.read("canasta_learn/locale/pt_BR/LC_MESSAGES/lessons.mo")
    assert shipped == (ROOT / "canasta_learn/locale/pt_BR/LC_MESSAGES/lessons.mo").read_bytes()


#: The gettext calls that translate a text kept as data (marked with ``N_`` where it is written,
#: so Babel extracts it there): a profile's description, an example game's summary, a shipped
#: game's title or comment (`records.examples.teacher_text`), a practice skill's title and its
#: rule's name (`practice.skills.SKILLS`, read by `Skill.title_words` and `Drill.hint`).
TEXTS_KEPT_AS_DATA = {"self.description", "EXAMPLES[name]", "written", "self.title", "self.rule_name"}


def _calls_missing_from(catalogue_path: Path, sources: list[Path]) -> list[str]:
    """Every gettext / ngettext / pgettext call of ``sources`` whose message (a literal) has no
    entry in the catalogue, as 'file:line message'; a call whose message is not a literal is
    listed too (Babel cannot extract it)."""
    import ast

    from babel.messages.pofile import read_po

    with catalogue_path.open("rb") as handle:
        catalogue = read_po(handle)
    known: set[Any] = set()
    for entry in catalogue:
        msgid = entry.id if isinstance(entry.id, str) else entry.id[0]
        known.add((entry.context, msgid))
    missing = []
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("gettext", "ngettext", "pgettext", "N_")):
                continue
            args = node.args
            context = None
            if node.func.id == "pgettext":
                if not args or not isinstance(args[0], ast.Constant):
                    missing.append(f"{path}:{node.lineno} (context not a literal)")
                    continue
                context, args = args[0].value, args[1:]
            if args and ast.unparse(args[0]) in TEXTS_KEPT_AS_DATA:
                continue
            if not args or not isinstance(args[0], ast.Constant) or not isinstance(args[0].value, str):
                missing.append(f"{path}:{node.lineno} (message not a literal)")
            elif (context, args[0].value) not in known:
                missing.append(f"{path}:{node.lineno} {args[0].value!r}")
    return missing


def test_every_message_the_package_asks_for_is_in_the_portuguese_catalogue() -> None:
    """A call Babel did not extract (inside an f-string's braces, or added without `catalogs.py
    update`) would stay English in pt_BR: every literal message of every gettext call is in the
    catalogue, with its context."""
    sources = sorted((ROOT / "canasta_learn").rglob("*.py"))
    po = ROOT / "canasta_learn" / "locale" / "pt_BR" / "LC_MESSAGES" / "canasta_learn.po"
    assert _calls_missing_from(po, sources) == []


def test_the_missing_message_scan_finds_a_call_inside_an_f_string(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text('x = f"<th>{gettext(\'Not a message we have\')}</th>"\n', encoding="utf-8")
    po = ROOT / "canasta_learn" / "locale" / "pt_BR" / "LC_MESSAGES" / "canasta_learn.po"
    assert _calls_missing_from(po, [source]) == [f"{source}:1 'Not a message we have'"]

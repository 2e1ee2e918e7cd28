"""The gettext catalogues of canasta_learn, managed with Babel.

Two domains, each a template (``canasta_learn/locale/<domain>.pot``), a source per language
(``canasta_learn/locale/<language>/LC_MESSAGES/<domain>.po``) and its compiled ``.mo`` (committed,
shipped in the wheel: ``locale/**/*`` is package data):

* ``canasta_learn``: the package's messages, extracted from its Python files by
  ``pybabel extract -F babel.cfg`` (keywords ``gettext``, ``ngettext``, ``pgettext``);
* ``lessons``: the lessons' prose, every block of every Markdown cell of ``lessons/*.md``
  (``scripts/lesson_catalog.py``).

Commands::

    python scripts/catalogs.py extract   # write both templates
    python scripts/catalogs.py update    # extract, then merge the templates into every .po
    python scripts/catalogs.py compile   # .po -> .mo (pybabel compile; fuzzy entries left out)
    python scripts/catalogs.py check     # exit 1 on any problem (below); prints each one

``check`` fails when a ``.po`` lacks a message of its (freshly extracted) template, has an
untranslated or fuzzy entry, does not say ``Plural-Forms: nplurals=2; plural=(n > 1);`` for
pt_BR, fails ``msgfmt --check``, or when a committed ``.mo`` is not what compiling its ``.po``
gives. Babel writes pt_BR's CLDR plural rule (three forms); gettext tools and translators use
the two-form rule above, so ``update`` writes that one.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "canasta_learn" / "locale"
MAPPING = ROOT / "babel.cfg"
DOMAINS = ("canasta_learn", "lessons")
LANGUAGES = ("pt_BR",)
KEYWORDS = ("gettext", "ngettext:1,2", "pgettext:1c,2", "N_")
#: The plural rule written in every pt_BR catalogue (one form for 0 and 1, another above).
PLURAL_FORMS = {"pt_BR": "nplurals=2; plural=(n > 1);"}


def _lesson_catalog() -> Any:
    spec = importlib.util.spec_from_file_location("lesson_catalog", ROOT / "scripts" / "lesson_catalog.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shown(path: Path) -> str:
    """``path`` as the messages show it: relative to the repository when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def pybabel(*arguments: str) -> None:
    """Run ``pybabel ARGUMENTS`` in this interpreter (Babel's own command line)."""
    here = os.getcwd()
    os.chdir(ROOT)  # babel.cfg's patterns are relative to the repository root
    try:
        status = CommandLineInterface().run(["pybabel", "-q", *arguments])
    finally:
        os.chdir(here)
    if status:
        raise SystemExit(f"pybabel {arguments[0]} failed ({status})")


def template(domain: str) -> Path:
    """The template of ``domain``."""
    return LOCALE / f"{domain}.pot"


def source(language: str, domain: str) -> Path:
    """The ``.po`` of ``domain`` in ``language``."""
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def extract_package(out: Path) -> None:
    """The package's messages (domain ``canasta_learn``) into the template ``out``."""
    keywords = [f"--keyword={keyword}" for keyword in KEYWORDS]
    pybabel("extract", "-F", str(MAPPING), "--no-default-keywords", *keywords, "--sort-by-file",
            "--project=canasta_learn", "--version=0.1.0", "--width=100", "-o", str(out), ".")


def extract() -> None:
    """Write both templates."""
    extract_package(template("canasta_learn"))
    _lesson_catalog().extract()


def fix_plural_forms(path: Path, language: str) -> None:
    """Write ``language``'s gettext plural rule where Babel wrote its CLDR form."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for index, line in enumerate(lines):
        if line.startswith('"Plural-Forms:'):
            lines[index] = f'"Plural-Forms: {PLURAL_FORMS[language]}\\n"'
            break
    path.write_text("\n".join(lines), encoding="utf-8")


def update() -> None:
    """Extract, then merge each template into every language's ``.po`` (created if missing)."""
    extract_package(template("canasta_learn"))
    _lesson_catalog().update()  # extracts the lessons' template and merges it
    for language in LANGUAGES:
        po = source(language, "canasta_learn")
        command = "update" if po.exists() else "init"
        extra = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
        pybabel(command, "-i", str(template("canasta_learn")), "-d", str(LOCALE), "-D", "canasta_learn",
                "-l", language, "--width=100", *extra)
        for domain in DOMAINS:
            fix_plural_forms(source(language, domain), language)


def compile_catalogs() -> None:
    """Compile every ``.po`` into its ``.mo`` (fuzzy entries are not compiled)."""
    for domain in DOMAINS:
        pybabel("compile", "-d", str(LOCALE), "-D", domain, "--statistics")


def compiled(po: Path) -> bytes:
    """The ``.mo`` that compiling ``po`` gives (as ``pybabel compile`` writes it)."""
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=po.parts[-3], domain=po.stem)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def problems() -> list[str]:
    """Everything wrong with the catalogues (empty: all is well)."""
    found: list[str] = []
    lesson_catalog = _lesson_catalog()
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "canasta_learn.pot"
        extract_package(fresh)
        lesson_ids = {message for _name, _number, _context, message in lesson_catalog.lesson_messages()}
        with fresh.open("rb") as handle:
            package_ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    wanted = {"canasta_learn": package_ids, "lessons": lesson_ids}
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        found.append("msgfmt is not installed (apt-get install gettext): cannot run msgfmt --check")
    for language in LANGUAGES:
        for domain in DOMAINS:
            po = source(language, domain)
            name = _shown(po)
            if not po.is_file():
                found.append(f"{name}: missing (run: python scripts/catalogs.py update)")
                continue
            with po.open("rb") as handle:
                catalog = read_po(handle)
            ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
            for missing in sorted(wanted[domain] - ids):
                found.append(f"{name}: no entry for {missing[:60]!r} (run: python scripts/catalogs.py update)")
            for message in catalog:
                if not message.id:
                    if message.fuzzy:
                        found.append(f"{name}: the header is fuzzy")
                    continue
                label = (message.id if isinstance(message.id, str) else message.id[0])[:60]
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if not all(strings):
                    found.append(f"{name}: untranslated: {label!r}")
                if message.fuzzy:
                    found.append(f"{name}: fuzzy: {label!r}")
            if catalog.plural_forms != PLURAL_FORMS[language]:
                found.append(f"{name}: Plural-Forms is {catalog.plural_forms!r}, not {PLURAL_FORMS[language]!r}")
            if msgfmt is not None:
                result = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(po)],
                                        capture_output=True, text=True)
                if result.returncode != 0:
                    found.append(f"{name}: msgfmt --check failed: {result.stderr.strip()}")
            mo = po.with_suffix(".mo")
            if not mo.is_file():
                found.append(f"{_shown(mo)}: missing (run: python scripts/catalogs.py compile)")
            elif mo.read_bytes() != compiled(po):
                found.append(f"{_shown(mo)}: not what its .po compiles to "
                             "(run: python scripts/catalogs.py compile)")
    return found


def main(argv: list[str] | None = None) -> int:
    """Command line: extract, update, compile or check the catalogues."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "compile":
        compile_catalogs()
    else:
        found = problems()
        for problem in found:
            print(problem)
        if found:
            return 1
        print("catalogues OK: " + ", ".join(f"{language}/{domain}" for language in LANGUAGES for domain in DOMAINS))
    return 0


if __name__ == "__main__":
    sys.exit(main())

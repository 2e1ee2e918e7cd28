"""The repository's address in one place, and one command to publish it everywhere.

The one place is ``Source`` in ``[project.urls]`` of ``pyproject.toml``
(``https://github.com/OWNER/NAME``); until the project is published it is the placeholder
``https://github.com/OWNER/REPO``. Every other link to the project is derived from it and
written out in the files a reader sees (the READMEs, ``docs/``, ``CONTRIBUTING.md``,
``CHANGELOG.md``, ``pyproject.toml``, ``binder/``, ``.github/``, the lessons):

- the repository itself, ``github.com/OWNER/NAME`` (clone lines, ``git+https://...``,
  ``/issues``, ``/compare/...``);
- its Binder launch links, ``mybinder.org/v2/gh/OWNER/NAME/...``;
- its GitHub Pages site, ``owner.github.io/NAME`` (GitHub writes the owner in lower case);
- the percent-encoded repository and folder of an nbgitpuller link
  (``github.com%2FOWNER%2FNAME`` and ``urlpath=lab%2Ftree%2FNAME%2F...``), as
  ``canasta-learn classroom-link`` prints them.

Publishing is one command::

    python scripts/set_repository.py owner/name

It rewrites every one of those links from the address now in ``pyproject.toml`` to the new
one, and removes the notes that only hold while the address is the placeholder (text between
``<!-- unpublished -->`` and ``<!-- /unpublished -->``). Each file is replaced whole (a
temporary file, then renamed). ``--check`` changes nothing and exits 1, naming each file and
line, if any link to the project disagrees with ``pyproject.toml``; ``tests/publish/test_repository_address.py``
runs that check.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The address until the project is published.
PLACEHOLDER = "OWNER/REPO"
#: Repositories of other projects that the project's files link to (not the project's own).
THIRD_PARTY = frozenset({"jupyterhub/nbgitpuller"})
#: The notes that hold only while the address is the placeholder.
#: A note of its own lines (removed with the blank line after it) or within a paragraph.
UNPUBLISHED_BLOCK = re.compile(r"^<!-- unpublished -->\n(?:(?!<!-- unpublished -->).)*?\n<!-- /unpublished -->\n\n?",
                               re.S | re.M)
UNPUBLISHED_INLINE = re.compile(r"<!-- unpublished -->(?:(?!<!-- unpublished -->).)*?<!-- /unpublished --> ?", re.S)
#: The files that may hold links to the project: those a reader sees (not the Python sources
#: and tests, whose example addresses are the input of the code they test).
SUFFIXES = frozenset({".md", ".toml", ".yml", ".yaml", ".txt", ".ipynb", ".cfg", ".sh", ".html"})
SKIPPED_DIRS = ("tests/", "canasta_learn/data/reveal.js/")

_SEGMENT = r"[A-Za-z0-9_.-]+"
#: a name ends where no name character follows (a dot ends it if no name character follows the dot)
_END = r"(?![A-Za-z0-9_-]|\.[A-Za-z0-9_-])"
_GIT = r"\.git(?![A-Za-z0-9_-])"
#: Every form of a GitHub repository's link, as (kind, pattern with groups owner and name).
FORMS = (
    ("github", re.compile(rf"github\.com/(?P<owner>{_SEGMENT})/(?P<name>{_SEGMENT}?)(?:{_GIT}|{_END})")),
    ("binder", re.compile(rf"mybinder\.org/v2/gh/(?P<owner>{_SEGMENT})/(?P<name>{_SEGMENT})/")),
    ("pages", re.compile(rf"(?P<owner>[A-Za-z0-9-]+)\.github\.io/(?P<name>{_SEGMENT}?){_END}")),
    ("encoded", re.compile(rf"github\.com%2F(?P<owner>{_SEGMENT})%2F(?P<name>{_SEGMENT}?){_END}")),
)
#: nbgitpuller's folder: the repository's name, in the link that opens a lesson.
PULLED_FOLDER = re.compile(rf"urlpath=lab%2Ftree%2F(?P<name>{_SEGMENT}?)%2F")
SOURCE = re.compile(r'^Source = "https://github\.com/([^/"]+)/([^/"]+)"$', re.M)


class AddressError(ValueError):
    """A repository address that cannot be used, or a pyproject.toml without one."""


@dataclass(frozen=True)
class Link:
    """A link to a repository found in a file: where, which form, and whose."""

    path: str
    line: int
    kind: str
    owner: str
    name: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind} link to {self.owner}/{self.name}"


def parse_address(value: str) -> tuple[str, str]:
    """``owner/name`` (or ``https://github.com/owner/name[.git]``) as (owner, name).

    >>> parse_address("https://github.com/someone/canasta_learn.git")
    ('someone', 'canasta_learn')
    """
    text = value.strip().removesuffix("/").removesuffix(".git")
    text = re.sub(r"^(https?://)?github\.com/", "", text)
    match = re.fullmatch(r"([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))/([A-Za-z0-9_.-]{1,100})", text)
    if match is None or match.group(2) in (".", ".."):
        raise AddressError(f"not a GitHub repository: {value!r}; give it as owner/name, e.g. someone/canasta_learn")
    return match.group(1), match.group(2)


def current_address(root: Path = ROOT) -> tuple[str, str]:
    """The address in the one place: ``Source`` in pyproject.toml's ``[project.urls]``."""
    match = SOURCE.search((root / "pyproject.toml").read_text(encoding="utf-8"))
    if match is None:
        raise AddressError('pyproject.toml has no Source = "https://github.com/OWNER/NAME" in [project.urls]')
    return match.group(1), match.group(2)


def project_files(root: Path = ROOT) -> Iterator[Path]:
    """The files that may hold links to the project (tracked by git where it is a checkout)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True,
                                text=True).stdout.split("\0")
        names = sorted(n for n in listed if n)
    except (OSError, subprocess.CalledProcessError):
        names = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()
                       and not any(part.startswith(".") and part != ".github" for part in p.relative_to(root).parts)
                       and "__pycache__" not in p.parts)
    for name in names:
        path = root / name
        posix = Path(name).as_posix()
        if posix.startswith(SKIPPED_DIRS) or not path.is_file():
            continue
        if path.suffix in SUFFIXES or posix.startswith("binder/"):
            yield path


def links(root: Path = ROOT) -> list[Link]:
    """Every link to a GitHub repository in the project's files, other projects' left out."""
    found = []
    for path in project_files(root):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        for kind, pattern in FORMS:
            for match in pattern.finditer(text):
                owner, name = match.group("owner"), match.group("name")
                if f"{owner}/{name}".lower() in THIRD_PARTY:
                    continue
                found.append(Link(rel, text.count("\n", 0, match.start()) + 1, kind, owner, name))
        for match in PULLED_FOLDER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(Link(rel, line, "nbgitpuller folder", "", match.group("name")))
    return found


def disagreements(root: Path = ROOT) -> list[Link]:
    """The links to the project that do not name the address in pyproject.toml."""
    owner, name = current_address(root)
    wrong = []
    for link in links(root):
        same_owner = link.owner.lower() == owner.lower() if link.kind == "pages" else link.owner == owner
        if link.name != name or (link.kind != "nbgitpuller folder" and not same_owner):
            wrong.append(link)
    return wrong


def rewrite(text: str, old: tuple[str, str], new: tuple[str, str]) -> str:
    """``text`` with every link to ``old`` pointing to ``new`` (and, once ``new`` is not the
    placeholder, without the notes that only hold until then).

    >>> rewrite("git clone https://github.com/OWNER/REPO.git; https://OWNER.github.io/REPO/lab/",
    ...         ("OWNER", "REPO"), ("Someone", "canasta_learn"))
    'git clone https://github.com/Someone/canasta_learn.git; https://someone.github.io/canasta_learn/lab/'
    """
    (o, n), (new_owner, new_name) = old, new
    qo, qn = re.escape(o), re.escape(n)
    text = re.sub(rf"github\.com/{qo}/{qn}(?={_GIT}|{_END})", f"github.com/{new_owner}/{new_name}", text)
    text = re.sub(rf"mybinder\.org/v2/gh/{qo}/{qn}/", f"mybinder.org/v2/gh/{new_owner}/{new_name}/", text)
    pages_owner = new_owner if f"{new_owner}/{new_name}" == PLACEHOLDER else new_owner.lower()
    text = re.sub(rf"(?<![A-Za-z0-9-]){qo}\.github\.io/{qn}{_END}", f"{pages_owner}.github.io/{new_name}", text,
                  flags=re.I)
    text = re.sub(rf"github\.com%2F{qo}%2F{qn}{_END}", f"github.com%2F{new_owner}%2F{new_name}", text)
    text = re.sub(rf"urlpath=lab%2Ftree%2F{qn}%2F", f"urlpath=lab%2Ftree%2F{new_name}%2F", text)
    if f"{new_owner}/{new_name}" != PLACEHOLDER:
        text = UNPUBLISHED_INLINE.sub("", UNPUBLISHED_BLOCK.sub("", text))
    return text


def _replace(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def set_repository(address: str, root: Path = ROOT) -> list[Path]:
    """Point every link to the project at ``address`` (``owner/name``); the files changed.

    Refused, with nothing changed, if a link already disagrees with pyproject.toml (it would
    be left behind): fix it first (``--check`` names it).
    """
    new = parse_address(address)
    old = current_address(root)
    wrong = disagreements(root)
    if wrong:
        raise AddressError("links that do not name the address in pyproject.toml "
                           f"({old[0]}/{old[1]}); make them name it, then run this again:\n"
                           + "\n".join(f"  {link}" for link in wrong))
    changed = []
    for path in project_files(root):
        text = path.read_text(encoding="utf-8")
        updated = rewrite(text, old, new)
        if updated != text:
            _replace(path, updated)
            changed.append(path)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("address", nargs="?", help="the repository, owner/name (or its https://github.com/ URL)")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a link disagrees with pyproject.toml")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        if args.check or args.address is None:
            wrong = disagreements(args.root)
            owner, name = current_address(args.root)
            for link in wrong:
                print(f"{link} (pyproject.toml says {owner}/{name})", file=sys.stderr)
            if not wrong:
                print(f"{len(links(args.root))} links, all to {owner}/{name}")
            return 1 if wrong else 0
        changed = set_repository(args.address, args.root)
    except AddressError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    owner, name = current_address(args.root)
    print(f"{len(changed)} files now link to {owner}/{name}:")
    for path in changed:
        print(f"  {path.relative_to(args.root).as_posix()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A release's notes: its section of CHANGELOG.md (used by .github/workflows/release.yml).

    python scripts/release_notes.py v0.1.0             # prints the section "## [0.1.0] - DATE"
    python scripts/release_notes.py --check-tag v0.1.0 # exit 1 unless the tag is v + pyproject's version

Both exit 1 with a sentence naming the problem and the fix: a tag that is not ``v`` followed
by the version in ``pyproject.toml``, or a CHANGELOG.md without a section for the version
(move the entries under ``## [Unreleased]`` into a new ``## [VERSION] - YYYY-MM-DD`` section
before tagging).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class ReleaseError(ValueError):
    """A tag or a CHANGELOG.md that a release cannot be made from."""


def project_version(root: Path = ROOT) -> str:
    """The version in pyproject.toml's ``[project]`` table."""
    match = re.search(r'^version = "([^"]+)"$', (root / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    if match is None:
        raise ReleaseError('pyproject.toml has no version = "..." line')
    return match.group(1)


def check_tag(tag: str, root: Path = ROOT) -> str:
    """The version a tag releases, if the tag is ``v`` + pyproject.toml's version."""
    version = project_version(root)
    if tag != f"v{version}":
        raise ReleaseError(f"the tag {tag!r} does not release the version in pyproject.toml ({version}): "
                           f"tag v{version}, or set version = \"{tag.removeprefix('v')}\" first")
    return version


def section(changelog: str, version: str) -> str:
    """The body of ``## [version] - date`` in a Keep a Changelog file.

    >>> section("# Changelog\\n\\n## [1.0.0] - 2026-12-04\\n\\n### Added\\n\\n- All.\\n\\n## [0.9.0] - 2026-01-01\\n",
    ...         "1.0.0")
    '### Added\\n\\n- All.'
    """
    match = re.search(rf"^## \[{re.escape(version)}\][^\n]*\n(.*?)(?=^## |^\[[^\]]+\]: |\Z)", changelog, re.M | re.S)
    if match is None or not match.group(1).strip():
        raise ReleaseError(f"CHANGELOG.md has no section for {version}: move the entries under ## [Unreleased] "
                           f"into a new ## [{version}] - YYYY-MM-DD section before tagging")
    return match.group(1).strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tag", help="the release's tag, v + the version (e.g. v0.1.0)")
    parser.add_argument("--check-tag", action="store_true", help="only check the tag against pyproject.toml")
    args = parser.parse_args(argv)
    try:
        version = check_tag(args.tag)
        if not args.check_tag:
            print(section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), version))
    except ReleaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``canasta-learn classroom-link``: the nbgitpuller link that opens a lesson for a class.

On a JupyterHub with nbgitpuller installed (see ``docs/classroom.md``), one link does it all
for each student who clicks it: log in, clone the repository into their home folder (or
update their clone, keeping their own edits), and open the chosen lesson in JupyterLab.

>>> print(classroom_link("https://hub.example.edu", "02_frozen_and_blocked_piles",
...                      repo="https://github.com/someone/canasta_learn", branch="main"))
https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fsomeone%2Fcanasta_learn&branch=main&urlpath=lab%2Ftree%2Fcanasta_learn%2Fnotebooks%2F02_frozen_and_blocked_piles.ipynb
"""

from __future__ import annotations

import argparse
from importlib import metadata
from typing import Any
from urllib.parse import quote, urlsplit

from ..core.i18n import get_language, gettext
from .lessons import LessonsError, lesson_names

__all__ = ["DEFAULT_LESSON", "classroom_link", "default_repository", "register"]

#: The lesson a link opens when none is named.
DEFAULT_LESSON = "00_start_here"
#: Where the lessons are in the repository.
NOTEBOOKS_DIR = "notebooks"


def default_repository() -> str | None:
    """The package's published repository (``Source`` in its project URLs), or None while
    that is still the ``OWNER/REPO`` placeholder or the package is not installed."""
    try:
        urls = metadata.metadata("canasta-learn").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = str(entry).partition(",")
        if label.strip().lower() == "source" and "OWNER/REPO" not in url:
            return str(url).strip()
    return None


def _web_url(value: str, what: str) -> str:
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise LessonsError(gettext("{option} must be an http(s):// address, e.g. https://hub.example.edu; got {value}")
                           .format(option=what, value=repr(value)))
    return value.strip().rstrip("/")


def classroom_link(hub: str, lesson: str = DEFAULT_LESSON, *, repo: str | None = None,
                   branch: str | None = None) -> str:
    """The nbgitpuller link that clones (or updates) ``repo`` on the JupyterHub at ``hub``
    and opens ``lesson`` (a name such as ``02_frozen_and_blocked_piles``, with or without
    ``.ipynb``) in JupyterLab. ``repo`` defaults to the package's published repository;
    ``branch`` to the repository's default branch. Every value is percent-encoded. In
    Portuguese (``--lang pt_BR``) the link opens the lesson's pt_BR edition.

    Raises `LessonsError` (a ValueError) for an unknown lesson, a hub or repository that
    is not an http(s) address, or no repository to pull from.
    """
    hub_url = _web_url(hub, "--hub")
    name = lesson if lesson.endswith(".ipynb") else f"{lesson}.ipynb"
    available = lesson_names()
    if name not in available:
        raise LessonsError(gettext("no lesson {lesson}; the lessons are: {lessons}").format(
            lesson=repr(lesson), lessons=", ".join(n.removesuffix(".ipynb") for n in available)))
    source = repo if repo is not None else default_repository()
    if source is None:
        raise LessonsError(gettext("no published repository is known yet (the package's project URL is "
                                   "the OWNER/REPO placeholder): give the repository with --repo URL"))
    source = _web_url(source, "--repo")
    folder = source.rsplit("/", 1)[-1].removesuffix(".git")
    query = [("repo", source)]
    if branch:
        query.append(("branch", branch))
    language = get_language()  # the Portuguese edition is in notebooks/pt_BR/
    edition = NOTEBOOKS_DIR if language == "en" else f"{NOTEBOOKS_DIR}/{language}"
    query.append(("urlpath", f"lab/tree/{folder}/{edition}/{name}"))
    encoded = "&".join(f"{key}={quote(value, safe='')}" for key, value in query)
    return f"{hub_url}/hub/user-redirect/git-pull?{encoded}"


def _run(args: argparse.Namespace) -> int:
    print(classroom_link(args.hub, args.lesson, repo=args.repo, branch=args.branch))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``classroom-link`` subcommand."""
    parser = subparsers.add_parser(
        "classroom-link", help=gettext("print the nbgitpuller link that opens a lesson on a JupyterHub"),
        description=gettext("Print the link that, on a JupyterHub with nbgitpuller, clones or updates "
                            "the lessons' repository in each student's home and opens the lesson in "
                            "JupyterLab (see docs/classroom.md)."))
    parser.add_argument("--hub", required=True, metavar="URL",
                        help=gettext("the hub's address, e.g. https://hub.example.edu"))
    parser.add_argument("--lesson", default=DEFAULT_LESSON, metavar="NAME",
                        help=gettext("the lesson to open (default {lesson})").format(lesson=DEFAULT_LESSON))
    parser.add_argument("--repo", metavar="URL",
                        help=gettext("the git repository holding the lessons (default: the package's)"))
    parser.add_argument("--branch", metavar="B",
                        help=gettext("the branch to pull (default: the repository's default branch)"))
    parser.set_defaults(handler=_run)

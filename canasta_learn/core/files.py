"""Writing a user's files so that nothing is lost: a file is replaced whole or not at all.

It owns `replace_file` (write the new content to a temporary file beside the target, then
rename it over the target: a reader, a crash or Ctrl-C sees the old file or the new one,
never an empty or half-written one) and `check_replaceable` (the same checks before a long
job, so that the job fails before it starts, not after). Both raise `OSError` with one
sentence naming the file and the problem, which the command line prints on one line.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> replace_file(folder / "notes.txt", "first\\n")
>>> replace_file(folder / "notes.txt", "second\\n")
>>> (folder / "notes.txt").read_text(), sorted(p.name for p in folder.iterdir())
('second\\n', ['notes.txt'])
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from .i18n import gettext

__all__ = ["check_replaceable", "replace_file", "temporary_name"]


def temporary_name(target: Path, kind: str = "tmp") -> Path:
    """A fresh hidden name beside ``target`` (same folder, so a rename is atomic), e.g.
    ``.notes.txt.3f9a1c.tmp``."""
    return target.with_name(f".{target.name}.{secrets.token_hex(4)}.{kind}")


def _cannot(path: str | os.PathLike[str], problem: object) -> OSError:
    return OSError(gettext("cannot write {path}: {problem}").format(path=os.fspath(path), problem=problem))


def _target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces: a symbolic link's target, not the link."""
    return Path(os.path.realpath(path))


def check_replaceable(path: str | os.PathLike[str]) -> None:
    """Raise `OSError` (one sentence) unless `replace_file` could write ``path`` now: it must
    not be a folder, and its folder must exist and take a new file (tried by creating and
    removing a temporary file there). Changes nothing."""
    target = _target(path)
    if target.is_dir():
        raise _cannot(path, gettext("it is a folder; give a file name"))
    probe = temporary_name(target, "probe")
    try:
        descriptor = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as error:
        raise _cannot(path, error.strerror or error) from None
    os.close(descriptor)
    os.unlink(probe)


def replace_file(path: str | os.PathLike[str], content: str | bytes, *, encoding: str = "utf-8") -> None:
    """Write ``content`` to ``path`` whole or not at all.

    The content goes to a temporary file beside ``path``, is flushed to disk, and is then
    renamed over ``path`` (an existing file keeps its permissions; a symbolic link keeps
    pointing at the file it names, which is replaced). On any failure, Ctrl-C included, the
    temporary file is removed and ``path`` is as it was. Raises `OSError` (one sentence).
    """
    target = _target(path)
    if target.is_dir():
        raise _cannot(path, gettext("it is a folder; give a file name"))
    data = content.encode(encoding) if isinstance(content, str) else content
    temporary = temporary_name(target)
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    except OSError as error:
        raise _cannot(path, error.strerror or error) from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(temporary, stat.S_IMODE(target.stat().st_mode))
        except FileNotFoundError:
            pass  # a new file: the mode the umask gave
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise _cannot(path, error.strerror or error) from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise

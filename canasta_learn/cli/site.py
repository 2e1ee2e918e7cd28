"""``canasta-learn site OUT``: the lessons as a JupyterLite site that runs in the browser, offline.

The engine is pure Python, so the lessons run entirely in the browser's Python (Pyodide,
CPython compiled to WebAssembly). ``canasta-learn site OUT`` builds a static site in OUT that
any static host (GitHub Pages, a school's web server, a USB stick with ``python -m
http.server``) serves with no server-side code, and that loads nothing from anywhere else:

* JupyterLab (jupyterlite-core) with the Pyodide kernel (jupyterlite-pyodide-kernel), every
  lesson in both editions (`site_contents`: the English lessons at the top of the file
  browser, the Brazilian Portuguese ones in its folder ``pt_BR``, and a ``README.md`` linking
  every lesson of each), and the front ends of the widget libraries (ipywidgets, anywidget).
  A Portuguese lesson speaks Portuguese in the site as anywhere: its first cell calls
  ``canasta_learn.set_language("pt_BR")`` (the browser's Python has no ``CANASTA_LEARN_LANG``);
* ``OUT/static/pyodide/``: a local Pyodide distribution, assembled from npm's ``pyodide``
  package (the core: interpreter, standard library) and the pure-Python wheels the kernel and
  the lessons import, downloaded from PyPI: micropip, IPython and its dependencies, comm, jedi,
  ipywidgets, anywidget, the kernel's own wheels and this package's wheel. Its
  ``pyodide-lock.json`` lists exactly those wheels (name, version, sha256, dependencies), so
  the kernel preloads them at start-up and needs nothing from anywhere else.

The lock also lists Pyodide's own builds of the compiled packages some lessons import
(`REMOTE_PACKAGES`: pandas, matplotlib, and what they depend on that the site does not serve,
numpy among them), copied from the npm package's lock (same sha256 and dependencies) with the
file's absolute address on Pyodide's distribution for this exact version (`pyodide_cdn`): a
site served online loads them from there when a lesson imports them; offline that fetch fails
and the import stops with ``ModuleNotFoundError``. ``--offline-only`` leaves them out.

Building needs the ``site`` extra (``pip install "canasta-learn[site]"``), network access to
PyPI (pip) and, unless ``--pyodide DIR`` names an unpacked npm ``pyodide`` package, npm.
Compiled packages (pandas, matplotlib, numpy) are not copied into the site.

Nothing of a user's is lost (`update_site`). The site is built in a new folder beside OUT
(same parent, hidden while it is built) and swapped in only when the build has succeeded: a
failed or interrupted build removes that folder and leaves OUT as it was. A rebuild carries
into the new site the files a user added to the earlier one (a teacher's own notebook), and a
file of the site the user changed is kept beside the new one as ``NAME.yours.EXT``: the site
lists the files it wrote, with their checksums, in `MANIFEST`, so it tells its own files from
the user's (a site built before that list existed: every file this build does not write is
kept). Only ``--clean`` drops them. A folder that cannot be written is refused before
anything changes. The command says what it replaced and what it kept.

Errors print one line and exit with status 2 (see `canasta_learn.cli`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from email.parser import HeaderParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..core.extras import MissingExtraError, require_extra
from ..core.files import temporary_name
from ..core.i18n import LANGUAGES, gettext, ngettext, speaking
from .lessons import lessons_dir

__all__ = [
    "KERNEL_PACKAGES",
    "KERNEL_PLUGIN",
    "LESSON_PACKAGES",
    "MANIFEST",
    "NOT_SERVED",
    "PYODIDE_VERSION",
    "REMOTE_PACKAGES",
    "SiteChanges",
    "SiteError",
    "build_site",
    "changes_text",
    "pyodide_cdn",
    "register",
    "remote_packages",
    "site_contents",
    "update_site",
    "wheel_name",
]

#: The Pyodide that jupyterlite-pyodide-kernel 0.8 loads (npm package ``pyodide``).
PYODIDE_VERSION = "314.0.6"
#: The kernel plugin whose settings (in ``jupyter-lite.json``) say where Pyodide is.
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: What the kernel installs at start-up (see its worker: micropip, piplite, then these).
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
#: What the lessons import besides the standard library.
LESSON_PACKAGES = ("canasta-learn", "ipywidgets", "anywidget")
#: Requirements left out of the distribution, and why.
NOT_SERVED = {
    "jupyterlab-widgets": "the JupyterLab front end of ipywidgets, already one of the site's extensions",
}
#: The JupyterLab extensions the site holds (the kernel and the widget front ends), and
#: no others: an environment's other extensions (a server's, a theme's) are left out.
SITE_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
#: The site's build modules (the ``site`` extra).
SITE_MODULES = ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupyter_server")
#: Compiled packages that lessons import (03, 04, 06, 09, 11: pandas; 04: matplotlib), listed in
#: the site's lock with their dependencies at the address of Pyodide's own distribution.
REMOTE_PACKAGES = ("pandas", "matplotlib")
#: The files of npm's pyodide package that the browser needs.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
#: The file in a site that lists every file the build wrote, with its sha256: how a rebuild
#: tells the site's own files from those a user added or changed.
MANIFEST = ".canasta-learn-site.json"
#: The ``format`` of `MANIFEST`.
MANIFEST_FORMAT = "canasta-learn-site"
#: The lessons' editions other than English (the folder's top level): each in the subfolder
#: named by its language, in the lessons' folder and in the site alike.
EDITIONS = tuple(language for language in LANGUAGES if language != "en")
#: The name of each edition's language, in that language (the headings of the site's README).
AUTONYMS = {"en": "English", "pt_BR": "Português do Brasil"}
#: The site's index of the lessons, at the top of its file browser.
INDEX = "README.md"


class SiteError(ValueError):
    """The site cannot be built; the message says why and what to do."""


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(filename: str) -> tuple[str, str]:
    """The normalized project name and the version of a wheel file name.

    >>> wheel_name("prompt_toolkit-3.0.52-py3-none-any.whl")
    ('prompt-toolkit', '3.0.52')
    """
    parts = filename.split("-")
    if not filename.endswith(".whl") or len(parts) < 5:
        raise SiteError(gettext("not a wheel file name: {name} (expected NAME-VERSION-...-any.whl)").format(
            name=repr(filename)))
    return _normalize(parts[0]), parts[1]


def _wheel_metadata(path: Path) -> Any:
    with zipfile.ZipFile(path) as archive:
        name = next((n for n in archive.namelist()
                     if n.count("/") == 1 and n.endswith(".dist-info/METADATA")), None)
        if name is None:
            raise SiteError(gettext("{wheel} has no .dist-info/METADATA").format(wheel=path.name))
        return HeaderParser().parsestr(archive.read(name).decode("utf-8"))


def _top_level_imports(path: Path) -> list[str]:
    """The importable top-level names a wheel installs (packages and modules)."""
    tops: set[str] = set()
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            first = name.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in name and first.isidentifier():
                tops.add(first)
            elif name.endswith(".py") and "/" not in name and name[:-3].isidentifier():
                tops.add(name[:-3])
    return sorted(tops)


def pyodide_environment(python: str) -> dict[str, str]:
    """The PEP 508 marker values of Pyodide's Python ``python`` (e.g. ``"3.14.2"``)."""
    return {
        "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
        "platform_machine": "wasm32", "implementation_name": "cpython",
        "platform_python_implementation": "CPython", "python_full_version": python,
        "python_version": ".".join(python.split(".")[:2]), "extra": "",
    }


def wheel_requirements(path: Path, environment: dict[str, str]) -> list[str]:
    """The normalized names a wheel requires in ``environment`` (its extras left out)."""
    from packaging.requirements import Requirement

    names: list[str] = []
    for line in _wheel_metadata(path).get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(environment):
            names.append(_normalize(requirement.name))
    return names


def _run(command: Sequence[str], what: str) -> None:
    result = subprocess.run(list(command), capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-12:])
        raise SiteError(gettext("{what} failed (exit {status}): {command}").format(
            what=what, status=result.returncode, command=" ".join(command)) + f"\n{tail}")


def find_pyodide(given: Path | None, work: Path) -> Path:
    """npm's ``pyodide`` package: ``given``, ``$CANASTA_PYODIDE_DIR``, the checkout's
    ``.cache/pyodide`` (scripts/test.sh installs it there), or ``npm pack`` into ``work``."""
    candidates = [given] if given else []
    if not given:
        if os.environ.get("CANASTA_PYODIDE_DIR"):
            candidates.append(Path(os.environ["CANASTA_PYODIDE_DIR"]))
        candidates.append(Path.cwd() / ".cache" / "pyodide" / "node_modules" / "pyodide")
    for folder in candidates:
        if (folder / "pyodide.mjs").is_file():
            version = json.loads((folder / "package.json").read_text(encoding="utf-8")).get("version")
            if version != PYODIDE_VERSION:
                raise SiteError(gettext("{folder} holds pyodide {found}; the kernel needs {version} "
                                        "(npm pack pyodide@{version})").format(
                    folder=folder, found=version, version=PYODIDE_VERSION))
            return folder
    if given:
        raise SiteError(gettext("--pyodide {folder}: no pyodide.mjs there (give the folder of npm's pyodide "
                                "package)").format(folder=given))
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError(gettext("npm is needed to fetch the pyodide package (or give --pyodide DIR, "
                                "the folder of an unpacked pyodide@{version} npm package)").format(
            version=PYODIDE_VERSION))
    _run([npm, "pack", "--silent", "--pack-destination", str(work), f"pyodide@{PYODIDE_VERSION}"],
         "npm pack pyodide")
    with tarfile.open(work / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+: refuse links and paths out of the folder
            archive.extractall(work / "npm", filter="data")
        else:  # pragma: no cover - older Pythons
            archive.extractall(work / "npm")  # noqa: S202 - npm's own package
    return work / "npm" / "package"


def find_labextension(name: str) -> Path:
    """The installed JupyterLab extension ``name`` (its folder holding ``package.json``)."""
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        if (Path(root) / name / "package.json").is_file():
            return Path(root) / name
    raise SiteError(gettext('the JupyterLab extension {name} is not installed; '
                            'install the site extra: pip install "canasta-learn[site]"').format(name=name))


def kernel_wheels() -> dict[str, Path]:
    """The kernel's own wheels (piplite, pyodide-kernel, the ipykernel and widgetsnbextension
    shims) that jupyterlite-pyodide-kernel ships, by normalized name (newest version)."""
    pypi = find_labextension(SITE_EXTENSIONS[0]) / "static" / "pypi"
    found: dict[str, Path] = {}
    for wheel in sorted(pypi.glob("*.whl")):
        found[wheel_name(wheel.name)[0]] = wheel  # sorted: the newest shim wins
    if not found:
        raise SiteError(gettext("jupyterlite-pyodide-kernel's wheels are missing from {folder}; "
                                'reinstall the site extra: pip install "canasta-learn[site]"').format(folder=pypi))
    return found


def download_wheels(specs: Sequence[str], dest: Path, python: str) -> None:
    """``pip download`` the pure-Python wheels ``specs`` (no dependencies) into ``dest``."""
    if specs:
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
              "--python-version", ".".join(python.split(".")[:2]), "--implementation", "py",
              "--abi", "none", "--platform", "any", "--dest", str(dest), *specs], "pip download")


def pyodide_cdn(core: Path) -> str:
    """The address of Pyodide's official distribution for the npm package in ``core``: the
    default ``indexURL`` its ``pyodide.mjs`` falls back to, with its ``package.json`` version.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "pyodide.mjs").write_text('e.cdnUrl=k(e.b??`https://cdn.jsdelivr.net/pyodide/v${U}/full/`)')
    >>> _ = (folder / "package.json").write_text('{"version": "314.0.6"}')
    >>> pyodide_cdn(folder)
    'https://cdn.jsdelivr.net/pyodide/v314.0.6/full/'
    """
    script = (core / "pyodide.mjs").read_text(encoding="utf-8", errors="replace")
    found = re.search(r"`(https://[^`$]+)\$\{\w+\}(/[^`$]*/)`", script)
    if found is None:
        raise SiteError(gettext("{file} names no default distribution address (cdnUrl); "
                                "build with --offline-only").format(file=core / "pyodide.mjs"))
    version = json.loads((core / "package.json").read_text(encoding="utf-8"))["version"]
    return f"{found.group(1)}{version}{found.group(2)}"


def remote_packages(upstream: dict[str, Any], served: Iterable[str], base: str,
                    wanted: Iterable[str] = REMOTE_PACKAGES) -> dict[str, Any]:
    """The lock entries of ``wanted`` and their dependencies (transitively) that ``served``
    (normalized names) does not provide, copied from the lock ``upstream`` with ``file_name``
    made the absolute address ``base + file_name``.

    >>> lock = {"packages": {
    ...     "pandas": {"name": "pandas", "file_name": "pandas.whl", "depends": ["numpy", "six"]},
    ...     "numpy": {"name": "numpy", "file_name": "numpy.whl", "depends": []},
    ...     "six": {"name": "six", "file_name": "six.whl", "depends": []}}}
    >>> entries = remote_packages(lock, {"six"}, "https://cdn.example/", ["pandas"])
    >>> sorted(entries), entries["numpy"]["file_name"]
    (['numpy', 'pandas'], 'https://cdn.example/numpy.whl')
    """
    packages = {_normalize(k): v for k, v in upstream["packages"].items()}
    skip = {_normalize(n) for n in served}
    entries: dict[str, Any] = {}
    todo = [_normalize(n) for n in wanted]
    while todo:
        name = todo.pop()
        if name in skip or name in entries:
            continue
        if name not in packages:
            raise SiteError(gettext("Pyodide's lock lists no {name}, which {wanted} need").format(
                name=repr(name), wanted=", ".join(wanted)))
        entry = packages[name]
        entries[name] = {**entry, "file_name": base + str(entry["file_name"])}
        todo.extend(_normalize(d) for d in entry.get("depends", []))
    return entries


def assemble_distribution(core: Path, dest: Path, own_wheels: Iterable[Path], work: Path,
                          offline_only: bool = False) -> list[str]:
    """Write a local Pyodide distribution into ``dest``: the npm package's core files, the
    wheels of `KERNEL_PACKAGES` and `LESSON_PACKAGES` with all their requirements (those in
    ``own_wheels`` and the kernel's shims as given, the rest from PyPI at the version Pyodide's
    own lock file names, if any), and a ``pyodide-lock.json`` listing those wheels and, unless
    ``offline_only``, `remote_packages` at `pyodide_cdn`'s address. Return the names to preload."""
    upstream = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = str(upstream["info"]["python"])
    environment = pyodide_environment(python)
    upstream_versions = {_normalize(k): str(v["version"]) for k, v in upstream["packages"].items()}
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, dest / name)
    wheels: dict[str, Path] = {}
    for wheel in [*kernel_wheels().values(), *own_wheels]:
        wheels[wheel_name(wheel.name)[0]] = wheel
    downloads = work / "wheels"
    downloads.mkdir(exist_ok=True)
    wanted = [_normalize(n) for n in (*KERNEL_PACKAGES, *LESSON_PACKAGES)]
    depends: dict[str, list[str]] = {}
    while True:
        missing = sorted({n for n in wanted if n not in wheels and n not in NOT_SERVED})
        if missing:
            download_wheels([f"{n}=={upstream_versions[n]}" if n in upstream_versions else n
                             for n in missing], downloads, python)
            for wheel in downloads.glob("*.whl"):
                wheels.setdefault(wheel_name(wheel.name)[0], wheel)
            lost = [n for n in missing if n not in wheels]
            if lost:
                raise SiteError(gettext("pip found no pure-Python wheel for: {names}").format(names=", ".join(lost)))
        wanted = []
        for name, wheel in wheels.items():
            if name not in depends:
                depends[name] = [r for r in wheel_requirements(wheel, environment) if r not in NOT_SERVED]
                wanted.extend(depends[name])
        if not wanted:
            break
    packages: dict[str, Any] = {}
    for name, wheel in sorted(wheels.items()):
        shutil.copy2(wheel, dest / wheel.name)
        packages[name] = {
            "name": name, "version": wheel_name(wheel.name)[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": _top_level_imports(wheel),
            "depends": sorted(set(depends[name])), "unvendored_tests": False,
        }
    if not offline_only:
        packages.update(remote_packages(upstream, packages, pyodide_cdn(core)))
    lock = {"info": upstream["info"], "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return [_normalize(n) for n in (*KERNEL_PACKAGES, *LESSON_PACKAGES)]


def build_own_wheel(source: Path, dest: Path) -> Path:
    """Build this package's wheel from the source tree ``source`` into ``dest``."""
    if not _is_source_tree(source):
        raise SiteError(gettext("{folder} is not the package's source tree (no pyproject.toml of canasta-learn); "
                                "run from a checkout of canasta_learn or give --source DIR").format(folder=source))
    # Built from a copy: setuptools leaves build/ and *.egg-info in the tree it builds, and
    # reuses a stale build/lib (files deleted since would end up in the wheel).
    tree = dest / "source"
    tree.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (source / name).is_file():
            shutil.copy2(source / name, tree / name)
    shutil.copytree(source / "canasta_learn", tree / "canasta_learn",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dest), str(tree)],
         gettext("building the canasta-learn wheel"))
    built = sorted(dest.glob("canasta_learn-*.whl"))
    if not built:
        raise SiteError(gettext("pip wheel {folder} made no canasta_learn wheel").format(folder=source))
    return built[-1]


def _is_source_tree(folder: Path) -> bool:
    project = folder / "pyproject.toml"
    return project.is_file() and (folder / "canasta_learn").is_dir() and bool(
        re.search(r'^name = "canasta-learn"', project.read_text(encoding="utf-8"), re.MULTILINE))


def default_source() -> Path:
    """The package's source tree: the one it is imported from (a checkout, an editable
    install), else the current folder if it is one (a checkout with a regular install)."""
    imported = Path(__file__).resolve().parents[2]
    for folder in (imported, Path.cwd()):
        if _is_source_tree(folder):
            return folder
    return imported


@dataclass
class SiteChanges:
    """What `update_site` did to the folder: paths relative to it, in ``/`` form."""

    #: The site's folder.
    folder: Path
    #: Whether an earlier site was there (and has been replaced).
    earlier: bool = False
    #: Whether the earlier site listed its own files (`MANIFEST`); a site built before that
    #: list existed cannot tell its stale files from the user's, so `kept` may hold both.
    listed: bool = True
    #: How many files the new site wrote.
    written: int = 0
    #: Files of the earlier build that this build does not write (removed with it).
    removed: list[str] = field(default_factory=list)
    #: Files a user added to the earlier site, carried into the new one as they were.
    kept: list[str] = field(default_factory=list)
    #: Files of the site that a user changed, whose name the new build writes again: the
    #: user's version is kept under the new name given (``NAME.yours.EXT``).
    renamed: dict[str, str] = field(default_factory=dict)
    #: With ``clean``: the files a user had added or changed, not carried over.
    discarded: list[str] = field(default_factory=list)
    #: The earlier site's folder when it could not be removed after the swap, else None.
    leftover: Path | None = None


def build_site(out: Path, *, lessons: Path | None = None, pyodide: Path | None = None,
               source: Path | None = None, offline_only: bool = False, clean: bool = False) -> Path:
    """Build the JupyterLite site into ``out`` (see the module's documentation); return ``out``.

    ``lessons`` is the folder of notebooks, English at its top and each other edition in the
    subfolder named by its language, ``pt_BR/`` (default: the package's lessons), ``pyodide`` the
    folder of npm's ``pyodide`` package (default: found or fetched, see `find_pyodide`), and
    ``source`` the package's source tree for its wheel (default: `default_source`);
    ``offline_only`` leaves `REMOTE_PACKAGES` out of the lock (see the module's documentation).
    An earlier site in ``out`` is replaced only when the build has succeeded, and the files a
    user added to it are kept unless ``clean`` (see `update_site`, which also says what changed).
    Raises `SiteError` (a ValueError) saying what is missing.
    """
    update_site(out, lessons=lessons, pyodide=pyodide, source=source, offline_only=offline_only, clean=clean)
    return out


def update_site(out: Path, *, lessons: Path | None = None, pyodide: Path | None = None,
                source: Path | None = None, offline_only: bool = False, clean: bool = False) -> SiteChanges:
    """`build_site`, returning what it did (`SiteChanges`).

    The site is built in a new folder beside ``out`` and swapped in when the build has
    succeeded; a failure (or Ctrl-C) before then removes that folder and changes nothing in
    ``out``. Files of an earlier site that it did not write (a user's own notebook) are carried
    into the new site, and a file of the site that a user changed is kept beside the new one
    (`SiteChanges.renamed`), unless ``clean``. A folder that cannot be written raises
    `SiteError` before anything changes.
    """
    folder = lessons if lessons is not None else lessons_dir("en")  # both editions, whatever --lang says
    if not lesson_editions(folder):
        raise SiteError(gettext("no notebooks (*.ipynb) in {folder}").format(folder=folder))
    if out.exists() and (not out.is_dir() or any(out.iterdir())) and not (out / "jupyter-lite.json").is_file():
        raise SiteError(gettext("{folder} is not empty and is not a JupyterLite site: give a new or empty folder")
                        .format(folder=out))
    try:
        require_extra("site", "canasta-learn site", modules=SITE_MODULES)
    except MissingExtraError as error:
        raise SiteError(str(error)) from None
    target = out.resolve()  # a symbolic link's folder: the site is swapped in where it really is
    _check_writable(out, target)
    staging = _new_folder_beside(out, target)
    try:
        _build_into(staging, folder, pyodide=pyodide, source=source, offline_only=offline_only)
        written = _write_manifest(staging)
        changes = SiteChanges(out, earlier=target.is_dir() and any(target.iterdir()), written=len(written))
        if changes.earlier:
            _carry_over(target, staging, set(written), changes, clean)
        _swap_in(staging, target, changes)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return changes


def _check_writable(out: Path, target: Path) -> None:
    """Refuse, before anything changes, a site that could not be replaced: every folder of an
    earlier site must take changes (it is removed after the swap)."""
    if not target.exists():
        return
    for root, _dirs, _files in os.walk(target):
        if not os.access(root, os.W_OK | os.X_OK):
            raise SiteError(gettext("{folder} is read-only, so the site in {out} cannot be replaced: make it "
                                    "writable (chmod -R u+w {out}) or give another folder").format(
                folder=root, out=out))


def _new_folder_beside(out: Path, target: Path) -> Path:
    """A new hidden folder beside ``target`` (same parent, so that the swap is a rename), with
    the earlier site's permissions (else the usual ones for a new folder)."""
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = temporary_name(target, "new")
        os.mkdir(staging, 0o777)  # the umask applies, as for any new folder
        if target.is_dir():
            os.chmod(staging, stat.S_IMODE(target.stat().st_mode))
    except OSError as error:
        raise SiteError(gettext("cannot write in {folder} ({problem}): the site is built beside {out} and then "
                                "swapped in; make {folder} writable or give a folder elsewhere").format(
            folder=parent, problem=error.strerror or error, out=out)) from None
    return staging


def lesson_editions(folder: Path) -> dict[str, list[Path]]:
    """The notebooks of each edition in the lessons' folder ``folder``: English at its top
    level, each of `EDITIONS` in the subfolder named by its language; editions with no
    notebook are left out."""
    found = {"en": sorted(folder.glob("*.ipynb")) if folder.is_dir() else []}
    for language in EDITIONS:
        found[language] = sorted((folder / language).glob("*.ipynb")) if (folder / language).is_dir() else []
    return {language: notebooks for language, notebooks in found.items() if notebooks}


def _lesson_title(notebook: Path) -> str:
    """``00 · Start here``: the lesson's number and the title its metadata gives (else its name)."""
    try:
        metadata = json.loads(notebook.read_text(encoding="utf-8")).get("metadata", {})
    except (OSError, ValueError):
        metadata = {}
    title = (metadata.get("canasta_learn") or {}).get("title") if isinstance(metadata, dict) else None
    number, _, rest = notebook.stem.partition("_")
    if not isinstance(title, str) or not title.strip():
        title = rest.replace("_", " ") or notebook.stem
    return f"{number} · {title}" if number.isdigit() else title


def _markdown_text(text: str) -> str:
    """``text`` with Markdown's special characters escaped (a title shown as written)."""
    return re.sub(r"([\\`*_{}\[\]<>()#+!|])", r"\\\1", text)


def site_contents(folder: Path, dest: Path) -> dict[str, list[str]]:
    """Write into the new folder ``dest`` what the site's file browser holds: the lessons of
    every edition in ``folder`` (`lesson_editions`: English at the top, the others in the
    folder named by their language, e.g. ``pt_BR/``), and `INDEX`, which links every lesson of
    each edition, under a heading and a sentence in that edition's language. Return the
    files written per language, as ``/`` paths relative to ``dest``. Raises `SiteError` when
    ``folder`` holds no notebook."""
    editions = lesson_editions(folder)
    if not editions:
        raise SiteError(gettext("no notebooks (*.ipynb) in {folder}").format(folder=folder))
    dest.mkdir(parents=True)
    written: dict[str, list[str]] = {}
    lines: list[str] = []
    for language, notebooks in editions.items():
        where = "" if language == "en" else language + "/"
        if where:
            (dest / language).mkdir()
        written[language] = [where + notebook.name for notebook in notebooks]
        for notebook in notebooks:
            shutil.copy2(notebook, dest / (where + notebook.name))
        with speaking(language):
            lines.append(f"## {AUTONYMS.get(language, language)}\n")
            if where:
                lines.append(gettext("Open a lesson: click its name below, or double-click it in the folder {folder} "
                                     "of the file browser on the left.").format(folder=language))
            else:
                lines.append(gettext("Open a lesson: click its name below, or double-click it in the file browser "
                                     "on the left."))
            lines.append(gettext("Run its cells from top to bottom with Shift+Enter: Python runs in this "
                                 "browser tab.") + "\n")
        lines.extend(f"- [{_markdown_text(_lesson_title(notebook))}]({quote(where + notebook.name)})"
                     for notebook in notebooks)
        lines.append("")
    titles = []
    for language in editions:
        with speaking(language):
            titles.append(gettext("Canasta lessons"))
    heading = " · ".join(dict.fromkeys(titles))
    (dest / INDEX).write_text(f"# {heading}\n\n" + "\n".join(lines), encoding="utf-8")
    return written


def _build_into(dest: Path, lessons: Path, *, pyodide: Path | None, source: Path | None,
                offline_only: bool) -> None:
    """Build the site into the empty folder ``dest``."""
    with tempfile.TemporaryDirectory(prefix="canasta-site-") as tmp:
        work = Path(tmp)
        own = build_own_wheel(source or default_source(), work / "own")
        lite = work / "lite"
        preload = assemble_distribution(find_pyodide(pyodide, work), lite / "static" / "pyodide", [own], work,
                                        offline_only=offline_only)
        contents = work / "contents"
        site_contents(lessons, contents)
        settings = {"loadPyodideOptions": {"packages": preload}, "disablePyPIFallback": True}
        config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
        # The index (`INDEX`) opens rendered, its links opening the lessons (JupyterLab's
        # default for Markdown is the text editor); "Open With" still offers the editor.
        overrides = {"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}}}
        (lite / "overrides.json").write_text(json.dumps(overrides, indent=2) + "\n", encoding="utf-8")
        build_config = {"LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(find_labextension(name)) for name in SITE_EXTENSIONS]}}
        (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2) + "\n", encoding="utf-8")
        env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
        command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite),
                   "--contents", str(contents), "--output-dir", str(dest.resolve()), "--no-sourcemaps"]
        result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=lite)
        if result.returncode != 0:
            tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-12:])
            raise SiteError(gettext("jupyter lite build failed (exit {status})").format(status=result.returncode)
                            + f"\n{tail}")
    if not (dest / "static" / "pyodide" / "pyodide-lock.json").is_file():
        raise SiteError(gettext("the build left no Pyodide in {folder}").format(folder=dest / "static" / "pyodide"))


def _site_files(folder: Path) -> list[str]:
    """The files (and symbolic links) under ``folder``, as ``/`` paths relative to it, but `MANIFEST`."""
    found: list[str] = []
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        links = [d for d in dirs if (here / d).is_symlink()]  # a link to a folder is one entry
        for name in [*files, *links]:
            relative = (here / name).relative_to(folder).as_posix()
            if relative != MANIFEST:
                found.append(relative)
    return sorted(found)


def _digest(path: Path) -> str:
    if path.is_symlink():
        return "link:" + os.readlink(path)
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_manifest(folder: Path) -> dict[str, str]:
    """Write `MANIFEST` (every file the build wrote, with its sha256) into ``folder``; return the list."""
    files = {name: _digest(folder / name) for name in _site_files(folder)}
    document = {"format": MANIFEST_FORMAT, "files": files}
    (folder / MANIFEST).write_text(json.dumps(document, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    return files


def _read_manifest(folder: Path) -> dict[str, str] | None:
    """The files an earlier build wrote, with their sha256, or None (no readable `MANIFEST`)."""
    try:
        document = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = document.get("files") if isinstance(document, dict) else None
    if document.get("format") != MANIFEST_FORMAT or not isinstance(files, dict):
        return None
    return {str(k): str(v) for k, v in files.items()}


def _yours(relative: str, taken: set[str]) -> str:
    """A free name for the user's version of a site file: ``files/a.ipynb`` -> ``files/a.yours.ipynb``."""
    path = Path(relative)
    suffix = "".join(path.suffixes)
    stem = path.name[:len(path.name) - len(suffix)] if suffix else path.name
    number = 1
    while True:
        mark = "yours" if number == 1 else f"yours{number}"
        candidate = path.with_name(f"{stem}.{mark}{suffix}").as_posix()
        if candidate not in taken:
            return candidate
        number += 1


def _carry(source: Path, dest: Path) -> None:
    """Put a copy of the file (or link) ``source`` at ``dest``: a hard link where it can (the
    same file, no space used), else a copy."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    if source.is_symlink():
        os.symlink(os.readlink(source), dest)
        return
    try:
        os.link(source, dest)
    except OSError:
        shutil.copy2(source, dest)


def _carry_over(old: Path, new: Path, written: set[str], changes: SiteChanges, clean: bool) -> None:
    """Sort the earlier site's files into `SiteChanges` and, unless ``clean``, carry the
    user's (those not in its manifest, or changed since) into the new site ``new``."""
    manifest = _read_manifest(old)
    changes.listed = manifest is not None
    taken = set(written)
    for relative in _site_files(old):
        path = old / relative
        if manifest is None:  # a site built before the manifest: what this build writes was the site's
            users = relative not in written
        else:
            users = relative not in manifest or _digest(path) != manifest[relative]
        if not users:
            if relative not in written:
                changes.removed.append(relative)
            continue
        if clean:
            changes.discarded.append(relative)
            continue
        name = relative
        if relative in written:
            name = _yours(relative, taken)
            changes.renamed[relative] = name
        else:
            changes.kept.append(relative)
        taken.add(name)
        _carry(path, new / name)
    for root, dirs, files in os.walk(old):  # the user's empty folders
        if not dirs and not files and not clean:
            (new / Path(root).relative_to(old)).mkdir(parents=True, exist_ok=True)


def _swap_in(new: Path, target: Path, changes: SiteChanges) -> None:
    """Put the folder ``new`` at ``target``: the earlier site is renamed aside, the new one
    renamed into place (the earlier one back if that fails), then the earlier one removed."""
    if not target.exists():
        os.rename(new, target)
        return
    old = temporary_name(target, "old")
    try:
        os.rename(target, old)
    except OSError as error:
        raise SiteError(gettext("cannot replace the site in {folder}: {problem}").format(
            folder=changes.folder, problem=error.strerror or error)) from None
    try:
        os.rename(new, target)
    except BaseException:
        os.rename(old, target)
        raise
    try:
        shutil.rmtree(old)
    except OSError:
        changes.leftover = old


def _listing(names: Sequence[str], most: int = 10) -> str:
    shown = ", ".join(names[:most])
    if len(names) > most:
        shown += " " + ngettext("and {count} more", "and {count} more", len(names) - most).format(
            count=len(names) - most)
    return shown


def changes_text(changes: SiteChanges) -> list[str]:
    """The sentences that say what `update_site` replaced, kept and removed."""
    lines: list[str] = []
    if changes.earlier:
        lines.append(ngettext("Replaced the earlier site in {folder} with the new build ({count} file).",
                              "Replaced the earlier site in {folder} with the new build ({count} files).",
                              changes.written).format(folder=changes.folder, count=changes.written))
    if changes.removed:
        lines.append(ngettext("Removed {count} file of the earlier build that this build does not write: {files}.",
                              "Removed {count} files of the earlier build that this build does not write: {files}.",
                              len(changes.removed)).format(count=len(changes.removed),
                                                           files=_listing(changes.removed)))
    if changes.kept and changes.listed:
        lines.append(ngettext("Kept {count} file you added, as it was: {files}.",
                              "Kept {count} files you added, as they were: {files}.",
                              len(changes.kept)).format(count=len(changes.kept), files=_listing(changes.kept)))
    elif changes.kept:
        lines.append(ngettext("Kept {count} file this build does not write, as it was (the earlier site did not "
                              "list its own files, so it may be yours): {files}.",
                              "Kept {count} files this build does not write, as they were (the earlier site did not "
                              "list its own files, so they may be yours): {files}.",
                              len(changes.kept)).format(count=len(changes.kept), files=_listing(changes.kept)))
    for relative, name in changes.renamed.items():
        lines.append(gettext("Your changed {file} is kept as {copy}; the new build wrote {file}.").format(
            file=relative, copy=name))
    if changes.discarded and not changes.listed:
        lines.append(ngettext("Removed {count} file this build does not write (--clean): {files}.",
                              "Removed {count} files this build does not write (--clean): {files}.",
                              len(changes.discarded)).format(count=len(changes.discarded),
                                                             files=_listing(changes.discarded)))
    elif changes.discarded:
        lines.append(ngettext("Removed {count} file you had added or changed (--clean): {files}.",
                              "Removed {count} files you had added or changed (--clean): {files}.",
                              len(changes.discarded)).format(count=len(changes.discarded),
                                                             files=_listing(changes.discarded)))
    if changes.leftover is not None:
        lines.append(gettext("The earlier site could not be removed; it is in {folder} (delete it when you "
                             "wish).").format(folder=changes.leftover))
    return lines


def _handle(args: argparse.Namespace) -> int:
    changes = update_site(Path(args.out), lessons=args.lessons, pyodide=args.pyodide, source=args.source,
                          offline_only=args.offline_only, clean=args.clean)
    for line in changes_text(changes):
        print(line)
    out = changes.folder
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(gettext("JupyterLite site in {folder} ({size} MB); serve it with any static web server, "
                  "e.g. python -m http.server -d {folder}, and open /lab/").format(
        folder=out, size=f"{size / 1e6:.0f}"))
    portuguese = sorted((out / "files" / "pt_BR").glob("*.ipynb"))
    if portuguese:
        print(gettext("The Brazilian Portuguese lessons are in the site's folder pt_BR: open "
                      "/lab/index.html?path=pt_BR/{lesson}").format(lesson=portuguese[0].name))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``site`` subcommand."""
    parser = subparsers.add_parser(
        "site", help=gettext("build the lessons as a JupyterLite site that runs in the browser, offline"),
        description=gettext("Build a static JupyterLite site (JupyterLab with Python in the browser) holding "
                            "every lesson, the package and the widget libraries, with a local Pyodide: it "
                            "needs no server and loads nothing from elsewhere, but for pandas and matplotlib, "
                            "which the lessons that import them load from Pyodide's distribution when online "
                            "(--offline-only leaves them out). Needs the site extra, PyPI "
                            "and npm (or --pyodide)."))
    parser.add_argument("out", metavar="OUT",
                        help=gettext("the folder to write the site to (new, empty, or a site: replaced when "
                                     "the build has succeeded, keeping the files you added)"))
    parser.add_argument("--lessons", type=Path, metavar="DIR",
                        help=gettext("the folder of notebooks, with the Brazilian Portuguese ones in its subfolder "
                                     "pt_BR (default: the package's lessons, both editions)"))
    parser.add_argument("--pyodide", type=Path, metavar="DIR",
                        help=gettext("the folder of npm's pyodide@{version} package (default: npm pack)").format(
                            version=PYODIDE_VERSION))
    parser.add_argument("--source", type=Path, metavar="DIR",
                        help=gettext("the package's source tree, for its wheel (default: where it is imported from)"))
    parser.add_argument("--offline-only", action="store_true",
                        help=gettext("list only the site's own wheels in its Pyodide lock: no pandas or "
                                     "matplotlib, even when served online (default: those two load from "
                                     "Pyodide's distribution on demand)"))
    parser.add_argument("--clean", action="store_true",
                        help=gettext("replacing a site, leave out the files you added to it or changed "
                                     "(default: keep them)"))
    parser.set_defaults(handler=_handle)

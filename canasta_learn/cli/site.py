"""``canasta-learn site OUT``: the lessons as a JupyterLite site that runs in the browser, offline.

The engine is pure Python, so the lessons run entirely in the browser's Python (Pyodide,
CPython compiled to WebAssembly). ``canasta-learn site OUT`` builds a static site in OUT that
any static host (GitHub Pages, a school's web server, a USB stick with ``python -m
http.server``) serves with no server-side code, and that loads nothing from anywhere else:

* JupyterLab (jupyterlite-core) with the Pyodide kernel (jupyterlite-pyodide-kernel), every
  lesson, and the front ends of the widget libraries (ipywidgets, anywidget);
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

Errors print one line and exit with status 2 (see `canasta_learn.cli`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from email.parser import HeaderParser
from pathlib import Path
from typing import Any

from ..core.extras import MissingExtraError, require_extra
from ..core.i18n import gettext
from .lessons import lessons_dir

__all__ = [
    "KERNEL_PACKAGES",
    "KERNEL_PLUGIN",
    "LESSON_PACKAGES",
    "NOT_SERVED",
    "PYODIDE_VERSION",
    "REMOTE_PACKAGES",
    "SiteError",
    "build_site",
    "pyodide_cdn",
    "register",
    "remote_packages",
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


def build_site(out: Path, *, lessons: Path | None = None, pyodide: Path | None = None,
               source: Path | None = None, offline_only: bool = False) -> Path:
    """Build the JupyterLite site into ``out`` (see the module's documentation); return ``out``.

    ``lessons`` is the folder of notebooks (default: the package's lessons), ``pyodide`` the
    folder of npm's ``pyodide`` package (default: found or fetched, see `find_pyodide`), and
    ``source`` the package's source tree for its wheel (default: `default_source`);
    ``offline_only`` leaves `REMOTE_PACKAGES` out of the lock (see the module's documentation).
    Raises `SiteError` (a ValueError) saying what is missing.
    """
    folder = lessons if lessons is not None else lessons_dir()
    notebooks = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
    if not notebooks:
        raise SiteError(gettext("no notebooks (*.ipynb) in {folder}").format(folder=folder))
    if out.exists() and (not out.is_dir() or any(out.iterdir())) and not (out / "jupyter-lite.json").is_file():
        raise SiteError(gettext("{folder} is not empty and is not a JupyterLite site: give a new or empty folder")
                        .format(folder=out))
    try:
        require_extra("site", "canasta-learn site", modules=SITE_MODULES)
    except MissingExtraError as error:
        raise SiteError(str(error)) from None
    if out.exists():
        shutil.rmtree(out)  # an empty folder, or the site of an earlier build
    with tempfile.TemporaryDirectory(prefix="canasta-site-") as tmp:
        work = Path(tmp)
        own = build_own_wheel(source or default_source(), work / "own")
        lite = work / "lite"
        preload = assemble_distribution(find_pyodide(pyodide, work), lite / "static" / "pyodide", [own], work,
                                        offline_only=offline_only)
        contents = work / "contents"
        contents.mkdir()
        for notebook in notebooks:
            shutil.copy2(notebook, contents / notebook.name)
        settings = {"loadPyodideOptions": {"packages": preload}, "disablePyPIFallback": True}
        config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
        build_config = {"LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(find_labextension(name)) for name in SITE_EXTENSIONS]}}
        (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2) + "\n", encoding="utf-8")
        env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
        command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite),
                   "--contents", str(contents), "--output-dir", str(out.resolve()), "--no-sourcemaps"]
        result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=lite)
        if result.returncode != 0:
            tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-12:])
            raise SiteError(gettext("jupyter lite build failed (exit {status})").format(status=result.returncode)
                            + f"\n{tail}")
    if not (out / "static" / "pyodide" / "pyodide-lock.json").is_file():
        raise SiteError(gettext("the build left no Pyodide in {folder}").format(folder=out / "static" / "pyodide"))
    return out


def _handle(args: argparse.Namespace) -> int:
    out = build_site(Path(args.out), lessons=args.lessons, pyodide=args.pyodide, source=args.source,
                     offline_only=args.offline_only)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(gettext("JupyterLite site in {folder} ({size} MB); serve it with any static web server, "
                  "e.g. python -m http.server -d {folder}, and open /lab/").format(
        folder=out, size=f"{size / 1e6:.0f}"))
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
                        help=gettext("the folder to write the site to (new, empty, or a site)"))
    parser.add_argument("--lessons", type=Path, metavar="DIR",
                        help=gettext("the notebooks (default: the package's lessons)"))
    parser.add_argument("--pyodide", type=Path, metavar="DIR",
                        help=gettext("the folder of npm's pyodide@{version} package (default: npm pack)").format(
                            version=PYODIDE_VERSION))
    parser.add_argument("--source", type=Path, metavar="DIR",
                        help=gettext("the package's source tree, for its wheel (default: where it is imported from)"))
    parser.add_argument("--offline-only", action="store_true",
                        help=gettext("list only the site's own wheels in its Pyodide lock: no pandas or "
                                     "matplotlib, even when served online (default: those two load from "
                                     "Pyodide's distribution on demand)"))
    parser.set_defaults(handler=_handle)

"""Checks of the Binder (repo2docker) configuration in binder/.

* the files exist and postBuild starts with ``set -e``;
* postBuild writes JupyterLab overrides that JupyterLab's own settings schemas accept
  (run against a stand-in ``jupyter`` command, so nothing outside a temp dir is touched);
* (slow) ``repo2docker --no-build --debug .`` prints the Dockerfile Binder would build,
  with no Docker engine needed; skipped where repo2docker is not installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"


def test_binder_files_exist() -> None:
    for name in ["requirements.txt", "postBuild", "runtime.txt"]:
        assert (BINDER / name).is_file(), f"binder/{name} is missing"
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_requirements_install_the_package_with_lessons_extra() -> None:
    lines = [
        line.split("#", 1)[0].strip()
        for line in (BINDER / "requirements.txt").read_text().splitlines()
    ]
    # repo2docker runs pip from the repository root, so "." is the repository.
    assert "-e .[lessons]" in lines


def test_postbuild_starts_with_set_e() -> None:
    lines = [
        line.strip()
        for line in (BINDER / "postBuild").read_text().splitlines()
        if line.strip() and not line.startswith("#!")
    ]
    assert lines[0] == "set -e"
    assert os.access(BINDER / "postBuild", os.X_OK), "postBuild should be executable"


def _schema(*candidates: Path) -> dict[str, Any]:
    for path in candidates:
        if path.is_file():
            loaded: dict[str, Any] = json.loads(path.read_text())
            return loaded
    pytest.skip(f"JupyterLab settings schema not installed: {candidates[0]}")


def test_postbuild_writes_valid_lab_overrides(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    app_dir = tmp_path / "share" / "jupyter" / "lab"
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    # Stand-in for `jupyter lab path`, pointing the script at the temp dir.
    fake_jupyter = fake_bin / "jupyter"
    fake_jupyter.write_text(f'#!/bin/sh\necho "Application directory:   {app_dir}"\n')
    fake_jupyter.chmod(0o755)
    python_dir = Path(sys.executable).parent
    env = dict(os.environ, PATH=f"{fake_bin}{os.pathsep}{python_dir}{os.pathsep}/usr/bin:/bin")

    subprocess.run(["bash", str(BINDER / "postBuild")], cwd=ROOT, env=env, check=True)

    overrides = json.loads((app_dir / "settings" / "overrides.json").read_text())
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}

    # The settings are real: JupyterLab's own schemas accept them.
    share = Path(sys.prefix) / "share" / "jupyter"
    schemas = {
        "@jupyterlab/apputils-extension:notification": _schema(
            share / "lab/schemas/@jupyterlab/apputils-extension/notification.json"
        ),
        "@jupyter-widgets/jupyterlab-manager:plugin": _schema(
            share / "labextensions/@jupyter-widgets/jupyterlab-manager/schemas"
            "/@jupyter-widgets/jupyterlab-manager/plugin.json"
        ),
    }
    for plugin, schema in schemas.items():
        for key in overrides[plugin]:
            assert key in schema["properties"], f"{plugin} has no setting {key!r}"
        jsonschema.validate(overrides[plugin], schema)

    # Running it again merges rather than duplicating or failing.
    subprocess.run(["bash", str(BINDER / "postBuild")], cwd=ROOT, env=env, check=True)
    assert json.loads((app_dir / "settings" / "overrides.json").read_text()) == overrides


def _repo2docker() -> str | None:
    beside_python = Path(sys.executable).parent / "repo2docker"
    if beside_python.exists():
        return str(beside_python)
    return shutil.which("repo2docker")


@pytest.mark.slow
@pytest.mark.skipif(_repo2docker() is None, reason="repo2docker is not installed")
def test_repo2docker_dry_run(tmp_path: Path) -> None:
    """`repo2docker --no-build --debug .` prints the Dockerfile (no Docker engine needed)."""
    exe = _repo2docker()
    assert exe is not None
    proc = subprocess.run(
        [exe, "--no-build", "--debug", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    dockerfile = proc.stdout
    assert "binder/postBuild" in dockerfile
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in dockerfile
    # The local reference (-e .) makes repo2docker copy the whole repository first.
    assert dockerfile.index("COPY --chown") < dockerfile.index('binder/requirements.txt"')
    assert "python=3.11" in proc.stderr  # from binder/runtime.txt


def test_requirements_include_jupyterlabs_brazilian_portuguese_language_pack() -> None:
    """Issue 17: Binder's JupyterLab can be switched to pt-BR for the Portuguese lessons."""
    lines = [line.split("#", 1)[0].strip() for line in (BINDER / "requirements.txt").read_text().splitlines()]
    pinned = [line for line in lines if line.lower().startswith("jupyterlab-language-pack-pt-br==")]
    assert len(pinned) == 1, lines

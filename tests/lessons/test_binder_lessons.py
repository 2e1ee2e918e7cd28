"""Binder's environment, rebuilt locally: a clean virtual environment made *only* from
``binder/requirements.txt`` imports the package and runs a lesson top to bottom, in English and
in Brazilian Portuguese, and has JupyterLab's pt-BR language pack.

This is what mybinder.org does (repo2docker runs ``pip install -r binder/requirements.txt``
from the repository root), minus Docker. It needs PyPI (skipped, with the reason, when
pypi.org cannot be reached) and takes one to three minutes, so it is marked slow.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "02_frozen_and_blocked_piles.ipynb"
#: The same lesson's Brazilian Portuguese edition (issue 17), run in the same environment.
LESSON_PT_BR = ROOT / "notebooks" / "pt_BR" / "02_frozen_and_blocked_piles.ipynb"

RUN_LESSON = r"""
import sys, tempfile
import nbformat
from nbclient import NotebookClient
import canasta_learn, ipywidgets, anywidget, pandas, matplotlib

nb = nbformat.read(sys.argv[1], as_version=4)
with tempfile.TemporaryDirectory() as work:
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": work}}).execute()
errors = [o for c in nb.cells for o in c.get("outputs", [])
          if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr")]
assert not errors, errors
mike = next(c for c in nb.cells if "check-seed000-mike" in c.metadata.get("tags", []))
assert "pile_frozen_needs_natural_pair" in mike.outputs[0]["data"]["text/plain"]
print("lesson ok", canasta_learn.__file__)
"""


def pypi_reachable() -> bool:
    try:
        with socket.create_connection(("pypi.org", 443), timeout=5):
            return True
    except OSError:
        return False


@pytest.mark.slow
def test_clean_venv_from_binder_requirements_runs_a_lesson(tmp_path: Path) -> None:
    if not pypi_reachable():
        pytest.skip("pypi.org is not reachable: cannot build Binder's environment here")
    venv = tmp_path / "binder-venv"
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "PYTHONHOME")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    # Exactly what repo2docker runs, from the repository root.
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
         "-r", "binder/requirements.txt"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-3000:]
    installed = time.monotonic()
    for lesson in (LESSON, LESSON_PT_BR):
        run = subprocess.run([str(python), "-c", RUN_LESSON, str(lesson)], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
        assert "lesson ok" in run.stdout and str(ROOT / "canasta_learn") in run.stdout
    # JupyterLab finds its pt-BR language pack (Settings > Language) through this entry point.
    packs = subprocess.run([str(python), "-c", "from importlib.metadata import entry_points; "
                            "print(sorted(e.name for e in entry_points(group='jupyterlab.languagepack')))"],
                           env=env, capture_output=True, text=True, timeout=60)
    assert "pt_BR" in packs.stdout, packs.stdout + packs.stderr
    print(f"binder venv: install {installed - start:.0f} s, lesson {time.monotonic() - installed:.0f} s")

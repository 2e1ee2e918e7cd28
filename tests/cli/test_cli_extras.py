"""Every command that needs an optional extra says, in one line, which extra to install and
the command that installs it (exit status 2), instead of a traceback, and starts nothing.

Each case runs the real command line in a fresh interpreter where the extra's module cannot
be imported (an import hook on ``sys.meta_path`` refuses it, as a missing install does).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Run the command line with the modules named in argv[1] (comma-separated) not importable.
BLOCKING_CLI = """
import importlib.abc, sys
BLOCKED = set(sys.argv[1].split(","))
class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Missing())
for name in list(sys.modules):
    if name.split(".")[0] in BLOCKED:
        del sys.modules[name]
from canasta_learn.cli import main
sys.exit(main(sys.argv[2:]))
"""


def run_cli_without(modules: str, argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["CANASTA_LEARN_LANG"] = "en"
    return subprocess.run([sys.executable, "-c", BLOCKING_CLI, modules, *argv], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=120)


@pytest.mark.parametrize(("blocked", "argv", "what", "extra", "missing"), [
    ("voila", ["play"], "canasta-learn play", "lessons", "voila"),
    ("anywidget", ["play"], "canasta-learn play", "lessons", "anywidget"),
    ("anywidget", ["play", "--no-voila"], "canasta-learn play", "widgets", "anywidget"),
    ("jupyterlab", ["lessons", "l"], "canasta-learn lessons", "lessons", "jupyterlab"),
    ("nbconvert", ["export", "out"], "canasta-learn export", "lessons", "nbconvert"),
    ("jupyterlite_core", ["site", "out"], "canasta-learn site", "site", "jupyterlite_core"),
])
def test_a_command_without_its_extra_says_which_to_install_in_one_line(
        blocked: str, argv: list[str], what: str, extra: str, missing: str, tmp_path: Path) -> None:
    result = run_cli_without(blocked, argv, tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [
        f"canasta-learn: error: {what} needs the {extra} extra (missing: {missing}); "
        f'install it with: pip install "canasta-learn[{extra}]"'], result.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written, nothing started


def test_play_help_names_the_extra_that_has_voila() -> None:
    """``play --help`` names the extra, and that extra (the README's first install) has Voila."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    from canasta_learn.cli import build_parser

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(item.startswith("voila") for item in extras["lessons"])
    help_text = build_parser()._subparsers._group_actions[0].choices["play"].format_help()  # type: ignore[union-attr]
    assert "canasta-learn[lessons]" in " ".join(help_text.split())

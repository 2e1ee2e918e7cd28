#!/usr/bin/env bash
# Set up (idempotent) and open the lessons in JupyterLab: the README's first command.
#
# Usage (from anywhere):   bash scripts/lessons.sh [DIR] [--no-lab] [-- JUPYTERLAB ARGS...]
#   (the arguments go to `canasta-learn lessons`; e.g. `bash scripts/lessons.sh -- --port 9000`)
#
# On a fresh machine this one command, as root or as a normal user:
#   1. creates the virtual environment .venv in the checkout (or reuses it) with python3
#      (override: PYTHON=...); as root on Debian/Ubuntu, if python3 cannot make one (the
#      python3-venv package is missing), installs python3-venv with apt-get first;
#   2. runs `pip install -e ".[lessons]"` there, unless pyproject.toml is unchanged since the
#      last successful install (stamp file .venv/.canasta-lessons-deps) and the modules are
#      there (scripts/test.sh's `.[test]` install includes everything the lessons need);
#   3. runs `canasta-learn lessons`: copies the lessons into ./canasta-lessons (never
#      overwriting an edited copy) and starts JupyterLab on them (as root with --allow-root).
#
# Environment knobs:
#   PYTHON=python3.11      interpreter used to create .venv
#   SKIP_APT=1             never call apt-get
#   FORCE_INSTALL=1        re-run the pip install even if the stamp says it is up to date
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
VENV="${ROOT}/.venv"
PY="${VENV}/bin/python"
STAMP="${VENV}/.canasta-lessons-deps"

step() { printf '\n==> %s\n' "$*"; }

# --------------------------------------------------------------------------- 1. venv
# shellcheck source=scripts/venv.sh
source "${ROOT}/scripts/venv.sh"
make_venv "${VENV}"

# --------------------------------------------------------------------------- 2. pip install
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
have="$(cat "${STAMP}" 2>/dev/null || true)"
if [[ "${FORCE_INSTALL:-0}" == 1 || "${want}" != "${have}" ]] \
        || ! "${PY}" - <<'PYCHECK'
# exit 1 if any module the lessons need cannot be found (find_spec imports nothing)
import importlib.util
import sys

needed = ["canasta_learn", "jupyterlab", "ipywidgets", "anywidget", "pandas", "ipykernel"]
sys.exit(any(importlib.util.find_spec(m) is None for m in needed))
PYCHECK
then
    step "installing the package with its lessons extra: pip install -e '.[lessons]'"
    "${PY}" -m pip install -e ".[lessons]"
    echo "${want}" > "${STAMP}"
fi

# --------------------------------------------------------------------------- 3. lessons
exec "${VENV}/bin/canasta-learn" lessons "$@"

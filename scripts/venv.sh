# Sourced by scripts/test.sh and scripts/lessons.sh: make_venv DIR creates the virtual
# environment DIR with ${PYTHON:-python3} unless DIR/bin/python exists. Where `python3 -m venv`
# fails (Debian and Ubuntu ship venv separately), as root with apt-get it installs python3-venv
# and tries again (unless SKIP_APT=1); otherwise it says what to install and exits 1.
# Needs the caller's step() function for its progress lines.

make_venv() {
    local venv="$1"
    [[ -x "${venv}/bin/python" ]] && return 0
    step "creating virtual environment ${venv}"
    if "${PYTHON:-python3}" -m venv "${venv}"; then
        return 0
    fi
    rm -rf "${venv}"
    if [[ "${SKIP_APT:-0}" != 1 && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
        step "installing python3-venv (apt-get), which python3 -m venv needs here"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        apt-get install -y -q --no-install-recommends python3-venv
        "${PYTHON:-python3}" -m venv "${venv}"
    else
        echo "ERROR: cannot create ${venv}; on Debian/Ubuntu install python3-venv" \
             "(sudo apt-get install python3-venv) and run this again." >&2
        exit 1
    fi
}

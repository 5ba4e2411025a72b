# Sourced by the binding's CTest scripts (test_in_venv.sh,
# test_census_dask.sh, test_packaging.sh), which set `here` (this folder) and
# `root` (the repository) first: the interpreter, and the package installed
# into a venv exactly as README.md says.
#
# The interpreter is /usr/bin/python3 (GBR_PYTHON overrides it): another
# python3 may come first on PATH.
python=${GBR_PYTHON:-/usr/bin/python3}

# venv_need HINT MODULE...: exit 77 (CTest's skip), saying why, unless the
# interpreter is there, has its headers (python3-dev) and imports every
# MODULE; HINT names the Debian packages that give them.
venv_need() {
    venv_hint=$1
    shift
    if [ ! -x "$python" ]; then
        echo "skipped: no $python"; exit 77
    fi
    if ! "$python" -c 'import os, sys, sysconfig; sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
        echo "skipped: $python has no Python.h (install python3-dev)"; exit 77
    fi
    for module in "$@"; do
        if ! "$python" -c "import $module" 2>/dev/null; then
            echo "skipped: $python cannot import $module (install $venv_hint)"; exit 77
        fi
    done
}

# venv_copy_repo WORK: WORK made anew, with WORK/repo a copy of the
# repository's files the package reads (its links csrc, LICENSE and
# gbr/vectors point into it), so that what pip and build make stays in WORK.
venv_copy_repo() {
    rm -rf "$1"
    venv_repo="$1/repo"
    mkdir -p "$venv_repo/spec/vectors" "$venv_repo/bindings"
    cp -R "$root/src" "$root/LICENSE" "$venv_repo/"
    cp -R "$root/spec/vectors/json" "$venv_repo/spec/vectors/"
    cp -R "$here" "$venv_repo/bindings/python"
    (cd "$venv_repo/bindings/python" && rm -rf build dist ./*.egg-info gbr/*.so)
}

# venv_install WORK: venv_copy_repo WORK, and a venv WORK/venv that sees
# Debian's packages (--system-site-packages; no package index is used), the
# package installed into it with pip. CFLAGS and LDFLAGS, when set, reach
# the extension's compiling.
venv_install() {
    venv_copy_repo "$1"
    "$python" -m venv --system-site-packages "$1/venv"
    "$1/venv/bin/pip" install --quiet --no-build-isolation --no-index --disable-pip-version-check \
        "$venv_repo/bindings/python"
}

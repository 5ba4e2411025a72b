#!/bin/sh
# The package as Python users get it, under CTest (python_packaging):
#   1. a source distribution of bindings/python (python3 -m build --sdist);
#   2. unpacked elsewhere, a wheel built from it alone (--wheel);
#   3. the wheel installed into a fresh venv (no system packages, no index)
#      and tests/check_installed.py run there, outside the tree: metadata,
#      licence, vectors, stripped extensions, a run of each part;
#   4. an editable install (pip install -e) of the tree, which must find
#      the vectors and run the same checks.
# Steps 1 and 4 work on a copy of the repository's files the package reads
# (src/, spec/vectors/json, LICENSE, bindings/python with its links), so
# nothing is written into the source tree.
#
#   test_packaging.sh BUILD_DIR
#
# The interpreter is /usr/bin/python3 (GBR_PYTHON overrides it). Exit status
# 77 (CTest's skip) when it lacks its headers, venv, build or wheel
# (python3-dev python3-venv python3-build python3-wheel). Prints the sizes
# of the sdist and the wheel and the time of each step.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$1
. "$here/venv_common.sh"

venv_need "python3-venv python3-build python3-wheel python3-setuptools" venv ensurepip build wheel setuptools
work="$build/python-packaging"
venv_copy_repo "$work"
repo=$venv_repo
mkdir -p "$work/dist" "$work/unpacked"

now() { date +%s.%N; }
took() { "$python" -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f} s')" "$1" "$(now)"; }
step() { echo "== $*"; }

step "sdist"
t=$(now)
if ! "$python" -m build --no-isolation --sdist --outdir "$work/dist" "$repo/bindings/python" > "$work/sdist.log" 2>&1; then
    tail -30 "$work/sdist.log"; echo "FAILED: the sdist"; exit 1
fi
sdist=$(ls "$work"/dist/gbr-*.tar.gz)
echo "$(basename "$sdist"): $(wc -c < "$sdist") bytes, $(tar tzf "$sdist" | grep -c '[^/]$') files ($(took "$t"))"

step "wheel from the unpacked sdist alone"
tar xzf "$sdist" -C "$work/unpacked"
tree=$(ls -d "$work"/unpacked/gbr-*)
t=$(now)
if ! "$python" -m build --no-isolation --wheel --outdir "$work/dist" "$tree" > "$work/wheel.log" 2>&1; then
    tail -30 "$work/wheel.log"; echo "FAILED: the wheel from the sdist"; exit 1
fi
wheel=$(ls "$work"/dist/gbr-*.whl)
echo "$(basename "$wheel"): $(wc -c < "$wheel") bytes ($(took "$t"))"

step "the wheel in a fresh venv"
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --no-index --disable-pip-version-check "$wheel"
(cd "$work" && PYTHONDONTWRITEBYTECODE=1 "$work/venv/bin/python" "$here/tests/check_installed.py" "$root")

step "editable install"
"$python" -m venv --system-site-packages "$work/venv-editable"
t=$(now)
if ! "$work/venv-editable/bin/pip" install --no-build-isolation --no-index --disable-pip-version-check \
        -e "$repo/bindings/python" > "$work/editable.log" 2>&1; then
    tail -30 "$work/editable.log"; echo "FAILED: the editable install"; exit 1
fi
echo "installed ($(took "$t"))"
(cd "$work" && PYTHONDONTWRITEBYTECODE=1 "$work/venv-editable/bin/python" "$here/tests/check_installed.py" "$repo" editable)
echo "python_packaging: sdist, wheel from the sdist, fresh venv and editable install passed"

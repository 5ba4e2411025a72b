#!/bin/sh
# The binding's test under CTest: makes a venv in the build tree with
# Debian's interpreter (--system-site-packages, so Debian's pytest and
# Hypothesis are seen; no package index is used), installs bindings/python
# into it exactly as README.md says, and runs pytest on bindings/python/tests.
#
#   test_in_venv.sh BUILD_DIR GBR_BIN [asan]
#
# The interpreter is /usr/bin/python3 (GBR_PYTHON overrides it): another
# python3 may come first on PATH, and the one used is printed. Exit status 77
# (CTest's skip) when that interpreter lacks its headers (python3-dev), venv
# (python3-venv), pytest or Hypothesis. With "asan", the extension is
# compiled with the ASan build's sanitizers and the tests run with libasan
# (and libubsan) preloaded, leak detection off (the interpreter itself is not
# instrumented and keeps memory to its exit), and PYTHONMALLOC=malloc, so
# that objects and buffers freed by Python code are malloc's and a read of
# them is reported.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$1
gbr_bin=$2
mode=${3:-}
python=${GBR_PYTHON:-/usr/bin/python3}

if [ ! -x "$python" ]; then
    echo "skipped: no $python"; exit 77
fi
echo "interpreter: $python ($("$python" -c 'import sys; print(sys.version.split()[0])'))"
if ! "$python" -c 'import os, sys, sysconfig; sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
    echo "skipped: $python has no Python.h (install python3-dev)"; exit 77
fi
for module in venv ensurepip pytest hypothesis; do
    if ! "$python" -c "import $module" 2>/dev/null; then
        echo "skipped: $python cannot import $module (install python3-venv python3-pytest python3-hypothesis)"; exit 77
    fi
done

work="$build/python"
rm -rf "$work"
# A copy of the files of the repository the package reads (its links csrc,
# LICENSE and gbr/vectors point into it), so that the build pip makes stays
# in the build tree.
repo="$work/repo"
mkdir -p "$repo/spec/vectors" "$repo/bindings"
cp -R "$root/src" "$root/LICENSE" "$repo/"
cp -R "$root/spec/vectors/json" "$repo/spec/vectors/"
cp -R "$here" "$repo/bindings/python"
(cd "$repo/bindings/python" && rm -rf build dist ./*.egg-info gbr/*.so)

"$python" -m venv --system-site-packages "$work/venv"
if [ "$mode" = asan ]; then
    sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
    # Unstripped, for the sanitizers' reports.
    export CFLAGS="$sanitize" LDFLAGS="$sanitize" GBR_KEEP_SYMBOLS=1
fi
"$work/venv/bin/pip" install --quiet --no-build-isolation --no-index --disable-pip-version-check "$repo/bindings/python"
unset CFLAGS LDFLAGS GBR_KEEP_SYMBOLS

if [ "$mode" = asan ]; then
    LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
    ASAN_OPTIONS=detect_leaks=0
    PYTHONMALLOC=malloc
    export LD_PRELOAD ASAN_OPTIONS PYTHONMALLOC
fi
export GBR_BIN="$gbr_bin" PYTHONDONTWRITEBYTECODE=1
cd "$work"
exec "$work/venv/bin/python" -m pytest -p no:cacheprovider -q "$here/tests"

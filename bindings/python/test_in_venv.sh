#!/bin/sh
# The binding's test under CTest: makes a venv in the build tree with
# Debian's interpreter (--system-site-packages, so Debian's pytest and
# Hypothesis are seen; no package index is used), installs bindings/python
# into it exactly as README.md says, and runs pytest on bindings/python/tests.
#
#   test_in_venv.sh BUILD_DIR GBR_BIN [asan]
#
# The interpreter is /usr/bin/python3 (GBR_PYTHON overrides it; see
# venv_common.sh), and the one used is printed. Exit status 77
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
. "$here/venv_common.sh"

venv_need "python3-venv python3-pytest python3-hypothesis" venv ensurepip pytest hypothesis
echo "interpreter: $python ($("$python" -c 'import sys; print(sys.version.split()[0])'))"

work="$build/python"
if [ "$mode" = asan ]; then
    sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
    # Unstripped, for the sanitizers' reports.
    export CFLAGS="$sanitize" LDFLAGS="$sanitize" GBR_KEEP_SYMBOLS=1
fi
venv_install "$work"
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

#!/bin/sh
# The package's tests under `node --test` (CTest js_package):
#   run_tests.sh PACKAGE_DIR GBR_BINARY VECTORS_DIR [TEST_FILE...]
# (without test files: the package's own tests, CTest js_package)
# Exit 77 (skipped) without node 18 or later or without the built module.
set -eu
pkg=$1
if ! command -v node >/dev/null 2>&1; then
    echo "js_package: skipped: no node" >&2
    exit 77
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "js_package: skipped: node $major is older than 18" >&2
    exit 77
fi
if [ ! -f "$pkg/gbr.wasm" ]; then
    echo "js_package: skipped: $pkg/gbr.wasm was not built (clang-14, lld-14, wasi-libc, libclang-rt-14-dev-wasm32)" >&2
    exit 77
fi
# fast-check comes from the source folder's node_modules (npm ci there);
# without it its test skips and says so.
GBR_JS_SOURCE=$(cd "$(dirname "$0")" && pwd)
export GBR_JS_SOURCE
binary=$2
vectors=$3
shift 3
[ $# -gt 0 ] || set -- test/vectors.test.js test/properties.test.js test/api.test.js test/fast_check.test.js
cd "$pkg"
GBR_BINARY=$binary GBR_VECTORS_DIR=$vectors exec node --test "$@"

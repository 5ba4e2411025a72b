#!/bin/sh
# The whole test suite: the normal build and the ASan+UBSan build, each built
# from scratch-or-cache and run under CTest (which fails when it finds no tests).
set -eu
cd "$(dirname "$0")/.."
for preset in default asan; do
    echo "== $preset: configure, build, test"
    cmake --preset "$preset"
    cmake --build --preset "$preset"
    ctest --preset "$preset" --no-tests=error
done
echo "== all test suites passed"

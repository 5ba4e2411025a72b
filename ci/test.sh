#!/bin/sh
# The whole test suite: the normal build and the ASan+UBSan build, each built
# from scratch-or-cache and run under CTest (which fails when it finds no tests),
# then the portable build (the optimised codec's generic paths, which neither
# other build compiles) with the tests that compare it with the reference.
set -eu
cd "$(dirname "$0")/.."
for preset in default asan portable; do
    echo "== $preset: configure, build, test"
    cmake --preset "$preset"
    cmake --build --preset "$preset"
    ctest --preset "$preset" --no-tests=error
done
echo "== all test suites passed"

#!/bin/sh
# The whole test suite: the normal build and the ASan+UBSan build, each built
# from scratch-or-cache and run under CTest (which fails when it finds no tests),
# then the portable build (the optimised codec's generic paths, which neither
# other build compiles) with the tests that compare it with the reference.
set -eu
cd "$(dirname "$0")/.."
# The JavaScript package's tests need Node.js 18 or later (Debian's nodejs, or
# the machine's own); its dev dependencies (fast-check, esbuild, webpack,
# TypeScript) come from its lock file. Without node the package's tests are
# reported skipped; without a dev dependency, the tests that use it are.
js_dev_missing() {
    for dep in fast-check esbuild webpack typescript; do
        [ -d "bindings/js/node_modules/$dep" ] || return 0
    done
    return 1
}
if command -v npm >/dev/null 2>&1 && js_dev_missing; then
    (cd bindings/js && npm ci --no-audit --no-fund) ||
        echo "ci/test.sh: npm ci failed: the JavaScript tests that need its dev dependencies will be skipped" >&2
fi
# The spec site's accessibility check (site_axe) runs axe-core, the site's dev
# dependency, from its lock file; without it that test alone is skipped.
if command -v npm >/dev/null 2>&1 && [ ! -d site/node_modules/axe-core ]; then
    (cd site && npm ci --no-audit --no-fund) ||
        echo "ci/test.sh: npm ci failed in site/: site_axe will be skipped" >&2
fi
for preset in default asan portable; do
    echo "== $preset: configure, build, test"
    cmake --preset "$preset"
    cmake --build --preset "$preset"
    ctest --preset "$preset" --no-tests=error
done
echo "== all test suites passed"

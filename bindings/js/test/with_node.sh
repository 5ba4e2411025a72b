#!/bin/sh
# Runs a test script of the package under node:  with_node.sh SCRIPT ARGS...
# Exit 77 (CTest's skip) without node 18 or later; the script skips itself
# for what else it needs.
if ! command -v node >/dev/null 2>&1; then
    echo "skipped: no node" >&2
    exit 77
fi
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 18 ]; then
    echo "skipped: node is older than 18" >&2
    exit 77
fi
exec node "$@"

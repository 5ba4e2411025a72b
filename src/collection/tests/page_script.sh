#!/bin/sh
# The directory page's script (CTest directory_page_script):
#   page_script.sh SCRIPT UNIT_TEST
# node --check on the script, then its unit test under node --test (the
# test reads the script from GBR_PAGE_SCRIPT). Exit 77 (skipped) without
# node 18 or later (node:test).
set -eu
if ! command -v node >/dev/null 2>&1; then
    echo "directory_page_script: skipped: no node" >&2
    exit 77
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "directory_page_script: skipped: node $major is older than 18" >&2
    exit 77
fi
node --check "$1"
GBR_PAGE_SCRIPT=$1 exec node --test "$2"

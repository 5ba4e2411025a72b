#!/bin/sh
# Prints the harness names, one a line, from the one list in fuzz/CMakeLists.txt.
dir=$(dirname "$0")
sed -n '/^set(GBR_FUZZ_HARNESSES$/,/^)$/p' "$dir/CMakeLists.txt" | sed '1d;$d' | tr -d ' '

#!/bin/sh
# Per-case mode: every answer wrong; each start adds a line to COUNT_FILE.
# usage: hostile_wrong.sh COUNT_FILE OPERATION
cat > /dev/null
echo start >> "$1"
echo wrong

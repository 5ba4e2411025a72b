#!/bin/sh
# Per-case mode: answers through gbr, except that it wedges (waits for ever)
# on every input holding a 1. usage: hostile_wedge.sh GBR OPERATION
gbr=$1 operation=$2
input=$(mktemp) || exit 3
cat > "$input"
if grep -q 1 "$input"; then
    rm -f "$input"
    exec sleep 100000
fi
exec 3< "$input"
rm -f "$input"
exec "$gbr" conform --answer "$operation" <&3

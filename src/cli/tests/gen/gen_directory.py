#!/usr/bin/env python3
"""Generate look-up-directory lines for gbr sort tests and benchmarks.

Each line holds a material code, a study code or a position form (no 9s)
somewhere in it, followed or preceded by a reference; about 1 line in 100 has
no code at all. Two files are written with the same lines in the same order:

  --out FILE     the lines as they are (what gbr sort reads)
  --keyed FILE   each line prefixed with its sort key and a TAB

The key is computed here, independently of libgbr, from spec/gbr.md section 8
and "Scanning text" (material number; material code alone first; kings; study
before position; stipulation, or squares in written order then indicator), as
fixed-width text whose byte order is the directory order; lines without a
code get the key "~". So `LC_ALL=C sort -s -t TAB -k1,1 KEYED | cut -f2-`
is the order gbr sort must produce, and sort(1) does the same work minus
finding and parsing the codes.

--unique N lines are generated and the whole block is written --repeat R
times (equal keys then occur R times: stability matters).

Usage: gen_directory.py --unique N [--repeat R] [--seed S] --out FILE [--keyed FILE]
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
from gbrtest.fen import square  # noqa: E402

REFS = ["Kubbel, Shakhmaty 1925", "Troitzky line", "Bent 1993", "EG 123 #4567", "Reti 1921",
        "HHdbVI #81234", "Kasparyan, 1st Prize", "see p. 12", "Roycroft: Test Tube Chess"]
INDICATORS = ["", "+", "=", "-+", "-=", " WTM", " BTM"]


def random_material(rng):
    counts = [[0] * 5, [0] * 5]
    limits = [1, 2, 2, 2]
    for c in (0, 1):
        for t in range(4):
            counts[c][t] = rng.choice([0, 0, 0, 1, limits[t]])
        counts[c][4] = rng.randint(0, 8) if rng.random() < 0.6 else 0
    digits = "".join(str(counts[0][t] + 3 * counts[1][t]) for t in range(4))
    return counts, "%s.%d%d" % (digits, counts[0][4], counts[1][4])


def material_number(code):
    return int(code[:4] + code[5:7])


def make_line(rng):
    kind = rng.random()
    ref = rng.choice(REFS)
    if kind < 0.01:
        return "no code here: " + ref, "~"
    counts, code = random_material(rng)
    mat = material_number(code)
    if kind < 0.2:
        return "%s %s" % (code, ref), "%06d0" % mat
    free = list(range(64))
    rng.shuffle(free)
    wk, bk = free.pop(), free.pop()
    if kind < 0.75:
        stip = rng.choice(["", "+", "="])
        text = "%s%s%s%s" % (stip, code, square(wk), square(bk))
        if rng.random() < 0.3:
            text = "(" + text + ")"
        return "%s %s" % (text, ref), "%06d1%02d%02d0%d" % (mat, wk, bk, "+=".find(stip) + 1 if stip else 0)
    # A position form: squares per type Q R B N, white then black, ascending.
    written = []
    pieces_text = ""
    for t in range(4):
        for c in (0, 1):
            squares = sorted(free.pop() for _ in range(counts[c][t]))
            written += squares
            pieces_text += "".join(square(s) for s in squares)
    pawn_squares = [s for s in free if s % 8 not in (0, 7)]
    pawns_text = ""
    for c in (0, 1):
        squares = sorted(pawn_squares.pop() for _ in range(counts[c][4]))
        written += squares
        pawns_text += "".join(square(s) for s in squares)
    field = pieces_text + ("." + pawns_text if pawns_text else "")
    white = 1 + sum(counts[0])
    black = 1 + sum(counts[1])
    ind = rng.randrange(len(INDICATORS))
    text = "%s%s %s%s %d/%d%s." % (square(wk), square(bk), code, " " + field if field else "", white, black, INDICATORS[ind])
    squares_key = "".join("%02d" % (s + 1) for s in written) + "00" * (30 - len(written))
    key = "%06d1%02d%02d1%s%d" % (mat, wk, bk, squares_key, ind)
    return "%s %s" % (text, ref) if rng.random() < 0.5 else "%s: %s" % (ref, text), key


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--unique", type=int, required=True)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--keyed")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = [make_line(rng) for _ in range(args.unique)]
    plain = "".join(text + "\n" for text, _ in lines).encode()
    with open(args.out, "wb") as f:
        for _ in range(args.repeat):
            f.write(plain)
    if args.keyed:
        keyed = "".join(key + "\t" + text + "\n" for text, key in lines).encode()
        with open(args.keyed, "wb") as f:
            for _ in range(args.repeat):
                f.write(keyed)


if __name__ == "__main__":
    main()

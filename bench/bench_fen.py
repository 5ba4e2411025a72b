#!/usr/bin/env python3
"""FEN -> GBR position form in plain Python (standard library only).

The comparison point for `gbr position` in bench/bench.sh: it reads one FEN a
line on standard input and writes the position form (spec/gbr.md §4-§6, with
{white/black} groups for a digit 9 and the indicator " WTM" / " BTM"), or
"error" for a FEN GBR rejects. It accepts exactly the FENs gbr accepts and
writes the same canonical text; it does not work out the error class and
column (bench/bench.sh checks the agreement line by line).
"""
import re
import sys

PIECES = "QRBNP"
ORIGINAL = (1, 2, 2, 2)
# The fields after the side to move: castling (non-empty), en passant, clocks.
TAIL = re.compile(r"^(?: (?:-|(?=[KQkq])K?Q?k?q?) (?:-|[a-h][36])(?: [0-9]{1,5} [0-9]{1,5})?)?$")
SQUARE_NAMES = [f + r for f in "abcdefgh" for r in "12345678"]


def promoted(counts):
    return sum(max(0, n - o) for n, o in zip(counts[:4], ORIGINAL))


def convert(line):
    placement, _, rest = line.partition(" ")
    ranks = placement.split("/")
    if len(ranks) != 8 or not rest:
        return None
    board = {}
    for row, text in enumerate(ranks):
        rank = 7 - row
        file = 0
        for ch in text:
            if ch in "12345678":
                file += int(ch)
            elif ch.upper() in "KQRBNP" and file < 8:
                board[file * 8 + rank] = ch
                file += 1
            else:
                return None
        if file != 8:
            return None
    side, tail = rest[0], rest[1:]
    if side not in "wb" or not TAIL.match(tail):
        return None
    men = sorted(board.items())
    if [p for _, p in men].count("K") != 1 or [p for _, p in men].count("k") != 1:
        return None
    counts = [[0] * 5, [0] * 5]
    for sq, p in men:
        if p in "Pp" and sq % 8 in (0, 7):
            return None
        if p not in "Kk":
            counts[p.islower()][PIECES.index(p.upper())] += 1
    for side_counts in counts:
        if side_counts[4] > 8 or promoted(side_counts) > 8 - side_counts[4]:
            return None
    digits = []
    for t in range(4):
        w, b = counts[0][t], counts[1][t]
        digits.append(9 if w >= 3 or b >= 3 else w + 3 * b)
    king = {p: sq for sq, p in men if p in "Kk"}
    out = [SQUARE_NAMES[king["K"]], SQUARE_NAMES[king["k"]], " ",
           "%d%d%d%d.%d%d" % (*digits, counts[0][4], counts[1][4])]
    field = []
    for t, letter in enumerate(PIECES):
        white = "".join(SQUARE_NAMES[sq] for sq, p in men if p == letter)
        black = "".join(SQUARE_NAMES[sq] for sq, p in men if p == letter.lower())
        if letter == "P" and (white or black):
            field.append(".")
        field.append("{%s/%s}" % (white, black) if t < 4 and digits[t] == 9 else white + black)
    if any(field):
        out += [" ", "".join(field)]
    out.append(" %d/%d %s." % (1 + sum(counts[0]), 1 + sum(counts[1]), "BTM" if side == "b" else "WTM"))
    return "".join(out)


def main():
    write = sys.stdout.write
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line.endswith("\r"):
            line = line[:-1]
        result = convert(line)
        write((result if result is not None else "error") + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate PGN study databases for gbr audit tests and gbr scan benchmarks.

Each game is a random position (kings, at most the original complement of
pieces, pawns on ranks 2-7) with its FEN, and a GBR code in a [GBR] tag or in
van der Heijden's style in the Black tag ("(+0016.32d4g7) 1st Prize"). The
codes are computed here, independently of libgbr, by the rules of spec/gbr.md
sections 2 and 3.

Like real databases the output starts with a byte-order mark, carries Latin-1
bytes in names and optionally CRLF line ends. With --wrong-every K every K-th
game gets a wrong code (another king square or another material digit); the
corrected database (what `gbr audit --fix` must write) goes to --fixed and the
list of mismatches, one "LINE:COLUMN TAG WRONG RIGHT" a line, to --mismatches.
With --movetext N each game gets about N moves of filler movetext, for a
PGN-like file to scan.

Usage: gen_pgn.py --games N [--seed S] [--wrong-every K] [--crlf]
                  [--movetext N] --out BAD [--fixed GOOD] [--mismatches LIST]
"""
import argparse
import random

FILES = "abcdefgh"
TYPES = "QRBN"
NAMES = [b"Kubbel, L\xe9onid", b"Troitzky, Alexei", b"R\xe9ti, Richard", b"Kasparyan, Genrikh",
         b"M\xfcller, Karsten", b"Pog\xe1ny, Zolt\xe1n", b"Roycroft, John", b"Nunn, John"]
EVENTS = [b"Shakhmaty", b"EG", b"Tidskrift f\xf6r Schack", b"64", b"Ceske Slovo"]
HONOURS = [b"1st Prize", b"2nd Prize", b"Hon. Mention", b"Commendation", b""]


def square_name(sq):
    return FILES[sq // 8] + str(sq % 8 + 1)


def material_code(counts):
    """counts[colour][type] for QRBNP; spec section 2.1."""
    digits = ""
    for t in range(4):
        w, b = counts[0][t], counts[1][t]
        digits += "9" if w >= 3 or b >= 3 else str(w + 3 * b)
    return "%s.%d%d" % (digits, counts[0][4], counts[1][4])


def random_position(rng):
    board = {}
    free = list(range(64))
    rng.shuffle(free)
    wk, bk = free.pop(), free.pop()
    board[wk], board[bk] = "K", "k"
    counts = [[0] * 5, [0] * 5]
    limits = [1, 2, 2, 2]
    for colour in (0, 1):
        for t in range(4):
            n = rng.choice([0, 0, 0, 1, 1, limits[t]]) if rng.random() < 0.7 else 0
            counts[colour][t] = n
        counts[colour][4] = rng.choice([0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8])
    for colour in (0, 1):
        for t, letter in enumerate("QRBNP"):
            placed = 0
            while placed < counts[colour][t]:
                sq = free.pop()
                if letter == "P" and sq % 8 in (0, 7):
                    free.insert(0, sq)  # a pawn never stands on rank 1 or 8
                    continue
                board[sq] = letter if colour == 0 else letter.lower()
                placed += 1
    return board, counts, wk, bk


def fen_of(board, black_to_move):
    ranks = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            piece = board.get(f * 8 + rank)
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        if empty:
            row += str(empty)
        ranks.append(row)
    return "/".join(ranks) + (" b" if black_to_move else " w") + " - - 0 1"


def spoil(code, rng):
    """A wrong but valid-looking study code: another king square or material digit."""
    stip = code[0] if code[0] in "+=" else ""
    body = code[len(stip):]
    material, wk, bk = body[:7], body[7:9], body[9:11]
    if rng.random() < 0.5:
        choices = [square_name(s) for s in range(64) if square_name(s) not in (wk, bk)]
        bk = rng.choice(choices)
    else:
        # Knights digit 0 <-> 1 keeps the code valid.
        d = material[3]
        material = material[:3] + ("1" if d == "0" else "0") + material[4:]
    return stip + material + wk + bk


def filler_movetext(rng, moves):
    out, n = [], 1
    pieces = ["K", "Q", "R", "B", "N", ""]
    while n <= moves:
        a = rng.choice(pieces) + rng.choice(FILES) + str(rng.randint(1, 8))
        b = rng.choice(pieces) + rng.choice(FILES) + str(rng.randint(1, 8))
        out.append("%d. %s %s" % (n, a, b))
        if rng.random() < 0.05:
            out.append("{priced 1999.99 in 2023.11.05, v1.2.3, 10.0.0.1, 0.0000}")
        n += 1
    text, line = [], ""
    for word in " ".join(out).split(" "):
        if len(line) + len(word) + 1 > 79:
            text.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    if line:
        text.append(line)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--wrong-every", type=int, default=0)
    ap.add_argument("--crlf", action="store_true")
    ap.add_argument("--movetext", type=int, default=0)
    ap.add_argument("--out", required=True)
    ap.add_argument("--fixed")
    ap.add_argument("--mismatches")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    eol = b"\r\n" if args.crlf else b"\n"

    bad, good, mismatches = [b"\xef\xbb\xbf"], [b"\xef\xbb\xbf"], []
    line = 1
    for game in range(1, args.games + 1):
        board, counts, wk, bk = random_position(rng)
        stip = rng.choice(["+", "="])
        code = stip + material_code(counts) + square_name(wk) + square_name(bk)
        wrong = code
        if args.wrong_every and game % args.wrong_every == 0:
            wrong = spoil(code, rng)
        in_black = game % 2 == 0
        tags = [(b"Event", rng.choice(EVENTS) + b" %d" % (1900 + game % 120)),
                (b"Site", b"?"),
                (b"Date", b"%d.??.??" % (1900 + game % 120)),
                (b"Round", b"?"),
                (b"White", rng.choice(NAMES))]
        honour = rng.choice(HONOURS)
        if in_black:
            black_good = b"(" + code.encode() + b")" + (b" " + honour if honour else b"")
            black_bad = b"(" + wrong.encode() + b")" + (b" " + honour if honour else b"")
            tags.append((b"Black", (black_bad, black_good)))
        else:
            tags.append((b"Black", b"?"))
        tags.append((b"Result", b"1-0" if stip == "+" else b"1/2-1/2"))
        if not in_black:
            tags.append((b"GBR", (wrong.encode(), code.encode())))
        tags.append((b"SetUp", b"1"))
        tags.append((b"FEN", fen_of(board, False).encode()))
        for name, value in tags:
            if isinstance(value, tuple):
                value_bad, value_good = value
                if value_bad != value_good:
                    column = len(b'[%s "' % name) + (1 if in_black else 0) + 1
                    mismatches.append("%d:%d %s %s %s" % (line, column, name.decode(), wrong, code))
            else:
                value_bad = value_good = value
            bad.append(b'[%s "%s"]' % (name, value_bad) + eol)
            good.append(b'[%s "%s"]' % (name, value_good) + eol)
            line += 1
        body = [eol]
        for text in filler_movetext(rng, args.movetext):
            body.append(text.encode() + eol)
        body.append((b"1-0" if stip == "+" else b"1/2-1/2") + eol + eol)
        bad.extend(body)
        good.extend(body)
        line += sum(chunk.count(b"\n") for chunk in body)

    with open(args.out, "wb") as f:
        f.write(b"".join(bad))
    if args.fixed:
        with open(args.fixed, "wb") as f:
            f.write(b"".join(good))
    if args.mismatches:
        with open(args.mismatches, "w") as f:
            f.write("".join(m + "\n" for m in mismatches))


if __name__ == "__main__":
    main()

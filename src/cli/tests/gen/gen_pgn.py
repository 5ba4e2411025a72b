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

With --studies the output is instead a realistic study collection, for the
large benchmark (bench/bench_studies.sh) and the directory reference test: every
position is legal (kings apart, the side not to move not in check, White to
move) and its solution is legal PGN: king moves to empty unattacked squares,
with a comment and a variation, so no capture or promotion changes the
material and pgn-extract, which plays the moves, looks at the same material as
gbr. Composers ([White]) are Latin-1 names, sources ([Event]) journals,
[Date] a year (sometimes with month and day, sometimes unknown), the code in
[Black "(+0103.10a8c6) 1st Prize"] or in [GBR "..."] (a study code, or the
material code alone), a few in both (the [GBR] one saying another
stipulation now and then), or none; piece counts reach three of a type now and
then (material digits of 9). About 1 game in 50 has no [FEN] and starts from
the standard position. Planted: with --wrong-every K every K-th game that has
a code tag gets a wrong one; with --broken-every M every M-th game's FEN is
broken (a bad piece letter, a rank of 9 files, no black king, a bad side
field); with --duplicate-every D every D-th game repeats the position of one of
the last thousand or so games, with the same moves (a republication) or, half
the time, another king walk (a version). Nothing else is written: no --fixed or
--mismatches.

Usage: gen_pgn.py --games N [--seed S] [--wrong-every K] [--crlf]
                  [--movetext N] --out BAD [--fixed GOOD] [--mismatches LIST]
       gen_pgn.py --studies --games N [--seed S] [--wrong-every K]
                  [--broken-every M] [--duplicate-every D] [--crlf] --out FILE
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
from gbrtest.fen import placement, promoted, square  # noqa: E402

FILES = "abcdefgh"
TYPES = "QRBN"
NAMES = [b"Kubbel, L\xe9onid", b"Troitzky, Alexei", b"R\xe9ti, Richard", b"Kasparyan, Genrikh",
         b"M\xfcller, Karsten", b"Pog\xe1ny, Zolt\xe1n", b"Roycroft, John", b"Nunn, John"]
EVENTS = [b"Shakhmaty", b"EG", b"Tidskrift f\xf6r Schack", b"64", b"Ceske Slovo"]
HONOURS = [b"1st Prize", b"2nd Prize", b"Hon. Mention", b"Commendation", b""]


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
    return placement(board) + (" b" if black_to_move else " w") + " - - 0 1"


def spoil(code, rng):
    """A wrong but valid-looking study code: another king square or material digit."""
    stip = code[0] if code[0] in "+=" else ""
    body = code[len(stip):]
    material, wk, bk = body[:7], body[7:9], body[9:11]
    if rng.random() < 0.5:
        choices = [square(s) for s in range(64) if square(s) not in (wk, bk)]
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


# ---- A realistic study collection (--studies) ------------------------------
# Squares are indexed as in spec section 1: 8 * file + rank.
def _steps(deltas):
    table = []
    for sq in range(64):
        f, r = sq // 8, sq % 8
        table.append([(f + df) * 8 + r + dr for df, dr in deltas if 0 <= f + df < 8 and 0 <= r + dr < 8])
    return table


def _rays(deltas):
    table = []
    for sq in range(64):
        f, r = sq // 8, sq % 8
        rays = []
        for df, dr in deltas:
            ray, ff, rr = [], f + df, r + dr
            while 0 <= ff < 8 and 0 <= rr < 8:
                ray.append(ff * 8 + rr)
                ff, rr = ff + df, rr + dr
            if ray:
                rays.append(ray)
        table.append(rays)
    return table


KING_STEPS = _steps([(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)])
KNIGHT_STEPS = _steps([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
ROOK_RAYS = _rays([(1, 0), (-1, 0), (0, 1), (0, -1)])
BISHOP_RAYS = _rays([(1, 1), (1, -1), (-1, 1), (-1, -1)])
# The squares a pawn of each colour attacks a square from: White's pawns from rank - 1.
PAWN_FROM = [_steps([(-1, -1), (1, -1)]), _steps([(-1, 1), (1, 1)])]


def attacked(board, sq, by_white):
    """Whether the side by_white attacks sq; board is a list of 64 FEN letters or ''."""
    p, n, k, r, b, q = "PNKRBQ" if by_white else "pnkrbq"
    for s in PAWN_FROM[0 if by_white else 1][sq]:
        if board[s] == p:
            return True
    for s in KNIGHT_STEPS[sq]:
        if board[s] == n:
            return True
    for s in KING_STEPS[sq]:
        if board[s] == k:
            return True
    for rays, slider in ((ROOK_RAYS, r), (BISHOP_RAYS, b)):
        for ray in rays[sq]:
            for s in ray:
                m = board[s]
                if m:
                    if m == slider or m == q:
                        return True
                    break
    return False


def king_destinations(board, king, white):
    """The empty squares, not attacked by the other side, the king on `king` may move to."""
    letter = "K" if white else "k"
    board[king] = ""
    out = [s for s in KING_STEPS[king] if not board[s] and not attacked(board, s, not white)]
    board[king] = letter
    return out


def move_king(board, src, dst):
    board[dst], board[src] = board[src], ""


def legal_study(rng):
    """A legal position, White to move, and a two-move king walk with an alternative second
    move for White: (board, counts, moves as SAN, the alternative)."""
    pawn_squares = [s for s in range(64) if s % 8 not in (0, 7)]
    while True:
        counts = [[0] * 5, [0] * 5]
        for colour in (0, 1):
            c = counts[colour]
            for t in range(4):
                x = rng.random()
                c[t] = 0 if x < 0.72 else 1 if x < 0.93 else 2 if x < 0.985 else 3
            c[4] = rng.choice((0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 5))
        if promoted(counts[0]) > 8 - counts[0][4] or promoted(counts[1]) > 8 - counts[1][4]:
            continue
        board = [""] * 64
        wk, bk = rng.sample(range(64), 2)
        board[wk], board[bk] = "K", "k"
        for colour in (0, 1):
            for t, letter in enumerate("QRBN"):
                for _ in range(counts[colour][t]):
                    s = rng.randrange(64)
                    while board[s]:
                        s = rng.randrange(64)
                    board[s] = letter if colour == 0 else letter.lower()
            for _ in range(counts[colour][4]):
                s = rng.choice(pawn_squares)
                while board[s]:
                    s = rng.choice(pawn_squares)
                board[s] = "P" if colour == 0 else "p"
        if attacked(board, bk, True):
            continue  # Black, not to move, must not be in check
        walk = king_walk(rng, board)
        if walk:
            return board, counts, walk[0], walk[1]


def king_walk(rng, start):
    """Two moves of each king from the start position (White to move) and an alternative
    second move for White, as SAN; None when a king cannot move."""
    board = list(start)
    kings = [board.index("K"), board.index("k")]
    sans, variation = [], None
    for ply in range(4):
        white = ply % 2 == 0
        king = kings[ply % 2]
        dests = king_destinations(board, king, white)
        if not dests:
            return None
        dst = rng.choice(dests)
        if ply == 2:  # White's second move: another legal one is the variation
            others = [d for d in dests if d != dst]
            variation = "K" + square(rng.choice(others) if others else dst)
        move_king(board, king, dst)
        kings[ply % 2] = dst
        sans.append("K" + square(dst))
    return sans, variation


COMMENTS = ["the only move", "White wins the race", "a quiet king move", "not 1... Kd7? at once",
            "the point of the study", "the king approaches", "main line", "draws: the fortress holds",
            "with zugzwang", "thematic try", "(sic)", "an echo of the first solution"]
VARIATION_COMMENTS = ["also wins", "a dual", "draws only", "loses to the check", "the try", "cook"]
SURNAMES = ["Halloway", "Vellmar", "Ostrander", "Pryce", "Lindqvist", "Moreau", "Tarrant", "Quist",
            "Renwick", "Sandoval", "Abernethy", "Brennagh", "Okonkwo", "Farrow", "Fenwick", "Hartigan",
            "Iverson", "Jablonski", "Kovalenko", "Lindgren", "Marchetti", "Nakamura", "Zimmermann",
            "M\xfcller", "Dvo\xf8\xe1k", "Pog\xe1nyi", "R\xe9thy", "Sch\xf6nberg", "\xc5str\xf6m", "Nu\xf1ez",
            "Gon\xe7alves", "L\xf8vland", "Kr\xe4mer", "Bj\xf6rk", "Fran\xe7ois", "H\xe9bert"]
INITIALS = "ABCDEFGHIJKLMNOPRSTVWY"
SOURCES = ["Northern Study Review", "Harbour Gazette", "Coastal Problemist", "Study Quarterly",
           "Tidskrift f\xf6r Schack", "Schweizerische Schachzeitung", "Magyar Sakkvil\xe1g",
           "Lakeside Chess Circle", "Three Rivers Bulletin", "Endgame Circle Tourney", "\xc9chiquier Fran\xe7ais",
           "Ceske Slovo", "64", "EG", "Online Study Forum", "Deutsche Schachzeitung"]
STUDY_HONOURS = ["1st Prize", "2nd Prize", "3rd Prize", "Hon. Mention", "Special Prize", "Commendation", ""]


def broken_fen(fen, rng, kind):
    """The FEN with one planted defect of four kinds (the reader reports each its own way)."""
    placement, rest = fen.split(" ", 1)
    if kind == 0:  # a letter that is no piece
        spots = [i for i, c in enumerate(placement) if c.isalpha() and c not in "Kk"]
        if spots:
            i = rng.choice(spots)
            return placement[:i] + "x" + placement[i + 1:] + " " + rest
        return placement + "x " + rest
    if kind == 1:  # a rank of nine files
        ranks = placement.split("/")
        i = rng.randrange(8)
        ranks[i] += "1"
        return "/".join(ranks) + " " + rest
    if kind == 2:  # no black king
        i = placement.index("k")
        return placement[:i] + "1" + placement[i + 1:] + " " + rest
    return placement + " W" + rest[1:]  # a side to move in upper case


def study_games(args, rng, out):
    eol = "\r\n" if args.crlf else "\n"
    chunk = ["\ufeff"]
    coded = 0
    earlier = []  # studies a duplicate may repeat
    for game in range(1, args.games + 1):
        year = rng.randrange(1851, 2026)
        x = rng.random()
        date = ("%d.??.??" % year if x < 0.8 else "%d.%02d.%02d" % (year, rng.randint(1, 12), rng.randint(1, 28))
                if x < 0.92 else "????.??.??")
        composer = "%s. %s" % (rng.choice(INITIALS), rng.choice(SURNAMES))
        if rng.random() < 0.08:
            composer += " & %s. %s" % (rng.choice(INITIALS), rng.choice(SURNAMES))
        source = rng.choice(SOURCES)
        stip = rng.choice("+=")
        result = "*" if rng.random() < 0.05 else "1-0" if stip == "+" else "1/2-1/2"
        tags = ['[Event "%s"]' % source, '[Site "?"]', '[Date "%s"]' % date, '[Round "?"]',
                '[White "%s"]' % composer]
        broken = args.broken_every and game % args.broken_every == 0
        if rng.random() < 0.02 and not broken:  # no [FEN]: the standard start position
            tags += ['[Black "?"]', '[Result "%s"]' % result]
            moves = "1. Nf3 Nf6 {%s} 2. Ng1 (2. Nh4 {%s}) Ng8" % (
                rng.choice(COMMENTS), rng.choice(VARIATION_COMMENTS))
        else:
            if args.duplicate_every and game % args.duplicate_every == 0 and earlier:
                # A republication (the same moves) or a version with another solution.
                start, counts, sans, variation = rng.choice(earlier)
                walk = None if rng.random() < 0.5 else king_walk(rng, start)
                if walk:
                    sans, variation = walk
            else:
                start, counts, sans, variation = legal_study(rng)
                if len(earlier) < 1000:
                    earlier.append((start, counts, sans, variation))
                else:
                    earlier[rng.randrange(1000)] = (start, counts, sans, variation)
            fen = fen_of({s: m for s, m in enumerate(start) if m}, False)
            code = stip + material_code(counts) + square(start.index("K")) + square(start.index("k"))
            kind = rng.random()
            tag_code = None
            if kind < 0.45:
                tag_code = code
            elif kind < 0.6:
                tag_code = code if rng.random() < 0.7 else material_code(counts)
            if tag_code and args.wrong_every:
                coded += 1
                if coded % args.wrong_every == 0:
                    tag_code = spoil(tag_code, rng) if len(tag_code) > 7 else spoil_material(tag_code)
            if tag_code and kind < 0.45:
                honour = rng.choice(STUDY_HONOURS)
                tags.append('[Black "(%s)%s"]' % (tag_code, " " + honour if honour else ""))
            else:
                tags.append('[Black "?"]')
            tags.append('[Result "%s"]' % result)
            if tag_code and kind >= 0.45:
                tags.append('[GBR "%s"]' % tag_code)
            elif tag_code and kind < 0.04:  # both tags, some saying another stipulation
                other = {"+": "=", "=": "+"}[tag_code[0]] if rng.random() < 0.5 else tag_code[0]
                tags.append('[GBR "%s"]' % (other + tag_code[1:]))
            if broken:
                fen = broken_fen(fen, rng, (game // args.broken_every) % 4)
            tags += ['[SetUp "1"]', '[FEN "%s"]' % fen]
            moves = "1. %s %s {%s} 2. %s (2. %s {%s}) %s" % (
                sans[0], sans[1], rng.choice(COMMENTS), sans[2], variation, rng.choice(VARIATION_COMMENTS), sans[3])
        chunk.append(eol.join(tags) + eol + eol + moves + " " + result + eol + eol)
        if len(chunk) >= 4096:
            out.write(_encode(chunk))
            chunk = []
    out.write(_encode(chunk))


def _encode(chunk):
    """Latin-1 bytes, as older databases write names; the BOM (U+FEFF) in UTF-8, as they start."""
    text = "".join(chunk)
    if text.startswith("\ufeff"):
        return b"\xef\xbb\xbf" + text[1:].encode("latin-1")
    return text.encode("latin-1")


def spoil_material(code):
    """A wrong material code: the knights digit 0 <-> 1, as spoil() does."""
    return code[:3] + ("1" if code[3] == "0" else "0") + code[4:]


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
    ap.add_argument("--studies", action="store_true")
    ap.add_argument("--broken-every", type=int, default=0)
    ap.add_argument("--duplicate-every", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    if args.studies:
        with open(args.out, "wb") as out:
            study_games(args, rng, out)
        return
    eol = b"\r\n" if args.crlf else b"\n"

    bad, good, mismatches = [b"\xef\xbb\xbf"], [b"\xef\xbb\xbf"], []
    line = 1
    for game in range(1, args.games + 1):
        board, counts, wk, bk = random_position(rng)
        stip = rng.choice(["+", "="])
        code = stip + material_code(counts) + square(wk) + square(bk)
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

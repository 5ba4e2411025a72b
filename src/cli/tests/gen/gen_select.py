#!/usr/bin/env python3
"""Generate study PGN and queries for gbr select's tests and benchmark.

Every game is a legal position (kings apart, neither in check, pawns on ranks
2-7) in a [FEN] tag, followed by four half-moves that are king moves to empty,
unattacked squares: no capture and no promotion, so the material of every
position in the game is the start position's. That is what lets pgn-extract,
which looks at the positions after the moves, select the same games as
gbr select, which looks at the start position. Some games have no [FEN] and
start from the standard position with 1. Nf3 Nf6 2. Ng1 Ng8. Piece counts
reach three of a type now and then, so material digits of 9 occur.

usage: gen_select.py --games N [--seed S] [--comments] --out FILE
       gen_select.py --queries N [--seed S] [--kind pgn-extract|gbr]   (one a line)
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
from gbrtest.fen import placement  # noqa: E402

FILES = "abcdefgh"
KING_STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ROOK_RAYS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_RAYS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def attacked(board, f, r, by_white):
    """Whether square (f, r) is attacked by the side by_white; board maps (f, r) to a FEN letter."""
    def piece(ff, rr):
        return board.get((ff, rr))

    def own(p, letter):
        return p is not None and p == (letter.upper() if by_white else letter)

    pawn_rank = r - 1 if by_white else r + 1
    for df in (-1, 1):
        if own(piece(f + df, pawn_rank), "p"):
            return True
    for df, dr in KNIGHT_STEPS:
        if own(piece(f + df, r + dr), "n"):
            return True
    for df, dr in KING_STEPS:
        if own(piece(f + df, r + dr), "k"):
            return True
    for rays, letters in ((ROOK_RAYS, "rq"), (BISHOP_RAYS, "bq")):
        for df, dr in rays:
            ff, rr = f + df, r + dr
            while 0 <= ff < 8 and 0 <= rr < 8:
                p = piece(ff, rr)
                if p is not None:
                    if any(own(p, x) for x in letters):
                        return True
                    break
                ff, rr = ff + df, rr + dr
    return False


def fen_of(board):
    """board maps (file, rank) to a FEN letter."""
    return placement({f * 8 + r: p for (f, r), p in board.items()}) + " w - - 0 1"


def random_count(rng, limit):
    x = rng.random()
    if x < 0.45:
        return 0
    if x < 0.8:
        return 1
    if x < 0.97:
        return 2
    return min(3, limit)


def random_position(rng):
    while True:
        board = {}
        free = [(f, r) for f in range(8) for r in range(8)]
        rng.shuffle(free)
        wk, bk = free.pop(), free.pop()
        if max(abs(wk[0] - bk[0]), abs(wk[1] - bk[1])) < 2:
            continue
        board[wk], board[bk] = "K", "k"
        for colour in (0, 1):
            promoted = 0  # men beyond the starting set: each took a pawn (spec §2.4)
            for letter, start in (("q", 1), ("r", 2), ("b", 2), ("n", 2)):
                count = random_count(rng, 3)
                promoted += max(0, count - start)
                for _ in range(count):
                    board[free.pop()] = letter.upper() if colour == 0 else letter
            pawns = min(rng.choice([0, 0, 1, 1, 2, 3, 4, 5]), 8 - promoted)
            placed = 0
            for sq in list(free):
                if placed == pawns:
                    break
                if 1 <= sq[1] <= 6:
                    free.remove(sq)
                    board[sq] = "P" if colour == 0 else "p"
                    placed += 1
        if attacked(board, *wk, False) or attacked(board, *bk, True):
            continue
        return board, wk, bk


def king_move(rng, board, king, white):
    steps = KING_STEPS[:]
    rng.shuffle(steps)
    for df, dr in steps:
        f, r = king[0] + df, king[1] + dr
        if not (0 <= f < 8 and 0 <= r < 8) or (f, r) in board:
            continue
        trial = dict(board)
        del trial[king]
        trial[(f, r)] = "K" if white else "k"
        if not attacked(trial, f, r, not white):
            return trial, (f, r)
    return None, None


def game_moves(rng, board, wk, bk):
    """Four legal king half-moves, or None."""
    sans = []
    for _ in range(2):
        board, wk = king_move(rng, board, wk, True)
        if board is None:
            return None
        sans.append("K" + FILES[wk[0]] + str(wk[1] + 1))
        board, bk = king_move(rng, board, bk, False)
        if board is None:
            return None
        sans.append("K" + FILES[bk[0]] + str(bk[1] + 1))
    return "1. %s %s 2. %s %s" % tuple(sans)


def games(n, rng, comments):
    out = []
    for i in range(1, n + 1):
        result = rng.choice(["1-0", "1-0", "1/2-1/2", "1/2-1/2", "*", "0-1"])
        if rng.random() < 0.03:
            tags = [("Event", "G%d" % i), ("Result", result)]
            moves = "1. Nf3 Nf6 2. Ng1 Ng8"
        else:
            while True:
                board, wk, bk = random_position(rng)
                moves = game_moves(rng, board, wk, bk)
                if moves:
                    break
            tags = [("Event", "G%d" % i), ("Site", "?"), ("Date", "19%02d.??.??" % rng.randrange(100)),
                    ("Round", "?"), ("White", "Composer %d" % rng.randrange(500)), ("Black", "?"),
                    ("Result", result), ("SetUp", "1"), ("FEN", fen_of(board))]
        text = "".join('[%s "%s"]\n' % t for t in tags) + "\n"
        if comments:  # a comment, and White's second move again as a variation (so still legal)
            first, second = moves.split(" 2. ")
            white2, black2 = second.split(" ")
            moves = "%s {the king walks} 2. %s (2. %s {the same}) %s" % (first, white2, white2, black2)
        out.append(text + moves + " " + result + "\n\n")
    return "".join(out)


SUFFIXES = ["", "", "*", "+", "0", "1", "2", "1+", "2+", "1-", "2-", "=", "#", ">", "<", "2>", "2<", ">=", "<=",
            "1>=", "2<="]


def pgn_extract_query(rng):
    sides = []
    for _ in range(2):
        letters = rng.sample("qrbnp", rng.randrange(0, 4))
        sides.append("".join(letter + rng.choice(SUFFIXES) for letter in letters) or "k")
    if rng.random() < 0.1:
        return sides[0]
    return " ".join(sides)


def gbr_query(rng):
    kind = rng.randrange(5)
    if kind == 4:  # study pattern: stipulation, digits and king squares, '?' in places
        digits = "".join(rng.choice("0123456789????") for _ in range(4)) + "." + "".join(
            rng.choice("012????") for _ in range(2))
        squares = "".join(rng.choice("abcdefgh???") + rng.choice("12345678???") for _ in range(2))
        return rng.choice(["", "", "+", "="]) + digits + squares
    if kind == 0:
        places = [rng.choice("0123456789??") for _ in range(4)] + [rng.choice("012???") for _ in range(2)]
        text = "".join(places[:4]) + "." + "".join(places[4:])
        cut = rng.randrange(8)
        return text[:cut] + "*" if cut < 7 and rng.random() < 0.5 else text
    if kind == 1:
        def side():  # GBR queries 1.1: a suffix '*' or '+' on a man, '...' at the end
            men = "".join(rng.choice("QRBNP") + rng.choice(["", "", "*", "+"]) for _ in range(rng.randrange(4)))
            return "K" + men + rng.choice(["", "", "..."])
        return side() + "v" + side()
    if kind == 2:
        conds = {}
        for colour in ("white", "black"):
            if rng.random() < 0.7:
                conds[colour] = ",".join(
                    rng.choice("QRBNP") + rng.choice(["=", "<", "<=", ">", ">="]) + str(rng.randrange(4))
                    for _ in range(rng.randrange(1, 3)))
        return " ".join("%s:%s" % kv for kv in conds.items()) or "white:P>=0"
    return pgn_extract_query(rng)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int)
    ap.add_argument("--queries", type=int)
    ap.add_argument("--kind", default="gbr")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--comments", action="store_true")
    ap.add_argument("--out")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    if a.queries:
        make = pgn_extract_query if a.kind == "pgn-extract" else gbr_query
        text = "".join(make(rng) + "\n" for _ in range(a.queries))
    else:
        text = games(a.games, rng, a.comments)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()

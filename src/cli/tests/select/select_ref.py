#!/usr/bin/env python3
"""A short standard-library Python reading of spec/query.md: the same selection
as `gbr select`, written independently, for the tests (same answers on
generated data) and the benchmark (gbr's time against it).

It reads the simple PGN that src/cli/tests/gen/gen_select.py and src/cli/tests/gen/gen_pgn.py
--studies write (games start at a line "[Event", their tags come first, one a
line; a game without [FEN] is at the standard start position; a UTF-8
byte-order mark, Latin-1 bytes and CRLF allowed), not PGN in general. FENs are
read by directory_ref.py's reader (spec section 6): a game whose FEN cannot be
read is reported on standard error and not selected, and the exit status is 1.

usage: select_ref.py [--count] [--either-colour] QUERY... -- FILE
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "directory"))
from directory_ref import FenError, read_fen  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TYPES = "QRBNP"
ANY = None


class Subject:
    def __init__(self, counts, kings, stipulation):
        self.counts = counts            # counts[colour][type], QRBNP
        self.kings = kings              # (file, rank) of White's, Black's king, 0-based
        self.stipulation = stipulation  # "", "+" or "="

    def code(self):
        digits = []
        for t in range(4):
            w, b = self.counts[0][t], self.counts[1][t]
            digits.append(9 if w > 2 or b > 2 else w + 3 * b)
        return digits + [self.counts[0][4], self.counts[1][4]]

    def exchanged(self):
        (wf, wr), (bf, br) = self.kings
        return Subject([self.counts[1], self.counts[0]], ((bf, 7 - br), (wf, 7 - wr)), self.stipulation)


def subject_of_fen(fen, stipulation):
    board, _ = read_fen(fen)
    counts = [[0] * 5, [0] * 5]
    kings = [None, None]
    for index, c in enumerate(board):
        if not c:
            continue
        colour = 0 if c.isupper() else 1
        if c.upper() == "K":
            kings[colour] = (index // 8, index % 8)
        else:
            counts[colour][TYPES.index(c.upper())] += 1
    return Subject(counts, tuple(kings), stipulation)


# ---- Parsing: each form compiles to a function of a Subject ----------------
def code_query(q):
    stip = ""
    if q[0] in "+=":
        stip, q = q[0], q[1:]
    kings = None
    if "*" in q:
        head = q[:q.index("*")]
        places = (head[:4] + head[5:]).ljust(6, "?")
    elif len(q) == 4:
        places = q + "00"
    else:
        places = q[:4] + q[5:7]
        if len(q) > 7:
            kings = q[7:11]
    def match(s):
        code = s.code()
        if any(p != "?" and int(p) != code[k] for k, p in enumerate(places)):
            return False
        if kings is None:
            return True
        if s.kings is None or (stip and stip != s.stipulation):
            return False
        for i, (f, r) in enumerate(s.kings):
            want_f, want_r = kings[2 * i], kings[2 * i + 1]
            if (want_f != "?" and "abcdefgh".index(want_f) != f) or (want_r != "?" and int(want_r) - 1 != r):
                return False
        return True
    match.stipulation = stip
    return match


def bounds_match(lo, hi, rel=None):
    def match(s):
        if s.counts is None:
            return False
        for c in (0, 1):
            for t in range(5):
                n, other = s.counts[c][t], s.counts[1 - c][t]
                if n < lo[c][t] or (hi[c][t] is not ANY and n > hi[c][t]):
                    return False
                if rel and rel[c][t] and not rel[c][t](n, other):
                    return False
        return True
    return match


def name_query(q):
    """GBR queries 1.1 (section 4): a man alone is one, with '+' one or more,
    with '*' any number; men of a type add up; '...' ends a side with any
    further men."""
    lo, hi = [[0] * 5, [0] * 5], [[0] * 5, [0] * 5]
    for c, side in enumerate(q.split("v")):
        further = side.endswith("...")
        men = side[1:-3] if further else side[1:]
        unbounded = set()
        for k, letter in enumerate(men):
            if letter in "*+":
                unbounded.add(men[k - 1])
                continue
            if men[k + 1:k + 2] != "*":
                lo[c][TYPES.index(letter)] += 1
        hi[c] = [ANY if further or t in unbounded else lo[c][i] for i, t in enumerate(TYPES)]
    return bounds_match(lo, hi)


def count_query(q):
    lo, hi = [[0] * 5, [0] * 5], [[ANY] * 5, [ANY] * 5]
    for part in q.split(" "):
        colour, conds = part.split(":")
        c = 0 if colour == "white" else 1
        for cond in conds.split(","):
            t = TYPES.index(cond[0])
            op = cond[1:3] if cond[2] == "=" else cond[1]
            n = int(cond[1 + len(op):])
            allowed = [x for x in range(20) if {"=": x == n, "<": x < n, "<=": x <= n, ">": x > n, ">=": x >= n}[op]]
            if not allowed:
                lo[c][t], hi[c][t] = 1, 0
                continue
            lo[c][t] = max(lo[c][t], allowed[0])
            if op in ("=", "<", "<="):
                hi[c][t] = allowed[-1] if hi[c][t] is ANY else min(hi[c][t], allowed[-1])
    return bounds_match(lo, hi)


def pgn_extract_query(q):
    words = q.split()
    if words[0].isdigit():
        words = words[1:]
    lo, hi = [[0] * 5, [0] * 5], [[0] * 5, [ANY] * 5]
    rel = [[None] * 5, [None] * 5]
    if len(words) == 1:
        lo[1], hi[1] = [0] * 5, [ANY] * 5
    else:
        hi[1] = [0] * 5
    for c, word in enumerate(words):
        i = 0
        while i < len(word):
            letter = word[i].upper()
            i += 1
            if letter == "K":
                continue
            t = TYPES.index(letter)
            d = None
            if i < len(word) and word[i].isdigit():
                d, i = int(word[i]), i + 1
            rest = word[i:]
            r, low, high = None, 1, 1
            by = 1 if d is None else d
            if rest[:2] in (">=", "<="):
                r, i = (lambda n, o, by=by: n == o + by) if rest[0] == ">" else (lambda n, o, by=by: n + by == o), i + 2
            elif rest[:1] in (">", "<"):
                r, i = (lambda n, o, by=by: n >= o + by) if rest[0] == ">" else (lambda n, o, by=by: n + by <= o), i + 1
            elif rest[:1] == "=" and d is None:
                r, i = (lambda n, o: n == o), i + 1
            elif rest[:1] == "#" and d is None:
                r, i = (lambda n, o: n != o), i + 1
            elif rest[:1] == "*" and d is None:
                low, high, i = 0, ANY, i + 1
            elif rest[:1] == "+":
                low, high, i = (1 if d is None else d), ANY, i + 1
            elif rest[:1] == "-" and d is not None:
                low, high, i = 0, d, i + 1
            elif d is not None:
                low = high = d
            if r:
                low, high = 0, ANY
            lo[c][t], hi[c][t], rel[c][t] = low, high, r
    return bounds_match(lo, hi, rel)


def parse(q):
    if q.startswith(("white:", "black:")):
        return count_query(q)
    if "v" in q:
        return name_query(q)
    if q[0] in "0123456789?*+=" and " " not in q and "\t" not in q:
        return code_query(q)
    return pgn_extract_query(q)


def matches(query, either, s):
    if query(s):
        return True
    if not either or getattr(query, "stipulation", ""):
        return False
    return query(s.exchanged())


def games(path):
    """(text, fen, result) of each game: its bytes (as Latin-1 text) from its [Event line to the next,
    the first game's from the start of the input (the text before it is written with it)."""
    data = open(path, "rb").read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    data = data.decode("latin-1")
    starts = [0] if data.startswith("[Event ") else []
    at = data.find("\n[Event ")
    while at >= 0:
        starts.append(at + 1)
        at = data.find("\n[Event ", at + 1)
    for k, start in enumerate(starts):
        text = data[0 if k == 0 else start:starts[k + 1] if k + 1 < len(starts) else len(data)]
        tags = {}
        for line in data[start:start + len(text)].split("\n"):
            line = line[:-1] if line.endswith("\r") else line
            if not (line.startswith("[") and line.endswith('"]')):
                break
            name, value = line[1:-2].split(' "', 1)
            tags.setdefault(name, value)
        yield text, tags.get("FEN", START), tags.get("Result", "")


def main():
    args = sys.argv[1:]
    count = "--count" in args
    either = "--either-colour" in args
    args = [a for a in args if a not in ("--count", "--either-colour")]
    split = args.index("--")
    texts, path = args[:split], args[split + 1]
    queries = [parse(q) for q in texts]
    counts = [0] * len(queries)
    out = []
    status = 0
    for number, (text, fen, result) in enumerate(games(path), 1):
        try:
            s = subject_of_fen(fen, {"1-0": "+", "1/2-1/2": "="}.get(result, ""))
        except FenError as e:
            sys.stderr.write("select_ref.py: %s: game %d: FEN tag: %s\n" % (path, number, e))
            status = 1
            continue
        hit = [matches(q, either, s) for q in queries]
        counts = [n + h for n, h in zip(counts, hit)]
        if any(hit) and not count:
            out.append(text)
    if count:
        out = ["%d\t%s\n" % (n, q) for n, q in zip(counts, texts)]
    sys.stdout.buffer.write("".join(out).encode("latin-1"))
    sys.exit(status)


if __name__ == "__main__":
    main()

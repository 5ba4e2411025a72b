#!/usr/bin/env python3
"""Property test of `gbr audit --fix` over PGN read as the standard says.

Generates PGN databases whose comments (brace, several lines, ';'), escape
lines ('%') and variations (nested) hold tag-like text with wrong codes, whose
tag values hold escapes and 8-bit bytes, with games of tags only, games
without termination markers, CRLF and a byte-order mark, and in whose tag
sections some code tags are wrong. The generator knows each real code tag and
its right code, computed independently of gbr (src/cli/tests/gen/gen_pgn.py, spec sections
2 and 3), so it knows the exact corrected database: `audit --fix` must write
exactly that (everything but the wrong codes byte for byte), and `audit` must
count the games, the games checked and the mismatches. It also knows what
the reader reports: each code tag name given twice or more in a game, once
(every pair is still checked) and each game whose moves end without
a termination marker.

usage: audit_property.py GBR WORK_DIR [CASES]
The seed is printed; GBR_PROPERTY_SEED=N replays a run.
"""
import importlib.util
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402

GBR, WORK = gbrtest.arguments("GBR", "WORK")
CASES = int(sys.argv[3]) if len(sys.argv) > 3 else 60
HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gen_pgn", os.path.join(HERE, "..", "gen",
                                                                      "gen_pgn.py"))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)

# Text that looks like tags, with wrong codes, for places where no tag can be.
# No '{', '}', ';', '(' or ')': each place adds its own hazards.
TAG_LIKE = [b'[GBR "0001.00"]', b'[GBR "+0010.00a1h8"]', b'[Black "(+0002.00a1b2) 1st Prize"]',
            b'[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]', b'[Event "fake"]', b'[White "x"] [GBR "0300.00"]']


class Db:
    """The database as parts: bytes, or (wrong, right) for a code --fix corrects."""

    def __init__(self):
        self.parts = []
        self.games = self.checked = self.mismatches = 0
        self.repeats = self.unterminated = 0

    def add(self, *parts):
        self.parts.extend(parts)

    def code(self, wrong, right):
        self.parts.append((wrong.encode(), right.encode()))
        if wrong != right:
            self.mismatches += 1

    def text(self, which):
        return b"".join(p[which] if isinstance(p, tuple) else p for p in self.parts)


def tag_like(rng):
    return rng.choice(TAG_LIKE)


def brace_comment(rng, eol):
    # Several lines; tag-like lines at the start of a line; '{', ';', '%' and
    # '(' are only comment text here.
    lines = [b"{" + rng.choice([b"", b" see ", b"{ nested? ", b"; not a comment "]) + tag_like(rng)]
    for _ in range(rng.randint(0, 3)):
        lines.append(rng.choice([tag_like(rng), b"%" + tag_like(rng), b"(" + tag_like(rng), b"text 1-0 *"]))
    return eol.join(lines) + b"}"


def line_comment(rng):
    return b"; " + rng.choice([b"", b"{ ", b"} "]) + tag_like(rng)


def variation(rng, eol, depth):
    items = [b"(", b"1... d5"]
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        if choice < 0.4:
            items.append(eol + tag_like(rng))  # a tag-like line inside the variation
        elif choice < 0.6 and depth < 3:
            items.append(variation(rng, eol, depth + 1))
        elif choice < 0.8:
            items.append(brace_comment(rng, eol))
        else:
            items.append(b"$%d 2. c4 1-0" % rng.randint(0, 255))  # a marker inside a variation ends nothing
    return b" ".join(items) + b")"


def movetext(rng, db, eol):
    """Adds movetext; returns whether it has a token (moves, a variation)."""
    n = 1
    tokens = False
    for _ in range(rng.randint(0, 6)):
        choice = rng.random()
        if choice < 0.35:
            db.add(b"%d. e4 e5 " % n)
            n += 1
            tokens = True
        elif choice < 0.55:
            db.add(brace_comment(rng, eol), b" ")
        elif choice < 0.7:
            db.add(line_comment(rng), eol)
        elif choice < 0.8:
            db.add(eol, b"%", tag_like(rng), eol)  # an escape line: '%' in column 1
        else:
            db.add(variation(rng, eol, 0), b" ")
            tokens = True
    return tokens


def value_text(rng):
    # Escapes, 8-bit bytes, brackets and braces: all only string text.
    return rng.choice([b"Kubbel", b"R\xe9ti", b"say \\\"hi\\\"", b"back\\\\slash", b"[x] {y} (z) ;", b""])


def game(rng, db, eol, last):
    db.games += 1
    board, counts, wk, bk = gen.random_position(rng)
    stip = rng.choice(["+", "="])
    study = stip + gen.material_code(counts) + gen.square(wk) + gen.square(bk)
    material = gen.material_code(counts)
    db.add(b'[Event "', value_text(rng), b'"]', eol, b'[White "', value_text(rng), b'"]', eol)
    codes = 0
    names = {}
    for _ in range(rng.randint(0, 3)):
        kind = rng.random()
        name = "GBR" if kind < 0.7 else "Black"
        names[name] = names.get(name, 0) + 1
        db.repeats += names[name] == 2  # reported once a name, at its second pair
        wrong = rng.random() < 0.4
        if kind < 0.35:  # a material code in [GBR]
            spoilt = material[:3] + ("1" if material[3] == "0" else "0") + material[4:]
            db.add(b'[GBR "')
            db.code(spoilt if wrong else material, material)
            db.add(b'"]', eol)
        elif kind < 0.7:  # a study code in [GBR]
            db.add(b'[GBR "')
            db.code(gen.spoil(study, rng) if wrong else study, study)
            db.add(b'"]', eol)
        else:  # van der Heijden's style
            db.add(b'[Black "(')
            db.code(gen.spoil(study, rng) if wrong else study, study)
            db.add(b') ', value_text(rng), b'"]', eol)
        codes += 1
        if rng.random() < 0.2:  # comments and escape lines in the tag section
            db.add(rng.choice([brace_comment(rng, eol) + eol, line_comment(rng) + eol, b"%" + tag_like(rng) + eol]))
    db.add(b'[FEN "', gen.fen_of(board, rng.random() < 0.5).encode(), b'"]', eol)
    if codes:
        db.checked += 1
    shape = rng.random()
    if shape < 0.15:  # tags only: an empty line keeps the next game apart
        db.add(eol)
        return
    db.add(eol)
    tokens = movetext(rng, db, eol)
    if shape < 0.25 and not last:  # no termination marker: the next '[' starts a game
        db.unterminated += tokens
        db.add(eol)
        return
    db.add(rng.choice([b"1-0", b"0-1", b"1/2-1/2", b"*"]), eol, eol)


def database(rng):
    db = Db()
    eol = rng.choice([b"\n", b"\r\n"])
    if rng.random() < 0.3:
        db.add(b"\xef\xbb\xbf")
    n = rng.randint(1, 8)
    for i in range(n):
        game(rng, db, eol, i == n - 1)
    return db


def main():
    seed = int(os.environ.get("GBR_PROPERTY_SEED", random.SystemRandom().randrange(1 << 32)))
    print("seed %d (GBR_PROPERTY_SEED=%d replays it)" % (seed, seed))
    rng = random.Random(seed)
    failures = 0
    for case in range(CASES):
        db = database(rng)
        given, right = db.text(0), db.text(1)
        path = os.path.join(WORK, "property.pgn")
        fixed = os.path.join(WORK, "property.fixed.pgn")
        with open(path, "wb") as f:
            f.write(given)
        p = subprocess.run([GBR, "audit", "--fix", "-o", fixed, path], capture_output=True)
        lines = p.stdout.decode("latin-1").splitlines()
        summary = "%d games, %d checked, %d mismatches" % (db.games, db.checked, db.mismatches)
        problems = []
        reports = p.stderr.decode("latin-1").splitlines()
        repeats = [r for r in reports if "] repeated (first at " in r]
        unterminated = [r for r in reports if r.endswith("ends here without a result (1-0, 0-1, 1/2-1/2 or *)")]
        if len(repeats) != db.repeats or len(unterminated) != db.unterminated or \
                len(reports) != db.repeats + db.unterminated:
            problems.append("stderr (want %d repeated tags, %d games without a result): %r"
                            % (db.repeats, db.unterminated, p.stderr[:500]))
        if lines[-1:] != [summary] or len(lines) != db.mismatches + 1:
            problems.append("summary %r, want %r with %d mismatch lines" % (lines[-1:], summary, db.mismatches))
        if p.returncode != (1 if db.mismatches or reports else 0):
            problems.append("exit %d" % p.returncode)
        if open(fixed, "rb").read() != right:
            problems.append("--fix output is not the input with the wrong codes corrected")
        if problems:
            failures += 1
            keep = os.path.join(WORK, "failing-%d.pgn" % case)
            os.replace(path, keep)
            with open(keep + ".expected", "wb") as f:
                f.write(right)
            print("case %d (%s, expected output beside it):\n  %s" % (case, keep, "\n  ".join(problems)))
    if failures:
        print("FAILED %d of %d cases (seed %d)" % (failures, CASES, seed))
        sys.exit(1)
    print("ok: %d databases" % CASES)


main()

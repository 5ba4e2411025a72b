#!/usr/bin/env python3
"""Tests of `gbr audit`: counts, mismatch lines, --fix output, exit codes, on
a generated database (src/cli/tests/gen/gen_pgn.py: BOM, Latin-1 names, CRLF, thousands
of games, known wrong codes) and on hand-made games.

usage: audit_tests.py GBR WORK_DIR GROUP   (GROUP: generated, games, pgn, limits, add)

add: --fix --add-codes adds the missing study codes in the collection's
convention ([GBR] tag, or van der Heijden's [Black "(+code) ..."]), detected
from the file (auto) or chosen; the copy is the input byte for byte outside
the added text (a BOM, CRLF, Latin-1 bytes, comments and movetext kept); a
game with a code, a broken [GBR], no [FEN] or a broken FEN gets none; a pipe
takes the convention of its codes so far; usage errors.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "gen", "gen_pgn.py")


audit = gbrtest.command(GBR, "audit")


def test_generated():
    for crlf in ([], ["--crlf"]):
        tag = "crlf" if crlf else "lf"
        bad, good, listing = (os.path.join(WORK, "audit_%s.%s" % (tag, s)) for s in ("pgn", "fixed.pgn", "list"))
        subprocess.run([sys.executable, GEN, "--games", "3000", "--wrong-every", "7", *crlf, "--movetext", "3",
                        "--out", bad, "--fixed", good, "--mismatches", listing], check=True)
        wanted = [line.split(" ") for line in open(listing).read().splitlines()]
        p = audit(bad)
        out = p.stdout.decode("latin-1").splitlines()
        expect("%s exit with mismatches" % tag, p.returncode, 1)
        expect("%s summary" % tag, out[-1], "3000 games, 3000 checked, %d mismatches" % len(wanted))
        got = []
        for line in out[:-1]:
            where, rest = line.split(": game ", 1)
            _, ln, col = where.rsplit(":", 2)
            tag_name = rest.split("): ", 1)[1].split(" ", 1)[0]
            says = rest.split(" tag says ", 1)[1].split(", FEN gives ")
            got.append(["%s:%s" % (ln, col), tag_name, says[0], says[1]])
        expect("%s mismatch lines" % tag, got, wanted)
        if out and "White \"" not in out[0]:
            failures.append("mismatch line without the White tag: %r" % out[0])
        # --fix writes exactly the corrected database; the fixed one audits clean.
        fixed = os.path.join(WORK, "audit_%s.out.pgn" % tag)
        p = audit("--fix", "-o", fixed, bad)
        expect("%s --fix exit" % tag, p.returncode, 1)
        expect("%s --fix output" % tag, open(fixed, "rb").read() == open(good, "rb").read(), True)
        p = audit(good)
        expect("%s clean exit" % tag, p.returncode, 0)
        expect("%s clean summary" % tag, p.stdout, b"3000 games, 3000 checked, 0 mismatches\n")
    expect("no temporary files", sorted(f for f in os.listdir(WORK) if ".gbr-" in f), [])


def test_games():
    pgn = (b"\xef\xbb\xbf[Event \"T\xf6rn\"]\n[White \"R\xe9ti\"]\n[Black \"(=0323.12g3g2) 1st Prize\"]\n"
           b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n"             # game 1: FEN without kings
           b"[Event \"x\"]\n[GBR \"+0016d4g7\"]\n[FEN \"8/6k1/8/8/3K4/8/8/8 w - - 0 1\"]\n\n*\n"  # 2: short form, wrong
           b"[Event \"y\"]\n[White \"Bent\"]\n[GBR \"a7d3 0116.00 b2b3c6d6 3/3+.\"]\n"
           b"[FEN \"8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1\"]\n\n*\n"         # 3: position form, right
           b"[Event \"z\"]\n[Black \"Smith 0002.01\"]\n\n*\n"              # 4: a name, not a code
           b"[Event \"w\"]\n[GBR \"4888.88\"]\n\n*\n"                        # 5: no FEN: the initial position
           b"[Event \"v\"]\n[GBR \"0002.99\"]\n\n*\n")                       # 6: unreadable code
    p = audit(data=pgn)
    expect("games stdout", p.stdout.decode("latin-1"),
           "-:9:7: game 2 (White \"\", Event \"x\"): GBR tag says +0016.00d4g7, FEN gives +0000.00d4g7\n"
           "6 games, 3 checked, 1 mismatches\n")
    expect("games stderr", p.stderr.decode(),
           "gbr: -:4:7: game 1: FEN tag: a FEN needs exactly one king a side\n"
           "gbr: -:28:12: game 6: GBR tag: a pawn count must be 0-8\n")
    expect("games exit", p.returncode, 1)
    out = os.path.join(WORK, "games_fixed.pgn")
    audit("--fix", "-o", out, data=pgn)
    expect("--fix replaces only the code", open(out, "rb").read(),
           pgn.replace(b"[GBR \"+0016d4g7\"]", b"[GBR \"+0000.00d4g7\"]"))
    clean = b"[Event \"a\"]\r\n[GBR \"0000.00\"]\r\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\r\n\r\n*\r\n"
    p = audit(data=clean)
    expect("clean", (p.returncode, p.stdout), (0, b"1 games, 1 checked, 0 mismatches\n"))
    expect("no games", audit(data=b"").stdout, b"0 games, 0 checked, 0 mismatches\n")
    expect("--fix without -o", audit("--fix").returncode, 2)
    expect("-o without --fix", audit("-o", out).returncode, 2)
    expect("missing file", audit(os.path.join(WORK, "nope.pgn")).returncode, 1)


KINGS = b"[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n"   # bare kings: 0000.00, +0000.00e1e8


def test_gbr_tag_whole_value():
    # The whole value of a [GBR] tag is the code: a code inside other text is
    # no code, is reported, and --fix leaves the tag alone (spec 10.1).
    pgn = (b"[GBR \"a1h1 0001.00 2/1.\"]\n" + KINGS + b"\n*\n"       # a position form lacking its knight
           b"[GBR \"0000.00 hello\"]\n" + KINGS + b"\n*\n"           # a right code, then junk
           b"[GBR \"KvK\"]\n" + KINGS + b"\n*\n"                     # a name: no form audit can check
           b"[GBR \" [+0001e1e8] \"]\n" + KINGS + b"\n*\n"           # spaces and a wrapper are fine
           b"[Black \"(+0001.00e1e8) other marks\"]\n" + KINGS + b"\n*\n"  # Black: a code, then marks
           b"[GBR \"?\"]\n" + KINGS + b"\n*\n"                       # PGN's "unknown": no code, no error
           b"[GBR \" - \"]\n" + KINGS + b"\n*\n"                     # PGN's "not applicable" likewise
           b"[GBR \"??\"]\n" + KINGS + b"\n*\n")                     # but only those two exactly
    p = audit(data=pgn)
    expect("GBR value stderr", p.stderr.decode(),
           "gbr: -:1:20: game 1: GBR tag: more or fewer squares than the material code says\n"
           "gbr: -:5:14: game 2: GBR tag: expected a square (file a-h, rank 1-8)\n"
           "gbr: -:9:7: game 3: GBR tag: not a material code, study code or position form\n"
           "gbr: -:29:7: game 8: GBR tag: not a material code, study code or position form\n")
    expect("GBR value stdout", p.stdout.decode(),
           "-:13:9: game 4 (White \"\", Event \"\"): GBR tag says +0001.00e1e8, FEN gives +0000.00e1e8\n"
           "-:17:10: game 5 (White \"\", Event \"\"): Black tag says +0001.00e1e8, FEN gives +0000.00e1e8\n"
           "8 games, 2 checked, 2 mismatches\n")
    expect("GBR value exit", p.returncode, 1)
    out = os.path.join(WORK, "gbr_value_fixed.pgn")
    audit("--fix", "-o", out, data=pgn)
    expect("--fix keeps unreadable GBR tags", open(out, "rb").read(),
           pgn.replace(b"[+0001e1e8]", b"[+0000.00e1e8]").replace(b"(+0001.00e1e8)", b"(+0000.00e1e8)"))


def test_fix_to_stdout():
    # With -o - the copy is standard output, so nothing else may go there.
    pgn = b"[White \"W\"]\n[GBR \"0001.00\"]\n" + KINGS + b"\n1. e4 *\n"
    p = audit("--fix", "-o", "-", data=pgn)
    expect("-o - stdout is the copy", p.stdout, pgn.replace(b"0001.00", b"0000.00"))
    expect("-o - report on stderr", p.stderr.decode(),
           "-:2:7: game 1 (White \"W\", Event \"\"): GBR tag says 0001.00, FEN gives 0000.00\n"
           "1 games, 1 checked, 1 mismatches\n")
    expect("-o - exit", p.returncode, 1)


def test_mismatch_count():
    # "N mismatches" counts mismatch lines: one game with two wrong codes gives two.
    pgn = b"[Black \"(+0001.00e1e8) x\"]\n[GBR \"0001.00\"]\n" + KINGS + b"\n*\n"
    p = audit(data=pgn)
    out = p.stdout.decode().splitlines()
    expect("two mismatch lines", len(out), 3)
    expect("two mismatches counted", out[-1], "1 games, 1 checked, 2 mismatches")
    # Every code tag of a game is checked, however many there are, and --fix
    # corrects each of them.
    pgn = (b"[GBR \"0000.00\"]\n[Black \"(+0001.00e1e8) x\"]\n[GBR \"0002.00\"]\n[GBR \"0000\"]\n"
           b"[GBR \"0003.00\"]\n" + KINGS + b"\n*\n")
    p = audit(data=pgn)
    expect("every code tag", p.stdout.decode(),
           "-:2:10: game 1 (White \"\", Event \"\"): Black tag says +0001.00e1e8, FEN gives +0000.00e1e8\n"
           "-:3:7: game 1 (White \"\", Event \"\"): GBR tag says 0002.00, FEN gives 0000.00\n"
           "-:5:7: game 1 (White \"\", Event \"\"): GBR tag says 0003.00, FEN gives 0000.00\n"
           "1 games, 1 checked, 3 mismatches\n")
    out = os.path.join(WORK, "every_code_fixed.pgn")
    audit("--fix", "-o", out, data=pgn)
    expect("--fix corrects every code tag", open(out, "rb").read(),
           pgn.replace(b"+0001.00", b"+0000.00").replace(b"0002.00", b"0000.00").replace(b"0003.00", b"0000.00"))


def test_unreadable_fen():
    # An unreadable FEN is reported whether or not the game has a code; it is
    # no mismatch.
    pgn = (b"[Event \"no code\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 x\"]\n\n*\n"
           b"[Event \"code\"]\n[GBR \"0000.00\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n"
           b"[Event \"fine\"]\n" + KINGS + b"\n*\n")
    p = audit(data=pgn)
    expect("unreadable FEN stderr", p.stderr.decode(),
           "gbr: -:2:36: game 1: FEN tag: unexpected characters after the end of the form\n"
           "gbr: -:7:7: game 2: FEN tag: a FEN needs exactly one king a side\n")
    expect("unreadable FEN stdout", p.stdout, b"3 games, 0 checked, 0 mismatches\n")
    expect("unreadable FEN exit", p.returncode, 1)


# ---- PGN read as the standard says (src/pgn/pgn_reader.c) ----------------

def fix(pgn, name):
    out = os.path.join(WORK, name)
    p = audit("--fix", "-o", out, data=pgn)
    return p, open(out, "rb").read()


def test_tag_like_text_in_comments():
    # Defect class: tags read outside a tag section. Tag-like lines inside a
    # brace comment (one line and several), after ';', on a '%' escape line and
    # inside a variation start no game, give no mismatch, and --fix leaves them.
    pgn = (b"[Event \"a\"]\n[GBR \"0001.00\"]\n" + KINGS + b"\n"
           b"1. e4 {[GBR \"0002.00\"]} e5 {a comment\n"
           b"[Event \"fake\"]\n"
           b"[GBR \"0003.00\"]\n"
           b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n"
           b"} 2. Nf3 ; [GBR \"0004.00\"] { not a comment\n"
           b"%[GBR \"0005.00\"]\n"
           b"2... Nc6 (2... d6 3. d4\n"
           b"[GBR \"0006.00\"] (3. c4\n"
           b"[Black \"(+0007.00e1e8)\"]) $1) 3. Bb5 1-0\n"
           b"\n[Event \"b\"]\n[Black \"(+0000.00e1e8) x\"]\n" + KINGS + b"\n*\n")
    p = audit(data=pgn)
    expect("comments stdout", p.stdout.decode(),
           "-:2:7: game 1 (White \"\", Event \"a\"): GBR tag says 0001.00, FEN gives 0000.00\n"
           "2 games, 2 checked, 1 mismatches\n")
    expect("comments stderr", p.stderr, b"")
    p, fixed = fix(pgn, "comments_fixed.pgn")
    expect("comments --fix", fixed, pgn.replace(b"[GBR \"0001.00\"]", b"[GBR \"0000.00\"]", 1))


def test_unclosed_fen_value():
    # Defect class: a malformed tag dropped in silence. A [FEN] value without
    # its closing quote is reported where it opens; the game is not checked
    # (never against the initial position) and --fix leaves it as it is.
    pgn = (b"[Event \"a\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n[GBR \"0000.00\"]\n\n1. Kd2 *\n"
           b"[Event \"b\"]\n[GBR \"0001.00\"]\n" + KINGS + b"\n*\n")
    p = audit(data=pgn)
    expect("unclosed FEN stderr", p.stderr.decode(),
           "gbr: -:2:6: game 1: a tag value without its closing quote on its line\n")
    expect("unclosed FEN stdout", p.stdout.decode(),
           "-:7:7: game 2 (White \"\", Event \"b\"): GBR tag says 0001.00, FEN gives 0000.00\n"
           "2 games, 1 checked, 1 mismatches\n")
    expect("unclosed FEN exit", p.returncode, 1)
    p, fixed = fix(pgn, "unclosed_fen_fixed.pgn")
    expect("unclosed FEN --fix keeps the game", fixed, pgn.replace(b"0001.00", b"0000.00"))


def test_malformed_tag_sections():
    # Each malformed tag section is reported at its line and column and its
    # game is left as it is, however wrong its code; the games around it are
    # checked as usual.
    wrong = b"[GBR \"0001.00\"]\n"
    cases = [
        (b"[Event \"x\"\n", "2:1: game 1: ']' must follow the tag value"),      # ']' missing: next line's '['
        (b"[Event \"x\" junk\n", "1:12: game 1: ']' must follow the tag value"),
        (b"[Ev\x01ent \"x\"]\n", "1:4: game 1: a tag name is letters, digits and '_'"),  # '-' is read (a warning)
        (b"[ \"x\"]\n", "1:3: game 1: a tag name must follow '['"),
        (b"[Event x]\n", "1:8: game 1: a tag value in double quotes must follow the tag name"),
        (b"[E25]\n", "1:5: game 1: a tag value in double quotes must follow the tag name"),  # a name, no value
        (b"[Event \"x\\\"\n", "1:8: game 1: a tag value without its closing quote on its line"),
    ]
    for bad, where in cases:
        pgn = bad + wrong + KINGS + b"\n1. e4 *\n"
        p = audit(data=pgn)
        expect("malformed %r stderr" % bad, p.stderr.decode(), "gbr: -:%s\n" % where)
        expect("malformed %r stdout" % bad, p.stdout, b"1 games, 0 checked, 0 mismatches\n")
        expect("malformed %r exit" % bad, p.returncode, 1)
        p, fixed = fix(pgn, "malformed.pgn")
        expect("malformed %r --fix" % bad, fixed, pgn)
    # At the end of the input, in the middle of a tag pair.
    for bad, where in [(b"[GBR \"0001.00\"]\n[Event", "2:1: game 1: a tag pair not closed at the end of the input"),
                       (b"[GBR \"0001.00\"]\n[Event \"x", "2:8: game 1: a tag value without its closing quote on its line")]:
        p = audit(data=bad)
        expect("at the end %r" % bad, (p.stderr.decode(), p.stdout), ("gbr: -:%s\n" % where,
                                                                    b"1 games, 0 checked, 0 mismatches\n"))
        p, fixed = fix(bad, "malformed_end.pgn")
        expect("at the end %r --fix" % bad, fixed, bad)


def test_tags_read_as_pgn_extract_reads_them():
    # A stray quote in a value, a value whose line ends with ']' but no
    # closing quote, a '-' in a name: each is reported, read as pgn-extract
    # reads it, and the game is checked and fixed as any other.
    wrong = b"[GBR \"0001.00\"]\n"
    stray = "a '\"' inside a tag value, not written \\\": read as part of the value, which ends at the last '\"' before ']'"
    to_bracket = "a tag value without its closing quote: read to the ']' that ends its line"
    for bad, where, event in [
            (b"[Event \"x\" junk]\n", "1:8: game 1: " + to_bracket, 'x" junk'),  # as written
            (b"[Event \"x\\\"]\n", "1:8: game 1: " + to_bracket, 'x\\"'),
            (b"[Event \"a \"Etyud\" ty\"]\n", "1:11: game 1: " + stray, 'a "Etyud" ty'),
            (b"[Ev-ent \"x\"]\n", "1:4: game 1: a tag name with a byte other than letters, digits and '_': read as written",
             "")]:
        pgn = bad + wrong + KINGS + b"\n1. e4 *\n"
        p = audit(data=pgn)
        expect("read %r stderr" % bad, p.stderr.decode(), "gbr: -:%s\n" % where)
        expect("read %r stdout" % bad, p.stdout.decode(),
               "-:2:7: game 1 (White \"\", Event \"%s\"): GBR tag says 0001.00, FEN gives 0000.00\n"
               "1 games, 1 checked, 1 mismatches\n" % event)
        expect("read %r exit" % bad, p.returncode, 1)
        p, fixed = fix(pgn, "read.pgn")
        expect("read %r --fix" % bad, fixed, pgn.replace(b"0001.00", b"0000.00"))


def test_pgn_structure():
    # Escapes in values, '%' lines and comments in the tag section, games of
    # tags only (apart by an empty line), every termination marker, a game
    # without one before the next game, a game without tags, and an unclosed
    # comment, which runs to the end of the input as the standard says.
    # A pair (wrong, right) is a code that --fix must correct.
    parts = [b"% an escape line [GBR \"0001.00\"]\n",
             b"[Event \"say \\\"hi\\\" \\\\ \"]\n%[GBR \"0002.00\"]\n[GBR \"", (b"0001.00", b"0000.00"),
             b"\"] ; note [GBR \"0003.00\"]\n", KINGS, b"{ [GBR \"0004.00\"] }\n1. e4 1-0\n",
             b"[GBR \"", (b"0001", b"0000.00"), b"\"]\n", KINGS, b"\n",            # tags only, no result
             b"[GBR \"0000\"]\n", KINGS, b"\n",                                   # the next game, tags only
             b"[GBR \"0000.00\"]\n", KINGS, b"1. e4 e5 0-1 [GBR \"", (b"0001.00", b"0000.00"), b"\"]\n",
             KINGS, b"1/2-1/2\n",
             b"[GBR \"0000.00\"]\n", KINGS, b"1. e4\n\n[GBR \"", (b"0002.00", b"0000.00"), b"\"]\n", KINGS, b"*\n",
             b"1. d4 d5 *\n",                                                   # a game without tags
             b"[GBR \"", (b"0003.00", b"0000.00"), b"\"]\n", KINGS, b"1. e4 {never closed\n[GBR \"0004.00\"]\n"]
    pgn = b"".join(x[0] if isinstance(x, tuple) else x for x in parts)
    p = audit(data=pgn)
    expect("structure stdout", p.stdout.decode(),
           "-:4:7: game 1 (White \"\", Event \"say \\\"hi\\\" \\\\ \"): GBR tag says 0001.00, FEN gives 0000.00\n"
           "-:8:7: game 2 (White \"\", Event \"\"): GBR tag says 0001.00, FEN gives 0000.00\n"
           "-:16:20: game 5 (White \"\", Event \"\"): GBR tag says 0001.00, FEN gives 0000.00\n"
           "-:23:7: game 7 (White \"\", Event \"\"): GBR tag says 0002.00, FEN gives 0000.00\n"
           "-:27:7: game 9 (White \"\", Event \"\"): GBR tag says 0003.00, FEN gives 0000.00\n"
           "9 games, 8 checked, 5 mismatches\n")
    expect("structure stderr", p.stderr.decode(),
           "gbr: -:23:1: game 6: the game ends here without a result (1-0, 0-1, 1/2-1/2 or *)\n"
           "gbr: -:29:7: game 9: a comment opened here is not closed at the end of the input\n"
           "gbr: -:31:1: game 9: the game ends here without a result (1-0, 0-1, 1/2-1/2 or *)\n")
    p, fixed = fix(pgn, "structure.pgn")
    expect("structure --fix", fixed, b"".join(x[1] if isinstance(x, tuple) else x for x in parts))


# ---- Limits: bounded memory, linear time ----------------------------------

# Under AddressSanitizer the address space cannot be limited; the ctest
# TIMEOUT guards the time there.
SANITIZED = os.environ.get("GBR_TEST_SANITIZED") == "1"
ADDRESS_SPACE = 96 << 20   # gbr with a 64 KiB read buffer needs far less


def limited():
    if not SANITIZED:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def audit_pipe(source_cmd, *args):
    """gbr audit reading standard input from a pipe fed by source_cmd, in bounded memory."""
    src = subprocess.Popen(source_cmd, stdout=subprocess.PIPE)
    p = subprocess.run([GBR, "audit", *args], stdin=src.stdout, capture_output=True, preexec_fn=limited)
    src.stdout.close()
    src.wait()
    return p


LONG = "line longer than 16777216 bytes (read whole: no line is held)"


def test_dev_zero():
    # Defect class: unbounded memory and rescanning on a line without end.
    # 100 MB of /dev/zero through a pipe: one report at column 16777217, no
    # growth (the address space is limited to 96 MiB; under a sanitizer, which
    # allows no such limit, 20 MB are enough for the report), and the game's
    # missing result where the input ends.
    size = 20000000 if SANITIZED else 100000000
    p = audit_pipe(["head", "-c", str(size), "/dev/zero"])
    expect("/dev/zero stderr", p.stderr.decode(), "gbr: -:1:16777217: game 1: %s\n"
           "gbr: -:1:%d: game 1: the game ends here without a result (1-0, 0-1, 1/2-1/2 or *)\n" % (LONG, size + 1))
    expect("/dev/zero stdout", p.stdout, b"1 games, 0 checked, 0 mismatches\n")
    expect("/dev/zero exit", p.returncode, 1)


def test_line_limit_exact():
    # The limit is what the help says: a line of 16777216 bytes, with or
    # without a CR before its newline, is no report; one byte more is.
    limit = 16777216
    for body, eol, reported in [(limit, b"\n", False), (limit - 1, b"\r\n", False), (limit, b"\r\n", False),
                                (limit + 1, b"\n", True), (limit, b"\r;\n", True)]:
        path = os.path.join(WORK, "limit.pgn")
        with open(path, "wb") as f:
            f.write(b"{" + b"x" * (body - 2) + b"}" + eol + b"[Event \"a\"]\n*\n")
        p = audit(path)
        want = "gbr: %s:1:16777217: %s\n" % (path, LONG) if reported else ""
        expect("line of %d bytes + %r" % (body, eol), (p.stderr.decode(), p.stdout),
               (want, b"1 games, 0 checked, 0 mismatches\n"))
        os.remove(path)


def test_huge_movetext_line():
    # A 20 MB movetext line through a pipe between two games with wrong codes:
    # both are found, the line is reported (and read whole, so the comment cut
    # by the limit still ends on it), and --fix copies it byte for byte.
    path = os.path.join(WORK, "huge.pgn")
    first = b"[Event \"a\"]\n[GBR \"0001.00\"]\n" + KINGS + b"\n"
    second = b"\n*\n\n[Event \"b\"]\n[GBR \"0002.00\"]\n" + KINGS + b"\n*\n"
    with open(path, "wb") as f:
        f.write(first)
        f.write(b"1. e4 e5 {[GBR \"0003.00\"]} " * 700_000)  # 19.6 MB
        f.write(second)
    p = audit_pipe(["cat", path])
    expect("huge line stderr", p.stderr.decode(), "gbr: -:5:16777217: game 1: %s\n" % LONG)
    expect("huge line stdout", p.stdout.decode(),
           "-:2:7: game 1 (White \"\", Event \"a\"): GBR tag says 0001.00, FEN gives 0000.00\n"
           "-:9:7: game 2 (White \"\", Event \"b\"): GBR tag says 0002.00, FEN gives 0000.00\n"
           "2 games, 2 checked, 2 mismatches\n")
    out = os.path.join(WORK, "huge_fixed.pgn")
    p = audit_pipe(["cat", path], "--fix", "-o", out)
    want = open(path, "rb").read().replace(b"[GBR \"0001.00\"]", b"[GBR \"0000.00\"]").replace(
        b"[GBR \"0002.00\"]", b"[GBR \"0000.00\"]")
    expect("huge line --fix", open(out, "rb").read() == want, True)
    os.remove(path)
    os.remove(out)


def cpu_limited():
    import resource
    resource.setrlimit(resource.RLIMIT_CPU, (10, 10))


def test_many_wrong_codes():
    # Defect class: work per mismatch that grows with the game (White and
    # Event were looked up again for each mismatch, through every tag before
    # them). 130,000 wrong code tags in one game, White and Event after them:
    # linear work takes a fraction of a second, the quadratic lookup took about
    # 15 s of CPU, beyond the 10 s of CPU this run is given.
    n = 130_000
    pgn = b"[GBR \"0001.00\"]\n" * n + b"[Event \"e\"]\n[White \"w\"]\n" + KINGS + b"\n*\n"
    p = subprocess.run([GBR, "audit"], input=pgn, capture_output=True, preexec_fn=cpu_limited)
    out = p.stdout.decode().splitlines()
    expect("many wrong codes exit", p.returncode, 1)
    expect("many wrong codes", (len(out), out[-1:]), (n + 1, ["1 games, 1 checked, %d mismatches" % n]))
    expect("last mismatch line", out[-2:-1],
           ["-:%d:7: game 1 (White \"w\", Event \"e\"): GBR tag says 0001.00, FEN gives 0000.00" % n])
    p, fixed = fix(pgn, "many_fixed.pgn")
    expect("many wrong codes fixed", fixed == pgn.replace(b"0001.00", b"0000.00"), True)


def test_section_limits():
    # A tag section beyond what is held (131072 tags, 16 MiB) is reported and
    # passed through unread; the next game is checked.
    after = b"[GBR \"0001.00\"]\n" + KINGS + b"\n*\n"
    # The name repeated is reported once, at its second pair.
    repeated = "2:1: game 1: [%s] repeated (first at 1:1): the value of its last pair is taken\ngbr: -:"
    for name, section, message in [
            ("tags", b"[GBR \"0001.00\"]\n" * 131073, repeated % "GBR" +
             "131073:1: game 1: a tag section of more than 131072 tags: the game is passed through unread"),
            ("bytes", (b"[Event \"" + b"x" * 16384 + b"\"]\n") * 1030, repeated % "Event" +
             "1024:5132: game 1: a tag section longer than 16777216 bytes: the game is passed through unread")]:
        pgn = section + KINGS + b"\n*\n" + after
        p = audit(data=pgn)
        expect("section %s stderr" % name, p.stderr.decode(), "gbr: -:%s\n" % message)
        expect("section %s stdout" % name, p.stdout.decode().splitlines()[-1], "2 games, 1 checked, 1 mismatches")
        p, fixed = fix(pgn, "section_fixed.pgn")
        expect("section %s --fix" % name, fixed == section + KINGS + b"\n*\n" + after.replace(b"0001", b"0000"),
               True)


def test_add_codes():
    fen_a, fen_b = "8/8/8/8/8/2k5/8/R1K4n w - - 0 1", "8/8/8/8/5k2/8/4P3/4K2r w - - 0 1"

    def game(tags, moves="1. Ra3+ {a n\xe9w comment [GBR \"x\"]} 1-0"):
        return "".join('[%s "%s"]\r\n' % t for t in tags) + "\r\n" + moves + "\r\n\r\n"

    # HHdb's convention: codes at the start of [Black]; CRLF, a BOM, Latin-1.
    # Written as pieces: ("insert", text) marks what --add-codes adds.
    pieces = [game([("Event", "Tidskrift f\xf6r Schack"), ("White", "Afek=Y"), ("Black", "(+0103.00c1c3) 1st Prize"),
                    ("Result", "1-0"), ("FEN", fen_a)]),
              '[Event "E"]\r\n[White "W"]\r\n[Black "', ("insert", "(=0300.10e1f4) "),
              '1st Prize"]\r\n[Result "1/2-1/2"]\r\n[FEN "%s"]\r\n\r\n1/2-1/2\r\n\r\n' % fen_b,
              '[Event "E"]\r\n[White "W"]\r\n[Black "', ("replace", "?", "(+0300.10e1f4)"),
              '"]\r\n[Result "1-0"]\r\n[FEN "%s"]\r\n' % fen_b, "\r\n1-0\r\n\r\n",
              '[Event "no Black tag"]\r\n[Result "*"]\r\n[FEN "%s"]\r\n' % fen_a,
              ("insert", '[Black "(0103.00c1c3)"]\r\n'), "\r\n*\r\n\r\n",
              '[Event "no FEN"]\r\n[Black "?"]\r\n\r\n*\r\n\r\n',
              '[Event "broken FEN"]\r\n[Black "?"]\r\n[FEN "8/8/8/8/8/2k5/8/R1K4x w - - 0 1"]\r\n\r\n*\r\n\r\n',
              '[Event "broken GBR"]\r\n[GBR "12"]\r\n[FEN "%s"]\r\n\r\n*\r\n\r\n' % fen_a,
              '[Event "wrong code: corrected, nothing added"]\r\n[Black "', ("replace", "(+0400.10a1a3)", "(+0103.00c1c3)"),
              '"]\r\n[FEN "%s"]\r\n\r\n1-0\r\n' % fen_a]

    def text(with_added):
        out = []
        for p in pieces:
            if isinstance(p, str):
                out.append(p)
            elif p[0] == "insert":
                out.append(p[1] if with_added else "")
            else:
                out.append(p[2] if with_added else p[1])
        return b"\xef\xbb\xbf" + "".join(out).encode("latin-1")

    src = os.path.join(WORK, "hhdb.pgn")
    with open(src, "wb") as f:
        f.write(text(False))
    fixed = os.path.join(WORK, "hhdb.fixed.pgn")
    p = audit("--fix", "--add-codes", "auto", "-o", fixed, src)
    expect("black: summary", p.stdout.decode().splitlines()[-1:],
           ["8 games, 2 checked, 1 mismatches, 3 codes added"])
    expect("black: exit (a mismatch, a broken FEN and GBR tag)", p.returncode, 1)
    expect("black: the copy, byte for byte outside the codes added", open(fixed, "rb").read(), text(True))
    # From a pipe: the convention of the codes read so far (the first game's).
    p = subprocess.run([GBR, "audit", "--fix", "--add-codes", "auto", "-o", "-"], input=text(False),
                       capture_output=True)
    expect("black from a pipe", p.stdout, text(True))

    # The [GBR] convention: a tag line after the last tag, an empty [GBR] filled.
    gbr_src = ('[Event "A"]\n[GBR "+0103.00c1c3"]\n[FEN "%s"]\n\n1-0\n\n'
               '[Event "B"]\n[Result "1-0"]\n[FEN "%s"]\n\n1-0\n\n'
               '[Event "C"]\n[GBR "?"]\n[Result "1/2-1/2"]\n[FEN "%s"]\n\n1/2-1/2\n\n'
               '[Event "D"] [FEN "%s"]\n*\n\n'
               '[Event "E"]\n[GBR "-"]\n[FEN "%s"]\n\n*\n' % (fen_a, fen_b, fen_b, fen_a, fen_a))
    gbr_want = gbr_src.replace('[FEN "%s"]\n\n1-0\n\n[Event "C"]' % fen_b,
                               '[FEN "%s"]\n[GBR "+0300.10e1f4"]\n\n1-0\n\n[Event "C"]' % fen_b)
    gbr_want = gbr_want.replace('[GBR "?"]', '[GBR "=0300.10e1f4"]')
    gbr_want = gbr_want.replace('[Event "D"] [FEN "%s"]\n' % fen_a, '[Event "D"] [FEN "%s"]\n[GBR "0103.00c1c3"]\n' % fen_a)
    gbr_want = gbr_want.replace('[GBR "-"]', '[GBR "0103.00c1c3"]')
    path = os.path.join(WORK, "gbr.pgn")
    with open(path, "w") as f:
        f.write(gbr_src)
    for style in ("auto", "gbr"):
        out = os.path.join(WORK, "gbr.%s.pgn" % style)
        p = audit("--fix", "--add-codes", style, "-o", out, path)
        expect("gbr %s: exit and summary" % style, (p.returncode, p.stdout.decode().splitlines()[-1:]),
               (0, ["5 games, 1 checked, 0 mismatches, 4 codes added"]))
        expect("gbr %s: the copy" % style, open(out).read(), gbr_want)
    # Chosen against the file's own: black into a [GBR] file.
    out = os.path.join(WORK, "gbr.black.pgn")
    audit("--fix", "--add-codes", "black", "-o", out, path)
    expect("black chosen", open(out).read().count('[Black "(+0300.10e1f4)"]\n'), 1)
    # Without --add-codes nothing is added.
    out = os.path.join(WORK, "gbr.plain.pgn")
    p = audit("--fix", "-o", out, path)
    expect("--fix alone adds nothing", (open(out).read(), p.stdout.decode().splitlines()[-1]),
           (gbr_src, "5 games, 1 checked, 0 mismatches"))
    for args, why in ((["--add-codes", "auto", path], "give --fix -o OUT"),
                      (["--fix", "--add-codes", "tag", "-o", out, path], "bad --add-codes")):
        p = audit(*args)
        expect("usage %s" % args, (p.returncode, why in p.stderr.decode()), (2, True))


GROUPS = {"add": [test_add_codes],
          "generated": [test_generated],
          "games": [test_games, test_gbr_tag_whole_value, test_fix_to_stdout, test_mismatch_count,
                    test_unreadable_fen],
          "pgn": [test_tag_like_text_in_comments, test_unclosed_fen_value, test_malformed_tag_sections,
                  test_tags_read_as_pgn_extract_reads_them,
                  test_pgn_structure],
          "limits": [test_dev_zero, test_line_limit_exact, test_huge_movetext_line, test_many_wrong_codes, test_section_limits]}
gbrtest.run_group(GROUPS, GROUP)
gbrtest.finish("audit " + GROUP)

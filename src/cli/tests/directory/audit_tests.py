#!/usr/bin/env python3
"""Tests of `gbr audit`: counts, mismatch lines, --fix output, exit codes, on
a generated database (ci/gen/gen_pgn.py: BOM, Latin-1 names, CRLF, thousands
of games, known wrong codes) and on hand-made games.

usage: audit_tests.py GBR WORK_DIR GROUP   (GROUP: generated, games)
"""
import os
import subprocess
import sys

GBR, WORK, GROUP = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "..", "..", "..", "ci", "gen", "gen_pgn.py")
failures = []


def expect(name, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (name, got, want))


def audit(*args, data=None):
    return subprocess.run([GBR, "audit", *args], input=data, capture_output=True)


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


GROUPS = {"generated": [test_generated],
          "games": [test_games, test_gbr_tag_whole_value, test_fix_to_stdout, test_mismatch_count,
                    test_unreadable_fen]}
for test in GROUPS[GROUP]:
    test()
if failures:
    print("FAILED %d check(s):" % len(failures))
    print("\n".join(failures))
    sys.exit(1)
print("ok")

#!/usr/bin/env python3
"""Tests of how every PGN command reads a keeper's files as they really are.

usage: pgn_reading_tests.py GBR WORK_DIR GROUP
  tags         tags pgn-extract reads and the PGN standard does not (a '"' inside
               a value, a value whose line ends with ']' but no closing quote, a
               '-' in a name), a repeated tag, [SetUp "1"] without [FEN], and a
               file cut inside its last game's moves: what each of select,
               directory, duplicates, lookup and audit reports and reads, and
               that select '*' writes such files back byte for byte
  pgn_extract  the same files through /usr/games/pgn-extract: the value it takes
               for a repeated tag is the one gbr lists, and where it says
               "Missing FEN Tag to accompany SetUp Tag" and "Missing result" gbr
               reports the same games (exit 77, skipped, without pgn-extract)
  inputs       a folder as input (its *.pgn files in name order; -r its
               subfolders), an empty file and an empty folder said, in each
               command that reads PGN
  real         PGN files of other projects (a folder named by $GBR_REAL_PGN_DIR,
               by default /usr/share/pgn-extract, read recursively): select '*'
               writes each file back byte for byte, the text before its first
               game included (exit 77, skipped, when the folder is missing)
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
PGN_EXTRACT = "/usr/games/pgn-extract"
KINGS = b'[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n'
ROOK = b'[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n'


def gbr(*args, data=None):
    return subprocess.run([GBR, *args], input=data, capture_output=True)


def write(name, data):
    path = os.path.join(WORK, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


def tsv_rows(stdout):
    return [line.split("\t") for line in stdout.decode().splitlines()[1:]]


STRAY = ("a '\"' inside a tag value, not written \\\": read as part of the value, which ends at the last '\"' "
         "before ']'")
TO_BRACKET = "a tag value without its closing quote: read to the ']' that ends its line"
ODD_NAME = "a tag name with a byte other than letters, digits and '_': read as written"
SETUP = "[SetUp \"1\"] without a [FEN] tag: the start position is unknown"
NO_RESULT = "the game ends here without a result (1-0, 0-1, 1/2-1/2 or *)"

# One game of each shape, each with a different material so that each can be
# told in the directory; the last one cut inside its moves.
GAMES = [
    b'[Event "Glasgow Weekly Citizen "Etyud" ty"]\n[Composer "A"]\n[Result "1-0"]\n' + ROOK + b"\n1. Ra8+ 1-0\n\n",
    b'[Event "Tournament \\"]\n[Composer "B"]\n[Result "1/2-1/2"]\n' + KINGS + b"\n1. Kd2 1/2-1/2\n\n",
    b'[Event "c"]\n[Composer-2 "C2"]\n[Composer "C"]\n[Result "1-0"]\n'
    b'[FEN "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"]\n\n1. Qa8+ 1-0\n\n',
    b'[Event "first"]\n[Event "second"]\n[Composer "D"]\n[Result "1-0"]\n'
    b'[FEN "4k3/8/8/8/8/8/8/B3K3 w - - 0 1"]\n[FEN "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"]\n\n1. Nb3 1-0\n\n',
    b'[Event "e"]\n[Composer "E"]\n[SetUp "1"]\n[Result "*"]\n\n1. e4 *\n\n',
    b'[Event "f"]\n[Composer "F"]\n[Result "1-0"]\n[FEN "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"]\n\n1. a4 Kd7 2. a5',
]
# Where each report is (LINE:COLUMN: game N: MESSAGE), in input order.
REPORTS = ["1:32: game 1: " + STRAY,
           "8:8: game 2: " + TO_BRACKET,
           "16:10: game 3: " + ODD_NAME,
           "24:1: game 4: [Event] repeated (first at 23:1): the value of its last pair is taken",
           "28:1: game 4: [FEN] repeated (first at 27:1): the value of its last pair is taken",
           "34:1: game 5: " + SETUP,
           "44:16: game 6: " + NO_RESULT]


def test_tags():
    data = b"".join(GAMES)
    path = write("keeper.pgn", data)
    want_reports = "".join("gbr: %s:%s\n" % (path, r) for r in REPORTS)
    # select '*': every game back, byte for byte, the reports made, exit 1.
    p = gbr("select", "*", path)
    expect("select '*' writes the file back", p.stdout, data)
    expect("select '*' reports", p.stderr.decode(), want_reports)
    expect("select '*' exit", p.returncode, 1)
    # Each game matched by its material: the stray quote, the bracket and the
    # odd name lose no game; the repeated [FEN]'s last value is the one read
    # (a knight, not a bishop); [SetUp "1"] without [FEN] is no start position.
    for query, game in [("0100.00", 0), ("0000.00", 1), ("1000.00", 2), ("0001.00", 3), ("0000.10", 5)]:
        p = gbr("select", "--queries", "1.2", query, path)
        expect("select %s" % query, (p.stdout, p.returncode), (GAMES[game], 1))
    p = gbr("select", "--count", "0010.00", "4888.88", "K...vK", path)
    expect("no bishop (the first [FEN]), no start position (SetUp)", p.stdout, b"0\t0010.00\n0\t4888.88\n5\tK...vK\n")
    # directory: a row a game; the values as read; the SetUp game unclassified.
    p = gbr("directory", "--format", "tsv", path)
    rows = sorted((r[0], r[4], r[5], r[10]) for r in tsv_rows(p.stdout))
    expect("directory rows", rows, sorted([
        ("0100.00", "A", 'Glasgow Weekly Citizen "Etyud" ty', ""),
        ("0000.00", "B", 'Tournament "', ""),
        ("1000.00", "C", "c", ""),
        ("0001.00", "D", "second", ""),
        ("", "E", "e", "SetUp tag without FEN tag"),
        ("0000.10", "F", "f", "")]))
    expect("directory reports", (p.stderr.decode(), p.returncode), (want_reports, 1))
    # duplicates: six games, the SetUp one unclassified.
    p = gbr("duplicates", "--format", "tsv", path)
    kinds = sorted(r[0] for r in tsv_rows(p.stdout))
    expect("duplicates: only the SetUp game unclassified", kinds.count("unclassified"), 1)
    expect("duplicates reports", (p.stderr.decode(), p.returncode), (want_reports, 1))
    # lookup: the stray quote's game is found; the repeated [FEN]'s last value.
    p = gbr("lookup", "-p", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "-p", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1",
            "-p", "4k3/8/8/8/8/8/8/B3K3 w - - 0 1", "--format", "json", path)
    found = [len(x["same_position"]) for x in __import__("json").loads(p.stdout)["positions"]]
    expect("lookup: rook found, knight found, bishop not", found, [1, 1, 0])
    expect("lookup reports", (p.stderr.decode(), p.returncode), (want_reports, 1))
    # audit: the games are read (the SetUp one left as it is); --fix copies all.
    p = gbr("audit", path)
    expect("audit", (p.stdout, p.stderr.decode(), p.returncode),
           (b"6 games, 0 checked, 0 mismatches\n", want_reports, 1))
    out = os.path.join(WORK, "keeper_fixed.pgn")
    p = gbr("audit", "--fix", "-o", out, path)
    expect("audit --fix copies every byte", open(out, "rb").read(), data)
    # Many stray quotes and brackets, in every place of a line: each file back.
    for n, line in enumerate([b'[Event ""a"""]\n', b'[Event "a" "b"]\n', b'[Event "a"b" ]\n',
                              b'[Event "a\\\\"]\n', b'[Event "x\\"y\\"]\n', b'[Site "a" x"]\n',
                              b'[E-v.e\xc3\xa9nt "a"]\n']):
        data = line + KINGS + b"\n*\n\n" + b'[Event "b"]\n' + KINGS + b"\n*\n"
        p = gbr("select", "*", data=data)
        expect("stray %d: written back" % n, (p.stdout, p.returncode == 1 or p.stderr == b""), (data, True))
        p = gbr("directory", "--format", "tsv", "-", data=data)
        expect("stray %d: both games listed, classified" % n, [r[0] for r in tsv_rows(p.stdout)],
               ["0000.00", "0000.00"])


def pgn_extract(path):
    return subprocess.run([PGN_EXTRACT, "-s", path], capture_output=True)


def test_pgn_extract():
    if not os.access(PGN_EXTRACT, os.X_OK):
        print("skipped: %s is not installed (Debian package pgn-extract)" % PGN_EXTRACT)
        sys.exit(77)
    # A repeated tag: pgn-extract keeps the last value; gbr lists it.
    data = (b'[Event "first"]\n[Event "second"]\n[White "w1"]\n[White "w2"]\n[Result "1-0"]\n[Result "1/2-1/2"]\n'
            b'\n1. e4 1/2-1/2\n')
    path = write("repeated.pgn", data)
    p = pgn_extract(path)
    tags = dict(re.findall(rb'^\[(\w+) "(.*)"\]$', p.stdout, re.M))
    theirs = (tags.get(b"Event"), tags.get(b"White"), tags.get(b"Result"))
    rows = tsv_rows(gbr("directory", "--format", "tsv", "--composer-tag", "White", "--source-tag", "Event",
                        path).stdout)
    ours = (rows[0][5].encode(), rows[0][4].encode(), b"1/2-1/2" if rows[0][2].startswith("=") else b"?")
    expect("repeated: pgn-extract's values are gbr's", ours, theirs)
    expect("repeated: pgn-extract's are the last", theirs, (b"second", b"w2", b"1/2-1/2"))
    # [SetUp "1"] without [FEN], and a file cut in its last game: the games
    # pgn-extract names are those gbr reports.
    data = (b'[Event "a"]\n[SetUp "1"]\n[Result "*"]\n\n1. e4 *\n\n'
            b'[Event "b"]\n[Result "*"]\n\n1. d4 *\n\n'
            b'[Event "c"]\n[SetUp "1"]\n[Result "*"]\n\n1. c4 *\n\n'
            b'[Event "d"]\n[Result "*"]\n\n1. e4 e5 2. Nf3')
    path = write("setup_cut.pgn", data)
    theirs = pgn_extract(path).stderr.decode()
    expect("pgn-extract: two SetUp reports", theirs.count("Missing FEN Tag to accompany SetUp Tag"), 2)
    expect("pgn-extract: one missing result", theirs.count("Missing result"), 1)
    p = gbr("select", "*", path)
    ours = p.stderr.decode().splitlines()
    expect("gbr: the same games reported", [re.sub(r"^gbr: [^:]*:\d+:\d+: ", "", line) for line in ours],
           ["game 1: " + SETUP, "game 3: " + SETUP, "game 4: " + NO_RESULT])
    expect("gbr: every game written", (p.stdout, p.returncode), (data, 1))


def pgn_start():
    return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_inputs():
    folder = os.path.join(WORK, "folder")
    shutil.rmtree(folder, ignore_errors=True)
    game = lambda event: b'[Event "%s"]\n[Composer "%s"]\n' % (event, event) + KINGS + b"\n*\n\n"
    files = {"b.pgn": game(b"b"), "A.PGN": game(b"A"), "c.pgn": game(b"c"), "notes.txt": game(b"txt"),
             ".hidden.pgn": game(b"hidden"), "sub/d.pgn": game(b"d"), "sub/deeper/e.pgn": game(b"e"),
             "sub/a.pgn": game(b"sub-a"), ".git/f.pgn": game(b"git"), "empty.pgn": b""}
    for name, data in files.items():
        write(os.path.join("folder", name), data)
    os.symlink(os.path.join(folder, "sub"), os.path.join(folder, "link"))  # a folder link is not followed
    top = ["A.PGN", "b.pgn", "c.pgn", "empty.pgn"]
    deep = ["A.PGN", "b.pgn", "c.pgn", "empty.pgn", "sub/a.pgn", "sub/d.pgn", "sub/deeper/e.pgn"]
    empty_said = "gbr: %s/empty.pgn: warning: the input is empty (no games)\n" % folder
    for recursive, names in [([], top), (["-r"], deep)]:
        want = b"".join(files[n] for n in names)
        p = gbr("select", *recursive, "*", folder)
        expect("select %s folder" % recursive, (p.stdout, p.stderr.decode(), p.returncode), (want, empty_said, 0))
        p = gbr("directory", "--format", "tsv", *recursive, folder)
        expect("directory %s folder: files" % recursive, sorted(r[7] for r in tsv_rows(p.stdout)),
               sorted(os.path.join(folder, n) for n in names if files[n]))
        expect("directory %s folder: stderr" % recursive, (p.stderr.decode(), p.returncode), (empty_said, 0))
        p = gbr("audit", *recursive, folder)
        expect("audit %s folder" % recursive, (p.stdout.decode(), p.returncode),
               ("%d games, 0 checked, 0 mismatches\n" % sum(1 for n in names if files[n]), 0))
        p = gbr("duplicates", "--format", "tsv", *recursive, folder)
        expect("duplicates %s folder" % recursive, len(tsv_rows(p.stdout)), sum(1 for n in names if files[n]))
        p = gbr("lookup", "-p", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--format", "json", *recursive, folder)
        found = __import__("json").loads(p.stdout)["positions"][0]["same_position"]
        expect("lookup %s folder" % recursive, sorted(g["file"] for g in found),
               sorted(os.path.join(folder, n) for n in names if files[n]))
    # A folder and a file mixed, in the order given; a trailing slash.
    p = gbr("select", "*", os.path.join(folder, "c.pgn"), folder + "/")
    expect("file then folder", p.stdout, files["c.pgn"] + b"".join(files[n] for n in top))
    # An empty folder, and a folder with no *.pgn file: said, nothing read.
    nothing = os.path.join(WORK, "nothing")
    shutil.rmtree(nothing, ignore_errors=True)
    os.makedirs(os.path.join(nothing, "sub"))
    write("nothing/readme.txt", b"x")
    for args, said in [([], "gbr: %s: warning: no *.pgn file in this folder (-r reads its subfolders)\n"),
                       (["-r"], "gbr: %s: warning: no *.pgn file in this folder or its subfolders\n")]:
        p = gbr("select", *args, "*", nothing)
        expect("no pgn %s" % args, (p.stdout, p.stderr.decode(), p.returncode), (b"", said % nothing, 0))
        p = gbr("audit", *args, nothing)
        expect("no pgn %s: audit" % args, (p.stdout, p.stderr.decode()),
               (b"0 games, 0 checked, 0 mismatches\n", said % nothing))
    # An empty file named, and empty standard input, are said in each command.
    empty = write("empty.pgn", b"")
    for command in [["select", "*"], ["directory"], ["duplicates"], ["audit"], ["lookup", "-p", pgn_start()]]:
        p = gbr(*command, empty)
        expect("%s: empty file said" % command[0], p.stderr.decode(),
               "gbr: %s: warning: the input is empty (no games)\n" % empty)
    p = gbr("select", "*", data=b"")
    expect("empty standard input said", p.stderr.decode(), "gbr: -: warning: the input is empty (no games)\n")
    # --lines reads the files named, not folders.
    p = gbr("select", "--lines", "*", folder)
    expect("--lines does not read a folder", p.returncode, 1)


def test_real():
    # By default the files Debian's pgn-extract package installs (its eco.pgn).
    real = os.environ.get("GBR_REAL_PGN_DIR") or "/usr/share/pgn-extract"
    if not os.path.isdir(real):
        print("skipped: no %s; set GBR_REAL_PGN_DIR to a folder of PGN files of other projects" % real)
        sys.exit(77)
    files = games = same = 0
    for root, dirs, names in os.walk(real):
        dirs.sort()
        for name in sorted(names):
            if not name.lower().endswith(".pgn"):
                continue
            path = os.path.join(root, name)
            data = open(path, "rb").read()
            files += 1
            summary = gbr("audit", path).stdout.decode().splitlines()
            games += int(summary[-1].split()[0]) if summary else 0
            out = gbr("select", "*", path).stdout
            # What comes before the first game (white space, comments, escape
            # lines) is written with it: the whole file comes back; a file
            # that is nothing else has no game and gives nothing.
            i = 3 if data.startswith(b"\xef\xbb\xbf") else 0
            while True:
                m = re.match(rb"\s+|\{[^}]*\}|;[^\n]*|%[^\n]*", data[i:])
                if not m:
                    break
                i += m.end()
            if out == (data if data[i:] else b""):
                same += 1
            else:
                failures.append("select '*' does not write back every game of %s" % path)
    print("%d files, %d games, %d written back byte for byte by select '*'" % (files, games, same))
    expect("some files read", files > 0, True)


GROUPS = {"tags": test_tags, "pgn_extract": test_pgn_extract, "inputs": test_inputs, "real": test_real}
gbrtest.run_group(GROUPS, GROUP)
gbrtest.finish("pgn_reading " + GROUP)

#!/usr/bin/env python3
"""Tests of `gbr select`.

usage: select_tests.py GBR WORK_DIR GROUP
  cli          the bundled sample PGN files and hand-made lines: bytes written,
               counts, reports, exit statuses, options
  reference    generated studies and queries: the same counts and the same
               games as src/cli/tests/select/select_ref.py (an independent Python reading of
               spec/query.md), directly and with --either-colour
  pgn_extract  on games whose material does not change during play, the same
               pgn-extract descriptions through /usr/games/pgn-extract -y/-z and
               gbr select -y/-z select the same games; on the bundled game that
               exchanges queens at once, each selects what the guides say (gbr
               the start position's material, pgn-extract the material reached)
               (exit 77, skipped, when pgn-extract is not installed)
  reached      --reached on hand-made games: the plies a material is held
               (N + 1 positions a move is played from, the last position not
               counted), exchanged colours one orientation at a time, the
               tag and the comment where they go, byte for byte otherwise,
               --count, a refused move, usage errors
  reached_pgn_extract NUMBERER DIR...
               --reached against pgn-extract on real games: the .pgn files of
               each DIR (corpus/games: Lichess games; the bundled examples;
               the replay's variations) and of $GBR_REAL_PGN_DIRS, each game
               numbered by NUMBERER (replay_vs_pgn_extract number); for each of
               REACHED_DESCRIPTIONS under -y and -z, the games gbr selects
               equal pgn-extract's, and their MaterialMatch tags too, except
               in games where pgn-extract counts the material wrongly (a
               promotion on the main line, a capture in a game that starts
               with Black to move: docs/keepers.md), which are counted apart
               (exit 77, skipped, when pgn-extract is not installed)
"""
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = gbrtest.ROOT
GEN = os.path.join(ROOT, "src", "cli", "tests", "gen", "gen_select.py")
REF = os.path.join(HERE, "select_ref.py")
PGN_EXTRACT = "/usr/games/pgn-extract"


select = gbrtest.command(GBR, "select")


def sample(name):
    return os.path.join(HERE, name)


def game_texts(data):
    """Each game's bytes, split where a line starts with [Event."""
    starts = [m.start() for m in re.finditer(rb"(?m)^\[Event ", data)]
    return [data[s:e] for s, e in zip(starts, starts[1:] + [len(data)])]


def test_cli():
    lf = open(sample("sample_lf.pgn"), "rb").read()
    crlf = open(sample("sample_crlf.pgn"), "rb").read()
    games = game_texts(lf)
    expect("sample has five games", len(games), 5)
    # Byte for byte, only the matching game; the broken FEN is reported where it is.
    p = select("0400.10", sample("sample_lf.pgn"))
    expect("0400.10 output", p.stdout, games[0])
    expect("0400.10 stderr", p.stderr.decode(),
           "gbr: %s:17:26: game 3: FEN tag: not a FEN piece letter, digit 1-8 or '/'\n" % sample("sample_lf.pgn"))
    expect("0400.10 exit (a broken FEN)", p.returncode, 1)
    # A FEN-like tag in a comment is not the game's [FEN]: bare kings select nothing.
    p = select("0000.00", sample("sample_crlf.pgn"))
    expect("tag in a comment", (p.stdout, p.returncode), (b"", 0))
    # CRLF bytes are kept; exchanged colours; several queries, a game written once.
    p = select("--either-colour", "0400.10", "KRPvKR", "--", sample("sample_crlf.pgn"))
    expect("crlf either colour", (p.stdout, p.returncode), (crlf, 0))
    p = select("0400.10", sample("sample_crlf.pgn"))
    expect("crlf without either colour", p.stdout, b"")
    # --count: one line a query, every file counted; standard input as "-";
    # '*' counts the game whose FEN is broken too (it needs no position).
    p = select("--count", "--either-colour", "0400.10", "*", "KNNNvKN", "4888.88", "p8 p8", "--",
               sample("sample_lf.pgn"), "-", data=crlf)
    expect("count", p.stdout.decode(), "2\t0400.10\n6\t*\n1\tKNNNvKN\n1\t4888.88\n0\tp8 p8\n")
    expect("count exit", p.returncode, 1)
    # No [FEN]: the standard start position (pgn-extract's description of it too).
    p = select("4888.88", "QR2B2N2P8 QR2B2N2P8", sample("sample_lf.pgn"))
    expect("start position", p.stdout, games[3])
    # Stipulation from [Result]; king squares.
    expect("study win", select("+0400.10a1e8", sample("sample_lf.pgn")).stdout, games[0])
    expect("study draw", select("=0400.10a1e8", sample("sample_lf.pgn")).stdout, b"")
    expect("study draw bishops", select("=0020.00e1e8", sample("sample_lf.pgn")).stdout, games[1])
    # Three knights: digit 9, exact counts.
    for q in ("0009.00", "KNNNvKN", "KNNN...vK...", "KN+vKN*", "n3 n"):
        expect("three knights " + q, select(q, sample("sample_lf.pgn")).stdout, games[4])
    expect("9 is not 4", select("0004.00", sample("sample_lf.pgn")).stdout, b"")
    # GBR queries 1.1 names: 'P*' any number of pawns and nothing else, '...' any
    # further men. The start position (two rooks a side, queens) matched 1.0's
    # KRP*vKR*; it matches KR...vKR... only.
    p = select("--count", "KRP*vKR*", "KRP*vKR", "KRP+vKR", "KR*P*vKR*P*", "KR...vKR...", "KQRRBBNNP+vK...", "--",
               sample("sample_lf.pgn"))
    expect("1.1 names", p.stdout.decode(),
           "1\tKRP*vKR*\n1\tKRP*vKR\n1\tKRP+vKR\n1\tKR*P*vKR*P*\n2\tKR...vKR...\n1\tKQRRBBNNP+vK...\n")
    # Queries that read differently from 1.0 are told once a run, at the first
    # one's first '*', with the number of the others; the others that read
    # alike are not counted; the exit status is what the input makes it.
    changed = ("gbr: arg:%d:4: %s read%s differently from GBR queries 1.0: a man with '*' is any number of that "
               "type, and any further men is '...' (spec/query.md 4.1; --queries 1.2 says they are written so)\n")
    p = select("--count", "KRP*vKR*", "KRvK", "KR...vK", "KR+vK", "0400.*", "rp* r", "KQ*vK", "--",
               sample("sample_crlf.pgn"))
    expect("told once: 1.0 reads differently", (p.stderr.decode(), p.returncode),
           (changed % (1, "KRP*vKR* and 1 more query", ""), 0))
    p = select("KRP*vKR", "KQ*vK", "KB*vK", "--", sample("sample_crlf.pgn"))
    expect("told once, three queries", p.stderr.decode(), changed % (1, "KRP*vKR and 2 more queries", ""))
    p = select("-e", "KRP*vKR", sample("sample_crlf.pgn"))
    expect("told for -e", p.stderr.decode(), changed.replace("arg:%d", "-e:1") % ("KRP*vKR", "s"))
    # --queries 1.1 or 1.2: written for this reading, nothing said; any other
    # version is a usage error, nothing processed.
    for version in ["1.1", "1.2"]:
        p = select("--queries", version, "KRP*vKR", "KQ*vK", "--", sample("sample_crlf.pgn"))
        expect("--queries %s: nothing told" % version, (p.stderr.decode(), p.returncode), ("", 0))
        p = select("--queries=" + version, "-e", "KRP*vKR", sample("sample_crlf.pgn"))
        expect("--queries=%s -e: nothing told" % version, (p.stderr.decode(), p.returncode), ("", 0))
    for version in ["1.0", "2", ""]:
        p = select("--queries", version, "KRP*vKR", sample("sample_crlf.pgn"))
        expect("--queries %r refused" % version, (p.stdout, p.returncode), (b"", 2))
    # 1.0's K* (any men) is an error now, at the '*', with what to write; as
    # an argument it is not taken for a file name.
    p = select("KR", "KQ*vK*", sample("sample_lf.pgn"))
    expect("K* among the arguments", (p.stdout, p.returncode, p.stderr.decode().splitlines()[:1]),
           (b"", 2, ["gbr: arg:2:6: 'K' is the one king and takes no '*' or '+' (any further men: '...')"]))
    p = select("K*vK", "--", sample("sample_lf.pgn"))
    expect("K* is refused", (p.stdout, p.returncode), (b"", 2))
    expect("K* says why", p.stderr.decode().splitlines()[0],
           "gbr: arg:1:2: 'K' is the one king and takes no '*' or '+' (any further men: '...')")
    # --white/--black: one query.
    p = select("--white", "N=3", "--black", "N<=1,P=0", sample("sample_lf.pgn"))
    expect("count options", p.stdout, games[4])
    p = select("--count", "--white", "B=2", "--", sample("sample_lf.pgn"))
    expect("count options text (the bishops and the start position)", p.stdout, b"2\twhite:B=2\n")
    # -y / -z files (comments, blank lines); -y reads no positional query.
    yfile = os.path.join(WORK, "m.txt")
    with open(yfile, "w") as f:
        f.write("% rook and pawn\n\nrp r\n")
    expect("-y", select("-y", yfile, sample("sample_crlf.pgn")).stdout, b"")
    expect("-z", select("-z", yfile, sample("sample_crlf.pgn")).stdout, crlf)
    expect("-y with a file", select("-y", yfile, sample("sample_lf.pgn")).stdout, games[0])
    with open(yfile, "w") as f:
        f.write("rp r\n0400.10\n")
    p = select("-y", yfile, sample("sample_lf.pgn"))
    expect("-y holds descriptions only", (p.stdout, p.returncode, p.stderr.decode()),
           (b"", 2, "gbr: %s:2:1: a -y or -z file holds pgn-extract descriptions\n" % yfile))
    # Usage errors: nothing is read, exit 2, the column of the fault.
    p = select("-e", "04x?.10", sample("sample_lf.pgn"))
    expect("bad -e", (p.stdout, p.returncode), (b"", 2))
    expect("bad -e message", p.stderr.decode().splitlines()[0], "gbr: -e:1:3: a digit 0-9, '?' or '*' was required")
    p = select("--help")
    expect("--help", (p.returncode, p.stderr, p.stdout.startswith(b"usage: gbr select")), (0, b"", True))
    good_yfile = os.path.join(WORK, "good.txt")
    with open(good_yfile, "w") as f:
        f.write("rp r\n")
    p = select("-y", good_yfile, "--help")
    expect("--help after a query file", (p.returncode, p.stderr), (0, b""))
    # A file name alone: no query. Named relative to the sample's folder, so that
    # the path of the checkout (which might read as a query) plays no part.
    p = subprocess.run([GBR, "select", "sample_lf.pgn"], capture_output=True, cwd=os.path.dirname(sample("sample_lf.pgn")))
    expect("no query", p.returncode, 2)
    expect("no query says why", "no query given" in p.stderr.decode() and ":1:1: a piece letter" in p.stderr.decode(),
           True)
    # A file that cannot be opened is reported; the others are still read.
    p = select("--count", "0400.10", "--", os.path.join(WORK, "missing.pgn"), sample("sample_lf.pgn"))
    expect("missing file", (p.stdout, p.returncode), (b"1\t0400.10\n", 1))
    expect("missing file report", "missing.pgn: cannot open" in p.stderr.decode(), True)
    # Each termination marker ends its game (the PGN reader's results): the
    # movetext after it, without tags, is a game of its own at the start position.
    ended = (b'[Event "a"]\n[FEN "k7/8/8/8/8/8/8/R3K3 w - - 0 1"]\n\n1. Ra8# 1-0 2. e4 *\n'
             b'[Event "b"]\n[FEN "k7/8/8/8/8/8/8/R3K3 b - - 0 1"]\n\n1... Kb7 0-1 1. d4 *\n'
             b'[Event "c"]\n[FEN "k7/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. Kd2 1/2-1/2 1. c4 *\n'
             b'[Event "d"]\n[FEN "k7/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. Kd2 * 1. Nf3 *\n')
    p = select("--count", "4888.88", "0100.00", "0000.00", "--", "-", data=ended)
    expect("termination markers", (p.stdout.decode(), p.returncode), ("4\t4888.88\n2\t0100.00\n2\t0000.00\n", 0))
    p = select("0100.00", "--", "-", data=ended)
    expect("a game ends after its result", p.stdout, ended[:ended.index(b"2. e4")] + ended[ended.index(b'[Event "b"]'):ended.index(b"1. d4")])

    # --lines: the first code of each line; line ends kept; lines without a code skipped.
    lines = (b"code\tname\r\n"
             b"0400.10\tKRPvKR\r\n"
             b"=0323.12g3g1 Kubbel 0400.10\n"
             b"a7d3 0116.00 b2b3c6d6 3/3+.\n"
             b"0009.00\tKNNNvKN\n"
             b"0400.10 no line end")
    p = select("--lines", "0400.10", "03??.*", "--", "-", data=lines)
    expect("lines", (p.stdout, p.returncode),
           (b"0400.10\tKRPvKR\r\n=0323.12g3g1 Kubbel 0400.10\n0400.10 no line end", 0))
    p = select("--lines", "--count", "KNNNvKN", "0009.00", "+0116.00a7d3", "0116.00b???", "white:R=1", "--", "-",
               data=lines)
    expect("lines count", p.stdout.decode(),
           "0\tKNNNvKN\n1\t0009.00\n1\t+0116.00a7d3\n0\t0116.00b???\n3\twhite:R=1\n")
    # A line too long to hold is reported at the limit and skipped; the next is read.
    huge = b"0400.10 " + b"x" * (1 << 24) + b"\n0400.10 next\n"
    p = select("--lines", "0400.10", "--", "-", data=huge)
    expect("long line", (p.stdout, p.returncode, p.stderr.decode()),
           (b"0400.10 next\n", 1, "gbr: -:1:16777217: line longer than 16777216 bytes\n"))
    longest = huge[:1 << 24] + b"\r\n"
    p = select("--lines", "0400.10", "--", "-", data=longest)
    expect("longest line held", (p.stdout == longest, p.returncode), (True, 0))
    p = select("--lines", "0400.10", "--", "-", data=huge[:(1 << 24) + 1])
    expect("a last line one byte too long", (p.stdout, p.returncode), (b"", 1))

    # A byte-order mark starting an input is kept: written before the first
    # game or line, never in the middle of the output; the first line's code
    # after it is found (as gbr scan finds it).
    bom = b"\xef\xbb\xbf"
    bom_path = os.path.join(WORK, "bom.pgn")
    with open(bom_path, "wb") as f:
        f.write(bom + lf)
    p = select("*", "--", bom_path)
    expect("bom kept, every game byte for byte (the broken FEN's reported)", (p.stdout, p.returncode),
           (bom + b"".join(games), 1))
    p = select("0400.10", "--", "-", data=bom + lf)
    expect("bom kept, standard input", p.stdout, bom + games[0])
    p = select("KNNNvKN", "--", "-", data=bom + lf)
    expect("bom kept before a later game", p.stdout, bom + games[4])
    p = select("0400.10", "--", bom_path, bom_path)
    expect("bom of two inputs written once", p.stdout, bom + games[0] + games[0])
    p = select("0400.10", "--", sample("sample_lf.pgn"), bom_path)
    expect("bom after the output's start not written", p.stdout, games[0] + games[0])
    expect("no bom, none written", select("0400.10", sample("sample_lf.pgn")).stdout, games[0])
    p = select("--lines", "0400.10", "0009.00", "--", "-", data=bom + lines)
    expect("bom of lines", (p.stdout, p.returncode),
           (bom + b"0400.10\tKRPvKR\r\n0009.00\tKNNNvKN\n0400.10 no line end", 0))
    p = select("--lines", "0400.10", "--", "-", data=bom + b"0400.10 first\n0400.10 second\n")
    expect("bom of lines, the first line's code", p.stdout, bom + b"0400.10 first\n0400.10 second\n")
    p = select("--lines", "--count", "0400.10", "--", "-", data=bom + b"0400.10 first\n")
    expect("bom of lines, --count", p.stdout, b"1\t0400.10\n")

    # Text before an input's first game (a header comment, escape lines, as
    # pgn-extract's eco.pgn starts) is written with that game when it is
    # selected: '*' copies the input byte for byte; text before a game that
    # is not selected is not written; an input without games writes nothing.
    lead = b"{ A header comment\n  on two lines }\n% an escape line\n; a rest-of-line comment\n\n"
    led = os.path.join(WORK, "led.pgn")
    with open(led, "wb") as f:
        f.write(lead + lf)
    p = select("*", "--", led)
    expect("text before the first game kept by '*'", (p.stdout, p.returncode), (lead + lf, 1))
    p = select("0400.10", "--", "-", data=lead + lf)
    expect("text before the first game, written with it", p.stdout, lead + games[0])
    p = select("KNNNvKN", "--", "-", data=lead + lf)
    expect("text before an unselected first game not written", p.stdout, games[4])
    p = select("KNNNvKN", "--", "-", data=bom + lead + lf)
    expect("bom, text before an unselected first game", p.stdout, bom + games[4])
    p = select("0400.10", "--", "-", data=bom + lead + lf)
    expect("bom then the text before the first game", p.stdout, bom + lead + games[0])
    with open(bom_path, "wb") as f:
        f.write(bom + lead + lf)
    p = select("*", "--", bom_path, led, bom_path)
    expect("'*' on three inputs: each one's text, the bom once", p.stdout,
           bom + lead + lf + lead + lf + lead + lf)
    p = select("--count", "*", "--", "-", data=lead + lf)
    expect("text before the first game, --count", p.stdout, b"5\t*\n")
    p = select("*", "--", "-", data=lead)
    expect("no game: nothing written", (p.stdout, p.returncode), (b"", 0))
    # More text before the first game than a tag section may hold: reported,
    # not written, the game still is.
    padding = (1 << 24) // 15 + 1
    long_lead = b"% padding line\n" * padding
    p = select("0400.10", "--", "-", data=long_lead + lf)
    expect("text before the first game over the bound", (p.stdout, p.returncode, p.stderr.decode()),
           (games[0], 1, "gbr: -:1:1: the text before game 1 is over 16 MiB: not written\n"
                         "gbr: -:%d:26: game 3: FEN tag: not a FEN piece letter, digit 1-8 or '/'\n" % (17 + padding)))
    eco = "/usr/share/pgn-extract/eco.pgn"
    if os.path.exists(eco):
        p = select("*", "--", eco)
        expect("'*' copies pgn-extract's eco.pgn byte for byte", p.stdout == open(eco, "rb").read(), True)


def run_ref(args, path):
    return subprocess.run([sys.executable, REF, *args, "--", path], capture_output=True, check=True).stdout


def test_reference():
    seed = random.randrange(1 << 30)
    print("seed", seed)
    path = os.path.join(WORK, "ref.pgn")
    subprocess.run([sys.executable, GEN, "--games", "600", "--seed", str(seed), "--comments", "--out", path],
                   check=True)
    queries = subprocess.run([sys.executable, GEN, "--queries", "300", "--seed", str(seed)], capture_output=True,
                             check=True).stdout.decode().splitlines()
    for either in ([], ["--either-colour"]):
        p = select("--count", *either, *queries, "--", path)
        expect("reference counts %s" % either, p.stdout.decode(), run_ref(["--count", *either, *queries], path).decode())
        expect("reference exit", p.returncode, 0)
        matched = sum(1 for line in p.stdout.decode().splitlines() if not line.startswith("0\t"))
        if matched < 50:
            failures.append("only %d of 300 queries matched a game: the check is too weak" % matched)
        for k in range(0, 300, 30):  # the games written, byte for byte
            chunk = queries[k:k + 30]
            expect("reference games %s %d" % (either, k), select(*either, *chunk, "--", path).stdout,
                   run_ref([*either, *chunk], path))


def fen_counts(fen):
    counts = [dict.fromkeys("qrbnp", 0), dict.fromkeys("qrbnp", 0)]
    for c in fen.split()[0]:
        if c.lower() in "qrbnp":
            counts[0 if c.isupper() else 1][c.lower()] += 1
    return counts


def described(rng, counts):
    """A description of the given material, mostly with suffixes it meets."""
    holds = {"*": lambda n, o: True, "+": lambda n, o: n >= 1, "=": lambda n, o: n == o, "#": lambda n, o: n != o,
             ">": lambda n, o: n > o, "<": lambda n, o: n < o, ">=": lambda n, o: n == o + 1,
             "<=": lambda n, o: n + 1 == o}
    sides = []
    for c in (0, 1):
        word = ""
        for t in "qrbnp":
            n, other = counts[c][t], counts[1 - c][t]
            forms = ["exact", "d+", "d-"] + [f for f in holds if rng.random() < 0.1 or holds[f](n, other)]
            form = rng.choice(forms)
            if form == "exact":
                word += t if n == 1 else "%s%d" % (t, n) if n else ""
            elif form in holds:
                word += t + form
            else:
                word += "%s%d%s" % (t, max(0, min(n + rng.choice([-1, 0, 0, 1]), 9)), form[1])
        sides.append(word or "k")
    return " ".join(sides)


def test_pgn_extract():
    if not os.access(PGN_EXTRACT, os.X_OK):
        print("skipped: %s is not installed (Debian package pgn-extract)" % PGN_EXTRACT)
        sys.exit(77)
    seed = random.randrange(1 << 30)
    print("seed", seed)
    rng = random.Random(seed)
    path = os.path.join(WORK, "px.pgn")
    subprocess.run([sys.executable, GEN, "--games", "400", "--seed", str(seed), "--out", path], check=True)
    data = open(path, "rb").read()
    fens = [m.group(1).decode() for m in re.finditer(rb'\[FEN "([^"]*)"\]', data)]
    descriptions = subprocess.run([sys.executable, GEN, "--queries", "30", "--kind", "pgn-extract", "--seed",
                                   str(seed)], capture_output=True, check=True).stdout.decode().splitlines()
    descriptions += [described(rng, fen_counts(rng.choice(fens))) for _ in range(50)]
    one = os.path.join(WORK, "one.txt")
    selected = 0
    for d in descriptions:
        with open(one, "w") as f:
            f.write(d + "\n")
        for flag in ("-y", "-z"):
            px = subprocess.run([PGN_EXTRACT, "-s", flag, one, path], capture_output=True)
            want = sorted(re.findall(rb'(?m)^\[Event "([^"]*)"\]', px.stdout))
            p = select(flag, one, path)
            got = sorted(re.findall(rb'(?m)^\[Event "([^"]*)"\]', p.stdout))
            expect("%s %r" % (flag, d), got, want)
            selected += len(want) > 0
    print("%d descriptions, each with -y and -z; %d of the runs selected games" % (len(descriptions), selected))
    if selected < 40:
        failures.append("only %d runs selected any game: the comparison is too weak" % selected)
    # Name patterns read as pgn-extract's descriptions do (GBR queries 1.1):
    # 'R*' any number, 'R+' one or more, 'R' one, 'RR' two, a type not written none.
    pairs = [("rp* r", "KRP*vKR"), ("rp* r*p*", "KRP*vKR*P*"), ("r+ r", "KR+vKR")]
    for _ in range(60):
        counts = fen_counts(rng.choice(fens))
        words, names = [], []
        for c in (0, 1):
            word, name = "", ""
            for t in "qrbnp":
                n = counts[c][t]
                form = rng.choice(["exact", "exact", "*", "+"] if n else ["exact", "exact", "*"])
                if form == "exact":
                    word += "" if n == 0 else t if n == 1 else "%s%d" % (t, n)
                    name += t.upper() * n
                else:
                    word += t + form
                    name += t.upper() + form
            words.append(word or "k")
            names.append("K" + name)
        pairs.append((" ".join(words), "v".join(names)))
    named = 0
    for d, name in pairs:
        with open(one, "w") as f:
            f.write(d + "\n")
        px = subprocess.run([PGN_EXTRACT, "-s", "-y", one, path], capture_output=True)
        want = sorted(re.findall(rb'(?m)^\[Event "([^"]*)"\]', px.stdout))
        got = sorted(re.findall(rb'(?m)^\[Event "([^"]*)"\]', select("-e", name, path).stdout))
        expect("name %s as %r" % (name, d), got, want)
        named += len(want) > 0
    print("%d name patterns against their descriptions; %d selected games" % (len(pairs), named))
    if named < 30:
        failures.append("only %d name patterns selected any game: the comparison is too weak" % named)

    # Where they differ (README, docs/keepers.md, select --help): the start
    # position against the positions reached during play.
    exchange = os.path.join(ROOT, "src", "cli", "examples", "queen_exchange.pgn")
    for d, gbr_count, px_count in (("QR QR", 1, 0), ("R R", 0, 1)):
        with open(one, "w") as f:
            f.write(d + "\n")
        for flag in ("-y", "-z"):
            px = subprocess.run([PGN_EXTRACT, "-s", flag, one, exchange], capture_output=True)
            expect("pgn-extract %s %r on queen_exchange.pgn" % (flag, d), px.stdout.count(b"[Event "), px_count)
            p = select(flag, one, exchange)
            expect("gbr select %s %r on queen_exchange.pgn" % (flag, d), p.stdout.count(b"[Event "), gbr_count)


REACHED_GAMES = (
    # 1: White takes Black's rook and holds the rook against a bare king for
    # positions 1 to 5 (6, the last, is not counted).
    b'[Event "one"]\n[FEN "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n[Result "*"]\n\n'
    b'1. Rxa8+ Kd7 2. Ra7+ Kd6 3. Ra6+ Kd5 *\n\n',
    # 2: the same with Black holding the rook.
    b'[Event "two"]\r\n[FEN "r3k3/8/8/8/8/8/8/R3K3 b - - 0 1"]\r\n[Result "*"]\r\n\r\n'
    b'1... Rxa1+ 2. Kd2 Kd7 3. Kc3 Kd6 *\r\n\r\n',
    # 3: 'r+p* r1-p*' holds directly at positions 0-2, both ways at 1-2,
    # exchanged at 3-4 (4 the last): 4 in a row either way, 3 in one.
    b'[Event "three"]\n[FEN "1r5k/8/8/8/8/8/2p5/RR5K b - - 0 1"]\n[Result "*"]\n\n'
    b'1... Rxb1+ 2. Kh2 c1=R 3. Kg3 *\n\n',
    # 4: a move that cannot be played after the rook is taken.
    b'[Event "four"]\n[FEN "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n[Result "*"]\n\n'
    b'1. Rxa8+ Kd7 2. Ra7+ Kd6 3. Ra6+ Kd5 4. Nf3 Kd4 *\n\n',
)


def test_reached():
    path = os.path.join(WORK, "reached.pgn")
    with open(path, "wb") as f:
        f.write(b"".join(REACHED_GAMES))
    one, two, three, four = REACHED_GAMES

    def games(*args):
        p = select("--reached", *args, "--", path)
        return p.stdout, p.returncode

    refused = "gbr: %s:23:41: game 4: 4. Nf3: no white knight can move to f3\n" % path
    # Held for N plies: N + 1 positions a move is played from; the last position does not count.
    p = select("--reached", "-e", "4 r k", "--", path)
    expect("4 r k: five positions held", (p.stdout, p.returncode, p.stderr.decode()), (one + four, 1, refused))
    expect("5 r k: the last position does not count", games("-e", "5 r k"), (b"", 1))
    # The whole game is replayed: a move that cannot be played after the match is reported.
    expect("the default is 2 plies", games("-e", "r k")[0], one + four)
    expect("--plies for queries without a number", games("--plies", "4", "-e", "r k")[0], one + four)
    expect("--plies 5", games("--plies", "5", "-e", "r k")[0], b"")
    # Every query form: code, name, counts.
    expect("material code", games("0100.00")[0], one + four)
    expect("material name", games("KRvK")[0], one + four)
    expect("counts", games("--white", "R=1", "--black", "R=0")[0], one + four)
    # Without --reached the start position: rook against rook.
    expect("start position", select("KRvKR", path).stdout, one + two + three[:0] + four)
    # Exchanged colours: Black's rook; one orientation throughout.
    expect("either colour", games("--either-colour", "KRvK")[0], one + two + four)
    zfile = os.path.join(WORK, "z.txt")
    with open(zfile, "w") as f:
        f.write("3 r+p* r1-p*\n")
    expect("3 in a row one way, 4 either way: not selected", three in games("-z", zfile)[0], False)
    expect("3 in a row directly, not 4", three in games("-y", zfile)[0], False)
    with open(zfile, "w") as f:
        f.write("2 r+p* r1-p*\n")
    expect("3 in a row directly", three in games("-y", zfile)[0], True)
    # The tag: after the last pair, in the game's line ends; Black for the exchanged way.
    tagged = one.replace(b'[Result "*"]\n', b'[Result "*"]\n[MaterialMatch "White"]\n')
    tagged2 = two.replace(b'[Result "*"]\r\n', b'[Result "*"]\r\n[MaterialMatch "Black"]\r\n')
    expect("--addmatchtag", games("--addmatchtag", "--either-colour", "KRvK")[0][:len(tagged) + len(tagged2)],
           tagged + tagged2)
    # The comment after the move where the match starts, its marks kept to it.
    marked = one.replace(b"1. Rxa8+ Kd7", b"1. Rxa8+ {M} Kd7")
    expect("--markmatches", games("--markmatches", "M", "KRvK")[0][:len(marked)], marked)
    expect("--markmatches at the start", games("--markmatches", "M", "-e", "0 r r")[0][:len(one) + 4],
           one.replace(b"1. Rxa8+", b"{M} 1. Rxa8+"))
    # --count counts each query's games.
    p = select("--reached", "--count", "--either-colour", "KRvK", "KRvKR", "*", "--", path)
    expect("--count", p.stdout.decode(), "3\tKRvK\n0\tKRvKR\n4\t*\n")
    # Usage errors.
    for args, message in ((["--plies", "3"], "--plies needs --reached"),
                          (["--addmatchtag"], "--addmatchtag needs --reached"),
                          (["--reached", "--lines"], "--reached reads PGN games, not --lines"),
                          (["--reached", "--markmatches", "a}b"], "--markmatches text cannot hold")):
        p = select(*args, "KRvK", path)
        expect("usage %s" % args, (p.returncode, message in p.stderr.decode()), (2, True))


# Descriptions of endings, each with and without exchanged colours: every
# suffix form, stability numbers from 0 to 20 and the default.
REACHED_DESCRIPTIONS = [
    "r r", "rp* rp*", "r+p* r+p*", "rp+ rp+", "rp+ r", "rp* p*", "r2p* r2p*", "r2p* r=p1>=", "R+P+ R=P#",
    "q* q*", "0 q* q*", "qp* qp*", "q*r*p* q=r=p*", "qr*p* q", "p* p*", "p+ p+", "10 p+ p+", "20 p* p*",
    "0 p* p*", "1 p2- p2-", "p3+ p3+", "p p*", "k p+", "0 k k", "b n", "bp* np*", "bp+ bp+", "np* np*",
    "bp* bp*", "b+n*p* n+b*p*", "rbp* rnp*", "rb*n*p* r=b*n*p*", "q*r+n*b*p+ q=r<n>b>p1<",
    "q*r*b2n0p* q=r=b0n2p=", "rp* bp*", "rp* np*", "4 r+p* r+p*", "5 qp* rp*", "3 l* l*", "6 r*p* r*p+",
]


def number_games(numberer, path, out):
    with open(out, "wb") as f:
        subprocess.run([numberer, "number", path], stdout=f, check=True)


def numbers(data):
    return set(int(n) for n in re.findall(rb'\[GbrGame "(\d+)"\]', data))


def match_tags(data):
    """Each numbered game's MaterialMatch value (pgn-extract writes its tags
    in its own order); games split where a line that starts with '[' follows
    an empty one."""
    tags = {}
    for game in re.split(rb"\r?\n[ \t]*\r?\n(?=\[)", data):
        n, m = re.search(rb'\[GbrGame "(\d+)"\]', game), re.search(rb'\[MaterialMatch "(\w+)"\]', game)
        if n and m:
            tags[int(n.group(1))] = m.group(1)
    return tags


def miscounted_games(numbered):
    """The games whose material pgn-extract counts wrongly from some move on:
    a promotion on the main line (it gives the new man, and takes the pawn,
    from the side that did not move), or a capture in a game that starts with
    Black to move (it takes the man from the side that moved). Read from
    pgn-extract's own main line, without comments and variations."""
    out = subprocess.run([PGN_EXTRACT, "-s", "-V", "-C", "-N", "--nomovenumbers", "-w", "100000", numbered],
                         capture_output=True).stdout
    games = set()
    for game in re.split(rb"(?m)^(?=\[Event )", out):
        n = re.search(rb'\[GbrGame "(\d+)"\]', game)
        if not n:
            continue
        fen = re.search(rb'\[FEN "[^ "]+ ([wb])', game)
        moves = re.sub(rb"(?m)^\[.*$", b"", game)
        if b"=" in moves or (fen and fen.group(1) == b"b" and b"x" in moves):
            games.add(int(n.group(1)))
    return games


def test_reached_pgn_extract():
    if not os.access(PGN_EXTRACT, os.X_OK):
        print("skipped: %s is not installed (Debian package pgn-extract)" % PGN_EXTRACT)
        sys.exit(77)
    numberer, dirs = sys.argv[4], sys.argv[5:] + os.environ.get("GBR_REAL_PGN_DIRS", "").split()
    files = [os.path.join(d, f) for d in dirs for f in sorted(os.listdir(d)) if f.lower().endswith(".pgn")]
    one = os.path.join(WORK, "one.txt")
    totals = dict(games=0, read=0, compared=0, agreed=0, selected=0, miscounted=0, explained=0, tags=0)
    runs_selecting = 0
    for path in files:
        name = os.path.relpath(path, ROOT) if path.startswith(ROOT) else path
        numbered = os.path.join(WORK, "numbered.pgn")
        number_games(numberer, path, numbered)
        data = open(numbered, "rb").read()
        everything = numbers(data)
        read = numbers(subprocess.run([PGN_EXTRACT, "-s", numbered], capture_output=True).stdout)
        miscounted = miscounted_games(numbered) & read
        totals["games"] += len(everything)
        totals["read"] += len(read)
        totals["miscounted"] += len(miscounted)
        for d in REACHED_DESCRIPTIONS:
            with open(one, "w") as f:
                f.write(d + "\n")
            for flag in ("-y", "-z"):
                px = subprocess.run([PGN_EXTRACT, "-s", "--addmatchtag", flag, one, numbered], capture_output=True)
                p = select("--reached", "--addmatchtag", flag, one, numbered)
                if "l" in d:  # pgn-extract's minor-piece letter: gbr refuses it (spec/query.md 6)
                    expect("%s: %s %r refused" % (name, flag, d), p.returncode, 2)
                    continue
                want, got = numbers(px.stdout), numbers(p.stdout) & read
                totals["compared"] += len(read)
                runs_selecting += bool(want or got)
                totals["selected"] += len(got)
                differ = want ^ got
                unexplained = differ - miscounted
                totals["explained"] += len(differ & miscounted)
                totals["agreed"] += len(read) - len(differ)
                expect("%s: %s %r: games selected by one program only, %s" % (
                    name, flag, d, "a promotion or Black's first move aside"), sorted(unexplained), [])
                px_tags, gbr_tags = match_tags(px.stdout), match_tags(p.stdout)
                for n in (want & got) - miscounted:
                    expect("%s: %s %r: game %d's MaterialMatch" % (name, flag, d, n), gbr_tags.get(n), px_tags.get(n))
                    totals["tags"] += 1
    print("%d files, %d games (%d read by pgn-extract, %d of them miscounted by it); %d descriptions x -y/-z: "
          "%d verdicts compared, %d equal, %d different in miscounted games only; %d games selected, %d tags equal; "
          "%d runs selected games" % (len(files), totals["games"], totals["read"], totals["miscounted"],
                                      len(REACHED_DESCRIPTIONS), totals["compared"], totals["agreed"],
                                      totals["explained"], totals["selected"], totals["tags"], runs_selecting))
    if runs_selecting < 40:
        failures.append("only %d runs selected any game: the comparison is too weak" % runs_selecting)


gbrtest.run_group({"cli": test_cli, "reference": test_reference, "pgn_extract": test_pgn_extract,
                   "reached": test_reached, "reached_pgn_extract": test_reached_pgn_extract}, GROUP)
gbrtest.finish("select " + GROUP)

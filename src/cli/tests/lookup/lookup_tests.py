#!/usr/bin/env python3
"""Tests of `gbr lookup`.

usage: lookup_tests.py GBR WORK_DIR GROUP
  generated  a generated study database (src/cli/tests/gen/gen_pgn.py --studies): a game's
             position given as a FEN and as a position form is found with its
             composer, source and date, in text and JSON; with only its mirror
             image in the database it is found with --symmetry mirror (relation
             "mirror") and not without; a position not in it exits 3
  study      a hand-made database: the same position and the same study code
             (another placement), oldest first by [Date], under --symmetry all,
             and --new with a PGN file of new games
  text       the Windows-1252 sample (src/cli/examples/studies-cp1252.pgn):
             composer and source from [Composer]/[Source] in UTF-8, in text and
             JSON, the count of converted values, --composer-tag and --encoding
  paths      file names as they are: a database and a --new file whose names
             are not UTF-8 are written in JSON as valid JSON that gives the
             bytes back (a lone surrogate per stray byte, as Python's
             os.fsdecode); a --new file on a path longer than 600 bytes keeps
             its whole name, line and game in "where", text and JSON
  reached    positions reached, on a real study with its solution (Afanasyev, 1964,
             data/anticipation.pgn names its origin): a new study starting after
             move 3 of its solution is found there ("after 3...Kd4+"), its mirror
             image only under --symmetry mirror, a start reached in a variation,
             a new study's solution position found in it, the games oldest first
             (input order the other way), the text and the JSON exactly; a
             -p FEN the same; --start-only finds none of them; a move the rules
             refuse in the database reported at its place, the positions before
             it still found
  spill      --memory small enough that the new solutions' positions and the database's
             are sorted in hundreds of runs on disk (and merged in more than one
             round): the same stdout, stderr and exit status as in memory, byte for
             byte, in text and JSON under each symmetry, on studies cut from the
             Lichess sample (corpus/games; starts at its positions from ply 30 on,
             solutions of random legal moves, as the benchmark makes them) against
             other such studies and the Lichess games, the Afanasyev study and its
             mirror image, and the bundled studies (whose refused moves are
             reported the same); that the runs were spilled is shown by an
             unusable $TMPDIR, which fails the small --memory (exit 1, its
             message, no answer) and not the default
             (usage: lookup_tests.py GBR WORK spill GBR_BENCH_CUT GBR_BENCH_SOLUTIONS)
  errors     a bad position argument, a bad FEN in the database and in a --new
             file are reported as gbr: WHERE:LINE:COLUMN: MESSAGE (exit 1, the
             rest still answered); usage errors (exit 2)
"""
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect  # noqa: E402
from gbrtest.fen import mirror  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
# spill: the benchmark's programs that cut studies from real games (bench/bench_cut.c,
# bench/bench_solutions.c)
CUT, SOLUTIONS = (sys.argv[4:6] + [None, None])[:2]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = gbrtest.ROOT
GEN = os.path.join(ROOT, "src", "cli", "tests", "gen", "gen_pgn.py")


lookup = gbrtest.command(GBR, "lookup")


def games_of(data):
    starts = [m.start() for m in re.finditer(r"(?m)^\[Event ", data)]
    return [data[s:e] for s, e in zip(starts, starts[1:] + [len(data)])]


def tag(game, name):
    m = re.search(r'(?m)^\[%s "([^"]*)"\]' % name, game)
    return m.group(1) if m else None


def test_generated():
    seed = random.randrange(1 << 30)
    print("seed", seed)
    db = os.path.join(WORK, "db.pgn")
    subprocess.run([sys.executable, GEN, "--studies", "--games", "3000", "--seed", str(seed), "--out", db], check=True)
    data = open(db, "rb").read().decode("latin-1")  # Latin-1 bytes occur: kept as they are
    games = games_of(data[3:] if data.startswith("\xef\xbb\xbf") else data)  # (a byte-order mark)
    fens = [tag(g, "FEN") for g in games]
    rng = random.Random(seed)
    # A game whose position occurs once, whose mirror image is another position
    # (no pawns-and-kings symmetric board) and occurs nowhere.
    candidates = [k for k, f in enumerate(fens) if f and fens.count(f) == 1 and mirror(f) != f
                  and mirror(f) not in fens and "?" not in (tag(games[k], "Date") or "?")[:4]
                  and (tag(games[k], "White") + tag(games[k], "Event")).isascii()]  # (the text is the same in every encoding)
    k = rng.choice(candidates)
    game, fen = games[k], fens[k]
    composer, source, date = tag(game, "White"), tag(game, "Event"), tag(game, "Date")
    p = lookup("-p", fen, db)
    out = p.stdout.decode()
    expect("found: exit", (p.returncode, p.stderr), (0, b""))
    line = "    %s  %s | %s -- %s:" % (date, composer, source, db)
    expect("found: the composer, source and date", line in out and "same position: " in out
           and "(game %d) identical" % (k + 1) in out, True)
    # The same position written as a position form.
    form = subprocess.run([GBR, "position", fen], capture_output=True, check=True).stdout.decode().strip()
    p = lookup("--format", "json", "--position", form, db)
    answer = json.loads(p.stdout)
    hits = answer["positions"][0]["same_position"]
    expect("position form: exit", p.returncode, 0)
    expect("position form: the game", [(h["composer"], h["source"], h["date"], h["year"], h["game"], h["relation"])
                                       for h in hits if h["game"] == k + 1],
           [(composer, source, date, int(date[:4]), k + 1, "identical")])
    expect("json: games and symmetry", (answer["games"], answer["symmetry"], answer["found"]), (3000, "none", 1))
    # A database holding only the mirror image.
    mirrored = os.path.join(WORK, "mirrored.pgn")
    with open(mirrored, "w", encoding="latin-1") as f:
        f.write(data.replace('[FEN "%s"]' % fen, '[FEN "%s"]' % mirror(fen)))
    p = lookup("--format", "json", "-p", fen, mirrored)
    same = [h for h in json.loads(p.stdout)["positions"][0]["same_position"]]
    expect("mirror image without --symmetry", [h["game"] for h in same], [])
    # (its moves, written for the position, are no moves of the mirror image:
    # replayed, they would be reported)
    p = lookup("--start-only", "--symmetry", "mirror", "-p", fen, mirrored)
    out = p.stdout.decode()
    expect("mirror image found", (p.returncode, "%s | %s -- %s:" % (composer, source, mirrored) in out,
                                  "(game %d) mirror" % (k + 1) in out), (0, True, True))
    p = lookup("--symmetry", "all", "--format", "json", "-p", fen, mirrored)
    hits = json.loads(p.stdout)["positions"][0]["same_position"]
    expect("mirror image with all", [(h["composer"], h["relation"]) for h in hits if h["game"] == k + 1],
           [(composer, "mirror")])
    # Not there: bare kings on squares no study uses; exit 3, "not found".
    bare = "k7/8/K7/8/8/8/8/8 b - - 0 1"
    p = lookup("-p", bare, db)
    expect("not found", (p.returncode, p.stdout.decode().endswith("  not found\n")), (3, True))


STUDY_DB = """[Event "Later Source"]
[White "B. Later"]
[Date "1990.05.01"]
[FEN "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1"]

*

[Event "Other Placement"]
[White "C. Other"]
[Date "1950.??.??"]
[FEN "4k3/8/8/8/8/8/2r5/R3K3 w - - 0 1"]

*

[Event "Early Source"]
[White "A. Early"]
[Date "1920.03.04"]
[FEN "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1"]

*

[Event "No Date"]
[White "D. Undated"]
[FEN "3k4/8/8/8/8/8/6r1/3K3R w - - 0 1"]

*

[Event "Black to move"]
[White "E. Other Side"]
[Date "1800.01.01"]
[FEN "4k3/8/8/8/8/8/1r6/R3K3 b - - 0 1"]

*
"""


def test_study():
    db = os.path.join(WORK, "study.pgn")
    with open(db, "w") as f:
        f.write(STUDY_DB)
    p = lookup("-p", "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1", db)
    want = ("GBR lookup: 1 new position, 5 database games (symmetry none), 1 found\n"
            "\n"
            "arg 1: e1e8 0400.00 a1b2 2/2 WTM.\n"
            "  same position: 2 games\n"
            "    1920.03.04  A. Early | Early Source -- %s:15 (game 3) identical\n"
            "    1990.05.01  B. Later | Later Source -- %s:1 (game 1) identical\n"
            "  same study code 0400.00e1e8, other positions: 2 games\n"
            "    1800.01.01  E. Other Side | Black to move -- %s:28 (game 5) e1e8 0400.00 a1b2 2/2 BTM.\n"
            "    1950.??.??  C. Other | Other Placement -- %s:8 (game 2) e1e8 0400.00 a1c2 2/2 WTM.\n") % ((db,) * 4)
    expect("same position and study code, oldest first", (p.stdout.decode(), p.stderr, p.returncode),
           (want, b"", 0))
    # Under --symmetry mirror the undated game (the mirror image) joins, last
    # for its unknown date.
    p = lookup("--symmetry", "mirror", "--format", "json", "-p", "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1", db)
    same = json.loads(p.stdout)["positions"][0]["same_position"]
    expect("mirror: the undated game last", [(h["composer"], h["relation"], h["year"]) for h in same],
           [("A. Early", "identical", 1920), ("B. Later", "identical", 1990), ("D. Undated", "mirror", None)])
    # --new: each game of a PGN file is a new position, named where it is.
    new = os.path.join(WORK, "new.pgn")
    with open(new, "w") as f:
        f.write('[Event "mine"]\n[FEN "4k3/8/8/8/8/8/2r5/R3K3 w - - 0 1"]\n\n*\n\n'
                '[Event "mine too"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n*\n')
    p = lookup("--new", new, db)
    out = p.stdout.decode()
    expect("--new", (p.returncode, out.count("\n%s:" % new), "%s:6 (game 2): a1h1 0000.00 1/1 WTM.\n  not found\n" % new
                                                                in out, "1950.??.??  C. Other" in out), (0, 2, True, True))
    # The database from standard input; --new from a file.
    p = lookup("--format", "json", "--new", new, data=STUDY_DB.encode())
    expect("database on standard input", [len(x["same_position"]) for x in json.loads(p.stdout)["positions"]], [1, 0])


def test_text():
    sample = os.path.join(HERE, "..", "..", "examples", "studies-cp1252.pgn")
    fen = "8/8/8/8/8/2k5/8/R1K4n w - - 0 1"
    p = lookup("--format", "json", "-p", fen, sample)
    expect("a move the rules refuse, reported", (p.returncode, p.stderr.decode().splitlines()[0]),
           (1, "gbr: %s:49:4: game 3: 1. Qc3+: Qc3 leaves the white king in check" % sample))
    # The sample's texts, its start positions only (the invented game 3's move is refused).
    def starts(*args):
        return lookup("--start-only", *args)
    p = starts("--format", "json", "-p", fen, sample)
    expect("json exit", p.returncode, 0)
    game = json.loads(p.stdout)["positions"][0]["same_position"][0]
    expect("json composer and reference in UTF-8", (game["composer"], game["reference"]),
           ("\u00c9. Lef\u00e8vre", "Revue d\u2019\u00c9checs"))
    expect("count of converted values", p.stderr.decode(),
           "gbr: lookup: 2 values converted from Windows-1252 to UTF-8\n")
    p = starts("-p", fen, sample)
    expect("text in UTF-8", "\u00c9. Lef\u00e8vre | ? | Revue d\u2019\u00c9checs" in p.stdout.decode("utf-8"), True)
    p = starts("--format", "json", "--composer-tag", "White", "-p", fen, sample)
    expect("--composer-tag", json.loads(p.stdout)["positions"][0]["same_position"][0]["composer"], "?")
    p = starts("--format", "json", "--encoding", "latin-1", "-p", fen, sample)
    expect("--encoding latin-1", json.loads(p.stdout)["positions"][0]["same_position"][0]["reference"],
           "Revue d\u0092\u00c9checs")
    for args in (["--encoding", "ebcdic"], ["--year-tag", "no,such tag"]):
        p = starts(*args, "-p", fen, sample)
        expect("usage %s" % args, (p.returncode, p.stdout), (2, b""))


def test_paths():
    fen = "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1"
    raw = os.fsencode(WORK) + b"/db\xe9\xff.pgn"
    with open(raw, "wb") as f:
        f.write(STUDY_DB.encode())
    new_raw = os.fsencode(WORK) + b"/new\xe9.pgn"
    with open(new_raw, "wb") as f:
        f.write(('[Event "mine"]\n[FEN "%s"]\n\n*\n' % fen).encode())
    p = subprocess.run([os.fsencode(GBR), b"lookup", b"--format", b"json", b"--new", new_raw, raw], capture_output=True)
    try:
        answer = json.loads(p.stdout.decode("utf-8"))
        files = {h["file"] for h in answer["positions"][0]["same_position"]}
        where = answer["positions"][0]["where"]
    except (UnicodeDecodeError, ValueError) as e:
        answer, files, where = None, {"not JSON: %s" % e}, None
    expect("json: a database name that is not UTF-8", [os.fsencode(f) for f in files], [raw])
    expect("json: a --new name that is not UTF-8", where and os.fsencode(where), new_raw + b":1 (game 1)")
    # A --new file on a long path: a two-byte character across byte 511.
    deep = WORK
    for part in ("d" * 200, "e" * 200, "\u00e9" * 100):
        deep = os.path.join(deep, part)
    os.makedirs(deep, exist_ok=True)
    long_new = os.path.join(deep, "new.pgn")
    with open(long_new, "w") as f:
        f.write('[Event "one"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n*\n\n'
                '[Event "two"]\n[FEN "%s"]\n\n*\n' % fen)
    expect("the long path is long", len(long_new.encode()) > 600, True)
    db = os.path.join(WORK, "study.pgn")
    with open(db, "w") as f:
        f.write(STUDY_DB)
    p = lookup("--format", "json", "--new", long_new, db)
    try:
        wheres = [x["where"] for x in json.loads(p.stdout.decode("utf-8"))["positions"]]
    except (UnicodeDecodeError, ValueError) as e:
        wheres = ["not JSON: %s" % e]
    expect("json: a long --new path", wheres, [long_new + ":1 (game 1)", long_new + ":6 (game 2)"])
    p = lookup("--new", long_new, db)
    expect("text: a long --new path", "\n%s:6 (game 2): " % long_new in p.stdout.decode("utf-8", "replace"), True)


DATA = os.path.join(HERE, "data")


def test_reached():
    db = os.path.join(DATA, "anticipation.pgn")
    new = os.path.join(DATA, "new.pgn")
    # Relative names, as a keeper types them: the output names them so.
    rel_db, rel_new = os.path.relpath(db, WORK), os.path.relpath(new, WORK)

    def run(*args):
        return subprocess.run([GBR, "lookup", *args], capture_output=True, cwd=WORK)
    p = run("--new", rel_new, rel_db)
    early = "    1964.??.??  Afanasyev | Beautiful Chess Studies (1): Afanasyev, 1964 -- %s:17 (game 2) " % rel_db
    late = "    1990.??.??  Afanasyev | A later reprint -- %s:8 (game 1) " % rel_db
    want = ("GBR lookup: 4 new positions, 2 database games (symmetry none), 3 found\n"
            "\n"
            "%(new)s:1 (game 1): c7d4 3001.20 c3b7.b2e4 4/2 WTM.\n"
            "  start reached in the solution of: 2 games\n"
            "%(early)safter 3...Kd4+ identical\n"
            "%(late)safter 3...Kd4+ identical\n"
            "\n"
            "%(new)s:10 (game 2): f7e4 3001.20 f3g7.d4g2 4/2 WTM.\n"
            "  not found\n"
            "\n"
            "%(new)s:19 (game 3): c7d3 0001.31 e3.b2c3e4e2 5/2 WTM.\n"
            "  start reached in the solution of: 1 game\n"
            "%(early)safter 2...Kd3 (in a variation) identical\n"
            "\n"
            "%(new)s:28 (game 4): c7c5 3001.30 e1b5.b2c3e4 5/2 WTM.\n"
            "  a position of its solution in: 2 games\n"
            "%(early)safter 2.Nd6 identical, here after 2.Nd6\n"
            "%(late)safter 2.Nd6 identical, here after 2.Nd6\n") % {"new": rel_new, "early": early, "late": late}
    expect("text: after move 3, a variation, a solution's position, oldest first",
           (p.stdout.decode(), p.stderr, p.returncode), (want, b"", 0))
    # The mirror image (new game 2) under --symmetry mirror only.
    p = run("--symmetry", "mirror", "--format", "json", "--new", rel_new, rel_db)
    answer = json.loads(p.stdout)
    expect("json: found", (answer["found"], p.returncode), (4, 0))
    mirrored = answer["positions"][1]
    expect("json: the mirror image, exactly", mirrored["start_reached"], [
        {"composer": "Afanasyev", "source": "Beautiful Chess Studies (1): Afanasyev, 1964", "reference": None,
         "date": "1964.??.??", "year": 1964, "relation": "mirror", "position": "c7d4 3001.20 c3b7.b2e4 4/2 WTM.",
         "file": rel_db, "game": 2, "line": 17, "move": "3...Kd4+", "ply": 6, "main_line": True},
        {"composer": "Afanasyev", "source": "A later reprint", "reference": None,
         "date": "1990.??.??", "year": 1990, "relation": "mirror", "position": "c7d4 3001.20 c3b7.b2e4 4/2 WTM.",
         "file": rel_db, "game": 1, "line": 8, "move": "3...Kd4+", "ply": 6, "main_line": True}])
    expect("json: nothing else for the mirror image",
           (mirrored["same_position"], mirrored["same_study"], mirrored["solution_found"]), ([], [], []))
    expect("json: the variation", [(h["game"], h["move"], h["ply"], h["main_line"])
                                   for h in answer["positions"][2]["start_reached"]], [(2, "2...Kd3", 4, False)])
    expect("json: a position of the solution, exactly", answer["positions"][3]["solution_found"][0], {
        "composer": "Afanasyev", "source": "Beautiful Chess Studies (1): Afanasyev, 1964", "reference": None,
        "date": "1964.??.??", "year": 1964, "relation": "identical", "position": "c7c5 3001.30 e1d6.b2c3e4 5/2 BTM.",
        "file": rel_db, "game": 2, "line": 17, "move": "2.Nd6", "ply": 3, "main_line": True,
        "new_move": "2.Nd6", "new_ply": 1, "new_main_line": True})
    expect("json: the oldest first", [h["year"] for h in answer["positions"][3]["solution_found"]], [1964, 1990])
    # A FEN given with -p is looked for among the positions reached.
    p = run("-p", "8/1NK5/8/8/3kP3/2q5/1P6/8 w - - 0 4", rel_db)
    expect("-p FEN", p.stdout.decode().split("\n", 3)[3],
           "  start reached in the solution of: 2 games\n%safter 3...Kd4+ identical\n%safter 3...Kd4+ identical\n"
           % (early, late))
    # The en-passant square counts only when a pawn can take there.
    games = os.path.join(WORK, "games.pgn")
    with open(games, "w") as f:
        f.write('[Event "a game"]\n\n1. e4 Nf6 2. e5 d5 3. Nf3 *\n')
    after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq %s 0 1"
    after_d5 = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq %s 0 3"
    p = run("--format", "json", "-p", after_e4 % "e3", "-p", after_e4 % "-", "-p", after_d5 % "d6",
            "-p", after_d5 % "-", "games.pgn")
    expect("en passant: a square no pawn takes on does not count, one a pawn takes on does",
           [[h["move"] for h in x["start_reached"]] for x in json.loads(p.stdout)["positions"]],
           [["1.e4"], ["1.e4"], ["2...d5"], []])
    # --start-only: the start positions alone, as before moves were replayed.
    p = run("--start-only", "--new", rel_new, rel_db)
    expect("--start-only finds none", (p.returncode, p.stdout.decode().count("not found")), (3, 4))
    # A move the rules refuse: reported where it is, the positions before it kept.
    broken = os.path.join(WORK, "broken.pgn")
    with open(db) as f:
        text = f.read()
    with open(broken, "w") as f:
        f.write(text.replace("3... Kd4+ 4. bxc3+ *", "3... Kd4+ 4. Kc6 *"))
    p = run("-p", "8/1NK5/8/8/3kP3/2q5/1P6/8 w - - 0 4", "broken.pgn")
    expect("a refused move", (p.returncode, p.stderr.decode(), p.stdout.decode().count("after 3...Kd4+")),
           (1, "gbr: broken.pgn:26:72: game 2: 4. Kc6: Kc6 leaves the white king in check\n", 2))


def test_spill():
    lichess = os.path.join(ROOT, "corpus", "games", "lichess_sample.pgn")
    studies = os.path.join(ROOT, "src", "cli", "examples", "studies.pgn")
    db, new = os.path.join(DATA, "anticipation.pgn"), os.path.join(DATA, "new.pgn")
    fen = "8/1NK5/8/8/3kP3/2q5/1P6/8 w - - 0 4"

    def run(*args, env=None):
        p = subprocess.run([GBR, "lookup", *args], capture_output=True, env=env)
        return p.stdout, p.stderr, p.returncode
    # A new study whose solution holds the mirror image of a position of Afanasyev's.
    mirrored = os.path.join(WORK, "mirrored.pgn")
    with open(mirrored, "w") as f:
        f.write('[Event "Its solution mirrored"]\n[Date "2026.??.??"]\n[FEN "%s"]\n[SetUp "1"]\n\n'
                '2. Ne6 (2. Nh3 Qxf3) 2... Qxf3 *\n' % mirror("8/2K5/8/1Nk5/4P3/2P5/1P6/4q3 w - - 0 2"))
    study_db = os.path.join(WORK, "study_db.pgn")
    with open(study_db, "w") as f:
        f.write(STUDY_DB)
    real = ["-p", fen, "-p", "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1", "--new", new, "--new", mirrored, db, study_db]
    cut = []
    for seed in ("7", "8"):
        lines = subprocess.run([CUT, lichess, "300", seed, "30"], capture_output=True, check=True).stdout
        cut.append(os.path.join(WORK, "cut%s.pgn" % seed))
        with open(cut[-1], "wb") as f:
            f.write(subprocess.run([SOLUTIONS, "40", seed], input=lines, capture_output=True, check=True).stdout)
    # Studies cut from real games against others and the games they were cut from
    # (their starts reached), and the games against the studies (the games' positions
    # found as the studies' starts): hundreds of hits of each kind, hundreds of runs.
    starts = ["--new", cut[0], cut[1], lichess, cut[0], db]
    games = ["--new", lichess, cut[0], cut[1]]
    cases = [
        (starts, ("none", "mirror"), ("64K",)),
        (games, ("none", "mirror"), ("64K",)),
        # the real study: after move 3, mirrored, a variation, a solution's position
        (real, ("none", "mirror", "all"), ("1K", "4K")),
        # refused moves in both inputs, reported the same way
        (["--new", studies, "--new", new, studies, db], ("none", "all"), ("1K",)),
    ]
    for args, symmetries, memories in cases:
        for symmetry in symmetries:
            for fmt in ("text", "json"):
                options = ["--symmetry", symmetry, "--format", fmt]
                want = run(*options, *args)
                for memory in memories:
                    expect("--memory %s %s %s %s" % (memory, symmetry, fmt, os.path.basename(args[-1])),
                           run("--memory", memory, *options, *args), want)
    # What is compared is not empty: each kind of hit is there.
    out = run("--symmetry", "mirror", *real)[0].decode()
    for heading in ("same position:", "same study code", "start reached in the solution of:",
                    "a position of its solution in:", " mirror, here after 2.Ne6", "(in a variation)"):
        expect("the answer has %r" % heading, heading in out, True)
    out = run(*starts)[0].decode() + run(*games)[0].decode()
    expect("the cut studies are found", [out.count(h) > 100 for h in
                                         ("same position:", "start reached in the solution of:",
                                          "a position of its solution in:")], [True] * 3)
    # The small --memory writes runs to $TMPDIR; the default holds them in memory.
    env = dict(os.environ, TMPDIR=os.path.join(WORK, "missing"))
    args = games
    out, err, status = run("--memory", "64K", *args, env=env)
    expect("spilled: no temporary file, no answer",
           (len(out), err.decode(), status), (0, "gbr: lookup: cannot create a temporary file in %s: "
                                         "No such file or directory\n" % env["TMPDIR"], 1))
    expect("in memory: no temporary file needed", run(*args, env=env), run(*args))
    expect("bad --memory", run("--memory", "12X", *args)[2], 2)


def test_errors():
    db = os.path.join(WORK, "bad.pgn")
    with open(db, "w") as f:
        f.write(STUDY_DB + '\n[Event "broken"]\n[FEN "4k3/8/8/8/8/8/8/4K3X w - - 0 1"]\n\n*\n')
    p = lookup("-p", "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1", "-p", "4k3/8/8/8/8/8/8/4K3X w - - 0 1", "-p", "0400.10",
               db)
    err = p.stderr.decode().splitlines()
    expect("reports", err, [
        "gbr: arg:2:20: not a FEN piece letter, digit 1-8 or '/'",
        "gbr: arg:3:1: a FEN or a position form was required, not a material",
        "gbr: %s:36:26: game 6: FEN tag: not a FEN piece letter, digit 1-8 or '/'" % db])
    expect("the good position still answered", (p.returncode, "same position: 2 games" in p.stdout.decode()),
           (1, True))
    new = os.path.join(WORK, "newbad.pgn")
    with open(new, "w") as f:
        f.write('[Event "x"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 9x"]\n\n*\n')
    p = lookup("--new", new, os.path.join(HERE, "..", "..", "examples", "studies.pgn"))
    expect("bad --new game", (p.returncode, p.stderr.decode().startswith("gbr: %s:2:" % new)), (1, True))
    p = lookup("-p", "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1", os.path.join(WORK, "missing.pgn"))
    expect("missing database", (p.returncode, "missing.pgn: cannot open" in p.stderr.decode()), (1, True))
    for args, why in ((["x.pgn"], "no new position"), (["--symmetry", "some", "-p", "x"], "bad --symmetry"),
                      (["--format", "tsv", "-p", "x"], "bad --format"),
                      (["--new", "-", "-p", "x", "-"], "standard input cannot be both")):
        p = lookup(*args)
        expect("usage %s" % args, (p.returncode, p.stdout, why in p.stderr.decode()), (2, b"", True))


gbrtest.run_group({"generated": test_generated, "study": test_study, "text": test_text, "paths": test_paths, "reached": test_reached,
                   "spill": test_spill, "errors": test_errors}, GROUP)
gbrtest.finish("lookup " + GROUP)

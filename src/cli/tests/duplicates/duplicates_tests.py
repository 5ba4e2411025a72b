#!/usr/bin/env python3
"""Tests of `gbr duplicates`.

usage: duplicates_tests.py GBR WORK_DIR GROUP
  sample       the bundled studies.pgn: the exact duplicate (games 3 and 12)
               with every --symmetry; the twin with mirrored kings and pawn
               (games 5 and 17) grouped by study code with mirror and all, not
               with none
  symmetry     symmetry.pgn: a pawnless position rotated and one reversed in
               colour found only with all; a pawn position turned never; a
               position with castling rights never transformed
  order        groups list their games oldest first by [Date] (month and day
               counted, unknown dates last, ties in input order)
  errors       a broken FEN: reported FILE:LINE:COLUMN, listed unclassified,
               exit 1; the other games still grouped; usage errors exit 2
  formats      text, tsv and json say the same groups; standard input from a
               pipe and from a file
  model        generated databases with planted duplicates, mirrored,
               rotated and colour-reversed twins: an independent Python model
               agrees group for group with each --symmetry
  text         composer, source and date from the tags a collection uses
               (--composer-tag, --source-tag, --year-tag; json names the
               tag), the date's tag also ordering the groups; values in
               UTF-8 in every format (the Windows-1252 sample
               studies-cp1252.pgn, --encoding), the count on standard error
  reached      --reached on a real study with its solution (Afanasyev, 1964, in
               src/cli/tests/lookup/data/anticipation.pgn, which names its
               origin) and new studies: a start after move 3 of its solution
               (its two copies oldest first, input order the other way), one
               in a variation, the mirror image with --symmetry mirror only;
               text exactly, tsv and json; without --reached no section
  pgn_extract  on games with equal start positions and equal moves,
               pgn-extract -d finds as duplicates exactly the games gbr lists
               after each group's first (exit 77, skipped, without
               /usr/games/pgn-extract)
"""
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402
import gbrtest.fen as fen_board  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = gbrtest.ROOT
SAMPLE = os.path.join(ROOT, "src", "cli", "examples", "studies.pgn")
SYMMETRY = os.path.join(HERE, "symmetry.pgn")
PGN_EXTRACT = "/usr/games/pgn-extract"


run = gbrtest.command(GBR, "duplicates")


def tsv_groups(out):
    """{kind: [[(file, game, relation), ...], ...]} in output order."""
    lines = out.decode("latin-1").splitlines()
    assert lines[0].startswith("kind\tgroup\t"), lines[:1]
    groups = {"position": [], "study": [], "unclassified": []}
    for line in lines[1:]:
        f = line.split("\t")
        kind, group = f[0], int(f[1])
        if kind == "unclassified":
            groups[kind].append((f[8], int(f[9])))
            continue
        while len(groups[kind]) < group:
            groups[kind].append([])
        groups[kind][group - 1].append((f[8], int(f[9]), f[2]))
    return groups


def games_of(groups, kind):
    return [[(g[0], g[1]) for g in group] for group in groups[kind]]


def test_sample():
    for symmetry in ("none", "mirror", "all"):
        r = run("--format", "tsv", "--symmetry", symmetry, SAMPLE)
        expect("sample %s exit" % symmetry, r.returncode, 1)  # game 14's broken FEN
        g = tsv_groups(r.stdout)
        expect("sample %s duplicate" % symmetry, g["position"], [[(SAMPLE, 3, "identical"), (SAMPLE, 12, "identical")]])
        want = [] if symmetry == "none" else [[(SAMPLE, 5), (SAMPLE, 17)]]
        expect("sample %s mirrored twin" % symmetry, games_of(g, "study"), want)
        expect("sample %s unclassified" % symmetry, g["unclassified"], [(SAMPLE, 14)])
    # The text names the anticipation first.
    r = run("--symmetry", "mirror", SAMPLE)
    text = r.stdout.decode()
    expect("sample text heading", text.splitlines()[0],
           "GBR duplicates: 24 games (symmetry mirror), 1 position group, 1 study group, 1 could not be classified")
    first = text.index("C. Halloway | Harbour Gazette -- %s:30 (game 3) identical" % SAMPLE)
    second = text.index("L. Brennagh | Harbour Gazette -- %s:112 (game 12) identical" % SAMPLE)
    expect("sample text oldest first", first < second, True)
    expect("sample text twin", "1000.10b1c5  2 games\n  1960.??.??  E. Lindqvist | Study Quarterly" in text, True)


def test_symmetry():
    def groups(symmetry):
        r = run("--format", "tsv", "--symmetry", symmetry, SYMMETRY)
        expect("symmetry %s exit" % symmetry, r.returncode, 0)
        return tsv_groups(r.stdout)
    for symmetry in ("none", "mirror"):
        g = groups(symmetry)
        expect("symmetry %s positions" % symmetry, g["position"], [])
        expect("symmetry %s studies" % symmetry, g["study"], [])
    g = groups("all")
    expect("all: rotated and reversed", g["position"],
           [[(SYMMETRY, 1, "identical"), (SYMMETRY, 2, "three-quarter-turn"), (SYMMETRY, 3, "flip+colours")]])
    expect("all: pawns and castling stay apart", g["study"], [])


def pgn(games):
    """games: (fen or None, date or None, white, event); PGN text."""
    out = []
    for i, (fen, date, white, event) in enumerate(games):
        out.append('[Event "%s"]\n[White "%s"]\n' % (event, white))
        if date is not None:
            out.append('[Date "%s"]\n' % date)
        out.append('[Result "*"]\n')
        if fen is not None:
            out.append('[FEN "%s"]\n' % fen)
        out.append("\n*\n\n")
    return "".join(out).encode()


def test_order():
    fen = "8/8/8/8/8/2k5/8/R1K4n w - - 0 1"
    games = [(fen, None, "no date", "1"), (fen, "1960.??.??", "1960", "2"), (fen, "1950.05.02", "1950 May", "3"),
             (fen, "1950.??.??", "1950 unknown month", "4"), (fen, "1950.03.??", "1950 March", "5"),
             (fen, "????.??.??", "unknown", "6"), (fen, "1960.??.??", "1960 again", "7")]
    path = os.path.join(WORK, "order.pgn")
    open(path, "wb").write(pgn(games))
    r = run("--format", "tsv", path)
    expect("order exit", r.returncode, 0)
    expect("order", [x[1] for x in tsv_groups(r.stdout)["position"][0]], [5, 3, 4, 2, 7, 1, 6])


def test_errors():
    good = "8/8/8/8/8/2k5/8/R1K4n w - - 0 1"
    games = [(good, "1900", "A", "a"), ("8/8/8/8/8/2k5/8/R1K4x w - - 0 1", "1910", "Broken", "b"), (good, "1920", "C", "c")]
    path = os.path.join(WORK, "errors.pgn")
    open(path, "wb").write(pgn(games))
    r = run(path)
    expect("broken exit", r.returncode, 1)
    # Game 2's FEN tag is on line 13; its value starts at column 7; 'x' is its 21st byte.
    expect("broken report", r.stderr.decode(),
           "gbr: %s:13:27: game 2: FEN tag: not a FEN piece letter, digit 1-8 or '/'\n" % path)
    text = r.stdout.decode()
    expect("broken listed", text.endswith("Could not classify\n  1910  Broken | b -- %s:13 (game 2): "
                                          "not a FEN piece letter, digit 1-8 or '/'\n" % path), True)
    expect("others grouped", tsv_groups(run("--format", "tsv", path).stdout)["position"],
           [[(path, 1, "identical"), (path, 3, "identical")]])
    for bad in (["--symmetry", "most"], ["--format", "html"], ["--frobnicate"]):
        expect("usage %s" % bad, run(*bad, path).returncode, 2)
    # A malformed tag section: the reader's report, listed with "?" for its missing names.
    r = run(data=b'[Event "x"\n[FEN "8/8/8/8/8/2k5/8/R1K4n w - - 0 1"]\n\n*\n')
    expect("malformed exit", r.returncode, 1)
    expect("malformed report", r.stderr.decode(), "gbr: -:2:1: game 1: ']' must follow the tag value\n")
    expect("malformed listed", r.stdout.decode().endswith(
        "Could not classify\n  ????.??.??  ? | ? -- -:1 (game 1): malformed tag section (reported above)\n"), True)
    missing = os.path.join(WORK, "missing.pgn")
    r = run(missing, path)
    expect("missing input exit", r.returncode, 1)
    expect("missing input still groups the rest", len(tsv_groups(run("--format", "tsv", path).stdout)["position"]), 1)


def test_formats():
    tsv = tsv_groups(run("--format", "tsv", "--symmetry", "mirror", SAMPLE).stdout)
    j = json.loads(run("--format", "json", "--symmetry", "mirror", SAMPLE).stdout)
    expect("json games", j["games"], 24)
    expect("json symmetry", j["symmetry"], "mirror")
    expect("json positions", [[(e["file"], e["game"], e["relation"]) for e in g["games"]] for g in j["positions"]],
           tsv["position"])
    expect("json position text", j["positions"][0]["position"], "a1a3 0011.01 c1e1.b6 3/2 WTM.")
    expect("json studies", [[(e["file"], e["game"]) for e in g["games"]] for g in j["studies"]], games_of(tsv, "study"))
    expect("json study text", j["studies"][0]["study"], "1000.10b1c5")
    expect("json unclassified", [(e["file"], e["game"], e["line"], e["column"]) for e in j["unclassified"]],
           [(SAMPLE, 14, 135, 26)])
    expect("json composer", j["positions"][0]["games"][0]["composer"], "C. Halloway")
    text = run("--symmetry", "mirror", SAMPLE).stdout.decode()
    for line in ("a1a3 0011.01 c1e1.b6 3/2 WTM.  2 games", "1000.10b1c5  2 games"):
        expect("text has %r" % line, line in text.splitlines(), True)
    data = open(SAMPLE, "rb").read()
    piped = run("--format", "tsv", "--symmetry", "mirror", data=data)
    with open(SAMPLE, "rb") as f:
        redirected = run("--format", "tsv", "--symmetry", "mirror", stdin=f)
    want = run("--format", "tsv", "--symmetry", "mirror", SAMPLE).stdout.replace(SAMPLE.encode(), b"-")
    expect("stdin pipe", piped.stdout, want)
    expect("stdin file", redirected.stdout, want)


# ---- an independent model ----

def parse_fen(fen):
    """{(file, rank): letter}, black to move, castling; None when unreadable."""
    fields = fen.split()
    board = fen_board.read_placement(fields[0])
    if board is None:
        return None
    return {(s // 8, s % 8): p for s, p in board.items()}, fields[1] == "b", len(fields) > 2 and fields[2] != "-"


GEOMETRY = [lambda f, r: (f, r), lambda f, r: (7 - f, r), lambda f, r: (f, 7 - r), lambda f, r: (7 - f, 7 - r),
            lambda f, r: (r, f), lambda f, r: (7 - r, 7 - f), lambda f, r: (r, 7 - f), lambda f, r: (7 - r, f)]


def transforms(board, symmetry, castling):
    if castling or symmetry == "none":
        return [(0, False)]
    if symmetry == "mirror" or any(p in "Pp" for p in board.values()):
        return [(0, False), (1, False)]
    return [(g, c) for c in (False, True) for g in range(8)]


def apply(board, black, g, colours):
    out = {GEOMETRY[g](*sq): (p.swapcase() if colours else p) for sq, p in board.items()}
    return out, black ^ colours


def model_groups(games, symmetry):
    """games: fens in input order (None: unreadable); position and study groups as lists of game numbers."""
    keys = {}
    for number, (fen, date) in enumerate(games, 1):
        parsed = parse_fen(fen)
        if parsed is None:
            continue
        board, black, castling = parsed
        pos, stu = [], []
        for g, c in transforms(board, symmetry, castling):
            b, bl = apply(board, black, g, c)
            pos.append((tuple(sorted(b.items())), bl))
            kings = tuple(sq for sq, p in sorted(b.items(), key=lambda x: x[1]) if p in "Kk")
            stu.append((tuple(sorted(p for p in b.values() if p not in "Kk")),
                        [sq for sq, p in b.items() if p == "K"][0], [sq for sq, p in b.items() if p == "k"][0]))
        keys[number] = (castling, min(pos), min(stu), date)

    def date_key(date):
        if date is None or not date[:4].isdigit():
            return (1, 0)
        parts = date.split(".")
        month = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() and len(parts[1]) == 2 else 99
        day = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() and len(parts[2]) == 2 else 99
        return (0, int(date[:4]) * 10000 + month * 100 + day)

    def group(index, distinct):
        by = {}
        for number, k in keys.items():
            by.setdefault((k[0], k[index]), []).append(number)
        out = []
        for members in by.values():
            if len(members) < 2:
                continue
            if distinct and len({keys[n][1] for n in members}) < 2:
                continue
            out.append(sorted(members, key=lambda n: (date_key(keys[n][3]), n)))
        return sorted(out, key=min)
    return group(1, False), group(2, True)


def random_board(rng, pawns):
    squares = rng.sample([(f, r) for f in range(8) for r in range(8)], 8)
    board = {squares[0]: "K", squares[1]: "k"}
    men = rng.randint(1, 4)
    for sq in squares[2:2 + men]:
        if pawns and rng.random() < 0.4 and 1 <= sq[1] <= 6:
            board[sq] = rng.choice("Pp")
        else:
            board[sq] = rng.choice("QRBNqrbn")
    return board


def fen_of(board, black, castling=False):
    placement = fen_board.placement({f * 8 + r: p for (f, r), p in board.items()})
    return placement + (" b " if black else " w ") + ("K" if castling else "-") + " - 0 1"


def generate(rng, n):
    """Random positions with planted copies, mirrors, rotations, reversals and same-kings variants."""
    games, made = [], []
    dates = [None, "????.??.??", "1950.??.??", "1950.06.??", "1950.06.12", "1931.01.01", "2001.??.??"]
    while len(games) < n:
        roll = rng.random()
        if made and roll < 0.45:
            board, black, castling = rng.choice(made)
            kind = rng.randrange(4)
            if kind == 1:
                board, black = apply(board, black, 1, False)
            elif kind == 2:
                # Turns and diagonal reflections would put pawns on any rank: with pawns only the
                # mirror, flip and half turn (which are not the same study, so are not grouped).
                pawns = any(p in "Pp" for p in board.values())
                board, black = apply(board, black, rng.randrange(4 if pawns else 8), rng.random() < 0.5)
            elif kind == 3:  # the same kings and material, one man moved
                board = dict(board)
                man = rng.choice([sq for sq, p in board.items() if p not in "Kk"])
                free = [(f, r) for f in range(8) for r in range(1, 7) if (f, r) not in board]
                board[rng.choice(free)] = board.pop(man)
        else:
            board, black, castling = random_board(rng, rng.random() < 0.5), rng.random() < 0.3, rng.random() < 0.05
            made.append((board, black, castling))
        fen = fen_of(board, black, castling)
        if rng.random() < 0.02:
            fen = fen.replace("/", "/x", 1)
        games.append((fen, rng.choice(dates)))
    return games


def test_model():
    seed = random.randrange(1 << 30)
    print("seed", seed)
    rng = random.Random(seed)
    games = generate(rng, 600)
    path = os.path.join(WORK, "generated.pgn")
    open(path, "wb").write(pgn([(fen, date, "C%d" % i, "E%d" % i) for i, (fen, date) in enumerate(games)]))
    planted = 0
    for symmetry in ("none", "mirror", "all"):
        r = run("--format", "tsv", "--symmetry", symmetry, path)
        g = tsv_groups(r.stdout)
        positions, studies = model_groups(games, symmetry)
        expect("model %s positions (seed %d)" % (symmetry, seed), [[n for _, n in x] for x in games_of(g, "position")],
               positions)
        expect("model %s studies (seed %d)" % (symmetry, seed), [[n for _, n in x] for x in games_of(g, "study")],
               studies)
        broken = [n for n, (fen, _) in enumerate(games, 1) if parse_fen(fen) is None]
        expect("model %s unclassified" % symmetry, [n for _, n in g["unclassified"]], broken)
        expect("model %s exit" % symmetry, r.returncode, 1 if broken else 0)
        planted += len(positions)
    # The generator plants enough for the comparison to mean something.
    expect("model found groups", planted > 30, True)


def test_pgn_extract():
    if not os.access(PGN_EXTRACT, os.X_OK):
        print("skipped: %s is not installed" % PGN_EXTRACT)
        sys.exit(77)
    rng = random.Random(5)
    fens = [fen_of(random_board(rng, False), False) for _ in range(40)]
    out = []
    for i in range(200):
        fen = fens[rng.randrange(len(fens))]
        # Every game has the same moves (none), so a repeated start position is a repeated game for both.
        out.append('[Event "E%d"]\n[Site "?"]\n[Date "19%02d.??.??"]\n[Round "?"]\n[White "W%d"]\n[Black "?"]\n'
                   '[Result "*"]\n[SetUp "1"]\n[FEN "%s"]\n\n*\n\n' % (i, i % 100, i, fen))
    path = os.path.join(WORK, "extract.pgn")
    open(path, "w").write("".join(out))
    dups = os.path.join(WORK, "dups.pgn")
    subprocess.run([PGN_EXTRACT, "-s", "-d" + dups, "-o", os.devnull, path], check=True)
    theirs = sorted(int(line.strip()[len('[Event "E'):-2]) + 1 for line in open(dups) if line.startswith('[Event "'))
    groups = tsv_groups(run("--format", "tsv", path).stdout)["position"]
    # pgn-extract keeps the first game read and reports the later ones; gbr lists every game of a group.
    ours = sorted(n for group in groups for n in sorted(x[1] for x in group)[1:])
    expect("pgn-extract -d and gbr duplicates", ours, theirs)
    expect("pgn-extract found some", len(theirs) > 100, True)


CP1252 = os.path.join(ROOT, "src", "cli", "examples", "studies-cp1252.pgn")
# Per game: composer, source ([Event]), date, reference ([Source]) and the tags they come from.
CP1252_WANT = [("É. Lefèvre", "?", "1927.??.??", "Revue d’Échecs", "Composer", "Event", "Date"),
               ("Z. Šimek", "?", "1934.05.??", "Šachový zpravodaj", "Composer", "Event", "Date"),
               ("L. Müllner", "Schwäbische Schachblätter", "1952.??.??", "", "Author", "Event", "EventDate"),
               ("J. Prošek", "?", "1961", "Le Problème “Thèmes”", "White", "Event", "Year")]


def test_text():
    # The sample twice: each of its 4 games in a position group of 2.
    outs = {}
    for fmt in ("text", "tsv", "json"):
        r = run("--format", fmt, CP1252, CP1252)
        expect("%s: exit, count" % fmt, (r.returncode, r.stderr),
               (0, b"gbr: duplicates: 16 values converted from Windows-1252 to UTF-8\n"))
        try:
            outs[fmt] = r.stdout.decode("utf-8")
        except UnicodeDecodeError as e:
            failures.append("%s: not UTF-8: %s" % (fmt, e))
            outs[fmt] = r.stdout.decode("latin-1")
    d = json.loads(outs["json"])
    members = {g["game"]: g for group in d["positions"] for g in group["games"]}
    rows = {int(f[9]): f for f in (line.split("\t") for line in outs["tsv"].splitlines()[1:])}
    for game, (composer, source, date, reference, ctag, stag, dtag) in enumerate(CP1252_WANT, 1):
        fields = " | ".join([composer, source] + ([reference] if reference else []))
        expect("text game %d" % game, "  %s  %s -- " % (date, fields) in outs["text"], True)
        expect("tsv game %d" % game, rows.get(game, [""] * 13)[5:8] + rows.get(game, [""] * 13)[12:],
               [composer, source, date, reference])
        m = members.get(game, {})
        expect("json game %d" % game, [m.get(k) for k in ("composer", "source", "date", "reference", "composer_tag",
                                                           "source_tag", "date_tag")],
               [composer, source, date, reference, ctag, stag, dtag])
    r = run("--format", "tsv", "--encoding", "latin-1", "--composer-tag", "White", "--source-tag", "Event", CP1252,
            CP1252)
    rows = {int(f[9]): f for f in (line.split("\t") for line in r.stdout.decode("utf-8").splitlines()[1:])}
    expect("--encoding latin-1 --composer-tag White --source-tag Event", [rows.get(g, [""] * 8)[5:7] for g in (1, 3, 4)],
           [["?", "?"], ["?", "Schwäbische Schachblätter"], ["J. Prošek".replace("š", "\x9a"), "?"]])
    expect("--encoding latin-1: stderr", r.stderr, b"gbr: duplicates: 10 values converted from Latin-1 to UTF-8\n")

    # The date comes from the year's tags, and orders the group.
    fen = "8/8/8/8/8/2k5/8/R1K4n w - - 0 1"
    path = os.path.join(WORK, "dates.pgn")
    with open(path, "wb") as f:
        for tags in ('[Year "1960"]', '[Date "????.??.??"]\n[EventDate "1950.??.??"]', '[Date "1955.01.01"]'):
            f.write(('[Event "?"]\n[White "?"]\n[Composer "C"]\n%s\n[FEN "%s"]\n\n*\n\n' % (tags, fen)).encode())
    r = run("--format", "tsv", path)
    expect("dates: the default tags order the group", [x[1] for x in tsv_groups(r.stdout)["position"][0]], [2, 3, 1])
    r = run("--format", "json", "--year-tag", "Date", path)
    games = json.loads(r.stdout)["positions"][0]["games"]
    expect("dates: --year-tag Date", [(g["game"], g["date"], g["date_tag"]) for g in games],
           [(3, "1955.01.01", "Date"), (1, "", None), (2, "????.??.??", "Date")])
    r = run("--composer-tag", "-", path)
    expect("usage error: --composer-tag -", (r.returncode, b"bad --composer-tag" in r.stderr), (2, True))


def test_reached():
    data = os.path.join(ROOT, "src", "cli", "tests", "lookup", "data")
    rel = os.path.relpath(data, WORK)
    db, new = os.path.join(rel, "anticipation.pgn"), os.path.join(rel, "new.pgn")

    def dup(*args):
        return subprocess.run([GBR, "duplicates", *args], capture_output=True, cwd=WORK)
    p = dup("--reached", db, new)
    early = "  1964.??.??  Afanasyev | Beautiful Chess Studies (1): Afanasyev, 1964 -- %s:17 (game 2) " % db
    late = "  1990.??.??  Afanasyev | A later reprint -- %s:8 (game 1) " % db
    want = ("GBR duplicates: 6 games (symmetry none), 1 position group, 0 study groups, 0 could not be classified\n"
            "\n"
            "Identical positions\n"
            "\n"
            "c7c5 0001.31 f5.b2c2e4e2 5/2 WTM.  2 games\n"
            "%(early)sidentical\n"
            "%(late)sidentical\n"
            "\n"
            "Same study code, different positions\n"
            "\n"
            "Start positions reached in another game's solution\n"
            "\n"
            "c7d4 3001.20 c3b7.b2e4 4/2 WTM.  3 games\n"
            "  2026.??.??  New | After move 3 -- %(new)s:1 (game 1) start\n"
            "%(early)safter 3...Kd4+ identical\n"
            "%(late)safter 3...Kd4+ identical\n"
            "\n"
            "c7d3 0001.31 e3.b2c3e4e2 5/2 WTM.  2 games\n"
            "  2026.??.??  New | In a variation -- %(new)s:19 (game 3) start\n"
            "%(early)safter 2...Kd3 (in a variation) identical\n") % {"early": early, "late": late, "new": new}
    expect("text", (p.stdout.decode(), p.stderr, p.returncode), (want, b"", 0))
    p = dup("--reached", "--symmetry", "mirror", "--format", "json", db, new)
    reached = json.loads(p.stdout)["reached"]
    expect("json: the mirror image with --symmetry mirror",
           [[(g["game"], g["relation"], g.get("move"), g.get("ply"), g.get("main_line")) for g in r["games"]]
            for r in reached],
           [[(1, "start", None, None, None), (2, "after 3...Kd4+ identical", "3...Kd4+", 6, True),
             (1, "after 3...Kd4+ identical", "3...Kd4+", 6, True)],
            [(2, "start", None, None, None), (2, "after 3...Kd4+ mirror", "3...Kd4+", 6, True),
             (1, "after 3...Kd4+ mirror", "3...Kd4+", 6, True)],
            [(3, "start", None, None, None), (2, "after 2...Kd3 (in a variation) identical", "2...Kd3", 4, False)]])
    p = dup("--reached", "--format", "tsv", db, new)
    rows = [line.split("\t") for line in p.stdout.decode().splitlines() if line.startswith("reached\t")]
    expect("tsv", [(r[1], r[2], r[9]) for r in rows],
           [("1", "start", "1"), ("1", "after 3...Kd4+ identical", "2"), ("1", "after 3...Kd4+ identical", "1"),
            ("2", "start", "3"), ("2", "after 2...Kd3 (in a variation) identical", "2")])
    p = dup("--format", "json", db, new)
    expect("without --reached: no section", "reached" in json.loads(p.stdout), False)


gbrtest.run_group({"reached": test_reached, "sample": test_sample, "text": test_text, "symmetry": test_symmetry, "order": test_order, "errors": test_errors,
 "formats": test_formats, "model": test_model, "pgn_extract": test_pgn_extract}, GROUP)
gbrtest.finish("duplicates " + GROUP)

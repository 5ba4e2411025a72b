#!/usr/bin/env python3
"""Tests of `gbr census`.

usage: census_tests.py GBR WORK_DIR GROUP
  reference  real game files (corpus/games, the bundled examples, the
             replay's variations, Debian's eco.pgn when installed, and those
             of $GBR_REAL_PGN_DIRS), each alone and all together, under each
             ending convention, --fold, --pieces and the filters: gbr's
             tally (--json) equals census_reckon.py's, an independent
             reckoning over pgn-extract's positions, class by class, results
             and totals included; the stronger side's columns of --tsv equal
             the reckoning's; and the comparison itself reports a tally off
             by one in any count (exit 77, skipped, without pgn-extract)
  merge      the census of inputs read together equals --merge of their
             parts' tallies, byte for byte in every format and order, with
             --group; tallies of other options or another version, and
             malformed ones, are refused with where and why, nothing written
  filters    hand-made games: --min-elo, --time-control (TimeControl as
             Lichess estimates it, [Event] words, neither), --from/--to with
             '?' in dates, the three ending conventions and --pieces, --fold,
             --group pieces, results and the stronger side, a refused move
             reported and the game not counted, usage errors
  html       the page: well-formed, its SVG chart with a bar a row shown,
             no script and nothing fetched, the title escaped
  jobs       -j 1 to 4 give the same bytes (text, TSV, JSON, HTML; standard
             output, standard error, exit status) on real game files cut
             into many chunks (GBR_INPUT_CHUNK_SIZE): the Lichess sample
             repeated, the bundled studies, a file of games with refused
             moves, malformed tags, variants said once and a comment that
             hides a tag line, several inputs and standard input; the .zst,
             .gz and .bz2 of a file give the file's census; a cut .zst is
             reported with its offset and the games before it are counted
"""
import html.parser
import json
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import census_reckon  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
ROOT = gbrtest.ROOT
census = gbrtest.command(GBR, "census")

REAL_FILES = [os.path.join(ROOT, p) for p in ("corpus/games/lichess_sample.pgn", "src/cli/examples/studies.pgn",
                                               "src/cli/examples/queen_exchange.pgn",
                                               "src/replay/tests/data/variations.pgn")]
for extra in ["/usr/share/pgn-extract/eco.pgn"]:
    if os.path.exists(extra):
        REAL_FILES.append(extra)
for folder in os.environ.get("GBR_REAL_PGN_DIRS", "").split():
    for name in sorted(os.listdir(folder)):
        if name.lower().endswith(".pgn"):
            REAL_FILES.append(os.path.join(folder, name))

OPTION_SETS = [[], ["--ending", "final"], ["--ending", "every"], ["--fold"], ["--ending", "every", "--fold"],
               ["--ending", "final", "--fold"], ["--pieces", "2"], ["--pieces", "0"], ["--min-elo", "1500"],
               ["--time-control", "blitz,rapid"], ["--time-control", "bullet", "--ending", "final"],
               ["--from", "2025.05.01", "--to", "2025"]]


def tally(args, files):
    run = census("--json", *args, *files)
    return json.loads(run.stdout)


def reckoning(args, files):
    return census_reckon.reckon(files, census_reckon.parser().parse_args(files + args))


def differences(got, want):
    """What differs between gbr's JSON tally and the reckoning, a line each."""
    out = []
    if got["totals"] != want["totals"]:
        out.append("totals: gbr %s, reckoning %s" % (got["totals"], want["totals"]))
    classes = {c["code"]: {k: c[k] for k in ("games", "plies", "endings", "results")} for c in got["classes"]}
    for code in sorted(set(classes) | set(want["classes"])):
        if classes.get(code) != want["classes"].get(code):
            out.append("%s: gbr %s, reckoning %s" % (code, classes.get(code), want["classes"].get(code)))
    return out


def stronger_of(code):
    """The stronger side of a code by Q 9, R 5, B 3, N 3, P 1 ('?' with a 9)."""
    if "9" in code[:4]:
        return "?"
    w = b = 0
    for d, v in zip(code[:4], (9, 5, 3, 3)):
        w += v * (int(d) % 3)
        b += v * (int(d) // 3)
    w += int(code[5])
    b += int(code[6])
    return "White" if w > b else "Black" if b > w else "-"


def test_reference():
    if not os.path.exists(census_reckon.PGN_EXTRACT):
        print("skipped: %s is not installed" % census_reckon.PGN_EXTRACT)
        sys.exit(77)
    compared = 0
    for files in [[f] for f in REAL_FILES] + [REAL_FILES]:
        label = " + ".join(os.path.basename(f) for f in files)
        for args in OPTION_SETS:
            got, want = tally(args, files), reckoning(args, files)
            for line in differences(got, want):
                gbrtest.failures.append("%s %s: %s" % (label, " ".join(args), line))
            compared += len(want["classes"])
    # The stronger side's view in --tsv, from the reckoning's results.
    want = reckoning([], REAL_FILES)["classes"]
    rows = census("--tsv", *REAL_FILES).stdout.decode().splitlines()
    header = rows[0].split("\t")
    for line in rows[1:]:
        row = dict(zip(header, line.split("\t")))
        code = row["code"]
        side = stronger_of(code)
        w, d, l = want[code]["results"][:3]
        expect(code + " stronger", row["stronger"], side)
        if side in ("White", "Black"):
            s = (w, d, l) if side == "White" else (l, d, w)
            expect(code + " stronger results", (row["stronger_win"], row["stronger_draw"], row["stronger_loss"]),
                   tuple(str(x) for x in s))
    # Rows of several classes: --group pieces and --pattern add up the reckoning's classes.
    def sums(select):
        total = {"games": 0, "plies": 0, "endings": 0, "results": [0] * 5}
        for code, c in want.items():
            if select(code):
                for k in ("games", "plies", "endings"):
                    total[k] += c[k]
                total["results"] = [a + b for a, b in zip(total["results"], c["results"])]
        return total

    def tsv_rows(*args):
        lines = census("--tsv", *args, *REAL_FILES).stdout.decode().splitlines()
        head = lines[0].split("\t")
        return {r["code"]: r for r in (dict(zip(head, line.split("\t"))) for line in lines[1:])}

    def as_counts(row):
        return {"games": int(row["games"]), "plies": int(row["plies"]), "endings": int(row["endings"]),
                "results": [int(row[k]) for k in ("win", "draw", "loss", "unfinished", "unknown")]}

    grouped = tsv_rows("--group", "pieces")
    expect("group pieces: rows", sorted(grouped), sorted({code[:4] + ".*" for code in want}))
    for key, row in grouped.items():
        expect("group " + key, as_counts(row), sums(lambda code: code[:4] == key[:4]))
    patterns = {"04??.*": lambda code: code[:2] == "04", "0400.1?": lambda code: code[:6] == "0400.1",
                "white:R=1 black:R=1": lambda code: code[1] == "4"}
    rows = tsv_rows(*[a for p in patterns for a in ("--pattern", p)])
    expect("patterns: rows", sorted(rows), sorted(patterns))
    for text in patterns:
        expect("pattern " + text, as_counts(rows[text]), sums(patterns[text]))
    # The comparison can fail: a tally off by one in any count is reported.
    got, want = tally([], REAL_FILES), reckoning([], REAL_FILES)
    rng = random.Random(33)
    planted = 0
    for field in ("games", "plies", "endings", "results"):
        for delta in (1, -1):
            bad = json.loads(json.dumps(got))
            c = rng.choice([c for c in bad["classes"] if c["endings"] > 0])
            if field == "results":
                c["results"][rng.randrange(5)] += delta
            else:
                c[field] += delta
            planted += 1
            if not differences(bad, want):
                gbrtest.failures.append("a tally with %s off by %d in %s was not told apart" % (field, delta,
                                                                                              c["code"]))
    bad = json.loads(json.dumps(got))
    bad["totals"]["no_ending"] += 1
    if not differences(bad, want):
        gbrtest.failures.append("a tally with no_ending off by one was not told apart")
    print("reference: %d files, %d option sets, %d class tallies compared; %d planted errors" %
          (len(REAL_FILES), len(OPTION_SETS), compared, planted + 1))


def split_at_games(path, parts):
    """The file cut into `parts` pieces at game boundaries."""
    with open(path, "rb") as f:
        data = f.read()
    starts = [m.start() for m in re.finditer(rb"(?m)^\[Event ", data)]
    cuts = [0] + [starts[len(starts) * k // parts] for k in range(1, parts)] + [len(data)]
    return [data[cuts[k]:cuts[k + 1]] for k in range(parts)]


def test_merge():
    work = gbrtest.fresh_folder(os.path.join(WORK, "merge"))
    pieces = split_at_games(REAL_FILES[0], 3) + [open(REAL_FILES[1], "rb").read()]
    names = []
    for k, data in enumerate(pieces):
        names.append(os.path.join(work, "part%d.pgn" % k))
        with open(names[-1], "wb") as f:
            f.write(data)
    whole = os.path.join(work, "whole.pgn")
    with open(whole, "wb") as f:
        f.write(b"".join(pieces))
    for args in [[], ["--ending", "every", "--fold"], ["--min-elo", "1400", "--ending", "final"]]:
        jsons = []
        for k, name in enumerate(names):
            jsons.append(os.path.join(work, "part%d.json" % k))
            census("--json", *args, "-o", jsons[-1], name)
        for out in [["--json"], [], ["--tsv"], ["--html"], ["--order", "directory"], ["--group", "pieces"],
                    ["--tsv", "--group", "pieces", "--order", "directory"], ["--html", "--group", "pieces"]]:
            direct = census(*args, *out, whole)
            merged = census("--merge", *out, *jsons)
            expect("merge %s %s: the same bytes" % (args, out), merged.stdout, direct.stdout)
            # The studies have moves that cannot be played (reported, status 1); the merge has none.
            expect("merge %s %s: status" % (args, out), (merged.returncode, direct.returncode), (0, 1))
            # In another grouping of the parts, too.
            pair = os.path.join(work, "pair.json")
            census("--merge", "--json", "-o", pair, jsons[0], jsons[2])
            again = census("--merge", *out, jsons[3], pair, jsons[1])
            expect("merge %s %s regrouped" % (args, out), again.stdout, direct.stdout)
    # Refusals: nothing written, where and why said, status 1.
    other = os.path.join(work, "other.json")
    census("--json", "--ending", "final", "-o", other, names[0])
    target = os.path.join(work, "refused.txt")
    run = census("--merge", "-o", target, jsons[0], other)
    expect("other options: status", run.returncode, 1)
    expect("other options: nothing written", os.path.exists(target), False)
    expect("other options: said", b"other options" in run.stderr and other.encode() in run.stderr, True)
    text = open(jsons[0]).read()
    cases = [("version", text.replace('"version": 1', '"version": 2'), b":3:14: a census tally of version 2"),
             ("not JSON", "{x" + text[1:], b":1:2: expected a member name in quotes"),
             ("cut short", text[:200], b"the text ends where a JSON value should be"),
             ("a count not a number", text.replace('"games": ', '"games": -', 1), b'"games" is not a whole number'),
             ("a class twice", text.replace('"classes": [\n', '"classes": [\n    {"code": "0400.00", "games": 0, '
                                            '"plies": 0, "endings": 0, "results": [0, 0, 0, 0, 0]},\n    '
                                            '{"code": "0400.00", "games": 0, "plies": 0, "endings": 0, '
                                            '"results": [0, 0, 0, 0, 0]},\n'), b"a class given twice"),
             ("a bad code", text.replace('"code": "', '"code": "x', 1), b"without a material code")]
    for name, body, message in cases:
        path = os.path.join(work, "bad.json")
        with open(path, "w") as f:
            f.write(body)
        run = census("--merge", "-o", target, path)
        expect("refused %s: status" % name, run.returncode, 1)
        expect("refused %s: where and why %r" % (name, run.stderr), message in run.stderr and
               (path + ":").encode() in run.stderr, True)
        expect("refused %s: nothing written" % name, os.path.exists(target), False)
    # Counts that would pass 2^64 - 1 added up: refused, nothing written.
    huge = os.path.join(work, "huge.json")
    with open(huge, "w") as f:
        f.write(re.sub(r'"games": \d+, "plies"', '"games": 18446744073709551615, "plies"', text, count=1))
    run = census("--merge", "-o", target, huge, huge)
    expect("overflow: refused", (run.returncode, os.path.exists(target), b"2^64 - 1" in run.stderr), (1, False, True))
    expect("overflow: one alone is read", census("--merge", huge).returncode, 0)
    for args in [["--merge", "--fold", jsons[0]], ["--merge", "--min-elo", "5", jsons[0]], ["--merge"]]:
        expect("usage %s" % args, census(*args).returncode, 2)


GAME = """[Event "{event}"]
[Site "?"]
[Date "{date}"]
[White "a"]
[Black "b"]
[Result "{result}"]
{extra}
{moves} {result}

"""

# A game that reaches the endgame phase at once: K+R+P v K+R from a FEN.
ROOK_FEN = "[FEN \"4k3/8/8/8/8/4P3/r7/R3K3 w - - 0 1\"]\n[SetUp \"1\"]"


def game(moves="1. Ra1xa2 Ke8-d7 2. Kf2 Kd6", result="1-0", event="Casual game", date="2024.03.05", extra=ROOK_FEN):
    return GAME.format(event=event, date=date, result=result, extra=extra, moves=moves)


def rows_of(args, text):
    run = census("--tsv", *args, "-", data=text.encode())
    lines = run.stdout.decode().splitlines()
    header = lines[0].split("\t") if lines else []
    return {r["code"]: r for r in (dict(zip(header, line.split("\t"))) for line in lines[1:])}, run


def totals_of(args, text):
    return json.loads(census("--json", *args, "-", data=text.encode()).stdout)["totals"]


def test_filters():
    # Ending conventions on one game: KRPvKR (0400.10 from 1.Rxa2 on: 0100.10 ... ).
    text = game()
    rows, run = rows_of(["--ending", "phase", "--order", "directory"], text)
    expect("phase: status", run.returncode, 0)
    # Start 0400.10 (2 rooks + P v ...): R v R + P; after Rxa2: KRPvK 0100.10.
    expect("phase: classes", sorted(rows), ["0100.10", "0400.10"])
    expect("phase: the start is the ending", rows["0400.10"]["endings"], "1")
    expect("phase: plies in the start's class", rows["0400.10"]["plies"], "1")
    expect("phase: plies after the capture", rows["0100.10"]["plies"], "3")
    rows, _ = rows_of(["--ending", "final"], text)
    expect("final: the last class", (rows["0100.10"]["endings"], rows["0400.10"]["endings"]), ("1", "0"))
    rows, _ = rows_of(["--ending", "every"], text)
    expect("every: both", (rows["0100.10"]["endings"], rows["0400.10"]["endings"]), ("1", "1"))
    rows, _ = rows_of(["--ending", "reached"], text)
    expect("reached is every", rows["0100.10"]["endings"], "1")
    # --pieces: the standard start has 14 pieces besides kings and pawns.
    opening = game(moves="1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", extra="")
    expect("phase 6: not reached", totals_of([], opening)["no_ending"], 1)
    expect("phase 14: the start", rows_of(["--pieces", "14"], opening)[0]["4888.88"]["endings"], "1")
    # Results and the stronger side (White: R+P v R).
    rows, _ = rows_of(["--ending", "final"], game(result="0-1"))
    expect("stronger White, Black won", (rows["0100.10"]["stronger"], rows["0100.10"]["stronger_loss"],
                                         rows["0100.10"]["loss"]), ("White", "1", "1"))
    # The same game with colours reversed: Black is stronger; with --fold one row, the stronger side White.
    reversed_game = game(moves="1... Ra8xa7 2. Kd2 Kf7", result="0-1",
                         extra="[FEN \"r3k3/R7/4p3/8/8/8/8/4K3 b - - 0 1\"]\n[SetUp \"1\"]")
    rows, _ = rows_of(["--ending", "final"], reversed_game)
    rows = {code: r for code, r in rows.items() if r["endings"] != "0"}
    expect("reversed: the class", sorted(rows), ["0300.01"])
    expect("reversed: stronger wins", (rows["0300.01"]["stronger"], rows["0300.01"]["stronger_win"]), ("Black", "1"))
    rows, _ = rows_of(["--ending", "final", "--fold"], game(result="1-0") + reversed_game)
    rows = {code: r for code, r in rows.items() if r["endings"] != "0"}
    expect("fold: one row, White the stronger", sorted(rows), ["0100.10"])
    expect("fold: both wins of the stronger side", (rows["0100.10"]["win"], rows["0100.10"]["endings"]), ("2", "2"))
    # Group by pieces: 0100.10 and 0100.20 in one row.
    two_pawns = game(extra="[FEN \"4k3/8/8/8/8/3PP3/r7/R3K3 w - - 0 1\"]\n[SetUp \"1\"]")
    rows, _ = rows_of(["--ending", "final", "--group", "pieces"], text + two_pawns)
    rows = {code: r for code, r in rows.items() if r["endings"] != "0"}
    expect("group pieces", (sorted(rows), rows.get("0100.*", {}).get("name"), rows.get("0100.*", {}).get("endings")),
           (["0100.*"], "KRP*vKP*", "2"))
    # Filters.
    elo = lambda w, b: '[WhiteElo "%s"]\n[BlackElo "%s"]\n' % (w, b) + ROOK_FEN  # noqa: E731
    games = game(extra=elo(1600, 1700)) + game(extra=elo(1600, 1400)) + game(extra=elo("?", 2000)) + game()
    t = totals_of(["--min-elo", "1500"], games)
    expect("min-elo", (t["counted"], t["filtered"]), (1, 3))
    tc = lambda v: '[TimeControl "%s"]\n' % v + ROOK_FEN  # noqa: E731
    games = (game(extra=tc("60+0")) + game(extra=tc("15+0")) + game(extra=tc("120+2")) +  # bullet, ultra, blitz(200)
             game(extra=tc("600+5")) + game(extra=tc("1500+0")) + game(extra=tc("-")) +  # rapid, classical, corr
             game(event="Rated Rapid game") + game(event="Rated UltraBullet game") + game(event="Club match") +
             game(extra=tc("?"), event="Blitz arena"))
    for speeds, want in [("bullet", 1), ("ultrabullet", 2), ("blitz", 2), ("rapid", 2), ("classical", 1),
                         ("correspondence", 1), ("bullet,blitz", 3)]:
        expect("time control %s" % speeds, totals_of(["--time-control", speeds], games)["counted"], want)
    dates = (game(date="2024.03.05") + game(date="2024.??.??") + game(date="2024.03.??") + game(date="????.??.??") +
             game(date="2023.12.31", extra='[UTCDate "2024.01.01"]\n' + ROOK_FEN))
    for args, want in [(["--from", "2024.03"], 2), (["--from", "2024"], 4), (["--to", "2024.03.04"], 1),
                       (["--from", "2024.01.01", "--to", "2024.01.01"], 1), (["--to", "2024.12"], 4),
                       (["--from", "2024-03-05", "--to", "2024/03/05"], 1)]:
        expect("dates %s" % args, totals_of(args, dates)["counted"], want)
    # A refused move: reported where it is, the game not counted, the others are.
    bad = game(moves="1. Ra1xa2 Ke8-d7 2. Qd4") + game()
    run = census("--json", "-", data=bad.encode())
    expect("refused: status", run.returncode, 1)
    expect("refused: where %r" % run.stderr, re.search(rb"^gbr: -:9:21: game 1: 2\. Qd4: ", run.stderr, re.M)
           is not None, True)
    t = json.loads(run.stdout)["totals"]
    expect("refused: counts", (t["games"], t["counted"], t["not_replayed"]), (2, 1, 1))
    # A set-up position with more promoted men than pawns gone has no code: said, not counted, the rest is.
    odd = game(extra='[FEN "QQQ1k3/8/8/8/8/PPPPPPPP/8/4K3 w - - 0 1"]', moves="1. Ke2") + game()
    run = census("--json", "-", data=odd.encode())
    expect("no code: said", re.search(rb"^gbr: -:1:1: game 1: its men have no GBR material code \(more promoted "
                                      rb"pieces than missing pawns\): not counted$", run.stderr, re.M) is not None, True)
    t = json.loads(run.stdout)["totals"]
    expect("no code: counts and status", (t["counted"], t["not_replayed"], run.returncode), (1, 1, 1))
    # Usage errors.
    for args in [["--ending", "last"], ["--pieces", "31"], ["--min-elo", "x"], ["--time-control", "blitz,fast"],
                 ["--from", "2024.13"], ["--from", "2024", "--to", "2023"], ["--json", "--tsv"],
                 ["--title", "x"], ["--ending", "final", "--pieces", "3"], ["--group", "colour"],
                 ["--pattern", "+0400.10?1e8"], ["--pattern", "KRvKR", "--group", "pieces"], ["--pattern", "x?"],
                 ["--pattern", "0400.*\t"]]:
        run = census(*args, "-", data=b"")
        expect("usage %s: status" % args, run.returncode, 2)
    # A folder is read for its PGN files in name order; no file at all is standard input.
    folder = gbrtest.fresh_folder(os.path.join(WORK, "folder"))
    for name, text_of in (("b.pgn", game()), ("a.PGN", game(result="0-1")), ("notes.txt", "not a game")):
        with open(os.path.join(folder, name), "w") as f:
            f.write(text_of)
    by_folder = census("--json", folder)
    by_files = census("--json", os.path.join(folder, "a.PGN"), os.path.join(folder, "b.pgn"))
    expect("folder", (by_folder.returncode, by_folder.stdout), (0, by_files.stdout))
    expect("standard input", census("--json", data=(game(result="0-1") + game()).encode()).stdout, by_files.stdout)
    # A file that cannot be opened: said, nothing written, status 1.
    target = os.path.join(WORK, "never.txt")
    run = census("-o", target, os.path.join(WORK, "missing.pgn"))
    expect("missing input", (run.returncode, os.path.exists(target)), (1, False))


class Page(html.parser.HTMLParser):
    VOID = {"meta", "br", "img", "link", "input", "hr", "rect", "line", "path"}

    def __init__(self):
        super().__init__()
        self.stack, self.problems, self.tags = [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append("</%s> closes %s" % (tag, self.stack[-1:] or "nothing"))
        else:
            self.stack.pop()


def test_html():
    run = census("--html", "--title", "Lichess <May> & more", *REAL_FILES[:2])
    page = run.stdout.decode()
    p = Page()
    p.feed(page)
    p.close()
    expect("well-formed", p.problems + (["left open: %s" % p.stack] if p.stack else []), [])
    names = [t for t, _ in p.tags]
    expect("one svg", names.count("svg"), 1)
    expect("no script", "script" in names, False)
    references = [a for _, attrs in p.tags for k, a in attrs.items() if k in ("src", "href")]
    expect("nothing fetched", references, [])
    expect("no address but the SVG namespace", re.findall(r"https?://[^\"' ]+", page),
           ["http://www.w3.org/2000/svg"])
    expect("title escaped", "<title>Lichess &lt;May&gt; &amp; more</title>" in page, True)
    rows = census("--tsv", *REAL_FILES[:2]).stdout.decode().splitlines()[1:]
    shown = min(40, len([r for r in rows if r.split("\t")[2] != "0"]))
    bars = len(re.findall(r"<text x=\"\d+\" y=\"\d+\">\d+</text>", page))
    expect("a bar label a row shown", bars, min(40, len(rows)))
    expect("bars of the rows with endings", shown <= bars, True)
    expect("table rows", page.count("<tr><td>"), len(rows))


def broken_games():
    """Real games with problems among them, each where a chunk may cut it:
    a refused move, a tag without its closing quote, games of a variant
    (said once an input, whatever its case), a comment holding a line that
    starts with '[', a FEN that cannot be played."""
    with open(REAL_FILES[0], "rb") as f:
        real = [b"[Event " + g for g in f.read().split(b"[Event ")[1:]]
    bad = [
        b'[Event "Refused"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 Nf6 3. Qxf7 1-0\n\n',
        b'[Event "Unclosed]\n[Result "0-1"]\n\n1. d4 d5 0-1\n\n',
        b'[Event "Atomic"]\n[Variant "Atomic"]\n[Result "1-0"]\n\n1. e4 d5 2. exd5 1-0\n\n',
        b'[Event "Hidden tag"]\n[Result "1/2-1/2"]\n\n1. e4 {a comment\n[Event "not a game"]\nstill the comment} '
        b'e5 2. Nf3 Nc6 1/2-1/2\n\n',
        b'[Event "atomic again"]\n[Variant "ATOMIC"]\n[Result "0-1"]\n\n1. e4 e5 0-1\n\n',
        b'[Event "Bad FEN"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/X7 w - - 0 1"]\n[Result "*"]\n\n1. Kb2 *\n\n',
    ]
    out = []
    for k in range(4):
        out += real[k * 40:(k + 1) * 40]
        out += bad[k:] + bad[:k]
    return b"".join(out)


def test_jobs():
    work = gbrtest.fresh_folder(os.path.join(WORK, "jobs"))
    with open(REAL_FILES[0], "rb") as f:
        sample = f.read()
    lichess = os.path.join(work, "lichess3.pgn")
    with open(lichess, "wb") as f:
        f.write(sample * 3)
    broken = os.path.join(work, "broken.pgn")
    with open(broken, "wb") as f:
        f.write(broken_games())
    env = dict(os.environ, GBR_INPUT_CHUNK_SIZE="1500")  # ~2,000 chunks of the repeated sample

    def run(*args, data=None):
        r = census(*args, data=data, env=env, cwd=work)
        return (r.returncode, r.stdout, r.stderr)

    # The reports are there to compare: refused moves, the tag, the variant once, the FEN.
    one = run("-j", "1", "broken.pgn")
    reports = one[2].decode()
    expect("broken: status", one[0], 1)
    expect("broken: refused moves", reports.count(": 2. Ke3: no white king can move to e3"), 4)
    expect("broken: unclosed tags", reports.count("without its closing quote"), 4)
    expect("broken: a variant said once", reports.count("[Variant \""), 1)
    expect("broken: a FEN not played", reports.count("cannot be played from"), 4)
    expect("broken: game numbers of one pass", re.findall(r"game (\d+): 2\. Ke3", reports), ["41", "92", "137", "182"])
    inputs = [["lichess3.pgn"], [REAL_FILES[1]], ["broken.pgn"], ["broken.pgn", REAL_FILES[1], "lichess3.pgn", "broken.pgn"]]
    formats = [[], ["--tsv"], ["--json"], ["--html"]]
    for files in inputs:
        for fmt in formats:
            for extra in ([], ["--ending", "every", "--fold"]):
                args = [*fmt, *extra, *files]
                want = run("-j", "1", *args)
                for j in ("2", "3", "4"):
                    expect("-j %s %s" % (j, " ".join(args)), run("-j", j, *args), want)
    with open(broken, "rb") as f:
        data = f.read()
    want = run("-j", "1", "--json", data=data)
    expect("standard input: reports", want[2].count(b"gbr: -:"), 13)
    for j in ("2", "4"):
        expect("standard input -j %s" % j, run("-j", j, "--json", data=data), want)
    # Other chunk sizes cut elsewhere.
    for size in ("700", "4096", "65536"):
        env["GBR_INPUT_CHUNK_SIZE"] = size
        want = run("-j", "1", "broken.pgn", "lichess3.pgn")
        expect("chunks of %s: -j 3" % size, run("-j", "3", "broken.pgn", "lichess3.pgn"), want)
    env["GBR_INPUT_CHUNK_SIZE"] = "1500"

    # Compressed copies: the file's census, the reports naming the copy.
    tools = {"zst": ["zstd", "-q", "-c"], "gz": ["gzip", "-c"], "bz2": ["bzip2", "-c"]}
    if not all(shutil.which(t[0]) for t in tools.values()):
        expect("zstd, gzip and bzip2 installed (apt-get install zstd gzip bzip2)", False, True)
        return
    for name in ("broken.pgn", "lichess3.pgn"):
        plain = run("-j", "1", "--json", name)
        for ext, tool in tools.items():
            packed = "%s.%s" % (name, ext)
            with open(os.path.join(work, packed), "wb") as f:
                subprocess.run(tool + [name], cwd=work, stdout=f, check=True)
            for j in ("1", "3"):
                got = run("-j", j, "--json", packed)
                expect("%s -j %s" % (packed, j), (got[0], got[1], got[2].replace(packed.encode(), name.encode())), plain)
    # A cut .zst: reported with its offset, the games before it counted and written.
    with open(os.path.join(work, "lichess3.pgn.zst"), "rb") as f:
        packed = f.read()
    cut = os.path.join(work, "cut.zst")
    with open(cut, "wb") as f:
        f.write(packed[:len(packed) // 2])
    decoded = subprocess.run(["zstd", "-q", "-d", "-c", cut], capture_output=True).stdout
    whole = json.loads(run("-j", "1", "--json", "lichess3.pgn")[1])["totals"]["games"]
    want = run("-j", "1", "--json", "cut.zst")
    expect("cut: status", want[0], 1)
    expect("cut: said with its offset", re.findall(rb"gbr: cut.zst: zstd stream cut short at compressed byte (\d+)", want[2]),
           [str(len(packed) // 2).encode()])
    read = json.loads(want[1])["totals"]["games"] if want[1] else None
    # Every game started in what could be decoded, the last one cut short too.
    expect("cut: the games before it counted", read, len(re.findall(rb"(?m)^\[Event ", decoded)))
    expect("cut: fewer than the whole", read is not None and 0 < read < whole, True)
    for j in ("2", "4"):
        expect("cut -j %s" % j, run("-j", j, "--json", "cut.zst"), want)


gbrtest.run_group({"reference": test_reference, "merge": test_merge, "filters": test_filters, "html": test_html,
                   "jobs": test_jobs},
                  GROUP)
gbrtest.finish("census " + GROUP)

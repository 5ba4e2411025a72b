#!/usr/bin/env python3
"""Tests of `gbr directory`.

Groups:
  sample     the bundled sample (src/cli/examples/studies.pgn) in every format
             against the expected files in expected/ (regenerate them with
             --update after checking the difference), and structural checks
             that tie the formats together; tsv values holding tabs and
             line ends (at every offset, and longer than the writer's buffer)
  generated  2000 generated games (src/cli/tests/gen/gen_pgn.py): each game's study code
             and position form computed here from its FEN, independently of
             libgbr, and the directory order checked with a key written here
             from spec/gbr.md §8
  errors     bad input: broken FEN, malformed tag section, a missing file,
             standard input, -o, usage errors
  codes      code tags: the stipulation taken from a code tag before
             [Result], an unreadable code tag reported with the entry kept,
             and gbr audit and gbr directory agreeing on which games' code
             tags are wrong (and on what they say) on generated data with
             planted wrong codes
  spill      --memory: generated games (with planted wrong codes), the sample
             (unclassified games) and the generated file again (every key
             tied) written with a tiny --memory (a run per game, 2024 runs
             merged in rounds) and a small one are byte for byte the output
             held in memory, in every format; ties keep their input order; a spill
             that cannot be written is reported and -o's file left alone
  paths      --pgn-paths: the page's file names relative to the working
             directory, by name, absolute; the split index; usage errors
  split      --split-by class and letter: the files written, the index's
             links (percent-encoded) into the parts, the parts together the
             one page's data, usage errors, a part that cannot be written
  text       composer, source and year from the tags a collection uses and
             their values in UTF-8: the Windows-1252 sample
             (src/cli/examples/studies-cp1252.pgn) in every format (text,
             tsv, json, html) names each composer and source in UTF-8, json
             names the tag each came from; valid UTF-8 kept; --encoding
             utf-8, latin-1, cp1252; --composer-tag, --source-tag,
             --year-tag and their usage errors; file names in json and
             html (the page's data, the --split-by index); select and audit --fix still copy the bytes

usage: directory_tests.py GBR WORK_DIR GROUP [--update]
"""
import json
import os
import re
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402
from gbrtest.fen import read_placement, square  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
UPDATE = "--update" in sys.argv[4:]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = gbrtest.ROOT
SAMPLE = "src/cli/examples/studies.pgn"  # relative: the outputs name it so
GEN = os.path.join(ROOT, "src", "cli", "tests", "gen", "gen_pgn.py")


def converted(n):
    """What directory says on standard error when n tag values were read as Windows-1252."""
    return ("gbr: directory: %d %s converted from Windows-1252 to UTF-8\n" % (n, "value" if n == 1 else "values")).encode()


def latin1_values(games, *names):
    """The number of values of those tags that are not ASCII (gen_pgn.py writes Latin-1)."""
    return sum(1 for g in games for n in names if any(ord(c) > 127 for c in g.get(n, "")))


def directory(*args, data=None):
    return subprocess.run([GBR, "directory", *args], input=data, capture_output=True, cwd=ROOT)


SAMPLE_STDERR = (b"gbr: src/cli/examples/studies.pgn:135:26: game 14: FEN tag: "
                 b"not a FEN piece letter, digit 1-8 or '/'\n")


def test_sample():
    test_tsv_values()
    outputs = {}
    for fmt, ext in (("text", "txt"), ("tsv", "tsv"), ("json", "json")):
        p = directory("--format", fmt, SAMPLE)
        expect("%s exit (a broken FEN in the sample)" % fmt, p.returncode, 1)
        expect("%s stderr" % fmt, p.stderr, SAMPLE_STDERR)
        outputs[fmt] = p.stdout
        path = os.path.join(HERE, "expected", "studies." + ext)
        if UPDATE:
            with open(path, "wb") as f:
                f.write(p.stdout)
        expect("%s output against %s" % (fmt, os.path.relpath(path, ROOT)), p.stdout, open(path, "rb").read())
    expect("text is the default", directory(SAMPLE).stdout, outputs["text"])

    # JSON: 24 games, the classes in ascending material order, counts that add up.
    d = json.loads(outputs["json"])
    classes = d["classes"]
    expect("json games", d["games"], 24)
    expect("json classes", len(classes), 20)
    codes = [c["material"] for c in classes]
    expect("json classes ascending", codes, sorted(codes))
    expect("json counts", [c["count"] for c in classes], [len(c["entries"]) for c in classes])
    expect("json entries + unclassified", sum(c["count"] for c in classes) + len(d["unclassified"]), 24)
    expect("json unclassified", [(u["game"], u["line"], u["column"], u["composer"]) for u in d["unclassified"]],
           [(14, 135, 26, "N. Farrow")])
    by_code = {c["material"]: c for c in classes}
    expect("json words as gbr decode says them", by_code["1006.00"]["words"], "White: queen; Black: two knights")
    expect("json name", by_code["1006.00"]["name"], "KQvKNN")
    expect("json a 9 has no name", by_code["0009.00"]["name"], None)
    # The game without [FEN] stands at the start position; [Result "*"]: no stipulation.
    start = by_code["4888.88"]["entries"]
    expect("no FEN: start position", [(e["game"], e["study"]) for e in start], [(15, "4888.88e1e8")])
    # The exact duplicates keep their input order; the mirrored twins are apart.
    dup = by_code["0011.01"]["entries"]
    expect("duplicates in input order", [(e["game"], e["year"]) for e in dup], [(3, "1952"), (12, "1990")])
    twins = by_code["1000.10"]["entries"]
    expect("mirrored twins", [e["study"] for e in twins], ["+1000.10b1c5", "+1000.10g1f5"])
    # Black to move with a draw: the "-=" indicator.
    expect("black to move", by_code["0030.10"]["entries"][0]["position"], "d1e5 0030.10 d3.d2 2/2-=.")

    # TSV: the same entries in the same order as JSON.
    rows = [r.split(b"\t") for r in outputs["tsv"].splitlines()]
    expect("tsv header", rows[0], b"material name study position composer source year file game line problem mismatch reference".split())
    expect("tsv columns", {len(r) for r in rows}, {13})
    json_rows = [(c["material"], e["study"], e["game"]) for c in classes for e in c["entries"]]
    json_rows += [("", "", u["game"]) for u in d["unclassified"]]
    expect("tsv order = json order", [(r[0].decode(), r[2].decode(), int(r[8])) for r in rows[1:]], json_rows)

    # Text: a heading per class with its count, each entry's codes and reference.
    text = outputs["text"].decode()
    expect("text summary", text.splitlines()[0], "GBR directory: 24 games, 20 material classes, 1 could not be classified")
    expect("text headings", sum(1 for line in text.splitlines() if line[:7] in codes and line[7:9] == "  "), 20)
    if "Could not classify  1 entry" not in text:
        failures.append("text: no closing 'could not classify' section")

    # The wrong [Black] code of game 9 (I. Renwick) is flagged in every
    # format, and no other entry is.
    flag = "Black tag says +0300.10a1a3, FEN gives +0400.10a1a3"
    expect("json mismatch", [(e["game"], e["mismatch"]) for c in classes for e in c["entries"] if e["mismatch"]],
           [(9, flag)])
    expect("json mismatch on every classified entry", all("mismatch" in e for c in classes for e in c["entries"]), True)
    expect("tsv mismatch", [(int(r[8]), r[11].decode()) for r in rows[1:] if r[11]], [(9, flag)])
    lines = text.splitlines()
    marked = [i for i, line in enumerate(lines) if line.lstrip().startswith("! ")]
    expect("text marked lines", [lines[i] for i in marked], ["              ! " + flag])
    expect("text mark under game 9's entry", [lines[i - 1].endswith("(game 9)") for i in marked], [True])

    # HTML: self-contained (no address outside the page), the right numbers of
    # classes, entries and squares. The browser test drives it for real.
    p = directory("--format", "html", SAMPLE)
    html = p.stdout.decode()
    expect("html exit", p.returncode, 1)
    for outside in ("http:", "https:", "//", "src=", "@import", "url("):
        if outside in html.replace("<!DOCTYPE", ""):
            # "//" is allowed nowhere: no protocol-relative addresses either.
            failures.append("html refers outside itself: %r" % outside)
    data = page_data(html)
    expect("html data: classes", [c[0] for c in data["classes"]], [c["material"] for c in classes])
    expect("html data: entries", [(e[0], e[1], e[8]) for c in data["classes"] for e in c[3]],
           [(e["study"], e["position"], e["game"]) for c in classes for e in c["entries"]])
    expect("html data: names and words", [(c[1] or None, c[2]) for c in data["classes"]],
           [(c["name"], c["words"]) for c in classes])
    expect("html data: unclassified", [(u[3], u[4]) for u in data["unclassified"]],
           [(u["game"], u["problem"]) for u in d["unclassified"]])
    # A. Vellmar's study, +0103.00c1c3: the men the diagram is drawn from.
    expect("html data: men", [e[5] for c in data["classes"] for e in c[3] if e[2] == "A. Vellmar"], ["Ra1Kc1kc3nh1"])
    expect("html data: mismatch", [(e[8], e[9]) for c in data["classes"] for e in c[3] if len(e) > 9], [(9, flag)])
    expect("html: legend", '<p id="legend">' in html and "<b>-+</b> Black to move, White wins" in html, True)

    # The data cannot end its script element: a '<' in a tag is written \u003c.
    tricky = os.path.join(WORK, "tricky.pgn")
    with open(tricky, "wb") as f:
        f.write(b'[White "</script><b>x"]\n[Event "a<!--b"]\n[FEN "8/8/8/8/8/8/8/K1k5 w - - 0 1"]\n\n*\n')
    p = directory("--format", "html", tricky)
    html = p.stdout.decode()
    expect("html: one closing script tag per script", html.count("</script>"), 2)
    expect("html: the tags come back", [c[3][0][2:4] for c in page_data(html)["classes"]],
           [["</script><b>x", "a<!--b"]])


def page_data(html):
    """The JSON data of an html page (its script element gbr-data)."""
    start = html.index('<script type="application/json" id="gbr-data">') + len('<script type="application/json" id="gbr-data">')
    return json.loads(html[start:html.index("</script>", start)])


def test_tsv_values():
    """A tab, line feed or carriage return inside a tsv value becomes a space:
    in the tag values (each at every offset within eight bytes, and one value
    far longer than the writer's 4 KiB line buffer) and in the file name.
    And a tag given twice is read from its first."""
    composer = ("".join("c" * k + ch + "c" * (15 - k) for ch in "\t\r" for k in range(8)) +
                "".join("a" * k + "\t" for k in range(9)) + "\rb\r")
    source = "s\t" + "x" * 5000 + "\t" + "y" * 4093 + "\t\t" + "z" * 7
    name = os.path.join(WORK, "tab\tname\n.pgn")
    with open(name, "wb") as f:
        f.write(('[Event "%s"]\n[White "%s"]\n[Date "1925.??.??"]\n[Result "1-0"]\n'
                 '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n1-0\n' % (source, composer)).encode())
    p = directory("--format", "tsv", name)
    expect("tsv values: exit", (p.returncode, p.stderr), (0, b""))
    lines = p.stdout.decode("latin-1").split("\n")
    expect("tsv values: lines", len(lines), 3)
    row = lines[1].split("\t")
    expect("tsv values: fields", len(row), 13)
    if len(row) == 13:
        spaced = lambda v: v.replace("\t", " ").replace("\n", " ").replace("\r", " ")
        expect("tsv values: composer", row[4], spaced(composer))
        expect("tsv values: source", row[5], spaced(source))
        expect("tsv values: year", row[6], "1925")
        expect("tsv values: file", row[7], spaced(name))
    # Short values, one game each: every length from 1 to 17 with the tab or
    # carriage return at every offset (the writer copies a value that fits a
    # word at a time, the last word overlapping, and one under 8 bytes alone).
    short = os.path.join(WORK, "short.pgn")
    values = [("v" * k + "\t" + "w" * (n - k - 1), "s" * k + "\r" + "t" * (n - k - 1))
              for n in range(1, 18) for k in range(n)]
    with open(short, "w") as f:
        for white, event in values:
            f.write('[Event "%s"]\n[White "%s"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n*\n\n' % (event, white))
    p = directory("--format", "tsv", short)
    got = [tuple(line.split("\t")[4:6]) for line in p.stdout.decode().splitlines()[1:]]
    expect("tsv values: short ones", got,
           [(w.replace("\t", " "), e.replace("\r", " ")) for w, e in values])
    # A tag given twice: the last is read (as pgn-extract reads it), each
    # name alike, and each name repeated is reported with both places.
    repeated = os.path.join(WORK, "repeated.pgn")
    with open(repeated, "w") as f:
        f.write('[Event "first"]\n[Event "second"]\n[White "w1"]\n[White "w2"]\n[Date "1931.01.01"]\n'
                '[Date "1932"]\n[Result "1/2-1/2"]\n[Result "1-0"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n'
                '[FEN "8/8/8/8/8/8/1Q6/K6k w - - 0 1"]\n\n1-0\n')
    p = directory("--format", "tsv", repeated)
    expect("repeated tags", p.stdout.decode().split("\n")[1].split("\t")[:7],
           ["1000.00", "KQvK", "+1000.00a1h1", "a1h1 1000.00 b2 2/1+.", "w2", "second", "1932"])
    expect("repeated tags reported", (p.stderr.decode(), p.returncode),
           ("".join("gbr: %s:%d:1: game 1: [%s] repeated (first at %d:1): the value of its last pair is taken\n"
                    % (repeated, line, name, line - 1)
                    for line, name in [(2, "Event"), (4, "White"), (6, "Date"), (8, "Result"), (10, "FEN")]), 1))


def parse_fen(fen):
    fields = fen.split(" ")
    return read_placement(fields[0]), fields[1] == "b"


def forms_of(fen, result):
    """Study code, position form and §8 key of a FEN without 9s (spec §2-§4, §8)."""
    board, black = parse_fen(fen)
    count = lambda ch: sum(1 for v in board.values() if v == ch)
    digits = ""
    for t in "QRBN":
        digits += str(count(t) + 3 * count(t.lower()))
    code = digits + "." + str(count("P")) + str(count("p"))
    wk = next(s for s, v in board.items() if v == "K")
    bk = next(s for s, v in board.items() if v == "k")
    stip = {"1-0": "+", "1/2-1/2": "="}.get(result, "")
    written = []
    for t in "QRBN":
        written += sorted(s for s, v in board.items() if v == t) + sorted(s for s, v in board.items() if v == t.lower())
    pawns = sorted(s for s, v in board.items() if v == "P") + sorted(s for s, v in board.items() if v == "p")
    field = "".join(square(s) for s in written) + ("." + "".join(square(s) for s in pawns) if pawns else "")
    men = [sum(1 for v in board.values() if v.isupper()), sum(1 for v in board.values() if v.islower())]
    indicator = {("+", False): "+", ("=", False): "=", ("+", True): "-+", ("=", True): "-=",
                 ("", False): " WTM", ("", True): " BTM"}[(stip, black)]
    order = ["", "+", "=", "-+", "-=", " WTM", " BTM"].index(indicator)
    position = "%s%s %s%s %d/%d%s." % (square(wk), square(bk), code, " " + field if field else "", men[0], men[1], indicator)
    key = (int(code.replace(".", "")), wk, bk, [s + 1 for s in written + pawns], order)
    return stip + code + square(wk) + square(bk), position, key


def test_generated():
    pgn = os.path.join(WORK, "generated.pgn")
    subprocess.run([sys.executable, GEN, "--games", "2000", "--seed", "17", "--movetext", "2", "--out", pgn], check=True)
    games = []  # per game: tags
    tags = {}
    for line in open(pgn, "rb").read().decode("latin-1").lstrip("\u00ef\u00bb\u00bf").splitlines():
        if line.startswith("[") and '"' in line:
            name, value = line[1:].split(" ", 1)
            tags[name] = value[1:value.rindex('"')]
        elif tags and not line.startswith("["):
            games.append(tags)
            tags = {}
    expect("generated games", len(games), 2000)
    p = directory("--format", "tsv", pgn)
    expect("generated exit", p.returncode, 0)
    expect("generated stderr: the Latin-1 values counted", p.stderr, converted(latin1_values(games, "White", "Event")))
    rows = [r.split("\t") for r in p.stdout.decode("utf-8").splitlines()[1:]]
    expect("generated rows", len(rows), 2000)
    expect("every game once", sorted(int(r[8]) for r in rows), list(range(1, 2001)))
    keys = []
    for r in rows:
        g = games[int(r[8]) - 1]
        study, position, key = forms_of(g["FEN"], g["Result"])
        want = [study[1:8] if study[0] in "+=" else study[:7], study, position, g["White"], g["Event"], g["Date"][:4]]
        got = [r[0], r[2], r[3], r[4], r[5], r[6]]
        if got != want:
            failures.append("game %s: got %r, want %r" % (r[8], got, want))
            break
        keys.append((key, int(r[8])))
    expect("directory order (§8, ties in input order)", keys == sorted(keys), True)


def test_errors():
    # Games without a composer, source or year tag, and one without any tag:
    # entries with empty texts, not a failure (they once said "out of memory").
    bare = os.path.join(WORK, "bare.pgn")
    with open(bare, "wb") as f:
        f.write(b'[ECO "A00"]\n\n1. b4 *\n\n1. e4 *\n')
    p = directory("--format", "tsv", bare)
    expect("tagless games exit", (p.returncode, p.stderr), (0, b""))
    expect("tagless games listed", [line.split(b"\t")[8] for line in p.stdout.splitlines()[1:]], [b"1", b"2"])
    bad = os.path.join(WORK, "bad.pgn")
    with open(bad, "wb") as f:
        f.write(b'[Event "one"]\n[White "A"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n[Result "1-0"]\n\n1-0\n\n'
                b'[Event "two"]\n[White "B\n\n1-0\n\n'                       # a value without its closing quote
                b'[Event "three"]\n[FEN "8/8/8/8/8/8/8/K6k x - - 0 1"]\n\n*\n')  # a bad side to move
    p = directory("--format", "json", bad)
    expect("errors exit", p.returncode, 1)
    d = json.loads(p.stdout)
    expect("errors classified", [e["game"] for c in d["classes"] for e in c["entries"]], [1])
    expect("errors unclassified", [(u["game"], u["line"], u["column"]) for u in d["unclassified"]],
           [(2, 8, 1), (3, 14, 25)])
    err = p.stderr.decode().splitlines()
    expect("each error on stderr as FILE:LINE:COLUMN", len(err) >= 2 and all(e.startswith("gbr: " + bad + ":") for e in err), True)
    if not any(":14:25: game 3: " in e for e in err):
        failures.append("no report of the FEN error at 14:25: %r" % err)

    # A missing file is reported and the others are still read.
    p = directory("--format", "tsv", os.path.join(WORK, "missing.pgn"), bad)
    expect("missing file exit", p.returncode, 1)
    expect("missing file reported", b"missing.pgn: cannot open" in p.stderr, True)
    expect("missing file: the rest read", len(p.stdout.splitlines()), 1 + 3)

    # Standard input, and a game without [FEN]: the start position.
    p = directory("--format", "tsv", data=b'[White "S"]\n[Result "1/2-1/2"]\n\n1. e4 1/2-1/2\n')
    expect("stdin exit", p.returncode, 0)
    expect("stdin row", p.stdout.splitlines()[1].split(b"\t")[:4],
           [b"4888.88", b"KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP", b"=4888.88e1e8",
            b"e1e8 4888.88 d1d8a1h1a8h8c1f1c8f8b1g1b8g8.a2b2c2d2e2f2g2h2a7b7c7d7e7f7g7h7 16/16=."])
    expect("empty input", directory("--format", "json", data=b"").stdout, b'{"games":0,"classes":[],\n"unclassified":[]}\n')

    # -o: written whole even when a game is bad; nothing on standard output.
    out = os.path.join(WORK, "out.html")
    p = directory("--format", "html", "-o", out, bad)
    expect("-o exit", p.returncode, 1)
    expect("-o stdout", p.stdout, b"")
    expect("-o file complete", open(out, "rb").read().endswith(b"</html>\n"), True)
    expect("no temporary files", sorted(f for f in os.listdir(WORK) if ".gbr-" in f), [])

    # Progress on standard error when it is a terminal (a pseudo-terminal
    # here), and nothing when it is not (every run above).
    import pty
    master, slave = pty.openpty()
    p = subprocess.run([GBR, "directory", "--format", "tsv", bad], stdout=subprocess.PIPE, stderr=slave, cwd=ROOT)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    expect("progress on a terminal", b"gbr: directory: 3 games, " in seen and b" MB/s" in seen, True)

    # Usage errors: exit 2, nothing written.
    for args in (["--format", "xml"], ["--format"], ["--bogus"]):
        p = directory(*args, bad)
        expect("usage %r exit" % args, p.returncode, 2)
        expect("usage %r stdout" % args, p.stdout, b"")
    p = directory("--help")
    expect("--help", (p.returncode, b"--format text|tsv|json|html" in p.stdout), (0, True))


def test_codes():
    # The stipulation: a code tag's '+'/'=' (study code) or indicator
    # (position form) before [Result]; a material code, a study code without
    # one and a [Black] name say none, and [Result] decides.
    pgn = os.path.join(WORK, "codes.pgn")
    with open(pgn, "wb") as f:
        f.write(b'[Event "1"]\n[Black "(=0100.00a1c3) 1st Prize"]\n[Result "1-0"]\n'
                b'[FEN "8/8/8/8/8/2k5/8/KR6 w - - 0 1"]\n\n*\n\n'
                b'[Event "2"]\n[GBR "a1c3 0100.00 b1 2/1-+."]\n[Result "*"]\n'
                b'[FEN "8/8/8/8/8/2k5/8/KR6 b - - 0 1"]\n\n*\n\n'
                b'[Event "3"]\n[GBR "0100.00"]\n[Result "1/2-1/2"]\n'
                b'[FEN "8/8/8/8/8/2k5/8/KR6 w - - 0 1"]\n\n*\n\n'
                b'[Event "4"]\n[Black "0100.00a1c3"]\n[Result "1-0"]\n'
                b'[FEN "8/8/8/8/8/2k5/8/KR6 w - - 0 1"]\n\n*\n\n'
                b'[Event "5"]\n[Black "B. Fox"]\n[GBR "+0200.00a1c3"]\n[Result "*"]\n'
                b'[FEN "8/8/8/8/8/2k5/8/KR6 w - - 0 1"]\n\n*\n\n'
                # An unreadable [GBR] code: reported, the entry kept, [Result] used.
                b'[Event "6"]\n[GBR "0100.0x"]\n[Result "1-0"]\n'
                b'[FEN "8/8/8/8/8/2k5/8/KR6 w - - 0 1"]\n\n*\n')
    p = directory("--format", "json", pgn)
    expect("codes exit (an unreadable code tag)", p.returncode, 1)
    d = json.loads(p.stdout)
    got = {e["game"]: (e["study"], e["position"], e["mismatch"]) for c in d["classes"] for e in c["entries"]}
    expect("codes: every entry kept", sorted(got), [1, 2, 3, 4, 5, 6])
    expect("codes: study code's '=' over [Result] 1-0", got.get(1), ("=0100.00a1c3", "a1c3 0100.00 b1 2/1=.", None))
    expect("codes: position form's '-+' over [Result] *", got.get(2), ("+0100.00a1c3", "a1c3 0100.00 b1 2/1-+.", None))
    expect("codes: a material code says none", got.get(3), ("=0100.00a1c3", "a1c3 0100.00 b1 2/1=.", None))
    expect("codes: a study code without one", got.get(4), ("+0100.00a1c3", "a1c3 0100.00 b1 2/1+.", None))
    expect("codes: a name in [Black], a wrong [GBR] with '+'", got.get(5),
           ("+0100.00a1c3", "a1c3 0100.00 b1 2/1+.", "GBR tag says +0200.00a1c3, FEN gives +0100.00a1c3"))
    expect("codes: unreadable [GBR], [Result] used", got.get(6), ("+0100.00a1c3", "a1c3 0100.00 b1 2/1+.", None))
    expect("codes: the unreadable tag reported (at its 'x')", p.stderr,
           ("gbr: %s:38:13: game 6: GBR tag: expected a material digit 0-9\n" % pgn).encode())
    a = subprocess.run([GBR, "audit", pgn], capture_output=True)
    expect("codes: audit reports it alike", a.stderr, p.stderr)

    # Audit and directory agree on which games are wrong and on what each
    # wrong tag says, on generated games with planted wrong codes (the
    # generator lists its plants: a third, independent account).
    gen = os.path.join(WORK, "planted.pgn")
    plants = os.path.join(WORK, "planted.txt")
    subprocess.run([sys.executable, GEN, "--games", "1500", "--seed", "5", "--wrong-every", "6", "--movetext", "2",
                    "--out", gen, "--mismatches", plants], check=True)
    a = subprocess.run([GBR, "audit", gen], capture_output=True, cwd=ROOT)
    expect("planted: audit exit", a.returncode, 1)
    by_audit = {}
    for line in a.stdout.decode("latin-1").splitlines()[:-1]:
        game = int(line.split(": game ", 1)[1].split(" ", 1)[0])
        said = line.split("): ", 1)[1]
        by_audit[game] = by_audit[game] + "; " + said if game in by_audit else said
    p = directory("--format", "tsv", gen)
    expect("planted: directory exit", p.returncode, 0)
    expect("planted: directory stderr (the count of Latin-1 values alone)",
           re.fullmatch(rb"gbr: directory: \d+ values converted from Windows-1252 to UTF-8\n", p.stderr) is not None, True)
    rows = [r.split("\t") for r in p.stdout.decode("utf-8").splitlines()[1:]]
    by_directory = {int(r[8]): r[11] for r in rows if r[11]}
    expect("planted: games wrong (audit = directory)", sorted(by_directory), sorted(by_audit))
    expect("planted: what each says (audit = directory)", by_directory, by_audit)
    n_plants = sum(1 for line in open(plants) if line.strip())
    expect("planted: as many as planted", (len(by_directory), len(by_directory) == n_plants), (1500 // 6, True))


def test_spill():
    gen = os.path.join(WORK, "spill.pgn")
    subprocess.run([sys.executable, GEN, "--games", "1000", "--seed", "23", "--wrong-every", "9", "--movetext", "2",
                    "--out", gen], check=True)
    inputs = [gen, SAMPLE, gen]
    for fmt in ("text", "tsv", "json", "html"):
        held = directory("--format", fmt, *inputs)
        expect("%s held in memory: exit (the sample's broken FEN)" % fmt, held.returncode, 1)
        expect("%s held in memory: entries" % fmt, len(held.stdout) > 200000, True)
        for memory in ("1K", "64K"):
            spilled = directory("--memory", memory, "--format", fmt, *inputs)
            expect("%s --memory %s: exit" % (fmt, memory), spilled.returncode, held.returncode)
            expect("%s --memory %s: stderr" % (fmt, memory), spilled.stderr, held.stderr)
            expect("%s --memory %s: output = held in memory" % (fmt, memory), spilled.stdout == held.stdout, True)
    # Ties (the same file twice): the first file's entry first, per key.
    rows = [r.split("\t") for r in directory("--memory", "1K", "--format", "tsv", *inputs).stdout
            .decode("latin-1").splitlines()[1:]]
    order = {}
    for r in rows:
        if r[0]:
            order.setdefault((r[2], r[3]), []).append((r[7], int(r[8])))
    tied = [v for v in order.values() if len(v) > 1]
    expect("ties present", len(tied) >= 1000, True)
    expect("ties in input order", all(v == sorted(v, key=lambda w: (w[0] != gen, w[1])) for v in tied), True)
    # The spill really happens: with nowhere to spill, a tiny --memory fails
    # (reported, -o's file untouched) where the default does not.
    out = os.path.join(WORK, "kept.txt")
    with open(out, "wb") as f:
        f.write(b"kept\n")
    env = dict(os.environ, TMPDIR=os.path.join(WORK, "no-such-directory"))
    p = subprocess.run([GBR, "directory", "--memory", "1K", "-o", out, gen], capture_output=True, cwd=ROOT, env=env)
    expect("nowhere to spill: exit", p.returncode, 1)
    expect("nowhere to spill: message", p.stderr.startswith(b"gbr: directory: cannot create a temporary file in "),
           True)
    expect("nowhere to spill: -o file kept", open(out, "rb").read(), b"kept\n")
    p = subprocess.run([GBR, "directory", "-o", out, gen], capture_output=True, cwd=ROOT, env=env)
    expect("default memory, nowhere to spill: exit", (p.returncode, b"cannot" in p.stderr), (0, False))
    for bad in ("12X", "1000", "0"):
        p = directory("--memory", bad, SAMPLE)
        expect("bad --memory %s" % bad, (p.returncode, b"bad --memory" in p.stderr, p.stdout), (2, True, b""))


def test_split():
    """--split-by: the parts beside the index page, together the one page."""
    whole = page_data(directory("--format", "html", SAMPLE).stdout.decode())
    want_classes = [c[0] for c in whole["classes"]]
    for by in ("class", "letter"):
        folder = os.path.join(WORK, by)
        os.makedirs(folder, exist_ok=True)
        for f in os.listdir(folder):
            os.remove(os.path.join(folder, f))
        index = os.path.join(folder, "studies.html")
        p = directory("--format", "html", "--split-by", by, "-o", index, SAMPLE)
        expect("%s: exit (the sample's broken FEN)" % by, (p.returncode, p.stdout), (1, b""))
        expect("%s: stderr" % by, p.stderr, SAMPLE_STDERR)
        names = sorted(os.listdir(folder))
        if by == "class":
            want_names = sorted(["studies.html", "studies.css", "studies.js"] +
                                ["studies-%s.html" % c for c in want_classes])
        else:
            want_names = ["studies-B.html", "studies-K.html", "studies-N.html", "studies-P.html", "studies-Q.html",
                          "studies-R.html", "studies.css", "studies.html", "studies.js"]
        expect("%s: files" % by, names, want_names)
        # The style and the script once, beside the index: the one page's
        # own, which every part and the index load.
        one = directory("--format", "html", SAMPLE).stdout.decode()
        inline = (one.split("<style>\n", 1)[1].split("</style>", 1)[0],
                  one.split("</script>\n<script>\n", 1)[1].split("</script>", 1)[0])
        expect("%s: studies.css and studies.js are the page's style and script" % by,
               (open(os.path.join(folder, "studies.css"), encoding="utf-8").read(),
                open(os.path.join(folder, "studies.js"), encoding="utf-8").read()) == inline, True)
        for name in names:
            if name.endswith(".html"):
                part = open(os.path.join(folder, name), encoding="utf-8").read()
                expect("%s: %s loads the style and script, has no copy of them" % (by, name),
                       ('<link rel="stylesheet" href="studies.css">' in part, '<script src="studies.js"></script>' in part,
                        "<style>" in part, inline[1][:200] in part), (True, True, False, False))
        text = open(index, encoding="utf-8").read()
        # The index's filter, and ordinals that are text of their items (an
        # outside marker stood over the count at the end of the column before).
        expect("%s: the index has the filter and its count line" % by,
               ('<input id="filter"' in text, '<p id="shown">' in text), (True, True))
        ordinals = re.findall(r'<li><span class="n">(\d+)\.</span> <a href=', text)
        expect("%s: every class's item numbered in its text" % by, len(ordinals), len(want_classes))
        # The index links every class into its part, in directory order, and
        # lists the game that could not be classified.
        links = re.findall(r'<li><span class="n">\d+\.</span> <a href="([^"]*)"', text)
        expect("%s: index links" % by, [l.split("#")[1] for l in links], ["c" + c for c in want_classes])
        expect("%s: links lead to files written" % by, all(l.split("#")[0] in names for l in links), True)
        expect("%s: index lists the unclassified" % by, text.count('<li class="unclassified">'), 1)
        # Each part holds its own classes, whole; together, all of them in order.
        got = []
        for name in names:
            if name == "studies.html" or not name.endswith(".html"):
                continue
            part = open(os.path.join(folder, name), encoding="utf-8").read()
            data = page_data(part)
            expect("%s: %s links back to the index" % (by, name), '<a href="studies.html">' in part, True)
            expect("%s: %s has no unclassified" % (by, name), data["unclassified"], [])
            got += data["classes"]
            if by == "letter":
                letter = name[len("studies-")]
                for c in data["classes"]:
                    digits = c[0][:4]
                    strongest = next((t for t, d in zip("QRBN", digits) if d != "0"),
                                     "P" if c[0][5:] != "00" else "K")
                    expect("%s: class %s in part %s" % (by, c[0], letter), strongest, letter)
        got.sort(key=lambda c: want_classes.index(c[0]))
        expect("%s: parts together = the one page" % by, got, whole["classes"])
    for args, message in ((["--split-by", "class", SAMPLE], b"give --format html"),
                          (["--format", "html", "--split-by", "class", SAMPLE], b"give -o FILE"),
                          (["--format", "html", "--split-by", "class", "-o", "-", SAMPLE], b"give -o FILE"),
                          (["--format", "html", "--split-by", "piece", "-o", "x.html", SAMPLE], b"bad --split-by")):
        p = directory(*args)
        expect("usage %r" % args, (p.returncode, message in p.stderr, p.stdout), (2, True, b""))
    # An index whose name has no .html: the parts' keys go at its end.
    folder = os.path.join(WORK, "plain")
    os.makedirs(folder, exist_ok=True)
    p = directory("--format", "html", "--split-by", "letter", "-o", os.path.join(folder, "index"), SAMPLE)
    expect("no .html: files", sorted(os.listdir(folder)),
           ["index", "index-B", "index-K", "index-N", "index-P", "index-Q", "index-R", "index.css", "index.js"])
    # A name that a link must encode: the index's links lead to the parts.
    folder = os.path.join(WORK, "spaced")
    os.makedirs(folder, exist_ok=True)
    p = directory("--format", "html", "--split-by", "letter", "-o", os.path.join(folder, "my #1 100%.html"), SAMPLE)
    text = open(os.path.join(folder, "my #1 100%.html"), encoding="utf-8").read()
    links = sorted({l.split('"')[0].split("#c")[0] for l in text.split('<a href="')[1:]})
    expect("encoded links", links, ["my%20%231%20100%25-" + k + ".html" for k in "BKNPQR"])
    expect("encoded links lead to the parts",
           all(os.path.exists(os.path.join(folder, urllib.parse.unquote(l))) for l in links), True)
    # A part that cannot be written: reported, exit 1, no index.
    folder = os.path.join(WORK, "blocked")
    os.makedirs(os.path.join(folder, "studies-Q.html"), exist_ok=True)
    p = directory("--format", "html", "--split-by", "letter", "-o", os.path.join(folder, "studies.html"), SAMPLE)
    expect("blocked part: exit, report", (p.returncode, b"studies-Q.html" in p.stderr), (1, True))
    expect("blocked part: no index", os.path.exists(os.path.join(folder, "studies.html")), False)
    # The style that cannot be written: reported, exit 1, no part, no index.
    folder = gbrtest.fresh_folder(os.path.join(WORK, "blocked-style"))
    os.makedirs(os.path.join(folder, "studies.css"))
    p = directory("--format", "html", "--split-by", "letter", "-o", os.path.join(folder, "studies.html"), SAMPLE)
    expect("blocked style: exit, report", (p.returncode, b"studies.css" in p.stderr), (1, True))
    expect("blocked style: nothing else written", sorted(os.listdir(folder)), ["studies.css"])



CP1252_SAMPLE = "src/cli/examples/studies-cp1252.pgn"
# Per game of the sample: composer, source, year, reference and the tags they
# come from (the defaults: the source from [Event], the reference from [Source]).
CP1252_WANT = {
    1: ("É. Lefèvre", "?", "1927", "Revue d’Échecs", "Composer", "Event", "Date"),
    2: ("Z. Šimek", "?", "1934", "Šachový zpravodaj", "Composer", "Event", "Date"),
    3: ("L. Müllner", "Schwäbische Schachblätter", "1952", "", "Author", "Event", "EventDate"),
    4: ("J. Prošek", "?", "1961", "Le Problème “Thèmes”", "White", "Event", "Year"),
}


def json_entries(out):
    d = json.loads(out.decode("utf-8"))
    return {e["game"]: e for c in d["classes"] for e in c["entries"]} | {e["game"]: e for e in d["unclassified"]}


def test_text():
    # Every format names each composer and source in UTF-8.
    outputs = {}
    for fmt in ("text", "tsv", "json", "html"):
        p = directory("--format", fmt, CP1252_SAMPLE)
        expect("cp1252 %s: exit and the count of values converted" % fmt, (p.returncode, p.stderr), (0, converted(8)))
        try:
            outputs[fmt] = p.stdout.decode("utf-8")
        except UnicodeDecodeError as e:
            failures.append("cp1252 %s: output not UTF-8: %s" % (fmt, e))
            outputs[fmt] = p.stdout.decode("latin-1")
    text, html = outputs["text"], outputs["html"]
    # The page's data: each entry [STUDY, POSITION, COMPOSER, SOURCE, YEAR, MEN, FILE, LINE, GAME].
    page_entries = {e[8]: e for c in page_data(html)["classes"] for e in c[3]}
    expect("cp1252 html: the page's games", sorted(page_entries), sorted(CP1252_WANT))
    rows = {int(r[8]): r for r in (line.split("\t") for line in outputs["tsv"].splitlines()[1:])}
    entries = json_entries(outputs["json"].encode("utf-8"))
    for game, (composer, source, year, reference, ctag, stag, ytag) in CP1252_WANT.items():
        fields = " | ".join([composer, source, year] + ([reference] if reference else []))
        expect("cp1252 text game %d" % game, "%s -- %s:" % (fields, CP1252_SAMPLE) in text, True)
        expect("cp1252 tsv game %d" % game, rows[game][4:7] + rows[game][12:], [composer, source, year, reference])
        e = entries[game]
        expect("cp1252 json game %d" % game, [e["composer"], e["source"], e["year"], e["reference"]],
               [composer, source, year, reference])
        expect("cp1252 json game %d: the tags" % game, [e.get("composer_tag"), e.get("source_tag"), e.get("year_tag"),
                                                        e.get("reference_tag")], [ctag, stag, ytag, "Source" if reference else None])
        expect("cp1252 html game %d" % game, page_entries[game][2:5] + page_entries[game][10:],
               [composer, source, year] + ([reference] if reference else []))
    expect("cp1252 json: text, not escaped bytes", "Lef\\u00c3" in outputs["json"] or "Lefèvre" not in outputs["json"],
           False)

    # Valid UTF-8 is kept (also in JSON, as text), nothing counted; a value
    # mixing UTF-8 and other bytes is read as Windows-1252 whole.
    pgn = os.path.join(WORK, "utf8.pgn")
    with open(pgn, "wb") as f:
        f.write('[White "J. Müller"]\n[Event "Šachy ©"]\n[Date "2001"]\n\n*\n\n'.encode("utf-8"))
        f.write(b'[White "J. M\xc3\xbcller \xe9"]\n[Event "\x80\x81\x8d\x8f\x90\x9d\x9f"]\n\n*\n')
    p = directory("--format", "json", pgn)
    entries = json_entries(p.stdout)
    expect("utf-8 kept: stderr", p.stderr, converted(2))
    expect("utf-8 kept", [entries[1]["composer"], entries[1]["source"], entries[1]["year"]],
           ["J. Müller", "Šachy ©", "2001"])
    expect("utf-8 kept: json text", "J. Müller".encode() in p.stdout, True)
    expect("mixed: read as Windows-1252, undefined bytes their C1 controls",
           [entries[2]["composer"], entries[2]["source"]], ["J. MÃ¼ller é", "€\x81\x8d\x8f\x90\x9dŸ"])

    # --encoding forces a reading.
    forced = {"utf-8": ("Revue d\ufffd\ufffdchecs", "J. Müller é".replace("é", "\ufffd")),
              "latin-1": ("Revue d\x92Échecs", "J. MÃ¼ller é"),
              "cp1252": ("Revue d’Échecs", "J. MÃ¼ller é"),
              "auto": ("Revue d’Échecs", "J. MÃ¼ller é")}
    how = {"utf-8": "with bytes that are not UTF-8 (each part replaced by U+FFFD)",
           "latin-1": "converted from Latin-1 to UTF-8", "cp1252": "converted from Windows-1252 to UTF-8",
           "auto": "converted from Windows-1252 to UTF-8"}
    counts = {"utf-8": 10, "latin-1": 12, "cp1252": 12, "auto": 10}
    for enc, (source1, composer2) in forced.items():
        p = directory("--format", "json", "--encoding", enc, CP1252_SAMPLE, pgn)
        d = json.loads(p.stdout.decode("utf-8"))
        by = {(e["file"], e["game"]): e for c in d["classes"] for e in c["entries"]}
        expect("--encoding %s: the sample's reference" % enc, by[(CP1252_SAMPLE, 1)]["reference"], source1)
        expect("--encoding %s: a mixed value" % enc, by[(pgn, 2)]["composer"], composer2)
        expect("--encoding %s: stderr" % enc, p.stderr.decode(),
               "gbr: directory: %d values %s\n" % (counts[enc], how[enc]))
        if enc in ("latin-1", "cp1252"):
            expect("--encoding %s: UTF-8 read as single bytes" % enc, by[(pgn, 1)]["composer"], "J. MÃ¼ller")

    # Tags named on the command line, in order.
    p = directory("--format", "json", "--composer-tag", "White", "--source-tag", "Event,Source",
                  "--year-tag", "Year", CP1252_SAMPLE)
    entries = json_entries(p.stdout)
    expect("--composer-tag White", [entries[g]["composer"] for g in (1, 4)], ["?", "J. Prošek"])
    expect("--source-tag Event,Source: '?' gives way",
           [(entries[g]["source"], entries[g].get("source_tag")) for g in (1, 3)],
           [("Revue d’Échecs", "Source"), ("Schwäbische Schachblätter", "Event")])
    expect("--year-tag Year", [(entries[g]["year"], entries[g].get("year_tag")) for g in (1, 4)],
           [("", None), ("1961", "Year")])
    p = directory("--format", "tsv", "--composer-tag", "Annotator", CP1252_SAMPLE)
    expect("a tag no game has: empty", {r.split("\t")[4] for r in p.stdout.decode().splitlines()[1:]}, {""})
    for option, bad in (("--composer-tag", "Bad-Name"), ("--source-tag", "A,,B"), ("--year-tag", ","),
                        ("--composer-tag", ",".join("T%d" % i for i in range(9))), ("--encoding", "ascii"),
                        ("--encoding", "UTF-8")):
        p = directory(option, bad, CP1252_SAMPLE)
        expect("usage error %s %s" % (option, bad), (p.returncode, p.stdout, b"bad " + option.encode() in p.stderr),
               (2, b"", True))
    p = directory("--composer-tag", ",".join("T%d" % i for i in range(8)), CP1252_SAMPLE)
    expect("eight tag names are allowed", p.returncode, 0)

    # File names: JSON gives their bytes back (UTF-8 as text, other bytes
    # as \udcXX), a page shows them in UTF-8 (read as auto reads a value):
    # in its data, and in the index of --split-by (the unclassified game).
    data = open(os.path.join(ROOT, SAMPLE), "rb").read()
    for name in (b"\xc3\xa9tudes.pgn", b"\xe9tudes.pgn"):
        path = os.path.join(WORK.encode(), name)
        with open(path, "wb") as f:
            f.write(data)
        p = subprocess.run([GBR.encode(), b"directory", b"--format", b"json", path], capture_output=True)
        got = {e["file"] for e in json_entries(p.stdout).values()}
        expect("json file name %r" % name, [os.fsencode(f) for f in got], [path])
        p = subprocess.run([GBR.encode(), b"directory", b"--format", b"html", path], capture_output=True)
        files = page_data(p.stdout.decode("utf-8", errors="replace"))["files"]
        expect("html file name %r in UTF-8, relative to the working directory" % name, files,
               [os.path.relpath(os.fsdecode(WORK) + "/études.pgn")])
        index = os.path.join(WORK.encode(), b"split-" + name + b".html")
        p = subprocess.run([GBR.encode(), b"directory", b"--format", b"html", b"--split-by", b"letter", b"-o", index,
                            path], capture_output=True)
        expect("split index: file name %r in UTF-8" % name,
               "études.pgn:135:26 (game 14)" in open(index, "rb").read().decode("utf-8", errors="replace"), True)

    # select and audit --fix copy the games byte for byte.
    # Every game is selected, so select writes the whole file back: the comment
    # before the first game goes with that game.
    raw = open(os.path.join(ROOT, CP1252_SAMPLE), "rb").read()
    p = subprocess.run([GBR, "select", "K...vK...", CP1252_SAMPLE], capture_output=True, cwd=ROOT)
    expect("select copies the bytes", p.stdout, raw)
    fixed = os.path.join(WORK, "fixed.pgn")
    p = subprocess.run([GBR, "audit", "--fix", "-o", fixed, CP1252_SAMPLE], capture_output=True, cwd=ROOT)
    expect("audit --fix copies the bytes", open(fixed, "rb").read(), raw)



def test_paths():
    """--pgn-paths: the page names its PGN files relative to the working
    directory (an absolute path rewritten, inside it or beside it), by name
    alone, or absolute when asked; the split index too; the other formats
    as given; usage errors."""
    top = gbrtest.fresh_folder(os.path.join(WORK, "paths"))
    here, beside = os.path.join(top, "here"), os.path.join(top, "beside")
    os.makedirs(os.path.join(here, "inner"))
    os.makedirs(beside)
    sample = open(os.path.join(ROOT, SAMPLE), "rb").read()
    for folder in (here, os.path.join(here, "inner"), beside):
        with open(os.path.join(folder, "studies.pgn"), "wb") as f:
            f.write(sample)
    inputs = [os.path.join(here, "inner", "studies.pgn"), os.path.join(beside, "studies.pgn"), "studies.pgn",
              "./inner/studies.pgn", os.path.join(here, ".", "inner", "..", "studies.pgn"), "-"]

    def page(*args):
        p = subprocess.run([GBR, "directory", "--format", "html", *args, *inputs], capture_output=True, cwd=here,
                           input=sample)
        expect("paths %r: exit (the sample's broken FEN)" % (args,), p.returncode, 1)
        return page_data(p.stdout.decode())["files"]

    relative = ["inner/studies.pgn", "../beside/studies.pgn", "studies.pgn", "./inner/studies.pgn",
                "inner/../studies.pgn", "-"]
    expect("default: relative to the working directory", page(), relative)
    expect("--pgn-paths relative", page("--pgn-paths", "relative"), relative)
    expect("--pgn-paths name", page("--pgn-paths", "name"), ["studies.pgn"] * 5 + ["-"])
    expect("--pgn-paths absolute", page("--pgn-paths", "absolute"),
           inputs[:2] + [os.path.join(here, "studies.pgn"), os.path.join(here, "inner/studies.pgn"), inputs[4], "-"])
    expect("no absolute path in the page by default", any(f.startswith("/") for f in page()), False)
    # Where the working directory is the root, and where it is deeper than the file.
    p = subprocess.run([GBR, "directory", "--format", "html", inputs[0]], capture_output=True, cwd="/")
    expect("from /", page_data(p.stdout.decode())["files"], [inputs[0][1:]])
    p = subprocess.run([GBR, "directory", "--format", "html", os.path.join(here, "studies.pgn")], capture_output=True,
                       cwd=os.path.join(here, "inner"))
    expect("from a folder below the file's", page_data(p.stdout.decode())["files"], ["../studies.pgn"])
    # The split index lists the game that could not be classified with its file.
    index = os.path.join(top, "split.html")
    p = subprocess.run([GBR, "directory", "--format", "html", "--split-by", "letter", "-o", index, inputs[1]],
                       capture_output=True, cwd=here)
    text = open(index, encoding="utf-8").read()
    expect("split index: the file relative", ("../beside/studies.pgn:135:26 (game 14)" in text, beside in text),
           (True, False))
    p = subprocess.run([GBR, "directory", "--format", "html", "--split-by", "letter", "--pgn-paths", "name", "-o", index,
                        inputs[1]], capture_output=True, cwd=here)
    expect("split index: the name alone", ">studies.pgn:135:26 (game 14)" in open(index, encoding="utf-8").read(), True)
    # The other formats name the files as given.
    p = subprocess.run([GBR, "directory", "--format", "tsv", inputs[0]], capture_output=True, cwd=here)
    expect("tsv: as given", p.stdout.decode().splitlines()[1].split("\t")[7], inputs[0])
    for args, message in ((["--pgn-paths", "name"], b"give --format html"),
                          (["--format", "tsv", "--pgn-paths", "name"], b"give --format html"),
                          (["--format", "html", "--pgn-paths", "full"], b"bad --pgn-paths 'full' (relative, name or absolute)")):
        p = directory(*args, SAMPLE)
        expect("usage %r" % args, (p.returncode, message in p.stderr, p.stdout), (2, True, b""))


gbrtest.run_group({"sample": test_sample, "text": test_text, "generated": test_generated, "errors": test_errors, "codes": test_codes,
 "spill": test_spill, "split": test_split, "paths": test_paths}, GROUP)
gbrtest.finish("directory " + GROUP)

"""gbr.collection against the gbr command: every game's composer, source,
year and their tags as `gbr directory --format json` gives them (with its
tag and encoding options), and every code tag's verdict, problem and reader
report as `gbr audit` prints them, on the bundled examples and on a real
PGN file not written here (pgn-extract's eco.pgn, when installed); and the
ten-line study verifier of docs/library.md."""
import json
import os
import re
import subprocess
import sys

import pytest

import gbr
import gbr.collection as gc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
EXAMPLES = os.path.join(ROOT, "src", "cli", "examples")
ECO = "/usr/share/pgn-extract/eco.pgn"
GBR_BIN = os.environ.get("GBR_BIN")
needs_gbr = pytest.mark.skipif(not GBR_BIN, reason="GBR_BIN (the gbr command) not given")

FILES = [os.path.join(EXAMPLES, name) for name in ("studies.pgn", "studies-cp1252.pgn", "queen_exchange.pgn")]
REAL = pytest.param(ECO, marks=pytest.mark.skipif(not os.path.isfile(ECO), reason=f"{ECO} (pgn-extract) missing"))

MISMATCH = re.compile(r"^(.*):(\d+):(\d+): game (\d+) \(White \"(?:[^\"]|\"(?!, Event))*\", Event \".*\"\): (.*)$")
REPORT = re.compile(r"^gbr: (.*):(\d+):(\d+): (?:game (\d+): )?(.*)$")
SUMMARY = re.compile(r"^(\d+) games, (\d+) checked, (\d+) mismatches$")


def run(*args):
    return subprocess.run([GBR_BIN, *args], capture_output=True, timeout=300)


@needs_gbr
@pytest.mark.parametrize("path", FILES + [REAL])
def test_audit_verdicts_are_gbr_audits(path):
    proc = run("audit", path)
    out = proc.stdout.decode("utf-8", "replace").splitlines()
    err = proc.stderr.decode("utf-8", "replace").splitlines()
    summary = SUMMARY.match(out[-1])
    assert summary, out[-1]
    theirs_mismatches = sorted((int(m[2]), int(m[3]), int(m[4]), m[5]) for m in map(MISMATCH.match, out[:-1]))
    theirs_reports = sorted((int(m[2]), int(m[3]), int(m[4] or 0), m[5]) for m in map(REPORT.match, err))

    read = gc.pgn_read(path)
    ours_mismatches = sorted((c.line, c.column, g.number, c.says) for g in read.games for c in g.mismatches)
    ours_reports = sorted([(p.line, p.column, g.number, f"{p.what}: {p.message}") for g in read.games
                           for p in g.problems] + [(d.line, d.column, d.game, d.message) for d in read.diagnostics])
    assert ours_mismatches == theirs_mismatches
    assert ours_reports == theirs_reports
    games, checked, mismatches = map(int, summary.groups())
    assert (len(read.games), sum(g.checked for g in read.games), len(ours_mismatches)) == (games, checked, mismatches)
    # Each verdict is the rule's: a wrong code differs from what the FEN gives.
    for g in read.games:
        for c in g.codes:
            assert c.wrong == (c.expected is not None and c.expected != c.code)


def directory_entries(path, *options):
    proc = run("directory", "--format", "json", *options, path)
    assert proc.returncode in (0, 1), proc.stderr
    data = json.loads(proc.stdout)
    entries = {}
    for cls in data["classes"]:
        for e in cls["entries"]:
            entries[e["game"]] = e
    return data["games"], entries


DIRECTORY_RUNS = [
    (os.path.join(EXAMPLES, "studies.pgn"), [], {}),
    (os.path.join(EXAMPLES, "studies.pgn"), ["--composer-tag", "Black,White", "--source-tag", "Site,Event",
                                             "--year-tag", "EventDate,Date"],
     dict(composer_tags=["Black", "White"], source_tags="Site,Event", year_tags=["EventDate", "Date"])),
    (os.path.join(EXAMPLES, "studies-cp1252.pgn"), [], {}),
    (os.path.join(EXAMPLES, "studies-cp1252.pgn"), ["--encoding", "latin-1"], dict(encoding="latin-1")),
    (os.path.join(EXAMPLES, "studies-cp1252.pgn"), ["--encoding", "utf-8"], dict(encoding="utf-8")),
    (os.path.join(EXAMPLES, "studies-cp1252.pgn"), ["--encoding", "cp1252"], dict(encoding="cp1252")),
    pytest.param(ECO, ["--composer-tag", "Opening", "--source-tag", "Variation,ECO"],
                 dict(composer_tags="Opening", source_tags=["Variation", "ECO"]),
                 marks=pytest.mark.skipif(not os.path.isfile(ECO), reason=f"{ECO} (pgn-extract) missing")),
]


@needs_gbr
@pytest.mark.parametrize("path,options,keywords", DIRECTORY_RUNS)
def test_composer_source_year_are_gbr_directorys(path, options, keywords):
    count, entries = directory_entries(path, *options)
    games = gc.pgn_games(path, **keywords)
    assert len(games) == count
    compared = 0
    for g in games:
        e = entries.get(g.number)
        if e is None:  # not classified: the directory lists it apart
            continue
        assert e["line"] == g.line
        ours = [g.composer, g.source, g.year, g.composer_tag, g.source_tag, g.year_tag]
        theirs = [e["composer"] or None, e["source"] or None, e["year"] or None, e["composer_tag"], e["source_tag"],
                  e["year_tag"]]
        assert ours == theirs, (g.number, ours, theirs)
        # The directory's mismatch text is the audit rule's sentences.
        assert e["mismatch"] == ("; ".join(c.says for c in g.mismatches if c.says) or None)
        # Its study code is the FEN's with the stipulation the first code says, else [Result]'s.
        said = next((c.stipulation for c in g.codes if c.stipulation), None)
        result = said or {"1-0": "win", "1/2-1/2": "draw"}.get(g.tag("Result") or "")
        assert e["study"] == gbr.study_code(g.fen, result=result)
        compared += 1
    assert compared >= len(games) // 2, compared


def test_tags_values_encodings_and_escapes():
    pgn = ('[Event "Caf\xe9 \\"Central\\""]\n[White "N\xfa\xf1ez"]\n[Date "1999.??.??"]\n'
           '[Black "(+0100.00e1e8) TT"]\n[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n\n1-0\n').encode("latin-1")
    auto, = gc.pgn_games(pgn)
    assert auto.tag("Event") == 'Caf\xe9 "Central"' and auto.source == auto.tag("Event")
    assert auto.composer == "N\xfa\xf1ez" and auto.composer_tag == "White" and auto.year == "1999"
    # Valid UTF-8 is kept; read as UTF-8 the Latin-1 bytes are replaced.
    assert gc.pgn_games(pgn.decode("latin-1").encode("utf-8"))[0].composer == "N\xfa\xf1ez"
    assert gc.pgn_games(pgn, encoding="utf-8")[0].composer == "N\ufffd\ufffdez"
    assert gc.pgn_games(b'[White "\x80"]\n\n*\n', encoding="cp1252")[0].composer == "\u20ac"
    assert gc.pgn_games(b'[White "\x80"]\n\n*\n', encoding="latin-1")[0].composer == "\x80"
    # HHdb's suffixes after a [Black] code ("TT", "(c)") are the audit rule's to skip.
    code, = auto.codes
    assert (code.tag, code.code, code.expected, code.wrong, code.stipulation) == (
        "Black", "+0100.00e1e8", "+0100.00e1e8", False, "win")
    assert (code.line, code.column) == (4, 10)
    for black, found in [("(+0100.00e1e8) (c)", "+0100.00e1e8"), ("+0100.00e1e8 TT", "+0100.00e1e8"),
                         ("=0100.00e1e8 (c) EG#123", "=0100.00e1e8"), ("Kasparian (+0100.00e1e8)", None)]:
        game, = gc.pgn_games(b'[Black "' + black.encode() + b'"]\n[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n\n*\n')
        assert [c.code for c in game.codes] == ([found] if found else []), black
    assert auto.checked and not auto.problems and auto.fen.startswith("4k3/")


def test_problems_diagnostics_and_games_without_fen():
    pgn = (b'[GBR "not a code"]\n[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n\n*\n\n'
           b'[White x]\n[GBR "0000.00"]\n\n*\n\n'
           b'[GBR "0000.00"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*\n\n'
           b'[GBR "0000.44"]\n\n*\n')
    read = gc.pgn_read(pgn)
    one, two, three, four = read.games
    assert one.problems == (gc.Problem(1, 7, "GBR tag", "not a material code, study code or position form"),)
    assert not one.codes and not one.checked
    assert two.malformed and two.diagnostics and not two.codes and not two.checked
    assert read.diagnostics == list(two.diagnostics) and two.diagnostics[0].game == 2
    assert [p.what for p in three.problems] == ["FEN tag"] and three.codes[0].expected is None
    assert not three.codes[0].wrong and not three.checked
    # Without [FEN], the game starts from the standard position.
    assert four.fen == gc.START_FEN and four.codes[0].expected == "4888.88" and four.codes[0].wrong
    assert four.codes[0].says == "GBR tag says 0000.44, FEN gives 4888.88"


def test_sources_and_refusals(tmp_path):
    path = tmp_path / "one.pgn"
    path.write_bytes(b'[White "A"]\n\n*\n')
    assert gc.pgn_games(path)[0].composer == "A"
    assert gc.pgn_games(str(path)) == gc.pgn_games(bytearray(path.read_bytes())) == gc.pgn_games(
        memoryview(path.read_bytes()))
    with pytest.raises(ValueError, match="encoding"):
        gc.pgn_games(b"", encoding="utf-16")
    with pytest.raises(ValueError, match="composer_tags"):
        gc.pgn_games(b"", composer_tags="Bad-Name")
    with pytest.raises(TypeError):
        gc.pgn_games(12)
    assert gc.pgn_games(b"") == []


VERIFIER = '''
import sys, gbr.collection
bad = 0
for path in sys.argv[1:]:
    for game in gbr.collection.pgn_games(path):
        for problem in game.problems:
            print(f"{path}:{problem.line}:{problem.column}: game {game.number}: {problem.what}: {problem.message}")
        for code in game.mismatches:
            print(f"{path}:{code.line}:{code.column}: game {game.number}: {code.says}")
        bad += len(game.problems) + len(game.mismatches)
sys.exit(1 if bad else 0)
'''


def test_the_ten_line_verifier_of_the_guide():
    """The verifier of docs/library.md, as it is written there, finds what
    gbr audit finds in the bundled collection."""
    with open(os.path.join(ROOT, "docs", "library.md"), encoding="utf-8") as f:
        guide = f.read()
    assert VERIFIER.strip() in guide, "docs/library.md shows another verifier"
    assert len(VERIFIER.strip().splitlines()) <= 10
    path = os.path.join(EXAMPLES, "studies.pgn")
    proc = subprocess.run([sys.executable, "-c", VERIFIER, path], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        f"{path}:87:10: game 9: Black tag says +0300.10a1a3, FEN gives +0400.10a1a3",
        f"{path}:135:26: game 14: FEN tag: not a FEN piece letter, digit 1-8 or '/'",
    ]

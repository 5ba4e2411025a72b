"""gbr.collection against the gbr command: every game's composer (every
composer of a joint study, under a names file's chosen names), source, year,
reference and their tags as `gbr directory --format json` gives them (with
its tag, encoding and names options, on the bundled examples and on a
keeper's collection with [Composer2], [Event] publications and [Source]
references), and every code tag's verdict, problem and reader
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


def compare_with_directory(path, options, keywords):
    """Each classified game of path as gbr directory --format json lists it;
    returns the games compared."""
    count, entries = directory_entries(path, *options)
    games = gc.pgn_games(path, **keywords)
    assert len(games) == count
    compared = []
    for g in games:
        e = entries.get(g.number)
        if e is None:  # not classified: the directory lists it apart
            continue
        assert e["line"] == g.line
        ours = [g.composer, g.source, g.year, g.reference, g.composer_tag, g.source_tag, g.year_tag, g.reference_tag]
        theirs = [e["composer"] or None, e["source"] or None, e["year"] or None, e["reference"] or None,
                  e["composer_tag"], e["source_tag"], e["year_tag"], e["reference_tag"]]
        assert ours == theirs, (g.number, ours, theirs)
        # The composer field is the composers, each as the field shows it.
        assert "; ".join(g.composers) == (g.composer or "")
        # The directory's mismatch text is the audit rule's sentences.
        assert e["mismatch"] == ("; ".join(c.says for c in g.mismatches if c.says) or None)
        # Its study code is the FEN's with the stipulation the first code says, else [Result]'s.
        said = next((c.stipulation for c in g.codes if c.stipulation), None)
        result = said or {"1-0": "win", "1/2-1/2": "draw"}.get(g.tag("Result") or "")
        assert e["study"] == gbr.study_code(g.fen, result=result)
        compared.append(g)
    assert len(compared) >= len(games) // 2, len(compared)
    return compared


@needs_gbr
@pytest.mark.parametrize("path,options,keywords", DIRECTORY_RUNS)
def test_composer_source_year_are_gbr_directorys(path, options, keywords):
    compare_with_directory(path, options, keywords)


FEN = "8/8/8/8/8/2k5/8/R1K4n w - - 0 1"
# As keymove.xyz keeps studies: the publication in [Event], an EG number or a
# remark in [Source], a joint study's co-authors in [Composer2], [Composer3]
# (an unknown one left out); and HHdb's spelling of one of them.
KEYMOVE = ('[Event "Glasgow Weekly Citizen#414"]\n[Site "?"]\n[Date "2004.??.??"]\n[White "?"]\n[Black "?"]\n'
           '[Result "1-0"]\n[Composer "Afek, Yochanan"]\n[Composer3 "?"]\n[Composer2 "Kalandadze, Velimir"]\n'
           '[Source "EG#14437"]\n[SetUp "1"]\n[FEN "%s"]\n\n1. Ra3+ 1-0\n\n'
           '[Event "2.c Th\u00e8mes 64#3234"]\n[Date "1950.??.??"]\n[Result "1/2-1/2"]\n[Composer "Proke\u0161, L."]\n'
           '[Composer2 "Afek=Y"]\n[Composer4 "Third, T."]\n[Source "= Prokes=L g3h6 1950."]\n'
           '[FEN "8/8/8/8/5k2/8/4P3/4K2r w - - 0 1"]\n\n1/2-1/2\n\n'
           '[Event "HHdb"]\n[Date "2004"]\n[White "Afek=Y"]\n[Black "(+0103.00c1c3)"]\n[Result "1-0"]\n'
           '[FEN "%s"]\n\n1-0\n' % (FEN, FEN))
NAMES = "# the chosen name first\nAfek, Yochanan | Afek=Y\n  Prokes, Ladislav|Proke\u0161, L.  \n"


@needs_gbr
def test_joint_studies_references_and_names_are_gbr_directorys(tmp_path):
    path, names = tmp_path / "keymove.pgn", tmp_path / "names.txt"
    path.write_text(KEYMOVE, encoding="utf-8")
    names.write_text(NAMES, encoding="utf-8")
    one, two, three = compare_with_directory(str(path), [], {})
    assert (one.composers, one.composer, one.source, one.reference, one.reference_tag) == (
        ("Afek, Yochanan", "Kalandadze, Velimir"), "Afek, Yochanan; Kalandadze, Velimir", "Glasgow Weekly Citizen#414",
        "EG#14437", "Source")
    assert two.composers == ("Proke\u0161, L.", "Afek=Y", "Third, T.") and two.reference == "= Prokes=L g3h6 1950."
    assert (three.composers, three.composer_tag, three.reference, three.reference_tag) == (("Afek=Y",), "White",
                                                                                           None, None)
    one, two, three = compare_with_directory(str(path), ["--names", str(names)], dict(names=names))
    assert two.composers == ("Prokes, Ladislav", "Afek, Yochanan", "Third, T.")
    assert three.composer == "Afek, Yochanan" and one.composer == "Afek, Yochanan; Kalandadze, Velimir"
    assert gc.pgn_games(str(path), names=os.fsencode(names)) == gc.pgn_games(path, names=str(names))
    # The tags chosen: the older reading, [Source] as the source; a reference of another tag.
    for options, keywords in [(["--source-tag", "Source,Event"], dict(source_tags="Source,Event")),
                              (["--source-tag", "Source", "--reference-tag", "Site,Event"],
                               dict(source_tags=["Source"], reference_tags=["Site", "Event"])),
                              (["--composer-tag", "White,Composer"], dict(composer_tags="White,Composer"))]:
        compare_with_directory(str(path), options, keywords)


def test_a_repeated_tag_is_read_as_the_command_reads_it():
    """Of a repeated tag the last pair counts, as in every gbr command (and
    pgn-extract): the FEN, the fields and the codes' verdicts all read it."""
    pgn = (b'[Event "first"]\n[Event "second"]\n[White "W"]\n[GBR "0001.00"]\n'
           b'[FEN "4k3/8/8/8/8/8/8/B3K3 w - - 0 1"]\n[FEN "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"]\n\n*\n')
    read = gc.pgn_read(pgn)
    game, = read.games
    assert [(t.name, t.value, t.superseded) for t in game.tags if t.name in ("Event", "FEN")] == [
        ("Event", "first", True), ("Event", "second", False),
        ("FEN", "4k3/8/8/8/8/8/8/B3K3 w - - 0 1", True), ("FEN", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", False)]
    assert game.tag("Event") == game.source == "second"
    assert game.fen == "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"
    code, = game.codes
    assert code.expected == gbr.material_code(game.fen) == "0001.00" and not code.wrong
    assert [d.message.split(":")[0] for d in read.diagnostics] == ["[Event] repeated (first at 1", "[FEN] repeated (first at 5"]


def test_names_file_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"Afek, Yochanan | Afek=Y\nA. Other |  | x\nB. Other | Afek=Y\nC. \xff\n")
    with pytest.raises(ValueError) as caught:
        gc.pgn_games(b'[White "Afek=Y"]\n\n*\n', names=bad)
    assert str(caught.value).splitlines() == [
        f"{bad}:2:13: an empty spelling (spellings are separated by '|')",
        f"{bad}:4:4: not UTF-8 (a names file is UTF-8)",
        f"{bad}:3:12: this spelling already names another person (line 1)"]
    with pytest.raises(OSError, match="cannot read the names file"):
        gc.pgn_games(b"", names=tmp_path / "missing.txt")
    with pytest.raises(TypeError):
        gc.pgn_games(b"", names=12)  # type: ignore[arg-type]


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

#!/usr/bin/env python3
"""A keeper's fields as collections keep them, in gbr directory, duplicates
and lookup.

usage: fields_tests.py GBR WORK_DIR GROUP
  directory   a collection that keeps the publication in [Event], a reference
              in [Source] and co-authors in [Composer2]: every format (text,
              tsv, json, html data) shows the source, the reference and every
              composer of the joint study; the text format keeps its fields
              apart from the commas inside names; --source-tag and
              --reference-tag still choose the tags; --names shows a
              composer's other spelling under the chosen name; a names file
              with errors is reported FILE:LINE:COLUMN, exit 1, nothing written;
              a game with [SetUp "1"] and no [FEN] is listed unclassified
              under that reason, at its SetUp tag, in every format
  duplicates  the same study in two databases under two spellings: different
              composers without --names, the same with it; the reference and
              the co-authors in text, tsv and json; the SetUp game's reason
              in text, tsv and json
  lookup      a position found in both databases: every composer, the
              reference, the names file's chosen name, in text and json
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")


def gbr(*args):
    return subprocess.run([GBR, *args], capture_output=True, cwd=WORK)


FEN = "8/8/8/8/8/2k5/8/R1K4n w - - 0 1"
KEYMOVE = ('[Event "Glasgow Weekly Citizen#414"]\n[Site "?"]\n[Date "2004.??.??"]\n[White "?"]\n[Black "?"]\n'
           '[Result "1-0"]\n[Composer "Afek, Yochanan"]\n[Composer3 "?"]\n[Composer2 "Kalandadze, Velimir"]\n'
           '[Source "EG#14437"]\n[SetUp "1"]\n[FEN "%s"]\n\n1. Ra3+ 1-0\n\n'
           '[Event "2.c Th\u00e8mes 64#3234"]\n[Date "1950.??.??"]\n[Result "1/2-1/2"]\n[Composer "Proke\u0161, Ladislav"]\n'
           '[Source "= Prokes=L g3h6 1950."]\n[FEN "8/8/8/8/5k2/8/4P3/4K2r w - - 0 1"]\n\n1/2-1/2\n' % FEN)
HHDB = ('[Event "Glasgow Weekly Citizen"]\n[Date "2004"]\n[White "Afek=Y"]\n[Black "(+0103.00c1c3)"]\n'
        '[Result "1-0"]\n[FEN "%s"]\n\n1-0\n' % FEN)
# A game set up from no position, between two that are fine.
SETUP = HHDB + '\n[Event "Tourney"]\n[White "Setter, S."]\n[Result "*"]\n[SetUp "1"]\n\n1. e4 *\n\n' + HHDB
SETUP_WHY = "SetUp tag without FEN tag"
NAMES = "# one line a person: the chosen name first\nAfek, Yochanan | Afek=Y\n\n  Kalandadze, Velimir|Kalandadze=V  \n"
JOINT = "Afek, Yochanan; Kalandadze, Velimir"
for name, text in (("keymove.pgn", KEYMOVE), ("hhdb.pgn", HHDB), ("names.txt", NAMES), ("setup.pgn", SETUP)):
    with open(os.path.join(WORK, name), "w", encoding="utf-8") as f:
        f.write(text)


def page_data(page):
    m = re.search(r'<script type="application/json" id="gbr-data">(.*?)</script>', page, re.S)
    return json.loads(m.group(1)) if m else {"classes": [], "unclassified": []}


def test_directory():
    p = gbr("directory", "keymove.pgn")
    out = p.stdout.decode("utf-8", "replace")
    expect("text: exit", (p.returncode, p.stderr), (0, b""))
    expect("text: the joint study, its source, year and reference apart",
           "\n                %s | Glasgow Weekly Citizen#414 | 2004 | EG#14437 -- keymove.pgn:1 (game 1)\n" % JOINT in out,
           True)
    expect("text: a remark as the reference",
           "Proke\u0161, Ladislav | 2.c Th\u00e8mes 64#3234 | 1950 | = Prokes=L g3h6 1950. -- keymove.pgn:16 (game 2)" in out,
           True)
    p = gbr("directory", "--format", "tsv", "keymove.pgn", "hhdb.pgn")
    rows = [line.split("\t") for line in p.stdout.decode("utf-8").splitlines()]
    head = rows[0]
    got = [{k: r[head.index(k)] for k in ("composer", "source", "year", "reference", "file")} for r in rows[1:]]
    expect("tsv: the fields", sorted(got, key=lambda r: r["file"] + r["year"]), [
        {"composer": "Afek=Y", "source": "Glasgow Weekly Citizen", "year": "2004", "reference": "", "file": "hhdb.pgn"},
        {"composer": "Proke\u0161, Ladislav", "source": "2.c Th\u00e8mes 64#3234", "year": "1950",
         "reference": "= Prokes=L g3h6 1950.", "file": "keymove.pgn"},
        {"composer": JOINT, "source": "Glasgow Weekly Citizen#414", "year": "2004", "reference": "EG#14437",
         "file": "keymove.pgn"}])
    p = gbr("directory", "--format", "json", "keymove.pgn")
    entries = {e["game"]: e for c in json.loads(p.stdout)["classes"] for e in c["entries"]}
    e = entries[1]
    expect("json: the joint study", [e["composer"], e["source"], e["reference"], e["source_tag"], e["reference_tag"]],
           [JOINT, "Glasgow Weekly Citizen#414", "EG#14437", "Event", "Source"])
    p = gbr("directory", "--format", "html", "keymove.pgn")
    page = [e for c in page_data(p.stdout.decode("utf-8"))["classes"] for e in c[3]]
    expect("html data: composer, source, year, reference", sorted((e[2], e[3], e[4], e[10]) for e in page),
           [(JOINT, "Glasgow Weekly Citizen#414", "2004", "EG#14437"),
            ("Proke\u0161, Ladislav", "2.c Th\u00e8mes 64#3234", "1950", "= Prokes=L g3h6 1950.")])
    # The tags chosen on the command line: the older reading.
    p = gbr("directory", "--format", "json", "--source-tag", "Source,Event", "--reference-tag", "Site", "keymove.pgn")
    e = {e["game"]: e for c in json.loads(p.stdout)["classes"] for e in c["entries"]}[1]
    expect("--source-tag Source,Event --reference-tag Site", [e["source"], e["reference"], e["reference_tag"]],
           ["EG#14437", "?", "Site"])
    p = gbr("directory", "--format", "json", "--source-tag", "Source,Event", "keymove.pgn")
    e = {e["game"]: e for c in json.loads(p.stdout)["classes"] for e in c["entries"]}[1]
    expect("the source's tag is not the reference too", [e["source"], e["reference"], e["reference_tag"]],
           ["EG#14437", "", None])
    unknown_first = os.path.join(WORK, "unknown-first.pgn")
    with open(unknown_first, "w", encoding="utf-8") as f:
        f.write('[Composer "?"]\n[Composer2 "Kalandadze, Velimir"]\n[Composer3 "Afek, Yochanan"]\n'
                '[FEN "%s"]\n\n*\n' % FEN)
    p = gbr("directory", "--format", "json", unknown_first)
    e = json.loads(p.stdout)["classes"][0]["entries"][0]
    expect("an unknown composer beside known co-authors is left out", (e["composer"], e["composer_tag"]),
           ("Kalandadze, Velimir; Afek, Yochanan", "Composer"))
    p = gbr("directory", "--format", "json", "--composer-tag", "White,Composer", "keymove.pgn")
    e = {e["game"]: e for c in json.loads(p.stdout)["classes"] for e in c["entries"]}[1]
    expect("co-authors follow the composer's tag", e["composer"], JOINT)
    # --names: HHdb's spelling under the chosen name.
    p = gbr("directory", "--format", "tsv", "--names", "names.txt", "keymove.pgn", "hhdb.pgn")
    rows = [line.split("\t") for line in p.stdout.decode("utf-8").splitlines()]
    expect("--names: exit", (p.returncode, p.stderr), (0, b""))
    expect("--names: the composers", sorted(r[4] for r in rows[1:]),
           sorted([JOINT, "Afek, Yochanan", "Proke\u0161, Ladislav"]))
    # A names file with errors: each reported where it is; nothing written.
    bad = os.path.join(WORK, "bad-names.txt")
    with open(bad, "wb") as f:
        f.write(b"Afek, Yochanan | Afek=Y\nA. Other |  | x\nB. Other | Afek=Y\nC. \xff\n")
    out_file = os.path.join(WORK, "never.txt")
    p = gbr("directory", "--names", bad, "-o", out_file, "keymove.pgn")
    expect("bad names file: reports", p.stderr.decode().splitlines(), [
        "gbr: %s:2:13: an empty spelling (spellings are separated by '|')" % bad,
        "gbr: %s:4:4: not UTF-8 (a names file is UTF-8)" % bad,
        "gbr: %s:3:12: this spelling already names another person (line 1)" % bad])
    expect("bad names file: exit 1, no output", (p.returncode, p.stdout, os.path.exists(out_file)), (1, b"", False))
    bom = os.path.join(WORK, "bom-names.txt")
    with open(bom, "wb") as f:
        f.write(b"\xef\xbb\xbf" + NAMES.split("\n", 1)[1].encode("utf-8"))
    p = gbr("directory", "--format", "tsv", "--names", bom, "hhdb.pgn")
    expect("a names file with a byte-order mark", [line.split("\t")[4] for line in p.stdout.decode().splitlines()[1:]],
           ["Afek, Yochanan"])
    p = gbr("directory", "--names", os.path.join(WORK, "missing.txt"), "keymove.pgn")
    expect("missing names file", (p.returncode, b"missing.txt: cannot read the names file" in p.stderr), (1, True))
    # [SetUp "1"] without [FEN]: reported by the reader, listed under its own reason at its tag (line 13).
    report = 'gbr: setup.pgn:13:1: game 2: [SetUp "1"] without a [FEN] tag: the start position is unknown\n'
    p = gbr("directory", "setup.pgn")
    expect("setup text", (p.returncode, p.stderr.decode(), "  setup.pgn:13:1 (game 2): %s\n" % SETUP_WHY in
                          p.stdout.decode()), (1, report, True))
    p = gbr("directory", "--format", "tsv", "setup.pgn")
    rows = [line.split("\t") for line in p.stdout.decode("utf-8").splitlines()]
    head = rows[0]
    expect("setup tsv", [(r[head.index("game")], r[head.index("line")], r[head.index("problem")]) for r in rows[1:]
                         if r[head.index("problem")]], [("2", "13", SETUP_WHY)])
    p = gbr("directory", "--format", "json", "setup.pgn")
    expect("setup json", [(e["game"], e["line"], e["column"], e["problem"]) for e in json.loads(p.stdout)["unclassified"]],
           [(2, 13, 1, SETUP_WHY)])
    p = gbr("directory", "--format", "html", "setup.pgn")
    expect("setup html", [SETUP_WHY in json.dumps(u) for u in page_data(p.stdout.decode("utf-8"))["unclassified"]],
           [True])


def test_duplicates():
    p = gbr("duplicates", "--format", "json", "keymove.pgn", "hhdb.pgn")
    group = json.loads(p.stdout)["positions"][0]["games"]
    expect("two spellings without --names", [g["composer"] for g in group], [JOINT, "Afek=Y"])
    expect("the reference", [g["reference"] for g in group], ["EG#14437", ""])
    p = gbr("duplicates", "--format", "json", "--names", "names.txt", "keymove.pgn", "hhdb.pgn")
    group = json.loads(p.stdout)["positions"][0]["games"]
    expect("--names: the same composer", [g["composer"] for g in group], [JOINT, "Afek, Yochanan"])
    p = gbr("duplicates", "--names", "names.txt", "keymove.pgn", "hhdb.pgn")
    out = p.stdout.decode("utf-8")
    expect("text: fields apart", ["  %s | Glasgow Weekly Citizen#414 | EG#14437 -- keymove.pgn:1 (game 1)" % JOINT in out,
                                  "  Afek, Yochanan | Glasgow Weekly Citizen -- hhdb.pgn:1 (game 1)" in out], [True, True])
    p = gbr("duplicates", "--format", "tsv", "--names", "names.txt", "keymove.pgn", "hhdb.pgn")
    rows = [line.split("\t") for line in p.stdout.decode("utf-8").splitlines()]
    head = rows[0]
    expect("tsv: composer and reference", [(r[head.index("composer")], r[head.index("reference")]) for r in rows[1:]],
           [(JOINT, "EG#14437"), ("Afek, Yochanan", "")])
    p = gbr("duplicates", "--names", os.path.join(WORK, "missing.txt"), "keymove.pgn")
    expect("missing names file", (p.returncode, p.stdout), (1, b""))
    # [SetUp "1"] without [FEN]: listed under its own reason at its tag (line 13).
    p = gbr("duplicates", "setup.pgn")
    expect("setup text", (p.returncode, p.stdout.decode().endswith(
        "Could not classify\n  ????.??.??  Setter, S. | Tourney -- setup.pgn:13 (game 2): %s\n" % SETUP_WHY)), (1, True))
    p = gbr("duplicates", "--format", "tsv", "setup.pgn")
    rows = [line.split("\t") for line in p.stdout.decode("utf-8").splitlines()]
    head = rows[0]
    expect("setup tsv", [(r[head.index("game")], r[head.index("line")], r[head.index("problem")]) for r in rows[1:]
                         if r[0] == "unclassified"], [("2", "13", SETUP_WHY)])
    p = gbr("duplicates", "--format", "json", "setup.pgn")
    expect("setup json", [(u["game"], u["line"], u["column"], u["problem"]) for u in json.loads(p.stdout)["unclassified"]],
           [(2, 13, 1, SETUP_WHY)])


def test_lookup():
    p = gbr("lookup", "--format", "json", "--names", "names.txt", "-p", FEN, "keymove.pgn", "hhdb.pgn")
    hits = json.loads(p.stdout)["positions"][0]["same_position"]
    expect("json: composers, source, reference", [(h["composer"], h["source"], h["reference"]) for h in hits],
           [(JOINT, "Glasgow Weekly Citizen#414", "EG#14437"), ("Afek, Yochanan", "Glasgow Weekly Citizen", None)])
    p = gbr("lookup", "-p", FEN, "keymove.pgn", "hhdb.pgn")
    out = p.stdout.decode("utf-8")
    expect("text: fields apart", ["  %s | Glasgow Weekly Citizen#414 | EG#14437 -- keymove.pgn:1 (game 1)" % JOINT in out,
                                  "  Afek=Y | Glasgow Weekly Citizen -- hhdb.pgn:1 (game 1)" in out], [True, True])
    p = gbr("lookup", "--names", "bad-names.txt", "-p", FEN, "keymove.pgn")
    expect("bad names file", (p.returncode, p.stdout), (1, b""))


gbrtest.run_group({"directory": test_directory, "duplicates": test_duplicates, "lookup": test_lookup}, GROUP)
gbrtest.finish("fields " + GROUP)

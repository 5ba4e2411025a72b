#!/usr/bin/env python3
"""Tests of `gbr scan` (spec/gbr.md 10.1): matches, look-alikes that must not
match, codes straddling read buffers, BOM / CRLF / Latin-1 input.

usage: scan_tests.py GBR WORK_DIR GROUP   (GROUP: matches, straddle, encodings, blocks)
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")


def scan(data, *options):
    p = subprocess.run([GBR, "scan", *options], input=data, capture_output=True)
    if p.returncode != 0:
        failures.append("exit %d for %r: %s" % (p.returncode, data[:60], p.stderr.decode(errors="replace")))
    return p.stdout.decode("latin-1")


def codes(data, *options):
    """(form, canonical) of every match."""
    return [tuple(line.split(": ", 2)[1:]) for line in scan(data, *options).splitlines()]


def test_matches():
    found = [
        (b"two knights against a pawn: 0002.01", [("material", "0002.01")]),
        (b"all 32 men codes as 4888.88.", [("material", "4888.88")]),
        (b"(+0016.32d4g7) 1st Prize", [("study", "+0016.32d4g7")]),
        (b"[+0020.42c1a1]", [("study", "+0020.42c1a1")]),
        (b"[=0323.12g3g1]", [("study", "=0323.12g3g1")]),
        (b"classified as =0323.12g3g1. (The solution", [("study", "=0323.12g3g1")]),
        (b"plain 0020.42c1a1 study", [("study", "0020.42c1a1")]),
        (b"x+0020.42c1a1", [("study", "0020.42c1a1")]),  # a word byte before '+': no stipulation
        (b"a7d3 0116.00 b2b3c6d6 3/3+.", [("position", "a7d3 0116.00 b2b3c6d6 3/3+.")]),
        (b"coded: a2c4 0000.32 .d4e3f2e4f3 4/3 WTM. Next", [("position", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.")]),
        (b"wrapped a7d3 0116.00\nb2b3c6d6 3/3+. here", [("position", "a7d3 0116.00 b2b3c6d6 3/3+.")]),
        (b"wrapped a7d3\r\n0116.00 b2b3c6d6 3/3-=.", [("position", "a7d3 0116.00 b2b3c6d6 3/3-=.")]),
        (b"e1e8 0009.00 {b1c1d1/f6} 4/2.", [("position", "e1e8 0009.00 {b1c1d1/f6} 4/2.")]),
        # A men count that disagrees: the material code alone is the match.
        (b"e1e8 0000.00 2/2.", [("material", "0000.00")]),
        (b"<td>0002.01</td><td>4100.00</td>", [("material", "0002.01"), ("material", "4100.00")]),
        (b"value=0002.01;", [("material", "0002.01")]),
        (b"price 1234.56 $1234.56 and 2023.11 alone", [("material", "1234.56"), ("material", "1234.56"),
                                                       ("material", "2023.11")]),
        (b"no-break\xa00002.01\xa0", [("material", "0002.01")]),
        (b"0002.01", [("material", "0002.01")]),
        (b"0002.01\n", [("material", "0002.01")]),
    ]
    for text, want in found:
        expect("matches in %r" % text, codes(text), want)

    # The false positives the boundary rule must not report.
    rejected = [b"2023.11.05", b"1.2023.11", b"v2023.11", b"KNNKP0002.01", b"12345.67", b"1234.567",
                b"+44 1234.567890", b"1234.56\xe2\x82\xac", b"\xe2\x82\xac1234.56", b"1234.56EUR",
                b"192.168.1.1", b"0.0000", b"3.14", b"1999.99", b"1234.56e7", b"8000.88", b"0009.88",
                b"+0016.32d4d4", b"4100", b"+0020c1a1", b"0002.01_x", b"path/0002.01/x", b"1234.5",
                b"caf\xe90002.01", b"10.0.0.1 and 1.2.3.4567.89", b"1930.02.??", b'[Date "1930.02.??"]',
                b"1930.02.?", b"+0020.42c1a1.??"]
    for text in rejected:
        expect("no match in %r" % text, codes(text), [])
    # ...but a full stop that ends the sentence does not reject:
    expect("sentence end", codes(b"2023.11. Next 2023.11."), [("material", "2023.11")] * 2)
    expect("full stop then '?' apart", codes(b"Is it 2023.11. ?"), [("material", "2023.11")])

    # --form filters, --json carries the same facts.
    text = b"0002.01 +0020.42c1a1 a7d3 0116.00 b2b3c6d6 3/3+.\n"
    expect("--form study", codes(text, "--form", "study"), [("study", "+0020.42c1a1")])
    expect("--form material,position", [f for f, _ in codes(text, "--form", "material,position")],
           ["material", "position"])
    rows = [json.loads(line) for line in scan(text, "--json").splitlines()]
    expect("json", rows, [
        {"file": "-", "line": 1, "column": 1, "form": "material", "code": "0002.01"},
        {"file": "-", "line": 1, "column": 9, "form": "study", "code": "+0020.42c1a1"},
        {"file": "-", "line": 1, "column": 22, "form": "position", "code": "a7d3 0116.00 b2b3c6d6 3/3+."}])
    expect("locations", scan(b"x\n\n  0002.01 a\n(=0323.12g3g1)\n"),
           "-:3:3: material: 0002.01\n-:4:2: study: =0323.12g3g1\n")
    p = subprocess.run([GBR, "scan", "--form", "fen"], capture_output=True)
    expect("bad --form exit", p.returncode, 2)
    p = subprocess.run([GBR, "scan", os.path.join(WORK, "does-not-exist")], capture_output=True)
    expect("missing file exit", p.returncode, 1)


def test_straddle():
    """Codes at every offset against every small buffer size: the matches and
    their locations must not depend on where reads end."""
    pieces = [b"0002.01", b"(+0016.32d4g7)", b"a7d3 0116.00 b2b3c6d6 3/3+.", b"a2c4 0000.32\r\n.d4e3f2e4f3 4/3 WTM.",
              b"2023.11.05", b"e1e8 0009.00 {b1c1d1/f6} 4/2.", b"=0323.12g3g1."]
    chunks, pad = [], 0
    for round_ in range(40):
        for piece in pieces:
            pad = (pad * 7 + 13) % 61
            chunks.append(b"x" * pad + b" " + piece + b" ")
            if round_ % 3 == 0:
                chunks.append(b"\n")
    data = b"".join(chunks)
    path = os.path.join(WORK, "straddle.txt")
    with open(path, "wb") as f:
        f.write(data)
    reference = subprocess.run([GBR, "scan", path], capture_output=True).stdout
    lines = reference.decode().splitlines()
    expect("straddle reference count", len(lines), 40 * 6)
    # Each reported location really holds the code.
    text_lines = data.split(b"\n")
    for line in lines:
        _, ln, col, form, code = line.split(":", 4)
        at = text_lines[int(ln) - 1][int(col) - 1:]
        first = code.strip().split(" ")[0].encode()
        if not at.startswith(first):
            failures.append("location %s does not hold %r" % (line, first))
            break
    for size in list(range(512, 512 + 200)) + [4096, 65536]:
        got = subprocess.run([GBR, "scan", "--buffer", str(size), path], capture_output=True).stdout
        if got != reference:
            failures.append("--buffer %d gives other matches than the default" % size)
            break
    # Standard input (a pipe, short reads) gives the same as the file.
    piped = subprocess.run([GBR, "scan", "--buffer", "600"], input=data, capture_output=True).stdout
    expect("stdin", piped.replace(b"-:", b"F:"), reference.replace(path.encode() + b":", b"F:"))


def test_encodings():
    bom = b"\xef\xbb\xbf"
    expect("BOM not counted", scan(bom + b"0002.01 x"), "-:1:1: material: 0002.01\n")
    expect("BOM then text", scan(bom + b"ab 0002.01"), "-:1:4: material: 0002.01\n")
    expect("CRLF", scan(b"a\r\n0002.01\r\n(+0016.32d4g7)\r\n"),
           "-:2:1: material: 0002.01\n-:3:2: study: +0016.32d4g7\n")
    expect("Latin-1 names", scan(b"[White \"R\xe9ti\"] [Black \"(=0323.12g3g1) M\xfcller\"]\n"),
           "-:1:25: study: =0323.12g3g1\n")
    expect("NUL and invalid UTF-8", scan(b"\x00\xff\xfe 0002.01 \xc3\x28"), "-:1:5: material: 0002.01\n")
    expect("only a BOM", scan(bom), "")
    expect("empty", scan(b""), "")
    # A generated database: every code is found, in a file with BOM, CRLF and Latin-1.
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen", "gen_pgn.py")
    pgn = os.path.join(WORK, "scan_db.pgn")
    subprocess.run([sys.executable, gen, "--games", "500", "--crlf", "--movetext", "20", "--out", pgn], check=True)
    out = subprocess.run([GBR, "scan", "--form", "study", pgn], capture_output=True).stdout.decode()
    expect("one study code a game", len(out.splitlines()), 500)
    # --json writes a file name as every command's JSON does: valid UTF-8 as
    # that text, each stray byte of a name that is not UTF-8 as \udcXX
    # (os.fsdecode's convention), so the bytes come back.
    for name in (b"\xc3\x89tudes \xe2\x80\x94 \"q\".pgn", b"name\xff\xe9.txt", b"mixed \xc3\xa9\xe9.txt"):
        path = os.path.join(WORK.encode(), name)
        with open(path, "wb") as f:
            f.write(b"0002.01\n")
        raw = subprocess.run([GBR, "scan", "--json", path], capture_output=True).stdout
        try:
            row = json.loads(raw.decode("utf-8"))
            expect("--json file name %r" % name, row["file"].encode("utf-8", "surrogateescape"), path)
            expect("--json UTF-8 kept %r" % name, b"\\u00" in raw, False)
        except (UnicodeDecodeError, ValueError, KeyError) as e:
            failures.append("--json with file name %r is not UTF-8 JSON: %r (%s)" % (name, raw, e))
    expect("--json UTF-8 name as text",
           subprocess.run([GBR, "scan", "--json", os.path.join(WORK.encode(), b"\xc3\x89tudes \xe2\x80\x94 \"q\".pgn")],
                          capture_output=True).stdout,
           b'{"file":"' + WORK.encode() + b'/\xc3\x89tudes \xe2\x80\x94 \\"q\\".pgn","line":1,"column":1,'
           b'"form":"material","code":"0002.01"}\n')


def test_blocks():
    """Matches at every alignment against the 64-byte blocks the search works
    in, with line breaks inside and just before them (a position form whose
    kings end the previous line), a BOM, and CRLF: the mapped file, a pipe and
    small buffers must all report the locations computed here."""
    # (text, offset of the match's first byte in it, form, canonical)
    pieces = [(b"0002.01", 0, "material", "0002.01"),
              (b"(+0016.32d4g7)", 1, "study", "+0016.32d4g7"),
              (b"a7d3 0116.00 b2b3c6d6 3/3+.", 0, "position", "a7d3 0116.00 b2b3c6d6 3/3+."),
              (b"a7d3\n0116.00 b2b3c6d6 3/3+.", 0, "position", "a7d3 0116.00 b2b3c6d6 3/3+."),
              (b"a2c4\r\n0000.32\r\n.d4e3f2e4f3 4/3 WTM.", 0, "position", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM."),
              (b"=0323.12g3g1.", 0, "study", "=0323.12g3g1"),
              (b"2023.11.05 1.2.3 10.0.0.1", None, None, None)]
    data = bytearray(b"\xef\xbb\xbf")
    want = []
    for round_ in range(150):
        text, at, form, code = pieces[round_ % len(pieces)]
        filler = (b"x. 1. " * 30)[:(round_ * 37) % 131]
        if round_ % 5 == 0:
            filler += b"\r\n"
        elif round_ % 5 == 1:
            filler = b"\n" + filler
        data += filler + b" "
        if at is not None:
            start = len(data) + at
            before = data[:start]
            ln = 1 + before.count(b"\n")
            col = start - (before.rfind(b"\n") + 1 if b"\n" in before else 3) + 1
            want.append("%d:%d: %s: %s" % (ln, col, form, code))
        data += text + b" "
    data = bytes(data)
    path = os.path.join(WORK, "blocks.txt")
    with open(path, "wb") as f:
        f.write(data)
    mapped = [l.split(":", 1)[1] for l in subprocess.run([GBR, "scan", path], capture_output=True)
              .stdout.decode().splitlines()]
    expect("mapped file", mapped, want)
    piped = [l.split(":", 1)[1] for l in scan(data).splitlines()]
    expect("pipe", piped, want)
    for size in (512, 777, 4096):
        got = [l.split(":", 1)[1] for l in subprocess.run([GBR, "scan", "--buffer", str(size), path],
                                                           capture_output=True).stdout.decode().splitlines()]
        expect("--buffer %d" % size, got, want)


gbrtest.run_group({"matches": test_matches, "straddle": test_straddle, "encodings": test_encodings, "blocks": test_blocks}, GROUP)
gbrtest.finish("scan " + GROUP)

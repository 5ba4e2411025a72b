#!/usr/bin/env python3
"""Writes the seed inputs of corpus/<harness>/.

Seeds are every checked example of spec/gbr.md section 12 (read from the
example runner's JSON dump, `run_examples --json spec/gbr.md`, or from the
spec's fenced blocks directly) plus the boundary and invalid cases listed
below, routed to the harnesses of their surface. Each seed is the text
followed by the two option bytes every harness takes from the end of its
input (fuzz/fuzz_data.h): a capacity byte, then the options byte (bit 7 struct
mode, low bits % 3 the FEN result option).

Usage: fuzz/make_seeds.py [--gbr GBR] [--json FILE] [CORPUS_DIR]
An example's operation is looked up in libgbr's table of operations, read
from `GBR conform --list-operations` (GBR: the built gbr command, default
build/gbr): the form it reads picks its harnesses, its result the option.
Inputs merged in by ci/fuzz.sh are kept; the spec-*, seed-* and struct-*
files are removed and written again (spec-<line>-<operation> names follow the
spec's line numbers, which move as it is edited).
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

FULL = 0xFF  # capacity byte: any needed length up to 255 fits as often as not

# Which harnesses take which surface's texts.
SURFACES = {
    "material": ["material_differential", "material_roundtrip"],
    "name": ["name_differential", "material_roundtrip"],
    "study": ["study_differential"],
    "position": ["position_differential", "position_roundtrip"],
    "fen": ["fen_differential", "fen_roundtrip"],
}

# The options byte's FEN result option (fuzz/fuzz_data.h) of each result.
RESULT_OPTION = {"none": 0, "win": 1, "draw": 2}

# Boundary and invalid cases, a few per error class of spec section 9.2.
HAND = {
    "material": [
        "0000.00", "4888.88", "0002.01", "4100.00", "0023.00", "0009.78", "9999.00", "8888.00",
        "0000", "4888", "9000.00", "0900.88", "0090.87", "0009.88", "8000.88", "2000.87", "5000.78",
        "", "0", "000", "00000", "0000.", "0000.0", "0000.000", "000a.00", "0000,00", "0000.90",
        "0000.09", "0000.0a", "a000.00", "0000.00 ", " 0000.00", "9999.88", "7777.77",
    ],
    "name": [
        "KvK", "KRPvKR", "KQQRvK", "KNNNvKN", "KQvKQ", "KPPPPPPPPvK", "KPPPPPPPPPvK", "KQQQQQQQQQvK",
        "KQQQQQQQQQQvK", "KRRRRRRRRRRvK", "KQRBNPvKQRBNP", "KRQvK", "KvKRQ", "K", "Kv", "", "k",
        "KvKk", "KxvK", "KvK ", "vK", "KNNNNNNNNNNNvK", "KBBBBPPPPPPPvKNNN", "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP",
    ],
    "study": [
        "+0020.42c1a1", "=0323.12g3g1", "0000.00a1h8", "(+0016.32d4g7)", "[+0016.32d4g7]", "+0020c1a1",
        "[=0000a1b2]", "0009.78e1e8", "+0000.00a1a1", "+0000.00a1", "+0000.00", "+", "[", "(",
        "[+0016.32d4g7)", "(+0016.32d4g7]", "[+0016.32d4g7", "+0016.32d4g7]", "+0016.32d4g7x", "-0016.32d4g7",
        "+0016.32i4g7", "+0016.32d9g7", "+0016.32d4g0", "+001.32d4g7", "+0016x32d4g7", "+8000.88a1b1",
        "++0000.00a1b1", "=9999.00h8h7", "+0016.92d4g7", "0000x1b1",
    ],
    "position": [
        "a7d3 0116.00 b2b3c6d6 3/3+.", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.", "e1e8 0000.00 2/2.",
        "e1e8 0009.00 {b1c1d1/f6} 5/2.", "e1e8 0009.00 {/b1c1d1} 1/5 BTM.", "e1e8 0009.00 {b1c1/f6} 4/2.",
        "e1e8 1000.00 d1 2/1=.", "e1e8 3000.00 d1 d8 2/2-+.", "e1e8 3000.00 d1d8 2/2-=.",
        "e1e8 0000.10 .e2 2/1 BTM.", "e1e8 0000.01 .e7 1/2.", "e1e8 0000.01 .e8 1/2.", "e1e8 0000.01 .e1 1/2.",
        "e1e8 0300.00 a1h1a8 3/2.", "e1e8 0300.00 h1a1a8 3/2.", "e1e8 0300.00 a1a1a8 3/2.",
        "e1e8 0300.00 a1e1a8 3/2.", "e1e8 0300.00 a1 2/2.", "e1e8 0300.00 a1h1a8h8 3/2.",
        "e1e8 0000.00 2/3.", "e1e8 0000.00 0/2.", "e1e8 0000.00 2/2", "e1e8 0000.00 2/2x.", "e1e8 0000.00 2/2 XTM.",
        "e1e8 0000.00 2/2-x.", "e1e8 0000.00 2/2+", "e1e8 0000.00 2/2.x", "e1e8 0000.00 2-2.", "e1e8 0000.00 222/2.",
        "e1e1 0000.00 2/2.", "e1e8 0000 2/2.", "e1e8  0000.00 2/2.", "e1e8 0000.00 a1 2/2.", "e1e8 0000.00 {/} 2/2.",
        "e1e8 0009.00 b1c1d1f6 5/2.", "e1e8 0009.00 {b1c1d1/f6 5/2.", "e1e8 0009.00 {b1c1d1f6} 5/2.",
        "e1e8 0001.00 {b1/} 2/1.", "e1e8 9000.00 {a1b1c1d1e2f1g1h1a2/} 10/1.", "e1e8 0000.90 .a2 2/1.",
        "i1e8 0000.00 2/2.", "e9e8 0000.00 2/2.", "", "e", "e1e8", "e1e8 ", "e1e8 0000.00 ", "e1e8 0000.00 2/",
        "a1h8 4888.88 b1a8a7b8a6b7b6a5a4b5b4a3a2b3c1c8d1d8e1e8f1f8g1g8h1h7 .c2c3c4c5c6c7d2d3d4d5d6d7e2e3e4e5f2f3 16/16.",
        "e1e8 0000.80 .a2b2c2d2e2f2g2h2 10/1.", "e1e8 0000.00 2/2 WTM", "e1e8 0000.00 20/2.", "e1e8 0000.00 02/2.",
    ],
    "fen": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b", "4k3/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K3 b KQkq e3 12 34",
        "4k3/8/8/8/8/8/8/4K3 w - e6 99999 99999", "4k3/8/8/8/8/8/8/4K3 w - - 123456 1", "4k3/8/8/8/8/8/8/4K3 w - -",
        "4k3/8/8/8/8/8/8/4K3 w -", "4k3/8/8/8/8/8/8/4K3 x", "4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3 w Kq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w qK - 0 1", "4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
        "4k3/8/8/8/8/8/8/4K3  w", "44/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K2 w", "4k3/8/8/8/8/8/8/4K4 w",
        "4k3/8/8/8/8/8/8/4K3/8 w", "4k3/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4KK2 w", "4k3/8/8/8/8/8/8/8 w",
        "8/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4X3 w", "4k3/P7/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/p3K3 w",
        "4k3/8/PPPPPPPP/P7/8/8/8/4K3 w", "QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K3 w - - 0",
        "nnnnknnn/8/8/8/8/8/8/NNNNKNNN w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "11111111/8/8/8/8/8/8/4K2k w", "", "/",
        "8/8/8/8/8/8/8/8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ", "K7/8/8/8/8/8/8/7k b - - 0 1",
    ],
}

# Struct-mode seeds (options bit 7): raw bytes of a struct, valid and not.
STRUCTS = {
    "material_differential": [bytes([0, 0, 0, 2, 0, 1]), bytes([9, 9, 9, 9, 8, 8]), bytes([10, 0, 0, 0, 9, 0]),
                              bytes([1, 2, 2, 2, 8, 1, 0, 0, 0, 0])],
    "name_differential": [bytes([1, 2, 2, 2, 8, 1, 2, 2, 2, 8]), bytes([3, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                          bytes([11, 0, 0, 0, 9, 0, 0, 0, 0, 0])],
    "study_differential": [bytes([0, 0, 2, 0, 4, 2, 1, 16, 0]), bytes([0, 0, 0, 0, 0, 0, 3, 64, 64])],
}


def position_board(pieces, indicator):
    board = bytearray(65)
    for square, piece in pieces.items():
        board[square] = piece
    board[64] = indicator
    return bytes(board)


STRUCTS["position_differential"] = [position_board({4 * 8: 6, 4 * 8 + 7: 14}, 0),
                                    position_board({0: 6, 63: 14, 9: 5, 17: 13}, 6),
                                    position_board({0: 6, 63: 14, 7: 5}, 9)]
STRUCTS["fen_differential"] = STRUCTS["position_differential"]


def spec_examples(json_path):
    """(line, operation, input) of every checked example of the spec."""
    if json_path:
        with open(json_path) as f:
            return [(e["id"], e["operation"], e["input"]) for e in map(json.loads, f) if e]
    examples = []
    lines = open(os.path.join(ROOT, "spec", "gbr.md")).read().split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^```+\s*example\s+(\S+)\s*$", line)
        if m and i + 2 < len(lines) and lines[i + 2] == ".":
            examples.append((i + 1, m.group(1), lines[i + 1]))
    return examples


def write(corpus, harness, name, data):
    directory = os.path.join(corpus, harness)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def operations(gbr):
    """name: (surface, option) of every protocol operation; the surface is
    None where the input's own form decides (check, and the orders' A|B)."""
    try:
        listing = subprocess.run([gbr, "conform", "--list-operations"], capture_output=True, check=True, text=True)
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"make_seeds: cannot read the operations from `{gbr} conform --list-operations` ({e}); "
                 "build gbr first or give --gbr GBR")
    table = {}
    for line in listing.stdout.splitlines():
        name, _level, form, texts, result = line.split("\t")
        table[name] = (form if form != "any" and texts == "1" else None, RESULT_OPTION[result])
    return table


def check_surface(text):
    """The surface of a `check` example's input (spec section 10)."""
    first = text.split(" ", 1)[0]
    if "/" in first:
        return "fen"
    if text[:1] in "[(+=":
        return "study"
    if text[:1] in "abcdefgh" and text:
        return "position"
    if text.startswith("K"):
        return "name"
    if any(c in "abcdefgh" for c in text):
        return "study"
    return "material"


def main(argv):
    gbr = os.path.join(ROOT, "build", "gbr")
    if argv[:1] in (["--gbr"], ["--json"]) and len(argv) < 2:
        sys.exit(f"make_seeds: {argv[0]} needs a value (usage: fuzz/make_seeds.py [--gbr GBR] [--json FILE] [CORPUS_DIR])")
    if len(argv) >= 2 and argv[0] == "--gbr":
        gbr = argv[1]
        argv = argv[2:]
    json_path = None
    if len(argv) >= 2 and argv[0] == "--json":
        json_path = argv[1]
        argv = argv[2:]
    corpus = argv[0] if argv else os.path.join(ROOT, "corpus")
    table = operations(gbr)  # before any seed is removed: a missing gbr changes nothing
    for harnesses in SURFACES.values():
        for harness in harnesses:
            directory = os.path.join(corpus, harness)
            for name in os.listdir(directory) if os.path.isdir(directory) else []:
                if re.match(r"(spec|seed|struct)-", name):
                    os.remove(os.path.join(directory, name))
    count = 0
    for line, operation, text in spec_examples(json_path):
        if operation not in table:
            sys.exit(f"make_seeds: the example at line {line} of spec/gbr.md names the operation "
                     f"'{operation}', which {gbr}'s table lacks")
        surface, option = table[operation]
        surface = surface or check_surface(text)
        for harness in SURFACES[surface]:
            write(corpus, harness, "spec-%d-%s" % (line, operation), text.encode() + bytes([FULL, option]))
            count += 1
    for surface, texts in HAND.items():
        for n, text in enumerate(texts):
            for harness in SURFACES[surface]:
                # A few capacities: room to spare, and a short buffer.
                capacity = FULL if n % 3 else 3
                write(corpus, harness, "seed-%s-%d" % (surface, n), text.encode() + bytes([capacity, n % 3]))
                count += 1
    for harness, values in STRUCTS.items():
        for n, value in enumerate(values):
            write(corpus, harness, "struct-%d" % n, value + bytes([FULL, 0x80]))
            count += 1
    print("wrote %d seed files under %s" % (count, corpus))


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Seeds of the coverage-guided harness of another implementation (fuzz/other).

    fuzz/other/make_corpus.py OUT [--vectors DIR] [--fuzz-corpus DIR] [--operations LIST]

Writes into OUT one file a seed, "OPERATION<TAB>INPUT" (the harness's input
layout, fuzz/other/harness.c), named by the SHA-1 of its bytes:

- every case of the golden vectors (DIR/*.tsv, default spec/vectors beside
  this script), its input unescaped (spec/gbr.md 13.1) and put to its own
  operation and to every other operation that reads the same form (an order
  case to the order operations of its form, any single text to check);
- with --fuzz-corpus, every seed that `gbr vectors --fuzz-corpus DIR` wrote
  (DIR/<surface>/<name>: the text, then two option bytes, dropped here),
  put to every single-text operation of its surface and to check.

--operations (comma-separated) keeps the seeds of those operations only: give
the adapter's list. Prints how many seeds it wrote; exits 1 on a vector file
it cannot read and 2 on a usage error.
"""
import argparse
import hashlib
import os
import sys

# The form each operation of spec/gbr.md 13.2 reads, and whether it reads a pair A|B.
OPERATIONS = {
    "material": ("material", False),
    "material-name": ("material", False),
    "material-order": ("material", True),
    "name-material": ("name", False),
    "study": ("study", False),
    "study-order": ("study", True),
    "position": ("position", False),
    "position-fen": ("position", False),
    "position-order": ("position", True),
    "fen-material": ("fen", False),
    "fen-study": ("fen", False),
    "fen-study-win": ("fen", False),
    "fen-study-draw": ("fen", False),
    "fen-position": ("fen", False),
    "fen-position-win": ("fen", False),
    "fen-position-draw": ("fen", False),
    "check": (None, False),
}


def unescape(field):
    """The input bytes of a vector field: \\xHH and \\\\ are the only escapes."""
    out = bytearray()
    raw = field.encode("latin-1")
    i = 0
    while i < len(raw):
        if raw[i] == 0x5C and raw[i + 1:i + 2] == b"\\":
            out.append(0x5C)
            i += 2
        elif raw[i] == 0x5C and raw[i + 1:i + 2] == b"x":
            out.append(int(raw[i + 2:i + 4], 16))
            i += 4
        else:
            out.append(raw[i])
            i += 1
    return bytes(out)


def targets(form, pair, selected):
    """The operations a text of this form (a pair or not) seeds."""
    for op, (op_form, op_pair) in OPERATIONS.items():
        if op not in selected:
            continue
        if op == "check" and not pair:
            yield op
        elif op_form == form and op_pair == pair:
            yield op


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--vectors", default=os.path.join(here, "..", "..", "spec", "vectors"))
    parser.add_argument("--fuzz-corpus")
    parser.add_argument("--operations", help="comma-separated; default every operation")
    args = parser.parse_args()
    selected = set(OPERATIONS)
    if args.operations:
        selected = set(args.operations.split(","))
        unknown = selected - set(OPERATIONS)
        if unknown:
            parser.error("not operations of spec/gbr.md 13.2: " + ", ".join(sorted(unknown)))

    seeds = set()
    names = sorted(f for f in os.listdir(args.vectors) if f.endswith(".tsv"))
    if not names:
        print(f"make_corpus: no .tsv files in {args.vectors}", file=sys.stderr)
        return 1
    for name in names:
        with open(os.path.join(args.vectors, name), encoding="latin-1") as f:
            for number, line in enumerate(f, 1):
                if line.startswith("#") or not line.strip():
                    continue
                fields = line.rstrip("\n").split("\t")
                if len(fields) != 7 or fields[3] not in OPERATIONS:
                    print(f"make_corpus: {name}:{number}: not a vector line", file=sys.stderr)
                    return 1
                form, pair = OPERATIONS[fields[3]]
                data = unescape(fields[4])
                ops = {fields[3]} & selected if form is None else set(targets(form, pair, selected))
                for op in ops:
                    seeds.add(op.encode() + b"\t" + data)
    if args.fuzz_corpus:
        for surface in sorted(os.listdir(args.fuzz_corpus)):
            folder = os.path.join(args.fuzz_corpus, surface)
            for name in sorted(os.listdir(folder)):
                with open(os.path.join(folder, name), "rb") as f:
                    data = f.read()[:-2]
                for op in targets(surface, False, selected):
                    seeds.add(op.encode() + b"\t" + data)
    os.makedirs(args.out, exist_ok=True)
    for seed in seeds:
        with open(os.path.join(args.out, hashlib.sha1(seed).hexdigest()), "wb") as f:
            f.write(seed)
    print(f"make_corpus: {len(seeds)} seeds in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

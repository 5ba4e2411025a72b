#!/usr/bin/env python3
"""Checks every cell of the expectation tables of spec/gbr.md §9.3 against
the codecs, so the tables cannot drift from the code.

    check_tables.py ANSWER_LINES SPEC [--codec ref|fast]...
                    [--gbr GBR (--write-cases|--check-cases) CASES]

With --write-cases or --check-cases, the tables' invalid vector cases
(spec/vectors/cases/cells.tsv) are written or compared; their levels are
those of libgbr's table of operations, read from `GBR conform
--list-operations` (GBR: the built gbr command).

An expectation table's rows look like

    | `material.point` | material | `0002‸.01` | cell | cell | ... |

The probe's ‸ marks the place: the byte after it (or the end, when nothing
follows) is replaced in turn by every byte 0-255, and the text is also cut
at the place (the "end" column). Each replacement falls in one column (its
byte class) and must give what that column's cell says:

    ok              the byte is accepted here: the text is valid, or its
                    first error is after this place
    NAME            error NAME at the place's column
    NAME @C         error NAME at column C of the probe
    `XY` OUTCOME; … the bytes X and Y give OUTCOME; `else OUTCOME` for the rest

Every byte is asked of every codec through answer_lines (the protocol's own
conform_answer), so a cell that is wrong for any byte of its class fails.
"""
import re
import subprocess
import sys

from protocol_answers import ask

PLACE = "\u2038"  # ‸

# The byte classes, one a column, in the tables' order. Every byte 0-255 is
# in exactly one; the end of the text is the last column.
CLASSES = [
    ("`0`", b"0"),
    ("`1`–`8`", b"12345678"),
    ("`9`", b"9"),
    ("`a`–`h`", b"abcdefgh"),
    ("space", b" "),
    ("`.`", b"."),
    ("`/`", b"/"),
    ("`{`", b"{"),
    ("`}`", b"}"),
    ("`\\|`", b"|"),
    ("`+` `=` `-`", b"+=-"),
]
NAMED = set(b"".join(chars for _, chars in CLASSES))
CLASSES += [
    ("other < 0x80", bytes(b for b in range(1, 0x80) if b not in NAMED)),
    ("≥ 0x80", bytes(range(0x80, 0x100))),
    ("NUL", b"\x00"),
]
END = "end"
HEADER = ["row", "operation", "probe", "expected here"] + [name for name, _ in CLASSES] + [END]
# How a column is named in the ids of its vectors (n_cell_<row>_<column>).
COLUMN_IDS = ["zero", "digit", "nine", "file", "space", "point", "slash", "open_brace", "close_brace", "bar", "sign",
              "other", "high", "nul", "end"]

CELL_ITEM = re.compile(r"^(?:`(?P<bytes>[^`]+)`|(?P<else>else))?\s*(?P<outcome>ok|[a-z-]+(?: @\d+)?)$")


class TableError(Exception):
    pass


def split_row(line):
    """Cells of a Markdown table line; `\\|` is a literal bar."""
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [cell.strip().replace("\\|", "|") for cell in cells]


def parse_tables(text):
    """Rows of every expectation table: dicts with name, operation, prefix,
    suffix, line, cells (one per column of HEADER[4:])."""
    rows, lines = [], text.split("\n")
    header_cells = [h.replace("\\|", "|") for h in HEADER]
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and split_row(lines[i]) == header_cells:
            i += 2  # header and the --- line
            while i < len(lines) and lines[i].startswith("|"):
                cells = split_row(lines[i])
                if len(cells) != len(HEADER):
                    raise TableError(f"line {i + 1}: {len(cells)} cells, expected {len(HEADER)}")
                name, operation, probe = (c.strip("`") for c in cells[:3])
                if probe.count(PLACE) != 1:
                    raise TableError(f"line {i + 1}: the probe must hold exactly one {PLACE}")
                prefix, suffix = probe.split(PLACE)
                rows.append({"name": name, "operation": operation, "prefix": prefix.encode("latin-1"),
                             "suffix": suffix.encode("latin-1"), "line": i + 1, "cells": cells[4:]})
                i += 1
        else:
            i += 1
    return rows


def parse_outcome(text, place):
    if text == "ok":
        return "ok"
    name, _, column = text.partition(" @")
    return (name, int(column) if column else place)


def cell_outcomes(cell, chars, place, where):
    """The outcome the cell states for each byte of its class."""
    outcomes, rest = {}, None
    for item in (part.strip() for part in cell.split(";")):
        m = CELL_ITEM.match(item)
        if not m:
            raise TableError(f"{where}: cannot read the cell item {item!r}")
        outcome = parse_outcome(m.group("outcome"), place)
        if m.group("bytes"):
            for b in m.group("bytes").replace(" ", "").encode("latin-1"):
                if b not in chars:
                    raise TableError(f"{where}: {chr(b)!r} is not of this column's class")
                outcomes[b] = outcome
        else:
            rest = outcome
    for b in chars:
        if b not in outcomes:
            if rest is None:
                raise TableError(f"{where}: no outcome for byte 0x{b:02x}")
            outcomes[b] = rest
    return outcomes


def meets(answer, expected, place):
    if expected == "ok":
        if answer.startswith("ok "):
            return True
        parts = answer.split(" ")
        return len(parts) == 3 and int(parts[2]) > place
    return answer == f"error {expected[0]} {expected[1]}"


def questions(rows):
    """(row, column name, byte or None, operation, text, expected outcome)."""
    out = []
    for row in rows:
        place = len(row["prefix"]) + 1
        for (name, chars), cell in zip(CLASSES, row["cells"]):
            where = f"line {row['line']} ({row['name']}), column {name}"
            for b, outcome in sorted(cell_outcomes(cell, chars, place, where).items()):
                text = row["prefix"] + bytes([b]) + row["suffix"][1:]
                out.append((row, name, b, row["operation"], text, outcome))
        end_cell = row["cells"][-1]
        out.append((row, END, None, row["operation"], row["prefix"], parse_outcome(end_cell, place)))
    return out


def cell_id(row_name, column_index):
    return "n_cell_" + re.sub(r"[.-]", "_", row_name) + "_" + COLUMN_IDS[column_index]


def escape(data):
    """The vector files' escapes (§13.1)."""
    return "".join("\\\\" if b == 0x5C else chr(b) if 0x20 <= b <= 0x7E else f"\\x{b:02x}" for b in data)


def operation_levels(gbr):
    """The level of §11 each operation's cases belong to (libgbr's table)."""
    try:
        listing = subprocess.run([gbr, "conform", "--list-operations"], capture_output=True, check=True, text=True)
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"check_tables: cannot read the operations from `{gbr} conform --list-operations` ({e})")
    return {fields[0]: fields[1] for fields in (line.split("\t") for line in listing.stdout.splitlines())}


def cell_cases(rows, operation_level):
    """One invalid case for each error a cell names (a cell naming two, as
    `\`XY\` fen-rank; else fen-piece`, gets two): the probe with the first
    printable byte of the cell's class that gives that error, or cut at the
    place for the end column. Lines of spec/vectors/cases/cells.tsv."""
    lines = []
    for row in rows:
        place = len(row["prefix"]) + 1
        columns = CLASSES + [(END, None)]
        for index, ((name, chars), cell) in enumerate(zip(columns, row["cells"])):
            where = f"line {row['line']} ({row['name']}), column {name}"
            if chars is None:
                outcome = parse_outcome(cell, place)
                by_outcome = {} if outcome == "ok" else {outcome: None}
            else:
                by_outcome = {}
                for b, outcome in sorted(cell_outcomes(cell, chars, place, where).items(),
                                         key=lambda item: (not 0x21 <= item[0] <= 0x7E, item[0])):
                    if outcome != "ok":
                        by_outcome.setdefault(outcome, b)
            for k, ((error, _), b) in enumerate(by_outcome.items()):
                text = row["prefix"] if b is None else row["prefix"] + bytes([b]) + row["suffix"][1:]
                # A position form with a 9 is an extensions case.
                level = operation_level[row["operation"]]
                digits = text[5:9] if row["operation"] == "position" else b""
                if row["name"].startswith("group.") or b"9" in digits:
                    level = "extensions"
                case_id = cell_id(row["name"], index) + (f"_{k + 1}" if k else "")
                comment = f"section 9.4 table cell {row['name']} / {COLUMN_IDS[index]}: {error}"
                lines.append("\t".join([case_id, level, row["operation"], escape(text), error, comment]))
    return lines


CASES_HEADER = ("# The expectation tables' cells as invalid vector cases: written by\n"
                "# `spec/examples/check_tables.py --write-cases` from spec/gbr.md section 9.4, read by\n"
                "# `gbr vectors`. Do not edit. Fields: id, level, operation, input (escaped), the\n"
                "# error class the cell names, comment.\n")


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    answer_lines, spec = argv[1], argv[2]
    codecs = [argv[i + 1] for i in range(3, len(argv) - 1) if argv[i] == "--codec"] or ["ref", "fast"]
    with open(spec, encoding="utf-8") as f:
        rows = parse_tables(f.read())
    for flag in ("--write-cases", "--check-cases"):
        if flag in argv:
            if "--gbr" not in argv or argv.index("--gbr") + 1 >= len(argv):
                print(f"{flag} needs --gbr GBR (the built gbr command)", file=sys.stderr)
                return 2
            path = argv[argv.index(flag) + 1]
            levels = operation_levels(argv[argv.index("--gbr") + 1])
            fresh = CASES_HEADER + "".join(line + "\n" for line in cell_cases(rows, levels))
            if flag == "--write-cases":
                with open(path, "w", encoding="ascii") as f:
                    f.write(fresh)
            else:
                with open(path, encoding="ascii") as f:
                    if f.read() != fresh:
                        print(f"{path} is not what the tables of {spec} give; regenerate it with "
                              f"spec/examples/check_tables.py build/spec/examples/answer_lines spec/gbr.md "
                              f"--gbr build/gbr --write-cases {path}, then build/gbr vectors --out spec/vectors")
                        return 1
    if not rows:
        print(f"{spec}: no expectation table found", file=sys.stderr)
        return 1
    names = [row["name"] for row in rows]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        print(f"{spec}: row names used twice: {', '.join(duplicates)}", file=sys.stderr)
        return 1
    qs = questions(rows)
    failures = 0
    for codec in codecs:
        answers = ask(answer_lines, codec, [(q[3], q[4]) for q in qs])
        for (row, column, b, _, text, outcome), answer in zip(qs, answers):
            place = len(row["prefix"]) + 1
            if not meets(answer, outcome, place):
                failures += 1
                if failures <= 40:
                    what = "the end" if b is None else f"byte 0x{b:02x}"
                    want = "ok" if outcome == "ok" else f"error {outcome[0]} {outcome[1]}"
                    print(f"{spec}:{row['line']}: {row['name']}, {column}, {what}: {codec} answers "
                          f"{answer!r} to {text!r}; the table says {want}")
    cells = len(rows) * (len(CLASSES) + 1)
    print(f"{len(rows)} rows, {cells} cells, {len(qs)} texts, codecs {' '.join(codecs)}: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

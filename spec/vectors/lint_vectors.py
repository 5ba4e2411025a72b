#!/usr/bin/env python3
"""Lint of the golden vectors (spec/gbr.md section 13): the file format, unique
ids, results that agree with the ids' prefixes, well-formed expected outputs,
and the counts each file's header states. Prints the counts per level and
result.

With --spec, also the coverage rule of the expectation tables (section 9.4):
every cell that names an error has an invalid case n_cell_<row>_<column>
(more for a cell naming several errors: _2, _3, ...) expecting an error the
cell names. Prints the coverage matrix: per row, each column's number of
cases, '.' for a cell that names no error, '!' for an empty cell.

The JSON form (DIR/json/<level>.json, section 13.1): valid by the schema
DIR/vectors.schema.json (checked by testsupport's validator of the subset of JSON Schema
2020-12 that the schema uses), and the same cases as the TSV file of its level,
in the same order, field for field, with inputHex the input's bytes, flags that
agree with the case and numberOfTests the number of cases.

With --spec, also the coverage of the operations (section 13.5): for every
operation an invalid case for each error class section 13.2's table says it
can report, inputs of 0, 1 and 2 bytes, and for material, name-material, the
fen-* operations and check each digit 0-9 of each type in a valid case's
output. Prints a matrix for each, '!' for an empty cell.

Two more rules of section 13.5, each judged from a case's input, never its id:

- FEN field variants: every fen-* operation and check (on an input section 10
  reads as a FEN) has a case, valid or invalid, of a FEN with placement and side
  only; with castling and en passant but no clocks; with all six fields; with two
  or more spaces between two fields; with a / after the eighth rank. A case
  counts only when the rest of it is well-formed (eight ranks of eight files,
  every field by the grammar of section 9.1), so that the variant is what it
  tests.
- The material rule's boundaries (section 2.1), through each entry path:
  material, name-material, every fen-* operation, and check on each form that
  carries material (material code, study code, position form, FEN, name; the
  form named by the output). For each of Q, R, B, N a valid case where the 9
  comes from White (three or more white men of the type, two or fewer black:
  9W), one where it comes from Black (9B), and one with exactly three white
  (3W) and exactly three black (3B) men of the type. Men are counted in the FEN
  placement, the letters of a name, the squares of a position form (a digit d
  is d mod 3 white and d div 3 black squares, a 9 its group). A material or
  study code carries no count above two, so 3W and 3B do not apply to it ('.'),
  and its 9 is White's (9W) when Black has too many pawns for the promoted men
  three of the type need (8 - black pawns < 2 for queens, < 1 for the others)
  and Black's (9B) likewise.
  Pawns have no such boundary: their digits are the counts themselves, 0-8 a
  side, without the 9 rule, so three pawns are just 3; their one boundary is
  the ninth pawn, an error (too-many-pawns, pawn-count) that the matrix of
  errors each operation reports already requires.

Three rules of GBR 1.2 (section 13.5), judged from each case's input and
expected answer, each a matrix of operations against what they demand:

- the readings of sections 9.3 and 10: a wrong W or B followed by the end or a
  wrong byte (men-mismatch), section 2.4 on a position form's code with a byte
  other than a space after it and the exact counts of groups (promotions at the
  material's column), through every operation reading position forms; an empty
  A and an empty B of each order; section 10 rule 5 over the whole text (check);
- square order against the previous square (a third square between the first
  and the second, in the pawns and in a group); section 1's promotion boundary
  for each type through a name, a FEN and a position form (one side's promoted
  men all of the type, exactly as many as its missing pawns, or one more); and
  position order that differs only in Black's squares (a piece, a pawn, a group);
- UTF-8 look-alike white space: a no-break space at every place where an
  operation's forms have a space or a start (the text with every look-alike read
  as a space must be well-formed, so that the place is known), and another
  Unicode white space through every operation.

The operations are libgbr's table of them (section 13.2), read from
`GBR conform --list-operations` (GBR: the built gbr command, default
build/gbr): a case of an operation not in it is a problem, and the matrices
have a row for each of them, in the table's order.

Usage: lint_vectors.py DIR [--spec SPEC] [--gbr GBR]"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import check_tables  # noqa: E402  (the one parser of the tables)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testsupport"))
from gbrtest import schema  # noqa: E402

DEFAULT_GBR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "gbr")
LEVELS = ["material", "study", "position", "extensions"]
RESULTS = {"valid": "y_", "invalid": "n_", "implementation-defined": "i_"}
# The error classes of §9.2 a text can have (not the API-only ones), in their
# numbers' order (the coverage matrix's columns are those numbers).
ERROR_LIST = [
    "empty", "truncated", "trailing", "expected-digit", "pawn-count", "expected-point",
    "expected-space", "expected-slash", "expected-close", "expected-square", "square-count",
    "duplicate-square", "square-order", "pawn-rank", "too-many-pawns", "promotions", "men-count",
    "men-mismatch", "indicator", "overflow-group", "fen-piece", "fen-rank", "fen-kings", "fen-field",
    "name-syntax", "name-overflow", "unknown-form",
]
ERRORS = set(ERROR_LIST)
ID = re.compile(r"^[yni]_[a-z0-9_]+$")
ESCAPED = re.compile(r"^(?:[\x20-\x5b\x5d-\x7e]|\\\\|\\x[0-9a-f]{2})*$")
ERROR_ANSWER = re.compile(r"^error ([a-z-]+) ([1-9][0-9]*)$")
COUNTS = re.compile(r"^# Cases: (\d+) \(valid (\d+), invalid (\d+), implementation-defined (\d+)\)\.$")


def unescape(field):
    return re.sub(r"\\x([0-9a-f]{2})|\\\\", lambda m: chr(int(m.group(1), 16)) if m.group(1) else "\\", field)


def library_operations(gbr):
    """The protocol's operations in libgbr's table order (their names, the first
    field of each line of `GBR conform --list-operations`)."""
    listing = subprocess.run([gbr, "conform", "--list-operations"], capture_output=True, check=True, text=True)
    return [line.split("\t")[0] for line in listing.stdout.splitlines()]


def lint(directory, operations):
    problems = []
    seen = {}
    totals = {}
    for level in LEVELS:
        path = "%s/%s.tsv" % (directory, level)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            problems.append("%s: cannot read: %s" % (path, e))
            continue
        if not data.endswith(b"\n"):
            problems.append("%s: the last line has no newline" % path)
        counts = {result: 0 for result in RESULTS}
        stated = None
        chosen = False
        for number, raw in enumerate(data.split(b"\n")[:-1], 1):
            where = "%s:%d" % (path, number)
            if any(b < 0x20 and b != 0x09 or b > 0x7E for b in raw):
                problems.append("%s: a byte outside printable ASCII and tab" % where)
                continue
            line = raw.decode("ascii")
            if line.startswith("#"):
                m = COUNTS.match(line)
                if m:
                    stated = tuple(int(g) for g in m.groups())
                chosen = chosen or line.startswith("# How the cases were chosen")
                continue
            fields = line.split("\t")
            if len(fields) != 7:
                problems.append("%s: %d fields, not 7" % (where, len(fields)))
                continue
            case_id, case_level, result, operation, text, expected, comment = fields
            if not ID.match(case_id):
                problems.append("%s: malformed id %r" % (where, case_id))
            if case_id in seen:
                problems.append("%s: id %s already used at %s" % (where, case_id, seen[case_id]))
            seen[case_id] = where
            if case_level != level:
                problems.append("%s: level %s in %s.tsv" % (where, case_level, level))
            if result not in RESULTS:
                problems.append("%s: unknown result %r" % (where, result))
                continue
            counts[result] += 1
            if not case_id.startswith(RESULTS[result]):
                problems.append("%s: a %s case's id starts with %s" % (where, result, RESULTS[result]))
            if operation not in operations:
                problems.append("%s: unknown operation %r" % (where, operation))
            for name, field in (("input", text), ("expected", expected)):
                if not ESCAPED.match(field):
                    problems.append("%s: malformed escape in %s" % (where, name))
            if not comment.strip():
                problems.append("%s: no comment" % where)
            m = ERROR_ANSWER.match(expected)
            if result == "invalid":
                if not m or m.group(1) not in ERRORS:
                    problems.append("%s: an invalid case expects 'error NAME COLUMN', not %r" % (where, expected))
                elif int(m.group(2)) > len(unescape(text)) + 1:
                    problems.append("%s: column %s is past the input's end" % (where, m.group(2)))
            elif result == "valid":
                if expected.startswith("error ") or not expected:
                    problems.append("%s: a valid case expects a canonical text, not %r" % (where, expected))
            if operation.endswith("-order"):
                # A valid case is two texts and one |; an invalid one may lack
                # the | or hold another in B (§9.3 rule 6).
                if result == "valid" and unescape(text).count("|") != 1:
                    problems.append("%s: a valid order case has two texts separated by one |" % where)
                if result == "valid" and expected not in ("<", "=", ">"):
                    problems.append("%s: an order case expects <, = or >" % where)
        actual = (sum(counts.values()), counts["valid"], counts["invalid"], counts["implementation-defined"])
        if stated is None:
            problems.append("%s: no '# Cases: ...' header line" % path)
        elif stated != actual:
            problems.append("%s: the header states %s cases, the file holds %s" % (path, stated, actual))
        if not chosen:
            problems.append("%s: the header does not say how the cases were chosen" % path)
        if actual[0] == 0:
            problems.append("%s: no cases" % path)
        totals[level] = counts
    return problems, totals, seen


def invalid_cases(directory):
    """id -> expected error class of every invalid case."""
    cases = {}
    for level in LEVELS:
        try:
            with open("%s/%s.tsv" % (directory, level), encoding="ascii", errors="replace") as f:
                for line in f:
                    fields = line.rstrip("\n").split("\t")
                    if len(fields) == 7 and fields[2] == "invalid":
                        m = ERROR_ANSWER.match(fields[5])
                        cases[fields[0]] = m.group(1) if m else None
        except OSError:
            pass  # reported by lint()
    return cases


def cell_errors(cell, chars, place, where):
    """The error classes a table cell names."""
    if chars is None:
        outcome = check_tables.parse_outcome(cell, place)
        return set() if outcome == "ok" else {outcome[0]}
    return {o[0] for o in check_tables.cell_outcomes(cell, chars, place, where).values() if o != "ok"}


def table_coverage(directory, spec):
    """The coverage rule of the expectation tables; returns problems and the
    matrix's lines."""
    with open(spec, encoding="utf-8") as f:
        rows = check_tables.parse_tables(f.read())
    if not rows:
        return ["%s: no expectation table" % spec], []
    cases = invalid_cases(directory)
    problems, matrix = [], []
    width = max(len(row["name"]) for row in rows)
    matrix.append("%-*s  %s" % (width, "row", " ".join("%-4s" % c[:4] for c in check_tables.COLUMN_IDS)))
    columns = check_tables.CLASSES + [(check_tables.END, None)]
    filled = needed = 0
    for row in rows:
        place = len(row["prefix"]) + 1
        marks = []
        for index, ((name, chars), cell) in enumerate(zip(columns, row["cells"])):
            where = "%s:%d (%s), column %s" % (spec, row["line"], row["name"], name)
            named = cell_errors(cell, chars, place, where)
            if not named:
                marks.append(".   ")
                continue
            needed += 1
            base = check_tables.cell_id(row["name"], index)
            ids = [i for i in cases if i == base or re.match(re.escape(base) + r"_[0-9]+$", i)]
            for i in ids:
                if cases[i] not in named:
                    problems.append("%s: %s expects %s, which the cell does not name" % (where, i, cases[i]))
            if ids:
                filled += 1
                marks.append("%-4d" % len(ids))
            else:
                problems.append("%s: no invalid case %s for the cell (%s)" % (where, base, ", ".join(sorted(named))))
                marks.append("!   ")
        matrix.append("%-*s  %s" % (width, row["name"], " ".join(marks)))
    matrix.append("coverage: %d of %d cells that name an error have an invalid case (%d rows)"
                  % (filled, needed, len(rows)))
    return problems, matrix


# ---- The JSON form ------------------------------------------------------------

def tsv_cases(directory, level):
    """The cases of a level's TSV file as field lists."""
    with open("%s/%s.tsv" % (directory, level), "rb") as f:
        return [line.split("\t") for line in f.read().decode("ascii").split("\n")
                if line and not line.startswith("#")]


def expected_flags(case):
    """The flags section 13.1 gives a case (error class first, then in notes' order)."""
    raw = unescape(case["input"])
    flags = []
    if case["result"] == "invalid":
        flags.append("error:" + case["expected"].split(" ")[1])
    conditions = [
        ("order", case["operation"].endswith("-order")),
        ("empty", raw == ""),
        ("control", any(ord(c) < 0x20 or ord(c) == 0x7f for c in raw)),
        ("non-ascii", any(ord(c) >= 0x80 for c in raw)),
        ("cell", case["id"].startswith("n_cell_")),
    ]
    flags += [name for name, holds in conditions if holds]
    return flags


def lint_json(directory):
    """Problems of the JSON form against the schema and the TSV files."""
    problems = []
    try:
        with open(os.path.join(directory, "vectors.schema.json")) as f:
            vectors_schema = json.load(f)
    except (OSError, ValueError) as e:
        return ["%s/vectors.schema.json: cannot read: %s" % (directory, e)]
    for level in LEVELS:
        path = "%s/json/%s.json" % (directory, level)
        try:
            with open(path) as f:
                document = json.load(f)
            rows = tsv_cases(directory, level)
        except (OSError, ValueError) as e:
            problems.append("%s: cannot read: %s" % (path, e))
            continue
        errors = schema.errors(document, vectors_schema, where=path)
        problems += errors
        if errors:
            continue
        tests = document["tests"]
        if document["level"] != level:
            problems.append("%s: level %s" % (path, document["level"]))
        if document["numberOfTests"] != len(tests):
            problems.append("%s: numberOfTests %d, the file holds %d" % (path, document["numberOfTests"], len(tests)))
        if len(tests) != len(rows):
            problems.append("%s: %d cases, %s.tsv holds %d" % (path, len(tests), level, len(rows)))
        for case, row in zip(tests, rows):
            where = "%s: %s" % (path, case["id"])
            fields = [case["id"], level, case["result"], case["operation"], case["input"], case["expected"],
                      case["comment"]]
            if fields != row:
                problems.append("%s: differs from %s.tsv's case %s" % (where, level, row[0]))
                continue
            if bytes.fromhex(case["inputHex"]) != unescape(case["input"]).encode("latin-1"):
                problems.append("%s: inputHex is not the input's bytes" % where)
            flags = [f for f in case["flags"] if f != "seed"]
            if flags != expected_flags(case):
                problems.append("%s: flags %s, the case calls for %s" % (where, case["flags"], expected_flags(case)))
            for flag in case["flags"]:
                if flag not in document["notes"] and not flag.startswith("error:"):
                    problems.append("%s: flag %s is not described in notes" % (where, flag))
    return problems


# ---- Coverage of the operations (section 13.5) -----------------------------------

DIGIT_OPERATIONS = ["material", "name-material", "fen-material", "fen-study", "fen-study-win", "fen-study-draw",
                    "fen-position", "fen-position-win", "fen-position-draw", "check"]
REPORT_HEADER = "| operation | tables of §9.4 (row prefix) | besides |"
MATERIAL_CODE = re.compile(r"(?<![0-9])([0-9]{4})\.[0-9]{2}")


def reportable(spec_text):
    """operation -> the error classes it can report: section 13.2's table of
    tables and extra errors, the tables' errors taken from their cells."""
    lines = spec_text.split("\n")
    if REPORT_HEADER not in lines:
        raise ValueError("no table of the errors each operation can report (%s)" % REPORT_HEADER)
    columns = check_tables.CLASSES + [(check_tables.END, None)]
    rows = check_tables.parse_tables(spec_text)
    errors = {}
    i = lines.index(REPORT_HEADER) + 2
    while i < len(lines) and lines[i].startswith("|"):
        operation, prefixes, extra = (c.strip() for c in lines[i].strip().strip("|").split("|"))
        operation = operation.strip("`")
        named = set(re.findall(r"`([a-z-]+)`", extra))
        for prefix in re.findall(r"`([a-z-]+)`", prefixes):
            chosen = [r for r in rows if r["name"].split(".")[0] == prefix
                      and (prefix != "order" or r["operation"] == operation)]
            if not chosen:
                raise ValueError("line %d: no table row %s.* for %s" % (i + 1, prefix, operation))
            for row in chosen:
                place = len(row["prefix"]) + 1
                for (name, chars), cell in zip(columns, row["cells"]):
                    named |= cell_errors(cell, chars, place, "%s, column %s" % (row["name"], name))
        errors[operation] = named
        i += 1
    return errors


def all_cases(directory):
    """Every case as a dict of its TSV fields, the input unescaped."""
    cases = []
    for level in LEVELS:
        try:
            rows = tsv_cases(directory, level)
        except (OSError, ValueError):
            continue  # reported by lint()
        for f in rows:
            if len(f) == 7:
                cases.append({"id": f[0], "result": f[2], "operation": f[3], "input": unescape(f[4]),
                              "expected": unescape(f[5])})
    return cases


def mark(count):
    return "!" if count == 0 else str(min(count, 99))


def operation_coverage(directory, spec, operations):
    """The three rules of section 13.5's coverage of the operations (the
    library's, in its order); returns problems and the matrices' lines."""
    with open(spec, encoding="utf-8") as f:
        spec_text = f.read()
    try:
        can_report = reportable(spec_text)
    except (ValueError, check_tables.TableError) as e:
        return ["%s: %s" % (spec, e)], []
    cases = all_cases(directory)
    problems, lines = [], []
    missing = sorted(set(operations) - set(can_report))
    if missing:
        problems.append("%s: section 13.2 lists no errors for %s" % (spec, ", ".join(missing)))
    width = max(len(op) for op in operations) + 2

    # 1. Every operation, an invalid case for each error it can report.
    lines.append("errors each operation reports (columns: section 9.2's numbers; '.' cannot report):")
    lines.append("%-*s %s" % (width, "operation", " ".join("%2d" % (n + 1) for n in range(len(ERROR_LIST)))))
    for op in operations:
        marks = []
        for error in ERROR_LIST:
            count = sum(1 for c in cases if c["operation"] == op and c["result"] == "invalid"
                        and c["expected"].split(" ")[1:2] == [error])
            if error not in can_report.get(op, ()):
                marks.append(" ." if count == 0 else "%2s" % mark(count))
                if count:
                    problems.append("%s: %d invalid cases expect %s, which section 13.2 says it cannot report"
                                    % (op, count, error))
                continue
            marks.append("%2s" % mark(count))
            if count == 0:
                problems.append("%s: no invalid case expects %s, which it can report (section 13.2)" % (op, error))
        lines.append("%-*s %s" % (width, op, " ".join(marks)))

    # 2. Inputs of 0, 1 and 2 bytes.
    lines.append("inputs of 0, 1 and 2 bytes:")
    lines.append("%-*s  0  1  2" % (width, "operation"))
    for op in operations:
        counts = [sum(1 for c in cases if c["operation"] == op and len(c["input"]) == n) for n in range(3)]
        lines.append("%-*s %s" % (width, op, " ".join("%2s" % mark(n) for n in counts)))
        for n, count in enumerate(counts):
            if count == 0:
                problems.append("%s: no input of %d bytes" % (op, n))

    # 3. Each digit of each type through the operations that give a material code.
    lines.append("material digits 0-9 of each type in valid outputs:")
    lines.append("%-*s  %s" % (width + 2, "operation type", " ".join("%2d" % d for d in range(10))))
    for op in DIGIT_OPERATIONS:
        codes = [m.group(1) for c in cases if c["operation"] == op and c["result"] == "valid"
                 for m in [MATERIAL_CODE.search(c["expected"])] if m]
        for t, letter in enumerate("QRBN"):
            counts = [sum(1 for code in codes if code[t] == str(d)) for d in range(10)]
            lines.append("%-*s %s %s" % (width, op, letter, " ".join("%2s" % mark(n) for n in counts)))
            for d, count in enumerate(counts):
                if count == 0:
                    problems.append("%s: no valid case gives digit %d on %s" % (op, d, letter))

    for rule in (fen_variant_coverage, material_boundary_coverage, reading_coverage, kind_coverage,
                 look_alike_coverage):
        rule_problems, rule_lines = rule(cases)
        problems += rule_problems
        lines += rule_lines
    return problems, lines


# ---- FEN field variants (section 13.5) --------------------------------------------

FEN_OPERATIONS = ["fen-material", "fen-study", "fen-study-win", "fen-study-draw", "fen-position",
                  "fen-position-win", "fen-position-draw", "check"]
FEN_VARIANTS = [
    ("side", "placement and side only"),
    ("no-clocks", "placement, side, castling and en passant (no clocks)"),
    ("clocks", "all six fields"),
    ("spaces", "two or more spaces between fields"),
    ("slash", "a trailing / after the eighth rank"),
]
# The fields of section 6 (grammar of section 9.1), separators captured, so
# that a case counts for a variant only when the rest of it is well-formed.
FEN_SHAPE = re.compile(r"^([KQRBNPkqrbnp1-8/]+)( +)([wb])(?:( +)(-|(?=[KQkq])K?Q?k?q?)( +)(-|[a-h][36])"
                       r"(?:( +)([0-9]{1,5})( +)([0-9]{1,5}))?)?$")


def fen_variant(text):
    """The field variant of a FEN input, judged from the input alone, or None
    when it is no FEN of eight ranks of eight files with well-formed fields."""
    m = FEN_SHAPE.match(text)
    if not m:
        return None
    placement = m.group(1)
    slash = placement.endswith("/")
    ranks = (placement[:-1] if slash else placement).split("/")
    if len(ranks) != 8 or any(sum(int(c) if c.isdigit() else 1 for c in rank) != 8 for rank in ranks):
        return None
    if slash:
        return "slash"
    if any(sep and len(sep) > 1 for sep in m.group(2, 4, 6, 8, 10)):
        return "spaces"
    return "clocks" if m.group(9) is not None else "no-clocks" if m.group(5) is not None else "side"


def fen_variant_coverage(cases):
    """Every FEN operation (and check of a FEN, §10 rule 1) through every field variant."""
    problems, lines = [], []
    width = max(len(op) for op in FEN_OPERATIONS) + 2
    lines.append("FEN field variants, valid or invalid (%s):"
                 % "; ".join("%s: %s" % (key, words) for key, words in FEN_VARIANTS))
    lines.append("%-*s %s" % (width, "operation", " ".join("%9s" % key for key, _ in FEN_VARIANTS)))
    for op in FEN_OPERATIONS:
        counts = {key: 0 for key, _ in FEN_VARIANTS}
        for c in cases:
            if c["operation"] != op or (op == "check" and "/" not in c["input"].split(" ")[0]):
                continue
            variant = fen_variant(c["input"])
            if variant:
                counts[variant] += 1
        lines.append("%-*s %s" % (width, op, " ".join("%9s" % mark(counts[key]) for key, _ in FEN_VARIANTS)))
        for key, words in FEN_VARIANTS:
            if counts[key] == 0:
                problems.append("%s: no case of a FEN with %s (%s)" % (op, words, key))
    return problems, lines


# ---- The material rule's boundaries (section 13.5) -----------------------------------

# The entry paths of the material rule, each with the form of its input: check
# on each of the forms that carry material (the form named by its output).
MATERIAL_PATHS = ([("material", None, "code"), ("name-material", None, "name")]
                  + [(op, None, "fen") for op in FEN_OPERATIONS if op != "check"]
                  + [("check", form, kind) for form, kind in (("material", "code"), ("study", "code"),
                                                               ("position", "position"), ("fen", "fen"),
                                                               ("name", "name"))])
BOUNDARIES = ["9W", "9B", "3W", "3B"]
BOUNDARY_WORDS = {"9W": "a 9 on %s from White's three or more", "9B": "a 9 on %s from Black's three or more",
                  "3W": "exactly three white %s", "3B": "exactly three black %s"}
TYPES = "QRBN"
# Promoted men a side needs to have three of a type (one queen is original, two of the others).
NEEDED_PROMOTIONS = {"Q": 2, "R": 1, "B": 1, "N": 1}
CODE_DIGITS = re.compile(r"(?<![0-9])([0-9]{4})(?:\.([0-8])([0-8]))?")
SQUARE_FIELD_TOKEN = re.compile(r"\{([a-h1-8]*)/([a-h1-8]*)\}|[a-h][1-8]")


def men_counts(kind, text):
    """{type: (white, black)} of a valid input's men, or None where the form
    does not say (a code: only its 9s and pawn digits, judged in boundaries())."""
    if kind == "fen":
        placement = text.split(" ")[0]
        return {t: (placement.count(t), placement.count(t.lower())) for t in TYPES}
    if kind == "name":
        white, _, black = text.partition("v")
        return {t: (white.count(t), black.count(t)) for t in TYPES}
    if kind == "position":
        # A valid position form: digit d of a type is d mod 3 white and d div 3
        # black squares, a 9 a group {white/black} (section 5).
        fields = text.split(" ")
        digits = fields[1][:4]
        tokens = [m for m in SQUARE_FIELD_TOKEN.finditer(fields[2].split(".")[0])] if len(fields) > 3 else []
        counts = {}
        for t, d in zip(TYPES, digits):
            if d == "9":
                group = tokens.pop(0) if tokens else None
                if not group or group.group(0)[0] != "{":
                    return None
                counts[t] = (len(group.group(1)) // 2, len(group.group(2)) // 2)
            else:
                counts[t] = (int(d) % 3, int(d) // 3)
                del tokens[:int(d) % 3 + int(d) // 3]
        return counts
    return None


def boundaries(kind, text):
    """The boundary cells (type, boundary) a valid input of this kind fills."""
    filled = set()
    if kind == "code":
        m = CODE_DIGITS.search(text)
        if not m:
            return filled
        pawns = (int(m.group(2) or 0), int(m.group(3) or 0))
        for t, d in zip(TYPES, m.group(1)):
            # A side with all its pawns but fewer than the promotions three
            # men of the type need cannot hold the 9: the other side does.
            if d == "9":
                if 8 - pawns[1] < NEEDED_PROMOTIONS[t]:
                    filled.add((t, "9W"))
                if 8 - pawns[0] < NEEDED_PROMOTIONS[t]:
                    filled.add((t, "9B"))
        return filled
    counts = men_counts(kind, text)
    for t, (white, black) in (counts or {}).items():
        if white >= 3 and black <= 2:
            filled.add((t, "9W"))
        if black >= 3 and white <= 2:
            filled.add((t, "9B"))
        if white == 3:
            filled.add((t, "3W"))
        if black == 3:
            filled.add((t, "3B"))
    return filled


def material_boundary_coverage(cases):
    """Every entry path of the material rule through its boundaries, judged
    from the valid cases' inputs."""
    problems, lines = [], []
    names = ["%s %s" % (op, form) if form else op for op, form, _ in MATERIAL_PATHS]
    width = max(len(n) for n in names) + 2
    lines.append("material rule's boundaries in valid cases (per type: 9W/9B a 9 from White's/Black's three or more,")
    lines.append("the other side two or fewer; 3W/3B exactly three on that side; '.' a code cannot say it):")
    lines.append("%-*s %s" % (width, "path", "  ".join("%s:%s" % (t, " ".join("%2s" % b for b in BOUNDARIES))
                                                    for t in TYPES)))
    for name, (op, form, kind) in zip(names, MATERIAL_PATHS):
        counts = {}
        for c in cases:
            if c["operation"] != op or c["result"] != "valid":
                continue
            if form and c["expected"].split(" ")[0] != form:
                continue
            for cell in boundaries(kind, c["input"]):
                counts[cell] = counts.get(cell, 0) + 1
        marks = []
        for t in TYPES:
            row = []
            for b in BOUNDARIES:
                if kind == "code" and b[0] == "3":
                    row.append(" .")
                    continue
                n = counts.get((t, b), 0)
                row.append("%2s" % mark(n))
                if n == 0:
                    problems.append("%s: no valid case with %s (%s %s)" % (name, BOUNDARY_WORDS[b] % t, t, b))
            marks.append("  " + " ".join(row))
        lines.append("%-*s %s" % (width, name, " ".join(marks)))
    return problems, lines


# ---- The readings of GBR 1.2 and the kinds no defect may slip past (section 13.5) ----

POSITION_OPERATIONS = ["position", "position-fen", "position-order", "check"]
ORDER_OPERATIONS = ["material-order", "study-order", "position-order"]
SQUARE = re.compile(r"[a-h][1-8]")
MATERIAL_LONG = re.compile(r"[0-9]{4}\.[0-8]{2}$")


def detect_form(text):
    """Section 10's recognition of a text's form (None: unknown-form or empty)."""
    if not text:
        return None
    if "/" in text.split(" ")[0]:
        return "fen"
    first = text[0]
    if first in "[(+=":
        return "study"
    if "a" <= first <= "h":
        return "position"
    if first == "K":
        return "name"
    if "0" <= first <= "9":
        return "study" if any("a" <= c <= "h" for c in text) else "material"
    return None


def case_texts(case):
    """(offset, text) of each text a case's input holds: A and B of an order
    input (A runs to the first |, section 9.3 rule 6), else the whole input."""
    text = case["input"]
    if case["operation"] in ORDER_OPERATIONS and "|" in text:
        a, _, b = text.partition("|")
        return [(0, a), (len(a) + 1, b)]
    return [(0, text)]


def case_error(case):
    """(class, column) of an invalid case's expected error, else (None, None)."""
    m = ERROR_ANSWER.match(case["expected"]) if case["result"] == "invalid" else None
    return (m.group(1), int(m.group(2))) if m else (None, None)


def error_text(case):
    """(class, column within its text, text) of an invalid case: the text of the
    input (A or B of an order input) that holds the error's column."""
    error, column = case_error(case)
    if error is None:
        return None, None, None
    for offset, text in reversed(case_texts(case)):
        if column > offset:
            return error, column - offset, text
    return None, None, None


def reads_position(case, text):
    op = case["operation"]
    return op in ("position", "position-fen", "position-order") or (op == "check" and detect_form(text) == "position")


def square_field(text):
    """The squares of a position form's square field, in written order, as far
    as they follow the material code's counts: (list, column, index) with list
    (type 0-4 for Q R B N P, colour 0 white 1 black, in a group or not)."""
    if len(text) < 14 or text[4] != " " or text[12] != " " or not MATERIAL_LONG.match(text[5:12]):
        return []
    out, i = [], 13

    def take(key, n=None):
        nonlocal i
        count = 0
        while (n is None or count < n) and SQUARE.match(text, i):
            out.append((key, i + 1, 8 * (ord(text[i]) - ord("a")) + int(text[i + 1]) - 1))
            i += 2
            count += 1
        return n is None or count == n

    for t, d in enumerate(text[5:9]):
        if d == "9":
            for colour, before in ((0, "{"), (1, "/")):
                if text[i:i + 1] != before:
                    return out
                i += 1
                take((t, colour, True))
            if text[i:i + 1] != "}":
                return out
            i += 1
        elif not (take((t, 0, False), int(d) % 3) and take((t, 1, False), int(d) // 3)):
            return out
    pawns = (int(text[10]), int(text[11]))
    if pawns != (0, 0) and text[i:i + 1] == ".":
        i += 1
        if take((4, 0, False), pawns[0]):
            take((4, 1, False), pawns[1])
    return out


def material_possible(digits, pawns):
    """Section 2.4 on a material code's digits and pawn digits."""
    nines = [t for t, d in enumerate(digits) if d == "9"]
    for sides in range(1 << len(nines)):
        promoted = [0, 0]
        if digits[0] != "9":
            promoted[0] += int(digits[0]) % 3 == 2
            promoted[1] += int(digits[0]) // 3 == 2
        for k, t in enumerate(nines):
            promoted[(sides >> k) & 1] += 2 if t == 0 else 1
        if all(promoted[s] <= 8 - pawns[s] for s in (0, 1)):
            return True
    return False


COUNT_BYTES_AFTER = {"W": "/", "B": ".+=- "}


def reading_kinds(case):
    """The readings of section 9.3 and 10 (settled in GBR 1.2) an invalid case
    shows, judged from its input and its expected error."""
    error, column, text = error_text(case)
    kinds = set()
    if error is None:
        return kinds
    op = case["operation"]
    if error == "men-mismatch" and reads_position(case, text) and column >= 2:
        side = "B" if text[column - 2] == "/" else "W" if text[column - 2] == " " else None
        digits = re.match(r"[0-9]{1,2}", text[column - 1:])
        if side and digits:
            after = text[column - 1 + len(digits.group(0)):]
            if not after:
                kinds.add("count-%s-end" % side)
            elif not after[0].isdigit() and after[0] not in COUNT_BYTES_AFTER[side]:
                kinds.add("count-%s-byte" % side)
    if error == "promotions" and column == 6 and reads_position(case, text) and MATERIAL_LONG.match(text[5:12]):
        if len(text) > 12 and text[12] != " ":
            kinds.add("code-then-byte")
        if "{" in text and material_possible(text[5:9], (int(text[10]), int(text[11]))):
            kinds.add("group-counts")
    if op in ORDER_OPERATIONS and error == "empty":
        texts, absolute = case_texts(case), case_error(case)[1]
        if absolute == 1 and case["input"].startswith("|"):
            kinds.add("empty-a")
        if len(texts) == 2 and texts[0][1] and not texts[1][1] and absolute == len(case["input"]) + 1:
            kinds.add("empty-b")
    if op == "check" and detect_form(text) == "study":
        first = text.split(" ")[0]
        if re.match(r"[0-9]{4}(\.[0-8]{2})?$", first) and " " in text:
            kinds.add("rule5-short" if len(first) == 4 else "rule5-long")
    return kinds


READINGS = [
    ("count-W-end", POSITION_OPERATIONS, "a wrong W followed by the end (men-mismatch)"),
    ("count-W-byte", POSITION_OPERATIONS, "a wrong W followed by a byte other than / (men-mismatch)"),
    ("count-B-end", POSITION_OPERATIONS, "a wrong B followed by the end (men-mismatch)"),
    ("count-B-byte", POSITION_OPERATIONS, "a wrong B followed by a byte that is no indicator or . (men-mismatch)"),
    ("code-then-byte", POSITION_OPERATIONS, "section 2.4 broken by the code, a byte other than space after it"),
    ("group-counts", POSITION_OPERATIONS, "a possible code with groups whose exact counts break section 1"),
    ("empty-a", ORDER_OPERATIONS, "an empty A (the input starts with |)"),
    ("empty-b", ORDER_OPERATIONS, "an empty B after a non-empty A"),
    ("rule5-short", ["check"], "a short code, then a space and a later letter a-h (section 10 rule 5)"),
    ("rule5-long", ["check"], "a long code, then a space and a later letter a-h (section 10 rule 5)"),
]


def coverage_matrix(title, cases, columns, judge, problems, lines, operations=None):
    """A matrix of operations against columns (name, operations it applies to,
    words), each cell the number of cases judge(case) puts in it."""
    rows = operations or [op for op in ["material", "name-material", "material-name", "material-order", "study",
                                        "study-order", "position", "position-fen", "position-order"]
                          + FEN_OPERATIONS if any(op in ops for _, ops, _ in columns)]
    counts = {}
    for c in cases:
        for name in judge(c):
            counts[(c["operation"], name)] = counts.get((c["operation"], name), 0) + 1
    width = max(len(op) for op in rows) + 2
    cell = max(len(name) for name, _, _ in columns) + 1
    lines.append(title)
    lines += ["  %s: %s" % (name, words) for name, _, words in columns]
    lines.append("%-*s %s" % (width, "operation", " ".join("%*s" % (cell, name) for name, _, _ in columns)))
    for op in rows:
        marks = []
        for name, ops, words in columns:
            if op not in ops:
                marks.append("%*s" % (cell, "."))
                continue
            n = counts.get((op, name), 0)
            marks.append("%*s" % (cell, mark(n)))
            if n == 0:
                problems.append("%s: no case of %s (%s)" % (op, words, name))
        lines.append("%-*s %s" % (width, op, " ".join(marks)))


def reading_coverage(cases):
    """The readings GBR 1.2 settled, each through the operations it concerns."""
    problems, lines = [], []
    coverage_matrix("readings of sections 9.3 and 10 in invalid cases:", cases, READINGS, reading_kinds, problems, lines)
    return problems, lines


PROMOTION_PATHS = [("name-material", "name"), ("fen-material", "fen"), ("position", "position")]
ORIGINAL = {"Q": 1, "R": 2, "B": 2, "N": 2}


def side_men(kind, text):
    """[(counts {type: n}, pawns) for White, for Black] of a text that counts men."""
    if kind == "fen":
        placement = text.split(" ")[0]
        return [({t: placement.count(t if s == 0 else t.lower()) for t in TYPES},
                 placement.count("P" if s == 0 else "p")) for s in (0, 1)]
    if kind == "name":
        halves = text.split("v")
        if len(halves) != 2:
            return None
        return [({t: half.count(t) for t in TYPES}, half.count("P")) for half in halves]
    if len(text) < 13 or not MATERIAL_LONG.match(text[5:12]):
        return None
    counts = [{t: 0 for t in TYPES}, {t: 0 for t in TYPES}]
    for (t, colour, _), _, _ in square_field(text):
        if t < 4:
            counts[colour][TYPES[t]] += 1
    return [(counts[0], int(text[10])), (counts[1], int(text[11]))]


def kind_cases(case):
    """The kinds planted defects showed no vector held, judged from the input."""
    kinds = set()
    op = case["operation"]
    error, column, text = error_text(case)
    if error == "square-order" and reads_position(case, text):
        field = square_field(text)
        at = [e for e in field if e[1] == column]
        if at:
            key, _, index = at[0]
            before = [e[2] for e in field if e[0] == key and e[1] < column]
            if len(before) >= 2 and before[-2] < index < before[-1]:
                if key[0] == 4:
                    kinds.add("third-pawn")
                elif key[2]:
                    kinds.add("third-group")
    for path, kind in PROMOTION_PATHS:
        if op != path or not (case["result"] == "valid" or error == "promotions"):
            continue
        sides = side_men(kind, case["input"])
        for counts, pawns in sides or []:
            promoted = {t: max(0, n - ORIGINAL[t]) for t, n in counts.items()}
            total = sum(promoted.values())
            types = [t for t in TYPES if promoted[t]]
            if len(types) != 1:
                continue
            if case["result"] == "valid" and total == 8 - pawns:
                kinds.add("%s-at" % types[0])
            elif error == "promotions" and total == 9 - pawns:
                kinds.add("%s-over" % types[0])
    if op == "position-order" and case["result"] == "valid" and case["expected"] in ("<", ">"):
        (_, a), (_, b) = case_texts(case)
        fa, fb = square_field(a), square_field(b)
        if fa and fb and a[:13] == b[:13] and a[fa[-1][1] + 1:] == b[fb[-1][1] + 1:] and len(fa) == len(fb):
            white = [(e[0], e[2]) for e in fa if e[0][1] == 0] == [(e[0], e[2]) for e in fb if e[0][1] == 0]
            differ = [ea for ea, eb in zip(fa, fb) if ea[0] != eb[0] or ea[2] != eb[2]]
            if white and differ and all(e[0][1] == 1 for e in differ):
                key = differ[0][0]
                kinds.add("black-pawn" if key[0] == 4 else "black-group" if key[2] else "black-piece")
    return kinds


KINDS = ([("third-pawn", POSITION_OPERATIONS, "a third pawn square between the first and the second (square-order)"),
          ("third-group", POSITION_OPERATIONS, "a third group square between the first and the second (square-order)")]
         + [("%s-%s" % (t, edge), [p for p, _ in PROMOTION_PATHS],
             ("a valid case where one side's promoted men are all %s, exactly as many as its missing pawns"
              if edge == "at" else
              "an invalid case where one side's promoted men are all %s, one more than its missing pawns") % t)
            for t in TYPES for edge in ("at", "over")]
         + [("black-%s" % what, ["position-order"], "two forms that differ only in Black's %s squares" % what)
            for what in ("piece", "pawn", "group")])


def kind_coverage(cases):
    """Kinds that one-decision defects of an independent implementation slipped past."""
    problems, lines = [], []
    coverage_matrix("square order, section 1's promotion boundary per type, order by Black's squares:", cases, KINDS, kind_cases, problems, lines,
                    operations=["name-material", "fen-material", "position", "position-fen", "position-order",
                                "check"])
    return problems, lines


# ---- UTF-8 look-alike white space (section 13.5) ------------------------------------

# Unicode white space other than the ASCII space, as UTF-8 bytes (each byte a
# code point, as the inputs are read): U+0085, U+00A0, U+1680, U+2000-U+200A,
# U+2028, U+2029, U+202F, U+205F, U+3000.
NBSP = "\xc2\xa0"
LOOK_ALIKE_SPACES = [chr(c).encode("utf-8").decode("latin-1") for c in range(0x80, 0x3001) if chr(c).isspace()]
LOOK_ALIKE = re.compile("|".join(re.escape(s) for s in sorted(LOOK_ALIKE_SPACES, key=len, reverse=True)))
POSITION_PLACES = ["material", "squares", "count", "word"]
FEN_PLACES = ["side", "castling", "en-passant", "halfmove", "fullmove"]
POSITION_SHAPE = re.compile(r"^[a-h][1-8][a-h][1-8] [0-9]{4}\.[0-8]{2}( [a-h1-8{}/.]+)? [1-9][0-9]?/[1-9][0-9]?"
                            r"(|\+|=|-\+|-=| WTM| BTM)\.$")


def look_alike_places(case):
    """(place, 'nbsp' or 'other') of each look-alike white space in an invalid
    case's input that stands where a space or the start of a text is: the text
    with every look-alike read as one space must be a well-formed text of the
    form (section 9.1's shape), the look-alike in place of one of its spaces,
    or stand at the text's start."""
    if case["result"] != "invalid":
        return set()
    op = case["operation"]
    found = set()
    for number, (_, text) in enumerate(case_texts(case)):
        for m in LOOK_ALIKE.finditer(text):
            what = "nbsp" if m.group(0) == NBSP else "other"
            if m.start() == 0:
                found.add(("start-b" if number else "start", what))
                continue
            plain = LOOK_ALIKE.sub(" ", text)
            at = LOOK_ALIKE.sub(" ", text[:m.start()])
            spaces = at.count(" ")
            form = detect_form(plain) if op == "check" else (
                "fen" if op.startswith("fen-") else "position" if op in POSITION_OPERATIONS else None)
            if form == "fen" and fen_variant(plain) in ("side", "no-clocks", "clocks") and spaces < 5:
                found.add((FEN_PLACES[spaces], what))
            elif form == "position" and POSITION_SHAPE.match(plain):
                places = list(POSITION_PLACES)
                if plain[5:9] == "0000" and plain[10:12] == "00":
                    places.remove("squares")
                if spaces < len(places):
                    found.add((places[spaces], what))
    return found


PLACE_WORDS = {"material": "the material", "squares": "the squares", "count": "the count", "word": "WTM or BTM",
               "side": "the side", "castling": "castling", "en-passant": "en passant",
               "halfmove": "the halfmove clock", "fullmove": "the fullmove clock"}


def look_alike_columns():
    starts = {op: ["start"] for op in ["material", "name-material", "material-name", "study"]}
    starts.update({op: ["start", "start-b"] for op in ["material-order", "study-order"]})
    starts.update({op: ["start"] + POSITION_PLACES for op in ["position", "position-fen"]})
    starts["position-order"] = ["start", "start-b"] + POSITION_PLACES
    starts.update({op: ["start"] + FEN_PLACES for op in FEN_OPERATIONS})
    starts["check"] = ["start"] + POSITION_PLACES + FEN_PLACES
    places = ["start", "start-b"] + POSITION_PLACES + FEN_PLACES
    columns = [(place, [op for op, where in starts.items() if place in where],
                "a no-break space (\\xc2\\xa0) %s" % ("at the start of %s" % ("B" if place == "start-b" else "a text")
                                                       if place.startswith("start")
                                                       else "in place of the space before %s" % PLACE_WORDS[place]))
               for place in places]
    columns.append(("other", list(starts), "another UTF-8 white space (U+3000, U+2007, ...) where a space or "
                                           "the start is"))
    return columns


def look_alike_coverage(cases):
    """Every operation: a no-break space at every place where its forms have a
    space or a start, and another look-alike white space at one of them."""
    problems, lines = [], []

    def judge(case):
        places = look_alike_places(case)
        return {place for place, what in places if what == "nbsp"} | {"other" for _, what in places
                                                                    if what == "other"}
    coverage_matrix("UTF-8 look-alike white space in invalid cases, at each place a space or the start is"
                    " (a no-break space; 'other': any other Unicode white space):",
                    cases, look_alike_columns(), judge, problems, lines)
    return problems, lines


def main():
    args = sys.argv[1:]
    options = {"--spec": None, "--gbr": DEFAULT_GBR}
    while len(args) >= 3 and args[-2] in options:
        value = args.pop()
        options[args.pop()] = value
    if len(args) != 1:
        sys.stderr.write("usage: lint_vectors.py DIR [--spec SPEC] [--gbr GBR]\n")
        return 2
    spec = options["--spec"]
    try:
        operations = library_operations(options["--gbr"])
    except (OSError, subprocess.CalledProcessError) as e:
        sys.stderr.write("lint_vectors.py: cannot read the operations from %s conform --list-operations: %s\n"
                         % (options["--gbr"], e))
        return 2
    problems, totals, _ = lint(args[0], operations)
    for level, counts in totals.items():
        print("%-10s %4d cases: %s" % (level, sum(counts.values()),
                                         ", ".join("%s %d" % (r, n) for r, n in counts.items())))
    json_problems = lint_json(args[0])
    problems += json_problems
    print("json: %d files against the schema and the TSV files, %d problems" % (len(LEVELS), len(json_problems)))
    if spec:
        coverage_problems, matrix = table_coverage(args[0], spec)
        for line in matrix:
            print(line)
        problems += coverage_problems
        operation_problems, matrices = operation_coverage(args[0], spec, operations)
        for line in matrices:
            print(line)
        problems += operation_problems
    for p in problems:
        print("lint: " + p)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

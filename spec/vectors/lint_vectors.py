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
DIR/vectors.schema.json (checked by a validator of the subset of JSON Schema
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

SCHEMA_KEYWORDS = {"$schema", "$id", "$defs", "$ref", "title", "description", "type", "required",
                   "additionalProperties", "properties", "items", "enum", "const", "pattern", "minimum"}
JSON_TYPES = {"object": dict, "array": list, "string": str, "integer": int}


def schema_errors(value, schema, root, where):
    """The places where value breaks schema (the keywords of SCHEMA_KEYWORDS only)."""
    unknown = set(schema) - SCHEMA_KEYWORDS
    if unknown:
        return ["%s: the schema uses keywords this validator does not know: %s" % (where, sorted(unknown))]
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return schema_errors(value, target, root, where)
    errors = []
    kind = schema.get("type")
    if kind and (not isinstance(value, JSON_TYPES[kind]) or (kind == "integer" and isinstance(value, bool))):
        return ["%s: not of type %s" % (where, kind)]
    if "const" in schema and value != schema["const"]:
        errors.append("%s: not %r" % (where, schema["const"]))
    if "enum" in schema and value not in schema["enum"]:
        errors.append("%s: %r is not one of %s" % (where, value, schema["enum"]))
    if "pattern" in schema and not (isinstance(value, str) and re.search(schema["pattern"], value)):
        errors.append("%s: %r does not match %s" % (where, value, schema["pattern"]))
    if "minimum" in schema and value < schema["minimum"]:
        errors.append("%s: below %s" % (where, schema["minimum"]))
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                errors.append("%s: no %s" % (where, name))
        properties = schema.get("properties", {})
        for name, item in value.items():
            if name in properties:
                errors += schema_errors(item, properties[name], root, "%s.%s" % (where, name))
            elif schema.get("additionalProperties") is False:
                errors.append("%s: unexpected member %s" % (where, name))
            elif isinstance(schema.get("additionalProperties"), dict):
                errors += schema_errors(item, schema["additionalProperties"], root, "%s.%s" % (where, name))
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            errors += schema_errors(item, schema["items"], root, "%s[%d]" % (where, i))
    return errors


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
            schema = json.load(f)
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
        errors = schema_errors(document, schema, schema, path)
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

    for rule in (fen_variant_coverage, material_boundary_coverage):
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

#!/usr/bin/env python3
"""Lint of the golden vectors (spec/gbr.md section 13): the file format, unique
ids, results that agree with the ids' prefixes, well-formed expected outputs,
and the counts each file's header states. Prints the counts per level and
result. Usage: lint_vectors.py DIR"""
import re
import sys

LEVELS = ["material", "study", "position", "extensions"]
RESULTS = {"valid": "y_", "invalid": "n_", "implementation-defined": "i_"}
OPERATIONS = {
    "material", "study", "position", "fen-material", "fen-study", "fen-study-win", "fen-study-draw",
    "fen-position", "fen-position-win", "fen-position-draw", "position-fen", "name-material",
    "material-name", "check", "material-order", "study-order", "position-order",
}
# The error classes of §9.2 a text can have (not the API-only ones).
ERRORS = {
    "empty", "truncated", "trailing", "expected-digit", "pawn-count", "expected-point",
    "expected-space", "expected-slash", "expected-close", "expected-square", "square-count",
    "duplicate-square", "square-order", "pawn-rank", "too-many-pawns", "promotions", "men-count",
    "men-mismatch", "indicator", "overflow-group", "fen-piece", "fen-rank", "fen-kings", "fen-field",
    "name-syntax", "name-overflow", "unknown-form",
}
ID = re.compile(r"^[yni]_[a-z0-9_]+$")
ESCAPED = re.compile(r"^(?:[\x20-\x5b\x5d-\x7e]|\\\\|\\x[0-9a-f]{2})*$")
ERROR_ANSWER = re.compile(r"^error ([a-z-]+) ([1-9][0-9]*)$")
COUNTS = re.compile(r"^# Cases: (\d+) \(valid (\d+), invalid (\d+), implementation-defined (\d+)\)\.$")


def unescape(field):
    return re.sub(r"\\x([0-9a-f]{2})|\\\\", lambda m: chr(int(m.group(1), 16)) if m.group(1) else "\\", field)


def lint(directory):
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
            if operation not in OPERATIONS:
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
                bars = unescape(text).count("|")
                if bars != 1 and not (result == "invalid" and bars == 0):
                    problems.append("%s: an order case has two texts separated by one |" % where)
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
    return problems, totals


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: lint_vectors.py DIR\n")
        return 2
    problems, totals = lint(sys.argv[1])
    for level, counts in totals.items():
        print("%-10s %4d cases: %s" % (level, sum(counts.values()),
                                         ", ".join("%s %d" % (r, n) for r, n in counts.items())))
    for p in problems:
        print("lint: " + p)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

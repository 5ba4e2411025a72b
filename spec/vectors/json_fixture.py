#!/usr/bin/env python3
"""Runs the JSON form of the vectors (spec/gbr.md section 13.1) through a
Python implementation in-process: imports fixtures/material_study.py as a
module and calls its answer_line on each case's input (decoded from inputHex),
comparing the escaped answer with expected. This is how a test suite in
another language would use the JSON files, without the protocol.

With --defect FILE, FILE (a fixtures/defect_*.py) is imported and its own copy
of the module, with the defect, is run,
and the run must fail some cases, among them each --failing ID.

Usage: json_fixture.py VECTORS_DIR LEVEL... [--defect FILE [--failing ID]...]
Exit status 0 when the outcome is the one asked for, 1 otherwise."""
import importlib.util
import json
import os
import sys

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")


def escape(text):
    """Section 13.1: bytes outside 0x20-0x7e as \\xHH, a backslash as \\\\."""
    return "".join("\\\\" if c == "\\" else c if " " <= c <= "~" else "\\x%02x" % ord(c) for c in text)


def load_implementation(defect):
    sys.path.insert(0, FIXTURES)
    import material_study
    if not defect:
        return material_study
    # A defect file replaces rules in its own copy of the implementation
    # (material_study.fresh) and runs only as a program, so importing it
    # changes nothing else: its copy is the implementation to run.
    spec = importlib.util.spec_from_file_location("defect", defect)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if hasattr(module, "fen_material"):
        return module.fen_material.material_study
    return module.material_study


def main():
    args = sys.argv[1:]
    defect, failing = None, []
    while "--defect" in args or "--failing" in args:
        i = next(i for i, a in enumerate(args) if a in ("--defect", "--failing"))
        if i + 1 >= len(args):
            sys.stderr.write("json_fixture.py: %s needs a value\n" % args[i])
            return 2
        if args[i] == "--defect":
            defect = args[i + 1]
        else:
            failing.append(args[i + 1])
        del args[i:i + 2]
    if len(args) < 2:
        sys.stderr.write(__doc__)
        return 2
    implementation = load_implementation(defect)
    directory, levels = args[0], args[1:]
    failed, total = [], 0
    for level in levels:
        with open(os.path.join(directory, "json", level + ".json")) as f:
            document = json.load(f)
        for case in document["tests"]:
            total += 1
            text = bytes.fromhex(case["inputHex"]).decode("latin-1")
            got, status = implementation.answer_line(case["operation"], text)
            if escape(got) != case["expected"] or status != (case["result"] == "invalid"):
                failed.append(case["id"])
    print("%d of %d cases of %s passed%s" % (total - len(failed), total, ", ".join(levels),
                                              " (defect %s)" % os.path.basename(defect) if defect else ""))
    for case_id in failed[:10]:
        print("failed: " + case_id)
    if not defect:
        return 1 if failed or total == 0 else 0
    missing = [case_id for case_id in failing if case_id not in failed]
    for case_id in missing:
        print("json_fixture.py: the defect passes %s, which it must fail" % case_id)
    return 0 if failed and not missing else 1


if __name__ == "__main__":
    sys.exit(main())

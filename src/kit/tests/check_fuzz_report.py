#!/usr/bin/env python3
"""Validates `gbr conform --fuzz --json` reports against
spec/vectors/fuzz_report.schema.json, with the validator of the part of
JSON Schema (draft 2020-12) the project's schemas use (testsupport's
gbrtest.schema, standard library only). A keyword outside that part is an
error, so the schema cannot outgrow it.

check_fuzz_report.py SCHEMA --gbr GBR --vectors DIR [--fuzz S] [--level L] [--broken]
                     -- PROGRAM [ARGS...]
    runs the fuzzing with --json and validates the report; with --broken it
    also checks that the report with a required member removed, and with a
    member of the wrong type, is rejected (the validator bites).
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testsupport"))
from gbrtest import schema  # noqa: E402


def check(report, report_schema):
    return schema.errors(report, report_schema, where="report")


def main():
    argv = sys.argv[1:]
    split = argv.index("--")
    program = argv[split + 1:]
    args = argv[:split]
    schema_path = args[0]
    gbr = args[args.index("--gbr") + 1]
    vectors = args[args.index("--vectors") + 1]
    seconds = args[args.index("--fuzz") + 1] if "--fuzz" in args else "3"
    with open(schema_path) as f:
        report_schema = json.load(f)
    level = ["--level", args[args.index("--level") + 1]] if "--level" in args else []
    command = [gbr, "conform", "--json", "--fuzz", seconds, "--seed", "1", "--vectors", vectors] + level + \
        ["--"] + program
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Raw bytes: each code point of the strings is one byte.
    report = json.loads(done.stdout.decode("latin-1"))
    problems = check(report, report_schema)
    findings = report["disagreements"]
    for d in findings:
        if bytes.fromhex(d["input_hex"]) != d["input"].encode("latin-1") or len(d["input"]) != d["input_length"]:
            problems.append("input, input_hex and input_length differ: %r" % d)
        if bytes.fromhex(d["got_hex"]) != d["got"].encode("latin-1"):
            problems.append("got and got_hex differ: %r" % d)
    if report["distinct"] != len(findings) or len(report["cases_by_finding"]) != len(findings):
        problems.append("distinct and cases_by_finding do not count the findings")
    if "--broken" in args and findings:
        broken = json.loads(json.dumps(report))
        del broken["disagreements"][0]["input_hex"]
        broken["disagreements"][0]["exit"] = "1"
        found = check(broken, report_schema)
        if len(found) < 2:
            problems.append("the validator passed a report without input_hex and with a string exit: %r" % found)
    for p in problems:
        print("check_fuzz_report: " + p)
    print("%d findings (%s); %d problems" % (len(findings), ", ".join(sorted({d["got_class"] for d in findings})),
                                             len(problems)))
    return 1 if problems or not findings else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Validates `gbr conform --fuzz --json` reports against
spec/vectors/fuzz_report.schema.json, with a validator of the part of JSON
Schema (draft 2020-12) the schema uses (standard library only): type,
required, properties, additionalProperties false, items, minItems, enum,
pattern, minimum, exclusiveMinimum, minLength, oneOf and $ref to #/$defs.
A keyword outside that part is an error, so the schema cannot outgrow it.

check_fuzz_report.py SCHEMA --gbr GBR --vectors DIR [--fuzz S] [--level L] [--broken]
                     -- PROGRAM [ARGS...]
    runs the fuzzing with --json and validates the report; with --broken it
    also checks that the report with a required member removed, and with a
    member of the wrong type, is rejected (the validator bites).
"""
import json
import re
import subprocess
import sys

KNOWN = {"$schema", "$id", "title", "description", "type", "required", "properties", "additionalProperties", "items",
         "minItems", "enum", "const", "pattern", "minimum", "exclusiveMinimum", "minLength", "oneOf", "$ref", "$defs"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def is_type(value, name):
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def validate(value, schema, root, where, problems):
    unknown = set(schema) - KNOWN
    if unknown:
        raise SystemExit("check_fuzz_report: the schema uses %s at %s, which this validator does not know"
                         % (sorted(unknown), where))
    if "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        validate(value, root["$defs"][name], root, where, problems)
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(is_type(value, n) for n in names):
            problems.append("%s: %r is not of type %s" % (where, value, schema["type"]))
            return
    if "enum" in schema and value not in schema["enum"]:
        problems.append("%s: %r is not one of %r" % (where, value, schema["enum"]))
    if "const" in schema and value != schema["const"]:
        problems.append("%s: %r is not %r" % (where, value, schema["const"]))
    if "oneOf" in schema:
        matching = 0
        for sub in schema["oneOf"]:
            sub_problems = []
            validate(value, sub, root, where, sub_problems)
            matching += not sub_problems
        if matching != 1:
            problems.append("%s: matches %d of the oneOf schemas, not 1" % (where, matching))
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            problems.append("%s: %r does not match %s" % (where, value, schema["pattern"]))
        if len(value) < schema.get("minLength", 0):
            problems.append("%s: %r is shorter than %d" % (where, value, schema["minLength"]))
    if is_type(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            problems.append("%s: %r < %r" % (where, value, schema["minimum"]))
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            problems.append("%s: %r <= %r" % (where, value, schema["exclusiveMinimum"]))
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            problems.append("%s: fewer than %d items" % (where, schema["minItems"]))
        for i, item in enumerate(value):
            if "items" in schema:
                validate(item, schema["items"], root, "%s[%d]" % (where, i), problems)
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                problems.append("%s: no member %r" % (where, name))
        properties = schema.get("properties", {})
        for name, member in value.items():
            if name in properties:
                validate(member, properties[name], root, "%s.%s" % (where, name), problems)
            elif schema.get("additionalProperties") is False:
                problems.append("%s: member %r is not in the schema" % (where, name))


def check(report, schema):
    problems = []
    validate(report, schema, schema, "report", problems)
    return problems


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
        schema = json.load(f)
    level = ["--level", args[args.index("--level") + 1]] if "--level" in args else []
    command = [gbr, "conform", "--json", "--fuzz", seconds, "--seed", "1", "--vectors", vectors] + level + \
        ["--"] + program
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Raw bytes: each code point of the strings is one byte.
    report = json.loads(done.stdout.decode("latin-1"))
    problems = check(report, schema)
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
        found = check(broken, schema)
        if len(found) < 2:
            problems.append("the validator passed a report without input_hex and with a string exit: %r" % found)
    for p in problems:
        print("check_fuzz_report: " + p)
    print("%d findings (%s); %d problems" % (len(findings), ", ".join(sorted({d["got_class"] for d in findings})),
                                             len(problems)))
    return 1 if problems or not findings else 0


if __name__ == "__main__":
    sys.exit(main())

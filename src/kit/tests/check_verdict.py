#!/usr/bin/env python3
"""Self-test of `gbr conform`: runs it with --json over a program and checks
the verdict that program deserves. The cases in scope are counted from the
vector files themselves (levels up to --level, --run/--skip globs), so no
count is written down here; the expectations say what must fail or crash.

check_verdict.py --gbr GBR --vectors DIR [--level L] [--run GLOB]... [--skip GLOB]...
                 [--timeout S] --exit N [--failed 0|some] [--crashed N]
                 [--failing ID]... [--crashing ID]... [--skip-list]
                 [--mode auto|batch|per-case] [--expect-mode batch|per-case]
                 [--both-modes] -- PROGRAM [ARGS...]
check_verdict.py --gbr GBR --vectors DIR --fuzz S [--level L] [--operations LIST]
                 [--errors exact|validity] [--run GLOB]... [--skip GLOB]...
                 --exit N [--disagreeing OP:EXPECTED:GOT]... [--fault HERE:GOT:FAMILY:BYTE]...
                 [--only-expected CLASS]... [--deterministic] [--mode M] [--shrink-share P]
                 [--fault-line FAMILY:BYTE:PROGRAM[:OPERATION]...]... -- PROGRAM [ARGS...]

--failing: ids that must be among the failures (with --exactly-failing: the
failures); --errors: the judging, checked in the report; --crashing: exactly the ids
that must crash; --skip-list also checks that --print-skip-list prints the
failed and crashed ids and that, given back as --skip-file, they make the
run pass. --mode is given to the runner, --expect-mode checks the mode the
run took (§13.3: auto is batch when the program answers the handshake); --both-modes
also runs the other mode and checks that every case got the same verdict and
answer in both (standard error aside, which batch mode shares out by time).

With --fuzz it runs `gbr conform --fuzz S --seed 1 --json` instead and checks
the exit status, that each --disagreeing class triple was found, that each
--fault (HERE:GOT:FAMILY:BYTE: what the reference and the program do at the
fault, its row family and byte class of spec §9.4) is a finding of its own, that with --only-expected every finding expected one of
those classes, that every finding's input_hex is its input and its case line
is one `gbr vectors` takes into the vectors, and with --deterministic that a
second run with the same seed finds the same first disagreement, shrunk to the
same input. Every --fuzz run is also checked for its grouping and its share:
the report's faults hold every finding once, each finding under the fault of
its place and what the program does there, no two faults alike; and the time
spent shrinking is within --shrink-share of the run (one shrink slice of
slack). --fault-line FAMILY:BYTE:PROGRAM names a fault that must be one entry
of the faults, showing in at least the operations listed after it.
With --shrink-share 0 every finding is reported as found, not shrunk."""
import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

LEVELS = ["material", "study", "position", "extensions"]
CLOSING = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped, (\d+) crashed$")


def case_ids(directory, level):
    ids = []
    for name in LEVELS[: LEVELS.index(level) + 1]:
        with open("%s/%s.tsv" % (directory, name)) as f:
            ids += [line.split("\t")[0] for line in f if line.strip() and not line.startswith("#")]
    return ids


def closing_counts(text):
    lines = text.strip().splitlines()
    m = CLOSING.match(lines[-1]) if lines else None
    if not m:
        raise SystemExit("check_verdict: no closing line 'N passed, N failed, N skipped, N crashed' in:\n" + text)
    return dict(zip(("passed", "failed", "skipped", "crashed"), (int(g) for g in m.groups())))


def check_case_line(a, line, problems):
    """A finding's case line is a line of the case files (spec §13.5) that
    `gbr vectors` takes: appended to a copy of the case folder, the vectors
    are written, and its expected output is the reference's."""
    fields = line.split("\t")
    if len(fields) != 6 or not re.match(r"^[yn]_[a-z0-9_]+$", fields[0]):
        problems.append("not a case line: %r" % line)
        return
    with tempfile.TemporaryDirectory() as tmp:
        cases = os.path.join(tmp, "cases")
        shutil.copytree(os.path.join(a.vectors, "cases"), cases)
        with open(os.path.join(cases, "zz_fuzz.tsv"), "w") as f:
            f.write(line + "\n")
        done = subprocess.run([a.gbr, "vectors", "--out", tmp, "--cases", cases], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True)
        if done.returncode != 0:
            problems.append("gbr vectors refuses the case line %r: %s" % (line, done.stderr.strip()))
            return
        with open(os.path.join(tmp, fields[1] + ".tsv")) as f:
            if not any(row.split("\t")[0] == fields[0] for row in f):
                problems.append("case %s is not in the written %s.tsv" % (fields[0], fields[1]))


def check_faults(a, report, problems):
    """One entry a fault: every finding in exactly one, under its own place and
    what the program does there; shrinking within its share of the run."""
    findings = report["disagreements"]
    faults = report.get("faults")
    if faults is None:
        problems.append("the report has no faults")
        return
    keys = []
    seen = []
    for fault in faults:
        key = (fault["in"], fault["family"], fault["byte"], fault["program"])
        if key in keys:
            problems.append("two faults of %r" % (key,))
        keys.append(key)
        for k in fault["findings"]:
            seen.append(k)
            d = findings[k]
            f = d["fault"]
            if f is None:
                mine = (None, None, None, d["got_class"])
            else:
                program_does = "another output" if f["in"] == "output" else f["got_here"]
                mine = (f["in"], f["family"], f["byte"], program_does)
            if mine != key:
                problems.append("finding %d (%r) is under the fault %r" % (k, mine, key))
        if sum(report["cases_by_finding"][k] for k in fault["findings"]) != fault["cases"]:
            problems.append("fault %r: its cases are not its findings' cases" % (key,))
        print("fault: %s; %d cases in %s" % (fault["summary"], fault["cases"], ", ".join(fault["operations"])))
    if sorted(seen) != list(range(len(findings))):
        problems.append("the faults do not hold every finding once: %r" % sorted(seen))
    for want in a.fault_line:
        family, byte, program_does, *operations = want.split(":")
        matching = [f for f in faults if (f["family"], f["byte"], f["program"]) == (family, byte, program_does)]
        if len(matching) != 1:
            problems.append("%d faults %s, not one, among %r" % (len(matching), want, keys))
        elif not set(operations) <= set(matching[0]["operations"]):
            problems.append("fault %s shows in %r, not in all of %r" % (want, matching[0]["operations"], operations))
    share = report["shrink_share"]
    if share < 100 and report["shrink_seconds"] > report["seconds"] * share / 100.0 + 0.5:
        problems.append("shrinking took %.2f s of %.1f s, over its share of %d%%" % (
            report["shrink_seconds"], report["seconds"], share))
    if share == 0:
        for d in findings:
            if d["input_length"] != d["original_length"] or report["shrink_seconds"] != 0:
                problems.append("with --shrink-share 0 a finding was shrunk: %r" % d["case"])
    print("shrinking: %.2f s of %.1f s (share %d%%)" % (report["shrink_seconds"], report["seconds"], share))


def fuzz(a, program):
    options = ["--fuzz", a.fuzz, "--seed", "1", "--level", a.level, "--vectors", a.vectors]
    if a.operations:
        options += ["--operations", a.operations]
    if a.errors:
        options += ["--errors", a.errors]
    if a.mode:
        options += ["--mode", a.mode]
    if a.shrink_share is not None:
        options += ["--shrink-share", str(a.shrink_share)]
    for g in a.run:
        options += ["--run", g]
    for g in a.skip:
        options += ["--skip", g]
    command = [a.gbr, "conform", "--json"] + options + ["--"] + program

    def run():
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        return done, json.loads(done.stdout)

    print("$ " + " ".join(command))
    done, report = run()
    print(done.stderr.strip().splitlines()[-1], "(exit %d)" % done.returncode)
    problems = []
    if done.returncode != a.exit:
        problems.append("exit status: got %d, expected %d" % (done.returncode, a.exit))
    if a.errors and report.get("errors") != a.errors:
        problems.append("the report says judging %r, not %r" % (report.get("errors"), a.errors))
    found = ["%s:%s:%s" % (d["operation"], d["expected_class"], d["got_class"]) for d in report["disagreements"]]
    faults = [tuple((d["fault"] or {}).get(k) for k in ("expected_here", "got_here", "family", "byte"))
              for d in report["disagreements"]]
    for d in report["disagreements"]:
        fault = d["fault"] or {}
        print("found %s:%s:%s at %s (%s) on %r" % (d["operation"], d["expected_class"], d["got_class"],
                                                   fault.get("row"), fault.get("byte"), d["input"]))
        if bytes.fromhex(d["input_hex"]) != d["input"].encode("latin-1"):
            problems.append("input_hex %s is not the input %r" % (d["input_hex"], d["input"]))
        check_case_line(a, d["case"], problems)
    for want in a.disagreeing:
        if want not in found:
            problems.append("no disagreement %s among %r" % (want, found))
    for want in a.fault:
        if tuple(want.split(":")) not in faults:
            problems.append("no finding of fault %s among %r" % (want, faults))
    if a.only_expected:
        for d in report["disagreements"]:
            if d["expected_class"] not in a.only_expected:
                problems.append("a finding expected %s, not one of %r: %r" % (d["expected_class"], a.only_expected,
                                                                             d["case"]))
        if not report["disagreements"]:
            problems.append("no finding at all")
    check_faults(a, report, problems)
    if a.deterministic:
        again, second = run()
        first = report["disagreements"][:1]
        if [(d["operation"], d["input"]) for d in second["disagreements"][:1]] != [(d["operation"], d["input"]) for d in first]:
            problems.append("a second run with seed 1 found another first disagreement")
        else:
            print("second run: the same first disagreement")
    for problem in problems:
        print("check_verdict: " + problem)
    return 1 if problems else 0


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        raise SystemExit("check_verdict: give the program after --")
    split = argv.index("--")
    program = argv[split + 1:]
    p = argparse.ArgumentParser()
    p.add_argument("--gbr", required=True)
    p.add_argument("--vectors", required=True)
    p.add_argument("--level", default="extensions")
    p.add_argument("--run", action="append", default=[])
    p.add_argument("--skip", action="append", default=[])
    p.add_argument("--timeout")
    p.add_argument("--exit", type=int, required=True)
    p.add_argument("--failed", choices=["0", "some"], default="0")
    p.add_argument("--crashed", type=int, default=0)
    p.add_argument("--failing", action="append", default=[])
    p.add_argument("--crashing", action="append", default=[])
    p.add_argument("--skip-list", action="store_true")
    p.add_argument("--mode", choices=["auto", "batch", "per-case"])
    p.add_argument("--expect-mode", choices=["batch", "per-case"])
    p.add_argument("--both-modes", action="store_true")
    p.add_argument("--fuzz")
    p.add_argument("--operations")
    p.add_argument("--disagreeing", action="append", default=[])
    p.add_argument("--deterministic", action="store_true")
    p.add_argument("--errors", choices=["exact", "validity"])
    p.add_argument("--fault", action="append", default=[])
    p.add_argument("--exactly-failing", action="store_true")
    p.add_argument("--only-expected", action="append", default=[])
    p.add_argument("--fault-line", action="append", default=[])
    p.add_argument("--shrink-share", type=int)
    a = p.parse_args(argv[:split])
    if a.fuzz:
        return fuzz(a, program)

    ids = case_ids(a.vectors, a.level)
    selected = [i for i in ids
                if (not a.run or any(fnmatch.fnmatchcase(i, g) for g in a.run))
                and not any(fnmatch.fnmatchcase(i, g) for g in a.skip)]
    options = ["--level", a.level, "--vectors", a.vectors]
    for g in a.run:
        options += ["--run", g]
    for g in a.skip:
        options += ["--skip", g]
    if a.timeout:
        options += ["--timeout", a.timeout]
    if a.mode:
        options += ["--mode", a.mode]
    if a.errors:
        options += ["--errors", a.errors]
    command = [a.gbr, "conform", "--json"] + options + ["--"] + program
    run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    print("$ " + " ".join(command))
    report = json.loads(run.stdout)
    closing = closing_counts(run.stderr)
    print(run.stderr.strip().splitlines()[-1], "(exit %d)" % run.returncode)
    problems = []
    if a.expect_mode and report["mode"] != a.expect_mode:
        problems.append("mode: got %r, expected %r" % (report["mode"], a.expect_mode))
    if a.both_modes:
        other = "per-case" if report["mode"] == "batch" else "batch"
        command = [a.gbr, "conform", "--json"] + [o for o in options if o not in ("--mode", a.mode)]
        command += ["--mode", other, "--"] + program
        other_run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        print("$ " + " ".join(command))
        print(other_run.stderr.strip().splitlines()[-1], "(exit %d)" % other_run.returncode)
        fields = ("id", "verdict", "got", "exit", "signal", "timed_out")

        def judged(r):
            return [tuple(c[f] for f in fields) for c in r["cases"]]

        other_report = json.loads(other_run.stdout)
        if judged(other_report) != judged(report) or other_run.returncode != run.returncode:
            differ = [(x, y) for x, y in zip(judged(report), judged(other_report)) if x != y]
            problems.append("%s and %s reports differ: %r" % (report["mode"], other, differ[:3]))
        else:
            print("%s and %s: the same verdict and answer on all %d cases" % (
                report["mode"], other, len(report["cases"])))

    verdicts = {}
    for case in report["cases"]:
        verdicts.setdefault(case["verdict"], []).append(case["id"])
    failed = verdicts.get("fail", [])
    crashed = verdicts.get("crash", [])

    def expect(what, got, want):
        if got != want:
            problems.append("%s: got %r, expected %r" % (what, got, want))

    expect("exit status", run.returncode, a.exit)
    expect("closing line against the JSON counts", closing,
           {k: report[k] for k in ("passed", "failed", "skipped", "crashed")})
    expect("cases run", sorted(c["id"] for c in report["cases"]), sorted(selected))
    expect("skipped", closing["skipped"], len(ids) - len(selected))
    expect("passed + failed + crashed", closing["passed"] + closing["failed"] + closing["crashed"], len(selected))
    if a.failed == "0":
        expect("failed", closing["failed"], 0)
    elif closing["failed"] == 0:
        problems.append("failed: got 0, expected some")
    expect("crashed", closing["crashed"], a.crashed)
    for case_id in a.failing:
        if case_id not in failed:
            problems.append("%s should fail; its verdict: %s" % (
                case_id, next((c["verdict"] for c in report["cases"] if c["id"] == case_id), "not run")))
    if a.crashing:
        expect("crashed ids", sorted(crashed), sorted(a.crashing))
    if a.exactly_failing:
        expect("failed ids", sorted(failed), sorted(a.failing))
    if a.errors:
        expect("judging in the report", report.get("errors"), a.errors)
    if a.skip_list:
        listing = subprocess.run([a.gbr, "conform", "--print-skip-list"] + options + ["--"] + program,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        expect("--print-skip-list ids", listing.stdout.split(), [c["id"] for c in report["cases"]
                                                                if c["verdict"] in ("fail", "crash")])
        expect("--print-skip-list exit status", listing.returncode, a.exit)
        expect("--print-skip-list closing line", closing_counts(listing.stderr), closing)
        # The list, used as a --skip-file, turns the run green.
        with tempfile.NamedTemporaryFile("w", suffix=".skip") as skip_file:
            skip_file.write("# current failures\n" + listing.stdout)
            skip_file.flush()
            rerun = subprocess.run([a.gbr, "conform", "--skip-file", skip_file.name] + options + ["--"] + program,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        expect("exit status with the skip list as --skip-file", rerun.returncode, 0)
        rerun_counts = closing_counts(rerun.stdout)
        expect("skipped with the skip list", rerun_counts["skipped"], closing["skipped"] + len(listing.stdout.split()))
    if failed:
        print("failed: " + " ".join(failed))
    if crashed:
        print("crashed: " + " ".join(crashed))
    for problem in problems:
        print("check_verdict: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""`gbr vectors` on a case folder with one bad line: the line is reported as
FILE:LINE:COLUMN, the exit status is 1 and no vector file is written. Each bad
line is tried on its own copy of the committed case folder."""
import os
import shutil
import subprocess
import sys

# (file, bad line, the column it is reported at, the message's start)
BAD = [
    ("material.tsv", "y_material_x\tmaterial\tmaterial\t0000.00", 39, "too few fields"),
    ("material.tsv", "y_material_x\tmaterial\tmaterial\t0000.00\t\tcomment\textra", 48, "a seventh field"),
    ("material.tsv", "x_material_x\tmaterial\tmaterial\t0000.00\t\tcomment", 1, "an id starts with y_"),
    ("study.tsv", "y_study_x\tmaterial\tmaterial\t0000.00\t\tcomment", 11, "not the level this file holds"),
    ("cells.tsv", "n_cell_x\tmaterials\tmaterial\t0a00.00\texpected-digit\tcomment", 10, "not a level"),
    ("position.tsv", "n_position_x\tposition\tposition\te1e8 0000.00 1/1\t\tcomment", 49, "an invalid case names"),
    ("examples.tsv", "n_ex_x\tmaterial\tmaterial\t0a00.00\terror expected-digit\tcomment", 54, "not `error CLASS COLUMN`"),
]


def run(gbr, cases, out):
    shutil.rmtree(out, ignore_errors=True)
    return subprocess.run([gbr, "vectors", "--out", out, "--cases", cases], capture_output=True, text=True)


def main():
    gbr, committed, scratch = sys.argv[1:]
    failures = 0
    for number, (name, line, column, message) in enumerate(BAD):
        cases = os.path.join(scratch, "cases%d" % number)
        shutil.rmtree(cases, ignore_errors=True)
        shutil.copytree(committed, cases)
        path = os.path.join(cases, name)
        with open(path) as f:
            line_number = len(f.read().splitlines()) + 1
        with open(path, "a") as f:
            f.write(line + "\n")
        out = os.path.join(scratch, "out%d" % number)
        result = run(gbr, cases, out)
        want = "gbr: %s:%d:%d: %s" % (path, line_number, column, message)
        if result.returncode != 1 or not result.stderr.startswith(want) or os.path.exists(out):
            print("FAIL %s: exit %d, stderr %r, want exit 1, %r, no %s" % (name, result.returncode, result.stderr, want, out))
            failures += 1
    # A case the reference codec contradicts stops the run as well.
    cases = os.path.join(scratch, "contradicted")
    shutil.rmtree(cases, ignore_errors=True)
    shutil.copytree(committed, cases)
    with open(os.path.join(cases, "material.tsv"), "a") as f:
        f.write("y_material_contradicted\tmaterial\tmaterial\t0023\t0032.00\tstates the wrong output\n")
    out = os.path.join(scratch, "out_contradicted")
    result = run(gbr, cases, out)
    if result.returncode != 1 or "y_material_contradicted" not in result.stderr or os.path.exists(out):
        print("FAIL contradicted case: exit %d, stderr %r" % (result.returncode, result.stderr))
        failures += 1
    # So does a checked example whose stated answer the reference contradicts
    # (right class, wrong column).
    cases = os.path.join(scratch, "contradicted_example")
    shutil.rmtree(cases, ignore_errors=True)
    shutil.copytree(committed, cases)
    with open(os.path.join(cases, "examples.tsv"), "a") as f:
        f.write("n_ex_contradicted\tmaterial\tmaterial\t0a00.00\terror expected-digit 3\tstates the wrong column\n")
    out = os.path.join(scratch, "out_contradicted_example")
    result = run(gbr, cases, out)
    if result.returncode != 1 or "n_ex_contradicted" not in result.stderr or os.path.exists(out):
        print("FAIL contradicted example: exit %d, stderr %r" % (result.returncode, result.stderr))
        failures += 1
    # And the committed folder itself is good.
    result = run(gbr, committed, os.path.join(scratch, "out_good"))
    if result.returncode != 0:
        print("FAIL the committed cases: exit %d, stderr %r" % (result.returncode, result.stderr))
        failures += 1
    print("%d of %d case-folder checks failed" % (failures, len(BAD) + 3))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The committed vectors must be what the generator writes now. Regenerates
them (and the fuzz seeds) into a scratch directory and compares; on a
difference prints it and the exact command that regenerates the files.
Usage: check_current.py GBR VECTORS_DIR SCRATCH_DIR"""
import difflib
import os
import shutil
import subprocess
import sys

LEVELS = ["material", "study", "position", "extensions"]
SURFACES = {"material", "study", "position", "fen", "name"}


def main():
    if len(sys.argv) != 4:
        sys.stderr.write("usage: check_current.py GBR VECTORS_DIR SCRATCH_DIR\n")
        return 2
    gbr, committed, scratch = sys.argv[1:]
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    fuzz = os.path.join(scratch, "fuzz")
    # The committed case folder, since --out's default (SCRATCH/cases) is empty.
    cases = os.path.join(committed, "cases")
    run = subprocess.run([gbr, "vectors", "--out", scratch, "--cases", cases, "--fuzz-corpus", fuzz])
    if run.returncode != 0:
        print("check_current: `gbr vectors` failed with exit status %d" % run.returncode)
        return 1
    stale = []
    # Each level as TSV and as JSON (json/<level>.json), written in the same run.
    for name in [level + ".tsv" for level in LEVELS] + ["json/%s.json" % level for level in LEVELS]:
        with open(os.path.join(scratch, name)) as f:
            fresh = f.read().splitlines(keepends=True)
        try:
            with open(os.path.join(committed, name)) as f:
                old = f.read().splitlines(keepends=True)
        except OSError:
            old = []
        if fresh != old:
            stale.append(name)
            diff = list(difflib.unified_diff(old, fresh, "committed/" + name, "generated/" + name))
            sys.stdout.writelines(diff[:60])
            if len(diff) > 60:
                print("... (%d more diff lines)" % (len(diff) - 60))
    # The fuzz seeds: one file a case (two for an order case), per surface.
    cases = order_cases = 0
    for level in LEVELS:
        with open(os.path.join(scratch, level + ".tsv")) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                fields = line.split("\t")
                cases += 1
                order_cases += fields[3].endswith("-order") and "|" in fields[4]
    surfaces = set(os.listdir(fuzz))
    seeds = sum(len(os.listdir(os.path.join(fuzz, s))) for s in surfaces)
    problems = []
    # Each seed ends with the harnesses' two option bytes (fuzz/fuzz_data.h).
    for s in sorted(surfaces):
        for name in sorted(os.listdir(os.path.join(fuzz, s))):
            with open(os.path.join(fuzz, s, name), "rb") as f:
                tail = f.read()[-2:]
            if len(tail) != 2 or tail[0] != 0xFF or tail[1] > 2:
                problems.append("fuzz seed %s/%s does not end with the option bytes 0xFF and 0-2" % (s, name))
    if not surfaces <= SURFACES:
        problems.append("unexpected fuzz surfaces %s" % sorted(surfaces - SURFACES))
    # Besides, 32 generated seeds a surface (gen-SURFACE-NN).
    generated = sum(1 for s in surfaces for name in os.listdir(os.path.join(fuzz, s)) if name.startswith("gen-"))
    if generated != 32 * len(SURFACES):
        problems.append("%d generated fuzz seeds, expected 32 for each of %d surfaces" % (generated, len(SURFACES)))
    if seeds - generated != cases + order_cases:
        problems.append("%d fuzz seeds for %d cases (%d of them order cases of two texts)"
                        % (seeds - generated, cases, order_cases))
    for p in problems:
        print("check_current: " + p)
    if stale:
        print("check_current: stale (not what the generator writes now): %s. Regenerate with:" % ", ".join(stale))
        print("    %s vectors --out %s" % (os.path.abspath(gbr), os.path.abspath(committed)))
    if stale or problems:
        return 1
    print("check_current: %d cases in %d files and their JSON form are current; %d fuzz seeds in %d surfaces"
          % (cases, len(LEVELS), seeds, len(surfaces)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

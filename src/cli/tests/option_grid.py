#!/usr/bin/env python3
"""Runs two gbr binaries over a grid of argument lists and compares them.

A tool for changes to the option parsing that must change no behaviour:
give it the gbr built before the change and the one built after. For every
command it runs each option alone (each good value, each bad one, the value
missing, empty, inline as --name=VALUE, a flag given a value), each option
twice, every pair of options, options after the inputs and after "--", "-"
as input, unknown options, short options joined in one word, --help and -h
among other options, and --impl's values; each in a fresh empty working
folder, with the same standard input for both. It compares standard output,
standard error, the exit status and the files the run left in its folder
(-o writes there), and prints each difference and the count of runs.

usage: option_grid.py OLD_GBR NEW_GBR [--show N] [--only COMMAND]
Exit status: 0 no difference, 1 some difference, 2 usage error.

Not a CTest test: it needs a second binary built from another commit.
"""
import argparse
import itertools
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
EXAMPLES = os.path.join(ROOT, "src", "cli", "examples")

FEN = "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1"
POSITION = "a7d3 0116.00 b2b3c6d6 3/3+."


class Option:
    """An option of a command: its names, good values (None: a flag) and
    bad ones."""

    def __init__(self, names, good=None, bad=()):
        self.names = names if isinstance(names, tuple) else (names,)
        self.good = good
        self.bad = list(bad)

    @property
    def flag(self):
        return self.good is None

    def uses(self, name, value):
        return [name] if self.flag else [name, value]


def text_options(f):
    return [
        Option("--composer-tag", ["Composer,White", "White"], ["Bad-Tag", "A,,B", ",", "A,B,C,D,E,F,G,H,I"]),
        Option("--source-tag", ["Source,Event"], ["x y"]),
        Option("--year-tag", ["Date"], ["Da-te"]),
        Option("--reference-tag", ["Source"], ["?"]),
        Option("--encoding", ["auto", "utf-8", "latin-1", "cp1252"], ["utf8", "UTF-8", "ascii"]),
        Option("--names", [f["names"]], [f["missing"]]),
    ]


def commands(f):
    """Each command: its options, and the argument lists that follow the
    options (its inputs) and that come before them (a base a run needs)."""
    pgn, folder = f["pgn"], f["folder"]
    recursive = Option(("-r", "--recursive"))
    memory = Option("--memory", ["1K", "64K", "1M", "1g"], ["1023", "1T", "K", "-1", " 1K", "0x400"])
    output = Option(("-o", "--output"), ["out.txt", "-"], [f["missing_dir"] + "/out.txt"])
    symmetry = Option("--symmetry", ["none", "mirror", "all"], ["both", "None"])
    line = {"tails": [[], [FEN], [FEN, "8/8/8/8/8/8/8/8 w - - 0 1"]], "stdin": f["fens"]}
    return {
        "material": dict(line, options=[]),
        "fen": dict(line, options=[], tails=[[], [POSITION], ["bad"]], stdin=f["positions"]),
        "check": dict(line, options=[], tails=[[], [POSITION], ["0116.00", "zz"]]),
        "position": dict(line, options=[Option("--result", ["win", "draw"], ["lose", "WIN", "none"])]),
        "study": dict(line, options=[Option("--result", ["win", "draw"], ["lose", "Draw"])]),
        "decode": dict(line, options=[Option("--json")], tails=[[], ["0116.00"], ["KRPvKR", "9999.99"]],
                       stdin=f["codes"]),
        "scan": {"options": [
            Option("--json"),
            Option("--form", ["material", "study,position", "position,material,study"],
                   ["foo", "material,", ",study", "material,,study", "Material"]),
            Option("--buffer", ["512", "4096", "1073741824"],
                   ["511", "1073741825", "1K", " 512", "+512", "0x200", "-1"]),
        ], "tails": [[], [pgn], [pgn, f["fens"]], [f["missing"]]], "stdin": f["fens"]},
        "sort": {"options": [output, memory], "tails": [[], [f["fens"]], [f["fens"], f["missing"]]],
                 "stdin": f["fens"]},
        "audit": {"options": [
            Option("--fix"),
            Option("--add-codes", ["auto", "gbr", "black"], ["none", "GBR"]),
            recursive,
            Option(("-o", "--output"), ["out.pgn", "-"], [f["missing_dir"] + "/x.pgn"]),
        ], "tails": [[], [pgn], [folder]], "stdin": pgn},
        "directory": {"options": [
            Option("--format", ["text", "tsv", "json", "html"], ["xml", "TSV"]),
            Option(("-o", "--output"), ["out.html", "-"], [f["missing_dir"] + "/out.html"]),
            memory,
            Option("--split-by", ["class", "letter"], ["piece", "Class"]),
            recursive,
        ] + text_options(f), "tails": [[], [pgn], [folder]], "stdin": pgn},
        "duplicates": {"options": [
            symmetry,
            Option("--format", ["text", "tsv", "json"], ["html", "Text"]),
            recursive,
        ] + text_options(f), "tails": [[], [pgn], [folder, pgn]], "stdin": pgn},
        "lookup": {"options": [
            symmetry,
            Option("--format", ["text", "json"], ["tsv"]),
            Option(("-p", "--position"), [FEN, POSITION], ["not a position"]),
            Option("--new", [pgn, "-"], [f["missing"]]),
            recursive,
        ] + text_options(f), "tails": [[], [pgn], [folder]], "bases": [[], ["-p", FEN]], "stdin": pgn},
        "select": {"options": [
            Option("--count"),
            Option("--either-colour"),
            Option("--lines"),
            recursive,
            Option("--queries", ["1.1", "1.2"], ["1.0", "2"]),
            Option("--white", ["R=1", "N=3"], ["X=1", "R=="]),
            Option("--black", ["R=1,P>=1"], ["R"]),
            Option("-e", ["0400.*", "KRvKR", "K*vK"], ["zz?", "K*"]),
            Option("-y", [f["yfile"]], [f["missing"]]),
            Option("-z", [f["yfile"]], [f["missing"]]),
        ], "tails": [[], ["*", pgn], ["0103.00", "--", pgn], [pgn], ["K*vK", pgn]], "stdin": pgn},
        "vectors": {"options": [
            Option("--out", ["vec"], []),
            Option("--cases", [f["missing"]], []),
            Option("--fuzz-corpus", ["seeds"], []),
        ], "tails": [[], ["extra"]], "stdin": None},
        "conform": {"options": [
            Option("--level", ["material", "extensions"], ["level", "Material", "4"]),
            Option("--run", ["y_material_0*", "zzz*"], []),
            Option("--skip", ["n_*"], []),
            Option("--skip-file", [f["skips"]], [f["missing"]]),
            Option("--timeout", ["1", "0.5", "86400"], ["0", "86401", "-1", " 1", "1e3", "inf", ".", "1."]),
            Option("--errors", ["exact", "validity"], ["strict"]),
            Option("--mode", ["auto", "batch", "per-case"], ["percase"]),
            Option("--json"),
            Option("--print-skip-list"),
            Option("--vectors", [f["missing_dir"]], []),
            Option("--fuzz", ["0.01", "604800"], ["0", "604801", "x"]),
            Option("--seed", ["0", "42", "0x10", "010", " 7", "+7", "18446744073709551615"],
                   ["-1", "x", "18446744073709551616", "1x"]),
            Option("--shrink-share", ["0", "25", "100", " 5", "+5", "-0"], ["101", "-1", "x", "5%"]),
            Option("--operations", ["material,study"], []),
            Option("--list-operations"),
            Option("--answer", ["material", "check", "batch"], ["nope"]),
        ], "tails": [[], ["--", f["program"]], ["--", f["program"], "x"]], "stdin": f["codes"]},
    }


def grid(name, spec):
    """The argument lists of one command, each without the command's name."""
    options, tails = spec["options"], spec["tails"]
    bases = spec.get("bases", [[]])
    runs = []
    tail = tails[1] if len(tails) > 1 else tails[0]

    def add(args):
        runs.append(args)

    for t in tails:
        add(t)
    for base in bases:
        for o in options:
            for n in o.names:
                if o.flag:
                    add(base + [n] + tail)
                    add(base + [n + "=x"] + tail)
                    add(base + [n + "="] + tail)
                    add(base + [n, n] + tail)
                else:
                    for v in o.good:
                        add(base + [n, v] + tail)
                        add(base + [n + "=" + v] + tail)
                    for v in o.bad:
                        add(base + [n, v] + tail)
                        add(base + [n + "=" + v] + tail)
                    add(base + [n])                   # the value missing
                    add(base + [n, ""] + tail)        # empty
                    add(base + [n + "="] + tail)      # empty, inline
                    add(base + [n, "--"] + tail)      # "--" taken as the value
                    add(base + [n, n] + tail)         # the option as its value
                    if len(o.good) > 1:               # twice: the last one counts, or not
                        add(base + [n, o.good[0], n, o.good[-1]] + tail)
                    elif o.good:
                        add(base + [n, o.good[0], n, o.good[0]] + tail)
                add(base + tail + o.uses(n, o.good[0] if o.good else None))   # after the inputs
                add(base + ["--"] + o.uses(n, o.good[0] if o.good else None) + tail)
                add(base + ["-"] + o.uses(n, o.good[0] if o.good else None))
                add(base + o.uses(n, o.good[0] if o.good else None) + ["-h"])
                add(base + ["--help"] + o.uses(n, o.good[0] if o.good else None))
                add(base + o.uses(n, o.good[0] if o.good else None) + ["--bogus"] + tail)
                add(base + o.uses(n, o.good[0] if o.good else None) + ["--impl", "ref"] + tail)
                add(base + ["--impl=fast"] + o.uses(n, o.good[0] if o.good else None) + tail)
                if len(n) == 2:                            # a short option joined
                    add(base + [n + "r"] + tail)
                    add(base + ["-h" + n[1]] + tail)
    # Every pair of options, each with its first good value (its last too).
    firsts = [(o.names[-1], o.good[0] if o.good else None, o) for o in options]
    for (n1, v1, o1), (n2, v2, o2) in itertools.permutations(firsts, 2):
        add(bases[-1] + o1.uses(n1, v1) + o2.uses(n2, v2) + tail)
    for (n1, _, o1), (n2, _, o2) in itertools.combinations(firsts, 2):
        v1 = o1.good[-1] if o1.good else None
        v2 = o2.bad[0] if o2.bad else (o2.good[-1] if o2.good else None)
        add(bases[-1] + o1.uses(n1, v1) + o2.uses(n2, v2) + tail)
    # What every command takes or refuses.
    for base in bases:
        for extra in (["--bogus"], ["--bogus=1"], ["-x"], ["-"], ["--"], ["--", "-h"], ["-h"], ["--help"],
                      ["-h", "--bogus"], ["--bogus", "-h"], ["--help=1"], ["-hx"], ["--impl", "ref"],
                      ["--impl", "fast"], ["--impl=ref"], ["--impl", "bad"], ["--impl"], ["--impl", ""],
                      ["--impl="], ["--impl", "ref", "--impl", "fast"], ["--impl", "--help"],
                      ["--" + "x" * 70], ["--" + "x" * 70 + "=1"], ["---"], ["-" + "-x" * 3],
                      ["--form"], ["--forma=text"], ["-rh"], ["-r", "-r"], ["-o"]):
            add(base + extra + tail)
            add(base + extra)
    # Unique, in order.
    seen, unique = set(), []
    for r in runs:
        key = tuple(r)
        if key not in seen:
            seen.add(key)
            unique.append(r)
    return unique


def run(gbr, args, stdin, folder):
    for entry in os.listdir(folder):
        path = os.path.join(folder, entry)
        shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
    with open(stdin if stdin else os.devnull, "rb") as inp:
        try:
            done = subprocess.run([gbr] + args, stdin=inp, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  cwd=folder, timeout=60)
            result = (done.returncode, done.stdout, done.stderr)
        except subprocess.TimeoutExpired:
            result = ("timeout", b"", b"")
    left = {}
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as fh:
                left[os.path.relpath(path, folder)] = fh.read()
    return result + (left,)


def normalised(result, gbr):
    """The binary's own tree in what it writes (the vectors it finds
    beside itself), named alike for both."""
    tree = os.path.dirname(os.path.dirname(os.path.abspath(gbr))).encode()
    status, out, err, files = result
    return status, out.replace(tree, b"TREE"), err.replace(tree, b"TREE"), files


def fixtures(folder):
    """Writes the input files (again) and returns their paths by role."""
    f = {}

    def write(name, text):
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return path

    with open(os.path.join(EXAMPLES, "studies.pgn"), encoding="latin-1") as fh:
        studies = fh.read()
    f["pgn"] = write("db/studies.pgn", studies)
    f["folder"] = os.path.join(folder, "db")
    with open(os.path.join(EXAMPLES, "queen_exchange.pgn"), encoding="latin-1") as fh:
        write("db/more/queen.pgn", fh.read())
    with open(os.path.join(EXAMPLES, "studies.fen"), encoding="utf-8") as fh:
        f["fens"] = write("fens.txt", FEN + "\n8/8/8/8/8/8/8/8 w - - 0 1\n" + fh.read())
    f["positions"] = write("positions.txt", POSITION + "\nbad\n")
    f["codes"] = write("codes.txt", "0116.00\n")
    f["names"] = write("names.txt", "# composers\nVellmar, A. | A. Vellmar\n")
    f["skips"] = write("skips.txt", "# known\ny_material_*\n")
    f["yfile"] = write("queries.y", "% rook and pawn\n\nrp r\n")
    f["missing"] = os.path.join(folder, "missing.pgn")
    f["missing_dir"] = os.path.join(folder, "no-such-folder")
    f["program"] = os.path.join(folder, "no-such-program")
    return f


def main():
    parser = argparse.ArgumentParser(description="Runs two gbr binaries over a grid of option lists.")
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--show", type=int, default=20, help="differences shown in full (default 20)")
    parser.add_argument("--only", action="append", help="only this command (repeatable)")
    args = parser.parse_args()
    args.old, args.new = os.path.abspath(args.old), os.path.abspath(args.new)  # run from other folders
    for gbr in (args.old, args.new):
        if not os.access(gbr, os.X_OK):
            print("option_grid.py: %s is not an executable" % gbr, file=sys.stderr)
            return 2
    work = tempfile.mkdtemp(prefix="gbr-option-grid-")
    try:
        f = fixtures(os.path.join(work, "fixtures"))
        cwd = os.path.join(work, "run")
        os.makedirs(cwd)
        total, differences, per_command = 0, [], {}
        for name, spec in commands(f).items():
            if args.only and name not in args.only:
                continue
            runs = grid(name, spec)
            per_command[name] = len(runs)
            for argv in runs:
                full = [name] + argv
                # The fixtures afresh for each run: an -o may name one.
                fixtures(os.path.join(work, "fixtures"))
                a = normalised(run(args.old, full, spec["stdin"], cwd), args.old)
                fixtures(os.path.join(work, "fixtures"))
                b = normalised(run(args.new, full, spec["stdin"], cwd), args.new)
                total += 1
                if a != b:
                    differences.append((full, a, b))
        for full, a, b in differences[:args.show]:
            print("DIFFERENT: gbr %s" % " ".join(repr(x) if (" " in x or not x) else x for x in full))
            for label, part in zip(("status", "stdout", "stderr", "files"), range(4)):
                if a[part] != b[part]:
                    print("  %s old: %r" % (label, a[part] if part != 3 else sorted(a[part]))[:600])
                    print("  %s new: %r" % (label, b[part] if part != 3 else sorted(b[part]))[:600])
        print("runs per command: " + ", ".join("%s %d" % kv for kv in per_command.items()))
        print("%d runs, %d differences" % (total, len(differences)))
        return 1 if differences else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

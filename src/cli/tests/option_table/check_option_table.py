#!/usr/bin/env python3
"""Holds each command's table of options to its --help.

The probe (option_table_probe.c, the commands linked with a parser that
writes the tables it is given) lists every row a command parses with: its
names and whether it takes a value. `gbr NAME --help` lists the options a
user is told of, read as check_man_page.py reads them (option lines and the
usage). Both ways:

  - every name of every row is in the help, with a value when the row takes
    one and without when it is a flag (ALIASES lists the names a help leaves
    out on purpose);
  - every option of the help is a row of the table, but for the parser's own
    (--impl, -h/--help), which are no command's rows.

Each drift is one line; exit status 1 when there is any, 0 when none.
--self-test removes an option from a copy of a help text and plants one in
another, and passes when exactly those two drifts are reported.

usage: check_option_table.py --probe PROBE --gbr GBR [--self-test]
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "man_page"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "testsupport"))
import check_man_page  # noqa: E402
import gbrtest  # noqa: E402

# Taken by the parser itself for every command (src/cli/cli_options.c).
PARSER_OPTIONS = {"--impl", "-h", "--help"}
# Long spellings of -o that the helps do not show: -o is the documented one.
ALIASES = {("sort", "--output"), ("audit", "--output"), ("directory", "--output")}


def read_tables(text):
    """{command: [(names, takes_value)]} from the probe's lines."""
    tables = {}
    for line in text.splitlines():
        command, names, kind = line.split("\t")
        rows = tables.setdefault(command, [])
        if names:
            rows.append((tuple(names.split(", ")), kind == "value"))
    return tables


def check(tables, helps):
    drifts = []
    for command, rows in tables.items():
        if command not in helps:
            drifts.append("%s: the probe lists the command, `gbr --help` does not" % command)
            continue
        listed = check_man_page.help_options(helps[command])
        by_name = {n: o for o in listed for n in o.names}
        for names, takes_value in rows:
            for name in names:
                option = by_name.get(name)
                if option is None:
                    if (command, name) not in ALIASES:
                        drifts.append("%s: the table's %s is not in `gbr %s --help`" % (command, name, command))
                elif bool(option.arg) != takes_value:
                    drifts.append("%s: the table's %s %s; `gbr %s --help` lists %s"
                                  % (command, name, "takes a value" if takes_value else "is a flag", command,
                                     option.form()))
        in_table = {n for names, _ in rows for n in names}
        for option in listed:
            names = [n for n in option.names if n not in PARSER_OPTIONS]
            missing = [n for n in names if n not in in_table]
            if missing:
                drifts.append("%s: `gbr %s --help` lists %s (%s), which is no row of the table"
                              % (command, command, ", ".join(missing), option.where))
    for command in helps:
        if command not in tables:
            drifts.append("%s: `gbr --help` lists the command, the probe does not" % command)
    return drifts


def self_test(tables, helps):
    clean = check(tables, helps)
    if clean:
        print("self-test: the real tables must agree with the helps first; they have:\n  " + "\n  ".join(clean))
        return 1
    planted = dict(helps)
    # scan's --buffer taken out of its help (usage and option line) ...
    planted["scan"] = "\n".join(line for line in helps["scan"].split("\n") if not line.startswith("  --buffer"))
    planted["scan"] = planted["scan"].replace(" [--buffer SIZE]", "")
    # ... and an option sort does not have put into its help.
    planted["sort"] = helps["sort"].replace("\nOptions:\n", "\nOptions:\n  --planted N    a planted option\n")
    want = [r"^scan: the table's --buffer is not in `gbr scan --help`$",
            r"^sort: `gbr sort --help` lists --planted \(option line\), which is no row of the table$"]
    got = check(tables, planted)
    if not gbrtest.reported_exactly(got, want, matches=lambda w, g: re.search(w, g), wanted="planted"):
        print("self-test failed")
        return 1
    print("self-test passed: the %d planted drifts, and nothing else, were reported" % len(want))
    return 0


def main():
    parser = argparse.ArgumentParser(description="Checks each command's option table against its --help.")
    parser.add_argument("--probe", required=True)
    parser.add_argument("--gbr", required=True)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    probe = subprocess.run([args.probe], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if probe.returncode != 0:
        sys.exit("check_option_table.py: %s exited %d: %s" % (args.probe, probe.returncode, probe.stderr.decode()))
    tables = read_tables(probe.stdout.decode())
    top = check_man_page.run_gbr(args.gbr, "--help")
    helps = {name: check_man_page.run_gbr(args.gbr, name, "--help") for name in check_man_page.help_commands(top)}
    if args.self_test:
        return self_test(tables, helps)
    drifts = check(tables, helps)
    for drift in drifts:
        print(drift)
    print("%d commands, %d rows checked against their --help; %d drifts"
          % (len(tables), sum(len(r) for r in tables.values()), len(drifts)))
    return 1 if drifts else 0


if __name__ == "__main__":
    sys.exit(main())

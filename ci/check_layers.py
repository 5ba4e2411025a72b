#!/usr/bin/env python3
"""The layers of src/ against the one table that declares them (src/README.md).

usage: check_layers.py SOURCE_DIR BUILD_DIR
       check_layers.py --self-test SOURCE_DIR BUILD_DIR

Three checks, each against the "may use" column of the table:
  includes  every #include "..." in a folder names a header of the folder
            itself or of a folder it may use directly; never a path;
  build     the include directories the build gives each folder's sources
            (BUILD_DIR/compile_commands.json) are its own, those of folders
            it may use, and of what those use in turn, and no others;
  probes    with those same flags, a header of every folder the folder may
            not reach is not found, and one of every folder it may reach is.
And one rule of the whole tree:
  output    no stdio output (printf, fprintf, fputs, puts, putchar, perror,
            fwrite... or a use of stdout or stderr) in src/ outside util/
            (its one writer: sink.h, output.h), the tests folders and the
            table generator fast/gen/.
--self-test removes each declared arrow in turn from the table and requires
the checks to report it, and plants each kind of stdio output in a layer's
file and requires the output rule to report it: a check that cannot fail
would prove nothing.
Exit status 0 when every check passes, 1 otherwise.
"""
import functools
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROW = re.compile(r"^\|\s*`([a-z_]+)/`\s*\|[^|]*\|([^|]*)\|\s*$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
CHECKS_FOLDER = "tests"  # a folder's checks may read its private headers
# Where stdio output may be: util/ is the one writer; fast/gen/ is a table
# generator run at build time, no part of gbr.
OUTPUT_FOLDERS = ("util/", "fast/gen/")
OUTPUT_CALLS = ("printf", "fprintf", "vprintf", "vfprintf", "dprintf", "vdprintf", "fputs", "puts",
                "putchar", "fputc", "putc", "fwrite", "perror")
OUTPUT = re.compile(r"\b(?:(" + "|".join(OUTPUT_CALLS) + r")\s*\(|(stdout|stderr)\b)")
# Comments and literals, blanked before the output rule reads the code.
NOT_CODE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', re.S)


def read_table(source_dir):
    """{folder: set of folders it may use}, from src/README.md."""
    table = {}
    with open(os.path.join(source_dir, "src", "README.md"), encoding="utf-8") as f:
        for line in f:
            m = ROW.match(line)
            if m:
                uses = {u.strip() for u in m.group(2).split(",") if u.strip()}
                table[m.group(1)] = uses
    return table


def closure(table, folder):
    """Every folder `folder` reaches through its arrows."""
    seen, todo = set(), list(table.get(folder, ()))
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo.extend(table.get(f, ()))
    return seen


def layer_files(source_dir, folder):
    """The folder's sources and headers, its checks (tests/) left out."""
    root = os.path.join(source_dir, "src", folder)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != CHECKS_FOLDER]
        for name in sorted(filenames):
            if name.endswith((".c", ".h")):
                yield os.path.join(dirpath, name)


def headers_of(source_dir, folder):
    root = os.path.join(source_dir, "src", folder)
    return sorted(n for n in os.listdir(root) if n.endswith(".h"))


def check_includes(source_dir, table, generated, problems):
    owner = {}
    for folder in table:
        for name in headers_of(source_dir, folder):
            if name in owner:
                problems.append(f"includes: header {name} is in both src/{owner[name]}/ and src/{folder}/")
            owner[name] = folder
    for folder, uses in table.items():
        for path in layer_files(source_dir, folder):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            rel = os.path.relpath(path, source_dir)
            for name in INCLUDE.findall(text):
                if "/" in name:
                    problems.append(f"includes: {rel}: \"{name}\" names a path; a header is named alone")
                elif os.path.exists(os.path.join(os.path.dirname(path), name)):
                    continue
                elif name in generated:
                    continue
                elif name not in owner:
                    problems.append(f"includes: {rel}: \"{name}\" is no header of src/")
                elif owner[name] not in uses:
                    problems.append(f"includes: {rel}: \"{name}\" is src/{owner[name]}/'s, "
                                    f"which src/{folder}/ may not use")


def output_uses(text):
    """The stdio output calls and streams a C text uses, with their lines."""
    code = NOT_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    for m in OUTPUT.finditer(code):
        yield code.count("\n", 0, m.start()) + 1, m.group(1) or m.group(2)


def output_allowed(rel):
    """Whether the file src/<rel> may write through stdio."""
    parts = rel.split("/")
    return rel.startswith(OUTPUT_FOLDERS) or CHECKS_FOLDER in parts[:-1]


def check_output(files, problems):
    """files: (path relative to src/, text) pairs."""
    for rel, text in files:
        if output_allowed(rel):
            continue
        for line, what in output_uses(text):
            problems.append(f"output: src/{rel}:{line}: {what}: stdio output outside src/util/ "
                            "(write through util's sink.h and output.h)")


def source_texts(source_dir):
    src = os.path.join(source_dir, "src")
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith((".c", ".h")):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    yield os.path.relpath(path, src).replace(os.sep, "/"), f.read()


def flags_by_folder(source_dir, build_dir):
    """{folder: (compiler, [-I and -D flags])} of the build's compile commands."""
    src = os.path.realpath(os.path.join(source_dir, "src"))
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        commands = json.load(f)
    out = {}
    for entry in commands:
        path = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        if not path.startswith(src + os.sep):
            continue
        parts = os.path.relpath(path, src).split(os.sep)
        if CHECKS_FOLDER in parts[1:-1]:
            continue
        args = entry.get("arguments") or shlex.split(entry["command"])
        flags, i = [], 1
        while i < len(args):
            a = args[i]
            if a in ("-I", "-isystem", "-D"):
                flags += [a, args[i + 1]]
                i += 2
                continue
            if a.startswith(("-I", "-D", "-std=")):
                flags.append(a)
            i += 1
        out.setdefault(parts[0], (args[0], flags, entry["directory"]))
    return out


def include_dirs(flags, directory):
    dirs, i = [], 0
    while i < len(flags):
        if flags[i] in ("-I", "-isystem"):
            dirs.append(flags[i + 1])
            i += 2
            continue
        if flags[i].startswith("-I"):
            dirs.append(flags[i][2:])
        i += 1
    return [os.path.realpath(os.path.join(directory, d)) for d in dirs]


def check_build(source_dir, build_dir, table, flags, problems):
    src = os.path.realpath(os.path.join(source_dir, "src"))
    build = os.path.realpath(build_dir)
    for folder in table:
        if folder not in flags:
            if any(p.endswith(".c") for p in layer_files(source_dir, folder)):
                problems.append(f"build: src/{folder}/ has sources but no compile command")
            continue
        reach = closure(table, folder) | {folder}
        for d in include_dirs(flags[folder][1], flags[folder][2]):
            if d.startswith(build + os.sep) or d == build:
                continue  # generated files (the command table)
            rel = os.path.relpath(d, src)
            if rel.startswith(".."):
                problems.append(f"build: src/{folder}/ is compiled with -I{d}, outside src/")
            elif rel.split(os.sep)[0] not in reach:
                problems.append(f"build: src/{folder}/ is compiled with -Isrc/{rel}, a folder it may not use")


@functools.lru_cache(maxsize=None)
def probe(compiler, flags, directory, header):
    """Whether the preprocessor finds `header` with these flags (a tuple);
    the self-test asks the same probes once per arrow, so each is kept."""
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(f'#include "{header}"\n')
        name = f.name
    try:
        p = subprocess.run([compiler, "-E", "-o", os.devnull] + list(flags) + [name], cwd=directory,
                           capture_output=True, text=True)
    finally:
        os.unlink(name)
    not_found = header in p.stderr and ("No such file" in p.stderr or "not found" in p.stderr)
    if p.returncode != 0 and not not_found:
        raise RuntimeError(f"probe of {header} failed otherwise:\n{p.stderr}")
    return not not_found


def check_probes(source_dir, table, flags, problems):
    for folder, (compiler, folder_flags, directory) in sorted(flags.items()):
        if folder not in table:
            continue
        reach = closure(table, folder)
        for other in sorted(table):
            if other == folder:
                continue
            headers = headers_of(source_dir, other)
            if not headers:
                continue
            found = probe(compiler, tuple(folder_flags), directory, headers[0])
            # A folder reached only through another may be hidden from it
            # (a private dependency of the one between): either is right.
            if other in table[folder] and not found:
                problems.append(f"probes: src/{folder}/ cannot include {headers[0]} of src/{other}/, which it may use")
            elif other not in reach and found:
                problems.append(f"probes: src/{folder}/ can include {headers[0]} of src/{other}/, which it may not use")


def run_checks(source_dir, build_dir, table):
    problems = []
    src = os.path.join(source_dir, "src")
    folders = {d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d))}
    for d in sorted(folders - set(table)):
        problems.append(f"table: src/{d}/ has no row in src/README.md")
    for d in sorted(set(table) - folders):
        problems.append(f"table: src/README.md names src/{d}/, which does not exist")
    for folder, uses in sorted(table.items()):
        for u in sorted(uses - set(table)):
            problems.append(f"table: src/{folder}/ may use '{u}', which has no row")
    generated = set()
    for dirpath, _, filenames in os.walk(build_dir):
        generated.update(n for n in filenames if n.endswith(".inc"))
    check_includes(source_dir, table, generated, problems)
    check_output(source_texts(source_dir), problems)
    flags = flags_by_folder(source_dir, build_dir)
    check_build(source_dir, build_dir, table, flags, problems)
    check_probes(source_dir, table, flags, problems)
    return problems


def self_test(source_dir, build_dir, table):
    """Each arrow removed must be reported; returns the arrows that were not."""
    silent = []
    arrows = [(f, u) for f, uses in sorted(table.items()) for u in sorted(uses)]
    for folder, use in arrows:
        weaker = {f: set(u) for f, u in table.items()}
        weaker[folder].discard(use)
        if not run_checks(source_dir, build_dir, weaker):
            silent.append(f"{folder} -> {use}")
    return arrows, silent


def self_test_output(source_dir):
    """Each kind of stdio output planted in a layer's file must be reported,
    and the same text in util/, a tests folder or a comment must not be;
    returns (planted, [what was not as required])."""
    plants = [f'{c}(x, "%d", 1);' for c in OUTPUT_CALLS] + ["FILE *f = stderr;", "fflush(stdout);"]
    wrong = []
    for plant in plants:
        body = f"/* {plant} */\nstatic const char *s = \"{plant}\";\nvoid f(void)\n{{\n    {plant}\n}}\n"
        for rel, caught in (("collection/planted.c", True), ("cli/planted.h", True),
                            ("util/planted.c", False), ("collection/tests/planted.c", False),
                            ("fast/gen/planted.c", False)):
            problems = []
            check_output([(rel, body)], problems)
            if bool(problems) != caught or (caught and len(problems) != 1):
                wrong.append(f"{plant!r} in src/{rel}: {len(problems)} report(s)")
    problems = []
    check_output(source_texts(source_dir), problems)
    return len(plants), wrong + [f"the tree as it is: {p}" for p in problems]


def main(argv):
    testing = len(argv) > 1 and argv[1] == "--self-test"
    if testing:
        argv = argv[1:]
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    source_dir, build_dir = argv[1], argv[2]
    table = read_table(source_dir)
    if not table:
        print("check_layers: src/README.md has no table of folders")
        return 1
    if testing:
        arrows, silent = self_test(source_dir, build_dir, table)
        for a in silent:
            print(f"self-test: removing the arrow {a} from the table was not reported")
        print(f"self-test: {len(arrows) - len(silent)} of {len(arrows)} arrows removed were reported")
        planted, wrong = self_test_output(source_dir)
        for w in wrong:
            print(f"self-test: output rule: {w}")
        print(f"self-test: output rule: {planted} kinds of stdio output planted, {len(wrong)} not as required")
        return 1 if silent or not arrows or wrong or not planted else 0
    problems = run_checks(source_dir, build_dir, table)
    for p in problems:
        print(p)
    n_arrows = sum(len(u) for u in table.values())
    print(f"check_layers: {len(table)} folders, {n_arrows} arrows, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""The names of the C, Python and JavaScript APIs against the one table that
declares them (docs/library.md, "Names across the three languages").

usage: check_api_names.py [--cc CC] [--sanitized] SOURCE_DIR BUILD_DIR
       check_api_names.py --self-test SOURCE_DIR

The section holds two tables: the names (one row a concept: the C name, the
Python name, the JavaScript name, the old names kept as aliases, and why a
name is not the one the rule derives from the C name) and the functions of
gbr.h no package offers ("C only"). Checked against them:
  C       every GBR_API function of src/include/gbr.h and gbr_replay.h is in exactly one row
          of the two tables, and every C name there is a function, type or
          macro of gbr.h;
  Python  the package gbr as built from bindings/python/gbr (its Python
          files, and its extension _gbr compiled from _gbr.c against the
          build's libgbr.so): every public name (__all__, and every function
          or class it defines without a leading '_') is a name or an alias of
          the table; every name of the table exists (dotted names are looked
          up attribute by attribute); a top-level name and every alias are in
          __all__; each alias is the very object of its row's name;
  JS      the package the build made (BUILD_DIR/bindings/js), imported by
          node: every export and every member of the API object is a name or
          an alias; every name exists as one or the other; each alias is the
          same object as its name, wherever the name is; index.d.ts declares
          every name and alias, each alias's declaration under @deprecated;
  rule    a name that is not the rule's (a function: gbr_ left off, the words
          in their order, snake_case in Python and camelCase in JavaScript; a
          type: CapWords; a macro: GBR_ left off) has a reason in its row.
--self-test takes the names the packages would have if they were exactly the
table's, requires the check to pass on them, then plants each kind of drift
(a function added to gbr.h, every entry of the tables misspelt in turn, every
alias removed or made another object or left out of __all__, an unlisted
public name, a reason taken away, a @deprecated taken away) and requires each
to be reported: a check that cannot fail would prove nothing.
Exit status 0 when every check passes, 1 otherwise, 77 (CTest's skip) when
no problem was found but a package could not be examined (no Python headers,
no node 18 or later, or no gbr.wasm built), saying which.
"""
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile

DOC = "docs/library.md"
HEADER = "src/include/gbr.h"
# The installed headers whose functions the tables cover: gbr.h and the
# replayer's (read as one text).
HEADERS = (HEADER, "src/include/gbr_replay.h")
DTS = "bindings/js/index.d.ts"
SECTION = "## Names across the three languages"
LANGS = ("Python", "JavaScript")
NAMES = re.compile(r"^(?:—|`[^`]+`(?:,\s*`[^`]+`)*)$")
ALIASES = re.compile(r"^(?:(?:Python|JavaScript)\s+`[^`]+`(?:,\s*`[^`]+`)*(?:;\s*|$))*$")


# ---- the tables ---------------------------------------------------------

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def names_of(cell):
    return re.findall(r"`([^`]+)`", cell)


def read_tables(text, problems):
    """(rows, c_only) of the section: each row a dict with its line, the
    names of each column and its reason; each c_only entry (line, names)."""
    lines = text.split("\n")
    try:
        start = lines.index(SECTION)
    except ValueError:
        problems.append(f"{DOC}: no section \"{SECTION[3:]}\"")
        return [], []
    rows, c_only, table = [], [], None
    for number in range(start + 1, len(lines)):
        line = lines[number]
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            table = None
            continue
        c = cells(line)
        where = f"{DOC}:{number + 1}"
        if c[0] in ("C", "C only"):
            table = c[0]
            expected = 5 if table == "C" else 2
            if len(c) != expected:
                problems.append(f"{where}: the table's heading has {len(c)} columns, not {expected}")
                table = None
            continue
        if table is None or set(line) <= set("|-: "):
            continue
        if table == "C only":
            if len(c) != 2 or not NAMES.match(c[0]) or c[0] == "—" or not c[1]:
                problems.append(f"{where}: a C-only row is `names` | why")
                continue
            c_only.append({"where": where, "c": names_of(c[0]), "only": True})
            continue
        if len(c) != 5:
            problems.append(f"{where}: a row has 5 columns (C, Python, JavaScript, old names, why), not {len(c)}")
            continue
        bad = [c[i] for i in range(3) if not NAMES.match(c[i])]
        if bad or not ALIASES.match(c[3]):
            problems.append(f"{where}: a cell is not `name`, `name` ... or —: {bad or [c[3]]}")
            continue
        aliases = {lang: [] for lang in LANGS}
        for lang, group in re.findall(r"(Python|JavaScript)\s+((?:`[^`]+`(?:,\s*)?)+)", c[3]):
            aliases[lang] += names_of(group)
        rows.append({"where": where, "c": names_of(c[0]), "Python": names_of(c[1]),
                     "JavaScript": names_of(c[2]), "aliases": aliases, "why": c[4]})
    if not rows:
        problems.append(f"{DOC}: the section \"{SECTION[3:]}\" has no table of names")
    return rows, c_only


# ---- the header ---------------------------------------------------------

def read_header(text):
    """{name: "function" | "type" | "macro"} of gbr.h."""
    code = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    kinds = {}
    for name in re.findall(r"^\s*#\s*define\s+(\w+)", code, re.M):
        kinds[name] = "macro"
    for name in re.findall(r"\}\s*(gbr_\w+)\s*;", code) + re.findall(r"typedef\s+struct\s+\w+\s+(gbr_\w+)\s*;", code):
        kinds[name] = "type"
    for name in re.findall(r"\bGBR_API\b[^;{]*?\b(gbr_\w+)\s*\(", code):
        kinds[name] = "function"
    return kinds


def rule(c_name, kind):
    """{language: the name the rule gives} for a C name of that kind."""
    if kind == "macro":
        words = c_name[4:].lower().split("_")
        return {"Python": c_name[4:], "JavaScript": words[0] + "".join(w.capitalize() for w in words[1:])}
    words = c_name[4:].split("_")
    if kind == "type":
        return {lang: "".join(w.capitalize() for w in words) for lang in LANGS}
    return {"Python": "_".join(words), "JavaScript": words[0] + "".join(w.capitalize() for w in words[1:])}


# ---- the typings of the JavaScript package ------------------------------

def dts_declarations(text):
    """{name: [the line before each declaration]} of index.d.ts: the members
    of interface Gbr and the exports."""
    lines = text.split("\n")
    found = {}

    def add(name, index):
        before = next((lines[j] for j in range(index - 1, -1, -1) if lines[j].strip()), "")
        found.setdefault(name, []).append(before)

    inside = False
    for i, line in enumerate(lines):
        if re.match(r"\s*export\s+interface\s+Gbr\b", line):
            inside = True
            continue
        if inside:
            if line.startswith("}"):
                inside = False
            else:
                m = re.match(r"\s*(?:readonly\s+)?(\w+)\s*[(:?]", line)
                if m:
                    add(m.group(1), i)
            continue
        m = re.match(r"\s*export\s+(?:declare\s+)?(?:class|function)\s+(\w+)", line)
        if m:
            add(m.group(1), i)
        if re.match(r"\s*export\s+default\b", line):
            add("default", i)
    # export const a: T, b: T, ...; (one statement over several lines)
    for m in re.finditer(r"^export\s+const\s+(.*?);", text, re.M | re.S):
        first = text.count("\n", 0, m.start())
        for n in re.finditer(r"(\w+)\s*:\s*Gbr\[", m.group(1)):
            add(n.group(1), first + m.group(1).count("\n", 0, n.start()))
    return found


# ---- the checks ---------------------------------------------------------

def check(rows, c_only, kinds, py, js, dts, problems):
    """py: {"all": [...], "public": [...], "ids": {name: id or None}} or None
    (not examined); js: {"exports": {name: id}, "members": {name: id}} or
    None; dts: the text of index.d.ts."""
    # C
    listed = {}
    for entry in rows + c_only:
        for name in entry["c"]:
            if name not in kinds:
                problems.append(f"{entry['where']}: C: {name} is not in {HEADER}")
            elif entry.get("only") and kinds[name] != "function":
                problems.append(f"{entry['where']}: C only: {name} is a {kinds[name]} of {HEADER}, not a function")
            if kinds.get(name) == "function":
                if name in listed:
                    problems.append(f"{entry['where']}: C: {name} is also in the row of {listed[name]}")
                listed.setdefault(name, entry["where"])
    for name, kind in sorted(kinds.items()):
        if kind == "function" and name not in listed:
            problems.append(f"{HEADER}: {name} is in neither table of {DOC} (\"{SECTION[3:]}\")")
    # the rule
    for row in rows:
        for lang in LANGS:
            got = row[lang]
            if not got:
                continue
            one = row["c"][0] if len(row["c"]) == 1 and row["c"][0] in kinds else None
            derived = rule(one, kinds[one])[lang] if one else None
            if got != [derived] and not row["why"]:
                problems.append(f"{row['where']}: {lang}: {', '.join(got)} is not the rule's name"
                                f"{f' ({derived})' if derived else ''}, and the row says no why")
    # every name and alias of each language
    names = {lang: set() for lang in LANGS}
    aliases = {lang: {} for lang in LANGS}
    for row in rows:
        for lang in LANGS:
            names[lang].update(row[lang])
            for alias in row["aliases"][lang]:
                if len(row[lang]) != 1:
                    problems.append(f"{row['where']}: {lang}: the alias {alias} needs one name in its row")
                    continue
                if alias in aliases[lang] or alias in names[lang]:
                    problems.append(f"{row['where']}: {lang}: {alias} is an alias and also another name")
                aliases[lang][alias] = (row[lang][0], row["where"])
    for lang in LANGS:
        for alias, (_, where) in aliases[lang].items():
            if alias in names[lang]:
                problems.append(f"{where}: {lang}: {alias} is an alias and also a name of the table")
    where_of = {lang: {} for lang in LANGS}
    for row in rows:
        for lang in LANGS:
            for name in row[lang]:
                where_of[lang].setdefault(name, row["where"])
    if py is not None:
        check_python(names["Python"], aliases["Python"], where_of["Python"], py, problems)
    if js is not None:
        check_js(names["JavaScript"], aliases["JavaScript"], where_of["JavaScript"], js, problems)
    declared = dts_declarations(dts)
    for name in sorted(names["JavaScript"]):
        if name not in declared:
            problems.append(f"{DTS}: {name}, a JavaScript name of {where_of['JavaScript'][name]}, is not declared")
    for alias in sorted(aliases["JavaScript"]):
        if alias not in declared:
            problems.append(f"{DTS}: the alias {alias} ({aliases['JavaScript'][alias][1]}) is not declared")
        elif not all("@deprecated" in before for before in declared[alias]):
            problems.append(f"{DTS}: the alias {alias} is declared without @deprecated on the line before it")


def check_python(names, aliases, where_of, py, problems):
    ids, everything = py["ids"], set(py["all"])
    for name in sorted(names):
        if ids.get(name) is None:
            problems.append(f"{where_of[name]}: Python: gbr.{name} does not exist")
        elif "." not in name and name not in everything:
            problems.append(f"{where_of[name]}: Python: {name} is not in gbr.__all__")
    for alias, (name, where) in sorted(aliases.items()):
        if ids.get(alias) is None:
            problems.append(f"{where}: Python: the alias gbr.{alias} does not exist")
        elif ids.get(name) is not None and ids[alias] != ids[name]:
            problems.append(f"{where}: Python: the alias gbr.{alias} is not the object gbr.{name} is")
        if alias not in everything:
            problems.append(f"{where}: Python: the alias {alias} is not in gbr.__all__ (the aliases stay there)")
    for name in sorted(set(py["public"]) | everything):
        if name not in names and name not in aliases:
            problems.append(f"{DOC}: Python: gbr.{name} is public but neither a name nor an alias of the table")


def check_js(names, aliases, where_of, js, problems):
    exports, members = js["exports"], js["members"]
    for name in sorted(names):
        if name not in exports and name not in members:
            problems.append(f"{where_of[name]}: JavaScript: {name} is neither an export of the package "
                            "nor a member of its API")
    for alias, (name, where) in sorted(aliases.items()):
        if alias not in exports and alias not in members:
            problems.append(f"{where}: JavaScript: the alias {alias} is neither an export nor a member of the API")
        for role, got in (("export", exports), ("member of the API", members)):
            if name in got and (alias not in got or got[alias] != got[name]):
                problems.append(f"{where}: JavaScript: the alias {alias} is not the {role} {name} is")
    for role, got in (("export", exports), ("member of the API", members)):
        for name in sorted(got):
            if name not in names and name not in aliases:
                problems.append(f"{DOC}: JavaScript: the {role} {name} is neither a name nor an alias of the table")


# ---- the packages -------------------------------------------------------

PY_NAMES = r"""
import json, sys, types
sys.path.insert(0, sys.argv[1])
import gbr
wanted = json.loads(sys.argv[2])
public = [n for n, v in vars(gbr).items() if not n.startswith("_")
          and isinstance(v, (type, types.FunctionType, types.BuiltinFunctionType))
          and (getattr(v, "__module__", None) or "").split(".")[0] == "gbr"]
ids = {}
for name in set(wanted) | set(public) | set(gbr.__all__):
    obj = gbr
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            break
    ids[name] = None if obj is None else id(obj)
print(json.dumps({"all": list(gbr.__all__), "public": public, "ids": ids}))
"""

JS_NAMES = r"""
import { pathToFileURL } from 'node:url';
const pkg = await import(pathToFileURL(process.argv[1]).href);
const seen = new Map();
const id = (v) => { if (!seen.has(v)) seen.set(v, seen.size); return seen.get(v); };
const exports = {}, members = {};
// an export of undefined (a name destructured from the API that it lacks) is none
for (const k of Object.keys(pkg)) if (pkg[k] !== undefined) exports[k] = id(pkg[k]);
for (const k of Object.keys(pkg.default)) if (pkg.default[k] !== undefined) members[k] = id(pkg.default[k]);
console.log(JSON.stringify({ exports, members }));
"""


def python_names(source_dir, build_dir, cc, sanitized, wanted, skipped):
    include = sysconfig.get_paths()["include"]
    library = os.path.join(build_dir, "src", "libgbr.so")
    if not os.path.isfile(os.path.join(include, "Python.h")):
        skipped.append(f"Python: {sys.executable} has no Python.h (python3-dev)")
        return None
    if not os.path.isfile(library):
        skipped.append(f"Python: no {library}")
        return None
    package = os.path.join(source_dir, "bindings", "python", "gbr")
    with tempfile.TemporaryDirectory() as work:
        target = os.path.join(work, "gbr")
        os.mkdir(target)
        for name in os.listdir(package):
            if name.endswith(".py"):
                with open(os.path.join(package, name), "rb") as f, open(os.path.join(target, name), "wb") as g:
                    g.write(f.read())
        # The extension's own file against the library the build made: the
        # names are the module's, whichever way libgbr is linked in.
        module = os.path.join(target, "_gbr" + sysconfig.get_config_var("EXT_SUFFIX"))
        built = subprocess.run([cc, "-shared", "-fPIC", "-std=c11", "-I" + include,
                                "-I" + os.path.join(source_dir, "src", "include"), os.path.join(package, "_gbr.c"),
                                "-o", module, library, "-Wl,-rpath," + os.path.dirname(library)],
                               capture_output=True, text=True)
        if built.returncode != 0:
            raise SystemExit(f"check_api_names: compiling gbr/_gbr.c failed:\n{built.stderr}")
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        if sanitized:  # the build's libgbr.so needs the sanitizers' runtimes first
            runtimes = [subprocess.run([cc, f"-print-file-name={r}"], capture_output=True, text=True,
                                       check=True).stdout.strip() for r in ("libasan.so", "libubsan.so")]
            env.update(LD_PRELOAD=" ".join(runtimes), ASAN_OPTIONS="detect_leaks=0")
        out = subprocess.run([sys.executable, "-c", PY_NAMES, work, json.dumps(sorted(wanted))], env=env,
                             capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"check_api_names: importing gbr failed:\n{out.stderr}")
    return json.loads(out.stdout)


def js_names(build_dir, skipped):
    package = os.path.join(build_dir, "bindings", "js")
    try:
        major = subprocess.run(["node", "-p", "process.versions.node.split('.')[0]"], capture_output=True,
                               text=True).stdout.strip()
    except OSError:
        major = ""
    if not major.isdigit() or int(major) < 18:
        skipped.append("JavaScript: no node 18 or later")
        return None
    if not os.path.isfile(os.path.join(package, "gbr.wasm")):
        skipped.append(f"JavaScript: {package}/gbr.wasm was not built")
        return None
    out = subprocess.run(["node", "--input-type=module", "-e", JS_NAMES, os.path.join(package, "index.js")],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"check_api_names: importing the JavaScript package failed:\n{out.stderr}")
    return json.loads(out.stdout)


def read(source_dir, path):
    with open(os.path.join(source_dir, path), encoding="utf-8") as f:
        return f.read()


def run(doc, header, py, js, dts):
    problems = []
    rows, c_only = read_tables(doc, problems)
    if rows:
        check(rows, c_only, read_header(header), py, js, dts, problems)
    return problems


# ---- the self-test ------------------------------------------------------

def as_the_table_says(rows):
    """The names the packages would have if they were exactly the table's."""
    py = {"all": [], "public": [], "ids": {}}
    js = {"exports": {}, "members": {}}
    for row in rows:
        for n, name in enumerate(row["Python"]):
            py["ids"][name] = id(row) * 100 + n
            if "." not in name:
                py["all"].append(name)
            for alias in row["aliases"]["Python"]:
                py["ids"][alias] = py["ids"][name]
                py["all"].append(alias)
        for n, name in enumerate(row["JavaScript"]):
            for role in ("exports", "members"):
                js[role][name] = id(row) * 100 + n
                for alias in row["aliases"]["JavaScript"]:
                    js[role][alias] = js[role][name]
    py["public"] = list(py["all"])
    return py, js


def self_test(source_dir):
    doc, header, dts = read(source_dir, DOC), "".join(read(source_dir, h) for h in HEADERS), read(source_dir, DTS)
    problems = []
    rows, c_only = read_tables(doc, problems)
    py, js = as_the_table_says(rows)
    wrong = []
    base = run(doc, header, py, js, dts)
    if base:
        wrong += [f"the table as it is, with packages exactly as it says: {p}" for p in base]
    plants = []

    def planted(what, doc=doc, header=header, py=py, js=js, dts=dts):
        plants.append(what)
        if not run(doc, header, py, js, dts):
            wrong.append(f"not reported: {what}")

    planted("a function added to gbr.h", header=header.replace(
        "#ifdef __cplusplus\n}", "GBR_API int gbr_planted(const char *src, size_t len);\n#ifdef __cplusplus\n}"))
    # every name of every row misspelt in turn, in its own line only
    lines = doc.split("\n")
    for entry in rows + c_only:
        number = int(entry["where"].rsplit(":", 1)[1]) - 1
        for name in entry["c"] + entry.get("Python", []) + entry.get("JavaScript", []) + [
                a for lang in LANGS for a in entry.get("aliases", {}).get(lang, [])]:
            line = lines[number]
            spoilt = line.replace(f"`{name}`", f"`{name}x`", 1)
            if spoilt == line:
                wrong.append(f"{entry['where']}: could not misspell {name}")
                continue
            planted(f"{entry['where']}: {name} misspelt", doc="\n".join(lines[:number] + [spoilt] + lines[number + 1:]))
        if entry.get("why"):
            line = lines[number]
            planted(f"{entry['where']}: its why taken away",
                    doc="\n".join(lines[:number] + [line[:line.rstrip().rstrip('|').rstrip().rfind('|') + 1] + " |"]
                                  + lines[number + 1:]))
    for row in rows:
        for alias in row["aliases"]["Python"]:
            gone = {**py, "ids": {k: v for k, v in py["ids"].items() if k != alias},
                    "all": [n for n in py["all"] if n != alias], "public": [n for n in py["public"] if n != alias]}
            planted(f"Python alias {alias} removed", py=gone)
            planted(f"Python alias {alias} another object", py={**py, "ids": {**py["ids"], alias: -1}})
            planted(f"Python alias {alias} left out of __all__", py={**py, "all": [n for n in py["all"] if n != alias]})
        for alias in row["aliases"]["JavaScript"]:
            for role in ("exports", "members"):
                planted(f"JavaScript alias {alias} removed from the {role}",
                        js={**js, role: {k: v for k, v in js[role].items() if k != alias}})
                planted(f"JavaScript alias {alias} another object among the {role}",
                        js={**js, role: {**js[role], alias: -1}})
            planted(f"JavaScript alias {alias} without @deprecated in index.d.ts",
                    dts=dts.replace("@deprecated", "(old name)"))
    planted("an unlisted public Python function", py={**py, "public": py["public"] + ["planted"],
                                                      "ids": {**py["ids"], "planted": -2}})
    planted("an unlisted name in Python's __all__", py={**py, "all": py["all"] + ["planted"],
                                                        "ids": {**py["ids"], "planted": -2}})
    planted("an unlisted JavaScript export", js={**js, "exports": {**js["exports"], "planted": -2}})
    planted("an unlisted member of the JavaScript API", js={**js, "members": {**js["members"], "planted": -2}})
    planted("a JavaScript name not declared in index.d.ts",
            dts=re.sub(r"^\s*parseName\(.*\n", "", dts, flags=re.M).replace("parseName: Gbr['parseName'],", ""))
    for w in wrong:
        print(f"self-test: {w}")
    print(f"self-test: {len(plants)} drifts planted, {len(wrong)} not as required")
    return 1 if wrong or not plants else 0


def main(argv):
    args = argv[1:]
    if args[:1] == ["--self-test"] and len(args) == 2:
        return self_test(args[1])
    cc, sanitized = os.environ.get("CC", "cc"), False
    while args and args[0].startswith("--"):
        if args[0] == "--cc" and len(args) > 1:
            cc, args = args[1], args[2:]
        elif args[0] == "--sanitized":
            sanitized, args = True, args[1:]
        else:
            break
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    source_dir, build_dir = (os.path.abspath(a) for a in args)
    doc, header, dts = read(source_dir, DOC), "".join(read(source_dir, h) for h in HEADERS), read(source_dir, DTS)
    skipped = []
    rows, _ = read_tables(doc, [])  # its problems are run's below
    wanted = {name for row in rows for name in row["Python"] + row["aliases"]["Python"]}
    py = python_names(source_dir, build_dir, cc, sanitized, wanted, skipped)
    js = js_names(build_dir, skipped)
    problems = run(doc, header, py, js, dts)
    for p in problems:
        print(p)
    for s in skipped:
        print(f"skipped: {s}")
    print(f"check_api_names: {len(rows)} rows; Python {'examined' if py else 'not examined'}, "
          f"JavaScript {'examined' if js else 'not examined'}; {len(problems)} problem(s)")
    if problems:
        return 1
    return 77 if skipped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""The installed package as a user gets it, with the standard library only
(run by test_packaging.sh in a fresh venv, outside the source tree):

    python check_installed.py REPOSITORY [editable]

Its metadata (version of gbr.h, MIT licence and its file, requires-python,
the hypothesis extra), its vectors (the repository's, byte for byte), its
extensions (stripped: no debug sections and no symbol table; PyInit_ their
only export), and a run of each part. Prints what it checked; exits 1 at
the first failure."""
import importlib.metadata
import os
import struct
import subprocess
import sys
import sysconfig

repo = sys.argv[1]
editable = sys.argv[2:] == ["editable"]

import gbr  # noqa: E402
import gbr.collection  # noqa: E402
import gbr.testing  # noqa: E402

package = os.path.dirname(os.path.abspath(gbr.__file__))
print(f"gbr {gbr.__version__} at {package}")
if editable:
    # An editable install runs the tree's own files.
    assert package == os.path.join(repo, "bindings", "python", "gbr"), package
else:
    # The venv's own copy, not the tree's files.
    assert package == os.path.join(sysconfig.get_paths()["platlib"], "gbr"), package

meta = importlib.metadata.metadata("gbr")
assert meta["Version"] == gbr.__version__ == gbr.LIBGBR_VERSION, (meta["Version"], gbr.__version__)
with open(os.path.join(repo, "src", "include", "gbr.h"), encoding="utf-8") as header:
    assert f'#define GBR_VERSION_STRING "{gbr.__version__}"' in header.read()
assert meta["License"] == "MIT", meta["License"]
assert meta["Requires-Python"] == ">=3.8", meta["Requires-Python"]
assert "hypothesis" in (meta.get_all("Provides-Extra") or []), meta.get_all("Provides-Extra")
assert any(r.startswith("hypothesis") and "extra" in r for r in meta.get_all("Requires-Dist") or [])
files = [str(f) for f in importlib.metadata.files("gbr") or []]
if not editable:
    licence = [f for f in files if f.endswith("LICENSE")]
    assert licence, files
    with open(os.path.join(repo, "LICENSE"), "rb") as a:
        assert importlib.metadata.distribution("gbr").locate_file(licence[0]).read_bytes() == a.read()
print("metadata: version, licence MIT and its file, requires-python >=3.8, extra hypothesis")

levels = ("material", "study", "position", "extensions")
for level in levels:
    with open(os.path.join(gbr.vectors_dir(), level + ".json"), "rb") as ours, \
            open(os.path.join(repo, "spec", "vectors", "json", level + ".json"), "rb") as theirs:
        assert ours.read() == theirs.read(), level
report = gbr.testing.check(level="material", material=lambda t: gbr.material_canonical(t.encode("latin-1")))
assert report.ok, report.summary()
print(f"vectors: {', '.join(levels)} as in the repository; material level {report.summary()}")

assert gbr.position_form("8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1", result="win") == "a7d3 0116.00 b2b3c6d6 3/3+."
games = gbr.collection.pgn_games(os.path.join(repo, "src", "cli", "examples", "studies.pgn"))
assert len(games) == 24 and sum(len(g.mismatches) for g in games) == 1, len(games)
print(f"run: position_form, and {len(games)} games read by gbr.collection")
census = gbr.census(os.path.join(repo, "src", "cli", "examples", "queen_exchange.pgn"), ending="final")
assert [str(k.code) for k in census.classes()] == ["0400.00", "1400.00", "4400.00"], census.classes()
print(f"run: gbr.census of {census.totals.games} game, {len(census.classes())} classes")


def sections(path):
    """The section names of an ELF64 little-endian file."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, path
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def header(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)

    names_at = header(shstrndx)[4]
    out = []
    for i in range(shnum):
        name = header(i)[0]
        out.append(data[names_at + name:data.index(b"\0", names_at + name)].decode())
    return out


if not editable:
    for name in sorted(os.listdir(package)):
        if not name.endswith(".so"):
            continue
        path = os.path.join(package, name)
        found = sections(path)
        debug = [s for s in found if s.startswith((".debug", ".zdebug")) or s == ".symtab"]
        assert not debug, f"{name} is not stripped: {debug}"
        exports = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True, text=True, check=True)
        names = sorted(line.split()[-1] for line in exports.stdout.splitlines() if line.strip())
        assert names == ["PyInit_" + name.split(".")[0]], names
        print(f"{name}: {os.path.getsize(path)} bytes, no debug sections, no symbol table, exports {names[0]}")
print("installed package: all checks passed")

"""Every Python the package declares (requires-python) imports it, under
CTest (python_versions): for each interpreter found other than the one
running this (Debian's, which python_binding tests), the extensions are
compiled against its headers with the flags of gbr_build.py, as setup.py
compiles them, and imported by it with the standard library only
(``-S -E``), then run once.

    /usr/bin/python3 test_versions.py BUILD_DIR

Interpreters: python3.8 ... python3.13 on PATH, in /usr/bin and
/usr/local/bin, and pyenv's versions ($PYENV_ROOT or ~/.pyenv). One per
version; one without its headers (Python.h) is passed over, saying so. Exit
status 77 (CTest's skip) when none is found, 1 when one fails.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gbr_build  # noqa: E402

MINORS = range(8, 14)
PROBE = (
    "import json, sys, sysconfig; print(json.dumps([list(sys.version_info[:3]), "
    "sysconfig.get_paths()['include'], sysconfig.get_config_var('EXT_SUFFIX')]))"
)
SMOKE = r"""
import sys
sys.path.insert(0, sys.argv[1])
import gbr, gbr.collection
assert gbr.position_form("8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1", result="win") == "a7d3 0116.00 b2b3c6d6 3/3+."
games = gbr.collection.pgn_games(b'[White "A"]\n[Black "(+0100.00e1e8) TT"]\n[FEN "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"]\n\n1-0\n')
assert [c.says for c in games[0].codes] == ["Black tag says +0100.00e1e8, FEN gives +1000.00e1e8"], games
assert "site" not in sys.modules, "the standard library only"
print(gbr.__file__)
"""


def declared_minimum():
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        m = re.search(r'^requires-python\s*=\s*">=\s*3\.(\d+)"', f.read(), re.M)
    if not m:
        sys.exit("test_versions: no requires-python = \">=3.N\" in pyproject.toml")
    return int(m.group(1))


def candidates():
    dirs = os.environ.get("PATH", "").split(os.pathsep) + ["/usr/bin", "/usr/local/bin"]
    pyenv = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    dirs += sorted(glob.glob(os.path.join(pyenv, "versions", "*", "bin")))
    for d in dirs:
        if "shims" in d.split(os.sep):  # pyenv's shims run whichever version is selected
            continue
        for minor in MINORS:
            path = os.path.join(d, f"python3.{minor}")
            if os.path.isfile(path) and os.access(path, os.X_OK):
                yield path


def compile_objects(sources, include_dirs, extra, out_dir, cc):
    objects = []
    for source in sources:
        obj = os.path.join(out_dir, source.replace("/", "_") + ".o")
        subprocess.run([cc, "-O2", "-fPIC", *extra, *["-I" + os.path.join(HERE, d) for d in include_dirs],
                        "-c", os.path.join(HERE, source), "-o", obj], check=True)
        objects.append(obj)
    return objects


def main():
    build = os.path.abspath(sys.argv[1])
    work = os.path.join(build, "python-versions")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    minimum = declared_minimum()
    own = sys.version_info[:2]
    found = {}
    for path in candidates():
        try:
            out = subprocess.run([path, "-S", "-E", "-c", PROBE], capture_output=True, text=True, timeout=60)
        except OSError:
            continue
        if out.returncode != 0:
            continue
        import json
        version, include, suffix = json.loads(out.stdout)
        key = tuple(version[:2])
        if key == own or key in found:
            continue
        if key[1] < minimum:
            print(f"{path}: Python {'.'.join(map(str, version))} is below requires-python >=3.{minimum}: not tried")
            continue
        if not os.path.isfile(os.path.join(include, "Python.h")):
            print(f"{path}: Python {'.'.join(map(str, version))} has no Python.h: not tried")
            continue
        found[key] = (path, version, include, suffix)
    if not found:
        print(f"skipped: no Python 3.{minimum}-3.{MINORS[-1]} other than {own[0]}.{own[1]} with its headers found")
        return 77
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC").split()[0] or "cc"
    objects = os.path.join(work, "objects")
    os.makedirs(objects)
    libgbr = compile_objects(gbr_build.libgbr_sources(), gbr_build.include_dirs(None), gbr_build.LIBRARY_ARGS,
                             objects, cc)
    parts = {part: compile_objects(gbr_build.part_sources(part), gbr_build.include_dirs(part),
                                   gbr_build.LIBRARY_ARGS, objects, cc) for part in gbr_build.PARTS}
    failed = 0
    for key in sorted(found):
        path, version, include, suffix = found[key]
        name = ".".join(map(str, version))
        target = os.path.join(work, f"py{key[0]}.{key[1]}")
        package = os.path.join(target, "gbr")
        os.makedirs(package)
        for f in glob.glob(os.path.join(HERE, "gbr", "*.py")):
            shutil.copy(f, package)
        try:
            for module, (source, part) in gbr_build.EXTENSIONS.items():
                short = module.rsplit(".", 1)[-1]
                obj = compile_objects([source], [*gbr_build.include_dirs(part)], gbr_build.MODULE_ARGS + [
                    "-I" + include], target, cc)
                script = os.path.join(target, short + ".map")
                with open(script, "w", encoding="utf-8") as f:
                    f.write(gbr_build.version_script(module))
                subprocess.run([cc, "-shared", "-o", os.path.join(package, short + suffix), *obj, *libgbr,
                                *(parts[part] if part else []), "-Wl,--version-script=" + script,
                                *gbr_build.STRIP_ARGS, *("-l" + lib for lib in gbr_build.part_libraries(part))],
                               check=True)
        except subprocess.CalledProcessError as e:
            print(f"FAIL {path} (Python {name}): the build failed: {e}")
            failed += 1
            continue
        run = subprocess.run([path, "-S", "-E", "-c", SMOKE, target], capture_output=True, text=True, timeout=120)
        if run.returncode == 0:
            print(f"ok   {path} (Python {name}): imports and runs {run.stdout.strip()}")
        else:
            print(f"FAIL {path} (Python {name}): {run.stderr.strip().splitlines()[-1] if run.stderr.strip() else run.returncode}")
            failed += 1
    print(f"{len(found) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

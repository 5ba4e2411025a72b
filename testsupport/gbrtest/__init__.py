"""What the test scripts share: the repository's paths, a script's
arguments and work folder, fresh folders, running gbr, collecting failed
checks and running a script's group of tests, GitHub's heading anchors,
a checker's self-test; FEN placements (gbrtest.fen) and a JSON Schema
validator (gbrtest.schema).

A script finds this package through its own path, so it runs the same
under CTest and by hand:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), <up to the root>, "testsupport"))
    import gbrtest
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def path(*parts):
    """A path inside the repository."""
    return os.path.join(ROOT, *parts)


def arguments(*names):
    """The script's first arguments, one per name (fewer is a usage error;
    any after them are the script's to read); the one named WORK is a
    folder, made when missing."""
    if len(sys.argv) < len(names) + 1:
        sys.exit("usage: %s %s" % (os.path.basename(sys.argv[0]), " ".join(names)))
    values = sys.argv[1:len(names) + 1]
    if "WORK" in names:
        os.makedirs(values[names.index("WORK")], exist_ok=True)
    return values


def fresh_folder(folder):
    """folder, emptied: removed with what it holds, then made again."""
    if os.path.lexists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    return folder


def command(gbr, name):
    """A function running `gbr NAME ARGS...` on data (bytes) as standard
    input, its output captured; further keywords go to subprocess.run."""
    def run(*args, data=None, **kw):
        return subprocess.run([gbr, name, *args], input=data, capture_output=True, **kw)
    return run


# A script's failed checks, collected so that one run reports all of them.
failures = []


def expect(name, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (name, got, want))


def finish(label):
    """Print each failure and a summary line; exit 1 when any failed, else 0."""
    for f in failures:
        print("FAIL " + f)
    print("%s: %s" % (label, "%d failures" % len(failures) if failures else "ok"))
    sys.exit(1 if failures else 0)


def chromium():
    """The path of Chromium; without it the script exits 77, which CTest
    reports as skipped."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("skipped: chromium is not installed (Debian: apt-get install -y chromium)")
        sys.exit(77)
    return browser


def github_anchor(heading):
    """The anchor GitHub gives a heading: its rendered text in lower case,
    every character but letters, digits, '_', '-' and ' ' removed, each
    space a hyphen (a repeated heading's anchor takes -1, -2, ... after it)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # links: their text
    text = re.sub(r"<[^>]+>", "", text)                          # HTML tags
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"(?<!\w)_+|_+(?!\w)", "", text)             # emphasis underscores
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def reported_exactly(got, want, matches=lambda w, g: w == g, wanted="expected"):
    """A checker's self-test on a fixture with planted faults: print each
    wanted report it did not make and each report it made that is not
    wanted; whether it made exactly the wanted ones."""
    missing = [w for w in want if not any(matches(w, g) for g in got)]
    extra = [g for g in got if not any(matches(w, g) for w in want)]
    for w in missing:
        print("self-test: not reported: " + w)
    for g in extra:
        print("self-test: reported, not %s: %s" % (wanted, g))
    return not missing and not extra


def run_group(groups, group):
    """Run the test, or each test of a list, that groups names group."""
    if group not in groups:
        sys.exit("unknown group %r (one of %s)" % (group, ", ".join(groups)))
    tests = groups[group]
    for test in tests if isinstance(tests, list) else [tests]:
        test()

#!/usr/bin/env python3
"""Checks the project's documents: README.md, CHANGELOG.md, docs/*.md and the
README.md of each top folder and of each package under bindings/.

  (a) links: every relative link points to an existing file or folder, and
      an #anchor into a Markdown file names one of its headings (GitHub's
      rule: the heading's text in lower case, without punctuation, spaces
      as hyphens, "-1", "-2", ... for repeated headings);
  (b) paths: every src/, spec/, ci/, bench/, site/, testsupport/, fuzz/, props/, corpus/, docs/, .ci/,
      .github/ and .clusterfuzzlite/ path named in the text exists (a glob
      such as src/cli/cmd_*.c, or a placeholder such as corpus/<harness>/,
      must match something); in CHANGELOG.md a file that git's history
      holds is enough, since an entry names files as they were then;
  (c) examples: a fenced block right after a marker comment is run:
        <!-- check -->        the next ```sh, ```python or ```c block is run
                               (C: compiled against libgbr first); when a
                               ```text block follows it, the output (standard
                               output and standard error together) must be
                               exactly that block;
        <!-- check exit=N -->  the same, with exit status N instead of 0;
        <!-- file NAME -->     the next block is written to NAME, for the
                               examples after it.
      Each document's examples run in order, in one scratch folder holding a
      symbolic link to each entry of the repository root (so that paths such
      as src/cli/examples/studies.pgn read as they do from the root, while
      what an example writes stays in the scratch folder), with build/
      linking to the build folder, the built gbr first on PATH (and a cc that
      adds --cflags), GBR_ROOT set to the repository root and
      PYTHONDONTWRITEBYTECODE=1.

Each failure is printed as FILE:LINE: MESSAGE; the last line counts what was
checked. Exit status 0 when nothing failed, 1 otherwise, 2 on a usage error.

--self-test runs the checks over docs/tests/fixture/ (a small tree with a
broken link, also in a folder's README, a missing path and examples with the
wrong output) and passes
when the failures are exactly those of docs/tests/fixture/expected-failures.txt.

usage: check_docs.py --root DIR --build DIR --gbr GBR [--cc CC] [--cflags FLAGS]
                     [--self-test | FILE...]
"""
import argparse
import difflib
import glob
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testsupport"))
import gbrtest  # noqa: E402

# The README of each top folder and of each package under bindings/ are
# guides too: what a folder holds and where to start.
DEFAULT_DOCUMENTS = ["README.md", "CHANGELOG.md", "docs/*.md", "*/README.md", "bindings/*/README.md"]
PATH_PREFIXES = ["src", "spec", "ci", "bench", "site", "testsupport", "fuzz", "props", "corpus", "docs", ".ci", ".github",
                 ".clusterfuzzlite"]
EXAMPLE_TIMEOUT = 300

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
MARKER = re.compile(r"^\s*<!--\s*(check|file)\b\s*(.*?)\s*-->\s*$")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=\"([^\"]*)\"", re.IGNORECASE)
HTML_ANCHOR = re.compile(r"<a\b[^>]*?\b(?:id|name)=\"([^\"]*)\"", re.IGNORECASE)
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
PATH = re.compile(r"(?<![\w./<>-])((?:%s)/[\w./*?<>-]*)" % "|".join(re.escape(p) for p in PATH_PREFIXES))


class Block:
    """A fenced code block: its info string, first line number and text."""

    def __init__(self, info, line, text, marker, marker_line):
        self.info, self.line, self.text = info, line, text
        self.marker, self.marker_line = marker, marker_line


class Document:
    def __init__(self, root, relative):
        self.root, self.relative = root, relative
        self.path = os.path.join(root, relative)
        with open(self.path, encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        self.blocks = []        # every fenced block, in order
        self.prose = []         # (line number, text) outside fenced blocks
        self._split()

    def _split(self):
        fence, info, start, body, marker, marker_line = None, "", 0, [], None, 0
        pending = None  # a marker waiting for its block
        for number, line in enumerate(self.lines, 1):
            if fence is None:
                m = FENCE.match(line)
                if m:
                    fence, info, start, body = m.group(1), m.group(2), number, []
                    marker, marker_line = pending if pending else (None, 0)
                    pending = None
                    continue
                mk = MARKER.match(line)
                if mk:
                    pending = ((mk.group(1), mk.group(2)), number)
                elif line.strip() and pending is not None:
                    pending = None  # a marker applies to the block right after it
                self.prose.append((number, line))
            elif line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
                self.blocks.append(Block(info, start, "\n".join(body) + ("\n" if body else ""), marker, marker_line))
                fence = None
            else:
                body.append(line)
        if fence is not None:
            self.blocks.append(Block(info, start, "\n".join(body) + "\n", marker, marker_line))

    def anchors(self):
        """GitHub's anchors of the headings, and explicit <a id=...> anchors."""
        seen, found = {}, set()
        for _, line in self.prose:
            for a in HTML_ANCHOR.findall(line):
                found.add(a)
            m = HEADING.match(line)
            if not m:
                continue
            slug = gbrtest.github_anchor(m.group(2))
            if slug in seen:
                seen[slug] += 1
                found.add("%s-%d" % (slug, seen[slug]))
            else:
                seen[slug] = 0
                found.add(slug)
        return found


class Checker:
    def __init__(self, args, root):
        self.root = os.path.abspath(root)
        self.include = os.path.join(os.path.abspath(args.root), "src", "include")
        self.build = os.path.abspath(args.build)
        self.gbr = os.path.abspath(args.gbr)
        self.cc, self.cflags = args.cc, args.cflags
        self.failures = []
        self.counts = {"files": 0, "links": 0, "paths": 0, "examples": 0}
        self.cache = {}
        self.history = None

    def fail(self, doc, line, message):
        self.failures.append("%s:%d: %s" % (doc.relative, line, message))

    def document(self, relative):
        if relative not in self.cache:
            self.cache[relative] = Document(self.root, relative)
        return self.cache[relative]

    # ---- (a) links --------------------------------------------------------

    def check_links(self, doc):
        for number, line in doc.prose:
            text = CODE_SPAN.sub("", line)
            targets = [m.group(1) for m in INLINE_LINK.finditer(text)]
            targets += [m.group(1) for m in REFERENCE_DEFINITION.finditer(text)]
            targets += HTML_LINK.findall(text)
            for target in targets:
                self.check_link(doc, number, target.strip("<>"))

    def check_link(self, doc, number, target):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            return  # http:, https:, mailto: ...
        self.counts["links"] += 1
        path, _, anchor = target.partition("#")
        path = urllib.parse.unquote(path)
        if path:
            here = os.path.dirname(doc.relative)
            relative = os.path.normpath(os.path.join(here, path))
            if relative.startswith(".."):
                self.fail(doc, number, "link %s: outside the repository" % target)
                return
            if not os.path.exists(os.path.join(self.root, relative)):
                self.fail(doc, number, "link %s: no such file" % target)
                return
        else:
            relative = doc.relative
        if anchor and relative.endswith(".md"):
            if anchor not in self.document(relative).anchors():
                self.fail(doc, number, "link %s: no heading with the anchor #%s in %s" % (target, anchor, relative))

    # ---- (b) paths named in the text -------------------------------------

    def check_paths(self, doc):
        for number, line in enumerate(doc.lines, 1):
            linked = {m.group(1).strip("<>") for m in INLINE_LINK.finditer(line)}
            line = re.sub(r"\]\([^)]*\)", "]", line)  # link targets: checked as links
            for m in PATH.finditer(line):
                if m.group(1).rstrip(".,:;") in linked:
                    continue  # a link's text naming its own target
                self.check_path(doc, number, m.group(1))

    def check_path(self, doc, number, named):
        named = named.rstrip(".,:;")
        self.counts["paths"] += 1
        pattern = re.sub(r"<[^<>]*>", "*", named)   # corpus/<harness>/ reads as corpus/*/
        is_pattern = pattern != named or "*" in named or "?" in named
        full = os.path.join(self.root, named)
        exists = bool(glob.glob(os.path.join(self.root, pattern))) if is_pattern else os.path.exists(full)
        if not exists and doc.relative == "CHANGELOG.md" and not is_pattern:
            exists = named.rstrip("/") in self.former_paths()
        if not exists:
            self.fail(doc, number, "path %s: no such file or folder" % named)

    def former_paths(self):
        """Every file git's history of HEAD has held, and its folders: the
        change log names files as they were when each release was written."""
        if self.history is None:
            p = subprocess.run(["git", "-C", self.root, "log", "--format=", "--name-only", "HEAD"],
                               capture_output=True, text=True)
            self.history = set()
            for name in p.stdout.splitlines() if p.returncode == 0 else []:
                while name and name not in self.history:
                    self.history.add(name)
                    name = os.path.dirname(name)
        return self.history

    # ---- (c) examples -----------------------------------------------------

    def scratch(self, parent):
        """A folder that reads like the repository root, and a bin/ for PATH."""
        work = os.path.join(parent, "work")
        bin_dir = os.path.join(parent, "bin")
        os.makedirs(work)
        os.makedirs(bin_dir)
        for entry in os.listdir(self.root):
            if entry in ("build", ".git") or entry.startswith("build-"):
                continue
            os.symlink(os.path.join(self.root, entry), os.path.join(work, entry))
        os.symlink(self.build, os.path.join(work, "build"))
        os.symlink(self.gbr, os.path.join(bin_dir, "gbr"))
        cc = shutil.which(self.cc) or self.cc
        with open(os.path.join(bin_dir, "cc"), "w") as f:
            f.write('#!/bin/sh\nexec %s "$@" %s\n' % (shlex_quote(cc), self.cflags))
        os.chmod(os.path.join(bin_dir, "cc"), 0o755)
        env = dict(os.environ)
        env.update({"PATH": bin_dir + os.pathsep + env.get("PATH", ""), "GBR_ROOT": self.root,
                    "PYTHONDONTWRITEBYTECODE": "1", "LC_ALL": "C"})
        return work, env

    def run_examples(self, doc):
        blocks = [b for b in doc.blocks if b.marker]
        if not blocks:
            return
        parent = tempfile.mkdtemp(prefix="gbr-docs-")
        try:
            work, env = self.scratch(parent)
            for i, block in enumerate(doc.blocks):
                if not block.marker:
                    continue
                kind, options = block.marker
                if kind == "file":
                    name = options.strip()
                    if not name or "/" in name:
                        self.fail(doc, block.marker_line, "file marker without a plain file name")
                        continue
                    target = os.path.join(work, name)
                    with open(target, "w") as f:
                        f.write(block.text)
                    if block.text.startswith("#!"):
                        os.chmod(target, os.stat(target).st_mode | stat.S_IXUSR)
                    continue
                expected = None
                if i + 1 < len(doc.blocks) and doc.blocks[i + 1].info == "text" and not doc.blocks[i + 1].marker \
                        and self.adjacent(doc, block, doc.blocks[i + 1]):
                    expected = doc.blocks[i + 1].text
                self.run_example(doc, block, options, expected, work, env, i)
        finally:
            shutil.rmtree(parent, ignore_errors=True)

    def adjacent(self, doc, block, following):
        """The text block follows the example with nothing but blank lines between."""
        end = block.line + block.text.count("\n") + 1
        return all(not doc.lines[n - 1].strip() for n in range(end + 1, following.line))

    def run_example(self, doc, block, options, expected, work, env, index):
        self.counts["examples"] += 1
        m = re.fullmatch(r"(?:exit=(\d+))?", options)
        if not m:
            self.fail(doc, block.marker_line, "check marker: unknown options %r" % options)
            return
        want_status = int(m.group(1) or 0)
        if block.info in ("sh", "shell", "bash"):
            command = ["sh", "-c", block.text]
        elif block.info == "python":
            script = os.path.join(work, ".example-%d.py" % index)
            with open(script, "w") as f:
                f.write(block.text)
            command = [sys.executable, script]
        elif block.info == "c":
            source = os.path.join(work, ".example-%d.c" % index)
            program = os.path.join(work, ".example-%d" % index)
            with open(source, "w") as f:
                f.write(block.text)
            compile_command = ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I",
                               self.include, "-o", program, source,
                               os.path.join(self.build, "src", "libgbr.a")]
            done = subprocess.run(compile_command, cwd=work, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=EXAMPLE_TIMEOUT)
            if done.returncode != 0:
                self.fail(doc, block.line, "C example does not compile:\n%s" % indent(
                    done.stdout.decode("utf-8", "replace")))
                return
            command = [program]
        else:
            self.fail(doc, block.line, "check marker before a ```%s block (sh, python or c)" % block.info)
            return
        try:
            done = subprocess.run(command, cwd=work, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=EXAMPLE_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.fail(doc, block.line, "example still running after %d s" % EXAMPLE_TIMEOUT)
            return
        output = done.stdout.decode("utf-8", "replace")
        if done.returncode != want_status:
            self.fail(doc, block.line, "example exited %d, not %d; its output:\n%s" % (
                done.returncode, want_status, indent(output)))
        elif expected is not None and output != expected:
            diff = difflib.unified_diff(expected.splitlines(), output.splitlines(), "documented", "got", lineterm="")
            self.fail(doc, block.line, "example's output differs from the text block after it:\n%s" % indent(
                "\n".join(diff)))

    # ---- all --------------------------------------------------------------

    def check(self, relative, run=True):
        doc = self.document(relative)
        self.counts["files"] += 1
        self.check_links(doc)
        self.check_paths(doc)
        if run:
            self.run_examples(doc)


def shlex_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def indent(text):
    lines = text.rstrip("\n").split("\n")
    if len(lines) > 40:
        lines = lines[:40] + ["... (%d more lines)" % (len(lines) - 40)]
    return "\n".join("    " + line for line in lines)


def documents(root, names):
    found = []
    for name in names or DEFAULT_DOCUMENTS:
        # Build folders (build/, build-asan/, ...) hold no documents of ours.
        matches = sorted(m for m in glob.glob(os.path.join(root, name))
                         if not os.path.relpath(m, root).startswith("build"))
        if not matches:
            sys.exit("check_docs.py: no document %s under %s" % (name, root))
        found += [os.path.relpath(m, root) for m in matches]
    return list(dict.fromkeys(found))  # docs/README.md matches two patterns: checked once


def run(args, root, names):
    checker = Checker(args, root)
    for relative in documents(root, names):
        checker.check(relative)
    return checker


def main():
    parser = argparse.ArgumentParser(description="Checks the links, paths and examples of the documents.")
    parser.add_argument("--root", required=True, help="the repository root")
    parser.add_argument("--build", required=True, help="the build folder (build/ in the examples)")
    parser.add_argument("--gbr", required=True, help="the built gbr")
    parser.add_argument("--cc", default="cc", help="the C compiler of the C examples")
    parser.add_argument("--cflags", default="", help="flags added to every cc command (e.g. sanitizers)")
    parser.add_argument("--self-test", action="store_true", help="check the checker on docs/tests/fixture/")
    parser.add_argument("documents", nargs="*", help="documents relative to the root (default: %s)" %
                        " ".join(DEFAULT_DOCUMENTS))
    args = parser.parse_args()
    if args.self_test:
        fixture = os.path.join(os.path.abspath(args.root), "docs", "tests", "fixture")
        checker = run(args, fixture, ["README.md", "docs/*.md", "*/README.md"])
        # Only the first line of each failure: the rest is its diff or output.
        got = [f.split("\n")[0] for f in checker.failures]
        with open(os.path.join(fixture, "expected-failures.txt")) as f:
            want = [line for line in f.read().split("\n") if line and not line.startswith("#")]
        if not gbrtest.reported_exactly(got, want):
            print("self-test failed: the fixture's failures were not exactly the expected ones")
            print("all it reported:\n" + indent("\n".join(checker.failures)))
            return 1
        print("self-test passed: the checker reports exactly the %d expected failures of the fixture" % len(want))
        return 0
    checker = run(args, os.path.abspath(args.root), args.documents)
    for failure in checker.failures:
        print(failure)
    c = checker.counts
    print("%d documents: %d links, %d paths, %d examples checked; %d failures" % (
        c["files"], c["links"], c["paths"], c["examples"], len(checker.failures)))
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks that each rule of spec/gbr.md links its checked examples and each
section of examples links back to its rule (section 12, "Checked examples"):

  - every section 12.N (and 12.11.N) is the target of a link from a rule
    section (sections 1 to 11);
  - every section 12.N holds a link to a rule section;
  - every link to an anchor names a heading of the file (GitHub's anchors).

Prints one line a problem and a summary; exit status 0 when there is none,
1 otherwise, 2 on a usage error.

usage: check_example_links.py SPEC
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testsupport"))
import gbrtest  # noqa: E402

if len(sys.argv) != 2:
    sys.exit("usage: check_example_links.py SPEC")
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
anchors = {}      # anchor -> section number
section_of = []   # line index -> section number ("" before the first)
current, fence = "", False
for line in lines:
    if line.startswith("```"):
        fence = not fence
    m = None if fence else re.match(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", line)
    if m:
        current = m.group(1)
    elif not fence and line.startswith("## "):
        current = "appendix"
    if not fence and re.match(r"^#{1,6} ", line):
        anchors.setdefault(gbrtest.github_anchor(line.lstrip("#").strip()), current)
    section_of.append(current)

problems = []
linked_from_rules = set()
links_back = {}
for i, line in enumerate(lines):
    for anchor in re.findall(r"\]\(#([^)]+)\)", line):
        target = anchors.get(anchor)
        if target is None:
            if anchor != "change-log":
                problems.append("%s:%d: link #%s: no such heading" % (sys.argv[1], i + 1, anchor))
            continue
        here = section_of[i]
        top = here.split(".")[0]
        if target.startswith("12.") and top.isdigit() and int(top) <= 11:
            linked_from_rules.add(target)
        if here.startswith("12.") and not target.startswith("12"):
            key = ".".join(here.split(".")[:2])
            links_back[key] = links_back.get(key, 0) + 1

examples = sorted({s for s in anchors.values() if s.startswith("12.")},
                  key=lambda s: [int(x) for x in s.split(".")])
for s in examples:
    if s not in linked_from_rules:
        problems.append("%s: no rule links section %s's examples" % (sys.argv[1], s))
    if s.count(".") == 1 and not links_back.get(s):
        problems.append("%s: section %s does not link its rule" % (sys.argv[1], s))
if not examples:
    problems.append("%s: no section 12.N of checked examples" % sys.argv[1])
for p in problems:
    print(p)
print("%d example sections: %d linked from their rules, %d linking back; %d problem(s)"
      % (len(examples), len(linked_from_rules), len(links_back), len(problems)))
sys.exit(1 if problems else 0)

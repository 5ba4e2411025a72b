#!/usr/bin/env python3
"""`gbr directory --format html` in a real browser: headless Chromium loads
the page of the bundled sample, runs its script and prints the DOM
(--dump-dom); the filter is driven through the address's fragment
(#filter=WORDS), which the page reads. Checked in the DOM: the classes and
entries shown, one entry's diagram square by square, the count line, the
mark on the one entry whose code tag disagrees with its FEN, and what each
filter leaves shown. A screenshot of the page is kept in WORK_DIR
(directory.png) as the test's artefact.

Exits 77 (skipped, with the reason printed) when chromium is not installed.

usage: directory_browser.py GBR WORK_DIR
"""
import html.parser
import os
import shutil
import subprocess
import sys

GBR, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
failures = []

browser = shutil.which("chromium") or shutil.which("chromium-browser")
if not browser:
    print("skipped: chromium is not installed (Debian: apt-get install -y chromium)")
    sys.exit(77)


def expect(name, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (name, got, want))


page = os.path.join(WORK, "studies.html")
p = subprocess.run([GBR, "directory", "--format", "html", "-o", page, "src/cli/examples/studies.pgn"],
                   cwd=ROOT, capture_output=True)
expect("gbr exit (the sample has a broken FEN)", p.returncode, 1)

# The flags keep a headless run off the network (no background requests).
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--user-data-dir=" + os.path.join(WORK, "profile")]


def run_browser(*args):
    return subprocess.run([browser, *FLAGS, *args], capture_output=True, timeout=120)


class Dom(html.parser.HTMLParser):
    """What the test reads off the DOM: classes and entries with whether they
    are hidden, each entry's squares, the text of #shown."""

    def __init__(self):
        super().__init__()
        self.classes, self.entries, self.stack = [], [], []
        self.shown, self.in_shown, self.square = "", False, None
        self.in_mismatch = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "section" and "class" in cls:
            self.classes.append({"id": a.get("id"), "hidden": "hidden" in a})
        if tag == "li" and "entry" in cls:
            self.entries.append({"hidden": "hidden" in a, "squares": {}, "text": "", "mismatch": None})
        if tag == "span" and "mismatch" in cls and self.entries:
            self.in_mismatch = True
            self.entries[-1]["mismatch"] = ""
        if tag == "span" and "sq" in cls and self.entries:
            self.square = a.get("data-square")
            self.entries[-1]["squares"][self.square] = ""
        if tag == "p" and a.get("id") == "shown":
            self.in_shown = True

    def handle_endtag(self, tag):
        if tag == "span":
            self.square = None
            self.in_mismatch = False
        if tag == "p":
            self.in_shown = False

    def handle_data(self, data):
        if self.in_mismatch:
            self.entries[-1]["mismatch"] += data
        if self.in_shown:
            self.shown += data
        if self.square and self.entries:
            self.entries[-1]["squares"][self.square] += data
        elif self.entries:
            self.entries[-1]["text"] += data


def load(fragment=""):
    url = "file://" + page + fragment
    r = run_browser("--dump-dom", url)
    if r.returncode != 0 or b"</html>" not in r.stdout:
        failures.append("chromium --dump-dom %s: exit %d, stderr %s" % (url, r.returncode, r.stderr[-400:]))
        return Dom()
    dom = Dom()
    dom.feed(r.stdout.decode("utf-8"))
    return dom


def visible(items):
    return [i for i in items if not i["hidden"]]


dom = load()
expect("classes", len(dom.classes), 20)
expect("classes shown", len(visible(dom.classes)), 20)
expect("entries", len(dom.entries), 23)
expect("entries shown", len(visible(dom.entries)), 23)
expect("count line (written by the script)", dom.shown, "23 of 23 entries shown")
# A. Vellmar's study, +0103.00c1c3: white king c1, rook a1; black king c3, knight h1.
vellmar = [e for e in dom.entries if "A. Vellmar" in e["text"]]
expect("one entry of A. Vellmar", len(vellmar), 1)
if vellmar:
    squares = vellmar[0]["squares"]
    expect("diagram has 64 squares", len(squares), 64)
    men = {s: g for s, g in squares.items() if g}
    expect("diagram men", men, {"c1": "\u2654", "a1": "\u2656", "c3": "\u265a", "h1": "\u265e"})

# The wrong [Black] code of I. Renwick's study (game 9) is marked on its
# entry, and only there.
flagged = [(e["text"], e["mismatch"]) for e in dom.entries if e["mismatch"] is not None]
expect("entries marked", len(flagged), 1)
if flagged:
    expect("marked entry", "I. Renwick" in flagged[0][0], True)
    expect("mark", flagged[0][1], "\u26a0 Black tag says +0300.10a1a3, FEN gives +0400.10a1a3")

for fragment, want_entries, want_classes, who in (
        ("#filter=1952", 1, 1, "C. Halloway"),
        ("#filter=KQPvK", 2, 1, "E. Lindqvist"),
        ("#filter=harbour%201990", 1, 1, "L. Brennagh"),
        ("#filter=0011.01", 2, 1, "C. Halloway"),
        ("#filter=no-such-composer", 0, 0, None)):
    dom = load(fragment)
    shown = visible(dom.entries)
    expect("%s: entries shown" % fragment, len(shown), want_entries)
    expect("%s: classes shown" % fragment, len(visible(dom.classes)), want_classes)
    expect("%s: count line" % fragment, dom.shown, "%d of 23 entries shown" % want_entries)
    if who:
        expect("%s: shows %s" % (fragment, who), any(who in e["text"] for e in shown), True)

shot = os.path.join(WORK, "directory.png")
if os.path.exists(shot):
    os.remove(shot)
r = run_browser("--screenshot=" + shot, "--window-size=1000,760", "--hide-scrollbars", "file://" + page)
expect("screenshot written", os.path.exists(shot) and open(shot, "rb").read(8) == b"\x89PNG\r\n\x1a\n", True)

if failures:
    print("FAIL directory_browser:\n" + "\n".join(failures))
    sys.exit(1)
print("directory_browser: ok (chromium %s); screenshot %s" % (browser, shot))

#!/usr/bin/env python3
"""The spec site in a real browser: headless Chromium opens the pages from
files (file://, no server, no network) and prints the DOM after the page's
script ran (--dump-dom); the page is driven through the address's fragment
(#run-all, #box=TEXT, #clicks=PIECE@SQUARE,...,side:b,stip:win), which
dispatches clicks to the page's own buttons and squares. Checked:

- gbr.html: every checked example of spec/gbr.md §12 (counted here from the
  Markdown) and every expectation-table cell vector (counted from the JSON
  vectors) runs through the WebAssembly module and agrees;
- query.html: every checked example of spec/query.md agrees;
- the box: an invalid text (one with a two-byte UTF-8 character before the
  error) gives the error class and byte column the native `gbr conform
  --answer check` gives, with the character at that byte marked; a valid FEN
  gives every form as the native library does;
- the board: a position set up by clicks shows the material code, study
  code, position form, name and FEN the native library gives for it.

A screenshot of the page is kept in WORK_DIR (site.png). Exits 77 (skipped,
with the reason) without chromium or without the built site.

usage: site_browser.py GBR SITE_DIR WORK_DIR
"""
import html.parser
import json
import os
import re
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402

GBR, SITE, WORK = gbrtest.arguments("GBR", "SITE", "WORK")
ROOT = gbrtest.ROOT

browser = gbrtest.chromium()
if not os.path.exists(os.path.join(SITE, "gbr.html")):
    print("skipped: the site was not built (needs the WebAssembly module and cmark-gfm)")
    sys.exit(77)


FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--virtual-time-budget=10000", "--user-data-dir=" + os.path.join(WORK, "profile")]


def run_browser(*args):
    return subprocess.run([browser, *FLAGS, *args], capture_output=True, timeout=300)


def native(operation, text):
    """The native library's answer line (gbr conform --answer)."""
    p = subprocess.run([GBR, "conform", "--answer", operation], input=text.encode("utf-8"), capture_output=True)
    return p.stdout.decode("utf-8").strip()


class Dom(html.parser.HTMLParser):
    """Attributes of elements with an id, the text inside #verdict's parts,
    the rows of the #forms and #codes tables, the board's squares."""

    def __init__(self):
        super().__init__()
        self.ids, self.tables, self.squares = {}, {"forms": [], "codes": []}, {}
        self.stack, self.texts = [], {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids[a["id"]] = a
        if "data-square" in a:
            self.squares[a["data-square"]] = a.get("data-piece", "")
        where = a.get("id") or ("mark" if tag == "mark" else None)
        if tag == "span" and "bad" in a.get("class", ""):
            self.ids["bad"] = a
            where = "bad"
        if tag == "code" and a.get("class") == "canonical":
            where = "canonical"
        if tag == "tr" and self.stack and self.stack[-1][1] in self.tables:
            self.tables[self.stack[-1][1]].append([])
        self.stack.append((tag, where or (self.stack[-1][1] if self.stack else None)))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not self.stack:
            return
        where = self.stack[-1][1]
        self.texts[where] = self.texts.get(where, "") + data
        if where in self.tables and self.stack[-1][0] in ("th", "code") and self.tables[where]:
            self.tables[where][-1].append(data)


def load(page, fragment):
    url = "file://" + os.path.abspath(os.path.join(SITE, page)) + "#" + fragment
    r = run_browser("--dump-dom", url)
    if r.returncode != 0 or b"</html>" not in r.stdout:
        failures.append("chromium --dump-dom %s: exit %d, stderr %s" % (url, r.returncode, r.stderr[-400:]))
        return Dom()
    dom = Dom()
    dom.feed(r.stdout.decode("utf-8"))
    return dom


# 1. Every example and cell vector of the GBR page, then of the query page.
examples = len(re.findall(r"^```example ", open(os.path.join(ROOT, "spec", "gbr.md"), encoding="utf-8").read(), re.M))
cells = 0
for name in os.listdir(os.path.join(ROOT, "spec", "vectors", "json")):
    doc = json.load(open(os.path.join(ROOT, "spec", "vectors", "json", name), encoding="utf-8"))
    cells += sum(1 for t in doc["tests"] if t["id"].startswith("n_cell_"))
dom = load("gbr.html", "run-all")
result = dom.ids.get("all-result", {})
expect("gbr.html: examples run", result.get("data-examples"), str(examples))
expect("gbr.html: examples agreeing", result.get("data-agree"), str(examples))
expect("gbr.html: cell vectors run", result.get("data-cells"), str(cells))
expect("gbr.html: cell vectors agreeing", result.get("data-cells-agree"), str(cells))
expect("gbr.html: status line", dom.texts.get("status", "").startswith("libgbr "), True)

queries = len(re.findall(r"^```query", open(os.path.join(ROOT, "spec", "query.md"), encoding="utf-8").read(), re.M))
dom = load("query.html", "run-all")
result = dom.ids.get("all-result", {})
expect("query.html: examples run", result.get("data-examples"), str(queries))
expect("query.html: examples agreeing", result.get("data-agree"), str(queries))

# 2. The box: invalid texts, the error's byte column and the marked byte.
for text in ("a7d3 0116.00 b2b3c6 3/3+.", "e1e8 0400.00 a1b8 2/2=.\u00e9", "4k3/8/8/8/\u00e9/8/8/4K2R w - - 0 1"):
    want = native("check", text).split()
    dom = load("gbr.html", "box=" + urllib.parse.quote(text))
    bad = dom.ids.get("bad", {})
    expect("box %r: error class" % text, bad.get("data-class"), want[1])
    expect("box %r: byte column" % text, bad.get("data-column"), want[2])
    at = int(want[2]) - 1
    b = text.encode("utf-8")
    end = at + 1
    while end < len(b) and b[end] & 0xC0 == 0x80:
        end += 1
    expect("box %r: the marked byte's character" % text, dom.texts.get("mark"), b[at:end].decode("utf-8") if at < len(b) else "(end)")

# A valid FEN: its canonical text and every form, as the native library.
fen = "8/8/8/4k3/8/8/1PN5/4K3 b - - 0 1"
dom = load("gbr.html", "box=" + urllib.parse.quote(fen))
expect("box FEN: canonical", dom.texts.get("canonical"), native("check", fen).split(" ", 1)[1])
want = [["material code", native("fen-material", fen)], ["material name", native("material-name", native("fen-material", fen))]]
for result, suffix in (("", ""), ("win", " (win)"), ("draw", " (draw)")):
    op = "-" + result if result else ""
    want.append(["study code" + suffix, native("fen-study" + op, fen)])
    want.append(["position form" + suffix, native("fen-position" + op, fen)])
expect("box FEN: every form", dom.tables["forms"], want)
expect("box FEN: the board shows it", {s: p for s, p in dom.squares.items() if p}, {"e5": "k", "b2": "P", "c2": "N", "e1": "K"})

# 3. The board: a position set up by clicks.
clicks = "K@g1,k@h8,Q@d4,R@a1,P@g2,P@h2,p@h7,b@c8,x@a1,R@f1,side:b,stip:win"
dom = load("gbr.html", "clicks=" + clicks)
fen = "2b4k/7p/8/8/3Q4/8/6PP/5RK1 b - - 0 1"
expect("board: the squares clicked", {s: p for s, p in dom.squares.items() if p},
       {"g1": "K", "h8": "k", "d4": "Q", "f1": "R", "g2": "P", "h2": "P", "h7": "p", "c8": "b"})
expect("board: codes shown", dom.tables["codes"], [
    ["material code", native("fen-material", fen)],
    ["study code", native("fen-study-win", fen)],
    ["position form", native("fen-position-win", fen)],
    ["material name", native("material-name", native("fen-material", fen))],
    ["FEN", fen]])

shot = os.path.join(WORK, "site.png")
if os.path.exists(shot):
    os.remove(shot)
run_browser("--screenshot=" + shot, "--window-size=1200,900", "--hide-scrollbars",
            "file://" + os.path.abspath(os.path.join(SITE, "gbr.html")) + "#clicks=" + clicks + "&box=" +
            urllib.parse.quote("a7d3 0116.00 b2b3c6 3/3+."))
expect("screenshot written", os.path.exists(shot) and open(shot, "rb").read(8) == b"\x89PNG\r\n\x1a\n", True)

gbrtest.finish("site_browser (chromium %s): %d + %d examples and %d cell vectors in the page; screenshot %s"
              % (browser, examples, queries, cells, shot))

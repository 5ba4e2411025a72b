#!/usr/bin/env python3
"""The HTML directory of 100,000 generated studies in headless Chromium
(testsupport/gbrtest/devtools.py; what it reads off the page is page_measure.py's, which
bench/bench_page.sh prints as figures):

- scrolled from the top to the bottom and back to the top, STEP pixels at a
  time (default 50,000: the page is about 15 million pixels tall), a frame
  drawn at each step: the document stays under 15,000 elements and the heap
  (JavaScript and DOM) under 400 MB, and both ends were reached; back at
  the top, after a garbage collection, the heap is within 50 MB of what it
  was at load after one (the page keeps nothing of what it drew);
- at the bottom the last entry is drawn, its diagram the data's; back at
  the top the first one;
- a filter typed key by key into the box (as a keyboard types): the count
  line and the table of contents say what the same filter computed here
  keeps, and every entry drawn holds the words; the time of each key is
  printed, never held to a limit (the machine's load decides it).

Exits 77 (skipped, with the reason printed) when chromium is not installed.

usage: directory_scroll.py GBR WORK_DIR [STEP]
"""
import json
import os
import subprocess
import sys
import unicodedata

import page_measure

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402
from gbrtest.devtools import Browser  # noqa: E402

GBR, WORK = gbrtest.arguments("GBR", "WORK")
STEP = int(sys.argv[3]) if len(sys.argv) > 3 else 50000
ROOT = gbrtest.ROOT
MOST_ELEMENTS, MOST_HEAP = 15000, 400 * 10 ** 6
browser = gbrtest.chromium()

pgn = os.path.join(WORK, "studies100k.pgn")
page = os.path.join(WORK, "studies100k.html")
if not os.path.exists(pgn):
    subprocess.run([sys.executable, os.path.join(ROOT, "src", "cli", "tests", "gen", "gen_pgn.py"), "--studies",
                    "--games", "100000", "--seed", "1", "--out", pgn + ".tmp"], check=True)
    os.rename(pgn + ".tmp", pgn)
p = subprocess.run([GBR, "directory", "--format", "html", "-o", page, pgn], capture_output=True)
expect("gbr exit", p.returncode, 0)
text = open(page, encoding="utf-8").read()
start = text.index('id="gbr-data">') + len('id="gbr-data">')
data = json.loads(text[start:text.index("</script>", start)])
classes = data["classes"]
expect("entries in the data", sum(len(c[3]) for c in classes), 100000)

GLYPHS = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "N": "\u2658", "P": "\u2659",
          "k": "\u265a", "q": "\u265b", "r": "\u265c", "b": "\u265d", "n": "\u265e", "p": "\u265f\ufe0e"}

# The entries drawn: their position forms and the men on their diagrams.
DRAWN = """Array.from(document.querySelectorAll('li.entry')).map(li => [
  li.querySelector('.position').textContent,
  Object.fromEntries(Array.from(li.querySelectorAll('.sq')).filter(s => s.textContent)
    .map(s => [s.dataset.square, s.textContent]))])"""


def men(entry):
    m = entry[5]
    return {m[i + 1:i + 3]: GLYPHS[m[i]] for i in range(0, len(m), 3)}


def check_drawn(b, entry, where):
    drawn = {position: squares for position, squares in b.evaluate(DRAWN)}
    expect("%s: entry %s drawn" % (where, entry[1]), entry[1] in drawn, True)
    if entry[1] in drawn:
        expect("%s: its diagram" % where, drawn[entry[1]], men(entry))


def fold(s):
    s = unicodedata.normalize("NFD", s.lower())
    return "".join(ch for ch in s if not unicodedata.combining(ch))


with Browser(browser, os.path.join(WORK, "profile"), width=1000, height=760, timeout=600) as b:
    b.open("file://" + page)
    b.evaluate(page_measure.NEXT_FRAME)
    at_load = page_measure.elements(b), page_measure.heap(b)
    kept_at_load = page_measure.heap_collected(b)
    check_drawn(b, classes[0][3][0], "at load")

    most_elements, most_heap, steps, whole = page_measure.scroll(b, STEP, limit=MOST_ELEMENTS)
    print("scroll: %d steps of %d px; elements %d at load, at most %d; heap %.1f MB at load, at most %.1f MB"
          % (steps, STEP, at_load[0], most_elements, at_load[1] / 1e6, most_heap / 1e6))
    expect("elements at most while scrolling (limit %d)" % MOST_ELEMENTS, most_elements <= MOST_ELEMENTS, True)
    expect("heap at most while scrolling, MB (limit %d)" % (MOST_HEAP // 10 ** 6),
           most_heap <= MOST_HEAP or round(most_heap / 1e6), True)
    expect("scrolled to the bottom and back to the top", whole, True)
    expect("back at the top", b.evaluate("window.scrollY"), 0)
    kept = page_measure.heap_collected(b)
    print("heap after a garbage collection: %.1f MB at load, %.1f MB back at the top" % (kept_at_load / 1e6, kept / 1e6))
    expect("heap kept back at the top, MB (at load %.1f, at most 50 more)" % (kept_at_load / 1e6),
           kept <= kept_at_load + 50 * 10 ** 6 or round(kept / 1e6), True)
    check_drawn(b, classes[0][3][0], "back at the top")
    b.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    for _ in range(3):
        b.evaluate(page_measure.NEXT_FRAME)
    check_drawn(b, classes[-1][3][-1], "at the bottom")
    b.evaluate("window.scrollTo(0, 0)")
    b.evaluate(page_measure.NEXT_FRAME)

    # The filter, typed: the same filter computed here on the data.
    words = "fenwick 19"
    keys = page_measure.type_keys(b, words)
    want, want_classes = 0, []
    for c in classes:
        head = c[0] + " " + c[1].lower()
        kept = sum(all(w in head or w in fold(" ".join(e[:5]) + (" " + e[10] if len(e) > 10 else ""))
                       for w in words.split()) for e in c[3])
        want += kept
        if kept:
            want_classes.append(c[0])
    expect("filter %r finds some" % words, 0 < want < 100000, True)
    expect("filter %r: count line" % words, b.evaluate("document.getElementById('shown').textContent"),
           "%d of 100000 entries shown" % want)
    toc = b.evaluate("Array.from(document.querySelectorAll('#toc li a[href^=\"#c\"]')).map(a => a.hash.slice(2))")
    expect("filter %r: the table of contents begins with the classes kept" % words,
           toc and toc == want_classes[:len(toc)], True)
    drawn = b.evaluate("Array.from(document.querySelectorAll('li.entry .info')).map(i => i.textContent)")
    expect("filter %r: entries drawn, each holding the words (those that do not)" % words,
           (bool(drawn), [t for t in drawn if not all(w in fold(t) for w in words.split())]), (True, []))
    print("filter %r typed: keydown to next frame, ms: %s (median %.1f); longest frame while working, ms: %s"
          % (words, [round(k[1], 1) for k in keys], page_measure.median([k[1] for k in keys]),
             [round(k[2], 1) for k in keys]))

gbrtest.finish("directory_scroll (chromium %s)" % browser)

#!/usr/bin/env python3
"""The directory page in headless Chromium, driven over the DevTools
protocol (for bench/bench_page.sh): the document's elements and the heap
(JavaScript and DOM) at load and at most while the page is scrolled from
top to bottom and back, STEP pixels at a time; then a filter typed key by
key, RUNS times: per key the time from its keydown to the next frame, and
the longest frame interval while the page works. What is read, and how, is
src/cli/tests/directory/page_measure.py's, which the test directory_scroll
holds to its limits; here only figures are printed.

usage: bench_page_scroll.py PAGE PROFILE_DIR [STEP] [RUNS] [WORDS]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "cli", "tests", "directory"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testsupport"))
from gbrtest.devtools import Browser  # noqa: E402
import page_measure  # noqa: E402

page, profile = sys.argv[1], sys.argv[2]
step = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
words = sys.argv[5] if len(sys.argv) > 5 else "fenwick"
browser = "/usr/bin/chromium"
for name in ("chromium", "chromium-browser"):
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if os.access(os.path.join(folder, name), os.X_OK):
            browser = os.path.join(folder, name)
            break

with Browser(browser, profile, width=1000, height=760, timeout=1200) as b:
    b.open("file://" + page)
    b.evaluate(page_measure.NEXT_FRAME)
    elements, heap = page_measure.elements(b), page_measure.heap(b)
    most_elements, most_heap, steps, whole = page_measure.scroll(b, step)
    after = page_measure.elements(b), page_measure.heap(b)
    print("scroll: %d steps of %d px, top to bottom and back%s" % (steps, step, "" if whole else " (not whole)"))
    print("| figure | at load | at most while scrolling | back at the top |")
    print("|---|---|---|---|")
    print("| elements in the document | %d | %d | %d |" % (elements, most_elements, after[0]))
    print("| heap in use (JS and DOM) | %.1f MB | %.1f MB | %.1f MB |" % (heap / 1e6, most_heap / 1e6, after[1] / 1e6))
    frames, longest = [], []
    for run in range(runs):
        b.open("file://" + page)
        b.evaluate(page_measure.NEXT_FRAME)
        keys = page_measure.type_keys(b, words)
        frames += [k[1] for k in keys]
        longest += [k[2] for k in keys]
        print("run %d: keydown to next frame, ms: %s; longest frame interval while working, ms: %s"
              % (run + 1, [round(k[1], 1) for k in keys], [round(k[2], 1) for k in keys]))
    print("filter %r typed, %d keys: keydown to next frame median %.1f ms (target < 50 ms), longest frame interval "
          "median %.1f ms, most %.1f ms" % (words, len(frames), page_measure.median(frames), page_measure.median(longest),
                                            max(longest)))

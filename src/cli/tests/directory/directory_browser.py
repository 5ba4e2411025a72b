#!/usr/bin/env python3
"""`gbr directory --format html` in a real browser: headless Chromium, driven
over the DevTools protocol (testsupport/gbrtest/devtools.py), loads the pages, runs their
script, and the test reads the live DOM and its boxes.

- The bundled sample: classes and entries shown, one entry's diagram square
  by square, the count line, the mark on the entry whose code tag disagrees
  with its FEN, what each filter (#filter=WORDS) leaves shown, the legend of
  the indicators, the side-to-move mark beside each diagram (at the foot for
  White, at the head for Black), and a screenshot (WORK_DIR/directory.png,
  the picture docs/directory.png is taken from).
- A page written here: accented UTF-8 tags that the filter finds typed
  without their accents; the longest class name (the start position's),
  whose entry in the table of contents must stay in its own box (no
  overlap); its position form, which wraps between squares, never inside a
  square name.
- 10,000 generated studies: their Latin-1 composers and sources in the
  page's data as UTF-8 text, the page draws only what is near the window,
  the count line, filters against the same filters computed here (names
  typed without their accents found, and drawn with them), a jump to
  the last class from the table of contents, and a scroll to the end, where
  the last entry's diagram is the data's.
- The --split-by letter index of those studies: each class's item, its
  ordinal and its count inside its own box, and its filter (the classes
  and parts shown against the same filter computed here).

Exits 77 (skipped, with the reason printed) when chromium is not installed.

usage: directory_browser.py GBR WORK_DIR
"""
import json
import os
import re
import subprocess
import sys
import unicodedata


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402
from gbrtest.devtools import Browser  # noqa: E402

GBR, WORK = gbrtest.arguments("GBR", "WORK")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = gbrtest.ROOT

browser = gbrtest.chromium()


def write_page(name, *inputs, status=0):
    page = os.path.join(WORK, name)
    p = subprocess.run([GBR, "directory", "--format", "html", "-o", page, *inputs], cwd=ROOT, capture_output=True)
    expect("gbr exit for %s" % name, p.returncode, status)
    return page


def page_data(page):
    text = open(page, encoding="utf-8", errors="replace").read()
    start = text.index('id="gbr-data">') + len('id="gbr-data">')
    return json.loads(text[start:text.index("</script>", start)])


# What the test reads off a page: the entries drawn (hidden or not), each
# with its text, squares and marks; classes drawn; the count line.
READ = """(() => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    shown: document.getElementById('shown').textContent,
    toc: Array.from(document.querySelectorAll('#toc li')).map(li => li.textContent),
    classes: Array.from(document.querySelectorAll('#list h2[id^="c"]')).map(h => h.id),
    entries: Array.from(document.querySelectorAll('li.entry')).map(li => ({
      text: li.querySelector('.info').textContent,
      position: li.querySelector('.position').textContent,
      squares: Object.fromEntries(Array.from(li.querySelectorAll('.sq')).map(s => [s.dataset.square, s.textContent])),
      mismatch: li.querySelector('.mismatch') ? li.querySelector('.mismatch').textContent : null,
      stm: li.querySelector('.stm') ? li.querySelector('.stm').className : null,
      stmBox: li.querySelector('.stm') ? box(li.querySelector('.stm')) : null,
      boardBox: box(li.querySelector('.board')),
    })),
  };
})()"""

# Every square name inside a position form, and how many line boxes each
# one takes (1: not split across lines).
SQUARE_LINES = """Array.from(document.querySelectorAll('.position')).flatMap(span => {
  const out = [];
  const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.textContent.matchAll(/[a-h][1-8]/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + 2);
      out.push([m[0], range.getClientRects().length]);
    }
  }
  return out;
})"""

# The table of contents' entries in its window (the lists far from it are
# not drawn yet): each one's box and its text's box; the text
# must stay inside its own box, and no two texts may meet.
TOC_BOXES = """Array.from(document.querySelectorAll('#toc li')).filter(li => {
  const r = li.getBoundingClientRect(), w = document.getElementById('toc').getBoundingClientRect();
  return r.bottom > w.top && r.top < w.bottom;
}).map(li => {
  const r = li.getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(li);
  const t = range.getBoundingClientRect();
  const w = document.getElementById('toc').getBoundingClientRect();
  return {text: li.textContent, box: [r.left, r.top, r.right, r.bottom], content: [t.left, t.top, t.right, t.bottom],
          window: [w.left, w.right], ordinal: li.querySelector('.n') ? li.querySelector('.n').textContent : null};
})"""

NEXT_FRAME = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def check_toc(b, name):
    items = b.evaluate(TOC_BOXES)
    if not items:
        failures.append("%s: table of contents: no entry in its window" % name)
    for i in items:
        (l, t, r, bo), (cl, ct, cr, cb) = i["box"], i["content"]
        if cl < l - 0.5 or cr > r + 0.5:
            failures.append("%s: table of contents: %r runs out of its box (%.1f-%.1f outside %.1f-%.1f)"
                            % (name, i["text"], cl, cr, l, r))
        # The ordinal is text of the item, inside the box's window (an
        # outside marker was clipped there: "3." for 13).
        numbered = not i["text"].startswith("could not classify")
        if numbered and not (i["ordinal"] or "").endswith(".") or cl < i["window"][0] - 0.5:
            failures.append("%s: table of contents: the ordinal of %r is not whole in the box (%r at %.1f, box from %.1f)"
                            % (name, i["text"], i["ordinal"], cl, i["window"][0]))
    for a in range(len(items)):
        for c in range(a + 1, min(len(items), a + 8)):
            (l1, t1, r1, b1), (l2, t2, r2, b2) = items[a]["content"], items[c]["content"]
            if l1 < r2 - 0.5 and l2 < r1 - 0.5 and t1 < b2 - 0.5 and t2 < b1 - 0.5:
                failures.append("%s: table of contents: %r overlaps %r" % (name, items[a]["text"], items[c]["text"]))
    return items


def check_marks(entries, name):
    """The side-to-move mark: black at the board's head for -+, -= and BTM,
    white at its foot otherwise; right of the board."""
    for e in entries:
        black = e["position"].endswith(("-+.", "-=.", " BTM."))
        expect("%s: %s: mark" % (name, e["position"]), e["stm"], "stm b" if black else "stm w")
        if e["stmBox"]:
            l, t, r, bo = e["boardBox"]
            ml, mt, mr, mb = e["stmBox"]
            middle = (t + bo) / 2
            where = (ml >= r - 0.5, mb <= middle if black else mt >= middle)
            expect("%s: %s: mark right of the board, at its %s" % (name, e["position"], "head" if black else "foot"),
                   where, (True, True))


def read_all(b):
    """Scrolls through the page a window at a time and reads it at each
    (the page empties the blocks that leave the window): every entry and
    class drawn on the way, each once."""
    height = b.evaluate("document.documentElement.scrollHeight")
    y, dom, seen = 0, None, set()
    while y < height:
        b.evaluate("window.scrollTo(0, %d)" % y)
        b.evaluate(NEXT_FRAME)
        now = b.evaluate(READ)
        if dom is None:
            dom = dict(now, entries=[], classes=[])
        dom["classes"] += [c for c in now["classes"] if c not in dom["classes"]]
        for e in now["entries"]:
            if (e["text"], e["position"]) not in seen:
                seen.add((e["text"], e["position"]))
                dom["entries"].append(e)
        y += b.evaluate("innerHeight")
        height = b.evaluate("document.documentElement.scrollHeight")
    b.evaluate("window.scrollTo(0, 0)")
    return dom


def fold(s):
    s = unicodedata.normalize("NFD", s.lower())
    return "".join(ch for ch in s if not unicodedata.combining(ch))


profile = os.path.join(WORK, "profile")
with Browser(browser, profile, width=1000, height=760) as b:
    # The bundled sample.
    sample = write_page("studies.html", "src/cli/examples/studies.pgn", status=1)
    b.open("file://" + sample)
    dom = read_all(b)
    expect("sample: classes in the table of contents", len(dom["toc"]), 21)  # and "could not classify"
    expect("sample: classes drawn", len(dom["classes"]), 20)
    expect("sample: entries drawn", len(dom["entries"]), 23)
    expect("sample: count line", dom["shown"], "23 of 23 entries shown")
    vellmar = [e for e in dom["entries"] if "A. Vellmar" in e["text"]]
    expect("sample: one entry of A. Vellmar", len(vellmar), 1)
    if vellmar:
        squares = vellmar[0]["squares"]
        expect("sample: diagram has 64 squares", len(squares), 64)
        expect("sample: diagram men", {s: g for s, g in squares.items() if g},
               {"c1": "\u2654", "a1": "\u2656", "c3": "\u265a", "h1": "\u265e"})
    flagged = [(e["text"], e["mismatch"]) for e in dom["entries"] if e["mismatch"] is not None]
    expect("sample: entries marked", len(flagged), 1)
    if flagged:
        expect("sample: marked entry", "I. Renwick" in flagged[0][0], True)
        expect("sample: mark", flagged[0][1], "\u26a0 Black tag says +0300.10a1a3, FEN gives +0400.10a1a3")
    check_marks(dom["entries"], "sample")
    expect("sample: black-to-move entries", sorted(e["position"] for e in dom["entries"] if e["stm"] == "stm b"),
           ["b1b4 0100.20 e1.b2c2 4/1-+.", "d1e5 0030.10 d3.d2 2/2-=."])
    legend = b.evaluate("document.getElementById('legend').textContent")
    for said in ("+ White to move, White wins", "= White to move, draw", "-+ Black to move, White wins",
                 "-= Black to move, draw", "WTM, BTM White, Black to move"):
        expect("sample: legend says %r" % said, said in legend, True)
    check_toc(b, "sample")
    for fragment, want_entries, want_classes, who in (
            ("#filter=1952", 1, 1, "C. Halloway"),
            ("#filter=KQPvK", 2, 1, "E. Lindqvist"),
            ("#filter=harbour%201990", 1, 1, "L. Brennagh"),
            ("#filter=0011.01", 2, 1, "C. Halloway"),
            ("#filter=no-such-composer", 0, 0, None)):
        b.open("file://" + sample + fragment)
        dom = read_all(b)
        expect("%s: entries shown" % fragment, len(dom["entries"]), want_entries)
        expect("%s: classes shown" % fragment, len(dom["classes"]), want_classes)
        expect("%s: count line" % fragment, dom["shown"], "%d of 23 entries shown" % want_entries)
        if who:
            expect("%s: shows %s" % (fragment, who), any(who in e["text"] for e in dom["entries"]), True)
    b.open("file://" + sample + "#filter=harbour")
    shot = os.path.join(WORK, "directory.png")
    with open(shot, "wb") as f:
        f.write(b.screenshot())
    expect("screenshot written", open(shot, "rb").read(8), b"\x89PNG\r\n\x1a\n")

    # Accents, the longest class name, a long position form.
    extra_pgn = os.path.join(WORK, "extra.pgn")
    with open(extra_pgn, "w", encoding="utf-8") as f:
        f.write('[Event "Th\u00e8mes-64"]\n[White "J. M\u00fcller"]\n[Date "1961.??.??"]\n'
                '[FEN "8/8/8/8/8/2k5/8/K1R5 b - - 0 1"]\n[Result "1-0"]\n\n*\n\n'
                '[Event "Start"]\n[White "Anonymous"]\n[Result "1/2-1/2"]\n\n*\n\n'
                # A class after the start position's, so that its long name
                # has a column to its right.
                '[Event "Queens"]\n[White "Q. Three"]\n[FEN "k7/8/q7/8/8/7q/8/4K1Q1 w - - 0 1"]\n\n*\n\n'
                # A joint study with a reference.
                '[Event "Glasgow Weekly Citizen#414"]\n[Composer "Afek, Yochanan"]\n[Composer2 "Kalandadze, Velimir"]\n'
                '[Source "EG#14437"]\n[FEN "8/8/8/8/8/2k5/8/K1Q5 w - - 0 1"]\n\n*\n')
    extra = write_page("extra.html", extra_pgn)
    b.open("file://" + extra)
    # At a width where a column of the table of contents is narrower than
    # the longest name, then at the usual one.
    b.resize(780, 760)
    b.evaluate(NEXT_FRAME)
    check_toc(b, "extra at 780 pixels")
    b.resize(1000, 760)
    b.evaluate(NEXT_FRAME)
    toc = check_toc(b, "extra")
    expect("extra: the long name is in the table of contents",
           [i["text"] for i in toc if "4888.88" in i["text"]], ["3. 4888.88 KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP 1"])
    squares = b.evaluate(SQUARE_LINES)
    expect("extra: square names in position forms", len(squares), 3 + 32 + 5 + 3)
    split = [s for s, lines in squares if lines != 1]
    expect("extra: square names split across lines", split, [])
    lines = b.evaluate("(() => { const p = Array.from(document.querySelectorAll('.position'))"
                       ".find(s => s.textContent.startsWith('e1e8')); return p.getClientRects().length; })()")
    expect("extra: the long position form wraps", lines > 1, True)
    # On a phone: no card wider than the page, nothing to scroll sideways.
    b.resize(360, 740)
    b.evaluate(NEXT_FRAME)
    wide = b.evaluate("(() => { const w = document.documentElement.clientWidth; return [document.documentElement"
                      ".scrollWidth - w, Array.from(document.querySelectorAll('li.entry'))"
                      ".filter(li => li.getBoundingClientRect().right > w + 0.5).length]; })()")
    expect("extra at 360 pixels: overflow and cards wider than the page", wide, [0, 0])
    b.resize(1000, 760)
    b.evaluate(NEXT_FRAME)
    check_marks(b.evaluate(READ)["entries"], "extra")
    for words, want in (("themes", ["J. M\u00fcller"]), ("MULLER thèmes", ["J. M\u00fcller"]),
                        ("müller", ["J. M\u00fcller"]), ("anonymous", ["Anonymous"]), ("mueller", []),
                        ("glasgow", ["Kalandadze"]), ("kalandadze", ["Kalandadze"]), ("afek eg#14437", ["Kalandadze"])):
        b.open("file://" + extra + "#filter=" + words.replace(" ", "%20"))
        dom = b.evaluate(READ)
        expect("extra: filter %r" % words,
               [who for who in ("J. M\u00fcller", "Anonymous", "Kalandadze")
                if any(who in e["text"] for e in dom["entries"])], want)
    b.open("file://" + extra + "#filter=kalandadze")
    joint = [e["text"] for e in b.evaluate(READ)["entries"]]
    expect("extra: a joint study shows every composer, the source and the reference",
           [all(w in t for w in ("Afek, Yochanan; Kalandadze, Velimir", "Glasgow Weekly Citizen#414", "EG#14437"))
            for t in joint], [True])

    # 10,000 generated studies.
    big_pgn = os.path.join(WORK, "studies10k.pgn")
    subprocess.run([sys.executable, os.path.join(ROOT, "src", "cli", "tests", "gen", "gen_pgn.py"), "--studies", "--games", "10000",
                    "--seed", "7", "--out", big_pgn], check=True)
    big = write_page("studies10k.html", big_pgn)
    data = page_data(big)
    classes = data["classes"]
    n = sum(len(c[3]) for c in classes)
    expect("10k: entries in the data", n, 10000)
    # gen_pgn.py writes its names in Latin-1: the data carries them as UTF-8
    # text (gbr directory's --encoding auto), each entry its game's [White]
    # and [Event].
    tags, game = {}, 0
    raw = open(big_pgn, "rb").read()
    for line in raw[3 if raw.startswith(b"\xef\xbb\xbf") else 0:].decode("latin-1").splitlines():
        if line.startswith('[Event "'):
            game += 1
            tags[game] = {}
        m = re.match(r'\[(White|Event) "(.*)"\]$', line)
        if m and game:
            tags[game][m.group(1)] = m.group(2)
    names = {e[8]: (e[2], e[3]) for c in classes for e in c[3]}
    expect("10k: games named", sorted(names), sorted(tags))
    wrong = [(g, names[g], (t["White"], t["Event"])) for g, t in sorted(tags.items())
             if g in names and names[g] != (t["White"], t["Event"])]
    expect("10k: composers and sources, Latin-1 read as UTF-8 (games that differ, the first 3)",
           (len(wrong), wrong[:3]), (0, []))
    expect("10k: some composers accented", any("\u00f6" in who for who, _ in names.values()), True)
    b.open("file://" + big)
    dom = b.evaluate(READ)
    expect("10k: count line", dom["shown"], "10000 of 10000 entries shown")
    expect("10k: table of contents: drawn only near its window", 0 < len(dom["toc"]) < len(classes), True)
    expect("10k: entries drawn: only those near the window", 0 < len(dom["entries"]) <= 200, True)
    check_toc(b, "10k (top)")
    b.evaluate("document.getElementById('toc').scrollTop = 1e9")
    b.evaluate(NEXT_FRAME)
    check_toc(b, "10k (end of the table of contents)")

    # A filter typed into the box, against the same filter computed here on
    # the data: every word in the class's code or name, or in the entry's
    # codes, composer, source or year (folded). A name converted from
    # Latin-1 is found typed without its accents, and drawn with them.
    for word, who in (("fenwick 19", "fenwick"), ("schonberg", "sch\u00f6nberg"), ("echiquier", "\u00e9chiquier")):
        b.evaluate("(() => { const box = document.getElementById('filter'); box.value = %s;"
                   " box.dispatchEvent(new Event('input')); })()" % json.dumps(word))
        b.evaluate("new Promise(done => setTimeout(() => done(true), 400))")
        want = 0
        for c in classes:
            head = c[0] + " " + c[1].lower()
            for e in c[3]:
                text = fold(" ".join(e[:5]))
                want += all(w in head or w in text for w in word.split())
        dom = b.evaluate(READ)
        expect("10k: filter %r: count line" % word, dom["shown"], "%d of 10000 entries shown" % want)
        expect("10k: filter %r finds some" % word, 0 < want < 10000, True)
        expect("10k: filter %r: entries drawn show %r" % (word, who),
               bool(dom["entries"]) and all(who in e["text"].lower() for e in dom["entries"]), True)
        b.evaluate("(() => { const box = document.getElementById('filter'); box.value = '';"
                   " box.dispatchEvent(new Event('input')); })()")
        b.evaluate("new Promise(done => setTimeout(() => done(true), 400))")

    # The last class, from its link in the table of contents (drawn when
    # the box is scrolled to its end).
    last = classes[-1]
    b.evaluate("document.getElementById('toc').scrollTop = 1e9")
    b.evaluate(NEXT_FRAME)
    b.evaluate("document.querySelector('#toc a[href=\"#c%s\"]').click()" % last[0])
    b.evaluate(NEXT_FRAME)
    # At the top of the window, or as near as the end of the page lets it.
    top, bottom, scrolled = b.evaluate("(() => { const r = document.getElementById('c%s').getBoundingClientRect();"
                                       " return [r.top, r.bottom, innerHeight + scrollY -"
                                       " document.documentElement.scrollHeight]; })()" % last[0])
    expect("10k: the last class's heading in the window", (top >= -1 and bottom <= 760, abs(top) < 2 or
                                                           abs(scrolled) < 2), (True, True))
    # The end of the page: the last entry drawn, its diagram the data's.
    b.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    for _ in range(3):
        b.evaluate(NEXT_FRAME)
    dom = b.evaluate(READ)
    last_entry = last[3][-1]
    drawn = [e for e in dom["entries"] if e["position"] == last_entry[1]]
    expect("10k: the last entry drawn", len(drawn), 1)
    if drawn:
        glyphs = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "N": "\u2658", "P": "\u2659",
                  "k": "\u265a", "q": "\u265b", "r": "\u265c", "b": "\u265d", "n": "\u265e", "p": "\u265f\ufe0e"}
        men = last_entry[5]
        expect("10k: the last entry's diagram", {s: g for s, g in drawn[0]["squares"].items() if g},
               {men[i + 1:i + 3]: glyphs[men[i]] for i in range(0, len(men), 3)})
        check_marks(drawn, "10k")
    expect("10k: the end of the page in the window",
           b.evaluate("Math.abs(window.scrollY + innerHeight - document.documentElement.scrollHeight) < 2"), True)

    # The --split-by index of the 10,000 studies: each class's item, its
    # ordinal and its count inside its own box (an outside marker stood
    # over the count at the end of the column before), and its filter.
    index = os.path.join(gbrtest.fresh_folder(os.path.join(WORK, "split")), "studies.html")
    p = subprocess.run([GBR, "directory", "--format", "html", "--split-by", "letter", "-o", index, big_pgn],
                       capture_output=True)
    expect("split index: gbr exit", p.returncode, 0)
    b.open("file://" + index)
    b.evaluate("window.scrollTo(0, 1500)")
    items = b.evaluate("""Array.from(document.querySelectorAll('nav.toc li')).filter(li => {
      const r = li.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }).map(li => {
      const r = li.getBoundingClientRect(), range = document.createRange(), box = e => {
        const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
      range.selectNodeContents(li);
      const t = range.getBoundingClientRect();
      return {text: li.textContent, box: box(li), content: [t.left, t.top, t.right, t.bottom],
              count: box(li.querySelector('.count')), marker: getComputedStyle(li).listStyleType,
              ordinal: li.querySelector('.n') ? li.querySelector('.n').textContent : null}; })""")
    expect("split index: items in the window", len(items) > 20, True)
    for i in items:
        (l, t, r, bo), (cl, ct, cr, cb) = i["box"], i["content"]
        expect("split index: %r: text and count inside its box, numbered in its text, no marker" % i["text"],
               (cl >= l - 0.5 and cr <= r + 0.5, i["count"][2] <= r + 0.5, (i["ordinal"] or "").endswith("."),
                i["marker"]), (True, True, True, "none"))
    for a in range(len(items)):
        for c in range(a + 1, min(len(items), a + 8)):
            (l1, t1, r1, b1), (l2, t2, r2, b2) = items[a]["content"], items[c]["content"]
            if l1 < r2 - 0.5 and l2 < r1 - 0.5 and t1 < b2 - 0.5 and t2 < b1 - 0.5:
                failures.append("split index: %r overlaps %r" % (items[a]["text"], items[c]["text"]))
    for words in ("krpvk", "0130 kr", "KBBvK", "no-such-class"):
        b.evaluate("(() => { const box = document.getElementById('filter'); box.value = %s;"
                   " box.dispatchEvent(new Event('input')); })()" % json.dumps(words))
        want = [c[0] for c in classes if all(w in fold(c[0] + " " + (c[1] or "(no name)")) for w in words.lower().split())]
        shown = b.evaluate("Array.from(document.querySelectorAll('nav.toc li')).filter(li => li.offsetParent)"
                           ".map(li => li.querySelector('a').hash.slice(2))")
        expect("split index: filter %r: classes shown" % words, shown, want)
        expect("split index: filter %r: count line" % words, b.evaluate("document.getElementById('shown').textContent"),
               "%d of %d classes shown" % (len(want), len(classes)))
        # Each part's list and heading shown exactly when it keeps a class.
        parts = b.evaluate("Array.from(document.querySelectorAll('nav.toc')).map(n => [!!n.offsetParent,"
                           " !!n.previousElementSibling.offsetParent,"
                           " n.querySelectorAll('li:not([hidden])').length > 0])")
        expect("split index: filter %r: parts shown (list, heading) where a class is kept" % words,
               [(shown_list, heading) for shown_list, heading, kept in parts], [(kept, kept) for _, _, kept in parts])

gbrtest.finish("directory_browser (chromium %s; screenshot %s)" % (browser, shot))

#!/usr/bin/env python3
"""The spec site as its readers use it: headless Chromium driven over the
DevTools protocol (testsupport/gbrtest/devtools.py), with real key
events and typed text, on the pages opened from files. Checked:

- layout: at 400 px wide neither page is wider than the window (tables and
  code scroll in their own boxes); at 1280 px the text is one column of at
  most 48em;
- keyboard: the first tab stop is a skip link to the specification; a
  position is set up on the board with keys alone (Tab to the board, arrows,
  piece letters, Enter, Delete; the side to move with the radio's arrows),
  and the codes shown are the native library's; each square's accessible
  name says its piece, the palette's chosen piece is announced;
- a line of moves typed under the board from the start position: Up and
  Down in the moves box step back and forward along the line shown (back
  from the main line skips a variation written before), and the codes shown
  are the native library's for each; a refused move is said with its column;
- the empty board and a board with one king say what to place instead of
  showing fen-kings errors;
- names: no heading of the text has a name starting with "§", each "try"
  button is named by its example;
- "try" opens the example's input in an editable box, and what is typed
  there is answered as `gbr conform --answer` answers it;
- every §N of the text is a link to section N (GBR §N on query.html to
  gbr.html);
- the address follows what is typed in the box (#box=), and a changed
  address fills the box;
- query.html's query box answers each of spec/query.md's examples (a FEN or
  code subject) as the spec does;
- printed, the page is the specification alone (no header, contents or
  buttons);
- both pages load libgbr.js and page.js; gbr.html loads cells.js when a
  row's cell vectors are first run.

Exits 77 (skipped) without chromium or the built site.

usage: site_readers.py GBR SITE_DIR WORK_DIR
"""
import json
import os
import re
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402
from gbrtest.devtools import Browser, BrowserError  # noqa: E402

GBR, SITE, WORK = gbrtest.arguments("GBR", "SITE", "WORK")
ROOT = gbrtest.ROOT
browser = gbrtest.chromium()
if not os.path.exists(os.path.join(SITE, "gbr.html")):
    print("skipped: the site was not built (needs the WebAssembly module and cmark-gfm)")
    sys.exit(77)


def url(page, fragment=""):
    return "file://" + os.path.abspath(os.path.join(SITE, page)) + ("#" + fragment if fragment else "")


def native(operation, text):
    p = subprocess.run([GBR, "conform", "--answer", operation], input=text.encode("utf-8"), capture_output=True)
    return p.stdout.decode("utf-8").strip()


def js(expression):
    """The expression's value in the page, or the exception it raised (a
    page without the element checked fails the check, the rest go on)."""
    try:
        return b.evaluate(expression)
    except BrowserError as e:
        return "exception: %s" % e


# key -> (code, Windows virtual key, text typed)
NAMED = {"Tab": ("Tab", 9, ""), "Enter": ("Enter", 13, "\r"), " ": ("Space", 32, " "), "Delete": ("Delete", 46, ""),
         "ArrowUp": ("ArrowUp", 38, ""), "ArrowDown": ("ArrowDown", 40, ""), "ArrowLeft": ("ArrowLeft", 37, ""),
         "ArrowRight": ("ArrowRight", 39, "")}


def move_at(want):
    """The board's step line once it says `want` (a line is played when the
    replayer's module has loaded: the first one waits for replay.js), or
    what it says after 5 seconds."""
    return js("new Promise(done => { const t0 = Date.now(); (function poll() { "
              "const s = document.getElementById('move-at').textContent; "
              "if (s === %s || Date.now() - t0 > 5000) done(s); else setTimeout(poll, 20); })(); })" % json.dumps(want))


def press(b, key):
    """One key as the keyboard sends it (a letter in upper case with Shift)."""
    if key in NAMED:
        code, vk, text = NAMED[key]
    else:
        code, vk, text = "Key" + key.upper(), ord(key.upper()), key
    shift = 8 if key.isalpha() and len(key) == 1 and key.isupper() else 0
    b.call("Input.dispatchKeyEvent", session=True, type="keyDown" if text else "rawKeyDown", key=key, code=code,
           windowsVirtualKeyCode=vk, text=text, unmodifiedText=text.lower(), modifiers=shift)
    b.call("Input.dispatchKeyEvent", session=True, type="keyUp", key=key, code=code, windowsVirtualKeyCode=vk,
           modifiers=shift)


def active(b):
    return js("(e => e && (e.dataset.square || e.id || e.className || e.tagName))(document.activeElement)")


def walk(b, start, goal):
    """Arrow keys from square start to square goal."""
    df = ord(goal[0]) - ord(start[0])
    dr = int(goal[1]) - int(start[1])
    for _ in range(abs(df)):
        press(b, "ArrowRight" if df > 0 else "ArrowLeft")
    for _ in range(abs(dr)):
        press(b, "ArrowUp" if dr > 0 else "ArrowDown")
    return goal


def codes(b):
    return js("[...document.querySelectorAll('#codes tr')].map(r => [...r.children].map(c => c.textContent))")


with Browser(browser, os.path.join(WORK, "profile"), width=400, height=800) as b:
    # 1. Layout: one column on a phone, a readable column on a wide screen.
    for page in ("gbr.html", "query.html"):
        b.resize(400, 800)
        b.open(url(page))
        expect("%s at 400 px: scrollWidth at most 400" % page, js("document.documentElement.scrollWidth") <= 400, True)
        b.resize(1280, 800)
        width = js("(m => [m.clientWidth - parseFloat(getComputedStyle(m).paddingLeft) - "
                           "parseFloat(getComputedStyle(m).paddingRight), parseFloat(getComputedStyle(m).fontSize)])"
                           "(document.querySelector('main'))")
        expect("%s at 1280 px: the text's column at most 48em" % page, width[0] <= 48 * width[1] + 0.5, True)
        scripts = js("[...document.scripts].map(s => s.getAttribute('src'))")
        expect("%s: its scripts" % page, scripts, ["libgbr.js", "page.js"])
    # gbr.html's cell vectors: loaded when a reader first runs a row's
    b.open(url("gbr.html"))
    js("document.querySelector('button.cells').click()")
    js("new Promise(r => setTimeout(r, 500))")
    expect("a row's cell vectors: cells.js loaded", js("[...document.scripts].map(s => s.getAttribute('src'))"),
           ["libgbr.js", "page.js", "cells.js"])
    expect("a row's cell vectors run", re.fullmatch(r"(\d+)/\1 agree", js(
        "document.querySelector('button.cells').parentElement.querySelector('.answer').textContent") or "") is not None, True)

    # 2. Keyboard: the skip link, then a position set up with keys alone.
    b.open(url("gbr.html"))
    expect("empty board: what to do", codes(b)[0], ["Place both kings (K and k) to see the codes."])
    expect("empty board: no fen-kings rows", "fen-kings" in str(codes(b)), False)
    press(b, "Tab")
    first = js("document.activeElement.className")
    expect("first tab stop: the skip link", first, "skip")
    if first == "skip":
        press(b, "Enter")
        expect("the skip link leads to the specification", active(b), "spec")
    b.open(url("gbr.html"))
    stops = 0
    while active(b) != "a8" and stops < 200:
        press(b, "Tab")
        stops += 1
    expect("Tab reaches the board", active(b), "a8")
    at = walk(b, "a8", "g1")
    press(b, "K")                      # a letter places that piece ...
    expect("one king: what to do", codes(b)[0], ["Place the black king (k) to see the codes."])
    at = walk(b, at, "h8")
    press(b, "k")
    at = walk(b, at, "d4")
    press(b, "Q")
    at = walk(b, at, "a1")
    press(b, "R")
    press(b, "Delete")                 # ... Delete empties the square ...
    at = walk(b, at, "f1")
    press(b, "R")
    at = walk(b, at, "g2")
    press(b, "P")
    at = walk(b, at, "h2")
    press(b, "Enter")                  # ... Enter places the chosen piece
    at = walk(b, at, "h7")
    press(b, "p")
    at = walk(b, at, "c8")
    press(b, "b")
    expect("the palette announces the chosen piece", js("document.getElementById('chosen').textContent"),
           "Chosen: black bishop")
    expect("the chosen piece's button is checked",
           js("[...document.querySelectorAll('#palette [aria-checked=true]')].map(o => o.dataset.piece)"), ["b"])
    expect("a square's name says its piece", js("document.querySelector('[data-square=g1]').getAttribute('aria-label')"),
           "g1 white king")
    expect("the board's squares are grid cells",
           js("document.querySelectorAll('#board [role=row] > [role=gridcell]').length"), 64)
    expect("one square in the tab order", js("document.querySelectorAll('#board [tabindex=\"0\"]').length"), 1)
    # the palette: one tab stop after the board; an arrow chooses the next piece
    press(b, "Tab")
    expect("the palette's one tab stop: the chosen piece", js("document.activeElement.dataset.piece"), "b")
    press(b, "ArrowRight")
    expect("an arrow chooses the next piece", js("document.getElementById('chosen').textContent"), "Chosen: black knight")
    press(b, "ArrowLeft")
    # the side to move: Tab on to the radios, an arrow to "Black to move"
    for _ in range(40):
        if js("document.activeElement.name") == "side":
            break
        press(b, "Tab")
    press(b, "ArrowRight")
    fen = "2b4k/7p/8/8/3Q4/8/6PP/5RK1 b - - 0 1"
    expect("keyboard: the squares set", js(
        "Object.fromEntries([...document.querySelectorAll('[data-square]')].filter(d => d.dataset.piece)"
        ".map(d => [d.dataset.square, d.dataset.piece]))"),
        {"g1": "K", "h8": "k", "d4": "Q", "f1": "R", "g2": "P", "h2": "P", "h7": "p", "c8": "b"})
    expect("keyboard: the codes shown", codes(b), [
        ["material code", native("fen-material", fen)],
        ["study code", native("fen-study", fen)],
        ["position form", native("fen-position", fen)],
        ["material name", native("material-name", native("fen-material", fen))],
        ["FEN", fen]])

    # 2b. A line of moves typed under the board: the board steps through its
    # positions with Up and Down in the box, the codes those of each position.
    js("document.getElementById('start').click()")
    js("document.getElementById('moves').focus()")
    # the replayer's module (replay.js) is loaded by the first line played, not before
    expect("moves: replay.js is not loaded before a line is played",
           js("[!!document.querySelector('script[src=\"replay.js\"]'), 'REPLAY_WASM_BASE64' in GBRSite]"), [False, False])
    b.call("Input.insertText", session=True, text="1. e4 e5 2. Nf3 (2. Bc4 Nf6) 2... Nc6 3. Bb5")
    after = {
        5: ("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b - - 0 1", "ply 5: Bb5"),
        4: ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 0 1", "ply 4: Nc6"),
        3: ("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b - - 0 1", "ply 3: Nf3"),
        2: ("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1", "ply 2: e5"),
    }
    # back from 2...Nc6 is 2.Nf3, not the variation written before it; forward
    # from 1...e5 is the main line's 2.Nf3
    steps = [(5, None), (4, "ArrowUp"), (3, "ArrowUp"), (2, "ArrowUp"), (3, "ArrowDown")]
    for ply, key in steps:
        if key:
            press(b, key)
        fen, said = after[ply]
        expect("moves: after %s ply %s, the step said" % (key or "typing", ply), move_at(said), said)
        expect("moves: after %s ply %s, the codes shown" % (key or "typing", ply), codes(b), [
            ["material code", native("fen-material", fen)],
            ["study code", native("fen-study", fen)],
            ["position form", native("fen-position", fen)],
            ["material name", native("material-name", native("fen-material", fen))],
            ["FEN", fen]])
    expect("moves: the first line played loaded replay.js",
           js("[!!document.querySelector('script[src=\"replay.js\"]'), 'REPLAY_WASM_BASE64' in GBRSite]"), [True, True])
    # the variation's positions, from the replayer as the page has it
    expect("moves: the variation's last position", js(
        "(l => [l[5].san, l[5].mainLine, l[5].fen])(GBRSite.createReplayer(Uint8Array.from("
        "atob(GBRSite.REPLAY_WASM_BASE64), c => c.charCodeAt(0))).replayLine(document.getElementById('moves').value, "
        "{fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'}))"),
        ["Nf6", False, "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3"])
    expect("moves: the box keeps the focus", active(b), "moves")
    # a move that cannot be played: the positions before it, and why
    js("(m => m.setSelectionRange(m.value.length, m.value.length))(document.getElementById('moves'))")
    b.call("Input.insertText", session=True, text=" Ke3")
    refused = "ply 5: Bb5; 3... Ke3: no black king can move to e3 (column 46)"
    expect("moves: a refused move is said with its column", move_at(refused), refused)
    # an edit of the board starts again from the board
    js("document.getElementById('clear').click()")
    expect("moves: the board cleared", codes(b)[0][0], "Place both kings (K and k) to see the codes.")

    # 3. Names: headings and "try" buttons.
    expect("no heading's name starts with §", js(
        "[...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')]"
        ".filter(h => h.textContent.trim().startsWith('§')).length"), 0)
    names = js("[...document.querySelectorAll('button.try')].map(t => t.getAttribute('aria-label') || t.textContent)")
    expect("each try button has its own name", len(set(names)) == len(names) and len(names) > 100, True)
    expect("try names start with their text", all(n.startswith("try ") for n in names), True)

    # 4. "try": the input in an editable box, answered as it is typed.
    tried = 0
    for eid, kind in js("[...document.querySelectorAll('.example')].filter(d => d.dataset.kind.startsWith('example-'))"
                                ".slice(0, 3).map(d => [d.id, d.dataset.kind])"):
        operation = kind[len("example-"):]
        js("document.querySelector('#%s button.try').focus()" % eid)
        press(b, "Enter")
        original = js("document.querySelector('#%s pre code').textContent.split('\\n.\\n')[0]" % eid)
        expect("try %s: the box holds the input" % eid, js("document.querySelector('#%s textarea').value" % eid), original)
        expect("try %s: the box has the focus" % eid, js("document.activeElement.tagName"), "TEXTAREA")
        typed = original + "x"
        press(b, "ArrowDown")  # to the end of a one-line input
        b.call("Input.insertText", session=True, text="x")
        expect("try %s: the typed text" % eid, js("document.activeElement.value"), typed)
        expect("try %s: the typed text's answer" % eid, js("document.querySelector('#%s .answer').textContent" % eid),
               "libgbr: " + native(operation, typed))
        tried += 1
    expect("examples tried", tried, 3)

    # 5. §N references are links to their sections.
    refs = js("[...document.querySelectorAll('main a.ref')].map(a => [a.textContent, a.getAttribute('href')])")
    spec = open(os.path.join(ROOT, "spec", "gbr.md"), encoding="utf-8").read()
    expect("gbr.html: § references linked", len(refs) >= 150, True)
    for text, href in refs:
        number = text.split("§")[1]
        heading = js("(e => e ? e.textContent : '')(document.getElementById(%r))" % href[1:])
        section = heading.split(" ")[0].rstrip(".")
        if not (number == section or number.startswith(section + ".")):
            failures.append("%s links to %s (%r)" % (text, href, heading))
    expect("§9.3 links to section 9.3", [h for t, h in refs if t == "§9.3"][:1],
           ["#" + gbrtest.github_anchor(re.search(r"^### (9\.3 .*)$", spec, re.M).group(1))])

    # 6. The address follows the box, and the box the address.
    js("document.getElementById('any').focus()")
    b.call("Input.insertText", session=True, text="0002.01 x")
    expect("#box= follows what is typed", urllib.parse.unquote_plus(js("location.hash")), "#box=0002.01 x")
    js("location.hash = '#box=' + encodeURIComponent('+0020.42c1a1')")
    js("new Promise(r => setTimeout(r, 100))")
    expect("a changed #box= fills the box", js("document.getElementById('any').value"), "+0020.42c1a1")
    expect("... and is answered", js("document.querySelector('#verdict [data-form]').dataset.form"), "study")

    # 7. Printed: the specification alone.
    b.call("Emulation.setEmulatedMedia", session=True, media="print")
    expect("print: no header, contents or try buttons", js(
        "['header', '#toc', 'button.try'].map(s => getComputedStyle(document.querySelector(s)).display)"), ["none"] * 3)
    expect("print: the text", js("getComputedStyle(document.querySelector('main')).display"), "block")
    b.call("Emulation.setEmulatedMedia", session=True, media="")

    # 8. query.html: GBR §N links to gbr.html; the query box against spec/query.md's examples.
    b.open(url("query.html"))
    gbr_refs = js("[...document.querySelectorAll('main a.ref')].filter(a => a.textContent.startsWith('GBR'))"
                          ".map(a => a.getAttribute('href'))")
    expect("query.html: GBR §N links to gbr.html", len(gbr_refs) > 0 and all(h.startswith("gbr.html#") for h in gbr_refs), True)
    examples = re.findall(r"^```(query(?: either-colour)?)\n(.*)\n(fen|code|study) (.*)\n\.\n(.*)\n```",
                          open(os.path.join(ROOT, "spec", "query.md"), encoding="utf-8").read(), re.M)
    checked = 0
    for kind, pattern, _, subject, want in examples:
        js("(q => { q.focus(); q.select(); })(document.getElementById('query'))")
        b.call("Input.insertText", session=True, text=pattern)
        either = kind.endswith("either-colour")
        if js("document.getElementById('query-either').checked") != either:
            js("document.getElementById('query-either').focus()")
            press(b, " ")
        js("(t => { t.focus(); t.select(); })(document.getElementById('query-texts'))")
        b.call("Input.insertText", session=True, text=subject)
        got = js("[...document.querySelectorAll('#query-result li')].map(l => l.dataset.verdict || l.textContent)")
        want_line = want if not want.startswith("error") else "the query: " + want
        got_line = got[0] if got else None
        if want.startswith("error"):
            ok = got_line is not None and got_line.startswith("the query: error") and got_line.endswith(want.split()[-1])
        else:
            ok = got == [want]
        if not ok:
            failures.append("query box: %r on %r gave %r, the spec says %r" % (pattern, subject, got, want_line))
        checked += 1
    expect("query box: examples run", checked > 40, True)

gbrtest.finish("site_readers (chromium %s): %d § links, %d query examples in the query box" % (browser, len(refs), checked))

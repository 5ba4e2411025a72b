#!/usr/bin/env python3
"""Renders the specifications as a static site that runs libgbr's
WebAssembly module: spec/gbr.md -> gbr.html (also index.html) and
spec/query.md -> query.html, with Debian's cmark-gfm (-e table) and our
template (site/template.html, page.js, site.css).

What the template adds to cmark-gfm's HTML: an id on every heading (the
anchors GitHub gives the same headings, so links into the Markdown work on
the page), a table of contents, an id on every row of an expectation table
(row-NAME, NAME the row's first cell), a "try" control on every checked
example (its id ex-SECTION-N, as the vector y_ex_SECTION_N / n_ex_...), and
the data the page runs: each table row's cell vectors (n_cell_*). The page
works opened from files: headless Chromium refuses ES modules and fetch()
from file://, so libgbr.js is a classic script holding the package's api.js
(its `export`s removed) and gbr.wasm in base64; page.js is the page's own
script, cells.js holds the cell vectors (gbr.html loads it when they
are run) and replay.js the replayer's module, gbr_replay.wasm, in base64
(loaded when the board first plays a line of moves).

usage: site.py SOURCE_DIR PACKAGE_DIR OUT_DIR [--cmark PATH]
"""
import base64
import html
import json
import os
import re
import shutil
import subprocess
import sys

args = sys.argv[1:]
cmark = "cmark-gfm"
if "--cmark" in args:
    i = args.index("--cmark")
    cmark = args[i + 1]
    del args[i:i + 2]
if len(args) != 3:
    sys.exit("usage: site.py SOURCE_DIR PACKAGE_DIR OUT_DIR [--cmark PATH]")
ROOT, PKG, OUT = args
HERE = os.path.join(ROOT, "site")
os.makedirs(OUT, exist_ok=True)


def slug(text, seen):
    """GitHub's heading anchor: lower case, only letters, digits, spaces,
    '-' and '_' kept, spaces to '-'; a repeated one gets -1, -2, ..."""
    s = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
    n = seen.get(s, 0)
    seen[s] = n + 1
    return s if n == 0 else "%s-%d" % (s, n)


def strip_tags(fragment):
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def render(markdown_path):
    text = open(markdown_path, encoding="utf-8").read()
    # an example's operation is the info string's second word, which
    # cmark-gfm drops: join it to the first
    text = re.sub(r"^```example (\S+)\s*$", r"```example-\1", text, flags=re.M)
    text = re.sub(r"^```query either-colour\s*$", "```query-either", text, flags=re.M)
    out = subprocess.run([cmark, "-e", "table"], input=text.encode(), capture_output=True, check=True)
    return out.stdout.decode()


SECTIONS = {}  # each page's section numbers -> heading anchors


def link_sections(body, sections, own_page):
    """Makes each §N of the text (outside code, links and headings) a link
    to section N: of this page, or of gbr.html when written "GBR §N"."""
    out, depth = [], 0
    for part in re.split(r"(<[^>]+>)", body):
        tag = re.match(r"<(/?)(a|code|pre|h[1-6])[\s>]", part)
        if tag:
            depth += -1 if tag.group(1) else 1
        if part.startswith("<") or depth > 0:
            out.append(part)
            continue

        def ref(m):
            gbr_ref = m.group(1) is not None
            table = SECTIONS["gbr.md"] if gbr_ref or own_page == "gbr.md" else sections
            number = m.group(2)
            while number not in table and "." in number:
                number = number.rsplit(".", 1)[0]
            if number not in table:
                return m.group(0)
            target = ("gbr.html" if gbr_ref and own_page != "gbr.md" else "") + "#" + table[number]
            return '<a class="ref" href="%s">%s</a>' % (target, m.group(0))
        out.append(re.sub(r"(GBR )?§(\d+(?:\.\d+)*)", ref, part))
    return "".join(out)


def page(markdown_name, title, cells, scripts, tool):
    own_page = markdown_name
    body = render(os.path.join(ROOT, "spec", markdown_name))
    seen, toc, sections = {}, [], {}
    section = ["0"]
    counts = {}

    def heading(m):
        level, inner = int(m.group(1)), m.group(2)
        name = strip_tags(inner)
        anchor = slug(name, seen)
        number = re.match(r"(\d+(?:\.\d+)*)\.?\s", name)
        if level >= 2:
            section[0] = number.group(1) if number else ("log" if name == "Change log" else section[0])
        if 2 <= level <= 3:
            toc.append((level, anchor, name))
        if number:
            sections[number.group(1)] = anchor
        # the § link sits beside the heading, not in it: a heading's
        # accessible name is then its own text
        return ('<div class="heading"><h%d id="%s">%s</h%d><a class="anchor" href="#%s" aria-label="link to %s">§</a></div>'
                % (level, anchor, inner, level, anchor, html.escape(name, quote=True)))

    def example(kind, code):
        key = section[0]
        counts[key] = counts.get(key, 0) + 1
        eid = "ex-%s-%d" % (key.replace(".", "-"), counts[key])
        return ('<div class="example" id="%s" data-kind="%s"><a class="anchor" href="#%s">%s</a>'
                '<pre><code>%s</code></pre><button class="try" aria-label="try %s" aria-expanded="false">try</button>'
                '<span class="answer" aria-live="polite"></span></div>'
                % (eid, kind, eid, eid, code, eid))

    # headings and examples in document order, so each example knows its section
    pattern = re.compile(r'<h([1-6])>(.*?)</h\1>|<pre><code class="language-(example-[\w-]+|query(?:-either)?)">(.*?)</code></pre>', re.S)

    def either(m):
        return heading(m) if m.group(1) else example(m.group(3), m.group(4))

    body = pattern.sub(either, body)
    SECTIONS[markdown_name] = sections

    def row(m):
        name = html.unescape(m.group(1))
        n = len(cells.get(name, []))
        link = (' <button class="cells" data-row="%s" aria-label="%d cell vectors of %s">%d cell vectors</button>'
                % (html.escape(name), n, html.escape(name), n) if n else "")
        return '<tr id="row-%s">\n<td><a href="#row-%s"><code>%s</code></a>%s<span class="answer"></span></td>' % (
            html.escape(name), html.escape(name), m.group(1), link)

    body = re.sub(r'<tr>\n<td><code>([a-z]+\.[a-z0-9.-]+)</code></td>', row, body)
    # links between the two documents go to the pages
    body = re.sub(r'href="(gbr|query)\.md(#[^"]*)?"', lambda m: 'href="%s.html%s"' % (m.group(1), m.group(2) or ""), body)

    body = link_sections(body, sections, own_page)

    nav = ['<nav id="toc" aria-labelledby="toc-title"><h2 id="toc-title">Contents</h2><ul>']
    for level, anchor, name in toc:
        nav.append('<li class="toc%d"><a href="#%s">%s</a></li>' % (level, anchor, html.escape(name)))
    nav.append("</ul></nav>")
    template = open(os.path.join(HERE, "template.html"), encoding="utf-8").read()
    tags = "\n".join('<script src="%s"></script>' % name for name in scripts)
    return (template.replace("{{title}}", html.escape(title)).replace("{{toc}}", "\n".join(nav))
            .replace("{{tool}}", tool).replace("{{scripts}}", tags).replace("{{body}}", body))


# each expectation-table row's cell vectors, from their comments
cells = {}
for name in sorted(os.listdir(os.path.join(ROOT, "spec", "vectors", "json"))):
    doc = json.load(open(os.path.join(ROOT, "spec", "vectors", "json", name), encoding="utf-8"))
    for t in doc["tests"]:
        m = re.match(r"section 9\.4 table cell (\S+) / ", t["comment"])
        if t["id"].startswith("n_cell_") and m:
            cells.setdefault(m.group(1), []).append([t["id"], t["operation"], t["inputHex"], t["expected"]])

api = open(os.path.join(PKG, "api.js"), encoding="utf-8").read()
api = re.sub(r"^export ", "", api, flags=re.M)
wasm = base64.b64encode(open(os.path.join(PKG, "gbr.wasm"), "rb").read()).decode()
replay_wasm = base64.b64encode(open(os.path.join(PKG, "gbr_replay.wasm"), "rb").read()).decode()


def write_script(name, comment, *parts):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write("// %s: written by site/site.py; %s.\n" % (name, comment))
        for part in parts:
            f.write(part)


# Four classic scripts, so each page loads what it runs: libgbr.js (the
# module and the package's API, which both pages run), page.js, cells.js
# (the expectation tables' cell vectors, which only gbr.html has, and
# page.js loads only when a reader runs them) and replay.js (the
# replayer's module, which page.js loads when the board first plays moves).
write_script("libgbr.js", "the package's api.js and gbr.wasm; it defines GBRSite",
             "var GBRSite = (function () {\n'use strict';\n", api,
             "\nconst WASM_BASE64 = '%s';\n" % wasm,
             "return { createGbr, createReplayer, GBRError, WASM_BASE64 };\n})();\n")
write_script("cells.js", "each expectation-table row's cell vectors",
             "GBRSite.CELLS = %s;\n" % json.dumps(cells, separators=(",", ":")))
write_script("replay.js", "the replayer's module, gbr_replay.wasm, in base64",
             "GBRSite.REPLAY_WASM_BASE64 = '%s';\n" % replay_wasm)
shutil.copy(os.path.join(HERE, "page.js"), os.path.join(OUT, "page.js"))
shutil.copy(os.path.join(HERE, "site.css"), os.path.join(OUT, "site.css"))
stale = os.path.join(OUT, "site.js")  # the one script of earlier builds
if os.path.exists(stale):
    os.remove(stale)
gbr_page = page("gbr.md", "The GBR code", cells, ["libgbr.js", "page.js"], "")
for name in ("gbr.html", "index.html"):
    open(os.path.join(OUT, name), "w", encoding="utf-8").write(gbr_page)
query_tool = open(os.path.join(HERE, "query-box.html"), encoding="utf-8").read()
open(os.path.join(OUT, "query.html"), "w", encoding="utf-8").write(
    page("query.md", "GBR queries", {}, ["libgbr.js", "page.js"], query_tool))
print("site: %s (gbr.html, query.html, libgbr.js, cells.js, replay.js, page.js, site.css)" % OUT)

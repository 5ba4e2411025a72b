#!/usr/bin/env python3
"""The spec site under axe-core, the accessibility checker, run in headless
Chromium (over the DevTools protocol, testsupport/gbrtest/devtools.py)
on both pages, as loaded and with their tools in use (the box showing an
error, a position on the board, an example's "try" box open), at 1280 and
400 px wide: no violation of serious or critical impact. Every violation
found is printed, with its impact and its first elements.

axe-core is the site's dev dependency (site/package.json, installed by
`npm ci` in site/, as ci/test.sh does); without it, or without chromium or
the built site, the test exits 77 (skipped, saying why).

usage: site_axe.py SITE_DIR WORK_DIR
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import failures  # noqa: E402
from gbrtest.devtools import Browser  # noqa: E402

SITE, WORK = gbrtest.arguments("SITE", "WORK")
AXE = os.path.join(HERE, "..", "node_modules", "axe-core", "axe.min.js")
browser = gbrtest.chromium()
if not os.path.exists(os.path.join(SITE, "gbr.html")):
    print("skipped: the site was not built (needs the WebAssembly module and cmark-gfm)")
    sys.exit(77)
if not os.path.exists(AXE):
    print("skipped: axe-core is not installed (run `npm ci` in site/)")
    sys.exit(77)
axe = open(AXE, encoding="utf-8").read()

# the pages' tools in use: an error in the box, a position, an open "try" box
IN_USE = "box=" + "a7d3%200116.00%20b2b3c6%203%2F3%2B." + "&clicks=K@g1,k@h8,Q@d4,P@g2"
OPEN_TRY = "document.querySelector('.example button.try').click()"
totals = {}
runs = 0
with Browser(browser, os.path.join(WORK, "profile"), width=1280, height=900) as b:
    for page in ("gbr.html", "query.html"):
        for width in (1280, 400):
            for fragment in ("", IN_USE):
                b.resize(width, 900)
                b.open("file://" + os.path.abspath(os.path.join(SITE, page)) + ("#" + fragment if fragment else ""))
                if fragment:
                    b.evaluate(OPEN_TRY)
                b.evaluate(axe)
                found = b.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => "
                                   "({id: v.id, impact: v.impact, nodes: v.nodes.length, "
                                   "first: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))")
                runs += 1
                where = "%s at %d px%s" % (page, width, " in use" if fragment else "")
                for v in found:
                    totals[v["impact"]] = totals.get(v["impact"], 0) + v["nodes"]
                    print("%s: %s %s on %d elements, first %s" % (where, v["impact"], v["id"], v["nodes"],
                                                                 json.dumps(v["first"])))
                    if v["impact"] in ("serious", "critical"):
                        failures.append("%s: %s violation %s on %d elements" % (where, v["impact"], v["id"], v["nodes"]))

gbrtest.finish("site_axe (axe-core %s): %d runs, violations by impact (elements) %s"
               % (json.load(open(os.path.join(os.path.dirname(AXE), "package.json")))["version"], runs,
                  json.dumps(totals, sort_keys=True) if totals else "none"))

# make_cjs.cmake - api.cjs, the CommonJS form of api.js, for the package's
# require() entry (index.cjs):
#   cmake -DIN=api.js -DOUT=api.cjs -P make_cjs.cmake
# api.js declares only and imports nothing, so its `export` words are all
# there is to change (site/site.py does the same for the spec site).
file(READ ${IN} text)
string(REGEX REPLACE "(^|\n)export " "\\1" text "${text}")
file(WRITE ${OUT} "// api.cjs: api.js as CommonJS, written by make_cjs.cmake; do not edit.\n'use strict';\n${text}\nmodule.exports = { GBRError, createGbr, createReplayer, loadModule };\n")

#!/usr/bin/env python3
"""Compressed input through every PGN command (src/input/input_stream.c).

usage: input_compressed_tests.py GBR WORK_DIR

Real game files (the Lichess sample of corpus/games, the bundled studies,
and pgn-extract's eco.pgn when installed) are compressed here by the zstd,
gzip and bzip2 programs, and:
  same       each command (select, select --reached, select --count,
             duplicates, directory, audit, lookup, scan) gives byte for byte the
             output, reports and exit status it gives for the plain file
             (the file's name aside), from a file and from standard input;
             a file of several zstd frames, gzip members or bzip2 streams
             reads as their concatenation; the format is told by the
             magic number, not the name (a .pgn holding zstd, a .zst
             holding plain text); a folder is read for its *.pgn,
             *.pgn.zst, *.pgn.gz and *.pgn.bz2 files
  damaged    a stream cut short and a stream with bytes changed: exit 1,
             "FORMAT stream cut short|damaged at compressed byte N: ..."
             (N the cut's offset for a cut), and the games decoded before
             the problem written out (a prefix of the plain file; gzip and
             bzip2 check a member or block at its end, so what the damaged
             part decoded to before the check is written too)
  fix        audit --fix refuses a compressed input (file or pipe) and
             writes no output file
  jobs       gbr select -j 1 to 4 (its input cut into parts of 2 MiB read on
             threads of their own) writes, counts and reports the same bytes
             and exit status for every N: files of several MiB with comments
             over lines that start with '[', a long text before the first
             game (with and without a byte-order mark), bad FEN tags in
             late games, from files, pipes and zstd copies
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402

GBR, WORK = gbrtest.arguments("GBR", "WORK")
gbrtest.fresh_folder(WORK)

for tool in ("zstd", "gzip", "bzip2"):
    if not shutil.which(tool):
        print("%s is not installed: skipped (apt-get install zstd gzip bzip2)" % tool)
        sys.exit(77)

SOURCES = [gbrtest.path("corpus", "games", "lichess_sample.pgn"),
           gbrtest.path("src", "cli", "examples", "studies.pgn"),
           gbrtest.path("src", "cli", "examples", "queen_exchange.pgn")]
if os.path.exists("/usr/share/pgn-extract/eco.pgn"):
    SOURCES.append("/usr/share/pgn-extract/eco.pgn")

COMPRESS = {"zst": ["zstd", "-q", "-c"], "gz": ["gzip", "-c"], "bz2": ["bzip2", "-c", "-1"]}


def compress(kind, data):
    return subprocess.run(COMPRESS[kind], input=data, capture_output=True, check=True).stdout


def write(name, data):
    p = os.path.join(WORK, name)
    with open(p, "wb") as f:
        f.write(data)
    return p


def run(args, data=None):
    r = subprocess.run([GBR, *args], input=data, capture_output=True)
    return r.returncode, r.stdout, r.stderr


COMMANDS = [
    ["select", "*"],
    ["select", "--reached", "KR...vKR..."],
    ["select", "--count", "*", "K...vK..."],
    ["duplicates"],
    ["duplicates", "--format", "tsv", "--reached"],
    ["directory", "--format", "tsv"],
    ["audit"],
    ["lookup", "-p", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
    ["scan"],
    ["scan", "--buffer", "4096"],
]


def same_as_plain(plain_path, other_path, label, stdin=None):
    for cmd in COMMANDS:
        if stdin is None:
            want = run([*cmd, plain_path])
            got = run([*cmd, other_path])
            got = (got[0], got[1].replace(other_path.encode(), plain_path.encode()),
                   got[2].replace(other_path.encode(), plain_path.encode()))
        else:  # standard input is "-" in reports: the plain file through a pipe too
            want = run(cmd, data=open(plain_path, "rb").read())
            got = run(cmd, data=stdin)
        expect("%s: %s" % (label, " ".join(cmd)), got, want)


def group_same():
    for src in SOURCES:
        data = open(src, "rb").read()
        base = os.path.basename(src)
        plain = write(base, data)
        for kind in COMPRESS:
            packed = compress(kind, data)
            p = write(base + "." + kind, packed)
            same_as_plain(plain, p, "%s.%s" % (base, kind))
            same_as_plain(plain, None, "%s.%s on standard input" % (base, kind), stdin=packed)
            # several frames / members / streams: the parts' concatenation
            thirds = [data[:len(data) // 3], data[len(data) // 3:2 * len(data) // 3], data[2 * len(data) // 3:]]
            multi = write(base + ".multi." + kind, b"".join(compress(kind, t) for t in thirds))
            same_as_plain(plain, multi, "%s: three %s parts" % (base, kind))
    # the magic number decides, not the name
    data = open(SOURCES[0], "rb").read()
    plain = write("magic.pgn", data)
    disguised = write("disguised.pgn", compress("zst", data))
    named = write("named.zst", data)
    expect("a .pgn holding zstd", run(["select", "*", disguised])[1], data)
    expect("a .zst holding plain PGN", run(["select", "*", named])[1], data)
    expect("an empty .gz", run(["select", "*", write("empty.gz", compress("gz", b""))]),
           (0, b"", b"gbr: %s: warning: the input is empty (no games)\n" % os.path.join(WORK, "empty.gz").encode()))
    del plain
    # a folder: its *.pgn files and compressed ones (*.pgn.zst, *.pgn.gz, *.pgn.bz2) in name order
    folder = os.path.join(WORK, "folder")
    os.makedirs(folder)
    studies = open(SOURCES[1], "rb").read()
    for name, content in (("a.pgn.zst", compress("zst", data)), ("b.pgn", studies), ("c.PGN.GZ", compress("gz", data)),
                          ("d.pgn.bz2", compress("bz2", studies)), ("e.zst", compress("zst", data))):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(content)
    expect("a folder of plain and compressed files", run(["select", "*", folder])[1], data + studies + data + studies)


DAMAGE = re.compile(rb"^gbr: (\S+): (zstd|gzip|bzip2) stream (cut short|damaged) at compressed byte (\d+): .+$", re.M)


def group_damaged():
    data = open(SOURCES[0], "rb").read()
    for kind in COMPRESS:
        packed = compress(kind, data)
        name = {"zst": "zstd", "gz": "gzip", "bz2": "bzip2"}[kind]
        cut = len(packed) * 3 // 5
        for label, bad, what in (("cut short", packed[:cut], b"cut short"),
                                 ("damaged", packed[:cut] + bytes(b ^ 0x5A for b in packed[cut:cut + 64])
                                  + packed[cut + 64:], b"damaged")):
            p = write("bad.%s.%s" % (label.replace(" ", "_"), kind), bad)
            for how, result in (("file", run(["select", "*", p])), ("pipe", run(["select", "*"], data=bad))):
                status, out, err = result
                where = "%s %s (%s)" % (name, label, how)
                expect(where + ": exit status", status, 1)
                m = DAMAGE.search(err)
                if not m:
                    failures.append("%s: no damage report in %r" % (where, err[-400:]))
                    continue
                expect(where + ": format named", m.group(2), name.encode())
                expect(where + ": kind", m.group(3), what)
                at = int(m.group(4))
                if label == "cut short":
                    expect(where + ": the offset is the cut", at, cut)
                else:
                    # the change is found at or after its first byte, before the input's end
                    if not cut <= at <= len(bad):
                        failures.append("%s: offset %d outside [%d, %d]" % (where, at, cut, len(bad)))
                # the games decoded before the problem are handled: output starts as the file does (a
                # gzip member's or bzip2 block's check comes at its end: bytes decoded from the damaged
                # part before it are handed on, so only the first quarter is compared)
                quarter = len(data) // 4
                if label == "cut short":
                    quarter = len(out) - 70000
                if len(out) < len(data) // 4 or out[:quarter] != data[:quarter]:
                    failures.append("%s: %d bytes written, not the plain file's first games" % (where, len(out)))
                if not err.endswith(m.group(0) + b"\n"):
                    failures.append("%s: the damage is not the last report: %r" % (where, err[-300:]))


def group_fix():
    data = open(SOURCES[1], "rb").read()
    for kind in COMPRESS:
        packed = write("fix." + kind, compress(kind, data))
        out = os.path.join(WORK, "fixed.pgn")
        if os.path.exists(out):
            os.remove(out)
        for how, result in (("file", run(["audit", "--fix", "-o", out, packed])),
                            ("pipe", run(["audit", "--fix", "-o", out], data=open(packed, "rb").read()))):
            expect("audit --fix %s (%s): exit status" % (kind, how), result[0], 1)
            if b"stream: this reading copies its input byte for byte" not in result[2]:
                failures.append("audit --fix %s (%s): no refusal in %r" % (kind, how, result[2]))
            expect("audit --fix %s (%s): no output file" % (kind, how), os.path.exists(out), False)


def group_jobs():
    sample = open(SOURCES[0], "rb").read()
    studies = open(SOURCES[1], "rb").read()
    tricky = b"".join(
        sample + b'{ a comment\n[Event "not a game"]\n[Site "in the comment"]\n}\n' + studies
        + b'[Event "tags"]\n\n[Black "after a blank line"]\n\n1. e4 (1. d4\n[Stray "x"]\n d5) e5 *\n\n'
        for _ in range(4))
    cases = {
        "tricky.pgn": tricky,
        "lead.pgn": b"% padding line\n" * 170000 + sample * 2,
        "bom_lead.pgn": b"\xef\xbb\xbf" + b"% padding line\n" * 170000 + studies * 30,
        # the first part (2 to 4 MiB: cut at the first game after 2 MiB) selects nothing
        "bom_nothing_first.pgn": b"\xef\xbb\xbf" + sample * 3 + b"% pad\n" * 10 + studies * 3,
        "over_bound_lead.pgn": b"% padding line\n" * 1200000 + studies,
    }
    for name, data in cases.items():
        p = write(name, data)
        z = write(name + ".zst", compress("zst", data))
        for query in (["*"], ["KR...vK..."], ["--count", "*", "KNNNvKN"], ["K...vKQ..."]):
            want = run(["select", "-j", "1", *query, p])
            for j in ("2", "3", "4"):
                expect("%s: select -j %s %s" % (name, j, " ".join(query)), run(["select", "-j", j, *query, p]), want)
            got = run(["select", "-j", "2", *query, z])
            got = (got[0], got[1], got[2].replace(z.encode(), p.encode()))
            expect("%s.zst: select -j 2 %s" % (name, " ".join(query)), got, want)
            piped = run(["select", "-j", "3", *query], data=data)
            expect("%s through a pipe: select -j 3 %s" % (name, " ".join(query)), piped,
                   (want[0], want[1], want[2].replace(p.encode(), b"-")))


group_same()
group_damaged()
group_fix()
group_jobs()
gbrtest.finish("input_compressed")

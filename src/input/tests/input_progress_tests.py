#!/usr/bin/env python3
"""The progress line (src/input/input_progress.c) on a terminal, and nothing
on a pipe or in a file.

usage: input_progress_tests.py GBR WORK_DIR

gbr select --count reads games fed slowly through a pipe (half, a pause
of a second, the rest):
  - standard error a pseudo-terminal (python's pty module): the line
    "-: N MB read, G games, R games/s" is drawn in place ("\\r", erase to
    the line's end) and cleared at the end, and the count on standard
    output is the same as without it;
  - a zstd stream the same way: the line says the bytes decoded too;
  - a large regular file (the Lichess sample, 150 times) replayed with
    --reached on a terminal: the line says the time left;
  - gbr census -j 2 on the slow pipe: the line drawn and cleared while the
    input is read on two threads, the census the same as without it;
  - gbr census -j 1 and -j 2 on the slow pipe with games whose start cannot
    be played after the pause: each report erases the line before it is
    written, so it starts a clean line, and is whole;
  - standard error a pipe, and a file: no byte but the reports.
"""
import os
import pty
import re
import select
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import expect, failures  # noqa: E402

GBR, WORK = gbrtest.arguments("GBR", "WORK")
gbrtest.fresh_folder(WORK)
SAMPLE = open(gbrtest.path("corpus", "games", "lichess_sample.pgn"), "rb").read()
LINE = re.compile(rb"\r(\S+): [0-9.]+ MB read( \([0-9.]+ MB decoded\))?, \d+ games, \d+ games/s(, \d+:\d\d:\d\d left)?"
                  rb"\x1b\[K")


def feed_slowly(stream, data):
    def run():
        half = len(data) // 2
        stream.write(data[:half])
        stream.flush()
        time.sleep(1.0)
        stream.write(data[half:])
        stream.close()
    t = threading.Thread(target=run)
    t.start()
    return t


def on_terminal(args, data=None):
    """Runs gbr with standard error a pseudo-terminal; (stdout, what the terminal got)."""
    master, slave = pty.openpty()
    p = subprocess.Popen([GBR, *args], stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    feeder = feed_slowly(p.stdin, data) if data is not None else None
    out = []

    def read_out():
        out.append(p.stdout.read())
    reader = threading.Thread(target=read_out)
    reader.start()
    got = b""
    while True:
        r, _, _ = select.select([master], [], [], 0.1)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
        elif p.poll() is not None:
            # drain what is left
            try:
                while True:
                    r, _, _ = select.select([master], [], [], 0.2)
                    if not r:
                        break
                    chunk = os.read(master, 65536)
                    if not chunk:
                        break
                    got += chunk
            except OSError:
                pass
            break
    p.wait()
    reader.join()
    if feeder:
        feeder.join()
    os.close(master)
    return out[0], got


def plain_run(args, data):
    return subprocess.run([GBR, *args], input=data, capture_output=True)


def check_terminal(label, data, decoded):
    want = plain_run(["select", "--count", "*"], SAMPLE)
    out, tty = on_terminal(["select", "--count", "*"], data)
    expect(label + ": the count", out, want.stdout)
    lines = LINE.findall(tty)
    if not lines:
        failures.append("%s: no progress line on the terminal: %r" % (label, tty[:300]))
        return
    m = LINE.search(tty)
    expect(label + ": the source named", m.group(1), b"-")
    expect(label + ": the bytes decoded said", bool(m.group(2)), decoded)
    if not tty.endswith(b"\r\x1b[K"):
        failures.append("%s: the line is not cleared at the end: %r" % (label, tty[-60:]))


def check_not_terminal(label, data):
    src = os.path.join(WORK, "slow.pgn")
    with open(src, "wb") as f:
        f.write(data)
    half = len(data) // 2
    slow = "{ head -c %d %s; sleep 1; tail -c +%d %s; }" % (half, src, half + 1, src)
    err_pipe = subprocess.run(["sh", "-c", "%s | %s select --count '*' 2>&1 >/dev/null" % (slow, GBR)],
                              capture_output=True).stdout
    expect(label + ": nothing on a pipe", err_pipe, b"")
    path = os.path.join(WORK, "stderr.txt")
    subprocess.run(["sh", "-c", "%s | %s select --count '*' 2>%s >/dev/null" % (slow, GBR, path)])
    expect(label + ": nothing in a file", open(path, "rb").read(), b"")


check_terminal("plain through a pipe", SAMPLE, False)
zst = subprocess.run(["zstd", "-q", "-c"], input=SAMPLE, capture_output=True).stdout
if zst:
    check_terminal("zstd through a pipe", zst, True)
check_not_terminal("plain", SAMPLE)

# The progress of one input on several threads.
out, tty = on_terminal(["census", "-j", "2", "--json", "-"], SAMPLE)
expect("census -j 2: the census", out, plain_run(["census", "-j", "2", "--json", "-"], SAMPLE).stdout)
m = LINE.search(tty)
expect("census -j 2: a progress line naming the input", m.group(1) if m else None, b"-")
if not tty.endswith(b"\r\x1b[K"):
    failures.append("census -j 2: the line is not cleared at the end: %r" % tty[-60:])

# Reports while the line is up: erased first, never written on its remains.
BAD = b'[Event "bad start"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/X7 w - - 0 1"]\n\n1. e4 *\n\n'
for jobs in ("1", "2"):
    label = "census -j %s, reports under the line" % jobs
    out, tty = on_terminal(["census", "-j", jobs, "--json", "-"], SAMPLE + BAD * 3)
    if not LINE.search(tty):
        failures.append("%s: no progress line: %r" % (label, tty[:300]))
    reports = re.findall(rb"gbr: -:\d+:\d+: game \d+: [^\r\n]*", tty)
    expect(label + ": the reports written", len(reports), 3)
    for m in re.finditer(rb"gbr: -:", tty):
        before = tty[:m.start()]
        # each report starts a line: after an erase, or after the report before it
        if not (before.endswith(b"\r\x1b[K") or before.endswith(b"\n") or before == b""):
            failures.append("%s: a report written on the line's remains: %r" % (label, tty[max(0, m.start() - 80):m.start() + 20]))
    if not tty.endswith(b"\r\x1b[K") and not tty.endswith(b"\n"):
        failures.append("%s: the end: %r" % (label, tty[-60:]))

big = os.path.join(WORK, "big.pgn")
with open(big, "wb") as f:
    for _ in range(150):
        f.write(SAMPLE)
out, tty = on_terminal(["select", "--reached", "--count", "KR...vKR...", big])
m = LINE.search(tty)
if not m or not m.group(3):
    failures.append("a regular file on a terminal: no time left said: %r" % tty[:300])
gbrtest.finish("input_progress")

#!/usr/bin/env python3
"""Tests of `gbr sort`: directory order against keys computed independently
(ci/gen/gen_directory.py), stability, lines without a code last and counted,
the spill path with a tiny --memory, atomic -o.

usage: sort_tests.py GBR WORK_DIR GROUP   (GROUP: order, spill, output)
"""
import os
import subprocess
import sys

GBR, WORK, GROUP = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "..", "..", "..", "ci", "gen", "gen_directory.py")
failures = []


def expect(name, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (name, got[:2000] if isinstance(got, bytes) else got,
                                                       want[:2000] if isinstance(want, bytes) else want))


def gbr_sort(*args, data=None, env=None):
    return subprocess.run([GBR, "sort", *args], input=data, capture_output=True, env=env)


def generated(name, unique, repeat):
    plain, keyed = os.path.join(WORK, name + ".txt"), os.path.join(WORK, name + ".keyed")
    subprocess.run([sys.executable, GEN, "--unique", str(unique), "--repeat", str(repeat), "--out", plain,
                    "--keyed", keyed], check=True)
    with open(keyed, "rb") as f:
        rows = [line.split(b"\t", 1) for line in f.read().splitlines(keepends=True)]
    rows = [(k, i, text) for i, (k, text) in enumerate(rows)]
    rows.sort(key=lambda r: (r[0], r[1]))  # stable by construction: input index breaks ties
    return plain, b"".join(text for _, _, text in rows), sum(1 for k, _, _ in rows if k == b"~")


def test_order():
    lines = [b"no code first", b"=0323.12g3g1 Kubbel", b"0002.01 Troitzky B", b"a7d3 0116.00 b2b3c6d6 3/3+. Bent",
             b"0116.00a7d3 study, same kings", b"0116.00 material alone", b"0002.01 Troitzky A",
             b"(+0016.32d4g7) 1st Prize", b"another without", b"0002.01 Troitzky B",
             b"price 9999 but a7d3 0116.00 b2b3c6d6 3/3-+. later", b"+0116.00a7d3 win", b"last no code\r"]
    p = gbr_sort(data=b"\n".join(lines))  # the last line has no "\n"
    want = [b"0002.01 Troitzky B", b"0002.01 Troitzky A", b"0002.01 Troitzky B",
            b"(+0016.32d4g7) 1st Prize",
            b"0116.00 material alone", b"0116.00a7d3 study, same kings", b"+0116.00a7d3 win",
            b"a7d3 0116.00 b2b3c6d6 3/3+. Bent", b"price 9999 but a7d3 0116.00 b2b3c6d6 3/3-+. later",
            b"=0323.12g3g1 Kubbel",
            b"no code first", b"another without", b"last no code\r"]
    expect("hand-made order", p.stdout, b"".join(l + b"\n" for l in want))
    expect("exit", p.returncode, 0)
    expect("count on stderr", p.stderr, b"gbr: sort: 3 lines without a GBR code, written last in input order\n")
    p = gbr_sort(data=b"")
    expect("empty input", (p.stdout, p.returncode), (b"", 0))

    plain, want, no_code = generated("order", 30000, 3)
    p = gbr_sort(plain)
    expect("generated order (keys from gen_directory.py)", p.stdout, want)
    expect("generated count", p.stderr,
           b"gbr: sort: %d lines without a GBR code, written last in input order\n" % no_code)
    # Several files are one input, in order.
    p2 = gbr_sort(plain, plain)
    p3 = gbr_sort(data=open(plain, "rb").read() * 2)
    expect("two files = their concatenation", p2.stdout, p3.stdout)
    expect("bad --memory", gbr_sort("--memory", "12X").returncode, 2)
    expect("missing input", gbr_sort(os.path.join(WORK, "nope")).returncode, 1)


def test_spill():
    plain, want, _ = generated("spill", 4000, 2)
    tmp = os.path.join(WORK, "spill_tmp")
    os.makedirs(tmp, exist_ok=True)
    env = dict(os.environ, TMPDIR=tmp)
    in_memory = gbr_sort(plain, env=env).stdout
    expect("in memory", in_memory, want)
    # 2K of memory: hundreds of runs, merged in more than one round.
    for memory in ("1K", "2K", "64K"):
        p = gbr_sort("--memory", memory, plain, env=env)
        expect("--memory %s output" % memory, p.stdout, in_memory)
        expect("--memory %s exit" % memory, p.returncode, 0)
    # Through a pipe (the arena grows by doubling, no size known) and with a
    # budget that spills while read input waits behind the lines spilled.
    data = open(plain, "rb").read()
    for memory in ("3K", "100K", "256K"):
        p = gbr_sort("--memory", memory, data=data, env=env)
        expect("--memory %s from a pipe" % memory, p.stdout, in_memory)
        p = gbr_sort("--memory", memory, plain, plain, env=env)
        expect("--memory %s, the file twice" % memory, p.stdout, gbr_sort(data=data * 2, env=env).stdout)
    expect("no temporary files left", os.listdir(tmp), [])
    # A line longer than the memory limit still sorts.
    long_line = b"x" * 5000 + b" 0002.01\n"
    p = gbr_sort("--memory", "1K", data=b"4100.00 b\n" + long_line + b"0001.00 a\n")
    expect("long line", p.stdout, b"0001.00 a\n" + long_line + b"4100.00 b\n")


def test_output():
    d = os.path.join(WORK, "out_dir")
    os.makedirs(d, exist_ok=True)
    for name in os.listdir(d):
        os.remove(os.path.join(d, name))
    target = os.path.join(d, "directory.txt")
    src = os.path.join(d, "in.txt")
    with open(src, "wb") as f:
        f.write(b"4100.00 b\n0002.01 a\n")
    with open(target, "wb") as f:
        f.write(b"original\n")
    # An input that cannot be read: the target stays as it was, no temporary file remains.
    p = gbr_sort("-o", target, src, os.path.join(d, "missing.txt"))
    expect("missing input exit", p.returncode, 1)
    expect("target untouched", open(target, "rb").read(), b"original\n")
    expect("no temporary file after error", sorted(os.listdir(d)), ["directory.txt", "in.txt"])
    # A directory that does not exist: nothing is written.
    p = gbr_sort("-o", os.path.join(d, "no", "such"), src)
    expect("bad -o directory exit", p.returncode, 1)
    # Success: the target is replaced whole.
    p = gbr_sort("-o", target, src)
    expect("-o exit", (p.returncode, p.stdout), (0, b""))
    expect("-o content", open(target, "rb").read(), b"0002.01 a\n4100.00 b\n")
    expect("no temporary file after success", sorted(os.listdir(d)), ["directory.txt", "in.txt"])
    # In place, as sort -o allows.
    p = gbr_sort("-o", src, src)
    expect("in place", open(src, "rb").read(), b"0002.01 a\n4100.00 b\n")
    # The spilled path writes through -o too.
    plain, want, _ = generated("out", 2000, 1)
    p = gbr_sort("--memory", "4K", "-o", target, plain)
    expect("spilled -o", open(target, "rb").read(), want)
    expect("no temporary file after spilled -o", sorted(os.listdir(d)), ["directory.txt", "in.txt"])


{"order": test_order, "spill": test_spill, "output": test_output}[GROUP]()
if failures:
    print("FAILED %d check(s):" % len(failures))
    print("\n".join(failures))
    sys.exit(1)
print("ok")

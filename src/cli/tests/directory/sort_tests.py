#!/usr/bin/env python3
"""Tests of `gbr sort`: directory order against keys computed independently
(src/cli/tests/gen/gen_directory.py), stability, lines without a code last and counted,
a byte-order mark, the spill path with a tiny --memory (bounded open files),
atomic -o (modes, symbolic links, long names).

usage: sort_tests.py GBR WORK_DIR GROUP   (GROUP: order, spill, output)
"""
import os
import resource
import stat
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402
from gbrtest import failures  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "gen", "gen_directory.py")


def expect(name, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (name, got[:2000] if isinstance(got, bytes) else got,
                                                       want[:2000] if isinstance(want, bytes) else want))


def gbr_sort(*args, data=None, env=None, files=None, umask=None):
    """files: a limit on open descriptors (RLIMIT_NOFILE) for the run."""
    def limits():
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
        if umask is not None:
            os.umask(umask)
    return subprocess.run([GBR, "sort", *args], input=data, capture_output=True, env=env, preexec_fn=limits)


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
    test_bom()


def test_bom():
    """A UTF-8 byte-order mark at the start of each input is skipped when the
    code is looked for, as gbr scan does, and kept in the output."""
    bom = b"\xef\xbb\xbf"
    data = bom + b"0001.00 first\n0002.01 a\n" + bom + b"0000.01 not at the start\n"
    want = bom + b"0001.00 first\n0002.01 a\n" + bom + b"0000.01 not at the start\n"
    p = gbr_sort(data=data)
    expect("BOM on standard input", p.stdout, want)
    expect("BOM: one line without a code", p.stderr,
           b"gbr: sort: 1 line without a GBR code, written last in input order\n")
    # Each file's first line; also a code right after the mark, a study code
    # whose stipulation follows it, and a BOM alone.
    files = []
    for i, text in enumerate([bom + b"0002.01 b\n0000.10 c\n", bom + b"+0000.10a1h8 d\n", bom, bom + b"0000.10"]):
        files.append(os.path.join(WORK, "bom%d.txt" % i))
        with open(files[-1], "wb") as f:
            f.write(text)
    want = (b"0000.10 c\n" + bom + b"0000.10\n" + bom + b"+0000.10a1h8 d\n" + bom + b"0002.01 b\n" + bom + b"\n")
    for memory in ("1G", "1K"):
        p = gbr_sort("--memory", memory, *files)
        expect("BOM at the start of each file, --memory %s" % memory, (p.stdout, p.stderr),
               (want, b"gbr: sort: 1 line without a GBR code, written last in input order\n"))
    # A first line longer than the memory: the mark is still seen.
    long_line = bom + b"0001.00 " + b"x" * 5000 + b"\n"
    p = gbr_sort("--memory", "1K", data=b"".join([long_line, b"0002.01 a\n", b"0000.00 z\n"]))
    expect("BOM on a long first line", (p.stdout, p.stderr), (b"0000.00 z\n" + long_line + b"0002.01 a\n", b""))


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

    # Runs are merged as they pile up (MERGE_FAN_IN at a time), so open files
    # stay bounded: thousands of runs sort within 256 descriptors (macOS's
    # default limit); one descriptor per run would fail with "Too many open files".
    many = os.path.join(WORK, "many.txt")
    with open(many, "w") as f:
        for i in range(40000):
            position = "e1e8 0009.00 {b1c1d1/f6} 4/2. " if i % 5 == 0 else ""
            f.write("%d %s%04d.%02d\n" % (i, position, i * 7 % 4000, i % 89))
    want = gbr_sort(many, env=env).stdout
    p = gbr_sort("--memory", "1K", many, env=env, files=256)
    expect("thousands of runs within 256 open files", (p.stdout == want, p.returncode, p.stderr[-200:]),
           (True, 0, gbr_sort(many).stderr[-200:]))
    # One line longer than the arena must not leave it oversized, making every
    # later line a run of its own: the 1500 lines after it make a run or two,
    # well within 16 descriptors. 1500 runs would not fit, even merged as they
    # pile up (MERGE_FAN_IN - 1 = 63 of them are open before a merge).
    data = b"z" * 200000 + b" 0001.00\n" + b"".join(b"%d 0000.00\n" % i for i in range(1500))
    p = gbr_sort("--memory", "64K", data=data, env=env, files=16)
    expect("a long line, then short ones", (p.stdout, p.returncode),
           (gbr_sort(data=data).stdout, 0))
    # Inputs are opened one at a time: 300 named files sort within 32
    # descriptors, as one input in order.
    parts = os.path.join(WORK, "parts")
    os.makedirs(parts, exist_ok=True)
    names = []
    for i in range(300):
        names.append(os.path.join(parts, "%03d.txt" % i))
        with open(names[-1], "w") as f:
            f.write("%d %04d.%02d\n" % (i, i * 37 % 4000, i % 89))
    together = b"".join(open(n, "rb").read() for n in names)
    p = gbr_sort(*names, env=env, files=32)
    expect("300 inputs within 32 open files", (p.stdout, p.returncode), (gbr_sort(data=together).stdout, 0))
    expect("no temporary files left at the end", os.listdir(tmp), [])


def test_output():
    d = gbrtest.fresh_folder(os.path.join(WORK, "out_dir"))
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
    sorted_src = b"0002.01 a\n4100.00 b\n"

    # An existing target keeps its permission bits; a new one gets 0666 & ~umask.
    os.chmod(target, 0o604)
    p = gbr_sort("-o", target, src, umask=0o022)
    expect("existing target keeps its mode", (p.returncode, oct(stat.S_IMODE(os.stat(target).st_mode))), (0, "0o604"))
    new = os.path.join(d, "new.txt")
    p = gbr_sort("-o", new, src, umask=0o027)
    expect("new target's mode", (p.returncode, oct(stat.S_IMODE(os.stat(new).st_mode))), (0, "0o640"))
    os.remove(new)

    # A symbolic link stays a link: the file it points to is replaced, with the
    # temporary file beside that file. Relative links, a chain, a dangling one.
    sub = os.path.join(d, "sub")
    os.makedirs(sub)
    real = os.path.join(sub, "real.txt")
    with open(real, "wb") as f:
        f.write(b"old\n")
    os.chmod(real, 0o600)
    link, chain, dangling = (os.path.join(d, n) for n in ("link.txt", "chain.txt", "dangling.txt"))
    os.symlink("sub/real.txt", link)
    os.symlink("link.txt", chain)
    os.symlink("sub/made.txt", dangling)
    for name, path in (("link", link), ("chain of links", chain)):
        p = gbr_sort("-o", path, src)
        expect("-o %s" % name, (p.returncode, os.path.islink(path), open(real, "rb").read()), (0, True, sorted_src))
        expect("-o %s: the file's mode" % name, oct(stat.S_IMODE(os.stat(real).st_mode)), "0o600")
    p = gbr_sort("-o", dangling, src)
    expect("-o dangling link", (p.returncode, os.path.islink(dangling), open(dangling, "rb").read()),
           (0, True, sorted_src))
    expect("links: no temporary files", (sorted(os.listdir(d)), sorted(os.listdir(sub))),
           (["chain.txt", "dangling.txt", "directory.txt", "in.txt", "link.txt", "sub"], ["made.txt", "real.txt"]))
    # gbr audit --fix -o writes through the same code.
    p = subprocess.run([GBR, "audit", "--fix", "-o", link], input=b'[Event "e"]\n\n1. e4 *\n', capture_output=True)
    expect("audit --fix -o through a link", (p.returncode, os.path.islink(link), open(real, "rb").read(),
                                             oct(stat.S_IMODE(os.stat(real).st_mode))),
           (0, True, b'[Event "e"]\n\n1. e4 *\n', "0o600"))

    # Something other than a regular file is not replaced by a new file.
    fifo = os.path.join(d, "fifo")
    os.mkfifo(fifo)
    p = gbr_sort("-o", fifo, src)
    expect("-o a FIFO", (p.returncode, stat.S_ISFIFO(os.lstat(fifo).st_mode)), (1, True))
    p = gbr_sort("-o", sub, src)
    expect("-o a directory", (p.returncode, os.path.isdir(sub)), (1, True))

    # The longest name the file system allows: the temporary name is short.
    longest = os.path.join(d, "n" * min(255, os.pathconf(d, "PC_NAME_MAX")))
    p = gbr_sort("-o", longest, src)
    expect("-o the longest name", (p.returncode, p.stderr), (0, b""))
    expect("-o the longest name: content", open(longest, "rb").read() if p.returncode == 0 else None, sorted_src)


gbrtest.run_group({"order": test_order, "spill": test_spill, "output": test_output}, GROUP)
gbrtest.finish("sort " + GROUP)

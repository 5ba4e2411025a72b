"""What a hostile user does to the gbr command, one group of attacks per run.

Each check names the defect class it guards (the CLASS argument of `check`):
a failure says which promise broke, not only which command.

usage: hostile_tests.py GBR WORK_DIR GROUP
GROUP: descriptors, full, pipe, signals, spill, shrink, tmpfull, readonly,
       limit, owner, links, options, offset, fsize

Groups that need root (a tmpfs of their own, chown) print why they skip;
a group that made no check exits 77, which CTest reports as skipped, never as
passed. CI runs as root.
"""
import os
import random
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402

GBR, WORK, GROUP = gbrtest.arguments("GBR", "WORK", "GROUP")
IS_ROOT = os.geteuid() == 0
checks = 0
failures = []

FEN = "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1"
FEN_MATERIAL = "0116.00"


def check(defect_class, what, ok, detail=""):
    global checks
    checks += 1
    if not ok:
        failures.append("%s: %s%s" % (defect_class, what, ("\n    " + detail) if detail else ""))


def run(args, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("timeout", 60)
    return subprocess.run([GBR, *args], **kw)


def fresh_dir(name):
    return gbrtest.fresh_folder(os.path.join(WORK, name))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def temporaries(d):
    return sorted(n for n in os.listdir(d) if n.startswith(".gbr-"))


def temporary_written(d):
    """Whether a .gbr-* temporary with some content is in d now."""
    for name in temporaries(d):
        try:
            if os.path.getsize(os.path.join(d, name)) > 0:
                return True
        except OSError:  # renamed or removed since listed
            pass
    return False


def material_lines(n, seed=1):
    """n lines "CODE i", each with a valid material code, in random order."""
    rng = random.Random(seed)
    return b"".join(b"%d%d%d%d.%d%d line %d\n" % (rng.randrange(9), rng.randrange(9), rng.randrange(9),
                                                  rng.randrange(9), rng.randrange(9), rng.randrange(9), i)
                    for i in range(n))


# Three lines whose sorted order is known without running gbr.
UNSORTED = b"0002.01 b\nno code here\n0001.00 a\n"
SORTED = b"0001.00 a\n0002.01 b\nno code here\n"

# A PGN game whose GBR tag is wrong (fixed by --fix) and one whose tag cannot
# be read (reported on standard error, left as it is).
PGN = (b'[Event "x"]\n[GBR "+0016d4g7"]\n[FEN "8/6k1/8/8/3K4/8/8/8 w - - 0 1"]\n\n*\n'
       b'[Event "v"]\n[GBR "0002.99"]\n\n*\n')
PGN_FIXED = PGN.replace(b'[GBR "+0016d4g7"]', b'[GBR "+0000.00d4g7"]')


def closing(*fds):
    def close():
        for fd in fds:
            os.close(fd)
    return close


# ---- Closed standard descriptors --------------------------------------------
def test_descriptors():
    d = fresh_dir("descriptors")
    pgn, out = os.path.join(d, "in.pgn"), os.path.join(d, "out.pgn")
    write(pgn, PGN)
    # stderr closed: the temporary must not become fd 2, or the report about
    # game 2 lands in OUT.
    p = run(["audit", "--fix", "-o", out, pgn], preexec_fn=closing(2))
    check("closed-stderr-into-output", "audit --fix -o OUT with stderr closed: OUT holds only the fixed PGN",
          os.path.exists(out) and read(out) == PGN_FIXED, repr(read(out)) if os.path.exists(out) else "no OUT")
    check("closed-stderr-into-output", "audit --fix with stderr closed still says mismatch (exit 1)",
          p.returncode == 1, "exit %d" % p.returncode)

    src, sorted_out = os.path.join(d, "in.txt"), os.path.join(d, "sorted.txt")
    write(src, UNSORTED)
    for closed in ((2,), (1, 2), (0, 1, 2)):
        if os.path.exists(sorted_out):
            os.unlink(sorted_out)
        p = run(["sort", "--memory", "1K", "-o", sorted_out, src], preexec_fn=closing(*closed))
        check("closed-stderr-into-output", "sort -o OUT with fds %s closed writes exactly the sorted lines" % (closed,),
              os.path.exists(sorted_out) and read(sorted_out) == SORTED and p.returncode == 0,
              "exit %d, OUT %r" % (p.returncode, read(sorted_out) if os.path.exists(sorted_out) else None))

    # stdout closed: the output cannot be written, and that is said.
    p = run(["material", FEN], preexec_fn=closing(1))
    check("closed-stdout-silent", "material with stdout closed: exit 1 and a write error on stderr",
          p.returncode == 1 and b"cannot write the output" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr))
    p = run(["--help"], preexec_fn=closing(1))
    check("closed-stdout-silent", "--help with stdout closed: exit 1 and a write error on stderr",
          p.returncode == 1 and b"cannot write the output" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr))
    # stdin closed: reading it is an error; arguments do not need it.
    p = run(["material"], preexec_fn=closing(0))
    check("closed-stdin-silent", "material reading a closed stdin: exit 1 and a read error",
          p.returncode == 1 and b"cannot read" in p.stderr and p.stdout == b"", "exit %d, %r" % (p.returncode, p.stderr))
    p = run(["material", FEN], preexec_fn=closing(0))
    check("closed-stdin-silent", "material with arguments and stdin closed works",
          p.returncode == 0 and p.stdout == FEN_MATERIAL.encode() + b"\n", "exit %d, %r" % (p.returncode, p.stdout))


# ---- Output that cannot be written -------------------------------------------
def test_full():
    if not os.access("/dev/full", os.W_OK):
        print("skipped: no writable /dev/full")
        return
    d = fresh_dir("full")
    src, pgn = os.path.join(d, "in.txt"), os.path.join(d, "in.pgn")
    write(src, UNSORTED)
    write(pgn, PGN)
    listing = run(["--help"]).stdout.decode()
    commands = [line.split()[0] for line in listing.split("\nCommands:\n")[1].split("\n\n")[0].splitlines()]
    check("unreported-write-error", "gbr --help lists the commands", len(commands) >= 9, repr(commands))
    runs = [["--help"], ["--version"], ["material", FEN], ["decode", FEN_MATERIAL], ["scan", src], ["sort", src],
            ["audit", pgn], ["audit", "--fix", "-o", "-", pgn]] + [[c, "--help"] for c in commands]
    with open("/dev/full", "wb") as full:
        for args in runs:
            p = run(args, stdout=full, stderr=subprocess.PIPE, capture_output=False)
            check("unreported-write-error", "gbr %s > /dev/full: non-zero exit and a message" % " ".join(args),
                  p.returncode != 0 and b"cannot write the output: No space left on device" in p.stderr,
                  "exit %d, %r" % (p.returncode, p.stderr))


# ---- A reader that goes away ---------------------------------------------------
def test_pipe():
    d = fresh_dir("pipe")
    many = os.path.join(d, "many.txt")
    write(many, (FEN + "\n").encode() * 200000)
    for ignore in (False, True):
        def pre():
            signal.signal(signal.SIGPIPE, signal.SIG_IGN if ignore else signal.SIG_DFL)
        with open(many, "rb") as stdin:
            p = subprocess.Popen([GBR, "material"], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 preexec_fn=pre)
            first = p.stdout.readline()
            p.stdout.close()  # `| head -1`
            err = p.stderr.read()
            code = p.wait(timeout=30)
        check("sigpipe", "material | head -1: the first line is right", first == FEN_MATERIAL.encode() + b"\n",
              repr(first))
        if ignore:
            check("sigpipe", "material | head -1 with SIGPIPE ignored: exit 1, one write error",
                  code == 1 and err.count(b"cannot write the output: Broken pipe") == 1, "exit %d, %r" % (code, err))
        else:
            check("sigpipe", "material | head -1: ends by SIGPIPE, quietly", code == -signal.SIGPIPE and err == b"",
                  "exit %d, %r" % (code, err))

    # audit --fix -o OUT writes its mismatch lines to stdout: a reader that
    # goes away ends it by SIGPIPE, and that must not leave the temporary.
    game = PGN.split(b"[Event \"v\"]")[0]
    pgn, out = os.path.join(d, "many.pgn"), os.path.join(d, "out.pgn")
    write(pgn, game * 40000)
    write(out, b"old content\n")
    p = subprocess.Popen([GBR, "audit", "--fix", "-o", out, pgn], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()
    p.stderr.read()
    code = p.wait(timeout=30)
    check("temporary-left-by-signal", "audit --fix -o OUT | head -1: ends by SIGPIPE", code == -signal.SIGPIPE,
          "exit %d" % code)
    check("temporary-left-by-signal", "audit --fix -o OUT | head -1: no .gbr-* left", temporaries(d) == [],
          repr(temporaries(d)))
    check("temporary-left-by-signal", "audit --fix -o OUT | head -1: OUT unchanged", read(out) == b"old content\n")


# ---- Signals in the middle of -o writes -------------------------------------------
def wait_for(condition, p, timeout=30.0):
    """Polls until condition() holds; False when p ended first or time ran out."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        if p.poll() is not None:
            return False
        time.sleep(0.0005)
    return False


def test_signals():
    d = fresh_dir("signals")
    target = os.path.join(d, "target.txt")
    # Every signal that ends the process removes the temporary: those of a
    # user (hang-up, Ctrl-C, Ctrl-\\, kill), of timers and limits, and the
    # real-time ones. No core file is written for those that dump one.
    def no_core():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGALRM,
                signal.SIGXCPU, signal.SIGRTMIN + 2):
        name = signal.Signals(sig).name if sig in signal.Signals.__members__.values() else "SIG%d" % sig
        # sort: the temporary appears when the output starts; a small memory
        # makes the final merge (which writes the output) take a while.
        caught = False
        for lines in (200000, 800000, 3200000):
            src = os.path.join(d, "in_%d.txt" % lines)
            if not os.path.exists(src):
                write(src, material_lines(lines))
            write(target, b"the old target\n")
            p = subprocess.Popen([GBR, "sort", "--memory", "64K", "-o", target, src], stderr=subprocess.PIPE,
                                 preexec_fn=no_core)
            started = wait_for(lambda: temporary_written(d), p)
            if started:
                p.send_signal(sig)
            p.stderr.read()
            code = p.wait(timeout=60)
            if started and code == -sig:
                caught = True
                break
            # Finished before the signal landed: try a larger input.
        check("temporary-left-by-signal", "%s caught sort -o in the middle of its output" % name, caught)
        check("temporary-left-by-signal", "%s during sort -o: no .gbr-* left" % name, temporaries(d) == [],
              repr(temporaries(d)))
        check("temporary-left-by-signal", "%s during sort -o: target unchanged" % name,
              read(target) == b"the old target\n")

        # audit --fix -o: it opens OUT first and then streams; stdin held
        # open keeps it waiting with more than its 1 MiB buffer written.
        write(target, b"the old target\n")
        p = subprocess.Popen([GBR, "audit", "--fix", "-o", target], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, preexec_fn=no_core)
        game = PGN.split(b"[Event \"v\"]")[0]
        p.stdin.write(game * 30000)
        p.stdin.flush()
        started = wait_for(lambda: temporary_written(d), p)
        check("temporary-left-by-signal", "audit --fix -o started writing its temporary", started)
        p.send_signal(sig)
        code = p.wait(timeout=30)
        try:
            p.stdin.close()
        except BrokenPipeError:
            pass
        check("temporary-left-by-signal", "%s during audit --fix -o: killed by it" % name, code == -sig,
              "exit %d" % code)
        check("temporary-left-by-signal", "%s during audit --fix -o: no .gbr-* left" % name, temporaries(d) == [],
              repr(temporaries(d)))
        check("temporary-left-by-signal", "%s during audit --fix -o: target unchanged" % name,
              read(target) == b"the old target\n")

    # Run under nohup, SIGHUP stays ignored: the command finishes.
    write(target, b"the old target\n")
    src = os.path.join(d, "in_200000.txt")
    p = subprocess.Popen([GBR, "sort", "--memory", "64K", "-o", target, src], stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    if wait_for(lambda: temporaries(d) != [], p):
        p.send_signal(signal.SIGHUP)
    p.stderr.read()
    code = p.wait(timeout=60)
    check("ignored-signal-honoured", "sort -o under nohup finishes despite SIGHUP", code == 0 and temporaries(d) == []
          and read(target).count(b"\n") == 200000, "exit %d" % code)


# ---- A file size limit (ulimit -f) -----------------------------------------------
def test_fsize():
    # Writing past RLIMIT_FSIZE raises SIGXFSZ, whose default action ends the
    # process: sort -o once died of it with its .gbr-* temporary beside the
    # target. Now the write fails (EFBIG) and is reported as an output that
    # cannot be written: exit 1, the temporary removed, the target as it was.
    d = fresh_dir("fsize")
    src = os.path.join(d, "in.txt")
    write(src, material_lines(200000))
    pgn = os.path.join(d, "in.pgn")
    write(pgn, PGN.split(b'[Event "v"]')[0] * 20000)
    target = os.path.join(d, "target.txt")
    limit = 256 << 10

    def cap_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    for args in (["sort", "-o", target, src], ["sort", "--memory", "64K", "-o", target, src],
                 ["audit", "--fix", "-o", target, pgn], ["directory", "-o", target, pgn]):
        write(target, b"the old target\n")
        p = run(args, preexec_fn=cap_files)
        what = "gbr %s under a file size limit of 256 KiB" % " ".join(a for a in args if a not in (target, src, pgn))
        check("file-size-limit", "%s: exit 1 with a clear error, not killed by SIGXFSZ" % what,
              p.returncode == 1 and b"File too large" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr[-300:]))
        check("file-size-limit", "%s: no .gbr-* left, target unchanged" % what,
              temporaries(d) == [] and read(target) == b"the old target\n", repr(temporaries(d)))
    # The same commands within the limit write their output.
    write(target, b"the old target\n")
    p = run(["sort", "-o", target, src], preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20,) * 2))
    check("file-size-limit", "sort -o within the limit: done", p.returncode == 0 and read(target).count(b"\n") == 200000,
          "exit %d, %r" % (p.returncode, p.stderr[-300:]))


# ---- Spill files and SIGKILL ----------------------------------------------------
def spill_links(pid, tmpdir):
    links = []
    try:
        for fd in os.listdir("/proc/%d/fd" % pid):
            try:
                link = os.readlink("/proc/%d/fd/%s" % (pid, fd))
            except OSError:
                continue
            if link.startswith(tmpdir + "/"):
                links.append(link)
    except OSError:
        pass
    return links


def tmpfile_supported(d):
    if not hasattr(os, "O_TMPFILE"):
        return False
    try:
        os.close(os.open(d, os.O_TMPFILE | os.O_RDWR, 0o600))
        return True
    except OSError:
        return False


def test_spill():
    d = fresh_dir("spill")
    tmpdir = os.path.realpath(fresh_dir("spill/tmp"))
    src = os.path.join(d, "in.txt")
    write(src, material_lines(400000, seed=2))
    env = dict(os.environ, TMPDIR=tmpdir)
    if not os.path.isdir("/proc/self/fd"):
        print("skipped part: no /proc to look at open spill files")
    elif tmpfile_supported(tmpdir):
        # A spill file that has a name at any moment can be left by SIGKILL:
        # each must have been created without one (O_TMPFILE).
        p = subprocess.Popen([GBR, "sort", "--memory", "64K", "-o", os.path.join(d, "out.txt"), src], env=env,
                             stderr=subprocess.DEVNULL)
        seen = []
        wait_for(lambda: seen.extend(spill_links(p.pid, tmpdir)) or len(seen) > 0, p)
        p.kill()
        p.wait()
        check("spill-file-named", "spill files were seen open", len(seen) > 0)
        named = [link for link in seen if not os.path.basename(link).startswith("#")]
        check("spill-file-named", "every spill file was created without a name (O_TMPFILE)", named == [],
              repr(named[:3]))
    else:
        print("skipped part: %s has no O_TMPFILE" % tmpdir)
    # SIGKILL at many moments of the spilling: TMPDIR stays empty.
    rng = random.Random(3)
    for _ in range(8):
        p = subprocess.Popen([GBR, "sort", "--memory", "4K", src], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.0, 0.3))
        p.kill()
        p.wait()
        check("spill-file-left", "SIGKILL while spilling leaves nothing in TMPDIR", os.listdir(tmpdir) == [],
              repr(os.listdir(tmpdir)))
        for n in os.listdir(tmpdir):
            os.unlink(os.path.join(tmpdir, n))


# ---- A file that shrinks while scan reads it -----------------------------------
def test_shrink():
    d = fresh_dir("shrink")
    path = os.path.join(d, "big.txt")
    write(path, b"0002.01\n" * 1000000)
    p = subprocess.Popen([GBR, "scan", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = p.stdout.read(4096)  # it is searching the file now...
    time.sleep(0.3)              # ...and blocked writing: the pipe is full
    os.truncate(path, 4096)
    rest = p.stdout.read()
    err = p.stderr.read()
    code = p.wait(timeout=30)
    check("sigbus-on-shrink", "scan of a file that shrank: exit 1, not a signal", code == 1, "exit %d" % code)
    check("sigbus-on-shrink", "scan of a file that shrank says so",
          err == ("gbr: %s: cannot read: the file shrank while it was being read\n" % path).encode(), repr(err))
    out = first + rest
    check("sigbus-on-shrink", "the matches before the cut are reported, whole lines",
          out.startswith(("%s:1:1: material: 0002.01\n" % path).encode()) and out.endswith(b"\n"))


# ---- A full TMPDIR, a full target directory ----------------------------------------
def mount_tmpfs(d, size, readonly=False):
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s%s" % (size, ",ro" if readonly else ""), "tmpfs", d],
                       capture_output=True)
    return r.returncode == 0, r.stderr.decode().strip()


def unmount(d):
    subprocess.run(["umount", d], capture_output=True)


def test_tmpfull():
    if not IS_ROOT:
        print("skipped: needs root to mount a small tmpfs (CI runs as root)")
        return
    unmount(os.path.join(WORK, "tmpfull/small"))  # left by a run that was killed
    d = fresh_dir("tmpfull")
    small = fresh_dir("tmpfull/small")
    ok, why = mount_tmpfs(small, "256k")
    if not ok:
        print("skipped: cannot mount a tmpfs: %s" % why)
        return
    try:
        src = os.path.join(d, "in.txt")
        write(src, material_lines(100000, seed=4))  # about 2.4 MB: spills do not fit
        target = os.path.join(d, "target.txt")
        write(target, b"the old target\n")
        p = run(["sort", "--memory", "64K", "-o", target, src], env=dict(os.environ, TMPDIR=small))
        check("full-tmpdir", "sort spilling into a full TMPDIR: exit 1 and a clear error",
              p.returncode == 1 and b"No space left on device" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr))
        check("full-tmpdir", "full TMPDIR: target unchanged, no .gbr-* left, TMPDIR empty",
              read(target) == b"the old target\n" and temporaries(d) == [] and os.listdir(small) == [])
        p = run(["sort", "--memory", "64K", src], env=dict(os.environ, TMPDIR=small))
        check("full-tmpdir", "sort to stdout with a full TMPDIR: exit 1, nothing on stdout",
              p.returncode == 1 and p.stdout == b"", "exit %d, %d bytes out" % (p.returncode, len(p.stdout)))

        # The target's own directory is full: the temporary cannot be written.
        target = os.path.join(small, "target.txt")
        write(target, b"the old target\n")
        p = run(["sort", "-o", target, src])
        check("full-target-dir", "sort -o into a full directory: exit 1 and a clear error",
              p.returncode == 1 and b"No space left on device" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr))
        check("full-target-dir", "full directory: target unchanged, no .gbr-* left",
              read(target) == b"the old target\n" and temporaries(small) == [], repr(os.listdir(small)))
    finally:
        unmount(small)


def test_readonly():
    unmount(os.path.join(WORK, "readonly/ro"))  # left by a run that was killed
    d = fresh_dir("readonly")
    ro = fresh_dir("readonly/ro")
    src = os.path.join(d, "in.txt")
    write(src, UNSORTED)
    target = os.path.join(ro, "target.txt")
    write(target, b"the old target\n")
    mounted = False
    if IS_ROOT:  # root ignores permission bits: a read-only mount it is
        ok, why = mount_tmpfs(ro, "1m")
        if not ok:
            print("skipped: cannot mount a tmpfs: %s" % why)
            return
        mounted = True
        write(target, b"the old target\n")
        subprocess.run(["mount", "-o", "remount,ro", ro], check=True)
    else:
        os.chmod(ro, 0o555)
    try:
        for args in (["sort", "-o", target, src], ["audit", "--fix", "-o", target, src]):
            p = run(args)
            check("read-only-target-dir", "%s into a read-only directory: exit 1, clear error" % args[0],
                  p.returncode == 1 and b"cannot create a temporary file next to it" in p.stderr,
                  "exit %d, %r" % (p.returncode, p.stderr))
            check("read-only-target-dir", "%s: target unchanged" % args[0], read(target) == b"the old target\n")
    finally:
        if mounted:
            unmount(ro)
        else:
            os.chmod(ro, 0o755)


# ---- Lines at the limit ----------------------------------------------------------
LIMIT = 1 << 24
TOO_LONG = b"line longer than 16777216 bytes"


def test_limit():
    # A line of LIMIT bytes, not counting "\n" or "\r\n", is held whole;
    # LIMIT + 1 is cut. Each line is a run of 'x': an invalid FEN, judged and
    # reported at its column 1 either way; the line after it must keep its
    # number. The last line without "\n" follows the same rule.
    cases = []
    for length in (LIMIT - 1, LIMIT, LIMIT + 1):
        for ending in (b"\n", b"\r\n", b""):
            cases.append((length, ending))
    for length, ending in cases:
        line = b"x" * length + ending
        data = line + (FEN.encode() + b"\n" if ending else b"")
        p = run(["material"], input=data)
        cut = length > LIMIT
        label = "line of %d bytes + %r%s" % (length, ending, "" if ending else " at the end of input")
        check("line-limit", "%s: %s" % (label, "cut" if cut else "held whole"),
              (TOO_LONG in p.stderr) == cut, repr(p.stderr[:200]))
        want = b"error fen-piece 1\n" + (FEN_MATERIAL.encode() + b"\n" if ending else b"")
        check("line-limit", "%s: one output line each, in order" % label, p.stdout == want, repr(p.stdout[:200]))
        if cut:
            check("line-limit", "%s: reported at column 16777217" % label,
                  b"gbr: -:1:16777217: line longer than" in p.stderr, repr(p.stderr[:200]))
    # A CR that is the line's LIMIT+1-th byte is not its ending when no "\n"
    # follows it directly.
    p = run(["material"], input=b"x" * LIMIT + b"\rx\n")
    check("line-limit", "LIMIT bytes, CR, one more byte: cut", TOO_LONG in p.stderr, repr(p.stderr[:200]))

    # gbr sort holds each line to write it back whole: one longer than the
    # limit is reported at its line and column 16777217, not held (its
    # memory stays near the limit however small --memory is, however long
    # the line), and nothing is written, since the output would lack it;
    # with -o the target is left as it was. Lines up to the limit are sorted.
    d = fresh_dir("limit")
    code_line = b"0002.01 after\n"
    for length, ending in cases:
        line = b"0400.10 " + b"x" * (length - 8) + ending
        data = code_line + line + (code_line if ending else b"")
        cut = length > LIMIT
        label = "sort: line of %d bytes + %r%s" % (length, ending, "" if ending else " at the end of input")
        for memory in ("1K", "1G"):
            p = run(["sort", "--memory", memory], input=data)
            if cut:
                check("line-limit", "%s, --memory %s: reported at line 2, column 16777217, nothing written, exit 1"
                      % (label, memory), p.returncode == 1 and p.stdout == b"" and
                      b"gbr: -:2:16777217: line longer than 16777216 bytes" in p.stderr,
                      "exit %d, %d bytes out, %r" % (p.returncode, len(p.stdout), p.stderr[:300]))
            else:
                want = (code_line * 2 if ending else code_line) + line.rstrip(b"\n") + b"\n"
                check("line-limit", "%s, --memory %s: held whole and sorted" % (label, memory),
                      p.returncode == 0 and p.stdout == want and TOO_LONG not in p.stderr,
                      "exit %d, %d bytes out, %r" % (p.returncode, len(p.stdout), p.stderr[:300]))
    # Long lines in a file: every one reported, the -o target untouched.
    src = os.path.join(d, "long.txt")
    endless = b"0400.10 " + b"\0" * (64 << 20) + b"\n0002.01 a\n" + b"y" * (LIMIT + 5) + b"\n"
    write(src, endless)
    target = os.path.join(d, "target.txt")
    write(target, b"the old target\n")
    for memory in ("1K", "64M"):
        p = run(["sort", "--memory", memory, "-o", target, src])
        check("line-limit", "sort --memory %s -o: the lines of 64 MiB and 16 MiB + 5 reported, exit 1" % memory,
              p.returncode == 1 and p.stderr.count(b":16777217: " + TOO_LONG) == 2 and b"long.txt:1:16777217:" in p.stderr
              and b"long.txt:3:16777217:" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr[:400]))
        check("line-limit", "sort --memory %s -o: target untouched, no .gbr-* left" % memory,
              read(target) == b"the old target\n" and temporaries(d) == [])
    # Through a pipe: a line of 768 MiB is not held. Its peak resident size
    # (VmHWM of the process, read once all of the line but a pipe buffer has
    # been taken) stays under 256 MiB, also in a sanitizer build; holding the
    # line takes more than 768 MiB.
    p = subprocess.Popen([GBR, "sort", "--memory", "1K"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    zeros = b"\0" * (1 << 20)
    peak_kib = None
    try:
        p.stdin.write(b"0400.10 ")
        for _ in range(768):
            p.stdin.write(zeros)
        p.stdin.flush()
        with open("/proc/%d/status" % p.pid) as f:
            peak_kib = int(next(line for line in f if line.startswith("VmHWM:")).split()[1])
        p.stdin.write(b"\n0002.01 a\n")
        p.stdin.close()
    except (BrokenPipeError, OSError, StopIteration):
        pass
    out, err = p.stdout.read(), p.stderr.read()
    code = p.wait(timeout=120)
    check("line-limit", "sort of a 768 MiB line on standard input: reported, exit 1, nothing written",
          code == 1 and out == b"" and err.count(b":16777217: " + TOO_LONG) == 1 and b"-:1:16777217:" in err,
          "exit %d, %r" % (code, err[:400]))
    check("line-limit", "sort of a 768 MiB line on standard input: peak resident size under 256 MiB",
          peak_kib is not None and peak_kib < 256 << 10, "%r KiB" % peak_kib)


# ---- Standard input opened at an offset ----------------------------------------------
def test_offset():
    # `{ head -c N >/dev/null; gbr CMD; } < FILE`: standard input is the file
    # from byte N on, for a command that reads it as for one that maps it or
    # reads it twice. Each command's output and exit status must be those of
    # the same bytes arriving through a pipe.
    sample = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "studies.pgn")
    data = (b"0400.10 a rook ending before the offset\n+0002.01a1a3 (a study before it)\n" + read(sample) +
            b"\nafter: 0116.00 and a7d3 0116.00 b2b3c6d6 3/3+.\n")
    d = fresh_dir("offset")
    path = os.path.join(d, "db.pgn")
    write(path, data)
    third = data.index(b'[Event "Harbour')  # a game's start: a whole game lies before it
    commands = [["scan"], ["scan", "--buffer", "512"], ["sort"], ["audit"], ["directory"],
                ["directory", "--format", "json"], ["select", "*"], ["select", "--lines", "*"], ["duplicates"],
                ["duplicates", "--symmetry", "all", "--format", "tsv"]]
    for offset in (74, third):
        tail = data[offset:]
        for args in commands:
            with open(path, "rb") as f:
                f.seek(offset)
                got = run(args, stdin=f)
            want = run(args, input=tail)
            label = "gbr %s with standard input at byte %d of a file" % (" ".join(args), offset)
            check("stdin-offset", "%s: what a pipe of the same bytes gives" % label,
                  (got.stdout, got.stderr, got.returncode) == (want.stdout, want.stderr, want.returncode),
                  "got exit %d %r %r\n    want exit %d %r %r" % (got.returncode, got.stdout[:300], got.stderr[:200],
                                                             want.returncode, want.stdout[:300], want.stderr[:200]))
    # What a wrong start would show: the codes before the offset.
    with open(path, "rb") as f:
        f.seek(third)
        got = run(["scan"], stdin=f)
    check("stdin-offset", "scan at an offset reports none of the codes before it",
          b"0400.10" not in got.stdout and b"+0002.01a1a3" not in got.stdout and b"0116.00" in got.stdout,
          repr(got.stdout[:300]))


# ---- Owner and group, hard links ----------------------------------------------------
def test_owner():
    if not IS_ROOT:
        print("skipped: needs root to give files to nobody:nogroup (CI runs as root)")
        return
    d = fresh_dir("owner")
    os.chmod(d, 0o777)
    src = os.path.join(d, "in.txt")
    write(src, UNSORTED)
    os.chmod(src, 0o644)
    pgn = os.path.join(d, "in.pgn")
    write(pgn, PGN)
    os.chmod(pgn, 0o644)
    nobody, nogroup = 65534, 65534
    for args, want in ((["sort"], SORTED), (["audit", "--fix"], PGN_FIXED)):
        target = os.path.join(d, "target_%s.txt" % args[0])
        write(target, b"old\n")
        os.chown(target, nobody, nogroup)
        os.chmod(target, 0o640)
        p = run(args + ["-o", target, src if args[0] == "sort" else pgn])
        st = os.stat(target)
        check("owner-lost", "%s -o as root keeps a nobody:nogroup target's owner and group" % args[0],
              (st.st_uid, st.st_gid) == (nobody, nogroup), "now %d:%d" % (st.st_uid, st.st_gid))
        check("owner-lost", "%s -o keeps the mode and writes the output" % args[0],
              stat.S_IMODE(st.st_mode) == 0o640 and read(target) == want,
              "mode %o, exit %d, %r" % (stat.S_IMODE(st.st_mode), p.returncode, p.stderr))

    # Someone who cannot give the file back to its owner is refused. nobody
    # runs a copy of gbr in a folder of its own under /tmp: the checkout and
    # the build tree may sit below a folder only root can enter.
    d = tempfile.mkdtemp(prefix="gbr-hostile-owner-")
    os.chmod(d, 0o777)
    gbr_copy = os.path.join(d, "gbr")
    shutil.copy(GBR, gbr_copy)
    os.chmod(gbr_copy, 0o755)
    shutil.copy(src, os.path.join(d, "in.txt"))
    src = os.path.join(d, "in.txt")
    os.chmod(src, 0o644)
    target = os.path.join(d, "root_owned.txt")
    write(target, b"old\n")
    os.chmod(target, 0o666)

    def as_nobody():
        os.setgroups([])
        os.setgid(nogroup)
        os.setuid(nobody)
    p = subprocess.run([gbr_copy, "sort", "-o", target, src], capture_output=True, preexec_fn=as_nobody)
    check("owner-lost", "a target whose owner cannot be kept is refused with a clear error",
          p.returncode == 1 and b"owner and group" in p.stderr and b"not replaced" in p.stderr,
          "exit %d, %r" % (p.returncode, p.stderr))
    st = os.stat(target)
    check("owner-lost", "refused: target unchanged and still root's, no .gbr-* left",
          read(target) == b"old\n" and st.st_uid == 0 and temporaries(d) == [])
    shutil.rmtree(d)


def test_links():
    d = fresh_dir("links")
    src = os.path.join(d, "in.txt")
    write(src, UNSORTED)
    target, other = os.path.join(d, "target.txt"), os.path.join(d, "other_name.txt")
    write(target, b"old\n")
    os.link(target, other)
    p = run(["sort", "-o", target, src])
    check("hard-link-broken", "sort -o onto a file with 2 hard links: refused, exit 1, clear error",
          p.returncode == 1 and b"has 2 hard links" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr))
    check("hard-link-broken", "refused: both names still the same unchanged file, no .gbr-* left",
          os.path.samefile(target, other) and read(target) == b"old\n" and temporaries(d) == [])
    # Through a symbolic link to it: the same file, the same answer.
    link = os.path.join(d, "symlink.txt")
    os.symlink("target.txt", link)
    p = run(["audit", "--fix", "-o", link, src])
    check("hard-link-broken", "audit --fix -o through a symlink to a hard-linked file: refused",
          p.returncode == 1 and b"hard links" in p.stderr and read(target) == b"old\n", repr(p.stderr))
    # The way round it the refusal suggests (write elsewhere, copy over
    # FILE) keeps the links.
    with open(target, "r+b") as f:
        p = run(["sort", "-o", "-", src], stdout=f, stderr=subprocess.PIPE, capture_output=False)
        f.truncate()
    check("hard-link-broken", "output copied over FILE: both names see it",
          p.returncode == 0 and read(other) == SORTED and os.path.samefile(target, other))


# ---- Option values -------------------------------------------------------------------
def test_options():
    usage = [["sort", "-o", ""], ["sort", "-o="], ["sort", "--output", ""], ["audit", "--fix", "-o", ""],
             ["sort", "--memory", " 1K"], ["sort", "--memory", "+1K"], ["sort", "--memory", "1K "],
             ["sort", "--memory", "0x400"], ["sort", "--memory", "-1"], ["sort", "--memory", ""],
             ["sort", "--memory", "1023"], ["sort", "--memory", "1T"],
             ["scan", "--buffer", " 512"], ["scan", "--buffer", "+512"], ["scan", "--buffer", "511"],
             ["scan", "--form", "material,"], ["scan", "--form", ",material"], ["scan", "--form", "material,,study"],
             ["scan", "--form", ""], ["scan", "--form", ","], ["material", "--impl", ""]]
    for args in usage:
        p = run(args, input=b"")
        check("loose-option-value", "gbr %r is a usage error (exit 2)" % args,
              p.returncode == 2 and p.stdout == b"" and b"Try 'gbr" in p.stderr, "exit %d, %r" % (p.returncode, p.stderr))
    # Seconds are digits with an optional fraction; strtod alone would take these.
    for option in ("--timeout", "--fuzz"):
        for value in (" 5", "+5", "0x5", "inf", "nan", "5 ", "1e1"):
            p = run(["conform", option, value, "--", "true"], input=b"")
            check("loose-option-value", "gbr conform %s %r is a usage error naming the option" % (option, value),
                  p.returncode == 2 and (option + " needs").encode() in p.stderr, "exit %d, %r" % (p.returncode, p.stderr))
    good = [["sort", "--memory", "1K"], ["sort", "--memory", "1024"], ["sort", "--memory=2m"],
            ["scan", "--buffer", "512"], ["scan", "--form", "material,study"], ["scan", "--form=position"]]
    for args in good:
        p = run(args, input=b"0002.01\n")
        check("loose-option-value", "gbr %r is accepted" % args, p.returncode == 0, repr(p.stderr))


GROUPS = {"descriptors": test_descriptors, "full": test_full, "pipe": test_pipe, "signals": test_signals,
          "spill": test_spill, "shrink": test_shrink, "tmpfull": test_tmpfull, "readonly": test_readonly,
          "limit": test_limit, "owner": test_owner, "links": test_links, "options": test_options,
          "offset": test_offset, "fsize": test_fsize}

gbrtest.run_group(GROUPS, GROUP)
if checks == 0:  # nothing was tried: a skip, not a pass
    print("%s: no check ran" % GROUP)
    sys.exit(77)
for f in failures:
    print("FAIL", f)
print("%s: %d checks, %d failed" % (GROUP, checks, len(failures)))
sys.exit(1 if failures else 0)

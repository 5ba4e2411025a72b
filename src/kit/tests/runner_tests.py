"""The conformance runner against hostile programs, one group a run.

usage: runner_tests.py GBR HOSTILE_DIR VECTORS WORK GROUP
GROUP: orphans, sigpipe, memory, budget, answer-bounds

Each check names the promise it guards; a failure says which one broke.
HOSTILE_DIR holds the hostile programs (built, and the scripts beside
them). No check waits a fixed time for something to happen: each waits for
the event itself, under a limit generous for a loaded machine.
"""
import os
import signal
import subprocess
import sys
import time

GBR, HOSTILE, VECTORS, WORK, GROUP = sys.argv[1:6]
os.makedirs(WORK, exist_ok=True)
failures = []
checks = 0


def check(promise, what, ok, detail=""):
    global checks
    checks += 1
    print("%s: %s: %s" % ("ok" if ok else "FAILED", promise, what))
    if not ok:
        failures.append("%s: %s%s" % (promise, what, ("\n    " + detail) if detail else ""))


def hostile(name):
    return os.path.join(HOSTILE, name)


def wait_until(condition, limit):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def gone(pid):
    """Whether pid has ended (a zombie awaiting its reaper has ended)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):
        return True


def wait_rusage(p, limit):
    """Waits for p (killing it after limit seconds): (status, peak RSS in KiB, seconds)."""
    start = time.monotonic()
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            p.returncode = status
            return status, usage.ru_maxrss, time.monotonic() - start
        if time.monotonic() - start > limit:
            p.kill()
        time.sleep(0.01)


def test_orphans():
    """SIGINT, SIGTERM, SIGHUP to the runner, and `timeout`, end the program
    under test and what it started in its group."""
    for mode in ("per-case", "batch"):
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, "timeout"):
            name = sig if isinstance(sig, str) else sig.name
            pids_file = os.path.join(WORK, "pids-%s-%s" % (mode, name))
            if os.path.exists(pids_file):
                os.unlink(pids_file)
            command = [GBR, "conform", "--mode", mode, "--timeout", "600", "--level", "material", "--vectors",
                       VECTORS, "--", hostile("hostile_orphan"), pids_file]
            if sig == "timeout":
                # timeout(1) sends SIGTERM once its time is up: by then the
                # program has long written its pids (waited for below).
                command = ["timeout", "3"] + command
            p = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            started = wait_until(lambda: os.path.exists(pids_file), 60)
            check("the program ends with the runner", "%s, %s: the program started" % (mode, name), started)
            if not started:
                p.kill()
                p.wait()
                continue
            with open(pids_file) as f:
                pids = [int(x) for x in f.read().split()]
            if sig != "timeout":
                p.send_signal(sig)
            p.wait(timeout=60)
            expected = -signal.SIGTERM if sig == "timeout" else -sig
            if sig == "timeout":
                ok = p.returncode == 124
            else:
                ok = p.returncode == expected
            check("the runner ends as the signal says", "%s, %s: status %d" % (mode, name, p.returncode), ok)
            ended = wait_until(lambda: all(gone(pid) for pid in pids), 10)
            check("the program ends with the runner", "%s, %s: program %d and its child %d ended"
                  % (mode, name, pids[0], pids[1]), ended)
            for pid in pids:  # never leave one behind, whatever the runner did
                if not gone(pid):
                    os.kill(pid, signal.SIGKILL)


def test_sigpipe():
    """`gbr conform ... | head -1`: the runner ends when its reader is gone."""
    count_file = os.path.join(WORK, "starts")
    total = sum(1 for line in open(os.path.join(VECTORS, "material.tsv")) if line.strip() and not line.startswith("#"))
    for ignored in (False, True):
        open(count_file, "w").close()
        reader_r, runner_w = os.pipe()

        def child_setup():
            signal.signal(signal.SIGPIPE, signal.SIG_IGN if ignored else signal.SIG_DFL)
        p = subprocess.Popen([GBR, "conform", "--mode", "per-case", "--level", "material", "--vectors", VECTORS,
                              "--", hostile("hostile_wrong.sh"), count_file],
                             stdout=runner_w, stderr=subprocess.PIPE, preexec_fn=child_setup)
        os.close(runner_w)
        with os.fdopen(reader_r, "rb") as reader:
            first = reader.readline()  # head -1: one line, then the reader is gone
        status, _, _ = wait_rusage(p, 300)
        err = p.stderr.read().decode(errors="replace")
        with open(count_file) as f:
            starts = sum(1 for _ in f)
        how = "SIGPIPE ignored" if ignored else "SIGPIPE default"
        check("a closed report ends the run", "%s: read %r" % (how, first[:40]), first.startswith(b"FAIL "))
        if ignored:
            ok = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1 and "cannot write the report" in err
        else:
            ok = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGPIPE
        check("a closed report ends the run", "%s: the runner's status %r" % (how, status), ok, err[-300:])
        check("a closed report ends the run", "%s: the program was started %d times of %d cases"
              % (how, starts, total), starts < total // 2)


def test_memory():
    """A program writing 1 MiB of answer and of stderr a case: the runner's
    peak memory stays bounded, not a chunk's worth of answers."""
    p = subprocess.Popen([GBR, "conform", "--mode", "batch", "--level", "material", "--run", "y_material_*",
                          "--vectors", VECTORS, "--json", "--", hostile("hostile_flood")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    status, peak_kib, seconds = wait_rusage(p, 600)
    err = p.stderr.read().decode(errors="replace").strip().splitlines()
    closing = err[-1] if err else ""
    check("batch mode holds one answer at a time", "the run ended: %s (status %r, %.1f s)" % (closing, status, seconds),
          os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1 and closing.startswith("0 passed, "))
    print("peak RSS of the runner: %.1f MiB" % (peak_kib / 1024))
    check("batch mode holds one answer at a time", "peak RSS %.1f MiB, at most 96 MiB" % (peak_kib / 1024),
          peak_kib < 96 * 1024)


def test_budget():
    """--fuzz S never overruns S by more than one --timeout."""
    runs = [("hangs (batch)", 2, 5, ["--", hostile("hostile_hang")]),
            ("wedges (per-case)", 3, 1, ["--mode", "per-case", "--", hostile("hostile_wedge.sh"), GBR])]
    for what, seconds, timeout, program in runs:
        limit = seconds + timeout + 4  # the handshake, start-up and a loaded machine
        p = subprocess.Popen([GBR, "conform", "--fuzz", str(seconds), "--timeout", str(timeout), "--seed", "1",
                              "--level", "material", "--vectors", VECTORS] + program,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        status, _, took = wait_rusage(p, 10 * limit)
        out = p.stdout.read().decode(errors="replace").strip().splitlines()
        print("%s: --fuzz %d --timeout %d took %.1f s: %s" % (what, seconds, timeout, took, out[-1] if out else ""))
        check("the budget is a budget", "%s: --fuzz %d --timeout %d took %.1f s, at most %d s"
              % (what, seconds, timeout, took, limit), took <= limit)
        check("the budget is a budget", "%s: the run ended with its closing line (status %r)" % (what, status),
              os.WIFEXITED(status) and out and " distinct disagreements (seed 1, " in out[-1])


def test_answer_bounds():
    """--answer reads at most 16 MiB an input or request line."""
    for operation, status_expected, message in (
            ("material", 3, "gbr: -:1:16777217: input longer than 16777216 bytes"),
            ("batch", 2, "gbr: -:1:16777217: batch request line longer than 16777216 bytes")):
        with open("/dev/zero", "rb") as zero:
            p = subprocess.Popen([GBR, "conform", "--answer", operation], stdin=zero, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
            start = time.monotonic()
            peak = 0
            # Watched, so that a runner without the bound is stopped before
            # it takes the machine's memory.
            while p.poll() is None and time.monotonic() - start < 60:
                try:
                    with open("/proc/%d/status" % p.pid) as f:
                        rss = [int(line.split()[1]) for line in f if line.startswith("VmRSS:")]
                    peak = max([peak] + rss)
                except (FileNotFoundError, ProcessLookupError, ValueError):
                    pass
                if peak > 512 * 1024:
                    p.kill()
                time.sleep(0.01)
            if p.poll() is None:
                p.kill()
            p.wait()
        err = p.stderr.read().decode(errors="replace")
        check("--answer is bounded", "--answer %s < /dev/zero: status %d, expected %d" % (operation, p.returncode,
              status_expected), p.returncode == status_expected, err[-300:])
        check("--answer is bounded", "--answer %s < /dev/zero: says %r" % (operation, message), message in err, err[-300:])
        check("--answer is bounded", "--answer %s < /dev/zero: peak RSS %.1f MiB seen, at most 96 MiB"
              % (operation, peak / 1024), peak < 96 * 1024)


{"orphans": test_orphans, "sigpipe": test_sigpipe, "memory": test_memory, "budget": test_budget,
 "answer-bounds": test_answer_bounds}[GROUP]()
if failures:
    print("\n%d of %d checks failed:\n%s" % (len(failures), checks, "\n".join(failures)))
    sys.exit(1)
print("%d checks passed" % checks)

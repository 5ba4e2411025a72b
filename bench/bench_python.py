#!/usr/bin/env python3
"""The Python half of bench/bench_python.sh (run with the venv's interpreter):
per-call and bulk rates of gbr.material_code and gbr.study_code on a file of
FENs, the pure-Python fixture's per-call rate and the rate of spawning gbr
per position, with the ratios to libgbr's own rate (given by the script, as
measured by gbr_bench_lines in the same run). Before timing, it checks that
the binding, the fixture and gbr agree on the FENs it times them on.

Then: how bulk calls scale over threads (the GIL is released while libgbr
works, so scan of a large bytes text, nearly all C, scales with the cores;
the column functions make a Python object per item under the GIL, and the
share of their time spent so bounds their speedup, by Amdahl's law); scan
of a non-ASCII str against the same text as bytes; and MaterialCode.parse
against material_canonical."""
import argparse
import hashlib
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

import gbr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "spec", "vectors", "fixtures"))
import fen_material  # noqa: E402  (the pure-Python fixture)
import material_study  # noqa: E402


def median_rate(n, run, reps):
    rates = []
    for _ in range(reps):
        t0 = time.perf_counter()
        run()
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates)


def c_rate_once(bench_lines, operation, fens_path):
    out = subprocess.run([bench_lines, operation, fens_path, "1"], capture_output=True, text=True,
                         check=True).stdout
    return float(re.search(r"median (\d+) items/s", out).group(1))


def paired_rates(n, run, bench_lines, operation, fens_path, reps):
    """Medians of libgbr's rate (gbr_bench_lines) and of a Python bulk call
    on the same lines, measured in turn (C, Python, C, ...), so that the
    machine's load, which moves, weighs on both alike."""
    c, py = [], []
    for _ in range(reps):
        c.append(c_rate_once(bench_lines, operation, fens_path))
        py.append(median_rate(n, run, 1))
    return statistics.median(c), statistics.median(py)


def median_time(run, reps):
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def threads_time(run, threads, reps, calls=1):
    """Median wall time of `threads` threads each calling run() `calls`
    times, all started together."""
    def once():
        barrier = threading.Barrier(threads + 1)

        def worker():
            barrier.wait()
            for _ in range(calls):
                run()

        pool = [threading.Thread(target=worker) for _ in range(threads)]
        for t in pool:
            t.start()
        t0 = time.perf_counter()
        barrier.wait()
        for t in pool:
            t.join()
        return time.perf_counter() - t0

    return statistics.median(once() for _ in range(reps))


def scan_text(size, every=10):
    """Running text of about `size` bytes: prose with a code in one line of
    `every` (about 120 bytes a line), as in a magazine's pages or a
    collection's comments; the denser the codes, the more of the call is
    making the matches' tuples under the GIL."""
    rng = random.Random(5)
    words = ["the", "study", "by", "Kasparyan", "wins", "draw", "White", "Black", "move", "EG#14437", "1950",
             "Troitzky", "after", "and", "then", "prize", "1.Rb2", "Kd3"]
    codes = ["0400.10", "+0002.01e1e8", "e1e8 0100.00 a1 2/1+.", "(0116.00)", "=0130.21h3f3"]
    parts, n = [], 0
    while n < size:
        part = " ".join(rng.choice(words) for _ in range(rng.randrange(8, 30)))
        part += (" " + rng.choice(codes) if rng.randrange(every) == 0 else "") + ",\n"
        parts.append(part)
        n += len(part)
    return "".join(parts).encode()


def report_threads(fens, reps, c_material, c_position, cores):
    print()
    text = scan_text(16 << 20)
    sparse = scan_text(16 << 20, 100)
    block = b"x" * (64 << 20)
    print(f"threads ({cores} cores, load average {os.getloadavg()[0]:.1f}): each thread makes the whole call "
          f"(scan: 20 calls); speedup = 4 x one thread's time / wall time of 4")
    print(f"{'call':<34}{'1 thread s':>12}{'4 threads s':>13}{'speedup':>9}{'GIL share':>11}{'bound':>7}")
    # What this machine gives 4 threads now: a call that releases the GIL
    # for its whole run (hashlib, of 64 MiB).
    for label, run, calls in (("sha256 of 64 MiB (the ceiling)", lambda: hashlib.sha256(block).digest(), 1),
                              (f"scan, 16 MiB, {len(gbr._gbr.scan(text))} codes", lambda: gbr._gbr.scan(text), 20),
                              (f"scan, 16 MiB, {len(gbr._gbr.scan(sparse))} codes", lambda: gbr._gbr.scan(sparse),
                               20)):
        one = threads_time(run, 1, reps, calls)
        four = threads_time(run, 4, reps, calls)
        print(f"{label:<34}{one:>12.3f}{four:>13.3f}{4 * one / four:>9.2f}{'':>11}{cores:>7}")
    for label, run, c_rate in (("material_codes, %d FENs" % len(fens), lambda: gbr.material_codes(fens), c_material),
                               ("position_forms, %d FENs" % len(fens), lambda: gbr.position_forms(fens), c_position)):
        one = threads_time(run, 1, reps)
        four = threads_time(run, 4, reps)
        # The GIL is held for all but libgbr's own work, whose time is the
        # C rate's: share = 1 - (n / C rate) / one call's time.
        share = min(1.0, max(0.0, 1 - (len(fens) / c_rate) / one))
        bound = 1 / (share + (1 - share) / cores)  # Amdahl's, the GIL's share serial
        print(f"{label:<34}{one:>12.3f}{four:>13.3f}{4 * one / four:>9.2f}{share:>11.2f}{bound:>7.2f}")


def report_scan_str(reps):
    print()
    text = "é 0400.10 " * 32000
    data = text.encode()
    as_str = median_time(lambda: list(gbr.scan(text)), reps)
    as_bytes = median_time(lambda: list(gbr.scan(data)), reps)
    print(f"scan of 'é 0400.10 ' x 32,000 (32,000 codes): str {as_str:.4f} s, bytes {as_bytes:.4f} s, "
          f"ratio {as_str / as_bytes:.2f}")


def report_values(fens, reps):
    print()
    codes = gbr.material_codes(fens)
    parse = gbr.MaterialCode.parse
    canonical = gbr.material_canonical
    def run_parse():
        for c in codes:
            parse(c)

    def run_canonical():
        for c in codes:
            canonical(c)

    def run_key():
        sorted(codes, key=gbr.directory_key_of)

    p = median_rate(len(codes), run_parse, reps)
    c = median_rate(len(codes), run_canonical, reps)
    k = median_rate(len(codes), run_key, reps)
    print(f"MaterialCode.parse {p:,.0f}/s, material_canonical {c:,.0f}/s: ratio {c / p:.2f} (target <= 2); "
          f"sorted(key=directory_key_of) {k:,.0f} codes/s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fens", required=True)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--gbr", required=True)
    ap.add_argument("--bench-lines", required=True, help="gbr_bench_lines, libgbr's own rate")
    ap.add_argument("--cores", type=int, default=os.cpu_count())
    args = ap.parse_args()
    with open(args.fens, encoding="ascii") as f:
        fens = f.read().split("\n")[:-1]
    n = len(fens)
    print(f"gbr {gbr.__file__} (libgbr {gbr.LIBGBR_VERSION}, {gbr.SPEC_VERSION}); {n} FENs")

    fixture_material = lambda fen: fen_material.answer("fen-material", fen)  # noqa: E731
    fixture_study = lambda fen: fen_material.answer("fen-study-win", fen)  # noqa: E731
    sample = fens[:: max(1, n // 20000)]
    spawn_sample = fens[:: max(1, n // 200)]
    # The same answers, before any timing.
    material_codes = gbr.material_codes(fens)
    study_codes = gbr.study_codes(fens, result="win")
    assert material_codes == [gbr.material_code(f) for f in fens[:1000]] + material_codes[1000:]
    for i in range(0, n, max(1, n // 20000)):
        assert fixture_material(fens[i]) == material_codes[i], fens[i]
        assert fixture_study(fens[i]) == study_codes[i], fens[i]
    spawned = [subprocess.run([args.gbr, "material", f], capture_output=True, text=True, check=True).stdout.strip()
               for f in spawn_sample[:20]]
    assert spawned == [gbr.material_code(f) for f in spawn_sample[:20]]

    mc, sc = gbr.material_code, gbr.study_code

    def per_call_material():
        for f in fens:
            mc(f)

    def per_call_study():
        for f in fens:
            sc(f, result="win")

    rows = []
    for label, operation, per_call, bulk, fixture, command in (
        ("material_code", "fen-material", per_call_material, lambda: gbr.material_codes(fens), fixture_material,
         "material"),
        ("study_code", "fen-study-win", per_call_study, lambda: gbr.study_codes(fens, result="win"), fixture_study,
         "study"),
    ):
        call = median_rate(n, per_call, args.reps)
        c_rate, column = paired_rates(n, bulk, args.bench_lines, operation, args.fens, args.reps)

        def run_fixture():
            for f in sample:
                fixture(f)

        pure = median_rate(len(sample), run_fixture, args.reps)
        extra = ["--result", "win"] if command == "study" else []

        def run_spawn():
            for f in spawn_sample:
                subprocess.run([args.gbr, command] + extra + [f], capture_output=True, check=True)

        spawn = median_rate(len(spawn_sample), run_spawn, 1)
        rows.append((label, c_rate, call, column, pure, spawn))

    print()
    print(f"{'operation':<15}{'C items/s':>13}{'per call/s':>13}{'bulk items/s':>14}"
          f"{'fixture/s':>12}{'spawn/s':>10}")
    for label, c_rate, call, column, pure, spawn in rows:
        print(f"{label:<15}{c_rate:>13,.0f}{call:>13,.0f}{column:>14,.0f}{pure:>12,.0f}{spawn:>10,.0f}")
    print()
    print(f"{'operation':<15}{'call (>=1M/s)':>15}{'bulk/C (>=0.80)':>17}{'call/fixture (>=50)':>21}"
          f"{'call/spawn':>12}")
    for label, c_rate, call, column, pure, spawn in rows:
        print(f"{label:<15}{call / 1e6:>13.2f}M {column / c_rate:>16.2f}{call / pure:>21.0f}{call / spawn:>12.0f}")
    c_position, position = paired_rates(n, lambda: gbr.position_forms(fens), args.bench_lines, "fen-position",
                                        args.fens, args.reps)
    print(f"{'position_forms':<15} bulk {position:,.0f}/s, C {c_position:,.0f}/s: bulk/C {position / c_position:.2f}")
    report_threads(fens, args.reps, rows[0][1], c_position, args.cores)
    report_scan_str(args.reps)
    report_values(fens[:200000], args.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())

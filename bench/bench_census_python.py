#!/usr/bin/env python3
"""The census from Python (gbr.census) beside the command, and on threads.

The Lichess games of corpus/games/lichess_sample.pgn (438 games) copied
COPIES times (default 40) into one file; for each of RUNS runs (default 5),
wall seconds of:
  - `gbr census --json FILE > /dev/null` (the command);
  - gbr.census(FILE).to_json() in this process (the same work and output);
  - the same file as 4 byte ranges, one after the other, merged (what the
    Dask recipe's tasks do, on one core);
  - two censuses of FILE at once on two threads, against one: with the GIL
    released they overlap, and on two idle cores the pair takes about the
    time of one (ratio near 1.0; 2.0 would be no overlap at all); and the
    CPU seconds of the process over the wall seconds of the pair: the cores
    the two kept busy (up to 2 when the machine gives them two).
Figures: medians, games a second, and the ratios of each run's pair taken
in the same run. The machine's load average is printed: on a busy machine
the thread ratio says more about the load than about the package.

usage: BUILD/python/venv/bin/python bench/bench_census_python.py GBR_BIN
(the venv that CTest's python_binding makes has the package installed)
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import gbr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wall(fn, cores=None):
    """fn's wall seconds; cores gets the CPU seconds of this process in
    that time over them (the cores it kept busy)."""
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    fn()
    took = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    if cores is not None:
        cores.append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) / took)
    return took


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    gbr_bin = sys.argv[1]
    copies = int(os.environ.get("COPIES", "40"))
    runs = int(os.environ.get("RUNS", "5"))
    with open(os.path.join(ROOT, "corpus", "games", "lichess_sample.pgn"), "rb") as f:
        sample = f.read()
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "games.pgn")
        with open(path, "wb") as f:
            f.write(sample * copies)
        size = os.path.getsize(path)
        games = gbr.census(path).totals.games
        want = subprocess.run([gbr_bin, "census", "--json", path], capture_output=True, check=True).stdout
        assert gbr.census(path).to_json().encode() == want, "the package's census is not the command's"
        cuts = [0, size // 4, size // 2, 3 * size // 4, size]

        def ranges():
            return sum(gbr.census(path, start=a, end=b) for a, b in zip(cuts, cuts[1:]))

        def two():
            ts = [threading.Thread(target=gbr.census, args=(path,)) for _ in range(2)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()

        rows = {"command": [], "python": [], "ranges": [], "one": [], "two": []}
        cores = []
        for _ in range(runs):
            with open(os.devnull, "wb") as null:
                rows["command"].append(wall(lambda: subprocess.run([gbr_bin, "census", "--json", path], stdout=null,
                                                                   check=True)))
            rows["python"].append(wall(lambda: gbr.census(path).to_json()))
            rows["ranges"].append(wall(ranges))
            rows["one"].append(wall(lambda: gbr.census(path)))
            rows["two"].append(wall(two, cores))
        print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores; {games} games, {size / 1e6:.1f} MB, "
              f"{runs} runs, medians")
        for name, what in (("command", "gbr census --json"), ("python", "gbr.census().to_json()"),
                           ("ranges", "4 byte ranges merged"), ("one", "one census on a thread"),
                           ("two", "two censuses on two threads")):
            m = statistics.median(rows[name])
            n = 2 * games if name == "two" else games
            print(f"  {what:30} {m:7.3f} s  {n / m:10,.0f} games/s")
        ratio = statistics.median(p / c for p, c in zip(rows["python"], rows["command"]))
        print(f"  python / command, per run: {ratio:.2f}")
        ratio = statistics.median(r / p for r, p in zip(rows["ranges"], rows["one"]))
        print(f"  4 ranges / whole, per run: {ratio:.2f}")
        ratio = statistics.median(t / o for t, o in zip(rows["two"], rows["one"]))
        print(f"  two threads / one, per run: {ratio:.2f} (1.0: full overlap, 2.0: none); cores busy with the two: "
              f"median {statistics.median(cores):.2f}, most {max(cores):.2f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The Python half of ci/bench_python.sh (run with the venv's interpreter):
per-call and bulk rates of gbr.material_code and gbr.study_code on a file of
FENs, the pure-Python fixture's per-call rate and the rate of spawning gbr
per position, with the ratios to libgbr's own rate (given by the script, as
measured by gbr_bench_lines in the same run). Before timing, it checks that
the binding, the fixture and gbr agree on the FENs it times them on."""
import argparse
import os
import statistics
import subprocess
import sys
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fens", required=True)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--gbr", required=True)
    ap.add_argument("--c-material", type=float, required=True)
    ap.add_argument("--c-study", type=float, required=True)
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
    for label, c_rate, per_call, bulk, fixture, command in (
        ("material_code", args.c_material, per_call_material, lambda: gbr.material_codes(fens), fixture_material,
         "material"),
        ("study_code", args.c_study, per_call_study, lambda: gbr.study_codes(fens, result="win"), fixture_study,
         "study"),
    ):
        call = median_rate(n, per_call, args.reps)
        column = median_rate(n, bulk, args.reps)

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
    return 0


if __name__ == "__main__":
    sys.exit(main())

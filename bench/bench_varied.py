#!/usr/bin/env python3
"""Varied real games for the benchmarks, not one sample repeated (which
compresses unrealistically well): the games of the SOURCES (the missing
ones passed over) shuffled round after round, every round with the Lichess
games' clock comments, [Site] ids, Elo and times drawn afresh, so that
zstd's ratio is near a real month's, until SIZE_MB MB are written to OUT.
The same seed every time: the same file.

usage: bench_varied.py OUT SIZE_MB SOURCE...
"""
import os, random, re, sys
out, size_mb, sources = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
games = []
for path in sources:
    if os.path.exists(path):
        text = open(path, "rb").read().decode("latin-1")
        games += [g for g in re.split(r"\n(?=\[Event )", text) if g.strip()]
rng = random.Random(1)
clock = re.compile(r"\[%clk \d+:\d\d:\d\d\]")
site = re.compile(r'lichess\.org/\w+')
elo = re.compile(r'(Elo ")\d+')
utc = re.compile(r'(UTCTime ")[\d:]+')
with open(out, "w", encoding="latin-1") as f:
    written = 0
    while written < size_mb * 1000000:
        rng.shuffle(games)
        for g in games:
            g = clock.sub(lambda m: "[%%clk 0:%02d:%02d]" % (rng.randrange(10), rng.randrange(60)), g)
            g = site.sub(lambda m: "lichess.org/" + "".join(rng.choice("abcdefghijkLMNOPQ0123456789")
                                                            for _ in range(8)), g)
            g = elo.sub(lambda m: m.group(1) + str(rng.randrange(800, 2800)), g)
            g = utc.sub(lambda m: m.group(1) + "%02d:%02d:%02d" % (rng.randrange(24), rng.randrange(60),
                                                                   rng.randrange(60)), g)
            g = g.rstrip("\n") + "\n\n"
            f.write(g)
            written += len(g)

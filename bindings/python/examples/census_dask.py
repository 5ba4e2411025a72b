#!/usr/bin/env python3
"""The endgame census of a folder of PGN files on a Dask cluster
(docs/census.md, "On a cluster"): the files are cut into byte ranges (a
compressed file is one part: its games have no byte offsets), the workers
take the census of each part with gbr.census, the tallies are merged in a
tree on the cluster, and the sum is written as `gbr census` writes it: the
same bytes as `gbr census` of the files read one after the other.

    census_dask.py [--workers N | --scheduler tcp://HOST:8786] [--part-size BYTES]
                   [--json | --tsv | --html] [-o FILE] [census options] FOLDER|FILE...

Without --scheduler a LocalCluster of N worker processes (default 2) runs on
this machine, listening on the loopback interface only. The census options
are the command's: --ending, --pieces, --fold, --min-elo, --time-control,
--from, --to; so are --order and --group of the text, TSV and HTML tables.
A game's problem (a move that cannot be played) is written on standard
error as the command writes it, and the exit status is then 1.

Worker processes are started by spawning a new interpreter that imports
this file: the work below runs only under `if __name__ == "__main__":`.
"""
import argparse
import os
import sys
from typing import Iterable, List, Optional, Sequence, Tuple

import gbr

PGN_ENDS = (".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2")
# A part of a plain file: one task's work (about 3 s of census at the rate
# of one core; a Lichess month of 200 GB decompressed is some 800 parts).
PART_SIZE = 256 << 20

Part = Tuple[str, Optional[int], Optional[int]]  # path, start, end (None: the whole file)


def pgn_files(inputs: Sequence[str]) -> List[str]:
    """The inputs in the command's order: a file as it is named, a folder's
    *.pgn (and compressed *.pgn.zst, .gz, .bz2) files in byte order of their
    names, hidden ones passed over."""
    files: List[str] = []
    for name in inputs:
        if os.path.isdir(name):
            entries = sorted(os.listdir(os.fsencode(name)))
            files += [os.path.join(name, os.fsdecode(e)) for e in entries
                      if not e.startswith(b".") and os.fsdecode(e).lower().endswith(PGN_ENDS)
                      and os.path.isfile(os.path.join(os.fsencode(name), e))]
        else:
            files.append(name)
    return files


def is_compressed(path: str) -> bool:
    with open(path, "rb") as f:
        magic = f.read(4)
    return (magic[:4] == b"\x28\xb5\x2f\xfd" or (len(magic) == 4 and magic[0] & 0xF0 == 0x50
                                                 and magic[1:4] == b"\x2a\x4d\x18")
            or magic[:2] == b"\x1f\x8b" or (magic[:3] == b"BZh" and magic[3:4] in b"123456789" and len(magic) == 4))


def parts_of(path: str, part_size: int) -> List[Part]:
    """A plain file cut into ranges of part_size bytes (where they start
    and end exactly is gbr.census's: at the next game); a compressed or
    small file whole."""
    size = os.path.getsize(path)
    if size <= part_size or is_compressed(path):
        return [(path, None, None)]
    return [(path, a, min(a + part_size, size)) for a in range(0, size, part_size)]


def census_of(part: Part, options: dict) -> Optional[gbr.Census]:
    """A worker's task: the part's census, or None when the part ends inside
    a game (gbr.CensusBoundaryError: it and the part after it are taken
    again as one)."""
    path, start, end = part
    try:
        return gbr.census(path, start=start, end=end, **options)
    except gbr.CensusBoundaryError:
        return None


def merge(a: gbr.Census, b: gbr.Census) -> gbr.Census:
    return a + b


def is_none(value: object) -> bool:
    return value is None


def join(parts: Iterable[Part]) -> Part:
    """Parts in a row of one file as one range."""
    parts = list(parts)
    return (parts[0][0], parts[0][1], parts[-1][2])


def run(client, files: Sequence[str], options: dict, part_size: int):
    """The census of files on the client's cluster: a future of the sum,
    the number of parts and of those taken again with the part after."""
    parts = [p for f in files for p in parts_of(f, part_size)]
    cut, joined = len(parts), 0
    futures = client.map(census_of, parts, options=options, pure=False)
    # A part that ends inside a game (rare: a line of a comment that starts
    # with '[') is taken again with the parts after it, up to one that ends
    # between games; the census of the part after it, which started inside
    # that game, is dropped. Only booleans come back here.
    while True:
        failed = client.gather(client.map(is_none, futures, pure=False))
        if not any(failed):
            break
        i = failed.index(True)
        j = i + 1
        if j == len(parts) or parts[j][0] != parts[i][0]:  # cannot be: a file's last part ends at its end
            raise RuntimeError(f"{parts[i][0]}: its last part ends inside a game")
        whole = join(parts[i:j + 1])
        parts[i:j + 1] = [whole]
        futures[i:j + 1] = [client.submit(census_of, whole, options=options, pure=False)]
        joined += 1
    # The tallies merged in a tree on the workers: log2(parts) rounds.
    while len(futures) > 1:
        pairs = [client.submit(merge, futures[k], futures[k + 1], pure=False) for k in range(0, len(futures) - 1, 2)]
        futures = pairs + ([futures[-1]] if len(futures) % 2 else [])
    return futures[0], cut, joined


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description="The endgame census of PGN files on a Dask cluster.")
    parser.add_argument("inputs", nargs="+", metavar="FOLDER|FILE")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="the address of a running scheduler (tcp://HOST:8786)")
    where.add_argument("--workers", type=int, default=2, help="worker processes of a LocalCluster (default 2)")
    parser.add_argument("--part-size", type=int, default=PART_SIZE, help=f"bytes a part (default {PART_SIZE})")
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", dest="format", action="store_const", const="json")
    out.add_argument("--tsv", dest="format", action="store_const", const="tsv")
    out.add_argument("--html", dest="format", action="store_const", const="html")
    parser.add_argument("--order", default="frequency", choices=("frequency", "directory"))
    parser.add_argument("--group", default="none", choices=("none", "pieces"))
    parser.add_argument("-o", "--output", help="write to FILE instead of standard output")
    parser.add_argument("--ending", default="phase", choices=("phase", "final", "every", "reached"))
    parser.add_argument("--pieces", type=int)
    parser.add_argument("--fold", action="store_true")
    parser.add_argument("--min-elo", type=int, default=0)
    parser.add_argument("--time-control")
    parser.add_argument("--from", dest="date_from")
    parser.add_argument("--to", dest="date_to")
    args = parser.parse_args(argv)
    if args.part_size < 1:
        parser.error("--part-size must be at least 1")
    options = dict(ending=args.ending, pieces=args.pieces, fold=args.fold, min_elo=args.min_elo,
                   time_control=args.time_control, date_from=args.date_from, date_to=args.date_to)
    # The options checked here, once, rather than on every worker.
    try:
        gbr.census(os.devnull, **options)
    except ValueError as e:
        parser.error(str(e))
    files = pgn_files(args.inputs)
    if not files:
        print("census_dask.py: no PGN files in the inputs", file=sys.stderr)
        return 1

    from distributed import Client, LocalCluster
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    try:
        future, cut, joined = run(client, files, options, args.part_size)
        total = future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    print(f"census_dask.py: {len(files)} files in {cut} parts, {joined} taken again with the part after "
          "(they ended inside a game)", file=sys.stderr)
    for problem in total.problems:
        print(f"gbr: {problem}", file=sys.stderr)
    text = total.write(args.format or "text", **({} if args.format == "json" else
                                                  dict(order=args.order, group=args.group)))
    if args.output:
        temporary = args.output + ".part"
        with open(temporary, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(temporary, args.output)  # the output replaced whole, as the command does
    else:
        sys.stdout.write(text)
    return 1 if total.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

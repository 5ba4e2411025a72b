"""gbr.census against the gbr command: the tally of a file is `gbr census
--json` byte for byte (and each format the command writes, and the reports
it writes on standard error); the censuses of the byte ranges of any split
add up to the file's; compressed files give the file's census; the GIL is
released while the games are read; the errors."""
import json
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import threading
import time

import pytest

import gbr

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
LICHESS = os.path.join(ROOT, "corpus", "games", "lichess_sample.pgn")
STUDIES = os.path.join(ROOT, "src", "cli", "examples", "studies.pgn")
QUEENS = os.path.join(ROOT, "src", "cli", "examples", "queen_exchange.pgn")
GBR_BIN = os.environ.get("GBR_BIN")
needs_gbr = pytest.mark.skipif(not GBR_BIN, reason="GBR_BIN (the gbr command) not given")

# The command's options and the same as keyword arguments.
OPTION_SETS = [
    ([], {}),
    (["--ending", "final", "--fold"], {"ending": "final", "fold": True}),
    (["--ending", "every"], {"ending": "every"}),
    (["--pieces", "2"], {"pieces": 2}),
    (["--min-elo", "1800", "--time-control", "blitz,rapid"], {"min_elo": 1800, "time_control": ["blitz", "rapid"]}),
    (["--from", "2025.05.10", "--to", "2025.05"], {"date_from": "2025.05.10", "date_to": "2025.05"}),
]


def command(*args):
    return subprocess.run([GBR_BIN, "census", *args], capture_output=True, timeout=300)


@needs_gbr
@pytest.mark.parametrize("path", [LICHESS, STUDIES, QUEENS])
@pytest.mark.parametrize("flags,options", OPTION_SETS)
def test_the_json_is_the_commands_byte_for_byte(path, flags, options):
    ours = gbr.census(path, **options).to_json()
    theirs = command("--json", *flags, path)
    assert theirs.stdout, theirs.stderr
    assert ours.encode("utf-8") == theirs.stdout


@needs_gbr
@pytest.mark.parametrize("fmt,flags,args", [
    ("text", [], {}), ("tsv", ["--tsv"], {}), ("html", ["--html"], {}),
    ("text", ["--order", "directory", "--group", "pieces"], {"order": "directory", "group": "pieces"}),
    ("html", ["--html", "--title", "A <month>"], {"title": "A <month>"}),
])
def test_each_format_is_the_commands(fmt, flags, args):
    c = gbr.census(LICHESS, ending="final", fold=True)
    theirs = command(*flags, "--ending", "final", "--fold", LICHESS)
    assert c.write(fmt, **args).encode("utf-8") == theirs.stdout


@needs_gbr
def test_problems_are_the_commands_reports():
    c = gbr.census(STUDIES)
    theirs = command("--json", STUDIES)
    assert theirs.returncode == 1
    reports = theirs.stderr.decode("utf-8").splitlines()
    assert reports and all(r.startswith("gbr: ") for r in reports)
    assert c.problems == [r[len("gbr: "):] for r in reports]
    assert c.totals.not_replayed > 0
    assert gbr.census(LICHESS).problems == []


def test_classes_and_totals_are_the_tally():
    c = gbr.census(LICHESS, ending="final")
    data = json.loads(c.to_json())
    classes = c.classes()
    assert len(classes) == len(data["classes"]) > 100
    for got, row in zip(classes, data["classes"]):
        assert isinstance(got.code, gbr.MaterialCode)
        assert str(got.code) == row["code"]
        assert (got.games, got.plies, got.endings) == (row["games"], row["plies"], row["endings"])
        assert list(got.results) == row["results"]
    assert sorted(k.code for k in classes) == [k.code for k in classes]  # directory order
    t = c.totals
    assert t.games == data["totals"]["games"] == 438
    assert t.counted == data["totals"]["counted"]
    assert sum(k.endings for k in classes) == t.counted  # ending final: one a game
    assert sum(t.results) == t.counted and list(t.results) == data["totals"]["results"]
    assert c.ending == "final"


def test_merge_adds_up_and_pickles():
    a, b = gbr.census(LICHESS), gbr.census(QUEENS)
    both = a + b
    assert both.totals.games == a.totals.games + b.totals.games
    assert sum([a, b]) == both
    assert both == a.merge(b)
    assert both != a
    again = pickle.loads(pickle.dumps(both))
    assert again == both and again.to_json() == both.to_json()
    assert gbr.Census.from_json(both.to_json()) == both
    with pytest.raises(ValueError, match="other options"):
        a + gbr.census(QUEENS, fold=True)
    with pytest.raises(TypeError):
        a.merge("not a census")  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        a.problems = []  # type: ignore[misc]
    with pytest.raises(TypeError):
        gbr.Census()


@needs_gbr
def test_merge_is_the_commands_merge(tmp_path):
    parts = []
    for i, path in enumerate([LICHESS, STUDIES, QUEENS]):
        out = tmp_path / f"{i}.json"
        out.write_bytes(command("--json", path).stdout)
        parts.append(str(out))
    theirs = subprocess.run([GBR_BIN, "census", "--merge", "--json", *parts], capture_output=True)
    ours = gbr.census(LICHESS) + gbr.census(STUDIES) + gbr.census(QUEENS)
    assert ours.to_json().encode("utf-8") == theirs.stdout
    assert gbr.Census.from_json((tmp_path / "0.json").read_bytes()) == gbr.census(LICHESS)


def ranged(path, cuts, **options):
    """The census of path as the ranges between cuts, a range that ends
    inside a game taken again with the one after it (docs/census.md)."""
    bounds = list(zip(cuts, cuts[1:]))
    total, joined = None, 0
    i = 0
    while i < len(bounds):
        start, end = bounds[i]
        try:
            part = gbr.census(path, start=start, end=end, **options)
        except gbr.CensusBoundaryError as e:
            assert (e.start, e.end) == (start, end)
            bounds[i:i + 2] = [(start, bounds[i + 1][1])]
            joined += 1
            continue
        total = part if total is None else total + part
        i += 1
    return total, joined


def test_byte_ranges_add_up_to_the_file():
    whole = gbr.census(LICHESS)
    size = os.path.getsize(LICHESS)
    rng = random.Random(33)
    splits = [
        [0, size],
        [0, size // 2, size],
        [0, 1, 2, 3, 500, 501, size - 1, size],                   # tiny ranges
        [0, 0, 0, 7, 7, size],                                    # empty ones
        sorted({0, size, *(rng.randrange(size) for _ in range(40))}),  # cuts inside games
        list(range(0, size, 4093)) + [size],
        [0, size, size + 1000],                                   # past the end: no games
    ]
    for cuts in splits:
        total, joined = ranged(LICHESS, cuts)
        assert joined == 0
        assert total == whole, cuts
        assert total.totals.games == 438


def test_byte_ranges_with_the_options():
    size = os.path.getsize(LICHESS)
    cuts = [0, size // 3, 2 * size // 3, size]
    for _, options in OPTION_SETS:
        assert ranged(LICHESS, cuts, **options)[0] == gbr.census(LICHESS, **options)


def test_a_range_ending_inside_a_game_is_refused_and_joined(tmp_path):
    # Games whose comments hold a blank line and lines starting with '[': a
    # cut there is at a line that looks like a game's start and is not.
    game = ('[Event "e@"]\n[Result "1-0"]\n\n1. e4 {a comment\n\n[%clk 0:01:00] going on\n\n[not a tag}\n'
            'e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n')
    path = tmp_path / "comments.pgn"
    path.write_text("".join(game.replace("@", str(n)) for n in range(30)), encoding="ascii")
    whole = gbr.census(str(path))
    assert whole.totals.counted == 30 and whole.problems == []
    inside = path.read_bytes().index(b"[%clk")
    with pytest.raises(gbr.CensusBoundaryError) as e:
        gbr.census(str(path), start=0, end=inside)
    assert (e.value.start, e.value.end) == (0, inside)
    assert pickle.loads(pickle.dumps(e.value)).end == inside
    size = path.stat().st_size
    for step in (7, 50, 97, 333):
        total, joined = ranged(str(path), list(range(0, size, step)) + [size])
        assert joined > 0
        assert total.to_json() == whole.to_json()


def compressed(tmp_path, program, suffix, source=LICHESS):
    if not shutil.which(program):
        pytest.skip(f"no {program}")
    out = tmp_path / (os.path.basename(source) + suffix)
    with open(source, "rb") as f, open(out, "wb") as g:
        subprocess.run([program, "-c"], stdin=f, stdout=g, check=True)
    return str(out)


@pytest.mark.parametrize("program,suffix", [("zstd", ".zst"), ("gzip", ".gz"), ("bzip2", ".bz2")])
def test_compressed_files_give_the_files_census(tmp_path, program, suffix):
    path = compressed(tmp_path, program, suffix)
    assert gbr.census(path) == gbr.census(LICHESS)
    assert gbr.census(path, ending="every", fold=True) == gbr.census(LICHESS, ending="every", fold=True)
    with pytest.raises(ValueError, match="no byte ranges"):
        gbr.census(path, start=0, end=100)


@needs_gbr
def test_a_truncated_stream_is_reported_as_the_command_does(tmp_path):
    path = compressed(tmp_path, "zstd", ".zst")
    data = open(path, "rb").read()
    cut = tmp_path / "cut.pgn.zst"
    cut.write_bytes(data[:len(data) // 2])
    ours = gbr.census(str(cut))
    theirs = command("--json", str(cut))
    # The games before the cut are counted, the cut is reported, exit 1.
    assert theirs.returncode == 1 and theirs.stdout == ours.to_json().encode("utf-8")
    assert 0 < ours.totals.games < gbr.census(path).totals.games
    report = theirs.stderr.decode("utf-8").strip().splitlines()[-1]
    assert "cut short at compressed byte" in report
    assert ours.problems[-1] == report[len("gbr: "):]


def test_errors():
    with pytest.raises(FileNotFoundError):
        gbr.census(os.path.join(ROOT, "no such file.pgn"))
    with pytest.raises(IsADirectoryError):
        gbr.census(ROOT, start=0, end=10)
    for bad in [dict(ending="middle"), dict(pieces=31), dict(pieces=-1), dict(ending="final", pieces=3),
                dict(min_elo=20000), dict(time_control="blitz,slow"), dict(date_from="2024.13"),
                dict(date_from="2024", date_to="2023"), dict(start=5), dict(start=10, end=5),
                dict(start=-1, end=5)]:
        with pytest.raises(ValueError):
            gbr.census(LICHESS, **bad)
    with pytest.raises(ValueError, match=r"^x.json:1:1: "):
        gbr.Census.from_json("[]", "x.json")
    with pytest.raises(ValueError):
        gbr.census(LICHESS).write("pdf")
    with pytest.raises(ValueError):
        gbr.census(LICHESS).write("text", title="no page")


def test_the_gil_is_released_while_the_games_are_read(tmp_path):
    # A file large enough for a census of some tenths of a second; while it
    # runs on a thread, this one counts, noting the time every 100 steps.
    # With the GIL held through the C call this thread could not take one
    # step in the middle half of the census (the census's own Python code is
    # before and after the call); released, it takes many there, unless
    # the machine gives it no time at all for a quarter of a second.
    big = tmp_path / "big.pgn"
    with open(LICHESS, "rb") as f:
        sample = f.read()
    big.write_bytes(sample * 60)
    started = threading.Event()
    span = []

    def work():
        t0 = time.perf_counter()
        started.set()
        gbr.census(str(big))
        span.extend([t0, time.perf_counter()])

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    steps, noted = 0, []
    while worker.is_alive():
        steps += 1
        if steps % 100 == 0:
            noted.append(time.perf_counter())
    worker.join()
    t0, t1 = span
    census_time = t1 - t0
    middle = [t for t in noted if t0 + census_time / 4 <= t <= t1 - census_time / 4]
    assert census_time > 0.1, f"the census took {census_time:.3f} s: too short to tell"
    assert len(middle) >= 10, (f"{100 * len(middle)} steps of this thread in the middle half of a "
                               f"{census_time:.3f} s census ({steps} in all)")


def test_two_censuses_on_threads_keep_their_problems_apart():
    results = {}

    def work(path, key):
        results[key] = [gbr.census(path) for _ in range(5)]

    threads = [threading.Thread(target=work, args=(STUDIES, "s")), threading.Thread(target=work, args=(LICHESS, "l"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    studies = gbr.census(STUDIES)
    assert all(c.problems == studies.problems and c == studies for c in results["s"])
    assert all(c.problems == [] and c == results["l"][0] for c in results["l"])
    assert all(re.match(r".*studies\.pgn:\d+:\d+: ", p) for p in studies.problems)


def test_a_subinterpreter_takes_its_own_census():
    """A subinterpreter imports gbr, takes a census and is destroyed, twice;
    the main interpreter's censuses go on (each interpreter has its own
    module and Tally type)."""
    pytest.importorskip("_xxsubinterpreters")
    code = f"""
import _xxsubinterpreters as interpreters
import gbr
before = gbr.census({QUEENS!r}, ending="final")
inner = '''
import gbr
c = gbr.census({QUEENS!r}, ending="final") + gbr.census({STUDIES!r}, ending="final")
assert c.totals.games == 25 and c.problems, c
'''
for _ in range(2):
    interp = interpreters.create()
    interpreters.run_string(interp, inner)
    interpreters.destroy(interp)
after = gbr.census({QUEENS!r}, ending="final")
print(after == before, (after + before).totals.games)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "True 2\n"

#!/usr/bin/env python3
"""An independent reckoning of `gbr census`, written from docs/census.md and
spec/gbr.md alone: no gbr code is used.

pgn-extract (--fencomments, variations and comments dropped) replays the
games and writes the position after every move as a FEN comment; this
script reads those positions, gives each its GBR material code by the
spec's rule (§2.1: per Q, R, B, N the digit white + 3 x black, 9 when a
side has three or more; then the white and black pawns), and tallies what
the census counts: per class the games that reach it, the plies spent in
it (moves played from its positions), the games whose ending it is and
their results; the games counted, left out by a filter, never reaching the
ending, and their results.

usage: census_reckon.py FILE.pgn... [--ending phase|final|every] [--pieces N]
           [--fold] [--min-elo N] [--time-control LIST] [--from D] [--to D]
writes the tally as JSON (the shape of `gbr census --json`'s classes and totals).
"""
import argparse
import json
import re
import subprocess
import sys

PGN_EXTRACT = "/usr/games/pgn-extract"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TYPES = "QRBN"
VALUES = {"Q": 9, "R": 5, "B": 3, "N": 3, "P": 1}
RESULTS = {"1-0": 0, "1/2-1/2": 1, "0-1": 2, "*": 3}
SPEEDS = ["ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"]


def men(fen):
    """{'Q': (white, black), ...} of a FEN's placement, kings left out."""
    placement = fen.split()[0]
    return {t: (placement.count(t), placement.count(t.lower())) for t in "QRBNP"}


def code_of(m):
    digits = ""
    for t in TYPES:
        w, b = m[t]
        digits += "9" if w > 2 or b > 2 else str(w + 3 * b)
    return "%s.%d%d" % (digits, m["P"][0], m["P"][1])


def value(m, side):
    return sum(VALUES[t] * m[t][side] for t in "QRBNP")


def folded(m):
    """(code, reversed) with the stronger side as White; equal sides: the
    code first in byte order, which is directory order (spec §8)."""
    direct = code_of(m)
    swapped = code_of({t: (b, w) for t, (w, b) in m.items()})
    vw, vb = value(m, 0), value(m, 1)
    if vb > vw or (vb == vw and swapped < direct):
        return swapped, True
    return direct, False


TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', re.M)


def split_games(text):
    """The games of a PGN text as written: a game starts at a tag line that
    follows no tag line (blank lines aside)."""
    games, current, in_tags = [], None, False
    for line in text.splitlines(keepends=True):
        is_tag = line.startswith("[")
        if is_tag and not in_tags:
            current = []
            games.append(current)
        if line.strip():
            in_tags = is_tag
        if current is not None:
            current.append(line)
    return ["".join(g) for g in games]


def replayed_games(chunk_text):
    """{game number: [FEN after each move]} of the games pgn-extract plays,
    each known by the tag [CensusGame "N"] put in before."""
    out = {}
    for chunk in re.split(r"\n(?=\[Event )", chunk_text):
        tags = dict(TAG.findall(chunk))
        if "CensusGame" not in tags:
            continue
        body = chunk.split("\n\n", 1)[1] if "\n\n" in chunk else ""
        out[int(tags["CensusGame"])] = re.findall(r"\{ ?([^}]*?) ?\}", body)
    return out


def speed_of(tags):
    tc = tags.get("TimeControl")
    if tc == "-":
        return "correspondence"
    m = re.fullmatch(r"(\d{1,9})(?:\+(\d{1,9}))?", tc or "")
    if m:
        seconds = int(m.group(1)) + 40 * int(m.group(2) or 0)
        for limit, name in zip([30, 180, 480, 1500, 21600], SPEEDS):
            if seconds < limit:
                return name
        return "correspondence"
    event = tags.get("Event", "").lower()
    for name in ["ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"]:
        if name in event:
            return name
    return None


def date_bounds(text, end):
    parts = re.split(r"[.\-/]", text)
    y = int(parts[0])
    mo = int(parts[1]) if len(parts) > 1 else (12 if end else 1)
    d = int(parts[2]) if len(parts) > 2 else (31 if end else 1)
    return y * 10000 + mo * 100 + d


def game_days(text):
    m = re.match(r"(\d{4})[.\-/](..)[.\-/](..)", text or "")
    if not m:
        m2 = re.match(r"(\d{4})", text or "")
        if not m2:
            return None
        y = int(m2.group(1))
        return y * 10000 + 101, y * 10000 + 1231
    y = int(m.group(1))
    mo, d = m.group(2), m.group(3)
    lo_m, hi_m = (int(mo), int(mo)) if mo.isdigit() else (1, 12)
    lo_d, hi_d = (int(d), int(d)) if d.isdigit() and mo.isdigit() else (1, 31)
    return y * 10000 + lo_m * 100 + lo_d, y * 10000 + hi_m * 100 + hi_d


def passes(tags, a):
    if a.min_elo:
        for side in ("WhiteElo", "BlackElo"):
            v = tags.get(side, "")
            if not (v.isdigit() and len(v) <= 6 and int(v) >= a.min_elo):
                return False
    if a.time_control and speed_of(tags) not in a.time_control.split(","):
        return False
    if a.date_from or a.date_to:
        days = game_days(tags.get("UTCDate")) or game_days(tags.get("Date"))
        if not days:
            return False
        if a.date_from and days[0] < date_bounds(a.date_from, False):
            return False
        if a.date_to and days[1] > date_bounds(a.date_to, True):
            return False
    return True


def reckon(paths, a):
    classes, totals = {}, {"games": 0, "counted": 0, "filtered": 0, "not_replayed": 0, "no_ending": 0,
                           "results": [0] * 5}

    def entry(code):
        return classes.setdefault(code, {"games": 0, "plies": 0, "endings": 0, "results": [0] * 5})

    for tags, fens in games_with_positions(paths):
        totals["games"] += 1
        if not passes(tags, a):
            totals["filtered"] += 1
            continue
        if fens is None:  # pgn-extract cannot play it
            totals["not_replayed"] += 1
            continue
        totals["counted"] += 1
        result = RESULTS.get(tags.get("Result"), 4)
        totals["results"][result] += 1
        positions = [tags.get("FEN", START)] + fens
        reached, order, ending = {}, [], None
        for i, fen in enumerate(positions):
            m = men(fen)
            code, rev = folded(m) if a.fold else (code_of(m), False)
            if code not in reached:
                reached[code] = [0, rev]
                order.append(code)
            if i + 1 < len(positions):
                reached[code][0] += 1  # a move is played from this position
            pieces = sum(w + b for t, (w, b) in m.items() if t in TYPES)
            if a.ending == "phase" and ending is None and pieces <= a.pieces:
                ending = code
            last = code
        for code in order:
            entry(code)["games"] += 1
            entry(code)["plies"] += reached[code][0]
        endings = {"phase": [ending] if ending else [], "final": [last], "every": order}[a.ending]
        if a.ending == "phase" and ending is None:
            totals["no_ending"] += 1
        for code in endings:
            e = entry(code)
            e["endings"] += 1
            r = result
            if reached[code][1] and r in (0, 2):
                r = 2 - r
            e["results"][r] += 1
    return {"totals": totals, "classes": classes}


def games_with_positions(paths):
    """(the game's own tags, the FENs pgn-extract gives after its moves or
    None when it refuses the game) for each game of the files, in order.
    pgn-extract drops variations and comments and writes long lines; the
    tags are read from the file itself (pgn-extract adds a Result of its
    own to a game that has none)."""
    for p in paths:
        if p not in _replayed:
            with open(p, encoding="latin-1") as f:
                games = split_games(f.read())
            marked = "".join('[CensusGame "%d"]\n' % i + g for i, g in enumerate(games))
            run = subprocess.run([PGN_EXTRACT, "-s", "--fencomments", "-C", "-N", "-V", "-w100000"],
                                 input=marked, capture_output=True, text=True, encoding="latin-1")
            played = replayed_games(run.stdout)
            _replayed[p] = [(dict(TAG.findall(g)), played.get(i)) for i, g in enumerate(games)]
        yield from _replayed[p]


_replayed = {}  # each file's games, replayed once a run


def parser():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--ending", default="phase", choices=["phase", "final", "every"])
    ap.add_argument("--pieces", type=int, default=6)
    ap.add_argument("--fold", action="store_true")
    ap.add_argument("--min-elo", type=int, default=0)
    ap.add_argument("--time-control")
    ap.add_argument("--from", dest="date_from")
    ap.add_argument("--to", dest="date_to")
    return ap


if __name__ == "__main__":
    args = parser().parse_args()
    json.dump(reckon(args.files, args), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")

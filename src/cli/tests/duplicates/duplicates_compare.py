#!/usr/bin/env python3
"""What `gbr duplicates` and `pgn-extract -d` each find in one PGN file, for
bench/bench_studies.sh: counts, and which games one reports that the other does
not.

pgn-extract compares whole games (their moves and end position) and writes
each later copy of a game it has read before; gbr duplicates groups games by
start position (and, separately, by study code) and lists every game of a
group, oldest first. So a game is a duplicate in pgn-extract's sense when an
earlier game of the file has the same start position and the same moves; a
game that starts like an earlier one with other moves is one only gbr
reports. Games are matched between the two outputs by their main tags and
main line.

It reads the PGN that src/cli/tests/gen/gen_pgn.py --studies writes (one tag a line, the
movetext after a blank line).

usage: duplicates_compare.py PGN GBR_DUPLICATES_TSV PGN_EXTRACT_DUPLICATES
"""
import collections
import sys


KEY_TAGS = ("Event", "Site", "Date", "White", "Black", "Result", "FEN")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def mainline(movetext):
    """The main line's moves: no comments, variations, move numbers, result or check marks."""
    out, depth, in_comment = [], 0, False
    for word in movetext.replace("{", " { ").replace("}", " } ").replace("(", " ( ").replace(")", " ) ").split():
        if in_comment:
            in_comment = word != "}"
        elif word == "{":
            in_comment = True
        elif word == "(":
            depth += 1
        elif word == ")":
            depth -= 1
        elif depth == 0 and not word[0].isdigit() and word not in RESULTS:
            out.append(word.rstrip("+#"))  # pgn-extract adds the check marks a study may leave out
    return tuple(out)


def games(path):
    """Each game as (its key tags' values, its main line's moves), in file order: the same for
    a game of the file and pgn-extract's copy of it, which lays tags and moves out its own way."""
    data = open(path, "rb").read().decode("latin-1").replace("\r\n", "\n")
    if data.startswith("\xef\xbb\xbf"):
        data = data[3:]
    out = []
    tags, moves, in_moves = {}, [], False
    for line in data.split("\n"):
        if line.startswith("["):
            if in_moves:
                out.append((tuple(tags.get(t, "") for t in KEY_TAGS), mainline(" ".join(moves))))
                tags, moves, in_moves = {}, [], False
            name, value = line[1:-2].split(' "', 1)
            tags.setdefault(name, value)
        elif tags and line.strip():
            in_moves = True
            moves.append(line)
    if tags:
        out.append((tuple(tags.get(t, "") for t in KEY_TAGS), mainline(" ".join(moves))))
    return out


def main():
    pgn, tsv, px = sys.argv[1:4]
    all_games = games(pgn)
    # gbr: position groups, their games by number (1-based, one file).
    groups = collections.defaultdict(list)
    study_groups = set()
    with open(tsv, encoding="latin-1") as f:
        header = f.readline().rstrip("\n").split("\t")
        kind, group, game = header.index("kind"), header.index("group"), header.index("game")
        for row in f:
            cells = row.rstrip("\n").split("\t")
            if cells[kind] == "position":
                groups[cells[group]].append(int(cells[game]))
            elif cells[kind] == "study":
                study_groups.add(cells[group])
    gbr_later = set()       # games after the first (in file order) of their position group
    same_moves = set()      # of those, games with the moves of an earlier game of the group
    for members in groups.values():
        members.sort()
        seen = set()
        for n in members:
            moves = all_games[n - 1][1]
            if n != members[0]:
                gbr_later.add(n)
                if moves in seen:
                    same_moves.add(n)
            seen.add(moves)
    # pgn-extract's duplicates, matched to game numbers by their tags and moves.
    index = collections.defaultdict(list)
    for n, g in enumerate(all_games, 1):
        index[g].append(n)
    px_games = set()
    unmatched = 0
    for g in games(px):
        numbers = index.get(g)
        # A copy of an identical game is its later occurrence.
        candidates = [n for n in (numbers or []) if n not in px_games]
        if not candidates:
            unmatched += 1
            continue
        px_games.add(candidates[-1] if len(candidates) > 1 else candidates[0])
    in_groups = sum(len(m) for m in groups.values())
    print("gbr duplicates: %d position groups holding %d games (%d after the first of their group), "
          "%d study-code groups" % (len(groups), in_groups, len(gbr_later), len(study_groups)))
    print("  of the %d later games, %d repeat an earlier game's moves too, %d have other moves"
          % (len(gbr_later), len(same_moves), len(gbr_later) - len(same_moves)))
    print("pgn-extract -d: %d duplicate games (%d not found in the file)" % (len(px_games) + unmatched, unmatched))
    only_px = px_games - gbr_later
    only_gbr = gbr_later - px_games
    print("  found by both: %d; only by pgn-extract: %d; only by gbr (same start, other moves): %d"
          % (len(px_games & gbr_later), len(only_px) + unmatched, len(only_gbr)))
    if same_moves != px_games & gbr_later:
        print("  note: %d games repeat an earlier game's start and moves but pgn-extract did not report them"
              % len(same_moves - px_games))
    for n in sorted(only_px)[:5]:
        print("  pgn-extract only: game %d (%s)" % (n, all_games[n - 1][0][-1] or "no FEN"))


if __name__ == "__main__":
    main()

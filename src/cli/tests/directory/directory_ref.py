#!/usr/bin/env python3
"""A short standard-library Python reading of spec/gbr.md for look-up
directories: writes exactly what `gbr directory --format tsv FILE...` writes,
with the codes computed here, independently of libgbr, from the spec's rules
(§2 material code, §3 study code, §4-5 position form, §6 FEN with the error
order of §9.3 and the FEN table of §9.4, §7 names, §8 directory order). Only
the error messages are taken from src/include/gbr.h's GBR_ERROR_LIST, the
one place they are written. Used by the tests (same bytes on generated data)
and the benchmark (gbr's time against it); select_ref.py reads FENs with it.

It reads the PGN that src/cli/tests/gen/gen_pgn.py --studies writes (a game starts at a
line "["; one tag a line; a UTF-8 byte-order mark, Latin-1 bytes and CRLF
allowed), not PGN in general: no tags in comments, no escaped quotes, no
malformed tag sections. A [GBR] tag it cannot read is beyond it: it stops
with exit status 2 rather than guess what gbr reports.

Composer, source and year come from the first tag of their list with a known
value (a name not made only of '?' and spaces; a year from four leading
digits), else the first that is not empty, as docs/keepers.md says; values
become UTF-8 as --encoding says, with Python's own codecs: auto is UTF-8 when
the value decodes strictly, else Windows-1252, whose five undefined bytes
(which Python's cp1252 codec refuses) are their C1 controls U+0081 ...;
utf-8 is decode('utf-8', 'replace'). File names are written as given.

usage: directory_ref.py [--composer-tag LIST] [--source-tag LIST]
                        [--year-tag LIST] [--encoding E] FILE...
       (the TSV on standard output)
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
from gbrtest.fen import promoted, square  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TYPES = "QRBNP"
FILES = "abcdefgh"
INDICATOR_RANK = {"": 0, "+": 1, "=": 2, "-+": 3, "-=": 4, " WTM": 5, " BTM": 6}


def error_messages():
    """Error class name -> message, from gbr.h's X(ID, number, "name", "message") rows."""
    header = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "src", "include", "gbr.h")
    text = open(header, encoding="utf-8").read()
    return dict(re.findall(r'X\(GBR_\w+, \d+, "([a-z-]+)", "((?:[^"\\]|\\.)*)"\)', text))


MESSAGES = error_messages()


class FenError(Exception):
    def __init__(self, name, column):
        super().__init__(MESSAGES[name])
        self.name, self.column = name, column


def read_fen(text):
    """(board, black_to_move) of a FEN, board[index] a piece letter or ''; FenError
    with the first rule broken, read left to right as spec §9.3 says."""
    if not text:
        raise FenError("empty", 1)
    n = len(text)
    board = [""] * 64
    kings, pawns = [0, 0], [0, 0]
    i, rank, file = 0, 7, 0
    while True:
        if i == n:
            if rank == 0 and file == 8:
                break
            raise FenError("truncated", n + 1)
        c = text[i]
        if c in "12345678":
            if file + int(c) > 8:
                raise FenError("fen-rank", i + 1)
            file += int(c)
        elif c in "KQRBNPkqrbnp":
            if file == 8:
                raise FenError("fen-rank", i + 1)
            colour = 0 if c.isupper() else 1
            if c in "Pp":
                if rank in (0, 7):
                    raise FenError("pawn-rank", i + 1)
                pawns[colour] += 1
                if pawns[colour] > 8:
                    raise FenError("too-many-pawns", i + 1)
            if c in "Kk":
                kings[colour] += 1
                if kings[colour] > 1:
                    raise FenError("fen-kings", i + 1)
            board[file * 8 + rank] = c
            file += 1
        elif c == "/":
            if file != 8 or rank == 0:
                raise FenError("fen-rank", i + 1)
            rank, file = rank - 1, 0
        elif c == " ":
            if file != 8 or rank != 0:
                raise FenError("fen-rank", i + 1)
            break
        else:
            raise FenError("fen-piece", i + 1)
        i += 1
    # The placement's checks, at its first column (spec §9.3, rule 3).
    if kings[0] != 1 or kings[1] != 1:
        raise FenError("fen-kings", 1)
    for colour in (0, 1):
        counts = counts_of(board)[colour]
        if promoted(counts) > 8 - counts[4]:
            raise FenError("promotions", 1)
    if i == n:
        raise FenError("truncated", n + 1)
    i += 1
    if i == n:
        raise FenError("truncated", n + 1)
    if text[i] not in "wb":
        raise FenError("fen-field", i + 1)
    black = text[i] == "b"
    i += 1
    if i == n:
        return board, black
    if text[i] != " ":
        raise FenError("fen-field", i + 1)
    i = fen_castling(text, i + 1)
    i = fen_en_passant(text, i)
    if i == n:
        return board, black
    i = fen_clock(text, i + 1, last=False)
    fen_clock(text, i, last=True)
    return board, black


def fen_castling(text, i):
    """The castling field from i and its space; the index after the space."""
    n = len(text)
    if i == n:
        raise FenError("truncated", n + 1)
    if text[i] == "-":
        i += 1
    else:
        rest = "KQkq"
        if text[i] not in rest:
            raise FenError("fen-field", i + 1)
        while i < n and text[i] != " ":
            if text[i] not in rest:
                raise FenError("fen-field", i + 1)
            rest = rest[rest.index(text[i]) + 1:]
            i += 1
    if i == n:
        raise FenError("truncated", n + 1)
    if text[i] != " ":
        raise FenError("fen-field", i + 1)
    return i + 1


def fen_en_passant(text, i):
    """The en-passant field from i; the index after it (a space or the end follows)."""
    n = len(text)
    if i == n:
        raise FenError("truncated", n + 1)
    if text[i] == "-":
        i += 1
    elif text[i] in FILES:
        i += 1
        if i == n:
            raise FenError("truncated", n + 1)
        if text[i] not in "36":
            raise FenError("fen-field", i + 1)
        i += 1
    else:
        raise FenError("fen-field", i + 1)
    if i < n and text[i] != " ":
        raise FenError("fen-field", i + 1)
    return i


def fen_clock(text, i, last):
    """A clock of 1 to 5 digits from i; the halfmove clock needs a space after it, the
    fullmove clock the end. Returns the index after the space."""
    n = len(text)
    digits = 0
    while True:
        if i == n:
            if digits and last:
                return i
            raise FenError("truncated", n + 1)
        c = text[i]
        if c.isdigit() and c.isascii():
            if digits == 5:
                raise FenError("fen-field", i + 1)
            digits += 1
        elif c == " " and digits and not last:
            return i + 1
        elif digits and last:
            raise FenError("trailing", i + 1)
        else:
            raise FenError("fen-field", i + 1)
        i += 1


def counts_of(board):
    """counts[colour][type], QRBNP."""
    counts = [[0] * 5, [0] * 5]
    for m in board:
        if m and m not in "Kk":
            counts[0 if m.isupper() else 1][TYPES.index(m.upper())] += 1
    return counts


def digits_of(counts):
    """The six digits of the material code (§2.1): 9 when a side has three or more."""
    d = [9 if counts[0][t] > 2 or counts[1][t] > 2 else counts[0][t] + 3 * counts[1][t] for t in range(4)]
    return d + [counts[0][4], counts[1][4]]


def material_text(d):
    return "%d%d%d%d.%d%d" % tuple(d)


def name_of(counts, d):
    """The Syzygy-style name (§7), '' when a digit is 9."""
    if 9 in d[:4]:
        return ""
    return "v".join("K" + "".join(TYPES[t] * counts[c][t] for t in range(5)) for c in (0, 1))


def position_form(board, counts, d, indicator):
    """The position form (§4, §5) and its directory key (§8)."""
    wk, bk = board.index("K"), board.index("k")
    parts, written, nine_counts = [], [], []
    for t, letter in enumerate("QRBN"):
        white = [s for s in range(64) if board[s] == letter]
        black = [s for s in range(64) if board[s] == letter.lower()]
        written += white + black
        if d[t] == 9:
            parts.append("{%s/%s}" % ("".join(map(square, white)), "".join(map(square, black))))
            nine_counts.append(len(white))
        else:
            parts.append("".join(map(square, white + black)))
            nine_counts.append(0)
    pawns = [s for s in range(64) if board[s] == "P"] + [s for s in range(64) if board[s] == "p"]
    written += pawns
    field = "".join(parts) + ("." + "".join(map(square, pawns)) if pawns else "")
    text = "%s%s %s%s %d/%d%s." % (square(wk), square(bk), material_text(d), " " + field if field else "",
                                   1 + sum(counts[0]), 1 + sum(counts[1]), indicator)
    number = int("".join(map(str, d)))
    key = (number, wk, bk, nine_counts, [s + 1 for s in written] + [0] * (30 - len(written)),
           INDICATOR_RANK[indicator])
    return text, key


STUDY = re.compile(r"([+=]?)(\d{4})(\.[0-8]{2})?([a-h][1-8])([a-h][1-8])$")
MATERIAL = re.compile(r"(\d{4})(\.[0-8]{2})?$")
BLACK_CODE = re.compile(r"[(\[]?([+=]?)(\d{4}\.[0-8]{2})(?:([a-h][1-8])([a-h][1-8]))?(?![A-Za-z0-9_./\x80-\x9f\xa1-\xff])")


def tag_code(name, value):
    """(stipulation, material text, kings or None) of a code tag, or None (audit's rule, for
    the codes gen_pgn.py writes: a [Black] value starting with a code, a [GBR] value that is
    one)."""
    if name == "Black":
        m = BLACK_CODE.match(value)
        if not m or (m.group(1) and not m.group(3)):
            return None
        stip, material, k1, k2 = m.groups()
        return stip, material, (k1 + k2) if k1 else None
    value = value.strip(" \t")
    if value in ("", "?", "-"):
        return None
    if value[:1] in "([" and value[-1:] == {"(": ")", "[": "]"}[value[0]]:
        inner = value[1:-1]
        m = STUDY.match(inner)
    else:
        m = STUDY.match(value)
    if m:
        stip, digits, pawns, k1, k2 = m.groups()
        return stip, digits + (pawns or ".00"), k1 + k2
    m = MATERIAL.match(value)
    if m:
        return "", m.group(1) + (m.group(2) or ".00"), None
    sys.exit("directory_ref.py: a [GBR] tag it cannot read: %r" % value)


def games(path):
    """(game number, line, tags as (name, value) in order) of each game of a gen_pgn.py file."""
    data = open(path, "rb").read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    number, tags, line = 0, None, 0
    for k, text in enumerate(data.decode("latin-1").split("\n"), 1):
        text = text[:-1] if text.endswith("\r") else text
        if text.startswith("["):
            if tags is None:
                number, tags, line = number + 1, [], k
            name, value = text[1:-2].split(' "', 1)
            tags.append((name, value, k))
        elif tags is not None:
            yield number, line, tags
            tags = None
    if tags is not None:
        yield number, line, tags


TAGS = {"composer": ["Composer", "Author", "White"], "source": ["Event"],
        "year": ["Date", "EventDate", "Year"], "reference": ["Source"]}
ENCODING = "auto"
# Windows-1252 as Python's codec reads it, the five bytes it leaves undefined as their C1 controls.
CP1252 = {c: (bytes([c]).decode("cp1252", "ignore") or chr(c)) for c in range(0x80, 0xA0)}


def year_of(value):
    return value[:4] if len(value) >= 4 and all(c in "0123456789" for c in value[:4]) else ""


def chosen_tag(first, field):
    """(value, tag name) of the tag a field is taken from, ("", None) when none."""
    present = [(first[name][0], name) for name in TAGS[field] if name in first and first[name][0]]
    known = [v for v in present if (year_of(v[0]) if field == "year" else v[0].strip("? "))]
    return (known or present or [("", None)])[0]


def chosen(first, field):
    """The value of the tag a field is taken from ('' when none); the
    composer with the co-authors of its tag (NAME2 ... NAME9), joined by '; '."""
    value, name = chosen_tag(first, field)
    if field == "reference" and name is not None and name == chosen_tag(first, "source")[1]:
        return ""  # the source's tag is not shown again as the reference
    if field == "year":
        return year_of(value)
    values = [value]
    if field == "composer" and name:
        values += [first[name + d][0] for d in "23456789" if name + d in first and first[name + d][0].strip("? ")]
    return "; ".join(utf8(v) for v in values)


def utf8(value):
    """A value (its bytes as Latin-1 characters) as text, as --encoding reads it."""
    data = value.encode("latin-1")
    if ENCODING in ("auto", "utf-8"):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            if ENCODING == "utf-8":
                return data.decode("utf-8", "replace")
    if ENCODING == "latin-1":
        return value
    return "".join(CP1252.get(ord(c), c) for c in value)


def entry(path, number, line, tags):
    """The TSV fields of one game and its key (None when it cannot be classified)."""
    first = {}
    for name, value, at in tags:
        first.setdefault(name, (value, at))
    fields = {"composer": chosen(first, "composer"), "source": chosen(first, "source"),
              "year": chosen(first, "year"), "reference": chosen(first, "reference"),
              "file": path, "game": str(number), "line": str(line), "material": "", "name": "",
              "study": "", "position": "", "problem": "", "mismatch": ""}
    fen, fen_line = first.get("FEN", (START, None))
    try:
        board, black = read_fen(fen)
    except FenError as e:
        board = None
        fields["problem"] = str(e)
        if fen_line:
            fields["line"] = str(fen_line)
    said, mismatches = None, []
    for name, value, _ in tags:
        if name not in ("Black", "GBR"):
            continue
        code = tag_code(name, value)
        if code is None:
            continue
        stip, material, kings = code
        if said is None and stip:
            said = stip
        if board is None:
            continue
        fen_material = material_text(digits_of(counts_of(board)))
        if kings is None:
            says, gives = material, fen_material
        else:
            says = stip + material + kings
            gives = stip + fen_material + square(board.index("K")) + square(board.index("k"))
        if says != gives:
            mismatches.append("%s tag says %s, FEN gives %s" % (name, says, gives))
    if board is None:
        return fields, None
    if said is None:
        said = {"1-0": "+", "1/2-1/2": "="}.get(first.get("Result", ("", 0))[0], "")
    counts = counts_of(board)
    d = digits_of(counts)
    indicator = {"+": "-+" if black else "+", "=": "-=" if black else "=", "": " BTM" if black else " WTM"}[said]
    position, key = position_form(board, counts, d, indicator)
    fields.update(material=material_text(d), name=name_of(counts, d), position=position,
                  study=said + material_text(d) + square(board.index("K")) + square(board.index("k")),
                  mismatch="; ".join(mismatches))
    return fields, key


COLUMNS = ["material", "name", "study", "position", "composer", "source", "year", "file", "game", "line",
           "problem", "mismatch", "reference"]


def main():
    global ENCODING
    args = sys.argv[1:]
    while args and args[0].startswith("--"):
        option, value, args = args[0], args[1], args[2:]
        if option == "--encoding":
            ENCODING = value
        else:
            TAGS[option[2:-4]] = value.split(",")
    classified, unclassified = [], []
    for path in args:
        for number, line, tags in games(path):
            fields, key = entry(path, number, line, tags)
            if key is None:
                unclassified.append(fields)
            else:
                classified.append((key, len(classified), fields))
    classified.sort(key=lambda e: (e[0], e[1]))
    out = ["\t".join(COLUMNS) + "\n"]
    for fields in [e[2] for e in classified] + unclassified:
        out.append("\t".join(re.sub("[\t\r\n]", " ", fields[c]) for c in COLUMNS) + "\n")
    sys.stdout.buffer.write("".join(out).encode("utf-8", "surrogateescape"))


if __name__ == "__main__":
    main()

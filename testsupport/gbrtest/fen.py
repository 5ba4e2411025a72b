"""FEN placements as boards: a board maps a square's index, file * 8 +
rank with each 0-7 (a1 is 0, a2 is 1, h8 is 63: directory order, spec §8),
to a FEN piece letter; an empty square is absent."""
import re

FILES = "abcdefgh"


def square(index):
    """The square's name, a1 ... h8."""
    return FILES[index // 8] + str(index % 8 + 1)


def placement(board):
    """The FEN placement field of board, rank 8 first."""
    ranks = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get(f * 8 + r)
            if p is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + p
                empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks)


def read_placement(field):
    """The board of a FEN placement field; None unless it has eight ranks
    of eight squares each and only piece letters and digits."""
    rows = field.split("/")
    if len(rows) != 8:
        return None
    board = {}
    for i, row in enumerate(rows):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            elif c in "KQRBNPkqrbnp":
                board[f * 8 + 7 - i] = c
                f += 1
            else:
                return None
        if f != 8:
            return None
    return board


def mirror(fen):
    """The FEN with files a-h reversed (the left-right mirror), the other fields kept."""
    fields = fen.split(" ")
    ranks = []
    for rank in fields[0].split("/"):
        squares = "".join("." * int(c) if c.isdigit() else c for c in rank)[::-1]
        ranks.append(re.sub(r"\.+", lambda m: str(len(m.group())), squares))
    return " ".join(["/".join(ranks)] + fields[1:])


def promoted(counts):
    """How many of one side's men, counts[0:4] its queens, rooks, bishops
    and knights, go beyond the starting set: each stands for a promoted
    pawn (spec §2.4)."""
    return max(0, counts[0] - 1) + max(0, counts[1] - 2) + max(0, counts[2] - 2) + max(0, counts[3] - 2)

"""Hypothesis strategies for every GBR form, and for mutated texts, written
on Hypothesis's own primitives so that its shrinker works on the structure
(fewer men, smaller counts, nearer squares), not on a seed.

    from hypothesis import given
    import gbr, gbr.strategies as gs

    @given(gs.fens())
    def test_my_material_code(fen):
        assert my_material_code(fen) == gbr.material_code(fen)

The values are built here; libgbr only writes the canonical text of a value
built here (material_code of counts, study_code and position_form of a FEN),
so every text is valid by construction. ``mutated(strategy)`` changes bytes
of a strategy's texts (replace, insert, delete, duplicate, swap, as
``gbr conform --fuzz`` does), so invalid inputs come near valid ones.
:func:`gbr.testing.fuzz` runs them against a user's functions.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from hypothesis import assume
from hypothesis import strategies as st

import gbr

__all__ = ["counts", "fens", "material_codes", "study_codes", "position_forms", "names", "order_pairs",
           "mutated", "texts_for", "attacked", "in_check"]

FILES = "abcdefgh"
LETTERS = "QRBNP"
# Each side's men before any promotion: queen, rooks, bishops, knights.
BASE = (1, 2, 2, 2)
SQUARES = [(f, r) for f in range(8) for r in range(8)]
PAWN_SQUARES = [(f, r) for f in range(8) for r in range(1, 7)]


@st.composite
def side_counts(draw: st.DrawFn, three_of_a_type: bool = True) -> Tuple[int, int, int, int, int]:
    """(Q, R, B, N, P) of one side within §2.4: pawns 0-8, and no more
    promoted men (beyond 1 queen, 2 of the others) than missing pawns."""
    pawns = draw(st.integers(0, 8))
    budget = 8 - pawns
    out = []
    for base in BASE:
        most = base + budget if three_of_a_type else min(base + budget, 2)
        n = draw(st.integers(0, most))
        budget -= max(0, n - base)
        out.append(n)
    return (out[0], out[1], out[2], out[3], pawns)


def counts(three_of_a_type: bool = True) -> st.SearchStrategy[Tuple[Tuple[int, int, int, int, int], Tuple[int, int, int, int, int]]]:
    """Exact counts ((Q, R, B, N, P) of White, of Black), as
    gbr.material_code takes them; three_of_a_type=False keeps every type at
    two or fewer a side (no 9 in the code)."""
    return st.tuples(side_counts(three_of_a_type), side_counts(three_of_a_type))


KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
# The directions each piece slides in: rook lines, bishop diagonals.
SLIDES = {"R": KING_STEPS[0::2], "B": KING_STEPS[1::2]}
Board = Dict[Tuple[int, int], str]


def _allowed(side: List[int], t: int, three_of_a_type: bool) -> bool:
    """Whether one more man of type t (0-3 QRBN, 4 pawn) keeps a side's
    counts (Q, R, B, N, P) within §2.4: pawns 0-8, and no more promoted men
    (beyond 1 queen, 2 of the others) than missing pawns."""
    counts = list(side)
    counts[t] += 1
    if not three_of_a_type and t < 4 and counts[t] > 2:
        return False
    promoted = sum(max(0, counts[i] - BASE[i]) for i in range(4))
    return counts[4] <= 8 and promoted <= 8 - counts[4]


def attacked(board: Board, square: Tuple[int, int], by_white: bool) -> bool:
    """Whether a man of the side given attacks the square ((file, rank),
    0-7 each) on a board of {(file, rank): FEN letter}."""
    f, r = square

    def man(df: int, dr: int) -> Optional[str]:
        return board.get((f + df, r + dr))

    def own(letter: str) -> str:
        return letter if by_white else letter.lower()

    pawn_rank = -1 if by_white else 1  # a white pawn attacks from the rank below
    if any(man(df, pawn_rank) == own("P") for df in (-1, 1)):
        return True
    if any(man(df, dr) == own("N") for df, dr in KNIGHT_STEPS):
        return True
    if any(man(df, dr) == own("K") for df, dr in KING_STEPS):
        return True
    for letter in ("R", "B"):
        for df, dr in SLIDES[letter]:
            x, y = f + df, r + dr
            while 0 <= x < 8 and 0 <= y < 8:
                found = board.get((x, y))
                if found is not None:
                    if found in (own(letter), own("Q")):
                        return True
                    break
                x, y = x + df, y + dr
    return False


def in_check(board: Board, white: bool) -> bool:
    """Whether that side's king is attacked."""
    king = "K" if white else "k"
    return attacked(board, next(sq for sq, man in board.items() if man == king), not white)


@st.composite
def _board(draw: Any, min_men: int, max_men: int, three_of_a_type: bool, legal: bool) -> Tuple[Board, bool]:
    """A position built directly rather than filtered (a filter on the men
    drawn threw away most examples of few men): the number of men first,
    then each man within §2.4's counts, pawns off the first and last ranks;
    when legal, as studies have them, the kings on squares not side by side
    and a side to move whose opponent is not in check (GBR itself asks
    neither). Returns (board, white to move)."""
    men = draw(st.integers(min_men, max_men))
    sides: List[List[int]] = [[0] * 5, [0] * 5]
    chosen: List[Tuple[int, int]] = []
    for _ in range(men - 2):
        options = [(c, t) for c in (0, 1) for t in range(5) if _allowed(sides[c], t, three_of_a_type)]
        if not options:  # both sides are full: the position has fewer men
            break
        c, t = draw(st.sampled_from(options))
        sides[c][t] += 1
        chosen.append((c, t))
    board: Board = {}
    white_king = draw(st.sampled_from(SQUARES))
    board[white_king] = "K"
    near = {(white_king[0] + df, white_king[1] + dr) for df, dr in KING_STEPS} if legal else set()
    board[draw(st.sampled_from([sq for sq in SQUARES if sq != white_king and sq not in near]))] = "k"
    # Pawns first, so that a full board leaves the pieces the other squares.
    for c, t in sorted(chosen, key=lambda m: m[1] != 4):
        free = [sq for sq in (PAWN_SQUARES if t == 4 else SQUARES) if sq not in board]
        board[draw(st.sampled_from(free))] = LETTERS[t] if c == 0 else LETTERS[t].lower()
    white = draw(st.booleans())
    if not legal:
        return board, white
    # The side not to move must not be in check (the side to move may be).
    if in_check(board, not white):
        white = not white
    assume(not in_check(board, not white))  # both in check: rare, drawn again
    return board, white


def _placement(board: Board) -> str:
    ranks = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            man = board.get((f, r))
            if man is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + man
                empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks)


def fens(min_men: int = 2, max_men: int = 32, three_of_a_type: bool = True,
         fields: bool = True, legal: bool = True) -> st.SearchStrategy[str]:
    """Valid FENs of min_men-max_men men (kings included), with three or
    more of a type unless three_of_a_type=False, no pawn on the first or
    last rank, and (legal=True) as studies have them: kings not side by
    side, the side not to move not in check. legal=False also gives the
    positions GBR accepts that no game reaches (:func:`texts_for`, the
    conformance fuzz, uses them). fields=True also varies the fields after
    the side to move (castling, en passant, clocks, or none)."""
    if not 2 <= min_men <= max_men <= 32:
        raise ValueError("need 2 <= min_men <= max_men <= 32")
    tails = [" {} - - 0 1"]
    if fields:
        tails += [" {}", " {} KQkq - 0 1", " {} - - 12 40", " {} - -"]

    def fen(position: Tuple[Board, bool], tail: str) -> str:
        board, white = position
        return _placement(board) + tail.format("w" if white else "b")

    return st.builds(fen, _board(min_men, max_men, three_of_a_type, legal), st.sampled_from(tails))


def material_codes(three_of_a_type: bool = True) -> st.SearchStrategy[str]:
    """Valid material codes, by the 9 rule from counts (§2)."""
    return counts(three_of_a_type).map(gbr.material_code)


def names() -> st.SearchStrategy[str]:
    """Material names (KRPvKR) of counts without three of a type."""
    return material_codes(three_of_a_type=False).map(gbr.material_name)


RESULTS: st.SearchStrategy[gbr.Result] = st.sampled_from([None, "win", "draw"])


# Named and typed rather than lambdas, so that the strategies built from
# them are typed too (mypy --strict).
def _study_code(fen: str, result: gbr.Result) -> str:
    return gbr.study_code(fen, result=result)


def _position_form(fen: str, result: gbr.Result) -> str:
    return gbr.position_form(fen, result=result)


def _wrapped(code: str, wrapper: Tuple[str, str]) -> str:
    return wrapper[0] + code + wrapper[1]


def _pair(a: str, b: str) -> str:
    return a + "|" + b


def study_codes(wrappers: bool = True, max_men: int = 32, legal: bool = True) -> st.SearchStrategy[str]:
    """Valid study codes with and without a stipulation and, when wrappers
    is true, in EG's ``[...]`` or ``(...)`` wrappers; of the positions of
    :func:`fens` (legal=False: kings side by side too)."""
    code = st.builds(_study_code, fens(max_men=max_men, legal=legal), RESULTS)
    if not wrappers:
        return code
    return st.builds(_wrapped, code, st.sampled_from([("", ""), ("[", "]"), ("(", ")")]))


def position_forms(max_men: int = 32, legal: bool = True) -> st.SearchStrategy[str]:
    """Valid position forms, with groups ({...}) for three or more of a
    type; of the positions of :func:`fens` (legal as there)."""
    return st.builds(_position_form, fens(max_men=max_men, legal=legal), RESULTS)


def order_pairs(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Two texts of a strategy joined by '|' (the order operations' input);
    one time in four both are the same text."""
    return st.one_of(
        st.builds(_pair, strategy, strategy),
        strategy.map(lambda a: a + "|" + a),
    )


# The bytes mutations bring in: the forms' own characters and some others.
MUTATION_BYTES = st.sampled_from(list(b"0123456789.+=-/ {}[]()|abcdefghKQRBNPkqrbnpvwWTMB\t\x00\x80\xc3\xff"))


@st.composite
def _mutate(draw: st.DrawFn, strategy: st.SearchStrategy[str], max_changes: int) -> str:
    data = bytearray(draw(strategy).encode("latin-1"))
    for _ in range(draw(st.integers(1, max_changes))):
        kind = draw(st.sampled_from(["replace", "insert", "delete", "duplicate", "swap", "truncate"]))
        if not data:
            kind = "insert"
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "replace":
            data[at] = draw(MUTATION_BYTES)
        elif kind == "insert":
            data.insert(at, draw(MUTATION_BYTES))
        elif kind == "delete":
            del data[at]
        elif kind == "duplicate":
            data.insert(at, data[at])
        elif kind == "swap" and at + 1 < len(data):
            data[at], data[at + 1] = data[at + 1], data[at]
        elif kind == "truncate":
            del data[at:]
    return data.decode("latin-1")


def mutated(strategy: st.SearchStrategy[str], max_changes: int = 3) -> st.SearchStrategy[str]:
    """Texts of a strategy with 1-max_changes bytes replaced, inserted,
    deleted, duplicated, swapped or cut off (as str, one character a byte)."""
    return _mutate(strategy, max_changes)


def texts_for(operation: str, level: str = "extensions", mutate: bool = True) -> st.SearchStrategy[str]:
    """Inputs of one operation of spec §13.2 at a conformance level (§11):
    valid texts of the form it reads, and (mutate=True) mutations of them.
    Below "extensions" the positions and FENs have at most two of a type
    (three or more is §5, an extension); check reads the forms of its level.
    The positions are every one GBR accepts (legal=False): kings side by
    side and a side in check included."""
    three = level == "extensions"
    positional = level in ("position", "extensions")
    by_operation: Dict[str, Callable[[], st.SearchStrategy[Any]]] = {
        "material": material_codes,
        "material-name": material_codes,
        "name-material": names,
        "material-order": lambda: order_pairs(material_codes()),
        "study": lambda: study_codes(legal=False),
        "study-order": lambda: order_pairs(study_codes(wrappers=False, legal=False)),
        "position": lambda: _positions(three),
        "position-fen": lambda: _positions(three),
        "position-order": lambda: order_pairs(_positions(three)),
    }
    if operation == "check":
        forms = [material_codes(), study_codes(legal=False), names()]
        if positional:
            forms += [_positions(three), fens(three_of_a_type=three, legal=False)]
        valid = st.one_of(*forms)
    elif operation.startswith("fen-"):
        valid = fens(three_of_a_type=three, legal=False)
    else:
        valid = by_operation[operation]()
    return st.one_of(valid, mutated(valid)) if mutate else valid


def _positions(three_of_a_type: bool) -> st.SearchStrategy[str]:
    return st.builds(lambda fen, result: gbr.position_form(fen, result=result),
                     fens(three_of_a_type=three_of_a_type, legal=False), RESULTS)

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

from hypothesis import strategies as st

import gbr

__all__ = ["counts", "fens", "material_codes", "study_codes", "position_forms", "names", "order_pairs",
           "mutated", "texts_for"]

FILES = "abcdefgh"
LETTERS = "QRBNP"
# Each side's men before any promotion: queen, rooks, bishops, knights.
BASE = (1, 2, 2, 2)
SQUARES = [(f, r) for f in range(8) for r in range(8)]
PAWN_SQUARES = [(f, r) for f in range(8) for r in range(1, 7)]


@st.composite
def side_counts(draw, three_of_a_type: bool = True) -> Tuple[int, int, int, int, int]:
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


def counts(three_of_a_type: bool = True) -> st.SearchStrategy:
    """Exact counts ((Q, R, B, N, P) of White, of Black), as
    gbr.material_code takes them; three_of_a_type=False keeps every type at
    two or fewer a side (no 9 in the code)."""
    return st.tuples(side_counts(three_of_a_type), side_counts(three_of_a_type))


@st.composite
def _board(draw, min_men: int, max_men: int, three_of_a_type: bool):
    c = draw(counts(three_of_a_type).filter(lambda c: min_men <= sum(c[0]) + sum(c[1]) + 2 <= max_men))
    pawns = c[0][4] + c[1][4]
    pawn_squares = draw(st.lists(st.sampled_from(PAWN_SQUARES), min_size=pawns, max_size=pawns, unique=True))
    rest = [sq for sq in SQUARES if sq not in pawn_squares]
    others = sum(c[0][:4]) + sum(c[1][:4]) + 2
    other_squares = draw(st.lists(st.sampled_from(rest), min_size=others, max_size=others, unique=True))
    board = {}
    it = iter(pawn_squares)
    for colour in (0, 1):
        for _ in range(c[colour][4]):
            board[next(it)] = "P" if colour == 0 else "p"
    it = iter(other_squares)
    board[next(it)] = "K"
    board[next(it)] = "k"
    for colour in (0, 1):
        for t in range(4):
            for _ in range(c[colour][t]):
                board[next(it)] = LETTERS[t] if colour == 0 else LETTERS[t].lower()
    return board


def _placement(board) -> str:
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
         fields: bool = True) -> st.SearchStrategy[str]:
    """Valid FENs of min_men-max_men men (kings included), with three or
    more of a type unless three_of_a_type=False; fields=True also varies the
    fields after the placement (side to move, castling, en passant, clocks)."""
    if not 2 <= min_men <= max_men <= 32:
        raise ValueError("need 2 <= min_men <= max_men <= 32")
    tail = st.sampled_from([" w - - 0 1", " b - - 0 1"])
    if fields:
        tail = st.one_of(tail, st.sampled_from([" w", " b", " w KQkq - 0 1", " b - - 12 40", " w - -"]))
    return st.builds(lambda board, t: _placement(board) + t, _board(min_men, max_men, three_of_a_type), tail)


def material_codes(three_of_a_type: bool = True) -> st.SearchStrategy[str]:
    """Valid material codes, by the 9 rule from counts (§2)."""
    return counts(three_of_a_type).map(gbr.material_code)


def names() -> st.SearchStrategy[str]:
    """Material names (KRPvKR) of counts without three of a type."""
    return material_codes(three_of_a_type=False).map(gbr.material_name)


RESULTS = st.sampled_from([None, "win", "draw"])


def study_codes(wrappers: bool = True, max_men: int = 32) -> st.SearchStrategy[str]:
    """Valid study codes with and without a stipulation and, when wrappers
    is true, in EG's ``[...]`` or ``(...)`` wrappers."""
    code = st.builds(lambda fen, result: gbr.study_code(fen, result=result), fens(max_men=max_men), RESULTS)
    if not wrappers:
        return code
    return st.builds(lambda c, w: w[0] + c + w[1], code, st.sampled_from([("", ""), ("[", "]"), ("(", ")")]))


def position_forms(max_men: int = 32) -> st.SearchStrategy[str]:
    """Valid position forms, with groups ({...}) for three or more of a type."""
    return st.builds(lambda fen, result: gbr.position_form(fen, result=result), fens(max_men=max_men), RESULTS)


def order_pairs(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Two texts of a strategy joined by '|' (the order operations' input);
    one time in four both are the same text."""
    return st.one_of(
        st.builds(lambda a, b: a + "|" + b, strategy, strategy),
        strategy.map(lambda a: a + "|" + a),
    )


# The bytes mutations bring in: the forms' own characters and some others.
MUTATION_BYTES = st.sampled_from(list(b"0123456789.+=-/ {}[]()|abcdefghKQRBNPkqrbnpvwWTMB\t\x00\x80\xc3\xff"))


@st.composite
def _mutate(draw, strategy: st.SearchStrategy[str], max_changes: int):
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
    (three or more is §5, an extension); check reads the forms of its level."""
    three = level == "extensions"
    positional = level in ("position", "extensions")
    by_operation: Dict[str, Callable[[], st.SearchStrategy[Any]]] = {
        "material": material_codes,
        "material-name": material_codes,
        "name-material": names,
        "material-order": lambda: order_pairs(material_codes()),
        "study": study_codes,
        "study-order": lambda: order_pairs(study_codes(wrappers=False)),
        "position": lambda: _positions(three),
        "position-fen": lambda: _positions(three),
        "position-order": lambda: order_pairs(_positions(three)),
    }
    if operation == "check":
        forms = [material_codes(), study_codes(), names()]
        if positional:
            forms += [_positions(three), fens(three_of_a_type=three)]
        valid = st.one_of(*forms)
    elif operation.startswith("fen-"):
        valid = fens(three_of_a_type=three)
    else:
        valid = by_operation[operation]()
    return st.one_of(valid, mutated(valid)) if mutate else valid


def _positions(three_of_a_type: bool) -> st.SearchStrategy[str]:
    return st.builds(lambda fen, result: gbr.position_form(fen, result=result), fens(three_of_a_type=three_of_a_type),
                     RESULTS)

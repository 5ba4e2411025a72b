"""gbr.strategies (Hypothesis) and gbr.testing.fuzz: the strategies give
valid texts of every form, shrink on the structure, and the fuzz run finds
the defect the vectors cannot (defect_kings_apart) at a minimal input, while
the correct fixtures pass it."""
import os
import sys

import pytest
from hypothesis import HealthCheck, find, given, settings

import gbr
import gbr.strategies as gs
import gbr.testing

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "spec", "vectors", "fixtures")
QUICK = settings(max_examples=60, derandomize=True, deadline=None, database=None,
                 suppress_health_check=list(HealthCheck))


def men(fen):
    return sum(1 for c in fen.split(" ")[0] if c.isalpha())


@QUICK
@given(gs.fens(min_men=2, max_men=32))
def test_fens_are_valid_with_their_men(fen):
    assert 2 <= men(fen) <= 32
    assert gbr.recognise(fen).form == "fen"
    p = gbr.Position.from_fen(fen)
    assert len(p.pieces) == men(fen)


@settings(QUICK, max_examples=20)
@given(gs.fens(min_men=5, max_men=7, three_of_a_type=False))
def test_fens_bounds_and_no_three_of_a_type(fen):
    assert 5 <= men(fen) <= 7
    assert "9" not in gbr.material_code(fen)


def board_of(fen):
    """{(file, rank): letter} of a FEN's placement (files and ranks 0-7)."""
    board = {}
    for i, row in enumerate(fen.split(" ")[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, 7 - i)] = ch
                f += 1
    return board


def attacked_squares(board, white):
    """Every square a side's men attack, walked forward from each man (not
    back from the square, as gbr.strategies does)."""
    out = set()
    lines = {"r": [(1, 0), (-1, 0), (0, 1), (0, -1)], "b": [(1, 1), (1, -1), (-1, 1), (-1, -1)]}
    lines["q"] = lines["r"] + lines["b"]
    for (f, r), man in board.items():
        if man.isupper() != white:
            continue
        kind = man.lower()
        if kind == "p":
            steps = [(-1, 1), (1, 1)] if white else [(-1, -1), (1, -1)]
        elif kind == "n":
            steps = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
        elif kind == "k":
            steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
        else:
            for df, dr in lines[kind]:
                x, y = f + df, r + dr
                while 0 <= x < 8 and 0 <= y < 8:
                    out.add((x, y))
                    if (x, y) in board:
                        break
                    x, y = x + df, y + dr
            continue
        out.update((f + a, r + b) for a, b in steps if 0 <= f + a < 8 and 0 <= r + b < 8)
    return out


def as_in_studies(fen):
    """The reasons a FEN is no position of a study, if any."""
    board = board_of(fen)
    white_to_move = fen.split(" ")[1] == "w"
    kings = {man: sq for sq, man in board.items() if man in "Kk"}
    wrong = []
    if max(abs(kings["K"][0] - kings["k"][0]), abs(kings["K"][1] - kings["k"][1])) <= 1:
        wrong.append("kings side by side")
    not_to_move = "k" if white_to_move else "K"
    if kings[not_to_move] in attacked_squares(board, white_to_move):
        wrong.append("the side not to move is in check")
    if any(man in "Pp" and r in (0, 7) for (f, r), man in board.items()):
        wrong.append("a pawn on the first or last rank")
    return wrong


def test_few_men_fens_cost_no_rejected_examples():
    """fens(max_men=5) gives its 200 examples without throwing examples away
    (a filter on the men drawn once gave 21 valid of 200 asked, rejecting
    1,979), and every one is a position as studies have them, valid by
    libgbr."""
    seen = []

    @settings(max_examples=200, derandomize=True, deadline=None, database=None)
    @given(gs.fens(max_men=5))
    def run(fen):
        seen.append(fen)
        assert 2 <= men(fen) <= 5
        assert gbr.recognise(fen).form == "fen" and len(gbr.Position.from_fen(fen).pieces) == men(fen)
        assert not as_in_studies(fen), (fen, as_in_studies(fen))

    run()
    # Hypothesis stops early when most of what it draws is rejected.
    assert len(seen) >= 190, f"{len(seen)} examples of 200 asked"
    assert len(set(seen)) >= 150 and {men(f) for f in seen} == {2, 3, 4, 5}


@settings(QUICK, max_examples=100)
@given(gs.fens(min_men=20, max_men=32, three_of_a_type=False))
def test_many_men_fens_are_as_in_studies_too(fen):
    assert 20 <= men(fen) <= 32 and not as_in_studies(fen), fen


def test_the_checkers_agree():
    """The test's attack walk and the strategies' disagree on nothing; and
    legal=False gives what studies have not (GBR accepts it)."""
    for fen in ["4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "8/8/8/8/8/2n5/8/1K2k3 w - - 0 1",
                "8/8/8/8/8/8/8/Kk6 w - - 0 1", "4k3/8/8/1B6/8/8/8/4K3 w - - 0 1", "k7/8/8/8/8/8/8/Q1K5 w - - 0 1"]:
        board = board_of(fen)
        for white in (True, False):
            king = next(sq for sq, m in board.items() if m == ("k" if white else "K"))
            assert gs.attacked(board, king, white) == (king in attacked_squares(board, white)), (fen, white)
    assert as_in_studies("4k3/8/8/8/8/8/8/4RK2 w - - 0 1") == ["the side not to move is in check"]
    assert as_in_studies("4k3/8/8/8/8/8/8/4RK2 b - - 0 1") == []
    odd = find(gs.fens(legal=False), lambda f: bool(as_in_studies(f)), settings=QUICK)
    assert gbr.recognise(odd).form == "fen"


@QUICK
@given(gs.material_codes(), gs.study_codes(), gs.position_forms(), gs.names())
def test_every_form_is_valid(material, study, position, name):
    assert gbr.material_canonical(material) == material
    assert gbr.recognise(study).form == "study"
    assert gbr.position_canonical(position) == position
    assert gbr.material_name(gbr.name_to_material(name)) == name


@QUICK
@given(gs.order_pairs(gs.study_codes(wrappers=False)))
def test_order_pairs(pair):
    a, b = pair.split("|")
    assert gbr.protocol_answer("study-order", pair) in ("<", "=", ">")


def test_forms_reach_groups_wrappers_and_nines():
    assert "{" in find(gs.position_forms(), lambda p: "{" in p)
    assert find(gs.study_codes(), lambda s: s.startswith("[")).endswith("]")
    assert "9" in find(gs.material_codes(), lambda m: "9" in m)


def test_shrinking_works_on_the_structure():
    # The smallest FEN with a white rook is the rook and the two kings.
    fen = find(gs.fens(fields=False), lambda f: "R" in f.split(" ")[0], settings=QUICK)
    assert men(fen) == 3
    code = find(gs.material_codes(), lambda m: m[1] != "0")
    assert code in ("0100.00", "0300.00")  # one rook, of either side


def test_mutations_make_invalid_texts():
    bad = find(gs.mutated(gs.material_codes()), lambda t: gbr.protocol_answer("material", t.encode("latin-1"))
               .startswith("error "))
    assert gbr.protocol_answer("material", bad.encode("latin-1")).startswith("error ")


def fixture_callables(answer, fens=False):
    def op(name):
        return lambda text: answer(name, text)

    c = dict(material=op("material"), material_name=op("material-name"), name_material=op("name-material"),
             material_order=op("material-order"), study=op("study"), study_order=op("study-order"),
             check=op("check"))
    if fens:
        c["fen_material"] = op("fen-material")
        c["fen_study"] = lambda text, result=None: answer(
            {None: "fen-study", "win": "fen-study-win", "draw": "fen-study-draw"}[result], text)
    return c


def load(name):
    if FIXTURES not in sys.path:
        sys.path.insert(0, FIXTURES)
    return __import__(name)


def test_fuzz_passes_the_correct_fixtures():
    gbr.testing.fuzz(level="study", max_examples=200, **fixture_callables(load("material_study").answer))
    fm = load("fen_material")
    gbr.testing.fuzz(level="extensions", max_examples=200, fen_material=fixture_callables(fm.answer, True)[
        "fen_material"], fen_study=fixture_callables(fm.answer, True)["fen_study"])


def test_fuzz_finds_kings_apart_at_a_minimal_input():
    defect = load("defect_kings_apart")
    # The vectors pass it ...
    assert gbr.testing.check(level="study", **fixture_callables(defect.answer)).ok
    # ... the Hypothesis run does not, and shrinks to the simplest study code
    # whose kings stand side by side on one rank.
    with pytest.raises(AssertionError) as info:
        gbr.testing.fuzz(level="study", study=fixture_callables(defect.answer)["study"])
    message = str(info.value)
    assert "study on b'0000.00" in message and "error duplicate-square" in message


@pytest.mark.parametrize("name,keyword,level", [
    ("defect_min_cap_digit", "name_material", "material"),
    ("defect_rejects_nine", "material", "material"),
    ("defect_queen_digit_cap", "material", "material"),
    ("defect_drops_point_zero", "material", "material"),
    ("defect_stipulation_range", "study", "study"),
    ("defect_fen_min_cap_digit", "fen_material", "extensions"),
    ("defect_fen_fields_crash", "fen_material", "extensions"),
])
def test_fuzz_catches_the_other_defects_too(name, keyword, level):
    callables = fixture_callables(load(name).answer, fens=keyword.startswith("fen"))
    with pytest.raises(AssertionError):
        gbr.testing.fuzz(level=level, **{keyword: callables[keyword]})

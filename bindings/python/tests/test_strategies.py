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


@QUICK
@given(gs.material_codes(), gs.study_codes(), gs.position_forms(), gs.names())
def test_every_form_is_valid(material, study, position, name):
    assert gbr.canonical_material(material) == material
    assert gbr.recognise(study).form == "study"
    assert gbr.canonical_position(position) == position
    assert gbr.material_name(gbr.material_from_name(name)) == name


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

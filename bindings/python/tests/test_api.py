"""The binding's API: conversions, value objects (round trips, equality,
hash, directory order), errors (class, column, bytes and str), column
functions, recognising, scanning, queries, versions and shipped vectors."""
import pickle
import random

import pytest

import gbr

FEN_KRK = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_conversions_return_canonical_str():
    assert gbr.material_code(FEN_KRK) == "0100.00"
    assert gbr.study_code(FEN_KRK) == "0100.00a1e1e8" or gbr.study_code(FEN_KRK) == "0100.00e1e8"
    assert gbr.study_code(FEN_KRK, result="win") == "+0100.00e1e8"
    assert gbr.study_code(FEN_KRK, "draw") == "=0100.00e1e8"
    assert gbr.study_code(FEN_KRK, result="=") == "=0100.00e1e8"
    assert gbr.position_form(FEN_KRK) == "e1e8 0100.00 a1 2/1 WTM."
    assert gbr.position_form(FEN_KRK, result="win") == "e1e8 0100.00 a1 2/1+."
    assert gbr.to_fen("e1e8 0100.00 a1 2/1+.") == "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    assert gbr.material_name("0002.01") == "KNNvKP"
    assert gbr.name_to_material("KNNvKP") == "0002.01"
    assert gbr.material_code(START) == "4888.88"
    assert gbr.study_canonical("[+0020.42c1a1]") == "+0020.42c1a1"
    assert gbr.material_canonical("0116") == "0116.00"
    assert gbr.position_canonical("e1e8 0100.00 a1 2/1+.") == "e1e8 0100.00 a1 2/1+."
    for value in (gbr.material_code(FEN_KRK), gbr.to_fen("e1e8 0100.00 a1 2/1+.")):
        assert type(value) is str
    # bytes in, str out
    assert gbr.material_code(FEN_KRK.encode()) == "0100.00"


def test_old_names_are_the_same_functions():
    # The names of release 1.1, kept as aliases until a later release: the
    # very functions of the new names, and still in __all__.
    for old, new in (("material_from_name", "name_to_material"), ("canonical_material", "material_canonical"),
                     ("canonical_study", "study_canonical"), ("canonical_position", "position_canonical")):
        assert getattr(gbr, old) is getattr(gbr, new)
        assert old in gbr.__all__ and new in gbr.__all__
        assert getattr(gbr, new).__name__ == new
    assert gbr.material_from_name("KNNvKP") == "0002.01"
    assert gbr.canonical_material(b"0116") == "0116.00"
    with pytest.raises(gbr.GBRError) as info:
        gbr.canonical_position("e1e8 0100.00 a1 2/2+.")
    assert info.value.error_class == "men-mismatch"


def test_material_code_of_counts():
    assert gbr.material_code(((0, 0, 0, 2, 0), (0, 0, 0, 0, 1))) == "0002.01"
    assert gbr.material_code([[0, 0, 0, 3, 0], [0, 0, 0, 1, 0]]) == "0009.00"
    with pytest.raises(gbr.GBRError) as info:
        gbr.material_code(((0, 0, 0, 0, 9), (0, 0, 0, 0, 0)))
    assert (info.value.error_class, info.value.column) == ("too-many-pawns", 0)
    with pytest.raises(ValueError):
        gbr.material_code(((0, 0, 0, 0), (0, 0, 0, 0, 0)))
    with pytest.raises(TypeError):
        gbr.material_code(5)


def test_result_option_is_checked():
    with pytest.raises(ValueError):
        gbr.study_code(FEN_KRK, result="lose")
    with pytest.raises(TypeError):
        gbr.study_code(FEN_KRK, colour="white")


@pytest.mark.parametrize("text,error_class,column", [
    ("", "empty", 1),
    ("0002.0", "truncated", 7),
    ("00x2.01", "expected-digit", 3),
    ("0002.91", "pawn-count", 6),
    ("0002.01 x", "trailing", 8),
])
def test_errors_carry_class_and_column(text, error_class, column):
    for given in (text, text.encode()):
        with pytest.raises(gbr.GBRError) as info:
            gbr.material_canonical(given)
        e = info.value
        assert isinstance(e, ValueError)
        assert (e.error_class, e.column) == (error_class, column)
        assert error_class in str(e) and f"column {column}" in str(e)


def test_non_ascii_str_is_an_error_at_its_byte_column():
    # 'é' is two bytes in UTF-8: the column after it counts both.
    with pytest.raises(gbr.GBRError) as info:
        gbr.material_canonical("é002.01")
    assert (info.value.error_class, info.value.column) == ("expected-digit", 1)
    with pytest.raises(gbr.GBRError) as info:
        gbr.material_code("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 é")
    assert info.value.error_class == "trailing" and info.value.column == 31
    with pytest.raises(gbr.GBRError) as info:
        gbr.study_code("é" * 3 + "0002.01e1e8")
    assert info.value.column == 1
    # A lone surrogate (no UTF-8) is an error too, never an encoding crash.
    with pytest.raises(gbr.GBRError) as info:
        gbr.material_canonical("0\udc8002.01")
    assert (info.value.error_class, info.value.column) == ("expected-digit", 2)


def test_material_code_value():
    m = gbr.MaterialCode.parse(b"0002.01")
    assert str(m) == "0002.01"
    assert m.counts == ((0, 0, 0, 2, 0), (0, 0, 0, 0, 1))
    assert m.overflow == "" and m.name == "KNNvKP"
    nine = gbr.MaterialCode.parse("0009.00")
    assert nine.counts is None and nine.overflow == "N"
    with pytest.raises(gbr.GBRError) as info:
        nine.name
    assert info.value.error_class == "name-overflow"
    assert gbr.MaterialCode.from_name("KRvK") == gbr.MaterialCode.parse("0100.00")
    assert gbr.MaterialCode.from_counts(m.counts) == m


def test_values_are_immutable_and_hashable():
    m = gbr.MaterialCode.parse("0100.00")
    with pytest.raises(AttributeError):
        m.counts = None
    with pytest.raises(AttributeError):
        m._text = "0200.00"
    with pytest.raises(AttributeError):
        m.overflow = "R"
    s = gbr.StudyCode.parse("+0100.00e1e8")
    p = gbr.Position.parse("e1e8 0100.00 a1 2/1+.")
    with pytest.raises(TypeError):
        p.pieces["a2"] = "P"
    assert len({m, gbr.MaterialCode.parse("0100.00"), s, gbr.StudyCode.parse("[+0100.00e1e8]"), p}) == 3
    assert m != s and m == gbr.MaterialCode.parse(b"0100.00")
    for value in (m, s, p):
        assert pickle.loads(pickle.dumps(value)) == value


def test_round_trips():
    rng = random.Random(7)
    for case in gbr.load_vectors("position")["tests"] + gbr.load_vectors("extensions")["tests"]:
        if case["result"] != "valid":
            continue
        if case["operation"] in ("position", "fen-position", "fen-position-win", "fen-position-draw"):
            text = case["expected"]
            p = gbr.Position.parse(text)
            assert str(p) == text
            assert gbr.Position.parse(str(p)) == p
            assert gbr.position_form(p.fen, result={"+": "win", "=": "draw", "-+": "win", "-=": "draw"}.get(
                p.indicator)) == text or p.indicator in ("", )
            assert str(p.material) == gbr.material_code(p.fen)
            assert gbr.to_fen(text) == p.fen
    for case in gbr.load_vectors("study")["tests"]:
        if case["result"] == "valid" and case["operation"] == "study":
            s = gbr.StudyCode.parse(case["expected"])
            assert str(s) == case["expected"]
            assert gbr.StudyCode.parse(str(s)) == s
            assert str(s).endswith(s.white_king + s.black_king)
    for digits in range(200):
        text = "".join(str(rng.randrange(10)) for _ in range(4)) + "." + str(rng.randrange(9)) + str(rng.randrange(9))
        try:
            m = gbr.MaterialCode.parse(text)
        except gbr.GBRError as e:
            assert e.error_class == "promotions"
            continue
        assert str(m) == text and gbr.MaterialCode.parse(str(m)) == m
        if m.counts is not None:
            assert gbr.material_code(m.counts) == text
            assert gbr.name_to_material(m.name) == text


def test_sorted_is_directory_order():
    """Order by the order vectors: every valid '<', '=' or '>' of them."""
    kinds = {"material-order": gbr.MaterialCode, "study-order": gbr.StudyCode, "position-order": gbr.Position}
    checked = 0
    for level in ("material", "study", "position", "extensions"):
        for case in gbr.load_vectors(level)["tests"]:
            cls = kinds.get(case["operation"])
            if cls is None or case["result"] != "valid":
                continue
            a, b = (cls.parse(t) for t in bytes.fromhex(case["inputHex"]).split(b"|", 1))
            expected = case["expected"]
            assert (a < b, a == b, a > b) == (expected == "<", expected == "=", expected == ">"), case["id"]
            assert (a <= b) == (expected != ">") and (a >= b) == (expected != "<")
            if expected == "<":
                assert sorted([b, a]) == [a, b]
            checked += 1
    assert checked >= 40
    codes = [gbr.MaterialCode.parse(t) for t in ("0400.10", "0009.00", "0010.00", "0000.10", "1000.00")]
    assert [str(c) for c in sorted(codes)] == sorted([str(c) for c in codes], key=lambda t: codes[
        [str(x) for x in codes].index(t)].directory_key)


def test_position_value():
    p = gbr.Position.from_fen(FEN_KRK, result="win")
    assert str(p) == "e1e8 0100.00 a1 2/1+."
    assert p.indicator == "+" and p.pieces == {"a1": "R", "e1": "K", "e8": "k"}
    assert p.material == gbr.MaterialCode.parse("0100.00")
    assert p.fen == FEN_KRK
    b = gbr.Position.from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
    assert b.indicator == "BTM"


def test_column_functions():
    fens = [FEN_KRK, START, "8/8/8/8/8/8/8/8 w - - 0 1"] * 3
    assert gbr.material_codes(fens[:2]) == ["0100.00", "4888.88"]
    assert gbr.material_codes(iter(fens[:2])) == ["0100.00", "4888.88"]
    assert gbr.material_codes(tuple(f.encode() for f in fens[:2])) == ["0100.00", "4888.88"]
    assert gbr.material_codes(fens, errors="none") == ["0100.00", "4888.88", None] * 3
    with pytest.raises(gbr.GBRError) as info:
        gbr.material_codes(fens)
    assert (info.value.error_class, info.value.column, info.value.index) == ("fen-kings", 1, 2)
    with pytest.raises(gbr.GBRError) as info:
        gbr.study_codes((f for f in fens), result="win")
    assert info.value.index == 2
    assert gbr.study_codes(fens, "win", errors="none") == [gbr.study_code(f, result="win") if i % 3 != 2 else None
                                                            for i, f in enumerate(fens)]
    assert gbr.position_forms(fens[:2], result="draw") == [gbr.position_form(f, result="draw") for f in fens[:2]]
    forms = gbr.position_forms(fens[:2])
    assert gbr.to_fens(forms) == [gbr.to_fen(f) for f in forms]
    assert gbr.material_names(["0002.01", "0100.00"]) == ["KNNvKP", "KRvK"]
    assert gbr.material_codes([]) == []
    with pytest.raises(TypeError):
        gbr.material_codes([FEN_KRK, 5])
    with pytest.raises(ValueError):
        gbr.material_codes(fens, errors="ignore")


def test_recognise():
    assert gbr.recognise("[+0020.42c1a1]") == ("study", "+0020.42c1a1")
    assert gbr.recognise("KRvK").form == "name"
    assert gbr.recognise(FEN_KRK) == ("fen", FEN_KRK)
    assert gbr.recognise("0002.01").value() == gbr.MaterialCode.parse("0002.01")
    with pytest.raises(gbr.GBRError) as info:
        gbr.recognise("")
    assert (info.value.error_class, info.value.column) == ("empty", 1)
    with pytest.raises(gbr.GBRError) as info:
        gbr.recognise("0002.01 x")
    assert (info.value.error_class, info.value.column) == ("trailing", 8)


def test_scan_spans():
    text = "Kasparyan é 0400.10, then +0002.01e1e8 and e1e8 0100.00 a1 2/1+. end"
    matches = list(gbr.scan(text))
    assert [m.form for m in matches] == ["material", "study", "position"]
    for m in matches:
        assert gbr.recognise(text[m.start:m.end]).text == m.text
    raw = text.encode()
    for m, b in zip(matches, gbr.scan(raw)):
        assert raw[b.start:b.end].decode() == text[m.start:m.end]
        assert b.start == m.start + 1  # 'é' is two bytes
    assert list(gbr.scan("no codes here")) == []


def test_query():
    q = gbr.Query("0400.*")
    assert q.matches("0400.10") and not q.matches("0300.00")
    assert q.matches(gbr.Position.parse("e1e8 0400.00 a1b8 2/2=."))
    assert q.matches(gbr.MaterialCode.parse("0400.00"))
    assert q.matches("1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert q.matches_each(["0400.10", "0300.00", "KRvKR"]) == [True, False, True]
    assert q.filter(["0400.10", "0300.00"]) == ["0400.10"]
    assert gbr.Query("KR...vKR").matches("KRPPvKR") and not gbr.Query("KR...vKR").matches("KvKR")
    with pytest.raises(gbr.GBRError) as info:
        gbr.Query("04x")
    assert info.value.error_class == "unknown-form" and info.value.column >= 1
    with pytest.raises(gbr.GBRError):
        q.matches("not a code")


def test_versions_and_vectors_shipped():
    assert gbr.SPEC_VERSION.startswith("GBR ") and gbr.SPEC_VERSION.split()[1].count(".") == 1
    assert gbr.LIBGBR_VERSION == gbr.__version__
    for level in ("material", "study", "position", "extensions"):
        data = gbr.load_vectors(level)
        assert data["level"] == level and data["numberOfTests"] == len(data["tests"])
        assert "GBR " + data["specVersion"] == gbr.SPEC_VERSION
    assert [name for name, _ in gbr.ERROR_CLASSES][:3] == ["ok", "empty", "truncated"]

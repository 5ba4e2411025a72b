"""Errors a script author can act on: what was given and what is expected,
the index of a column's bad item, a single text refused where a column is
expected, the hint for a line read with its newline, the refused text
carried by GBRError and kept through pickling, and queries over columns of
texts and value objects, pickled to a process pool."""
import concurrent.futures
import pickle

import pytest

import gbr

FEN_KRK = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
FEN_KRKR = "1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1"


def test_a_column_names_the_index_of_an_item_that_is_no_text():
    for column in (gbr.material_codes, gbr.study_codes, gbr.position_forms, gbr.to_fens, gbr.material_names):
        with pytest.raises(TypeError, match=r"^item 2 is None, not a text \(str or bytes\)$"):
            column(["a", "b", None])
        with pytest.raises(TypeError, match=r"^item 0 is int, not a text"):
            column(iter([5]))


@pytest.mark.parametrize("column,one", [
    (gbr.material_codes, "material_code"), (gbr.study_codes, "study_code"), (gbr.position_forms, "position_form"),
    (gbr.to_fens, "to_fen"), (gbr.material_names, "material_name"),
])
def test_a_single_text_is_not_a_column(column, one):
    for single in (FEN_KRK, FEN_KRK.encode(), bytearray(b"0100.00")):
        with pytest.raises(TypeError, match=rf"takes an iterable of texts, not a single \w+: use {one}\(\) for one"):
            column(single)
    with pytest.raises(TypeError, match="matches_each.. takes an iterable of texts, not a single str"):
        gbr.Query("0100.*").matches_each("0100.00")


def test_a_line_with_its_newline_gets_a_hint():
    for line in (FEN_KRK + "\n", FEN_KRK + "\r\n", (FEN_KRK + "\n").encode()):
        with pytest.raises(gbr.GBRError) as info:
            gbr.material_code(line)
        e = info.value
        assert (e.error_class, e.column) == ("trailing", 31)
        assert e.hint is not None and "ends the text: strip the line" in e.hint
        assert repr(line[30:] if isinstance(line, str) else line[30:].decode()) in e.hint
        assert e.hint in str(e)
    with pytest.raises(gbr.GBRError) as info:
        gbr.material_canonical("0002.01 x")
    assert info.value.hint is None and "strip" not in str(info.value)


def test_the_error_carries_the_text_and_its_index_through_pickling():
    with pytest.raises(gbr.GBRError) as info:
        gbr.study_codes([FEN_KRK, FEN_KRKR, "8/8/8/8/8/8/8/8 w - - 0 1\n"], result="win")
    e = info.value
    assert (e.error_class, e.index, e.text) == ("fen-kings", 2, "8/8/8/8/8/8/8/8 w - - 0 1\n")
    assert str(e).startswith("item 2: fen-kings at column 1:")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(e, protocol))
        assert type(back) is gbr.GBRError
        assert (back.message, back.error_class, back.column, back.text, back.index, back.hint, str(back)) == (
            e.message, e.error_class, e.column, e.text, e.index, e.hint, str(e))
    with pytest.raises(gbr.GBRError) as info:
        gbr.position_canonical(bytearray(b"e1e8 0100.00 a1 2/1+.  " + b"x" * 500))
    assert info.value.text == b"e1e8 0100.00 a1 2/1+.  " + b"x" * (gbr.GBRError.TEXT_KEPT - 23)
    assert info.value.index is None
    with pytest.raises(gbr.GBRError) as info:
        gbr.material_code([[0, 0, 0, 0, 9], [0] * 5])
    assert info.value.text is None and info.value.column == 0


def test_query_columns_report_the_index_and_read_value_objects():
    q = gbr.Query("0400.*")
    subjects = ["0400.10", gbr.MaterialCode.parse("0400.00"), gbr.StudyCode.parse("+0300.00e1e8"),
                gbr.Position.parse("e1e8 0400.00 a1b8 2/2=."), b"KRRvKRR", FEN_KRKR]
    expected = [q.matches(s) for s in subjects]
    assert expected == [True, True, False, True, False, True]
    assert q.matches_each(subjects) == expected
    assert q.matches_each(iter(subjects)) == expected
    assert q.filter(subjects) == [s for s, ok in zip(subjects, expected) if ok]
    assert q.filter(s for s in subjects) == [s for s, ok in zip(subjects, expected) if ok]
    for call in (q.matches_each, q.filter):
        with pytest.raises(gbr.GBRError) as info:
            call(["0400.10", "KRvK", "not a code", "0400.00"])
        assert (info.value.index, info.value.text, info.value.error_class) == (2, "not a code", "unknown-form")
        with pytest.raises(TypeError, match=r"^item 1 is None, not a text \(str or bytes or a value object\)"):
            call(["0400.10", None])


def matching(query, texts):
    return query.filter(texts)


def test_a_query_pickles_and_runs_in_a_process_pool():
    for text in ("0400.*", b"KR*vKR", "white:R=1,P>=1 black:R=1"):
        q = gbr.Query(text)
        back = pickle.loads(pickle.dumps(q))
        assert back == q and str(back) == str(q) and hash(back) == hash(q)
    q = gbr.Query("KR*vKR")
    texts = ["0100.00", "0400.10", "KRPvKR", FEN_KRKR]
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        assert pool.submit(matching, q, texts).result(timeout=120) == q.filter(texts)

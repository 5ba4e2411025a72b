"""Value objects as a Python user makes them: calling the class parses (as
python-chess's Board(fen) does), MaterialCode is the extension's own type
under the shared value behaviour, and directory_key_of sorts plain texts
in directory order (spec §8) as the value objects sort."""
import pickle
import random

import pytest

import gbr


def test_calling_a_value_class_parses():
    m = gbr.MaterialCode("0116.00")
    assert m == gbr.MaterialCode.parse("0116.00") == gbr.MaterialCode(b"0116")
    assert (str(m), m.name, m.counts, m.overflow) == ("0116.00", "KRBvKNN", ((0, 1, 1, 0, 0), (0, 0, 0, 2, 0)), "")
    assert repr(m) == "MaterialCode.parse('0116.00')"
    assert gbr.StudyCode("[+0100.00e1e8]") == gbr.StudyCode.parse("+0100.00e1e8")
    assert gbr.Position("e1e8 0100.00 a1 2/1+.") == gbr.Position.parse("e1e8 0100.00 a1 2/1+.")
    for cls, text in ((gbr.MaterialCode, "01x6.00"), (gbr.StudyCode, "+0100.00e1"), (gbr.Position, "e1e8 0100.00")):
        with pytest.raises(gbr.GBRError) as info:
            cls(text)
        assert info.value.text == text
    with pytest.raises(TypeError):
        gbr.MaterialCode(None)


def test_material_code_is_a_whole_value():
    nine = gbr.MaterialCode.parse("0009.00")
    assert (nine.counts, nine.overflow) == (None, "N")
    both = gbr.MaterialCode.parse("9900.00")
    assert (both.counts, both.overflow) == (None, "QR")
    m = gbr.MaterialCode.parse("0100.00")
    for attribute in ("counts", "overflow", "_text", "_key", "anything"):
        with pytest.raises(AttributeError):
            setattr(m, attribute, None)
    with pytest.raises(AttributeError):
        del m.counts
    assert isinstance(m, gbr.MaterialCode) and isinstance(m, gbr._Value)
    assert m != gbr.StudyCode.parse("0100.00e1e8") and m != "0100.00"
    assert {m: 1}[gbr.MaterialCode.parse(b"0100.00")] == 1
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(nine, protocol))
        assert back == nine and type(back) is gbr.MaterialCode and back.overflow == "N"
    # The canonical text given is kept as it is; another is made canonical.
    text = "".join(["0100", ".00"])
    assert str(gbr.MaterialCode.parse(text)) is text
    assert str(gbr.MaterialCode.parse("0100")) == "0100.00"
    # An instance made without parsing reports it, never reads nothing.
    empty = object.__new__(gbr.MaterialCode)
    with pytest.raises(TypeError, match="use MaterialCode.parse"):
        empty.counts

    class Mine(gbr.MaterialCode):
        __slots__ = ()

    mine = Mine.parse("0002.01")
    assert type(mine) is Mine and mine.name == "KNNvKP" and Mine("0002.01") == mine


def test_directory_key_of_sorts_texts_in_directory_order():
    rng = random.Random(8)
    texts = []
    for case in gbr.load_vectors("material")["tests"] + gbr.load_vectors("study")["tests"] + \
            gbr.load_vectors("position")["tests"]:
        if case["result"] == "valid" and case["operation"] in ("material", "study", "position"):
            texts.append(case["expected"])
    rng.shuffle(texts)
    assert len(texts) > 100
    kinds = {"material": gbr.MaterialCode, "study": gbr.StudyCode, "position": gbr.Position}
    values = [kinds[gbr.recognise(t).form].parse(t) for t in texts]
    assert [gbr.directory_key_of(t) for t in texts] == [v.directory_key for v in values]
    by_key = sorted(texts, key=gbr.directory_key_of)
    assert [str(v) for v in sorted(values, key=lambda v: v.directory_key)] == by_key
    materials = [t for t in texts if gbr.recognise(t).form == "material"]
    assert sorted(materials, key=gbr.directory_key_of) == [str(v) for v in sorted(map(gbr.MaterialCode, materials))]
    assert gbr.directory_key_of("[+0100.00e1e8]") == gbr.directory_key_of("+0100.00e1e8")
    for refused, error_class in (("KRvK", "unknown-form"), ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "unknown-form"),
                                 ("01x0.00", "expected-digit")):
        with pytest.raises(gbr.GBRError) as info:
            gbr.directory_key_of(refused)
        assert info.value.error_class == error_class

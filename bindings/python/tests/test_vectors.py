"""Every vector of spec/vectors/json through the binding's public API gives
the vector's expected answer, and a sample of them gives what `gbr conform
--answer batch` gives (the C command) for the same requests."""
import json
import os
import random
import subprocess

import pytest

import gbr

LEVELS = ("material", "study", "position", "extensions")


def all_vectors():
    cases = []
    for level in LEVELS:
        for case in gbr.load_vectors(level)["tests"]:
            cases.append((level, case))
    return cases


VECTORS = all_vectors()


def error_line(e):
    return f"error {e.error_class} {e.column}"


def compare(parse, text):
    """An order operation (§13.2): 'a|b' compared by the value objects'
    order; an error in b is counted in the whole input."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    bar = data.find(b"|")
    if bar < 0:
        # No '|': the first text is the whole input, and where it parses,
        # the input ends where the '|' was required.
        parse(data)
        raise gbr.GBRError("the input ended where more was required", "truncated", len(data) + 1)
    a = parse(data[:bar])
    try:
        b = parse(data[bar + 1:])
    except gbr.GBRError as e:
        raise gbr.GBRError(e.message, e.error_class, e.column + bar + 1) from None
    return "<" if a < b else ">" if a > b else "="


def answer(operation, text):
    """The answer of the protocol for one request, through the public API."""
    try:
        if operation == "material":
            return gbr.material_canonical(text)
        if operation == "material-name":
            return gbr.material_name(text)
        if operation == "name-material":
            return gbr.name_to_material(text)
        if operation == "material-order":
            return compare(gbr.MaterialCode.parse, text)
        if operation == "study":
            return gbr.study_canonical(text)
        if operation == "study-order":
            return compare(gbr.StudyCode.parse, text)
        if operation == "position":
            return gbr.position_canonical(text)
        if operation == "position-fen":
            return gbr.to_fen(text)
        if operation == "position-order":
            return compare(gbr.Position.parse, text)
        if operation == "fen-material":
            return gbr.material_code(text)
        if operation.startswith("fen-study"):
            return gbr.study_code(text, result=operation[len("fen-study-"):] or None)
        if operation.startswith("fen-position"):
            return gbr.position_form(text, result=operation[len("fen-position-"):] or None)
        if operation == "check":
            found = gbr.recognise(text)
            return f"{found.form} {found.text}"
    except gbr.GBRError as e:
        return error_line(e)
    raise AssertionError(f"operation {operation} has no function in the binding")


def case_input(case):
    return bytes.fromhex(case["inputHex"])


@pytest.mark.parametrize("level,case", VECTORS, ids=[f"{lv}:{c['id']}" for lv, c in VECTORS])
def test_vector(level, case):
    data = case_input(case)
    assert answer(case["operation"], data) == case["expected"]
    # The same text given as str answers the same (columns are byte columns).
    text = data.decode("utf-8", "surrogateescape")
    if text.encode("utf-8", "surrogateescape") == data and all(not 0xDC80 <= ord(c) <= 0xDCFF for c in text):
        assert answer(case["operation"], text) == case["expected"]


def test_every_operation_has_vectors_here():
    """The binding answers every operation of spec §13.2 the vectors use."""
    used = {case["operation"] for _, case in VECTORS}
    assert used == {name for name, _ in gbr._gbr.operations()}
    assert len(VECTORS) > 3000


def test_protocol_answer_is_the_vectors():
    for _, case in VECTORS:
        assert gbr.protocol_answer(case["operation"], case_input(case)) == case["expected"], case["id"]


def escape(data):
    out = []
    for byte in data:
        if byte == 0x5C:
            out.append("\\\\")
        elif 0x20 <= byte <= 0x7E:
            out.append(chr(byte))
        else:
            out.append(f"\\x{byte:02x}")
    return "".join(out)


def unescape(line):
    out = bytearray()
    i = 0
    while i < len(line):
        if line[i] == "\\":
            if line[i + 1] == "\\":
                out.append(0x5C)
                i += 2
            else:
                out.append(int(line[i + 2:i + 4], 16))
                i += 4
        else:
            out.append(ord(line[i]))
            i += 1
    return bytes(out)


@pytest.mark.skipif(not os.environ.get("GBR_BIN"), reason="GBR_BIN (the gbr command) not given")
def test_sample_against_gbr_conform_answer_batch():
    """A sample of vectors with a byte changed (so not only the vectors'
    own texts), answered by `gbr conform --answer batch` and by the binding."""
    rng = random.Random(25)
    requests = []
    for _, case in rng.sample(VECTORS, 600):
        data = bytearray(case_input(case))
        if data and rng.random() < 0.5:
            data[rng.randrange(len(data))] = rng.choice(b"0189.+=/ \xc3|{}abhKkPp")
        requests.append((case["operation"], bytes(data)))
    lines = "".join(f"{op}\t{escape(data)}\n" for op, data in requests)
    proc = subprocess.run([os.environ["GBR_BIN"], "conform", "--answer", "batch"], input=lines.encode(),
                          capture_output=True, timeout=60, check=True)
    answers = proc.stdout.decode().split("\n")
    assert answers[0].startswith("gbr-batch ")
    answers = answers[1:len(requests) + 1]
    assert len(answers) == len(requests)
    for (op, data), expected in zip(requests, answers):
        assert answer(op, data) == unescape(expected).decode(), (op, data)

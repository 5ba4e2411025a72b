"""What a script can do to the extension without harming the interpreter:
user code run in the middle of a call (an __index__, a finaliser run by a
collection) that changes the call's own arguments, subinterpreters that
import gbr, other threads running while the bulk functions work, and large
texts of non-ASCII characters for scan. The cases that could crash run in a
child interpreter (the same one, with the same environment: under the ASan
build, the sanitizers and PYTHONMALLOC=malloc, so that freed memory read is
reported), and the test reads its exit status and output."""
import random
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import gbr
from gbr import _gbr


def run_child(code):
    """Runs code in a child interpreter; its stdout, after checking that it
    exited normally."""
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"child exited with {proc.returncode}:\n{proc.stdout}\n{proc.stderr[-4000:]}"
    return proc.stdout


def test_counts_are_read_from_a_private_copy():
    """An item's __index__ that changes the lists being read: the counts
    are the ones given, and the interpreter survives."""
    white = [0, 1, 0, 0, 0]

    class Overwrite:
        def __index__(self):
            white[1:] = [9, 9, 9, 9]  # same length: the list's own array rewritten in place
            return 0

    white[0] = Overwrite()
    assert gbr.material_code([white, [0, 0, 0, 0, 1]]) == "0100.01"
    out = run_child("""
        import gbr

        class Clear:
            def __index__(self):
                del sides[:]  # frees the arrays of both lists
                del white[:]
                return 0

        white = [Clear(), 0, 1, 0, 0]
        sides = [white, [0, 0, 0, 2, 0]]
        print(gbr.material_code(sides), sides, white)
    """)
    assert out == "0016.00 [] []\n"


def test_counts_refused_with_what_was_given():
    for given, shown in ((None, "not None"), (5, "not int"), (threading.Lock(), "not _thread.lock")):
        with pytest.raises(TypeError) as info:
            gbr.material_code(given)
        assert "material_code() takes a FEN (str or bytes) or counts (two sequences of five ints" in str(info.value)
        assert str(info.value).endswith(shown)
    with pytest.raises(TypeError, match=r"counts\[1\]\[2\] must be an int, not str"):
        gbr.material_code([[0] * 5, [0, 0, "1", 0, 0]])
    with pytest.raises(TypeError, match=r"counts\[0\] must be a sequence of five ints"):
        gbr.material_code(["00000", [0] * 5])
    with pytest.raises(ValueError, match=r"counts\[0\]\[4\] is 300: a count must be 0-255"):
        gbr.material_code([[0, 0, 0, 0, 300], [0] * 5])


def test_scan_holds_the_bytearray_it_reads():
    """A finaliser run by a collection at one of scan's allocations tries to
    empty the bytearray being scanned: it is refused (BufferError), and the
    scan reads the whole text it was given."""
    out = run_child("""
        import gc
        import gbr
        from gbr import _gbr

        data = bytearray(b"0400.10 and +0002.01e1e8, " * 4000)
        refused = []

        class Emptier:
            def __del__(self):
                try:
                    del data[:]
                except BufferError:
                    refused.append(True)

        def plant():
            e = Emptier()
            e.cycle = e  # garbage only a collection finds

        gc.collect()
        gc.set_threshold(1)
        plant()
        matches = _gbr.scan(data)
        gc.set_threshold(700)
        gc.collect()
        print(len(matches), len(data), refused)
    """)
    assert out == "8000 104000 [True]\n"


def test_scan_reads_any_bytes_like_text():
    text = b"a 0400.10 b"
    assert _gbr.scan(memoryview(text)) == _gbr.scan(text) == [("material", "0400.10", 2, 9)]
    with pytest.raises(TypeError, match="scan.. takes a str or a bytes-like object, not int"):
        _gbr.scan(5)


def test_subinterpreters_keep_their_own_error_class():
    """A subinterpreter imports gbr, raises and catches its GBRError and is
    destroyed; the main interpreter's GBRError is still the one raised."""
    pytest.importorskip("_xxsubinterpreters")
    out = run_child("""
        import _xxsubinterpreters as interpreters
        import gbr

        def caught():
            try:
                gbr.canonical_material("00x2.01")
            except gbr.GBRError as e:
                return e.error_class
            return "nothing raised"

        print(caught())
        code = '''
        import gbr
        try:
            gbr.material_codes(["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "x"])
        except gbr.GBRError as e:
            assert (e.error_class, e.index) == ("fen-piece", 1), e
        else:
            raise AssertionError("no GBRError")
        '''
        for _ in range(2):
            interp = interpreters.create()
            interpreters.run_string(interp, code)
            print(caught())
            interpreters.destroy(interp)
            print(caught())
        try:
            gbr.study_codes(["x"])
        except gbr.GBRError as e:
            print(type(e).__name__, e.index)
    """)
    assert out == "expected-digit\n" * 5 + "GBRError 0\n"


def test_scan_of_a_str_counts_characters_in_one_pass():
    """The extension itself gives a str's matches in characters (mapping
    the byte offsets in one pass); checked on a large text of one-, two-,
    three- and four-byte characters and lone surrogates against decoding
    each prefix."""
    rng = random.Random(33)
    words = ["é ", "0400.10 ", "日本 ", "\U0001f600", "\udc80 ", "+0002.01e1e8 ", "e1e8 0100.00 a1 2/1+. ", "x", " "]
    text = "".join(rng.choice(words) for _ in range(6000))
    data = text.encode("utf-8", "surrogatepass")
    by_bytes = _gbr.scan(data)
    assert len(by_bytes) > 1000

    def chars(n):
        return len(data[:n].decode("utf-8", "surrogatepass"))

    expected = [(form, canonical, chars(s), chars(e)) for form, canonical, s, e in by_bytes]
    assert _gbr.scan(text) == expected
    assert [tuple(m) for m in gbr.scan(text)] == expected
    for m in gbr.scan(text):
        assert gbr.recognise(text[m.start:m.end]).text == m.text


def stamps_during(call, background_work):
    """Runs call() while another thread runs background_work in a loop
    stamping the time; the stamps taken in the middle half of the call.
    A call that holds the GIL throughout lets none through: the other
    thread can run only before it starts or after it returns."""
    stamps = []
    stop = threading.Event()

    def other():
        while not stop.is_set():
            background_work()
            stamps.append(time.perf_counter())

    thread = threading.Thread(target=other)
    thread.start()
    time.sleep(0.05)
    t0 = time.perf_counter()
    call()
    t1 = time.perf_counter()
    stop.set()
    thread.join()
    quarter = (t1 - t0) / 4
    return [s for s in stamps if t0 + quarter <= s <= t1 - quarter]


def test_bulk_functions_let_other_threads_run():
    text = b"some prose around 0400.10 and +0002.01e1e8 " * 400000
    fens = ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1"] * 400000
    for call in (lambda: _gbr.scan(text), lambda: gbr.material_codes(fens), lambda: gbr.position_forms(fens)):
        assert stamps_during(call, lambda: sum(range(100))), "no other thread ran during the call"

"""Types and signatures: inspect.signature works on every function of the
package, the stubs agree with the runtime (mypy.stubtest, Debian's mypy),
mypy finds nothing in the package, and it refuses what the runtime
refuses (a keyword for a positional-only text, a write to Position.pieces)."""
import importlib.util
import inspect
import os
import subprocess
import sys

import pytest

import gbr
from gbr import _gbr

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.abspath(gbr.__file__))


def public_functions():
    for module in (gbr, _gbr):
        for name in dir(module):
            value = getattr(module, name)
            if callable(value) and not isinstance(value, type) and getattr(value, "__module__", None) in (
                    "gbr", "gbr._gbr"):
                yield f"{module.__name__}.{name}", value


def test_every_function_has_a_signature():
    seen = 0
    for name, function in public_functions():
        inspect.signature(function)
        if inspect.isbuiltin(function):
            assert function.__text_signature__, name
        seen += 1
    assert seen >= 40
    assert str(inspect.signature(gbr.study_code)) == "(fen, /, result=None)"
    assert str(inspect.signature(gbr.position_forms)) == "(fens, /, result=None, errors='raise')"
    assert str(inspect.signature(gbr.MaterialCode.parse)) == "(text, /)"
    for cls in (gbr.MaterialCode, gbr.StudyCode, gbr.Position, gbr.Query):
        for name, member in inspect.getmembers(cls, callable):
            if not name.startswith("__") and not isinstance(member, type):
                inspect.signature(member)


def run_mypy(*args):
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("no mypy (Debian's package mypy)")
    return subprocess.run([sys.executable, "-m", "mypy", *args], capture_output=True, text=True, timeout=600)


def test_stubs_agree_with_the_runtime(tmp_path):
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("no mypy (Debian's package mypy)")
    proc = subprocess.run([sys.executable, "-m", "mypy.stubtest", "gbr", "--mypy-config-file", os.devnull,
                           "--allowlist", os.path.join(HERE, "stubtest_allowlist.txt")],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_finds_nothing_in_the_package(tmp_path):
    proc = run_mypy("--cache-dir", str(tmp_path / "cache"), PACKAGE)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_refuses_what_the_runtime_refuses(tmp_path):
    script = tmp_path / "uses.py"
    script.write_text(
        "import gbr\n"
        "gbr.study_code(fen='4k3/8/8/8/8/8/8/R3K3 w - - 0 1')\n"
        "gbr.Position.parse('e1e8 0100.00 a1 2/1+.').pieces['a2'] = 'P'\n"
        "gbr.study_code('4k3/8/8/8/8/8/8/R3K3 w - - 0 1', result='lose')\n"
        "codes: list = gbr.material_codes(['4k3/8/8/8/8/8/8/R3K3 w - - 0 1'], errors='none')\n"
        "first: str = gbr.material_codes(['x'], errors='none')[0]\n")
    proc = run_mypy("--cache-dir", str(tmp_path / "cache"), str(script))
    lines = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert [int(line.split(":")[1]) for line in lines] == [2, 3, 4, 6], proc.stdout
    with pytest.raises(TypeError):
        gbr.study_code(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    with pytest.raises(TypeError):
        gbr.Position.parse("e1e8 0100.00 a1 2/1+.").pieces["a2"] = "P"

"""The package's own Python checked as its users' type checker sees it:
mypy (Debian's mypy 1.0) finds no error in gbr.strategies, gbr.testing,
gbr.collection, the stubs of gbr._collection and gbr._census and the build
helper, and mypy.stubtest finds those stubs true to the extensions,
and mypy --strict finds no error in the package gbr, its stubs included (a
user checking their own code strictly sees none of ours).
Skipped without mypy (Debian's mypy package)."""
import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("mypy")

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = ["gbr/strategies.py", "gbr/testing.py", "gbr/collection.py", "gbr/_collection.pyi", "gbr/_census.pyi",
         "gbr/_census_api.py", "gbr_build.py", "test_versions.py"]


def test_mypy_finds_no_error():
    # --follow-imports=silent: the other modules of the package are read for
    # their types; these files are the ones checked.
    proc = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-incremental",
                           "--cache-dir", os.devnull, *FILES], cwd=HERE, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success: no issues found in 8 source files" in proc.stdout


def test_mypy_strict_finds_no_error_in_the_package():
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull,
                           "-p", "gbr"], cwd=HERE, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"^Success: no issues found in \d+ source files$", proc.stdout, re.M), proc.stdout


@pytest.mark.parametrize("module", ["gbr._collection", "gbr._census"])
def test_stubtest_of_the_extensions(module):
    proc = subprocess.run([sys.executable, "-m", "mypy.stubtest", module], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues found in 1 module" in proc.stdout

"""gbr.testing, the kit in-process, on the fixtures of spec/vectors/fixtures
imported beside one another: the correct implementations pass, every defect
variant the vectors can catch is caught, and the verdicts are the runner's
(`gbr conform --print-skip-list` on the same fixture and cases)."""
import fnmatch
import importlib
import os
import subprocess
import sys

import pytest

import gbr
import gbr.testing

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FIXTURES = os.path.join(ROOT, "spec", "vectors", "fixtures")
FEN_GLOBS = ("y_fen_material_*", "y_fen_study_*")

# fixture -> (does it read FENs, level, --run globs or None, must the vectors catch it)
FIXTURE_RUNS = {
    "material_study": (False, "study", None, False),
    "fen_material": (True, "extensions", FEN_GLOBS, False),
    "defect_min_cap_digit": (False, "material", None, True),
    "defect_rejects_nine": (False, "material", None, True),
    "defect_queen_digit_cap": (False, "material", None, True),
    "defect_drops_point_zero": (False, "material", None, True),
    "defect_stipulation_range": (False, "study", None, True),
    "defect_unicode_digits": (False, "study", None, True),
    "defect_fen_min_cap_digit": (True, "extensions", FEN_GLOBS, True),
    "defect_fen_fields_crash": (True, "extensions", FEN_GLOBS, True),
    # Kings side by side: no vector has them; the Hypothesis run must find it.
    "defect_kings_apart": (False, "study", None, False),
}


def load(name):
    if FIXTURES not in sys.path:
        sys.path.insert(0, FIXTURES)
    return importlib.import_module(name)


def callables(answer, reads_fens):
    def operation(name):
        return lambda text: answer(name, text)

    found = {keyword: operation(ops[0][0]) for keyword, ops in gbr.testing.OPERATIONS.items()
             if keyword in ("material", "material_name", "name_material", "material_order", "study",
                            "study_order", "check")}
    if reads_fens:
        found["fen_material"] = operation("fen-material")
        found["fen_study"] = lambda text, result=None: answer(
            {None: "fen-study", "win": "fen-study-win", "draw": "fen-study-draw"}[result], text)
    return found


def selected_ids(level, globs):
    if globs is None:
        return None
    ids = []
    for lv in gbr.testing.LEVELS[: gbr.testing.LEVELS.index(level) + 1]:
        ids += [c["id"] for c in gbr.load_vectors(lv)["tests"] if any(fnmatch.fnmatchcase(c["id"], g) for g in globs)]
    return ids


def run_in_process(name):
    reads_fens, level, globs, _ = FIXTURE_RUNS[name]
    module = load(name)
    return gbr.testing.check(level=level, ids=selected_ids(level, globs), **callables(module.answer, reads_fens))


def test_fixtures_import_beside_one_another():
    modules = [load(name) for name in FIXTURE_RUNS]
    assert len({id(m.answer) for m in modules}) == len(modules)
    # Importing the defects changed nothing of the correct implementation.
    assert gbr.testing.check(level="material", **callables(load("material_study").answer, False)).ok


@pytest.mark.parametrize("name", sorted(FIXTURE_RUNS))
def test_fixture_in_process(name):
    reads_fens, level, globs, caught = FIXTURE_RUNS[name]
    report = run_in_process(name)
    assert report.passed
    if caught:
        assert not report.ok, report.summary()
        with pytest.raises(AssertionError, match="does not conform"):
            gbr.testing.assert_conforms(level=level, ids=selected_ids(level, globs),
                                        **callables(load(name).answer, reads_fens))
    else:
        assert report.ok, str(report)


@pytest.mark.skipif(not os.environ.get("GBR_BIN"), reason="GBR_BIN (the gbr command) not given")
@pytest.mark.parametrize("name", ["material_study", "defect_rejects_nine", "defect_stipulation_range",
                                  "defect_unicode_digits", "defect_fen_fields_crash", "defect_fen_min_cap_digit"])
def test_verdicts_are_the_runners(name):
    reads_fens, level, globs, _ = FIXTURE_RUNS[name]
    command = [os.environ["GBR_BIN"], "conform", "--print-skip-list", "--level", level,
               "--vectors", os.path.join(ROOT, "spec", "vectors")]
    for glob in globs or ():
        command += ["--run", glob]
    command += ["--", sys.executable, "-S", os.path.join(FIXTURES, name + ".py")]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    runner = sorted(line for line in proc.stdout.split("\n") if line)
    report = run_in_process(name)
    assert sorted(report.failing_ids) == runner
    # The crashes are crashes in both.
    crashed = {r.id for r in report.crashed}
    assert ("crashed" in proc.stderr.split("\n")[-2]) and (
        f"{len(crashed)} crashed" in proc.stderr), proc.stderr[-300:]


def test_judging_acceptance_and_the_error_contract():
    def material(text):
        # Right answers, wrong error classes, and refusals by a plain ValueError.
        try:
            return gbr.canonical_material(text.encode("latin-1"))
        except gbr.GBRError:
            raise ValueError("not a material code") from None

    # Judged by classes, an exception that names no class is a crash, as a
    # program's death is to the runner; the valid cases pass.
    classes = gbr.testing.check(level="material", material=material)
    assert classes.crashed and not classes.failed
    assert all(r.verdict == ("pass" if r.expected == r.got else "crash")
               for r in classes.results if r.verdict != "skip")
    accepted = gbr.testing.check(level="material", judging="acceptance", material=material)
    assert accepted.ok and not accepted.crashed

    def returns_tuple(text):
        try:
            return gbr.canonical_material(text.encode("latin-1"))
        except gbr.GBRError as e:
            return ("error", e.error_class, e.column)

    assert gbr.testing.check(level="material", material=returns_tuple).ok

    def crashes(text):
        raise KeyError(text)

    report = gbr.testing.check(level="material", material=crashes)
    assert report.crashed and not report.passed and "KeyError" in report.crashed[0].got
    with pytest.raises(TypeError):
        gbr.testing.check(materials=material)
    with pytest.raises(ValueError):
        gbr.testing.check(level="nosuch", material=material)


def test_libgbr_itself_conforms_through_the_binding():
    """The binding's own functions, given as the callables, pass every level."""
    def order(parse):
        def compare(text):
            data = text.encode("latin-1")
            if b"|" not in data:
                parse(data)
                return ("error", "truncated", len(data) + 1)
            a, b = data.split(b"|", 1)
            x = parse(a)
            try:
                y = parse(b)
            except gbr.GBRError as e:
                return ("error", e.error_class, e.column + len(a) + 1)
            return "<" if x < y else ">" if x > y else "="
        return compare

    def enc(fn):
        return lambda text, **kw: fn(text.encode("latin-1"), **kw)

    # Through the names of release 1.1 (aliases of material_canonical and its
    # kind), so that every vector also runs through the old names.
    report = gbr.testing.assert_conforms(
        level="extensions",
        material=enc(gbr.canonical_material), material_name=enc(gbr.material_name),
        name_material=enc(gbr.material_from_name), material_order=order(gbr.MaterialCode.parse),
        study=enc(gbr.canonical_study), study_order=order(gbr.StudyCode.parse),
        position=enc(gbr.canonical_position), position_fen=enc(gbr.to_fen),
        position_order=order(gbr.Position.parse), fen_material=enc(gbr.material_code),
        fen_study=enc(gbr.study_code), fen_position=enc(gbr.position_form),
        check=lambda text: tuple(gbr.recognise(text.encode("latin-1"))))
    assert not report.skipped and len(report.passed) > 3000


def test_a_failed_case_shows_the_vectors_comment():
    report = gbr.testing.check(level="material", **callables(load("defect_rejects_nine").answer, False))
    failed = {r.id: r for r in report.failed}
    case = failed["y_material_all_nines"]
    assert case.comment and f"({case.comment})" in case.describe()
    assert f"({case.comment})" in str(report)


def test_skipped_levels_and_the_level_an_operation_needs_are_said():
    fm = load("fen_material").answer
    report = gbr.testing.check(level="study", fen_material=lambda text: fm("fen-material", text))
    assert not report.passed and not report.ok
    assert any(n.startswith("level material: all ") and "skipped: no callable answers" in n for n in report.notes)
    assert any(n.startswith("level study: all ") for n in report.notes)
    assert any(n.startswith("fen_material: its operations are of level position, above level study") for n in
               report.notes), report.notes
    with pytest.raises(AssertionError, match='give level="position"'):
        gbr.testing.assert_conforms(level="study", fen_material=lambda text: fm("fen-material", text))
    # A callable of the level asked: nothing to say about it.
    ok = gbr.testing.check(level="position", fen_material=lambda text: fm("fen-material", text))
    assert not any(n.startswith("fen_material:") for n in ok.notes) and ok.passed


def test_an_exit_is_a_crash_named_by_its_status():
    """A callable that ends as a protocol program does (sys.exit) is a crash
    of that case, named by what the status means; the run goes on."""
    right = callables(load("material_study").answer, False)["material"]

    def exits(text):
        if text.startswith("9"):
            sys.exit(2)
        if text.startswith("8"):
            sys.exit(7)
        return right(text)

    report = gbr.testing.check(level="material", material=exits)
    assert report.passed and report.crashed
    got = {r.got for r in report.crashed}
    assert ("SystemExit: the callable exited with status 2 (usage error or operation not supported) instead of "
            "returning its answer") in got
    assert any("status 7 (no status of the protocol)" in g for g in got), got

"""The conformance kit in-process: the golden vectors (spec §13.1, shipped
with the package) run against Python callables, judged as ``gbr conform``
judges a program (spec §13.3.1; docs/implementers.md, "The runner: gbr
conform"), without a protocol adapter.

    import gbr.testing
    report = gbr.testing.check(material=my_material, study=my_study, level="study")
    assert report.ok, report

or, in a pytest test, ``gbr.testing.assert_conforms(...)``, which fails with
the failed cases, their inputs, expected and got.

**The contract of a callable**, once for all of them:

- It receives the case's input as a ``str`` in which each character is one
  byte of the input (the input decoded as latin-1; ``text="bytes"`` hands it
  the ``bytes`` instead), so a 1-based character index is the spec's byte
  column. The FEN operations' callables also receive ``result=None``,
  ``"win"`` or ``"draw"``. An order callable receives the whole input,
  the two texts joined by ``|`` (``"0002.01|0010.00"``), as the protocol
  gives it, so the vectors' malformed pairs are judged too.
- On a valid input it returns the canonical text (``str``); an order
  callable returns ``"<"``, ``"="`` or ``">"`` (or a negative, zero or
  positive int); ``check`` returns ``"FORM TEXT"`` or ``(form, text)``.
- On an invalid input it reports an error with its class and column: it
  raises an exception carrying ``error_class`` (or ``name``) and ``column``
  attributes (as :class:`gbr.GBRError` does), or returns
  ``("error", error_class, column)``.
- Anything else it raises is a crash of that case (the runner's verdict for
  a program that dies), reported with the exception.

**Judging.** ``judging="classes"`` (the default) is the runner's: an invalid
case passes only with the expected class and column. An implementation that
cannot name classes is judged with ``judging="acceptance"``: an invalid case
passes when it is refused, whatever the class and column, and then any
exception of the types ``rejects`` names (``ValueError`` by default) is a
refusal. ``level=`` is the conformance level (§11): the files of that level
and of every level before it are run. Cases whose operation has no callable
are skipped, as the runner skips cases left out by its selection.
"""
from __future__ import annotations

import difflib
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import load_vectors

__all__ = ["check", "assert_conforms", "fuzz", "Report", "CaseResult", "LEVELS", "OPERATIONS", "EXIT_STATUSES",
           "answer_of"]

#: The conformance levels of spec §11, in order.
LEVELS = ("material", "study", "position", "extensions")

#: Keyword of check() -> the operations of spec §13.2 it answers, each with
#: how the callable is called: ("text",), ("pair",), ("result", R).
OPERATIONS: Dict[str, Tuple[Tuple[str, Any], ...]] = {
    "material": (("material", None),),
    "material_name": (("material-name", None),),
    "name_material": (("name-material", None),),
    "material_order": (("material-order", "pair"),),
    "study": (("study", None),),
    "study_order": (("study-order", "pair"),),
    "position": (("position", None),),
    "position_fen": (("position-fen", None),),
    "position_order": (("position-order", "pair"),),
    "fen_material": (("fen-material", None),),
    "fen_study": (("fen-study", ("result", None)), ("fen-study-win", ("result", "win")),
                  ("fen-study-draw", ("result", "draw"))),
    "fen_position": (("fen-position", ("result", None)), ("fen-position-win", ("result", "win")),
                     ("fen-position-draw", ("result", "draw"))),
    "check": (("check", None),),
}


class CaseResult:
    """One case's verdict: ``verdict`` is "pass", "fail", "crash" or "skip";
    ``got`` the answer line the callable's answer stands for (as a program
    would write it: the text, or ``error CLASS COLUMN``), or the crash."""

    __slots__ = ("id", "level", "operation", "input", "expected", "got", "verdict", "comment")

    def __init__(self, case: Dict[str, Any], level: str, got: Optional[str], verdict: str) -> None:
        self.id = case["id"]
        self.level = level
        self.operation = case["operation"]
        self.input = bytes.fromhex(case["inputHex"])
        self.expected = case["expected"]
        self.got = got
        self.verdict = verdict
        #: What the vector checks, in its author's words.
        self.comment: str = case.get("comment", "")

    def __repr__(self) -> str:
        return f"CaseResult({self.id!r}, {self.verdict!r}, expected={self.expected!r}, got={self.got!r})"

    def describe(self) -> str:
        lines = [f"{self.verdict.upper()} {self.level}:{self.id} ({self.operation}) input {self.input!r}"]
        if self.comment:
            lines.append(f"    ({self.comment})")
        diff = difflib.ndiff([self.expected], [self.got if self.got is not None else "(nothing)"])
        lines += ["    " + line.rstrip("\n") for line in diff if not line.startswith("?")]
        return "\n".join(lines)


class Report:
    """The verdicts of a run: ``passed``, ``failed``, ``crashed``,
    ``skipped`` (lists of :class:`CaseResult`), ``ok`` when nothing failed
    or crashed (and something passed), ``failing_ids`` the ids of the cases
    that failed or crashed (what ``gbr conform --print-skip-list`` prints)."""

    def __init__(self, results: List[CaseResult], level: str, judging: str, notes: Sequence[str] = ()) -> None:
        self.results = results
        self.level = level
        self.judging = judging
        #: What the run could not do: a level whose every case was skipped,
        #: a callable whose operations need a higher level.
        self.notes: List[str] = list(notes)
        self.passed = [r for r in results if r.verdict == "pass"]
        self.failed = [r for r in results if r.verdict == "fail"]
        self.crashed = [r for r in results if r.verdict == "crash"]
        self.skipped = [r for r in results if r.verdict == "skip"]

    @property
    def ok(self) -> bool:
        return not self.failed and not self.crashed and bool(self.passed)

    @property
    def failing_ids(self) -> List[str]:
        return [r.id for r in self.results if r.verdict in ("fail", "crash")]

    def summary(self) -> str:
        return (f"{len(self.passed)} passed, {len(self.failed)} failed, {len(self.skipped)} skipped, "
                f"{len(self.crashed)} crashed (level {self.level}, judging {self.judging})")

    def __str__(self) -> str:
        bad = self.failed + self.crashed
        lines = [r.describe() for r in bad[:50]]
        if len(bad) > 50:
            lines.append(f"... and {len(bad) - 50} more")
        lines += self.notes
        lines.append(self.summary())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<gbr.testing.Report {self.summary()}>"


def _error_of(exc: BaseException) -> Optional[Tuple[str, int]]:
    """(class, column) an exception carries, or None."""
    column = getattr(exc, "column", None)
    name = getattr(exc, "error_class", None)
    if name is None:
        name = getattr(exc, "name", None)
    if isinstance(name, str) and isinstance(column, int) and not isinstance(column, bool):
        return name, column
    return None


def _line_of(operation: str, value: Any) -> str:
    """The answer line a callable's return value stands for."""
    if isinstance(value, tuple) and len(value) == 3 and value[0] == "error":
        return f"error {value[1]} {value[2]}"
    if operation == "check" and isinstance(value, tuple) and len(value) == 2:
        return f"{value[0]} {value[1]}"
    if operation.endswith("-order") and isinstance(value, int) and not isinstance(value, bool):
        return "<" if value < 0 else ">" if value > 0 else "="
    if isinstance(value, bytes):
        return value.decode("latin-1")
    if isinstance(value, str):
        return value
    raise TypeError(f"the callable returned {type(value).__name__}, not a str")


#: The exit statuses of the protocol's per-case mode (spec §13.3.1), by
#: their meaning: what a callable that calls sys.exit() is reported as.
EXIT_STATUSES = {0: "accepted", 1: "rejected", 2: "usage error or operation not supported"}


def _exit_of(exc: SystemExit) -> str:
    code = exc.code
    if code is None:
        code = 0
    if isinstance(code, int) and not isinstance(code, bool):
        name = EXIT_STATUSES.get(code, "no status of the protocol")
        return f"SystemExit: the callable exited with status {code} ({name}) instead of returning its answer"
    return f"SystemExit: the callable exited with {code!r} instead of returning its answer"


def answer_of(fn: Callable[..., Any], operation: str, how: Any, data: bytes, text: str = "latin-1",
              rejects: Tuple[type, ...] = ()) -> Tuple[str, Optional[str]]:
    """Calls fn on one case's input as the contract says; returns
    ("answer", line), ("refused", None) for an exception of `rejects` that
    names no class, or ("crash", description)."""
    arg: Union[str, bytes] = data if text == "bytes" else data.decode("latin-1")
    try:
        if isinstance(how, tuple) and how[0] == "result":
            value = fn(arg, result=how[1])
        else:
            value = fn(arg)
        return "answer", _line_of(operation, value)
    except SystemExit as exc:  # a program's main() called in-process: a crash, not the end of the run
        return "crash", _exit_of(exc)
    except Exception as exc:  # the callable's own errors are its answers
        error = _error_of(exc)
        if error is not None:
            return "answer", f"error {error[0]} {error[1]}"
        if rejects and isinstance(exc, rejects):
            return "refused", None
        return "crash", f"{type(exc).__name__}: {exc}"


def check(level: str = "extensions", judging: str = "classes", text: str = "latin-1",
          rejects: Sequence[type] = (ValueError,), ids: Optional[Iterable[str]] = None,
          **callables: Callable[..., Any]) -> Report:
    """Runs the vectors of `level` and the levels before it against the
    callables given by keyword (material=, material_name=, name_material=,
    material_order=, study=, study_order=, position=, position_fen=,
    position_order=, fen_material=, fen_study=, fen_position=, check=) and
    returns a :class:`Report`. judging "classes" or "acceptance"; text
    "latin-1" (str, one character a byte) or "bytes"; ids, when given, the
    only case ids run (the others are skipped)."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}")
    if judging not in ("classes", "acceptance"):
        raise ValueError("judging must be 'classes' or 'acceptance'")
    if text not in ("latin-1", "bytes"):
        raise ValueError("text must be 'latin-1' or 'bytes'")
    unknown = set(callables) - set(OPERATIONS)
    if unknown:
        raise TypeError(f"no operation is named {', '.join(sorted(unknown))}; the keywords are "
                        f"{', '.join(OPERATIONS)}")
    if not callables:
        raise TypeError("give at least one callable")
    by_operation: Dict[str, Tuple[Callable[..., Any], Any]] = {}
    for keyword, fn in callables.items():
        if fn is None:
            continue
        for operation, how in OPERATIONS[keyword]:
            by_operation[operation] = (fn, how)
    wanted = set(ids) if ids is not None else None
    reject_types = tuple(rejects) if judging == "acceptance" else ()
    results: List[CaseResult] = []
    for lv in LEVELS[: LEVELS.index(level) + 1]:
        for case in load_vectors(lv)["tests"]:
            entry = by_operation.get(case["operation"])
            if entry is None or (wanted is not None and case["id"] not in wanted):
                results.append(CaseResult(case, lv, None, "skip"))
                continue
            fn, how = entry
            kind, line = answer_of(fn, case["operation"], how, bytes.fromhex(case["inputHex"]), text, reject_types)
            expected = case["expected"]
            if kind == "crash":
                verdict = "crash"
            elif case["result"] == "valid":
                verdict = "pass" if kind == "answer" and line == expected else "fail"
            elif judging == "acceptance":
                verdict = "pass" if kind == "refused" or (line or "").startswith("error ") else "fail"
            else:
                verdict = "pass" if line == expected else "fail"
            results.append(CaseResult(case, lv, line if kind != "refused" else "(refused)", verdict))
    return Report(results, level, judging, _notes(results, level, callables))


def _notes(results: List[CaseResult], level: str, callables: Dict[str, Any]) -> List[str]:
    """Why cases were skipped, where a user would ask: a level of which no
    case ran, and the callables whose operations are of a higher level than
    the one asked (so none of their cases was run)."""
    from . import _gbr

    needs = dict(_gbr.operations())
    notes = []
    for lv in LEVELS[: LEVELS.index(level) + 1]:
        mine = [r for r in results if r.level == lv]
        if mine and all(r.verdict == "skip" for r in mine):
            operations = sorted({r.operation for r in mine})
            notes.append(f"level {lv}: all {len(mine)} cases skipped: no callable answers {', '.join(operations)}")
    for keyword, fn in callables.items():
        if fn is None:
            continue
        higher = sorted({needs[op] for op, _ in OPERATIONS[keyword] if needs[op] not in LEVELS[: LEVELS.index(level) + 1]},
                        key=LEVELS.index)
        if higher:
            notes.append(f"{keyword}: its operations are of level {higher[0]}, above level {level}: none of its cases "
                         f"ran (give level=\"{higher[0]}\" or later)")
    return notes


def assert_conforms(level: str = "extensions", judging: str = "classes", **kwargs: Any) -> Report:
    """check(...), raising AssertionError with each failed and crashed case
    (input, expected and got, as a diff) when any failed or crashed, or when
    nothing passed. Returns the report otherwise."""
    report = check(level=level, judging=judging, **kwargs)
    if not report.ok:
        raise AssertionError("the implementation does not conform:\n" + str(report))
    return report


def fuzz(level: str = "extensions", judging: str = "classes", text: str = "latin-1",
         rejects: Sequence[type] = (ValueError,), max_examples: int = 300, derandomize: bool = True,
         **callables: Callable[..., Any]) -> None:
    """Compares the callables (the keywords of :func:`check`) with libgbr on
    texts of :mod:`gbr.strategies`: valid texts of each operation's form and
    byte mutations of them, for the operations of `level` and the levels
    before it. Any disagreement (another answer, another class or column
    when judging by classes, acceptance against refusal, or an exception
    that is a crash) is shrunk by Hypothesis to a minimal input and raised
    as AssertionError naming the operation, the input, libgbr's answer and
    the callable's. derandomize=True (the default) makes a run repeatable."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from . import _gbr
    from . import strategies as gs

    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}")
    if judging not in ("classes", "acceptance"):
        raise ValueError("judging must be 'classes' or 'acceptance'")
    unknown = set(callables) - set(OPERATIONS)
    if unknown:
        raise TypeError(f"no operation is named {', '.join(sorted(unknown))}")
    levels = dict(_gbr.operations())
    allowed = LEVELS[: LEVELS.index(level) + 1]
    entries = [(operation, fn, how) for keyword, fn in callables.items() if fn is not None
               for operation, how in OPERATIONS[keyword] if levels[operation] in allowed]
    if not entries:
        raise TypeError("no callable answers an operation of the levels asked")
    reject_types = tuple(rejects) if judging == "acceptance" else ()
    strategies = {operation: gs.texts_for(operation, level) for operation, _, _ in entries}

    @settings(max_examples=max_examples, derandomize=derandomize, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def compare(data: st.DataObject) -> None:
        operation, fn, how = data.draw(st.sampled_from(entries), label="operation")
        raw = data.draw(strategies[operation], label="input").encode("latin-1")
        expected = _gbr.protocol_answer(operation, raw)
        kind, line = answer_of(fn, operation, how, raw, text, reject_types)
        if kind == "crash":
            agree = False
        elif expected.startswith("error "):
            agree = kind == "refused" or line == expected or (judging == "acceptance" and (line or "").startswith(
                "error "))
        else:
            agree = kind == "answer" and line == expected
        assert agree, f"{operation} on {raw!r}: libgbr answers {expected!r}, the callable {line or kind!r}"

    compare()

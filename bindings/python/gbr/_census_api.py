"""The endgame census of the gbr command (docs/census.md) from Python:
:func:`census` of a PGN file, plain or compressed, or of a byte range of a
plain one, gives a :class:`Census`, a tally that merges exactly with
others (``+``, :meth:`Census.merge`) and writes what ``gbr census`` writes.

The extension gbr._census is imported on the first census, so that
importing gbr needs only gbr._gbr.
"""
from __future__ import annotations

import os
from typing import Any, Iterable, List, NamedTuple, Optional, Tuple, Union

from . import MaterialCode

_ENDINGS = {"phase": 0, "final": 1, "every": 2, "reached": 2}
_ENDING_NAMES = ("phase", "final", "every")
_FORMATS = {"text": 0, "tsv": 1, "json": 2, "html": 3}
_ORDERS = {"frequency": 0, "directory": 1}
_GROUPS = {"none": 0, "pieces": 1}

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


class CensusBoundaryError(ValueError):
    """The byte range [start, end) of :func:`census` ends inside a game (a
    line starting with '[' in a comment was taken for a game's start): its
    census and that of the range after it are not to be used; take the
    census of the two ranges as one, from ``start`` to the next one's end."""

    def __init__(self, path: str, start: int, end: int) -> None:
        super().__init__(f"{path}: the byte range [{start}, {end}) ends inside a game: "
                         "take its census together with the range after it")
        self.path = path
        self.start = start
        self.end = end

    def __reduce__(self) -> Tuple[Any, ...]:  # picklable, for worker processes
        return (CensusBoundaryError, (self.path, self.start, self.end))


class CensusResults(NamedTuple):
    """Games by result: 1-0, 1/2-1/2, 0-1, ``*`` and no or another
    [Result]; in a class, from the side that is White in its code."""
    win: int
    draw: int
    loss: int
    unfinished: int
    unknown: int


class CensusClass(NamedTuple):
    """One class (material code) of a census: the games whose main line
    reaches it, the plies played from its positions, the games whose ending
    it is, and their results."""
    code: MaterialCode
    games: int
    plies: int
    endings: int
    results: CensusResults


class CensusTotals(NamedTuple):
    """The games read and what became of them: counted, left out by a
    filter, not replayed (a move refused, malformed tags, another variant),
    and counted without reaching an ending (``ending="phase"``); the results
    of the games counted, by colour."""
    games: int
    counted: int
    filtered: int
    not_replayed: int
    no_ending: int
    results: CensusResults


class Census:
    """A census tally: counts alone, so that tallies of parts of an input
    add up (``a + b``, ``sum(parts)``) to the tally of the whole, whose
    :meth:`to_json` is byte for byte ``gbr census --json`` of the same games
    under the same options. ``problems`` holds the reports the command
    writes on standard error for the games read (a move that cannot be
    played, a malformed tag), each ``SOURCE:LINE:COLUMN: MESSAGE`` without
    the command's ``gbr:``; a merge keeps those of both. Immutable; pickles
    (through the JSON) for worker processes."""

    __slots__ = ("_tally", "problems")
    _tally: Any  # a gbr._census.Tally (not imported here: gbr imports without the extension)
    problems: List[str]

    def __init__(self) -> None:
        raise TypeError("a Census is made by gbr.census() or Census.from_json()")

    @classmethod
    def _make(cls, tally: Any, problems: List[str]) -> "Census":
        obj = object.__new__(cls)
        object.__setattr__(obj, "_tally", tally)
        object.__setattr__(obj, "problems", problems)
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Census is immutable")

    @classmethod
    def from_json(cls, text: Union[str, bytes], source: str = "<json>") -> "Census":
        """The tally that :meth:`to_json` (or ``gbr census --json``) wrote;
        ValueError ``SOURCE:LINE:COLUMN: MESSAGE`` for text that is none."""
        from . import _census
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        return cls._make(_census.from_json(data, source), [])

    def merge(self, other: "Census") -> "Census":
        """The tally of both inputs' games; ValueError when they were made
        under other options (ending, pieces, fold, filters)."""
        if not isinstance(other, Census):
            raise TypeError(f"a Census merges with a Census, not {type(other).__name__}")
        from . import _census
        return Census._make(_census.merged(self._tally, other._tally), self.problems + other.problems)

    def __add__(self, other: object) -> "Census":
        if not isinstance(other, Census):
            return NotImplemented
        return self.merge(other)

    def __radd__(self, other: object) -> "Census":
        if isinstance(other, int) and other == 0:  # sum()'s start
            return self
        return NotImplemented

    def to_json(self) -> str:
        """The tally as ``gbr census --json`` writes it (what ``--merge`` and
        :meth:`from_json` read)."""
        text: bytes = self._tally.write(_FORMATS["json"], 0, 0, None)
        return text.decode("utf-8")

    def write(self, format: str = "text", *, order: str = "frequency", group: str = "none",
              title: Optional[str] = None) -> str:
        """The output of ``gbr census`` in a format (``text``, ``tsv``,
        ``json`` or ``html``), its rows by ``order`` (``frequency`` or
        ``directory``) and ``group`` (``none`` or ``pieces``); ``title`` is
        the HTML page's."""
        for value, table, what in ((format, _FORMATS, "format"), (order, _ORDERS, "order"),
                                   (group, _GROUPS, "group")):
            if value not in table:
                raise ValueError(f"bad {what} {value!r} ({', '.join(table)})")
        if title is not None and format != "html":
            raise ValueError("title is the HTML page's: format='html'")
        text: bytes = self._tally.write(_FORMATS[format], _ORDERS[order], _GROUPS[group], title)
        return text.decode("utf-8")

    def classes(self) -> List[CensusClass]:
        """Every class the games reached, in directory order."""
        return [CensusClass(MaterialCode.parse(code), games, plies, endings, CensusResults(*results))
                for code, games, plies, endings, results in self._tally.classes()]

    @property
    def totals(self) -> CensusTotals:
        games, counted, filtered, not_replayed, no_ending, results = self._tally.totals()
        return CensusTotals(games, counted, filtered, not_replayed, no_ending, CensusResults(*results))

    @property
    def ending(self) -> str:
        """The ending counted: ``phase``, ``final`` or ``every``."""
        return _ENDING_NAMES[self._tally.options()[0]]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Census):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_from_state, (self.to_json(), self.problems))

    def __repr__(self) -> str:
        t = self.totals
        return f"<Census of {t.games} games, {t.counted} counted, {len(self._tally.classes())} classes>"


def _from_state(text: str, problems: List[str]) -> Census:
    c = Census.from_json(text)
    object.__setattr__(c, "problems", list(problems))
    return c


def census(path: PathLike, *, start: Optional[int] = None, end: Optional[int] = None, ending: str = "phase",
           pieces: Optional[int] = None, fold: bool = False, min_elo: int = 0,
           time_control: Union[None, str, Iterable[str]] = None, date_from: Optional[str] = None,
           date_to: Optional[str] = None) -> Census:
    """The census of the PGN file at path, as ``gbr census`` takes it
    (the options are the command's: docs/census.md): plain, or a Zstandard,
    gzip or bzip2 stream. With start and end, of the games whose first byte
    is in [start, end) of a plain file (the range's ends moved on to the
    next line starting with '['), so that the censuses of the ranges of any
    split of [0, size) add up to the file's; a range that ends inside a
    game raises :class:`CensusBoundaryError`. The games are read with the
    GIL released. OSError when the file cannot be opened; one that cannot
    be read or decoded to its end (a damaged or truncated compressed
    stream) gives the census of the games before the damage, its report
    (with the compressed offset) the last of ``problems``."""
    from . import _census
    if ending not in _ENDINGS:
        raise ValueError(f"bad ending {ending!r} (phase, final or every)")
    if pieces is not None and _ENDINGS[ending] != 0:
        raise ValueError("pieces is the N of ending='phase'")
    n = 6 if pieces is None else pieces
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 30:
        raise ValueError(f"bad pieces {pieces!r} (a number of pieces, 0 to 30)")
    if isinstance(min_elo, bool) or not isinstance(min_elo, int) or not 0 <= min_elo <= 10000:
        raise ValueError(f"bad min_elo {min_elo!r} (a rating, 1 to 10000; 0: no filter)")
    speeds = 0
    if time_control is not None:
        words = time_control if isinstance(time_control, str) else ",".join(time_control)
        speeds = _census.parse_speeds(words)
    lo = _census.parse_date(date_from, False) if date_from is not None else 0
    hi = _census.parse_date(date_to, True) if date_to is not None else 0
    if lo and hi and lo > hi:
        raise ValueError("date_from is after date_to: no game is in that range")
    if (start is None) != (end is None):
        raise ValueError("a byte range needs both start and end")
    if start is not None and end is not None:
        for v in (start, end):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"bad byte offset {v!r}")
        if start > end:
            raise ValueError(f"start {start} is after end {end}")
    where = os.fsdecode(os.fspath(path))
    options = (_ENDINGS[ending], n, int(bool(fold)), min_elo, speeds, lo, hi)
    tally, problems, failed, boundary_ok = _census.read(where, options, start, end)
    if failed and not problems:
        raise OSError(f"{where}: cannot be read")
    # Damaged partway (a cut or corrupt compressed stream, a failed read):
    # the games before the damage are counted and the report is the last
    # problem, as the command writes the census and exits 1.
    if not boundary_ok:
        assert start is not None and end is not None
        raise CensusBoundaryError(where, start, end)
    return Census._make(tally, problems)

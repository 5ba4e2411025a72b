"""The GBR code of chess endgame studies (spec/gbr.md), through libgbr.

Conversions return the canonical text (``str``)::

    >>> import gbr
    >>> gbr.material_code("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    '0100.00'
    >>> gbr.study_code("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", result="win")
    '+0100.00e1e8'

``parse`` functions return immutable value objects (:class:`MaterialCode`,
:class:`StudyCode`, :class:`Position`) whose ``str()`` is the canonical
text, which compare equal by value, hash, and sort in the spec's directory
order (§8), so ``sorted(codes)`` is directory order.

Texts may be ``str`` or ``bytes``. A ``str`` is read as its UTF-8 encoding
and every column is a byte column of that encoding (the spec's columns), so
a non-ASCII ``str`` is an ordinary :class:`GBRError` at the right column.
Every refused text raises :class:`GBRError` (a ``ValueError``) carrying the
spec's error class (§9.2) and the 1-based byte column.

The column functions (:func:`material_codes`, :func:`study_codes`,
:func:`position_forms`, :func:`to_fens`, :func:`material_names`) convert a
list or any iterable of texts in one call.
"""
from __future__ import annotations

import json
import os
import types
from typing import (TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Literal, Mapping, NamedTuple, Optional, Sequence,
                    Tuple, Type, TypeVar, Union)

Text = Union[str, bytes]
#: The result option of the conversions of a FEN.
Result = Optional[Literal["win", "draw", "+", "="]]
V = TypeVar("V", bound="_Value")

# The names are those of docs/library.md's table "Names across the three
# languages" (CTest api_names holds them to it). The old names at the end
# are aliases, kept in __all__ while they last so that code importing with
# * keeps working; a later release removes them.
__all__ = [
    "GBRError", "SPEC_VERSION", "LIBGBR_VERSION", "__version__",
    "material_code", "study_code", "position_form", "to_fen", "material_name", "name_to_material",
    "material_canonical", "study_canonical", "position_canonical",
    "material_codes", "study_codes", "position_forms", "to_fens", "material_names",
    "MaterialCode", "StudyCode", "Position", "Recognised", "Match", "Query",
    "recognise", "scan", "directory_key_of", "vectors_dir", "load_vectors", "protocol_answer", "ERROR_CLASSES",
    "ReplayPosition", "replay", "replay_line",
    "census", "Census", "CensusClass", "CensusTotals", "CensusResults", "CensusBoundaryError",
    "material_from_name", "canonical_material", "canonical_study", "canonical_position",
]


class GBRError(ValueError):
    """A text GBR refuses: ``error_class`` is the spec's name of the error
    (§9.2, e.g. ``"square-count"``), ``column`` its 1-based byte column (0
    when there is no text, as for counts), ``text`` the text refused (its
    first 200 characters or bytes; None for counts) and ``index`` the place
    of the refused item in the input of a column function (else None).
    A game that :func:`replay` cannot play raises it with the error class
    ``"refused-move"`` or ``"no-start"`` and ``line`` set (else None).
    ``hint`` says how to fix a common slip (a line read from a file with its
    newline), or is None. It pickles with all of these."""

    #: How much of the refused text an error keeps.
    TEXT_KEPT = 200

    def __init__(self, message: str, error_class: str, column: int, text: Optional[Text] = None,
                 index: Optional[int] = None, hint: Optional[str] = None, line: Optional[int] = None) -> None:
        if isinstance(text, (bytearray, memoryview)):
            text = bytes(text)
        if hint is None:
            hint = _hint(error_class, column, text)
        where = f"item {index}: " if index is not None else ""
        at = f"line {line}, column {column}" if line is not None else f"column {column}"
        super().__init__(f"{where}{error_class} at {at}: {message}" + (f" ({hint})" if hint else ""))
        #: The 1-based line of a replayed game's problem in its input (else None).
        self.line = line
        self.message = message
        self.error_class = error_class
        self.column = column
        self.text: Optional[Text] = text[:self.TEXT_KEPT] if text is not None else None
        self.index = index
        self.hint = hint

    def __reduce__(self) -> Tuple[Any, ...]:  # picklable, for multiprocessing
        return (GBRError, (self.message, self.error_class, self.column, self.text, self.index, self.hint, self.line))


def _hint(error_class: str, column: int, text: Optional[Text]) -> Optional[str]:
    """The fix of a text refused only for the white space at its end (a
    line read from a file keeps its newline)."""
    if error_class != "trailing" or text is None or column < 1:
        return None
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    rest = data[column - 1:]
    if rest and not rest.strip():
        shown = repr(rest.decode("ascii"))
        return f"{shown} ends the text: strip the line, e.g. line.rstrip()"
    return None


from . import _gbr  # noqa: E402  (after GBRError, which _set_classes hands to it below)

#: The specification the library implements, e.g. "GBR 1.3".
SPEC_VERSION: str = _gbr.SPEC_VERSION
#: The version of libgbr compiled into the extension, "MAJOR.MINOR.PATCH".
LIBGBR_VERSION: str = _gbr.LIBGBR_VERSION
__version__: str = _gbr.HEADER_VERSION
#: (name, message) of every error class of spec §9.2, by number.
ERROR_CLASSES: List[Tuple[str, str]] = _gbr.error_classes()

# The conversions are the extension's functions themselves (no Python frame
# between the caller and libgbr); their signatures are in _gbr.pyi.
material_code = _gbr.material_code
study_code = _gbr.study_code
position_form = _gbr.position_form
to_fen = _gbr.to_fen
material_name = _gbr.material_name
name_to_material = _gbr.name_to_material
material_canonical = _gbr.material_canonical
study_canonical = _gbr.study_canonical
position_canonical = _gbr.position_canonical
material_codes = _gbr.material_codes
study_codes = _gbr.study_codes
position_forms = _gbr.position_forms
to_fens = _gbr.to_fens
material_names = _gbr.material_names
protocol_answer = _gbr.protocol_answer
directory_key_of = _gbr.directory_key_of

# Deprecated aliases, the same functions under the names of release 1.1 (the
# word order of the C names replaced them); a later release removes them.
material_from_name = name_to_material
canonical_material = material_canonical
canonical_study = study_canonical
canonical_position = position_canonical

class _Value:
    """What the value objects share: the canonical text, the directory key
    (libgbr's gbr_directory_key_of, whose byte order is the directory order
    of all three forms together), immutability, equality, hash, order.
    Calling the class parses, as ``parse`` does: ``MaterialCode("0116.00")``."""

    __slots__ = ()

    if TYPE_CHECKING:
        @property
        def _text(self) -> str: ...

        @property
        def _key(self) -> bytes: ...

    @classmethod
    def parse(cls: Type[V], text: Text, /) -> V:
        """Parses the text; each value class has its own."""
        raise NotImplementedError

    def __new__(cls: Type[V], text: Text) -> V:
        return cls.parse(text)

    def __init__(self, text: Text) -> None:
        pass  # __new__ has parsed the text

    @classmethod
    def _make(cls: Type[V], text: str, key: bytes, **fields: Any) -> V:
        obj = object.__new__(cls)
        object.__setattr__(obj, "_text", text)
        object.__setattr__(obj, "_key", key)
        for name, value in fields.items():
            object.__setattr__(obj, name, value)
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self._text!r})"

    @property
    def directory_key(self) -> bytes:
        """The directory key (spec §8, "Across forms"): bytes whose order is
        the directory order of material codes, study codes and positions."""
        return self._key

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Value):
            return NotImplemented
        return type(self) is type(other) and self._key == other._key

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, _Value):
            return NotImplemented
        return self._key < other._key

    def __le__(self, other: object) -> bool:
        if not isinstance(other, _Value):
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, _Value):
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, _Value):
            return NotImplemented
        return self._key >= other._key

    def __reduce__(self) -> Tuple[type, Tuple[str]]:
        return (type(self), (self._text,))


_gbr._set_classes(GBRError, _Value)


class MaterialCode(_gbr.MaterialBase, _Value):
    """A material code (spec §2), e.g. ``MaterialCode.parse("0002.01")`` or
    ``MaterialCode("0002.01")``.

    ``counts`` is ``((Q, R, B, N, P) of White, (Q, R, B, N, P) of Black)``,
    or None for a code of the overflow class (a digit 9: one side has three
    or more of that type and the split is unknown); ``overflow`` names the
    types whose digit is 9 (``"QRBN"`` letters). The parsed code lives in
    the extension (MaterialBase): parsing one costs about what
    :func:`material_canonical` does."""

    __slots__ = ()

    if TYPE_CHECKING:
        @classmethod
        def parse(cls: Type[V], text: Text, /) -> V:
            """Parses a material code (short or long form); raises GBRError."""
    else:
        parse = classmethod(_gbr.material_value)

    @classmethod
    def from_counts(cls, counts: Sequence[Sequence[int]]) -> "MaterialCode":
        """The material code of exact counts (two sequences of five ints,
        Q R B N P of White then of Black), by the 9 rule."""
        return cls.parse(_gbr.material_code(counts))

    @classmethod
    def from_name(cls, name: Text) -> "MaterialCode":
        """The material code of a material name such as ``"KRPvKR"``."""
        return cls.parse(_gbr.name_to_material(name))

    @property
    def name(self) -> str:
        """The material name (``"KNNvKP"``); GBRError name-overflow for a 9."""
        return _gbr.material_name(self._text)


class StudyCode(_Value):
    """A study code (spec §3), e.g. ``StudyCode.parse("[+0020.42c1a1]")``:
    ``material`` (a MaterialCode), ``stipulation`` (``""``, ``"+"`` or
    ``"="``), ``white_king`` and ``black_king`` (square names)."""

    __slots__ = ("_text", "_key", "material", "stipulation", "white_king", "black_king")

    material: MaterialCode
    stipulation: str
    white_king: str
    black_king: str

    @classmethod
    def parse(cls, text: Text) -> "StudyCode":
        """Parses a study code, with or without its wrapper; raises GBRError."""
        return cls._from_info(_gbr.parse_study(text))

    @classmethod
    def from_fen(cls, fen: Text, result: Result = None) -> "StudyCode":
        """The study code of a FEN; result None, "win" or "draw"."""
        return cls.parse(_gbr.study_code(fen, result=result))

    @classmethod
    def _from_info(cls, info: Tuple[Any, ...]) -> "StudyCode":
        text, key, minfo, stipulation, white_king, black_king = info
        return cls._make(text, key, material=MaterialCode.parse(minfo[0]), stipulation=stipulation,
                         white_king=white_king, black_king=black_king)


class Position(_Value):
    """A position form (spec §4), e.g. ``Position.parse("e1e8 0100.00 h1 2/1+.")``,
    or a FEN's position (``Position.from_fen``): ``material``, ``indicator``
    (``""``, ``"+"``, ``"="``, ``"-+"``, ``"-="``, ``"WTM"`` or ``"BTM"``),
    ``pieces`` (a read-only mapping of square names to FEN letters) and
    ``fen`` (its FEN, ``"PLACEMENT SIDE - - 0 1"``)."""

    __slots__ = ("_text", "_key", "material", "indicator", "pieces", "fen")

    material: MaterialCode
    indicator: str
    pieces: Mapping[str, str]
    fen: str

    @classmethod
    def parse(cls, text: Text) -> "Position":
        """Parses a position form; raises GBRError."""
        return cls._from_info(_gbr.parse_position(text))

    @classmethod
    def from_fen(cls, fen: Text, result: Result = None) -> "Position":
        """The position of a FEN (its side to move, and result None, "win"
        or "draw" for the indicator); raises GBRError."""
        return cls._from_info(_gbr.parse_fen(fen, result=result))

    @classmethod
    def _from_info(cls, info: Tuple[Any, ...]) -> "Position":
        text, key, minfo, indicator, pieces, fen = info
        return cls._make(text, key, material=MaterialCode.parse(minfo[0]), indicator=indicator,
                         pieces=types.MappingProxyType(pieces), fen=fen)


#: What a query reads: a text of any form or a value object.
Subject = Union[str, bytes, MaterialCode, StudyCode, Position]
S = TypeVar("S", str, bytes, MaterialCode, StudyCode, Position)


class Recognised(NamedTuple):
    """What :func:`recognise` found: ``form`` is ``"material"``, ``"study"``,
    ``"position"``, ``"fen"`` or ``"name"``; ``text`` its canonical text."""

    form: str
    text: str

    def value(self) -> Union[MaterialCode, StudyCode, Position, None]:
        """The value object of a material code, study code or position form
        (None for a FEN or a name)."""
        if self.form == "material":
            return MaterialCode.parse(self.text)
        if self.form == "study":
            return StudyCode.parse(self.text)
        if self.form == "position":
            return Position.parse(self.text)
        return None


def recognise(text: Text) -> Recognised:
    """Recognises which form a text is (spec §10) and gives its canonical
    text (what ``gbr check`` prints); raises GBRError for none."""
    form, canonical = _gbr.recognise(text)
    return Recognised(form, canonical)


class Match(NamedTuple):
    """A code found in running text by :func:`scan`: ``form``, canonical
    ``text``, and ``start``/``end`` (``source[start:end]`` is the match:
    indexes of characters for a ``str``, of bytes for ``bytes``)."""

    form: str
    text: str
    start: int
    end: int

    @property
    def span(self) -> Tuple[int, int]:
        return (self.start, self.end)


def scan(text: Union[Text, bytearray, memoryview]) -> Iterator[Match]:
    """The material codes, study codes and position forms embedded in a
    text (spec §10.1), in order. The text is scanned at the first ``next``."""
    for form, canonical, start, end in _gbr.scan(text):
        yield Match(form, canonical, start, end)


class Query:
    """A query of GBR queries 1.1 (spec/query.md): a material code pattern
    (``"0400.*"``, ``"04??.1?"``), a study code pattern, a material name
    pattern (``"KR*vKR"``), count conditions or a pgn-extract description.
    Raises GBRError (class ``unknown-form``) for a text that is none. A
    Query pickles (by its text), so it can be sent to a process pool."""

    __slots__ = ("_text", "_source", "_query")

    _text: str
    _source: Text
    _query: bytes

    def __init__(self, text: Text) -> None:
        object.__setattr__(self, "_query", _gbr.query_parse(text))
        object.__setattr__(self, "_source", text)
        object.__setattr__(self, "_text", text if isinstance(text, str) else text.decode("utf-8", "replace"))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Query is immutable")

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Query, (self._source,))

    def __repr__(self) -> str:
        return f"Query({self._text!r})"

    def __str__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Query):
            return NotImplemented
        return self._query == other._query

    def __hash__(self) -> int:
        return hash(self._query)

    def matches(self, subject: Union[Text, "MaterialCode", "StudyCode", "Position"]) -> bool:
        """Whether a material code, study code, position form, FEN or
        material name (text or value object) matches; raises GBRError for a
        text of no form."""
        if isinstance(subject, _Value):
            subject = subject._text
        return _gbr.query_match(self._query, subject)

    def matches_each(self, subjects: Iterable[Subject]) -> List[bool]:
        """:meth:`matches` of every text or value object of an iterable, in
        one call; a text of no form raises GBRError with its ``index``."""
        return _gbr.query_match_column(self._query, subjects)

    def filter(self, subjects: Iterable[S]) -> List[S]:
        """The items (texts or value objects) of an iterable that match; a
        text of no form raises GBRError with its ``index``."""
        items = subjects if isinstance(subjects, (list, tuple)) else list(subjects)
        return [s for s, ok in zip(items, _gbr.query_match_column(self._query, items)) if ok]


def vectors_dir() -> str:
    """The folder of the vectors' JSON files shipped with the package
    (material.json, study.json, position.json, extensions.json)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "vectors")


def load_vectors(level: str) -> Dict[str, Any]:
    """The vectors file of one level ("material", "study", "position",
    "extensions"), parsed (spec §13.1)."""
    with open(os.path.join(vectors_dir(), f"{level}.json"), encoding="utf-8") as f:
        vectors: Dict[str, Any] = json.load(f)
    return vectors


class ReplayPosition(NamedTuple):
    """A position of a replayed game (:func:`replay`, :func:`replay_line`):
    its ``fen`` (the en-passant square written after every double step, as
    the PGN standard writes it), the move that led to it in canonical SAN
    (``san``) and as written in the input (``written``), both ``""`` at the
    start, where that move is (``line``, ``column``; 0 at the start), its
    ``ply`` from the start along its line, ``depth`` (variations open around
    it) and ``main_line``; the ``game``'s number in its input (1 for the
    first) and its tag pairs (``tags``, name to value, the last pair of a
    name winning)."""

    fen: str
    san: str
    written: str
    ply: int
    depth: int
    main_line: bool
    line: int
    column: int
    game: int
    tags: Mapping[str, str]

    def position(self) -> "Position":
        """The GBR position form of the position (:meth:`Position.from_fen`)."""
        return Position.from_fen(self.fen)


# gbr_replay_status: what a game's end event says.
_REPLAY_REFUSED, _REPLAY_NO_START = 1, 2
_REPLAY_CHUNK = 1 << 16


def _replay_events(events: List[Tuple[Any, ...]], tags: List[Mapping[str, str]],
                   errors: str) -> Iterator[ReplayPosition]:
    for event in events:
        if event[0] == "p":
            _, game, pairs, fen, san, written, line, column, ply, depth, main_line = event
            if pairs is not None:
                tags[0] = types.MappingProxyType(dict(pairs))
            yield ReplayPosition(fen, san, written, ply, depth, main_line, line, column, game, tags[0])
        elif event[2] in (_REPLAY_REFUSED, _REPLAY_NO_START) and errors == "raise":
            _, _, status, line, column, message = event
            raise GBRError(message, "refused-move" if status == _REPLAY_REFUSED else "no-start", column, line=line)


def _replay_chunks(source: Union[Text, bytearray, "os.PathLike[str]", Any]) -> Iterator[bytes]:
    if isinstance(source, str):
        yield source.encode("utf-8", "surrogateescape")
    elif isinstance(source, (bytes, bytearray, memoryview)):
        yield bytes(source)
    elif isinstance(source, os.PathLike):
        with open(source, "rb") as f:
            while True:
                chunk = f.read(_REPLAY_CHUNK)
                if not chunk:
                    return
                yield chunk
    elif hasattr(source, "read"):
        while True:
            chunk = source.read(_REPLAY_CHUNK)
            if not chunk:
                return
            if not isinstance(chunk, bytes):
                raise TypeError("replay: a file must be opened in binary mode ('rb')")
            yield chunk
    else:
        raise TypeError(f"replay: PGN text (str or bytes), a path or a binary file, not {type(source).__name__}")


def replay(source: Union[Text, bytearray, "os.PathLike[str]", Any], *,
           errors: Literal["raise", "skip"] = "raise") -> Iterator[ReplayPosition]:
    """Every position of the games of a PGN input, main line and variations,
    in the order their moves are written, each with the move that led to it
    (:class:`ReplayPosition`). ``source`` is PGN text (``str`` or ``bytes``:
    one game or many), a path (``pathlib.Path``) or a file opened in binary
    mode, read 64 KiB at a time: positions come as the games' ends are read.
    A move that cannot be played, or a game with no position to start from,
    raises :class:`GBRError` (``line`` and ``column`` of the move) after the
    game's positions before it; ``errors="skip"`` goes on with the next game
    instead. A game of another variant than chess and Chess960 is skipped."""
    if errors not in ("raise", "skip"):
        raise ValueError("errors must be 'raise' or 'skip'")
    replayer = _gbr.replayer()
    tags: List[Mapping[str, str]] = [types.MappingProxyType({})]
    for chunk in _replay_chunks(source):
        yield from _replay_events(_gbr.replay_feed(replayer, chunk), tags, errors)
    yield from _replay_events(_gbr.replay_finish(replayer), tags, errors)


def replay_line(moves: Text, fen: Optional[Text] = None) -> Iterator[ReplayPosition]:
    """The positions of a line of moves (movetext: moves in SAN, long
    algebraic or UCI, move numbers, comments, variations) played from
    ``fen`` (None: the standard start), the start first. A move that cannot
    be played raises :class:`GBRError` after the positions before it; so
    does a FEN that cannot be played from (its column in the FEN)."""
    def encoded(text: Text) -> bytes:
        return text.encode("utf-8", "surrogateescape") if isinstance(text, str) else bytes(text)

    events, outcome = _gbr.replay_line(_gbr.replayer(), None if fen is None else encoded(fen), encoded(moves))
    yield from _replay_events(events + [outcome], [types.MappingProxyType({})], "raise")


# The endgame census (gbr census): its extension is imported on the first call.
from ._census_api import (Census, CensusBoundaryError, CensusClass, CensusResults, CensusTotals,  # noqa: E402
                          census)

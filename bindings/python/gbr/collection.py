"""PGN collections as the gbr command reads them: each game's tags, the
composer (every composer of a joint study, under a names file's chosen
names), source, year and reference that ``gbr directory`` shows (the
collection's tag choice and encoding), and the audit rule of ``gbr audit`` on its code tags
([GBR], and [Black] starting with a code, suffixes such as "TT" or "(c)"
after the code allowed).

    import gbr.collection
    for game in gbr.collection.pgn_games("studies.pgn"):
        for check in game.codes:
            if check.wrong:
                print(f"game {game.number}: {check.says}")

Every line and column is 1-based, columns in bytes, as the command reports
them. The reader is the command's own (src/pgn, src/collection) compiled
into the extension gbr._collection.
"""
from __future__ import annotations

import os
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _collection

__all__ = ["pgn_read", "pgn_games", "Collection", "Game", "Tag", "CodeCheck", "Problem", "Diagnostic",
           "ENCODINGS", "START_FEN"]

#: The encodings of tag values (gbr directory's --encoding).
ENCODINGS = ("auto", "utf-8", "latin-1", "cp1252")
#: The standard start position, the FEN of a game without [FEN].
START_FEN: str = _collection.START_FEN

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]
Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
TagNames = Union[None, str, Sequence[str]]


class Tag(NamedTuple):
    """A tag pair: its name, its value (escapes undone, in the collection's
    encoding), the line and column of its name, and whether a later pair of
    the same name in the game supersedes it (every gbr command takes the
    last value of a repeated tag, as pgn-extract does)."""

    name: str
    value: str
    line: int
    column: int
    superseded: bool


class CodeCheck(NamedTuple):
    """The audit rule on one code tag: ``code`` is its code's canonical
    text, ``expected`` what the game's FEN gives in that form (None when the
    FEN cannot be read or the position has no code), ``wrong`` whether they
    differ; ``line`` and ``column`` where the code starts; ``stipulation``
    "win", "draw" or None as the code says; ``says`` gbr audit's sentence
    for a wrong code ("Black tag says ..., FEN gives ..."), else None."""

    tag: str
    code: str
    expected: Optional[str]
    wrong: bool
    line: int
    column: int
    stipulation: Optional[str]
    says: Optional[str]


class Problem(NamedTuple):
    """What gbr audit reports about a game's tags: ``what`` is "GBR tag" (a
    value that is no code) or "FEN tag" (a FEN that cannot be read)."""

    line: int
    column: int
    what: str
    message: str


class Diagnostic(NamedTuple):
    """A report of the PGN reader (a malformed tag pair, a comment left
    open, ...): ``game`` is its game's number, 0 before the first game."""

    game: int
    line: int
    column: int
    message: str


class Game(NamedTuple):
    """One game of a collection. ``composer``, ``source``, ``year`` and
    ``reference`` are what gbr directory shows (None when the game has none;
    the year four digits; the composer every composer of a joint study,
    [Composer] then [Composer2], [Composer3]..., joined by "; ", each under
    its chosen name when a names file is given), ``composer_tag``,
    ``source_tag``, ``year_tag`` and ``reference_tag`` the tags they come
    from; ``composers`` each composer apart (empty when none). ``malformed`` counts the errors of its tag section (then its
    tags may be incomplete, and no code is checked). ``codes`` and
    ``problems`` are the audit rule's; ``checked`` whether gbr audit counts
    the game as checked (it has a code and a readable FEN)."""

    number: int
    line: int
    column: int
    tags: Tuple[Tag, ...]
    malformed: int
    composer: Optional[str]
    source: Optional[str]
    year: Optional[str]
    composer_tag: Optional[str]
    source_tag: Optional[str]
    year_tag: Optional[str]
    reference: Optional[str]
    reference_tag: Optional[str]
    composers: Tuple[str, ...]
    codes: Tuple[CodeCheck, ...]
    problems: Tuple[Problem, ...]
    checked: bool
    diagnostics: Tuple[Diagnostic, ...]

    def tag(self, name: str) -> Optional[str]:
        """The value of the game's tag of that name (case counts) as every
        gbr command reads it: of a repeated tag, its last pair; None when
        the game has none."""
        for t in self.tags:
            if t.name == name and not t.superseded:
                return t.value
        return None

    @property
    def fen(self) -> str:
        """The FEN of the start position: its [FEN] tag (the last of
        several), else the standard start position (as every gbr command
        reads a game)."""
        value = self.tag("FEN")
        return START_FEN if value is None else value

    @property
    def mismatches(self) -> List[CodeCheck]:
        """The code tags the FEN contradicts."""
        return [c for c in self.codes if c.wrong]


class Collection(NamedTuple):
    """What :func:`pgn_read` read: the games in order, and every
    diagnostic of the reader (each game's are also in its own)."""

    games: List[Game]
    diagnostics: List[Diagnostic]


def _names(value: TagNames, field: str) -> Optional[str]:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        raise TypeError(f"{field}_tags must be a str or a sequence of str")
    return ",".join(value)


def pgn_read(source: Source, *, composer_tags: TagNames = None, source_tags: TagNames = None,
             year_tags: TagNames = None, reference_tags: TagNames = None, encoding: str = "auto",
             names: Optional[Path] = None) -> Collection:
    """Reads a PGN collection: a path (str or path-like), or its bytes.

    ``composer_tags``, ``source_tags``, ``year_tags`` and ``reference_tags``
    are the tag names a collection keeps those fields in, in order of
    preference (a list or a comma-separated str; None: gbr directory's
    defaults, [Event] the source and [Source] the reference); ``encoding``
    how tag values are read: "auto" (UTF-8 when valid, else Windows-1252),
    "utf-8", "latin-1" or "cp1252", as gbr directory's --encoding;
    ``names`` the path of a names file (gbr directory's --names): each
    composer under the name it chooses. A names file that cannot be read
    raises OSError, one with errors ValueError with a line for each, as
    PATH:LINE:COLUMN: MESSAGE."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data: Union[bytes, bytearray, memoryview] = source
    elif isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            data = f.read()
    else:
        raise TypeError(f"source must be a path or bytes, not {type(source).__name__}")
    games, diagnostics = _collection.pgn_read(data, _names(composer_tags, "composer"), _names(source_tags, "source"),
                                              _names(year_tags, "year"), _names(reference_tags, "reference"),
                                              encoding, names)
    found = [Diagnostic(*d) for d in diagnostics]
    by_game: Dict[int, List[Diagnostic]] = {}
    for d in found:
        by_game.setdefault(d.game, []).append(d)
    out = []
    for number, line, column, tags, malformed, fields, from_tags, composers, codes, problems, checked in games:
        tag_tuple = tuple(Tag(*t) for t in tags)
        out.append(Game(number, line, column, tag_tuple, malformed, fields[0], fields[1], fields[2], from_tags[0],
                        from_tags[1], from_tags[2], fields[3], from_tags[3], composers,
                        tuple(CodeCheck(tag_tuple[c[0]].name, *c[1:]) for c in codes),
                        tuple(Problem(*p) for p in problems), checked, tuple(by_game.get(number, ()))))
    return Collection(out, found)


def pgn_games(source: Source, *, composer_tags: TagNames = None, source_tags: TagNames = None,
              year_tags: TagNames = None, reference_tags: TagNames = None, encoding: str = "auto",
              names: Optional[Path] = None) -> List[Game]:
    """The games of :func:`pgn_read`."""
    return pgn_read(source, composer_tags=composer_tags, source_tags=source_tags, year_tags=year_tags,
                    reference_tags=reference_tags, encoding=encoding, names=names).games

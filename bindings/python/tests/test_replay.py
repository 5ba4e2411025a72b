"""gbr.replay and gbr.replay_line: the positions of PGN games through
libgbr's replayer (gbr_replay.h)."""
import io
import pathlib
import pickle
import types
from typing import List, Tuple

import pytest

import gbr

GAMES = """[Event "Main line and variation"]
[Result "*"]

1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 a6 4. O-O *

[Event "From a position"]
[FEN "8/8/8/8/8/k7/8/K6R w - - 0 1"]
[SetUp "1"]

1. Rh3+ Kb4 2. Nf3 *

[Event "Third"]

1. d4 *
"""


def test_every_position_with_its_move() -> None:
    got = list(gbr.replay(GAMES, errors="skip"))
    first = [p for p in got if p.game == 1]
    assert [(p.ply, p.san, p.main_line) for p in first] == [
        (0, "", True), (1, "e4", True), (2, "e5", True), (2, "c5", False), (3, "Nf3", False),
        (3, "Nf3", True), (4, "Nc6", True), (5, "Bb5", True), (6, "a6", True), (7, "O-O", True)]
    assert first[1].fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert first[-1].fen == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
    assert (first[4].line, first[4].column, first[4].depth) == (4, 22, 1)
    assert first[0].tags["Event"] == "Main line and variation"
    assert isinstance(first[0].tags, types.MappingProxyType)
    second = [p for p in got if p.game == 2]
    assert [p.written for p in second] == ["", "Rh3+", "Kb4"]
    assert second[0].tags["FEN"] == "8/8/8/8/8/k7/8/K6R w - - 0 1"
    # The game after the refused move is replayed all the same.
    assert [(p.game, p.san) for p in got if p.game == 3] == [(3, ""), (3, "d4")]


def test_the_values_of_the_package() -> None:
    start = next(gbr.replay("1. e4 *"))
    assert start.position() == gbr.Position.from_fen(start.fen)
    assert str(start.position()).startswith("e1e8 4888.88")


def test_a_refused_move_raises_with_where_after_the_positions_before_it() -> None:
    seen: List[Tuple[int, int]] = []
    with pytest.raises(gbr.GBRError) as info:
        for p in gbr.replay(GAMES):
            seen.append((p.game, p.ply))
    assert seen[-1] == (2, 2)
    e = info.value
    assert (e.error_class, e.line, e.column) == ("refused-move", 10, 16)
    assert e.message == "game 2: 2. Nf3: no white knight can move to f3"
    assert "line 10, column 16" in str(e)
    assert pickle.loads(pickle.dumps(e)).line == 10


def test_a_fen_that_cannot_be_played_from() -> None:
    with pytest.raises(gbr.GBRError) as info:
        list(gbr.replay('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n'))
    assert info.value.error_class == "no-start" and info.value.line == 1


def test_a_file_by_path_and_by_binary_file_in_chunks(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.pgn"
    path.write_bytes(GAMES.encode() * 3)
    monkeypatch.setattr(gbr, "_REPLAY_CHUNK", 5)  # games and moves cut across reads
    whole = list(gbr.replay(GAMES * 3, errors="skip"))
    assert list(gbr.replay(path, errors="skip")) == whole
    with open(path, "rb") as f:
        assert list(gbr.replay(f, errors="skip")) == whole
    assert max(p.game for p in whole) == 9
    with pytest.raises(TypeError):
        list(gbr.replay(io.StringIO(GAMES)))
    with pytest.raises(TypeError):
        list(gbr.replay(42))
    with pytest.raises(ValueError):
        list(gbr.replay(GAMES, errors="ignore"))  # type: ignore[arg-type]


def test_replay_line_from_a_fen() -> None:
    got = list(gbr.replay_line("1. Rh3+ Kb4 2. Rh4+ Kc5", fen="8/8/8/8/8/k7/8/K6R w - - 0 1"))
    assert [p.san for p in got] == ["", "Rh3+", "Kb4", "Rh4+", "Kc5"]
    assert got[-1].fen == "8/8/8/2k5/7R/8/8/K7 w - - 4 3"
    assert [p.san for p in gbr.replay_line(b"e2e4 e7e5 g1f3")] == ["", "e4", "e5", "Nf3"]
    with pytest.raises(gbr.GBRError) as info:
        list(gbr.replay_line("e4 e4"))
    assert info.value.error_class == "refused-move" and info.value.column == 4
    with pytest.raises(gbr.GBRError) as info:
        list(gbr.replay_line("e4", fen="bad"))
    assert info.value.error_class == "no-start"


def test_the_example_of_the_library_guide() -> None:
    # docs/library.md, "Replaying games" under Python.
    got = [(p.ply, p.san or "-", str(p.position()))
           for p in gbr.replay_line("1. Rh3+ Kb4 2. Rh4+", fen="8/8/8/8/8/k7/8/K6R w - - 0 1")]
    assert got == [(0, "-", "a1a3 0100.00 h1 2/1 WTM."), (1, "Rh3+", "a1a3 0100.00 h3 2/1 BTM."),
                   (2, "Kb4", "a1b4 0100.00 h3 2/1 WTM."), (3, "Rh4+", "a1b4 0100.00 h4 2/1 BTM.")]

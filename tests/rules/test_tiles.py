"""Tile indices, faces, families and the successor cycles (RULES §0.1, §1.5, §5.3)."""

from __future__ import annotations

import pytest

from tablekeeper.rules.tiles import (
    ALL_TILES,
    HARBIN_TILES,
    faces,
    is_dragon,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    is_wind,
    rank_of,
    successor,
    suit_of,
    tile_face,
    tile_index,
)


@pytest.mark.parametrize(
    ("face", "index", "suit", "rank"),
    [
        ("1m", 0, "m", 1),
        ("9m", 8, "m", 9),
        ("1p", 9, "p", 1),
        ("5p", 13, "p", 5),
        ("9p", 17, "p", 9),
        ("1s", 18, "s", 1),
        ("9s", 26, "s", 9),
        ("1z", 27, "z", 1),
        ("4z", 30, "z", 4),
        ("5z", 31, "z", 5),
        ("7z", 33, "z", 7),
    ],
)
def test_a_face_has_a_fixed_index_suit_and_rank(face, index, suit, rank):
    assert tile_index(face) == index
    assert tile_face(index) == face
    assert suit_of(index) == suit
    assert rank_of(index) == rank


def test_every_index_round_trips_through_its_face():
    assert [tile_index(tile_face(index)) for index in range(34)] == list(range(34))


@pytest.mark.parametrize("face", ["0m", "8z", "9z", "10m", "m", "", "1x", "1M", " 1m"])
def test_a_string_that_is_not_a_tile_face_is_refused(face):
    with pytest.raises(ValueError, match="is not a tile"):
        tile_index(face)


@pytest.mark.parametrize("index", [-1, 34, 100])
def test_an_index_outside_0_to_33_is_refused_everywhere(index):
    for function in (tile_face, suit_of, rank_of, is_honor, is_terminal, is_dragon, is_wind, successor):
        with pytest.raises(ValueError, match="out of range"):
            function(index)


@pytest.mark.parametrize(
    ("face", "terminal", "honor", "dragon", "wind"),
    [
        ("1m", True, False, False, False),
        ("9m", True, False, False, False),
        ("2m", False, False, False, False),
        ("5p", False, False, False, False),
        ("1p", True, False, False, False),
        ("9s", True, False, False, False),
        ("8s", False, False, False, False),
        ("1z", False, True, False, True),
        ("4z", False, True, False, True),
        ("5z", False, True, True, False),
        ("6z", False, True, True, False),
        ("7z", False, True, True, False),
    ],
)
def test_tile_families(face, terminal, honor, dragon, wind):
    index = tile_index(face)
    assert is_terminal(index) is terminal
    assert is_honor(index) is honor
    assert is_dragon(index) is dragon
    assert is_wind(index) is wind
    assert is_terminal_or_honor(index) is (terminal or honor)


@pytest.mark.parametrize(
    ("indicator", "separate", "single7"),
    [
        ("1m", "2m", "2m"),
        ("8m", "9m", "9m"),
        ("9m", "1m", "1m"),
        ("9p", "1p", "1p"),
        ("5s", "6s", "6s"),
        ("9s", "1s", "1s"),
        ("1z", "2z", "2z"),
        ("2z", "3z", "3z"),
        ("3z", "4z", "4z"),
        # Winds close on themselves; Zhengzhou goes on from North to Red.
        ("4z", "1z", "7z"),
        # Dragons: Green → Red → White → Green; Zhengzhou: Red → Green → White → East.
        ("6z", "7z", "5z"),
        ("7z", "5z", "6z"),
        ("5z", "6z", "1z"),
    ],
)
def test_the_successor_of_an_indicator(indicator, separate, single7):
    index = tile_index(indicator)
    assert tile_face(successor(index)) == separate
    assert tile_face(successor(index, "separate")) == separate
    assert tile_face(successor(index, "single7")) == single7


def _cycle(start: str, honor_cycle: str) -> list[str]:
    seen = [start]
    tile = successor(tile_index(start), honor_cycle)  # type: ignore[arg-type]
    while tile_face(tile) != start:
        seen.append(tile_face(tile))
        tile = successor(tile, honor_cycle)  # type: ignore[arg-type]
    return seen


@pytest.mark.parametrize(
    ("start", "honor_cycle", "cycle"),
    [
        ("1m", "separate", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
        ("5p", "single7", ["5p", "6p", "7p", "8p", "9p", "1p", "2p", "3p", "4p"]),
        ("1z", "separate", ["1z", "2z", "3z", "4z"]),
        ("6z", "separate", ["6z", "7z", "5z"]),
        ("1z", "single7", ["1z", "2z", "3z", "4z", "7z", "6z", "5z"]),
    ],
)
def test_successors_run_in_closed_cycles(start, honor_cycle, cycle):
    assert _cycle(start, honor_cycle) == cycle


def test_an_unknown_honour_cycle_is_refused():
    with pytest.raises(ValueError, match="unknown honour cycle"):
        successor(tile_index("1z"), "harbin")  # type: ignore[arg-type]


def test_the_tile_sets():
    assert set(range(34)) == ALL_TILES
    assert len(HARBIN_TILES) == 28
    assert tile_index("7z") in HARBIN_TILES
    assert not {tile_index(face) for face in ("1z", "2z", "3z", "4z", "5z", "6z")} & HARBIN_TILES
    assert {tile_index("1m"), tile_index("9p"), tile_index("5s")} <= HARBIN_TILES


@pytest.mark.parametrize(
    ("indices", "text"),
    [
        ([0, 1, 2], "123m"),
        ([0, 9, 18, 27], "1m1p1s1z"),
        ([8, 8, 17, 33], "99m9p7z"),
        ([27, 0], "1z1m"),
        ([], ""),
    ],
)
def test_faces_writes_compact_notation(indices, text):
    assert faces(indices) == text

"""Our shape check against an independent implementation: the `mahjong` package's Agari.

mahjong also accepts seven pairs and thirteen orphans, which are not the standard shape, so
hands of those pairs-only shapes are left out of the comparison (their standard reading, if
any, is covered by test_hands.py).

A second oracle of the shape check: CI runs the first, test_hands.py's plain recursive check and
its brute-force waits; this one runs nightly (`bash .ci/nightly`), where it has the time to look hard.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari

from tablekeeper.rules.hands import is_standard_win, waits
from tablekeeper.rules.tiles import tile_face
from tests.hypothesis_profiles import examples

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SET_SHAPES = [(tile,) * 3 for tile in range(34)] + [
    (start, start + 1, start + 2) for start in range(27) if start % 9 <= 6
]
EXAMPLES = 2500

pytestmark = pytest.mark.nightly


def pairs_only_shape(counts: list[int]) -> bool:
    """Seven pairs or thirteen orphans: shapes mahjong accepts that are not sets and a pair."""
    if sum(counts) != 14:
        return False
    seven_pairs = sum(1 for count in counts if count == 2) == 7
    orphans = (
        all(counts[tile] for tile in TERMINALS_AND_HONORS) and sum(counts[tile] for tile in TERMINALS_AND_HONORS) == 14
    )
    return seven_pairs or orphans


def counts_of(tiles: list[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile] += 1
    return counts


def text_of(tiles: list[int]) -> str:
    return "".join(tile_face(tile) for tile in tiles)


def mahjong_standard_win(counts: list[int]) -> bool:
    return Agari.is_agari(counts) and not pairs_only_shape(counts)


def mahjong_waits(counts: list[int]) -> list[str]:
    found = []
    for tile in range(34):
        if counts[tile] >= 4:
            continue
        counts[tile] += 1
        if mahjong_standard_win(counts):
            found.append(tile_face(tile))
        counts[tile] -= 1
    return found


def pairs_only_after_adding(counts: list[int]) -> set[str]:
    """Faces whose addition makes a pairs-only shape: mahjong cannot tell us about those."""
    found = set()
    for tile in range(34):
        counts[tile] += 1
        if pairs_only_shape(counts):
            found.add(tile_face(tile))
        counts[tile] -= 1
    return found


def assert_agrees(tiles: list[int]) -> None:
    counts = counts_of(tiles)
    assume(max(counts) <= 4)
    assume(not pairs_only_shape(counts))
    assert is_standard_win(text_of(tiles)) is mahjong_standard_win(counts), text_of(sorted(tiles))


def assert_waits_agree(tiles: list[int]) -> None:
    counts = counts_of(tiles)
    unknowable = pairs_only_after_adding(counts)
    ours = [face for face in waits(text_of(tiles)) if face not in unknowable]
    theirs = [face for face in mahjong_waits(counts) if face not in unknowable]
    assert ours == theirs, text_of(sorted(tiles))


@st.composite
def winning_hands(draw: st.DrawFn) -> list[int]:
    set_count = draw(st.integers(0, 4))
    sets = draw(st.lists(st.sampled_from(SET_SHAPES), min_size=set_count, max_size=set_count))
    pair = draw(st.integers(0, 33))
    tiles = [tile for group in sets for tile in group] + [pair, pair]
    assume(max(counts_of(tiles)) <= 4)
    return tiles


@settings(max_examples=examples(EXAMPLES), deadline=None)
@given(winning_hands())
def test_generated_winning_hands_agree_with_mahjong(tiles):
    assert_agrees(tiles)


@settings(max_examples=examples(EXAMPLES), deadline=None)
@given(winning_hands(), st.integers(0, 13), st.integers(0, 33))
def test_near_misses_with_one_tile_swapped_agree_with_mahjong(tiles, position, replacement):
    tiles = list(tiles)
    tiles[position % len(tiles)] = replacement
    assert_agrees(tiles)


@settings(max_examples=examples(EXAMPLES), deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_random_hands_of_fourteen_agree_with_mahjong(tiles):
    assert_agrees(tiles)


@settings(max_examples=examples(1000), deadline=None)
@given(winning_hands(), st.integers(0, 13), st.integers(0, 33))
def test_waits_agree_with_mahjong_on_hands_one_tile_from_a_win(tiles, position, replacement):
    tiles = list(tiles)
    del tiles[position % len(tiles)]
    if tiles and replacement % 2:
        tiles[replacement % len(tiles)] = replacement
    assume(max(counts_of(tiles)) <= 4)
    assert_waits_agree(tiles)


def _seeded_hand(rng: random.Random, wall: list[int]) -> list[int]:
    roll = rng.random()
    if roll < 0.4:
        size = rng.choice((2, 5, 8, 11, 14, 14, 14))
        return rng.sample(wall, size)
    while True:
        tiles = [tile for group in rng.choices(SET_SHAPES, k=4) for tile in group] + [rng.randrange(34)] * 2
        if roll < 0.7:
            tiles[rng.randrange(14)] = rng.randrange(34)
        if max(counts_of(tiles)) <= 4:
            return tiles


def test_a_seeded_stream_of_hands_agrees_with_mahjong_on_wins_and_waits():
    rng = random.Random(7_919)
    wall = [tile for tile in range(34) for _ in range(4)]
    compared = wins = waits_compared = 0
    for _ in range(15_000):
        tiles = _seeded_hand(rng, wall)
        counts = counts_of(tiles)
        if not pairs_only_shape(counts):
            expected = mahjong_standard_win(counts)
            assert is_standard_win(text_of(tiles)) is expected, text_of(sorted(tiles))
            compared += 1
            wins += expected
        if len(tiles) == 14 and waits_compared < 3_000:
            assert_waits_agree(tiles[:13])
            waits_compared += 1
    # The stream must exercise both answers, or the comparison proves little.
    assert compared > 14_000
    assert 3_000 < wins < compared - 3_000
    assert waits_compared == 3_000

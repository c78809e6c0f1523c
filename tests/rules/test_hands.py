"""The plain 4-sets-and-a-pair shape, its waits, and seven pairs (RULES §0.6)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from tablekeeper.rules.hands import is_standard_win, seven_pairs, waits
from tablekeeper.rules.notation import NotationError
from tablekeeper.rules.tiles import faces, tile_face, tile_index
from tests.hypothesis_profiles import examples

ALL_FACES = [tile_face(tile) for tile in range(34)]


def counts_of(text: str) -> list[int]:
    counts = [0] * 34
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            for digit in digits:
                counts[tile_index(digit + char)] += 1
            digits = ""
    return counts


def naturally_complete(counts: list[int], need_pair: bool = True) -> bool:
    """An independent, plain recursive check of sets plus one pair (no tables, no copy limit)."""
    lowest = next((tile for tile in range(34) if counts[tile]), None)
    if lowest is None:
        return not need_pair
    found = False
    if need_pair and counts[lowest] >= 2:
        counts[lowest] -= 2
        found = naturally_complete(counts, False)
        counts[lowest] += 2
    if not found and counts[lowest] >= 3:
        counts[lowest] -= 3
        found = naturally_complete(counts, need_pair)
        counts[lowest] += 3
    if not found and lowest < 27 and lowest % 9 <= 6 and counts[lowest + 1] and counts[lowest + 2]:
        for tile in (lowest, lowest + 1, lowest + 2):
            counts[tile] -= 1
        found = naturally_complete(counts, need_pair)
        for tile in (lowest, lowest + 1, lowest + 2):
            counts[tile] += 1
    return found


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        ("123456m456p789s11z", True),
        ("11z", True),
        ("111m22z", True),
        ("11123m", True),
        ("12345678999m", True),
        ("11122233344455m", True),
        # Seven pairs that also read as four chows and a pair.
        ("11223344556677m", True),
        ("111222333m555p55s", True),
        ("111z222z333z444z55z", True),
        ("1m2m3m 456m 4 5 6 p 789s 11z", True),
        ("123456m456p789s12z", False),
        ("111z222z333z444z56z", False),
        # Seven pairs and thirteen orphans are not the standard shape.
        ("1133557799m1133p", False),
        ("19m19p19s1234567z1m", False),
        # Honours never form chows; suits do not wrap from 9 to 1.
        ("123z456m789p11s444s", False),
        ("891m234p567s11z444z", False),
        ("11112m", False),
        # Wrong counts are simply not a win.
        ("", False),
        ("123m", False),
        ("1111m", False),
        ("123456m456p789s1z", False),
        ("123456789m123456p11z", False),
    ],
)
def test_standard_wins_without_wilds(tiles, expected):
    assert is_standard_win(tiles) is expected


@pytest.mark.parametrize(
    ("tiles", "wilds", "expected"),
    [
        ("123456m456p789s1z5z", ("5z",), True),
        ("123456m456p789s1z5z", (), False),
        ("123456m456p789s1z5z", "5z", True),
        # The wild stands for 2m.
        ("13m456p789s111z22z5z", ("5z",), True),
        ("555z11m", ("5z",), True),
        # Two wilds make the pair; three wilds at their own face make a pung.
        ("123456m456p789s55z", ("5z",), True),
        ("555z123m456p789s11m", ("5z",), True),
        ("19m456p789s111z22z5z", ("5z",), False),
        ("19m456p789s111z2z5z5z", ("5z",), False),
        ("13m456p789s111z2z5z6z", ("5z", "6z"), True),
        ("1m4p7s1z2z", ("1z", "2z"), False),
        ("19m456p789s111z22z5z5z", ("5z",), False),
        ("13m 456p 789s 111z 22z 5z", ("5z",), True),
        # A wild face the hand does not hold changes nothing.
        ("123456m456p789s11z", ("4s",), True),
    ],
)
def test_standard_wins_with_wilds(tiles, wilds, expected):
    assert is_standard_win(tiles, wilds) is expected


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        ("1112345678999m", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
        ("12m456p789s111z22z", ["3m"]),
        ("89m456p789s111z22z", ["7m"]),
        ("13m456p789s111z22z", ["2m"]),
        ("23m456p789s111z22z", ["1m", "4m"]),
        ("123m456p789s111z2z", ["2z"]),
        ("11m22z456p789s111z", ["1m", "2z"]),
        ("2345m", ["2m", "5m"]),
        ("3334m", ["2m", "4m", "5m"]),
        # Spaces and a suit in several runs are legal notation.
        ("1 2m 456p 789s 111z 22z", ["3m"]),
        ("1m2m456p789s111z2z2z", ["3m"]),
        ("11z22z", ["1z", "2z"]),
        ("111z222z333z4z", ["4z"]),
        # Only the fifth 1m would complete it.
        ("1111m234p567p789s", []),
        # The thirteen-sided orphans wait is not a standard wait.
        ("19m19p19s1234567z", []),
        ("123m", []),
        ("123456m456p789s11z", []),
    ],
)
def test_waits_without_wilds(tiles, expected):
    assert waits(tiles) == expected


@pytest.mark.parametrize(
    ("tiles", "wilds", "expected"),
    [
        ("12m456p789s111z22z", ("5z",), ["3m", "5z"]),
        ("12m456p789s111z2z5z", ("5z",), ["3m", "2z", "5z"]),
        # Four wilds: anything pairs with one of them, except a fifth 5z.
        ("123m456p789s5555z", ("5z",), [face for face in ALL_FACES if face != "5z"]),
        ("1m", ("1m",), ALL_FACES),
        ("1m", "1m", ALL_FACES),
        ("1 2m 456p 789s 111z 22z", ("5z",), ["3m", "5z"]),
        ("123m", ("5z",), []),
        ("123m5z", ("5z",), ALL_FACES),
        ("123m55z", ("5z",), []),
    ],
)
def test_waits_with_wilds(tiles, wilds, expected):
    assert waits(tiles, wilds) == expected


@pytest.mark.parametrize("wilds", [(), ("5z",)])
@pytest.mark.parametrize("call", [is_standard_win, waits])
@pytest.mark.parametrize(
    ("tiles", "reason"),
    [
        ("123m8z", "'8z' is not a tile: honours go from 1z to 7z"),
        ("0p", "'0p' is not a tile: suits go from 1p to 9p"),
        ("11111m", "5 copies of 1m: there are only 4 of each tile"),
        ("111m11m", "5 copies of 1m: there are only 4 of each tile"),
        ("[123m]", "'[' is not allowed here: give plain tiles, without melds or '+'"),
        ("12", "digits need a suit letter after them (m, p, s or z)"),
        ("m", "suit letter 'm' has no digits before it"),
    ],
)
def test_bad_notation_raises_the_precise_error(call, wilds, tiles, reason):
    with pytest.raises(NotationError) as caught:
        call(tiles, wilds)
    assert caught.value.reason == reason


def test_an_unknown_wild_face_is_refused():
    with pytest.raises(ValueError, match="is not a tile"):
        is_standard_win("11m", ("8z",))


@pytest.mark.parametrize(
    ("tiles", "wilds", "four_as_two_pairs", "expected"),
    [
        ("11223344556677m", 0, True, 0),
        ("11112233445566m", 0, True, 1),
        ("11112233445566m", 0, False, None),
        ("11112222334455m", 0, True, 2),
        ("11223344556677m", 0, False, 0),
        ("1122334455667m", 1, True, 0),
        # Three of a kind plus a wild is four of a kind.
        ("1112233445566m", 1, True, 1),
        ("1112233445566m", 1, False, None),
        # A spare pair of wilds lifts a pair to four of a kind, unless fours are not allowed.
        ("112233445566m", 2, True, 1),
        ("112233445566m", 2, False, 0),
        ("1122334455m", 4, True, 2),
        ("11223344556m", 3, True, 1),
        ("1234567m", 7, True, 0),
        ("11m", 12, True, 3),
        ("1122334455667m", 0, True, None),
        ("11122233344455m", 0, True, None),
        ("1234567m", 6, True, None),
    ],
)
def test_seven_pairs(tiles, wilds, four_as_two_pairs, expected):
    assert seven_pairs(counts_of(tiles), wilds, four_as_two_pairs=four_as_two_pairs) == expected


# --- properties ---------------------------------------------------------------------------

SET_SHAPES = [(tile,) * 3 for tile in range(34)] + [
    (start, start + 1, start + 2) for start in range(27) if start % 9 <= 6
]


@st.composite
def winning_tiles(draw: st.DrawFn, fewest_sets: int = 0) -> list[int]:
    set_count = draw(st.integers(fewest_sets, 4))
    sets = draw(st.lists(st.sampled_from(SET_SHAPES), min_size=set_count, max_size=set_count))
    pair = draw(st.integers(0, 33))
    tiles = [tile for group in sets for tile in group] + [pair, pair]
    assume(all(tiles.count(tile) <= 4 for tile in set(tiles)))
    return draw(st.permutations(tiles))


def text_of(tiles: list[int]) -> str:
    return "".join(tile_face(tile) for tile in tiles)


@settings(max_examples=examples(400), deadline=None)
@given(winning_tiles())
def test_a_generated_winning_hand_is_a_standard_win_in_any_order_and_notation(tiles):
    assert is_standard_win(text_of(tiles))
    assert is_standard_win(faces(sorted(tiles)))
    assert is_standard_win(" ".join(tile_face(tile) for tile in tiles))


@settings(max_examples=examples(400), deadline=None)
@given(winning_tiles())
def test_removing_any_tile_from_a_win_leaves_a_hand_that_waits_on_it(tiles):
    for position in range(len(tiles)):
        rest = tiles[:position] + tiles[position + 1 :]
        assert tile_face(tiles[position]) in waits(text_of(rest))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(0, 33), min_size=1, max_size=14))
def test_is_standard_win_agrees_with_a_plain_recursive_check(tiles):
    assume(all(tiles.count(tile) <= 4 for tile in set(tiles)))
    counts = [tiles.count(tile) for tile in range(34)]
    expected = len(tiles) % 3 == 2 and naturally_complete(counts)
    assert is_standard_win(text_of(tiles)) is expected


def _wins_with_some_substitution(counts: list[int], wild: int, wild_copies: int) -> bool:
    """Brute force: every way to turn each wild copy into any face, then the plain check."""
    rest = list(counts)
    rest[wild] -= wild_copies
    for stand_ins in itertools.combinations_with_replacement(range(34), wild_copies):
        for tile in stand_ins:
            rest[tile] += 1
        found = naturally_complete(rest)
        for tile in stand_ins:
            rest[tile] -= 1
        if found:
            return True
    return False


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    winning_tiles(fewest_sets=1),
    st.integers(0, 33),
    st.lists(st.integers(0, 13), min_size=1, max_size=2, unique=True),
    st.booleans(),
)
def test_with_wilds_a_hand_wins_exactly_when_some_substitution_of_its_wilds_wins(tiles, wild, positions, swap):
    """Turn one or two tiles of a win into copies of the wild face (and sometimes also swap
    another tile away), then compare with brute force over every substitution."""
    tiles = list(tiles)
    positions = [position for position in positions if position < len(tiles)]
    assume(positions)
    for position in positions:
        tiles[position] = wild
    if swap:
        other = next((index for index in range(len(tiles)) if index not in positions), None)
        if other is not None:
            tiles[other] = (tiles[other] + 5) % 34
    counts = [tiles.count(tile) for tile in range(34)]
    assume(max(counts) <= 4 and counts[wild] <= 2)
    expected = _wins_with_some_substitution(counts, wild, counts[wild])
    event(f"wins: {expected}, wild copies: {counts[wild]}")
    assert is_standard_win(text_of(tiles), (tile_face(wild),)) is expected


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.integers(0, 33), min_size=13, max_size=13),
    st.lists(st.integers(0, 33), max_size=2, unique=True),
)
def test_waits_are_the_faces_whose_addition_is_a_win(tiles, wild_tiles):
    counts = [tiles.count(tile) for tile in range(34)]
    assume(max(counts) <= 4)
    wilds = tuple(tile_face(tile) for tile in wild_tiles)
    text = text_of(tiles)
    expected = [
        tile_face(tile) for tile in range(34) if counts[tile] < 4 and is_standard_win(text + tile_face(tile), wilds)
    ]
    assert waits(text, wilds) == expected

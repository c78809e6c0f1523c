"""Tile kinds as integers 0..33, and the facts about them that the variants ask.

0-8 are 1m..9m (Characters), 9-17 are 1p..9p (Dots), 18-26 are 1s..9s (Bamboo),
27-33 are 1z..7z: East, South, West, North, White (5z), Green (6z), Red (7z).
Every other module works on these indices; faces like "4s" exist only at the edges.
"""

from __future__ import annotations

from typing import Literal

Suit = Literal["m", "p", "s", "z"]
HonorCycle = Literal["separate", "single7"]

SUITS: tuple[Suit, ...] = ("m", "p", "s", "z")
TILE_KINDS = 34
FIRST_HONOR = 27
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)

_FACES: tuple[str, ...] = tuple(f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)) + tuple(
    f"{rank}z" for rank in range(1, 8)
)
_INDEX_BY_FACE: dict[str, int] = {face: index for index, face in enumerate(_FACES)}

# Dragon successors follow the seeds' "Green → Red → White → Green" (RULES §1.5); Zhengzhou's single
# honour cycle runs E S W N Red Green White (§5.3).
_SEPARATE_HONOR_SUCCESSOR: dict[int, int] = {
    EAST: SOUTH,
    SOUTH: WEST,
    WEST: NORTH,
    NORTH: EAST,
    GREEN: RED,
    RED: WHITE,
    WHITE: GREEN,
}
_SINGLE7_HONOR_SUCCESSOR: dict[int, int] = {
    EAST: SOUTH,
    SOUTH: WEST,
    WEST: NORTH,
    NORTH: RED,
    RED: GREEN,
    GREEN: WHITE,
    WHITE: EAST,
}

ALL_TILES: frozenset[int] = frozenset(range(TILE_KINDS))
HARBIN_TILES: frozenset[int] = frozenset(range(FIRST_HONOR)) | {RED}


def _check_index(index: int) -> None:
    if not 0 <= index < TILE_KINDS:
        raise ValueError(f"tile index {index} is out of range: tiles go from 0 (1m) to 33 (7z)")


def tile_index(face: str) -> int:
    """The index of a face such as "4s"; ValueError for anything else."""
    try:
        return _INDEX_BY_FACE[face]
    except KeyError:
        raise ValueError(
            f"{face!r} is not a tile: write a digit and a suit letter, 1m-9m, 1p-9p, 1s-9s or 1z-7z"
        ) from None


def tile_face(index: int) -> str:
    _check_index(index)
    return _FACES[index]


def suit_of(index: int) -> Suit:
    _check_index(index)
    return SUITS[index // 9]


def rank_of(index: int) -> int:
    """1..9 for suit tiles, 1..7 for honours (the digit of the face)."""
    _check_index(index)
    return index % 9 + 1


def is_honor(index: int) -> bool:
    _check_index(index)
    return index >= FIRST_HONOR


def is_terminal(index: int) -> bool:
    """A 1 or 9 of a suit (honours are not terminals)."""
    _check_index(index)
    return index < FIRST_HONOR and index % 9 in (0, 8)


def is_terminal_or_honor(index: int) -> bool:
    return is_honor(index) or is_terminal(index)


def is_258(index: int) -> bool:
    """A 2, 5 or 8 of a suit: a general (将) in Shandong."""
    return not is_honor(index) and rank_of(index) in (2, 5, 8)


def is_dragon(index: int) -> bool:
    _check_index(index)
    return index >= WHITE


def is_wind(index: int) -> bool:
    _check_index(index)
    return EAST <= index <= NORTH


def successor(index: int, honor_cycle: HonorCycle = "separate") -> int:
    """The tile after `index`, as used to turn an indicator into a treasure or wild.

    Suits wrap 9 → 1 inside the suit. Honours follow `honor_cycle`: "separate" has winds
    E→S→W→N→E and dragons Green→Red→White→Green; "single7" is Zhengzhou's
    E→S→W→N→Red→Green→White→E.
    """
    _check_index(index)
    if index < FIRST_HONOR:
        suit_start = index - index % 9
        return suit_start + (index % 9 + 1) % 9
    if honor_cycle == "separate":
        return _SEPARATE_HONOR_SUCCESSOR[index]
    if honor_cycle == "single7":
        return _SINGLE7_HONOR_SUCCESSOR[index]
    raise ValueError(f"unknown honour cycle {honor_cycle!r}: use 'separate' or 'single7'")


def faces(indices: list[int] | tuple[int, ...]) -> str:
    """Compact notation for a run of tiles, digits sharing the suit letter: [0, 1, 2, 27] → "123m1z"."""
    parts: list[str] = []
    current_suit = ""
    digits = ""
    for index in indices:
        suit = suit_of(index)
        if suit != current_suit and digits:
            parts.append(digits + current_suit)
            digits = ""
        current_suit = suit
        digits += str(rank_of(index))
    if digits:
        parts.append(digits + current_suit)
    return "".join(parts)

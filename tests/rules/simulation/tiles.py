"""Tiles for the simulator: indices 0-33 (1m-9m, 1p-9p, 1s-9s, 1z-7z), walls and successor cycles.

Written from RULES.md §0.3 (notation), §1.5 / §3.5 (treasure successor) and §5.3 (the wild's successor), on
purpose without the engine's own tile helpers, so the simulator's checks stay independent of the engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

SUITS = "mps"
FLOWER = 34  # Shandong's eight flowers are all one "tile" here: they are counted, never notated (§0.1)
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)  # White 5z, Green 6z, Red 7z
RED = 33


def face(tile: int) -> str:
    """The tile in §0.3 notation: 0 -> '1m', 33 -> '7z'."""
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def index(text: str) -> int:
    return "mpsz".index(text[1]) * 9 + int(text[0]) - 1


def suit(tile: int) -> int | None:
    """0, 1 or 2 for a suit tile; None for an honour."""
    return tile // 9 if tile < 27 else None


def rank(tile: int) -> int:
    """1-9 for a suit tile."""
    return tile % 9 + 1


def is_honour(tile: int) -> bool:
    return tile >= 27


def is_terminal(tile: int) -> bool:
    return tile < 27 and rank(tile) in (1, 9)


def is_terminal_or_honour(tile: int) -> bool:
    return is_honour(tile) or is_terminal(tile)


def tile_set(faces: Iterable[str]) -> list[int]:
    return sorted(index(text) for text in faces)


def build_wall(kinds: list[int], flowers: int, rng: random.Random) -> list[int]:
    """Four copies of every kind, plus the flowers, shuffled."""
    wall = [tile for tile in kinds for _ in range(4)] + [FLOWER] * flowers
    rng.shuffle(wall)
    return wall


def suit_successor(tile: int) -> int:
    """n -> n+1 and 9 -> 1 within the suit."""
    return tile - 8 if rank(tile) == 9 else tile + 1


def treasure_successor(indicator: int, kinds: list[int]) -> int:
    """§1.5-2 / §3.5: suits n->n+1 (9->1), winds E->S->W->N->E, dragons Gd->Rd->Wd->Gd; Harbin's 中 -> 中."""
    if indicator < 27:
        return suit_successor(indicator)
    if indicator in WINDS:
        return WINDS[(WINDS.index(indicator) + 1) % 4]
    cycle: list[int] = [tile for tile in (32, 33, 31) if tile in kinds]  # Gd -> Rd -> Wd
    return cycle[(cycle.index(indicator) + 1) % len(cycle)]


def wild_successor(indicator: int) -> int:
    """§5.3 (honor_cycle single7): suits n->n+1 (9->1), honours E->S->W->N->Rd->Gd->Wd->E."""
    if indicator < 27:
        return suit_successor(indicator)
    cycle = (27, 28, 29, 30, 33, 32, 31)
    return cycle[(cycle.index(indicator) + 1) % 7]

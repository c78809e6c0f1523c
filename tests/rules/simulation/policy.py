"""A simple seeded player: keeps pairs and near-sequences, throws isolated tiles, heads for a legal wait.

The policy may use anything (the engine's structural `waits` included): only the simulator's own win checks
(`wins.judge`) decide what is a win, so the comparison with the engine stays independent.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tablekeeper.rules import waits

from .table import Seat
from .tiles import index, rank


def notation(tiles: list[int]) -> str:
    """Concealed tiles in §0.3 notation, grouped by suit: [0, 1, 27] -> '12m1z'."""
    text = ""
    for letter, low in zip("mpsz", (0, 9, 18, 27), strict=True):
        digits = "".join(
            str(tile - low + 1) for tile in sorted(tiles) if low <= tile < low + (7 if letter == "z" else 9)
        )
        text += f"{digits}{letter}" if digits else ""
    return text


def keep_value(counts: list[int], tile: int, keep: set[int]) -> float:
    """How much a tile is worth keeping: copies held, neighbours in its suit; wilds are never thrown."""
    if tile in keep:
        return 100.0
    value = {1: 0.0, 2: 3.0, 3: 5.0, 4: 5.0}[counts[tile]]
    if tile < 27:
        for step, weight in ((1, 2.0), (2, 1.0)):
            for neighbour in (tile - step, tile + step):
                if neighbour // 9 == tile // 9 and 0 <= neighbour < 27 and counts[neighbour]:
                    value += weight
        value += 0.3 if rank(tile) in (2, 5, 8) else 0.0
    else:
        value -= 0.5
    return value


def choose_discard(seat: Seat, rng: random.Random, legal_wait: Callable[[Seat, int], bool], keep: set[int]) -> int:
    """The discard that leaves most legal winning tiles; else the tile least worth keeping."""
    candidates = [tile for tile in range(34) if seat.counts[tile] and tile not in keep]
    if not candidates:
        candidates = [tile for tile in range(34) if seat.counts[tile]]
    best: tuple[int, float, int] | None = None
    for tile in candidates:
        seat.counts[tile] -= 1
        try:
            shape_waits = [index(text) for text in waits(notation(seat.concealed()))]
            legal = sum(legal_wait(seat, wait) for wait in shape_waits)
        finally:
            seat.counts[tile] += 1
        score = (legal, -keep_value(seat.counts, tile, keep) + rng.random(), tile)
        if best is None or score[:2] > best[:2]:
            best = score
    assert best is not None
    return best[2]

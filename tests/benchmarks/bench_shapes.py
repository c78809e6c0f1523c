"""Benchmark: our table-driven shape check against the `mahjong` package, on the same hands.

Run: .venv/bin/python -m tests.benchmarks.bench_shapes

Generates a fixed-seed list of 14-tile concealed hands as strings (wins, near misses and
random draws), then times, per hand: our `is_standard_win`; our `waits` on the first 13
tiles; and mahjong's string parse plus `Agari.is_agari`. Our suit tables fill lazily, so
the first pass over the hands (cold tables) is timed on its own, then the best of several
warm passes. Exits non-zero when `is_standard_win` costs more than a quarter of mahjong's
time in either pass (the budget in the brief).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from mahjong.agari import Agari
from mahjong.tile import TilesConverter

from tablekeeper.rules.hands import is_standard_win, waits
from tablekeeper.rules.tiles import faces

HAND_COUNT = 20_000
SEED = 20_261_122
WARM_PASSES = 3
BUDGET_RATIO = 0.25


def _winning_tiles(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(34)] += 3
            else:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for tile in range(start, start + 3):
                    counts[tile] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return [tile for tile in range(34) for _ in range(counts[tile])]


def _hand(rng: random.Random) -> list[int]:
    roll = rng.random()
    if roll < 0.5:
        return _winning_tiles(rng)
    if roll < 0.75:
        # A near miss: one tile of a win swapped for another.
        while True:
            tiles = _winning_tiles(rng)
            tiles[rng.randrange(14)] = rng.randrange(34)
            if max(tiles.count(tile) for tile in tiles) <= 4:
                return tiles
    wall = [tile for tile in range(34) for _ in range(4)]
    return rng.sample(wall, 14)


def generate_hands(count: int = HAND_COUNT, seed: int = SEED) -> list[tuple[str, str]]:
    """(14-tile string, string of its first 13 tiles in drawn order) pairs."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        tiles = _hand(rng)
        rng.shuffle(tiles)
        hands.append((faces(sorted(tiles)), faces(sorted(tiles[:13]))))
    return hands


def _mahjong_check(text: str) -> bool:
    return Agari.is_agari(TilesConverter.one_line_string_to_34_array(text))


def _time_per_hand(check: Callable[[str], object], texts: list[str]) -> float:
    start = time.perf_counter()
    for text in texts:
        check(text)
    return (time.perf_counter() - start) / len(texts) * 1e6


def main() -> int:
    hands = generate_hands()
    full = [hand for hand, _ in hands]
    thirteen = [first13 for _, first13 in hands]

    cold_ours = _time_per_hand(is_standard_win, full)
    cold_waits = _time_per_hand(waits, thirteen)
    cold_theirs = _time_per_hand(_mahjong_check, full)
    warm_ours = min(_time_per_hand(is_standard_win, full) for _ in range(WARM_PASSES))
    warm_waits = min(_time_per_hand(waits, thirteen) for _ in range(WARM_PASSES))
    warm_theirs = min(_time_per_hand(_mahjong_check, full) for _ in range(WARM_PASSES))

    wins = sum(1 for hand in full if is_standard_win(hand))
    print(f"{len(full)} hands of 14 tiles (seed {SEED}), {wins} standard wins")
    print(f"{'µs per hand':<40}{'cold':>10}{'warm':>10}")
    print(f"{'ours: is_standard_win':<40}{cold_ours:>10.2f}{warm_ours:>10.2f}")
    print(f"{'ours: waits (first 13 tiles)':<40}{cold_waits:>10.2f}{warm_waits:>10.2f}")
    print(f"{'mahjong: string parse + is_agari':<40}{cold_theirs:>10.2f}{warm_theirs:>10.2f}")
    cold_ratio = cold_ours / cold_theirs
    warm_ratio = warm_ours / warm_theirs
    print(f"{'ratio is_standard_win / mahjong':<40}{cold_ratio:>10.3f}{warm_ratio:>10.3f}")
    print(f"{'ratio waits / mahjong':<40}{cold_waits / cold_theirs:>10.3f}{warm_waits / warm_theirs:>10.3f}")
    if max(cold_ratio, warm_ratio) > BUDGET_RATIO:
        print(f"FAIL: is_standard_win costs more than {BUDGET_RATIO:.0%} of mahjong's time")
        return 1
    print(f"OK: is_standard_win within {BUDGET_RATIO:.0%} of mahjong's time")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""An independent, brute-force reading of winning hands for the Shenyang and Harbin model tests.

It knows nothing of the engine's shapes module: it splits tile counts into sets by plain recursion,
so the tests can compare what the engine derives (waits, clamps, all pungs) with a second opinion.
Tiles are indices 0-33: 1m-9m, 1p-9p, 1s-9s, then 1z-7z.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

SUITS = "mps"


def face(tile: int) -> str:
    return f"{tile % 9 + 1}{SUITS[tile // 9]}" if tile < 27 else f"{tile - 26}z"


def is_terminal_or_honour(tile: int) -> bool:
    return tile >= 27 or tile % 9 in (0, 8)


@dataclass(frozen=True)
class Meld:
    kind: str  # "chow" or "pung"
    first: int  # the lowest tile

    def tiles(self) -> list[int]:
        return [self.first, self.first + 1, self.first + 2] if self.kind == "chow" else [self.first] * 3


def concealed_splits(counts: list[int]) -> Iterator[tuple[int, list[Meld]]]:
    """Every (pair, sets) split of concealed tile counts that total 3n + 2."""
    for pair in range(34):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            for sets in _sets(rest):
                yield pair, sets


def _sets(counts: list[int]) -> Iterator[list[Meld]]:
    first = next((tile for tile in range(34) if counts[tile]), None)
    if first is None:
        yield []
        return
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in _sets(counts):
            yield [Meld("pung", first), *rest]
        counts[first] += 3
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for tile in (first, first + 1, first + 2):
            counts[tile] -= 1
        for rest in _sets(counts):
            yield [Meld("chow", first), *rest]
        for tile in (first, first + 1, first + 2):
            counts[tile] += 1


@dataclass(frozen=True)
class ModelHand:
    """One claimed meld, concealed sets and a pair; `winning` is one of the concealed tiles."""

    claimed: Meld
    concealed: tuple[int, ...]  # the 13 concealed tiles before the winning tile
    winning: int

    def notation(self) -> str:
        return f"[{''.join(face(t)[0] for t in self.claimed.tiles())}{face(self.claimed.first)[1]}] " + (
            " ".join(face(t) for t in sorted(self.concealed)) + f" +{face(self.winning)}"
        )

    def concealed_counts(self, winning: int) -> list[int]:
        counts = [0] * 34
        for tile in (*self.concealed, winning):
            counts[tile] += 1
        return counts

    def total_counts(self, winning: int) -> list[int]:
        counts = self.concealed_counts(winning)
        for tile in self.claimed.tiles():
            counts[tile] += 1
        return counts


def model_hands(tiles: list[int]) -> st.SearchStrategy[ModelHand]:
    """Hands of one claimed meld, three concealed sets and a pair over `tiles`, never five of a tile."""

    def meld(draw: st.DrawFn) -> Meld:
        if draw(st.booleans()):
            return Meld("pung", draw(st.sampled_from(tiles)))
        return Meld("chow", draw(st.sampled_from([t for t in tiles if t < 27 and t % 9 <= 6])))

    @st.composite
    def build(draw: st.DrawFn) -> ModelHand:
        claimed = meld(draw)
        sets = [meld(draw) for _ in range(3)]
        pair = draw(st.sampled_from(tiles))
        concealed = [t for s in sets for t in s.tiles()] + [pair, pair]
        counts = [0] * 34
        for tile in concealed + claimed.tiles():
            counts[tile] += 1
        assume(max(counts) <= 4)
        winning = draw(st.sampled_from(concealed))
        concealed.remove(winning)
        return ModelHand(claimed, tuple(concealed), winning)

    return build()

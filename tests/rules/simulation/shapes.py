"""Hand shapes for the simulator: every split of concealed tiles into sets and a pair, wilds included.

Independent of the engine's `shapes.py` on purpose: the simulator judges wins from the book (§0.1 "4 sets +
1 pair", §5.3 wilds), and the test then asks the engine whether it agrees.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import rank


@dataclass(frozen=True, order=True)
class Group:
    """A set or the pair of a reading: the faces it stands for, and how many wilds stand in it.

    `kind` is "chow", "pung", "pair", or for wilds alone (Zhengzhou) "free_set" / "free_pair" with no faces.
    """

    kind: str
    tiles: tuple[int, ...]
    wilds: int = 0


Reading = tuple[Group, ...]


def standard_readings(counts: list[int], wilds: int = 0) -> list[Reading]:
    """Every split of `counts` (34 tile counts) and `wilds` wild tiles into sets and exactly one pair."""
    total = sum(counts) + wilds
    if total % 3 != 2:
        return []
    sets_needed = (total - 2) // 3
    work = counts[:]
    found: set[Reading] = set()
    groups: list[Group] = []

    def place(start: int, free: int, sets: int, has_pair: bool) -> None:
        tile = start
        while tile < 34 and work[tile] == 0:
            tile += 1
        if tile == 34:
            missing_pair = 0 if has_pair else 2
            if free == 3 * (sets_needed - sets) + missing_pair:
                extra = [Group("free_set", (), 3)] * (sets_needed - sets)
                extra += [Group("free_pair", (), 2)] if missing_pair else []
                found.add(tuple(sorted(groups + extra)))
            return
        for group, used, natural in _groups_at(tile, free, has_pair):
            for t in natural:
                work[t] -= 1
            groups.append(group)
            place(tile, free - used, sets + (group.kind != "pair"), has_pair or group.kind == "pair")
            groups.pop()
            for t in natural:
                work[t] += 1

    def _groups_at(tile: int, free: int, has_pair: bool) -> list[tuple[Group, int, list[int]]]:
        options: list[tuple[Group, int, list[int]]] = []
        if not has_pair:
            if work[tile] >= 2:
                options.append((Group("pair", (tile, tile)), 0, [tile, tile]))
            if free >= 1:
                options.append((Group("pair", (tile, tile), 1), 1, [tile]))
        for copies in (3, 2, 1):
            if work[tile] >= copies and free >= 3 - copies:
                options.append((Group("pung", (tile,) * 3, 3 - copies), 3 - copies, [tile] * copies))
        if tile < 27:
            for start in (tile - 2, tile - 1, tile):
                if start < tile // 9 * 9 or rank(start) > 7:
                    continue
                faces = (start, start + 1, start + 2)
                natural = [t for t in faces if t == tile or (t > tile and work[t] > 0)]
                used = 3 - len(natural)
                if used <= free:
                    options.append((Group("chow", faces, used), used, natural))
        return options

    place(0, wilds, 0, False)
    return sorted(found)


def pair_counts(counts: list[int]) -> tuple[int, int] | None:
    """(pairs, fours) when every count is even: a seven-pairs hand if pairs (a four counting two) is 7."""
    if any(count % 2 for count in counts) or sum(counts) != 14:
        return None
    return sum(count // 2 for count in counts), sum(count == 4 for count in counts)

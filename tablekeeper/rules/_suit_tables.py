"""Per-suit answer tables behind the fast standard-shape check.

A standard hand splits into groups that never mix suits (a chow stays in its suit, a pung
or pair is one tile kind), so a hand is a win exactly when each suit can be split on its
own and the wild tiles cover what the suits lack. For each suit's count vector we keep
two numbers: the fewest wilds that split it completely into sets, and the fewest that
split it into sets plus the one pair. Wilds beyond that minimum are harmless: three
wilds always make a set of their own, and the tile total (3n+2) fixes the remainder.

The tables fill lazily, once per distinct count vector; after that a check is four
dictionary lookups.
"""

from __future__ import annotations

from collections.abc import Sequence

# More wilds than any hand can hold: "this cannot be split".
IMPOSSIBLE = 99

SuitKey = tuple[int, ...]
Costs = tuple[int, int]  # (fewest wilds without the pair, fewest wilds with the pair)

_numbered_table: dict[SuitKey, Costs] = {}
_honor_table: dict[SuitKey, Costs] = {}
# Sub-results shared between fills: the tails of many suit vectors are the same.
_numbered_memo: dict[tuple[SuitKey, bool], int] = {}
_honor_memo: dict[tuple[SuitKey, bool], int] = {}


def _fewest_wilds(counts: list[int], need_pair: bool, chows: bool, memo: dict[tuple[SuitKey, bool], int]) -> int:
    """Fewest wilds that split `counts` into sets (and one pair if `need_pair`).

    The lowest tile still held must sit in some group; we try every group that can hold it.
    A group takes as many natural tiles as are there before taking wilds: swapping a wild in
    one group with a natural copy in another never changes the number of wilds used.
    """
    key = (tuple(counts), need_pair)
    known = memo.get(key)
    if known is not None:
        return known
    lowest = next((index for index, count in enumerate(counts) if count), None)
    if lowest is None:
        best = 2 if need_pair else 0  # the pair, if still owed, is two wilds
        memo[key] = best
        return best

    best = IMPOSSIBLE
    held = counts[lowest]
    # A pung of the lowest tile.
    used = min(held, 3)
    counts[lowest] -= used
    best = min(best, 3 - used + _fewest_wilds(counts, need_pair, chows, memo))
    counts[lowest] += used
    if need_pair:
        used = min(held, 2)
        counts[lowest] -= used
        best = min(best, 2 - used + _fewest_wilds(counts, False, chows, memo))
        counts[lowest] += used
    if chows:
        # The lowest tile is the first, middle or last of the chow; anything below it is a wild.
        for start in (lowest - 2, lowest - 1, lowest):
            if start < 0 or start + 2 >= len(counts):
                continue
            taken = [index for index in range(start, start + 3) if index >= lowest and counts[index]]
            for index in taken:
                counts[index] -= 1
            best = min(best, 3 - len(taken) + _fewest_wilds(counts, need_pair, chows, memo))
            for index in taken:
                counts[index] += 1
    memo[key] = best
    return best


def _fill(key: SuitKey, chows: bool) -> Costs:
    memo = _numbered_memo if chows else _honor_memo
    counts = list(key)
    return (_fewest_wilds(counts, False, chows, memo), _fewest_wilds(counts, True, chows, memo))


def numbered_costs(key: SuitKey) -> Costs:
    """Costs for the nine counts of one numbered suit (chows allowed)."""
    costs = _numbered_table.get(key)
    if costs is None:
        costs = _numbered_table[key] = _fill(key, chows=True)
    return costs


def honor_costs(key: SuitKey) -> Costs:
    """Costs for the seven honour counts (no chows: pungs and the pair only)."""
    costs = _honor_table.get(key)
    if costs is None:
        costs = _honor_table[key] = _fill(key, chows=False)
    return costs


def fewest_wilds(suit_costs: Sequence[Costs]) -> int:
    """Fewest wilds for the whole hand: one suit (or two wilds alone) provides the pair."""
    without_pair = sum(costs[0] for costs in suit_costs)
    best = without_pair + 2
    for costs in suit_costs:
        with_pair_here = without_pair - costs[0] + costs[1]
        if with_pair_here < best:
            best = with_pair_here
    return best


def hand_costs(counts: Sequence[int]) -> list[Costs]:
    """The four suits' costs for a 34-count vector."""
    return [
        numbered_costs(tuple(counts[0:9])),
        numbered_costs(tuple(counts[9:18])),
        numbered_costs(tuple(counts[18:27])),
        honor_costs(tuple(counts[27:34])),
    ]


def splits_with(counts: Sequence[int], wilds: int) -> bool:
    """True when `counts` plus `wilds` wild tiles form sets and one pair, whatever the number of sets.

    The caller has checked that the total is 3n+2.
    """
    return fewest_wilds(hand_costs(counts)) <= wilds

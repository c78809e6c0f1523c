"""Per-suit answer tables behind the fast standard-shape check.

A standard hand splits into groups that never mix suits (a chow stays in its suit, a pung
or pair is one tile kind), so a hand is a win exactly when each suit can be split on its
own and the wild tiles cover what the suits lack. For each suit's tiles we keep two numbers:
the fewest wilds that split them completely into sets, and the fewest that split them into
sets plus the one pair. Wilds beyond that minimum are harmless: three wilds always make a
set of their own, and the tile total (3n+2) fixes the remainder.

A suit's tiles are keyed by their digits as written ("1123" for 1123m), so the hot path
goes from the notation to the answer without building count vectors. Two kinds of table:

- Without wilds only "complete or not" matters. Every suit key that splits into sets, or
  into sets and the pair, is generated from the sets themselves at import (about 21,700
  keys shared by the numbered suits and 500 honour keys, some 20 ms); any other valid key is
  "not complete". A check is four dictionary lookups, a wait check one more per suit.
- With wilds the fewest-wilds numbers come from a small search, memoised per suit key the
  first time that key is seen.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence

# More wilds than any hand can hold: "this cannot be split".
IMPOSSIBLE = 99
MAX_COPIES = 4

Costs = tuple[int, int]  # (fewest wilds without the pair, fewest wilds with the pair)
# (index within the suit of the added tile, the suit's costs after adding it)
Addition = tuple[int, int, int]

_SUIT_SIZE = {"m": 9, "p": 9, "s": 9, "z": 7}
_DIGITS = "123456789"
EMPTY_COSTS: Costs = (0, 2)

# Keyed by suit letter, then by the sorted digits.
_costs_tables: dict[str, dict[str, Costs]] = {suit: {"": EMPTY_COSTS} for suit in _SUIT_SIZE}
_addition_tables: dict[str, dict[str, tuple[Addition, ...]]] = {suit: {} for suit in _SUIT_SIZE}
# Sub-results of the numbered-suit search, shared between keys: many keys end the same way.
_numbered_memo: dict[tuple[tuple[int, ...], bool], int] = {}

# Honour tiles never join a chow, so each kind is split alone. Fewest wilds for a kind held
# 0-4 times, without the pair and when this kind holds the pair.
_HONOR_WITHOUT_PAIR = (0, 2, 1, 0, 2)
_HONOR_WITH_PAIR = (2, 1, 0, 2, 1)


def _fewest_numbered(counts: list[int], need_pair: bool) -> int:
    """Fewest wilds that split one numbered suit's `counts` into sets (and one pair if owed).

    The lowest tile still held must sit in some group; we try every group that can hold it.
    A group takes the natural tiles that are there before taking wilds: swapping a wild in one
    group with a natural copy in another never changes the number of wilds used.
    """
    key = (tuple(counts), need_pair)
    known = _numbered_memo.get(key)
    if known is not None:
        return known
    lowest = next((index for index, count in enumerate(counts) if count), None)
    if lowest is None:
        best = 2 if need_pair else 0  # the pair, if still owed, is two wilds
        _numbered_memo[key] = best
        return best

    held = counts[lowest]
    used = min(held, 3)
    counts[lowest] -= used
    best = 3 - used + _fewest_numbered(counts, need_pair)
    counts[lowest] += used
    if need_pair:
        used = min(held, 2)
        counts[lowest] -= used
        best = min(best, 2 - used + _fewest_numbered(counts, False))
        counts[lowest] += used
    # The lowest tile is the first, middle or last of a chow; anything below it is a wild.
    for start in (lowest - 2, lowest - 1, lowest):
        if start < 0 or start > 6:
            continue
        taken = [index for index in range(start, start + 3) if index >= lowest and counts[index]]
        for index in taken:
            counts[index] -= 1
        best = min(best, 3 - len(taken) + _fewest_numbered(counts, need_pair))
        for index in taken:
            counts[index] += 1
    _numbered_memo[key] = best
    return best


def _counts_of(suit: str, digits: str) -> list[int]:
    counts = [0] * _SUIT_SIZE[suit]
    for digit in digits:
        counts[_DIGITS.index(digit)] += 1
    return counts


def _costs_of_counts(suit: str, counts: list[int]) -> Costs:
    if suit == "z":
        without_pair = sum(_HONOR_WITHOUT_PAIR[count] for count in counts)
        pair_extra = min(_HONOR_WITH_PAIR[count] - _HONOR_WITHOUT_PAIR[count] for count in counts)
        return (without_pair, without_pair + pair_extra)
    return (_fewest_numbered(counts, False), _fewest_numbered(counts, True))


def suit_costs(suit: str, digits: str) -> Costs:
    """Costs for one suit's digits ("1123" of 1123m) in any order. The caller has checked that
    they are tiles of the suit, at most four of each (`plain_class` does)."""
    table = _costs_tables[suit]
    costs = table.get(digits)
    if costs is None:
        canonical = "".join(sorted(digits))
        costs = table.get(canonical)
        if costs is None:
            costs = table[canonical] = _costs_of_counts(suit, _counts_of(suit, canonical))
    return costs


def suit_additions(suit: str, canonical: str) -> tuple[Addition, ...]:
    """For valid sorted digits: each tile of the suit that can still be added (fewer than four
    held), with the suit's costs after adding it. This is what `waits` needs per suit."""
    table = _addition_tables[suit]
    additions = table.get(canonical)
    if additions is None:
        found = []
        for rank in range(1, _SUIT_SIZE[suit] + 1):
            digit = _DIGITS[rank - 1]
            if canonical.count(digit) >= MAX_COPIES:
                continue
            costs = suit_costs(suit, canonical + digit)
            found.append((rank - 1, costs[0], costs[1]))
        table[canonical] = additions = tuple(found)
    return additions


def _complete_keys(suit: str) -> tuple[frozenset[str], frozenset[str]]:
    """Every key of the suit that splits into at most four sets, and into such sets plus a
    pair, built from the sets themselves: a few thousand keys, generated once at import so
    the no-wild check never searches."""
    ranks = _DIGITS[: _SUIT_SIZE[suit]]
    shapes = [digit * 3 for digit in ranks]
    if suit != "z":
        shapes += [ranks[start : start + 3] for start in range(len(ranks) - 2)]
    too_many = [digit * (MAX_COPIES + 1) for digit in ranks]
    plain = set()
    for set_count in range(5):
        for combination in itertools.combinations_with_replacement(shapes, set_count):
            key = "".join(sorted("".join(combination)))
            if not any(excess in key for excess in too_many):
                plain.add(key)
    with_pair = set()
    for key in plain:
        for digit in ranks:
            if key.count(digit) <= MAX_COPIES - 2:
                at = bisect.bisect_right(key, digit)
                with_pair.add(key[:at] + digit * 2 + key[at:])
    return frozenset(plain), frozenset(with_pair)


def digits_of_counts(counts: Sequence[int]) -> str:
    return "".join(_DIGITS[rank] * count for rank, count in enumerate(counts))


def hand_costs(counts: Sequence[int]) -> list[Costs]:
    """The four suits' costs for a 34-count vector with at most four of a tile."""
    found = []
    for suit, start, size in (("m", 0, 9), ("p", 9, 9), ("s", 18, 9), ("z", 27, 7)):
        found.append(suit_costs(suit, digits_of_counts(counts[start : start + size])))
    return found


def fewest_wilds(suit_costs: Sequence[Costs]) -> int:
    """Fewest wilds for the whole hand: one suit (or two wilds alone) provides the pair."""
    without_pair = sum(costs[0] for costs in suit_costs)
    return without_pair + min(2, min(costs[1] - costs[0] for costs in suit_costs))


def valid_digits(suit: str, digits: str) -> bool:
    """Are these digits tiles of the suit, at most four of each?"""
    top = _DIGITS[_SUIT_SIZE[suit] - 1]
    return bool(digits) and all("1" <= digit <= top and digits.count(digit) <= MAX_COPIES for digit in set(digits))


# With no wild, a suit's digits are a class: sets only (0), sets and the pair (1), or neither
# (NOT_COMPLETE, large enough that any sum over four suits including it is not 1).
SETS_ONLY, SETS_AND_PAIR, NOT_COMPLETE = 0, 1, 10


def _classes(suit: str) -> dict[str, int]:
    sets_only, sets_and_pair = _complete_keys(suit)
    return dict.fromkeys(sets_only, SETS_ONLY) | dict.fromkeys(sets_and_pair, SETS_AND_PAIR)


# The three numbered suits read their digits the same way, so they share one table.
_numbered_classes = _classes("m")
_plain_classes: dict[str, dict[str, int]] = {
    "m": _numbered_classes,
    "p": _numbered_classes,
    "s": _numbered_classes,
    "z": _classes("z"),
}


def plain_class(suit: str, digits: str) -> int | None:
    """The no-wild class of one suit's digits in any order (None: not tiles of the suit).

    Keys never seen are sorted, checked and remembered, so each costs one lookup next time."""
    table = _plain_classes[suit]
    found = table.get(digits)
    if found is None:
        if not valid_digits(suit, digits):
            return None
        found = table.get("".join(sorted(digits)), NOT_COMPLETE)
        table[digits] = found
    return found


_plain_addition_tables: dict[str, dict[str, tuple[tuple[int, int], ...]]] = {suit: {} for suit in _SUIT_SIZE}


def plain_additions(suit: str, canonical: str) -> tuple[tuple[int, int], ...]:
    """For valid sorted digits: each tile of the suit that can still be added (fewer than four
    held) with the no-wild class of the suit after adding it. What `waits` needs without wilds;
    a new key costs nine string insertions, never a search."""
    table = _plain_addition_tables[suit]
    additions = table.get(canonical)
    if additions is None:
        classes = _plain_classes[suit]
        found = []
        for offset, digit in enumerate(_DIGITS[: _SUIT_SIZE[suit]]):
            if canonical.count(digit) < MAX_COPIES:
                at = bisect.bisect_right(canonical, digit)
                found.append((offset, classes.get(canonical[:at] + digit + canonical[at:], NOT_COMPLETE)))
        table[canonical] = additions = tuple(found)
    return additions

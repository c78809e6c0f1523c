"""The plain 4-sets-and-a-pair shape on concealed tiles, and seven pairs (RULES §0.6).

`is_standard_win` and `waits` answer from the per-suit tables in `_suit_tables`: no search
per call once a suit's count vector has been seen. Wild tiles (a treasure, a Zhengzhou 混)
are taken out of the counts and spent on whatever the suits lack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ._suit_tables import fewest_wilds, hand_costs, honor_costs, numbered_costs
from .notation import MAX_COPIES, parse_tiles
from .tiles import TILE_KINDS, tile_face, tile_index

_DIGIT_RANK = {str(rank): rank for rank in range(10)}
_SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}
_SUIT_TOP = {"m": 9, "p": 9, "s": 9, "z": 7}
# Four sets and a pair: no concealed part of a hand holds more.
MAX_STANDARD_TILES = 14


def _fast_counts(text: str) -> list[int] | None:
    """34 counts of a plain tile string, or None when anything is off.

    This is the hot path of `is_standard_win`; on None the caller re-parses with
    `parse_tiles`, which raises the precise error (or accepts a legal oddity such as spaces).
    """
    counts = [0] * TILE_KINDS
    ranks: list[int] = []
    for char in text:
        rank = _DIGIT_RANK.get(char)
        if rank is not None:
            ranks.append(rank)
            continue
        offset = _SUIT_OFFSET.get(char)
        if offset is None or not ranks:
            return None
        top = _SUIT_TOP[char]
        for rank in ranks:
            if not 1 <= rank <= top:
                return None
            counts[offset + rank - 1] += 1
        ranks = []
    if ranks or max(counts) > MAX_COPIES:
        return None
    return counts


def tile_counts(text: str) -> list[int]:
    """34 counts of plain concealed tiles; NotationError (a ValueError) for bad notation."""
    counts = _fast_counts(text)
    if counts is None:
        counts = [0] * TILE_KINDS
        for tile in parse_tiles(text):
            counts[tile] += 1
    return counts


def wild_indices(wilds: Iterable[str]) -> frozenset[int]:
    """Wild faces as indices. A lone string is read as notation ("4s", "4s5s") rather than
    as characters, since `wilds="4s"` is the natural slip for `wilds=("4s",)`."""
    if isinstance(wilds, str):
        return frozenset(parse_tiles(wilds))
    return frozenset(tile_index(face) for face in wilds)


def split_off_wilds(counts: Sequence[int], wild_faces: Iterable[int]) -> tuple[list[int], int]:
    """The counts without the wild faces' copies, and how many wild tiles that makes."""
    naturals = list(counts)
    wild_count = 0
    for face in wild_faces:
        wild_count += naturals[face]
        naturals[face] = 0
    return naturals, wild_count


def completes_standard(naturals: Sequence[int], wild_count: int) -> bool:
    """Natural counts plus `wild_count` wilds (3n+2 tiles in all) form n sets and a pair."""
    total = sum(naturals) + wild_count
    if total % 3 != 2 or total > MAX_STANDARD_TILES:
        return False
    return fewest_wilds(hand_costs(naturals)) <= wild_count


def is_standard_win(tiles: str, wilds: Iterable[str] = ()) -> bool:
    """Do these concealed tiles (2, 5, 8, 11 or 14 of them) form sets and one pair?

    `wilds` are faces whose copies stand for any tile, their own face included.
    Bad notation raises NotationError (a ValueError); a wrong tile count is simply False.
    """
    counts = tile_counts(tiles)
    if wilds:
        naturals, wild_count = split_off_wilds(counts, wild_indices(wilds))
    else:
        naturals, wild_count = counts, 0
    return completes_standard(naturals, wild_count)


def winning_faces(counts: Sequence[int], wild_faces: frozenset[int], held: Sequence[int] | None = None) -> list[int]:
    """Tile kinds that complete 3n+1 tiles (`counts`, wild faces included) to the standard shape.

    A kind is left out when `held` (default: `counts`) already has four of it. Only the suit
    that receives the new tile needs a fresh table lookup.
    """
    held = counts if held is None else held
    naturals, wild_count = split_off_wilds(counts, wild_faces)
    total = sum(naturals) + wild_count
    if total % 3 != 1 or total >= MAX_STANDARD_TILES:
        return []
    costs = hand_costs(naturals)
    with_one_more_wild = fewest_wilds(costs) <= wild_count + 1
    found: list[int] = []
    for tile in range(TILE_KINDS):
        if held[tile] >= MAX_COPIES:
            continue
        if tile in wild_faces:
            if with_one_more_wild:
                found.append(tile)
            continue
        suit = tile // 9
        start = suit * 9
        naturals[tile] += 1
        if suit == 3:
            new_costs = honor_costs(tuple(naturals[start : start + 7]))
        else:
            new_costs = numbered_costs(tuple(naturals[start : start + 9]))
        naturals[tile] -= 1
        original = costs[suit]
        costs[suit] = new_costs
        if fewest_wilds(costs) <= wild_count:
            found.append(tile)
        costs[suit] = original
    return found


def waits(tiles: str, wilds: Iterable[str] = ()) -> list[str]:
    """Every face that completes 3n+1 concealed tiles to sets and a pair, in mpsz order.

    A face the hand already holds four of is left out (a wild copy counts as its own face
    here, since the copies are physical tiles). A wrong tile count gives no waits.
    """
    counts = tile_counts(tiles)
    return [tile_face(tile) for tile in winning_faces(counts, wild_indices(wilds))]


def seven_pairs(counts: Sequence[int], wilds: int = 0, *, four_as_two_pairs: bool = True) -> int | None:
    """Seven pairs from 34 concealed counts (winning tile included) plus `wilds` wild tiles.

    None when the tiles are not seven pairs. Otherwise the number of four-of-a-kinds
    counted as two pairs (the luxury level); with wilds, the highest level they can reach,
    because the variants score the reading that pays most. With `four_as_two_pairs` false
    the seven pairs must be seven different kinds, and the answer is 0.
    """
    if sum(counts) + wilds != 14:
        return None
    if any(count > (4 if four_as_two_pairs else 2) for count in counts):
        return None
    singles = sum(1 for count in counts if count % 2)
    if singles > wilds:
        return None
    if not four_as_two_pairs:
        return 0
    spare_wild_pairs = (wilds - singles) // 2
    fours = sum(1 for count in counts if count == 4)
    # Each three of a kind took one wild and is now four of a kind.
    fours += sum(1 for count in counts if count == 3)
    # A spare pair of wilds lifts a pair (natural, or a single plus its wild) to four of a kind;
    # two spare pairs with nothing left to lift make a four of their own.
    liftable = sum(1 for count in counts if count in (1, 2))
    lifted = min(spare_wild_pairs, liftable)
    return fours + lifted + (spare_wild_pairs - lifted) // 2

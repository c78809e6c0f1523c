"""The plain 4-sets-and-a-pair shape on concealed tiles, and seven pairs (RULES §0.6).

`is_standard_win` and `waits` answer from the per-suit tables in `_suit_tables`: no search
per call once a suit's tiles have been seen. Wild tiles (a treasure, a Zhengzhou 混)
are taken out of the counts and spent on whatever the suits lack.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ._suit_tables import (
    SETS_AND_PAIR,
    Costs,
    digits_of_counts,
    fewest_wilds,
    hand_costs,
    plain_additions,
    plain_class,
    suit_additions,
    suit_costs,
)
from .notation import parse_tiles
from .tiles import TILE_KINDS, tile_face, tile_index

# Four sets and a pair: no concealed part of a hand holds more.
MAX_STANDARD_TILES = 14
MAX_COPIES = 4
_SUIT_SPLITTER = re.compile(r"([mpsz])")
_SUITS = "mpsz"
_SUIT_START = {"m": 0, "p": 9, "s": 18, "z": 27}
_FACES = tuple(tile_face(tile) for tile in range(TILE_KINDS))


def _suit_digits(text: str) -> dict[str, str] | None:
    """Each suit's digits as written ("123m45m" → {"m": "12345"}), or None when the text is not
    plain digits-then-letter runs. This is the hot path; on None the caller re-parses with
    `parse_tiles`, which raises the precise error or accepts a legal oddity such as spaces."""
    parts = _SUIT_SPLITTER.split(text)
    if parts[-1]:
        return None  # digits with no suit letter, or no tiles at all
    digits: dict[str, str] = {}
    for index in range(0, len(parts) - 1, 2):
        run = parts[index]
        if not run.isdigit():
            return None
        suit = parts[index + 1]
        digits[suit] = digits[suit] + run if suit in digits else run
    return digits


def _digits_from_parse(text: str) -> dict[str, str]:
    counts = [0] * TILE_KINDS
    for tile in parse_tiles(text):
        counts[tile] += 1
    return {
        suit: digits_of_counts(counts[start : start + (7 if suit == "z" else 9)]) for suit, start in _SUIT_START.items()
    }


def _read_with_wilds(text: str, wild_tiles: frozenset[int]) -> tuple[dict[str, str], list[Costs], int, dict[str, str]]:
    """Parse plain concealed tiles into (digits per suit without the wild copies, each suit's
    costs, the number of wild tiles, digits per suit as held)."""
    held = _suit_digits(text)
    if held is None or any(plain_class(suit, run) is None for suit, run in held.items()):
        held = _digits_from_parse(text)  # raises NotationError for bad notation
    digits = dict(held)
    wild_count = 0
    for tile in wild_tiles:
        suit = _SUITS[tile // 9]
        digit = str(tile - _SUIT_START[suit] + 1)
        run = digits.get(suit, "")
        wild_count += run.count(digit)
        digits[suit] = run.replace(digit, "")
    costs = [suit_costs(suit, digits.get(suit, "")) for suit in _SUITS]
    return digits, costs, wild_count, held


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


def is_standard_win(tiles: str, wilds: Iterable[str] = ()) -> bool:
    """Do these concealed tiles (2, 5, 8, 11 or 14 of them) form sets and one pair?

    `wilds` are faces whose copies stand for any tile, their own face included.
    Bad notation raises NotationError (a ValueError); a wrong tile count is simply False.
    """
    if wilds:
        digits, costs, wild_count, _ = _read_with_wilds(tiles, wild_indices(wilds))
        total = sum(len(run) for run in digits.values()) + wild_count
        return total % 3 == 2 and total <= MAX_STANDARD_TILES and fewest_wilds(costs) <= wild_count
    return _is_plain_win(tiles)


def _is_plain_win(text: str) -> bool:
    """The no-wild check: each suit's digits must be a precomputed complete key."""
    parts = _SUIT_SPLITTER.split(text)
    if parts[-1]:
        return _is_plain_win_slowly(text)
    score = 0
    total = 0
    seen = ""
    for index in range(0, len(parts) - 1, 2):
        run = parts[index]
        suit = parts[index + 1]
        if suit in seen or not run:
            return _is_plain_win_slowly(text)  # "1m2m3m": a suit written in several runs; or bad notation
        seen += suit
        found = plain_class(suit, run)
        if found is None:
            return _is_plain_win_slowly(text)
        score += found
        total += len(run)
    return score == SETS_AND_PAIR and total <= MAX_STANDARD_TILES


def _is_plain_win_slowly(text: str) -> bool:
    """Any legal notation (spaces, a suit in several runs); raises NotationError for bad notation."""
    digits = _digits_from_parse(text)
    score = sum(plain_class(suit, run) or 0 for suit, run in digits.items() if run)
    total = sum(len(run) for run in digits.values())
    return score == SETS_AND_PAIR and total <= MAX_STANDARD_TILES


def _waiting_tiles(
    digits: dict[str, str], costs: list[Costs], wild_count: int, held: dict[str, str], wild_tiles: frozenset[int]
) -> list[int]:
    total = sum(len(run) for run in digits.values()) + wild_count
    if total % 3 != 1 or total >= MAX_STANDARD_TILES:
        return []
    without_pair = sum(plain for plain, _ in costs)
    pair_extras = [pair - plain for plain, pair in costs]
    found: list[int] = []
    for suit_index, suit in enumerate(_SUITS):
        others_extra = min(2, *(extra for index, extra in enumerate(pair_extras) if index != suit_index))
        rest = without_pair - costs[suit_index][0]
        start = _SUIT_START[suit]
        canonical = "".join(sorted(digits.get(suit, "")))
        for offset, plain, pair in suit_additions(suit, canonical):
            if rest + plain + min(others_extra, pair - plain) <= wild_count:
                found.append(start + offset)
    if wild_tiles:
        found = [tile for tile in found if tile not in wild_tiles]
        if fewest_wilds(costs) <= wild_count + 1:
            for tile in wild_tiles:
                suit = _SUITS[tile // 9]
                if held.get(suit, "").count(str(tile - _SUIT_START[suit] + 1)) < MAX_COPIES:
                    found.append(tile)
        found.sort()
    return found


def winning_faces(counts: Sequence[int], wild_faces: frozenset[int], held: Sequence[int] | None = None) -> list[int]:
    """Tile kinds that complete 3n+1 tiles (`counts`, wild faces included) to the standard shape.

    A kind is left out when `held` (default: `counts`) already has four of it.
    """
    held = counts if held is None else held
    naturals, wild_count = split_off_wilds(counts, wild_faces)
    costs = hand_costs(naturals)
    digits = {
        suit: digits_of_counts(naturals[start : start + (7 if suit == "z" else 9)])
        for suit, start in _SUIT_START.items()
    }
    found = [tile for tile in _waiting_tiles(digits, costs, wild_count, {}, frozenset()) if tile not in wild_faces]
    total = sum(naturals) + wild_count
    if total % 3 == 1 and total < MAX_STANDARD_TILES and fewest_wilds(costs) <= wild_count + 1:
        found.extend(wild_faces)
    return sorted(tile for tile in found if held[tile] < MAX_COPIES)


def waits(tiles: str, wilds: Iterable[str] = ()) -> list[str]:
    """Every face that completes 3n+1 concealed tiles to sets and a pair, in mpsz order.

    A face the hand already holds four of is left out (a wild copy counts as its own face
    here, since the copies are physical tiles). A wrong tile count gives no waits.
    """
    if not wilds:
        return [_FACES[tile] for tile in _plain_waits(tiles)]
    wild_tiles = wild_indices(wilds)
    digits, costs, wild_count, held = _read_with_wilds(tiles, wild_tiles)
    return [_FACES[tile] for tile in _waiting_tiles(digits, costs, wild_count, held, wild_tiles)]


def _plain_waits(text: str) -> list[int]:
    """Waits without wilds, from the no-wild classes: adding a tile must leave every suit
    complete and exactly one of them holding the pair."""
    digits = _suit_digits(text)
    classes: dict[str, int] = {}
    if digits is not None:
        for suit, run in digits.items():
            found_class = plain_class(suit, run)
            if found_class is None:
                digits = None
                break
            classes[suit] = found_class
    if digits is None:
        digits = _digits_from_parse(text)  # raises NotationError for bad notation
        classes = {suit: plain_class(suit, run) or 0 for suit, run in digits.items() if run}
    total = sum(len(run) for run in digits.values())
    if total % 3 != 1 or total >= MAX_STANDARD_TILES:
        return []
    score = sum(classes.values())
    found: list[int] = []
    for suit in _SUITS:
        others = score - classes.get(suit, 0)
        if others > SETS_AND_PAIR:
            continue  # another suit is incomplete: no tile of this suit can help
        start = _SUIT_START[suit]
        canonical = "".join(sorted(digits.get(suit, "")))
        for offset, found_class in plain_additions(suit, canonical):
            if others + found_class == SETS_AND_PAIR:
                found.append(start + offset)
    return found


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

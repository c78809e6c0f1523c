"""Every way to read a winning hand as four sets and a pair, for the variants' checks and patterns.

`readings` splits the concealed tiles (the winning tile included) into sets and one pair in
every distinct way, keeps the melds as fixed sets, and places the winning tile in each group
it can sit in: a variant scores the reading that pays most (RULES §0.1 max_payout), so an
edge wait and an open wait on the same tiles are two readings.

Wild tiles. A wild stands for any tile, its own face included. A wild standing for its own
face is read as a natural tile, so `SetInfo.wilds`, `pair_wilds` and `wilds_used` count only
wilds that stand for another face, and `winning_is_wild` means the winning tile stands for
another face. A wild may stand for a fifth copy of a face: nothing physical limits it.
"""

from __future__ import annotations

import itertools
from abc import abstractmethod
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Literal

from .hands import winning_faces
from .notation import Meld, WinningHand
from .tiles import ALL_TILES, FIRST_HONOR, TILE_KINDS, is_258, is_honor, is_terminal_or_honor, suit_of

SetKind = Literal["chow", "pung", "kong", "concealed_kong", "dragon_set", "wind_set"]
WinningPlace = Literal["chow_middle", "chow_edge", "chow_open", "pair", "pung"]
PUNG_KINDS = frozenset({"pung", "kong", "concealed_kong"})


class TileFacts:
    """Facts about a hand's tiles that do not depend on how they split into sets."""

    __slots__ = ()

    @property
    @abstractmethod
    def tiles(self) -> tuple[int, ...]:
        """Every tile of the hand, each face as often as it is held."""

    def every(self, fact: Callable[[int], bool]) -> bool:
        """Whether every tile has `fact`, a test from `tiles.py` such as `is_terminal` or `is_258`."""
        return all(fact(tile) for tile in self.tiles)

    def some(self, fact: Callable[[int], bool]) -> bool:
        """Whether at least one tile has `fact`."""
        return any(fact(tile) for tile in self.tiles)

    @property
    def suits(self) -> frozenset[str]:
        """The numbered suits ("m", "p", "s") that appear anywhere, the pair included."""
        return frozenset(suit_of(tile) for tile in self.tiles if not is_honor(tile))

    @property
    def pure_one_suit(self) -> bool:
        return len(self.suits) == 1 and not self.some(is_honor)

    @property
    def mixed_one_suit(self) -> bool:
        """One numbered suit plus at least one honour (the pure flush is not also mixed)."""
        return len(self.suits) == 1 and self.some(is_honor)


@dataclass(frozen=True, slots=True)
class WholeHand(TileFacts):
    """The faces of a whole hand, melds included, for the facts no split can change (flushes, terminals)."""

    tiles: tuple[int, ...]


def whole_hand(hand: WinningHand) -> WholeHand:
    return WholeHand(tuple(tile for tile, count in enumerate(hand.counts()) for _ in range(count)))


@dataclass(frozen=True, slots=True, order=True)
class SetInfo:
    kind: SetKind
    tiles: tuple[int, ...]
    concealed: bool
    claimed: bool
    # Wild tiles in this set that stand for another face.
    wilds: int = 0


@dataclass(frozen=True, slots=True)
class Reading(TileFacts):
    """One way to read a whole winning hand. Tiles are the faces the tiles stand for."""

    sets: tuple[SetInfo, ...]
    pair: tuple[int, int]
    pair_wilds: int
    winning_in: WinningPlace
    winning_is_wild: bool
    wilds_used: int
    # The face the winning tile stands for, and the index in `sets` of its group (None: the pair).
    winning_tile: int
    winning_set: int | None

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        return (*(info.tiles for info in self.sets), self.pair)

    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple(tile for group in self.groups for tile in group)

    def counts(self) -> list[int]:
        counts = [0] * TILE_KINDS
        for tile in self.tiles:
            counts[tile] += 1
        return counts

    @property
    def chow_count(self) -> int:
        return sum(1 for info in self.sets if info.kind == "chow")

    @property
    def pung_count(self) -> int:
        """Pungs and kongs of every kind; dragon and wind sets are neither."""
        return sum(1 for info in self.sets if info.kind in PUNG_KINDS)

    @property
    def all_pungs(self) -> bool:
        return all(info.kind in PUNG_KINDS for info in self.sets)

    @property
    def every_group_has_terminal_or_honor(self) -> bool:
        return all(any(is_terminal_or_honor(tile) for tile in group) for group in self.groups)

    @property
    def pair_is_258(self) -> bool:
        return is_258(self.pair[0])


# A concealed group while splitting: its kind, its faces (sorted) and the faces filled by wilds.
_Group = tuple[str, tuple[int, ...], tuple[int, ...]]


def _chow_windows(lowest: int) -> Iterator[tuple[int, int, int]]:
    if lowest >= FIRST_HONOR:
        return
    for start in (lowest - 2, lowest - 1, lowest):
        if start >= lowest - lowest % 9 and start % 9 <= 6:
            yield (start, start + 1, start + 2)


def _groups_holding(lowest: int, naturals: list[int], wilds: int, need_pair: bool) -> Iterator[tuple[_Group, int]]:
    """Every group that holds a natural copy of `lowest`, with the wilds it costs.

    Faces below `lowest` have no natural copies left, so in a chow they are wilds; faces above
    it may be natural or wild (both, when both are possible: which tile is wild can matter).
    """
    held = naturals[lowest]
    for natural in range(1, min(held, 3) + 1):
        if 3 - natural <= wilds:
            yield ("pung", (lowest,) * 3, (lowest,) * (3 - natural)), 3 - natural
    if need_pair:
        for natural in range(1, min(held, 2) + 1):
            if 2 - natural <= wilds:
                yield ("pair", (lowest,) * 2, (lowest,) * (2 - natural)), 2 - natural
    for window in _chow_windows(lowest):
        options: list[tuple[bool, ...]] = []
        for face in window:
            if face == lowest:
                options.append((False,))
            elif face < lowest:
                options.append((True,))
            else:
                options.append(tuple(choice for choice in (False, True) if choice or naturals[face]))
        for is_wild in itertools.product(*options):
            cost = sum(is_wild)
            if cost <= wilds:
                substituted = tuple(face for face, wild in zip(window, is_wild, strict=True) if wild)
                yield ("chow", window, substituted), cost


def _wild_only_groups(wilds: int, need_pair: bool, tile_set: Collection[int]) -> Iterator[list[_Group]]:
    """Groups made of wilds alone, once every natural tile has found its group."""
    pair_faces: list[int | None] = [None]
    if need_pair:
        pair_faces = [*sorted(tile_set)]
        wilds -= 2
    # Every group so far holds three tiles or is the pair, and the hand holds 3n+2 tiles:
    # what is left is whole sets.
    assert wilds >= 0 and wilds % 3 == 0
    pungs: list[_Group] = [("pung", (face,) * 3, (face,) * 3) for face in sorted(tile_set)]
    windows = [(start, start + 1, start + 2) for start in range(FIRST_HONOR) if start % 9 <= 6]
    chows: list[_Group] = [("chow", window, window) for window in windows if all(face in tile_set for face in window)]
    for pair_face in pair_faces:
        pair: list[_Group] = [] if pair_face is None else [("pair", (pair_face,) * 2, (pair_face,) * 2)]
        for sets in itertools.combinations_with_replacement(pungs + chows, wilds // 3):
            yield pair + list(sets)


def _splits(
    naturals: list[int], wilds: int, need_pair: bool, tile_set: Collection[int], floor: tuple[int, _Group] | None
) -> Iterator[list[_Group]]:
    """Every split of the natural tiles plus `wilds` wilds into sets and one pair (if still owed).

    Groups that hold the same lowest tile are chosen in sorted order (`floor`), so each
    multiset of groups comes out once.
    """
    lowest = next((face for face in range(TILE_KINDS) if naturals[face]), None)
    if lowest is None:
        yield from _wild_only_groups(wilds, need_pair, tile_set)
        return
    for group, cost in _groups_holding(lowest, naturals, wilds, need_pair):
        if floor is not None and floor[0] == lowest and group < floor[1]:
            continue
        if any(face not in tile_set for face in group[2]):
            continue
        kind, faces, substituted = group
        used = list(faces)
        for face in substituted:
            used.remove(face)
        for face in used:
            naturals[face] -= 1
        for rest in _splits(naturals, wilds - cost, need_pair and kind != "pair", tile_set, (lowest, group)):
            yield [group, *rest]
        for face in used:
            naturals[face] += 1


def _meld_info(meld: Meld) -> SetInfo:
    return SetInfo(meld.kind, meld.tiles, concealed=meld.kind == "concealed_kong", claimed=meld.claimed)


def _place(kind: str, faces: tuple[int, ...], tile: int) -> WinningPlace:
    if kind == "pair":
        return "pair"
    if kind == "pung":
        return "pung"
    position = faces.index(tile)
    if position == 1:
        return "chow_middle"
    rank = tile % 9 + 1
    if (position == 0 and rank == 7) or (position == 2 and rank == 3):
        return "chow_edge"
    return "chow_open"


def _readings_of_split(
    melds: tuple[SetInfo, ...], split: list[_Group], winning_tile: int, natural_allowed: bool, wild_allowed: bool
) -> Iterator[Reading]:
    groups = sorted(split)
    pair_index = next(index for index, group in enumerate(groups) if group[0] == "pair")
    concealed_sets = [group for index, group in enumerate(groups) if index != pair_index]
    _, pair_faces, pair_substituted = groups[pair_index]
    set_infos = melds + tuple(
        SetInfo("chow" if kind == "chow" else "pung", faces, concealed=True, claimed=False, wilds=len(substituted))
        for kind, faces, substituted in concealed_sets
    )
    wilds_used = sum(len(group[2]) for group in groups)
    for index, (kind, faces, substituted) in enumerate(groups):
        set_index = None if index == pair_index else len(melds) + index - (index > pair_index)
        places: list[tuple[int, bool]] = []
        if natural_allowed and faces.count(winning_tile) > substituted.count(winning_tile):
            places.append((winning_tile, False))
        if wild_allowed:
            places.extend((face, True) for face in sorted(set(substituted)))
        for tile, is_wild in places:
            yield Reading(
                sets=set_infos,
                pair=(pair_faces[0], pair_faces[1]),
                pair_wilds=len(pair_substituted),
                winning_in=_place(kind, faces, tile),
                winning_is_wild=is_wild,
                wilds_used=wilds_used,
                winning_tile=tile,
                winning_set=set_index,
            )


def readings(
    hand: WinningHand,
    wild_faces: Collection[int] = (),
    *,
    winning_tile_is_wild: bool = False,
    tile_set: Collection[int] = ALL_TILES,
) -> list[Reading]:
    """Every reading of the hand as four sets and a pair; empty when it is not a standard win.

    `wild_faces`: faces whose concealed copies are wild (Zhengzhou 混); the winning tile is wild
    too when its face is one of them. `winning_tile_is_wild`: the drawn tile is wild (Dalian and
    Harbin 摸宝). `tile_set`: the faces a wild may stand for (Harbin has no winds or 白/发).
    """
    wild_faces = frozenset(wild_faces)
    tile_set = frozenset(tile_set)
    winning_tile = hand.winning_tile
    naturals = [0] * TILE_KINDS
    for tile in hand.concealed:
        naturals[tile] += 1
    wild_copies = {face: naturals[face] for face in wild_faces if naturals[face]}
    for face in wild_copies:
        naturals[face] = 0
    winning_is_wild_tile = winning_tile_is_wild or winning_tile in wild_faces
    if winning_is_wild_tile:
        wild_copies[winning_tile] = wild_copies.get(winning_tile, 0) + 1
    else:
        naturals[winning_tile] += 1

    melds = tuple(_meld_info(meld) for meld in hand.melds)
    found: dict[Reading, None] = {}
    faces = sorted(wild_copies)
    # How many copies of each wild face are read at their own face: each choice is its own family
    # of readings, and a reading that sends a remaining wild to its own face belongs to another.
    for at_own_face in itertools.product(*(range(wild_copies[face] + 1) for face in faces)):
        remaining = {face: wild_copies[face] - kept for face, kept in zip(faces, at_own_face, strict=True)}
        for face, kept in zip(faces, at_own_face, strict=True):
            naturals[face] += kept
        natural_allowed = not winning_is_wild_tile or at_own_face[faces.index(winning_tile)] > 0
        wild_allowed = winning_is_wild_tile and remaining.get(winning_tile, 0) > 0
        for split in _splits(naturals, sum(remaining.values()), True, tile_set, None):
            if any(remaining.get(face, 0) for group in split for face in group[2]):
                continue
            for reading in _readings_of_split(melds, split, winning_tile, natural_allowed, wild_allowed):
                found[reading] = None
        for face, kept in zip(faces, at_own_face, strict=True):
            naturals[face] -= kept
    return list(found)


def drawn_wild_readings(hand: WinningHand, tile_set: Collection[int] = ALL_TILES) -> list[Reading]:
    """The readings in which the drawn winning tile is a wild (Dalian and Harbin 摸宝).

    The wild completes the hand in place of a tile the player could have drawn, so it never
    stands for a face the hand already holds four natural copies of (melds included).
    """
    held = hand.counts()
    held[hand.winning_tile] -= 1
    return [
        reading
        for reading in readings(hand, winning_tile_is_wild=True, tile_set=tile_set)
        if held[reading.winning_tile] < 4
    ]


def winning_tiles(hand: WinningHand, wild_faces: Collection[int] = ()) -> list[int]:
    """The tile kinds that complete the hand as it stood before the win (its waits), melds kept.

    A kind the hand already holds four of, melds included, is left out.
    """
    before = hand.concealed_counts()
    before[hand.winning_tile] -= 1
    held = hand.counts()
    held[hand.winning_tile] -= 1
    return winning_faces(before, frozenset(wild_faces), held)

"""Whether a seat's tiles make a legal win for the variant, and in which readings (§1.4, §2.3, §3.4, §4.5, §5.5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .requirements import CHECKS, Whole
from .shapes import pair_counts, standard_readings
from .table import Seat
from .tiles import rank, suit


@dataclass
class Finding:
    """A legal win: its legal readings, or a seven-pairs hand (pairs, fours), or four wilds (Zhengzhou)."""

    wholes: list[Whole] = field(default_factory=list)
    seven_pairs: tuple[int, int] | None = None
    four_wilds: bool = False


def judge(
    variant: str,
    options: dict[str, Any],
    seat: Seat,
    tile: int | None,
    *,
    wild_face: int | None = None,
    wild_tile: bool = False,
    self_draw: bool = True,
) -> Finding | None:
    """The win `seat` makes with `tile` added to its concealed tiles (None: the tiles as they are).

    `wild_face` (Zhengzhou): every concealed tile of that face is a wild. `wild_tile` (Dalian, Harbin): the
    added tile is a treasure standing for any tile. Four wilds win at once, by self-draw only (§5.3): on a discard
    or a robbed kong the hand must be a legal win of its own.
    """
    counts = seat.counts[:]
    wilds = 0
    if tile is not None and wild_tile:
        wilds = 1
    elif tile is not None:
        counts[tile] += 1
    face_counts = counts[:]
    if wild_face is not None:
        wilds, counts[wild_face] = counts[wild_face], 0
        if wilds == 4 and self_draw:
            return Finding(four_wilds=True)
    sets = tuple(meld.group() for meld in seat.melds)
    check = CHECKS[variant]
    wholes = []
    for reading in standard_readings(counts, wilds):
        pairs = [group for group in reading if group.kind in ("pair", "free_pair")]
        whole = Whole((*sets, *(g for g in reading if g is not pairs[0])), pairs[0], seat)
        if check(whole, options):  # only Zhengzhou, with two wilds or more, has a pair of wilds alone
            wholes.append(whole)
    seven = None if seat.melds or (wilds and variant != "zhengzhou") else _seven_pairs(variant, options, face_counts)
    if not wholes and seven is None:
        return None
    return Finding(wholes, seven)


def _seven_pairs(variant: str, options: dict[str, Any], counts: list[int]) -> tuple[int, int] | None:
    found = pair_counts(counts)
    if found is None or found[0] != 7:
        return None
    fours = found[1]
    tiles = [tile for tile in range(34) if counts[tile]]
    if variant == "shandong":
        has_258 = any(suit(tile) is not None and rank(tile) in (2, 5, 8) for tile in tiles)
        return found if "seven_pairs" in options["exempt258"] or has_258 else None
    if variant == "zhengzhou":
        return found if not fours or options["luxury_seven_pairs"] != "off" else None
    if variant == "shenyang" and options["allow_seven_pairs"] and options["seven_pairs_value"] == 8:
        return found
    return None

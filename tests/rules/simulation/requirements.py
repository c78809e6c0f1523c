"""The win requirements of each variant, written from the rule book's text (§1.4, §2.3, §3.4, §4.5, §5.5).

Each check takes one reading of the whole hand (the declared melds' sets, the concealed sets and the pair, every
wild replaced by what it stands for) and says whether that reading is a legal win for the table's options.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .shapes import Group
from .table import Seat
from .tiles import DRAGONS, RED, is_honour, is_terminal, is_terminal_or_honour, rank, suit


@dataclass(frozen=True)
class Whole:
    """A reading of the whole hand: every set (melds first), the pair, and the seat that holds it."""

    sets: tuple[Group, ...]
    pair: Group
    seat: Seat

    def faces(self) -> list[int]:
        return [tile for group in (*self.sets, self.pair) for tile in group.tiles]

    def suits(self) -> set[int]:
        return {s for s in map(suit, self.faces()) if s is not None}

    def triplets(self) -> int:
        """Pungs and kongs, and the special sets that count as a triplet (§1.6, §2.3)."""
        return sum(group.kind in ("pung", "dragon_set", "wind_set") for group in self.sets)

    def chows(self) -> int:
        return sum(group.kind == "chow" for group in self.sets)


Check = Callable[[Whole, dict[str, Any]], bool]


def dalian(whole: Whole, options: dict[str, Any]) -> bool:
    """R1 three suits, R2 a triplet, R3 a terminal or honour, R4 opened, R5 at most 3 set-aside sets, R6 shape.

    `allow_shou_ba_yi` (D-5) lets a fourth set aside only in an all-pung hand (it is then won on the pair).
    """
    dragon_pair = options["dragon_pair_counts_as_triplet"] and whole.pair.tiles[0] in DRAGONS
    floats = whole.chows() == 0
    return (
        len(whole.suits()) == 3
        and (whole.triplets() > 0 or dragon_pair)
        and any(map(is_terminal_or_honour, whole.faces()))
        and whole.seat.opened
        and (len(whole.seat.melds) <= 3 or (options["allow_shou_ba_yi"] and floats))  # D-5: 手把一 only all pungs
        and (options["allow_float_hand"] or not floats)
    )


def shenyang(whole: Whole, options: dict[str, Any]) -> bool:
    """Three suits, opened, a terminal or honour, a triplet or a dragon pair (§2.3); or, with
    `allow_pure_one_suit`, one suit and no honours, none of those needed (§9.3.3)."""
    if options["allow_pure_one_suit"] and len(whole.suits()) == 1 and not any(map(is_honour, whole.faces())):
        return True
    return (
        len(whole.suits()) == 3
        and whole.seat.opened
        and any(map(is_terminal_or_honour, whole.faces()))
        and (whole.triplets() > 0 or whole.pair.tiles[0] in DRAGONS)
    )


def harbin(whole: Whole, options: dict[str, Any]) -> bool:
    """Ready, a chow, a pung or kong, two suits, a 1, 9 or 中, opened, at most 3 set-aside sets (§3.4)."""
    return (
        whole.seat.ready == "ready"
        and whole.chows() > 0
        and whole.triplets() > 0
        and len(whole.suits()) >= 2
        and any(is_terminal(tile) or tile == RED for tile in whole.faces())
        and whole.seat.opened
        and len(whole.seat.melds) <= 3
    )


def shandong(whole: Whole, options: dict[str, Any]) -> bool:
    """A 2, 5 or 8 pair of a suit, unless an exempt pattern of `exempt258` holds (§4.5)."""
    pair = whole.pair.tiles[0]
    if not is_honour(pair) and rank(pair) in (2, 5, 8):
        return True
    return bool(set(shandong_exemptions(whole)) & set(options["exempt258"]))


def shandong_exemptions(whole: Whole) -> list[str]:
    """The exempt patterns (§4.5) this reading shows (seven pairs is judged apart from readings)."""
    faces = whole.faces()
    suits = whole.suits()
    honours = any(map(is_honour, faces))
    found = []
    if whole.chows() == 0:
        found.append("all_triplets")
    if len(suits) == 1 and not honours:
        found.append("pure_one_suit")
    if len(suits) == 1 and honours:
        found.append("mixed_one_suit")
    if all(not is_honour(tile) and rank(tile) in (2, 5, 8) for tile in faces):
        found.append("all_generals")
    if all(is_terminal(tile) for tile in faces):
        found.append("pure_terminals")
    return found


def zhengzhou(whole: Whole, options: dict[str, Any]) -> bool:
    """A wild never stands in a pung (§5.3), unless `wild_in_concealed_pung` lets it complete a concealed one."""
    concealed_pung_wilds = any(group.kind == "pung" and group.wilds for group in whole.sets)
    return not concealed_pung_wilds or options["wild_in_concealed_pung"]


CHECKS: dict[str, Check] = {
    "dalian": dalian,
    "shenyang": shenyang,
    "harbin": harbin,
    "shandong": shandong,
    "zhengzhou": zhengzhou,
}

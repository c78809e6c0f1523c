"""Dalian's win requirements (RULES.md §1.4, R1-R7): which of them a reading of the tiles fails, and the first
way of reading a hand that meets them all."""

from __future__ import annotations

from ... import errors as E
from ...errors import Rejected, Unmet, reject, requirement, unmet
from ...notation import WinningHand
from ...options import Options
from ...shapes import Reading
from ...tiles import is_dragon, is_honor, is_terminal_or_honor, suit_of, tile_face
from ..common.faces import SUIT_NAMES
from .scoring import joyous_kong


def legal_readings(
    hand: WinningHand, groups: list[tuple[str | None, list[Reading]]], path: str, options: Options
) -> tuple[str | None, list[Reading]]:
    """The first way of reading the hand that has a legal reading; else every failed requirement."""
    if not any(candidates for _, candidates in groups):
        raise reject(E.TILES_NOT_A_WIN, f"{path}.tiles", "These tiles are not four sets and a pair (R6).")
    all_failures: list[list[Unmet]] = []
    for bao, candidates in groups:
        failures = [(reading, failed_requirements(hand, reading, options)) for reading in candidates]
        legal = [reading for reading, failed in failures if not failed]
        if legal:
            return bao, legal
        all_failures.extend(failed for _, failed in failures)
    fewest = min(all_failures, key=len)
    raise Rejected([requirement(failed, f"{path}.tiles") for failed in fewest])


def failed_requirements(hand: WinningHand, reading: Reading, options: Options) -> list[Unmet]:
    """Each requirement of §1.4 this reading fails, in words a player understands."""
    failed: list[Unmet] = []
    missing = _three_suits(reading, options)
    if missing:
        where = "tiles" if options["three_suits_mode"] == "tiles" else "sets"
        words = f"needs {where} of all three suits (no {' and no '.join(SUIT_NAMES[s] for s in missing)}) (R1)"
        failed.append(unmet("three_suits", words, missing="".join(missing)))
    if not _has_triplet(reading, options):
        failed.append(unmet("triplet", "needs a triplet: a pung or kong (R2)"))
    if not reading.some(is_terminal_or_honor):
        failed.append(unmet("terminal_or_honour", "needs a 1, 9 or honour tile (R3)"))
    if not _opened(hand, options):
        failed.append(unmet("opened", "needs a claimed chow, pung or exposed kong: the hand is not opened (R4)"))
    if not _melds_allowed(hand, reading, options):
        failed.append(unmet("set_aside_limit", "sets aside four sets, leaving a single tile: 手把一 (R5)"))
    # require_sequence never fails here: a hand without a chow is all pungs, which is the float it exempts.
    if not options["allow_float_hand"] and reading.chow_count == 0:
        failed.append(unmet("chow", "needs a chow: this table does not play 飘胡 (R7)"))
    return failed


def _three_suits(reading: Reading, options: Options) -> list[str]:
    if options["three_suits_mode"] == "tiles":
        present = set(reading.suits)
    else:
        present = {suit_of(s.tiles[0]) for s in reading.sets if not is_honor(s.tiles[0])}
    return [suit for suit in "mps" if suit not in present]


def _has_triplet(reading: Reading, options: Options) -> bool:
    if any(s.kind != "chow" for s in reading.sets):
        return True
    return bool(options["dragon_pair_counts_as_triplet"] and is_dragon(reading.pair[0]))


def _opened(hand: WinningHand, options: Options) -> bool:
    for meld in hand.melds:
        if meld.claimed and not (meld.kind == "kong" and joyous_kong("exposed", tile_face(meld.tiles[0]), options)):
            return True
    return False


def _melds_allowed(hand: WinningHand, reading: Reading, options: Options) -> bool:
    if len(hand.melds) <= 3:
        return True
    return bool(options["allow_shou_ba_yi"] and reading.chow_count == 0)

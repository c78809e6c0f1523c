"""Tile checks that Shenyang and Harbin share: parsing a win's tiles, squaring the tiles with the
record's facts, naming what a hand lacks, and finding the waits that give a legal win."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from .. import errors as E
from ..errors import Problem, Rejected
from ..notation import NotationError, WinningHand, parse_hand
from ..records import HandRecord, Kong, Win
from ..shapes import winning_tiles
from ..tiles import suit_of, tile_face

SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}

# How a kong written in the tiles matches a kong named in the record.
_RECORD_KIND_OF_MELD = {
    "kong": "exposed",
    "concealed_kong": "concealed",
    "dragon_set": "dragon_set",
    "wind_set": "wind_set",
}
_MELD_KIND_OF_RECORD = {"exposed": "kong", "added": "kong", "concealed": "concealed_kong"} | {
    kind: kind for kind in ("dragon_set", "wind_set")
}


@dataclass(frozen=True, slots=True)
class DeclaredKong:
    """A kong or special set of the winner, with its face when it has one."""

    kind: str  # the record's kind: exposed, added, concealed, dragon_set, wind_set
    tile: str | None


def tiles_path(index: int) -> str:
    return f"wins.{index}.tiles"


def parse_win_tiles(win: Win, index: int, tile_set: Collection[int], variant_name: str) -> WinningHand:
    """The winning hand written in `win.tiles`, or `Rejected` naming the character or tile at fault."""
    assert win.tiles is not None
    try:
        hand = parse_hand(win.tiles)
    except NotationError as error:
        raise Rejected(Problem(E.TILES_NOTATION, tiles_path(index), str(error))) from None
    strangers = sorted({tile for tile, count in enumerate(hand.counts()) if count and tile not in tile_set})
    if strangers:
        listed = ", ".join(tile_face(tile) for tile in strangers)
        raise Rejected(Problem(E.TILES_NOT_IN_SET, tiles_path(index), f"{variant_name} is played without {listed}."))
    return hand


def reconcile_kongs(record: HandRecord, win: Win, hand: WinningHand) -> tuple[DeclaredKong, ...]:
    """The winner's kongs: the record's list checked against the tiles, or the tiles' own when the record has none.

    Exposed and added kongs look the same in the tiles, so the record's word decides which one it was.
    """
    written = [meld for meld in hand.melds if meld.kind in _RECORD_KIND_OF_MELD]
    declared = list(record.kongs_of(win.seat))
    if not declared:
        return tuple(DeclaredKong(_RECORD_KIND_OF_MELD[m.kind], _kong_face(m.kind, m.tiles)) for m in written)
    unmatched: list[Kong] = list(declared)
    resolved: list[DeclaredKong] = []
    for meld in written:
        face = _kong_face(meld.kind, meld.tiles)
        match = next(
            (
                kong
                for kong in unmatched
                if _MELD_KIND_OF_RECORD[kong.kind] == meld.kind
                and (kong.tile is None or face is None or kong.tile == face)
            ),
            None,
        )
        if match is None:
            break
        unmatched.remove(match)
        resolved.append(DeclaredKong(match.kind, face))
    if unmatched or len(resolved) != len(written):
        shown = ", ".join(_describe_meld(m.kind, m.tiles) for m in written) or "no kongs"
        listed = ", ".join(f"{k.kind.replace('_', ' ')}{f' {k.tile}' if k.tile else ''}" for k in declared)
        raise Rejected(
            Problem(
                E.CONTRADICTORY_FACTS,
                "kongs",
                f"The tiles show {shown} for P{win.seat}, but the hand's kongs list {listed}.",
            )
        )
    return tuple(resolved)


def check_opened_agrees(record: HandRecord, win: Win, hand: WinningHand) -> list[Problem]:
    """A winner marked closed whose tiles show a claimed meld is a contradiction the scorekeeper must fix."""
    if not record.seats[win.seat].opened and any(meld.claimed for meld in hand.melds):
        return [
            Problem(
                E.CONTRADICTORY_FACTS,
                f"seats.{win.seat}.opened",
                f"P{win.seat} is marked closed, but the tiles show a set claimed from a discard.",
            )
        ]
    return []


def check_method_agrees(win: Win, index: int, hand: WinningHand) -> list[Problem]:
    """Robbing a kong takes the fourth copy of a tile whose other three sit in the robbed pung."""
    if win.method == "rob_kong" and hand.counts()[hand.winning_tile] > 1:
        face = tile_face(hand.winning_tile)
        return [
            Problem(
                E.CONTRADICTORY_FACTS,
                tiles_path(index),
                f"A robbed kong's tile {face} cannot also be in the winner's hand: the other three copies "
                "were in the robbed pung.",
            )
        ]
    return []


def missing_suits_words(suits: Collection[str], needed: int = 3) -> str | None:
    """Why a hand lacks suits, or None when it has at least `needed` of them."""
    present = [suit for suit in "mps" if suit in suits]
    if len(present) >= needed:
        return None
    if needed == 3:
        absent = [SUIT_NAMES[s] for s in "mps" if s not in present]
        return f"needs tiles of all three suits (no {' or '.join(absent)})"
    return f"needs tiles of at least {needed} suits (only {', '.join(SUIT_NAMES[s] for s in present) or 'none'})"


def suits_in(counts: Sequence[int]) -> set[str]:
    return {suit_of(tile) for tile, count in enumerate(counts) if count and suit_of(tile) != "z"}


def legal_waits(hand: WinningHand, is_legal: Callable[[WinningHand], bool]) -> list[int]:
    """The tile kinds that would have completed the 13 tiles into a hand the variant accepts.

    A wait that only makes an illegal hand (no terminal, say) is no wait at the table: the player
    could never win on it, so it does not stop a single wait from counting.
    """
    # winning_tiles leaves out kinds held four times; the winning tile joins for shapes it does not
    # know (seven pairs).
    candidates = sorted({*winning_tiles(hand), hand.winning_tile})
    return [tile for tile in candidates if is_legal(WinningHand(hand.melds, hand.concealed, tile))]


def is_seven_pairs(hand: WinningHand) -> bool:
    """Fourteen concealed tiles in pairs; four of a kind counts as two pairs."""
    if hand.melds:
        return False
    counts = hand.concealed_counts()
    return sum(counts) == 14 and all(count % 2 == 0 for count in counts)


def _kong_face(kind: str, tiles: tuple[int, ...]) -> str | None:
    return None if kind in ("dragon_set", "wind_set") else tile_face(tiles[0])


def _describe_meld(kind: str, tiles: tuple[int, ...]) -> str:
    record_kind = _RECORD_KIND_OF_MELD[kind].replace("_", " ")
    face = _kong_face(kind, tiles)
    return f"{'kong' if kind == 'kong' else record_kind}{f' {face}' if face else ''}"

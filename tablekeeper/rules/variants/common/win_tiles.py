"""A win's tiles: reading them, squaring them with the record's facts, seven pairs, and legal waits."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ... import errors as E
from ...errors import Problem, Rejected
from ...notation import NotationError, WinningHand, parse_hand
from ...records import HandRecord, Win
from ...shapes import winning_tiles
from ...tiles import faces, tile_face


def tiles_field(index: int) -> str:
    """The field at fault when the tiles of `record.wins[index]` are."""
    return f"wins.{index}.tiles"


def parse_win_tiles(win: Win, index: int, tile_set: Collection[int], variant_name: str) -> WinningHand:
    """The winning hand written in `win.tiles`, or `Rejected` naming the character or tile at fault."""
    assert win.tiles is not None
    try:
        hand = parse_hand(win.tiles)
    except NotationError as error:
        raise Rejected(Problem(E.TILES_NOTATION, tiles_field(index), error.message)) from None
    strangers = sorted({tile for tile, count in enumerate(hand.counts()) if count and tile not in tile_set})
    if strangers:
        listed = ", ".join(tile_face(tile) for tile in strangers)
        raise Rejected(Problem(E.TILES_NOT_IN_SET, tiles_field(index), f"{variant_name} is played without {listed}."))
    return hand


def opened_problems(record: HandRecord, win: Win, hand: WinningHand) -> list[Problem]:
    """A winner marked closed whose tiles show a claimed meld is a contradiction the scorekeeper must fix."""
    if not record.seats[win.seat].opened and hand.is_opened:
        return [
            Problem(
                E.CONTRADICTORY_FACTS,
                f"seats.{win.seat}.opened",
                f"P{win.seat} is marked closed, but the tiles show a set claimed from a discard.",
            )
        ]
    return []


def robbed_kong_problems(win: Win, index: int, hand: WinningHand) -> list[Problem]:
    """Robbing a kong takes the fourth copy of a tile whose other three sit in the robbed pung."""
    if win.method == "rob_kong" and hand.counts()[hand.winning_tile] > 1:
        face = tile_face(hand.winning_tile)
        return [
            Problem(
                E.CONTRADICTORY_FACTS,
                tiles_field(index),
                f"A robbed kong's tile {face} cannot also be in the winner's hand: the other three copies "
                "were in the robbed pung.",
            )
        ]
    return []


def special_set_problems(hand: WinningHand, index: int, variant_name: str) -> list[Problem]:
    """Dragon and wind sets ([567z], [1234z]) are north-eastern special sets the other variants lack."""
    return [
        Problem(
            E.WIN_REQUIREMENT,
            tiles_field(index),
            f"{variant_name} has no {meld.kind.replace('_', ' ')} [{faces(meld.tiles)}]: "
            "honours only form pungs and kongs.",
        )
        for meld in hand.melds
        if meld.kind in ("dragon_set", "wind_set")
    ]


def pattern_tile_problems(
    win: Win, index: int, hand: WinningHand, proven: Sequence[frozenset[str]], shape_ids: Collection[str]
) -> list[Problem]:
    """A ticked shape pattern that no legal reading shows, or a kong bloom without a kong, contradicts the tiles."""
    problems: list[Problem] = []
    for i, pattern in enumerate(win.patterns):
        if pattern in shape_ids and not any(pattern in shapes for shapes in proven):
            problems.append(
                Problem(
                    E.PATTERN_CONTRADICTS_TILES,
                    f"wins.{index}.patterns.{i}",
                    f"The tiles do not make {pattern.replace('_', ' ')}.",
                )
            )
        if pattern == "kong_bloom" and not any(m.is_kong_sized for m in hand.melds):
            problems.append(
                Problem(
                    E.PATTERN_CONTRADICTS_TILES,
                    f"wins.{index}.patterns.{i}",
                    "A win after a kong needs a kong in the tiles.",
                )
            )
    return problems


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

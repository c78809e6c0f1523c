"""A win's tiles: reading them, squaring them with the record's facts, seven pairs, and legal waits.

The tiles cannot tell an exposed kong from an added one, so the record's word decides which it was;
two policies exist because the variants score kongs from different places: Shenyang and Harbin
score the kongs the tiles show (`reconcile_kongs`), Shandong and Zhengzhou the record's own
(`listed_kong_problems`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

from ... import errors as E
from ...errors import Problem, Rejected, Unmet, contradiction, requirement, unmet
from ...notation import NotationError, WinningHand, parse_hand
from ...records import HandRecord, Kong, Win
from ...shapes import winning_tiles
from ...tiles import faces, tile_face, tile_index
from ...variant import DeclaredKong
from .fact_words import closed_words, kong_words, kongs_words, win_words


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


class SquaredHand(NamedTuple):
    """A win's tiles read and squared with the record (Shenyang, Harbin)."""

    hand: WinningHand
    kongs: tuple[DeclaredKong, ...]  # the winner's kongs: the record's kinds, the tiles' faces
    problems: list[Problem]  # contradictions so far, reported together with the win requirements


def read_squared(record: HandRecord, index: int, tile_set: Collection[int], variant_name: str) -> SquaredHand:
    """The tiles of `record.wins[index]`, the kongs they show squared with the record, and what contradicts it."""
    win = record.wins[index]
    hand = parse_win_tiles(win, index, tile_set, variant_name)
    problems = opened_problems(record, win, hand, index) + robbed_kong_problems(win, index, hand)
    return SquaredHand(hand, reconcile_kongs(record, index, hand), problems)


def concealed_wild_problems(win: Win, index: int, hand: WinningHand, wild: int) -> list[Problem]:
    """A wild that stands in only among the concealed tiles (a fixed wild, `Wilds.face`: 红中麻将's 红中) is
    never in a set laid down or a kong, and is never won on a discard or a robbed kong: a discarded wild
    cannot be claimed."""
    face = tile_face(wild)
    problems = [
        requirement(
            unmet("wild_not_in_set", f"cannot hold the wild {face} in the set aside {faces(meld.tiles)}.", tile=face),
            tiles_field(index),
        )
        for meld in hand.melds
        if wild in meld.tiles
    ]
    if win.method != "self_draw" and hand.winning_tile == wild:
        words = f"cannot win on a discarded {face}: a discarded wild cannot be claimed."
        problems.append(requirement(unmet("wild_not_claimed", words, tile=face), tiles_field(index)))
    return problems


def requirement_problems(index: int, failures: list[Unmet] | None, not_a_win: str) -> list[Problem]:
    """Each win requirement the tiles fail, or, when no shape fits at all (None), that they are no win."""
    if failures is None:
        return [Problem(E.TILES_NOT_A_WIN, tiles_field(index), not_a_win)]
    return [requirement(failed, tiles_field(index)) for failed in failures]


def opened_problems(record: HandRecord, win: Win, hand: WinningHand, index: int) -> list[Problem]:
    """A winner marked closed whose tiles show a claimed meld is a contradiction the scorekeeper must fix."""
    claimed = [meld for meld in hand.melds if meld.claimed]
    if record.seats[win.seat].opened or not claimed:
        return []
    field = f"seats.{win.seat}.opened"
    shown = " ".join(f"[{faces(meld.tiles)}]" for meld in claimed)
    return [
        contradiction(
            "closed_with_claimed_meld",
            field,
            f"{closed_words(win.seat)}, but P{win.seat}'s tiles show {shown}, claimed from a discard.",
            field,
            tiles_field(index),
        )
    ]


def robbed_kong_problems(win: Win, index: int, hand: WinningHand) -> list[Problem]:
    """Robbing a kong takes the fourth copy of a tile whose other three sit in the robbed pung."""
    if win.method != "rob_kong" or hand.counts()[hand.winning_tile] == 1:
        return []
    face = tile_face(hand.winning_tile)
    return [
        contradiction(
            "robbed_tile_in_hand",
            tiles_field(index),
            f"{win_words(win)} of {face}, but P{win.seat}'s tiles hold another {face}: the robbed {face} is the "
            f"fourth copy, and the other three {face} were in P{win.from_seat}'s pung.",
            f"wins.{index}.method",
            tiles_field(index),
        )
    ]


def special_set_problems(hand: WinningHand, index: int, variant_name: str) -> list[Problem]:
    """Dragon and wind sets ([567z], [1234z]) are north-eastern special sets the other variants lack."""
    return [
        requirement(
            unmet(
                "no_special_sets",
                f"{variant_name} has no {meld.kind.replace('_', ' ')} [{faces(meld.tiles)}]: "
                "honours only form pungs and kongs.",
                kind=meld.kind,
            ),
            tiles_field(index),
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


def reconcile_kongs(record: HandRecord, index: int, hand: WinningHand) -> tuple[DeclaredKong, ...]:
    """The winner's kongs: the record's list checked against the tiles, or the tiles' own when the record has none.

    For variants that score the kongs the tiles show (Shenyang, Harbin).
    """
    win = record.wins[index]
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
        counted_twice = pairs_counted_from_kong(win, index, hand, declared)
        if counted_twice:
            raise Rejected(counted_twice)
        shown = ", ".join(_describe_meld(m.kind, m.tiles) for m in written) or "no kongs"
        raise Rejected(
            contradiction(
                "kongs_disagree_with_tiles",
                "kongs",
                f"P{win.seat}'s tiles show {shown}, but the hand's kongs list {kongs_words(declared)}.",
                "kongs",
                tiles_field(index),
            )
        )
    return tuple(resolved)


def pairs_counted_from_kong(win: Win, index: int, hand: WinningHand, listed: Sequence[Kong]) -> list[Problem]:
    """Seven-pairs tiles holding four of a tile as two pairs (luxury), while the record declares them a kong."""
    if not is_seven_pairs(hand):
        return []
    counts = hand.concealed_counts()
    return [
        contradiction(
            "pairs_counted_from_kong",
            "kongs",
            f"P{win.seat}'s tiles are seven pairs holding four {kong.tile} as two pairs (luxury), but the hand's "
            f"kongs list {kong_words(kong)}: a declared kong is set aside and pairs with nothing.",
            "kongs",
            tiles_field(index),
        )
        for kong in listed
        if kong.tile is not None and counts[tile_index(kong.tile)] == 4
    ]


def listed_kong_problems(record: HandRecord, win: Win, hand: WinningHand, index: int) -> list[Problem]:
    """The winner's kongs in the tiles must be the kongs the record lists for them.

    For variants that score the record's kongs (Shandong's kong points, Zhengzhou's kong bonuses):
    a kong in the tiles that the record does not list is sent back rather than guessed.
    """
    listed = record.kongs_of(win.seat)
    counted_twice = pairs_counted_from_kong(win, index, hand, listed)
    if counted_twice:
        return counted_twice
    problems: list[Problem] = []
    concealed_melds = [m for m in hand.melds if m.kind == "concealed_kong"]
    open_melds = [m for m in hand.melds if m.kind == "kong"]
    listed_concealed = [k for k in listed if k.kind == "concealed"]
    listed_open = [k for k in listed if k.kind in ("exposed", "added")]
    for words, melds, kongs in (
        ("concealed", concealed_melds, listed_concealed),
        ("exposed or added", open_melds, listed_open),
    ):
        shown = ", ".join(f"[{faces(m.tiles)}]" for m in melds) or "none"
        if len(melds) != len(kongs):
            problems.append(
                _disagreeing_kongs(
                    win,
                    index,
                    f"P{win.seat}'s tiles show {len(melds)} {words} kong(s) ({shown}), but the hand's kongs list "
                    f"{len(kongs)} ({kongs_words(kongs)}); list every kong of the winner in the kongs too.",
                )
            )
            continue
        in_tiles = sorted(tile_face(m.tiles[0]) for m in melds)
        for kong in kongs:
            if kong.tile is not None and kong.tile not in in_tiles:
                problems.append(
                    _disagreeing_kongs(
                        win,
                        index,
                        f"The hand's kongs list {kong_words(kong)}, but P{win.seat}'s tiles show no such kong "
                        f"({shown}).",
                    )
                )
    return problems


def _disagreeing_kongs(win: Win, index: int, message: str) -> Problem:
    return contradiction("kongs_disagree_with_tiles", tiles_field(index), message, "kongs", tiles_field(index))


def _kong_face(kind: str, tiles: tuple[int, ...]) -> str | None:
    return None if kind in ("dragon_set", "wind_set") else tile_face(tiles[0])


def _describe_meld(kind: str, tiles: tuple[int, ...]) -> str:
    record_kind = _RECORD_KIND_OF_MELD[kind].replace("_", " ")
    face = _kong_face(kind, tiles)
    return f"{'kong' if kind == 'kong' else record_kind}{f' {face}' if face else ''}"

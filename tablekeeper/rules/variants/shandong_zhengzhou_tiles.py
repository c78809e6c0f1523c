"""Tile checks that Shandong and Zhengzhou share: reading `win.tiles`, squaring its melds with the
record's facts, and the whole-hand shape facts (flushes, terminals, 2-5-8) both variants score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import errors as E
from ..errors import Problem, Rejected
from ..notation import NotationError, WinningHand, parse_hand
from ..records import HandRecord, Win
from ..tiles import faces, is_honor, is_terminal, rank_of, suit_of, tile_face

_OPEN_KONG_KINDS = ("exposed", "added")


def tiles_field(index: int) -> str:
    return f"wins.{index}.tiles"


def parse_win_tiles(win: Win, index: int) -> WinningHand:
    """The hand written in `win.tiles`; a notation error names the character at fault."""
    assert win.tiles is not None
    try:
        return parse_hand(win.tiles)
    except NotationError as error:
        raise Rejected(Problem(E.TILES_NOTATION, tiles_field(index), error.message)) from None


def special_set_problems(hand: WinningHand, index: int, variant_name: str) -> list[Problem]:
    """Dragon and wind sets ([567z], [1234z]) are north-eastern special sets these variants lack."""
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


def kong_fact_problems(record: HandRecord, win: Win, hand: WinningHand, index: int) -> list[Problem]:
    """The winner's kongs in the tiles must be the kongs the record lists for them.

    The record is what scores (kong points, kong bonuses), and an exposed kong cannot be told
    from an added one by its tiles, so a mismatch is sent back rather than guessed.
    """
    problems: list[Problem] = []
    listed = record.kongs_of(win.seat)
    concealed_melds = [m for m in hand.melds if m.kind == "concealed_kong"]
    open_melds = [m for m in hand.melds if m.kind == "kong"]
    listed_concealed = [k for k in listed if k.kind == "concealed"]
    listed_open = [k for k in listed if k.kind in _OPEN_KONG_KINDS]
    for words, melds, kongs in (
        ("concealed", concealed_melds, listed_concealed),
        ("exposed or added", open_melds, listed_open),
    ):
        if len(melds) != len(kongs):
            problems.append(
                Problem(
                    E.CONTRADICTORY_FACTS,
                    tiles_field(index),
                    f"The tiles show {len(melds)} {words} kong(s) for P{win.seat}, but the hand's kongs list "
                    f"{len(kongs)}; "
                    "list every kong of the winner in the kongs too.",
                )
            )
            continue
        faces = sorted(tile_face(m.tiles[0]) for m in melds)
        for kong in kongs:
            if kong.tile is not None and kong.tile not in faces:
                problems.append(
                    Problem(
                        E.CONTRADICTORY_FACTS,
                        tiles_field(index),
                        f"P{win.seat}'s kong of {kong.tile} is not among the kongs in the tiles "
                        f"({', '.join(faces) or 'none'}).",
                    )
                )
    if not record.seats[win.seat].opened and hand.is_opened:
        problems.append(
            Problem(
                E.CONTRADICTORY_FACTS,
                f"seats.{win.seat}.opened",
                f"P{win.seat} is marked closed, but the tiles show a set claimed from a discard.",
            )
        )
    return problems


def pattern_tile_problems(
    win: Win, index: int, hand: WinningHand, proven: Sequence[frozenset[str]], shape_ids: frozenset[str]
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


@dataclass(frozen=True, slots=True)
class WholeHand:
    """Facts about all fourteen (or more) tiles, whatever way they are split into sets."""

    suits: frozenset[str]
    has_honor: bool
    all_terminals: bool
    all_258: bool

    @property
    def pure_one_suit(self) -> bool:
        return len(self.suits) == 1 and not self.has_honor

    @property
    def mixed_one_suit(self) -> bool:
        return len(self.suits) == 1 and self.has_honor


def whole_hand(counts: Sequence[int]) -> WholeHand:
    tiles = [tile for tile, count in enumerate(counts) if count]
    return WholeHand(
        suits=frozenset(suit_of(t) for t in tiles if not is_honor(t)),
        has_honor=any(is_honor(t) for t in tiles),
        all_terminals=all(is_terminal(t) for t in tiles),
        all_258=all(not is_honor(t) and rank_of(t) in (2, 5, 8) for t in tiles),
    )


def is_258(tile: int) -> bool:
    return not is_honor(tile) and rank_of(tile) in (2, 5, 8)

"""The treasure in Dalian's winning tiles (RULES.md §1.5): which faces a ready winner may use as wild, the
readings that gives in order of precedence, and why a treasure did not save a refused hand."""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, reject
from ...notation import WinningHand
from ...options import Options
from ...records import HandRecord, Win
from ...shapes import Reading, drawn_wild_readings, readings
from ...tiles import tile_face, tile_index
from ..common.fact_words import win_words
from ..common.treasure import not_wild_words, treasure_is_wild, wild_faces
from .win_requirements import failed_requirements


def not_wild(
    record: HandRecord, win: Win, hand: WinningHand, ready: bool, refusal: Problem, options: Options
) -> list[Problem]:
    """Why the treasure did not save a refused hand, when it would have as a wild (§1.5-3)."""
    if hand.winning_tile not in _treasure_faces(record, options):
        return []
    if treasure_is_wild(method=win.method, ready=ready, wild_on_discard=options["treasure_wild_on_discard"]):
        return []
    if not any(not failed_requirements(hand, reading, options) for reading in drawn_wild_readings(hand)):
        return []
    words = not_wild_words(tile_face(hand.winning_tile), seat=win.seat, ready=ready, how=win_words(win))
    return [Problem(refusal.code, refusal.field, words)]


def treasure_readings(
    record: HandRecord, win: Win, hand: WinningHand, ready: bool, path: str, options: Options
) -> list[tuple[str | None, list[Reading]]]:
    """The ways to read the hand, in order of precedence, each with the treasure pattern it shows.

    A drawn treasure that is a natural winning tile is 冲宝 and is read at face value;
    only when it is not does it become a wild (摸宝), §1.5-3/4.
    """
    natural = readings(hand)
    ticked_bao = next((p for p in ("treasure_rush", "finding_treasure") if win.has(p)), None)
    chicken = options["chicken_treasure"] and hand.winning_tile == _CHICKEN
    if record.treasure is None and not (chicken and _usable(win, ready, options)):
        if ticked_bao == "finding_treasure" and ready:
            # No face recorded: the scorekeeper's tick says the drawn tile was the treasure.
            return [(None, drawn_wild_readings(hand))]
        return [(None, natural)]
    usable = hand.winning_tile in _treasure_faces(record, options) and _usable(win, ready, options)
    if not usable:
        if ticked_bao is not None:
            raise reject(
                E.PATTERN_CONTRADICTS_TILES,
                f"{path}.patterns.{win.patterns.index(ticked_bao)}",
                f"The winning tile {tile_face(hand.winning_tile)} is not the treasure {record.treasure}.",
            )
        return [(None, natural)]
    drawn = win.method == "self_draw"
    return [
        ("treasure_rush" if drawn else None, natural),
        ("finding_treasure" if drawn else None, drawn_wild_readings(hand)),
    ]


def _wild_set(treasure: str, options: Options) -> frozenset[int]:
    return wild_faces(tile_index(treasure), options["treasure_mode"])


_CHICKEN = tile_index("1s")


def _treasure_faces(record: HandRecord, options: Options) -> frozenset[int]:
    """The faces a ready player may use as a treasure: the revealed one(s), and 1s with chicken_treasure (§9.2.4).

    Hidden treasure (宝牌) counts only the revealed face, so it reads `_wild_set` alone.
    """
    revealed = frozenset[int]() if record.treasure is None else _wild_set(record.treasure, options)
    return revealed | {_CHICKEN} if options["chicken_treasure"] else revealed


def _usable(win: Win, ready: bool, options: Options) -> bool:
    return treasure_is_wild(method=win.method, ready=ready, wild_on_discard=options["treasure_wild_on_discard"])


def check_hidden_treasure(record: HandRecord, win: Win, hand: WinningHand, path: str, options: Options) -> None:
    claimed = win.count("hidden_treasure")
    if not claimed or record.treasure is None:
        return
    faces = _wild_set(record.treasure, options)
    held = sum(1 for tile in hand.concealed if tile in faces)
    held += sum(len(m.tiles) for m in hand.melds if m.kind == "concealed_kong" and m.tiles[0] in faces)
    if claimed > held:
        where = [i for i, p in enumerate(win.patterns) if p == "hidden_treasure"][held]
        raise reject(
            E.PATTERN_CONTRADICTS_TILES,
            f"{path}.patterns.{where}",
            f"The concealed hand holds {held} treasure tile(s) at face value.",
        )

"""The winner's kongs written in the tiles against the kongs the record lists for them.

The tiles cannot tell an exposed kong from an added one, so the record's word decides which it
was; two policies exist because the variants score kongs from different places.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, Rejected
from ...notation import WinningHand
from ...records import HandRecord, Kong, Win
from ...tiles import tile_face
from ...variant import DeclaredKong
from .win_tiles import tiles_field

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


def reconcile_kongs(record: HandRecord, win: Win, hand: WinningHand) -> tuple[DeclaredKong, ...]:
    """The winner's kongs: the record's list checked against the tiles, or the tiles' own when the record has none.

    For variants that score the kongs the tiles show (Shenyang, Harbin).
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


def listed_kong_problems(record: HandRecord, win: Win, hand: WinningHand, index: int) -> list[Problem]:
    """The winner's kongs in the tiles must be the kongs the record lists for them.

    For variants that score the record's kongs (Shandong's kong points, Zhengzhou's kong bonuses):
    a kong in the tiles that the record does not list is sent back rather than guessed.
    """
    problems: list[Problem] = []
    listed = record.kongs_of(win.seat)
    concealed_melds = [m for m in hand.melds if m.kind == "concealed_kong"]
    open_melds = [m for m in hand.melds if m.kind == "kong"]
    listed_concealed = [k for k in listed if k.kind == "concealed"]
    listed_open = [k for k in listed if k.kind in ("exposed", "added")]
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
    return problems


def _kong_face(kind: str, tiles: tuple[int, ...]) -> str | None:
    return None if kind in ("dragon_set", "wind_set") else tile_face(tiles[0])


def _describe_meld(kind: str, tiles: tuple[int, ...]) -> str:
    record_kind = _RECORD_KIND_OF_MELD[kind].replace("_", " ")
    face = _kong_face(kind, tiles)
    return f"{'kong' if kind == 'kong' else record_kind}{f' {face}' if face else ''}"

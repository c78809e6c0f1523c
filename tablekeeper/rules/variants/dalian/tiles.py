"""Dalian Qionghu with the winning tiles in the record (RULES.md §1.4, §1.5, §0.3).

The tiles are parsed, every reading of them is checked against R1-R6 (`win_requirements.py`;
on the hand with the treasure substituted, where it is wild: `treasure_readings.py`), the
shape patterns each legal reading proves are derived (`shape_proofs.py`), and the reading
that pays the winner most is kept.
"""

from __future__ import annotations

from collections import Counter

from ... import errors as E
from ...errors import Problem, Rejected, contradiction, reject, requirement, unmet
from ...ledger import TILES_PROVE, seat_name
from ...notation import Meld, WinningHand
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...tiles import ALL_TILES, faces, is_dragon, tile_face
from ...variant import DeclaredKong, TileFindings, TileNote
from ..common.fact_words import kongs_words
from ..common.win_tiles import opened_problems, parse_win_tiles, robbed_kong_problems
from .catalogue import PATTERNS, SHAPE_PATTERNS, TERMINAL_FAMILY
from .scoring import payments
from .shape_proofs import WaitCount, proved
from .treasure_readings import check_hidden_treasure, not_wild, treasure_readings
from .win_requirements import legal_readings

_NAMES = {spec.id: f"{spec.name_en} ({spec.name_zh})" for spec in PATTERNS}
_KONG_CATEGORY = {"exposed": "kong", "added": "kong", "concealed": "concealed_kong"}
_RECORD_KIND = {"kong": "exposed", "concealed_kong": "concealed"}

Kongs = tuple[DeclaredKong, ...]


def read_tiles(record: HandRecord, index: int, state: TableState, options: Options) -> TileFindings:
    """Check the tiles of `record.wins[index]` against R1-R6 and score the reading that pays the winner most."""
    win = record.wins[index]
    path = f"wins.{index}"
    hand = parse_win_tiles(win, index, ALL_TILES, "Dalian")
    _check_melds(hand, path, options)
    closed = opened_problems(record, win, hand, index)
    if closed:
        raise Rejected(closed)
    kongs = _winner_kongs(record, win, hand, index)
    ready = record.seats[win.seat].ready == "ready"
    try:
        bao, legal = legal_readings(hand, treasure_readings(record, win, hand, ready, path, options), path, options)
    except Rejected as refused:
        raise Rejected(refused.problems + not_wild(record, win, hand, ready, refused.problems[0], options)) from None
    _check_treasure_tick(win, bao, path)
    ticked = Counter(win.patterns)
    check_hidden_treasure(record, win, hand, path, options)
    robbed = robbed_kong_problems(win, index, hand)
    if robbed:
        raise Rejected(robbed)
    if win.has("kong_bloom") and not any(_meld_kong(meld) for meld in hand.melds):
        raise reject(
            E.PATTERN_CONTRADICTS_TILES,
            f"{path}.patterns.{win.patterns.index('kong_bloom')}",
            "Kong bloom needs a kong (or a special set) among the melds, to draw a replacement tile.",
        )

    def price(patterns: Counter[str]) -> int:
        return sum(p.amount for p in payments(record, win, patterns, kongs, state, options))

    unscored: tuple[str, ...] = options["unscored_items"]
    waits = WaitCount(hand, options)
    proofs = [(reading, proved(hand, reading, options, waits, ready)) for reading in legal]
    supported = [(reading, proof) for reading, proof in proofs if not _ticked_shapes(ticked) - proof]
    if not supported:
        best_proof = max(proofs, key=lambda item: price(_scored(ticked, bao, item[1], unscored)))[1]
        raise Rejected(_contradictions(win, ticked, best_proof, path))
    best = max(supported, key=lambda item: price(_scored(ticked, bao, item[1], unscored)))[1]
    patterns = _scored(ticked, bao, best, unscored)
    added = sorted((patterns - ticked).elements(), key=list(_NAMES).index)
    notes: list[TileNote] = []
    if added:
        items = [{"item": pattern_id, "count": count} for pattern_id, count in Counter(added).items()]
        words = "From the tiles: " + ", ".join(_NAMES[pattern_id] for pattern_id in added) + "."
        notes.append(TileNote(TILES_PROVE, {"seat": win.seat, "items": items}, words))
    return TileFindings(tuple(patterns.elements()), kongs, tuple(notes), readings=len(legal))


def _ticked_shapes(patterns: Counter[str]) -> Counter[str]:
    return Counter({pattern_id: n for pattern_id, n in patterns.items() if pattern_id in SHAPE_PATTERNS})


def _scored(ticked: Counter[str], bao: str | None, proof: Counter[str], unscored: tuple[str, ...]) -> Counter[str]:
    """The ticked patterns that are not shapes, the treasure pattern the tiles show, and the best shapes proved."""
    patterns = Counter({pattern_id: n for pattern_id, n in ticked.items() if pattern_id not in SHAPE_PATTERNS})
    if bao is not None:
        patterns.pop("treasure_rush", None)
        patterns.pop("finding_treasure", None)
        patterns[bao] = 1
    # The tiles never add an item the table does not score (unscored_items, RULES §9.2.10).
    shapes = Counter({pattern_id: n for pattern_id, n in proof.items() if pattern_id not in unscored})
    if shapes["single_float"]:
        del shapes["double_float"]
    family = [pattern_id for pattern_id in TERMINAL_FAMILY if shapes[pattern_id]]
    for lower in family[1:]:
        del shapes[lower]
    return Counter({pattern_id: n for pattern_id, n in (patterns + shapes).items() if pattern_id not in unscored})


def _contradictions(win: Win, ticked: Counter[str], proof: Counter[str], path: str) -> list[Problem]:
    problems: list[Problem] = []
    allowed = Counter(proof)
    for index, pattern_id in enumerate(win.patterns):
        if pattern_id not in SHAPE_PATTERNS:
            continue
        if allowed[pattern_id]:
            allowed[pattern_id] -= 1
            continue
        words = f"The tiles do not show {_NAMES[pattern_id]}."
        problems.append(Problem(E.PATTERN_CONTRADICTS_TILES, f"{path}.patterns.{index}", words))
    return problems


def _check_melds(hand: WinningHand, path: str, options: Options) -> None:
    problems: list[Problem] = []
    for meld in hand.melds:
        if meld.kind == "pung" and meld.claimed and is_dragon(meld.tiles[0]):
            face = tile_face(meld.tiles[0])
            words = f"A discarded dragon can never be punged ([{face[0] * 3}z])."
            problems.append(requirement(unmet("no_claimed_dragon_pung", words, tile=face), f"{path}.tiles"))
        if meld.kind == "dragon_set" and options["xi_gang_mode"] == "dragon_kong":
            problems.append(
                Problem(
                    E.FACT_NOT_IN_VARIANT,
                    f"{path}.tiles",
                    "This table plays 喜杠 as an exposed kong of one dragon (xi_gang_mode), not a 中发白 set.",
                )
            )
    if problems:
        raise Rejected(problems)


def _meld_kong(meld: Meld) -> tuple[str, str | None] | None:
    if meld.kind in ("dragon_set", "wind_set"):
        return meld.kind, None
    if meld.kind in ("kong", "concealed_kong"):
        return meld.kind, tile_face(meld.tiles[0])
    return None


def _winner_kongs(record: HandRecord, win: Win, hand: WinningHand, index: int) -> Kongs:
    """The tiles' kongs, with the record's kind (exposed or added) where the record lists them."""
    from_tiles = [found for meld in hand.melds if (found := _meld_kong(meld))]
    listed = record.kongs_of(win.seat)
    if not listed:
        return tuple(DeclaredKong(_RECORD_KIND.get(category, category), face) for category, face in from_tiles)
    unmatched = list(from_tiles)
    merged: list[DeclaredKong] = []
    # Kongs naming their tile claim their meld first, so a tile-less entry cannot take it from them.
    for kong in sorted(listed, key=lambda k: k.tile is None):
        category = _KONG_CATEGORY.get(kong.kind, kong.kind)
        match = next(
            (m for m in unmatched if m[0] == category and (kong.tile is None or m[1] in (None, kong.tile))),
            None,
        )
        if match is None:
            break
        unmatched.remove(match)
        merged.append(DeclaredKong(kong.kind, kong.tile or match[1]))
    if unmatched or len(merged) != len(listed):
        shown = ", ".join(f"[{faces(meld.tiles)}]" for meld in hand.melds if _meld_kong(meld)) or "none"
        raise Rejected(
            contradiction(
                "kongs_disagree_with_tiles",
                "kongs",
                f"The hand's kongs list {kongs_words(listed)}, but {seat_name(win.seat)}'s tiles show the kongs "
                f"{shown}.",
                "kongs",
                f"wins.{index}.tiles",
            )
        )
    return tuple(merged)


def _check_treasure_tick(win: Win, bao: str | None, path: str) -> None:
    ticked = next((p for p in ("treasure_rush", "finding_treasure") if win.has(p)), None)
    if ticked is None or bao is None or ticked == bao:
        return
    why = {
        "treasure_rush": "the drawn treasure is also a natural winning tile, so this is treasure rush (冲宝)",
        "finding_treasure": "the treasure is not a natural winning tile here, so this is finding treasure (摸宝)",
    }
    raise reject(
        E.PATTERN_CONTRADICTS_TILES,
        f"{path}.patterns.{win.patterns.index(ticked)}",
        f"Not {_NAMES[ticked]}: {why[bao]}.",
    )

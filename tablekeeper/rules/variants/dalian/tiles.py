"""Dalian Qionghu with the winning tiles in the record (RULES.md §1.4, §1.5, §0.3).

The tiles are parsed, every reading of them is checked against R1-R6 (on the hand
with the treasure substituted, where it is wild), the shape patterns each legal
reading proves are derived, and the reading that pays the winner most is kept.
"""

from __future__ import annotations

from collections import Counter

from ... import errors as E
from ...errors import Problem, Rejected, Unmet, contradiction, reject, requirement, unmet
from ...ledger import TILES_PROVE, seat_name
from ...notation import Meld, WinningHand
from ...options import Options
from ...records import HandRecord, Win
from ...shapes import Reading, drawn_wild_readings, readings
from ...state import TableState
from ...tiles import (
    ALL_TILES,
    faces,
    is_dragon,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    suit_of,
    tile_face,
    tile_index,
)
from ...variant import DeclaredKong, TileFindings, TileNote
from ..common.faces import SUIT_NAMES
from ..common.fact_words import kongs_words, win_words
from ..common.treasure import not_wild_words, treasure_is_wild, wild_faces
from ..common.win_tiles import legal_waits, opened_problems, parse_win_tiles, robbed_kong_problems
from .catalogue import PATTERNS, SHAPE_PATTERNS, TERMINAL_FAMILY
from .scoring import joyous_kong, payments

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
        bao, legal = _legal_readings(hand, _treasure_readings(record, win, hand, ready, path, options), path, options)
    except Rejected as refused:
        raise Rejected(refused.problems + _not_wild(record, win, hand, ready, refused.problems[0], options)) from None
    _check_treasure_tick(win, bao, path)
    ticked = Counter(win.patterns)
    _check_hidden_treasure(record, win, hand, path, options)
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
    waits = _WaitCount(hand, options)
    proofs = [(reading, _proved(hand, reading, options, waits, ready)) for reading in legal]
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


def _not_wild(
    record: HandRecord, win: Win, hand: WinningHand, ready: bool, refusal: Problem, options: Options
) -> list[Problem]:
    """Why the treasure did not save a refused hand, when it would have as a wild (§1.5-3)."""
    if hand.winning_tile not in _treasure_faces(record, options):
        return []
    if treasure_is_wild(method=win.method, ready=ready, wild_on_discard=options["treasure_wild_on_discard"]):
        return []
    if not any(not _failed_requirements(hand, reading, options) for reading in drawn_wild_readings(hand)):
        return []
    words = not_wild_words(tile_face(hand.winning_tile), seat=win.seat, ready=ready, how=win_words(win))
    return [Problem(refusal.code, refusal.field, words)]


def _treasure_readings(
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


def _check_hidden_treasure(record: HandRecord, win: Win, hand: WinningHand, path: str, options: Options) -> None:
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


def _legal_readings(
    hand: WinningHand, groups: list[tuple[str | None, list[Reading]]], path: str, options: Options
) -> tuple[str | None, list[Reading]]:
    """The first way of reading the hand that has a legal reading; else every failed requirement."""
    if not any(candidates for _, candidates in groups):
        raise reject(E.TILES_NOT_A_WIN, f"{path}.tiles", "These tiles are not four sets and a pair (R6).")
    all_failures: list[list[Unmet]] = []
    for bao, candidates in groups:
        failures = [(reading, _failed_requirements(hand, reading, options)) for reading in candidates]
        legal = [reading for reading, failed in failures if not failed]
        if legal:
            return bao, legal
        all_failures.extend(failed for _, failed in failures)
    fewest = min(all_failures, key=len)
    raise Rejected([requirement(failed, f"{path}.tiles") for failed in fewest])


def _failed_requirements(hand: WinningHand, reading: Reading, options: Options) -> list[Unmet]:
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


class _WaitCount:
    """How many legal winning tile kinds the 13 tiles before the win had (RULES §9.2.1), counted once if asked.

    A kind is legal when the 13 tiles and it make a hand meeting R1-R6 under the table's options, the
    treasure at face value; a kind already held four times (melds included) is none.
    """

    def __init__(self, hand: WinningHand, options: Options) -> None:
        self._hand, self._options = hand, options
        self._count: int | None = None

    def single(self) -> bool:
        if self._count is None:
            options = self._options

            def is_legal(candidate: WinningHand) -> bool:
                return any(not _failed_requirements(candidate, r, options) for r in readings(candidate))

            self._count = len(legal_waits(self._hand, is_legal))
        return self._count == 1


def _edge_wait(hand: WinningHand, reading: Reading, options: Options, waits: _WaitCount, ready: bool) -> bool:
    """Edge win (夹胡) as `edge_wait_mode` defines it (D-21)."""
    mode = options["edge_wait_mode"]
    if mode == "single_wait_ready":
        # The Java server: ready, one winning tile kind, and a 1, 9 or honour among the 13 tiles; any shape.
        before = hand.counts()
        before[hand.winning_tile] -= 1
        held_terminal = any(n and is_terminal_or_honor(tile) for tile, n in enumerate(before))
        return ready and held_terminal and waits.single()
    shape = reading.winning_in == "chow_middle" or (
        options["edge_includes_edge_and_single"]
        and (reading.winning_in == "chow_edge" or (reading.winning_in == "pair" and reading.chow_count != 0))
    )
    return shape and (mode == "middle_of_chow" or waits.single())


def _proved(hand: WinningHand, reading: Reading, options: Options, waits: _WaitCount, ready: bool) -> Counter[str]:
    """Every shape pattern this reading proves, lower members of a family included."""
    proved: Counter[str] = Counter()
    all_pungs = reading.chow_count == 0
    if _edge_wait(hand, reading, options, waits, ready):
        proved["edge_wait"] = 1
    if _terminal_wait(hand, reading, options):
        proved["terminal_wait"] = 1
    if all_pungs:
        proved["double_float"] = 1
        if reading.winning_in == "pair":
            proved["single_float"] = 1
            if len(hand.melds) == 4 and options["allow_shou_ba_yi"]:
                proved["single_remaining"] = 1
    if reading.every(is_terminal):
        proved["pure_terminals"] = 1
    if reading.every(is_terminal_or_honor):
        proved["mixed_terminals"] = 1
    if reading.every_group_has_terminal_or_honor:
        proved["outside_hand"] = 1
    fours = _four_in_hand(hand, reading)
    if fours:
        proved["four_in_hand"] = fours
    return proved


def _terminal_wait(hand: WinningHand, reading: Reading, options: Options) -> bool:
    before = hand.counts()
    before[hand.winning_tile] -= 1
    if any(n and is_terminal_or_honor(tile) for tile, n in enumerate(before)):
        return False
    # An honour can never arrive here alone (it would need its pair or pung mates among the 13), but the rule
    # book counts honours as terminals (D-18), so the test says so.
    return is_terminal_or_honor(reading.winning_tile)


def _four_in_hand(hand: WinningHand, reading: Reading) -> int:
    """Tiles held four times, not as a kong, and without a wild standing in for a copy."""
    kong_tiles = {m.tiles[0] for m in hand.melds if m.kind in ("kong", "concealed_kong")}
    natural, substituted = hand.counts(), reading.counts()
    return sum(1 for tile in range(34) if natural[tile] == 4 and substituted[tile] == 4 and tile not in kong_tiles)

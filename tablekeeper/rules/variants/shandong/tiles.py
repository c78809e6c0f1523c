"""Shandong tile checks (RULES.md §4.5 and §0.3): which pattern sets the winning tiles allow.

A standard hand is four sets and a pair whose pair is a 2, 5 or 8 of a suit (258将), unless
the hand is one of the `exempt258` patterns. Seven pairs (with its luxury rungs) needs no
melds. Each legal reading gives the set of shape patterns it proves; the scorer keeps the
one that pays most.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import errors as E
from ...errors import Problem, Rejected, requirement, unmet
from ...hands import seven_pairs
from ...notation import WinningHand
from ...options import Options
from ...records import HandRecord, Win
from ...shapes import WholeHand, readings, whole_hand
from ...state import TableState
from ...tiles import ALL_TILES, is_258, is_honor, is_terminal, tile_face
from ...variant import TileFindings, winner_kongs
from ..common import win_tiles
from ..common.outcomes import derived_notes
from .catalogue import PATTERN_WORDS, PATTERNS, SEVEN_PAIRS_LADDER, SHAPE_PATTERNS
from .values import value_of_win

CATALOGUE_ORDER = tuple(spec.id for spec in PATTERNS)


@dataclass(frozen=True, slots=True)
class _ShapeReading:
    """One legal way to read the tiles: the shape patterns it proves and the pair it uses (None: no single pair)."""

    shapes: frozenset[str]
    pair: int | None
    meets_258: bool


def read_tiles(record: HandRecord, index: int, state: TableState, options: Options) -> TileFindings:
    """The pattern set of the legal reading that pays most, or `Rejected` when the tiles are no Shandong win."""
    win = record.wins[index]
    candidates = _pattern_readings(win, index, record, options)
    patterns = max(candidates, key=lambda found: value_of_win(record, win, found, state, options).amount())
    added = [p for p in dict.fromkeys(patterns) if p not in win.patterns]
    derived = tuple((p, patterns.count(p), PATTERN_WORDS[p]) for p in added)
    return TileFindings(
        patterns, winner_kongs(record, win.seat), derived_notes(win.seat, derived), readings=len(set(candidates))
    )


def _pattern_readings(win: Win, index: int, record: HandRecord, options: Options) -> list[tuple[str, ...]]:
    """Every pattern set the tiles allow the win to be scored with."""
    hand = win_tiles.parse_win_tiles(win, index, ALL_TILES, "Shandong")
    problems = win_tiles.special_set_problems(hand, index, "Shandong") + win_tiles.listed_kong_problems(
        record, win, hand, index
    )
    problems += win_tiles.opened_problems(record, win, hand, index)
    problems += win_tiles.robbed_kong_problems(win, index, hand)
    if problems:
        raise Rejected(problems)
    if options["flower_win"] and win.has("all_flowers"):
        # 花胡 wins whatever the other tiles (RULES §9.5.7): the notation has counted them (14, no face 5 times).
        return [win.patterns]
    found = _tile_readings(hand, options)
    if not found:
        raise Rejected(
            Problem(
                E.TILES_NOT_A_WIN,
                win_tiles.tiles_field(index),
                "These tiles are neither four sets and a pair nor seven pairs.",
            )
        )
    legal = [reading for reading in found if reading.meets_258]
    if not legal:
        pairs = sorted({tile_face(r.pair) for r in found if r.pair is not None})
        shown = f" (the pair here is {' or '.join(pairs)})" if pairs else ""
        words = (
            f"needs a pair (将) of 2s, 5s or 8s of a suit{shown}; only the exempt hands "
            "(house rule exempt258) may win without one."
        )
        raise Rejected(requirement(unmet("pair_258", words, pair=" ".join(pairs)), win_tiles.tiles_field(index)))
    problems = win_tiles.pattern_tile_problems(win, index, hand, [r.shapes for r in legal], SHAPE_PATTERNS)
    problems += _first_turn_problems(win, index, hand)
    honour_pungs = _honour_pungs(hand) if options["honour_set_points"] else 0
    problems += _honour_pung_problems(win, index, honour_pungs)
    if problems:
        raise Rejected(problems)
    kept = [p for p in win.patterns if p not in SHAPE_PATTERNS and p != "honour_pung"]
    return [
        (*(p for p in CATALOGUE_ORDER if p in reading.shapes or p in kept), *("honour_pung",) * honour_pungs)
        for reading in legal
    ]


def _honour_pungs(hand: WinningHand) -> int:
    """风刻 (RULES §9.5.1): claimed pungs of honours, and honours held three times before the winning tile."""
    claimed = sum(
        1 for meld in hand.melds if len(meld.tiles) == 3 and meld.tiles[0] == meld.tiles[1] and is_honor(meld.tiles[0])
    )
    before = [0] * len(hand.counts())
    for tile in hand.concealed:
        before[tile] += 1
    return claimed + sum(1 for tile, count in enumerate(before) if count == 3 and is_honor(tile))


def _honour_pung_problems(win: Win, index: int, counted: int) -> list[Problem]:
    ticked = win.patterns.count("honour_pung")
    if not ticked or ticked == counted:
        return []
    return [
        Problem(
            E.PATTERN_CONTRADICTS_TILES,
            f"wins.{index}.patterns.{win.patterns.index('honour_pung')}",
            f"Honour pung is ticked {ticked} time(s), but the tiles show {counted}.",
        )
    ]


def _tile_readings(hand: WinningHand, options: Options) -> list[_ShapeReading]:
    exempt = frozenset(options["exempt258"])
    counts = hand.counts()
    facts = whole_hand(hand)
    common = _whole_hand_shapes(facts)
    found: list[_ShapeReading] = []
    # 大吊车 (RULES §9.5.2): four sets set aside, and the win pairs the one tile left.
    lone = options["da_diao_che"] and len(hand.melds) == 4 and hand.concealed == (hand.winning_tile,)
    for reading in readings(hand):
        shapes = set(common)
        if lone:
            shapes.add("lone_tile_wait")
        if reading.all_pungs:
            shapes.add("all_triplets")
        if facts.every(is_258):
            shapes.add("all_generals")
        frozen = frozenset(shapes)
        found.append(_ShapeReading(frozen, reading.pair[0], reading.pair_is_258 or bool(frozen & exempt)))
    if not hand.melds:
        level = seven_pairs(hand.concealed_counts())
        if level is not None:
            shapes = set(common) | {SEVEN_PAIRS_LADDER[min(level, 3)]}
            if facts.every(is_258) and options["all_generals_free_form"]:
                shapes.add("all_generals")
            frozen = frozenset(shapes)
            # Seven pairs has no single pair: taken off the exempt list, it needs one pair of 2s, 5s or 8s.
            has_258_pair = any(count >= 2 and is_258(tile) for tile, count in enumerate(counts))
            # "seven_pairs" on the exempt list stands for every rung (RULES §4.5 "Seven Pairs and all its luxury
            # forms"), so a luxury hand is exempt whenever plain seven pairs is.
            ladder_exempt = "seven_pairs" in exempt
            exempted = bool(frozen & exempt) or ladder_exempt or has_258_pair
            found.append(_ShapeReading(frozen, None, exempted))
    if options["allow_thirteen_unrelated"] and not hand.melds and _thirteen_unrelated(counts):
        found.append(_ShapeReading(frozenset({"thirteen_unrelated"}), None, True))  # needs no 258 pair
    if options["all_generals_free_form"] and facts.every(is_258) and not any("all_generals" in r.shapes for r in found):
        found.append(_ShapeReading(frozenset(common | {"all_generals"}), None, True))
    return found


def _thirteen_unrelated(counts: list[int]) -> bool:
    """十三不靠 (RULES §9.5.6): 147, 258 and 369 in the three suits, one each, and five different honours."""
    if any(count > 1 for count in counts) or sum(counts[27:]) != 5:
        return False
    starts = []
    for suit in range(3):
        ranks = [rank for rank in range(9) if counts[suit * 9 + rank]]
        if len(ranks) != 3 or ranks[0] > 2 or ranks != [ranks[0], ranks[0] + 3, ranks[0] + 6]:
            return False
        starts.append(ranks[0])
    return sorted(starts) == [0, 1, 2]


def _whole_hand_shapes(facts: WholeHand) -> frozenset[str]:
    shapes: set[str] = set()
    if facts.pure_one_suit:
        shapes.add("pure_one_suit")
    if facts.mixed_one_suit:
        shapes.add("mixed_one_suit")
    if facts.every(is_terminal):
        shapes.add("pure_terminals")
    return frozenset(shapes)


def _first_turn_problems(win: Win, index: int, hand: WinningHand) -> list[Problem]:
    """A heavenly or earthly hand wins before any call, so it cannot show a claimed meld."""
    if not hand.is_opened:
        return []
    return [
        Problem(
            E.PATTERN_CONTRADICTS_TILES,
            f"wins.{index}.patterns.{i}",
            "A heavenly or earthly hand wins before any call, but the tiles show a claimed set.",
        )
        for i, pattern in enumerate(win.patterns)
        if pattern in ("heavenly_hand", "earthly_hand")
    ]

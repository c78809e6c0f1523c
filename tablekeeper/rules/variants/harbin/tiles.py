"""Harbin's checks on a win's tiles (RULES.md §3.4, §3.5, §3.6): the win requirements, the clamp,
and the treasure wins, choosing what pays most when the drawn tile is the treasure."""

from __future__ import annotations

from dataclasses import dataclass

from ... import errors as E
from ...errors import Problem, Rejected, Unmet, unmet
from ...notation import WinningHand
from ...options import Options
from ...records import HandRecord, Win
from ...shapes import Reading, drawn_wild_readings, readings
from ...state import TableState
from ...tiles import HARBIN_TILES, is_terminal_or_honor, tile_face, tile_index
from ...variant import DeclaredKong, TileFindings
from ..common.faces import missing_suits_words
from ..common.fact_words import win_words
from ..common.outcomes import derived_notes
from ..common.treasure import not_wild_words
from ..common.win_tiles import is_seven_pairs, legal_waits, read_squared, requirement_problems
from .catalogue import MAX_SET_ASIDE, TREASURE_PATTERNS

_TRIPLET_KINDS = frozenset({"pung", "kong", "concealed_kong"})
_TILE_PATTERNS = frozenset({"clamp", "gua_da_feng", *TREASURE_PATTERNS})  # the tiles decide these
_WORDS = {
    "clamp": "a clamp (卡当)",
    "finding_treasure": "finding the treasure (摸宝)",
    "treasure_in_treasure": "treasure within treasure (宝中宝)",
    "gua_da_feng": "a win on the fourth copy (刮大风)",
}


@dataclass(frozen=True, slots=True)
class WinType:
    """One way to score the tiles: which treasure pattern (if any), whether it is a clamp, and its worth."""

    treasure: str | None
    clamp: bool
    worth: int
    gua_da_feng: bool = False


def read_tiles(record: HandRecord, index: int, state: TableState, options: Options) -> TileFindings:
    """Check the tiles of `record.wins[index]` against §3.4 and settle clamp and treasure, or raise `Rejected`."""
    win = record.wins[index]
    hand, kongs, problems = read_squared(record, index, HARBIN_TILES, "Harbin")
    treasure_drawn = _treasure_drawn(record, win, index, options, hand)
    natural_best, natural_failures = _evaluate(readings(hand), hand)
    wild_best: list[Reading] = []
    wild_failures: list[Unmet] | None = None
    if treasure_drawn:
        wild_best, wild_failures = _evaluate(drawn_wild_readings(hand, HARBIN_TILES), hand)
    if not natural_best and not wild_best:
        refusals = requirement_problems(index, _fewest(natural_failures, wild_failures), _not_a_win_words(hand))
        problems += refusals + _not_wild(record, index, hand, treasure_drawn, refusals[0].code)
    if problems:
        raise Rejected(problems)
    waits = legal_waits(hand, lambda candidate: bool(_evaluate(readings(candidate), candidate)[0]))
    choices = _win_types(win, options, hand, waits, natural_best, wild_best if treasure_drawn else [])
    return _settle_patterns(win, index, choices, waits, kongs, hand)


def _treasure_drawn(record: HandRecord, win: Win, index: int, options: Options, hand: WinningHand) -> bool:
    """Whether the winning tile is the treasure acting as a wild (or, on a discard, may act as one)."""
    ticked = any(p in win.patterns for p in TREASURE_PATTERNS)
    if record.treasure is None:
        return ticked
    is_treasure = hand.winning_tile == tile_index(record.treasure)
    if ticked and not is_treasure:
        where = f"wins.{index}.patterns.{next(i for i, p in enumerate(win.patterns) if p in TREASURE_PATTERNS)}"
        raise Rejected(
            Problem(
                E.PATTERN_CONTRADICTS_TILES,
                where,
                f"The winning tile {tile_face(hand.winning_tile)} is not the treasure {record.treasure}.",
            )
        )
    return is_treasure and (win.method == "self_draw" or options["treasure_wild_on_discard"])


def _not_wild(record: HandRecord, index: int, hand: WinningHand, treasure_drawn: bool, code: str) -> list[Problem]:
    """Why the treasure did not save a refused hand, when it would have as a wild (§3.5: self-drawn only)."""
    win = record.wins[index]
    if record.treasure is None or treasure_drawn or hand.winning_tile != tile_index(record.treasure):
        return []
    if not _evaluate(drawn_wild_readings(hand, HARBIN_TILES), hand)[0]:
        return []
    # Every Harbin winner has declared ready, so only the way the tile came can keep it from being wild.
    words = not_wild_words(record.treasure, seat=win.seat, ready=True, how=win_words(win))
    return [Problem(code, f"wins.{index}.tiles", words)]


def _win_types(
    win: Win,
    options: Options,
    hand: WinningHand,
    waits: list[int],
    natural: list[Reading],
    wild: list[Reading],
) -> list[WinType]:
    single_wait = len(waits) == 1
    stacks = 2 if options["harbin_treasure_stacks_with_self_draw"] else 1
    clamp_places = {"chow_middle", "chow_edge"} if options["clamp_edge_37"] else {"chow_middle"}
    natural_clamp = single_wait and any(r.winning_in in clamp_places for r in natural)
    # 刮大风 (§9.4.1) is a fact of the tiles, not a way to read them; a drawn treasure is 摸宝/宝中宝 instead.
    gua = options["gua_da_feng"] and win.method != "rob_kong" and not (wild and win.method == "self_draw")
    gua = gua and is_fourth_copy(hand)
    plain_worth = _plain_worth(win, options, gua, stacks)  # only the ratio between choices matters here
    choices: list[WinType] = []
    if natural:
        choices.append(WinType(None, natural_clamp, plain_worth * (2 if natural_clamp else 1), gua))
    if wild and win.method == "self_draw":
        wild_clamp = single_wait and any(r.winning_in in clamp_places for r in wild)
        choices.append(WinType("finding_treasure", wild_clamp, 3 * stacks * (2 if wild_clamp else 1)))
        if natural and waits == [hand.winning_tile]:
            doubled = natural_clamp and options["clamp_on_bao_zhong_bao"]
            choices.append(WinType("treasure_in_treasure", natural_clamp, 12 * stacks * (2 if doubled else 1)))
        elif single_wait and options["bao_zhong_bao_any_face"]:
            # §9.4.3: on a single wait the drawn treasure standing for any face is 宝中宝.
            doubled = wild_clamp and options["clamp_on_bao_zhong_bao"]
            choices.append(WinType("treasure_in_treasure", wild_clamp, 12 * stacks * (2 if doubled else 1)))
    elif wild:
        # A discarded treasure acting as a wild (house rule) changes nothing but which hands win.
        wild_clamp = single_wait and any(r.winning_in in clamp_places for r in wild)
        choices.append(WinType(None, wild_clamp, plain_worth * (2 if wild_clamp else 1), gua))
    return choices


def _plain_worth(win: Win, options: Options, gua: bool, stacks: int) -> int:
    """The win value of a reading with no treasure pattern, as far as the tiles decide it."""
    if gua:
        return 6 * (stacks if win.method == "self_draw" else 1)
    return options["self_draw_value"] if win.method == "self_draw" else 1


def is_fourth_copy(hand: WinningHand) -> bool:
    """刮大风's shape: the winner already held three of the winning tile's face, as an exposed pung or as three
    of the concealed tiles (a kong holds all four, so it is neither)."""
    tile = hand.winning_tile
    pung = any(meld.kind == "pung" and all(t == tile for t in meld.tiles) for meld in hand.melds)
    return pung or hand.concealed.count(tile) == 3


def _settle_patterns(
    win: Win,
    index: int,
    choices: list[WinType],
    waits: list[int],
    kongs: tuple[DeclaredKong, ...],
    hand: WinningHand,
) -> TileFindings:
    ticked_treasure = next((p for p in win.patterns if p in TREASURE_PATTERNS), None)
    if ticked_treasure == "treasure_in_treasure" and not any(c.treasure == ticked_treasure for c in choices):
        listed = ", ".join(tile_face(t) for t in waits)
        raise Rejected(
            Problem(
                E.PATTERN_CONTRADICTS_TILES,
                f"wins.{index}.patterns.{win.patterns.index(ticked_treasure)}",
                f"Not treasure within treasure: the hand waited on {listed}, not on the drawn tile alone.",
            )
        )
    if ticked_treasure:
        # A wild may stand for its own face, so a ticked treasure always has a treasure reading here.
        choices = [c for c in choices if c.treasure is not None]
    best = max(choices, key=lambda c: (c.worth, c.clamp))
    if "clamp" in win.patterns and not best.clamp:
        listed = ", ".join(tile_face(t) for t in waits)
        raise Rejected(
            Problem(
                E.PATTERN_CONTRADICTS_TILES,
                f"wins.{index}.patterns.{win.patterns.index('clamp')}",
                f"Not a clamp: the hand waited on {listed}"
                + (
                    ", not on the middle tile of a chow (or 12→3, 89→7 with clamp_edge_37)." if len(waits) == 1 else "."
                ),
            )
        )
    if "gua_da_feng" in win.patterns and not best.gua_da_feng:
        face = tile_face(hand.winning_tile)
        raise Rejected(
            Problem(
                E.PATTERN_CONTRADICTS_TILES,
                f"wins.{index}.patterns.{win.patterns.index('gua_da_feng')}",
                f"Not a win on the fourth copy (刮大风): P{win.seat} did not hold three {face} (an exposed pung or "
                "three concealed), or the drawn treasure scores as a treasure win.",
            )
        )
    proven = (
        (["clamp"] if best.clamp else [])
        + ([best.treasure] if best.treasure else [])
        + (["gua_da_feng"] if best.gua_da_feng else [])
    )
    derived = tuple((p, 1, _WORDS[p]) for p in proven if p not in win.patterns)
    others = tuple(p for p in win.patterns if p not in _TILE_PATTERNS)
    return TileFindings((*others, *proven), kongs, derived_notes(win.seat, derived))


# -- requirements ----------------------------------------------------------------------------


def _evaluate(every: list[Reading], hand: WinningHand) -> tuple[list[Reading], list[Unmet] | None]:
    """The readings that meet §3.4, or none and the fewest failures (None when no shape fits at all)."""
    if not every:
        return [], None
    legal: list[Reading] = []
    fewest: list[Unmet] | None = None
    hand_failures = _hand_failures(hand)
    for reading in every:
        failures = hand_failures + _reading_failures(reading)
        if not failures:
            legal.append(reading)
        elif fewest is None or len(failures) < len(fewest):
            fewest = failures
    return legal, (None if legal else fewest)


def _hand_failures(hand: WinningHand) -> list[Unmet]:
    failures: list[Unmet] = []
    if not any(meld.claimed for meld in hand.melds):
        failures.append(unmet("opened", "needs an open hand: a chow, pung or kong claimed from a discard"))
    if len(hand.melds) > MAX_SET_ASIDE:
        words = "may set aside at most three sets: four tiles must stay in hand (no 手把一)"
        failures.append(unmet("set_aside_limit", words, limit=str(MAX_SET_ASIDE)))
    return failures


def _reading_failures(reading: Reading) -> list[Unmet]:
    failures: list[Unmet] = []
    if not any(s.kind == "chow" for s in reading.sets):
        failures.append(unmet("chow", "needs at least one chow"))
    if not any(s.kind in _TRIPLET_KINDS for s in reading.sets):
        failures.append(unmet("triplet", "needs at least one pung or kong"))
    suits = missing_suits_words(reading.suits, needed=2)
    if suits:
        failures.append(suits)
    tiles = [t for s in reading.sets for t in s.tiles] + list(reading.pair)
    if not any(is_terminal_or_honor(t) for t in tiles):
        failures.append(unmet("terminal_or_red_dragon", "needs a terminal (1 or 9) or a Red Dragon"))
    return failures


def _fewest(first: list[Unmet] | None, second: list[Unmet] | None) -> list[Unmet] | None:
    if first is None:
        return second
    if second is None:
        return first
    return first if len(first) <= len(second) else second


def _not_a_win_words(hand: WinningHand) -> str:
    if is_seven_pairs(hand):
        return "Seven pairs is not a win in Harbin."
    return "These tiles are not four sets and a pair."

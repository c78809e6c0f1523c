"""Shenyang's checks on a win's tiles (RULES.md §2.2, §2.3): the win requirements, and the shape
patterns the tiles prove or disprove."""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, Rejected, Unmet, unmet
from ...notation import WinningHand
from ...options import Options
from ...records import HandRecord
from ...shapes import Reading, readings
from ...state import TableState
from ...tiles import ALL_TILES, is_dragon, is_honor, is_terminal_or_honor, tile_face
from ...variant import TileFindings
from ..common.faces import missing_suits_words, suits_in
from ..common.outcomes import derived_notes
from ..common.win_tiles import is_seven_pairs, legal_waits, read_squared, requirement_problems
from .catalogue import SHAPE_PATTERNS

_TRIPLET_KINDS = frozenset({"pung", "kong", "concealed_kong", "dragon_set", "wind_set"})


def read_tiles(record: HandRecord, index: int, state: TableState, options: Options) -> TileFindings:
    """Check the tiles of `record.wins[index]` against §2.3 and settle its shape patterns, or raise `Rejected`."""
    win = record.wins[index]
    hand, kongs, problems = read_squared(record, index, ALL_TILES, "Shenyang")
    best, failures = _best_reading(hand, options)
    problems += requirement_problems(index, failures, _not_a_win_words(hand, options))
    if problems:
        raise Rejected(problems)
    waits = legal_waits(hand, lambda candidate: _is_legal(candidate, options))
    # A legal hand with no four-sets reading is a legal seven pairs (_best_reading).
    pure = best is not None and _pure_one_suit(hand, options)
    proven = {
        "all_pungs": int(best is not None and not pure and _all_pungs(best)),
        "dragon_pung": _dragon_pungs(best) if best is not None else 0,
        "single_wait": int(len(waits) == 1),
        "pure_one_suit": int(pure),
        "four_in_hand": _four_in_hand(hand) if options["four_in_hand"] else 0,
        "seven_pairs": int(best is None),
    }
    # The tiles never add an item the table does not score (unscored_items, RULES §9.3.10).
    proven = {pattern_id: 0 if pattern_id in options["unscored_items"] else n for pattern_id, n in proven.items()}
    patterns, derived = _settle_shape_patterns(win.patterns, proven, index, waits)
    return TileFindings(patterns, kongs, derived_notes(win.seat, derived))


def _settle_shape_patterns(
    ticked: tuple[str, ...], proven: dict[str, int], index: int, waits: list[int]
) -> tuple[tuple[str, ...], tuple[tuple[str, int, str], ...]]:
    problems: list[Problem] = []
    patterns = [p for p in ticked if p not in SHAPE_PATTERNS]
    derived: list[tuple[str, int, str]] = []
    for pattern_id in SHAPE_PATTERNS:
        claimed = ticked.count(pattern_id)
        if claimed > proven[pattern_id]:
            where = f"wins.{index}.patterns.{ticked.index(pattern_id)}"
            problems.append(Problem(E.PATTERN_CONTRADICTS_TILES, where, _contradiction_words(pattern_id, waits)))
        elif proven[pattern_id] > claimed:
            derived.append((pattern_id, proven[pattern_id] - claimed, pattern_id.replace("_", " ")))
        patterns.extend([pattern_id] * proven[pattern_id])
    if problems:
        raise Rejected(problems)
    return tuple(patterns), tuple(derived)


def _contradiction_words(pattern_id: str, waits: list[int]) -> str:
    if pattern_id == "all_pungs":
        return "The tiles cannot be read as all pungs: there is a chow."
    if pattern_id == "dragon_pung":
        return "The tiles hold fewer dragon pungs than ticked (dragon kongs are counted from the kongs)."
    if pattern_id == "pure_one_suit":
        return "The tiles are not pure one suit: they hold more than one suit or an honour."
    if pattern_id == "four_in_hand":
        return "The tiles hold fewer tiles four times (outside a declared kong) than four in hand is ticked."
    if pattern_id == "seven_pairs":
        return "The tiles are not read as seven pairs."
    listed = ", ".join(tile_face(tile) for tile in waits)
    return f"Not a single wait: the hand waited on {listed}."


# -- requirements ----------------------------------------------------------------------------


def _is_legal(hand: WinningHand, options: Options) -> bool:
    best, failures = _best_reading(hand, options)
    return best is not None or failures == []


def _best_reading(hand: WinningHand, options: Options) -> tuple[Reading | None, list[Unmet] | None]:
    """The legal reading that pays most, or (None, []) for a legal seven pairs, or (None, the fewest
    failures), or (None, None) when no shape fits at all."""
    every = readings(hand)
    pure = _pure_one_suit(hand, options)
    # §9.3.3: pure one suit wins without the three-suit, terminal, opened and pung requirements.
    hand_failures = _fourth_call_failures(hand) if pure else _hand_failures(hand, options)
    best: Reading | None = None
    fewest: list[Unmet] | None = None
    for reading in every:
        failures = hand_failures + ([] if pure else _reading_failures(reading))
        if not failures:
            if best is None or _hand_value(reading, options) > _hand_value(best, options):
                best = reading
        elif fewest is None or len(failures) < len(fewest):
            fewest = failures
    # A hand that is both (112233m 445566p 99s) may fail as four sets and still win as seven pairs, which
    # is read first unless the four sets pay more (pure one suit against seven pairs worth ×1).
    seven = _seven_pairs_ok(hand, options)
    if best is not None and (seven != [] or _hand_value(best, options, pure) > options["seven_pairs_value"]):
        return best, []
    if seven == [] or not every:
        return None, seven
    return None, fewest


def _pure_one_suit(hand: WinningHand, options: Options) -> bool:
    return bool(options["allow_pure_one_suit"]) and len(suits_in(hand.counts())) == 1 and not _has_honour(hand)


def _has_honour(hand: WinningHand) -> bool:
    return any(count and is_honor(tile) for tile, count in enumerate(hand.counts()))


def _four_in_hand(hand: WinningHand) -> int:
    """Tiles held four times (in hand, chows, pungs or a first-turn set), not as a declared kong (§9.3.4)."""
    kong_tiles = {meld.tiles[0] for meld in hand.melds if meld.kind in ("kong", "concealed_kong")}
    return sum(1 for tile, count in enumerate(hand.counts()) if count == 4 and tile not in kong_tiles)


def _seven_pairs_ok(hand: WinningHand, options: Options) -> list[Unmet] | None:
    """Failures of a seven-pairs hand under the house rule, or None when it is no seven pairs (or not allowed)."""
    if not options["allow_seven_pairs"] or not is_seven_pairs(hand):
        return None
    if options["seven_pairs_value"] == 8:
        return []  # §9.3.8: seven pairs worth ×8 needs neither three suits nor a terminal
    counts = hand.counts()
    failures = [words for words in (missing_suits_words(suits_in(counts)),) if words]
    if not any(count and is_terminal_or_honor(tile) for tile, count in enumerate(counts)):
        failures.append(unmet("terminal_or_honour", "needs at least one terminal (1 or 9) or honour"))
    return failures


def _hand_failures(hand: WinningHand, options: Options) -> list[Unmet]:
    failures: list[Unmet] = []
    counts = hand.counts()
    suits = missing_suits_words(suits_in(counts))
    if suits:
        failures.append(suits)
    if not _opened(hand, options):
        failures.append(unmet("opened", "needs an open hand: a chow, pung or kong claimed from a discard"))
    if not any(count and is_terminal_or_honor(tile) for tile, count in enumerate(counts)):
        failures.append(unmet("terminal_or_honour", "needs at least one terminal (1 or 9) or honour"))
    return failures + _fourth_call_failures(hand)


def _fourth_call_failures(hand: WinningHand) -> list[Unmet]:
    claimed = [meld for meld in hand.melds if meld.claimed]
    if len(claimed) == 4 and any(meld.kind == "chow" for meld in claimed):
        return [unmet("fourth_claim_all_pungs", "may claim a fourth set only when the hand is all pungs")]
    return []


def _reading_failures(reading: Reading) -> list[Unmet]:
    if any(s.kind in _TRIPLET_KINDS for s in reading.sets) or is_dragon(reading.pair[0]):
        return []
    return [unmet("triplet_or_dragon_pair", "needs a pung or kong, or a pair of dragons")]


def _opened(hand: WinningHand, options: Options) -> bool:
    kinds = {meld.kind for meld in hand.melds if not meld.claimed}
    return (
        any(meld.claimed for meld in hand.melds)
        or (options["angang_opens"] and "concealed_kong" in kinds)
        or bool(options["special_sets_open"] and kinds & {"dragon_set", "wind_set"})
    )


# -- what a reading is worth -----------------------------------------------------------------


def _all_pungs(reading: Reading) -> bool:
    return all(s.kind in _TRIPLET_KINDS for s in reading.sets)


def _dragon_pungs(reading: Reading) -> int:
    # Dragon kongs score from the kongs list, so only three-tile dragon pungs count here.
    return sum(1 for s in reading.sets if s.kind == "pung" and is_dragon(s.tiles[0]))


def _hand_value(reading: Reading, options: Options, pure: bool = False) -> int:
    if pure:
        return 8  # pure one suit, in place of all pungs; it holds no dragon
    doublings: int = _dragon_pungs(reading)
    return (options["all_pungs_value"] if _all_pungs(reading) else 1) << doublings


def _not_a_win_words(hand: WinningHand, options: Options) -> str:
    if is_seven_pairs(hand):
        return "Seven pairs is not a win in Shenyang (house rule allow_seven_pairs)."
    return "These tiles are not four sets and a pair."

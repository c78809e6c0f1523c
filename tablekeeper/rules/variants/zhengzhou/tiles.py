"""Zhengzhou tile checks (RULES.md §5.3-5.5): the wild tile (混) and which ×2 items the tiles prove.

A win is four sets and a pair (wilds may fill any set but a pung or kong, and the pair),
seven different pairs, or four wilds whatever the rest is. The record's `treasure` field
carries the wild face itself; `wild_from_indicator` turns a turned-up indicator into it.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, Rejected, contradiction, requirement, unmet
from ...hands import seven_pairs
from ...notation import WinningHand
from ...options import Options
from ...records import HandRecord, Win
from ...shapes import PUNG_KINDS, readings
from ...state import TableState
from ...tiles import ALL_TILES, HonorCycle, faces, successor, tile_face, tile_index
from ...variant import TileFindings, winner_kongs
from ..common import win_tiles
from ..common.outcomes import derived_notes
from .catalogue import SHAPE_ITEMS, SPECIAL_ORDER


def wild_from_indicator(indicator: str, honor_cycle: str = "single7") -> str:
    """The wild tile (混) for a turned-up indicator: the next tile, honours by the `honor_cycle` option.

    >>> wild_from_indicator("9p"), wild_from_indicator("4z"), wild_from_indicator("4z", "winds4_dragons3")
    ('1p', '7z', '1z')
    """
    cycle: HonorCycle = "single7" if honor_cycle == "single7" else "separate"
    return tile_face(successor(tile_index(indicator), cycle))


def read_tiles(record: HandRecord, index: int, state: TableState, options: Options) -> TileFindings:
    """The ×2 items the tiles prove, in catalogue order, each once, with a ticked win after kong.

    Four wilds and seven pairs come from the tiles: each one that holds pays more, so every one
    that holds is counted.
    """
    win = record.wins[index]
    hand = win_tiles.parse_win_tiles(win, index, ALL_TILES, "Zhengzhou")
    wild = tile_index(record.treasure) if record.treasure is not None else None
    problems = win_tiles.special_set_problems(hand, index, "Zhengzhou")
    problems += _meld_problems(hand, index, wild, options)
    problems += _claimed_wild_problems(win, index, hand, wild)
    problems += _robbed_tile_problems(win, index, hand, wild)
    problems += win_tiles.listed_kong_problems(record, win, hand, index) + win_tiles.opened_problems(
        record, win, hand, index
    )
    if problems:
        raise Rejected(problems)
    proven = _proven_items(hand, wild, options)
    if proven is None:
        raise Rejected(Problem(E.TILES_NOT_A_WIN, win_tiles.tiles_field(index), _not_a_win_words(hand, wild, options)))
    problems = win_tiles.pattern_tile_problems(win, index, hand, [proven], SHAPE_ITEMS)
    if problems:
        raise Rejected(problems)
    items = tuple(item for item in SPECIAL_ORDER if item in proven or (item == "kong_bloom" and win.has(item)))
    derived = tuple((item, 1, item.replace("_", " ")) for item in items if not win.has(item))
    return TileFindings(items, winner_kongs(record, win.seat), derived_notes(win.seat, derived))


def _meld_problems(hand: WinningHand, index: int, wild: int | None, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    if not options["allow_chow"] and any(meld.kind == "chow" for meld in hand.melds):
        words = "cannot claim a chow: Zhengzhou allows only pung and kong calls (house rule allow_chow is off)."
        problems.append(requirement(unmet("no_chow_claim", words), win_tiles.tiles_field(index)))
    for meld in hand.melds:
        if wild is None or wild not in meld.tiles:
            continue
        shown = f"({faces(meld.tiles)})" if meld.kind == "concealed_kong" else f"[{faces(meld.tiles)}]"
        if meld.kind in PUNG_KINDS:
            why = "a wild (混) never sits in a pung or kong"
        else:
            why = "a set claimed from a discard holds no wild (混): a discarded wild cannot be claimed"
        words = f"cannot hold the wild {tile_face(wild)} in the set aside {shown}: {why}."
        failed = unmet("wild_not_in_set", words, tile=tile_face(wild))
        problems.append(requirement(failed, win_tiles.tiles_field(index)))
    return problems


def _claimed_wild_problems(win: Win, index: int, hand: WinningHand, wild: int | None) -> list[Problem]:
    """A discarded wild cannot be claimed, so a discard win (house rule) never wins on the wild face; nor does
    a robbed kong hold it, since a wild never sits in a pung or kong."""
    if win.method == "self_draw" or wild is None or hand.winning_tile != wild:
        return []
    if win.method == "rob_kong":
        why = f"cannot rob a kong of {tile_face(wild)}: a wild (混) never sits in a pung or kong."
    else:
        why = f"cannot win on a discarded {tile_face(wild)}: a discarded wild (混) cannot be claimed."
    return [requirement(unmet("wild_not_claimed", why, tile=tile_face(wild)), win_tiles.tiles_field(index))]


def _robbed_tile_problems(win: Win, index: int, hand: WinningHand, wild: int | None) -> list[Problem]:
    """A robbed kong's tile is the fourth copy of its face (§9.6.6): the robber holds no other natural copy,
    so only a wild may pair it, and seven pairs on a robbed kong needs wilds_complete_pairs."""
    if win.method != "rob_kong":
        return []
    problems: list[Problem] = []
    face = tile_face(hand.winning_tile)
    if hand.winning_tile != wild and hand.concealed_counts()[hand.winning_tile] > 1:
        problems.append(
            contradiction(
                "more_copies_than_exist",
                win_tiles.tiles_field(index),
                f"P{win.seat} robbed the fourth {face} from P{win.from_seat}'s pung, so they hold no other {face}, "
                "but their tiles show more.",
                win_tiles.tiles_field(index),
                f"wins.{index}.method",
            )
        )
    return problems


def _proven_items(hand: WinningHand, wild: int | None, options: Options) -> frozenset[str] | None:
    """The ×2 shape items this hand makes, or None when it is no winning hand at all."""
    concealed = hand.concealed_counts()
    wild_count = concealed[wild] if wild is not None else 0
    items: set[str] = set()
    if wild_count == 4:
        items.add("four_wilds")
    if not hand.melds:
        if options["luxury_seven_pairs"] != "off" and _is_luxury_seven_pairs(concealed, wild, wild_count, options):
            items.add("luxury_seven_pairs")
        elif _is_seven_pairs(concealed, wild, wild_count, options):
            items.add("seven_pairs")
    if items:
        return frozenset(items)
    wild_faces = () if wild is None else (wild,)
    wild_pungs = bool(options["wild_in_concealed_pung"])  # 混当刻 (§9.6.2): a wild may complete a concealed pung
    for reading in readings(hand, wild_faces):
        if wild_pungs or not any(info.kind in PUNG_KINDS and info.wilds for info in reading.sets):
            return frozenset()
    return None


def _is_luxury_seven_pairs(concealed: list[int], wild: int | None, wild_count: int, options: Options) -> bool:
    """Seven pairs counting a concealed four of a kind as two pairs (§9.6.1): four natural copies of a face,
    or the four wilds at their own face; the other pairs follow seven_pairs_wild_mode."""
    if 4 not in concealed:
        return False
    if seven_pairs(concealed, four_as_two_pairs=True) is not None:
        return True
    if wild is None or options["seven_pairs_wild_mode"] == "face_value_only":
        return False
    naturals = list(concealed)
    naturals[wild] = 0
    return 4 in naturals and seven_pairs(naturals, wild_count, four_as_two_pairs=True) is not None


def _not_a_win_words(hand: WinningHand, wild: int | None, options: Options) -> str:
    """Why the tiles win in no Zhengzhou way: each rule that stopped a shape that nearly fits."""
    reasons: list[str] = []
    face = tile_face(wild) if wild is not None else ""
    if wild is not None and readings(hand, (wild,)):
        reasons.append(
            f"they make four sets and a pair only with the wild {face} standing in a pung, and a wild (混) never "
            "sits in a pung or kong (house rule wild_in_concealed_pung)"
        )
    concealed = hand.concealed_counts()
    if (
        not hand.melds
        and seven_pairs(concealed) is not None
        and seven_pairs(concealed, four_as_two_pairs=False) is None
    ):
        fours = " and ".join(f"four {tile_face(tile)}" for tile, count in enumerate(concealed) if count == 4)
        reasons.append(
            f"seven pairs must be seven different pairs, and {fours} are not two pairs (house rule luxury_seven_pairs)"
        )
    elif not hand.melds and wild is not None and options["seven_pairs_wild_mode"] == "face_value_only":
        naturals = list(concealed)
        naturals[wild] = 0
        if seven_pairs(naturals, concealed[wild], four_as_two_pairs=False) is not None:
            reasons.append(
                f"they are seven pairs only with the wild {face} completing a pair, and in seven pairs a wild counts "
                "only at its own face (house rule seven_pairs_wild_mode)"
            )
    if not reasons:
        return "These tiles are not four sets and a pair, not seven different pairs, and not four wilds."
    return "These tiles are no Zhengzhou win: " + "; ".join(reasons) + "."


def _is_seven_pairs(concealed: list[int], wild: int | None, wild_count: int, options: Options) -> bool:
    if wild is None or options["seven_pairs_wild_mode"] == "face_value_only":
        return seven_pairs(concealed, four_as_two_pairs=False) is not None
    naturals = list(concealed)
    naturals[wild] = 0
    # A wild may also stay its own face: try the reading with every wild at face value as well.
    return (
        seven_pairs(naturals, wild_count, four_as_two_pairs=False) is not None
        or seven_pairs(concealed, four_as_two_pairs=False) is not None
    )

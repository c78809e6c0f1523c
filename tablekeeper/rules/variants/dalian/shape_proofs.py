"""The shape patterns a legal reading of Dalian's winning tiles proves (RULES.md §1.6, §9.2.1): edge and terminal
waits, the floats, the terminal family and four in hand."""

from __future__ import annotations

from collections import Counter

from ...notation import WinningHand
from ...options import Options
from ...shapes import Reading, readings
from ...tiles import is_terminal, is_terminal_or_honor
from ..common.win_tiles import legal_waits
from .win_requirements import failed_requirements


class WaitCount:
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
                return any(not failed_requirements(candidate, r, options) for r in readings(candidate))

            self._count = len(legal_waits(self._hand, is_legal))
        return self._count == 1


def _edge_wait(hand: WinningHand, reading: Reading, options: Options, waits: WaitCount, ready: bool) -> bool:
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


def proved(hand: WinningHand, reading: Reading, options: Options, waits: WaitCount, ready: bool) -> Counter[str]:
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

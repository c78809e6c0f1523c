"""Dalian Qionghu's declaration: its house-rule options, its pattern catalogue and its notes.

Kept apart from the scoring code so that the rules a player reads in the app (the `meaning` of each
option and pattern, the `notes`) sit together: the notes here, the options in `option_specs.py`, the
patterns in `pattern_specs.py`. The folder's other modules read all of them from here.
"""

from __future__ import annotations

from ...variant import ITSELF, SUIT_CYCLES, Succession, Wilds
from ..common.items import load_fact_items
from .option_specs import OPTIONS, UNSCORABLE_ITEMS
from .pattern_specs import (
    CHOWLESS_SHAPES,
    EDGE_WAIT_NEEDS_A_CHOW,
    FLOAT_PATTERNS,
    PATTERNS,
    SHAPE_PATTERNS,
    TERMINAL_FAMILY,
    TREASURE_PATTERNS,
)

__all__ = [
    "CHOWLESS_SHAPES",
    "EDGE_WAIT_NEEDS_A_CHOW",
    "FACT_ITEMS",
    "FLOAT_PATTERNS",
    "NOTES",
    "OPTIONS",
    "PATTERNS",
    "SHAPE_PATTERNS",
    "TERMINAL_FAMILY",
    "TREASURE_PATTERNS",
    "UNSCORABLE_ITEMS",
    "WILDS",
]

NOTES: tuple[str, ...] = (
    "A payer who never opened pays ×2, and if all three non-winners stayed closed each pays ×2 more (D-6).",
    "The discarder alone pays a discard win, at ×4 (discard_win_multiplier).",
    "Robbing a kong: the robbed player pays as a discarder, discard ×4 and robbing ×2 (rob_kong_payer); with "
    "'all', each of the three others pays that same amount, with their own payer factors.",
    "A total cap (cap_scope=total) is shared in proportion to what each payer would have paid; leftover points go "
    "to the largest fractions, ties to the payer first in turn after the winner.",
    "Dealer continuation 长毛 is 2^k with k the hands the dealer already kept the seat; a kept draw counts "
    "(streak_counts_draws), and it applies only when the dealer wins.",
    "A draw keeps the dealer and adds one to the streak (draw_dealer); nothing is paid and nothing carries.",
    "A winner must be opened (R4): a winner marked unopened is rejected.",
    "Treasure patterns need a ready winner; treasure rush and finding treasure are self-draws (D-12).",
    "All terminals and pure terminals force all pungs, so double float is added for them automatically.",
    "With terminal_family_stacks the lower members of the terminal family are added to the one ticked.",
    "手把一 (allow_shou_ba_yi) counts only for an all-pung hand won on the pair, so single float is added with it.",
    "Joyous kong 喜杠, cyclone kong 旋风杠 and big concealed kong 大杠 score per set, from the winner's kongs.",
    "Big concealed kong 大杠 needs the concealed kong's tile, and it must be a wind or a dragon.",
    "The dragon tile bonus needs a joyous kong declared by the winner.",
    "A discarded treasure used as wild (treasure_wild_on_discard) earns no 摸宝 bonus: 摸 means drawn.",
    "With tiles: a drawn treasure that is also a natural winning tile is treasure rush (at face value), "
    "otherwise a drawn treasure used as wild is finding treasure; both are added from the tiles.",
    "With tiles, the record's treasure face is the wild tile; in 'both' mode its indicator is wild too.",
    "With tiles, the melds decide the winner's kongs; kongs listed in the record must agree with them.",
    "Single float means the winning tile completed the pair (a 单钓 wait) in an all-pung hand.",
    "Four in hand counts a tile whose four copies are in the hand without a wild standing in.",
    "A claimed pung of dragons in the tiles is rejected: a discarded dragon can never be punged.",
    "In dragon_kong mode an exposed dragon kong is the 喜杠 and, as the seed says, does not open the hand.",
    "No player may list more than three kongs (four with allow_shou_ba_yi): R5 counts them as set-aside sets.",
    "require_sequence never rejects a four-sets-and-a-pair hand: one without a chow is all pungs, the float it "
    "exempts.",
    "An honour can never be the winning tile of a terminal wait (it would need mates among the 13 tiles), so "
    "D-18 changes nothing in practice.",
    "The treasure patterns, last tile, kong bloom, flowing tears and the dragon bonus are not shapes: the "
    "scorekeeper ticks them; the tiles can only contradict some of them.",
    "When robbing a kong, the winner's tiles may hold only the robbed copy: the other three are in the kong.",
    "A drawn hand adds one to draw_streak for the board; Dalian carries no multiplier from it.",
    "Pairs that cannot happen are refused: terminal wait with edge wait or a float, edge wait with a float or all "
    "terminals (except under edge_wait_mode=single_wait_ready), four in hand with a float or all terminals unless "
    "the winner's 喜杠 or 旋风杠 holds the fourth honour, kong bloom with last tile (no kong is declared among the "
    "last four live tiles).",
    "Edge win (夹胡) needs a hand that waited on a single legal winning tile (D-21, edge_wait_mode); the tiles "
    "decide it, a tick without tiles is the scorekeeper's word.",
    "A treasure rush won at the reveal counts no physical copy of the treasure face.",
    "An outside hand ticked with a float is all terminals and honours (a pung holding a 1 or 9 is three of them), "
    "and scores as that.",
    "A robbed kong was added onto a claimed pung, so the robbed player is opened.",
    "Kongs that do not open the hand (concealed kongs, 喜杠, 旋风杠) must leave room for the claimed set a win "
    "needs: at most two of them (three with allow_shou_ba_yi) when none of the winner's kongs is exposed (R4, R5).",
    "With discard_all_pay the two players who did not discard pay the hand without the discard factor; each "
    "payment is capped on its own.",
    "With allow_float_hand off a hand must be read with a chow (R7), and the floats cannot be ticked.",
    "chicken_treasure makes a self-drawn 1 Bamboo a treasure for a ready winner, with or without a revealed "
    "treasure, but never for hidden treasure.",
    "rob_kong_value=1 adds no robbing factor; float_value=flat4 prices every float at ×4, forced ones included.",
    "kong_payments=club pays each listed kong of a won hand outside the win's factors and the cap; a listed "
    "robbed kong is refused there (robbed_kong_listed).",
    "An item in unscored_items cannot be ticked, the tiles never add it and a fact item counts ×1; a single float "
    "not scored still scores as a double float.",
)

# What scores from the record's facts and the table rather than a ticked pattern (§1.6).
FACT_ITEMS = load_fact_items(__package__)  # fact_items.json, beside this file

# The treasure follows the tile turned up (RULES §1.5): suits n → n+1 and 9 → 1, winds E S W N, dragons 发 中 白;
# the turned-up tile itself with treasure_mode=indicator. In 'both' mode the record's treasure is the one after.
WILDS = Wilds(
    "treasure",
    "Treasure",
    "宝牌",
    "ready_player",
    drawn_only=True,
    widened_by="treasure_wild_on_discard",
    succession=Succession((*SUIT_CYCLES, "1234z", "675z"), option="treasure_mode", otherwise=(("indicator", ITSELF),)),
)

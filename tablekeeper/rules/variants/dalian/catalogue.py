"""Dalian Qionghu's declaration: its house-rule options, its pattern catalogue and its notes.

Kept apart from the scoring code so that the rules a player reads in the app (the
`meaning` of each option and pattern, the `notes`) sit together in one place.
"""

from __future__ import annotations

from dataclasses import replace

from ...options import OptionSpec, base_option
from ...variant import DISCARD, ITSELF, SELF_DRAW, SUIT_CYCLES, PatternSpec, PlayedWhen, Succession, Wilds
from ..common.items import load_fact_items
from ..common.patterns import kong_bloom, last_tile, pure_terminals

TERMINAL_FAMILY = ("pure_terminals", "mixed_terminals", "outside_hand")  # highest first
TREASURE_PATTERNS = ("treasure_rush", "finding_treasure", "hidden_treasure")
FLOAT_PATTERNS = ("double_float", "single_float", "single_remaining", "mixed_terminals", "pure_terminals")
# What unscored_items may list (RULES §9.2.10): every pattern, and the fact items that are no method factor,
# dealer win or unopened-payer factor.
UNSCORABLE_ITEMS: tuple[str, ...] = (
    "edge_wait",
    "terminal_wait",
    "double_float",
    "single_float",
    "single_remaining",
    "kong_bloom",
    "last_tile",
    "four_in_hand",
    "flowing_tears",
    "treasure_rush",
    "finding_treasure",
    "hidden_treasure",
    "outside_hand",
    "mixed_terminals",
    "pure_terminals",
    "dragon_bonus",
    "ready",
    "dealer_continuation",
    "three_unopened",
    "joyous_kong",
    "cyclone_kong",
    "big_concealed_kong",
)

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


OPTIONS: tuple[OptionSpec, ...] = (
    base_option(1, "The base score every payment starts from (the seed's base is 1)."),
    OptionSpec(
        "cap",
        100,
        "optional_int",
        "The most a hand can pay (see cap_scope); empty for no cap.",
        minimum=1,
    ),
    OptionSpec(
        "cap_scope",
        "per_payer",
        "choice",
        "per_payer: each payer pays at most the cap. total: the winner receives at most the cap in all, "
        "shared between the payers in proportion to what each would have paid.",
        choices=("per_payer", "total"),
    ),
    OptionSpec(
        "discard_win_multiplier",
        4,
        "choice",
        "What a discard win (点炮) multiplies by: 4 as the seed says, or 2 as most game servers play.",
        choices=(4, 2),
    ),
    OptionSpec(
        "rob_kong_payer",
        "kong_declarer",
        "choice",
        "Who pays for robbing a kong: kong_declarer (the robbed player pays alone, like a discarder) or all "
        "(each of the three others pays the same robbed-kong amount: discard ×4 and robbing ×2).",
        choices=("kong_declarer", "all"),
    ),
    OptionSpec(
        "dealer_pays_double",
        False,
        "bool",
        "The dealer pays double whenever someone else wins (a common north-eastern table habit).",
    ),
    OptionSpec(
        "closed_payer_factor",
        2,
        "choice",
        "What an unopened payer's payment is multiplied by (the seed's 门清 ×2): 2, or 1 to switch it off. "
        "Three unopened opponents (三清) still doubles everyone.",
        choices=(2, 1),
    ),
    OptionSpec(
        "draw_dealer",
        "retain",
        "choice",
        "After a drawn hand the dealer keeps the deal (retain) or it passes to the next seat (rotate).",
        choices=("retain", "rotate"),
    ),
    OptionSpec(
        "streak_counts_draws",
        True,
        "bool",
        "A drawn hand the dealer keeps counts toward the dealer's continuation (长毛).",
    ),
    OptionSpec(
        "must_declare_ready",
        False,
        "bool",
        "A player must have declared ready (报听) to win at all.",
    ),
    OptionSpec(
        "allow_chow_ready",
        False,
        "bool",
        "A player may also declare ready by chowing a discard (the missing 'second way' of the seed). "
        "Play only: it changes no score.",
    ),
    OptionSpec(
        "three_suits_mode",
        "tiles",
        "choice",
        "Three suits (三门齐): tiles of all three suits anywhere in the hand, the pair included (tiles), "
        "or a set in each suit (sets).",
        choices=("tiles", "sets"),
    ),
    OptionSpec(
        "dragon_pair_counts_as_triplet",
        False,
        "bool",
        "A pair of dragons satisfies the triplet requirement (刻子).",
    ),
    OptionSpec(
        "require_sequence",
        False,
        "bool",
        "A winning hand needs at least one chow, unless it is a float (all-pung) hand.",
    ),
    OptionSpec(
        "allow_shou_ba_yi",
        False,
        "bool",
        "Allow 手把一: four sets set aside and a single tile left, for all-pung hands only; it then scores ×2.",
    ),
    OptionSpec(
        "treasure_mode",
        "successor",
        "choice",
        "Which tile is the treasure: the one after the indicator (successor), the indicator itself "
        "(indicator), or both. A record's treasure face is the successor in 'successor' and 'both' modes.",
        choices=("successor", "indicator", "both"),
    ),
    OptionSpec(
        "treasure_wild_on_discard",
        False,
        "bool",
        "A ready player may also use a discarded treasure tile as wild (no 摸宝 bonus: that needs a draw).",
    ),
    OptionSpec(
        "hidden_treasure_per",
        "hand",
        "choice",
        "Hidden treasure (宝牌) doubles once per hand, or once per treasure tile held (tile).",
        choices=("hand", "tile"),
    ),
    OptionSpec(
        "edge_wait_mode",
        "single_wait",
        "choice",
        "What counts as an edge win (夹胡, D-21): single_wait, a single legal winning tile that is the middle of a "
        "chow; middle_of_chow, the middle of a chow however many tiles the hand waited on (before D-21); "
        "single_wait_ready, a ready winner with a single legal winning tile and a 1, 9 or honour among the 13 "
        "tiles, whatever the shape.",
        choices=("single_wait", "middle_of_chow", "single_wait_ready"),
    ),
    OptionSpec(
        "edge_includes_edge_and_single",
        False,
        "bool",
        "Edge win (夹胡) also counts a win on an end wait (12 waiting on 3) or a single pair wait.",
    ),
    OptionSpec(
        "last_tile_mode",
        "last4",
        "choice",
        "Last tile win (海底捞月): a self-draw on any of the last four live tiles (last4) or only the very last "
        "one (final). Play only: the scorekeeper ticks it.",
        choices=("last4", "final"),
    ),
    OptionSpec(
        "xi_gang_mode",
        "zfb_set",
        "choice",
        "Joyous kong (喜杠): a set of one each of 中发白 (zfb_set), or an exposed kong of one dragon (dragon_kong).",
        choices=("zfb_set", "dragon_kong"),
    ),
    OptionSpec(
        "terminal_family_stacks",
        False,
        "bool",
        "Outside hand, all terminals & honours and pure terminals multiply together instead of the highest only.",
    ),
    OptionSpec(
        "discard_all_pay",
        False,
        "bool",
        "点炮三家付 (§9.2.2): on a discard win all three others pay; the discarder with the discard factor, the "
        "other two without any method factor.",
    ),
    OptionSpec(
        "allow_float_hand",
        True,
        "bool",
        "飘胡 (§9.2.3): an all-pung hand may win. Off: a winning hand needs a chow and the floats cannot be ticked.",
    ),
    OptionSpec(
        "chicken_treasure",
        False,
        "bool",
        "小鸡满天飞 (§9.2.4): 1 Bamboo is a treasure for every ready player besides the revealed one (not for "
        "hidden treasure, nor treasure rush at the reveal).",
    ),
    OptionSpec(
        "treasure_rush_value",
        2,
        "choice",
        "What treasure rush (冲宝) multiplies by (§9.2.5).",
        choices=(2, 8),
    ),
    OptionSpec(
        "kong_bloom_value",
        2,
        "choice",
        "What kong bloom (杠上开花) multiplies by (§9.2.6).",
        choices=(2, 4),
    ),
    OptionSpec(
        "rob_kong_value",
        2,
        "choice",
        "What robbing a kong multiplies by, besides the discard factor (§9.2.7); 1 counts nothing for it.",
        choices=(2, 4, 1),
    ),
    OptionSpec(
        "float_value",
        "seed",
        "choice",
        "What floats multiply by (§9.2.8): seed (double ×8, single ×16) or flat4 (every all-pung hand ×4).",
        choices=("seed", "flat4"),
    ),
    OptionSpec(
        "kong_payments",
        "none",
        "choice",
        "Kong payments (§9.2.9): none, or club (on a won hand each listed kong is paid by the three others: "
        "concealed 4 × base, exposed or added 2 × base; outside the win's factors and the cap).",
        choices=("none", "club"),
    ),
    OptionSpec(
        "unscored_items",
        (),
        "subset",
        "Items this table does not score (§9.2.10): a listed pattern cannot be ticked and the tiles never add it; "
        "a listed fact item is still recorded but multiplies by 1.",
        choices=UNSCORABLE_ITEMS,
    ),
)


# Shapes with no chow, whose winning tile is never a chow's middle: an edge win excludes them except under
# edge_wait_mode=single_wait_ready, where a 单钓 among them waits on a single tile (RULES §9.2.1).
CHOWLESS_SHAPES = ("double_float", "single_float", "mixed_terminals", "pure_terminals")
EDGE_WAIT_NEEDS_A_CHOW = PlayedWhen(
    ("edge_wait_mode",),
    lambda options: options["edge_wait_mode"] != "single_wait_ready",
    "needs a chow unless edge_wait_mode is single_wait_ready.",
)


PATTERNS: tuple[PatternSpec, ...] = (
    PatternSpec(
        "edge_wait",
        "Edge win",
        "夹胡",
        "×2",
        # A 1 or 9 is never a chow's middle (terminal wait). No chow in a float or an all-terminals hand, but under
        # edge_wait_mode=single_wait_ready a 单钓 float waits on one tile too: excluded only in the other modes.
        excludes=frozenset({"terminal_wait"}),
        excludes_when=((frozenset(CHOWLESS_SHAPES), EDGE_WAIT_NEEDS_A_CHOW),),
        from_tiles=True,
        meaning="The hand waited on a single tile, and the winning tile is the middle of a chow (2 into 1-3); "
        "see edge_wait_mode.",
    ),
    PatternSpec(
        "terminal_wait",
        "Terminal tile win",
        "缺幺胡幺",
        "×2",
        # The lone terminal can only finish a chow: its pair or pung mates would be among the 13 tiles.
        excludes=frozenset(
            {"outside_hand", "mixed_terminals", "pure_terminals", "double_float", "single_float", "single_remaining"}
        ),
        from_tiles=True,
        meaning="The 13 tiles before the win hold no 1, 9 or honour, and the winning tile is one.",
    ),
    PatternSpec(
        "double_float",
        "Double float",
        "双飘",
        "×8",
        excludes=frozenset({"single_float"}),
        from_tiles=True,
        meaning="All four sets are pungs or kongs; no chow.",
    ),
    PatternSpec(
        "single_float",
        "Single float",
        "单飘",
        "×16",
        from_tiles=True,
        meaning="A double float won on the tile that completes the pair. Replaces double float.",
    ),
    PatternSpec(
        "single_remaining",
        "Single remaining tile",
        "手把一",
        "×2",
        excludes=frozenset({"edge_wait", "double_float", "four_in_hand"}),
        requires_option="allow_shou_ba_yi",
        from_tiles=True,
        meaning="Four sets set aside and the last tile won as the pair; an all-pung hand, so it is a single float.",
    ),
    # No kong may be declared among the last four live tiles (§1.2), so no replacement is drawn there.
    kong_bloom("×2", "Won on the replacement tile drawn after a kong.", excludes=frozenset({"last_tile"})),
    last_tile("×2", "Won by self-draw on one of the last four live tiles (or the last one; see last_tile_mode)."),
    PatternSpec(
        "four_in_hand",
        "Four in hand",
        "四归一",
        "×2 each",
        value_zh="每个×2",
        repeatable=True,
        # Four copies outside a kong need a chow to hold the fourth (a pung and a pair would be five), unless a
        # 喜杠 or 旋风杠 holds the fourth honour: checks.py refuses floats and 混幺九 with it only without one.
        excludes=frozenset({"pure_terminals"}),
        excludes_unless_record=frozenset({"double_float", "single_float", "mixed_terminals"}),
        from_tiles=True,
        meaning="All four copies of a tile are in the winning hand, not declared as a kong; tick once per tile. "
        "With a float or all terminals and honours only where a joyous or cyclone kong holds the fourth honour.",
    ),
    PatternSpec(
        "flowing_tears",
        "Flowing tears",
        "流泪",
        "×2",
        methods=DISCARD,
        meaning="Won on the tile a player discarded right after their own kong.",
    ),
    PatternSpec(
        "treasure_rush",
        "Treasure rush",
        "冲宝",
        "×2",
        methods=SELF_DRAW,
        excludes=frozenset({"finding_treasure"}),
        meaning="A ready player whose winning tile is the treasure wins when it is revealed, or on drawing it.",
    ),
    PatternSpec(
        "finding_treasure",
        "Finding treasure",
        "摸宝",
        "×2",
        methods=SELF_DRAW,
        meaning="A ready player self-draws a treasure tile and uses it as a wild tile to win.",
    ),
    PatternSpec(
        "hidden_treasure",
        "Hidden treasure",
        "宝牌",
        "×2",
        repeatable=True,  # only with hidden_treasure_per=tile; the variant checks the repeat itself
        meaning="A ready winner uses, at face value, a treasure tile already held when the treasure became known.",
    ),
    PatternSpec(
        "outside_hand",
        "Outside hand",
        "全带幺",
        "×4",
        excludes=frozenset({"mixed_terminals", "pure_terminals"}),
        from_tiles=True,
        meaning="Every set and the pair hold a 1, 9 or honour.",
    ),
    PatternSpec(
        "mixed_terminals",
        "All terminals and honours",
        "混幺九",
        "×8 (and double float)",
        value_zh="×8（另计双飘）",
        excludes=frozenset({"pure_terminals"}),
        from_tiles=True,
        meaning="Every tile is a 1, 9 or honour; all pungs, so double float counts too.",
    ),
    pure_terminals(
        "×16 (and double float)",
        "Every tile is a 1 or 9; all pungs, so double float counts too.",
        value_zh="×16（另计双飘）",
    ),
    PatternSpec(
        "dragon_bonus",
        "Dragon tile bonus",
        "喜杠加牌",
        "×2 each",
        value_zh="每个×2",
        repeatable=True,
        meaning="Each extra dragon tile added onto a declared joyous kong (喜杠); tick once per tile.",
    ),
)


def _played_when(pattern_id: str) -> tuple[PlayedWhen, ...]:
    """The house rules under which a pattern is not played at all (§9.2.3, §9.2.10): ticking it is refused,
    and the form offers no chip for it."""
    conditions: list[PlayedWhen] = []
    if pattern_id in UNSCORABLE_ITEMS:
        conditions.append(
            PlayedWhen(
                ("unscored_items",),
                lambda options: pattern_id not in options["unscored_items"],
                "is not scored at this table (house rule 'unscored_items').",
            )
        )
    if pattern_id in FLOAT_PATTERNS:
        conditions.append(
            PlayedWhen(
                ("allow_float_hand",),
                lambda options: bool(options["allow_float_hand"]),
                "is an all-pung hand, and this table does not play 飘胡 (house rule 'allow_float_hand').",
            )
        )
    return tuple(conditions)


PATTERNS = tuple(replace(spec, played_when=_played_when(spec.id)) for spec in PATTERNS)
SHAPE_PATTERNS = frozenset(spec.id for spec in PATTERNS if spec.from_tiles)  # what the tiles prove or disprove

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

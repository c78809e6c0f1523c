"""Harbin's house rules, pattern catalogue and the notes shown in the app (RULES.md §3, §7.3)."""

from __future__ import annotations

from ...options import OptionSpec, base_option
from ...variant import ITSELF, SELF_DRAW, SUIT_CYCLES, PatternSpec, Succession, Wilds, exclusive
from ..common.items import load_fact_items

MAX_SET_ASIDE = 3  # sets a hand may set aside: four tiles stay in hand (no 手把一, §3.2)
TREASURE_PATTERNS = ("finding_treasure", "treasure_in_treasure")
GUA_DA_FENG_VALUE = 6  # 刮大风's win value V (§9.4.1)

NOTES: tuple[str, ...] = (
    "Starting points default to 100, the larger of the seed's 50 or 100 (house rule starting_points).",
    "Every Harbin winner has declared ready, whatever the record says; only the discarder's ready matters.",
    "One win value: 1 on a ready discarder, 3 on a discarder not ready, 2 for self-draw or robbing a kong, "
    "3 for finding the treasure, 12 for treasure within treasure; a clamp doubles it.",
    "Robbing a kong is paid like a self-draw by all three players, the robbed player included.",
    "dealer_double doubles each payment the dealer makes or receives; closed_double doubles what a payer "
    "who has not opened pays.",
    "A clamp ticked on a treasure-within-treasure win is accepted but not scored unless clamp_on_bao_zhong_bao.",
    "The record names the treasure's face, or the tile turned up (turned_up), which treasure_mode turns into it.",
    "With tiles, the drawn treasure is a wild only on a self-draw (house rule treasure_wild_on_discard).",
    "A wait counts only if it completes a legal Harbin hand; a clamp needs exactly one such wait.",
    "With tiles and a self-drawn treasure, the engine scores the best of self-draw, finding the treasure and "
    "treasure within treasure.",
    "The tiles decide whether the winner is open and which kongs they hold; a tick the tiles disprove is an error.",
    "A winner may set aside at most three sets; more than three kongs by the winner are rejected.",
    "reserve_tiles and allow_chow_ready govern play at the table and change no score.",
    "A drawn or voided hand moves nothing and the same dealer deals again.",
    "Win on the fourth copy (刮大风, house rule gua_da_feng) is worth 6 on a discard, ready discarder or not, and 6 on "
    "a self-draw (12 with harbin_treasure_stacks_with_self_draw); a self-drawn treasure is 摸宝 or 宝中宝 instead.",
    "With bao_zhuang an unready discarder (or, with rob_kong_payer=declarer, an unready robbed declarer) pays one "
    "share for each of the three losers, each share as a ready discarder's win with that loser's own doubles.",
)


OPTIONS: tuple[OptionSpec, ...] = (
    base_option(1, "Base points: every win value is multiplied by this."),
    OptionSpec(
        "starting_points",
        100,
        "int",
        "Chips each player starts with (the seed names 50 or 100).",
        minimum=1,
    ),
    OptionSpec(
        "treasure_mode",
        "successor",
        "choice",
        "How the table finds the treasure: successor = the tile after the indicator (9→1, 中→中); indicator = "
        "the indicator tile itself. The hand record names the treasure's face, so scoring does not depend on it.",
        choices=("successor", "indicator"),
    ),
    OptionSpec(
        "clamp_on_bao_zhong_bao",
        False,
        "bool",
        "A clamp (卡当) also doubles a treasure-within-treasure (宝中宝) win.",
    ),
    OptionSpec(
        "harbin_treasure_stacks_with_self_draw",
        False,
        "bool",
        "Treasure wins also count the self-draw ×2: finding the treasure 3×2 = 6, treasure within treasure "
        "12×2 = 24 (one Go server's model).",
    ),
    OptionSpec(
        "dealer_double",
        False,
        "bool",
        "Every payment the dealer makes or receives is doubled.",
    ),
    OptionSpec(
        "closed_double",
        False,
        "bool",
        "A payer who has not opened their hand pays double.",
    ),
    OptionSpec(
        "treasure_wild_on_discard",
        False,
        "bool",
        "A discarded treasure may also act as a wild for a ready player (normally it counts at face value).",
    ),
    OptionSpec(
        "allow_chow_ready",
        True,
        "bool",
        "A player may chow any player's discard to declare ready (吃听), ahead of pungs and kongs.",
    ),
    OptionSpec(
        "reserve_tiles",
        0,
        "int",
        "Tiles left in the wall when the hand ends as a draw (0: play the wall out).",
        minimum=0,
        maximum=40,
    ),
    # RULES.md §9.4: the Go server's and the Tuyoo server's Harbin, each defaulting to the seed (§3).
    OptionSpec(
        "gua_da_feng",
        False,
        "bool",
        "Win on the fourth copy (刮大风): winning on the fourth copy of a face the winner held three of (an exposed "
        "pung or three concealed) is worth 6, on a discard or a self-draw.",
    ),
    OptionSpec(
        "clamp_edge_37",
        False,
        "bool",
        "A single wait completing 12→3 or 89→7 also counts as a clamp (卡当, ×2).",
    ),
    OptionSpec(
        "bao_zhong_bao_any_face",
        False,
        "bool",
        "A self-drawn treasure used as a wild on any single wait is treasure within treasure (宝中宝, 12), whatever "
        "the face it stands for.",
    ),
    OptionSpec(
        "bao_zhuang",
        False,
        "bool",
        "包庄: a discarder who had not declared ready pays for all three losers, one share each (as a ready "
        "discarder's win, with each loser's own dealer and closed doubles), instead of 出冲.",
    ),
    OptionSpec(
        "rob_kong_payer",
        "all",
        "choice",
        "Who pays a robbed kong: all = all three, as a self-draw; declarer = the robbed player alone, as a discard "
        "from them.",
        choices=("all", "declarer"),
    ),
    OptionSpec(
        "self_draw_value",
        2,
        "choice",
        "The win value of a plain self-draw (and of a robbed kong paid by all three).",
        choices=(2, 1),
    ),
    OptionSpec(
        "discarder_not_ready_value",
        3,
        "choice",
        "The win value of a discard win whose discarder had not declared ready (出冲).",
        choices=(3, 1),
    ),
)


PATTERNS: tuple[PatternSpec, ...] = exclusive(
    [TREASURE_PATTERNS],  # a drawn treasure wins one way or the other, never both
    PatternSpec(
        "clamp",
        "Clamp",
        "卡当",
        "×2",
        from_tiles=True,
        meaning="The ready hand waited on one tile kind only, the middle tile of a chow (with clamp_edge_37 also "
        "12→3 or 89→7); it doubles every win value except treasure within treasure (宝中宝), unless the house rule "
        "clamp_on_bao_zhong_bao.",
    ),
    PatternSpec(
        "finding_treasure",
        "Finding the treasure",
        "摸宝",
        "3",
        methods=SELF_DRAW,
        from_tiles=True,
        meaning="Self-drew the treasure and used it as a wild.",
    ),
    PatternSpec(
        "treasure_in_treasure",
        "Treasure within treasure",
        "宝中宝",
        "12",
        methods=SELF_DRAW,
        from_tiles=True,
        meaning="Self-drew the treasure, and the treasure's face is the one tile the hand waited on (with "
        "bao_zhong_bao_any_face: the hand waited on one tile, whatever its face).",
    ),
    PatternSpec(
        "gua_da_feng",
        "Win on the fourth copy",
        "刮大风",
        "6",
        methods=frozenset({"self_draw", "discard"}),
        # A drawn treasure is 摸宝 or 宝中宝, never 刮大风 (§9.4.1); the check reads an exclusion from either side,
        # so the treasure patterns' own lists stay as the seed's catalogue has them.
        excludes=frozenset(TREASURE_PATTERNS),
        requires_option="gua_da_feng",
        from_tiles=True,
        meaning="The winning tile is the fourth copy of a face the winner held three of (an exposed pung, or three "
        "among the concealed tiles); worth 6, on a discard whoever discarded.",
    ),
)

# The win values and payer factors that come from the record's facts (§3.6); 摸宝 and 宝中宝 are patterns.
FACT_ITEMS = load_fact_items(__package__)  # fact_items.json, beside this file

# The treasure follows the tile turned up (RULES §3.5): suits n → n+1 and 9 → 1, and 中, the only honour, itself;
# the turned-up tile itself with treasure_mode=indicator.
WILDS = Wilds(
    "treasure",
    "Treasure",
    "宝牌",
    "ready_player",
    drawn_only=True,
    widened_by="treasure_wild_on_discard",
    succession=Succession((*SUIT_CYCLES, "7z"), option="treasure_mode", otherwise=(("indicator", ITSELF),)),
)

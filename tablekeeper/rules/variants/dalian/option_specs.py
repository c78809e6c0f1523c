"""Dalian Qionghu's house rules (RULES.md §1.9, §7.1, §9.2): each option with its default and its meaning."""

from __future__ import annotations

from ...options import OptionSpec, base_option

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

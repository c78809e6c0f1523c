"""Shandong's house rules, pattern catalogue and the notes shown in the app (RULES.md §4, §7.4)."""

from __future__ import annotations

from ...options import OptionSpec, base_option
from ...variant import SELF_DRAW, PatternSpec, PlayedWhen, exclusive
from ..common.items import load_fact_items
from ..common.patterns import kong_bloom, pure_terminals

SEVEN_PAIRS_LADDER = (
    "seven_pairs",
    "luxury_seven_pairs",
    "double_luxury_seven_pairs",
    "triple_luxury_seven_pairs",
)
# The exempt258 choices: "seven_pairs" stands for every rung of the ladder (RULES "7P*").
EXEMPT_258_CHOICES = (
    "all_triplets",
    "seven_pairs",
    "pure_one_suit",
    "mixed_one_suit",
    "all_generals",
    "pure_terminals",
)

# The whole-hand shapes Thirteen Unrelated and All Flowers exclude (RULES §9.5.6-7).
SHAPE_FAMILY = (
    *SEVEN_PAIRS_LADDER,
    "all_triplets",
    "pure_one_suit",
    "mixed_one_suit",
    "all_generals",
    "pure_terminals",
)

# Whole-hand shapes that never hold together: one suit, one suit with honours, only 2-5-8, only 1 and 9.
# 2s, 5s and 8s of one suit are 12 tiles at most, and they share no tile with honours or 1s and 9s;
# 1s and 9s are six faces in at least two suits.
SUIT_FAMILY = ("pure_one_suit", "mixed_one_suit", "all_generals", "pure_terminals")


def _rung(rung: str, en: str, zh: str, points: int, meaning: str) -> PatternSpec:
    return PatternSpec(
        rung, en, zh, f"+{points} points, ×2", from_tiles=True, meaning=meaning, value_zh=f"+{points}分，×2"
    )


NOTES: tuple[str, ...] = (
    "Starting points are 1000: the rule book names no starting chips for Shandong.",
    "The cap is a whole number or empty for none; cap_scope chooses whether it limits all multipliers "
    "together (default) or only the drawn-hand multiplier.",
    "A Ming Lou discarder's ×2 doubles the capped amount unless ming_lou_penalty_inside_cap puts it inside the cap.",
    "Seven-pairs rungs are ticked one at a time and the tiles pick the rung; seven_pairs_ladder can stack the "
    "lower rungs (2, 6, 12, and 8 for triple luxury).",
    "All Triplets counts alongside All Generals and Pure Terminals, which are pung hands too.",
    "All Generals as seven pairs needs the house rule all_generals_free_form.",
    "Kong points count for the winner's kongs only, and nobody is paid for kongs in a drawn hand.",
    "A ready player declares Ming Lou or An Lou; a plain ready does not exist here.",
    "A robbed kong paid three times costs its declarer three shares of the discard amount, and a robbed "
    "Ming Lou declarer pays double like a Ming Lou discarder.",
    "A liable player (承包) pays everything the winner receives, the Ming Lou double included; with several "
    "winners on one discard each win names its own, who may be the discarder, a third player or another winner.",
    "A kong bloom on the replacement for an exposed kong is paid in full (all three shares) by the player whose "
    "discard made that kong; the kong is the winner's last one in the hand's kongs. A liable player named on "
    "the hand takes precedence.",
    "The dealer draw penalty is paid by the dealer of the drawn hand, even when the deal then rotates.",
    "With several robbers of one kong the first robber after the declarer deals next, or the declarer under "
    "several_robbers_dealer=declarer.",
    "Heavenly Hand is the dealer's self-draw and Earthly Hand a non-dealer's; neither follows a ready "
    "declaration, a kong of the winner, a kong bloom or a claimed meld, and must_declare_ready does not apply "
    "to them.",
    "Hands that cannot exist are refused when ticked together: Pure Terminals with either one-suit hand, All "
    "Generals or plain Seven Pairs; All Generals with either one-suit hand.",
    "A won hand with four kongs must be a kong bloom or a robbed kong, since a fourth kong otherwise ends the hand.",
    "Seven pairs taken off exempt258 must hold at least one pair of 2s, 5s or 8s.",
    "With tiles, kong bloom and Heavenly or Earthly Hand stay the scorekeeper's word; a kong bloom needs a kong "
    "in the tiles.",
    "The winner's kongs in the tiles must match the hand's kongs, because the tiles cannot tell an exposed kong "
    "from an added one.",
    "Of the legal readings of the tiles, the one that pays most is scored.",
    "A robbed kong's tile may appear only once in the winner's tiles.",
    "Honour pungs are counted from the tiles when they are given (claimed, or held three times before the "
    "winning tile); a different ticked count is refused.",
    "With Jinan's values self-draw is ×1 and only the first of seven pairs, all triplets, all generals and "
    "thirteen unrelated multiplies.",
    "A payer of several shares adds, per share, the winner's side bet and that share's seat's.",
)


OPTIONS: tuple[OptionSpec, ...] = (
    base_option(5, "The base score every win starts from, before points and multipliers."),
    OptionSpec(
        "pts.exposed_kong", 1, "int", "Points the winner gets for each exposed kong (明杠) they made.", minimum=0
    ),
    OptionSpec(
        "pts.add_kong", 1, "int", "Points the winner gets for each kong added onto a pung (补杠/加杠).", minimum=0
    ),
    OptionSpec("pts.concealed_kong", 3, "int", "Points the winner gets for each concealed kong (暗杠).", minimum=0),
    OptionSpec(
        "cap",
        32,
        "optional_int",
        "The largest multiplier a hand can reach (封顶); empty means no cap.",
        minimum=1,
    ),
    OptionSpec(
        "cap_scope",
        "product",
        "choice",
        "What the cap limits: 'product' caps all multipliers together, draw multiplier included; "
        "'draw_multiplier' caps only the multiplier from earlier drawn hands.",
        choices=("product", "draw_multiplier"),
    ),
    OptionSpec(
        "draw_mult_cap_exp",
        5,
        "int",
        "After this many drawn hands in a row the draw multiplier stops doubling (5: at most ×32).",
        minimum=0,
        maximum=10,
    ),
    OptionSpec(
        "ming_lou_penalty_inside_cap",
        False,
        "bool",
        "On: a Ming Lou player's ×2 for dealing in counts inside the cap. Off: it doubles the capped amount.",
    ),
    OptionSpec(
        "draw_dealer",
        "retain",
        "choice",
        "After a drawn hand the dealer keeps the deal ('retain') or passes it to the next seat ('rotate').",
        choices=("retain", "rotate"),
    ),
    OptionSpec(
        "dealer_draw_penalty",
        "once_at_3",
        "choice",
        "The dealer pays 1 point to each other player on the third drawn hand in a row ('once_at_3'), "
        "or on every drawn hand from the third on ('each_hand_from_3'), or never ('none', Jinan 不罚庄).",
        choices=("once_at_3", "each_hand_from_3", "none"),
    ),
    OptionSpec(
        "exempt258",
        EXEMPT_258_CHOICES,
        "subset",
        "Hands that may win without a 2, 5 or 8 pair (将). Seven pairs left out of the list must hold "
        "at least one pair of 2s, 5s or 8s.",
        choices=EXEMPT_258_CHOICES,
    ),
    OptionSpec(
        "rob_kong_payer",
        "declarer_single",
        "choice",
        "Who pays a robbed-kong win: the kong's declarer pays one share like a discarder ('declarer_single') "
        "or pays all three shares ('declarer_pays_three', Jinan 包三家).",
        choices=("declarer_single", "declarer_pays_three"),
    ),
    OptionSpec(
        "all_generals_free_form",
        False,
        "bool",
        "On: fourteen tiles of only 2s, 5s and 8s win as All Generals in any arrangement. "
        "Off: they must still form four sets and a pair.",
    ),
    OptionSpec(
        "must_declare_ready",
        False,
        "bool",
        "On: a player must have declared Ming Lou or An Lou to win.",
    ),
    OptionSpec(
        "several_robbers_dealer",
        "first_robber",
        "choice",
        "When several players rob the same kong, the next dealer is the first robber after the declarer "
        "('first_robber') or the declarer, like a discarder with several winners ('declarer').",
        choices=("first_robber", "declarer"),
    ),
    OptionSpec(
        "seven_pairs_ladder",
        "highest_only",
        "choice",
        "Seven-pairs points: only the highest rung counts ('highest_only': 2/4/6/8), or the lower rungs "
        "add up below triple luxury ('stack_below_triple': 2/6/12/8).",
        choices=("highest_only", "stack_below_triple"),
    ),
    # RULES §9.5: the regional house rules; each defaults to the seed's behaviour.
    OptionSpec(
        "honour_set_points",
        False,
        "bool",
        "On: each honour pung (风刻) of the winner adds 1 point, and each kong of a wind or dragon 1 more (风杠).",
    ),
    OptionSpec("da_diao_che", False, "bool", "On: a win on the last lone tile after four sets (大吊车) is ×2."),
    OptionSpec(
        "kong_bloom_value",
        "point",
        "choice",
        "A kong bloom adds 1 point ('point') or doubles the hand instead ('double', Jinan 杠呲 ×2).",
        choices=("point", "double"),
    ),
    OptionSpec("flower_bloom", False, "bool", "On: a self-draw on a flower's replacement tile (花呲) is ×2."),
    OptionSpec("last_tile_double", False, "bool", "On: a self-draw on the last live tile (海底捞月) is ×2."),
    OptionSpec(
        "allow_thirteen_unrelated",
        False,
        "bool",
        "On: 147, 258 and 369 of the three suits and five different honours (十三不靠) win, ×2.",
    ),
    OptionSpec("flower_win", False, "bool", "On: a player holding all eight flowers wins by self-draw (花胡)."),
    OptionSpec(
        "max_side_bet",
        0,
        "int",
        "The most side-bet points (漂) a player may put down; 0 for no side bets. Each share adds the "
        "winner's and the payer's side bets after the multipliers and the cap.",
        minimum=0,
        maximum=10,
    ),
    OptionSpec(
        "value_table",
        "seed",
        "choice",
        "The rule book's pattern values ('seed'), or Jinan's ('jinan'): no shape points, self-draw ×1, "
        "清一色 ×4, luxury seven pairs ×4, 将将胡 ×2, and only the first of the pair and pung hands counts.",
        choices=("seed", "jinan"),
    ),
    OptionSpec(
        "kong_feeder_liable",
        True,
        "bool",
        "On: a kong bloom on an exposed kong made from someone's discard is paid in full by that player. "
        "Off: it is paid like any self-draw.",
    ),
)


PATTERNS: tuple[PatternSpec, ...] = exclusive(
    [SUIT_FAMILY, ("all_triplets", *SEVEN_PAIRS_LADDER)],  # a pung hand is never pairs; one rung counts
    kong_bloom("+1 point", "Won on the replacement tile drawn after declaring a kong.", value_zh="+1分"),
    PatternSpec(
        "pure_one_suit",
        "Pure one suit",
        "清一色",
        "+2 points, ×5",
        value_zh="+2分，×5",
        from_tiles=True,
        meaning="Every tile is from one suit, with no honours.",
    ),
    PatternSpec(
        "mixed_one_suit",
        "Mixed one suit",
        "混一色",
        "×2",
        from_tiles=True,
        meaning="One suit plus winds or dragons.",
    ),
    PatternSpec(
        "all_generals",
        "All generals",
        "将将胡",
        "+2 points",
        value_zh="+2分",
        from_tiles=True,
        # Four sets and a pair unless all_generals_free_form: then never seven pairs (RULES §9.5).
        excludes_when=(
            (
                frozenset(SEVEN_PAIRS_LADDER),
                PlayedWhen(
                    ("all_generals_free_form",),
                    lambda options: not options["all_generals_free_form"],
                    "must be four sets and a pair unless the house rule all_generals_free_form is on.",
                ),
            ),
        ),
        meaning="Every tile is a 2, 5 or 8 of a suit.",
    ),
    PatternSpec(
        "all_triplets",
        "All triplets",
        "碰碰胡",
        "+2 points, ×2",
        value_zh="+2分，×2",
        from_tiles=True,
        meaning="Four pungs or kongs and a pair.",
    ),
    _rung("seven_pairs", "Seven pairs", "七小对", 2, "Seven pairs and nothing else."),
    _rung(
        "luxury_seven_pairs",
        "Luxury seven pairs",
        "豪华七小对",
        4,
        "Seven pairs where one pair is a second copy of another (four of a kind).",
    ),
    _rung(
        "double_luxury_seven_pairs",
        "Double luxury seven pairs",
        "双豪华七小对",
        6,
        "Seven pairs holding two four-of-a-kinds.",
    ),
    _rung(
        "triple_luxury_seven_pairs",
        "Triple luxury seven pairs",
        "三豪华七小对",
        8,
        "Seven pairs holding three four-of-a-kinds.",
    ),
    # 1s and 9s are six faces in at least two suits: never seven different pairs.
    pure_terminals("×6", "Every tile is a 1 or a 9 of a suit.", excludes=frozenset({"seven_pairs"})),
    PatternSpec(
        "earthly_hand",
        "Earthly hand",
        "地和",
        "×6",
        methods=SELF_DRAW,
        excludes=frozenset({"heavenly_hand", "kong_bloom"}),
        meaning="A non-dealer wins on their first draw, before any call or ready declaration.",
    ),
    PatternSpec(
        "heavenly_hand",
        "Heavenly hand",
        "天和",
        "×6",
        methods=SELF_DRAW,
        excludes=frozenset({"kong_bloom"}),
        meaning="The dealer's fourteen dealt tiles are already a winning hand.",
    ),
    # RULES §9.5: each exists only while its house rule is on.
    PatternSpec(
        "honour_pung",
        "Honour pung",
        "风刻",
        "+1 point each",
        value_zh="每个+1分",
        repeatable=True,
        requires_option="honour_set_points",
        from_tiles=True,
        meaning="A pung of a wind or dragon, claimed or held concealed before the winning tile (not a kong).",
    ),
    PatternSpec(
        "lone_tile_wait",
        "Lone tile wait",
        "大吊车",
        "×2",
        excludes=frozenset({*SEVEN_PAIRS_LADDER, "thirteen_unrelated"}),
        requires_option="da_diao_che",
        from_tiles=True,
        meaning="Four sets set aside, and the win completes the pair of the one tile left.",
    ),
    PatternSpec(
        "flower_bloom",
        "Flower bloom",
        "花呲",
        "×2",
        methods=SELF_DRAW,
        excludes=frozenset({"kong_bloom"}),
        requires_option="flower_bloom",
        meaning="Won on the tile drawn to replace a flower.",
    ),
    PatternSpec(
        "last_tile",
        "Last tile",
        "海底捞月",
        "×2",
        methods=SELF_DRAW,
        requires_option="last_tile_double",
        meaning="Won by self-draw on the last live tile of the wall.",
    ),
    PatternSpec(
        "thirteen_unrelated",
        "Thirteen unrelated",
        "十三不靠",
        "×2",
        excludes=frozenset({*SHAPE_FAMILY, "lone_tile_wait"}),
        requires_option="allow_thirteen_unrelated",
        from_tiles=True,
        meaning="147, 258 and 369 of the three suits and five different winds or dragons, all concealed.",
    ),
    PatternSpec(
        "all_flowers",
        "All flowers",
        "花胡",
        "×1",
        methods=SELF_DRAW,
        excludes=frozenset({*SHAPE_FAMILY, "thirteen_unrelated", "lone_tile_wait"}),
        requires_option="flower_win",
        meaning="All eight flowers, won on the player's own turn whatever the other tiles.",
    ),
)

# What the tiles prove or disprove as a whole; honour pungs are counted from the tiles apart (tiles.py).
SHAPE_PATTERNS = frozenset(spec.id for spec in PATTERNS if spec.from_tiles) - {
    "honour_pung"
}  # what the tiles prove or disprove
PATTERN_WORDS = {spec.id: spec.name_en.lower() for spec in PATTERNS}

# Points and multipliers that come from the record's facts and the table (§4.6), and who pays in full.
FACT_ITEMS = load_fact_items(__package__)  # fact_items.json, beside this file

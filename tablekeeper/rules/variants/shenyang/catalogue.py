"""Shenyang's house rules, pattern catalogue and the notes shown in the app (RULES.md §2.8, §7.2)."""

from __future__ import annotations

from dataclasses import replace

from ...options import OptionAlias, OptionSpec, base_option
from ...variant import DISCARD, PatternSpec, PlayedWhen, exclusive
from ..common.items import load_fact_items
from ..common.patterns import kong_bloom, last_tile

NOTES: tuple[str, ...] = (
    "Starting points default to 1000: the seed names none, and doubling scores grow fast.",
    "A win on a discard is paid by the discarder alone, with ron ×2 (house rule ron_payers).",
    "Robbing a kong is paid as a ron by the player robbed: ron ×2 and robbing ×2; with ron_payers=all all three pay.",
    "A self-draw is paid by all three at the hand's value (×1); its payment names it, as a ron's names ron ×2.",
    "Dealer ×2 applies to every payment the dealer makes or receives; a closed payer pays ×2.",
    "Kongs and the first-turn sets are read from the winner's kongs; a dragon kong doubles as a dragon pung too.",
    "Tick dragon_pung only for dragon pungs; dragon kongs are counted from the kongs list.",
    "A kong bloom or kong discard whose kong is missing from the kongs list is scored as recorded, and the "
    "ledger asks for the kong (the winner's kong doubles too); tiles that show no kong disprove a bloom.",
    "Kong bloom and last tile do not combine: nobody declares a kong during the haidi phase.",
    "gang_vs_angang is the rule book's one rule for concealed kongs: equal (×2 each) or a concealed kong ×4 "
    "(angang_double); the older option name angang_double (true) is still read as gang_vs_angang=angang_double.",
    "A dragon kong counts as one only when its tile (5z, 6z or 7z) is given in the kongs list.",
    "no_stack_carry uses one carried double per won hand, for every winner of that hand; liuju_streak_stacks "
    "only changes the stack mode.",
    "The previous hand counts as drawn while the table's draw streak is above 0 (or the previous result was a draw).",
    "A void hand (诈胡, 'like chombo') keeps the dealer, the draw streak, the pending doubles and the pot.",
    "The winner takes the whole pot: what was waiting plus revealed-tile penalties paid in during the won hand.",
    "With several winners on one discard, each is scored alone and the pot goes whole to the first after the "
    "discarder; the dealer keeps the deal if one of the winners is the dealer; a winner never pays another.",
    "An unclaimed pot at the session's end is refunded in proportion to what each player paid in, or left "
    "out of the standings (pot_at_session_end; the app applies it).",
    "A false win costs a flat 8 to each player and needs the hand marked void; four same discards apply in any hand.",
    "With tiles, the tiles decide whether the winner is open and which kongs they hold; a tick the tiles disprove "
    "is an error and a pattern they prove is added.",
    "A single wait counts only tile kinds that would complete a legal Shenyang win.",
    "Claiming a fourth set is only allowed for an all-pungs hand, so four claimed sets with a chow are rejected.",
    "With allow_seven_pairs, seven pairs is exempt from the open-hand and pung requirements it cannot meet.",
    "A hand legal both as seven pairs and as four sets is read as seven pairs unless the four sets pay more.",
    "Four in hand counts tiles held four times outside a declared kong, first-turn sets included; with all pungs "
    "it needs a first-turn set of the winner to hold the fourth copy.",
    "concealed_dragon_kong_value=16 makes a concealed dragon kong one ×16, whatever the other kong options say.",
    "liuju_dice_mode=off applies neither double, still counts drawn hands and keeps the pending doubles.",
    "A pattern in unscored_items cannot be ticked and the tiles never add it; the hand stays legal.",
)

# What unscored_items may list (RULES §9.3.10): the patterns, those of the house rules included.
UNSCORABLE_ITEMS: tuple[str, ...] = (
    "kong_discard",
    "kong_bloom",
    "last_tile",
    "single_wait",
    "all_pungs",
    "dragon_pung",
    "pure_one_suit",
    "four_in_hand",
    "seven_pairs",
)


OPTIONS: tuple[OptionSpec, ...] = (
    base_option(2, "Base points: a plain hand is worth this much from each payer."),
    OptionSpec(
        "ron_payers",
        "discarder",
        "choice",
        "Who pays a win on a discard (or a robbed kong): the discarder alone (default) or all three players.",
        choices=("discarder", "all"),
    ),
    OptionSpec(
        "angang_opens",
        False,
        "bool",
        "A concealed kong counts as opening the hand (for the win requirement and the closed-payer double).",
    ),
    OptionSpec(
        "special_sets_open",
        False,
        "bool",
        "A first-turn dragon set (中发白) or wind set (东南西北) counts as opening the hand.",
    ),
    OptionSpec(
        "allow_seven_pairs",
        False,
        "bool",
        "Seven pairs is a legal win (worth a plain hand; it still needs all three suits and a terminal or honour, "
        "unless seven_pairs_value is 8).",
    ),
    OptionSpec(
        "multi_ron",
        False,
        "bool",
        "Several players may win on the same discard; each is scored on their own, and the pot goes to the "
        "first of them after the discarder.",
    ),
    OptionSpec(
        "liuju_dice_mode",
        "stack",
        "choice",
        "stack: the dice double and the after-a-drawn-hand double both apply (×4 together). no_stack_carry: at "
        "most one ×2 per won hand; any extra doubles wait for the next hands. off: neither double applies "
        "(the dice double is still recorded, drawn hands are still counted).",
        choices=("stack", "no_stack_carry", "off"),
    ),
    OptionSpec(
        "liuju_streak_stacks",
        False,
        "bool",
        "With stack: several drawn hands in a row double once each (×2, ×4, ×8…) instead of only ×2.",
    ),
    OptionSpec(
        "dragon_kong_stacks",
        True,
        "bool",
        "A kong of one dragon doubles twice: once as a dragon pung and once as a kong (×4). Off: ×2 only.",
    ),
    OptionSpec(
        "gang_vs_angang",
        "equal",
        "choice",
        "equal: every kong doubles once (×2). angang_double: a concealed kong doubles twice (×4).",
        choices=("equal", "angang_double"),
    ),
    OptionSpec(
        "cap_per_payer",
        None,
        "optional_int",
        "The most one player pays for one win; empty means no cap (other tables use 50 or 64).",
        minimum=1,
    ),
    OptionSpec(
        "reveal_penalty",
        4,
        "int",
        "Points per revealed tile paid into the pot; the next winner takes the pot.",
        minimum=0,
    ),
    OptionSpec("zhahu_penalty", 8, "int", "Points a false win (诈胡) costs, paid to each other player.", minimum=0),
    OptionSpec(
        "zhahu_dealer_double",
        False,
        "bool",
        "The false-win penalty is doubled between the offender and the dealer, like a score.",
    ),
    OptionSpec(
        "four_same_discard_penalty",
        4,
        "int",
        "Points the first of four same discards in a row pays to each other player.",
        minimum=0,
    ),
    OptionSpec(
        "pot_at_session_end",
        "refund_pro_rata",
        "choice",
        "What happens to a pot nobody won when the session ends: refund_pro_rata gives it back to those who "
        "paid in, in proportion to what they paid; stays leaves it out of the standings.",
        choices=("refund_pro_rata", "stays"),
    ),
    # RULES.md §9.3: the Rust server's rules, each off by default (the seed's figures).
    OptionSpec(
        "ron_factor",
        2,
        "choice",
        "What a win on a discard (or a robbed kong) multiplies: ×2 (the rule book) or ×1; robbing keeps its own ×2.",
        choices=(2, 1),
    ),
    OptionSpec(
        "three_closed_double",
        False,
        "bool",
        "With one winner and all three other players closed, each of them pays the closed double as ×4.",
    ),
    OptionSpec(
        "allow_pure_one_suit",
        False,
        "bool",
        "Pure one suit (清一色, ×8) is a legal win without three suits, a terminal, an open hand or a pung.",
    ),
    OptionSpec(
        "four_in_hand",
        False,
        "bool",
        "Four in hand (四归一): all four copies of a tile in the winner's hand, not as a kong, ×2 each.",
    ),
    OptionSpec("all_pungs_value", 8, "choice", "What all pungs (对对胡) multiplies: ×8 or ×4.", choices=(8, 4)),
    OptionSpec(
        "concealed_dragon_kong_value",
        "product",
        "choice",
        "A concealed kong of one dragon: the product of its doubles (product), or ×16 in all (16).",
        choices=("product", 16),
    ),
    OptionSpec(
        "special_set_value",
        4,
        "choice",
        "What each first-turn set (中发白, 东南西北) multiplies: ×4 or ×2.",
        choices=(4, 2),
    ),
    OptionSpec(
        "seven_pairs_value",
        1,
        "choice",
        "What seven pairs (with allow_seven_pairs) multiplies: ×1, or ×8, which also frees it from the three-suit "
        "and terminal requirements.",
        choices=(1, 8),
    ),
    OptionSpec(
        "unscored_items",
        (),
        "subset",
        "Items this table does not score (§9.3.10): a listed pattern cannot be ticked and the tiles never add it.",
        choices=UNSCORABLE_ITEMS,
    ),
)


# Nobody declares a kong during the haidi phase, so a kong bloom is never a last-tile win.
BLOOM_OR_LAST_TILE = ("kong_bloom", "last_tile")

# §9.3.3, §9.3.8: pure one suit and seven pairs take the place of all pungs and the dragon pungs; a seven-pairs
# hand holds no kong, so it is never a kong bloom or a kong discard, and it is read before pure one suit. The
# new patterns name what they exclude; the check refuses a pair named on either side, so the seed's patterns
# keep their own lists.
_PURE_EXCLUDES = frozenset({"all_pungs", "dragon_pung", "seven_pairs"})
_SEVEN_EXCLUDES = frozenset({"all_pungs", "dragon_pung", "pure_one_suit", "kong_bloom", "kong_discard"})

PATTERNS: tuple[PatternSpec, ...] = exclusive(
    [BLOOM_OR_LAST_TILE],
    PatternSpec(
        "all_pungs",
        "All pungs",
        "对对胡",
        "×8",
        from_tiles=True,
        meaning="Every set is a pung or a kong.",
    ),
    PatternSpec(
        "dragon_pung",
        "Dragon pung",
        "箭刻",
        "×2 each",
        value_zh="每个×2",
        repeatable=True,
        from_tiles=True,
        meaning="A pung of one dragon; tick it once per dragon pung. Dragon kongs are counted from the kongs.",
    ),
    kong_bloom("×2", "Self-draw on the replacement tile after a kong."),
    PatternSpec(
        "kong_discard",
        "Kong discard",
        "杠上炮",
        "×2",
        methods=DISCARD,
        meaning="A win on the discard made right after the discarder's kong.",
    ),
    PatternSpec(
        "single_wait",
        "Single wait",
        "单张",
        "×2",
        from_tiles=True,
        meaning="Exactly one tile kind completed the hand into a legal win (3s 5s5s5s waiting on 3s or 4s does "
        "not count, unless only one of them gives a legal Shenyang hand).",
    ),
    last_tile("×2", "Self-draw during the haidi phase, on one of the last four live tiles."),
    PatternSpec(
        "pure_one_suit",
        "Pure one suit",
        "清一色",
        "×8",
        excludes=_PURE_EXCLUDES,
        requires_option="allow_pure_one_suit",
        from_tiles=True,
        meaning="Every tile of one suit, no honours, four sets and a pair; it wins even closed, without three "
        "suits, a terminal or a pung.",
    ),
    PatternSpec(
        "four_in_hand",
        "Four in hand",
        "四归一",
        "×2 each",
        value_zh="每个×2",
        repeatable=True,
        requires_option="four_in_hand",
        from_tiles=True,
        meaning="All four copies of a tile are in the winner's hand (in hand, chows, pungs or a first-turn set), "
        "not declared as a kong; tick once per tile.",
    ),
    PatternSpec(
        "seven_pairs",
        "Seven pairs",
        "七小对",
        "×1, or ×8 (seven_pairs_value)",
        value_zh="×1，或×8（七小对倍数）",
        # A robbed tile pairs nothing: the other three copies are in the robbed pung (§9.3's scope table).
        methods=frozenset({"self_draw", "discard"}),
        excludes=_SEVEN_EXCLUDES,
        requires_option="allow_seven_pairs",
        from_tiles=True,
        meaning="Seven pairs, four of a kind counting as two; a closed hand with no kong.",
    ),
)


def _unscored_here(pattern_id: str) -> PlayedWhen:
    """unscored_items (§9.3.10): where it lists the pattern, the pattern is not played at this table."""
    return PlayedWhen(
        ("unscored_items",),
        lambda options: pattern_id not in options["unscored_items"],
        "is not scored at this table (house rule 'unscored_items').",
    )


PATTERNS = tuple(replace(spec, played_when=(*spec.played_when, _unscored_here(spec.id))) for spec in PATTERNS)
SHAPE_PATTERNS = tuple(spec.id for spec in PATTERNS if spec.from_tiles)  # what the tiles prove or disprove

# One rule, one option: stored sessions and exports that used the rule's other name keep scoring the same.
OPTION_ALIASES: tuple[OptionAlias, ...] = (OptionAlias("angang_double", "gang_vs_angang", "angang_double"),)

# What scores from the record's facts and the table rather than a ticked pattern (§2.4, §2.5).
FACT_ITEMS = load_fact_items(__package__)  # fact_items.json, beside this file

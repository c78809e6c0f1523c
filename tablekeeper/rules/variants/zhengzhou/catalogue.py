"""Zhengzhou's house rules, pattern catalogue and the notes shown in the app (RULES.md §5, §7.5)."""

from __future__ import annotations

from ...options import OptionSpec, base_option
from ...variant import ALL_METHODS, SELF_DRAW, SUIT_CYCLES, PatternSpec, PlayedWhen, Succession, Wilds, exclusive
from ..common.items import load_fact_items
from ..common.patterns import kong_bloom

NOTES: tuple[str, ...] = (
    "Starting points are 1000: the rule book names no starting chips for Zhengzhou.",
    "With pao_mode winner_only a kong bonus counts only its declarer's side bet.",
    "add_units counts one stake plus one per special item: M = 1 + the number of items.",
    "dealer_add_base adds one base stake to every payment the dealer makes or receives: win payments and, since "
    "Z-13, kong bonuses whose declarer or payer is the dealer.",
    "Kong bonuses are paid for every player's kongs, only when someone wins (or on a drawn hand with "
    "kongs_paid_on_draw), and are never doubled by four wilds, seven pairs or win after kong.",
    "With allow_discard_win the discarder alone pays their own share; robbing a kong is a win only with "
    "allow_rob_kong, four wilds and win after kong stay self-draws, and a discarded wild cannot be won on.",
    "Luxury seven pairs (luxury_seven_pairs) counts a concealed four of a kind, or four wilds at their own face, "
    "as two pairs, in place of seven pairs; the tiles prove it whenever such a reading exists.",
    "With kong_bloom_payer feeder the win-after-kong double follows the winner's last listed kong: its feeder "
    "alone after an exposed or added kong, everyone after a concealed one.",
    "A robbed kong never completes: it is not listed among the kongs, and the robbed player alone pays the win.",
    "The record's treasure field holds the wild tile (混) itself; a record that names the tile turned up "
    "(turned_up) has it turned into the wild by honor_cycle, and both must agree. Without either, tiles are "
    "checked with no wild.",
    "A wild never sits in a set aside or kong, so one of the wild face is refused; in the concealed part it "
    "completes no pung unless wild_in_concealed_pung; a wild read as its own face is an ordinary tile.",
    "Four wilds win on the player's own turn as a self-draw, whatever the other ten tiles are.",
    "Seven pairs must be seven different pairs; wilds count at face value unless seven_pairs_wild_mode lets "
    "them complete pairs.",
    "When the tiles are both four wilds and seven pairs, both count, since that pays most.",
    "Win after kong is the scorekeeper's word but needs a kong in the tiles.",
    "The winner's kongs in the tiles must match the hand's kongs, because the tiles cannot tell an exposed "
    "kong from an added one.",
)


OPTIONS: tuple[OptionSpec, ...] = (
    base_option(10, "The base score (底分) of every payment."),
    OptionSpec(
        "max_pao",
        3,
        "int",
        "The most side-bet markers (下跑) a player may put down before a hand.",
        minimum=0,
        maximum=10,
    ),
    OptionSpec(
        "pao_mode",
        "both",
        "choice",
        "Whose side bets raise a payment: the winner's and the payer's ('both'), or the winner's only "
        "('winner_only'; for a kong, its declarer's only).",
        choices=("both", "winner_only"),
    ),
    OptionSpec(
        "honor_cycle",
        "single7",
        "choice",
        "Which honour follows which when the wild is read from the turned-up tile: one cycle "
        "E S W N Red Green White ('single7'), or winds E S W N and dragons Green Red White apart ('winds4_dragons3').",
        choices=("single7", "winds4_dragons3"),
    ),
    OptionSpec(
        "special_combine",
        "multiply",
        "choice",
        "How four wilds, seven pairs and win-after-kong combine: each doubles ('multiply': ×2, ×4, ×8), "
        "or each adds one more stake ('add_units': ×2, ×3, ×4).",
        choices=("multiply", "add_units"),
    ),
    OptionSpec(
        "kongs_only_winner",
        False,
        "bool",
        "On: only the winner's kongs are paid. Off: every player's kongs are paid when someone wins.",
    ),
    OptionSpec(
        "kong_pao_applies",
        True,
        "bool",
        "On: side bets raise kong bonuses like wins. Off: every kong bonus is one plain base.",
    ),
    OptionSpec(
        "dealer_add_base",
        False,
        "bool",
        "On: every payment the dealer makes or receives, a win or a kong bonus, counts one more base stake "
        "(庄家加底, Z-13).",
    ),
    OptionSpec(
        "allow_chow",
        False,
        "bool",
        "On: chows may be claimed from a discard. Only matters when the winning tiles are entered.",
    ),
    OptionSpec(
        "allow_discard_win",
        False,
        "bool",
        "On: a player may also win on a discard; the discarder alone pays that win (点炮).",
    ),
    OptionSpec(
        "seven_pairs_wild_mode",
        "face_value_only",
        "choice",
        "In seven pairs a wild counts only as its own face ('face_value_only') or may complete any pair "
        "('wilds_complete_pairs').",
        choices=("face_value_only", "wilds_complete_pairs"),
    ),
    # The regional house rules of RULES.md §9.6; each defaults to the rule book's play.
    OptionSpec(
        "luxury_seven_pairs",
        "off",
        "choice",
        "Seven pairs holding four of a kind (not a declared kong) as two pairs: no win ('off'), or the luxury "
        "seven pairs item, ×2 ('x2') or ×4 ('x4') in place of seven pairs (豪华七小对, §9.6.1).",
        choices=("off", "x2", "x4"),
    ),
    OptionSpec(
        "wild_in_concealed_pung",
        False,
        "bool",
        "On: in the concealed part of a hand a wild may complete a pung too; claimed sets and kongs still hold "
        "no wild (混当刻, §9.6.2).",
    ),
    OptionSpec(
        "kong_bloom_payer",
        "all",
        "choice",
        "Who pays the win-after-kong double: every payer ('all'), or only whoever fed the winner's last kong, "
        "when it was exposed or added ('feeder'; a concealed kong: everyone) (§9.6.3).",
        choices=("all", "feeder"),
    ),
    OptionSpec(
        "kongs_paid_on_draw",
        False,
        "bool",
        "On: kong bonuses are paid on a drawn hand as on a won one (荒庄不荒杠, §9.6.5).",
    ),
    OptionSpec(
        "allow_rob_kong",
        False,
        "bool",
        "On: a player may win by robbing a kong added onto a pung; the robbed player alone pays (抢杠胡, §9.6.6).",
    ),
)


# Seven pairs on a robbed kong: the robbed tile is the fourth of its face, so only a wild could pair it (§9.6).
ROBBED_SEVEN_PAIRS = (
    "rob_kong",
    PlayedWhen(
        ("seven_pairs_wild_mode",),
        lambda options: options["seven_pairs_wild_mode"] != "face_value_only",
        "cannot score on a robbed kong: the robbed tile is the fourth of its face, so only a wild could pair it "
        "(house rule seven_pairs_wild_mode).",
    ),
)


PATTERNS: tuple[PatternSpec, ...] = exclusive(
    [("seven_pairs", "luxury_seven_pairs")],
    PatternSpec(
        "four_wilds",
        "Four wilds",
        "四混",
        "×2",
        # Four wilds win on the holder's own turn, and a discarded wild cannot be claimed (RULES §5.3, Z-12).
        methods=SELF_DRAW,
        from_tiles=True,
        meaning="Holding all four wild tiles (混) wins at once, whatever the rest of the hand is.",
    ),
    PatternSpec(
        "seven_pairs",
        "Seven pairs",
        "七对",
        "×2",
        # Robbing a kong only with wilds_complete_pairs, where a wild pairs the robbed tile.
        methods=ALL_METHODS,
        methods_when=(ROBBED_SEVEN_PAIRS,),
        from_tiles=True,
        meaning="Seven different pairs; a wild only counts as its own face here.",
    ),
    kong_bloom("×2", "Won on the replacement tile drawn after declaring a kong.", names=("Win after kong", "杠开")),
    PatternSpec(
        "luxury_seven_pairs",
        "Luxury seven pairs",
        "豪华七小对",
        "×2 or ×4",
        methods=ALL_METHODS,
        methods_when=(ROBBED_SEVEN_PAIRS,),
        # Played only while the choice luxury_seven_pairs is not off (its value sets ×2 or ×4).
        played_when=(
            PlayedWhen(
                ("luxury_seven_pairs",),
                lambda options: options["luxury_seven_pairs"] != "off",
                "needs the house rule 'luxury_seven_pairs'.",
            ),
        ),
        from_tiles=True,
        meaning="Seven pairs holding four of a kind (not a declared kong) as two pairs; house rule "
        "luxury_seven_pairs sets its value.",
        value_zh="×2或×4",
    ),
)
LUXURY_OPTION = "luxury_seven_pairs"
LUXURY_FACTOR = {"x2": 2, "x4": 4}

SPECIAL_ORDER = tuple(spec.id for spec in PATTERNS)  # the ×2 items, in the order the ledger names them
SHAPE_ITEMS = frozenset(spec.id for spec in PATTERNS if spec.from_tiles)

# The stakes and bonuses that come from the record's facts (§5.2, §5.6).
FACT_ITEMS = load_fact_items(__package__)  # fact_items.json, beside this file

# The wild (混) is the face after the tile turned up (RULES §5.3): suits n → n+1 and 9 → 1, honours in one
# cycle E S W N 中 发 白, or winds and dragons (发 中 白) apart with honor_cycle=winds4_dragons3.
WILDS = Wilds(
    "wild",
    "Wild",
    "混",
    "anyone",
    drawn_only=False,
    succession=Succession(
        (*SUIT_CYCLES, "1234765z"),
        option="honor_cycle",
        otherwise=(("winds4_dragons3", (*SUIT_CYCLES, "1234z", "675z")),),
    ),
)

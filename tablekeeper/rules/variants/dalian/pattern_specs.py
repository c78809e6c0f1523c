"""Dalian Qionghu's pattern catalogue (RULES.md §1.6): each pattern with its value, what it excludes and the
house rules under which it is played, and the families of patterns the other modules read."""

from __future__ import annotations

from dataclasses import replace

from ...variant import DISCARD, SELF_DRAW, PatternSpec, PlayedWhen
from ..common.patterns import kong_bloom, last_tile, pure_terminals
from .option_specs import UNSCORABLE_ITEMS

TERMINAL_FAMILY = ("pure_terminals", "mixed_terminals", "outside_hand")  # highest first
TREASURE_PATTERNS = ("treasure_rush", "finding_treasure", "hidden_treasure")
FLOAT_PATTERNS = ("double_float", "single_float", "single_remaining", "mixed_terminals", "pure_terminals")


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

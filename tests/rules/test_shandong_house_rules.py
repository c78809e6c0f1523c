"""Shandong's regional house rules (RULES.md §9.5): each option's worked example, its refusals and its scope.

Table-driven and without a database: every row is a record settled with the options that differ from
the defaults, and the deltas the rule book works out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import check_options, get_variant, settle, table_rules
from tests.hypothesis_profiles import examples

from .helpers import discard, kong, robbed, self_draw, won
from .test_properties import records_for, states
from .test_reasons import assert_reasons_are_data

P0_DEALS = {"dealer": 0}
FOLDER = Path(__file__).resolve().parents[2] / "tablekeeper" / "rules" / "variants" / "shandong"

Row = tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]

# (what it shows, options, state, record, deltas P0..P3): the book's worked examples first, then the scope.
WORKED_EXAMPLES: list[Row] = [
    (
        "§9.5.1 honour pung and honour kong add a point each",
        {"honour_set_points": True},
        P0_DEALS,
        won(self_draw(1, "honour_pung"), kongs=[kong(1, "exposed", "1z", 2)]),
        [-16, 48, -16, -16],
    ),
    (
        "§9.5.2 a lone tile wait doubles, read from the tiles",
        {"da_diao_che": True},
        P0_DEALS,
        won(self_draw(2, tiles="[123m][456p][789s][777z]5p+5p")),
        [-20, -20, 60, -20],
    ),
    (
        "§9.5.3 a kong bloom doubles instead of adding a point",
        {"kong_bloom_value": "double"},
        P0_DEALS,
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "concealed", "9m")]),
        [-32, 96, -32, -32],
    ),
    (
        "§9.5.4 a flower bloom doubles",
        {"flower_bloom": True},
        P0_DEALS,
        won(self_draw(3, "flower_bloom", flowers=2)),
        [-28, -28, -28, 84],
    ),
    (
        "§9.5.5 the last tile doubles",
        {"last_tile_double": True},
        P0_DEALS,
        won(self_draw(1, "last_tile")),
        [-20, 60, -20, -20],
    ),
    (
        "§9.5.6 thirteen unrelated wins from the tiles, ×2",
        {"allow_thirteen_unrelated": True},
        P0_DEALS,
        won(self_draw(2, tiles="147m258p369s1234z+5z"), seats=[{}, {}, {"opened": False}, {}]),
        [-20, -20, 60, -20],
    ),
    (
        "§9.5.7 all eight flowers win by self-draw",
        {"flower_win": True},
        P0_DEALS,
        won(self_draw(0, "all_flowers", flowers=8)),
        [78, -26, -26, -26],
    ),
    (
        "§9.5.8 both seats' side bets are added after the multipliers",
        {"max_side_bet": 5},
        P0_DEALS,
        won(discard(2, 3), seats=[{}, {}, {"side_bet": 2}, {"side_bet": 1}]),
        [0, 0, 8, -8],
    ),
    (
        "§9.5.9 Jinan's values: self-draw ×1, pure one suit ×4 and no points",
        {"value_table": "jinan"},
        P0_DEALS,
        won(self_draw(1, "pure_one_suit")),
        [-20, 60, -20, -20],
    ),
    (
        "§9.5.10 the dealer is never penalised for drawn hands",
        {"dealer_draw_penalty": "none"},
        {"dealer": 0, "draw_streak": 2, "previous": "draw"},
        {"result": "draw"},
        [0, 0, 0, 0],
    ),
    (
        "§9.5.11 a bloom on a fed kong is paid by all three when the feeder is not liable",
        {"kong_feeder_liable": False},
        P0_DEALS,
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", "6p", 3)]),
        [-14, 42, -14, -14],
    ),
]

# The same records with the options left at the rule book's defaults (the seed's values, RULES §4.6).
SEED_VALUES: list[Row] = [
    ("§9.5.3 default: the bloom adds a point", {}, P0_DEALS, WORKED_EXAMPLES[2][3], [-18, 54, -18, -18]),
    (
        "§9.5.9 default: pure one suit (5+2)·(2·5)",
        {},
        P0_DEALS,
        won(self_draw(1, "pure_one_suit")),
        [-70, 210, -70, -70],
    ),
    (
        "§9.5.10 default: the dealer pays at the third draw",
        {},
        {"dealer": 0, "draw_streak": 2, "previous": "draw"},
        {"result": "draw"},
        [-3, 1, 1, 1],
    ),
    ("§9.5.11 default: the feeder pays all three shares", {}, P0_DEALS, WORKED_EXAMPLES[10][3], [0, 42, 0, -42]),
    (
        "§9.5.2 default: the same tiles without da_diao_che",
        {},
        P0_DEALS,
        won(self_draw(2, tiles="[123m][456p][789s][777z]5p+5p")),
        [-10, -10, 30, -10],
    ),
]

SCOPE: list[Row] = [
    (
        "§9.5.1 an honour pung read from the tiles: claimed 777z, and 111z held before the win",
        {"honour_set_points": True},
        P0_DEALS,
        won(self_draw(1, tiles="[777z][123m]111z456p5s+5s")),
        # (5 + 2 honour pungs) × self 2 = 14
        [-14, 42, -14, -14],
    ),
    (
        "§9.5.1 a pung completed by the winning tile is no honour pung",
        {"honour_set_points": True},
        P0_DEALS,
        won(discard(1, 3, tiles="123m456p789s11z55s+1z")),
        [0, 5, 0, -5],
    ),
    (
        "§9.5.1 a kong without a tile earns no honour point",
        {"honour_set_points": True},
        P0_DEALS,
        won(self_draw(1), kongs=[kong(1, "exposed", None, 2)]),
        [-12, 36, -12, -12],
    ),
    (
        "§9.5.1 an honour kong that is not the winner's earns nothing",
        {"honour_set_points": True},
        P0_DEALS,
        won(self_draw(1), kongs=[kong(2, "concealed", "5z")]),
        [-10, 30, -10, -10],
    ),
    (
        "§9.5.2 a lone tile wait on a discard doubles too",
        {"da_diao_che": True},
        P0_DEALS,
        won(discard(2, 0, "lone_tile_wait")),
        [-10, 0, 10, 0],
    ),
    (
        "§9.5.6 thirteen unrelated completed by a discard",
        {"allow_thirteen_unrelated": True},
        P0_DEALS,
        won(discard(2, 1, tiles="147m258p369s1235z+6z")),
        [0, -10, 10, 0],
    ),
    (
        "§9.5.7 all flowers keeps the kong points",
        {"flower_win": True},
        P0_DEALS,
        won(self_draw(0, "all_flowers", flowers=8), kongs=[kong(0, "concealed", "3s")]),
        # (5 + 8 + 3) × 2 = 32
        [96, -32, -32, -32],
    ),
    (
        "§9.5.7 all flowers with tiles of no shape: only their count is checked",
        {"flower_win": True},
        P0_DEALS,
        won(self_draw(0, "all_flowers", flowers=8, tiles="13579m13579p135s+7z")),
        [78, -26, -26, -26],
    ),
    (
        "§9.5.8 a self-draw: each share adds the winner's and that payer's side bets",
        {"max_side_bet": 5},
        P0_DEALS,
        won(self_draw(1), seats=[{"side_bet": 1}, {"side_bet": 3}, {}, {"side_bet": 5}]),
        # 10 each, + the winner's 3 + the payer's own bet
        [-14, 45, -13, -18],
    ),
    (
        "§9.5.8 a liable player pays the discarder's side bet, not their own",
        {"max_side_bet": 5},
        P0_DEALS,
        won(
            discard(2, 3, liable=0, tiles="[333m][444p][555s]678s8p+8p"),
            seats=[{"side_bet": 5}, {}, {"side_bet": 2}, {"side_bet": 1}],
        ),
        # 5, + the winner's 2 + the discarder's 1
        [-8, 0, 8, 0],
    ),
    (
        "§9.5.8 a robbed declarer paying three shares adds each of the three's side bets",
        {"max_side_bet": 5, "rob_kong_payer": "declarer_pays_three"},
        P0_DEALS,
        won(robbed(2, 3), seats=[{"side_bet": 1}, {}, {"side_bet": 2}, {"side_bet": 3}]),
        # 3 × 5 + (2 + 1) + (2 + 0) + (2 + 3)
        [0, 0, 25, -25],
    ),
    (
        "§9.5.8 side bets come after the cap and the Ming Lou double",
        {"max_side_bet": 5, "cap": 2},
        P0_DEALS,
        won(discard(2, 3, "all_triplets"), seats=[{}, {}, {"side_bet": 2}, {"side_bet": 1, "ready": "ming"}]),
        # (5 + 2) × min(2, 2) = 14, Ming Lou discarder ×2 = 28, + 3
        [0, 0, 31, -31],
    ),
    (
        "§9.5.8 several winners on one discard each add their own side bets",
        {"max_side_bet": 5},
        P0_DEALS,
        won(discard(0, 3), discard(1, 3), seats=[{"side_bet": 1}, {"side_bet": 2}, {}, {"side_bet": 3}]),
        [9, 10, 0, -19],
    ),
    (
        "§9.5.8 a kong feeder pays the three seats' side bets",
        {"max_side_bet": 5},
        P0_DEALS,
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", "6p", 3)], seats=[{}, {"side_bet": 1}, {}, {}]),
        # 3 × 14 + 3 × 1
        [0, 45, 0, -45],
    ),
    (
        "§9.5.9 Jinan: luxury seven pairs is ×4 with no points, self-draw ×1",
        {"value_table": "jinan"},
        P0_DEALS,
        won(self_draw(1, "luxury_seven_pairs")),
        [-20, 60, -20, -20],
    ),
    (
        "§9.5.9 Jinan: seven pairs comes first of the shape items, all generals does not double it",
        {"value_table": "jinan", "all_generals_free_form": True},
        P0_DEALS,
        won(discard(1, 0, "seven_pairs", "all_generals")),
        [-10, 10, 0, 0],
    ),
    (
        "§9.5.9 Jinan: all triplets ×2 and mixed one suit ×2, no points",
        {"value_table": "jinan"},
        P0_DEALS,
        won(discard(1, 0, "all_triplets", "mixed_one_suit")),
        [-20, 20, 0, 0],
    ),
    (
        "§9.5.9 Jinan: flowers and kong points stay",
        {"value_table": "jinan"},
        P0_DEALS,
        won(discard(1, 0, "all_generals", flowers=1), kongs=[kong(1, "concealed", "2m")]),
        # (5 + 1 + 3) × 2 = 18
        [-18, 18, 0, 0],
    ),
    (
        "§9.5.3 with Jinan's values the bloom still doubles and adds no point",
        {"value_table": "jinan", "kong_bloom_value": "double"},
        P0_DEALS,
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "concealed", "9m")]),
        # (5 + 3) × 2
        [-16, 48, -16, -16],
    ),
    (
        "§9.5.10 none also spares the dealer from the fourth draw on",
        {"dealer_draw_penalty": "none"},
        {"dealer": 0, "draw_streak": 5, "previous": "draw"},
        {"result": "draw"},
        [0, 0, 0, 0],
    ),
    (
        "§9.5.11 a liable player still pays everything when the feeder is not liable",
        {"kong_feeder_liable": False},
        P0_DEALS,
        won(
            self_draw(1, "kong_bloom", liable=2, tiles="[6666p][333m][444s]555s8m+8m"),
            kongs=[kong(1, "exposed", "6p", 3)],
        ),
        # (5 + 1 + 1 + 2) × 2 × 2 (all triplets) = 36 per share
        [0, 108, -108, 0],
    ),
]


@pytest.mark.parametrize(
    ("options", "state", "hand", "deltas"),
    [row[1:] for row in [*WORKED_EXAMPLES, *SEED_VALUES, *SCOPE]],
    ids=[row[0] for row in [*WORKED_EXAMPLES, *SEED_VALUES, *SCOPE]],
)
def test_each_house_rule_settles_as_the_rule_book_works_it(
    options: dict[str, Any], state: dict[str, Any], hand: dict[str, Any], deltas: list[int]
) -> None:
    result = settle("shandong", hand, state, options)

    assert result["ok"], result["errors"]
    assert result["deltas"] == deltas
    assert sum(result["deltas"]) + result["pot_delta"] == 0


def test_a_drawn_hand_without_the_penalty_still_counts_the_draws() -> None:
    result = settle("shandong", {"result": "draw"}, {"dealer": 0, "draw_streak": 2}, {"dealer_draw_penalty": "none"})

    assert result["state"]["draw_streak"] == 3


# (what it shows, options, record, the refusal's code, its field, and its contradiction id or None).
REFUSALS: list[tuple[str, dict[str, Any], dict[str, Any], str, str, str | None]] = [
    *(
        (
            f"{pattern} needs its house rule",
            {},
            won(self_draw(1, pattern)),
            "pattern_not_allowed",
            "wins.0.patterns.0",
            None,
        )
        for pattern in (
            "honour_pung",
            "lone_tile_wait",
            "flower_bloom",
            "last_tile",
            "thirteen_unrelated",
            "all_flowers",
        )
    ),
    (
        "a flower bloom on a discard",
        {"flower_bloom": True},
        won(discard(1, 0, "flower_bloom", flowers=1)),
        "pattern_method_conflict",
        "wins.0.patterns.0",
        None,
    ),
    (
        "a last tile on a discard",
        {"last_tile_double": True},
        won(discard(1, 0, "last_tile")),
        "pattern_method_conflict",
        "wins.0.patterns.0",
        None,
    ),
    (
        "all flowers on a discard",
        {"flower_win": True},
        won(discard(1, 0, "all_flowers", flowers=8)),
        "pattern_method_conflict",
        "wins.0.patterns.0",
        None,
    ),
    (
        "a flower bloom and a kong bloom together",
        {"flower_bloom": True},
        won(self_draw(1, "kong_bloom", "flower_bloom", flowers=1), kongs=[kong(1, "concealed", "9m")]),
        "patterns_exclusive",
        "wins.0.patterns.1",
        None,
    ),
    (
        "a flower bloom without a flower",
        {"flower_bloom": True},
        won(self_draw(1, "flower_bloom")),
        "contradictory_facts",
        "wins.0.patterns.0",
        "flower_bloom_without_flower",
    ),
    (
        "all flowers with seven",
        {"flower_win": True},
        won(self_draw(1, "all_flowers", flowers=7)),
        "contradictory_facts",
        "wins.0.patterns.0",
        "all_flowers_without_eight",
    ),
    (
        "all flowers with a shape pattern",
        {"flower_win": True},
        won(self_draw(1, "all_flowers", "all_triplets", flowers=8)),
        "patterns_exclusive",
        "wins.0.patterns.1",
        None,
    ),
    (
        "all flowers with tiles that are not fourteen (the notation counts them)",
        {"flower_win": True},
        won(self_draw(1, "all_flowers", flowers=8, tiles="13579m13579p13s+7z")),
        "tiles_notation",
        "wins.0.tiles",
        None,
    ),
    (
        "a lone tile wait with seven pairs",
        {"da_diao_che": True},
        won(self_draw(1, "seven_pairs", "lone_tile_wait")),
        "patterns_exclusive",
        "wins.0.patterns.1",
        None,
    ),
    (
        "a lone tile wait the tiles do not show",
        {"da_diao_che": True},
        won(self_draw(1, "lone_tile_wait", tiles="[123m][456p]789s777z5p+5p")),
        "pattern_contradicts_tiles",
        "wins.0.patterns.0",
        None,
    ),
    (
        "a lone tile wait on a pair that breaks the 258 rule",
        {"da_diao_che": True},
        won(self_draw(1, tiles="[123m][456p][789s][777z]4p+4p")),
        "win_requirement",
        "wins.0.tiles",
        None,
    ),
    (
        "thirteen unrelated with all triplets",
        {"allow_thirteen_unrelated": True},
        won(self_draw(1, "thirteen_unrelated", "all_triplets")),
        "patterns_exclusive",
        "wins.0.patterns.1",
        None,
    ),
    (
        "thirteen unrelated with a kong",
        {"allow_thirteen_unrelated": True},
        won(self_draw(1, "thirteen_unrelated"), kongs=[kong(1, "concealed", "9m")]),
        "contradictory_facts",
        "wins.0.patterns.0",
        "kong_on_kongless_hand",
    ),
    (
        "thirteen unrelated tiles with the same suit twice",
        {"allow_thirteen_unrelated": True},
        won(self_draw(1, tiles="147m258m369s1234z+5z")),
        "tiles_not_a_win",
        "wins.0.tiles",
        None,
    ),
    (
        "thirteen unrelated tiles with a repeated honour",
        {"allow_thirteen_unrelated": True},
        won(self_draw(1, tiles="147m258p369s1233z+5z")),
        "tiles_not_a_win",
        "wins.0.tiles",
        None,
    ),
    (
        "thirteen unrelated tiles without the house rule",
        {},
        won(self_draw(1, tiles="147m258p369s1234z+5z")),
        "tiles_not_a_win",
        "wins.0.tiles",
        None,
    ),
    (
        "honour pungs ticked a different number of times than the tiles show",
        {"honour_set_points": True},
        won(self_draw(1, "honour_pung", "honour_pung", tiles="[777z][123m]456m456p5s+5s")),
        "pattern_contradicts_tiles",
        "wins.0.patterns.0",
        None,
    ),
    (
        "honour pungs and kongs beyond four sets",
        {"honour_set_points": True},
        won(
            self_draw(1, "honour_pung", "honour_pung", "kong_bloom"),
            kongs=[kong(1, "concealed", c) for c in ("1m", "2m", "3m")],
        ),
        "invalid_value",
        "wins.0.patterns.1",
        None,
    ),
    (
        "a side bet while the table plays without side bets",
        {},
        won(discard(2, 3), seats=[{}, {}, {"side_bet": 1}, {}]),
        "fact_not_in_variant",
        "seats.2.side_bet",
        None,
    ),
    (
        "a side bet above the table's maximum",
        {"max_side_bet": 3},
        won(discard(2, 3), seats=[{}, {}, {}, {"side_bet": 4}]),
        "invalid_value",
        "seats.3.side_bet",
        None,
    ),
]


@pytest.mark.parametrize(
    ("options", "hand", "code", "field", "contradiction"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_each_house_rule_refuses_what_it_rules_out(
    options: dict[str, Any], hand: dict[str, Any], code: str, field: str, contradiction: str | None
) -> None:
    result = settle("shandong", hand, P0_DEALS, options)

    assert not result["ok"]
    assert result["deltas"] == [0, 0, 0, 0]
    matching = [e for e in result["errors"] if e["code"] == code and e["field"] == field]
    assert matching, result["errors"]
    if contradiction is not None:
        assert matching[0]["contradiction"] == contradiction


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"max_side_bet": 11}, "invalid_option"),
        ({"max_side_bet": -1}, "invalid_option"),
        ({"value_table": "tuyoo"}, "invalid_option"),
        ({"kong_bloom_value": 2}, "invalid_option"),
        ({"dealer_draw_penalty": "never"}, "invalid_option"),
        ({"flower_win": "yes"}, "invalid_option"),
    ],
)
def test_a_house_rule_value_outside_its_choices_is_refused(options: dict[str, Any], problem: str) -> None:
    assert check_options("shandong", options)["errors"][0]["code"] == problem


def test_every_new_house_rule_defaults_to_the_seed_and_has_words_in_both_languages() -> None:
    described = get_variant("shandong")
    defaults = {option["key"]: option["default"] for option in described["options"]}
    assert {key: defaults[key] for key in SECTION_9_5_DEFAULTS} == SECTION_9_5_DEFAULTS
    assert "none" in next(o for o in described["options"] if o["key"] == "dealer_draw_penalty")["allowed"]
    words = {option["key"]: option for option in described["options"]}
    for key in SECTION_9_5_DEFAULTS:
        assert words[key]["label"]["zh"] and words[key]["label"]["en"], key


SECTION_9_5_DEFAULTS = {
    "honour_set_points": False,
    "da_diao_che": False,
    "kong_bloom_value": "point",
    "flower_bloom": False,
    "last_tile_double": False,
    "allow_thirteen_unrelated": False,
    "flower_win": False,
    "max_side_bet": 0,
    "value_table": "seed",
    "kong_feeder_liable": True,
}


def test_the_table_says_how_big_a_side_bet_may_be() -> None:
    assert table_rules("shandong", None)["max_side_bet"] == 0
    assert table_rules("shandong", {"max_side_bet": 5})["max_side_bet"] == 5
    assert table_rules("zhengzhou", None)["max_side_bet"] == 3
    assert table_rules("harbin", None)["max_side_bet"] == 0


def test_a_side_bet_line_names_every_stake_it_adds() -> None:
    result = settle("shandong", WORKED_EXAMPLES[7][3], P0_DEALS, {"max_side_bet": 5})

    line = next(line for line in result["lines"] if line["code"] == "win_points")
    assert line["params"]["stakes"] == [
        {"item": "side_bet", "seat": 2, "value": 2},
        {"item": "side_bet", "seat": 3, "value": 1},
    ]
    assert line["params"]["side_bets"] == 3
    assert line["params"]["share"] == 5 and line["amount"] == -8


PRESETS = json.loads((FOLDER / "presets.json").read_text(encoding="utf-8"))


def test_the_presets_are_the_rule_book_first_and_jinan() -> None:
    assert [preset["id"] for preset in PRESETS] == ["rule_book", "jinan_tuyoo"]
    assert PRESETS[0]["options"] == {}
    assert PRESETS[1]["name"] == {"zh": "济南·途游", "en": "Jinan (Tuyoo)"}


@pytest.mark.parametrize("preset", PRESETS, ids=[preset["id"] for preset in PRESETS])
def test_each_preset_passes_check_options(preset: dict[str, Any]) -> None:
    assert check_options("shandong", preset["options"]) == {"ok": True, "errors": []}


def test_the_jinan_preset_scores_a_self_drawn_pure_one_suit_with_a_side_bet_as_jinan_does() -> None:
    hand = won(self_draw(1, "pure_one_suit"), seats=[{"side_bet": 1}, {"side_bet": 3}, {}, {}])

    result = settle("shandong", hand, P0_DEALS, PRESETS[1]["options"])

    # base 1 × 清一色 4 = 4 per share, + 3 + each payer's bet
    assert result["deltas"] == [-8, 4 * 3 + 3 * 3 + 1, -7, -7]


@pytest.mark.parametrize(
    ("options", "state", "hand"),
    [row[1:4] for row in [*WORKED_EXAMPLES, *SCOPE]],
    ids=[row[0] for row in [*WORKED_EXAMPLES, *SCOPE]],
)
def test_every_number_item_and_seat_of_a_house_rules_lines_is_in_the_params(
    options: dict[str, Any], state: dict[str, Any], hand: dict[str, Any]
) -> None:
    assert_reasons_are_data("shandong", settle("shandong", hand, state, options))


SECTION_9_5_PATTERNS = [
    "honour_pung",
    "lone_tile_wait",
    "flower_bloom",
    "last_tile",
    "thirteen_unrelated",
    "all_flowers",
]
EVERY_OPTION_ON = {
    "honour_set_points": True,
    "da_diao_che": True,
    "kong_bloom_value": "double",
    "flower_bloom": True,
    "last_tile_double": True,
    "allow_thirteen_unrelated": True,
    "flower_win": True,
    "max_side_bet": 5,
    "value_table": "jinan",
    "dealer_draw_penalty": "none",
    "kong_feeder_liable": False,
}


@st.composite
def house_rule_hands(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A generated Shandong record with §9.5 patterns and side bets, and a table that plays them."""
    record = draw(records_for("shandong"))
    for win in record.get("wins", []):
        win["patterns"] = [*win["patterns"], *draw(st.lists(st.sampled_from(SECTION_9_5_PATTERNS), max_size=2))]
    for seat in record["seats"]:
        seat["side_bet"] = draw(st.integers(0, 5))
    options = draw(
        st.sampled_from([EVERY_OPTION_ON, PRESETS[1]["options"], {**EVERY_OPTION_ON, "value_table": "seed"}])
    )
    return record, options


@settings(max_examples=examples(150), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=house_rule_hands(), state=states())
def test_with_every_house_rule_on_a_hand_is_zero_sum_in_whole_numbers_and_a_refused_one_moves_nothing(
    hand: tuple[dict[str, Any], dict[str, Any]], state: dict[str, Any]
) -> None:
    record, options = hand
    result = settle("shandong", record, state, options)

    assert all(type(d) is int for d in result["deltas"])
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    if not result["ok"]:
        assert result["deltas"] == [0, 0, 0, 0] and result["state"] == state

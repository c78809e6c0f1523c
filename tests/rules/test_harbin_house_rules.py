"""Harbin's §9.4 house rules (RULES.md §9.4.1-9.4.7) and its city presets (§9.7), table-driven, no database.

Each option's worked example from the rule book settles as written, with its default beside it; then its scope
(what it leaves alone), the refusals it brings, and the presets. Seats are P0..P3, the dealer P0 throughout.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.rules import SettleResult, get_variant, settle

from .helpers import discard, errors_of, ok, robbed, self_draw, won
from .test_properties import PROPERTY_SETTINGS, records_for, states
from .test_reasons import assert_reasons_are_data

DEALER_P0 = {"dealer": 0}
READY_P3 = [{}, {}, {}, {"ready": "ready"}]
READY_P1 = [{}, {"ready": "ready"}, {}, {}]
# §9.4.1: 555m held, the fourth 5m completes 345m; waits 2m, 5m and 7z, so no clamp.
FOURTH_COPY = "[789p]34555m123s77z+5m"
# An exposed pung of 5m, and 5m the only wait, the middle of 456m: 刮大风 and a clamp.
FOURTH_COPY_ON_PUNG_CLAMP = "[555m][789p]46m123s77z+5m"
# §9.4.2: the 13 tiles wait on 3p alone, which completes 12→3.
EDGE_3 = "[123m][999s]567m77z12p+3p"
EDGE_7 = "[123m][999s]567m77z89p+7p"
# Waits 3p and 6p: an edge 3p that is no single wait.
EDGE_3_TWO_WAITS = "[123m][999s]12345p77z+3p"
# §9.4.3: the 13 tiles wait on 2p alone (the middle of 123p); the drawn treasure 5s stands for it.
SINGLE_WAIT_2P_TREASURE_5S = "[123m][999s]567m77z13p+5s"
# Waits 6s or 9s; the drawn treasure 5m stands for one of them.
TWO_WAITS_TREASURE_5M = "[123m][222p]345s78s11m+5m"

Case = tuple[str, dict[str, Any], dict[str, Any], list[int]]


def _settle(hand: dict[str, Any], options: dict[str, Any]) -> SettleResult:
    return settle("harbin", hand, DEALER_P0, options or None)


# -- the rule book's worked examples, each with the same hand under the defaults -----------------------------

WORKED: list[tuple[str, dict[str, Any], dict[str, Any], list[int], list[int]]] = [
    (
        "§9.4.1 刮大风: the discarded fourth 5m of a held 555m is worth 6 (default 平胡 1)",
        {"gua_da_feng": True},
        won(discard(2, 3, tiles=FOURTH_COPY), seats=READY_P3),
        [0, 0, 6, -6],
        [0, 0, 1, -1],
    ),
    (
        "§9.4.2 三七夹: a self-drawn 3p on 12p alone is a clamp, 2·2 each (default 2 each)",
        {"clamp_edge_37": True},
        won(self_draw(1, tiles=EDGE_3)),
        [-4, 12, -4, -4],
        [-2, 6, -2, -2],
    ),
    (
        "§9.4.3 宝中宝 on any single wait: the drawn treasure 5s for 2p is 12 each (default 摸宝 3 · clamp 2)",
        {"bao_zhong_bao_any_face": True},
        won(self_draw(2, tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s"),
        [-12, -12, 36, -12],
        [-6, -6, 18, -6],
    ),
    (
        "§9.4.4 包庄: the unready discarder P0 pays three shares of 1 (default 出冲 3, the same total)",
        {"bao_zhuang": True},
        won(discard(1, 0)),
        [-3, 3, 0, 0],
        [-3, 3, 0, 0],
    ),
    (
        "§9.4.5 抢杠谁赔: the ready declarer P1 alone pays 1 (default 2 from each)",
        {"rob_kong_payer": "declarer"},
        won(robbed(3, 1), seats=READY_P1),
        [0, -1, 0, 1],
        [-2, -2, -2, 6],
    ),
    (
        "§9.4.6 自摸番: a plain self-draw is 1 each (default 2)",
        {"self_draw_value": 1},
        won(self_draw(1)),
        [-1, 3, -1, -1],
        [-2, 6, -2, -2],
    ),
    (
        "§9.4.7 出冲: a discard from the unready P3 is 1 (default 3)",
        {"discarder_not_ready_value": 1},
        won(discard(2, 3)),
        [0, 0, 1, -1],
        [0, 0, 3, -3],
    ),
]


@pytest.mark.parametrize(
    ("options", "hand", "deltas", "default_deltas"),
    [pytest.param(*case[1:], id=case[0]) for case in WORKED],
)
def test_each_harbin_house_rule_settles_its_worked_example_and_the_default_stays_the_seed(
    options: dict[str, Any], hand: dict[str, Any], deltas: list[int], default_deltas: list[int]
) -> None:
    assert ok(_settle(hand, options))["deltas"] == deltas
    assert ok(_settle(hand, {}))["deltas"] == default_deltas


# -- what each option does beyond its example, and what it leaves alone (the scope table of §9.4) -------------

SCOPE: list[Case] = [
    # 刮大风
    (
        "刮大风 on a self-draw is 6 from each",
        {"gua_da_feng": True},
        won(self_draw(1, tiles=FOURTH_COPY)),
        [-6, 18, -6, -6],
    ),
    (
        "刮大风 self-drawn stacks the self-draw ×2 with harbin_treasure_stacks_with_self_draw",
        {"gua_da_feng": True, "harbin_treasure_stacks_with_self_draw": True},
        won(self_draw(1, tiles=FOURTH_COPY)),
        [-12, 36, -12, -12],
    ),
    (
        "刮大风 on a discard does not stack",
        {"gua_da_feng": True, "harbin_treasure_stacks_with_self_draw": True},
        won(discard(2, 3, tiles=FOURTH_COPY), seats=READY_P3),
        [0, 0, 6, -6],
    ),
    (
        "刮大风 on an unready discarder is 6, not 出冲 3",
        {"gua_da_feng": True},
        won(discard(2, 3, tiles=FOURTH_COPY)),
        [0, 0, 6, -6],
    ),
    (
        "刮大风 on an exposed pung, with a clamp, is 6·2",
        {"gua_da_feng": True},
        won(discard(2, 3, tiles=FOURTH_COPY_ON_PUNG_CLAMP), seats=READY_P3),
        [0, 0, 12, -12],
    ),
    (
        "the same pung hand without the house rule is a clamped 平胡",
        {},
        won(discard(2, 3, tiles=FOURTH_COPY_ON_PUNG_CLAMP), seats=READY_P3),
        [0, 0, 2, -2],
    ),
    (
        "a self-drawn treasure that is the fourth copy is 摸宝, not 刮大风",
        {"gua_da_feng": True},
        won(self_draw(1, tiles=FOURTH_COPY), treasure="5m"),
        [-3, 9, -3, -3],
    ),
    ("刮大风 ticked without tiles is 6", {"gua_da_feng": True}, won(discard(2, 3, "gua_da_feng")), [0, 0, 6, -6]),
    (
        "刮大风 with 包庄: three shares of 6",
        {"gua_da_feng": True, "bao_zhuang": True},
        won(discard(2, 3, "gua_da_feng")),
        [0, 0, 18, -18],
    ),
    (
        "刮大风 is unchanged by self_draw_value",
        {"gua_da_feng": True, "self_draw_value": 1},
        won(self_draw(1, "gua_da_feng")),
        [-6, 18, -6, -6],
    ),
    # 三七夹
    (
        "89→7 on a ready discarder is a clamp: 1·2",
        {"clamp_edge_37": True},
        won(discard(2, 3, tiles=EDGE_7), seats=READY_P3),
        [0, 0, 2, -2],
    ),
    ("89→7 without the house rule is no clamp", {}, won(discard(2, 3, tiles=EDGE_7), seats=READY_P3), [0, 0, 1, -1]),
    (
        "an edge 3 that is no single wait is no clamp",
        {"clamp_edge_37": True},
        won(self_draw(1, tiles=EDGE_3_TWO_WAITS)),
        [-2, 6, -2, -2],
    ),
    (
        "a ticked edge clamp is accepted",
        {"clamp_edge_37": True},
        won(self_draw(1, "clamp", tiles=EDGE_3)),
        [-4, 12, -4, -4],
    ),
    (
        "摸宝 with the treasure standing at 12→3 is clamped: 3·2",
        {"clamp_edge_37": True},
        won(self_draw(1, tiles="[123m][999s]567m77z12p+5s"), treasure="5s"),
        [-6, 18, -6, -6],
    ),
    (
        "the same 摸宝 without the house rule is 3",
        {},
        won(self_draw(1, tiles="[123m][999s]567m77z12p+5s"), treasure="5s"),
        [-3, 9, -3, -3],
    ),
    # 宝中宝 on any single wait
    (
        "a drawn treasure on two waits stays 摸宝",
        {"bao_zhong_bao_any_face": True},
        won(self_draw(1, tiles=TWO_WAITS_TREASURE_5M), treasure="5m"),
        [-3, 9, -3, -3],
    ),
    (
        "clamp_on_bao_zhong_bao doubles it: 24",
        {"bao_zhong_bao_any_face": True, "clamp_on_bao_zhong_bao": True},
        won(self_draw(2, tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s"),
        [-24, -24, 72, -24],
    ),
    (
        "the stacking rule doubles it: 24",
        {"bao_zhong_bao_any_face": True, "harbin_treasure_stacks_with_self_draw": True},
        won(self_draw(2, tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s"),
        [-24, -24, 72, -24],
    ),
    (
        "a discarded treasure is never 宝中宝: a clamped 平胡",
        {"bao_zhong_bao_any_face": True, "treasure_wild_on_discard": True},
        won(discard(2, 3, tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s", seats=READY_P3),
        [0, 0, 2, -2],
    ),
    # 包庄
    (
        "包庄 with dealer_double: the dealer-discarder's own share doubles, 2+1+1",
        {"bao_zhuang": True, "dealer_double": True},
        won(discard(1, 0)),
        [-4, 4, 0, 0],
    ),
    ("出冲 with dealer_double instead: 3·2", {"dealer_double": True}, won(discard(1, 0)), [-6, 6, 0, 0]),
    (
        "包庄 with closed_double: the closed P2's share doubles, 1+2+1",
        {"bao_zhuang": True, "closed_double": True},
        won(discard(1, 0), seats=[{}, {}, {"opened": False}, {}]),
        [-4, 4, 0, 0],
    ),
    (
        "包庄 ignores discarder_not_ready_value",
        {"bao_zhuang": True, "discarder_not_ready_value": 1},
        won(discard(1, 0)),
        [-3, 3, 0, 0],
    ),
    (
        "a ready discarder pays alone under 包庄",
        {"bao_zhuang": True},
        won(discard(1, 0), seats=[{"ready": "ready"}, {}, {}, {}]),
        [-1, 1, 0, 0],
    ),
    ("包庄 shares are clamped: 3 × 1·2", {"bao_zhuang": True}, won(discard(1, 0, "clamp")), [-6, 6, 0, 0]),
    (
        "包庄 covers an unready robbed declarer under rob_kong_payer=declarer",
        {"bao_zhuang": True, "rob_kong_payer": "declarer"},
        won(robbed(3, 1)),
        [0, -3, 0, 3],
    ),
    ("包庄 leaves a robbed kong paid by all three", {"bao_zhuang": True}, won(robbed(3, 1)), [-2, -2, -2, 6]),
    ("包庄 leaves a self-draw", {"bao_zhuang": True}, won(self_draw(3)), [-2, -2, -2, 6]),
    # 抢杠谁赔
    (
        "an unready robbed declarer pays 出冲 3",
        {"rob_kong_payer": "declarer"},
        won(robbed(3, 1)),
        [0, -3, 0, 3],
    ),
    (
        "an unready robbed declarer pays discarder_not_ready_value",
        {"rob_kong_payer": "declarer", "discarder_not_ready_value": 1},
        won(robbed(3, 1)),
        [0, -1, 0, 1],
    ),
    (
        "a robbed declarer's payment is clamped: 1·2",
        {"rob_kong_payer": "declarer"},
        won(robbed(3, 1, "clamp"), seats=READY_P1),
        [0, -2, 0, 2],
    ),
    # 自摸番
    (
        "a robbed kong paid by all three follows self_draw_value",
        {"self_draw_value": 1},
        won(robbed(3, 1)),
        [-1, -1, -1, 3],
    ),
    ("a clamped self-draw is 1·2", {"self_draw_value": 1}, won(self_draw(1, "clamp")), [-2, 6, -2, -2]),
    ("摸宝 stays 3", {"self_draw_value": 1}, won(self_draw(1, "finding_treasure")), [-3, 9, -3, -3]),
    ("宝中宝 stays 12", {"self_draw_value": 1}, won(self_draw(1, "treasure_in_treasure")), [-12, 36, -12, -12]),
    (
        "the stacking ×2 on 摸宝 stays",
        {"self_draw_value": 1, "harbin_treasure_stacks_with_self_draw": True},
        won(self_draw(1, "finding_treasure")),
        [-6, 18, -6, -6],
    ),
    ("a discard win ignores self_draw_value", {"self_draw_value": 1}, won(discard(1, 0)), [-3, 3, 0, 0]),
    # 出冲
    ("a ready discarder stays 1", {"discarder_not_ready_value": 1}, won(discard(2, 3), seats=READY_P3), [0, 0, 1, -1]),
    ("出冲 1 is clamped: 1·2", {"discarder_not_ready_value": 1}, won(discard(2, 3, "clamp")), [0, 0, 2, -2]),
    (
        "a self-draw ignores discarder_not_ready_value",
        {"discarder_not_ready_value": 1},
        won(self_draw(2)),
        [-2, -2, 6, -2],
    ),
]


@pytest.mark.parametrize(("options", "hand", "deltas"), [pytest.param(*case[1:], id=case[0]) for case in SCOPE])
def test_each_harbin_house_rule_pays_as_its_scope_says(
    options: dict[str, Any], hand: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(_settle(hand, options))["deltas"] == deltas


@pytest.mark.parametrize(
    ("options", "hand"),
    [pytest.param(case[1], case[2], id=case[0]) for case in WORKED]
    + [pytest.param(case[1], case[2], id=case[0]) for case in SCOPE],
)
def test_every_line_of_a_harbin_house_rule_is_data_its_words_only_repeat(
    options: dict[str, Any], hand: dict[str, Any]
) -> None:
    assert_reasons_are_data("harbin", ok(_settle(hand, options)))


def test_the_tiles_show_gua_da_feng_and_the_lines_name_it() -> None:
    result = ok(_settle(won(discard(2, 3, tiles=FOURTH_COPY), seats=READY_P3), {"gua_da_feng": True}))

    proven = [line for line in result["lines"] if line["code"] == "tiles_prove"]
    assert proven and proven[0]["params"]["items"] == [{"item": "gua_da_feng", "count": 1}]
    payment = next(line for line in result["lines"] if line["code"] == "win_product")
    assert payment["params"]["factors"] == [{"item": "gua_da_feng", "factor": 6}]


def test_each_share_of_bao_zhuang_is_a_line_naming_whose_share_it_is() -> None:
    result = ok(_settle(won(discard(1, 0)), {"bao_zhuang": True, "closed_double": True}))

    payments = [line["params"] for line in result["lines"] if line["code"] == "win_product"]
    assert [p["payer"] for p in payments] == [0, 0, 0]
    shares = [next(f for f in p["factors"] if f["item"] == "bao_zhuang") for p in payments]
    assert [share["seat"] for share in shares] == [0, 2, 3]


# -- refusals ------------------------------------------------------------------------------------------------

REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], set[tuple[str, str | None]]]] = [
    (
        "刮大风 ticked while the house rule is off",
        {},
        won(discard(2, 3, "gua_da_feng")),
        {("pattern_not_allowed", "wins.0.patterns.0")},
    ),
    (
        "刮大风 on a robbed kong",
        {"gua_da_feng": True},
        won(robbed(2, 3, "gua_da_feng")),
        {("pattern_method_conflict", "wins.0.patterns.0")},
    ),
    (
        "刮大风 with 摸宝",
        {"gua_da_feng": True},
        won(self_draw(2, "gua_da_feng", "finding_treasure")),
        {("patterns_exclusive", "wins.0.patterns.1")},
    ),
    (
        "刮大风 ticked on tiles that do not hold three of the winning face",
        {"gua_da_feng": True},
        won(discard(2, 3, "gua_da_feng", tiles="[123m][222p]345s78s11m+6s"), seats=READY_P3),
        {("pattern_contradicts_tiles", "wins.0.patterns.0")},
    ),
    (
        "刮大风 ticked on a self-drawn treasure",
        {"gua_da_feng": True},
        won(self_draw(1, "gua_da_feng", tiles=FOURTH_COPY), treasure="5m"),
        {("pattern_contradicts_tiles", "wins.0.patterns.0")},
    ),
    (
        "an edge clamp ticked without clamp_edge_37",
        {},
        won(self_draw(1, "clamp", tiles=EDGE_3)),
        {("pattern_contradicts_tiles", "wins.0.patterns.0")},
    ),
    (
        "宝中宝 ticked on a wait other than the treasure without bao_zhong_bao_any_face",
        {},
        won(self_draw(2, "treasure_in_treasure", tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s"),
        {("pattern_contradicts_tiles", "wins.0.patterns.0")},
    ),
    ("self_draw_value 3", {"self_draw_value": 3}, won(self_draw(1)), {("invalid_option", "options.self_draw_value")}),
    (
        "discarder_not_ready_value 2",
        {"discarder_not_ready_value": 2},
        won(self_draw(1)),
        {("invalid_option", "options.discarder_not_ready_value")},
    ),
    (
        "rob_kong_payer three",
        {"rob_kong_payer": "declarer_pays_three"},
        won(self_draw(1)),
        {("invalid_option", "options.rob_kong_payer")},
    ),
    ("bao_zhuang not a bool", {"bao_zhuang": 1}, won(self_draw(1)), {("invalid_option", "options.bao_zhuang")}),
]


@pytest.mark.parametrize(("options", "hand", "errors"), [pytest.param(*case[1:], id=case[0]) for case in REFUSED])
def test_what_the_harbin_house_rules_refuse_moves_nothing(
    options: dict[str, Any], hand: dict[str, Any], errors: set[tuple[str, str | None]]
) -> None:
    assert errors_of(_settle(hand, options)) == errors


def test_a_bao_zhong_bao_ticked_on_any_single_wait_is_accepted_with_the_house_rule() -> None:
    hand = won(self_draw(2, "treasure_in_treasure", tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s")

    assert ok(_settle(hand, {"bao_zhong_bao_any_face": True}))["deltas"] == [-12, -12, 36, -12]


# -- the declaration: defaults, words in both languages, the new pattern ----------------------------------------

NEW_OPTIONS = {
    "gua_da_feng": False,
    "clamp_edge_37": False,
    "bao_zhong_bao_any_face": False,
    "bao_zhuang": False,
    "rob_kong_payer": "all",
    "self_draw_value": 2,
    "discarder_not_ready_value": 3,
}


def test_every_harbin_house_rule_of_the_rule_book_defaults_to_the_seed_and_has_words_in_both_languages() -> None:
    options = {option["key"]: option for option in get_variant("harbin")["options"]}

    for key, default in NEW_OPTIONS.items():
        option = options[key]
        assert option["default"] == default, key
        assert option["label"]["en"] and option["label"]["zh"] and option["plain"]["en"] and option["plain"]["zh"]
        for value in option["allowed"]:
            labels = option["value_labels"][json.dumps(value).strip('"')]
            assert labels["en"] and labels["zh"], (key, value)
    assert options["gua_da_feng"]["label"]["zh"] == "刮大风"
    assert options["rob_kong_payer"]["value_labels"]["declarer"]["zh"] == "被抢的一家"


def test_gua_da_feng_is_a_pattern_named_in_both_languages_that_exists_only_with_its_house_rule() -> None:
    patterns = {pattern["id"]: pattern for pattern in get_variant("harbin")["patterns"]}

    gua = patterns["gua_da_feng"]
    assert gua["name"] == {"en": "Win on the fourth copy", "zh": "刮大风"}
    assert gua["requires_option"] == "gua_da_feng" and gua["value"] == "6" and gua["from_tiles"]
    assert gua["methods"] == ["discard", "self_draw"]
    assert {"finding_treasure", "treasure_in_treasure"} <= set(gua["excludes"])


# -- invariants under every combination of the house rules --------------------------------------------------

HOUSE_RULES = st.fixed_dictionaries(
    {
        "gua_da_feng": st.booleans(),
        "clamp_edge_37": st.booleans(),
        "bao_zhong_bao_any_face": st.booleans(),
        "bao_zhuang": st.booleans(),
        "rob_kong_payer": st.sampled_from(["all", "declarer"]),
        "self_draw_value": st.sampled_from([2, 1]),
        "discarder_not_ready_value": st.sampled_from([3, 1]),
        "harbin_treasure_stacks_with_self_draw": st.booleans(),
        "dealer_double": st.booleans(),
        "closed_double": st.booleans(),
    }
)


@PROPERTY_SETTINGS
@given(options=HOUSE_RULES, record=records_for("harbin"), state=states(), tick_gua=st.booleans())
def test_every_harbin_house_rule_keeps_hands_zero_sum_in_whole_numbers_and_a_refused_one_moves_nothing(
    options: dict[str, Any], record: dict[str, Any], state: dict[str, Any], tick_gua: bool
) -> None:
    if tick_gua and record.get("wins"):
        record["wins"][0]["patterns"].append("gua_da_feng")
    result = settle("harbin", record, state, options)

    assert all(type(delta) is int for delta in result["deltas"]) and result["pot_delta"] == 0
    assert sum(result["deltas"]) == 0
    if not result["ok"]:
        assert result["errors"] and result["deltas"] == [0, 0, 0, 0] and result["state"] == state


# -- §9.4.3 without tiles (amended 2026-12-02): a ticked 卡当 is a single wait, so 摸宝 with it is 宝中宝 ---------

GO_SERVER = {
    "treasure_mode": "indicator",
    "harbin_treasure_stacks_with_self_draw": True,
    "treasure_wild_on_discard": True,
    "gua_da_feng": True,
    "clamp_edge_37": True,
    "bao_zhong_bao_any_face": True,
    "rob_kong_payer": "declarer",
    "self_draw_value": 1,
    "discarder_not_ready_value": 1,
}
NO_ANY_FACE = {**GO_SERVER, "bao_zhong_bao_any_face": False}

WITHOUT_TILES: list[Case] = [
    (
        "§9.4.3's example: 摸宝 + 卡当 at 哈尔滨·Go服 is 宝中宝 12 × self-draw 2 = 24 each",
        GO_SERVER,
        won(self_draw(2, "finding_treasure", "clamp")),
        [-24, -24, 72, -24],
    ),
    (
        "without the house rule it stays 摸宝 3 × self-draw 2 × clamp 2 = 12 each",
        NO_ANY_FACE,
        won(self_draw(2, "finding_treasure", "clamp")),
        [-12, -12, 36, -12],
    ),
    (
        "with clamp_on_bao_zhong_bao the clamp doubles the 宝中宝 too: 48 each",
        {**GO_SERVER, "clamp_on_bao_zhong_bao": True},
        won(self_draw(2, "finding_treasure", "clamp")),
        [-48, -48, 144, -48],
    ),
    (
        "摸宝 ticked alone may be any wait: 摸宝 3 × self-draw 2 = 6 each",
        GO_SERVER,
        won(self_draw(2, "finding_treasure")),
        [-6, -6, 18, -6],
    ),
    (
        "the seed's stacking off: 宝中宝 12 each",
        {"bao_zhong_bao_any_face": True},
        won(self_draw(1, "finding_treasure", "clamp")),
        [-12, 36, -12, -12],
    ),
]


@pytest.mark.parametrize(("options", "hand", "deltas"), [pytest.param(*case[1:], id=case[0]) for case in WITHOUT_TILES])
def test_a_ticked_treasure_with_a_clamp_is_treasure_within_treasure_where_any_single_wait_counts(
    options: dict[str, Any], hand: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(_settle(hand, options))["deltas"] == deltas


def _notes(result: SettleResult) -> list[str]:
    return [line["params"]["note"] for line in result["lines"] if line["code"] == "note"]


def _items(result: SettleResult) -> list[str]:
    return [f["item"] for line in result["lines"] if line["code"] == "win_product" for f in line["params"]["factors"]]


def test_a_treasure_with_a_clamp_scored_as_treasure_within_treasure_says_why() -> None:
    result = ok(_settle(won(self_draw(2, "finding_treasure", "clamp")), GO_SERVER))

    assert "single_wait_treasure" in _notes(result)
    assert "treasure_in_treasure" in _items(result) and "finding_treasure" not in _items(result)
    assert "single_wait_treasure" not in _notes(
        ok(_settle(won(self_draw(2, "finding_treasure", "clamp")), NO_ANY_FACE))
    )


def test_the_tiles_still_decide_a_treasure_ticked_with_a_clamp() -> None:
    # The tiles wait on 2p alone: 宝中宝 from the tiles, with no note about the tick.
    hand = won(self_draw(2, "finding_treasure", "clamp", tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s")
    result = ok(_settle(hand, GO_SERVER))

    assert result["deltas"] == [-24, -24, 72, -24]
    assert "single_wait_treasure" not in _notes(result)


def test_a_self_draw_that_stacks_on_a_treasure_win_says_so_and_a_plain_self_draw_does_not() -> None:
    treasure = ok(_settle(won(self_draw(1, "finding_treasure")), GO_SERVER))
    plain = ok(_settle(won(self_draw(1)), GO_SERVER))

    assert "self_draw_stacks" in _notes(treasure) and "self_draw" in _items(treasure)
    assert "self_draw_stacks" not in _notes(plain)
    assert "self_draw_stacks" not in _notes(ok(_settle(won(self_draw(1, "finding_treasure")), {})))

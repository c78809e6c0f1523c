"""Harbin records the engine refuses, its catalogue (RULES.md §0.2, §3), and the zero-sum invariant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle
from tests.hypothesis_profiles import examples

from .harbin_helpers import CLAMP_HAND, PAIR_WAIT, closed, harbin_errors, harbin_problems
from .helpers import discard, robbed, self_draw, won

REJECTIONS = [
    ("closed_winner", won(self_draw(1), seats=closed(1)), ("win_requirement", "seats.1.opened")),
    ("treasure_outside_the_tile_set", won(self_draw(1), treasure="1z"), ("tiles_not_in_set", "treasure")),
    (
        "kong_outside_the_tile_set",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "concealed", "tile": "5z"}]),
        ("tiles_not_in_set", "kongs.0.tile"),
    ),
    ("four_kongs", won(self_draw(1), kongs=[{"seat": 1, "kind": "concealed"}] * 4), ("win_requirement", "kongs")),
    (
        "finding_treasure_on_a_discard",
        won(discard(1, 2, "finding_treasure")),
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "both_treasure_wins",
        won(self_draw(1, "finding_treasure", "treasure_in_treasure")),
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "open_ready_is_not_harbin",
        won(self_draw(1), seats=[{}, {"ready": "ming"}, {}, {}]),
        ("fact_not_in_variant", "seats.1.ready"),
    ),
    ("no_dice_double", won(self_draw(1), dice_double=True), ("fact_not_in_variant", "dice_double")),
    ("one_winner_only", won(discard(1, 3), discard(2, 3)), ("multiple_winners_not_allowed", "wins")),
    (
        "no_false_win_penalty",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 1}]},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    (
        "no_special_sets",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "dragon_set"}]),
        ("fact_not_in_variant", "kongs.0.kind"),
    ),
]


@pytest.mark.parametrize(("hand", "error"), [c[1:] for c in REJECTIONS], ids=[c[0] for c in REJECTIONS])
def test_records_harbin_cannot_score_are_rejected(hand: dict[str, Any], error: tuple[str, str]) -> None:
    assert error in [(code, field) for code, field, _ in harbin_problems(hand)]


def test_the_catalogue_declares_every_option_and_pattern_of_the_rule_book() -> None:
    described = get_variant("harbin")

    assert {
        "base",
        "starting_points",
        "treasure_mode",
        "clamp_on_bao_zhong_bao",
        "harbin_treasure_stacks_with_self_draw",
        "dealer_double",
        "closed_double",
        "reserve_tiles",
    } <= {option["key"] for option in described["options"]}
    assert {p["id"] for p in described["patterns"]} == {
        "clamp",
        "finding_treasure",
        "treasure_in_treasure",
        "gua_da_feng",  # §9.4.1, only while its house rule is on
    }
    assert described["default_base"] == 1 and described["uses_treasure"]


# -- invariants ------------------------------------------------------------------------------


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result}
    if result == "win":
        seat = draw(st.integers(0, 3))
        method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
        patterns = draw(st.lists(st.sampled_from(["clamp", "finding_treasure", "treasure_in_treasure"]), max_size=2))
        entry: dict[str, Any] = {"seat": seat, "method": method, "patterns": patterns}
        if method != "self_draw":
            entry["from"] = draw(st.integers(0, 3).filter(lambda s: s != seat))
        record["wins"] = [entry]
    record["seats"] = [
        {"opened": draw(st.booleans()), "ready": draw(st.sampled_from(["none", "ready"]))} for _ in range(4)
    ]
    return record


@settings(max_examples=examples(300), deadline=None)
@given(
    records(),
    st.integers(0, 3),
    st.fixed_dictionaries(
        {
            "dealer_double": st.booleans(),
            "closed_double": st.booleans(),
            "harbin_treasure_stacks_with_self_draw": st.booleans(),
            "clamp_on_bao_zhong_bao": st.booleans(),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, options: dict[str, Any]
) -> None:
    result = settle("harbin", record, {"dealer": dealer}, options)

    if result["ok"]:
        assert all(isinstance(d, int) for d in result["deltas"])
        assert sum(result["deltas"]) == 0 and result["pot_delta"] == 0
    else:
        assert result["deltas"] == [0, 0, 0, 0] and result["state"]["dealer"] == dealer


# -- more records Harbin refuses (§0.2, §3.4-§3.6), its options and its catalogue ------------------


# (id, hand, options, one expected (code, field))
REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("no_terminal", won(self_draw(1, tiles="[234m][222p] 345s 68s 55m +7s")), {}, ("win_requirement", "wins.0.tiles")),
    # 中 is not a suit: characters alone are one suit.
    (
        "one_suit_and_red",
        won(self_draw(1, tiles="[123m][777z] 456m 789m 5m +5m")),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "a_concealed_kong_as_the_fourth_set_aside",
        won(self_draw(1, tiles="[123m][222p][345s](9999m) 1s +1s")),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "finding_the_treasure_on_a_robbed_kong",
        won(robbed(1, 2, "finding_treasure")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "treasure_in_treasure_on_a_discard",
        won(discard(1, 2, "treasure_in_treasure")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "treasure_in_treasure_before_finding_the_treasure",
        won(self_draw(1, "treasure_in_treasure", "finding_treasure")),
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    ("a_clamp_twice", won(self_draw(1, "clamp", "clamp")), {}, ("pattern_repeated", "wins.0.patterns.1")),
    (
        "a_revealed_tile_penalty",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 1, "count": 1}]},
        {},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    (
        "four_same_discards",
        {"result": "draw", "penalties": [{"kind": "four_same_discards", "seat": 1}]},
        {},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    ("a_liable_player", won(self_draw(1), liable=2), {}, ("fact_not_in_variant", "liable")),
    ("flowers", won(self_draw(1, flowers=1)), {}, ("fact_not_in_variant", "wins.0.flowers")),
    (
        "a_side_bet",
        won(self_draw(1), seats=[{}, {"side_bet": 2}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.1.side_bet"),
    ),
    (
        "an_east_wind",
        won(self_draw(1, tiles="[123m][111z] 456p 789s 1p +1p")),
        {},
        ("tiles_not_in_set", "wins.0.tiles"),
    ),
    (
        "a_white_dragon_treasure",
        won(self_draw(1, "finding_treasure"), treasure="5z"),
        {},
        ("tiles_not_in_set", "treasure"),
    ),
    ("a_shenyang_option", won(self_draw(1)), {"ron_payers": "all"}, ("unknown_option", "options.ron_payers")),
    ("treasure_mode_both", won(self_draw(1)), {"treasure_mode": "both"}, ("invalid_option", "options.treasure_mode")),
    (
        "a_clamp_on_a_pair_wait",
        won(self_draw(1, "clamp", tiles=f"{PAIR_WAIT} +5s")),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    # The treasure 3m is not what the hand waited on (5s): 摸宝, not 宝中宝.
    (
        "treasure_in_treasure_when_the_wild_stands_for_another_tile",
        won(self_draw(1, "treasure_in_treasure", tiles=f"{PAIR_WAIT} +3m"), treasure="3m"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "a_clamp_for_a_wild_on_a_discard_without_the_house_rule",
        won(discard(1, 2, tiles=f"{CLAMP_HAND} +4p"), treasure="4p"),
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
]


@pytest.mark.parametrize(("hand", "options", "error"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_records_that_break_a_harbin_rule_are_refused_and_move_nothing(
    hand: dict[str, Any], options: dict[str, Any], error: tuple[str, str]
) -> None:
    assert error in harbin_errors(hand, {"dealer": 0}, **options)


RULE_BOOK_DEFAULTS = {
    "base": 1,
    "starting_points": 100,
    "treasure_mode": "successor",
    "clamp_on_bao_zhong_bao": False,
    "harbin_treasure_stacks_with_self_draw": False,
    "dealer_double": False,
    "closed_double": False,
    "reserve_tiles": 0,
    "treasure_wild_on_discard": False,
    "allow_chow_ready": True,
}


def test_every_option_defaults_to_the_rule_book_and_says_what_it_means() -> None:
    described = get_variant("harbin")
    options = {option["key"]: option for option in described["options"]}

    assert {key: options[key]["default"] for key in RULE_BOOK_DEFAULTS} == RULE_BOOK_DEFAULTS
    assert options["treasure_mode"]["allowed"] == ["successor", "indicator"]
    assert all(len(option["meaning"]) > 20 for option in options.values())
    assert (described["default_base"], described["default_starting_points"]) == (1, 100)
    assert described["kong_kinds"] == ["added", "concealed", "exposed"]


# (pattern, methods, excludes)
CATALOGUE = [
    ("clamp", ["discard", "rob_kong", "self_draw"], []),
    ("finding_treasure", ["self_draw"], ["treasure_in_treasure"]),
    ("treasure_in_treasure", ["self_draw"], ["finding_treasure"]),
]


@pytest.mark.parametrize(("pattern_id", "methods", "excludes"), CATALOGUE)
def test_each_pattern_names_the_methods_it_needs_and_what_it_excludes(
    pattern_id: str, methods: list[str], excludes: list[str]
) -> None:
    pattern = next(p for p in get_variant("harbin")["patterns"] if p["id"] == pattern_id)

    assert (pattern["methods"], pattern["excludes"], pattern["repeatable"]) == (methods, excludes, False)

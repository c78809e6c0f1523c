"""Harbin (RULES.md §3, §7.3): every figure below is worked by hand from the rule book.

amount(p) = base 1 × V × (clamp ? 2 : 1); V is 1 (ready discarder), 3 (discarder not ready),
2 (self-draw, robbing a kong), 3 (摸宝) or 12 (宝中宝). P0 deals unless a case says otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle

EXAMPLES = [
    case
    for case in json.loads((Path(__file__).parent / "data" / "examples.json").read_text(encoding="utf-8"))["cases"]
    if case["variant"] == "harbin"
]


def win(
    seat: int, method: str = "self_draw", source: int | None = None, *patterns: str, **extra: Any
) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "method": method, "patterns": list(patterns), **extra}
    if source is not None:
        entry["from"] = source
    return entry


def won(*wins: dict[str, Any], **facts: Any) -> dict[str, Any]:
    return {"result": "win", "wins": list(wins), **facts}


def ready(*seats: int) -> list[dict[str, Any]]:
    return [{"ready": "ready" if seat in seats else "none"} for seat in range(4)]


def closed(*seats: int) -> list[dict[str, Any]]:
    return [{"opened": seat not in seats} for seat in range(4)]


def ok(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    result = settle("harbin", hand, state, options or None)
    assert result["ok"], result["errors"]
    assert sum(result["deltas"]) == 0 and result["pot_delta"] == 0
    return result


def errors_of(hand: dict[str, Any], **options: Any) -> list[tuple[str, str, str]]:
    result = settle("harbin", hand, {"dealer": 0}, options or None)
    assert not result["ok"]
    assert result["deltas"] == [0, 0, 0, 0] and result["state"]["dealer"] == 0
    return [(error["code"], error["field"], error["message"]) for error in result["errors"]]


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_the_rule_books_harbin_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(case["hand"], case.get("state"), **case.get("options", {}))

    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert result["state"][key] == value


WIN_VALUES = [
    ("standard_win_on_a_ready_discarder", won(win(1, "discard", 2), seats=ready(2)), {}, [0, 1, -1, 0]),
    ("discarder_not_ready_pays_3", won(win(1, "discard", 2)), {}, [0, 3, -3, 0]),
    ("not_ready_with_clamp", won(win(1, "discard", 2, "clamp")), {}, [0, 6, -6, 0]),
    ("self_draw_2_from_each", won(win(1)), {}, [-2, 6, -2, -2]),
    ("self_draw_clamp", won(win(1, "self_draw", None, "clamp")), {}, [-4, 12, -4, -4]),
    # Robbing a kong counts as a self-draw: all three pay 2, the robbed player among them.
    ("robbing_a_kong", won(win(1, "rob_kong", 2)), {}, [-2, 6, -2, -2]),
    ("robbing_a_kong_clamp", won(win(1, "rob_kong", 2, "clamp")), {}, [-4, 12, -4, -4]),
    ("finding_the_treasure", won(win(1, "self_draw", None, "finding_treasure")), {}, [-3, 9, -3, -3]),
    ("finding_the_treasure_clamp", won(win(1, "self_draw", None, "finding_treasure", "clamp")), {}, [-6, 18, -6, -6]),
    # The clamp does not double 宝中宝 by default …
    (
        "treasure_in_treasure_ignores_clamp",
        won(win(1, "self_draw", None, "treasure_in_treasure", "clamp")),
        {},
        [-12, 36, -12, -12],
    ),
    # … but does with clamp_on_bao_zhong_bao: 12 × 2 = 24.
    (
        "clamp_on_bao_zhong_bao",
        won(win(1, "self_draw", None, "treasure_in_treasure", "clamp")),
        {"clamp_on_bao_zhong_bao": True},
        [-24, 72, -24, -24],
    ),
    # harbin_treasure_stacks_with_self_draw: 摸宝 3×2 = 6, with clamp 12; 宝中宝 12×2 = 24; self-draw clamp 2×2 = 4.
    (
        "stacked_finding_treasure",
        won(win(1, "self_draw", None, "finding_treasure")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-6, 18, -6, -6],
    ),
    (
        "stacked_finding_treasure_clamp",
        won(win(1, "self_draw", None, "finding_treasure", "clamp")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-12, 36, -12, -12],
    ),
    (
        "stacked_treasure_in_treasure",
        won(win(1, "self_draw", None, "treasure_in_treasure")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-24, 72, -24, -24],
    ),
    (
        "stacked_self_draw_clamp",
        won(win(1, "self_draw", None, "clamp")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-4, 12, -4, -4],
    ),
    ("base_2", won(win(1)), {"base": 2}, [-4, 12, -4, -4]),
    # dealer_double: the dealer pays 4, the others 2; when the dealer wins, everyone pays 4.
    ("dealer_double_dealer_pays", won(win(1)), {"dealer_double": True}, [-4, 8, -2, -2]),
    ("dealer_double_dealer_wins", won(win(0)), {"dealer_double": True}, [12, -4, -4, -4]),
    ("dealer_double_untouched", won(win(1, "discard", 2), seats=ready(2)), {"dealer_double": True}, [0, 1, -1, 0]),
    # closed_double: a closed payer pays ×2.
    ("closed_double_self_draw", won(win(1), seats=closed(3)), {"closed_double": True}, [-2, 8, -2, -4]),
    ("closed_double_discard", won(win(1, "discard", 2), seats=closed(2)), {"closed_double": True}, [0, 6, -6, 0]),
    ("closed_payer_without_the_option", won(win(1), seats=closed(3)), {}, [-2, 6, -2, -2]),
    # Both: closed dealer P0 pays 2 × 2 × 2 = 8.
    (
        "dealer_and_closed_double",
        won(win(1), seats=closed(0)),
        {"dealer_double": True, "closed_double": True},
        [-8, 12, -2, -2],
    ),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in WIN_VALUES], ids=[c[0] for c in WIN_VALUES])
def test_one_win_value_doubled_by_a_clamp_is_paid_by_the_right_players(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(hand, {"dealer": 0}, **options)["deltas"] == deltas


def test_a_winner_not_marked_ready_still_wins_and_is_told_why() -> None:
    result = ok(won(win(1)), None)

    assert any(line["code"] == "ready" for line in result["lines"])
    assert ok(won(win(1)), None)["deltas"] == ok(won(win(1), seats=ready(1)), None)["deltas"]


def test_the_reason_gives_the_arithmetic() -> None:
    texts = [line["text"] for line in ok(won(win(0, "discard", 1, "clamp")))["lines"]]

    assert "P1 pays 6 to P0: base 1 × discarder not ready 出冲 3 × clamp ×2 = 6" in texts


DEALER_BRANCHES = [
    ("dealer_wins_and_stays", won(win(0)), {"dealer": 0, "dealer_streak": 1}),
    ("the_winner_deals_next", won(win(3)), {"dealer": 3, "dealer_streak": 0}),
    ("draw_keeps_the_dealer", {"result": "draw"}, {"dealer": 0, "dealer_streak": 1, "draw_streak": 1}),
    ("void_changes_nothing", {"result": "void"}, {"dealer": 0, "dealer_streak": 0, "draw_streak": 0}),
]


@pytest.mark.parametrize(("hand", "expected"), [c[1:] for c in DEALER_BRANCHES], ids=[c[0] for c in DEALER_BRANCHES])
def test_the_winner_takes_the_deal(hand: dict[str, Any], expected: dict[str, int]) -> None:
    result = ok(hand, {"dealer": 0})

    assert {key: result["state"][key] for key in expected} == expected
    if hand["result"] != "win":
        assert result["deltas"] == [0, 0, 0, 0]


REJECTIONS = [
    ("closed_winner", won(win(1), seats=closed(1)), ("win_requirement", "seats.1.opened")),
    ("treasure_outside_the_tile_set", won(win(1), treasure="1z"), ("tiles_not_in_set", "treasure")),
    (
        "kong_outside_the_tile_set",
        won(win(1), kongs=[{"seat": 1, "kind": "concealed", "tile": "5z"}]),
        ("tiles_not_in_set", "kongs.0.tile"),
    ),
    ("four_kongs", won(win(1), kongs=[{"seat": 1, "kind": "concealed"}] * 4), ("win_requirement", "kongs")),
    (
        "finding_treasure_on_a_discard",
        won(win(1, "discard", 2, "finding_treasure")),
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "both_treasure_wins",
        won(win(1, "self_draw", None, "finding_treasure", "treasure_in_treasure")),
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "open_ready_is_not_harbin",
        won(win(1), seats=[{}, {"ready": "ming"}, {}, {}]),
        ("fact_not_in_variant", "seats.1.ready"),
    ),
    ("no_dice_double", won(win(1), dice_double=True), ("fact_not_in_variant", "dice_double")),
    ("one_winner_only", won(win(1, "discard", 3), win(2, "discard", 3)), ("multiple_winners_not_allowed", "wins")),
    (
        "no_false_win_penalty",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 1}]},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    (
        "no_special_sets",
        won(win(1), kongs=[{"seat": 1, "kind": "dragon_set"}]),
        ("fact_not_in_variant", "kongs.0.kind"),
    ),
]


@pytest.mark.parametrize(("hand", "error"), [c[1:] for c in REJECTIONS], ids=[c[0] for c in REJECTIONS])
def test_records_harbin_cannot_score_are_rejected(hand: dict[str, Any], error: tuple[str, str]) -> None:
    assert error in [(code, field) for code, field, _ in errors_of(hand)]


# -- tiles -----------------------------------------------------------------------------------

CLAMP_HAND = "[123m][222p] 345s 79s 11m"  # waits on 8s alone, the middle of 789s
TWO_SIDED = "[123m][222p] 345s 78s 11m"  # waits on 6s or 9s


def tiles_win(
    text: str, method: str = "self_draw", source: int | None = None, *patterns: str, **facts: Any
) -> dict[str, Any]:
    return won(win(1, method, source, *patterns, tiles=text), **facts)


TILE_WINS = [
    ("clamp_derived_on_a_self_draw", tiles_win(f"{CLAMP_HAND} +8s"), {}, [-4, 12, -4, -4]),
    ("two_sided_wait_is_no_clamp", tiles_win(f"{TWO_SIDED} +9s"), {}, [-2, 6, -2, -2]),
    # 12s waits on 3s alone, but at the edge: no clamp.
    ("edge_wait_is_no_clamp", tiles_win("[123m][222p] 345s 12s 99m +3s"), {}, [-2, 6, -2, -2]),
    # 3335s waits on 4s (middle) and 5s (333s + 55s): two waits, no clamp.
    ("middle_tile_with_a_second_wait", tiles_win("[123m][222p] 3335s 789m +4s"), {}, [-2, 6, -2, -2]),
    (
        "clamp_on_a_discard_from_a_ready_player",
        tiles_win(f"{CLAMP_HAND} +8s", "discard", 2, seats=ready(2)),
        {},
        [0, 2, -2, 0],
    ),
    # The drawn treasure 4p stands for 8s, the single middle wait: 摸宝 3 × clamp 2 = 6.
    ("finding_the_treasure_for_a_clamp", tiles_win(f"{CLAMP_HAND} +4p", treasure="4p"), {}, [-6, 18, -6, -6]),
    ("finding_the_treasure_on_a_two_sided_wait", tiles_win(f"{TWO_SIDED} +4p", treasure="4p"), {}, [-3, 9, -3, -3]),
    # The treasure 9s is also a natural wait: 摸宝 (3) pays more than a self-draw (2).
    ("treasure_that_is_also_a_wait", tiles_win(f"{TWO_SIDED} +9s", treasure="9s"), {}, [-3, 9, -3, -3]),
    # The treasure 8s is the single wait: 宝中宝 12; the clamp does not double it.
    ("treasure_in_treasure_from_the_tiles", tiles_win(f"{CLAMP_HAND} +8s", treasure="8s"), {}, [-12, 36, -12, -12]),
    (
        "treasure_in_treasure_with_clamp_option",
        tiles_win(f"{CLAMP_HAND} +8s", treasure="8s"),
        {"clamp_on_bao_zhong_bao": True},
        [-24, 72, -24, -24],
    ),
    # Ticked 摸宝 without the treasure's face: the drawn tile is wild whatever it shows.
    (
        "ticked_finding_treasure_without_a_face",
        tiles_win(f"{TWO_SIDED} +4p", "self_draw", None, "finding_treasure"),
        {},
        [-3, 9, -3, -3],
    ),
    # Ticked 摸宝, but the drawn tile is the single wait itself: the tiles prove 宝中宝.
    (
        "finding_treasure_upgraded",
        tiles_win(f"{CLAMP_HAND} +8s", "self_draw", None, "finding_treasure"),
        {},
        [-12, 36, -12, -12],
    ),
    # A discarded treasure counts at face value unless treasure_wild_on_discard; then 4p stands for 8s:
    # discarder not ready 3 × clamp 2 = 6.
    (
        "discarded_treasure_as_a_wild",
        tiles_win(f"{CLAMP_HAND} +4p", "discard", 2, treasure="4p"),
        {"treasure_wild_on_discard": True},
        [0, 6, -6, 0],
    ),
    # A Red Dragon counts as the terminal; the kong comes from the tiles.
    ("red_dragon_as_terminal", tiles_win("[2222p][234m] 345s 68s 77z +7s"), {}, [-4, 12, -4, -4]),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in TILE_WINS], ids=[c[0] for c in TILE_WINS])
def test_tiles_settle_the_clamp_and_the_treasure(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(hand, {"dealer": 0}, **options)["deltas"] == deltas


def test_derived_patterns_are_said_in_the_ledger() -> None:
    lines = [line["text"] for line in ok(tiles_win(f"{CLAMP_HAND} +4p", treasure="4p"))["lines"]]

    assert "The tiles show a clamp (卡当) for P1." in lines
    assert "The tiles show finding the treasure (摸宝) for P1." in lines


TILE_FAILURES = [
    (
        "three_failures_at_once",
        "[222p] 333p 444p 55p 66p +6p",
        [
            "needs at least one chow",
            "needs tiles of at least 2 suits (only dots)",
            "needs a terminal (1 or 9) or a Red Dragon",
        ],
    ),
    ("closed_hand", "123m 222p 345s 79s 11m +8s", ["needs an open hand: a chow, pung or kong claimed from a discard"]),
    (
        "four_melds",
        "[123m][222p][345s][111m] 9s +9s",
        ["may set aside at most three sets: four tiles must stay in hand (no 手把一)"],
    ),
]


@pytest.mark.parametrize(("tiles", "messages"), [c[1:] for c in TILE_FAILURES], ids=[c[0] for c in TILE_FAILURES])
def test_each_failing_win_requirement_is_named(tiles: str, messages: list[str]) -> None:
    assert errors_of(tiles_win(tiles)) == [("win_requirement", "wins.0.tiles", message) for message in messages]


def test_a_hand_without_a_pung_fails_that_requirement() -> None:
    assert errors_of(tiles_win("[123m] 456p 345s 789s 1m +1m")) == [
        ("win_requirement", "wins.0.tiles", "needs at least one pung or kong")
    ]


TILE_REJECTIONS = [
    ("bad_notation", tiles_win("[12m] 456p +1p"), ("tiles_notation", "wins.0.tiles")),
    ("honours_not_in_harbin", tiles_win("[123m][555z] 456p 789s 1p +1p"), ("tiles_not_in_set", "wins.0.tiles")),
    ("seven_pairs", tiles_win("11m 22m 99p 55p 11s 33s 7z +7z"), ("tiles_not_a_win", "wins.0.tiles")),
    (
        "discarded_treasure_is_face_value",
        tiles_win(f"{CLAMP_HAND} +4p", "discard", 2, treasure="4p"),
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    (
        "clamp_on_a_two_sided_wait",
        tiles_win(f"{TWO_SIDED} +9s", "self_draw", None, "clamp"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "treasure_in_treasure_on_a_two_sided_wait",
        tiles_win(f"{TWO_SIDED} +9s", "self_draw", None, "treasure_in_treasure", treasure="9s"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "treasure_pattern_on_another_tile",
        tiles_win(f"{CLAMP_HAND} +8s", "self_draw", None, "finding_treasure", treasure="4p"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "finding_treasure_that_cannot_win",
        tiles_win("[123m] 456p 345s 789s 1m +1m", "self_draw", None, "finding_treasure"),
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "kongs_disagree",
        tiles_win("[2222p][234m] 345s 68s 77z +7s", kongs=[{"seat": 1, "kind": "concealed", "tile": "2p"}]),
        ("contradictory_facts", "kongs"),
    ),
    (
        "closed_winner_with_melds",
        tiles_win(f"{CLAMP_HAND} +8s", seats=closed(1)),
        ("contradictory_facts", "seats.1.opened"),
    ),
    (
        "robbed_tile_in_hand",
        tiles_win("[123m][222p] 345s 78s 99m +9m", "rob_kong", 2),
        ("contradictory_facts", "wins.0.tiles"),
    ),
]


@pytest.mark.parametrize(("hand", "error"), [c[1:] for c in TILE_REJECTIONS], ids=[c[0] for c in TILE_REJECTIONS])
def test_tiles_that_break_the_rules_or_the_record_are_rejected(hand: dict[str, Any], error: tuple[str, str]) -> None:
    assert error in [(code, field) for code, field, _ in errors_of(hand)]


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
    assert {p["id"] for p in described["patterns"]} == {"clamp", "finding_treasure", "treasure_in_treasure"}
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


@settings(max_examples=300, deadline=None)
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

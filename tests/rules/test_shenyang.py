"""Shenyang (RULES.md §2, §7.2): every figure below is worked by hand from the rule book.

amount(p) = base 2 × W × Dlr(p) × Cls(p). P0 deals unless a case says otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, replay, settle

EXAMPLES = [
    case
    for case in json.loads((Path(__file__).parent / "data" / "examples.json").read_text(encoding="utf-8"))["cases"]
    if case["variant"] == "shenyang"
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


def closed(*seats: int) -> list[dict[str, Any]]:
    return [{"opened": seat not in seats} for seat in range(4)]


def ok(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    result = settle("shenyang", hand, state, options or None)
    assert result["ok"], result["errors"]
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    return result


def rejected(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> list[tuple[str, str]]:
    result = settle("shenyang", hand, state, options or None)
    assert not result["ok"]
    assert result["deltas"] == [0, 0, 0, 0] and result["pot_delta"] == 0
    return [(error["code"], error["field"]) for error in result["errors"]]


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_the_rule_books_shenyang_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(case["hand"], case.get("state"), **case.get("options", {}))

    assert result["deltas"] == case["expect"]["deltas"]
    assert result["pot_delta"] == case["expect"].get("pot_delta", 0)
    for key, value in case["expect"].get("state", {}).items():
        assert result["state"][key] == value


EXPOSED_7Z = {"seat": 1, "kind": "exposed", "tile": "7z", "from": 3}

SCORING_ITEMS = [
    # P2 deals in for P1: ron ×2, so 2 × 2 = 4 from the discarder alone.
    ("ron_from_a_non_dealer", won(win(1, "discard", 2)), {}, [0, 4, -4, 0]),
    # The discarder is the dealer: 2 × ron 2 × dealer 2 = 8.
    ("ron_from_the_dealer", won(win(1, "discard", 0)), {}, [-8, 8, 0, 0]),
    # The dealer wins on P3's discard: the winner is the dealer, so 8 again.
    ("dealer_wins_by_ron", won(win(0, "discard", 3)), {}, [8, 0, 0, -8]),
    # Self-draw by P1, P2 closed: P0 dealer 2·2 = 4, P2 closed 2·2 = 4, P3 2.
    ("closed_payer_pays_double", won(win(1), seats=closed(2)), {}, [-4, 10, -4, -2]),
    # All pungs ×8: 16 each, the dealer 32.
    ("all_pungs", won(win(2, "self_draw", None, "all_pungs")), {}, [-32, -16, 64, -16]),
    # Two dragon pungs on a discard: 2 × ron 2 × 2 × 2 = 16.
    ("two_dragon_pungs", won(win(1, "discard", 3, "dragon_pung", "dragon_pung")), {}, [0, 16, 0, -16]),
    # An exposed and a concealed kong: W = 4, so 8 each and 16 from the dealer.
    (
        "each_kong_doubles",
        won(win(1), kongs=[{"seat": 1, "kind": "exposed", "tile": "3m", "from": 2}, {"seat": 1, "kind": "concealed"}]),
        {},
        [-16, 32, -8, -8],
    ),
    ("added_kong", won(win(1), kongs=[{"seat": 1, "kind": "added", "from": 3}]), {}, [-8, 16, -4, -4]),
    # A dragon kong counts as a dragon pung and a kong: 2 × ron 2 × 2 × 2 = 16.
    ("dragon_kong_stacks", won(win(1, "discard", 2), kongs=[EXPOSED_7Z]), {}, [0, 16, -16, 0]),
    (
        "dragon_kong_without_stacking",
        won(win(1, "discard", 2), kongs=[EXPOSED_7Z]),
        {"dragon_kong_stacks": False},
        [0, 8, -8, 0],
    ),
    ("dragon_set_is_x4", won(win(1), kongs=[{"seat": 1, "kind": "dragon_set"}]), {}, [-16, 32, -8, -8]),
    ("wind_set_is_x4", won(win(1), kongs=[{"seat": 1, "kind": "wind_set"}]), {}, [-16, 32, -8, -8]),
    (
        "both_first_turn_sets",
        won(win(1), kongs=[{"seat": 1, "kind": "dragon_set"}, {"seat": 1, "kind": "wind_set"}]),
        {},
        [-64, 128, -32, -32],
    ),
    # Kong bloom: the concealed kong ×2 and the bloom ×2.
    (
        "kong_bloom",
        won(win(1, "self_draw", None, "kong_bloom"), kongs=[{"seat": 1, "kind": "concealed"}]),
        {},
        [-16, 32, -8, -8],
    ),
    # Kong discard: the discarder's kong is not the winner's, so ron 2 × kong discard 2 = 4 → 8.
    (
        "kong_discard",
        won(win(1, "discard", 2, "kong_discard"), kongs=[{"seat": 2, "kind": "exposed", "tile": "3m", "from": 3}]),
        {},
        [0, 8, -8, 0],
    ),
    ("last_tile", won(win(1, "self_draw", None, "last_tile")), {}, [-8, 16, -4, -4]),
    ("single_wait_self_draw", won(win(1, "self_draw", None, "single_wait")), {}, [-8, 16, -4, -4]),
    # Robbing a kong is a ron with the robbing ×2, paid by the robbed player: 2 × 2 × 2 = 8.
    ("robbing_a_kong", won(win(1, "rob_kong", 2)), {}, [0, 8, -8, 0]),
    ("dice_double", won(win(1), dice_double=True), {}, [-8, 16, -4, -4]),
    # ron_payers=all: every player pays the ron figure 4, the dealer 8.
    ("ron_paid_by_all", won(win(1, "discard", 2)), {"ron_payers": "all"}, [-8, 16, -4, -4]),
    # Robbing a kong follows ron_payers too: 2 × 2 × 2 = 8 each, the dealer 16.
    ("robbing_paid_by_all", won(win(1, "rob_kong", 2)), {"ron_payers": "all"}, [-16, 32, -8, -8]),
    # S3 capped at 50 per payer: 128 and 64 both become 50.
    (
        "cap_per_payer",
        won(win(0, "self_draw", None, "all_pungs", "dragon_pung"), seats=closed(1)),
        {"cap_per_payer": 50},
        [150, -50, -50, -50],
    ),
    (
        "angang_double",
        won(win(1), kongs=[{"seat": 1, "kind": "concealed"}]),
        {"gang_vs_angang": "angang_double"},
        [-16, 32, -8, -8],
    ),
    (
        "angang_double_leaves_exposed_kongs",
        won(win(1), kongs=[{"seat": 1, "kind": "exposed", "from": 2}]),
        {"gang_vs_angang": "angang_double"},
        [-8, 16, -4, -4],
    ),
    # P2 stayed closed but for a concealed kong: ×2 by default, not with angang_opens.
    (
        "concealed_kong_leaves_a_payer_closed",
        won(win(1), seats=closed(2), kongs=[{"seat": 2, "kind": "concealed"}]),
        {},
        [-4, 10, -4, -2],
    ),
    (
        "angang_opens_a_payer",
        won(win(1), seats=closed(2), kongs=[{"seat": 2, "kind": "concealed"}]),
        {"angang_opens": True},
        [-4, 8, -2, -2],
    ),
    (
        "special_sets_open_a_payer",
        won(win(1), seats=closed(2), kongs=[{"seat": 2, "kind": "wind_set"}]),
        {"special_sets_open": True},
        [-4, 8, -2, -2],
    ),
    (
        # The closed winner opens through the concealed kong; W = kong ×2 → 4 each, 8 from the dealer.
        "angang_opens_the_winner",
        won(win(1), seats=closed(1), kongs=[{"seat": 1, "kind": "concealed"}]),
        {"angang_opens": True},
        [-8, 16, -4, -4],
    ),
    ("base_3", won(win(1, "discard", 2)), {"base": 3}, [0, 6, -6, 0]),
]


@pytest.mark.parametrize(
    ("hand", "options", "deltas"), [c[1:] for c in SCORING_ITEMS], ids=[c[0] for c in SCORING_ITEMS]
)
def test_each_scoring_item_doubles_what_each_payer_pays(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(hand, None, **options)["deltas"] == deltas


def test_a_ron_is_paid_by_the_discarder_alone_and_says_why() -> None:
    result = ok(won(win(2, "discard", 3, "single_wait")))

    assert "P3 pays 8 to P2: base 2 × ron ×2 × single wait ×2 = 8" in [line["text"] for line in result["lines"]]


def test_a_capped_payment_says_it_was_capped() -> None:
    result = ok(won(win(0, "self_draw", None, "all_pungs")), None, cap_per_payer=20)

    assert all(line["text"].endswith("capped at 20") for line in result["lines"] if line["code"] == "win")


LIUJU_STATES = [
    # The previous hand was drawn: ×2. Dice and liuju stack by default: ×4.
    ("previous_draw", {"previous": "draw", "draw_streak": 1}, False, {}, [-8, 16, -4, -4]),
    ("previous_draw_and_dice", {"previous": "draw", "draw_streak": 1}, True, {}, [-16, 32, -8, -8]),
    # Two drawn hands in a row still give only ×2 …
    ("two_draws_give_one_double", {"previous": "draw", "draw_streak": 2}, False, {}, [-8, 16, -4, -4]),
    # … unless liuju_streak_stacks: ×4.
    ("streak_stacks", {"previous": "draw", "draw_streak": 2}, False, {"liuju_streak_stacks": True}, [-16, 32, -8, -8]),
    # A void hand between keeps the streak, so the double survives it.
    ("void_between", {"previous": "void", "draw_streak": 1}, False, {}, [-8, 16, -4, -4]),
    # no_stack_carry: dice and liuju give one ×2 together.
    (
        "no_stack_one_double",
        {"previous": "draw", "draw_streak": 1},
        True,
        {"liuju_dice_mode": "no_stack_carry"},
        [-8, 16, -4, -4],
    ),
]


@pytest.mark.parametrize(
    ("state", "dice", "options", "deltas"), [c[1:] for c in LIUJU_STATES], ids=[c[0] for c in LIUJU_STATES]
)
def test_the_dice_and_drawn_hand_doubles(
    state: dict[str, Any], dice: bool, options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(won(win(1), dice_double=dice), {"dealer": 0, **state}, **options)["deltas"] == deltas


def test_no_stack_carry_passes_extra_doubles_on_one_hand_at_a_time() -> None:
    hands = [
        {"result": "draw", "dice_double": True},  # S = 0 + 0 + 1: pending 1
        won(win(1), dice_double=True),  # S = 1 + 1 + 1 = 3: one ×2, pending 2; P1 deals next
        won(win(1)),  # S = 2: ×2, pending 1; the dealer P1 wins: 2·2·2 = 8 each
        won(win(2)),  # S = 1: ×2, pending 0; dealer P1 pays 8, the others 4
        won(win(2)),  # S = 0: the dealer P2 wins: 2·2 = 4 each
    ]
    result = replay("shenyang", hands, {"liuju_dice_mode": "no_stack_carry"})

    assert result["ok"]
    assert [r["deltas"] for r in result["results"]] == [
        [0, 0, 0, 0],
        [-8, 16, -4, -4],
        [-8, 24, -8, -8],
        [-4, -8, 16, -4],
        [-4, -4, 12, -4],
    ]
    assert [r["state"]["pending_doubles"] for r in result["results"]] == [1, 2, 1, 0, 0]


DEALER_BRANCHES = [
    ("dealer_wins_and_stays", won(win(0)), {"dealer": 0, "dealer_streak": 1, "draw_streak": 0}),
    # A non-dealer win passes the deal to the next seat, not to the winner.
    ("non_dealer_win_moves_to_the_next_seat", won(win(3)), {"dealer": 1, "dealer_streak": 0, "draw_streak": 0}),
    ("draw_keeps_the_dealer", {"result": "draw"}, {"dealer": 0, "dealer_streak": 1, "draw_streak": 1}),
    ("void_keeps_everything", {"result": "void"}, {"dealer": 0, "dealer_streak": 0, "draw_streak": 0}),
]


@pytest.mark.parametrize(("hand", "expected"), [c[1:] for c in DEALER_BRANCHES], ids=[c[0] for c in DEALER_BRANCHES])
def test_the_deal_rotates_as_section_2_6_says(hand: dict[str, Any], expected: dict[str, int]) -> None:
    state = ok(hand, {"dealer": 0})["state"]

    assert {key: state[key] for key in expected} == expected


def test_a_void_hand_keeps_the_draw_streak_the_pending_doubles_and_the_pot() -> None:
    before = {"dealer": 2, "draw_streak": 1, "pending_doubles": 1, "pot": 4, "dealer_streak": 3}
    state = ok({"result": "void"}, before, liuju_dice_mode="no_stack_carry")["state"]

    assert {key: state[key] for key in before} == before


def test_a_win_clears_the_draw_streak() -> None:
    assert ok(won(win(1)), {"draw_streak": 3, "previous": "draw"})["state"]["draw_streak"] == 0


PENALTIES = [
    # A manual adjustment is the engine's own business; Shenyang leaves it alone.
    (
        "adjustment",
        {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [5, -5, 0, 0]}]},
        {},
        [5, -5, 0, 0],
        0,
    ),
    ("false_win_flat_8", {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]}, {}, [8, 8, -24, 8], 0),
    (
        "false_win_penalty_option",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]},
        {"zhahu_penalty": 10},
        [10, 10, -30, 10],
        0,
    ),
    (
        "false_win_dealer_double",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]},
        {"zhahu_dealer_double": True},
        [16, 8, -32, 8],
        0,
    ),
    (
        "false_win_by_the_dealer_doubled",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 0}]},
        {"zhahu_dealer_double": True},
        [-48, 16, 16, 16],
        0,
    ),
    (
        "four_same_discards_in_a_draw",
        {"result": "draw", "penalties": [{"kind": "four_same_discards", "seat": 1}]},
        {},
        [4, -12, 4, 4],
        0,
    ),
    # In a won hand too: P1's self-draw [-4, 8, -2, -2] plus P2 paying 4 to each.
    (
        "four_same_discards_in_a_won_hand",
        won(win(1), penalties=[{"kind": "four_same_discards", "seat": 2}]),
        {},
        [0, 12, -14, 2],
        0,
    ),
    (
        "four_same_discard_penalty_option",
        {"result": "draw", "penalties": [{"kind": "four_same_discards", "seat": 1}]},
        {"four_same_discard_penalty": 3},
        [3, -9, 3, 3],
        0,
    ),
    (
        "revealed_tiles_option",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 2, "count": 2}]},
        {"reveal_penalty": 5},
        [0, 0, -10, 0],
        10,
    ),
]


@pytest.mark.parametrize(
    ("hand", "options", "deltas", "pot_delta"), [c[1:] for c in PENALTIES], ids=[c[0] for c in PENALTIES]
)
def test_penalties(hand: dict[str, Any], options: dict[str, Any], deltas: list[int], pot_delta: int) -> None:
    result = ok(hand, None, **options)

    assert (result["deltas"], result["pot_delta"]) == (deltas, pot_delta)


def test_the_next_winner_takes_the_pot_a_drawn_hand_carried() -> None:
    hands = [
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 3, "count": 1}]},
        won(win(1)),  # after a drawn hand: ×2, so 4 each and 8 from the dealer, plus the pot of 4
    ]
    result = replay("shenyang", hands)

    assert result["results"][1]["deltas"] == [-8, 20, -4, -4]
    assert result["results"][1]["pot_delta"] == -4
    assert result["pot"] == 0 and result["totals"] == [-8, 20, -4, -8]


def test_the_winner_also_takes_what_was_paid_into_the_pot_during_the_won_hand() -> None:
    hand = won(win(1), penalties=[{"kind": "revealed_tiles", "seat": 3, "count": 2}])
    result = ok(hand, {"pot": 8})

    # P3 pays 8 in; P1 takes the 8 waiting plus those 8.
    assert result["deltas"] == [-4, 24, -2, -10]
    assert result["pot_delta"] == -8
    assert result["state"]["pot"] == 0


def test_a_void_hand_keeps_what_was_paid_into_the_pot() -> None:
    hand = {"result": "void", "penalties": [{"kind": "revealed_tiles", "seat": 1, "count": 1}]}

    assert ok(hand, {"pot": 4})["state"]["pot"] == 8


def test_several_winners_on_one_discard_are_scored_apart_and_the_first_after_the_discarder_takes_the_pot() -> None:
    hand = won(win(1, "discard", 3), win(0, "discard", 3))
    result = ok(hand, {"pot": 4}, multi_ron=True)

    # P0 (dealer) wins 2·2·2 = 8 and the pot of 4; P1 wins 2·2 = 4; both from P3.
    assert result["deltas"] == [12, 4, 0, -12]
    assert result["state"]["dealer"] == 0


def test_with_ron_paid_by_all_a_winner_never_pays_another_winner() -> None:
    result = ok(won(win(1, "discard", 3), win(2, "discard", 3)), None, multi_ron=True, ron_payers="all")

    # Each winner: 2 × ron 2 = 4 from P3 and 8 from the dealer P0.
    assert result["deltas"] == [-16, 12, 12, -8]
    assert result["state"]["dealer"] == 1


def test_several_winners_without_the_dealer_pass_the_deal_on() -> None:
    result = ok(won(win(1, "discard", 0), win(2, "discard", 0)), None, multi_ron=True)

    assert result["deltas"] == [-16, 8, 8, 0]
    assert result["state"]["dealer"] == 1


REJECTIONS: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    (
        "several_winners_need_multi_ron",
        won(win(1, "discard", 3), win(2, "discard", 3)),
        {},
        ("multiple_winners_not_allowed", "wins"),
    ),
    (
        "false_win_needs_a_void_hand",
        {"result": "draw", "penalties": [{"kind": "false_win", "seat": 1}]},
        {},
        ("contradictory_facts", "penalties.0.kind"),
    ),
    ("closed_winner", won(win(1), seats=closed(1)), {}, ("win_requirement", "seats.1.opened")),
    (
        "closed_winner_with_a_concealed_kong",
        won(win(1), seats=closed(1), kongs=[{"seat": 1, "kind": "concealed"}]),
        {},
        ("win_requirement", "seats.1.opened"),
    ),
    (
        "claimed_kong_by_a_closed_player",
        won(win(1), seats=closed(2), kongs=[{"seat": 2, "kind": "exposed", "from": 1}]),
        {},
        ("contradictory_facts", "seats.2.opened"),
    ),
    (
        "kong_bloom_without_a_kong",
        won(win(1, "self_draw", None, "kong_bloom")),
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "kong_bloom_after_a_dragon_set_only",
        won(win(1, "self_draw", None, "kong_bloom"), kongs=[{"seat": 1, "kind": "dragon_set"}]),
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "kong_discard_without_the_discarders_kong",
        won(win(1, "discard", 2, "kong_discard")),
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "kong_bloom_on_a_discard",
        won(win(1, "discard", 2, "kong_bloom")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "last_tile_on_a_discard",
        won(win(1, "discard", 2, "last_tile")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "four_dragon_triplets",
        won(win(1, "discard", 2, "dragon_pung", "dragon_pung", "dragon_pung"), kongs=[EXPOSED_7Z]),
        {},
        ("contradictory_facts", "wins.0.patterns"),
    ),
    ("five_kongs", won(win(1), kongs=[{"seat": 1, "kind": "concealed"}] * 5), {}, ("contradictory_facts", "kongs")),
    (
        "all_pungs_twice",
        won(win(1, "self_draw", None, "all_pungs", "all_pungs")),
        {},
        ("pattern_repeated", "wins.0.patterns.1"),
    ),
    (
        "no_ready_in_shenyang",
        won(win(1), seats=[{"ready": "ready"}, {}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.0.ready"),
    ),
    ("unknown_pattern", won(win(1, "self_draw", None, "clamp")), {}, ("unknown_pattern", "wins.0.patterns.0")),
]


@pytest.mark.parametrize(("hand", "options", "error"), [c[1:] for c in REJECTIONS], ids=[c[0] for c in REJECTIONS])
def test_records_shenyang_cannot_score_are_rejected(
    hand: dict[str, Any], options: dict[str, Any], error: tuple[str, str]
) -> None:
    assert error in rejected(hand, {"dealer": 0, "pot": 4}, **options)


# -- tiles -----------------------------------------------------------------------------------


def tiles_win(text: str, method: str = "self_draw", source: int | None = None, *patterns: str) -> dict[str, Any]:
    return won(win(1, method, source, *patterns, tiles=text))


TILE_WINS = [
    # 1p waits alone (single wait ×2) and 555z is a dragon pung (×2): W = 4 → 8 each, 16 from the dealer.
    ("dragon_pung_and_single_wait_derived", "[123m][555z] 456p 789s 1p +1p", {}, [-16, 32, -8, -8]),
    # 111m 999p 111s 555z + 22z: all pungs ×8 and a dragon pung ×2; 2z/5z is a two-way wait. W 16.
    ("all_pungs_derived", "[111m][999p] 111s 22z 55z +5z", {}, [-64, 128, -32, -32]),
    # 111222333m reads as pungs or chows: the pung reading pays all pungs ×8; with the 9p single wait W = 16.
    ("the_reading_that_pays_most", "[111s] 111m 222m 333m 9p +9p", {}, [-64, 128, -32, -32]),
    # No pung, but a dragon pair satisfies the requirement; 5z was the only wait: W = 2.
    ("dragon_pair_instead_of_a_pung", "[123m] 456p 789s 234s 5z +5z", {}, [-8, 16, -4, -4]),
    # 78p waits on 6p or 9p, but 6p would leave no terminal: only 9p is a legal wait, a single wait. W = 2.
    ("only_legal_waits_count", "[234m][666p] 345s 78p 22s +9p", {}, [-8, 16, -4, -4]),
    # A fourth claimed set is allowed for all pungs: all pungs 8 × single wait 2 = 16.
    ("four_claimed_pungs", "[111m][999p][111s][222z] 5z +5z", {}, [-64, 128, -32, -32]),
    # The exposed kong comes from the tiles: ×2; 9s/1z is a two-way wait. W = 2.
    ("kong_read_from_the_tiles", "[7777p][123m] 456s 99s 11z +1z", {}, [-8, 16, -4, -4]),
    # A dragon kong in the tiles: dragon ×2 and kong ×2. W = 4.
    ("dragon_kong_from_the_tiles", "[7777z][123m] 456s 99s 11p +1p", {}, [-16, 32, -8, -8]),
    # A concealed kong opens the hand under angang_opens: kong ×2 × single wait (9s) ×2 = 4.
    ("angang_opens_with_tiles", "(1111m) 234p 567s 789m 9s +9s", {"angang_opens": True}, [-16, 32, -8, -8]),
    # A first-turn dragon set with special_sets_open: ×4; 1p single wait ×2 → W 8.
    ("special_set_opens_with_tiles", "[567z] 123m 456p 789s 1p +1p", {"special_sets_open": True}, [-32, 64, -16, -16]),
    # Closed, with no pung, as four sets; legal as seven pairs. 3p would only make the illegal
    # four-set hand, so 6p is the single legal wait. W = 2.
    ("seven_pairs_that_also_reads_as_sets", "112233m 44556p 99s +6p", {"allow_seven_pairs": True}, [-8, 16, -4, -4]),
    # Seven pairs under the house rule: a plain hand, the last pair's tile the only wait. W = 2.
    ("seven_pairs_allowed", "11m 22m 99p 55p 11s 33s 5z +5z", {"allow_seven_pairs": True}, [-8, 16, -4, -4]),
]


@pytest.mark.parametrize(("tiles", "options", "deltas"), [c[1:] for c in TILE_WINS], ids=[c[0] for c in TILE_WINS])
def test_tiles_prove_their_patterns(tiles: str, options: dict[str, Any], deltas: list[int]) -> None:
    assert ok(tiles_win(tiles), None, **options)["deltas"] == deltas


def test_a_derived_pattern_is_said_in_the_ledger() -> None:
    lines = [line["text"] for line in ok(tiles_win("[123m][555z] 456p 789s 1p +1p"))["lines"]]

    assert "The tiles show dragon pung for P1." in lines
    assert "The tiles show single wait for P1." in lines


def test_a_kong_in_the_tiles_matches_the_kong_in_the_record() -> None:
    hand = tiles_win("[7777p][123m] 456s 99s 11z +1z")
    hand["kongs"] = [{"seat": 1, "kind": "added", "tile": "7p", "from": 3}]

    assert ok(hand)["deltas"] == [-8, 16, -4, -4]


def test_kong_bloom_may_rely_on_a_kong_written_in_the_tiles() -> None:
    hand = tiles_win("(1111m) [234p] 567s 789m 9s +9s", "self_draw", None, "kong_bloom")

    # Concealed kong ×2, kong bloom ×2, single wait ×2: W = 8 → 16 each, 32 from the dealer.
    assert ok(hand)["deltas"] == [-32, 64, -16, -16]


TILE_FAILURES = [
    ("one_suit", "[123m][555z] 456m 789m 1m +1m", {}, ["needs tiles of all three suits (no dots or bamboo)"]),
    (
        "four_failures_at_once",
        "234m 345m 456p 678p 2p +2p",
        {},
        [
            "needs tiles of all three suits (no bamboo)",
            "needs an open hand: a chow, pung or kong claimed from a discard",
            "needs at least one terminal (1 or 9) or honour",
            "needs a pung or kong, or a pair of dragons",
        ],
    ),
    ("wind_pair_is_no_pung", "[123m] 456p 789s 234s 1z +1z", {}, ["needs a pung or kong, or a pair of dragons"]),
    (
        "fourth_claimed_set_with_a_chow",
        "[123m][456p][789s][111z] 5z +5z",
        {},
        ["may claim a fourth set only when the hand is all pungs"],
    ),
    (
        "concealed_kong_does_not_open",
        "(1111m) 234p 567s 789m 9s +9s",
        {},
        ["needs an open hand: a chow, pung or kong claimed from a discard"],
    ),
    (
        "the_illegal_wait_is_no_win",
        "[234m][666p] 345s 78p 22s +6p",
        {},
        ["needs at least one terminal (1 or 9) or honour"],
    ),
    (
        "seven_pairs_needs_a_terminal",
        "22m 33m 44p 55p 66s 77s 8s +8s",
        {"allow_seven_pairs": True},
        ["needs at least one terminal (1 or 9) or honour"],
    ),
    (
        "seven_pairs_needs_three_suits",
        "11m 22m 99p 55p 11p 33p 5z +5z",
        {"allow_seven_pairs": True},
        ["needs tiles of all three suits (no bamboo)"],
    ),
]


@pytest.mark.parametrize(
    ("tiles", "options", "messages"), [c[1:] for c in TILE_FAILURES], ids=[c[0] for c in TILE_FAILURES]
)
def test_each_failing_win_requirement_is_named(tiles: str, options: dict[str, Any], messages: list[str]) -> None:
    result = settle("shenyang", tiles_win(tiles), None, options or None)

    assert not result["ok"]
    assert [(e["code"], e["field"], e["message"]) for e in result["errors"]] == [
        ("win_requirement", "wins.0.tiles", message) for message in messages
    ]


TILE_REJECTIONS = [
    ("bad_notation", tiles_win("[12m] 456p +1p"), ("tiles_notation", "wins.0.tiles")),
    ("not_four_sets_and_a_pair", tiles_win("[123m] 456p 789s 12z 34z +5z"), ("tiles_not_a_win", "wins.0.tiles")),
    ("seven_pairs_by_default", tiles_win("11m 22m 99p 55p 11s 33s 5z +5z"), ("tiles_not_a_win", "wins.0.tiles")),
    (
        "all_pungs_on_a_chow_hand",
        tiles_win("[123m][555z] 456p 789s 1p +1p", "self_draw", None, "all_pungs"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "single_wait_on_a_two_way_wait",
        tiles_win("[111m][999p] 111s 22z 55z +5z", "self_draw", None, "single_wait"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "two_dragon_pungs_ticked_one_held",
        tiles_win("[123m][555z] 456p 789s 1p +1p", "self_draw", None, "dragon_pung", "dragon_pung"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "robbed_tile_already_in_hand",
        tiles_win("[123m][555z] 456p 789s 1p +1p", "rob_kong", 2),
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "closed_winner_with_a_claimed_meld",
        {**tiles_win("[123m][555z] 456p 789s 1p +1p"), "seats": closed(1)},
        ("contradictory_facts", "seats.1.opened"),
    ),
    (
        "kong_kinds_disagree",
        {**tiles_win("[7777p][123m] 456s 99s 11z +1z"), "kongs": [{"seat": 1, "kind": "concealed", "tile": "7p"}]},
        ("contradictory_facts", "kongs"),
    ),
    (
        "record_kong_missing_from_the_tiles",
        {**tiles_win("[123m][555z] 456p 789s 1p +1p"), "kongs": [{"seat": 1, "kind": "concealed"}]},
        ("contradictory_facts", "kongs"),
    ),
]


@pytest.mark.parametrize(("hand", "error"), [c[1:] for c in TILE_REJECTIONS], ids=[c[0] for c in TILE_REJECTIONS])
def test_tiles_that_contradict_the_record_are_rejected(hand: dict[str, Any], error: tuple[str, str]) -> None:
    assert error in rejected(hand)


def test_the_catalogue_declares_every_option_and_pattern_of_the_rule_book() -> None:
    described = get_variant("shenyang")
    keys = {option["key"] for option in described["options"]}

    assert {
        "base",
        "ron_payers",
        "angang_opens",
        "special_sets_open",
        "allow_seven_pairs",
        "multi_ron",
        "liuju_dice_mode",
        "dragon_kong_stacks",
        "gang_vs_angang",
        "cap_per_payer",
        "reveal_penalty",
        "zhahu_penalty",
        "four_same_discard_penalty",
        "pot_at_session_end",
    } <= keys
    assert {p["id"] for p in described["patterns"]} == {
        "all_pungs",
        "dragon_pung",
        "kong_bloom",
        "kong_discard",
        "single_wait",
        "last_tile",
    }
    assert described["default_base"] == 2 and described["notes"]


# -- invariants ------------------------------------------------------------------------------

PATTERN_IDS = ["all_pungs", "dragon_pung", "kong_bloom", "kong_discard", "single_wait", "last_tile"]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result, "dice_double": draw(st.booleans())}
    if result == "win":
        seat = draw(st.integers(0, 3))
        method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
        entry: dict[str, Any] = {
            "seat": seat,
            "method": method,
            "patterns": draw(st.lists(st.sampled_from(PATTERN_IDS), max_size=3)),
        }
        if method != "self_draw":
            entry["from"] = draw(st.integers(0, 3).filter(lambda s: s != seat))
        record["wins"] = [entry]
    record["seats"] = [{"opened": draw(st.booleans())} for _ in range(4)]
    kinds = st.sampled_from(["concealed", "dragon_set", "wind_set", "exposed"])
    record["kongs"] = [
        {"seat": s, "kind": k, **({"from": (s + 1) % 4} if k == "exposed" else {})}
        for s, k in draw(st.lists(st.tuples(st.integers(0, 3), kinds), max_size=3))
    ]
    penalty_kinds = st.sampled_from(["false_win", "four_same_discards", "revealed_tiles"])
    record["penalties"] = [
        {"kind": k, "seat": s} for k, s in draw(st.lists(st.tuples(penalty_kinds, st.integers(0, 3)), max_size=2))
    ]
    return record


@settings(max_examples=300, deadline=None)
@given(
    records(),
    st.fixed_dictionaries(
        {
            "dealer": st.integers(0, 3),
            "draw_streak": st.integers(0, 3),
            "pending_doubles": st.integers(0, 2),
            "pot": st.integers(0, 20),
        }
    ),
    st.fixed_dictionaries(
        {
            "liuju_dice_mode": st.sampled_from(["stack", "no_stack_carry"]),
            "ron_payers": st.sampled_from(["discarder", "all"]),
            "cap_per_payer": st.sampled_from([None, 40]),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], state: dict[str, Any], options: dict[str, Any]
) -> None:
    result = settle("shenyang", record, state, options)

    if result["ok"]:
        assert all(isinstance(d, int) for d in [*result["deltas"], result["pot_delta"]])
        assert sum(result["deltas"]) + result["pot_delta"] == 0
        assert result["state"]["pot"] >= 0
    else:
        assert result["deltas"] == [0, 0, 0, 0] and result["pot_delta"] == 0
        assert {k: result["state"][k] for k in state} == state

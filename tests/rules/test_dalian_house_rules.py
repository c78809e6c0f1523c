"""Dalian's regional house rules (RULES §9.2.2-§9.2.10), each with the book's worked example, its refusals and
its scope; and Dalian's city presets (§9.7). No database: the engine alone.

Every row names the options that differ from the defaults; the comment beside it is the figure worked by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.rules import check_options, get_variant, settle

from . import rule_book
from .helpers import closed, discard, errors_of, kong, ok, robbed, self_draw, won
from .test_properties import PROPERTY_SETTINGS, records_for, states

READY = [{"ready": "ready"} if seat == 1 else {} for seat in range(4)]
READY_P2 = [{"ready": "ready"} if seat == 2 else {} for seat in range(4)]
DEALER_0 = {"dealer": 0}
PRESETS = Path(__file__).resolve().parents[2] / "tablekeeper" / "rules" / "variants" / "dalian" / "presets.json"

Row = tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]

SETTLED: list[Row] = [
    # -- §9.2.2 discard_all_pay. The book's example: W′ = 1, the discarder P1 pays 1·4, P0 and P3 pay 1 each.
    ("discard_all_pay: the book's example", {"discard_all_pay": True}, DEALER_0, won(discard(2, 1)), [-1, -4, 6, -1]),
    ("discard_all_pay off: the discarder alone", {}, DEALER_0, won(discard(2, 1)), [0, -4, 4, 0]),
    # The discarder's factor is discard_win_multiplier: 1·2 from P1.
    (
        "discard_all_pay with a discard win ×2",
        {"discard_all_pay": True, "discard_win_multiplier": 2},
        DEALER_0,
        won(discard(2, 1)),
        [-1, -2, 4, -1],
    ),
    # U(p) unchanged: the unopened P0 pays 1·2.
    (
        "discard_all_pay: an unopened non-discarder pays ×2",
        {"discard_all_pay": True},
        DEALER_0,
        won(discard(2, 1), seats=closed(0)),
        [-2, -4, 7, -1],
    ),
    # dealer_pays_double: the dealer P0 is no discarder and pays W′ 1 · 2.
    (
        "discard_all_pay: the dealer pays double as a non-discarder",
        {"discard_all_pay": True, "dealer_pays_double": True},
        DEALER_0,
        won(discard(2, 1)),
        [-2, -4, 7, -1],
    ),
    # Flowing tears is a discard win: W′ = 2 for P0 and P3, the discarder 2·4 = 8.
    (
        "discard_all_pay: flowing tears too",
        {"discard_all_pay": True},
        DEALER_0,
        won(discard(2, 1, "flowing_tears")),
        [-2, -8, 12, -2],
    ),
    # Each payment capped on its own: the discarder's 4 stops at 3.
    (
        "discard_all_pay: each payment is capped per payer",
        {"discard_all_pay": True, "cap": 3},
        DEALER_0,
        won(discard(2, 1)),
        [-1, -3, 5, -1],
    ),
    # cap_scope=total: raw 1 (P3), 1 (P0), 4 (P1) = 6 shares the cap 5: 5/6, 5/6, 20/6 -> 0, 0, 3 and the two
    # leftover points to the largest remainders, P3 and P0 (5 each), in turn after the winner.
    (
        "discard_all_pay: a total cap is shared",
        {"discard_all_pay": True, "cap": 5, "cap_scope": "total"},
        DEALER_0,
        won(discard(2, 1)),
        [-1, -3, 5, -1],
    ),
    # Self-draw and robbing a kong are untouched.
    ("discard_all_pay: a self-draw as before", {"discard_all_pay": True}, DEALER_0, won(self_draw(2)), [-2, -2, 6, -2]),
    (
        "discard_all_pay: robbing a kong as before",
        {"discard_all_pay": True},
        DEALER_0,
        won(robbed(2, 1)),
        [0, -8, 8, 0],
    ),
    # -- §9.2.9 kong_payments. The book's example: the win 2 from each; P2's concealed kong 4 from P0, P1, P3; P3's
    # exposed kong 2 from P0, P1, P2.
    (
        "kong_payments=club: the book's example",
        {"kong_payments": "club"},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "concealed", "9s"), kong(3, "exposed", "4m", 0)]),
        [-8, -8, 16, 0],
    ),
    (
        "kong_payments off: kongs pay nothing",
        {},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "concealed", "9s"), kong(3, "exposed", "4m", 0)]),
        [-2, -2, 6, -2],
    ),
    # Kong payments are × base: base 2 doubles every figure.
    (
        "kong_payments=club: times the base",
        {"kong_payments": "club", "base": 2},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "concealed", "9s"), kong(3, "exposed", "4m", 0)]),
        [-16, -16, 32, 0],
    ),
    # Never capped: the win stops at the cap 1 from each, the kongs pay in full. P0 = -1-4-2, P2 = 3+12-2,
    # P3 = -1-4+6.
    (
        "kong_payments=club: kong payments are not capped",
        {"kong_payments": "club", "cap": 1},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "concealed", "9s"), kong(3, "exposed", "4m", 0)]),
        [-7, -7, 13, 1],
    ),
    # Nor multiplied by W: P1 pays the discard win 4; P0's added kong 2 from each of P1, P2, P3.
    (
        "kong_payments=club: an added kong, on a discard win",
        {"kong_payments": "club"},
        DEALER_0,
        won(discard(2, 1), kongs=[kong(0, "added", "7p", 3)]),
        [6, -6, 2, -2],
    ),
    # Special sets keep their ×4 in W and pay nothing here: self 2 · joyous kong 4 = 8 from each.
    (
        "kong_payments=club: a joyous kong pays no kong payment",
        {"kong_payments": "club"},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "dragon_set")]),
        [-8, -8, 24, -8],
    ),
    # So does a 喜杠 played as an exposed dragon kong: 2 · 4 = 8 from each, no kong payment.
    (
        "kong_payments=club: a joyous kong played as a dragon kong pays no kong payment",
        {"kong_payments": "club", "xi_gang_mode": "dragon_kong"},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "exposed", "5z", 0)]),
        [-8, -8, 24, -8],
    ),
    # A drawn hand pays no kong.
    (
        "kong_payments=club: a drawn hand pays no kong",
        {"kong_payments": "club"},
        DEALER_0,
        {"result": "draw", "kongs": [kong(2, "concealed", "9s")]},
        [0, 0, 0, 0],
    ),
    # -- §9.2.5 treasure_rush_value: W = self 2 · ready 2 · 冲宝 8 = 32.
    (
        "treasure_rush_value=8: the book's example",
        {"treasure_rush_value": 8},
        DEALER_0,
        won(self_draw(2, "treasure_rush"), seats=READY_P2),
        [-32, -32, 96, -32],
    ),
    (
        "treasure_rush_value default ×2",
        {},
        DEALER_0,
        won(self_draw(2, "treasure_rush"), seats=READY_P2),
        [-8, -8, 24, -8],
    ),
    # It prices only 冲宝: 摸宝 stays ×2.
    (
        "treasure_rush_value leaves finding treasure at ×2",
        {"treasure_rush_value": 8},
        DEALER_0,
        won(self_draw(2, "finding_treasure"), seats=READY_P2),
        [-8, -8, 24, -8],
    ),
    # -- §9.2.6 kong_bloom_value: W = self 2 · bloom 4 = 8.
    (
        "kong_bloom_value=4: the book's example",
        {"kong_bloom_value": 4},
        DEALER_0,
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", "3m", 2)]),
        [-8, 24, -8, -8],
    ),
    (
        "kong_bloom_value default ×2",
        {},
        DEALER_0,
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", "3m", 2)]),
        [-4, 12, -4, -4],
    ),
    # Inside the cap: self 2 · bloom 4 · edge 2 = 16 stops at the cap 10.
    (
        "kong_bloom_value is inside the cap",
        {"kong_bloom_value": 4, "cap": 10},
        DEALER_0,
        won(self_draw(1, "kong_bloom", "edge_wait"), kongs=[kong(1, "exposed", "3m", 2)]),
        [-10, 30, -10, -10],
    ),
    # -- §9.2.7 rob_kong_value: W = discard 4 · robbing 4 = 16, paid by P1.
    ("rob_kong_value=4: the book's example", {"rob_kong_value": 4}, DEALER_0, won(robbed(2, 1)), [0, -16, 16, 0]),
    ("rob_kong_value default ×2", {}, DEALER_0, won(robbed(2, 1)), [0, -8, 8, 0]),
    ("rob_kong_value=1: robbing adds nothing", {"rob_kong_value": 1}, DEALER_0, won(robbed(2, 1)), [0, -4, 4, 0]),
    # rob_kong_payer still decides who pays: all three, 4·4 each.
    (
        "rob_kong_value with rob_kong_payer=all",
        {"rob_kong_value": 4, "rob_kong_payer": "all"},
        DEALER_0,
        won(robbed(2, 1)),
        [-16, -16, 48, -16],
    ),
    # -- §9.2.8 float_value: W = self 2 · float 4 = 8.
    (
        "float_value=flat4: the book's example",
        {"float_value": "flat4"},
        DEALER_0,
        won(self_draw(1, "double_float")),
        [-8, 24, -8, -8],
    ),
    (
        "float_value=flat4: a single float ×4 too",
        {"float_value": "flat4"},
        DEALER_0,
        won(self_draw(1, "single_float")),
        [-8, 24, -8, -8],
    ),
    ("float_value default: single float ×16", {}, DEALER_0, won(self_draw(1, "single_float")), [-32, 96, -32, -32]),
    # The float 混幺九 forces is ×4 too, the family keeps its ×8: 2·8·4 = 64.
    (
        "float_value=flat4: the forced float of all terminals",
        {"float_value": "flat4"},
        DEALER_0,
        won(self_draw(1, "mixed_terminals")),
        [-64, 192, -64, -64],
    ),
    # -- §9.2.10 unscored_items: W = self 2 · 摸宝 2 (ready ×1) = 4.
    (
        "unscored_items=[ready]: the book's example",
        {"unscored_items": ["ready"]},
        DEALER_0,
        won(self_draw(1, "finding_treasure"), seats=READY),
        [-4, 12, -4, -4],
    ),
    # The streak still counts for the state, but 长毛 is ×1: dealer 2 · self 2 = 4 instead of ·4.
    (
        "unscored_items=[dealer_continuation]",
        {"unscored_items": ["dealer_continuation"]},
        {"dealer": 1, "dealer_streak": 2},
        won(self_draw(1)),
        [-4, 12, -4, -4],
    ),
    # 三清 ×1: each closed payer pays self 2 · unopened 2 = 4 instead of 8.
    (
        "unscored_items=[three_unopened]",
        {"unscored_items": ["three_unopened"]},
        DEALER_0,
        won(self_draw(1), seats=closed(0, 2, 3)),
        [-4, 12, -4, -4],
    ),
    (
        "unscored_items=[joyous_kong]: the set still scores nothing",
        {"unscored_items": ["joyous_kong"]},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "dragon_set")]),
        [-2, -2, 6, -2],
    ),
    (
        "unscored_items=[big_concealed_kong]",
        {"unscored_items": ["big_concealed_kong"]},
        DEALER_0,
        won(self_draw(2), kongs=[kong(2, "concealed", "1z")]),
        [-2, -2, 6, -2],
    ),
    # A forced float still counts unless double_float is listed too: 2·8 (混幺九) · 8 = 128 -> cap 100; with
    # double_float listed 2·8 = 16.
    (
        "unscored_items=[double_float]: the float 混幺九 forces is not counted",
        {"unscored_items": ["double_float"]},
        DEALER_0,
        won(self_draw(1, "mixed_terminals")),
        [-16, 48, -16, -16],
    ),
    # The tiles never add a listed item: under middle_of_chow these tiles prove 夹胡, not counted here (RD1's hand).
    (
        "unscored_items: the tiles do not add a listed pattern",
        {"unscored_items": ["edge_wait"], "edge_wait_mode": "middle_of_chow"},
        DEALER_0,
        won(self_draw(1, tiles="[789p][555s]1113m678s+2m")),
        [-2, 6, -2, -2],
    ),
    (
        "without unscored_items the same tiles prove 夹胡",
        {"edge_wait_mode": "middle_of_chow"},
        DEALER_0,
        won(self_draw(1, tiles="[789p][555s]1113m678s+2m")),
        [-4, 12, -4, -4],
    ),
    # A single float not scored is still the double float it is made of (tiles: pair wait on 1z): 2·8 = 16.
    (
        "unscored_items=[single_float]: the tiles' single float scores as a double float",
        {"unscored_items": ["single_float"]},
        DEALER_0,
        won(self_draw(1, tiles="[444m][666p]999s111z2z+2z")),
        [-16, 48, -16, -16],
    ),
    # 手把一 is a single float: with single float not scored it is the double float (2·8), and its own ×2.
    (
        "unscored_items=[single_float]: 手把一 scores its double float",
        {"unscored_items": ["single_float"], "allow_shou_ba_yi": True},
        DEALER_0,
        won(self_draw(1, "single_remaining")),
        [-32, 96, -32, -32],
    ),
    # -- §9.2.3 allow_float_hand: the default scores the book's hand as a double float, 2·8.
    (
        "allow_float_hand default: the book's hand is a double float",
        {},
        DEALER_0,
        won(self_draw(1, tiles="[444m][666p]999s22z11z+1z")),
        [-16, 48, -16, -16],
    ),
    # A hand with a chow still wins with floats off (RD1's hand, no 夹胡: two kinds).
    (
        "allow_float_hand off: a hand with a chow still wins",
        {"allow_float_hand": False},
        DEALER_0,
        won(self_draw(1, tiles="[789p][555s]1113m678s+2m")),
        [-2, 6, -2, -2],
    ),
    # A hand readable both ways is read with its chow: 111222333m as three chows, 2·1.
    (
        "allow_float_hand off: a hand that reads as pungs or chows wins with its chows",
        {"allow_float_hand": False},
        DEALER_0,
        won(self_draw(1, tiles="[789p]11122233m55s+3m")),
        [-2, 6, -2, -2],
    ),
    # -- §9.2.4 chicken_treasure. The book's example: 1s is wild for the ready P1 -> 摸宝: 2·2·2 = 8.
    (
        "chicken_treasure: the book's example",
        {"chicken_treasure": True},
        DEALER_0,
        won(self_draw(1, tiles="[123m][555p]456s11z78p+1s"), seats=READY, treasure="4m"),
        [-8, 24, -8, -8],
    ),
    # Without a treasure in the record 1s is still wild for a ready winner.
    (
        "chicken_treasure: wild before any treasure is revealed",
        {"chicken_treasure": True},
        DEALER_0,
        won(self_draw(1, tiles="[123m][555p]456s11z78p+1s"), seats=READY),
        [-8, 24, -8, -8],
    ),
    # 1s a natural winning tile (23s waits on 1s or 4s): 冲宝 at face value, priced by treasure_rush_value: 2·2·8.
    (
        "chicken_treasure: a natural 1s is treasure rush",
        {"chicken_treasure": True, "treasure_rush_value": 8},
        DEALER_0,
        won(self_draw(1, tiles="[123m][555p]456s11z23s+1s"), seats=READY, treasure="4m"),
        [-32, 96, -32, -32],
    ),
    # With treasure_wild_on_discard a discarded 1s completes the ready hand, with no 摸宝: discard 4 · ready 2.
    (
        "chicken_treasure: a discarded 1s with treasure_wild_on_discard",
        {"chicken_treasure": True, "treasure_wild_on_discard": True},
        DEALER_0,
        won(discard(1, 2, tiles="[123m][555p]456s11z78p+1s"), seats=READY, treasure="4m"),
        [0, 8, -8, 0],
    ),
]


@pytest.mark.parametrize(
    ("options", "state", "hand", "deltas"), [row[1:] for row in SETTLED], ids=[row[0] for row in SETTLED]
)
def test_each_dalian_house_rule_settles_as_worked_by_hand(
    options: dict[str, Any], state: dict[str, Any], hand: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(settle("dalian", hand, state, options))["deltas"] == deltas


REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str | None]]] = [
    # §9.2.9: a robbed kong never completed, so it is not listed where listed kongs are paid.
    (
        "kong_payments=club: the robbed added kong listed",
        {"kong_payments": "club"},
        won(robbed(2, 1, tiles="[789p][555s]1113m678s+2m"), kongs=[kong(1, "added", "2m", 0)]),
        ("contradictory_facts", "kongs.0"),
    ),
    # §9.2.3: the only reading is four pungs.
    (
        "allow_float_hand off: the book's all-pung hand",
        {"allow_float_hand": False},
        won(self_draw(1, tiles="[444m][666p]999s22z11z+1z")),
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "allow_float_hand off: a ticked double float",
        {"allow_float_hand": False},
        won(self_draw(1, "double_float")),
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    (
        "allow_float_hand off: a ticked single float",
        {"allow_float_hand": False},
        won(self_draw(1, "single_float")),
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    (
        "allow_float_hand off: all terminals force all pungs",
        {"allow_float_hand": False},
        won(self_draw(1, "mixed_terminals")),
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    (
        "allow_float_hand off: pure terminals force all pungs",
        {"allow_float_hand": False},
        won(self_draw(1, "edge_wait", "pure_terminals")),
        ("pattern_not_allowed", "wins.0.patterns.1"),
    ),
    # §9.2.10: a listed pattern cannot be ticked.
    (
        "unscored_items: a listed pattern cannot be ticked",
        {"unscored_items": ["four_in_hand"]},
        won(self_draw(1, "four_in_hand")),
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    # §9.2.4: without the option 1s at face value is no win.
    (
        "chicken_treasure off: the book's hand is no win",
        {},
        won(self_draw(1, tiles="[123m][555p]456s11z78p+1s"), seats=READY, treasure="4m"),
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    # Only a ready winner's 1s is wild.
    (
        "chicken_treasure: a winner not ready reads 1s at face value",
        {"chicken_treasure": True},
        won(self_draw(1, tiles="[123m][555p]456s11z78p+1s")),
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    # Only a self-drawn 1s (without treasure_wild_on_discard).
    (
        "chicken_treasure: a discarded 1s is not wild",
        {"chicken_treasure": True},
        won(discard(1, 2, tiles="[123m][555p]456s11z78p+1s"), seats=READY, treasure="4m"),
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    # 1s never counts for hidden treasure (宝牌): the concealed 111s are no revealed treasure 4m.
    (
        "chicken_treasure: 1s does not count for hidden treasure",
        {"chicken_treasure": True},
        won(self_draw(1, "hidden_treasure", tiles="[123m][555p]111s11z78p+9p"), seats=READY, treasure="4m"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
]


@pytest.mark.parametrize(("options", "hand", "error"), [row[1:] for row in REFUSED], ids=[row[0] for row in REFUSED])
def test_each_dalian_house_rule_refuses_what_it_rules_out(
    options: dict[str, Any], hand: dict[str, Any], error: tuple[str, str | None]
) -> None:
    assert error in errors_of(settle("dalian", hand, DEALER_0, options))


@pytest.mark.parametrize(
    "options",
    [
        {"unscored_items": ["discard"]},
        {"unscored_items": ["self_draw"]},
        {"unscored_items": ["dealer"]},
        {"unscored_items": ["unopened_payer"]},
        {"unscored_items": ["ready", "ready"]},
        {"treasure_rush_value": 4},
        {"kong_bloom_value": 8},
        {"rob_kong_value": 8},
        {"float_value": "flat8"},
        {"kong_payments": "all"},
        {"discard_all_pay": "yes"},
    ],
)
def test_a_value_the_book_does_not_allow_is_an_invalid_option(options: dict[str, Any]) -> None:
    assert [error["code"] for error in check_options("dalian", options)["errors"]] == ["invalid_option"]


def test_a_session_that_sets_no_new_option_scores_as_the_seed() -> None:
    every_default = {
        "discard_all_pay": False,
        "allow_float_hand": True,
        "chicken_treasure": False,
        "treasure_rush_value": 2,
        "kong_bloom_value": 2,
        "rob_kong_value": 2,
        "float_value": "seed",
        "kong_payments": "none",
        "unscored_items": [],
    }
    hand = won(self_draw(1, "kong_bloom", "single_float"), seats=READY, kongs=[kong(1, "concealed", "1z")])
    assert settle("dalian", hand, DEALER_0, every_default) == settle("dalian", hand, DEALER_0, None)


def test_without_kong_payments_a_listed_robbed_kong_is_accepted_as_before() -> None:
    hand = won(robbed(2, 1, tiles="[789p][555s]1113m678s+2m"), kongs=[kong(1, "added", "2m", 0)])
    assert ok(settle("dalian", hand, DEALER_0, None))["deltas"] == [0, -8, 8, 0]


def test_kong_payments_are_flat_lines_naming_each_kong() -> None:
    hand = won(self_draw(2), kongs=[kong(2, "concealed", "9s"), kong(3, "exposed", "4m", 0)])
    lines = ok(settle("dalian", hand, DEALER_0, {"kong_payments": "club"}))["lines"]
    flat = [
        (line["params"]["payer"], line["params"]["payee"], line["params"]["item"], line["amount"])
        for line in lines
        if line["code"] == "flat"
    ]
    assert flat == [
        (3, 2, "concealed_kong", -4),
        (0, 2, "concealed_kong", -4),
        (1, 2, "concealed_kong", -4),
        (0, 3, "exposed_kong", -2),
        (1, 3, "exposed_kong", -2),
        (2, 3, "exposed_kong", -2),
    ]


def test_discard_all_pay_charges_the_others_without_the_discard_factor() -> None:
    lines = ok(settle("dalian", won(discard(2, 1)), DEALER_0, {"discard_all_pay": True}))["lines"]
    items = {
        line["params"]["payer"]: [f["item"] for f in line["params"]["factors"]]
        for line in lines
        if line["code"] == "win_product"
    }
    assert items == {3: [], 0: [], 1: ["discard"]}


def test_rob_kong_value_one_leaves_no_robbing_factor_in_the_reason() -> None:
    lines = ok(settle("dalian", won(robbed(2, 1)), DEALER_0, {"rob_kong_value": 1}))["lines"]
    (payment,) = [line for line in lines if line["code"] == "win_product"]
    assert [f["item"] for f in payment["params"]["factors"]] == ["discard"]


def test_a_chicken_treasure_win_is_read_as_finding_treasure() -> None:
    hand = won(self_draw(1, tiles="[123m][555p]456s11z78p+1s"), seats=READY, treasure="4m")
    lines = ok(settle("dalian", hand, DEALER_0, {"chicken_treasure": True}))["lines"]
    proved = [line for line in lines if line["code"] == "tiles_prove"]
    assert proved and {"item": "finding_treasure", "count": 1} in proved[0]["params"]["items"]


# -- invariants under every §9.2 option ------------------------------------------------------------------------

UNSCORABLE = [
    str(item) for item in next(o for o in get_variant("dalian")["options"] if o["key"] == "unscored_items")["allowed"]
]
HOUSE_RULES = st.fixed_dictionaries(
    {
        "discard_all_pay": st.booleans(),
        "allow_float_hand": st.booleans(),
        "chicken_treasure": st.booleans(),
        "treasure_rush_value": st.sampled_from([2, 8]),
        "kong_bloom_value": st.sampled_from([2, 4]),
        "rob_kong_value": st.sampled_from([2, 4, 1]),
        "float_value": st.sampled_from(["seed", "flat4"]),
        "kong_payments": st.sampled_from(["none", "club"]),
        "unscored_items": st.lists(st.sampled_from(UNSCORABLE), unique=True, max_size=6),
        "cap": st.sampled_from([100, None, 5]),
        "cap_scope": st.sampled_from(["per_payer", "total"]),
    }
)


@PROPERTY_SETTINGS
@given(record=records_for("dalian"), state=states(), options=HOUSE_RULES)
def test_every_house_rule_keeps_hands_zero_sum_and_a_refused_one_moves_nothing(
    record: dict[str, Any], state: dict[str, Any], options: dict[str, Any]
) -> None:
    result = settle("dalian", record, state, options)
    assert all(type(delta) is int for delta in result["deltas"])
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    if not result["ok"]:
        assert result["deltas"] == [0, 0, 0, 0] and result["state"] == state


# -- §9.7 presets -----------------------------------------------------------------------------------------------


def _presets() -> list[dict[str, Any]]:
    presets: list[dict[str, Any]] = json.loads(PRESETS.read_text(encoding="utf-8"))
    return presets


def test_dalian_presets_are_the_rule_book_first_then_the_club() -> None:
    presets = _presets()
    assert [preset["id"] for preset in presets] == ["rule_book", "club_java"]
    assert presets[0]["options"] == {}
    for preset in presets:
        assert set(preset) == {"id", "name", "options", "source"}
        assert set(preset["name"]) == {"zh", "en"} and preset["name"]["zh"].startswith("大连")


@pytest.mark.parametrize("preset", _presets(), ids=lambda preset: preset["id"])
def test_each_dalian_preset_passes_check_options(preset: dict[str, Any]) -> None:
    assert check_options("dalian", preset["options"]) == {"ok": True, "errors": []}


def test_the_club_preset_plays_the_java_server() -> None:
    club = next(preset for preset in _presets() if preset["id"] == "club_java")["options"]
    # P2 self-draws on a kong replacement after a concealed kong, ready (unscored), dealer P0 with a streak
    # (unscored): W = self 2 · bloom 4 = 8; the dealer P0 pays ×2 = 16. No cap. Concealed kong 4 from each.
    hand = won(self_draw(2, "kong_bloom"), seats=READY_P2, kongs=[kong(2, "concealed", "9s")])
    result = ok(settle("dalian", hand, {"dealer": 0, "dealer_streak": 3}, club))
    assert result["deltas"] == [-20, -12, 44, -12]


def test_the_dalian_presets_are_the_rule_books_presets_as_data() -> None:
    book = rule_book.text("RULES.md")
    block = book[book.index("```json", book.index("**Presets as data**")) + len("```json") :]
    assert json.loads(block[: block.index("```")])["dalian"] == _presets()


def test_an_unscored_dealer_continuation_still_counts_the_streak() -> None:
    options = {"unscored_items": ["dealer_continuation"]}
    result = ok(settle("dalian", won(self_draw(1)), {"dealer": 1, "dealer_streak": 2}, options))
    assert result["state"]["dealer"] == 1 and result["state"]["dealer_streak"] == 3

"""Shandong (山东麻将) scoring: RULES.md §4.6, worked by hand.

amount = (base 5 + points) × min(32, multipliers × draw multiplier). Every expected
figure below is worked from the rule book in the test's id or comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import settle

from .helpers import discard, examples_for, ok, robbed, self_draw, won
from .shandong_helpers import kong, sd, seats_with

EXAMPLES = examples_for("shandong")


# -- the rule book's worked examples --------------------------------------------------------------


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["id"] for c in EXAMPLES])
def test_the_rule_books_shandong_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(settle("shandong", case["hand"], case.get("state"), case.get("options")))
    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert dict(result["state"])[key] == value


def test_the_examples_cover_sd1_sd2_sd4_and_sd6() -> None:
    assert {c["id"] for c in EXAMPLES} >= {"SD1", "SD2", "SD4", "SD6"}


# -- every scoring item: one winner P1 on P3's discard unless said --------------------------------

SCORING = [
    ("plain discard: 5 × 1", won(discard(1, 3)), {}, 5),
    ("three flowers: (5 + 3) × 1", won(discard(1, 3, flowers=3)), {}, 8),
    ("exposed kong: (5 + 1) × 1", won(discard(1, 3), kongs=[{"seat": 1, "kind": "exposed", "from": 2}]), {}, 6),
    ("added kong: (5 + 1) × 1", won(discard(1, 3), kongs=[{"seat": 1, "kind": "added", "from": 0}]), {}, 6),
    ("concealed kong: (5 + 3) × 1", won(discard(1, 3), kongs=[{"seat": 1, "kind": "concealed"}]), {}, 8),
    (
        "two concealed kongs and an exposed one: (5 + 3 + 3 + 1) × 1",
        won(
            discard(1, 3),
            kongs=[
                {"seat": 1, "kind": "concealed"},
                {"seat": 1, "kind": "concealed"},
                {"seat": 1, "kind": "exposed", "from": 0},
            ],
        ),
        {},
        12,
    ),
    (
        "another player's kong scores nothing for the winner: 5",
        won(discard(1, 3), kongs=[{"seat": 2, "kind": "concealed"}]),
        {},
        5,
    ),
    ("An Lou winner: (5 + 1) × 1", won(discard(1, 3), seats=seats_with(p1="an")), {}, 6),
    ("pure one suit: (5 + 2) × 5", won(discard(1, 3, "pure_one_suit")), {}, 35),
    ("mixed one suit: 5 × 2", won(discard(1, 3, "mixed_one_suit")), {}, 10),
    ("all triplets: (5 + 2) × 2", won(discard(1, 3, "all_triplets")), {}, 14),
    ("all generals with all triplets: (5 + 2 + 2) × 2", won(discard(1, 3, "all_generals", "all_triplets")), {}, 18),
    ("seven pairs: (5 + 2) × 2", won(discard(1, 3, "seven_pairs")), {}, 14),
    ("luxury seven pairs: (5 + 4) × 2", won(discard(1, 3, "luxury_seven_pairs")), {}, 18),
    ("double luxury: (5 + 6) × 2", won(discard(1, 3, "double_luxury_seven_pairs")), {}, 22),
    ("triple luxury: (5 + 8) × 2", won(discard(1, 3, "triple_luxury_seven_pairs")), {}, 26),
    ("pure terminals with all triplets: (5 + 2) × 6 × 2", won(discard(1, 3, "pure_terminals", "all_triplets")), {}, 84),
    (
        "pure one suit and all triplets hit the cap: (5 + 2 + 2) × min(32, 5 · 2 · draw 2 · ... ) on 2 draws",
        won(discard(1, 3, "pure_one_suit", "all_triplets")),
        {"state": {"draw_streak": 2}},
        9 * 32,  # 5 × 2 × 4 = 40 → capped at 32
    ),
    ("seven draws: the draw multiplier stops at 2^5 = 32", won(discard(1, 3)), {"state": {"draw_streak": 7}}, 160),
    ("one draw: 5 × 2", won(discard(1, 3)), {"state": {"draw_streak": 1}}, 10),
    ("base 10: 10 × 1", won(discard(1, 3)), {"options": {"base": 10}}, 10),
    (
        "concealed kong worth 2: (5 + 2) × 1",
        won(discard(1, 3), kongs=[{"seat": 1, "kind": "concealed"}]),
        {"options": {"pts.concealed_kong": 2}},
        7,
    ),
    (
        "exposed and added kongs worth 2 each: (5 + 2 + 2) × 1",
        won(
            discard(1, 3),
            kongs=[{"seat": 1, "kind": "exposed", "from": 0}, {"seat": 1, "kind": "added", "from": 2}],
        ),
        {"options": {"pts.exposed_kong": 2, "pts.add_kong": 2}},
        9,
    ),
    (
        "no cap: (5 + 2 + 2) × 5 · 2 · 4",
        won(discard(1, 3, "pure_one_suit", "all_triplets")),
        {"state": {"draw_streak": 2}, "options": {"cap": None}},
        360,
    ),
    (
        "cap 8 on the whole product: (5 + 2) × min(8, 5)... pure one suit alone is under it",
        won(discard(1, 3, "pure_one_suit")),
        {"options": {"cap": 8}},
        35,
    ),
    (
        "cap 8 on the product: (5 + 2 + 2) × min(8, 10)",
        won(discard(1, 3, "pure_one_suit", "all_triplets")),
        {"options": {"cap": 8}},
        72,
    ),
    (
        "cap 8 on the draw multiplier only: (5 + 2 + 2) × 10 × min(8, 32)",
        won(discard(1, 3, "pure_one_suit", "all_triplets")),
        {"state": {"draw_streak": 5}, "options": {"cap": 8, "cap_scope": "draw_multiplier"}},
        720,
    ),
    (
        "draw multiplier capped at 2^2: 5 × 4",
        won(discard(1, 3)),
        {"state": {"draw_streak": 4}, "options": {"draw_mult_cap_exp": 2}},
        20,
    ),
    (
        "ladder stacked below triple: luxury (5 + 2 + 4) × 2",
        won(discard(1, 3, "luxury_seven_pairs")),
        {"options": {"seven_pairs_ladder": "stack_below_triple"}},
        22,
    ),
    (
        "ladder stacked below triple: double luxury (5 + 2 + 4 + 6) × 2",
        won(discard(1, 3, "double_luxury_seven_pairs")),
        {"options": {"seven_pairs_ladder": "stack_below_triple"}},
        34,
    ),
    (
        "ladder stacked below triple: triple luxury stands alone, (5 + 8) × 2",
        won(discard(1, 3, "triple_luxury_seven_pairs")),
        {"options": {"seven_pairs_ladder": "stack_below_triple"}},
        26,
    ),
    (
        "all generals as seven pairs with the free-form rule: (5 + 2 + 2) × 2",
        won(discard(1, 3, "all_generals", "seven_pairs")),
        {"options": {"all_generals_free_form": True}},
        18,
    ),
]


@pytest.mark.parametrize(
    ("hand", "extra", "amount"), [(h, e, a) for _, h, e, a in SCORING], ids=[s[0] for s in SCORING]
)
def test_a_discard_win_is_paid_by_the_discarder_alone(hand: dict[str, Any], extra: dict[str, Any], amount: int) -> None:
    result = ok(sd(hand, extra.get("state"), **extra.get("options", {})))
    assert result["deltas"] == [0, amount, 0, -amount]


SELF_DRAWS = [
    ("plain self-draw: 5 × 2 from each", self_draw(2), {}, 10),
    ("Ming Lou self-draw: 5 × 2 × 2", self_draw(2), {"seats": seats_with(p2="ming")}, 20),
    (
        "kong bloom with a concealed kong: (5 + 3 + 1) × 2",
        self_draw(2, "kong_bloom"),
        {"kongs": [{"seat": 2, "kind": "concealed"}]},
        18,
    ),
    ("earthly hand by a non-dealer: 5 × 2 × 6", self_draw(2, "earthly_hand"), {}, 60),
    (
        "pure one suit and all triplets: (5 + 2 + 2) × min(32, 2 · 5 · 2)",
        self_draw(2, "pure_one_suit", "all_triplets"),
        {},
        180,
    ),
    (
        "pure terminals, all triplets, Ming Lou: (5 + 2) × min(32, 2 · 2 · 6 · 2 = 48)",
        self_draw(2, "pure_terminals", "all_triplets"),
        {"seats": seats_with(p2="ming")},
        224,
    ),
]


@pytest.mark.parametrize(
    ("win", "facts", "amount"), [(w, f, a) for _, w, f, a in SELF_DRAWS], ids=[s[0] for s in SELF_DRAWS]
)
def test_a_self_draw_is_paid_by_each_of_the_three_others(
    win: dict[str, Any], facts: dict[str, Any], amount: int
) -> None:
    result = ok(sd(won(win, **facts)))
    assert result["deltas"] == [-amount, -amount, 3 * amount, -amount]


def test_a_heavenly_hand_is_the_dealers_self_draw_at_six_times() -> None:
    # Dealer P0: 5 × (self-draw 2 · heavenly 6) = 60 from each.
    result = ok(sd(won(self_draw(0, "heavenly_hand")), {"dealer": 0}))
    assert result["deltas"] == [180, -60, -60, -60]
    assert result["state"]["dealer"] == 0
    assert result["state"]["dealer_streak"] == 1


# -- combinations worked by hand (§4.6, §7.4) ------------------------------------------------------
# amount = (base 5 + Σ points) × min(32, Π multipliers × 2^min(draws, 5)); none was read off the engine.


# P1 wins on P3's discard: P3 alone pays.
DISCARD_WIN_COMBINATIONS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], int]] = [
    (
        "mixed one suit and all triplets: (5 + 2) × 2 · 2",
        won(discard(1, 3, "mixed_one_suit", "all_triplets")),
        {},
        {},
        28,
    ),
    ("mixed one suit seven pairs: (5 + 2) × 2 · 2", won(discard(1, 3, "mixed_one_suit", "seven_pairs")), {}, {}, 28),
    ("pure one suit seven pairs: (5 + 2 + 2) × 5 · 2", won(discard(1, 3, "pure_one_suit", "seven_pairs")), {}, {}, 90),
    (
        "pure one suit luxury seven pairs: (5 + 2 + 4) × 5 · 2",
        won(discard(1, 3, "pure_one_suit", "luxury_seven_pairs")),
        {},
        {},
        110,
    ),
    (
        "pure one suit triple luxury: (5 + 2 + 8) × 5 · 2",
        won(discard(1, 3, "pure_one_suit", "triple_luxury_seven_pairs")),
        {},
        {},
        150,
    ),
    (
        "pure terminals luxury seven pairs: (5 + 4) × 6 · 2",
        won(discard(1, 3, "pure_terminals", "luxury_seven_pairs")),
        {},
        {},
        108,
    ),
    (
        "pure terminals double luxury: (5 + 6) × min(32, 6 · 2)",
        won(discard(1, 3, "pure_terminals", "double_luxury_seven_pairs")),
        {},
        {},
        132,
    ),
    (
        "mixed one suit double luxury with 2 flowers: (5 + 2 + 6) × 2 · 2",
        won(discard(1, 3, "mixed_one_suit", "double_luxury_seven_pairs", flowers=2)),
        {},
        {},
        52,
    ),
    (
        "3 flowers, An Lou, a concealed and an exposed kong: 5 + 3 + 1 + 3 + 1",
        won(discard(1, 3, flowers=3), seats=seats_with(p1="an"), kongs=[kong(1, "concealed"), kong(1, "exposed", 0)]),
        {},
        {},
        13,
    ),
    (
        "an added kong, all triplets, An Lou: (5 + 1 + 2 + 1) × 2",
        won(discard(1, 3, "all_triplets"), seats=seats_with(p1="an"), kongs=[kong(1, "added", 2)]),
        {},
        {},
        18,
    ),
    (
        "An Lou declared by the discarder adds nothing: 5",
        won(discard(1, 3), seats=seats_with(p3="an")),
        {},
        {},
        5,
    ),
    (
        "pure one suit and all triplets after 1 draw: (5 + 2 + 2) × min(32, 5 · 2 · 2)",
        won(discard(1, 3, "pure_one_suit", "all_triplets")),
        {"draw_streak": 1},
        {},
        180,
    ),
    (
        "pure terminals and all triplets after 1 draw: (5 + 2) × min(32, 6 · 2 · 2 = 24)",
        won(discard(1, 3, "pure_terminals", "all_triplets")),
        {"draw_streak": 1},
        {},
        168,
    ),
    (
        "seven pairs after 4 draws: (5 + 2) × min(32, 2 · 16)",
        won(discard(1, 3, "seven_pairs")),
        {"draw_streak": 4},
        {},
        224,
    ),
    (
        "seven pairs after 5 draws is capped: (5 + 2) × min(32, 2 · 32)",
        won(discard(1, 3, "seven_pairs")),
        {"draw_streak": 5},
        {},
        224,
    ),
    ("a plain hand after 3 draws: 5 × 8", won(discard(1, 3)), {"draw_streak": 3}, {}, 40),
    ("a plain hand after 6 draws: 5 × 2^min(6, 5)", won(discard(1, 3)), {"draw_streak": 6}, {}, 160),
    (
        "a robbed kong after 2 draws: 5 × 4 from the declarer",
        won(robbed(1, 3)),
        {"draw_streak": 2},
        {},
        20,
    ),
    (
        "a robbed kong paid three times after 1 draw: (5 + 2) × 2 · 2 = 28, × 3",
        won(robbed(1, 3, "all_triplets")),
        {"draw_streak": 1},
        {"rob_kong_payer": "declarer_pays_three"},
        84,
    ),
    (
        "a robbed kong of pure one suit paid three times: (5 + 2) × 5 × 3",
        won(robbed(1, 3, "pure_one_suit")),
        {},
        {"rob_kong_payer": "declarer_pays_three"},
        105,
    ),
    ("cap 16, pure one suit under it: (5 + 2) × min(16, 5)", won(discard(1, 3, "pure_one_suit")), {}, {"cap": 16}, 35),
    (
        "cap 16, pure one suit and all triplets after 1 draw: 9 × min(16, 20)",
        won(discard(1, 3, "pure_one_suit", "all_triplets")),
        {"draw_streak": 1},
        {"cap": 16},
        144,
    ),
    (
        "draw multiplier stops at 2^3: 5 × 8 after 5 draws",
        won(discard(1, 3)),
        {"draw_streak": 5},
        {"draw_mult_cap_exp": 3},
        40,
    ),
    (
        "draw multiplier off (exponent 0): 5 × 1 after 5 draws",
        won(discard(1, 3)),
        {"draw_streak": 5},
        {"draw_mult_cap_exp": 0},
        5,
    ),
    (
        "stacked ladder, pure one suit double luxury: (5 + 2 + 2 + 4 + 6) × 5 · 2",
        won(discard(1, 3, "pure_one_suit", "double_luxury_seven_pairs")),
        {},
        {"seven_pairs_ladder": "stack_below_triple"},
        190,
    ),
    (
        "exposed kong worth 0, concealed 2: (5 + 0 + 2) × 1",
        won(discard(1, 3), kongs=[kong(1, "exposed", 0), kong(1, "concealed")]),
        {},
        {"pts.exposed_kong": 0, "pts.concealed_kong": 2},
        7,
    ),
    (
        "two added kongs at 3 each with base 10: (10 + 3 + 3) × 1",
        won(discard(1, 3), kongs=[kong(1, "added", 0), kong(1, "added", 2)]),
        {},
        {"pts.add_kong": 3, "base": 10},
        16,
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "amount"),
    [case[1:] for case in DISCARD_WIN_COMBINATIONS],
    ids=[case[0] for case in DISCARD_WIN_COMBINATIONS],
)
def test_a_discard_or_robbed_kong_win_is_paid_by_one_seat_only(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], amount: int
) -> None:
    result = ok(sd(hand, {"dealer": 0, **state}, **options))
    assert result["deltas"] == [0, amount, 0, -amount]
    assert result["state"]["dealer"] == 1
    assert result["state"]["draw_streak"] == 0


# P2 self-draws (dealer P0 unless said): each of the three others pays.
SELF_DRAW_COMBINATIONS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], int]] = [
    ("mixed one suit: 5 × 2 · 2", won(self_draw(2, "mixed_one_suit")), {}, {}, 20),
    ("seven pairs with 2 flowers: (5 + 2 + 2) × 2 · 2", won(self_draw(2, "seven_pairs", flowers=2)), {}, {}, 36),
    (
        "Ming Lou all triplets: (5 + 2) × 2 · 2 · 2",
        won(self_draw(2, "all_triplets"), seats=seats_with(p2="ming")),
        {},
        {},
        56,
    ),
    (
        "Ming Lou pure one suit: (5 + 2) × 2 · 2 · 5",
        won(self_draw(2, "pure_one_suit"), seats=seats_with(p2="ming")),
        {},
        {},
        140,
    ),
    (
        "Ming Lou pure one suit after 1 draw: 7 × min(32, 40)",
        won(self_draw(2, "pure_one_suit"), seats=seats_with(p2="ming")),
        {"draw_streak": 1},
        {},
        224,
    ),
    (
        "kong bloom on a concealed kong with An Lou: (5 + 3 + 1 + 1) × 2",
        won(self_draw(2, "kong_bloom"), seats=seats_with(p2="an"), kongs=[kong(2, "concealed")]),
        {},
        {},
        20,
    ),
    (
        "kong bloom on an added kong: everyone pays, (5 + 1 + 1) × 2",
        won(self_draw(2, "kong_bloom"), kongs=[kong(2, "added", 1)]),
        {},
        {},
        14,
    ),
    (
        "kong bloom on the last kong, concealed, after an exposed one: (5 + 1 + 3 + 1) × 2",
        won(self_draw(2, "kong_bloom"), kongs=[kong(2, "exposed", 3), kong(2, "concealed")]),
        {},
        {},
        20,
    ),
    (
        "an exposed kong without a kong bloom: everyone pays (5 + 1) × 2",
        won(self_draw(2), kongs=[kong(2, "exposed", 3)]),
        {},
        {},
        12,
    ),
    (
        "kong bloom with points 0 and 2 for kongs: (5 + 0 + 2 + 1) × 2",
        won(self_draw(2, "kong_bloom"), kongs=[kong(2, "exposed", 0), kong(2, "concealed")]),
        {},
        {"pts.exposed_kong": 0, "pts.concealed_kong": 2},
        16,
    ),
    ("earthly hand seven pairs: (5 + 2) × 2 · 6 · 2", won(self_draw(2, "earthly_hand", "seven_pairs")), {}, {}, 168),
    ("earthly hand with a flower: (5 + 1) × 2 · 6", won(self_draw(2, "earthly_hand", flowers=1)), {}, {}, 72),
    (
        "heavenly hand after 1 draw, dealer P2: 5 × min(32, 2 · 6 · 2)",
        won(self_draw(2, "heavenly_hand")),
        {"dealer": 2, "draw_streak": 1},
        {},
        120,
    ),
    (
        "heavenly pure one suit, dealer P2: (5 + 2) × min(32, 2 · 6 · 5 = 60)",
        won(self_draw(2, "heavenly_hand", "pure_one_suit")),
        {"dealer": 2},
        {},
        224,
    ),
    (
        "no cap, Ming Lou pure terminals all triplets: (5 + 2) × 2 · 2 · 6 · 2",
        won(self_draw(2, "pure_terminals", "all_triplets"), seats=seats_with(p2="ming")),
        {},
        {"cap": None},
        336,
    ),
    (
        "cap on the draw multiplier only, pure one suit all triplets, 5 draws: 9 × 2 · 5 · 2 · min(32, 32)",
        won(self_draw(2, "pure_one_suit", "all_triplets")),
        {"draw_streak": 5},
        {"cap_scope": "draw_multiplier"},
        5760,
    ),
    (
        "base 10 with An Lou and 2 flowers: (10 + 1 + 2) × 2",
        won(self_draw(2, flowers=2), seats=seats_with(p2="an")),
        {},
        {"base": 10},
        26,
    ),
    (
        "An Lou under must_declare_ready: (5 + 1) × 2",
        won(self_draw(2), seats=seats_with(p2="an")),
        {},
        {"must_declare_ready": True},
        12,
    ),
    (
        "heavenly hand needs no declaration under must_declare_ready, dealer P2: 5 × 2 · 6",
        won(self_draw(2, "heavenly_hand")),
        {"dealer": 2},
        {"must_declare_ready": True},
        60,
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "amount"),
    [case[1:] for case in SELF_DRAW_COMBINATIONS],
    ids=[case[0] for case in SELF_DRAW_COMBINATIONS],
)
def test_a_self_draw_is_paid_by_each_other_seat_alike(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], amount: int
) -> None:
    result = ok(sd(hand, {"dealer": 0, **state}, **options))
    assert result["deltas"] == [-amount, -amount, 3 * amount, -amount]
    assert result["state"]["dealer"] == 2


def test_a_heavenly_all_triplets_hand_is_paid_by_all_three() -> None:
    # Dealer P0: (5 + 2) × 2 · 6 · 2 = 24 → 168 from each.
    result = ok(sd(won(self_draw(0, "heavenly_hand", "all_triplets")), {"dealer": 0}))
    assert result["deltas"] == [504, -168, -168, -168]

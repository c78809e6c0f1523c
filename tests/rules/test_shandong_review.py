"""Shandong (山东麻将) reviewed against RULES.md §4 and §7.4: combinations, payers, options and sessions.

amount = (base 5 + Σ points) × min(32, Π multipliers × 2^min(draws, 5)). Every figure is worked by
hand from the rule book in the case's id; none was read off the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import discard, ok, robbed, self_draw, won
from .shandong_helpers import kong, sd, seats_with

# -- P1 wins on P3's discard: P3 alone pays ------------------------------------------------------------

DISCARD_WINS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], int]] = [
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
    [case[1:] for case in DISCARD_WINS],
    ids=[case[0] for case in DISCARD_WINS],
)
def test_a_discard_or_robbed_kong_win_is_paid_by_one_seat_only(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], amount: int
) -> None:
    result = ok(sd(hand, {"dealer": 0, **state}, **options))
    assert result["deltas"] == [0, amount, 0, -amount]
    assert result["state"]["dealer"] == 1
    assert result["state"]["draw_streak"] == 0


# -- P2 self-draws (dealer P0 unless said): each of the three others pays --------------------------------

SELF_DRAWS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], int]] = [
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
    [case[1:] for case in SELF_DRAWS],
    ids=[case[0] for case in SELF_DRAWS],
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

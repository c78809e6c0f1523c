"""Shandong (山东麻将) reviewed against RULES.md §4 and §7.4: combinations, payers, options and sessions.

amount = (base 5 + Σ points) × min(32, Π multipliers × 2^min(draws, 5)). Every figure is worked by
hand from the rule book in the case's id; none was read off the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant, replay

from .helpers import discard, errors_of, ok, robbed, self_draw, won
from .shandong_helpers import DRAW, drawn, kong, on_discard, sd, seats_with

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


# -- 承包: the feeder of an exposed kong pays everything for the kong bloom ------------------------------

LIABLE = [
    # (5 + 1 + 1) × 2 = 14 a share; P3 fed the kong and pays 3 × 14.
    (
        "exposed kong of P3's discard, then kong bloom",
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", 3)]),
        [0, 42, 0, -42],
    ),
    # Concealed first, the exposed kong last: (5 + 3 + 1 + 1) × 2 = 20; P0 pays 60.
    (
        "the bloom follows the exposed kong listed last",
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "concealed"), kong(1, "exposed", 0)]),
        [-60, 60, 0, 0],
    ),
    # Ming Lou winner: (5 + 1 + 1) × 2 · 2 = 28; P2 pays 84.
    (
        "a Ming Lou winner's kong bloom on P2's kong",
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", 2)], seats=seats_with(p1="ming")),
        [0, 84, -84, 0],
    ),
    # A named liable seat comes first: P2 pays 3 × 14.
    (
        "a named liable seat pays instead of the kong's feeder",
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", 3)], liable=2),
        [0, 42, -42, 0],
    ),
    # Three melds fed by P0, all triplets self-draw: (5 + 2) × 2 · 2 = 28 a share, 84 in all.
    ("three melds fed, all triplets self-draw", won(self_draw(1, "all_triplets"), liable=0), [-84, 84, 0, 0]),
    # Three melds fed by P0, P2 discards: P0 pays the single share (5 + 2) × 5 = 35.
    ("three melds fed, P2 discards pure one suit", won(discard(1, 2, "pure_one_suit"), liable=0), [-35, 35, 0, 0]),
    # P2 liable for a robbed kong of P3's paid once: 5 × 2 draws ×4 = 20.
    ("a liable seat pays a robbed kong's single share", won(robbed(1, 3), liable=2), [0, 20, -20, 0]),
]


@pytest.mark.parametrize(("hand", "deltas"), [c[1:] for c in LIABLE], ids=[c[0] for c in LIABLE])
def test_a_liable_player_pays_everything_the_winner_receives(hand: dict[str, Any], deltas: list[int]) -> None:
    state = {"draw_streak": 2} if hand["wins"][0]["method"] == "rob_kong" else None
    result = ok(sd(hand, state))
    assert result["deltas"] == deltas
    assert result["state"]["dealer"] == 1


def test_the_kong_bloom_liability_is_explained() -> None:
    result = ok(sd(won(self_draw(1, "kong_bloom"), kongs=[kong(1, "exposed", 3)])))
    assert any("P3 pays 42 to P1" in line["text"] and "承包" in line["text"] for line in result["lines"])


# -- Ming Lou discarders and several winners -------------------------------------------------------------

MING_LOU_DEAL_INS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]] = [
    # (5 + 2) × 2 · 2 = 28, doubled = 56.
    (
        "seven pairs after 1 draw, doubled after the cap",
        won(discard(1, 3, "seven_pairs"), seats=seats_with(p3="ming")),
        {"draw_streak": 1},
        {},
        [0, 56, 0, -56],
    ),
    # 9 × min(32, 5 · 2 · 2 = 20) = 180, doubled = 360.
    (
        "pure one suit all triplets after 1 draw, doubled after the cap",
        won(discard(1, 3, "pure_one_suit", "all_triplets"), seats=seats_with(p3="ming")),
        {"draw_streak": 1},
        {},
        [0, 360, 0, -360],
    ),
    # 9 × min(32, 5 · 2 · 2 · 2 = 40) = 288.
    (
        "the same inside the cap",
        won(discard(1, 3, "pure_one_suit", "all_triplets"), seats=seats_with(p3="ming")),
        {"draw_streak": 1},
        {"ming_lou_penalty_inside_cap": True},
        [0, 288, 0, -288],
    ),
    # P0: 5 → 10; P1: 5 × 2 = 10 → 20; P3 pays 30 and deals next.
    (
        "two winners on a Ming Lou discarder: each doubled",
        won(discard(0, 3), discard(1, 3, "mixed_one_suit"), seats=seats_with(p3="ming")),
        {},
        {},
        [10, 20, 0, -30],
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "deltas"),
    [c[1:] for c in MING_LOU_DEAL_INS],
    ids=[c[0] for c in MING_LOU_DEAL_INS],
)
def test_a_ming_lou_discarder_pays_each_winner_double(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(sd(hand, state, **options))["deltas"] == deltas


def test_three_winners_on_the_dealers_discard_keep_the_dealer() -> None:
    # P1 plain 5; P2 all triplets (5 + 2) × 2 = 14; P3 seven pairs with a flower (5 + 1 + 2) × 2 = 16.
    hand = won(discard(1, 0), discard(2, 0, "all_triplets"), discard(3, 0, "seven_pairs", flowers=1))
    result = ok(sd(hand, {"dealer": 0, "dealer_streak": 1, "draw_streak": 0}))
    assert result["deltas"] == [-35, 5, 14, 16]
    assert result["state"]["dealer"] == 0
    assert result["state"]["dealer_streak"] == 2


def test_two_winners_after_two_draws_each_take_the_draw_multiplier() -> None:
    # P0: 5 × 4 = 20; P2: (5 + 2) × min(32, 5 · 4 = 20) = 140; P1 pays 160 and deals next.
    hand = won(discard(0, 1), discard(2, 1, "pure_one_suit"))
    result = ok(sd(hand, {"dealer": 3, "draw_streak": 2}))
    assert result["deltas"] == [20, -160, 140, 0]
    assert result["state"]["dealer"] == 1
    assert result["state"]["draw_streak"] == 0
    assert result["state"]["dealer_streak"] == 0


# -- sessions through replay -------------------------------------------------------------------------------


def test_four_draws_then_a_self_draw_then_a_draw() -> None:
    hands = [DRAW, DRAW, DRAW, DRAW, won(self_draw(1)), DRAW]
    session = replay("shandong", hands)
    assert session["ok"]
    # Third draw: dealer P0 pays 1 to each. The win after 4 draws: 5 × min(32, 2 · 16) = 160 each.
    assert [r["deltas"] for r in session["results"]] == [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [-3, 1, 1, 1],
        [0, 0, 0, 0],
        [-160, 480, -160, -160],
        [0, 0, 0, 0],
    ]
    steps = [(r["state"]["dealer"], r["state"]["draw_streak"], r["state"]["dealer_streak"]) for r in session["results"]]
    assert steps == [(0, 1, 1), (0, 2, 2), (0, 3, 3), (0, 4, 4), (1, 0, 0), (1, 1, 1)]
    assert [r["state"]["previous"] for r in session["results"]] == ["draw"] * 4 + ["win", "draw"]
    assert session["state"]["hand"] == 7
    assert session["totals"] == [-163, 481, -159, -159]


def test_rotating_draws_charge_each_dealer_from_the_third_and_multiply_the_win() -> None:
    options = {"draw_dealer": "rotate", "dealer_draw_penalty": "each_hand_from_3"}
    hands = [DRAW, DRAW, DRAW, DRAW, won(discard(2, 0, "seven_pairs"))]
    session = replay("shandong", hands, options)
    assert session["ok"]
    # Draw 3 is dealt by P2, draw 4 by P3; the win: (5 + 2) × min(32, 2 · 16) = 224 from P0.
    assert [r["deltas"] for r in session["results"]] == [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [1, 1, -3, 1],
        [1, 1, 1, -3],
        [-224, 0, 224, 0],
    ]
    assert [r["state"]["dealer"] for r in session["results"]] == [1, 2, 3, 0, 2]
    assert [r["state"]["draw_streak"] for r in session["results"]] == [1, 2, 3, 4, 0]
    assert [r["state"]["dealer_streak"] for r in session["results"]] == [0, 0, 0, 0, 0]
    assert session["totals"] == [-222, 2, 222, -2]


def test_a_void_hand_neither_breaks_nor_extends_a_run_of_draws() -> None:
    # draw (1), void (still 1), draw (2), draw (3: dealer P0 pays 1 each), then two winners on P1's discard
    # after 3 draws: P2 5 × 8 = 40, P3 mixed one suit 5 × min(32, 2 · 8) = 80.
    hands = [DRAW, {"result": "void"}, DRAW, DRAW, won(discard(2, 1), discard(3, 1, "mixed_one_suit"))]
    session = replay("shandong", hands)
    assert session["ok"]
    assert [r["deltas"] for r in session["results"]] == [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [-3, 1, 1, 1],
        [0, -120, 40, 80],
    ]
    assert [r["state"]["draw_streak"] for r in session["results"]] == [1, 1, 2, 3, 0]
    assert [r["state"]["previous"] for r in session["results"]] == ["draw", "void", "draw", "draw", "win"]
    assert [r["state"]["hand"] for r in session["results"]] == [2, 3, 4, 5, 6]
    assert session["state"]["dealer"] == 1
    assert session["totals"] == [-3, -119, 41, 81]


def test_a_winning_dealer_keeps_the_deal_until_someone_else_wins_and_a_bad_hand_stops_the_session() -> None:
    hands = [
        won(self_draw(0)),  # 5 × 2 = 10 each
        won(discard(0, 1, "all_triplets")),  # (5 + 2) × 2 = 14 from P1
        won(self_draw(2, "mixed_one_suit")),  # 5 × 2 · 2 = 20 each; P2 deals
        won(self_draw(2, "heavenly_hand")),  # dealer P2: 5 × 2 · 6 = 60 each
        won(self_draw(2, "earthly_hand")),  # the dealer cannot win an earthly hand
        won(self_draw(3)),
    ]
    session = replay("shandong", hands)
    assert not session["ok"]
    assert session["first_error"] == 4
    assert len(session["results"]) == 5
    assert [(r["state"]["dealer"], r["state"]["dealer_streak"]) for r in session["results"][:4]] == [
        (0, 1),
        (0, 2),
        (2, 0),
        (2, 1),
    ]
    assert session["totals"] == [-36, -104, 230, -90]
    assert session["state"]["dealer"] == 2
    assert session["state"]["hand"] == 5


@pytest.mark.parametrize(("rule", "second_dealer", "second_streak"), [("first_robber", 0, 0), ("declarer", 3, 1)])
def test_robbed_kongs_pass_the_deal_to_the_robber(rule: str, second_dealer: int, second_streak: int) -> None:
    # P3 robs P1's kong: 5 from P1, P3 deals. P0 and P2 rob P3's kong: 5 each from P3.
    hands = [won(robbed(3, 1)), won(robbed(2, 3), robbed(0, 3))]
    session = replay("shandong", hands, {"several_robbers_dealer": rule})
    assert session["ok"]
    assert [r["deltas"] for r in session["results"]] == [[0, -5, 0, 5], [5, 0, 5, -10]]
    assert session["results"][0]["state"]["dealer"] == 3
    assert session["state"]["dealer"] == second_dealer
    assert session["state"]["dealer_streak"] == second_streak
    assert session["totals"] == [5, -5, 5, -5]


# -- records the rules refuse ---------------------------------------------------------------------------------

REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    (
        "pure terminals in one suit",
        won(discard(1, 3, "pure_terminals", "pure_one_suit")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "all generals with honours",
        won(discard(1, 3, "all_generals", "mixed_one_suit")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "pure terminals as seven different pairs",
        won(discard(1, 3, "seven_pairs", "pure_terminals")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "all generals with pure terminals",
        won(discard(1, 3, "pure_terminals", "all_generals")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "a heavenly hand after the dealer's kong",
        won(self_draw(0, "heavenly_hand"), kongs=[kong(0, "concealed")]),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "an earthly hand after the winner's exposed kong",
        won(self_draw(2, "earthly_hand"), kongs=[kong(2, "exposed", 1)]),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "heavenly and earthly at once",
        won(self_draw(0, "heavenly_hand", "earthly_hand")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "an earthly hand on a robbed kong",
        won(robbed(2, 1, "earthly_hand")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "a kong bloom on a robbed kong",
        won(robbed(2, 1, "kong_bloom")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "a Ming Lou player among two winners on a discard",
        won(discard(0, 3), discard(1, 3), seats=seats_with(p1="ming")),
        {},
        {},
        ("method_not_allowed", "wins.1.method"),
    ),
    ("a liable player on a drawn hand", {"result": "draw", "liable": 2}, {}, {}, ("contradictory_facts", "liable")),
    ("the winner liable for their own win", won(self_draw(2), liable=2), {}, {}, ("contradictory_facts", "liable")),
    (
        "a self-draw beside a discard win",
        won(self_draw(1), discard(2, 3)),
        {},
        {},
        ("winners_disagree", "wins.1.method"),
    ),
    (
        "two winners on different discards",
        won(discard(1, 3), discard(2, 0)),
        {},
        {},
        ("winners_disagree", "wins.1.from"),
    ),
    ("nine flowers", won(discard(1, 3, flowers=9)), {}, {}, ("invalid_value", "wins.0.flowers")),
    ("a cap of 0", won(discard(1, 3)), {}, {"cap": 0}, ("invalid_option", "options.cap")),
    (
        "a draw exponent of 11",
        won(discard(1, 3)),
        {},
        {"draw_mult_cap_exp": 11},
        ("invalid_option", "options.draw_mult_cap_exp"),
    ),
    (
        "an unknown draw_dealer",
        won(discard(1, 3)),
        {},
        {"draw_dealer": "next"},
        ("invalid_option", "options.draw_dealer"),
    ),
    (
        "no declaration under must_declare_ready on a self-draw",
        won(self_draw(2, "all_triplets")),
        {},
        {"must_declare_ready": True},
        ("win_requirement", "seats.2.ready"),
    ),
]


@pytest.mark.parametrize(("hand", "state", "options", "problem"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_record_against_the_shandong_rules_is_refused_and_moves_nothing(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    result = sd(hand, state or None, **options)
    assert problem in errors_of(result)
    assert result["state"]["draw_streak"] == 0


# -- winning tiles -------------------------------------------------------------------------------------------

TILES: list[tuple[str, dict[str, Any], dict[str, Any], list[int]]] = [
    # Four pungs of 2s, 5s and 8s in three suits and a 55s pair: (5 + 2 + 2) × 2 = 18 from P3.
    ("all generals are all triplets", on_discard("[222m][555m][888p] 222s 5s+5s"), {}, [0, 18, 0, -18]),
    # 111m 333m 777m 222z and an East pair: (5 + 2) × 2 · 2 = 28.
    ("mixed one suit all triplets", on_discard("[111m][333m] 777m 11z 22z+2z"), {}, [0, 28, 0, -28]),
    # 1111m 99m 11p 99p 11s 99s: luxury seven pairs of terminals, (5 + 4) × 6 · 2 = 108.
    ("pure terminals luxury seven pairs", on_discard("1111m 99m 11p 99p 11s 9s+9s"), {}, [0, 108, 0, -108]),
    # A concealed kong of 1m, pungs 333m 555m 777m, pair 99m: (5 + 3 + 2 + 2) × 5 · 2 = 120.
    (
        "pure one suit all triplets with a concealed kong",
        on_discard("(1111m) 333m 555m 777m 9m+9m", kongs=[kong(1, "concealed", tile="1m")]),
        {},
        [0, 120, 0, -120],
    ),
    # Dealer P1's dealt hand with a 55s pair: 5 × 2 · 6 = 60 from each.
    (
        "a heavenly hand with a 2-5-8 pair",
        drawn("123m 456m 789p 234s 5s+5s", "heavenly_hand"),
        {"dealer": 1},
        [-60, 180, -60, -60],
    ),
]


@pytest.mark.parametrize(("hand", "state", "deltas"), [c[1:] for c in TILES], ids=[c[0] for c in TILES])
def test_winning_tiles_are_scored_by_what_they_prove(
    hand: dict[str, Any], state: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(sd(hand, state or None))["deltas"] == deltas


def test_an_earthly_hand_is_not_exempt_from_the_258_pair() -> None:
    result = sd(drawn("123m 456m 789p 234s 1z+1z", "earthly_hand"), {"dealer": 0})
    assert ("win_requirement", "wins.0.tiles") in errors_of(result)


# -- the declaration ---------------------------------------------------------------------------------------------


def test_the_declaration_excludes_every_impossible_pair_both_ways() -> None:
    patterns = {p["id"]: p for p in get_variant("shandong")["patterns"]}
    for a, b in [
        ("pure_terminals", "pure_one_suit"),
        ("pure_terminals", "mixed_one_suit"),
        ("pure_terminals", "all_generals"),
        ("all_generals", "pure_one_suit"),
        ("all_generals", "mixed_one_suit"),
        ("pure_one_suit", "mixed_one_suit"),
    ]:
        assert b in patterns[a]["excludes"] and a in patterns[b]["excludes"], (a, b)
    assert "seven_pairs" in patterns["pure_terminals"]["excludes"]
    assert "luxury_seven_pairs" not in patterns["pure_terminals"]["excludes"]
    assert patterns["kong_bloom"]["methods"] == ["self_draw"]
    assert patterns["heavenly_hand"]["methods"] == ["self_draw"]
    assert patterns["earthly_hand"]["methods"] == ["self_draw"]
    assert patterns["pure_one_suit"]["methods"] == ["discard", "rob_kong", "self_draw"]

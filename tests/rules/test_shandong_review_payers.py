"""Shandong (山东麻将) reviewed: 承包, Ming Lou deal-ins, several winners and sessions through replay.

Every figure is worked by hand from RULES.md §4.6-4.7 in the case's id or comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import replay

from .helpers import discard, ok, robbed, self_draw, won
from .shandong_helpers import DRAW, kong, sd, seats_with

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


def test_a_ming_lou_loser_pays_a_self_draw_like_everyone_else() -> None:
    # The double is only for dealing in (SD-12): P2's self-draw with An Lou, (5 + 1) × 2 = 12 from each.
    result = ok(sd(won(self_draw(2), seats=seats_with(p0="ming", p2="an", p3="ming"))))
    assert result["deltas"] == [-12, -12, 36, -12]

"""Shandong (山东麻将) sessions through replay: several winners, runs of drawn hands and the deal (RULES.md §4.7).

Every figure is worked by hand from RULES.md §4.6-4.7 in the case's id or comment.
"""

from __future__ import annotations

import pytest

from tablekeeper.rules import replay

from .helpers import discard, ok, robbed, self_draw, won
from .shandong_helpers import DRAW, sd


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

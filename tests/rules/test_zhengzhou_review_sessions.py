"""Zhengzhou (郑州麻将) reviewed: sessions through replay with the counters at each step, and winning tiles.

B = 10. Every figure is worked by hand from RULES.md §5 in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant, replay

from .helpers import errors_of, ok
from .zhengzhou_helpers import bets, ron, tiles_win, tsumo, zz


def test_a_session_follows_the_winner_and_pays_kongs_only_in_won_hands() -> None:
    hands = [
        # P1 self-draws, markers 1/2/0/0: P0 10 × 4 = 40, P2 10 × 3 = 30, P3 30.
        tsumo(1, seats=bets(1, 2, 0, 0)),
        # Drawn hand with P2's concealed kong: nothing paid, P1 keeps the deal.
        {"result": "draw", "kongs": [{"seat": 2, "kind": "concealed"}]},
        # Dealer P1 self-draws seven pairs: 10 × 2 = 20 from each.
        tsumo(1, "seven_pairs"),
        # P3 wins after a kong of P1's discard, P3 holds 1 marker: 10 × 2 × 2 = 40 from each;
        # the kong: P1 pays 10 × (1 + 1 + 0) = 20.
        tsumo(3, "kong_bloom", seats=bets(0, 0, 0, 1), kongs=[{"seat": 3, "kind": "exposed", "from": 1}]),
    ]
    session = replay("zhengzhou", hands)
    assert session["ok"]
    assert [r["deltas"] for r in session["results"]] == [
        [-40, 100, -30, -30],
        [0, 0, 0, 0],
        [-20, 60, -20, -20],
        [-40, -60, -40, 140],
    ]
    counters = [
        (r["state"]["dealer"], r["state"]["dealer_streak"], r["state"]["draw_streak"]) for r in session["results"]
    ]
    assert counters == [(1, 0, 0), (1, 1, 1), (1, 2, 0), (3, 0, 0)]
    assert [r["state"]["previous"] for r in session["results"]] == ["win", "draw", "win", "win"]
    assert session["totals"] == [-100, 100, -90, 90]
    assert session["pot"] == 0
    assert session["state"]["hand"] == 5


def test_a_session_stops_at_a_discard_win_and_keeps_the_totals_before_it() -> None:
    hands = [tsumo(2), ron(1, 2), tsumo(3)]
    session = replay("zhengzhou", hands)
    assert not session["ok"]
    assert session["first_error"] == 1
    assert session["totals"] == [-10, -10, 30, -10]
    assert session["state"]["dealer"] == 2
    assert session["state"]["hand"] == 2


def test_a_void_hand_keeps_the_dealer_between_dealer_add_base_wins() -> None:
    hands = [
        # Dealer P0 pays P2 10 × 2 = 20; P1 and P3 pay 10.
        tsumo(2),
        {"result": "void"},
        # Now dealer P2 pays P0 20; P1 and P3 pay 10.
        tsumo(0),
    ]
    session = replay("zhengzhou", hands, {"dealer_add_base": True})
    assert session["ok"]
    assert [r["deltas"] for r in session["results"]] == [[-20, -10, 40, -10], [0, 0, 0, 0], [40, -10, -20, -10]]
    assert [r["state"]["dealer"] for r in session["results"]] == [2, 2, 0]
    assert [r["state"]["hand"] for r in session["results"]] == [2, 3, 4]
    assert session["totals"] == [20, -20, 20, -20]


def test_a_session_started_with_another_dealer_and_a_streak() -> None:
    # Dealer P3 with a streak of 2 draws again (streak 3), then wins: 10 from each (streak 4).
    session = replay("zhengzhou", [{"result": "draw"}, tsumo(3)], state={"dealer": 3, "dealer_streak": 2})
    assert session["ok"]
    assert [r["state"]["dealer_streak"] for r in session["results"]] == [3, 4]
    assert session["totals"] == [-10, -10, -10, 30]


# -- winning tiles --------------------------------------------------------------------------------------------

TILE_WINS: list[tuple[str, dict[str, Any], dict[str, Any], int]] = [
    # Two 5p wilds and 8s make a run (6s 7s 8s or 7s 8s 9s); 77s is the pair: a plain 10.
    ("two wilds in one run", tiles_win("123m 456m 789m 5p5p 7s8s+7s", treasure="5p"), {}, 10),
    # A pair of the wild face at its own face is one of seven different pairs: 10 × 2.
    ("a wild pair at face value in seven pairs", tiles_win("5p5p 11m 33m 77m 99s 22z 3z+3z", treasure="5p"), {}, 20),
    # Four wilds on a concealed kong's replacement: 10 × 2 × 2 = 40, and the kong 10, from each.
    (
        "four wilds drawn after a kong",
        tiles_win(
            "(1111m) 5p5p5p 2m 4m 6s 8s 3z 7z 9p+5p",
            "kong_bloom",
            treasure="5p",
            kongs=[{"seat": 1, "kind": "concealed", "tile": "1m"}],
        ),
        {},
        50,
    ),
    # Four wilds: two complete 9s and 2z, two pair each other: seven different pairs too, 10 × 4.
    (
        "four wilds that also complete seven pairs when wilds may complete pairs",
        tiles_win("5p5p5p 11m 33m 77m 99p 9s 2z+5p", treasure="5p"),
        {"seven_pairs_wild_mode": "wilds_complete_pairs"},
        40,
    ),
    # By default the four 5p are four of a kind, never two pairs: four wilds only, 10 × 2.
    (
        "the same tiles are four wilds only by default",
        tiles_win("5p5p5p 11m 33m 77m 99p 9s 2z+5p", treasure="5p"),
        {},
        20,
    ),
    # An honour wild (Red, after North) completes the run 7s 8s 9s: a plain 10.
    ("an honour wild in a run", tiles_win("123m 456m 789p 78s 7z 1z+1z", treasure="7z"), {}, 10),
]


@pytest.mark.parametrize(("hand", "options", "each"), [c[1:] for c in TILE_WINS], ids=[c[0] for c in TILE_WINS])
def test_winning_tiles_with_wilds_prove_their_doublings(
    hand: dict[str, Any], options: dict[str, Any], each: int
) -> None:
    assert ok(zz(hand, **options))["deltas"] == [-each, 3 * each, -each, -each]


def test_a_discard_win_on_the_wild_face_is_refused() -> None:
    hand = ron(1, 2)
    hand["wins"][0]["tiles"] = "123m 456m 789m 123p 4p+5p"
    hand["treasure"] = "5p"
    assert ("win_requirement", "wins.0.tiles") in errors_of(zz(hand, allow_discard_win=True))


def test_a_discard_win_on_another_tile_with_a_wild_in_hand_is_paid_by_the_discarder() -> None:
    # The 5p wild stands in for 4p's pair partner; P2 pays 10.
    hand = ron(1, 2)
    hand["wins"][0]["tiles"] = "123m 456m 789m 123p 5p+4p"
    hand["treasure"] = "5p"
    assert ok(zz(hand, allow_discard_win=True))["deltas"] == [0, 10, -10, 0]


def test_the_declaration_says_four_wilds_and_win_after_kong_are_self_draws() -> None:
    patterns = {p["id"]: p for p in get_variant("zhengzhou")["patterns"]}
    assert patterns["four_wilds"]["methods"] == ["self_draw"]
    assert patterns["kong_bloom"]["methods"] == ["self_draw"]
    # Seven pairs on a robbed kong needs a wild to pair the robbed tile (RULES §9.6.6; checks.py refuses the rest).
    assert patterns["seven_pairs"]["methods"] == ["discard", "rob_kong", "self_draw"]
    assert patterns["seven_pairs"]["excludes"] == ["luxury_seven_pairs"]


def test_a_claimed_chow_and_a_discard_win_under_both_house_rules() -> None:
    # 123m claimed, 456m 789m, 12p + P2's 3p, and 7s with the 5p wild as its pair: 10 from P2 alone.
    hand = ron(1, 2)
    hand["wins"][0]["tiles"] = "[123m] 456m 789m 12p 7s 5p+3p"
    hand["treasure"] = "5p"
    assert ok(zz(hand, allow_chow=True, allow_discard_win=True))["deltas"] == [0, 10, -10, 0]
    assert ("win_requirement", "wins.0.tiles") in errors_of(zz(hand, allow_discard_win=True))

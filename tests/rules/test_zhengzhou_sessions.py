"""Zhengzhou (郑州麻将) sessions through replay, with the counters at each step (RULES.md §5.6, §5.7).

B = 10. Every figure is worked by hand from RULES.md §5 in the comments.
"""

from __future__ import annotations

from tablekeeper.rules import replay

from .zhengzhou_helpers import bets, ron, tsumo


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


def test_a_session_pays_kongs_only_in_won_hands_and_follows_the_winner() -> None:
    # Hand 1: draw with P1's concealed kong, nothing paid, P0 keeps the deal.
    # Hand 2: P2 self-draws with a concealed kong: 10 + 10 from each of the three others.
    # Hand 3: P2, now dealing, self-draws seven pairs: 10 × 2 = 20 from each.
    hands = [
        {"result": "draw", "kongs": [{"seat": 1, "kind": "concealed"}]},
        tsumo(2, kongs=[{"seat": 2, "kind": "concealed"}]),
        tsumo(2, "seven_pairs"),
    ]
    session = replay("zhengzhou", hands)
    assert session["ok"]
    assert session["totals"] == [-40, -40, 120, -40]
    assert session["state"]["dealer"] == 2
    assert session["state"]["dealer_streak"] == 1

"""Zhengzhou (郑州麻将) reviewed against RULES.md §5 and §7.5: stakes, doublings, kong bonuses, options.

WinPay(p) = B × (1 + pao_w + pao_p) × M, B = 10; kong bonuses B × (1 + pao_k + pao_p), paid only in a
won hand and never doubled. Every figure is worked by hand in the case's id or comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import errors_of, ok
from .zhengzhou_helpers import bets, ron, tsumo, zz

# -- P1 self-draws, dealer P0: what each seat moves ---------------------------------------------------------

WIN_PAYMENTS: list[tuple[str, dict[str, Any], dict[str, Any], list[int]]] = [
    ("winner's 3 markers: 10 × (1 + 3) from each", tsumo(1, seats=bets(0, 3, 0, 0)), {}, [-40, 120, -40, -40]),
    (
        "payers' markers 3, 0, 2 and winner's 1: 10 × (1 + 1 + p) = 50, 20, 40",
        tsumo(1, seats=bets(3, 1, 0, 2)),
        {},
        [-50, 110, -20, -40],
    ),
    (
        "four wilds and win after kong, markers 2/1/0/1: 10 × (2 + p) × 4 = 160, 80, 120",
        tsumo(1, "four_wilds", "kong_bloom", seats=bets(2, 1, 0, 1)),
        {},
        [-160, 360, -80, -120],
    ),
    (
        "the same adding units: 10 × (2 + p) × 3 = 120, 60, 90",
        tsumo(1, "four_wilds", "kong_bloom", seats=bets(2, 1, 0, 1)),
        {"special_combine": "add_units"},
        [-120, 270, -60, -90],
    ),
    (
        "seven pairs, winner's bet only: 10 × (1 + 2) × 2 from each",
        tsumo(1, "seven_pairs", seats=bets(3, 2, 3, 3)),
        {"pao_mode": "winner_only"},
        [-60, 180, -60, -60],
    ),
    (
        # Seven pairs never holds the kong a win after kong needs (RULES §0.8): two items at most.
        "every seat at 3 markers, four wilds and win after kong: 10 × 7 × 4 from each",
        tsumo(1, "four_wilds", "kong_bloom", seats=bets(3, 3, 3, 3)),
        {},
        [-280, 840, -280, -280],
    ),
    (
        "every seat at 3 markers, four wilds and win after kong adding units: 10 × 7 × 3",
        tsumo(1, "four_wilds", "kong_bloom", seats=bets(3, 3, 3, 3)),
        {"special_combine": "add_units"},
        [-210, 630, -210, -210],
    ),
    (
        "one item adding units is still ×2: 10 × 2",
        tsumo(1, "seven_pairs"),
        {"special_combine": "add_units"},
        [-20, 60, -20, -20],
    ),
    (
        "four wilds alone adding units: 10 × 2",
        tsumo(1, "four_wilds"),
        {"special_combine": "add_units"},
        [-20, 60, -20, -20],
    ),
    (
        "base 20, four wilds and win after kong: 20 × 4",
        tsumo(1, "four_wilds", "kong_bloom"),
        {"base": 20},
        [-80, 240, -80, -80],
    ),
    (
        "5 markers each under max_pao 5: 10 × 11",
        tsumo(1, seats=bets(5, 5, 5, 5)),
        {"max_pao": 5},
        [-110, 330, -110, -110],
    ),
    (
        "max_pao 0 with no markers: 10 each",
        tsumo(1, seats=bets(0, 0, 0, 0)),
        {"max_pao": 0},
        [-10, 30, -10, -10],
    ),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in WIN_PAYMENTS], ids=[c[0] for c in WIN_PAYMENTS])
def test_each_other_seat_pays_the_self_draw_at_its_own_stake(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    result = ok(zz(hand, {"dealer": 0}, **options))
    assert result["deltas"] == deltas
    assert result["state"]["dealer"] == 1


DEALER_BASE: list[tuple[str, dict[str, Any], int, dict[str, Any], list[int]]] = [
    # Dealer P0 wins, markers 1/0/2/0: P1 10 × (1 + 1 + 0 + 1) = 30, P2 10 × 5 = 50, P3 30.
    ("the dealer wins with side bets", tsumo(0, seats=bets(1, 0, 2, 0)), 0, {}, [110, -30, -50, -30]),
    # Dealer P3 pays P1's seven pairs: 10 × (1 + 1) × 2 = 40; the others 10 × 2 = 20.
    ("the dealer pays a seven pairs", tsumo(1, "seven_pairs"), 3, {}, [-20, 80, -20, -40]),
    # Winner's bet only, dealer P2, P1 holds 1 marker: P0 and P3 10 × 2 = 20, P2 10 × 3 = 30.
    (
        "the dealer pays under winner_only side bets",
        tsumo(1, seats=bets(3, 1, 3, 3)),
        2,
        {"pao_mode": "winner_only"},
        [-20, 70, -30, -20],
    ),
    # Adding units, dealer P0 wins four wilds: each pays 10 × (1 + 1) × 2 = 40.
    (
        "the dealer wins four wilds adding units",
        tsumo(0, "four_wilds"),
        0,
        {"special_combine": "add_units"},
        [120, -40, -40, -40],
    ),
]


@pytest.mark.parametrize(
    ("hand", "dealer", "options", "deltas"), [c[1:] for c in DEALER_BASE], ids=[c[0] for c in DEALER_BASE]
)
def test_dealer_add_base_adds_one_stake_to_what_the_dealer_wins_or_pays(
    hand: dict[str, Any], dealer: int, options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(zz(hand, {"dealer": dealer}, dealer_add_base=True, **options))["deltas"] == deltas


# -- kong bonuses (P1 wins a plain self-draw, no markers, unless said) ---------------------------------------

KONG_BONUSES: list[tuple[str, dict[str, Any], dict[str, Any], list[int]]] = [
    # Win: 10 from P0, P2, P3. P2's concealed kong: 10 from P0, P1, P3.
    ("another seat's concealed kong", tsumo(1, kongs=[{"seat": 2, "kind": "concealed"}]), {}, [-20, 20, 20, -20]),
    # Markers 1/2/0/1. Win: P0 10 × 4, P2 10 × 3, P3 10 × 4 = 110. P1's kong of P0's discard: 10 × (1 + 2 + 1) = 40.
    # P3's concealed kong: P0 10 × 3, P1 10 × 4, P2 10 × 2.
    (
        "an exposed and a concealed kong with side bets",
        tsumo(
            1,
            seats=bets(1, 2, 0, 1),
            kongs=[{"seat": 1, "kind": "exposed", "from": 0}, {"seat": 3, "kind": "concealed"}],
        ),
        {},
        [-110, 110, -50, 50],
    ),
    # Four wilds and win after kong adding units: 10 × 3 each; P1's concealed kong 10 each, never tripled.
    (
        "kong bonuses are not multiplied when units are added",
        tsumo(1, "four_wilds", "kong_bloom", kongs=[{"seat": 1, "kind": "concealed"}]),
        {"special_combine": "add_units"},
        [-40, 120, -40, -40],
    ),
    # Only the winner's kongs: P1's added kong fed by P3 pays 10; P2's concealed kong pays nothing.
    (
        "kongs_only_winner drops another seat's concealed kong",
        tsumo(1, kongs=[{"seat": 2, "kind": "concealed"}, {"seat": 1, "kind": "added", "from": 3}]),
        {"kongs_only_winner": True},
        [-10, 40, -10, -20],
    ),
    # P1 holds 3 markers, winner's bet only: 40 each. P0's kong of P2's discard: plain 10.
    (
        "plain kongs and winner-only side bets",
        tsumo(1, seats=bets(2, 3, 1, 0), kongs=[{"seat": 0, "kind": "exposed", "from": 2}]),
        {"kong_pao_applies": False, "pao_mode": "winner_only"},
        [-30, 120, -50, -40],
    ),
    # P2 made a kong of the winner's discard: the winner pays it, 10.
    (
        "the winner feeds another seat's kong",
        tsumo(1, kongs=[{"seat": 2, "kind": "exposed", "from": 1}]),
        {},
        [-10, 20, 0, -10],
    ),
    # P3's concealed kong, P3 holds 2 markers, winner's bet only: 10 × 3 from each of the three others.
    (
        "a kong counts its declarer's bet only under winner_only",
        tsumo(1, seats=bets(3, 0, 1, 2), kongs=[{"seat": 3, "kind": "concealed"}]),
        {"pao_mode": "winner_only"},
        [-40, 0, -40, 80],
    ),
    # Dealer P0 pays P1 20 under dealer_add_base; P0's concealed kong brings 10 × (1 + dealer 1) = 20 from each
    # (Z-13: the dealer's stake counts on kong bonuses too).
    (
        "dealer_add_base adds the dealer's stake to the dealer's own kong",
        tsumo(1, kongs=[{"seat": 0, "kind": "concealed"}]),
        {"dealer_add_base": True},
        [40, 20, -30, -30],
    ),
    # Two concealed kongs and a win after kong: 10 × 2 + 2 × 10 = 40 from each.
    (
        "two concealed kongs of the winner",
        tsumo(1, "kong_bloom", kongs=[{"seat": 1, "kind": "concealed"}, {"seat": 1, "kind": "concealed"}]),
        {},
        [-40, 120, -40, -40],
    ),
    # P2's added kong on P0's pung, markers 2/0/1/0: P0 pays 10 × (1 + 1 + 2) = 40; the win: P0 30, P2 20, P3 10.
    (
        "an added kong is paid by the pung's feeder at both bets",
        tsumo(1, seats=bets(2, 0, 1, 0), kongs=[{"seat": 2, "kind": "added", "from": 0}]),
        {},
        [-70, 60, 20, -10],
    ),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in KONG_BONUSES], ids=[c[0] for c in KONG_BONUSES])
def test_kong_bonuses_follow_their_own_payers(hand: dict[str, Any], options: dict[str, Any], deltas: list[int]) -> None:
    assert ok(zz(hand, {"dealer": 0}, **options))["deltas"] == deltas


# -- discard wins under the house rule ---------------------------------------------------------------------

DISCARD_WINS: list[tuple[str, dict[str, Any], int, dict[str, Any], list[int]]] = [
    ("P2 on the dealer's discard: 10 from P0", ron(2, 0), 0, {}, [-10, 0, 10, 0]),
    # P3 pays P2 10; P1's concealed kong: 10 from each other seat.
    (
        "a discard win with another seat's kong",
        ron(2, 3, kongs=[{"seat": 1, "kind": "concealed"}]),
        0,
        {},
        [-10, 30, 0, -20],
    ),
    # Dealer P3 discards: 10 × (1 + 1) = 20.
    ("the dealer discards under dealer_add_base", ron(2, 3), 3, {"dealer_add_base": True}, [0, 0, 20, -20]),
    # Seven pairs on a discard adding units, markers 0/2/0/1: 10 × (1 + 2 + 1) × 2 = 80 from P3.
    (
        "seven pairs on a discard with side bets",
        ron(1, 3, "seven_pairs", seats=bets(0, 2, 0, 1)),
        0,
        {"special_combine": "add_units"},
        [0, 80, 0, -80],
    ),
]


@pytest.mark.parametrize(
    ("hand", "dealer", "options", "deltas"), [c[1:] for c in DISCARD_WINS], ids=[c[0] for c in DISCARD_WINS]
)
def test_an_allowed_discard_win_is_paid_by_the_discarder_alone(
    hand: dict[str, Any], dealer: int, options: dict[str, Any], deltas: list[int]
) -> None:
    result = ok(zz(hand, {"dealer": dealer}, allow_discard_win=True, **options))
    assert result["deltas"] == deltas
    assert result["state"]["dealer"] == hand["wins"][0]["seat"]


# -- refused records ---------------------------------------------------------------------------------------------

REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("a discard win by default", ron(1, 2), {}, ("method_not_allowed", "wins.0.method")),
    (
        "four wilds on a discard",
        ron(1, 2, "four_wilds"),
        {"allow_discard_win": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    ("a negative side bet", tsumo(1, seats=bets(0, -1, 0, 0)), {}, ("invalid_value", "seats.1.side_bet")),
    ("4 markers by default", tsumo(1, seats=bets(0, 0, 0, 4)), {}, ("invalid_value", "seats.3.side_bet")),
    (
        "an exposed kong of the wild",
        tsumo(1, treasure="7z", kongs=[{"seat": 2, "kind": "exposed", "from": 0, "tile": "7z"}]),
        {},
        ("contradictory_facts", "kongs.0.tile"),
    ),
    (
        "an An Lou declaration",
        tsumo(1, seats=[{}, {"ready": "an"}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.1.ready"),
    ),
    ("seven pairs twice", tsumo(1, "seven_pairs", "seven_pairs"), {}, ("pattern_repeated", "wins.0.patterns.1")),
    ("a Shandong pattern", tsumo(1, "all_triplets"), {}, ("unknown_pattern", "wins.0.patterns.0")),
    ("an unknown way to combine", tsumo(1), {"special_combine": "add"}, ("invalid_option", "options.special_combine")),
    ("max_pao over 10", tsumo(1), {"max_pao": 11}, ("invalid_option", "options.max_pao")),
    ("an unknown honour cycle", tsumo(1), {"honor_cycle": "dragons_first"}, ("invalid_option", "options.honor_cycle")),
    (
        "a winner on a drawn hand",
        {"result": "draw", "wins": [{"seat": 1, "method": "self_draw"}]},
        {},
        ("wins_without_win", "wins"),
    ),
]


@pytest.mark.parametrize(("hand", "options", "problem"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_record_against_the_zhengzhou_rules_is_refused_and_moves_nothing(
    hand: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    result = zz(hand, {"dealer": 2, "dealer_streak": 1}, **options)
    assert problem in errors_of(result)
    assert result["state"]["dealer"] == 2
    assert result["state"]["dealer_streak"] == 1

"""Zhengzhou (郑州麻将) scoring: RULES.md §5.6-5.7, worked by hand.

WinPay(p) = B × (1 + pao_w + pao_p) × M with B = 10; kong bonuses B × (1 + pao_k + pao_p),
paid only when someone wins and never multiplied by M.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import settle

from .helpers import errors_of, examples_for, ok
from .zhengzhou_helpers import bets, ron, tsumo, zz

EXAMPLES = examples_for("zhengzhou")


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["id"] for c in EXAMPLES])
def test_the_rule_books_zhengzhou_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(settle("zhengzhou", case["hand"], case.get("state"), case.get("options")))
    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert dict(result["state"])[key] == value


def test_the_examples_cover_z1_z2_and_z5() -> None:
    assert {c["id"] for c in EXAMPLES} >= {"Z1", "Z2", "Z5"}


# -- win payments: P1 self-draws, dealer P0 -----------------------------------------------------------

WINS = [
    ("four wilds: 10 × 1 × 2", tsumo(1, "four_wilds"), {}, [-20, 60, -20, -20]),
    ("seven pairs: 10 × 1 × 2", tsumo(1, "seven_pairs"), {}, [-20, 60, -20, -20]),
    ("win after kong: 10 × 1 × 2", tsumo(1, "kong_bloom"), {}, [-20, 60, -20, -20]),
    (
        "four wilds and win after kong multiply: 10 × 4",
        tsumo(1, "four_wilds", "kong_bloom"),
        {},
        [-40, 120, -40, -40],
    ),
    (
        # Seven pairs never holds the kong a win after kong needs (RULES §0.8), so two items are the most;
        # four wilds pair up as seven pairs only where wilds complete pairs.
        "four wilds and seven pairs multiply where wilds complete pairs: 10 × 4",
        tsumo(1, "four_wilds", "seven_pairs"),
        {"seven_pairs_wild_mode": "wilds_complete_pairs"},
        [-40, 120, -40, -40],
    ),
    (
        "four wilds and seven pairs add units: 10 × (1 + 2)",
        tsumo(1, "four_wilds", "seven_pairs"),
        {"special_combine": "add_units", "seven_pairs_wild_mode": "wilds_complete_pairs"},
        [-30, 90, -30, -30],
    ),
    (
        "two items add units: 10 × (1 + 2)",
        tsumo(1, "four_wilds", "kong_bloom"),
        {"special_combine": "add_units"},
        [-30, 90, -30, -30],
    ),
    (
        "side bets of winner 2 and payers 0/1/3: 10 × (1 + 2 + p)",
        tsumo(1, seats=bets(0, 2, 1, 3)),
        {},
        [-30, 130, -40, -60],
    ),
    (
        "winner's side bet only: 10 × (1 + 2) from each",
        tsumo(1, seats=bets(0, 2, 1, 3)),
        {"pao_mode": "winner_only"},
        [-30, 90, -30, -30],
    ),
    (
        "side bets and seven pairs: 10 × (1 + 1 + p) × 2",
        tsumo(1, "seven_pairs", seats=bets(3, 1, 0, 0)),
        {},
        [-100, 180, -40, -40],
    ),
    (
        "dealer P0 pays one more base: 10 × (1 + 1) and 10 from the others",
        tsumo(1),
        {"dealer_add_base": True},
        [-20, 40, -10, -10],
    ),
    ("base 5: 5 each", tsumo(1), {"base": 5}, [-5, 15, -5, -5]),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [w[1:] for w in WINS], ids=[w[0] for w in WINS])
def test_every_other_player_pays_a_self_draw_by_their_own_stake(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(zz(hand, {"dealer": 0}, **options))["deltas"] == deltas


def test_a_winning_dealer_is_paid_one_more_base_by_everyone_under_dealer_add_base() -> None:
    # 10 × (1 + 0 + 0 + dealer 1) = 20 from each.
    result = ok(zz(tsumo(0), {"dealer": 0}, dealer_add_base=True))
    assert result["deltas"] == [60, -20, -20, -20]


def test_dealer_add_base_adds_the_dealers_stake_to_kong_bonuses_too() -> None:
    # Z-13 (RULES §9.6.4). P1's concealed kong: 20 from the dealer P0, 10 from P2 and P3; P1 self-draws:
    # 20 from P0, 10 from P2 and P3. Before Z-13 the kong paid a plain 10 from P0: [-30, 70, -20, -20].
    hand = tsumo(1, kongs=[{"seat": 1, "kind": "concealed"}])
    result = ok(zz(hand, {"dealer": 0}, dealer_add_base=True))
    assert result["deltas"] == [-40, 80, -20, -20]


# -- more win payments, worked by hand: P1 self-draws, dealer P0: what each seat moves -------------
# WinPay(p) = B × (1 + pao_w + pao_p) × M, B = 10.


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


# -- kong bonuses ---------------------------------------------------------------------------------

KONGS = [
    (
        "winner's concealed kong: each other pays 10 × (1 + 0 + p)",
        [{"seat": 1, "kind": "concealed"}],
        bets(1, 0, 0, 2),
        {},
        # win: P0 20, P2 10, P3 30; kong: P0 20, P2 10, P3 30
        [-40, 120, -20, -60],
    ),
    (
        "another player's exposed kong: its discarder pays 10 × (1 + pao_k + pao_d)",
        [{"seat": 2, "kind": "exposed", "from": 3}],
        bets(0, 0, 1, 2),
        {},
        # win: P0 10, P2 20, P3 30 → P1 +60; kong: P3 pays P2 10 × (1 + 1 + 2) = 40
        [-10, 60, 20, -70],
    ),
    (
        "an added kong: the seat that fed the pung pays",
        [{"seat": 3, "kind": "added", "from": 0}],
        bets(0, 0, 0, 0),
        {},
        [-20, 30, -10, 0],
    ),
    (
        "only the winner's kongs under kongs_only_winner",
        [{"seat": 3, "kind": "added", "from": 0}, {"seat": 1, "kind": "exposed", "from": 2}],
        bets(0, 0, 0, 0),
        {"kongs_only_winner": True},
        # win 10 each; P1's exposed kong: P2 pays 10; P3's added kong is not paid
        [-10, 40, -20, -10],
    ),
    (
        "plain base for kongs when side bets do not apply to them",
        [{"seat": 1, "kind": "concealed"}],
        bets(1, 2, 0, 3),
        {"kong_pao_applies": False},
        # win: 10 × (1 + 2 + p) = 40, 30, 60; kong: 10 each
        [-50, 160, -40, -70],
    ),
    (
        "winner-only side bets for a kong count its declarer's bet",
        [{"seat": 2, "kind": "concealed"}],
        bets(3, 0, 1, 3),
        {"pao_mode": "winner_only"},
        # win: 10 each; kong: 10 × (1 + 1) = 20 from each of P0, P1, P3
        [-30, 10, 50, -30],
    ),
]


@pytest.mark.parametrize(("kongs", "seats", "options", "deltas"), [k[1:] for k in KONGS], ids=[k[0] for k in KONGS])
def test_kong_bonuses_are_paid_by_their_own_payers_when_someone_wins(
    kongs: list[dict[str, Any]], seats: list[dict[str, Any]], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(zz(tsumo(1, kongs=kongs, seats=seats), **options))["deltas"] == deltas


def test_a_kong_bonus_is_not_multiplied_by_the_hands_doublings() -> None:
    # Win: 10 × 2 × 2 (four wilds, win after kong) = 40 each; the kong adds a plain 10 each.
    hand = tsumo(1, "four_wilds", "kong_bloom", kongs=[{"seat": 1, "kind": "concealed", "tile": "3m"}])
    result = ok(zz(hand))
    assert result["deltas"] == [-50, 150, -50, -50]
    texts = [line["text"] for line in result["lines"]]
    assert any("concealed kong 闷豆 of 3m" in text and "= 10" in text for text in texts)


def test_a_drawn_hand_pays_no_kong_bonus_and_keeps_the_dealer() -> None:
    hand = {"result": "draw", "kongs": [{"seat": 2, "kind": "exposed", "from": 0}]}
    result = ok(zz(hand, {"dealer": 3, "dealer_streak": 1}))
    assert result["deltas"] == [0, 0, 0, 0]
    assert result["state"]["dealer"] == 3
    assert result["state"]["dealer_streak"] == 2
    assert result["state"]["draw_streak"] == 1


def test_a_void_hand_moves_nothing() -> None:
    result = ok(zz({"result": "void"}, {"dealer": 2, "dealer_streak": 1}))
    assert result["deltas"] == [0, 0, 0, 0]
    assert result["state"]["dealer"] == 2
    assert result["state"]["dealer_streak"] == 1


@pytest.mark.parametrize(
    ("dealer", "winner", "next_dealer", "streak"),
    [(0, 0, 0, 3), (0, 2, 2, 0), (3, 1, 1, 0)],
)
def test_the_winner_deals_next_and_a_winning_dealer_stays(
    dealer: int, winner: int, next_dealer: int, streak: int
) -> None:
    result = ok(zz(tsumo(winner), {"dealer": dealer, "dealer_streak": 2, "draw_streak": 1}))
    assert result["state"]["dealer"] == next_dealer
    assert result["state"]["dealer_streak"] == streak
    assert result["state"]["draw_streak"] == 0
    assert any(line["code"] == "dealer" and f"P{next_dealer}" in line["text"] for line in result["lines"])


# -- more kong bonuses: B × (1 + pao_k + pao_p), paid only in a won hand and never doubled ---------
# P1 wins a plain self-draw, no markers, unless said.


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


# -- discard wins (house rule) -------------------------------------------------------------------------


def test_a_discard_win_is_refused_unless_the_house_allows_it() -> None:
    hand = {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": []}]}
    assert ("method_not_allowed", "wins.0.method") in errors_of(zz(hand))


def test_an_allowed_discard_win_is_paid_by_the_discarder_alone() -> None:
    # 10 × (1 + 1 + 2) × seven pairs 2 = 80 from P2 only.
    hand = {
        "result": "win",
        "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": ["seven_pairs"]}],
        "seats": bets(3, 1, 2, 0),
    }
    result = ok(zz(hand, allow_discard_win=True))
    assert result["deltas"] == [0, 80, -80, 0]
    assert any("discarder alone" in line["text"] for line in result["lines"])


# -- more discard wins under the house rule --------------------------------------------------------


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
def test_an_allowed_discard_win_moves_only_the_discarder_and_gives_the_deal_to_the_winner(
    hand: dict[str, Any], dealer: int, options: dict[str, Any], deltas: list[int]
) -> None:
    result = ok(zz(hand, {"dealer": dealer}, allow_discard_win=True, **options))
    assert result["deltas"] == deltas
    assert result["state"]["dealer"] == hand["wins"][0]["seat"]

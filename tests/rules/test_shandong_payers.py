"""Shandong (山东麻将): who pays (RULES.md §4.6), the next dealer and the counters (§4.7), drawn and void hands."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import replay

from .helpers import discard, ok, robbed, self_draw, won
from .shandong_helpers import kong, sd, seats_with

# -- who pays -------------------------------------------------------------------------------------


def test_a_ming_lou_discarder_pays_double_after_the_cap() -> None:
    # (5 + 2) × min(32, 6 · 2 · 4 = 48) = 224, doubled after the cap = 448.
    hand = won(discard(1, 3, "pure_terminals", "all_triplets"), seats=seats_with(p3="ming"))
    result = ok(sd(hand, {"draw_streak": 2}))
    assert result["deltas"] == [0, 448, 0, -448]
    assert any("Ming Lou" in line["text"] and "448" in line["text"] for line in result["lines"])


def test_a_ming_lou_discarders_double_inside_the_cap_is_swallowed_by_it() -> None:
    # (5 + 2) × min(32, 6 · 2 · 4 · 2 = 96) = 224.
    hand = won(discard(1, 3, "pure_terminals", "all_triplets"), seats=seats_with(p3="ming"))
    result = ok(sd(hand, {"draw_streak": 2}, ming_lou_penalty_inside_cap=True))
    assert result["deltas"] == [0, 224, 0, -224]


def test_a_ming_lou_discarder_of_a_plain_hand_pays_ten() -> None:
    # 5 × 1 = 5, doubled = 10 (inside the cap it is min(32, 2) × 5 = 10 as well).
    for inside in (False, True):
        result = ok(sd(won(discard(1, 3), seats=seats_with(p3="ming")), ming_lou_penalty_inside_cap=inside))
        assert result["deltas"] == [0, 10, 0, -10]


@pytest.mark.parametrize(
    ("payer_rule", "amount"),
    [("declarer_single", 5), ("declarer_pays_three", 15)],
)
def test_the_robbed_kongs_declarer_pays_as_the_discarder(payer_rule: str, amount: int) -> None:
    hand = won({"seat": 2, "method": "rob_kong", "from": 0, "patterns": []})
    result = ok(sd(hand, rob_kong_payer=payer_rule))
    assert result["deltas"] == [-amount, 0, amount, 0]
    assert result["state"]["dealer"] == 2


def test_a_robbed_ming_lou_declarer_pays_double_like_a_ming_lou_discarder() -> None:
    # 5 × 1 = 5, doubled = 10; paid three times under Jinan practice = 30.
    hand = won({"seat": 2, "method": "rob_kong", "from": 0, "patterns": []}, seats=seats_with(p0="ming"))
    assert ok(sd(hand))["deltas"] == [-10, 0, 10, 0]
    assert ok(sd(hand, rob_kong_payer="declarer_pays_three"))["deltas"] == [-30, 0, 30, 0]


def test_a_liable_player_pays_all_three_shares_of_a_self_draw() -> None:
    # 5 × 2 = 10 a share; P1 pays 3 × 10.
    result = ok(sd(won(self_draw(2), liable=1)))
    assert result["deltas"] == [0, -30, 30, 0]


def test_a_liable_player_replaces_the_discarder() -> None:
    result = ok(sd(won(discard(2, 3), liable=1)))
    assert result["deltas"] == [0, -5, 5, 0]


def test_a_liable_player_standing_in_for_a_ming_lou_discarder_pays_the_double() -> None:
    result = ok(sd(won(discard(2, 3), liable=1, seats=seats_with(p3="ming"))))
    assert result["deltas"] == [0, -10, 10, 0]


def test_a_liable_player_for_a_robbed_kong_paid_three_times_pays_all_of_it() -> None:
    hand = won({"seat": 2, "method": "rob_kong", "from": 0, "patterns": []}, liable=3)
    result = ok(sd(hand, rob_kong_payer="declarer_pays_three"))
    assert result["deltas"] == [0, 0, 15, -15]


def test_a_liable_discarder_pays_once_and_is_named_plainly() -> None:
    result = ok(sd(won(discard(2, 3), liable=3)))
    assert result["deltas"] == [0, 0, 5, -5]
    assert not any("instead of" in line["text"] for line in result["lines"])


# -- several winners, and the next dealer ----------------------------------------------------------


def test_several_winners_on_one_discard_are_each_paid_and_the_discarder_deals_next() -> None:
    # P1: (5 + 2) × 5 = 35; P2: 5 × 1 = 5; P3 discarded and deals next.
    hand = won(discard(1, 3, "pure_one_suit"), discard(2, 3))
    result = ok(sd(hand, {"dealer": 0}))
    assert result["deltas"] == [0, 35, 5, -40]
    assert result["state"]["dealer"] == 3


@pytest.mark.parametrize(
    ("declarer", "robbers", "option", "dealer"),
    [
        (0, (1, 3), "first_robber", 1),
        (2, (1, 3), "first_robber", 3),
        (3, (1, 2), "first_robber", 1),
        (2, (1, 3), "declarer", 2),
    ],
)
def test_several_robbers_pass_the_deal_to_the_first_robber_after_the_declarer(
    declarer: int, robbers: tuple[int, ...], option: str, dealer: int
) -> None:
    hand = won(*({"seat": s, "method": "rob_kong", "from": declarer, "patterns": []} for s in robbers))
    result = ok(sd(hand, {"dealer": 0}, several_robbers_dealer=option))
    expected = [0, 0, 0, 0]
    for seat in robbers:
        expected[seat] = 5
    expected[declarer] = -5 * len(robbers)
    assert result["deltas"] == expected
    assert result["state"]["dealer"] == dealer


@pytest.mark.parametrize(
    ("state", "winner", "dealer", "streak"),
    [({"dealer": 0}, 2, 2, 0), ({"dealer": 1, "dealer_streak": 2}, 1, 1, 3), ({"dealer": 3}, 0, 0, 0)],
)
def test_the_single_winner_deals_next(state: dict[str, Any], winner: int, dealer: int, streak: int) -> None:
    result = ok(sd(won(self_draw(winner)), {**state, "draw_streak": 2}))
    assert result["state"]["dealer"] == dealer
    assert result["state"]["dealer_streak"] == streak
    assert result["state"]["draw_streak"] == 0


# -- drawn and void hands -------------------------------------------------------------------------

DRAWS = [
    ("first draw keeps the dealer", {"dealer": 1}, {}, [0, 0, 0, 0], 1, 1),
    ("first draw with rotation passes the deal", {"dealer": 1}, {"draw_dealer": "rotate"}, [0, 0, 0, 0], 2, 1),
    ("third draw: the dealer pays 1 to each", {"dealer": 1, "draw_streak": 2}, {}, [1, -3, 1, 1], 1, 3),
    ("fourth draw: paid once only", {"dealer": 1, "draw_streak": 3}, {}, [0, 0, 0, 0], 1, 4),
    (
        "fourth draw: paid every hand from the third",
        {"dealer": 1, "draw_streak": 3},
        {"dealer_draw_penalty": "each_hand_from_3"},
        [1, -3, 1, 1],
        1,
        4,
    ),
    (
        "second draw: nothing yet even paying every hand",
        {"dealer": 1, "draw_streak": 1},
        {"dealer_draw_penalty": "each_hand_from_3"},
        [0, 0, 0, 0],
        1,
        2,
    ),
    (
        "third draw with rotation: the dealer of the drawn hand pays",
        {"dealer": 2, "draw_streak": 2},
        {"draw_dealer": "rotate"},
        [1, 1, -3, 1],
        3,
        3,
    ),
]


@pytest.mark.parametrize(
    ("state", "options", "deltas", "dealer", "draws"),
    [d[1:] for d in DRAWS],
    ids=[d[0] for d in DRAWS],
)
def test_a_drawn_hand_counts_the_streak_and_may_charge_the_dealer(
    state: dict[str, Any], options: dict[str, Any], deltas: list[int], dealer: int, draws: int
) -> None:
    result = ok(sd({"result": "draw", "kongs": [{"seat": 0, "kind": "concealed"}]}, state, **options))
    assert result["deltas"] == deltas
    assert result["state"]["dealer"] == dealer
    assert result["state"]["draw_streak"] == draws


def test_a_void_hand_moves_nothing_and_keeps_every_counter() -> None:
    state = {"dealer": 2, "dealer_streak": 1, "draw_streak": 2}
    result = ok(sd({"result": "void"}, state))
    assert result["deltas"] == [0, 0, 0, 0]
    assert {k: dict(result["state"])[k] for k in state} == state


def test_the_reasons_show_the_arithmetic_and_the_cap() -> None:
    result = ok(sd(won(discard(1, 3, "pure_one_suit", "all_triplets")), {"draw_streak": 2}))
    text = " | ".join(line["text"] for line in result["lines"])
    assert "P3 pays 288 to P1" in text
    assert "capped at ×32" in text
    assert "2 drawn hands before ×4" in text
    assert "Next dealer P1" in text


def test_the_reasons_show_the_draw_multiplier_cap_when_only_it_is_capped() -> None:
    hand = won(discard(1, 3))
    result = ok(sd(hand, {"draw_streak": 5}, cap=8, cap_scope="draw_multiplier"))
    assert result["deltas"] == [0, 40, 0, -40]
    assert any("capped at ×8" in line["text"] for line in result["lines"])


def test_a_session_of_three_draws_charges_the_dealer_once_and_multiplies_the_next_win_by_eight() -> None:
    # Draws 1-2 move nothing; draw 3: dealer P0 pays 1 to each; the win after three draws: 5 × 2^3 = 40.
    hands = [{"result": "draw"}] * 3 + [won(discard(2, 1))]
    session = replay("shandong", hands)
    assert session["ok"]
    assert [r["deltas"] for r in session["results"]] == [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [-3, 1, 1, 1],
        [0, -40, 40, 0],
    ]
    assert session["totals"] == [-3, -39, 41, 1]
    assert session["state"]["dealer"] == 2
    assert session["state"]["draw_streak"] == 0


# -- 承包 and Ming Lou payers, worked by hand (§4.6) -------------------------------------------------


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


def test_a_ming_lou_loser_pays_a_self_draw_like_everyone_else() -> None:
    # The double is only for dealing in (SD-12): P2's self-draw with An Lou, (5 + 1) × 2 = 12 from each.
    result = ok(sd(won(self_draw(2), seats=seats_with(p0="ming", p2="an", p3="ming"))))
    assert result["deltas"] == [-12, -12, 36, -12]

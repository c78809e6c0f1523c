"""Shandong (山东麻将): RULES.md §4 and §7.4, worked by hand.

amount = (base 5 + points) × min(32, multipliers × draw multiplier). Every expected
figure below is worked from the rule book in the test's id or comment.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, replay, settle

EXAMPLES = [
    case
    for case in json.loads((Path(__file__).parent / "data" / "examples.json").read_text(encoding="utf-8"))["cases"]
    if case["variant"] == "shandong"
]


def sd(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    return settle("shandong", hand, state, options or None)


def won(*wins: dict[str, Any], **facts: Any) -> dict[str, Any]:
    return {"result": "win", "wins": list(wins), **facts}


def discard(seat: int, frm: int, *patterns: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "method": "discard", "from": frm, "patterns": list(patterns), **extra}


def self_draw(seat: int, *patterns: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "method": "self_draw", "patterns": list(patterns), **extra}


def seats_with(**ready: str) -> list[dict[str, Any]]:
    """seats_with(p1="an") → P1 declared An Lou."""
    return [{"ready": ready.get(f"p{i}", "none")} for i in range(4)]


def ok(result: dict[str, Any]) -> dict[str, Any]:
    assert result["ok"], result["errors"]
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    return result


def errors_of(result: dict[str, Any]) -> set[tuple[str, str | None]]:
    assert not result["ok"]
    assert result["deltas"] == [0, 0, 0, 0]
    return {(e["code"], e["field"]) for e in result["errors"]}


# -- the rule book's worked examples --------------------------------------------------------------


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["id"] for c in EXAMPLES])
def test_the_rule_books_shandong_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(settle("shandong", case["hand"], case.get("state"), case.get("options")))
    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert result["state"][key] == value


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
    assert {k: result["state"][k] for k in state} == state


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


# -- rejected records ------------------------------------------------------------------------------

REJECTED = [
    (
        "Ming Lou winner on a discard",
        won(discard(1, 3), seats=seats_with(p1="ming")),
        {},
        {},
        ("method_not_allowed", "wins.0.method"),
    ),
    (
        "Ming Lou robber",
        won({"seat": 1, "method": "rob_kong", "from": 3, "patterns": []}, seats=seats_with(p1="ming")),
        {},
        {},
        ("method_not_allowed", "wins.0.method"),
    ),
    (
        "heavenly hand by a non-dealer",
        won(self_draw(2, "heavenly_hand")),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "earthly hand by the dealer",
        won(self_draw(0, "earthly_hand")),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "earthly hand after An Lou",
        won(self_draw(2, "earthly_hand"), seats=seats_with(p2="an")),
        {},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "heavenly hand on a discard",
        won(discard(0, 3, "heavenly_hand")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "kong bloom on a discard",
        won(discard(1, 3, "kong_bloom")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "all triplets with seven pairs",
        won(discard(1, 3, "all_triplets", "seven_pairs")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "two rungs of the ladder",
        won(discard(1, 3, "seven_pairs", "luxury_seven_pairs")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "pure and mixed one suit",
        won(discard(1, 3, "pure_one_suit", "mixed_one_suit")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "all generals as seven pairs",
        won(discard(1, 3, "all_generals", "seven_pairs")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "no ready declaration under must_declare_ready",
        won(discard(1, 3)),
        {},
        {"must_declare_ready": True},
        ("win_requirement", "seats.1.ready"),
    ),
    (
        "five kongs",
        won(discard(1, 3), kongs=[{"seat": s % 4, "kind": "concealed"} for s in range(5)]),
        {},
        {},
        ("invalid_value", "kongs"),
    ),
    (
        "four kongs and a plain win",
        won(discard(1, 3), kongs=[{"seat": s, "kind": "concealed"} for s in range(4)]),
        {},
        {},
        ("contradictory_facts", "kongs"),
    ),
    (
        "a liable player with two winners",
        won(discard(1, 3), discard(2, 3), liable=0),
        {},
        {},
        ("contradictory_facts", "liable"),
    ),
    (
        "a plain ready declaration",
        won(discard(1, 3), seats=seats_with(p0="ready")),
        {},
        {},
        ("fact_not_in_variant", "seats.0.ready"),
    ),
    (
        "a side bet",
        won(discard(1, 3), seats=[{"side_bet": 1}, {}, {}, {}]),
        {},
        {},
        ("fact_not_in_variant", "seats.0.side_bet"),
    ),
    ("a treasure", won(discard(1, 3), treasure="5m"), {}, {}, ("fact_not_in_variant", "treasure")),
    (
        "a dragon set",
        won(discard(1, 3), kongs=[{"seat": 1, "kind": "dragon_set"}]),
        {},
        {},
        ("fact_not_in_variant", "kongs.0.kind"),
    ),
    ("an unknown pattern", won(discard(1, 3, "edge_wait")), {}, {}, ("unknown_pattern", "wins.0.patterns.0")),
    (
        "a repeated pattern",
        won(discard(1, 3, "mixed_one_suit", "mixed_one_suit")),
        {},
        {},
        ("pattern_repeated", "wins.0.patterns.1"),
    ),
    ("an unknown option", won(discard(1, 3)), {}, {"cap_per_payer": 4}, ("unknown_option", "options.cap_per_payer")),
    (
        "an exempt258 item that is not a pattern",
        won(discard(1, 3)),
        {},
        {"exempt258": ["heavenly_hand"]},
        ("invalid_option", "options.exempt258"),
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "problem"), [r[1:] for r in REJECTED], ids=[r[0] for r in REJECTED]
)
def test_a_record_shandong_cannot_score_is_rejected_with_its_field(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    result = sd(hand, state or None, **options)
    assert problem in errors_of(result)
    assert result["state"]["dealer"] == (state or {}).get("dealer", 0)


# -- declaration ---------------------------------------------------------------------------------


def test_the_declaration_lists_every_config_key_and_pattern_of_the_rule_book() -> None:
    described = get_variant("shandong")
    keys = {o["key"]: o["default"] for o in described["options"]}
    assert keys["base"] == 5
    assert keys["pts.exposed_kong"] == 1
    assert keys["pts.add_kong"] == 1
    assert keys["pts.concealed_kong"] == 3
    assert keys["cap"] == 32
    assert keys["draw_mult_cap_exp"] == 5
    assert keys["ming_lou_penalty_inside_cap"] is False
    assert keys["draw_dealer"] == "retain"
    assert keys["dealer_draw_penalty"] == "once_at_3"
    assert set(keys["exempt258"]) == {
        "all_triplets",
        "seven_pairs",
        "pure_one_suit",
        "mixed_one_suit",
        "all_generals",
        "pure_terminals",
    }
    assert keys["rob_kong_payer"] == "declarer_single"
    assert keys["all_generals_free_form"] is False
    assert keys["must_declare_ready"] is False
    assert keys["cap_scope"] == "product"
    assert {p["id"] for p in described["patterns"]} == {
        "kong_bloom",
        "pure_one_suit",
        "mixed_one_suit",
        "all_generals",
        "all_triplets",
        "seven_pairs",
        "luxury_seven_pairs",
        "double_luxury_seven_pairs",
        "triple_luxury_seven_pairs",
        "pure_terminals",
        "earthly_hand",
        "heavenly_hand",
    }
    assert described["uses_flowers"] and described["uses_liable"]
    assert described["ready_values"] == ["none", "ming", "an"]
    assert all(o["meaning"] for o in described["options"])
    assert described["notes"]


# -- invariants -------------------------------------------------------------------------------------

PATTERN_IDS = [p["id"] for p in get_variant("shandong")["patterns"]]


@st.composite
def shandong_records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result}
    if result == "win":
        method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
        winners = draw(st.lists(st.integers(0, 3), min_size=1, max_size=1 if method == "self_draw" else 3, unique=True))
        source = draw(st.integers(0, 3).filter(lambda s: s not in winners))
        record["wins"] = [
            {
                "seat": w,
                "method": method,
                **({} if method == "self_draw" else {"from": source}),
                "patterns": draw(st.lists(st.sampled_from(PATTERN_IDS), max_size=3)),
                "flowers": draw(st.integers(0, 8)),
            }
            for w in winners
        ]
        if draw(st.booleans()):
            record["liable"] = draw(st.integers(0, 3))
    record["seats"] = [{"ready": draw(st.sampled_from(["none", "ming", "an"]))} for _ in range(4)]
    record["kongs"] = [{"seat": s, "kind": "concealed"} for s in draw(st.lists(st.integers(0, 3), max_size=3))]
    return record


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=shandong_records(),
    dealer=st.integers(0, 3),
    draws=st.integers(0, 8),
    options=st.fixed_dictionaries(
        {
            "ming_lou_penalty_inside_cap": st.booleans(),
            "rob_kong_payer": st.sampled_from(["declarer_single", "declarer_pays_three"]),
            "cap": st.sampled_from([None, 8, 32]),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, draws: int, options: dict[str, Any]
) -> None:
    state = {"dealer": dealer, "draw_streak": draws}
    result = settle("shandong", record, state, options)
    if result["ok"]:
        assert sum(result["deltas"]) == 0
        assert all(isinstance(d, int) for d in result["deltas"])
    else:
        assert result["deltas"] == [0, 0, 0, 0]
        assert result["state"]["dealer"] == dealer
        assert result["state"]["draw_streak"] == draws


# -- tiles ---------------------------------------------------------------------------------------------


def on_discard(tiles: str, *patterns: str, **facts: Any) -> dict[str, Any]:
    return won(discard(1, 3, *patterns, tiles=tiles), **facts)


def drawn(tiles: str, *patterns: str, **facts: Any) -> dict[str, Any]:
    return won(self_draw(1, *patterns, tiles=tiles), **facts)


ALL_BUT_SEVEN_PAIRS = ["all_triplets", "pure_one_suit", "mixed_one_suit", "all_generals", "pure_terminals"]

TILE_WINS = [
    ("a standard hand with a 5s pair: 5", on_discard("[123m][456p]789s 55s 11z +1z"), {}, 5),
    ("all triplets need no 2-5-8 pair: (5 + 2) × 2", on_discard("[111m][999p]333s 44s 77z +7z"), {}, 14),
    ("pure one suit needs no 2-5-8 pair: (5 + 2) × 5", on_discard("123m 456m 789m 111m 9m+9m"), {}, 35),
    ("mixed one suit needs no 2-5-8 pair: 5 × 2", on_discard("123m456m789m 111z 5m+5m"), {}, 10),
    ("seven pairs: (5 + 2) × 2", on_discard("1122m3344p5566s7z+7z"), {}, 14),
    (
        "seven pairs off the exempt list but holding a 22m pair: (5 + 2) × 2",
        on_discard("1122m3344p5566s7z+7z"),
        {"exempt258": ALL_BUT_SEVEN_PAIRS},
        14,
    ),
    ("luxury seven pairs: (5 + 4) × 2", on_discard("1111m3344p5566s7z+7z"), {}, 18),
    (
        "triple luxury in one suit beats the same tiles as chows: (5 + 8 + 2) × 5 × 2",
        on_discard("111122223333m4m+4m"),
        {},
        150,
    ),
    ("pure terminals are all triplets too: (5 + 2) × 6 × 2", on_discard("111m 999m 111p 999p 1s+1s"), {}, 84),
    ("all generals are all triplets too: (5 + 2 + 2) × 2", on_discard("[222m][555p]888s 22p 55m+5m"), {}, 18),
    (
        "all generals in free form: (5 + 2) × 1",
        on_discard("22m55m88m22p55p88p2s+5s"),
        {"all_generals_free_form": True},
        7,
    ),
    ("2-5-8 seven pairs: seven pairs only, (5 + 2) × 2", on_discard("22m55m88m22p55p88p2s+2s"), {}, 14),
    (
        "2-5-8 seven pairs in free form: (5 + 2 + 2) × 2",
        on_discard("22m55m88m22p55p88p2s+2s"),
        {"all_generals_free_form": True},
        18,
    ),
    (
        "a robbed kong's tile completes a chow: 5 from the declarer",
        won({"seat": 1, "method": "rob_kong", "from": 3, "patterns": [], "tiles": "12m 456m789m 123p 55p+3m"}),
        {},
        5,
    ),
    (
        "a concealed kong in the tiles and the record: (5 + 3) × 1",
        on_discard("(1111m)234m 567p 789s 5s+5s", kongs=[{"seat": 1, "kind": "concealed", "tile": "1m"}]),
        {},
        8,
    ),
]


@pytest.mark.parametrize(("hand", "options", "amount"), [t[1:] for t in TILE_WINS], ids=[t[0] for t in TILE_WINS])
def test_winning_tiles_prove_their_patterns_and_the_best_reading_is_paid(
    hand: dict[str, Any], options: dict[str, Any], amount: int
) -> None:
    result = ok(sd(hand, **options))
    assert result["deltas"] == [0, amount, 0, -amount]
    assert any(line["code"] == "tiles" for line in result["lines"])


@pytest.mark.parametrize(
    ("win", "deltas"),
    [
        # (5 + 3 + 3 + 1) × 2 = 24 from each: the fourth kong's replacement tile won.
        (self_draw(1, "kong_bloom"), [-24, 72, -24, -24]),
        # P1 robs P0's added kong: (5 + 3 + 3) × 1 = 11 from P0 alone.
        ({"seat": 1, "method": "rob_kong", "from": 0, "patterns": []}, [-11, 11, 0, 0]),
    ],
)
def test_a_fourth_kong_may_end_in_a_kong_bloom_or_a_robbed_kong(win: dict[str, Any], deltas: list[int]) -> None:
    kongs = [
        {"seat": 1, "kind": "concealed"},
        {"seat": 1, "kind": "concealed"},
        {"seat": 2, "kind": "concealed"},
        {"seat": 0, "kind": "added", "from": 3},
    ]
    assert ok(sd(won(win, kongs=kongs)))["deltas"] == deltas


def test_a_kong_bloom_self_draw_with_its_kong_in_the_tiles() -> None:
    # (5 + 3 + 1) × 2 = 18 from each.
    hand = drawn("(1111m)234m 567p 789s 5s+5s", "kong_bloom", kongs=[{"seat": 1, "kind": "concealed"}])
    assert ok(sd(hand))["deltas"] == [-18, 54, -18, -18]


def test_the_tiles_note_names_the_patterns_they_prove() -> None:
    result = ok(sd(on_discard("111122223333m4m+4m")))
    note = next(line["text"] for line in result["lines"] if line["code"] == "tiles")
    assert "pure one suit" in note and "triple luxury seven pairs" in note


TILE_REJECTS = [
    ("a 4p pair", on_discard("123456789m 123p 4p+4p"), {}, {}, ("win_requirement", "wins.0.tiles")),
    (
        "all triplets taken off the exempt list",
        on_discard("[111m][999p]333s 44s 77z +7z"),
        {},
        {"exempt258": ["seven_pairs", "pure_one_suit"]},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "seven pairs without a 2-5-8 pair taken off the exempt list",
        on_discard("1133m4466p7799s1z+1z"),
        {},
        {"exempt258": ALL_BUT_SEVEN_PAIRS},
        ("win_requirement", "wins.0.tiles"),
    ),
    ("not a winning hand", on_discard("123m456m789m 123p 4p+5p"), {}, {}, ("tiles_not_a_win", "wins.0.tiles")),
    (
        "scattered 2-5-8 tiles without free form",
        on_discard("22m55m88m22p55p88p2s+5s"),
        {},
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    ("bad notation", on_discard("123m456m789m 123p 4p 5p"), {}, {}, ("tiles_notation", "wins.0.tiles")),
    ("a dragon set", on_discard("[567z]123m456m789m5p+5p"), {}, {}, ("win_requirement", "wins.0.tiles")),
    (
        "all triplets ticked on seven pairs",
        on_discard("1122m3344p5566s7z+7z", "all_triplets"),
        {},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "pure one suit ticked on a mixed hand",
        on_discard("123m456m789m 111z 5m+5m", "pure_one_suit"),
        {},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "kong bloom without a kong",
        drawn("123m456m789m 123p 5p+5p", "kong_bloom"),
        {},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "a robbed tile the winner already holds",
        won({"seat": 1, "method": "rob_kong", "from": 3, "patterns": [], "tiles": "123m456m789m 123p 5p+5p"}),
        {},
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a kong the record does not list",
        on_discard("(1111m)234m 567p 789s 5s+5s"),
        {},
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a heavenly hand showing a claimed pung",
        drawn("[111m]234m567p789s5s+5s", "heavenly_hand"),
        {"dealer": 1},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "problem"), [t[1:] for t in TILE_REJECTS], ids=[t[0] for t in TILE_REJECTS]
)
def test_tiles_that_break_a_shandong_rule_are_rejected_by_name(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    assert problem in errors_of(sd(hand, state or None, **options))


def test_a_pair_that_breaks_the_258_rule_is_named() -> None:
    message = sd(on_discard("123456789m 123p 4p+4p"))["errors"][0]["message"]
    assert "4p" in message and "2s, 5s or 8s" in message


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

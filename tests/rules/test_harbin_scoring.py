"""Harbin scoring and the deal (RULES.md §3.6, §3.7): every figure is worked by hand.

amount(p) = base 1 × V × (clamp ? 2 : 1); V is 1 (ready discarder), 3 (discarder not ready),
2 (self-draw, robbing a kong), 3 (摸宝) or 12 (宝中宝). P0 deals unless a case says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from .harbin_helpers import closed, harbin, ready
from .helpers import discard, examples_for, robbed, self_draw, won

EXAMPLES = examples_for("harbin")


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_the_rule_books_harbin_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = harbin(case["hand"], case.get("state"), **case.get("options", {}))

    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert dict(result["state"])[key] == value


WIN_VALUES = [
    ("standard_win_on_a_ready_discarder", won(discard(1, 2), seats=ready(2)), {}, [0, 1, -1, 0]),
    ("discarder_not_ready_pays_3", won(discard(1, 2)), {}, [0, 3, -3, 0]),
    ("not_ready_with_clamp", won(discard(1, 2, "clamp")), {}, [0, 6, -6, 0]),
    ("self_draw_2_from_each", won(self_draw(1)), {}, [-2, 6, -2, -2]),
    ("self_draw_clamp", won(self_draw(1, "clamp")), {}, [-4, 12, -4, -4]),
    # Robbing a kong counts as a self-draw: all three pay 2, the robbed player among them.
    ("robbing_a_kong", won(robbed(1, 2)), {}, [-2, 6, -2, -2]),
    ("robbing_a_kong_clamp", won(robbed(1, 2, "clamp")), {}, [-4, 12, -4, -4]),
    ("finding_the_treasure", won(self_draw(1, "finding_treasure")), {}, [-3, 9, -3, -3]),
    ("finding_the_treasure_clamp", won(self_draw(1, "finding_treasure", "clamp")), {}, [-6, 18, -6, -6]),
    # The clamp does not double 宝中宝 by default …
    (
        "treasure_in_treasure_ignores_clamp",
        won(self_draw(1, "treasure_in_treasure", "clamp")),
        {},
        [-12, 36, -12, -12],
    ),
    # … but does with clamp_on_bao_zhong_bao: 12 × 2 = 24.
    (
        "clamp_on_bao_zhong_bao",
        won(self_draw(1, "treasure_in_treasure", "clamp")),
        {"clamp_on_bao_zhong_bao": True},
        [-24, 72, -24, -24],
    ),
    # harbin_treasure_stacks_with_self_draw: 摸宝 3×2 = 6, with clamp 12; 宝中宝 12×2 = 24; self-draw clamp 2×2 = 4.
    (
        "stacked_finding_treasure",
        won(self_draw(1, "finding_treasure")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-6, 18, -6, -6],
    ),
    (
        "stacked_finding_treasure_clamp",
        won(self_draw(1, "finding_treasure", "clamp")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-12, 36, -12, -12],
    ),
    (
        "stacked_treasure_in_treasure",
        won(self_draw(1, "treasure_in_treasure")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-24, 72, -24, -24],
    ),
    (
        "stacked_self_draw_clamp",
        won(self_draw(1, "clamp")),
        {"harbin_treasure_stacks_with_self_draw": True},
        [-4, 12, -4, -4],
    ),
    ("base_2", won(self_draw(1)), {"base": 2}, [-4, 12, -4, -4]),
    # dealer_double: the dealer pays 4, the others 2; when the dealer wins, everyone pays 4.
    ("dealer_double_dealer_pays", won(self_draw(1)), {"dealer_double": True}, [-4, 8, -2, -2]),
    ("dealer_double_dealer_wins", won(self_draw(0)), {"dealer_double": True}, [12, -4, -4, -4]),
    ("dealer_double_untouched", won(discard(1, 2), seats=ready(2)), {"dealer_double": True}, [0, 1, -1, 0]),
    # closed_double: a closed payer pays ×2.
    ("closed_double_self_draw", won(self_draw(1), seats=closed(3)), {"closed_double": True}, [-2, 8, -2, -4]),
    ("closed_double_discard", won(discard(1, 2), seats=closed(2)), {"closed_double": True}, [0, 6, -6, 0]),
    ("closed_payer_without_the_option", won(self_draw(1), seats=closed(3)), {}, [-2, 6, -2, -2]),
    # Both: closed dealer P0 pays 2 × 2 × 2 = 8.
    (
        "dealer_and_closed_double",
        won(self_draw(1), seats=closed(0)),
        {"dealer_double": True, "closed_double": True},
        [-8, 12, -2, -2],
    ),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in WIN_VALUES], ids=[c[0] for c in WIN_VALUES])
def test_one_win_value_doubled_by_a_clamp_is_paid_by_the_right_players(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert harbin(hand, {"dealer": 0}, **options)["deltas"] == deltas


def test_a_winner_not_marked_ready_still_wins_and_is_told_why() -> None:
    result = harbin(won(self_draw(1)), None)

    assert any(line["params"].get("note") == "winner_counts_as_ready" for line in result["lines"])
    assert harbin(won(self_draw(1)), None)["deltas"] == harbin(won(self_draw(1), seats=ready(1)), None)["deltas"]


def test_the_reason_gives_the_arithmetic() -> None:
    texts = [line["text"] for line in harbin(won(discard(0, 1, "clamp")))["lines"]]

    assert "P1 pays 6 to P0: base 1 × discarder not ready 出冲 3 × clamp ×2 = 6" in texts


DEALER_BRANCHES = [
    ("dealer_wins_and_stays", won(self_draw(0)), {"dealer": 0, "dealer_streak": 1}),
    ("the_winner_deals_next", won(self_draw(3)), {"dealer": 3, "dealer_streak": 0}),
    ("draw_keeps_the_dealer", {"result": "draw"}, {"dealer": 0, "dealer_streak": 1, "draw_streak": 1}),
    ("void_changes_nothing", {"result": "void"}, {"dealer": 0, "dealer_streak": 0, "draw_streak": 0}),
]


@pytest.mark.parametrize(("hand", "expected"), [c[1:] for c in DEALER_BRANCHES], ids=[c[0] for c in DEALER_BRANCHES])
def test_the_winner_takes_the_deal(hand: dict[str, Any], expected: dict[str, int]) -> None:
    result = harbin(hand, {"dealer": 0})

    assert {key: dict(result["state"])[key] for key in expected} == expected
    if hand["result"] != "win":
        assert result["deltas"] == [0, 0, 0, 0]


# -- one value with its clamp and the per-payer house rules (§3.6, §7.3) ---------------------------
# amount(p) = base × V × (clamp ? 2 : 1), base 1, P0 dealing unless the case says otherwise; V is one
# exclusive value (§3.6), and the house rules dealer_double and closed_double multiply per payer.


STACKS = {"harbin_treasure_stacks_with_self_draw": True}


# (id, hand, state, options, deltas)
VALUES: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]] = [
    # Robbing counts as a self-draw: the robbed dealer is one of the three who pay 2.
    ("robbing_the_dealers_kong", won(robbed(2, 0)), {}, {}, [-2, -2, 6, -2]),
    ("robbing_a_kong_with_dealer_double", won(robbed(2, 1)), {}, {"dealer_double": True}, [-4, -2, 8, -2]),
    (
        "robbing_a_kong_with_a_closed_payer",
        won(robbed(2, 1), seats=closed(3)),
        {},
        {"closed_double": True},
        [-2, -2, 8, -4],
    ),
    # A ready robbed player changes nothing: robbing is no discard win, so never 平胡 1.
    ("robbing_a_ready_players_kong", won(robbed(1, 2), seats=ready(2)), {}, {}, [-2, 6, -2, -2]),
    ("robbing_a_kong_clamp_with_stacks", won(robbed(1, 2, "clamp")), {}, STACKS, [-4, 12, -4, -4]),
    # 出冲 3 × clamp 2 × dealer 2 = 12.
    (
        "dealer_wins_a_clamp_on_a_discarder_not_ready",
        won(discard(0, 2, "clamp")),
        {},
        {"dealer_double": True},
        [12, 0, -12, 0],
    ),
    # 摸宝 3 × clamp 2 × dealer 2 = 12 from each.
    (
        "dealer_finds_the_treasure_for_a_clamp",
        won(self_draw(0, "finding_treasure", "clamp")),
        {},
        {"dealer_double": True},
        [36, -12, -12, -12],
    ),
    # 宝中宝 12 × self-draw 2 × clamp 2 = 48.
    (
        "stacked_treasure_in_treasure_with_its_clamp",
        won(self_draw(1, "treasure_in_treasure", "clamp")),
        {},
        {**STACKS, "clamp_on_bao_zhong_bao": True},
        [-48, 144, -48, -48],
    ),
    (
        "stacked_treasure_in_treasure_ignores_its_clamp",
        won(self_draw(1, "treasure_in_treasure", "clamp")),
        {},
        STACKS,
        [-24, 72, -24, -24],
    ),
    # 摸宝 3 × 2 = 6; the dealer P0 pays 12, the closed P3 12, P2 6.
    (
        "stacked_finding_treasure_with_dealer_and_closed_payers",
        won(self_draw(1, "finding_treasure"), seats=closed(3)),
        {},
        {**STACKS, "dealer_double": True, "closed_double": True},
        [-12, 30, -6, -12],
    ),
    (
        "base_5_clamp_on_a_ready_discarder",
        won(discard(1, 2, "clamp"), seats=ready(2)),
        {},
        {"base": 5},
        [0, 10, -10, 0],
    ),
    # The ready dealer deals in: 平胡 1 × clamp 2 × dealer 2 = 4.
    (
        "ready_dealer_deals_in_a_clamp",
        won(discard(3, 0, "clamp"), seats=ready(0)),
        {},
        {"dealer_double": True},
        [-4, 0, 0, 4],
    ),
    # 出冲 3 × clamp 2 × closed 2 = 12.
    (
        "closed_discarder_not_ready_with_a_clamp",
        won(discard(1, 2, "clamp"), seats=closed(2)),
        {},
        {"closed_double": True},
        [0, 12, -12, 0],
    ),
    # P3 deals: it pays 2 × 2, the others 2.
    ("dealer_double_follows_the_dealer", won(self_draw(2)), {"dealer": 3}, {"dealer_double": True}, [-2, -2, 8, -4]),
    ("stacks_leave_a_plain_self_draw_at_2", won(self_draw(1)), {}, STACKS, [-2, 6, -2, -2]),
    ("stacks_leave_a_discard_win_alone", won(discard(1, 2)), {}, STACKS, [0, 3, -3, 0]),
    # 宝中宝 12; the dealer wins, so everyone pays 24, and the closed P1 48.
    (
        "dealer_treasure_in_treasure_with_a_closed_payer",
        won(self_draw(0, "treasure_in_treasure"), seats=closed(1)),
        {},
        {"dealer_double": True, "closed_double": True},
        [96, -48, -24, -24],
    ),
    (
        "clamp_option_without_a_clamp",
        won(self_draw(1, "treasure_in_treasure")),
        {},
        {"clamp_on_bao_zhong_bao": True},
        [-12, 36, -12, -12],
    ),
    (
        "indicator_mode_scores_the_same",
        won(self_draw(1, "finding_treasure")),
        {},
        {"treasure_mode": "indicator"},
        [-3, 9, -3, -3],
    ),
    # closed_double touches only a payer who has not opened; an open discarder pays 平胡 1.
    (
        "closed_double_ignores_open_payers",
        won(discard(1, 2), seats=ready(2)),
        {},
        {"closed_double": True},
        [0, 1, -1, 0],
    ),
]


@pytest.mark.parametrize(("hand", "state", "options", "deltas"), [c[1:] for c in VALUES], ids=[c[0] for c in VALUES])
def test_one_value_with_its_clamp_and_the_per_payer_house_rules(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert harbin(hand, {"dealer": 0, **state}, **options)["deltas"] == deltas

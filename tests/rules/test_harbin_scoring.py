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
        assert result["state"][key] == value


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

    assert {key: result["state"][key] for key in expected} == expected
    if hand["result"] != "win":
        assert result["deltas"] == [0, 0, 0, 0]

"""An independent review of Harbin (RULES.md §3, §7.3): combinations the first tests left out.

Every figure is worked by hand from amount(p) = base × V × (clamp ? 2 : 1), base 1, P0 dealing
unless the case says otherwise; V is one exclusive value (§3.6), and the house rules dealer_double
and closed_double multiply per payer.
"""

from __future__ import annotations

from typing import Any

import pytest

from .harbin_helpers import CLAMP_HAND, PAIR_WAIT, TWO_SIDED, closed, harbin, ready
from .helpers import discard, robbed, self_draw, won

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


# (id, win entry, record facts, options, deltas): the tiles decide clamp and treasure.
TILE_HANDS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]] = [
    # A pair wait is a single wait but no clamp: a plain self-draw 2.
    ("pair_wait_is_no_clamp", self_draw(1, tiles=f"{PAIR_WAIT} +5s"), {}, {}, [-2, 6, -2, -2]),
    # Two suits are enough; 2p completes the pair.
    ("two_suits_are_enough", self_draw(1, tiles="[123m][111p] 456m 789m 2p +2p"), {}, {}, [-2, 6, -2, -2]),
    ("clamp_on_a_discarder_not_ready", discard(1, 3, tiles=f"{CLAMP_HAND} +8s"), {}, {}, [0, 6, 0, -6]),
    # An exposed and a concealed kong from the tiles earn nothing; the clamp doubles the self-draw.
    ("kongs_earn_nothing", self_draw(1, tiles="[2222p](9999m) 345s 79s 11m +8s"), {}, {}, [-4, 12, -4, -4]),
    # The treasure 5s is the single wait: 宝中宝 12 (a pair wait has no clamp to argue about).
    (
        "treasure_in_treasure_on_a_pair_wait",
        self_draw(1, tiles=f"{PAIR_WAIT} +5s"),
        {"treasure": "5s"},
        {},
        [-12, 36, -12, -12],
    ),
    # The treasure 3m stands for 5s: 摸宝 3, no clamp.
    (
        "finding_the_treasure_for_a_pair",
        self_draw(1, tiles=f"{PAIR_WAIT} +3m"),
        {"treasure": "3m"},
        {},
        [-3, 9, -3, -3],
    ),
    # A treasure face that is not the drawn tile leaves a plain self-draw.
    ("a_treasure_not_drawn", self_draw(1, tiles=f"{TWO_SIDED} +9s"), {"treasure": "4p"}, {}, [-2, 6, -2, -2]),
    (
        "indicator_mode_with_tiles",
        self_draw(1, tiles=f"{CLAMP_HAND} +4p"),
        {"treasure": "4p"},
        {"treasure_mode": "indicator"},
        [-6, 18, -6, -6],
    ),
    # A discarded treasure used as a wild (house rule) is still a discard win: 出冲 3 × clamp 2, never stacked.
    (
        "discarded_wild_with_stacks",
        discard(1, 2, tiles=f"{CLAMP_HAND} +4p"),
        {"treasure": "4p"},
        {"treasure_wild_on_discard": True, **STACKS},
        [0, 6, -6, 0],
    ),
    ("robbing_a_kong_for_a_clamp", robbed(1, 2, tiles=f"{CLAMP_HAND} +8s"), {}, {}, [-4, 12, -4, -4]),
    # 摸宝 3 × self-draw 2 × clamp 2 = 12.
    (
        "stacked_finding_treasure_for_a_clamp",
        self_draw(1, tiles=f"{CLAMP_HAND} +4p"),
        {"treasure": "4p"},
        STACKS,
        [-12, 36, -12, -12],
    ),
    # The 中 pair is the hand's only terminal; 7z alone completes it.
    ("red_dragon_pair_as_the_terminal", self_draw(1, tiles="[222p][234m] 345s 678s 7z +7z"), {}, {}, [-2, 6, -2, -2]),
    # 中 follows 中: the treasure 7z drawn for the single 7z wait is 宝中宝.
    (
        "red_dragon_treasure_in_treasure",
        self_draw(1, tiles="[222p][234m] 345s 678s 7z +7z"),
        {"treasure": "7z"},
        {},
        [-12, 36, -12, -12],
    ),
]


@pytest.mark.parametrize(
    ("entry", "facts", "options", "deltas"), [c[1:] for c in TILE_HANDS], ids=[c[0] for c in TILE_HANDS]
)
def test_tiles_settle_the_clamp_and_the_treasure_value(
    entry: dict[str, Any], facts: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert harbin(won(entry, **facts), {"dealer": 0}, **options)["deltas"] == deltas

"""Review of Harbin sessions (RULES.md §3.7, §3.8) and of what Harbin refuses (§0.2, §3.4-§3.6).

Base 1; P0 deals first. Figures are worked by hand, hand by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant

from .harbin_helpers import CLAMP_HAND, PAIR_WAIT, harbin_errors, harbin_session, ready
from .helpers import discard, robbed, self_draw, won

DRAW: dict[str, Any] = {"result": "draw"}


def test_the_winner_takes_the_deal_and_a_void_hand_moves_nothing() -> None:
    hands = [
        won(self_draw(1)),  # 2 from each; P1 deals next
        DRAW,  # P1 keeps the deal
        won(discard(1, 2, "clamp"), seats=ready(2)),  # 平胡 1 × clamp 2 from P2; the dealer P1 stays
        won(robbed(3, 1)),  # robbing is a self-draw: 2 from each, the robbed P1 included; P3 deals
        {"result": "void"},
    ]
    result = harbin_session(hands)

    assert [r["deltas"] for r in result["results"]] == [
        [-2, 6, -2, -2],
        [0, 0, 0, 0],
        [0, 2, -2, 0],
        [-2, -2, -2, 6],
        [0, 0, 0, 0],
    ]
    keys = ("dealer", "dealer_streak", "draw_streak", "previous", "hand")
    assert [tuple(r["state"][k] for k in keys) for r in result["results"]] == [
        (1, 0, 0, "win", 2),
        (1, 1, 1, "draw", 3),
        (1, 2, 0, "win", 4),
        (3, 0, 0, "win", 5),
        (3, 0, 0, "void", 6),
    ]
    assert result["totals"] == [-4, 6, -6, 4]


def test_dealer_double_follows_the_deal_as_it_moves_to_each_winner() -> None:
    hands = [
        won(self_draw(2)),  # dealer P0 pays 2 × 2, P1 and P3 pay 2; P2 deals next
        won(discard(2, 1)),  # the dealer P2 wins 出冲 3 × 2 = 6 from P1
        won(self_draw(0, "finding_treasure")),  # 摸宝 3: the dealer P2 pays 6, the others 3; P0 deals
    ]
    result = harbin_session(hands, dealer_double=True)

    assert [r["deltas"] for r in result["results"]] == [[-4, -2, 8, -2], [0, -6, 6, 0], [12, -3, -6, -3]]
    assert [r["state"]["dealer"] for r in result["results"]] == [2, 2, 0]
    assert result["totals"] == [8, -11, 8, -5]


def test_drawn_hands_carry_no_multiplier_into_the_next_win() -> None:
    result = harbin_session([DRAW, DRAW, won(self_draw(1))])

    assert result["results"][2]["deltas"] == [-2, 6, -2, -2]
    assert [(r["state"]["dealer_streak"], r["state"]["draw_streak"]) for r in result["results"]] == [
        (1, 1),
        (2, 2),
        (0, 0),
    ]
    assert result["pot"] == 0


# (id, hand, options, one expected (code, field))
REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("no_terminal", won(self_draw(1, tiles="[234m][222p] 345s 68s 55m +7s")), {}, ("win_requirement", "wins.0.tiles")),
    # 中 is not a suit: characters alone are one suit.
    (
        "one_suit_and_red",
        won(self_draw(1, tiles="[123m][777z] 456m 789m 5m +5m")),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "a_concealed_kong_as_the_fourth_set_aside",
        won(self_draw(1, tiles="[123m][222p][345s](9999m) 1s +1s")),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "finding_the_treasure_on_a_robbed_kong",
        won(robbed(1, 2, "finding_treasure")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "treasure_in_treasure_on_a_discard",
        won(discard(1, 2, "treasure_in_treasure")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "treasure_in_treasure_before_finding_the_treasure",
        won(self_draw(1, "treasure_in_treasure", "finding_treasure")),
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    ("a_clamp_twice", won(self_draw(1, "clamp", "clamp")), {}, ("pattern_repeated", "wins.0.patterns.1")),
    (
        "a_revealed_tile_penalty",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 1, "count": 1}]},
        {},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    (
        "four_same_discards",
        {"result": "draw", "penalties": [{"kind": "four_same_discards", "seat": 1}]},
        {},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    ("a_liable_player", won(self_draw(1), liable=2), {}, ("fact_not_in_variant", "liable")),
    ("flowers", won(self_draw(1, flowers=1)), {}, ("fact_not_in_variant", "wins.0.flowers")),
    (
        "a_side_bet",
        won(self_draw(1), seats=[{}, {"side_bet": 2}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.1.side_bet"),
    ),
    (
        "an_east_wind",
        won(self_draw(1, tiles="[123m][111z] 456p 789s 1p +1p")),
        {},
        ("tiles_not_in_set", "wins.0.tiles"),
    ),
    (
        "a_white_dragon_treasure",
        won(self_draw(1, "finding_treasure"), treasure="5z"),
        {},
        ("tiles_not_in_set", "treasure"),
    ),
    ("a_shenyang_option", won(self_draw(1)), {"ron_payers": "all"}, ("unknown_option", "options.ron_payers")),
    ("treasure_mode_both", won(self_draw(1)), {"treasure_mode": "both"}, ("invalid_option", "options.treasure_mode")),
    (
        "a_clamp_on_a_pair_wait",
        won(self_draw(1, "clamp", tiles=f"{PAIR_WAIT} +5s")),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    # The treasure 3m is not what the hand waited on (5s): 摸宝, not 宝中宝.
    (
        "treasure_in_treasure_when_the_wild_stands_for_another_tile",
        won(self_draw(1, "treasure_in_treasure", tiles=f"{PAIR_WAIT} +3m"), treasure="3m"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "a_clamp_for_a_wild_on_a_discard_without_the_house_rule",
        won(discard(1, 2, tiles=f"{CLAMP_HAND} +4p"), treasure="4p"),
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
]


@pytest.mark.parametrize(("hand", "options", "error"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_records_that_break_a_harbin_rule_are_refused_and_move_nothing(
    hand: dict[str, Any], options: dict[str, Any], error: tuple[str, str]
) -> None:
    assert error in harbin_errors(hand, {"dealer": 0}, **options)


RULE_BOOK_DEFAULTS = {
    "base": 1,
    "starting_points": 100,
    "treasure_mode": "successor",
    "clamp_on_bao_zhong_bao": False,
    "harbin_treasure_stacks_with_self_draw": False,
    "dealer_double": False,
    "closed_double": False,
    "reserve_tiles": 0,
    "treasure_wild_on_discard": False,
    "allow_chow_ready": True,
}


def test_every_option_defaults_to_the_rule_book_and_says_what_it_means() -> None:
    described = get_variant("harbin")
    options = {option["key"]: option for option in described["options"]}

    assert {key: options[key]["default"] for key in RULE_BOOK_DEFAULTS} == RULE_BOOK_DEFAULTS
    assert options["treasure_mode"]["allowed"] == ["successor", "indicator"]
    assert all(len(option["meaning"]) > 20 for option in options.values())
    assert (described["default_base"], described["default_starting_points"]) == (1, 100)
    assert described["kong_kinds"] == ["added", "concealed", "exposed"]


# (pattern, methods, excludes)
CATALOGUE = [
    ("clamp", ["discard", "rob_kong", "self_draw"], []),
    ("finding_treasure", ["self_draw"], ["treasure_in_treasure"]),
    ("treasure_in_treasure", ["self_draw"], ["finding_treasure"]),
]


@pytest.mark.parametrize(("pattern_id", "methods", "excludes"), CATALOGUE)
def test_each_pattern_names_the_methods_it_needs_and_what_it_excludes(
    pattern_id: str, methods: list[str], excludes: list[str]
) -> None:
    pattern = next(p for p in get_variant("harbin")["patterns"] if p["id"] == pattern_id)

    assert (pattern["methods"], pattern["excludes"], pattern["repeatable"]) == (methods, excludes, False)

"""What the hand form tells the phrase box beyond its chips (reading/phrase_table.py): the words a table's house
rules make mean one of its items, what saying an item says of the winner, whether kongs pay there and how the
table reads its treasure from the tile turned up. No database: the engine and the words alone."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.reading.phrase_table import (
    also_words,
    any_wait_treasure,
    exclusive_chips,
    kongs_pay,
    ready_words,
    turn_order,
)
from tablekeeper.rules import get_variant, kongs_that_pay, patterns_needing_ready, settle


def preset(variant: str, preset_id: str) -> dict[str, Any]:
    return next(dict(p["options"]) for p in get_variant(variant)["presets"] if p["id"] == preset_id)


def test_three_seven_edge_words_mean_the_clamp_only_where_the_table_plays_三七夹() -> None:
    assert "边三" in also_words("harbin", preset("harbin", "go_server"))["clamp"].split()
    assert "clamp" not in also_words("harbin", None)


def test_a_single_wait_means_夹胡_after_报听_only_at_the_club() -> None:
    club = preset("dalian", "club_java")
    assert "单吊" in also_words("dalian", club)["edge_wait"].split()
    assert ready_words("dalian", club)["edge_wait"] == "asked"
    assert "edge_wait" not in also_words("dalian", None) and "edge_wait" not in ready_words("dalian", None)


def test_saying_a_treasure_says_the_winner_was_ready_where_only_a_ready_player_sees_it() -> None:
    assert ready_words("dalian", None) == {
        "treasure_rush": "implied",
        "finding_treasure": "implied",
        "hidden_treasure": "implied",
    }
    assert ready_words("harbin", None) == {}  # every Harbin winner counts as ready


@pytest.mark.parametrize("pattern", ["treasure_rush", "finding_treasure", "hidden_treasure"])
def test_each_pattern_needing_ready_is_refused_without_it_and_accepted_with_it(pattern: str) -> None:
    assert pattern in patterns_needing_ready("dalian", None)
    win = {"seat": 1, "method": "self_draw", "patterns": [pattern]}
    assert not settle("dalian", {"result": "win", "wins": [win]})["ok"]
    ready = {"result": "win", "wins": [win], "seats": [{}, {"ready": "ready"}, {}, {}]}
    assert settle("dalian", ready)["ok"]


def test_any_single_wait_treasure_is_宝中宝_only_under_its_house_rule() -> None:
    assert any_wait_treasure("harbin", preset("harbin", "go_server"))
    assert not any_wait_treasure("harbin", None)


@pytest.mark.parametrize(
    ("variant", "preset_id", "paid"),
    [
        ("dalian", "rule_book", False),
        ("dalian", "club_java", True),
        ("harbin", "rule_book", False),
        ("shenyang", "rule_book", True),
        ("shandong", "rule_book", True),
        ("zhengzhou", "rule_book", True),
    ],
)
def test_kongs_pay_where_a_winners_kong_changes_the_payment(variant: str, preset_id: str, paid: bool) -> None:
    options = preset(variant, preset_id)
    assert kongs_pay(variant, options) is paid
    assert bool(kongs_that_pay(variant, options)) is paid


@pytest.mark.parametrize(
    ("variant", "preset_id", "turn"),
    [
        ("dalian", "rule_book", "1234z 675z"),  # the winds' cycle, and the dragons' 发 → 中 → 白 → 发
        ("dalian", "club_java", "same"),  # treasure_mode=indicator: the turned-up tile is the treasure
        ("harbin", "rule_book", "7z"),  # 中 follows 中 in a set with one honour
        ("zhengzhou", "rule_book", "1234765z"),  # one cycle: 北 → 中
        ("shenyang", "rule_book", ""),
    ],
)
def test_the_tile_turned_up_is_read_in_the_order_the_tables_wild_follows(
    variant: str, preset_id: str, turn: str
) -> None:
    assert turn_order(variant, preset(variant, preset_id)) == turn


def test_the_chips_a_table_refuses_together_are_named_by_their_places_in_base_36() -> None:
    chips = [f"p{index}" for index in range(12)]
    assert exclusive_chips(chips, [["p11", "p0"], ["p3", "p4"], ["p3", "gone"]]) == "0b 34"
    assert exclusive_chips(chips, []) == ""

"""What the engine says each pattern and fact item is worth at a table (`pattern_values`,
`fact_item_values`, `counters_that_count`), against the values the rule book and the city presets
give (RULES §1-§5, §9): table-driven, no database. The pages' chips are checked against settling
in tests/reading/test_table_values.py."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import HouseRules, counters_that_count, fact_item_values, get_variant, pattern_values


def table(variant: str, preset: str | None) -> HouseRules | None:
    if preset is None:
        return None
    return dict(next(p for p in get_variant(variant)["presets"] if p["id"] == preset)["options"])


@pytest.mark.parametrize(
    ("variant", "preset", "pattern", "factor", "points"),
    [
        # Shandong's book adds points (RULES §4.6); 济南·途游 multiplies instead (§9, issue 23's evening).
        ("shandong", None, "kong_bloom", None, 1),
        ("shandong", "jinan_tuyoo", "kong_bloom", 2, None),
        ("shandong", "jinan_tuyoo", "pure_one_suit", 4, None),
        ("shandong", "jinan_tuyoo", "all_triplets", 2, None),
        ("shandong", "jinan_tuyoo", "seven_pairs", 2, None),
        ("shandong", "jinan_tuyoo", "luxury_seven_pairs", 4, None),
        # 大连·俱乐部 (club_java): 冲宝 ×8, 杠上开花 ×4, the floats ×4.
        ("dalian", "club_java", "treasure_rush", 8, None),
        ("dalian", "club_java", "kong_bloom", 4, None),
        ("dalian", "club_java", "double_float", 4, None),
        ("dalian", "club_java", "single_float", 4, None),
        # 郑州·常见: luxury seven pairs ×2 (the book says ×2 or ×4 by a house rule).
        ("zhengzhou", "common", "luxury_seven_pairs", 2, None),
    ],
)
def test_a_patterns_value_at_a_table_is_the_one_that_table_plays(
    variant: str, preset: str | None, pattern: str, factor: int | None, points: int | None
) -> None:
    value: Any = pattern_values(variant, table(variant, preset))[pattern]
    assert (value["factor"], value["points"]) == (factor, points)
    assert value["words"]["en"] and value["words"]["zh"]


@pytest.mark.parametrize("variant", ["dalian", "shenyang", "harbin", "shandong", "zhengzhou"])
def test_every_value_is_said_in_both_languages_or_in_neither(variant: str) -> None:
    # A fact item named with no figure (承包: who pays) has no words: the page says the book's, or not played.
    for preset in [None, *(p["id"] for p in get_variant(variant)["presets"])]:
        for item, value in pattern_values(variant, table(variant, preset)).items():
            assert value["factor"] is not None or value["points"] is not None, (preset, item)
            assert value["words"]["en"] and value["words"]["zh"], (preset, item)
        for item, fact in fact_item_values(variant, table(variant, preset)).items():
            assert bool(fact["figures"]) == bool(fact["words"]["en"]) == bool(fact["words"]["zh"]), (preset, item)


@pytest.mark.parametrize("variant", ["dalian", "shenyang", "harbin", "shandong", "zhengzhou"])
def test_every_fact_item_is_found_at_some_table_or_under_a_house_rule_that_plays_it(variant: str) -> None:
    # The hands settled reach every item the variant declares, so an item a table's hands never name is one that
    # table does not play, not one the hands missed.
    info = get_variant(variant)
    found = set(fact_item_values(variant, None))
    for preset in info["presets"]:
        found |= set(fact_item_values(variant, dict(preset["options"])))
    for option in info["options"]:  # each bool house rule turned the other way, one at a time
        if option["type"] == "bool":
            found |= set(fact_item_values(variant, {option["key"]: not option["default"]}))
        elif option["type"] == "choice":
            for choice in option["allowed"]:
                found |= set(fact_item_values(variant, {option["key"]: choice}))
    assert {item["id"] for item in info["fact_items"]} - found == set()


def test_jinans_table_pays_a_concealed_kong_two_points_and_no_drawn_hand_streak() -> None:
    jinan = table("shandong", "jinan_tuyoo")
    concealed: Any = fact_item_values("shandong", jinan)["concealed_kong"]
    assert (concealed["points"], concealed["each"]) == (2, True)
    assert "draw_multiplier" not in fact_item_values("shandong", jinan)
    assert "cap" not in fact_item_values("shandong", jinan)
    assert counters_that_count("shandong", jinan)["draw_streak"] is False
    # The book's Shandong doubles the next win after a drawn hand (RULES §4): the counter counts there.
    assert counters_that_count("shandong", None)["draw_streak"] is True


@pytest.mark.parametrize(
    ("item", "english", "chinese"),
    [
        ("false_win", "the one at fault pays 8 to each other player", "受罚的一家给其他每家8"),
        ("four_same_discards", "the one at fault pays 4 to each other player", "受罚的一家给其他每家4"),
        ("revealed_tiles", "the one at fault pays 4 a tile into the pot", "受罚的一家每张4，交进池里"),
    ],
)
def test_a_penalty_is_said_as_the_one_offender_paying_not_as_each_payer_paying(
    item: str, english: str, chinese: str
) -> None:
    assert fact_item_values("shenyang", None)[item]["words"] == {"en": english, "zh": chinese}

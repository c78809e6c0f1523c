"""Every scoring item says what it is worth and means in both languages, so a Chinese rules
reference gives the same information as the English one (issue 18, item 3)."""

from __future__ import annotations

import re

import pytest

from tablekeeper.rules import get_variant

# The variants whose folders word every item in Chinese; the others still lack some words.
WORDED_VARIANTS = ("dalian", "shenyang")
# Tile notation (§0.3: 5s, 123m, 7z) is the only Latin a Chinese word may hold.
TILE_NOTATION = re.compile(r"\d+[mpsz]")
LATIN = re.compile(r"[A-Za-z]")


def latin_besides_tiles(words: str) -> list[str]:
    return LATIN.findall(TILE_NOTATION.sub("", words))


@pytest.mark.parametrize("variant", WORDED_VARIANTS)
def test_every_fact_item_says_what_it_is_worth_in_both_languages(variant: str) -> None:
    for item in get_variant(variant)["fact_items"]:
        words = item["value_words"]
        assert words["en"] == item["value"], item["id"]
        assert words["zh"], f"{variant} {item['id']} has no Chinese value words"
        assert latin_besides_tiles(words["zh"]) == [], f"{variant} {item['id']}: {words['zh']}"


@pytest.mark.parametrize("variant", WORDED_VARIANTS)
def test_every_pattern_says_what_it_is_worth_and_means_in_both_languages(variant: str) -> None:
    for pattern in get_variant(variant)["patterns"]:
        value, meaning = pattern["value_words"], pattern["meaning_words"]
        assert value["en"] and meaning["en"], pattern["id"]
        assert meaning["en"] == pattern["meaning"], pattern["id"]
        assert value["zh"] and meaning["zh"], f"{variant} {pattern['id']} has no Chinese words"
        assert latin_besides_tiles(value["zh"] + meaning["zh"]) == [], f"{variant} {pattern['id']}"

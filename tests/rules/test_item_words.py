"""Every scoring item says what it is worth and means in both languages, so a Chinese rules
reference gives the same information as the English one (issue 18, item 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablekeeper.rules import get_variant, variant_ids
from tablekeeper.rules.variants.common import items
from tablekeeper.rules.variants.dalian.catalogue import PATTERNS

# Tile notation (§0.3: 5s, 123m, 7z) is the only Latin a Chinese word may hold.
TILE_NOTATION = re.compile(r"\d+[mpsz]")
LATIN = re.compile(r"[A-Za-z]")


def latin_besides_tiles(words: str) -> list[str]:
    return LATIN.findall(TILE_NOTATION.sub("", words))


@pytest.mark.parametrize("variant", variant_ids())
def test_every_fact_item_says_what_it_is_worth_in_both_languages(variant: str) -> None:
    for item in get_variant(variant)["fact_items"]:
        words = item["value_words"]
        assert words["en"] == item["value"], item["id"]
        assert words["zh"], f"{variant} {item['id']} has no Chinese value words"
        assert latin_besides_tiles(words["zh"]) == [], f"{variant} {item['id']}: {words['zh']}"


@pytest.mark.parametrize("variant", variant_ids())
def test_every_pattern_says_what_it_is_worth_and_means_in_both_languages(variant: str) -> None:
    for pattern in get_variant(variant)["patterns"]:
        value, meaning = pattern["value_words"], pattern["meaning_words"]
        assert value["en"] and meaning["en"], pattern["id"]
        assert meaning["en"] == pattern["meaning"], pattern["id"]
        assert value["zh"] and meaning["zh"], f"{variant} {pattern['id']} has no Chinese words"
        assert latin_besides_tiles(value["zh"] + meaning["zh"]) == [], f"{variant} {pattern['id']}"


def test_a_chinese_meaning_for_a_pattern_the_variant_lacks_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pattern_meanings.json").write_text('{"no_such_pattern": "没有这个番"}', encoding="utf-8")
    monkeypatch.setattr(items, "files", lambda package: tmp_path)

    with pytest.raises(ValueError, match="no_such_pattern"):
        items.with_chinese_meanings("tablekeeper.rules.variants.dalian", PATTERNS)

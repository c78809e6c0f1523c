"""City presets as data (RULES.md §9.7): each variant folder's presets.json, read and checked by
`get_variant(id)["presets"]`; a folder without one plays the rule book alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tablekeeper.rules import check_options, get_variant, variant_ids
from tablekeeper.rules.folder_data import PresetFileError
from tablekeeper.rules.variants import folder_of, search_path
from tests.fixtures.variant_folder import copy_variant_folder, unregistered_fixture_ids

from . import rule_book


@pytest.mark.parametrize("variant", variant_ids())
def test_every_preset_of_every_variant_passes_check_options(variant: str) -> None:
    for preset in get_variant(variant)["presets"]:
        assert check_options(variant, preset["options"]) == {"ok": True, "errors": []}, preset["id"]


@pytest.mark.parametrize("variant", variant_ids())
def test_the_rule_book_is_every_variants_first_preset_and_sets_nothing(variant: str) -> None:
    presets = get_variant(variant)["presets"]

    assert presets[0]["id"] == "rule_book"
    assert presets[0]["options"] == {}
    assert len({preset["id"] for preset in presets}) == len(presets)
    assert all(preset["name"]["zh"] and preset["name"]["en"] for preset in presets)


@pytest.mark.parametrize("variant", variant_ids())
def test_a_folder_without_presets_json_plays_the_rule_book_named_after_the_variant(variant: str) -> None:
    if (folder_of(variant) / "presets.json").is_file():
        pytest.skip("this folder has its own presets.json")
    info = get_variant(variant)
    [preset] = info["presets"]

    assert preset["name"]["en"] == f"{info['name']['en']} · rule book"
    assert preset["name"]["zh"].endswith("·规则书")


def test_a_folders_city_preset_is_read_from_its_presets_json(tmp_path: Path) -> None:
    with search_path(copy_variant_folder("tuidaohu", tmp_path)):
        presets = get_variant("tuidaohu")["presets"]

    assert [preset["id"] for preset in presets] == ["rule_book", "all_pay"]
    assert presets[1]["options"] == {"discard_all_pay": True}
    assert presets[1]["name"] == {"zh": "推倒胡·三家付", "en": "Tui Dao Hu · all three pay"}


BAD_FILES = {
    "an option the variant lacks": [
        {"id": "rule_book", "name": {"zh": "甲", "en": "A"}, "options": {}},
        {"id": "odd", "name": {"zh": "乙", "en": "B"}, "options": {"no_such_option": 1}},
    ],
    "a value the option refuses": [
        {"id": "rule_book", "name": {"zh": "甲", "en": "A"}, "options": {}},
        {"id": "odd", "name": {"zh": "乙", "en": "B"}, "options": {"base": "maybe"}},
    ],
    "an id used twice": [
        {"id": "rule_book", "name": {"zh": "甲", "en": "A"}, "options": {}},
        {"id": "rule_book", "name": {"zh": "乙", "en": "B"}, "options": {}},
    ],
    "no rule book first": [{"id": "other", "name": {"zh": "乙", "en": "B"}, "options": {}}],
    "a name in one language only": [{"id": "rule_book", "name": {"zh": "甲"}, "options": {}}],
    "no list": {"rule_book": {}},
}


@pytest.mark.parametrize("variant", unregistered_fixture_ids()[:1])
@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_wrong_presets_file_fails_loudly_when_the_variant_is_described(
    content: object, variant: str, tmp_path: Path
) -> None:
    root = copy_variant_folder(variant, tmp_path)
    (root / variant / "presets.json").write_text(json.dumps(content), encoding="utf-8")

    with search_path(root), pytest.raises(PresetFileError, match=r"presets\.json"):
        get_variant(variant)


LATIN = re.compile(r"[A-Za-z]")
# Options a later section of the book adds to a preset that its "Presets as data" block does not list yet:
# §9.3.10 (added 2026-12-02) gives 沈阳·Rust服 unscored_items=["kong_discard"] (§9.7's table says so too).
AMENDED = {("shenyang", "rust_server"): {"unscored_items": ["kong_discard"]}}


def _book_presets() -> dict[str, list[dict[str, object]]]:
    text = rule_book.text("RULES.md")
    start = text.index("```json", text.index("**Presets as data**")) + len("```json")
    return dict(json.loads(text[start : text.index("```", start)]))


@pytest.mark.parametrize("variant", variant_ids())
def test_every_variants_presets_are_the_rule_books_presets_as_data(variant: str) -> None:
    book = _book_presets()
    if variant not in book:
        pytest.skip(f"RULES.md §9.7 has no presets of {variant}")
    ours = get_variant(variant)["presets"]
    assert [preset["id"] for preset in ours] == [preset["id"] for preset in book[variant]]
    for mine, theirs in zip(ours, book[variant], strict=True):
        assert isinstance(theirs, dict)
        amended = {**theirs["options"], **AMENDED.get((variant, mine["id"]), {})}  # type: ignore[dict-item]
        assert mine["options"] == amended and mine["source"] == theirs["source"]
        assert mine["name"]["en"] == theirs["name"]["en"]  # type: ignore[index]
        book_zh = theirs["name"]["zh"]  # type: ignore[index]
        # Where the book's Chinese name carries a Latin word (沈阳·Rust服), ours says it in Chinese, and keeps the
        # book's as `book_name`, which the rules page shows beside it.
        assert mine["name"]["zh"] == book_zh or (LATIN.search(book_zh) and not LATIN.search(mine["name"]["zh"]))
        assert mine["book_name"]["zh"] == book_zh


@pytest.mark.parametrize("variant", variant_ids())
def test_no_presets_chinese_name_carries_a_latin_word(variant: str) -> None:
    for preset in get_variant(variant)["presets"]:
        assert not LATIN.search(preset["name"]["zh"]), preset["name"]


@pytest.mark.parametrize("variant", variant_ids())
def test_a_preset_named_otherwise_than_in_the_book_keeps_the_books_name(variant: str) -> None:
    for preset in get_variant(variant)["presets"]:
        assert preset["book_name"]["zh"] and preset["book_name"]["en"]
        if preset["name"]["zh"] != preset["book_name"]["zh"]:
            assert LATIN.search(preset["book_name"]["zh"]), preset["id"]

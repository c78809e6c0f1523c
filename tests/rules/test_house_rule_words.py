"""Every house rule of every variant is described for a player in both languages (RULES.md §0.6)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablekeeper.rules import get_variant, variant_ids

OPTIONS = [(variant, option) for variant in variant_ids() for option in get_variant(variant)["options"]]
# A variant with this many options or fewer may show them all on the start page.
FEW_RULES = 3
HAN = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# A developer's note has no place in a player's words.
DEVELOPER_WORDS = re.compile(r"[Ss]eed|\(R\d\)|\bD-\d|_[a-z]|\b(true|false|null|True|False)\b(?![ -]win)")


def allowed_values(option: dict[str, Any]) -> list[str]:
    if option["type"] == "bool":
        return ["true", "false"]
    if option["type"] in ("choice", "subset"):
        return [str(value) for value in option["allowed"]]
    return ["null"] if option["type"] == "optional_int" else []


def both(words: dict[str, str]) -> None:
    assert set(words) == {"en", "zh"} and words["en"].strip() and words["zh"].strip()
    assert HAN.search(words["zh"]) and not LATIN_WORD.search(words["zh"]), words["zh"]
    assert not DEVELOPER_WORDS.search(words["en"]) and not DEVELOPER_WORDS.search(words["zh"]), words


@pytest.mark.parametrize(("variant", "option"), OPTIONS, ids=[f"{v}.{o['key']}" for v, o in OPTIONS])
def test_every_house_rule_has_a_label_and_a_meaning_in_both_languages(variant: str, option: dict[str, Any]) -> None:
    both(option["label"])
    both(option["plain"])
    assert isinstance(option["common"], bool)


@pytest.mark.parametrize(("variant", "option"), OPTIONS, ids=[f"{v}.{o['key']}" for v, o in OPTIONS])
def test_every_value_a_house_rule_allows_has_words_in_both_languages(variant: str, option: dict[str, Any]) -> None:
    labels = option["value_labels"]
    assert set(allowed_values(option)) <= set(labels)
    for value in allowed_values(option):
        assert set(labels[value]) == {"en", "zh"} and labels[value]["en"] and HAN.search(labels[value]["zh"])


@pytest.mark.parametrize("variant", variant_ids())
def test_each_variant_names_a_few_rules_tables_commonly_change_and_folds_the_rest(variant: str) -> None:
    flags = [option["common"] for option in get_variant(variant)["options"]]
    # The base is always at hand; a variant with a few rules may show them all, one with many folds some.
    base = next(option for option in get_variant(variant)["options"] if option["key"] == "base")
    assert base["common"]
    assert sum(flags) < len(flags) or len(flags) <= FEW_RULES


def test_a_bool_rule_reads_yes_or_no_never_true_or_false() -> None:
    option = next(o for o in get_variant("dalian")["options"] if o["key"] == "dealer_pays_double")
    assert option["value_labels"] == {"true": {"en": "Yes", "zh": "是"}, "false": {"en": "No", "zh": "否"}}


def test_a_list_of_patterns_is_labelled_with_the_patterns_own_names() -> None:
    option = next(o for o in get_variant("shandong")["options"] if o["key"] == "exempt258")
    assert option["value_labels"]["seven_pairs"] == {"en": "Seven pairs", "zh": "七小对"}

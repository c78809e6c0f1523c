"""Refusals a real table meets, said completely in Chinese: two patterns that cannot both count are both named,
a Ming Lou player's discard win says why, and a kong's own problem speaks of a kong, never of a win."""

from __future__ import annotations

import re

import pytest
from django.utils.translation import override

from tablekeeper.reading.reasons.refusals import pattern_names, refusals
from tablekeeper.rules import HouseRules, Record, get_variant, settle, table_rules, variant_ids

pytestmark = pytest.mark.one_database(reason="refusals are the engine's words in Chinese; no query differs by database")

NAMES = ["Ann", "Bo", "Cy", "Di"]
LATIN = re.compile(r"[A-Za-z]")
# Every pair of patterns a variant's catalogue declares exclusive (and Shandong's all generals beside seven
# pairs, which the engine refuses from its own check), each ticked on a plain self-drawn win.
PAIRS = sorted(
    {
        (variant, *sorted((pattern["id"], other)))
        for variant in variant_ids()
        for pattern in get_variant(variant)["patterns"]
        for other in pattern["excludes"]
    }
    | {("shandong", "all_generals", "seven_pairs")}
)


def said_in_chinese(variant: str, record: Record, options: HouseRules | None = None) -> list[str]:
    answer = settle(variant, record, {"dealer": 0}, options)
    assert not answer["ok"]
    with override("zh-hans"):
        names = pattern_names(get_variant(variant))
        return [said.html() for said in refusals(answer["errors"], NAMES, record, names)]


def table_playing(variant: str, *patterns: str) -> HouseRules | None:
    """House rules under which the variant plays every one of `patterns`: the book's, a city preset's, or the
    book's with the bool house rules the patterns need turned on."""
    info = get_variant(variant)
    keys = {option["key"] for option in info["options"]}
    needed = {p["requires_option"] for p in info["patterns"] if p["id"] in patterns} | {"all_generals_free_form"}
    turned_on: HouseRules = {key: key != "all_generals_free_form" for key in needed if key in keys}
    tables: list[HouseRules] = [dict(preset["options"]) for preset in info["presets"]] + [turned_on]
    return next((t for t in tables if set(patterns) <= set(table_rules(variant, t)["patterns"])), None)


def without_names(text: str) -> str:
    return re.sub(r"(?<![A-Za-z])(Ann|Bo|Cy|Di)(?![A-Za-z])", "", text)


@pytest.mark.parametrize(("variant", "one", "other"), PAIRS)
def test_a_refusal_of_two_exclusive_patterns_names_both_in_chinese(variant: str, one: str, other: str) -> None:
    options = table_playing(variant, one, other)
    if options is None:
        pytest.skip("no table plays both")
    record: Record = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": [one, other]}]}
    said = said_in_chinese(variant, record, options)
    zh = {p["id"]: p["name"]["zh"] for p in get_variant(variant)["patterns"]}
    assert any(zh[one] in text and zh[other] in text for text in said), said
    assert not [text for text in said if LATIN.search(without_names(text))], said


def test_a_ming_lou_players_discard_win_is_refused_saying_why_in_chinese() -> None:
    record: Record = {
        "result": "win",
        "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": []}],
        "seats": [{}, {"ready": "ming"}, {}, {}],
    }
    assert said_in_chinese("shandong", record) == ["Bo的胡法：亮了明楼的人只能自摸胡。"]


def test_a_kong_claimed_from_its_own_player_is_refused_as_a_kong() -> None:
    record: Record = {
        "result": "win",
        "wins": [{"seat": 1, "method": "self_draw", "patterns": []}],
        "kongs": [{"seat": 2, "kind": "exposed", "from": 2}],
    }
    said = said_in_chinese("shandong", record)
    assert said and all("杠" in text and "胡" not in text for text in said), said

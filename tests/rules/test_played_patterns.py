"""Which patterns a table plays: `table_rules(variant, options)["patterns"]` is exactly what `settle` accepts.

The form offers a chip only for the patterns `table_rules` lists, so a pattern it lists must never be refused
as not played (`pattern_not_allowed`) when ticked alone, and one it leaves out must always be: over every
variant, every value of every option (one at a time, from the book's rules) and every city preset.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tablekeeper.rules import OptionInfo, PatternInfo, SettleResult, get_variant, settle, table_rules, variant_ids

METHOD_ORDER = ("self_draw", "discard", "rob_kong")


def option_values(option: OptionInfo) -> list[Any]:
    """Every value worth trying for one option: each choice, both booleans, each list item alone (and all of
    them), and a whole number's default and bounds."""
    kind, allowed = option["type"], option["allowed"]
    if kind in ("bool", "choice"):
        return list(allowed)
    if kind == "subset":
        return [[], *([item] for item in allowed), list(allowed)]
    bounds = allowed if isinstance(allowed, dict) else None
    values = [option["default"], bounds["min"] if bounds else None, bounds["max"] if bounds else None]
    return [value for value in dict.fromkeys(values) if value is not None or kind == "optional_int"]


def tables(variant: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The book's rules, each option set to each of its values alone, and every preset."""
    info = get_variant(variant)
    yield "book", {}
    for option in info["options"]:
        for value in option_values(option):
            yield f"{option['key']}={value!r}", {option["key"]: value}
    for preset in info["presets"]:
        yield f"preset {preset['id']}", dict(preset["options"])


def ticked_alone(variant: str, pattern: PatternInfo, options: dict[str, Any]) -> dict[str, Any] | None:
    """A hand of seat 1 ticking only `pattern`, with the facts its other conditions need (a ready winner, a
    joyous kong to add dragons onto); None where this table allows none of the pattern's methods."""
    info = get_variant(variant)
    allowed = table_rules(variant, options)["methods"]
    method = next((m for m in METHOD_ORDER if m in allowed and m in pattern["methods"]), None)
    if method is None:
        return None
    win: dict[str, Any] = {"seat": 1, "method": method, "patterns": [pattern["id"]]}
    if method != "self_draw":
        win["from"] = 2
    ready = [value for value in info["ready_values"] if value != "none"]
    seats = [{"opened": True, **({"ready": ready[-1]} if ready and seat == 1 else {})} for seat in range(4)]
    record: dict[str, Any] = {"result": "win", "wins": [win], "seats": seats}
    if "dragon_set" in info["kong_kinds"]:
        # Dalian's joyous kong (喜杠) is the dragon set, or under xi_gang_mode=dragon_kong an exposed dragon kong.
        if table_rules(variant, options)["options"].get("xi_gang_mode") == "dragon_kong":
            record["kongs"] = [{"seat": 1, "kind": "exposed", "tile": "5z", "from": 3}]
        else:
            record["kongs"] = [{"seat": 1, "kind": "dragon_set"}]
    return record


def refused_as_not_played(result: SettleResult) -> bool:
    return any(
        error["code"] == "pattern_not_allowed" and error["field"] == "wins.0.patterns.0" for error in result["errors"]
    )


CASES = [(variant, name, options) for variant in variant_ids() for name, options in tables(variant)]


@pytest.mark.parametrize(("variant", "table", "options"), CASES, ids=[f"{v}-{n}" for v, n, _o in CASES])
def test_a_pattern_is_refused_as_not_played_exactly_when_table_rules_leaves_it_out(
    variant: str, table: str, options: dict[str, Any]
) -> None:
    rules = table_rules(variant, options)
    assert rules["ok"], rules["errors"]
    played = set(rules["patterns"])
    checked = 0
    for pattern in get_variant(variant)["patterns"]:
        record = ticked_alone(variant, pattern, options)
        if record is None:
            continue
        checked += 1
        refused = refused_as_not_played(settle(variant, record, None, options))
        if pattern["id"] in played:
            assert not refused, f"{variant} ({table}) offers {pattern['id']} but refuses it as not played"
        else:
            assert refused, f"{variant} ({table}) hides {pattern['id']} but scores it when ticked"
    assert checked


def test_table_rules_lists_the_patterns_in_the_catalogues_order() -> None:
    for variant in variant_ids():
        catalogue = [pattern["id"] for pattern in get_variant(variant)["patterns"]]
        played = table_rules(variant, {})["patterns"]
        assert played == [pattern for pattern in catalogue if pattern in played]


@pytest.mark.parametrize(
    ("variant", "options", "pattern", "played"),
    [
        ("zhengzhou", {"luxury_seven_pairs": "off"}, "luxury_seven_pairs", False),
        ("zhengzhou", {"luxury_seven_pairs": "x2"}, "luxury_seven_pairs", True),
        ("zhengzhou", {"luxury_seven_pairs": "x4"}, "luxury_seven_pairs", True),
        ("dalian", {"unscored_items": ["edge_wait"]}, "edge_wait", False),
        ("dalian", {"unscored_items": ["ready"]}, "edge_wait", True),
        ("dalian", {"allow_float_hand": False}, "double_float", False),
        ("dalian", {"allow_float_hand": True}, "double_float", True),
        ("dalian", {"allow_shou_ba_yi": False}, "single_remaining", False),
        ("shenyang", {"allow_seven_pairs": False}, "seven_pairs", False),
        ("shenyang", {"allow_seven_pairs": True}, "seven_pairs", True),
    ],
)
def test_a_house_rule_that_removes_a_pattern_removes_it_from_the_table(
    variant: str, options: dict[str, Any], pattern: str, played: bool
) -> None:
    assert (pattern in table_rules(variant, options)["patterns"]) is played


def test_a_pattern_not_played_is_refused_naming_the_house_rule_that_removes_it() -> None:
    record = {"result": "win", "wins": [{"seat": 0, "method": "self_draw", "patterns": ["luxury_seven_pairs"]}]}
    result = settle("zhengzhou", record, None, {"luxury_seven_pairs": "off"})
    assert not result["ok"]
    assert [(e["code"], e["field"]) for e in result["errors"]] == [("pattern_not_allowed", "wins.0.patterns.0")]
    assert "luxury_seven_pairs" in result["errors"][0]["message"]


def test_get_variant_names_the_house_rules_that_decide_whether_a_pattern_is_played() -> None:
    patterns = {pattern["id"]: pattern for pattern in get_variant("dalian")["patterns"]}
    assert patterns["double_float"]["played_by_options"] == ["allow_float_hand", "unscored_items"]
    deciding = ["allow_float_hand", "allow_shou_ba_yi", "unscored_items"]
    assert patterns["single_remaining"]["played_by_options"] == deciding
    luxury = next(p for p in get_variant("zhengzhou")["patterns"] if p["id"] == "luxury_seven_pairs")
    assert luxury["played_by_options"] == ["luxury_seven_pairs"]


def ticked_on(variant: str, pattern: PatternInfo, options: dict[str, Any], method: str) -> dict[str, Any]:
    """`ticked_alone`'s hand, won by `method` (from seat 2 where it is a discard or a robbed kong)."""
    record = ticked_alone(variant, {**pattern, "methods": [method]}, options)
    assert record is not None
    return record


@pytest.mark.parametrize(("variant", "table", "options"), CASES, ids=[f"{v}-{n}" for v, n, _o in CASES])
def test_a_pattern_is_refused_on_a_method_exactly_when_table_rules_leaves_that_method_out(
    variant: str, table: str, options: dict[str, Any]
) -> None:
    rules = table_rules(variant, options)
    for pattern in get_variant(variant)["patterns"]:
        if pattern["id"] not in rules["patterns"]:
            continue
        for method in rules["methods"]:
            if method not in pattern["methods"]:
                continue  # refused on the catalogue's own account, as every table refuses it
            result = settle(variant, ticked_on(variant, pattern, options, method), None, options)
            refused = any(
                error["code"] == "pattern_method_conflict" and error["field"] == "wins.0.patterns.0"
                for error in result["errors"]
            )
            offered = method in rules["pattern_methods"][pattern["id"]]
            assert refused is not offered, f"{variant} ({table}): {pattern['id']} on {method}"


def test_zhengzhou_scores_seven_pairs_on_a_robbed_kong_only_where_a_wild_may_complete_a_pair() -> None:
    robbing = {"allow_rob_kong": True}
    assert "rob_kong" not in table_rules("zhengzhou", robbing)["pattern_methods"]["seven_pairs"]
    wilds = {**robbing, "seven_pairs_wild_mode": "wilds_complete_pairs"}
    assert "rob_kong" in table_rules("zhengzhou", wilds)["pattern_methods"]["luxury_seven_pairs"]

"""The pairs of patterns a table declares exclusive (`table_rules`' `excluded_pairs`, from the catalogue) are the
pairs the engine refuses as `patterns_exclusive`, and no others: at every variant's book table and every city
preset, and at tables whose house rules move an exclusion (Dalian's edge_wait_mode, Shandong's
all_generals_free_form). Table-driven, no database: every pair of played patterns is ticked in plain hands."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from tablekeeper.rules import HouseRules, Record, RecordSeat, RecordWin, get_variant, settle, table_rules, variant_ids

TABLES: list[tuple[str, str, HouseRules | None]] = [
    *((variant, "book", None) for variant in variant_ids()),
    *(
        (variant, preset["id"], dict(preset["options"]))
        for variant in variant_ids()
        for preset in get_variant(variant)["presets"]
    ),
    ("dalian", "single_wait_ready", {"edge_wait_mode": "single_wait_ready"}),
    ("dalian", "middle_of_chow", {"edge_wait_mode": "middle_of_chow"}),
    ("shandong", "free_form_generals", {"all_generals_free_form": True}),
]


def plain_hands(variant: str, patterns: tuple[str, ...], method: str) -> Iterator[Record]:
    """Plain winning hands ticking `patterns`: as they are, by a ready winner (a treasure needs one), with eight
    flowers, by the dealer (a heavenly hand)."""
    win: RecordWin = {"seat": 1, "method": method, "patterns": list(patterns)}
    if method != "self_draw":
        win["from"] = 2
    yield {"result": "win", "wins": [win]}
    for ready in get_variant(variant)["ready_values"][1:]:
        seats: list[RecordSeat | None] = [{}, {"ready": ready}, {}, {}]
        yield {"result": "win", "wins": [win], "seats": seats}
    if get_variant(variant)["uses_flowers"]:
        yield {"result": "win", "wins": [{**win, "flowers": 8}]}
    yield {"result": "win", "wins": [{**win, "seat": 0}]}


def refused_as_exclusive(variant: str, options: HouseRules | None, pair: tuple[str, str], method: str) -> bool:
    return any(
        any(error["code"] == "patterns_exclusive" for error in settle(variant, hand, None, options)["errors"])
        for hand in plain_hands(variant, pair, method)
    )


@pytest.mark.parametrize(("variant", "table", "options"), TABLES, ids=[f"{v}-{t}" for v, t, _ in TABLES])
def test_every_pair_the_engine_refuses_as_exclusive_is_declared_and_every_declared_pair_is_refused(
    variant: str, table: str, options: HouseRules | None
) -> None:
    rules = table_rules(variant, options)
    declared = {tuple(pair) for pair in rules["excluded_pairs"]}
    refused: set[tuple[str, ...]] = set()
    for pair in combinations(sorted(rules["patterns"]), 2):
        methods = set(rules["pattern_methods"][pair[0]]) & set(rules["pattern_methods"][pair[1]])
        if any(refused_as_exclusive(variant, options, pair, method) for method in sorted(methods)):
            refused.add(pair)
    # A pair with no method in common is never ticked together in one win: it cannot be refused as exclusive.
    ticked_together = {
        pair for pair in declared if set(rules["pattern_methods"][pair[0]]) & set(rules["pattern_methods"][pair[1]])
    }
    assert refused - declared == set(), "refused but not declared"
    assert ticked_together - refused == set(), "declared but not refused"


def test_dalians_edge_win_excludes_the_floats_and_terminals_except_after_a_single_wait_ready() -> None:
    book = {tuple(pair) for pair in table_rules("dalian", None)["excluded_pairs"]}
    assert {("double_float", "edge_wait"), ("edge_wait", "pure_terminals")} <= book
    assert "double_float" in next(p for p in get_variant("dalian")["patterns"] if p["id"] == "edge_wait")["excludes"]
    ready = {tuple(pair) for pair in table_rules("dalian", {"edge_wait_mode": "single_wait_ready"})["excluded_pairs"]}
    assert ("double_float", "edge_wait") not in ready and ("edge_wait", "terminal_wait") in ready


def test_four_in_hand_with_a_float_is_declared_exclusive_and_a_joyous_kong_lifts_it() -> None:
    assert ["double_float", "four_in_hand"] in table_rules("dalian", None)["excluded_pairs"]
    win: RecordWin = {"seat": 1, "method": "self_draw", "patterns": ["double_float", "four_in_hand"]}
    plain: Record = {"result": "win", "wins": [win]}
    assert [e["code"] for e in settle("dalian", plain)["errors"]] == ["patterns_exclusive"]
    with_cyclone: Record = {**plain, "kongs": [{"seat": 1, "kind": "wind_set"}]}
    assert settle("dalian", with_cyclone)["ok"]

"""The bounds a hand record and a house-rule number must keep, in every variant (no database)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import SettleResult, get_variant, settle
from tablekeeper.rules.options import INT_OPTION_LIMIT

DRAW: dict[str, Any] = {"result": "draw"}


def with_penalty(**penalty: Any) -> dict[str, Any]:
    return {"result": "draw", "penalties": [penalty]}


def codes_and_fields(result: SettleResult) -> set[tuple[str, str | None]]:
    return {(error["code"], error["field"]) for error in result["errors"]}


@pytest.mark.parametrize(
    ("variant", "record", "expected"),
    [
        ("shenyang", with_penalty(kind="revealed_tiles", seat=1, count=51), ("invalid_value", "penalties.0.count")),
        (
            "shenyang",
            with_penalty(kind="revealed_tiles", seat=1, count=10**4000),
            ("invalid_value", "penalties.0.count"),
        ),
        (
            "zhengzhou",
            with_penalty(kind="adjustment", deltas=[10**7 + 1, -(10**7) - 1, 0, 0]),
            ("invalid_value", "penalties.0.deltas"),
        ),
        (
            "dalian",
            with_penalty(kind="adjustment", deltas=[1, -1, 0, 0], note="x" * 201),
            ("invalid_value", "penalties.0.note"),
        ),
        (
            "dalian",
            with_penalty(kind="adjustment", deltas=[1, -1, 0, 0], note="tea\x00"),
            ("invalid_value", "penalties.0.note"),
        ),
        (
            "dalian",
            with_penalty(kind="adjustment", deltas=[1, -1, 0, 0], note="a\nb"),
            ("invalid_value", "penalties.0.note"),
        ),
        (
            "zhengzhou",
            {"result": "draw", "seats": [{"side_bet": 101}, {}, {}, {}]},
            ("invalid_value", "seats.0.side_bet"),
        ),
        (
            "shandong",
            {"result": "win", "wins": [{"seat": 0, "method": "self_draw", "patterns": [], "flowers": 9}]},
            ("invalid_value", "wins.0.flowers"),
        ),
        ("harbin", {"result": "draw", "kongs": [{"seat": 0, "kind": "concealed"}] * 17}, ("invalid_value", "kongs")),
        (
            "harbin",
            {
                "result": "draw",
                "penalties": [with_penalty(kind="adjustment", deltas=[0, 0, 0, 0])["penalties"][0]] * 17,
            },
            ("invalid_value", "penalties"),
        ),
        (
            "dalian",
            {"result": "win", "wins": [{"seat": 0, "method": "self_draw", "patterns": ["edge_wait"] * 65}]},
            ("invalid_value", "wins.0.patterns"),
        ),
        (
            "dalian",
            {"result": "win", "wins": [{"seat": 0, "method": "self_draw", "patterns": [], "tiles": "1m" * 101}]},
            ("invalid_value", "wins.0.tiles"),
        ),
        (
            "shandong",
            {
                "result": "win",
                "wins": [{"seat": s, "method": "discard", "from": 0, "patterns": []} for s in (1, 2, 3, 1, 2)],
            },
            ("invalid_value", "wins"),
        ),
    ],
)
def test_it_refuses_a_record_past_its_bounds_with_a_message(variant, record, expected):
    result = settle(variant, record)
    assert not result["ok"] and expected in codes_and_fields(result)
    assert all(error["message"] for error in result["errors"])


@pytest.mark.parametrize(
    ("variant", "record"),
    [
        ("shenyang", with_penalty(kind="revealed_tiles", seat=1, count=50)),
        ("zhengzhou", with_penalty(kind="adjustment", deltas=[10**7, -(10**7), 0, 0], note="settled")),
        ("dalian", with_penalty(kind="adjustment", deltas=[1, -1, 0, 0], note="茶水钱 " * 40)),
    ],
)
def test_it_scores_a_record_at_its_bounds(variant, record):
    assert settle(variant, record)["ok"]


def test_every_whole_number_house_rule_has_an_upper_bound_the_engine_holds():
    for variant in ("dalian", "shenyang", "harbin", "shandong", "zhengzhou"):
        for spec in get_variant(variant)["options"]:
            if spec["type"] not in ("int", "optional_int"):
                continue
            allowed = spec["allowed"]
            assert isinstance(allowed, dict)
            most = allowed["max"]
            assert most is not None and most <= INT_OPTION_LIMIT, (variant, spec["key"])
            too_many = settle(variant, DRAW, None, {spec["key"]: most + 1})
            assert not too_many["ok"] and f"at most {most}" in too_many["errors"][0]["message"]

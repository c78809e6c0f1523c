"""Win requirements (RULES §1-§5) are named: every `win_requirement` problem says which one it is,
by a stable id listed in `errors.REQUIREMENTS`, with its specifics as params."""

from __future__ import annotations

import pytest

from tablekeeper.rules import errors, settle


def test_an_unlisted_requirement_cannot_be_raised():
    with pytest.raises(ValueError, match="unknown win requirement"):
        errors.unmet("no_such_requirement", "needs something")


@pytest.mark.parametrize(
    ("variant", "tiles", "requirement", "params"),
    [
        ("dalian", "[123m][999p]45678m1z1z+9m", "three_suits", {"missing": "s"}),
        ("harbin", "[123m]456m789m[222m]5m+5m", "two_suits", {"present": "m"}),
        ("shenyang", "123m456p789s222s1m+1m", "opened", {}),
        ("shandong", "[123m][456p][789s][222s]3m+3m", "pair_258", {"pair": "3m"}),
        ("zhengzhou", "[123m]456m789m222p5s+5s", "no_chow_claim", {}),
    ],
)
def test_a_failed_requirement_is_named_with_its_specifics(variant, tiles, requirement, params):
    record = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "tiles": tiles}]}
    result = settle(variant, record)
    failed = [error for error in result["errors"] if error["code"] == errors.WIN_REQUIREMENT]
    assert {"requirement": requirement, "params": params} in [
        {"requirement": error["requirement"], "params": error["params"]} for error in failed
    ]
    assert all(error["requirement"] in errors.REQUIREMENTS for error in failed)

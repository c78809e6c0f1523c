"""The rule book's worked examples (shared/rules/examples.json, copied into each variant's folder as
examples.json) against the engine, for every registered variant."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekeeper.rules import settle, variant_ids

from . import rule_book
from .variant_data import every_example, examples

EXAMPLES = every_example()


@pytest.mark.parametrize("case", EXAMPLES, ids=[f"{case['variant']}:{case['id']}" for case in EXAMPLES])
def test_each_worked_example_of_the_rule_book_settles_as_written(case: dict[str, Any]) -> None:
    result = settle(case["variant"], case["hand"], case.get("state"), case.get("options"))

    assert result["ok"], result["errors"]
    assert result["deltas"] == case["expect"]["deltas"]
    assert result["pot_delta"] == case["expect"].get("pot_delta", 0)
    for key, value in case["expect"].get("state", {}).items():
        assert dict(result["state"])[key] == value, key
    assert result["lines"], "every settled hand explains itself"


@pytest.mark.parametrize("variant", variant_ids())
def test_every_variant_folder_has_worked_examples_of_its_own(variant: str) -> None:
    cases = examples(variant)

    assert cases, f"{variant}'s examples.json holds no case"
    assert {case["variant"] for case in cases} == {variant}
    assert len({case["id"] for case in cases}) == len(cases)
    # Between them they show a self-draw and a discard win where the variant has one.
    methods = {win["method"] for case in cases for win in case["hand"].get("wins", [])}
    assert "self_draw" in methods


def test_each_variant_folders_examples_are_the_rule_books() -> None:
    shared = json.loads(rule_book.text("rules/examples.json"))["cases"]
    copied = [case for case in EXAMPLES if case["variant"] in {c["variant"] for c in shared}]
    assert sorted(copied, key=lambda case: case["id"]) == sorted(shared, key=lambda case: case["id"])

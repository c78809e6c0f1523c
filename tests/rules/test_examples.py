"""The rule book's worked examples (shared/rules/examples.json, copied into the repo) against the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.rules import settle

EXAMPLES = json.loads((Path(__file__).parent / "data" / "examples.json").read_text(encoding="utf-8"))["cases"]
SHARED_COPY = Path(__file__).resolve().parents[3] / "shared" / "rules" / "examples.json"


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_each_worked_example_of_the_rule_book_settles_as_written(case: dict[str, Any]) -> None:
    result = settle(case["variant"], case["hand"], case.get("state"), case.get("options"))

    assert result["ok"], result["errors"]
    assert result["deltas"] == case["expect"]["deltas"]
    assert result["pot_delta"] == case["expect"].get("pot_delta", 0)
    for key, value in case["expect"].get("state", {}).items():
        assert result["state"][key] == value, key
    assert result["lines"], "every settled hand explains itself"


@pytest.mark.skipif(not SHARED_COPY.exists(), reason="shared/ is not beside this checkout")
def test_the_repository_copy_of_the_examples_matches_the_rule_book() -> None:
    assert json.loads(SHARED_COPY.read_text(encoding="utf-8"))["cases"] == EXAMPLES

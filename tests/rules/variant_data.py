"""The data a variant's folder holds for the generic tests, read through the registry.

Every generic test loops over `variant_ids()` and reads what it checks from the variant's own folder
(`expected.json`: pattern ids, fact items, tile set, methods, winners, wilds, rotation;
`examples.json`: worked examples), so a new folder is tested by every one of them, and a folder
missing a file fails with a message naming it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekeeper.rules import variant_ids
from tablekeeper.rules.variants import folder_of

FILES = ("expected.json", "examples.json")


def folder_file(variant: str, name: str) -> Any:
    """The JSON file `name` of `variant`'s folder, or a failure that says which file to write."""
    path = folder_of(variant) / name
    if not path.is_file():
        pytest.fail(f"the variant folder {folder_of(variant)} has no {name}: see tablekeeper/rules/README.md")
    return json.loads(path.read_text(encoding="utf-8"))


def expected(variant: str) -> dict[str, Any]:
    """What the rule book says `variant` is (its folder's expected.json)."""
    data: dict[str, Any] = folder_file(variant, "expected.json")
    return data


def examples(variant: str) -> list[dict[str, Any]]:
    """The worked examples of `variant` (its folder's examples.json)."""
    cases: list[dict[str, Any]] = folder_file(variant, "examples.json")["cases"]
    return cases


def every_example() -> list[dict[str, Any]]:
    """The worked examples of every registered variant whose folder has them (collection must not fail)."""
    cases: list[dict[str, Any]] = []
    for variant in variant_ids():
        path = folder_of(variant) / "examples.json"
        if path.is_file():
            cases += json.loads(path.read_text(encoding="utf-8"))["cases"]
    return cases

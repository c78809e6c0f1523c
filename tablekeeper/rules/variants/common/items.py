"""A variant's fact items (RULES.md §0.7), read from the `fact_items.json` beside its catalogue.

They are a reference table, names in English and Chinese with what each is worth, so they live
as data: one entry per item, in the order a reference page lists them. An entry whose `names` is
`"kong.dragon_set"` (or `"ready.ming"`, `"penalty.false_win"`) is also what the table calls that fact.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib.resources import files

from ...variant import FactItem, PatternSpec


def load_fact_items(package: str | None) -> tuple[FactItem, ...]:
    """The fact items of the variant package `package` (pass the catalogue's `__package__`)."""
    if not package:
        raise ValueError("load_fact_items needs the variant's package")
    entries = json.loads(files(package).joinpath("fact_items.json").read_text(encoding="utf-8"))
    items = tuple(
        FactItem(e["id"], e["name"]["en"], e["name"]["zh"], e["value"], e.get("names"), e.get("value_zh", ""))
        for e in entries
    )
    if len({item.id for item in items}) != len(items):
        raise ValueError(f"{package}/fact_items.json names an item twice")
    return items


def with_chinese_meanings(package: str | None, patterns: tuple[PatternSpec, ...]) -> tuple[PatternSpec, ...]:
    """`patterns` with each one's `meaning` in Chinese from the folder's `pattern_meanings.json`
    (`{"<pattern id>": "…"}`), so a Chinese reference page says what each pattern is."""
    if not package:
        raise ValueError("with_chinese_meanings needs the variant's package")
    source = files(package).joinpath("pattern_meanings.json")
    meanings: dict[str, str] = json.loads(source.read_text(encoding="utf-8")) if source.is_file() else {}
    unknown = set(meanings) - {spec.id for spec in patterns}
    if unknown:
        raise ValueError(f"{package}/pattern_meanings.json names no pattern: {sorted(unknown)}")
    return tuple(replace(spec, meaning_zh=meanings.get(spec.id, spec.meaning_zh)) for spec in patterns)

"""A variant's fact items (RULES.md §0.7), read from the `fact_items.json` beside its catalogue.

They are a reference table, names in English and Chinese with what each is worth, so they live
as data: one entry per item, in the order a reference page lists them. An entry whose `names` is
`"kong.dragon_set"` (or `"ready.ming"`, `"penalty.false_win"`) is also what the table calls that fact.
"""

from __future__ import annotations

import json
from importlib.resources import files

from ...variant import FactItem


def load_fact_items(package: str | None) -> tuple[FactItem, ...]:
    """The fact items of the variant package `package` (pass the catalogue's `__package__`)."""
    if not package:
        raise ValueError("load_fact_items needs the variant's package")
    entries = json.loads(files(package).joinpath("fact_items.json").read_text(encoding="utf-8"))
    items = tuple(FactItem(e["id"], e["name"]["en"], e["name"]["zh"], e["value"], e.get("names")) for e in entries)
    if len({item.id for item in items}) != len(items):
        raise ValueError(f"{package}/fact_items.json names an item twice")
    return items

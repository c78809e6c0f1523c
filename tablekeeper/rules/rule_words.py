"""House rules in a player's words, in English and Chinese (RULES.md §0.6: `get_variant`'s options).

The engine is the authority on its rules, so it also says what each house rule means at the table:
a short label, one or two plain sentences, a label for each value (never a raw code or True/False)
and whether tables commonly change it (the start page shows those first, the rare ones folded away).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .answers import Names, OptionWords

Bilingual = tuple[str, str]  # (English, Chinese)

YES_NO: Mapping[Any, Bilingual] = {True: ("Yes", "是"), False: ("No", "否")}
NO_LIMIT: Bilingual = ("No limit", "不封顶")


@dataclass(frozen=True, slots=True)
class RuleWords:
    label: Bilingual
    meaning: Bilingual
    common: bool = False
    values: Mapping[Any, Bilingual] = field(default_factory=dict)
    empty: Bilingual | None = None  # what an empty optional number means

    def describe(self, kind: str) -> OptionWords:
        values = dict(YES_NO) if kind == "bool" else dict(self.values)
        labels = {value_key(value): _pair(words) for value, words in values.items()}
        if kind == "optional_int":
            labels[value_key(None)] = _pair(self.empty or NO_LIMIT)
        return {
            "label": _pair(self.label),
            "plain": _pair(self.meaning),
            "common": self.common,
            "value_labels": labels,
        }


def rule(
    label: Bilingual,
    meaning: Bilingual,
    *,
    common: bool = False,
    values: Mapping[Any, Bilingual] | None = None,
    empty: Bilingual | None = None,
) -> RuleWords:
    return RuleWords(label, meaning, common, values or {}, empty)


def _pair(words: Bilingual) -> Names:
    return {"en": words[0], "zh": words[1]}


def value_key(value: Any) -> str:
    """Value labels are keyed by the value as JSON writes it ("true", "4", "null", "retain")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)

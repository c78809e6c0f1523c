"""House rules as a player reads them: the engine's words for each rule and value, in the keeper's
language, and what a session's rules change from the variant's defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tablekeeper.rules import OptionInfo, OptionValue, VariantInfo
from tablekeeper.rules.rule_words import value_key

from .reasons.words import local


def value_words(option: OptionInfo, value: object) -> str:
    """A value as the table says it: 是/否, 连庄, a pattern's name, or the number itself."""
    labels = option.get("value_labels") or {}
    if isinstance(value, list | tuple):
        return "、".join(value_words(option, item) for item in value) if value else _("none")
    words = labels.get(value_key(value))
    return local(words) if words else str(value)


def rule_label(option: OptionInfo) -> str:
    return local(option.get("label")) or str(option["key"])


@dataclass(frozen=True)
class RuleChange:
    """A house rule played otherwise than usual, in the keeper's words."""

    label: str
    value: str
    usual: str
    meaning: str

    @property
    def said(self) -> str:
        """The rule and its value: Dealer pays double: Yes; 庄家输双倍：是."""
        return _("%(rule)s: %(value)s") % {"rule": self.label, "value": self.value}


def differences(
    variant_info: VariantInfo, options: Mapping[str, OptionValue], baseline: Mapping[str, OptionValue] | None = None
) -> list[RuleChange]:
    """Each house rule `options` sets to something other than its default (the rest is what the
    variant's name promises), or than `baseline`'s value where it sets one (a city preset's rules:
    what a table changed from the preset it started from)."""
    changed = []
    for option in variant_info["options"]:
        key = option["key"]
        if key in ("base", "starting_points") or (key not in options and key not in (baseline or {})):
            continue
        value = options.get(key, option["default"])
        default = (baseline or {}).get(key, option["default"])
        if option["type"] == "subset":
            same = sorted(subset_items(value)) == sorted(subset_items(default))
        else:
            same = value == default and type(value) is type(default)
        if not same:
            meaning = local(option.get("plain")) or str(option.get("meaning", ""))
            changed.append(
                RuleChange(rule_label(option), value_words(option, value), value_words(option, default), meaning)
            )
    return changed


def subset_items(value: OptionValue) -> list[str]:
    """A subset option's items (none when empty)."""
    return list(value) if isinstance(value, list) else []


def allowed_values(option: OptionInfo) -> list[OptionValue]:
    """The values a bool, choice or subset option allows (a number's bounds are not a list of values)."""
    allowed = option["allowed"]
    return list(allowed) if isinstance(allowed, list) else []


def preset_changes(variant_info: VariantInfo, options: Mapping[str, OptionValue]) -> list[RuleChange]:
    """What a city preset changes from the book, in the keeper's words: its base score when it sets
    one (a session setting, so not among `differences`), then each house rule it sets otherwise."""
    changed = []
    base = next((option for option in variant_info["options"] if option["key"] == "base"), None)
    if base is not None and "base" in options and options["base"] != base["default"]:
        changed.append(
            RuleChange(rule_label(base), value_words(base, options["base"]), value_words(base, base["default"]), "")
        )
    return changed + differences(variant_info, options)

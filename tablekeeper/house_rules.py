"""House rules as a player reads them: the engine's words for each rule and value, in the keeper's
language, and what a session's rules change from the variant's defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from .templatetags.local_words import local


def value_key(value: Any) -> str:
    """How the engine keys its value labels: as JSON writes the value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def value_words(option: Mapping[str, Any], value: Any) -> str:
    """A value as the table says it: 是/否, 连庄, a pattern's name, or the number itself."""
    labels = option.get("value_labels") or {}
    if isinstance(value, list | tuple):
        return "、".join(value_words(option, item) for item in value) if value else _("none")
    words = labels.get(value_key(value))
    return local(words) if words else str(value)


def rule_label(option: Mapping[str, Any]) -> str:
    return local(option.get("label")) or str(option["key"])


def differences(variant_info: Mapping[str, Any], options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each house rule `options` sets to something other than its default: (the rule, its value)."""
    changed = []
    for option in variant_info["options"]:
        key = option["key"]
        if key not in options or key in ("base", "starting_points"):
            continue
        value, default = options[key], option["default"]
        if option["type"] == "subset":
            same = sorted(value or []) == sorted(default or [])
        else:
            same = value == default and type(value) is type(default)
        if not same:
            changed.append((rule_label(option), value_words(option, value)))
    return changed

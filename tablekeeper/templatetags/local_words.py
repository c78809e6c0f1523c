"""Words the engine gives in both languages ({"en": ..., "zh": ...}), said in the keeper's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from ..reasons.words import chinese

register = template.Library()


@register.filter
def local(words: Any) -> str:
    """`{{ info.name|local }}`: the Chinese words when the page is Chinese, else the English ones."""
    if not isinstance(words, Mapping):
        return "" if words is None else str(words)
    return str(words.get("zh" if chinese() else "en") or words.get("en") or "")

"""Words the engine gives in both languages ({"en": ..., "zh": ...}), said in the keeper's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from tablekeeper.reading.reasons.refusals import Refusal
from tablekeeper.reading.reasons.words import chinese

register = template.Library()


@register.filter
def local(words: Any) -> str:
    """`{{ info.name|local }}`: the Chinese words when the page is Chinese, else the English ones."""
    if not isinstance(words, Mapping):
        return "" if words is None else str(words)
    return str(words.get("zh" if chinese() else "en") or words.get("en") or "")


@register.filter
def refusal(error: Any) -> SafeString:
    """`{{ error|refusal }}`: a refusal of the engine's (`reasons.refusals.Refusal`) as the keeper
    reads it, with its English detail a tap away; any other error message, escaped."""
    if isinstance(error, Refusal):
        return error.html()
    return conditional_escape(error)

"""Words the engine gives in both languages ({"en": ..., "zh": ...}), said in the keeper's language: the
template filters over `reading.reasons.words.local` and the refusals."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from tablekeeper.keeping.services.table_fee import yuan as money_text
from tablekeeper.reading.reasons.refusals import Refusal
from tablekeeper.reading.reasons.words import local as local_words

register = template.Library()


@register.filter
def local(words: Any) -> str:
    """`{{ info.name|local }}`: the Chinese words when the page is Chinese, else the English ones."""
    return local_words(words)


@register.filter
def refusal(error: Any) -> SafeString:
    """`{{ error|refusal }}`: a refusal of the engine's (`reasons.refusals.Refusal`) as the keeper
    reads it, with its English detail a tap away; any other error message, escaped."""
    if isinstance(error, Refusal):
        return error.html()
    return conditional_escape(error)


@register.filter
def yuan(amount: Any) -> str:
    """`{{ row.money|yuan }}`: money as a phone's wallet writes it, ¥520, -¥3.5 (never a bare 520.00 that reads
    as points)."""
    return money_text(amount)

"""The words a refusal uses to name a record's facts, so that every message names them the same way.

A player reads these beside the table: they say "P2's exposed kong of 5m, claimed from P1's discard",
never a field name or an internal id.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...records import Kong, Win
from ...variant import PatternSpec

KONG_NAMES = {
    "exposed": "exposed kong (明杠)",
    "added": "added kong (加杠)",
    "concealed": "concealed kong (暗杠)",
    "dragon_set": "dragon set 中发白",
    "wind_set": "wind set 东南西北",
}


def closed_words(seat: int) -> str:
    return f"P{seat} is marked closed (门清)"


def kong_words(kong: Kong) -> str:
    """A kong as the record states it: whose, which kind, of which tile, and from whose discard."""
    of_tile = f" of {kong.tile}" if kong.tile and kong.kind not in ("dragon_set", "wind_set") else ""
    words = f"P{kong.seat}'s {KONG_NAMES[kong.kind]}{of_tile}"
    if kong.kind == "exposed":
        return f"{words}, claimed from P{kong.from_seat}'s discard"
    if kong.kind == "added":
        return f"{words}, added onto a pung claimed from P{kong.from_seat}'s discard"
    return words


def kongs_words(kongs: Iterable[Kong]) -> str:
    listed = [kong_words(kong) for kong in kongs]
    return "; ".join(listed) if listed else "none"


def win_words(win: Win) -> str:
    """How a win was made: "P2 won by self-draw", "P2 won by robbing P1's kong"."""
    if win.method == "rob_kong":
        return f"P{win.seat} won by robbing P{win.from_seat}'s kong"
    if win.method == "discard":
        return f"P{win.seat} won on P{win.from_seat}'s discard"
    return f"P{win.seat} won by self-draw"


def pattern_name(patterns: Iterable[PatternSpec], pattern_id: str) -> str:
    """A pattern's English and Chinese names, "kong bloom (杠上开花)"."""
    for spec in patterns:
        if spec.id == pattern_id:
            return f"{spec.name_en.lower()} ({spec.name_zh})"
    return pattern_id.replace("_", " ")

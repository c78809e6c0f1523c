"""Scoring items that several variants share under one id and one name, declared once.

The item is the same at every table; what it is worth, and how a variant words it, is the
variant's: each passes its own value and meaning.
"""

from __future__ import annotations

from ...variant import SELF_DRAW, PatternSpec


def kong_bloom(
    value: str,
    meaning: str,
    *,
    excludes: frozenset[str] = frozenset(),
    names: tuple[str, str] = ("Kong bloom", "杠上开花"),
    value_zh: str = "",
) -> PatternSpec:
    """Kong bloom: a self-draw on the replacement tile after a kong (every variant but Harbin).

    `names` (English, Chinese) lets a variant keep its table's own word for it, as Zhengzhou's 杠开.
    """
    return PatternSpec(
        "kong_bloom", *names, value, methods=SELF_DRAW, excludes=excludes, meaning=meaning, value_zh=value_zh
    )


def last_tile(value: str, meaning: str) -> PatternSpec:
    """Last tile (海底捞月): a self-draw on one of the last live tiles (Dalian, Shenyang)."""
    return PatternSpec("last_tile", "Last tile", "海底捞月", value, methods=SELF_DRAW, meaning=meaning)


def pure_terminals(
    value: str, meaning: str, *, excludes: frozenset[str] = frozenset(), value_zh: str = ""
) -> PatternSpec:
    """Pure terminals (清幺九): every tile a 1 or a 9 of a suit, which the tiles prove (Dalian, Shandong)."""
    return PatternSpec(
        "pure_terminals",
        "Pure terminals",
        "清幺九",
        value,
        excludes=excludes,
        from_tiles=True,
        meaning=meaning,
        value_zh=value_zh,
    )

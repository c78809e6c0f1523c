"""Zhengzhou tile checks (RULES.md §5.3-5.5): the wild tile (混) and which special items the tiles prove."""

from __future__ import annotations

from ..options import Options
from ..records import HandRecord, Win
from ..tiles import successor, tile_face, tile_index

SPECIAL_ORDER = ("four_wilds", "seven_pairs", "kong_bloom")
_HONOR_CYCLE = {"single7": "single7", "winds4_dragons3": "separate"}


def wild_from_indicator(indicator: str, honor_cycle: str = "single7") -> str:
    """The wild tile (混) for a turned-up indicator: the next tile, honours by the `honor_cycle` option.

    >>> wild_from_indicator("9p"), wild_from_indicator("4z"), wild_from_indicator("4z", "winds4_dragons3")
    ('1p', '7z', '1z')
    """
    cycle = "single7" if _HONOR_CYCLE[honor_cycle] == "single7" else "separate"
    return tile_face(successor(tile_index(indicator), cycle))


def special_items(win: Win, record: HandRecord, options: Options) -> tuple[str, ...]:
    """The ×2 items that count for this win, in catalogue order, each once."""
    return tuple(item for item in SPECIAL_ORDER if win.has(item))

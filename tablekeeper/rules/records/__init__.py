"""The hand record (RULES.md §0.2): parsing and the checks every variant shares.

A record arrives as plain JSON-able data. `parse_record` (`parsing`, with the values and bounds of what a
record may say, reading each field with `reader`) turns it into the frozen dataclasses of `facts` or
rejects it with every problem it finds, each naming the field at fault. What only one variant knows
(its patterns, methods, facts) is checked later, by `Variant.check_record` against the variant's
declaration (the counts it allows: `counts`) and by the variant's hooks.
"""

from __future__ import annotations

from .counts import CountBound, count_problems
from .facts import HandRecord, Kong, Penalty, SeatFacts, Win
from .parsing import (
    KONG_KINDS,
    MAX_ADJUSTMENT,
    MAX_COUNT,
    MAX_COUNTS,
    MAX_KONGS,
    MAX_NOTE_LENGTH,
    MAX_PATTERNS,
    MAX_PENALTIES,
    MAX_PENALTY_COUNT,
    MAX_SIDE_BET,
    MAX_TILES_LENGTH,
    MAX_WINS,
    METHODS,
    PENALTY_KINDS,
    READY_VALUES,
    parse_record,
)

__all__ = [
    "KONG_KINDS",
    "MAX_ADJUSTMENT",
    "MAX_COUNT",
    "MAX_COUNTS",
    "MAX_KONGS",
    "MAX_NOTE_LENGTH",
    "MAX_PATTERNS",
    "MAX_PENALTIES",
    "MAX_PENALTY_COUNT",
    "MAX_SIDE_BET",
    "MAX_TILES_LENGTH",
    "MAX_WINS",
    "METHODS",
    "PENALTY_KINDS",
    "READY_VALUES",
    "CountBound",
    "HandRecord",
    "Kong",
    "Penalty",
    "SeatFacts",
    "Win",
    "count_problems",
    "parse_record",
]

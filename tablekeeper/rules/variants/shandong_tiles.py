"""Shandong tile checks (RULES.md §4.5 and §0.3): which pattern sets the winning tiles allow."""

from __future__ import annotations

from ..options import Options
from ..records import HandRecord, Win


def pattern_readings(win: Win, index: int, record: HandRecord, options: Options) -> list[tuple[str, ...]]:
    """Every pattern set the win may be scored with; the scorer keeps the one that pays most."""
    return [win.patterns]

"""Builders for the Shandong tests: settle with options in a few words, ready declarations, kongs."""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import SettleResult, settle

from .helpers import discard, self_draw, won
from .helpers import kong as any_kong


def sd(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> SettleResult:
    """settle() for Shandong; keyword arguments are house-rule options."""
    return settle("shandong", hand, state, options or None)


def seats_with(**ready: str) -> list[dict[str, Any]]:
    """seats_with(p1="an") → P1 declared An Lou, the others nothing."""
    return [{"ready": ready.get(f"p{i}", "none")} for i in range(4)]


def kong(seat: int, kind: str, frm: int | None = None, tile: str | None = None) -> dict[str, Any]:
    """One entry of a hand's `kongs`, the discarder first: kong(1, "exposed", 3) is P1's kong of P3's discard."""
    return any_kong(seat, kind, tile, frm)


def on_discard(tiles: str, *patterns: str, **facts: Any) -> dict[str, Any]:
    """P1 wins on P3's discard with these tiles."""
    return won(discard(1, 3, *patterns, tiles=tiles), **facts)


def drawn(tiles: str, *patterns: str, **facts: Any) -> dict[str, Any]:
    """P1 self-draws these tiles."""
    return won(self_draw(1, *patterns, tiles=tiles), **facts)


DRAW: dict[str, Any] = {"result": "draw"}

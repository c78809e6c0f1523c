"""Builders for the Shenyang tests: seat facts, kongs, and settle/replay with options as keywords."""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import ReplayResult, SettleResult, replay, settle

from .helpers import discard, errors_of, ok, robbed, self_draw, won

# P1's exposed Red Dragon kong, claimed from P3: a dragon triplet and a kong at once (S-4).
EXPOSED_7Z = {"seat": 1, "kind": "exposed", "tile": "7z", "from": 3}


def shenyang(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> SettleResult:
    """Settle a Shenyang hand that must be accepted (zero-sum once the pot is counted)."""
    return ok(settle("shenyang", hand, state, options or None))


def shenyang_errors(
    hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any
) -> set[tuple[str, str | None]]:
    """Settle a Shenyang hand that must be rejected; its (code, field) pairs."""
    return errors_of(settle("shenyang", hand, state, options or None))


def shenyang_session(hands: list[dict[str, Any]], state: dict[str, Any] | None = None, **options: Any) -> ReplayResult:
    """Replay a whole Shenyang session that must be accepted hand by hand."""
    result = replay("shenyang", hands, options or None, state)
    assert result["ok"], result["results"][-1]["errors"]
    return result


def tiles_self_draw(seat: int, tiles: str, *patterns: str, **facts: Any) -> dict[str, Any]:
    """A self-drawn win proved by its tiles (§0.3 notation)."""
    return won(self_draw(seat, *patterns, tiles=tiles), **facts)


def tiles_win(text: str, method: str = "self_draw", source: int | None = None, *patterns: str) -> dict[str, Any]:
    """P1's win written in tiles, by `method` (on `source`'s discard or robbed kong when not a self-draw)."""
    if method == "self_draw":
        return won(self_draw(1, *patterns, tiles=text))
    assert source is not None
    builder = discard if method == "discard" else robbed
    return won(builder(1, source, *patterns, tiles=text))

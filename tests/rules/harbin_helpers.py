"""Builders for the Harbin tests: seat facts, the two reference hands, settle/replay with options as keywords."""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import ReplayResult, SettleResult, replay, settle

from .helpers import discard, errors_of, ok, robbed, self_draw, won

# Waits on 8s alone, the middle of 789s: a clamp (卡当).
CLAMP_HAND = "[123m][222p] 345s 79s 11m"
# Waits on 6s or 9s: no clamp.
TWO_SIDED = "[123m][222p] 345s 78s 11m"
# Waits on 5s alone, for the pair: a single wait that is no clamp. 中 pung, three suits, 1m and 9p.
PAIR_WAIT = "[777z][123m] 456p 789p 5s"


def ready(*seats: int) -> list[dict[str, Any]]:
    """Seat facts where the given seats have declared ready (听)."""
    return [{"ready": "ready" if seat in seats else "none"} for seat in range(4)]


def closed(*seats: int) -> list[dict[str, Any]]:
    """Seat facts where the given seats have not opened their hand."""
    return [{"opened": seat not in seats} for seat in range(4)]


def harbin(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> SettleResult:
    """Settle a Harbin hand that must be accepted (always zero-sum: Harbin has no pot)."""
    result = ok(settle("harbin", hand, state, options or None))
    assert result["pot_delta"] == 0
    return result


def harbin_errors(
    hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any
) -> set[tuple[str, str | None]]:
    """Settle a Harbin hand that must be rejected; its (code, field) pairs."""
    return errors_of(settle("harbin", hand, state, options or None))


def harbin_session(hands: list[dict[str, Any]], state: dict[str, Any] | None = None, **options: Any) -> ReplayResult:
    """Replay a whole Harbin session that must be accepted hand by hand."""
    result = replay("harbin", hands, options or None, state)
    assert result["ok"], result["results"][-1]["errors"]
    return result


def harbin_problems(hand: dict[str, Any], **options: Any) -> list[tuple[str, str | None, str]]:
    """Settle a hand that must be rejected from P0's deal; its errors with their messages, in order."""
    result = settle("harbin", hand, {"dealer": 0}, options or None)
    errors_of(result)
    assert result["state"]["dealer"] == 0
    return [(error["code"], error["field"], error["message"]) for error in result["errors"]]


def tiles_win(
    text: str, method: str = "self_draw", source: int | None = None, *patterns: str, **facts: Any
) -> dict[str, Any]:
    """P1's win written in tiles, by `method` (on `source`'s discard or robbed kong when not a self-draw)."""
    if method == "self_draw":
        return won(self_draw(1, *patterns, tiles=text), **facts)
    assert source is not None
    builder = discard if method == "discard" else robbed
    return won(builder(1, source, *patterns, tiles=text), **facts)

"""Builders and assertions shared by the rules tests: hand records in a few words, checked results."""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import SettleResult

from .variant_data import examples


def examples_for(variant: str) -> list[dict[str, Any]]:
    """The rule book's worked examples of one variant (its folder's examples.json)."""
    return examples(variant)


def won(*wins: dict[str, Any], **facts: Any) -> dict[str, Any]:
    """A won hand: won(self_draw(1), seats=[...], kongs=[...])."""
    return {"result": "win", "wins": list(wins), **facts}


def self_draw(seat: int, *patterns: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "method": "self_draw", "patterns": list(patterns), **extra}


def discard(seat: int, frm: int, *patterns: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "method": "discard", "from": frm, "patterns": list(patterns), **extra}


def robbed(seat: int, frm: int, *patterns: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "method": "rob_kong", "from": frm, "patterns": list(patterns), **extra}


def closed(*seats: int) -> list[dict[str, Any]]:
    """Seat facts where the given seats stayed closed (门清) and everyone else opened."""
    return [{"opened": seat not in seats} for seat in range(4)]


def kong(seat: int, kind: str, tile: str | None = None, frm: int | None = None) -> dict[str, Any]:
    """A kong or first-turn set; a claimed kong (exposed/added) names the seat it was claimed from."""
    entry: dict[str, Any] = {"seat": seat, "kind": kind}
    if tile is not None:
        entry["tile"] = tile
    if frm is not None:
        entry["from"] = frm
    return entry


def ok(result: SettleResult) -> SettleResult:
    """Assert a settle() result is accepted, zero-sum and explained; return it."""
    assert result["ok"], result["errors"]
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    assert all(type(delta) is int for delta in result["deltas"])
    assert result["lines"]
    return result


def errors_of(result: SettleResult) -> set[tuple[str, str | None]]:
    """Assert a settle() result is rejected and moved nothing; return its (code, field) pairs."""
    assert not result["ok"]
    assert result["deltas"] == [0, 0, 0, 0] and result["pot_delta"] == 0
    return {(error["code"], error["field"]) for error in result["errors"]}

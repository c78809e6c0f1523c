"""Builders for the Dalian Qionghu tests: settle with options in a few words, closed seats, tile hands."""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import SettleResult, settle

from .helpers import won

READY_P1 = [{}, {"ready": "ready"}, {}, {}]
E_WIN = "win_requirement"
NO_CAP = {"cap": None}
JOYOUS_P2 = [{"seat": 2, "kind": "dragon_set"}]

EDGE_HAND = "[123m][999p]456s11z79s+8s"  # 8s into 79s: the middle of a chow
RUSH_HAND = "[234m][456p]345s999s7s+7s"  # 7s completes the pair: a natural winning tile
FIND_HAND = "[234m][456p]345s999s8s+7s"  # 7s only wins as a wild 8s (345s 789s 99s would have no pung)
BIG_KONG_HAND = "[123m][999p](7777z)456s1s+1s"
SHOU_BA_YI = "[111m][999p][999s][111z]9m+9m"


def dl(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> SettleResult:
    """Settle one Dalian hand; keyword arguments are the session's options."""
    return settle("dalian", hand, state, options or None)


def closed(*seats: int, ready: int | None = None) -> list[dict[str, Any]]:
    """Seat facts: the listed seats stayed unopened; `ready` declared ready."""
    return [{"opened": seat not in seats, "ready": "ready" if seat == ready else "none"} for seat in range(4)]


def tiles_win(tiles: str, method: str = "self_draw", *patterns: str, **facts: Any) -> dict[str, Any]:
    """P1 wins with these tiles; a discard or robbed kong comes from P2."""
    win: dict[str, Any] = {"seat": 1, "method": method, "patterns": list(patterns), "tiles": tiles}
    if method != "self_draw":
        win["from"] = 2
    return won(win, **facts)


def ready(seat: int) -> list[dict[str, Any]]:
    """Seat facts: everyone opened, `seat` declared ready."""
    return closed(ready=seat)


def own_kongs(seat: int, *kongs: tuple[str, str | None]) -> list[dict[str, Any]]:
    """Kongs declared by `seat`, as (kind, tile); an exposed or added kong comes from the next seat."""
    listed: list[dict[str, Any]] = []
    for kind, tile in kongs:
        kong: dict[str, Any] = {"seat": seat, "kind": kind}
        if tile is not None:
            kong["tile"] = tile
        if kind in ("exposed", "added"):
            kong["from"] = (seat + 1) % 4
        listed.append(kong)
    return listed

"""Builders for the Zhengzhou tests: settle with options in a few words, side bets, self-draws, tiles."""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import SettleResult, settle


def zz(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> SettleResult:
    """settle() for Zhengzhou; keyword arguments are house-rule options."""
    return settle("zhengzhou", hand, state, options or None)


def tsumo(seat: int, *patterns: str, **facts: Any) -> dict[str, Any]:
    """A hand won by `seat`'s self-draw; `facts` are other record fields (seats, kongs, treasure)."""
    return {"result": "win", "wins": [{"seat": seat, "method": "self_draw", "patterns": list(patterns)}], **facts}


def ron(seat: int, frm: int, *patterns: str, **facts: Any) -> dict[str, Any]:
    """A hand won by `seat` on `frm`'s discard (only legal under the house rule allow_discard_win)."""
    win = {"seat": seat, "method": "discard", "from": frm, "patterns": list(patterns)}
    return {"result": "win", "wins": [win], **facts}


def bets(*side_bets: int) -> list[dict[str, Any]]:
    """The four seats' side bets (下跑), in seat order."""
    return [{"side_bet": bet} for bet in side_bets]


def tiles_win(tiles: str, *patterns: str, treasure: str | None = None, **facts: Any) -> dict[str, Any]:
    """P1 self-draws these tiles; `treasure` is the wild face (混)."""
    return {
        "result": "win",
        "wins": [{"seat": 1, "method": "self_draw", "patterns": list(patterns), "tiles": tiles}],
        "treasure": treasure,
        **facts,
    }
